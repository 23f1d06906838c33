// The corruption check: listed persons with the small corruptions customer records carry. A tuning aid beside the
// independent set's tuning half, the probes and the cross-list check (issue 17), not part of the benchmark.
//
//   npx tsx scripts/bench/screening-corruptions.ts [--seed N] [--per N] [--misses KIND]
//
// Provenance: every query is an OFAC SDN 2024 person named "SURNAME, Given" in Latin letters, written given names
// first with one corruption of a kind below, made by a seeded generator written for this check; half carry the
// entry's birth year (typo_year2: two years off). Each is screened against an index of OFAC SDN 2024 alone and
// found when its entry is among the matches (score >= 80). The matcher is tuned looking at the misses of seeds 7
// and 9 only; seed 8 and others are read untuned. It prints one line per kind (found, screened, share), with
// --misses KIND each miss of that kind first.
import '../project';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildScreeningIndex, screenName, type ListEntry } from '@/lib/screening/matcher';
import { readListFile } from '@/lib/screening/list-file';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const LISTS_DIR = fileURLToPath(new URL('../../../shared/data/lists/', import.meta.url));
/** A flag's value as a positive whole number, or the run stops with what was wrong. */
function positiveInteger(name: string, fallback: number): number {
  const raw = opt(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} takes a positive whole number, not ${raw}`);
    process.exit(2);
  }
  return value;
}
const seed0 = positiveInteger('seed', 7);
const showKind = opt('misses');
// mulberry32: 32-bit integer arithmetic throughout. (A linear congruential step computed in doubles loses bits
// once the product passes 2^53 and fell into cycles of a few hundred to a few thousand draws, so the check
// screened some persons several times.)
let s = seed0 >>> 0;
const rnd = (): number => {
  s = (s + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T,>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)] as T;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const VOWELS = 'aeiou';
function typo(w: string): string {
  const i = Math.floor(rnd() * w.length);
  switch (Math.floor(rnd() * 4)) {
    case 0: return w.slice(0, i) + pick([...LETTERS]) + w.slice(i + 1);
    case 1: return w.slice(0, i) + pick([...LETTERS]) + w.slice(i);
    case 2: return w.length > 2 ? w.slice(0, i) + w.slice(i + 1) : w;
    default: return i < w.length - 1 ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
  }
}
function vowelChange(w: string): string {
  const idx = [...w].map((c, i) => (VOWELS.includes(c) ? i : -1)).filter((i) => i >= 0);
  if (idx.length === 0) return w;
  const i = pick(idx);
  return w.slice(0, i) + pick([...VOWELS].filter((v) => v !== w[i])) + w.slice(i + 1);
}
function parts(name: string): { given: string[]; surname: string[] } | null {
  if (!/^[A-Za-z ,'.-]+$/.test(name)) return null;
  const m = /^([^,]+),\s*(.+)$/.exec(name);
  const words = (x: string) => x.toLowerCase().replace(/[^a-z ]/g, ' ').split(/\s+/).filter((w) => w.length > 0);
  if (!m) return null;
  const surname = words(m[1] as string);
  const given = words(m[2] as string);
  if (surname.length === 0 || given.length === 0) return null;
  return { given, surname };
}
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

const kinds: Record<string, (p: { given: string[]; surname: string[] }) => string | null> = {
  typo_long: (p) => { const w = [...p.given, ...p.surname]; const l = w.map((x, i) => [x, i] as const).filter(([x]) => x.length >= 5); if (!l.length) return null; const [x, i] = pick(l); w[i] = typo(x); return w.join(' '); },
  typo_short: (p) => { const w = [...p.given, ...p.surname]; const l = w.map((x, i) => [x, i] as const).filter(([x]) => x.length >= 3 && x.length <= 4); if (!l.length) return null; const [x, i] = pick(l); w[i] = typo(x); return w.join(' '); },
  two_typos_one_word: (p) => { const w = [...p.given, ...p.surname]; const l = w.map((x, i) => [x, i] as const).filter(([x]) => x.length >= 7); if (!l.length) return null; const [x, i] = pick(l); w[i] = typo(typo(x)); return w.join(' '); },
  typo_two_words: (p) => { const w = [...p.given, ...p.surname]; const l = w.map((x, i) => [x, i] as const).filter(([x]) => x.length >= 5); if (l.length < 2) return null; const a = pick(l); let b = pick(l); let n = 0; while (b[1] === a[1] && n++ < 10) b = pick(l); if (b[1] === a[1]) return null; w[a[1]] = typo(a[0]); w[b[1]] = typo(b[0]); return w.join(' '); },
  vowel: (p) => { const w = [...p.given, ...p.surname]; const l = w.map((x, i) => [x, i] as const).filter(([x]) => x.length >= 4); if (!l.length) return null; const [x, i] = pick(l); w[i] = vowelChange(x); return w.join(' '); },
  drop_given: (p) => (p.given.length >= 2 ? [...p.given.slice(0, 1), ...p.given.slice(2), ...p.surname].join(' ') : null),
  surname_first: (p) => [...p.surname, ...p.given].join(' '),
  split_word: (p) => { const w = [...p.given, ...p.surname]; const l = w.map((x, i) => [x, i] as const).filter(([x]) => x.length >= 7); if (!l.length) return null; const [x, i] = pick(l); const k = 3 + Math.floor(rnd() * (x.length - 5)); w[i] = `${x.slice(0, k)} ${x.slice(k)}`; return w.join(' '); },
  join_words: (p) => { const w = [...p.given, ...p.surname]; if (w.length < 2) return null; const i = Math.floor(rnd() * (w.length - 1)); w.splice(i, 2, (w[i] as string) + (w[i + 1] as string)); return w.join(' '); },
  truncate_last: (p) => { const w = [...p.given, ...p.surname]; const last = w[w.length - 1] as string; if (last.length < 7) return null; w[w.length - 1] = last.slice(0, last.length - 1 - Math.floor(rnd() * 2)); return w.join(' '); },
  double_letter: (p) => { const w = [...p.given, ...p.surname]; const l = w.map((x, i) => [x, i] as const).filter(([x]) => x.length >= 4); if (!l.length) return null; const [x, i] = pick(l); const dbl = /([a-z])\1/.exec(x); w[i] = dbl ? x.replace(dbl[0], dbl[1] as string) : (() => { const k = 1 + Math.floor(rnd() * (x.length - 2)); return x.slice(0, k) + x[k] + x.slice(k); })(); return w.join(' '); },
  typo_year2: (p) => { const w = [...p.given, ...p.surname]; const l = w.map((x, i) => [x, i] as const).filter(([x]) => x.length >= 5); if (!l.length) return null; const [x, i] = pick(l); w[i] = typo(x); return w.join(' '); },
};

const LIST = 'ofac-sdn-2024-05-03.json';
const entries: ListEntry[] = (await readListFile(join(LISTS_DIR, LIST))).entries.map((e) => ({ ...e, list: LIST }));
const index = buildScreeningIndex(entries);
const persons = entries.filter((e) => e.kind === 'person' && parts(e.name));
if (showKind !== undefined && !Object.hasOwn(kinds, showKind)) {
  console.error(`--misses takes one of ${Object.keys(kinds).join(', ')}`);
  process.exit(2);
}
const per = positiveInteger('per', 200);
for (const [kind, make] of Object.entries(kinds)) {
  let found = 0; let n = 0; let tries = 0;
  while (n < per && tries++ < per * 5) {
    const e = pick(persons);
    const p = parts(e.name)!;
    const q = make(p);
    if (!q) continue;
    const name = q.split(' ').map(cap).join(' ');
    n++;
    const year = kind === 'typo_year2' && e.birth_year ? e.birth_year + pick([-2, 2]) : e.birth_year && rnd() < 0.5 ? e.birth_year : undefined;
    const r = screenName(index, { name, kind: 'person', ...(year ? { birth_year: year } : {}) });
    const ok = r.matches.some((m) => m.list === e.list && m.entry_ref === e.ref);
    if (ok) found++;
    else if (kind === showKind) {
      const near = r.near.find((m) => m.list === e.list && m.entry_ref === e.ref);
      console.log(`  MISS ${name} -> ${e.name}: ${near ? near.score : '-'}; ${near ? near.reasons.map((x) => `${x.code}(${x.detail})`).join(', ') : ''}`);
    }
  }
  console.log(JSON.stringify({ kind, found, screened: n, share: Number((found / n).toFixed(3)) }));
}
