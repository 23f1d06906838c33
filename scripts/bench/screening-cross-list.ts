// The cross-list check: the same people and businesses as two lists write them. A tuning aid beside the
// independent set's tuning half and the probes (issue 17), not part of the benchmark: its misses were looked
// at while the matcher was changed, so it is no measurement of unseen data.
//
//   npx tsx scripts/bench/screening-cross-list.ts [--kind person|business] [--misses] [--from SCORE] [--reverse]
//
// Provenance: every pair comes from ../shared/data/lists. Each entry of the UN consolidated list (2026) is
// linked to the one entry of OFAC SDN (2024) of its kind that shares at least two name words with it, read by
// a key written for this check and not used by the matcher (folded to ASCII, lower case, without vowels, h, w
// and y, a doubled letter once; words of four letters or more, not al, bin, abu, abd or the commonest given
// names, nor, for businesses, words many business names share), has the same birth year (persons: both lists must give one) and shares a country when both give
// one; a UN entry with no such OFAC entry, or more than one, is left out. Each Latin-script name and alias of
// a linked UN entry is then screened, with the entry's kind, birth year and first country, against an index
// of OFAC SDN 2024 alone; it is found when the linked OFAC entry is among the matches (score >= 80). Many UN
// aliases are names OFAC does not list at all (nicknames, noms de guerre, other names): those stay unfound
// by design, so the figure to watch is how it moves, and the misses scoring near the threshold. With --reverse the
// OFAC entries' names are screened against the UN list alone, linked the same way.

import '../project';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import anyAscii from 'any-ascii';
import { buildScreeningIndex, scoreEntry, screenName, type EntryKind, type ListEntry } from '@/lib/screening/matcher';
import { readListFile } from '@/lib/screening/list-file';

const LISTS_DIR = fileURLToPath(new URL('../../../shared/data/lists/', import.meta.url));
const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const LATIN_ONLY = /^[\p{Script=Latin}\P{L}]+$/u;
const COMMON_WORDS = new Set(['al', 'el', 'bin', 'ben', 'abu', 'abd', 'abdul', 'mohammed', 'muhammad', 'mohammad', 'mohamed', 'ahmed', 'ahmad', 'ali']);
/** Words many business names share, which link nothing (written for this check, apart from the matcher's tables). */
const COMMON_BUSINESS_WORDS = new Set(
  ('company limited corporation incorporated trading international group bank insurance engineering maritime shipping ' +
    'services service industries industry industrial national foundation charity charitable front people peoples ' +
    'organization organisation commercial management development technology technologies investment investments ' +
    'holding holdings general enterprise enterprises import export state islamic korea korean iran iranian russia russian ' +
    'republic joint stock public open closed ocean free zone establishment center centre research production academy ' +
    'science sciences army movement brigade battalion society association institute office agency network exchange ' +
    'trust partners partnership solutions systems logistics energy petroleum chemical chemicals electronics power ' +
    'construction transport lines line airlines liability sociedad anonima capital variable')
    .split(' '),
);

/** The linking key of a word: no vowels, h, w or y, a doubled letter once. */
const linkKey = (word: string): string => word.replace(/[aeiouyhw]/g, '').replace(/(.)\1+/g, '$1');

function linkKeys(entry: ListEntry): Set<string> {
  const keys = new Set<string>();
  const common = entry.kind === 'business' ? COMMON_BUSINESS_WORDS : COMMON_WORDS;
  for (const name of [entry.name, ...(entry.aliases ?? [])]) {
    if (!LATIN_ONLY.test(name)) continue;
    const words = anyAscii(name).toLowerCase().replace(/[^a-z ]+/g, ' ').split(/\s+/);
    for (const w of words) if (w.length >= 4 && !common.has(w)) keys.add(linkKey(w));
  }
  return keys;
}

async function entriesOf(file: string, list: string): Promise<ListEntry[]> {
  return (await readListFile(join(LISTS_DIR, file))).entries.map((e) => ({ ...e, list }));
}

/** The one OFAC entry a UN entry is linked to, or null. */
function linkedEntry(un: ListEntry, ofac: readonly ListEntry[], byKey: ReadonlyMap<string, number[]>): ListEntry | null {
  const shared = new Map<number, number>();
  for (const key of linkKeys(un)) for (const i of byKey.get(key) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
  const linked = [...shared].filter(([i, count]) => {
    const o = ofac[i] as ListEntry;
    if (o.kind !== un.kind || count < 2) return false;
    if (un.kind === 'person' && !(un.birth_year && o.birth_year && un.birth_year === o.birth_year)) return false;
    const uc = un.countries ?? [];
    const oc = o.countries ?? [];
    return uc.length === 0 || oc.length === 0 || uc.some((c) => oc.includes(c));
  });
  return linked.length === 1 ? (ofac[(linked[0] as [number, number])[0]] as ListEntry) : null;
}

async function main(): Promise<void> {
  const kinds: EntryKind[] = opt('kind') ? [opt('kind') as EntryKind] : ['person', 'business'];
  const showFrom = args.includes('--misses') ? Number(opt('from') ?? 0) : Infinity;
  let ofac = await entriesOf('ofac-sdn-2024-05-03.json', 'ofac_sdn@2024-05-03');
  let un = await entriesOf('un-consolidated-2026-02-27.json', 'un_consolidated@2026-02-27');
  // --reverse: the OFAC names screened against the UN list alone.
  if (args.includes('--reverse')) [ofac, un] = [un, ofac];
  const byKey = new Map<string, number[]>();
  ofac.forEach((entry, i) => {
    for (const key of linkKeys(entry)) {
      const at = byKey.get(key);
      if (at) at.push(i);
      else byKey.set(key, [i]);
    }
  });
  const index = buildScreeningIndex(ofac);
  for (const kind of kinds) {
    let linked = 0;
    let forms = 0;
    let found = 0;
    let near = 0;
    const misses: [number, string][] = [];
    for (const entry of un) {
      if (entry.kind !== kind) continue;
      const target = linkedEntry(entry, ofac, byKey);
      if (!target) continue;
      linked++;
      for (const name of [entry.name, ...(entry.aliases ?? [])]) {
        if (!LATIN_ONLY.test(name)) continue;
        forms++;
        const query = { name, kind, ...(entry.birth_year ? { birth_year: entry.birth_year } : {}), ...(entry.countries?.[0] ? { country: entry.countries[0] } : {}) };
        const result = screenName(index, query);
        if (result.matches.some((m) => m.entry_ref === target.ref)) {
          found++;
          continue;
        }
        const best = scoreEntry(query, target);
        if (best.score >= 70) near++;
        const reasons = best.reasons.map((r) => `${r.code}(${r.detail})`).join(', ');
        misses.push([best.score, `  ${entry.ref} "${name}" -> ${target.ref} "${target.name}": ${best.score} via "${best.matched_name}"; ${reasons}`]);
      }
    }
    for (const [score, line] of misses.sort((a, b) => b[0] - a[0])) if (score >= showFrom) console.log(line);
    console.log(JSON.stringify({ kind, linked_entries: linked, names: forms, found, found_share: forms ? Math.round((1000 * found) / forms) / 1000 : null, missed_scoring_70_to_79: near }));
  }
}

void main();
