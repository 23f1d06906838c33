/**
 * Backtest benchmark: `npm run bench -- backtest [--events N] [--runs R] [--expr CEL]`.
 *
 * On a fresh database (a new one on SERVICE_DATABASE_URL's server, else on the PostgreSQL at
 * 127.0.0.1:5432, else an embedded one; dropped at the end) it stores N events (default 100,000) with
 * varied counters, drafts a rule over an active baseline of the same key, and backtests the draft over
 * all of them R times (default 3) through the domain function (reading, evaluating both versions,
 * comparing, recording the run). `--expr` replaces the draft's expression (for instance one that reads a
 * counter map as a whole, `size(features) > 0 && ...`, which makes every event's whole maps be fetched).
 * Progress goes to stderr; one JSON line to stdout with the best run:
 * `{"backtest":{"events":..,"seconds":..,"events_per_s":..}}`.
 */
import '../project';
import { sql } from 'drizzle-orm';
import { closeDb, getDb } from '../../db/client';
import { systemActor, type Actor } from '../../lib/auth/actor';
import { reloadSettings } from '../../lib/config';
import { createOrganisation } from '../../lib/orgs/create-organisation';
import { activateRule } from '../../lib/rules/activate-rule';
import { backtestRule, MAX_EVENTS } from '../../lib/rules/backtest-rule';
import { createRuleDraft } from '../../lib/rules/create-rule-draft';
import { createTestDatabase } from '../../tests/support/database';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const EVENTS = Math.min(MAX_EVENTS, Number(opt('events', String(MAX_EVENTS))));
const RUNS = Number(opt('runs', '3'));
const DRAFT_EXPR = opt(
  'expr',
  'amount > 0.0 && features.in_value_24h >= 2000 && features.out_value_24h * 10 >= features.in_value_24h * 8',
);
const progress = (line: string) => process.stderr.write(`[bench backtest] ${line}\n`);

async function main(): Promise<void> {
  const database = await createTestDatabase(progress);
  try {
    process.env.SERVICE_DATABASE_URL = database.url;
    process.env.SERVICE_LOG_LEVEL ??= 'silent';
    reloadSettings();
    const db = getDb();
    const org = await createOrganisation(db, { name: `bench-${Date.now()}` });
    const author: Actor = { orgId: org.id, actorId: 'bench-author', actorKind: 'system' };
    const approver = systemActor(org.id, 'bench-approver');

    const until = new Date();
    const since = new Date(until.getTime() - 30 * 86_400_000);
    progress(`storing ${EVENTS} events over 30 days`);
    await db.execute(sql`
      INSERT INTO events (org_id, idempotency_key, type, occurred_at, amount, currency, rail, source_id, destination_id,
                          payload, mode, features, dest_features, submitted_by)
      SELECT ${org.id}::uuid, 'bench-' || i, CASE WHEN i % 7 = 0 THEN 'cash_out' ELSE 'transfer' END,
             ${since.toISOString()}::timestamptz + (i::double precision / ${EVENTS}) * interval '30 days',
             (i * 37) % 12000, 'EUR', CASE WHEN i % 5 = 0 THEN 'cash' ELSE 'bank_transfer' END,
             'src-' || (i % 5000), 'dst-' || (i % 3000), '{}'::json, 'async',
             jsonb_build_object('txn_count_24h', i % 30, 'near_threshold_count_24h', i % 6, 'in_count_24h', i % 9,
               'in_value_24h', (i * 13) % 9000, 'in_senders_24h', i % 11, 'in_senders_1h', i % 4, 'out_count_24h', i % 8,
               'out_value_24h', (i * 17) % 9000, 'out_receivers_24h', i % 12, 'dormant_days', i % 400, 'seen_before', i % 2),
             jsonb_build_object('txn_count_24h', 0, 'near_threshold_count_24h', 0, 'in_count_24h', i % 9,
               'in_value_24h', (i * 19) % 9000, 'in_senders_24h', i % 30, 'in_senders_1h', i % 12, 'out_count_24h', i % 8,
               'out_value_24h', (i * 23) % 9000, 'out_receivers_24h', i % 12, 'dormant_days', i % 200, 'seen_before', 1),
             'bench'
      FROM generate_series(1, ${EVENTS}::int) AS i`);
    await db.execute(sql`ANALYZE events`);

    const baseline = await createRuleDraft(db, author, {
      key: 'pass_through',
      expr: 'amount > 0.0 && features.in_value_24h >= 3000 && features.out_value_24h * 10 >= features.in_value_24h * 9',
      weight: 45,
      detail: 'baseline',
    });
    await activateRule(db, approver, baseline.id);
    const draft = await createRuleDraft(db, author, {
      key: 'pass_through',
      expr: DRAFT_EXPR,
      weight: 45,
      detail: 'candidate',
    });

    let best = Infinity;
    let evaluated = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const result = await backtestRule(db, author, draft.id, { since, until, maxEvents: MAX_EVENTS });
      const seconds = (performance.now() - started) / 1000;
      evaluated = result.events_evaluated;
      progress(
        `run ${run + 1}: ${result.events_evaluated} events in ${seconds.toFixed(3)} s (would_flag ${result.would_flag}, newly ${result.newly_flagged}, no longer ${result.no_longer_flagged})`,
      );
      best = Math.min(best, seconds);
    }
    process.stdout.write(
      `${JSON.stringify({ backtest: { events: evaluated, seconds: Math.round(best * 1000) / 1000, events_per_s: Math.round(evaluated / best) } })}\n`,
    );
  } finally {
    await closeDb();
    await database.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench backtest] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
