// The misses of the independent set's tuning half, explained: for each positive the matcher does not put
// among the matches, whether its entry was a candidate at all (and at which rank), the score of its best
// name and the reasons; for each negative that alerts, the alert. Only the tuning half can be shown, so
// that changes are chosen on it and the test half stays a measurement.
//
//   npx tsx scripts/bench/screening-misses.ts [--kind script_original,script_to_latin] [--script arabic] [--id ITEM]
//                                             [--query "name" --ref REF [--index full|latin_only|script_only]]

import '../project';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildScreeningIndex, scoreEntry, screenName, type ListEntry, type Match, type ScreeningQuery } from '@/lib/screening/matcher';
import { CANDIDATES_PER_KIND, CandidateIndex } from '@/lib/screening/matcher/candidates';
import { prepareName } from '@/lib/screening/matcher/prepare';
import { readListFile } from '@/lib/screening/list-file';
import type { EvalList } from './screening-eval';
import { buildIndependentSet, latinOnlyEntries, scriptOnlyEntries, type IndependentItem } from './screening-eval-independent';

const LISTS_DIR = fileURLToPath(new URL('../../../shared/data/lists/', import.meta.url));
const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const many = (name: string): Set<string> | null => {
  const v = opt(name);
  return v ? new Set(v.split(',')) : null;
};

async function readLists(): Promise<EvalList[]> {
  const lists: EvalList[] = [];
  for (const f of readdirSync(LISTS_DIR).filter((x) => x.endsWith('.json')).sort()) {
    const file = await readListFile(join(LISTS_DIR, f));
    const id = `${file.code}@${file.version}`;
    lists.push({ id, code: file.code, version: file.version, entries: file.entries.map((e) => ({ ...e, list: id })) });
  }
  return lists;
}

const reasonsOf = (m: Match): string => m.reasons.map((r) => `${r.code}(${r.detail})`).join(', ');

async function main(): Promise<void> {
  const lists = await readLists();
  const entries = lists.flatMap((l) => l.entries);
  const variants: Record<IndependentItem['index'], ListEntry[]> = {
    full: entries,
    latin_only: latinOnlyEntries(entries),
    script_only: scriptOnlyEntries(entries),
  };
  const indexes = new Map<string, CandidateIndex>();
  const indexOf = (kind: IndependentItem['index']): CandidateIndex => {
    let index = indexes.get(kind);
    if (!index) indexes.set(kind, (index = buildScreeningIndex(variants[kind]) as CandidateIndex));
    return index;
  };

  const explain = (query: ScreeningQuery, kind: IndependentItem['index'], list: string | undefined, ref: string): string => {
    const index = indexOf(kind);
    const at = index.entries.findIndex((e) => e.ref === ref && (list === undefined || e.list === list));
    if (at < 0) return `  no entry ${ref}`;
    const entry = index.entries[at] as ListEntry;
    const candidates = index.candidates(prepareName(query.name, entry.kind), entry.kind, CANDIDATES_PER_KIND);
    const rank = candidates.findIndex((c) => c.entry === at);
    const full = scoreEntry(query, entry);
    return `  entry "${entry.name}" b.${entry.birth_year ?? '-'}: ${rank < 0 ? 'NOT a candidate' : `candidate #${rank + 1}`}; scores ${full.score} via "${full.matched_name}": ${reasonsOf(full)}`;
  };

  const query = opt('query');
  if (query !== undefined) {
    const ref = opt('ref') ?? '';
    const kind = (opt('index') ?? 'full') as IndependentItem['index'];
    const entry = variants[kind].find((e) => e.ref === ref);
    const q: ScreeningQuery = { name: query, kind: entry?.kind ?? 'person' };
    process.stdout.write(`${JSON.stringify(q)}\n${explain(q, kind, entry?.list, ref)}\n`);
    return;
  }

  const kinds = many('kind');
  const scripts = many('script');
  const id = opt('id');
  const items = buildIndependentSet(lists).items.filter(
    (i) => i.half === 'tune' && (!kinds || kinds.has(i.kind)) && (!scripts || scripts.has(i.script)) && (!id || i.id === id),
  );
  let misses = 0;
  let falsePositives = 0;
  for (const item of items) {
    const result = screenName(indexOf(item.index), item.query);
    if (item.positive && item.expect) {
      const want = item.expect;
      if (result.matches.some((m) => m.list === want.list && m.entry_ref === want.ref)) continue;
      misses++;
      process.stdout.write(`miss ${item.id} [${item.kind}/${item.script}] "${item.query.name}"${item.query.birth_year ? ` b.${item.query.birth_year}` : ''}\n`);
      process.stdout.write(`${explain(item.query, item.index, want.list, want.ref)}\n`);
    } else if (!item.positive && result.matches.length > 0) {
      falsePositives++;
      const top = result.matches[0] as Match;
      process.stdout.write(`false positive ${item.id} [${item.kind}/${item.script}] "${item.query.name}" -> ${top.score} ${top.entry_ref} "${top.matched_name}": ${reasonsOf(top)}\n`);
    }
  }
  process.stdout.write(`${items.length} items of the tuning half: ${misses} misses, ${falsePositives} false positives\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
