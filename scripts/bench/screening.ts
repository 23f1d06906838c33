// Screening quality and speed benchmark (issue 6 item 7).
//
//   npm run bench -- screening [--seconds 10] [--concurrency 8] [--serial 2000] [--warmup N] [--sample 1000] [--show 12]
//                              [--quality-only | --speed-only | --independent-only] [--half test|tune|all] [--dump-set] [--list PATH]
//   npm run bench -- screening --matcher-only [list.json ...]
//
// Self-contained. Quality: every list file in ../shared/data/lists is read and checked by the service's own
// loader code (readListFile) and indexed together (each file as its own list, `code@version`); the labelled
// set of scripts/bench/screening-eval.ts is screened with the matcher's defaults (threshold 80, near from
// 50, 25 results) and scored: a positive is found when its labelled (list, ref) is among `matches`, a
// negative is a false positive when `matches` is not empty. Then every name and alias of a sample of
// entries (all of the UN list, `--sample` entries of each OFAC list) is screened exactly as written and
// must find its own entry (`alias_misses`, target 0). Then the independent set of
// scripts/bench/screening-eval-independent.ts: precision, recall and F1 on its test half (`--half tune` for
// the tuning half), by kind and by script (`independent_*`), and 5,000 generated clean customers screened
// for alerts per 1,000 (`clean_alerts_per_1000`). Speed: a fresh database (createTestDatabase), the
// OFAC SDN 2024 list loaded through the real loader (`load_s`: file read + validation + the load
// transaction), this process's index built from the database, then POST /v1/screenings through the route
// handler with a real API key, in-process, cycling through the queries of the evaluation set (more than
// half of them raise a screening alert): after one untimed pass over the set (`--warmup`, the set's size),
// one request at a time for p50/p99 (`--serial` requests), then
// `--concurrency` callers at once for `--seconds` for `per_s`, then the same callers with the set's
// negatives only for half as long (`negatives_only_*`: screenings without an alert). The matcher alone on
// the service's index is timed on the same names. The database is dropped at the end.
//
// Progress, failure samples and tables go to stderr; the last line on stdout is one JSON object
// {"screening":{"precision":..,"recall":..,"f1":..,"p50_ms":..,"p99_ms":..,"per_s":..,"load_s":..,...}}.
// --matcher-only keeps the matcher-only figures per list file (index build, heap, matcher latency), one
// JSON line per file.

import '../project';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTestDatabase } from '../../tests/support/database';
import {
  buildScreeningIndex,
  DEFAULT_THRESHOLD,
  scoreEntry,
  screenName,
  type EntryKind,
  type ListEntry,
  type Match,
  type ScreeningIndex,
  type ScreeningQuery,
} from '@/lib/screening/matcher';
import { CANDIDATES_PER_KIND, CandidateIndex } from '@/lib/screening/matcher/candidates';
import { prepareName } from '@/lib/screening/matcher/prepare';
import { readListFile } from '@/lib/screening/list-file';
import { percentile } from './_load';
import { buildEvaluationSet, listTag, seededRandom, type EvalItem, type EvalList } from './screening-eval';
import {
  buildIndependentSet,
  describeSet,
  latinOnlyEntries,
  scriptOnlyEntries,
  type Half,
  type IndependentItem,
} from './screening-eval-independent';

const LISTS_DIR = fileURLToPath(new URL('../../../shared/data/lists/', import.meta.url));
const SPEED_LIST = join(LISTS_DIR, 'ofac-sdn-2024-05-03.json');

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback;
};
const flag = (name: string): boolean => args.includes(`--${name}`);

const progress = (line: string): void => {
  process.stderr.write(`[bench screening] ${line}\n`);
};

const round = (x: number, digits = 3): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

// ---------------------------------------------------------------------------------------------------
// Quality.

interface QualityResult {
  figures: Record<string, unknown>;
  /** Queries of the evaluation set, reused as the speed workload. */
  workload: Workload;
}

/** The speed workload: every query of the evaluation set, and its negatives alone (mostly clear). */
interface Workload {
  all: ScreeningQuery[];
  negatives: ScreeningQuery[];
}

function workloadOf(items: readonly EvalItem[]): Workload {
  return { all: items.map((i) => i.query), negatives: items.filter((i) => !i.positive).map((i) => i.query) };
}

async function readLists(): Promise<EvalList[]> {
  const files = readdirSync(LISTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const lists: EvalList[] = [];
  for (const f of files) {
    const file = await readListFile(join(LISTS_DIR, f));
    const id = `${file.code}@${file.version}`;
    const entries: ListEntry[] = file.entries.map((e) => ({ ...e, list: id }));
    lists.push({ id, code: file.code, version: file.version, entries });
    progress(`${f}: ${file.entries.length} entries as list ${id}${listTag(file.code, file.version) ? '' : ' (no hand-written labels)'}`);
  }
  return lists;
}

const describe = (m: Match): string => `${m.score} ${m.list}/${m.entry_ref} "${m.matched_name}"`;
const queryText = (q: ScreeningQuery): string =>
  `"${q.name}"${q.kind ? ` ${q.kind}` : ''}${q.birth_year !== undefined ? ` b.${q.birth_year}` : ''}`;

function reasonsOf(m: Match): string {
  return m.reasons.map((r) => `${r.code}(${r.detail})`).join(', ');
}

interface Tally {
  total: number;
  hit: number;
}

function bump(map: Map<string, Tally>, key: string, hit: boolean): void {
  const t = map.get(key) ?? { total: 0, hit: 0 };
  t.total++;
  if (hit) t.hit++;
  map.set(key, t);
}

function runQuality(lists: readonly EvalList[]): QualityResult {
  const show = Number(opt('show', '12'));
  const entries = lists.flatMap((l) => l.entries);
  let started = performance.now();
  const index = buildScreeningIndex(entries);
  const buildS = (performance.now() - started) / 1000;
  progress(`evaluation index of ${index.size} entries built in ${buildS.toFixed(2)} s`);
  const byKey = new Map(entries.map((e) => [`${e.list}/${e.ref}`, e]));

  const set = buildEvaluationSet(lists);
  for (const d of set.droppedNegatives) progress(`dropped hand-written negative ${d}`);
  const items = set.items;
  if (flag('dump-set')) for (const item of items) process.stderr.write(`${JSON.stringify(item)}\n`);
  const positives = items.filter((i) => i.positive);
  const negatives = items.filter((i) => !i.positive);
  const hand = items.filter((i) => i.origin === 'hand').length;
  progress(`evaluation set: ${items.length} items (${positives.length} positive, ${negatives.length} negative; ${hand} hand-written)`);

  let tp = 0;
  let fp = 0;
  let wrongOnly = 0;
  const recallBy = new Map<string, Tally>();
  const fpBy = new Map<string, Tally>();
  const originBy = new Map<string, Tally>();
  const misses: Array<{ item: EvalItem; line: string }> = [];
  const falsePositives: Array<{ item: EvalItem; line: string }> = [];
  const times: number[] = [];
  started = performance.now();
  for (const item of items) {
    const t0 = performance.now();
    const result = screenName(index, item.query);
    times.push(performance.now() - t0);
    if (item.positive && item.expect) {
      const want = item.expect;
      const found = result.matches.some((m) => m.list === want.list && m.entry_ref === want.ref);
      bump(recallBy, item.category, found);
      bump(originBy, `positive_${item.origin}`, found);
      if (found) {
        tp++;
        continue;
      }
      if (result.matches.length > 0) wrongOnly++;
      const entry = byKey.get(`${want.list}/${want.ref}`) as ListEntry;
      const full = scoreEntry(item.query, entry);
      const near = result.near.find((m) => m.list === want.list && m.entry_ref === want.ref);
      const where = near ? `near ${near.score}` : full.score >= DEFAULT_THRESHOLD ? `NOT RETURNED though it scores ${full.score}` : `scores ${full.score}`;
      misses.push({
        item,
        line: `${item.id} [${item.category}] ${queryText(item.query)} -> ${want.ref} "${entry.name}": ${where} via "${full.matched_name}"; ${reasonsOf(full)}${result.matches[0] ? `; top match ${describe(result.matches[0])}` : ''}`,
      });
    } else {
      const hit = result.matches.length > 0;
      bump(fpBy, item.category, hit);
      bump(originBy, `negative_${item.origin}`, hit);
      if (!hit) continue;
      fp++;
      const top = result.matches[0] as Match;
      falsePositives.push({ item, line: `${item.id} [${item.category}] ${queryText(item.query)} -> ${describe(top)}; ${reasonsOf(top)}` });
    }
  }
  const evalS = (performance.now() - started) / 1000;
  const fn = positives.length - tp;
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = positives.length > 0 ? tp / positives.length : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  times.sort((a, b) => a - b);

  progress(`screened ${items.length} names in ${evalS.toFixed(2)} s: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, F1 ${f1.toFixed(3)}`);
  progress('recall by category (found/total):');
  for (const [k, t] of [...recallBy].sort()) progress(`  ${k.padEnd(22)} ${t.hit}/${t.total}`);
  progress('false positives by category (with a match/total):');
  for (const [k, t] of [...fpBy].sort()) progress(`  ${k.padEnd(24)} ${t.hit}/${t.total}`);
  if (misses.length > 0) {
    progress(`missed positives (${misses.length}; up to ${show} per category):`);
    const shown = new Map<string, number>();
    for (const m of misses) {
      const n = shown.get(m.item.category) ?? 0;
      if (n >= show) continue;
      shown.set(m.item.category, n + 1);
      progress(`  ${m.line}`);
    }
  }
  if (falsePositives.length > 0) {
    progress(`false positives (${falsePositives.length}):`);
    for (const f of falsePositives.slice(0, show * 4)) progress(`  ${f.line}`);
  }

  const alias = aliasCheck(index, lists, show);
  const independent = runIndependent(lists, index);

  const ratio = (t: Tally | undefined) => (t && t.total > 0 ? round(t.hit / t.total) : null);
  return {
    workload: workloadOf(items),
    figures: {
      precision: round(precision),
      recall: round(recall),
      f1: round(f1),
      threshold: DEFAULT_THRESHOLD,
      items: items.length,
      positives: positives.length,
      negatives: negatives.length,
      hand_written_items: hand,
      true_positives: tp,
      false_negatives: fn,
      false_positives: fp,
      missed_with_another_match: wrongOnly,
      recall_hand_written: ratio(originBy.get('positive_hand')),
      recall_generated: ratio(originBy.get('positive_generated')),
      recall_by_category: Object.fromEntries([...recallBy].sort().map(([k, t]) => [k, round(t.hit / t.total)])),
      false_positives_by_category: Object.fromEntries([...fpBy].sort().map(([k, t]) => [k, `${t.hit}/${t.total}`])),
      ...alias,
      ...independent,
      eval_lists: lists.map((l) => l.id),
      eval_entries: index.size,
      eval_index_build_s: round(buildS, 2),
      matcher_p50_ms: percentile(times, 50),
      matcher_p99_ms: percentile(times, 99),
    },
  };
}

/**
 * Every name and alias of a sample of entries, screened exactly as written with the entry's kind (and
 * once more without a kind), must find its own entry among `matches`.
 */
function aliasCheck(index: ScreeningIndex, lists: readonly EvalList[], show: number): Record<string, unknown> {
  const perList = Number(opt('sample', '1000'));
  const rnd = seededRandom(7);
  const sample: ListEntry[] = [];
  for (const list of lists) {
    const all = list.code === 'un_consolidated' || list.entries.length <= perList;
    if (all) {
      sample.push(...list.entries);
      continue;
    }
    const chosen = new Set<number>();
    while (chosen.size < perList) chosen.add(Math.floor(rnd() * list.entries.length));
    for (const i of [...chosen].sort((a, b) => a - b)) sample.push(list.entries[i] as ListEntry);
  }
  const started = performance.now();
  let names = 0;
  const misses: string[] = [];
  let missesNoKind = 0;
  const noKindExamples: string[] = [];
  for (const entry of sample) {
    for (const name of [entry.name, ...(entry.aliases ?? [])]) {
      names++;
      const own = (ms: readonly Match[]) => ms.some((m) => m.list === entry.list && m.entry_ref === entry.ref);
      const withKind = screenName(index, { name, kind: entry.kind });
      if (!own(withKind.matches)) {
        const full = scoreEntry({ name, kind: entry.kind }, entry);
        const near = withKind.near.find((m) => m.list === entry.list && m.entry_ref === entry.ref);
        misses.push(
          `${entry.list}/${entry.ref} ${entry.kind} "${name}" (entry "${entry.name}"): ${near ? `near ${near.score}` : `full score ${full.score}`}, ${withKind.matches.length} matches${withKind.matches.length > 0 ? `, lowest ${(withKind.matches[withKind.matches.length - 1] as Match).score}` : ''}; ${reasonsOf(full)}`,
        );
      }
      const withoutKind = screenName(index, { name });
      if (!own(withoutKind.matches)) {
        missesNoKind++;
        if (noKindExamples.length < show) noKindExamples.push(`${entry.list}/${entry.ref} "${name}" (${withoutKind.matches.length} matches)`);
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  progress(`alias check: ${names} names of ${sample.length} entries screened as written in ${seconds.toFixed(1)} s: ${misses.length} miss their own entry (${missesNoKind} without a kind)`);
  for (const m of misses.slice(0, show * 2)) progress(`  alias miss ${m}`);
  for (const m of noKindExamples) progress(`  alias miss without kind ${m}`);
  return {
    alias_entries_checked: sample.length,
    alias_names_checked: names,
    alias_misses: misses.length,
    alias_misses_without_kind: missesNoKind,
  };
}

// ---------------------------------------------------------------------------------------------------
// The independent set (screening-eval-independent.ts): figures on its test half (the tuning half with
// --half tune), by kind and by script, and alerts per 1,000 clean customers.

interface Confusion {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

function confusionFigures(c: Confusion): Record<string, number | null> {
  const precision = c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : null;
  const recall = c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : null;
  const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null;
  return {
    precision: precision === null ? null : round(precision),
    recall: recall === null ? null : round(recall),
    f1: f1 === null ? null : round(f1),
    positives: c.tp + c.fn,
    negatives: c.fp + c.tn,
    false_positives: c.fp,
  };
}

function runIndependent(lists: readonly EvalList[], fullIndex: ScreeningIndex): Record<string, unknown> {
  const show = Number(opt('show', '12'));
  const half = opt('half', 'test') as Half | 'all';
  const entries = lists.flatMap((l) => l.entries);
  const set = buildIndependentSet(lists);
  progress(`independent set: ${JSON.stringify(describeSet(set))}`);
  const indexes = {
    full: fullIndex,
    latin_only: buildScreeningIndex(latinOnlyEntries(entries)),
    script_only: buildScreeningIndex(scriptOnlyEntries(entries)),
  };
  const byKey = new Map(entries.map((e) => [`${e.list}/${e.ref}`, e]));
  const scriptOnlyByKey = new Map(scriptOnlyEntries(entries).map((e) => [`${e.list}/${e.ref}`, e]));
  const latinOnlyByKey = new Map(latinOnlyEntries(entries).map((e) => [`${e.list}/${e.ref}`, e]));
  const total: Confusion = { tp: 0, fn: 0, fp: 0, tn: 0 };
  const byKind = new Map<string, Confusion>();
  const byScript = new Map<string, Confusion>();
  const failures: string[] = [];
  const tally = (map: Map<string, Confusion>, key: string, field: keyof Confusion): void => {
    const c = map.get(key) ?? { tp: 0, fn: 0, fp: 0, tn: 0 };
    c[field]++;
    map.set(key, c);
  };
  const chosen = set.items.filter((i: IndependentItem) => half === 'all' || i.half === half);
  for (const item of chosen) {
    const result = screenName(indexes[item.index], item.query);
    let field: keyof Confusion;
    if (item.positive && item.expect) {
      const want = item.expect;
      field = result.matches.some((m) => m.list === want.list && m.entry_ref === want.ref) ? 'tp' : 'fn';
      if (field === 'fn') {
        const source = item.index === 'script_only' ? scriptOnlyByKey : item.index === 'latin_only' ? latinOnlyByKey : byKey;
        const entry = source.get(`${want.list}/${want.ref}`) as ListEntry;
        const full = scoreEntry(item.query, entry);
        const near = result.near.find((m) => m.list === want.list && m.entry_ref === want.ref);
        failures.push(
          `miss ${item.id} [${item.kind}/${item.script}] ${queryText(item.query)} -> ${want.ref} "${entry.name}" b.${entry.birth_year ?? '-'}: ${near ? `near ${near.score}` : `scores ${full.score}`} via "${full.matched_name}"; ${reasonsOf(full)}`,
        );
      }
    } else {
      field = result.matches.length > 0 ? 'fp' : 'tn';
      if (field === 'fp') {
        const top = result.matches[0] as Match;
        failures.push(`false positive ${item.id} [${item.kind}/${item.script}] ${queryText(item.query)} -> ${describe(top)}; ${reasonsOf(top)}`);
      }
    }
    total[field]++;
    tally(byKind, item.kind, field);
    tally(byScript, item.script, field);
  }
  const figures = confusionFigures(total);
  progress(`independent set (${half} half, ${chosen.length} items): ${JSON.stringify(figures)}`);
  progress('  by kind:');
  for (const [k, c] of [...byKind].sort()) progress(`    ${k.padEnd(22)} ${JSON.stringify(confusionFigures(c))}`);
  progress('  by script:');
  for (const [k, c] of [...byScript].sort()) progress(`    ${k.padEnd(22)} ${JSON.stringify(confusionFigures(c))}`);
  const perKind = new Map<string, number>();
  for (const f of failures) {
    const kind = /\[([^/\]]+)/.exec(f)?.[1] ?? '';
    const n = perKind.get(kind) ?? 0;
    perKind.set(kind, n + 1);
    if (n < show) progress(`  ${f}`);
  }

  let alerts = 0;
  const alertExamples: string[] = [];
  for (const query of set.clean) {
    const result = screenName(fullIndex, query);
    if (result.matches.length === 0) continue;
    alerts++;
    if (alertExamples.length < show) alertExamples.push(`${queryText(query)} -> ${describe(result.matches[0] as Match)}; ${reasonsOf(result.matches[0] as Match)}`);
  }
  const perThousand = round((1000 * alerts) / Math.max(1, set.clean.length), 2);
  progress(`clean customers: ${alerts} alerts on ${set.clean.length} (${perThousand} per 1,000)`);
  for (const a of alertExamples) progress(`  clean alert ${a}`);
  const table = (map: Map<string, Confusion>) => Object.fromEntries([...map].sort().map(([k, c]) => [k, confusionFigures(c)]));
  return {
    independent_half: half,
    independent_items: chosen.length,
    independent_precision: figures.precision,
    independent_recall: figures.recall,
    independent_f1: figures.f1,
    independent_by_kind: table(byKind),
    independent_by_script: table(byScript),
    clean_customers: set.clean.length,
    clean_alerts: alerts,
    clean_alerts_per_1000: perThousand,
  };
}

// ---------------------------------------------------------------------------------------------------
// Speed in the service.

async function runSpeed(workload: Workload): Promise<Record<string, unknown>> {
  const listPath = opt('list', SPEED_LIST);
  const serial = Number(opt('serial', '2000'));
  const seconds = Number(opt('seconds', '10'));
  const concurrency = Number(opt('concurrency', '8'));
  // Steady state: every query of the set once before timing, as a running service has seen them all.
  const warmup = Number(opt('warmup', String(workload.all.length)));

  progress('creating a fresh database');
  const database = await createTestDatabase(progress);
  process.env.SERVICE_DATABASE_URL = database.url;
  process.env.SERVICE_LOG_LEVEL = 'silent';
  process.env.SERVICE_RATE_LIMIT = '0';
  // Imported only now, so every module reads the settings of the fresh database.
  const { closeDb, getDb } = await import('../../db/client');
  const { reloadSettings } = await import('../../lib/config');
  reloadSettings();
  const { createOrganisation } = await import('../../lib/orgs/create-organisation');
  const { createKey } = await import('../../lib/keys/create-key');
  const { systemActor } = await import('../../lib/auth/actor');
  const { loadScreeningList } = await import('../../lib/screening/load-list');
  const { refreshScreeningIndex } = await import('../../lib/screening/list-index');
  const screenings = await import('../../app/v1/screenings/route');

  try {
    const org = await createOrganisation(getDb(), { name: `bench-screening-${Date.now()}` });
    const { secret } = await createKey(getDb(), systemActor(org.id), { name: 'bench' });

    // The list load as `service-admin screening load` does it: read and check the file, one transaction.
    let started = performance.now();
    const file = await readListFile(listPath);
    const checkedS = (performance.now() - started) / 1000;
    await loadScreeningList(getDb(), file);
    const loadS = (performance.now() - started) / 1000;
    progress(`${basename(listPath)}: ${file.entries.length} entries read and checked in ${checkedS.toFixed(2)} s, loaded in ${loadS.toFixed(2)} s in all`);
    started = performance.now();
    const index = await refreshScreeningIndex(getDb());
    const indexS = (performance.now() - started) / 1000;
    progress(`service index of ${index.size} entries read from the database and built in ${indexS.toFixed(2)} s`);

    const send = (body: ScreeningQuery) =>
      screenings.POST(
        new Request('http://localhost/v1/screenings', {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    let queries = workload.all;
    let cursor = 0;
    const nextQuery = (): ScreeningQuery => queries[cursor++ % queries.length] as ScreeningQuery;
    const statuses: Record<string, number> = {};
    let potential = 0;
    let lastStatus = '';
    const call = async (): Promise<number> => {
      const t0 = performance.now();
      const response = await send(nextQuery());
      const body = (await response.json()) as { status?: string };
      const ms = performance.now() - t0;
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      lastStatus = body.status ?? String(response.status);
      if (body.status === 'potential_match') potential++;
      return ms;
    };

    for (let i = 0; i < warmup; i++) await call();
    progress(`warmed up with ${warmup} screenings; ${serial} one at a time`);
    const serialMs: number[] = [];
    const byStatus: Record<string, number[]> = {};
    started = performance.now();
    for (let i = 0; i < serial; i++) {
      const ms = await call();
      serialMs.push(ms);
      (byStatus[lastStatus] ??= []).push(ms);
    }
    const serialS = (performance.now() - started) / 1000;
    serialMs.sort((a, b) => a - b);
    for (const list of Object.values(byStatus)) list.sort((a, b) => a - b);
    progress(
      `serial: p50 ${percentile(serialMs, 50)} ms, p99 ${percentile(serialMs, 99)} ms, ${(serial / serialS).toFixed(0)}/s; ` +
        Object.entries(byStatus)
          .map(([s, l]) => `${s} ${l.length}: p50 ${percentile(l, 50)} ms, p99 ${percentile(l, 99)} ms`)
          .join('; '),
    );
    // The matcher alone on the same names with the service's own index, to tell matching from the rest.
    const matchMs: number[] = [];
    for (let i = 0; i < serial; i++) {
      const q = queries[i % queries.length] as ScreeningQuery;
      const t0 = performance.now();
      index.screen(q, { threshold: DEFAULT_THRESHOLD, floor: 50, maxCandidates: 25 });
      matchMs.push(performance.now() - t0);
    }
    matchMs.sort((a, b) => a - b);
    progress(`matcher alone on the service index: p50 ${percentile(matchMs, 50)} ms, p99 ${percentile(matchMs, 99)} ms`);

    const concurrently = async (label: string, duration: number): Promise<{ ms: number[]; perS: number }> => {
      progress(`${concurrency} callers at once for ${duration} s, ${label}`);
      const ms: number[] = [];
      const deadline = performance.now() + duration * 1000;
      const begun = performance.now();
      const worker = async (): Promise<void> => {
        while (performance.now() < deadline) ms.push(await call());
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const perS = ms.length / ((performance.now() - begun) / 1000);
      ms.sort((a, b) => a - b);
      progress(`  ${ms.length} screenings, ${perS.toFixed(0)}/s, p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms`);
      return { ms, perS };
    };
    const matchesBefore = potential;
    const mixed = await concurrently('the whole evaluation set', seconds);
    const mixedPotential = potential - matchesBefore;
    // Customers are rarely listed: the negatives alone show the cost without an alert per screening.
    queries = workload.negatives;
    const clear = await concurrently('its negatives only', Math.max(1, Math.round(seconds / 2)));
    const concurrentMs = mixed.ms;
    const perS = mixed.perS;
    const errors = Object.entries(statuses)
      .filter(([s]) => s !== '200')
      .reduce((n, [, c]) => n + c, 0);
    if (errors > 0) progress(`WARNING: ${errors} requests did not answer 200: ${JSON.stringify(statuses)}`);

    return {
      p50_ms: percentile(serialMs, 50),
      p95_ms: percentile(serialMs, 95),
      p99_ms: percentile(serialMs, 99),
      per_s: Math.round(perS),
      load_s: round(loadS, 2),
      serial_per_s: Math.round(serial / serialS),
      serial_by_status: Object.fromEntries(
        Object.entries(byStatus).map(([s, l]) => [s, { n: l.length, p50_ms: percentile(l, 50), p99_ms: percentile(l, 99) }]),
      ),
      service_matcher_p50_ms: percentile(matchMs, 50),
      service_matcher_p99_ms: percentile(matchMs, 99),
      concurrency,
      concurrent_p50_ms: percentile(concurrentMs, 50),
      concurrent_p99_ms: percentile(concurrentMs, 99),
      concurrent_screenings: concurrentMs.length,
      concurrent_potential_match_share: round(mixedPotential / Math.max(1, concurrentMs.length), 2),
      negatives_only_per_s: Math.round(clear.perS),
      negatives_only_p50_ms: percentile(clear.ms, 50),
      negatives_only_p99_ms: percentile(clear.ms, 99),
      speed_statuses: statuses,
      speed_potential_matches: potential,
      speed_list: `${file.code}@${file.version}`,
      speed_entries: file.entries.length,
      list_check_s: round(checkedS, 2),
      index_build_s: round(indexS, 2),
    };
  } finally {
    await closeDb();
    // pool.end() resolves before the server has closed every backend; dropping at once can make the
    // server's "terminating connection" reach a closing client as a pool error on stderr.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await database.drop();
    progress('database dropped');
  }
}

// ---------------------------------------------------------------------------------------------------
// Matcher-only figures per list file (--matcher-only).

const DERIVED_QUERIES = 240;
const RANDOM_QUERIES = 120;
const WARMUP_QUERIES = 60;

/** A full garbage collection, so heap growth measures what the index keeps, not build garbage. */
function collectGarbage(): void {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // Without a collector the figure includes garbage; still a useful upper bound.
  }
}

interface BenchQuery {
  query: ScreeningQuery;
  /** The entry the query was derived from; absent for made-up names. */
  source?: string;
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)] as T;
}

function simpleTypo(rnd: () => number, word: string): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  switch (Math.floor(rnd() * 3)) {
    case 0:
      return word.slice(0, i) + pick(rnd, [...'aeioulnrst']) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    default:
      return word.slice(0, i - 1) + word.charAt(i) + word.charAt(i - 1) + word.slice(i + 1);
  }
}

/** A real name as a customer file might hold it: given names first, a typo, or a word dropped. */
function derive(rnd: () => number, entry: ListEntry): string {
  const comma = entry.name.indexOf(',');
  const speechOrder = comma < 0 ? entry.name : `${entry.name.slice(comma + 1)} ${entry.name.slice(0, comma)}`;
  const words = speechOrder.split(/\s+/).filter((w) => w.length > 0);
  const roll = rnd();
  if (roll < 0.45) {
    const longest = words.reduce((best, w, i) => (w.length > (words[best] ?? '').length ? i : best), 0);
    words[longest] = simpleTypo(rnd, words[longest] ?? '');
  } else if (roll < 0.6 && words.length >= 3) {
    words.splice(1 + Math.floor(rnd() * (words.length - 2)), 1);
  } else if (roll < 0.8) {
    words.reverse();
  }
  return words.join(' ');
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ven', 'tor', 'shu', 'bre', 'xa', 'pol', 'dri', 'ny', 'qua', 'zel', 'fo', 'gri', 'hem'];

function madeUpName(rnd: () => number): string {
  const word = () => {
    const n = 2 + Math.floor(rnd() * 2);
    let w = '';
    for (let i = 0; i < n; i++) w += pick(rnd, SYLLABLES);
    return w.charAt(0).toUpperCase() + w.slice(1);
  };
  return `${word()} ${word()}`;
}

function matcherQueries(entries: readonly ListEntry[], rnd: () => number): BenchQuery[] {
  const out: BenchQuery[] = [];
  for (let i = 0; i < DERIVED_QUERIES; i++) {
    const entry = pick(rnd, entries);
    const query: ScreeningQuery = { name: derive(rnd, entry) };
    if (rnd() < 0.7) query.kind = entry.kind;
    if (entry.birth_year !== undefined && rnd() < 0.3) query.birth_year = entry.birth_year;
    out.push({ query, source: `${entry.list}/${entry.ref}` });
  }
  for (let i = 0; i < RANDOM_QUERIES; i++) {
    const query: ScreeningQuery = { name: madeUpName(rnd) };
    if (rnd() < 0.7) query.kind = rnd() < 0.5 ? 'person' : 'business';
    out.push({ query });
  }
  return out;
}

function candidatesScored(index: CandidateIndex, query: ScreeningQuery): number {
  const kinds: readonly EntryKind[] = query.kind ? [query.kind] : ['person', 'business'];
  let n = 0;
  for (const kind of kinds) {
    const name = prepareName(query.name, kind);
    if (name.wordCount > 0) n += index.candidates(name, kind, CANDIDATES_PER_KIND).length;
  }
  return n;
}

function matcherBench(path: string): Record<string, unknown> {
  const file = JSON.parse(readFileSync(path, 'utf8')) as { code: string; entries: Array<Omit<ListEntry, 'list'>> };
  const entries: ListEntry[] = file.entries.map((e) => ({ ...e, list: file.code }));
  progress(`${basename(path)}: ${entries.length} entries, building index`);

  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const index = buildScreeningIndex(entries);
  const buildMs = performance.now() - started;
  collectGarbage();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  progress(`  built in ${buildMs.toFixed(0)} ms, heap +${heapMb.toFixed(0)} MB`);

  const rnd = seededRandom(20240503);
  const work = matcherQueries(entries, rnd);
  for (const q of work.slice(0, WARMUP_QUERIES)) screenName(index, q.query);
  const times: number[] = [];
  let found = 0;
  let foundAny = 0;
  let derived = 0;
  let randomWithMatch = 0;
  for (const q of work) {
    const t = performance.now();
    const result = screenName(index, q.query);
    times.push(performance.now() - t);
    const refs = (ms: readonly Match[]) => ms.map((m) => `${m.list}/${m.entry_ref}`);
    if (q.source) {
      derived++;
      if (refs(result.matches).includes(q.source)) found++;
      if (refs([...result.matches, ...result.near]).includes(q.source)) foundAny++;
    } else if (result.matches.length > 0) {
      randomWithMatch++;
    }
  }
  let scored = 0;
  if (index instanceof CandidateIndex) for (const q of work) scored += candidatesScored(index, q.query);
  times.sort((a, b) => a - b);
  return {
    list: basename(path),
    entries: index.size,
    build_ms: Math.round(buildMs),
    heap_mb: Math.round(heapMb),
    queries: work.length,
    p50_ms: percentile(times, 50),
    p95_ms: percentile(times, 95),
    p99_ms: percentile(times, 99),
    max_ms: round(times[times.length - 1] ?? 0),
    candidates_scored_avg: round(scored / work.length, 1),
    derived_found_as_match: round(found / Math.max(derived, 1)),
    derived_found_at_all: round(foundAny / Math.max(derived, 1)),
    made_up_with_a_match: randomWithMatch,
  };
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (flag('matcher-only')) {
    const files = args.filter((a) => !a.startsWith('--'));
    const paths =
      files.length > 0
        ? files
        : readdirSync(LISTS_DIR)
            .filter((f) => f.endsWith('.json'))
            .sort()
            .map((f) => join(LISTS_DIR, f));
    for (const path of paths) process.stdout.write(`${JSON.stringify(matcherBench(path))}\n`);
    return;
  }
  const started = performance.now();
  const lists = await readLists();
  if (flag('independent-only')) {
    const index = buildScreeningIndex(lists.flatMap((l) => l.entries));
    process.stdout.write(`${JSON.stringify({ screening: runIndependent(lists, index) })}\n`);
    return;
  }
  if (flag('speed-only')) {
    const workload = workloadOf(buildEvaluationSet(lists).items);
    process.stdout.write(`${JSON.stringify({ screening: await runSpeed(workload) })}\n`);
    return;
  }
  const quality = runQuality(lists);
  const speed = flag('quality-only') ? {} : await runSpeed(quality.workload);
  const { precision, recall, f1, ...rest } = quality.figures;
  const result = {
    screening: {
      precision,
      recall,
      f1,
      ...(flag('quality-only') ? {} : { p50_ms: speed.p50_ms, p99_ms: speed.p99_ms, per_s: speed.per_s, load_s: speed.load_s }),
      ...rest,
      ...speed,
      run_s: round((performance.now() - started) / 1000, 1),
    },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench screening] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
