// Turns a raw name (as typed by a caller or as written in a list) into words with a role. Everything
// that should not change who a name points to is removed here: case, accents, punctuation, "SURNAME,
// Given" order, titles, legal-form spelling. How much each word counts is decided by its role.

import type { EntryKind } from './types';
import {
  GENERIC_BUSINESS_WORDS,
  LEGAL_FORM_PHRASES,
  LEGAL_FORM_WORDS,
  NAME_PARTICLES,
  PERSON_TITLES,
} from './name-words';
import { withinOneEdit } from './similarity';

/** normal: a distinctive word; particle: bin/al/van...; generic: trading/group...; initial: one letter. */
export type WordRole = 'normal' | 'particle' | 'generic' | 'initial';

export interface NormalizedWord {
  readonly text: string;
  readonly role: WordRole;
}

export interface NormalizedName {
  readonly words: readonly NormalizedWord[];
  /** Canonical legal forms found in a business name (sorted, deduplicated); never words themselves. */
  readonly legalForms: readonly string[];
}

// Russian/Ukrainian/Belarusian/Serbian Cyrillic to Latin (BGN/PCGN-like), so a Cyrillic spelling can
// meet the Latin spellings of the lists. Done before accent stripping, which would turn й into и.
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u', ђ: 'dj', ј: 'j',
  љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz', ѕ: 'dz', ќ: 'k', ѓ: 'g',
};

// Latin letters that Unicode decomposition leaves alone.
const LATIN_SPECIALS: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŋ: 'ng', ĸ: 'k',
};

// Arabic/Persian letter variants that different lists write interchangeably.
const ARABIC_VARIANTS: Readonly<Record<string, string>> = {
  'ة': 'ه', 'ى': 'ي', 'ی': 'ي', 'ک': 'ك', 'ٱ': 'ا', 'ـ': '',
};

const APOSTROPHES = /['’‘`´ʼʻʿʾ′]/g;
const CYRILLIC_LETTER = /[\u0400-\u04ff]/g;
const NON_WORD = /[^\p{L}\p{N}]+/gu;
const COMBINING_MARK = /\p{M}+/gu;

/** Lowercase, transliterate Cyrillic, strip diacritics, drop apostrophes, turn punctuation into spaces. */
export function normalizeText(raw: string): string {
  let s = raw.normalize('NFC').toLowerCase();
  s = s.replace(APOSTROPHES, '').replace(/&/g, ' and ');
  s = s.replace(CYRILLIC_LETTER, (c) => CYRILLIC[c] ?? c);
  s = s.normalize('NFKD').replace(COMBINING_MARK, '');
  s = s.replace(/[ßæœøđðłþıħŧŋĸ]/g, (c) => LATIN_SPECIALS[c] ?? c);
  s = s.replace(/[ةىیکٱـ]/g, (c) => ARABIC_VARIANTS[c] ?? c);
  return s.replace(NON_WORD, ' ').trim();
}

/** Words made only of Latin letters can be compared by spelling and sound; others only exactly. */
export function isLatinWord(word: string): boolean {
  return /^[a-z]+$/.test(word);
}

const NON_LATIN_LETTER = /[^\p{Script=Latin}\P{L}]/u;

/**
 * The forms of one list name worth comparing. The first is the name without bracketed remarks.
 * A bracketed part in another script (UN: "Akrin Saleh Akrin (أقرين صالح أقرين)") becomes a form of
 * its own; a short Latin bracketed part ("(HK)", "(IRGC)") gives a second form that keeps it;
 * long Latin remarks ("(false identity ...)") are dropped.
 */
export function listNameForms(raw: string): string[] {
  const forms: string[] = [];
  const groups = [...raw.matchAll(/\(([^()]*)\)/g)].map((m) => m[1] ?? '');
  const base = raw.replace(/\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  if (base) forms.push(base);
  let keepShort = false;
  for (const group of groups) {
    const content = group.trim();
    if (!content) continue;
    if (NON_LATIN_LETTER.test(content)) forms.push(content);
    else if (normalizeText(content).split(' ').length <= 4) keepShort = true;
  }
  if (keepShort) forms.push(raw.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim());
  if (forms.length === 0) forms.push(raw);
  return [...new Set(forms)];
}

/** "QADHAFI, Muammar" -> "Muammar QADHAFI", so neighbouring words are neighbours in speech order. */
function givenNamesFirst(raw: string): string {
  const comma = raw.indexOf(',');
  if (comma < 0) return raw;
  const surname = raw.slice(0, comma);
  const rest = raw.slice(comma + 1);
  return rest.trim() ? `${rest} ${surname}` : surname;
}

function replaceLegalPhrases(tokens: string[], legal: Set<string>): string[] {
  const out: string[] = [];
  let i = 0;
  outer: while (i < tokens.length) {
    for (const [phrase, canonical] of LEGAL_FORM_PHRASES) {
      if (phrase.length > tokens.length - i) continue;
      if (phrase.every((w, k) => tokens[i + k] === w)) {
        legal.add(canonical);
        i += phrase.length;
        continue outer;
      }
    }
    const token = tokens[i] as string;
    const canonical = LEGAL_FORM_WORDS.get(token);
    if (canonical !== undefined) legal.add(canonical);
    else out.push(token);
    i += 1;
  }
  return out;
}

// Long words of legal forms and generic business words, against which a misspelt business word is
// checked ("limied" -> "limited"), so a typo there does not count as a distinctive extra word.
const BUSINESS_SPELLINGS: readonly string[] = [
  ...new Set([
    ...LEGAL_FORM_PHRASES.flatMap(([words]) => words),
    ...LEGAL_FORM_WORDS.keys(),
    ...GENERIC_BUSINESS_WORDS,
  ]),
].filter((w) => w.length >= 6);
const BUSINESS_SPELLING_SET: ReadonlySet<string> = new Set(BUSINESS_SPELLINGS);

function correctBusinessWord(word: string): string {
  if (word.length < 5 || BUSINESS_SPELLING_SET.has(word) || !isLatinWord(word)) return word;
  for (const known of BUSINESS_SPELLINGS) if (withinOneEdit(word, known)) return known;
  return word;
}

/** Business names write acronyms as "S. A." or "J S C": join runs of single letters into one word. */
function joinLetterRuns(tokens: string[]): string[] {
  const out: string[] = [];
  let run = '';
  for (const t of tokens) {
    if (t.length === 1 && isLatinWord(t)) {
      run += t;
      continue;
    }
    if (run) out.push(run);
    run = '';
    out.push(t);
  }
  if (run) out.push(run);
  return out;
}

function roleOf(word: string, kind: EntryKind): WordRole {
  if (word.length === 1 && isLatinWord(word)) return 'initial';
  if (NAME_PARTICLES.has(word)) return 'particle';
  if (kind === 'business' && GENERIC_BUSINESS_WORDS.has(word)) return 'generic';
  return 'normal';
}

/** Normalise one name form for comparison as a person or as a business name. */
export function normalizeName(raw: string, kind: EntryKind): NormalizedName {
  const ordered = kind === 'person' ? givenNamesFirst(raw) : raw;
  let tokens = normalizeText(ordered).split(' ').filter((t) => t.length > 0);
  const legal = new Set<string>();
  if (kind === 'person') {
    const withoutTitles = tokens.filter((t) => !PERSON_TITLES.has(t));
    if (withoutTitles.length > 0) tokens = withoutTitles;
  } else {
    tokens = joinLetterRuns(tokens).map(correctBusinessWord);
    const withoutLegal = replaceLegalPhrases(tokens, legal);
    if (withoutLegal.length > 0) tokens = withoutLegal;
    else legal.clear(); // a name that is nothing but a legal form keeps it as its words
  }
  let words = tokens.map((text) => ({ text, role: roleOf(text, kind) }));
  // A name made only of particles ("ABU") must still have something to match with.
  if (words.length > 0 && words.every((w) => w.role === 'particle' || w.role === 'generic')) {
    words = words.map((w) => ({ text: w.text, role: 'normal' as const }));
  }
  return { words, legalForms: [...legal].sort() };
}
