// Benchmark of the sanctions name matcher.
//
//   npx tsx scripts/bench/screening.ts [list.json ...]
//
// For each list file (default: every file in ../shared/data/lists) it builds the screening index,
// reports build time and heap growth, then screens a few hundred names: real entry names with a typo,
// reordered or shortened, and made-up names that should match nothing. Progress goes to stderr; one
// JSON line per list file goes to stdout: build time and heap growth of the index, wall-clock
// p50/p95/p99 per screening (measure on a quiet machine), entries scored per screening on average,
// and how often the entry a name was derived from came back as a match or at all.

import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildScreeningIndex, screenName, type EntryKind, type ListEntry, type ScreeningQuery } from '@/lib/screening/matcher';
import { CANDIDATES_PER_KIND, CandidateIndex } from '@/lib/screening/matcher/candidates';
import { prepareName } from '@/lib/screening/matcher/prepare';

const LISTS_DIR = fileURLToPath(new URL('../../../shared/data/lists/', import.meta.url));
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

interface ListFile {
  code: string;
  entries: Array<Omit<ListEntry, 'list'>>;
}

interface BenchQuery {
  query: ScreeningQuery;
  /** The entry the query was derived from; absent for made-up names. */
  source?: string;
}

// Small deterministic generator (mulberry32), so every run screens the same names.
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)] as T;
}

function typo(rnd: () => number, word: string): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  switch (Math.floor(rnd() * 3)) {
    case 0: // substitution
      return word.slice(0, i) + pick(rnd, [...'aeioulnrst']) + word.slice(i + 1);
    case 1: // deletion
      return word.slice(0, i) + word.slice(i + 1);
    default: // neighbour swap
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
    words[longest] = typo(rnd, words[longest] ?? '');
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

function queries(entries: readonly ListEntry[], rnd: () => number): BenchQuery[] {
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

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
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

function benchFile(path: string): Record<string, unknown> {
  const file = JSON.parse(readFileSync(path, 'utf8')) as ListFile;
  const entries: ListEntry[] = file.entries.map((e) => ({ ...e, list: file.code }));
  process.stderr.write(`${basename(path)}: ${entries.length} entries, building index\n`);

  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const index = buildScreeningIndex(entries);
  const buildMs = performance.now() - started;
  collectGarbage();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  process.stderr.write(`  built in ${buildMs.toFixed(0)} ms, heap +${heapMb.toFixed(0)} MB\n`);

  const rnd = random(20240503);
  const work = queries(entries, rnd);
  for (const q of work.slice(0, WARMUP_QUERIES)) screenName(index, q.query);
  process.stderr.write(`  screening ${work.length} names\n`);

  const times: number[] = [];
  let found = 0;
  let foundAny = 0;
  let derived = 0;
  let randomWithMatch = 0;
  for (const q of work) {
    const t = performance.now();
    const result = screenName(index, q.query);
    times.push(performance.now() - t);
    const refs = (ms: typeof result.matches) => ms.map((m) => `${m.list}/${m.entry_ref}`);
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
  process.stderr.write(`  done\n`);
  return {
    list: basename(path),
    entries: index.size,
    build_ms: Math.round(buildMs),
    heap_mb: Math.round(heapMb),
    queries: work.length,
    p50_ms: round(percentile(times, 0.5)),
    p95_ms: round(percentile(times, 0.95)),
    p99_ms: round(percentile(times, 0.99)),
    max_ms: round(times[times.length - 1] ?? 0),
    candidates_scored_avg: round(scored / work.length, 1),
    derived_found_as_match: round(found / Math.max(derived, 1)),
    derived_found_at_all: round(foundAny / Math.max(derived, 1)),
    made_up_with_a_match: randomWithMatch,
  };
}

const files = process.argv.slice(2);
const paths =
  files.length > 0
    ? files
    : readdirSync(LISTS_DIR)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => join(LISTS_DIR, f));
for (const path of paths) process.stdout.write(`${JSON.stringify(benchFile(path))}\n`);
