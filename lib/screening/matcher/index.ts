// Public API of the sanctions name matcher: pure functions, no database, no HTTP.
//
//   const index = buildScreeningIndex(entries);          // once per set of loaded lists
//   const { matches, near } = screenName(index, { name: 'Muammar Gaddafi', kind: 'person' });
//   const match = scoreEntry(query, entry);              // one entry, fully explained
//
// How a score comes about (details in the files named):
// - normalize.ts: case, accents, punctuation, "SURNAME, Given", titles and legal forms (in many
//   languages) go, Russian NK is read as "oil company", Airlines as Air, Number as No. (name-words.ts
//   BUSINESS_WORD_TRANSLATIONS, also German, French, Spanish and other business words: Stiftung, Banco, Anstalt), Daesh,
//   ISIS, ISIL as the words they stand for (BUSINESS_NAME_ACRONYMS), and in a business name Arabic words of
//   organisations also as their English words, in Arabic script or Latin letters (جماعة group, جبهة front; Jaish
//   army, Jabhat front: LATIN_ORGANISATION_WORDS); the title
//   sayyid in Arabic script goes as Sayed does; every
//   script becomes Latin (Cyrillic by a table, its х also read as the j of Spanish names, Хуан = Juan, and г as h,
//   Гарри = Harry; a Chinese or Korean name in Russian Cyrillic also as the lists romanise it, Си Цзиньпин = Xi
//   Jinping, Ким Чен Ын = Kim Jong Un: east-asian-cyrillic.ts; Greek in several readings, an α and η apart also with the h Greek cannot write, Ιμπραήμ =
//   Ibrahim; the rest with any-ascii, a letter with the marks after it (Thai vowel signs) and Armenian ու as u; words of scripts that leave vowels unwritten stay marked in capitals; Chinese
//   and Korean split by syllable, and a name in Hangul also read as Korean writes a foreign name, 블라디미르 =
//   Vladimir: hangulLoanwordForm; a name in katakana, or in Chinese characters with a middle dot between its parts, read
//   as those scripts write foreign names, each word marked and met by Latin words only through the consonants and vowels
//   such spellings keep (transcription.ts: ウラジーミル = 弗拉基米尔 = Vladimir); Thai
//   in spoken order, its letters under the thanthakhat read both ways; the anusvara of every Indic script as the nasal
//   of the consonant after it; a Latin letter that no accent makes, ə as a and the rest as any-ascii writes it; a
//   name with Turkish or Azerbaijani letters also read the Turkish way in every word, ş as sh and c as j, Halit Mişal
//   = Khalid Meshal, and one with š, ž, č also as English writes them, Šojgu = Shoygu);
//   numbers in business names become digits; abbreviated business words (Intl, Bros, Mfg) and the forms of
//   many registers (FGUP, NPO, TOO, Ltd. Sti., youxian gongsi) read as the lists write them, a country's long name
//   as the country, a Russian joint stock commercial bank (AKB, JSCB) as a legal form that says bank; letters running
//   into a number of two digits or more as two words (MS13); digits put for letters in a person's name (Nasra11ah)
//   read as the letters; each word gets a
//   role (distinctive, particle, generic business word, initial). A name with brackets ("X (Y; Z)"), names joined by "/" or ";" or a birth
//   remark is split into forms (listNameForms), list names and queries alike, as is a bracketed abbreviation
//   of the name (NICO) and a name without a nickname in quotes: a query is screened under each of its forms and,
//   per entry, the best match is kept.
// - prepare.ts: roles give weights (particles and generic words count for less); neighbouring words
//   are also joined ("abu bakr" -> "abubakr") so spacing variants meet; in a list name also a single letter
//   with the longer words beside it ("chan o cha" -> "chanocha"), never a query's initial.
// - similarity.ts: two words match exactly, closely (spelling, a nickname, the same given name in another
//   language: data/given-names-languages.ts; never a given name and its form for the other gender, Maria / Mario,
//   Daniela / Daniel: otherGender), phonetically (sound, after folding transliteration variants, and
//   Abd al-, Abdul, Abdel, Abdur, Abder and -uddin, -eddine, al-Din written alike, also against a name of that
//   one word; a first o written u in a word of one length, Omar / Umar; a Chinese or Korean
//   romanisation variant; consonants for abjad
//   words, then a looser consonant key: a repeated consonant once, ch = h, kh = k, g = j, a waw or vav
//   against a Latin word without its v) or as an initial; other words of three letters or fewer only
//   exactly, or with one letter doubled on one side (Ana / Anna) or an i written y (Aly / Ali). A Slavic name as
//   German, Polish or French spelling writes it (Gorbatschow, Szewczenko, Zyplakow, Poutine) is also read in the
//   English spelling of the lists (slavicSpellings), and older Indonesian and Malay spellings (tj, oe, sy, a ch inside
//   a word) and the ch, ou and c of French spellings of Arabic names as theirs (malayFrenchSpellings: Mochammad,
//   Cherif, Karadaoui, Youcef); Somali x and c (somaliSpellings: Maxamed, Cabdi), the Egyptian g (egyptianSpellings:
//   Gamal), a Belarusian name's Russian spelling (belarusianSpellings: Karpiankou = Karpenkov), the yo of ё also as
//   e (yoSpellings: Tsaryov), a j after a consonant as y in a German or Polish spelling (Pjotr), the c, -ttin and e
//   of Turkish spellings of Arabic names (turkishSpellings: Cemal = Jamal, Necip = Najib), Abd as Abdul, and the
//   article as Persian writes it (ol, od) are read the same way.
//   Words read as one never meet by the looser key, nor a word that is one of them alone but for an ending. Letters with two Latin spellings are read both
//   ways (ذ ظ ض as d or z, ث as th or s, ق as q or g, ك as k or g; a Latin c as k or s, a Latin j before a vowel
//   also as the h that Hebrew and Arabic write for the j of Spanish names, חוסה = José, a Latin ch also as the تش
//   Arabic writes for it, تشافيز = Chavez, the x of pinyin also as sh, شي = Xi, a Latin digraph as one
//   letter or two), and the long vowels an abjad writes, found in the Latin word, make a one-consonant word count
//   more; missing from it, a word of two or three consonants counts less. An abjad word starting with an alif
//   meets only a Latin word starting with a vowel. Persian, Urdu, Pashto and Sindhi letters are read as their
//   Arabic counterparts and short-vowel marks dropped (normalize.ts); the Urdu h before the d of چوہدری is also
//   read without it (Chaudhry).
// - score.ts: words are paired greedily in any order, each used once; the name score blends how
//   much of the query and of the list name is covered (middle words that one name leaves out count for less on
//   either side, an East Slavic patronymic less still, up to a score of 88, and so does what an initial leaves
//   unconfirmed of a middle name it meets; a query's initial before its last word stands for the list's family
//   name only at a discount, "K. Joseph" not being Joseph Kabila; a name with a distinctive word written
//   twice is paired again with the later of equal pairs first, so "ali" = "ali" does not take the word that
//   "abd al ali" needs); the best name or alias
//   wins; a business with a distinctive word the other lacks stays a near miss (a country in a business name
//   weighs as a generic word, name-words.ts COUNTRY_WORDS, but one word met beside a country stays a near
//   miss: "Air" is not "Iran Air"; two naming different countries stay a near miss), and one written as the
//   initials of the other's words (IRGC) is a near miss (70); a bank that the other's legal form or one of its
//   words says (JSCB, Novikombank) is met; a long query's last word cut short counts as
//   about a typo; birth year and country then move it (two years apart, or two digits swapped, a little; three
//   or more a lot). A pairing that leans on words read as one
//   which add no consonant of their own is tried again without them. Only a name identical after
//   normalisation, without conflicting facts, scores 100.
// - candidates.ts: the index that picks the few entries worth scoring (a business also by its initials); an
//   entry with a form identical to the query is always among them.

import type { EntryKind, ListEntry, Match, ScreeningIndex, ScreeningQuery, ScreeningResult, ScreenOptions } from './types';
import { CANDIDATES_PER_KIND, CandidateIndex } from './candidates';
import { listNameForms } from './normalize';
import { prepareListNames, prepareName, type PreparedName } from './prepare';
import { ComparisonMemo, scorePreparedEntry } from './score';

export type {
  EntryKind,
  ListCategory,
  ListEntry,
  Match,
  MatchReason,
  ReasonCode,
  ScreeningIndex,
  ScreeningQuery,
  ScreeningResult,
  ScreenOptions,
} from './types';

export const DEFAULT_THRESHOLD = 80;
export const DEFAULT_FLOOR = 50;
export const DEFAULT_MAX_CANDIDATES = 25;

const ALL_KINDS: readonly EntryKind[] = ['person', 'business'];

/** Build the immutable candidate index for a set of list entries (all loaded lists together). */
export function buildScreeningIndex(entries: Iterable<ListEntry>): ScreeningIndex {
  return new CandidateIndex(entries);
}

/**
 * The forms a query is screened under: the forms listNameForms gives a list name written the same way,
 * so a query spelled exactly like an alias meets that alias's forms; then, when it has other forms, the
 * query as typed, so a bracketed part the forms drop can never lose a match the whole text finds.
 */
export function queryForms(raw: string): string[] {
  const forms = listNameForms(raw);
  if (forms.length === 1 && forms[0] === raw.replace(/\s+/g, ' ').trim()) return [raw];
  if (!forms.includes(raw)) forms.push(raw);
  return forms;
}

/** Per entry, the better of two matches; on equal scores the one found first (an earlier form). */
function keepBetter(best: Map<number, Match>, entry: number, match: Match): void {
  const known = best.get(entry);
  if (!known || match.score > known.score) best.set(entry, match);
}

/** Highest score first; equal scores by list code, then entry reference, so results are stable. */
function byScoreThenRef(a: Match, b: Match): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.list !== b.list) return a.list < b.list ? -1 : 1;
  if (a.entry_ref !== b.entry_ref) return a.entry_ref < b.entry_ref ? -1 : 1;
  return 0;
}

/**
 * Screen one name. `matches` score at or above `threshold`, `near` from `floor` up to it; together at
 * most `maxCandidates`, best first. People are compared only with people and businesses only with
 * businesses; a query without a kind is compared with both.
 */
export function screenName(index: ScreeningIndex, query: ScreeningQuery, options: ScreenOptions = {}): ScreeningResult {
  if (!(index instanceof CandidateIndex)) throw new TypeError('screenName needs an index made by buildScreeningIndex');
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const floor = options.floor ?? DEFAULT_FLOOR;
  const maxCandidates = Math.max(0, Math.floor(options.maxCandidates ?? DEFAULT_MAX_CANDIDATES));
  const lowest = Math.min(threshold, floor);
  const perKind = Math.max(CANDIDATES_PER_KIND, 3 * maxCandidates);

  const forms = queryForms(query.name);
  // With several forms an entry may be found under more than one: keep its best match.
  const byEntry = forms.length > 1 ? new Map<number, Match>() : null;
  const found: Match[] = [];
  for (const kind of query.kind ? [query.kind] : ALL_KINDS) {
    for (const form of forms) {
      const queryName = prepareName(form, kind, query.name);
      if (queryName.wordCount === 0) continue;
      const memo = new ComparisonMemo(queryName);
      for (const candidate of index.candidates(queryName, kind, perKind)) {
        const entry = index.entries[candidate.entry] as ListEntry;
        // Only the entry's names that share a searchable word with the query (or are identical to
        // it). The others could meet it only through particles, initials or a spelling more than one
        // edit away that also sounds different, which almost never beats the names that do; skipping
        // them keeps entries with dozens of aliases cheap.
        const allNames = index.names[candidate.entry] ?? [];
        const names = candidate.forms.map((i) => allNames[i] as PreparedName);
        const match = scorePreparedEntry(query, queryName, entry, names, memo, Math.max(lowest, 1));
        if (!match) continue;
        if (byEntry) keepBetter(byEntry, candidate.entry, match);
        else found.push(match);
      }
    }
  }
  if (byEntry) found.push(...byEntry.values());
  found.sort(byScoreThenRef);
  const kept = found.slice(0, maxCandidates);
  return {
    matches: kept.filter((m) => m.score >= threshold),
    near: kept.filter((m) => m.score < threshold),
  };
}

/**
 * Score one entry in full, without an index (explanations and tests): the best over the query's forms,
 * as screenName does. Another kind scores 0.
 */
export function scoreEntry(query: ScreeningQuery, entry: ListEntry): Match {
  const names = prepareListNames(entry.name, entry.aliases, entry.kind);
  let best: Match | null = null;
  for (const form of queryForms(query.name)) {
    const match = scorePreparedEntry(query, prepareName(form, entry.kind, query.name), entry, names) as Match;
    if (!best || match.score > best.score) best = match;
  }
  return best as Match;
}
