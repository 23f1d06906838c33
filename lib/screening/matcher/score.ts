// Scoring one list entry against a query: align the words of the query with the words of each of the
// entry's names (any order, each word used once), turn the alignment into a 0..100 name score, keep
// the best name, then adjust for birth year and country. Every point of the score has a reason.

import type { ListEntry, Match, MatchReason, ScreeningQuery } from './types';
import { COUNTRY_WORDS, INITIALS_SKIP_WORDS, LEGAL_FORMS_SAYING } from './name-words';
import { ROLE_WEIGHT, type NameUnit, type PreparedName } from './prepare';
import { compareSurnameEndings, compareWords, sameArticleCompound, SHORT_WORD_MAX, type ComparableWord, type WordMatch } from './similarity';

interface AlignedPair {
  readonly query: NameUnit;
  readonly list: NameUnit;
  readonly match: WordMatch;
}

export interface NameAlignment {
  /** Name score 0..100 before birth year and country. */
  readonly score: number;
  /** Same words after normalisation (and the same legal forms): the only way to reach 100. */
  readonly identical: boolean;
  readonly name: PreparedName;
  readonly pairs: readonly AlignedPair[];
  readonly queryExtras: readonly string[];
  readonly listExtras: readonly string[];
  /** One business name is the initials of the other's words (IRGC, Islamic Revolutionary Guard Corps): the two
   * names as written, short one first. */
  readonly acronym?: readonly [string, string];
}

/** Query and list coverage are blended, the better one counting more: a list's longer full name
 * or a caller's extra middle name lowers the score, but does not sink it. */
const BETTER_COVERAGE_SHARE = 0.6;
/** One matched word cannot identify someone whose name has several distinctive words: the score
 * is capped, lower for each further distinctive word left unmatched on either side. */
const SINGLE_WORD_EVIDENCE = 1.3;
const SINGLE_WORD_CAP = 70;
const SINGLE_WORD_CAP_STEP = 10;
const BOTH_HAVE_EXTRAS_FACTOR = 0.94;
/** A business name with a distinctive word the other lacks ("Nordwind Shipping Ltd" / "Nordwind Ltd", a
 * business named like the first words of a longer listed group) is another business as often as the same
 * one: at most a near miss, however well the other words agree. */
const BUSINESS_EXTRA_WORD_CAP = 75;
/** Generic words of a business name left over in an abjad on one side, against some left over in Latin on the
 * other: counted as partly met, since a description is translated more often than transliterated. */
const TRANSLATED_GENERIC_CREDIT = 0.7;
/** How much a list name's middle word counts when the query left it out (see alignNames). */
const OMITTED_MIDDLE_NAME_SHARE = 0.25;
/** A patronymic left out counts for less still: most records outside the countries that use them hold none (O.
 * Deripaska for DERIPASKA, Oleg Vladimirovich reads as J. Kabila does for KABILA, Joseph). */
const OMITTED_PATRONYMIC_SHARE = 0.1;
const OMITTED_MIDDLE_NAME_CAP = 88;
/** How much a person's query word outside the matched ones counts when the list name is met in full (see alignNames). */
const QUERY_OUTER_NAME_SHARE = 0.5;

/** The same birth year on both sides: a listed person's year is shared by about one customer in fifty, so it
 * corroborates a name that is close but not certain (one short word slipped, 75) enough to be reviewed. */
const BIRTH_YEAR_MATCH_BONUS = 5;
/** Birth dates in customer files and lists are often off by a year (a recording difference) or two (an
 * estimate, "circa", another calendar): two years apart lowers a name a little, so a strong name stays a
 * match; three or more is a clear conflict that keeps any name out of the matches. */
const BIRTH_YEAR_TWO_APART_PENALTY = 6;
const BIRTH_YEAR_DIFFERS_PENALTY = 25;
const BIRTH_YEAR_PENALTY_PER_EXTRA_YEAR = 3;
const BIRTH_YEAR_MAX_PENALTY = 40;
const COUNTRY_MATCH_BONUS = 3;
/** Listed people hold several nationalities and move: another country is weak evidence. */
const COUNTRY_DIFFERS_PENALTY = 2;

function isRun(u: NameUnit): boolean {
  return u.first !== u.last;
}

function strength(u: NameUnit): number {
  return isRun(u) ? 1 : ROLE_WEIGHT[u.role];
}

function rangeFree(used: Uint8Array, u: NameUnit): boolean {
  for (let i = u.first; i <= u.last; i++) if (used[i] === 1) return false;
  return true;
}

function markRange(used: Uint8Array, u: NameUnit): void {
  used.fill(1, u.first, u.last + 1);
}

function sameLegalForms(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Word comparisons already made for one query. List words are shared objects inside an index, so a
 * screening compares each query word with each distinct list word once, however many names hold it.
 */
export class ComparisonMemo {
  private readonly byUnit: Map<ComparableWord, WordMatch | null>[];

  constructor(query: PreparedName) {
    this.byUnit = query.units.map(() => new Map());
  }

  compare(unitIndex: number, queryWord: ComparableWord, listWord: ComparableWord): WordMatch | null {
    // Short words match only exactly or as initials: cheaper to decide than to look up.
    if (queryWord.text.length <= SHORT_WORD_MAX || listWord.text.length <= SHORT_WORD_MAX) return compareWords(queryWord, listWord);
    const memo = this.byUnit[unitIndex];
    if (!memo) return compareWords(queryWord, listWord);
    let match = memo.get(listWord);
    if (match === undefined) {
      match = compareWords(queryWord, listWord);
      memo.set(listWord, match);
    }
    return match;
  }
}

// Scratch space for alignments: alignment is synchronous and never re-entered, so one set of buffers
// serves every call and a screening of many names allocates almost nothing per name.
interface PairSlot {
  query: NameUnit;
  list: NameUnit;
  match: WordMatch;
  /** Words covered on both sides together: prefer runs when credit ties. */
  covered: number;
  /** 1 when a particle meets a word that is not one ("al" and علي, whose consonants are one l each). */
  clash: number;
}
const slotPool: PairSlot[] = [];
const slotOrder: PairSlot[] = [];
let usedQuery = new Uint8Array(64);
let usedList = new Uint8Array(64);
/** Of a word met by an initial, the weight the initial confirmed (0 for any other word): see coverageWithoutMiddle. */
let initialOfQuery = new Float64Array(64);
let initialOfList = new Float64Array(64);
const NO_PAIRS: AlignedPair[] = [];
const NO_WORDS: string[] = [];

/** Two particles or generic words meeting ("al" = "al") say little: they are paired after the pairs of
 * distinctive words, so they never take a word that a run needs ("عبد الله" = "abdallah"). */
function slotRank(s: PairSlot): number {
  const minor = (u: NameUnit): boolean => !isRun(u) && (u.role === 'particle' || u.role === 'generic');
  return minor(s.query) && minor(s.list) ? s.match.credit / 2 : s.match.credit;
}

/** Equal pairs go to the earlier words first (bySlotPriority), or to the later first (byLaterSlotPriority) when an
 * alignment is tried again (see alignNames). */
function bySlotPriority(x: PairSlot, y: PairSlot): number {
  return bySlotRank(x, y) || x.query.first - y.query.first || x.list.first - y.list.first;
}

function byLaterSlotPriority(x: PairSlot, y: PairSlot): number {
  return bySlotRank(x, y) || y.query.first - x.query.first || y.list.first - x.list.first;
}

function bySlotRank(x: PairSlot, y: PairSlot): number {
  return slotRank(y) - slotRank(x) || x.clash - y.clash || y.covered - x.covered;
}

/** A long query's last word that a field's length may have cut: it counts as about a typo's worth of the word. */
const TRUNCATED: WordMatch = Object.freeze({ credit: 0.7, kind: 'close', via: 'truncated' });
/** A query's initial before its last word standing for the list's family name ("K. Joseph" for KABILA, Joseph): an
 * initial stands for a given name far more often, so this reading counts about half what an initial does. */
const INITIAL_OF_FAMILY_NAME: WordMatch = Object.freeze({ credit: 0.4, kind: 'initial' });
/** Queries at least this long (as written) can have been cut by a field's length (a payment's name line holds 35). */
const TRUNCATED_QUERY_MIN_LENGTH = 18;

/**
 * The query's last word is the beginning of the list word, at least three letters of it with at least two cut off
 * ("Alisher Burhanovich Usman" for USMANOV), in a query long enough to have been cut. Names that differ by one
 * ending letter (Hassan, Hassani; Karim, Karimi) are other names, not cut ones.
 */
function cutShort(query: PreparedName, qu: NameUnit, lu: NameUnit): boolean {
  if (isRun(qu) || isRun(lu) || qu.last !== query.wordCount - 1 || qu.role !== 'normal' || lu.role !== 'normal') return false;
  const cut = qu.word.text;
  if (cut.length < 3 || lu.word.text.length - cut.length < 2 || !lu.word.text.startsWith(cut)) return false;
  return qu.word.latin && lu.word.latin && query.source.trim().length >= TRUNCATED_QUERY_MIN_LENGTH;
}

/** Whether the other word is, but for an ending of a letter or two, the run's first or last word alone (four
 * letters at least): the run then only adds a word to it. */
function runAddsAWord(runName: PreparedName, run: NameUnit, other: NameUnit): boolean {
  const word = other.word.text;
  const nearlyIs = (part: string) =>
    Math.min(part.length, word.length) >= 4 && Math.abs(part.length - word.length) <= 2 && (part.startsWith(word) || word.startsWith(part));
  return nearlyIs((runName.units[run.first] as NameUnit).word.text) || nearlyIs((runName.units[run.last] as NameUnit).word.text);
}

/**
 * Whether a run and a word are of about one length, in any of their spellings (a Thai word read without its silent
 * letters, จันทร์โอชา = Chanocha): within two letters, or a quarter of the longer. An abjad word writes no short
 * vowels: its length is compared by consonants.
 */
function aboutOneLength(a: ComparableWord, b: ComparableWord): boolean {
  const byConsonants = a.abjad || b.abjad;
  if (lengthsNear(a, b, byConsonants)) return true;
  // (Most words have no other spelling: nothing more to try. No closure here, for this runs for every run and word.)
  if (!a.spellings && !b.spellings) return false;
  for (const x of [a, ...(a.spellings ?? [])]) for (const y of [b, ...(b.spellings ?? [])]) if (lengthsNear(x, y, byConsonants)) return true;
  return false;
}

function lengthsNear(x: ComparableWord, y: ComparableWord, byConsonants: boolean): boolean {
  const m = byConsonants ? x.consonants.length : x.text.length;
  const n = byConsonants ? y.consonants.length : y.text.length;
  return Math.abs(m - n) <= Math.max(2, Math.floor(Math.max(m, n) / 4));
}

/** Every word pair that matches at all, best first, in slotOrder. */
function collectPairs(query: PreparedName, name: PreparedName, memo: ComparisonMemo, withoutEchoes: boolean, laterFirst: boolean): void {
  slotOrder.length = 0;
  for (let qi = 0; qi < query.units.length; qi++) {
    const qu = query.units[qi] as NameUnit;
    for (let li = 0; li < name.units.length; li++) {
      const lu = name.units[li] as NameUnit;
      if (isRun(qu) || isRun(lu)) {
        // A run meets one word only, and only a word of about its length.
        if (isRun(qu) && isRun(lu)) continue;
        if (!aboutOneLength(qu.word, lu.word)) continue;
      }
      if (withoutEchoes && (qu.echo || lu.echo)) continue;
      let match =
        memo.compare(qi, qu.word, lu.word) ??
        (lu.lastOfPerson && !isRun(qu) ? compareSurnameEndings(qu.word, lu.word) : null) ??
        (cutShort(query, qu, lu) ? TRUNCATED : null);
      if (!match) continue;
      // A run whose first or last word is the other word but for an ending only adds a word to it
      // ("Establishment Agro" read as one is not "Establishment"): that word meets it alone, if at all.
      if (match.kind !== 'exact' && (isRun(qu) ? runAddsAWord(query, qu, lu) : isRun(lu) && runAddsAWord(name, lu, qu))) continue;
      // Words read as one meet a name of one distinctive word only by spelling, never by sound alone
      // ("Zhao Lei" is not "Julia", "Mio Yamada" not "Abu Mamadou").
      // (But for a compound on the article, which folds to one spelling: Abd al-Rahman is Abdurrahman.)
      if (
        match.kind === 'phonetic' &&
        !match.via &&
        ((isRun(qu) && name.distinctiveCount <= 1) || (isRun(lu) && query.distinctiveCount <= 1)) &&
        !sameArticleCompound(qu.word, lu.word)
      ) {
        continue;
      }
      // Nor do they meet any word by the loose consonant key ("Mio Suzuki" read as one is not Mosco).
      if (match.loose && (isRun(qu) || isRun(lu))) continue;
      // Nor does a Latin query's run meet a list name of one distinctive word written in an abjad, whose few
      // consonants fit many names ("Yahya Rossi" read as one is not الحراشي).
      if (isRun(qu) && qu.word.latin && lu.word.abjad && name.distinctiveCount <= 1) continue;
      if (match.kind === 'initial') {
        // An initial stands for a distinctive word, never for "al" or "trading".
        const full = qu.role === 'initial' ? lu : qu;
        if (full.role !== 'normal' || isRun(full)) continue;
        if (qu.role === 'initial' && lu.lastOfPerson && qu.last < query.wordCount - 1) match = INITIAL_OF_FAMILY_NAME;
      }
      let slot = slotPool[slotOrder.length];
      if (!slot) {
        slot = { query: qu, list: lu, match, covered: 0, clash: 0 };
        slotPool.push(slot);
      }
      slot.query = qu;
      slot.list = lu;
      slot.match = match;
      slot.covered = qu.last - qu.first + lu.last - lu.first;
      slot.clash = !isRun(qu) && !isRun(lu) && (qu.role === 'particle') !== (lu.role === 'particle') ? 1 : 0;
      slotOrder.push(slot);
    }
  }
  slotOrder.sort(laterFirst ? byLaterSlotPriority : bySlotPriority);
}

/** The name score (0..100) from the two coverages, the better one counting more. The candidate
 * index ranks entries with it too. */
export function blendCoverage(queryCoverage: number, listCoverage: number): number {
  const better = Math.max(queryCoverage, listCoverage);
  const worse = Math.min(queryCoverage, listCoverage);
  return 100 * (BETTER_COVERAGE_SHARE * better + (1 - BETTER_COVERAGE_SHARE) * worse);
}

/**
 * Align two prepared names greedily, best word pairs first (any order, each word used once), and
 * score the result. With `details` the chosen pairs and leftover words are returned for reasons. When the
 * alignment pairs an echo run (prepare.ts), which can take a word its pair does not need ("al" of "عبد
 * الرحمن" read with الرحمن, which "abdul" needed), the names are aligned again without echo runs and
 * the better alignment kept.
 */
export function alignNames(query: PreparedName, name: PreparedName, memo: ComparisonMemo = new ComparisonMemo(query), details = true): NameAlignment {
  let best = alignOnce(query, name, memo, details, false);
  if (usedEcho) {
    const second = alignOnce(query, name, memo, details, true);
    if (second.score > best.score) best = second;
  }
  // A word written twice may be taken by the pair that the other needed less ("ali" = "ali" before "abd al ali" =
  // "abdulali"): the later of equal pairs first as well, the better kept.
  if ((query.hasRepeatedWord || name.hasRepeatedWord) && best.score < 100) {
    const again = alignOnce(query, name, memo, details, false, true);
    if (again.score > best.score) best = again;
  }
  if (best.score < ACRONYM_SCORE && name.kind === 'business') {
    const acronym = acronymPair(query, name) ?? acronymPair(name, query);
    if (acronym) return { ...best, score: ACRONYM_SCORE, acronym };
  }
  return best;
}

/** A business name that is the initials of another's words is the same business as often as not (IRGC, NIOC), but
 * initials fit many names: a near miss, never a match. */
const ACRONYM_SCORE = 70;
const ACRONYM_MIN_WORDS = 3;
const ACRONYM_MAX_LETTERS = 8;

/**
 * The initials of a business name's words in order (without of, the, and...: INITIALS_SKIP_WORDS), and the same followed by the initial
 * of its legal form (National Iranian Oil Company: nio and nioc); [] for a name of fewer than three such words.
 */
export function businessAcronyms(name: PreparedName): string[] {
  let initials = '';
  for (let i = 0; i < name.wordCount; i++) {
    const text = (name.units[i] as NameUnit).word.text;
    if (INITIALS_SKIP_WORDS.has(text)) continue;
    if (!/^[a-z0-9]/.test(text)) return [];
    initials += text.charAt(0);
  }
  if (initials.length < ACRONYM_MIN_WORDS || initials.length > ACRONYM_MAX_LETTERS) return [];
  const legal = name.legalForms.length === 1 ? (name.legalForms[0] as string).charAt(0) : '';
  return legal ? [initials, initials + legal] : [initials];
}

/** `short` written as one word that is the initials of `long` (businessAcronyms): the two names as written. */
function acronymPair(short: PreparedName, long: PreparedName): [string, string] | null {
  if (short.wordCount !== 1 || long.wordCount < ACRONYM_MIN_WORDS) return null;
  const word = (short.units[0] as NameUnit).word.text;
  if (word.length < ACRONYM_MIN_WORDS || !/^[a-z]+$/.test(word)) return null;
  return businessAcronyms(long).includes(word) ? [short.source, long.source] : null;
}

/** Whether the last alignOnce paired an echo run by consonants (alignment is synchronous, see slotPool). */
let usedEcho = false;

/**
 * The words of a name no pair used: how many, how many distinctive, and its generic words by script (a business's
 * description in an abjad on one side, "شبكة", "صرافی", and in Latin on the other, "network", "money exchange",
 * may be one translated, which no spelling shows). `extras` collects their labels when reasons are wanted.
 */
function leftoversOf(name: PreparedName, used: Uint8Array, extras: string[] | null) {
  let all = 0;
  let distinctive = 0;
  let genericAbjad = 0;
  let genericLatin = 0;
  let countries = 0;
  for (let i = 0; i < name.wordCount; i++) {
    if (used[i] === 1) continue;
    const unit = name.units[i] as NameUnit;
    all++;
    extras?.push(unit.label);
    if (unit.role === 'normal') distinctive++;
    else if (unit.role === 'generic' && unit.word.abjad) genericAbjad++;
    else if (unit.role === 'generic') genericLatin++;
    if (unit.role === 'generic' && COUNTRY_WORDS.has(unit.word.text)) countries++;
  }
  return { all, distinctive, genericAbjad, genericLatin, countries };
}

/**
 * A business's words no pair used that the other name says in another way: a bank (LEGAL_FORMS_SAYING) that the
 * other's legal form is (JSCB, AKB) or that ends or starts a word a pair met (Novikombank says the bank of "Joint Stock
 * Commercial Bank Novikombank", Modulbank that of "Commercial Bank Modulbank"). Only such a word: any other word ending
 * or starting a longer one is a word of its own (Inmo is not said by Inmobiliaria). Marks them used and returns their
 * weight.
 */
function wordsSaidByOther(name: PreparedName, used: Uint8Array, other: PreparedName, otherUsed: Uint8Array): number {
  let said = 0;
  for (let i = 0; i < name.wordCount; i++) {
    if (used[i] === 1) continue;
    const text = (name.units[i] as NameUnit).word.text;
    const forms = LEGAL_FORMS_SAYING.get(text);
    if (!forms) continue;
    let saidHere = forms.some((form) => other.legalForms.includes(form));
    for (let j = 0; j < other.wordCount && !saidHere; j++) {
      if (otherUsed[j] !== 1) continue;
      const word = (other.units[j] as NameUnit).word.text;
      saidHere = word.length >= text.length + 3 && (word.endsWith(text) || word.startsWith(text));
    }
    if (!saidHere) continue;
    used[i] = 1;
    said += (name.units[i] as NameUnit).weight;
  }
  return said;
}

/** How much of a name `matched` covers when its words between its first and last matched ones count at
 * OMITTED_MIDDLE_NAME_SHARE when unmatched, and so does the part an initial leaves unconfirmed of one it matches
 * (S. V. Lavrov says no more of Viktorovich than S. Lavrov does), and its unmatched words outside them at
 * `outerShare`; null when no such word lowers the name's weight. See alignOnce. */
function coverageWithoutMiddle(name: PreparedName, used: Uint8Array, initialOf: Float64Array, matched: number, outerShare = 1): number | null {
  let firstMatched = -1;
  let lastMatched = -1;
  for (let i = 0; i < name.wordCount; i++) {
    if (used[i] !== 1) continue;
    if (firstMatched < 0) firstMatched = i;
    lastMatched = i;
  }
  let weight = name.totalWeight;
  for (let i = 0; i < name.wordCount; i++) {
    const unit = name.units[i] as NameUnit;
    const full = unit.weight;
    const inside = i > firstMatched && i < lastMatched;
    const confirmed = initialOf[i] as number;
    const middleShare = unit.patronymic ? OMITTED_PATRONYMIC_SHARE : OMITTED_MIDDLE_NAME_SHARE;
    if (used[i] !== 1) weight -= full * (1 - (inside ? middleShare : outerShare));
    else if (inside && confirmed > 0) weight -= Math.max(0, full - confirmed) * (1 - middleShare);
  }
  return weight < name.totalWeight && weight > 0 ? Math.min(1, matched / weight) : null;
}

function alignOnce(
  query: PreparedName,
  name: PreparedName,
  memo: ComparisonMemo,
  details: boolean,
  withoutEchoes: boolean,
  laterFirst = false,
): NameAlignment {
  // Without details nothing is collected: most names a screening aligns are never reported.
  const pairs: AlignedPair[] = details ? [] : NO_PAIRS;
  const queryExtras: string[] = details ? [] : NO_WORDS;
  const listExtras: string[] = details ? [] : NO_WORDS;
  usedEcho = false;
  collectPairs(query, name, memo, withoutEchoes, laterFirst);
  if (usedQuery.length < query.wordCount) usedQuery = new Uint8Array(query.wordCount * 2);
  if (usedList.length < name.wordCount) usedList = new Uint8Array(name.wordCount * 2);
  usedQuery.fill(0, 0, query.wordCount);
  usedList.fill(0, 0, name.wordCount);
  if (initialOfQuery.length < query.wordCount) initialOfQuery = new Float64Array(query.wordCount * 2);
  if (initialOfList.length < name.wordCount) initialOfList = new Float64Array(name.wordCount * 2);
  initialOfQuery.fill(0, 0, query.wordCount);
  initialOfList.fill(0, 0, name.wordCount);

  let pairCount = 0;
  let queryMatched = 0;
  let listMatched = 0;
  let evidence = 0;
  let allExact = true;
  for (const p of slotOrder) {
    if (!rangeFree(usedQuery, p.query) || !rangeFree(usedList, p.list)) continue;
    markRange(usedQuery, p.query);
    markRange(usedList, p.list);
    // (Only consonants make an echo run meet a word it adds nothing to.)
    if ((p.query.echo || p.list.echo) && p.match.via === 'transliterated') usedEcho = true;
    pairCount++;
    if (details) pairs.push({ query: p.query, list: p.list, match: p.match });
    // An initial confirms only an initial's worth of the full word it stands for.
    const initialWeight = Math.min(p.query.weight, p.list.weight);
    queryMatched += p.match.credit * (p.match.kind === 'initial' ? initialWeight : p.query.weight);
    listMatched += p.match.credit * (p.match.kind === 'initial' ? initialWeight : p.list.weight);
    if (p.match.kind === 'initial') {
      initialOfQuery[p.query.first] = p.match.credit * initialWeight;
      initialOfList[p.list.first] = p.match.credit * initialWeight;
    }
    evidence += p.match.credit * Math.min(strength(p.query), strength(p.list));
    if (p.match.kind !== 'exact') allExact = false;
  }
  if (details) pairs.sort((x, y) => x.query.first - y.query.first);

  let saidByOther = 0;
  if (name.kind === 'business' && pairCount > 0) {
    const querySaid = wordsSaidByOther(query, usedQuery, name, usedList);
    const listSaid = wordsSaidByOther(name, usedList, query, usedQuery);
    queryMatched += querySaid;
    listMatched += listSaid;
    saidByOther = querySaid + listSaid;
  }
  const queryLeft = leftoversOf(query, usedQuery, details ? queryExtras : null);
  const listLeft = leftoversOf(name, usedList, details ? listExtras : null);
  // (Counted whole on each side: one word may be two in translation, صرافی = "money exchange".)
  const translated = TRANSLATED_GENERIC_CREDIT * ROLE_WEIGHT.generic;
  if (queryLeft.genericAbjad > 0 && listLeft.genericLatin > 0) {
    queryMatched += translated * queryLeft.genericAbjad;
    listMatched += translated * listLeft.genericLatin;
  }
  if (queryLeft.genericLatin > 0 && listLeft.genericAbjad > 0) {
    queryMatched += translated * queryLeft.genericLatin;
    listMatched += translated * listLeft.genericAbjad;
  }

  // (A word the other name says another way is met, not written alike.)
  const identical =
    allExact && pairCount > 0 && saidByOther === 0 && queryLeft.all === 0 && listLeft.all === 0 && sameLegalForms(query.legalForms, name.legalForms);

  const queryCoverage = query.totalWeight > 0 ? queryMatched / query.totalWeight : 0;
  // Middle names left out: when every distinctive word of one name is matched and the matched words of
  // the other span several positions, the other's unmatched words inside that span (a patronymic, a
  // father's or grandfather's name: "Muammar Qadhafi" for "Muammar Mohammed Abu Minyar Qadhafi") are
  // names that customer records and lists often omit, on either side. They count for less; words
  // outside the span count in full, but for a person's query words when every distinctive word of the list
  // name is met: a customer record holds the listed name and more (a third name, a family or tribal name),
  // which counts half. What this adds stops at a cap, so a name matched word for word still ranks above one
  // with names left out.
  const listCoverage = name.totalWeight > 0 ? listMatched / name.totalWeight : 0;
  let score = blendCoverage(queryCoverage, listCoverage);
  if (pairCount >= 2) {
    const listWithout = queryLeft.distinctive === 0 ? coverageWithoutMiddle(name, usedList, initialOfList, listMatched) : null;
    if (listWithout !== null) score = Math.max(score, Math.min(blendCoverage(queryCoverage, listWithout), OMITTED_MIDDLE_NAME_CAP));
    const queryWithout = listLeft.distinctive === 0 ? coverageWithoutMiddle(query, usedQuery, initialOfQuery, queryMatched, name.kind === 'person' ? QUERY_OUTER_NAME_SHARE : 1) : null;
    if (queryWithout !== null) score = Math.max(score, Math.min(blendCoverage(queryWithout, listCoverage), OMITTED_MIDDLE_NAME_CAP));
  }
  // Both names having a distinctive word the other lacks ("Vladimir Putin" / "Vladimir Kononov") is
  // evidence of two different people, beyond the words merely missing.
  if (queryLeft.distinctive > 0 && listLeft.distinctive > 0) score *= BOTH_HAVE_EXTRAS_FACTOR;
  const distinctiveLeftovers = Math.max(queryLeft.distinctive, listLeft.distinctive);
  if (evidence < SINGLE_WORD_EVIDENCE && distinctiveLeftovers > 0) {
    score = Math.min(score, SINGLE_WORD_CAP - SINGLE_WORD_CAP_STEP * (distinctiveLeftovers - 1));
  }
  if (name.kind === 'business' && distinctiveLeftovers > 0) score = Math.min(score, BUSINESS_EXTRA_WORD_CAP);
  // A country weighs as a generic word beside two words met ("Melli Bank" is "Bank Melli Iran"), but one word met
  // beside a country is a business named like part of it ("Aircraft S.A." is not "Iran Aircraft Industries", "Air"
  // not "Iran Air").
  if (name.kind === 'business' && pairCount <= 1 && queryLeft.countries + listLeft.countries > 0) score = Math.min(score, BUSINESS_EXTRA_WORD_CAP);
  // Both names naming countries, none the same ("Bank of China" / "BANK OF KOREA", "Central Bank of Iraq" / "... of
  // Iran"), are two businesses of two countries: at most a near miss, however alike the rest.
  if (name.kind === 'business' && query.countries.length > 0 && name.countries.length > 0 && !query.countries.some((c) => name.countries.includes(c))) {
    score = Math.min(score, BUSINESS_EXTRA_WORD_CAP);
  }
  if (pairCount === 0) score = 0;
  score = identical ? 100 : Math.min(score, 99);
  return { score, identical, name, pairs, queryExtras, listExtras };
}

interface BestName {
  readonly name: PreparedName;
  readonly score: number;
  readonly identical: boolean;
}

/** The entry's best-matching name form; ties go to the form listed first (the name before aliases). */
function bestName(query: PreparedName, names: readonly PreparedName[], memo: ComparisonMemo): BestName | null {
  let best: BestName | null = null;
  for (const name of names) {
    const { score, identical } = alignNames(query, name, memo, false);
    if (!best || score > best.score) best = { name, score, identical };
    if (identical) break;
  }
  return best;
}

const VIA_DETAIL: Readonly<Record<string, string>> = {
  transliterated: 'transliterated, compared by consonants',
  romanisation: 'romanisation variant',
  nickname: 'nickname',
  language: 'the same name in another language',
  truncated: 'cut short',
  vowels: 'the same consonants, other vowels',
};

/** What a pair's detail adds in brackets: how the spellings met, and words joined on one side. */
function pairNote(p: AlignedPair, fallback: string): string {
  const notes: string[] = [];
  if (p.match.reading) notes.push(`read as "${p.match.reading}"`);
  if (p.match.via) notes.push(VIA_DETAIL[p.match.via] as string);
  else if (fallback) notes.push(fallback);
  // An exact pair shows the joining itself ("abubakr" = "abu bakr").
  if (p.match.kind !== 'exact' && (isRun(p.query) || isRun(p.list))) notes.push('joined words');
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}

function nameReasons(a: NameAlignment): MatchReason[] {
  const reasons: MatchReason[] = [];
  if (a.acronym) {
    reasons.push({ code: 'name_close', detail: `"${a.acronym[0]}" ~ "${a.acronym[1]}" (initials of the words)` });
    return reasons;
  }
  for (const p of a.pairs) {
    const q = p.query.label;
    const l = p.list.label;
    switch (p.match.kind) {
      case 'exact':
        reasons.push({ code: 'name_exact', detail: `"${q}" = "${l}"${pairNote(p, '')}` });
        break;
      case 'close':
        reasons.push({ code: 'name_close', detail: `"${q}" ~ "${l}"${pairNote(p, '')}` });
        break;
      case 'phonetic':
        reasons.push({ code: 'name_phonetic', detail: `"${q}" ~ "${l}"${pairNote(p, 'sounds alike')}` });
        break;
      case 'initial':
        reasons.push({ code: 'name_initial', detail: `"${q}" ~ "${l}" (initial)` });
        break;
    }
  }
  for (const w of a.queryExtras) reasons.push({ code: 'query_has_extra', detail: `"${w}" is only in the query` });
  for (const w of a.listExtras) reasons.push({ code: 'list_has_extra', detail: `"${w}" is only in the list name` });
  return reasons;
}

/** True when `a` is `b` with two neighbouring digits swapped (1967, 1976). */
function digitsSwapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  const [i, j] = differ;
  return differ.length === 2 && j === (i as number) + 1 && a[i as number] === b[j] && a[j] === b[i as number];
}

interface Adjustment {
  readonly points: number;
  readonly reasons: MatchReason[];
}

/** Birth year and country move the score only when both the query and the entry have the value. */
function factAdjustment(query: ScreeningQuery, entry: ListEntry): Adjustment {
  let points = 0;
  const reasons: MatchReason[] = [];
  if (Number.isFinite(query.birth_year) && Number.isFinite(entry.birth_year)) {
    const q = query.birth_year as number;
    const e = entry.birth_year as number;
    const apart = Math.abs(q - e);
    if (apart === 0) {
      points += BIRTH_YEAR_MATCH_BONUS;
      reasons.push({ code: 'birth_year_match', detail: `born ${q}, list says ${e}` });
    } else if (apart === 1) {
      // One year off is usually a recording difference: neither support nor conflict.
      reasons.push({ code: 'birth_year_close', detail: `born ${q}, list says ${e} (1 year apart)` });
    } else if (apart === 2) {
      points -= BIRTH_YEAR_TWO_APART_PENALTY;
      reasons.push({ code: 'birth_year_differs', detail: `born ${q}, list says ${e} (2 years apart)` });
    } else if (digitsSwapped(String(q), String(e))) {
      // 1967 for 1976: a slip of typing as likely as another person, so it weighs as two years apart do.
      points -= BIRTH_YEAR_TWO_APART_PENALTY;
      reasons.push({ code: 'birth_year_differs', detail: `born ${q}, list says ${e} (two digits swapped)` });
    } else {
      points -= Math.min(BIRTH_YEAR_MAX_PENALTY, BIRTH_YEAR_DIFFERS_PENALTY + BIRTH_YEAR_PENALTY_PER_EXTRA_YEAR * (apart - 3));
      reasons.push({ code: 'birth_year_differs', detail: `born ${q}, list says ${e} (${apart} years apart)` });
    }
  }
  const countries = entry.countries ?? [];
  if (query.country && countries.length > 0) {
    const c = query.country.toUpperCase();
    if (countries.some((x) => x.toUpperCase() === c)) {
      points += COUNTRY_MATCH_BONUS;
      reasons.push({ code: 'country_match', detail: `${c} is among ${countries.join(', ')}` });
    } else {
      points -= COUNTRY_DIFFERS_PENALTY;
      reasons.push({ code: 'country_differs', detail: `${c} is not among ${countries.join(', ')}` });
    }
  }
  return { points, reasons };
}

/** The Match object for an entry, with everything the interface asks for and nothing it omits. */
export function buildMatch(entry: ListEntry, score: number, matchedName: string, reasons: MatchReason[]): Match {
  const match: Match = {
    score,
    list: entry.list,
    entry_ref: entry.ref,
    entry_name: entry.name,
    matched_name: matchedName,
    kind: entry.kind,
    category: entry.category,
    countries: [...(entry.countries ?? [])],
    reasons,
  };
  if (entry.program !== undefined) match.program = entry.program;
  if (entry.birth_year !== undefined) match.birth_year = entry.birth_year;
  return match;
}

/**
 * Score an entry whose names are already prepared. `queryName` must be prepared for the entry's
 * kind. An entry of another kind than the query asks for scores 0. Returns null instead of a Match
 * when the score is under `atLeast` (screenings skip building what they will not report).
 */
export function scorePreparedEntry(
  query: ScreeningQuery,
  queryName: PreparedName,
  entry: ListEntry,
  names: readonly PreparedName[],
  memo: ComparisonMemo = new ComparisonMemo(queryName),
  atLeast = 0,
): Match | null {
  if ((query.kind !== undefined && query.kind !== entry.kind) || queryName.wordCount === 0) {
    return atLeast > 0 ? null : buildMatch(entry, 0, entry.name, []);
  }
  const best = bestName(queryName, names, memo);
  if (!best || best.score <= 0) return atLeast > 0 ? null : buildMatch(entry, 0, best?.name.source ?? entry.name, []);
  const facts = factAdjustment(query, entry);
  let score = Math.round(best.score + facts.points);
  if (!best.identical) score = Math.min(score, 99);
  score = Math.max(0, Math.min(100, score));
  if (score < atLeast) return null;
  const alignment = alignNames(queryName, best.name, memo, true);
  return buildMatch(entry, score, best.name.source, [...nameReasons(alignment), ...facts.reasons]);
}
