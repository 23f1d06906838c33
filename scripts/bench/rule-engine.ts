/**
 * Micro-benchmark of the pure rule engine: the full built-in pack evaluated on varied events, plus the
 * decision, then the same with two `matches()` rules added. Prints one JSON line; microseconds per event
 * (evaluateRules + decide, not counter queries).
 *
 *   npx tsx scripts/bench/rule-engine.ts [iterations]
 */
import { compiledBuiltinPack } from '../../lib/scoring/builtin-pack';
import { decide, emptyCounters, evaluateRules, type Counters, type ScoringInput } from '../../lib/scoring/engine';
import { compileRuleVersion, type CompiledRuleVersion } from '../../lib/scoring/engine/compile';

const iterations = Number(process.argv[2] ?? 100_000);
const warmup = 20_000;

// Deterministic pseudo-random numbers so runs are comparable.
let seed = 42;
function rand(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const int = (max: number) => Math.floor(rand() * (max + 1));

function randomCounters(): Counters {
  const c = emptyCounters();
  c.txn_count_24h = int(rand() < 0.1 ? 40 : 6);
  c.near_threshold_count_24h = rand() < 0.05 ? int(7) : 0;
  c.in_count_24h = int(8);
  c.in_value_24h = int(rand() < 0.2 ? 50_000 : 2_000);
  c.in_senders_24h = int(rand() < 0.05 ? 40 : 5);
  c.in_senders_1h = int(rand() < 0.05 ? 15 : 2);
  c.out_count_24h = int(8);
  c.out_value_24h = int(rand() < 0.2 ? 50_000 : 2_000);
  c.out_receivers_24h = int(rand() < 0.05 ? 20 : 4);
  c.dormant_days = rand() < 0.05 ? 180 + int(400) : int(30);
  c.seen_before = rand() < 0.1 ? 0 : 1;
  return c;
}

const TYPES = ['transfer', 'transfer', 'card_authorization', 'cash_out', 'cash_in', 'login'] as const;
const RAILS = ['sepa', 'swift', 'card', 'cash', 'atm', ''] as const;

function randomEvent(i: number): ScoringInput {
  const type = pick(TYPES);
  const money = type !== 'login';
  return {
    type,
    amount: money ? Math.round(rand() * (rand() < 0.1 ? 20_000 : 3_000) * 100) / 100 : 0,
    currency: money ? pick(['EUR', 'USD', 'GBP']) : '',
    rail: money ? pick(RAILS) : '',
    source_id: `cust-${i % 5_000}`,
    destination_id: money && type !== 'cash_out' ? `cust-${(i * 7) % 5_000}` : '',
    features: randomCounters(),
    dest_features: randomCounters(),
  };
}

const pack = compiledBuiltinPack();
// The same pack plus two rules that use `matches()`, as a rule author writes them (regular expressions on
// ids and rails), to measure the regular-expression engine.
const regexRules = [
  compileRuleVersion({ key: 'id_pattern', version: 1, weight: 10, detail: 'bench', subject: 'source', expr: "source_id.matches('^cust-[0-9]*7$')" }),
  compileRuleVersion({ key: 'rail_pattern', version: 1, weight: 10, detail: 'bench', subject: 'source', expr: "rail.matches('^(sepa|swift)$') && amount > 1000.0" }),
];
// A pool of inputs built up front, so the timed loop measures the engine, not the generator.
const pool = Array.from({ length: 10_000 }, (_, i) => randomEvent(i));

function measure(name: string, rules: readonly CompiledRuleVersion[]) {
  let sink = 0;
  for (let i = 0; i < warmup; i++) {
    const r = evaluateRules(rules, pool[i % pool.length]!);
    sink += decide(r.fired).risk_score;
  }
  const samples = new Float64Array(iterations);
  let fired = 0;
  let errors = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    const event = pool[i % pool.length]!;
    const t0 = process.hrtime.bigint();
    const r = evaluateRules(rules, event);
    const d = decide(r.fired);
    samples[i] = Number(process.hrtime.bigint() - t0) / 1_000;
    sink += d.risk_score;
    fired += r.fired.length;
    errors += r.errors.length;
  }
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
  samples.sort();
  const q = (p: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]! * 100) / 100;
  return {
    [`${name}_rules`]: rules.length,
    [`${name}_p50_us`]: q(0.5),
    [`${name}_p90_us`]: q(0.9),
    [`${name}_p99_us`]: q(0.99),
    [`${name}_events_per_s`]: Math.round(iterations / (totalMs / 1000)),
    [`${name}_fired_per_event`]: Math.round((fired / iterations) * 1000) / 1000,
    [`${name}_errors`]: errors,
    [`${name}_checksum`]: sink,
  };
}

const packFigures = measure('pack', pack);
const regexFigures = measure('with_regex', [...pack, ...regexRules]);
console.log(JSON.stringify({ bench: 'rule-engine', events: iterations, ...packFigures, ...regexFigures }));
