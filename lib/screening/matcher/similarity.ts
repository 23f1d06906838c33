// How alike two single words are: by spelling (Jaro-Winkler, which suits short names and forgives
// typos late in a word) and by sound (Double Metaphone after folding the spelling differences that
// transliteration from Arabic and Cyrillic produces: Qaddafi / Gadhafi / Kadhafi).

import { doubleMetaphone } from 'double-metaphone';
import { GIVEN_NAME_LANGUAGES_CSV } from './data/given-names-languages';
import { MORE_NICKNAMES_CSV } from './data/nicknames-more';
import { US_NICKNAMES_CSV } from './data/nicknames-us';
import { startsWithVowel, transcriptionConsonants, transcriptionVowels, transcriptionVowelsMet, type Transcription } from './transcription';
import { ARTICLE_SPELLINGS, NAME_PARTICLES } from './name-words';

/** A word transliterated from an abjad or Brahmic script (normalize.ts isAbjadWord): capitals (with Ð and Þ,
 * letters read two ways, see abjadReadings) and digits, at least one letter. */
export const ABJAD_WORD = /^[A-Z0-9ÐÞ]*[A-ZÐÞ][A-Z0-9ÐÞ]*$/;

/** A word ready for comparison; built once per list word, so comparisons allocate nothing. */
export interface ComparableWord {
  readonly text: string;
  /** Spelling with transliteration variants folded together (see foldForSound). */
  readonly folded: string;
  /** The folded spelling with every run of vowels written "a": Arabic and Persian names are
   * transliterated with whatever vowels the writer hears (Mohammed / Muhammad, Hezbollah / Hizballah). */
  readonly skeleton: string;
  /** The skeleton keeping one more distinction: a run of vowels holding an "i" (a diphthong such as
   * the "ay" / "ei" / "ai" of Husayn / Hossein / Husain) is written "i". Hassan and Hossein, two
   * different names, differ here; Husayn and Hossein, one name, do not. */
  readonly glideSkeleton: string;
  /** Double Metaphone codes of the folded spelling (one or two). */
  readonly codes: readonly string[];
  readonly latin: boolean;
  /** Bit i set when letter a+i occurs: a cheap bound that skips most Jaro-Winkler computations. */
  readonly letters: number;
  /** The word without an attached Arabic article ("elkaddafi" -> "kaddafi"), when it has one. */
  readonly bare?: ComparableWord;
  /** Transliterated from a script that leaves vowels unwritten (normalizeText writes it in capitals). */
  readonly abjad: boolean;
  /** Consonants only, transliteration variants folded (see consonantKey): how an abjad word meets a Latin one. */
  readonly consonants: string;
  /** The consonants read more loosely (see looseConsonantKey), a second try when `consonants` differ. */
  readonly looseConsonants: string;
  /** A Latin word's loose consonants without its v; an abjad word's without its waw or vav (W, V), which
   * stands for a v as often as for a vowel (Hebrew ו, Persian و), or '' when it writes none. */
  readonly looseConsonantsNoV: string;
  /** The consonants with the vowels between them as classes (see vowelLetterKey); '' for words of other scripts. */
  readonly vowelled: string;
  /** Chinese or Korean syllable with its romanisation variants folded (see romanKey); '' for other words. */
  readonly roman: string;
  /** Names the nickname tables give for this one (Robert: bob, rob...), when there are any. */
  readonly nicknames?: ReadonlySet<string>;
  /** The same given name in other languages (Pyotr: peter, pedro...), when the table gives any. */
  readonly languages?: ReadonlySet<string>;
  /** An abjad word of two letters or more read as a Latin word (Brahmic scripts write most vowels). */
  readonly asLatin?: ComparableWord;
  /** The consonant keys of the word's other readings (see otherReadings), when it has any. */
  readonly otherReadings?: readonly ConsonantReading[];
  /** Other Latin spellings of the word, when it has any: of a word transliterated from Greek, whose letters Latin
   * spellings write several ways (ντ inside a word: d, nd or nt; see normalize.ts greekReadings), and the English
   * spellings of a Slavic, Indonesian or French one (slavicSpellings, malayFrenchSpellings). */
  readonly spellings?: readonly ComparableWord[];
  /** A spelling of Latin letters read another way (malayFrenchSpellings): compared with Latin words only, since an
   * abjad word's consonants already read ch and sy so (CONSONANT_DIGRAPHS) and a second guess on top only adds
   * chance meetings. */
  readonly latinOnly?: true;
  /** A word of a foreign name read syllable by syllable from katakana or Chinese characters (transcription.ts): met by a
   * Latin word only as those scripts write foreign names. */
  readonly transcribed?: Transcription;
}

/** The consonant keys of one reading of a word (see consonantKey, looseConsonantKey, vowelLetterKey). */
export interface ConsonantReading {
  readonly consonants: string;
  readonly looseConsonants: string;
  readonly looseConsonantsNoV: string;
  /** The consonants with the vowels between them as classes (see vowelLetterKey). */
  readonly vowelled: string;
}

export type WordMatchKind = 'exact' | 'close' | 'phonetic' | 'initial';

/** What made two different spellings meet, for the reason's detail. */
export type WordMatchVia = 'transliterated' | 'romanisation' | 'nickname' | 'language' | 'truncated' | 'vowels';

export interface WordMatch {
  /** Share of the words' weight that counts as matched, 0..1. */
  readonly credit: number;
  readonly kind: WordMatchKind;
  readonly via?: WordMatchVia;
  /** Met only by the loose consonant key (looseConsonantKey): never enough for words read as one. */
  readonly loose?: true;
  /** The other spelling (ComparableWord.spellings) of either word that met the other word. */
  readonly reading?: string;
}

/** Words of this length or shorter match only exactly or as an initial: fuzzy matching them is noise. */
export const SHORT_WORD_MAX = 3;

const CLOSE_MIN_JW = 0.9;
const CLOSE_MIN_CREDIT = 0.7;
const ONE_EDIT_MIN_LENGTH = 5;
const ONE_EDIT_CREDIT = 0.75;
const INITIAL_CREDIT = 0.75;
const FOLDED_EQUAL_CREDIT = 0.92;
const SKELETON_EQUAL_CREDIT = 0.88;
const SKELETON_MIN_LENGTH = 5;
const BARE_FACTOR = 0.95;
const PHONETIC_MIN_JW = 0.8;
const GLIDE_MIN_JW = 0.7;
const PHONETIC_MIN_CREDIT = 0.6;
const PHONETIC_MAX_CREDIT = 0.9;
const PHONETIC_MIN_JW_FEW_SOUNDS = 0.88;
/** The same consonants in the same order, only the vowels differing (Omar / Amor, Ezat / Izzat, Hasan / Husayn): Arabic
 * script writes no short vowels, so each transliteration hears its own, but so do two different names (Hassan and Hussein).
 * A little credit, for a word at least this long with at least two consonants: beside several other words that match it
 * lifts a long name over the threshold; beside one it stays a near miss. */
const OTHER_VOWELS_CREDIT = 0.3;
const OTHER_VOWELS_MIN_LENGTH = 4;

const SHORT_FOLDED_EQUAL: WordMatch = Object.freeze({ credit: FOLDED_EQUAL_CREDIT, kind: 'phonetic' });
/** Two words two edits apart, the longer of seven letters or more and the shorter of six or more (Etcobzar / Escobar,
 * Omrale / Morales with a letter left out): two typos, or another name as often (Fernando / Fernandez), so a little
 * credit, which lifts a name only beside other words that match. */
const TWO_EDITS_MIN_LENGTH = 7;
const TWO_EDITS: WordMatch = Object.freeze({ credit: 0.5, kind: 'close' });
/** Four-letter words one edit apart ("Daut" / "Daun", "Erik" / "Eric"): a typo as often as another name. */
const SHORT_ONE_EDIT_CREDIT = 0.6;
/** A letter left out of a word of four, or two neighbouring letters of a word of three swapped (Aug / Aung, Yon / Yno):
 * a typo as often as another name, so a little credit, which lifts a name only beside other words that match
 * (shortWordTypo). */
const SHORT_TYPO: WordMatch = Object.freeze({ credit: SHORT_ONE_EDIT_CREDIT, kind: 'close' });
/** A letter changed in a word of three, or left out of it (Alw / Ali, Knm / Kim, Ai / Ali): a typo, or another name as
 * often (Kim / Lim, Cao / Cho, Hu / Hua), so less credit still, as for two typos in a long word: beside two words that
 * match it lifts a name over the threshold; beside one it stays a near miss. */
const SHORT_SLIP: WordMatch = Object.freeze({ credit: 0.5, kind: 'close' });
/** A nickname (Sasha / Aleksandr, Bill / William): beside an exact surname it matches also when the query leaves out a
 * listed middle name or patronymic (Sasha Lukashenko / Lukashenko, Aleksandr Grigoryevich 80). */
const NICKNAME_CREDIT = 0.68;
/** The same given name in another language: a little more than a nickname (a listed patronymic the query leaves out
 * still lets it match: Peter Ivanov / Ivanov, Pyotr Sergeyevich), less than the name itself. */
const LANGUAGE_CREDIT = 0.7;
const ROMANISATION_CREDIT = 0.9;
const ARTICLE_CREDIT = 0.9;
/** Consonant skeletons of an abjad word and another word, by the skeleton's length (1, 2, 3, 4 or more):
 * a short skeleton fits many names. A query written in an abjad can only be found by its consonants; a
 * Latin query meets an abjad list name whose entry nearly always holds a Latin spelling beside it, so
 * consonants alone count for less that way round (and keep clean Latin names off abjad list names). */
const CONSONANTS_EQUAL_CREDIT: readonly number[] = [0, 0.65, 0.85, 0.92, 0.95];
const CONSONANTS_ONE_EDIT_CREDIT = 0.7;
const LATIN_TO_ABJAD_EQUAL_CREDIT: readonly number[] = [0, 0.6, 0.8, 0.92, 0.95];
const LATIN_TO_ABJAD_ONE_EDIT_CREDIT = 0.68;
const CONSONANTS_ONE_EDIT_MIN_LENGTH = 4;
/** Keys of up to this many consonants are also compared by the long vowels the abjad word writes (vowelLetterKey). */
const VOWELLED_MAX_CONSONANTS = 3;
/** Two or three equal consonants, but a long vowel the abjad word writes missing from the Latin word there (see
 * compareReadings), by the number of consonants. */
const VOWEL_MISSED_CREDIT: readonly number[] = [0, 0, 0.76, 0.78];
/** Loose consonants (looseConsonantKey) meeting count a little less than exact ones. */
const LOOSE_CONSONANTS_FACTOR = 0.95;

const EXACT: WordMatch = Object.freeze({ credit: 1, kind: 'exact' });
/** Words of vowels only, abjad and Latin, writing the same vowels (see compareReadings). */
const VOWELS_ONLY: WordMatch = Object.freeze({ credit: 0.75, kind: 'phonetic', via: 'transliterated' });
const NICKNAME: WordMatch = Object.freeze({ credit: NICKNAME_CREDIT, kind: 'close', via: 'nickname' });
const LANGUAGE: WordMatch = Object.freeze({ credit: LANGUAGE_CREDIT, kind: 'close', via: 'language' });
const ROMANISED: WordMatch = Object.freeze({ credit: ROMANISATION_CREDIT, kind: 'phonetic', via: 'romanisation' });
// Loose: never for words read as one, whose vowels between the words are guessed already.
const OTHER_VOWELS: WordMatch = Object.freeze({ credit: OTHER_VOWELS_CREDIT, kind: 'phonetic', via: 'vowels', loose: true });
/** What a sound-alike match is worth after another spelling of a word, against the same match without one. */
const READING_SOUND_FACTOR = 0.9;
const INITIAL: WordMatch = Object.freeze({ credit: INITIAL_CREDIT, kind: 'initial' });
/** The article as an abjad writes it ("al") and as a Latin spelling assimilates it ("ur", "ud", "ash"). */
const ARTICLE: WordMatch = Object.freeze({ credit: ARTICLE_CREDIT, kind: 'close' });
const DOUBLED_LETTER: WordMatch = Object.freeze({ credit: ONE_EDIT_CREDIT, kind: 'close' });
const I_AS_Y: WordMatch = DOUBLED_LETTER;

/** Two words of one length that differ only where one writes i and the other y, never in the first letter. */
function sameButIY(a: string, b: string): boolean {
  if (a === b || a.charCodeAt(0) !== b.charCodeAt(0)) return false;
  for (let i = 1; i < a.length; i++) {
    const x = a.charAt(i);
    const y = b.charAt(i);
    if (x !== y && !((x === 'i' && y === 'y') || (x === 'y' && y === 'i'))) return false;
  }
  return true;
}

/** Two words of one length that differ only in a first o written u (Omar / Umar, Oday / Uday): the damma that Latin
 * spellings of Arabic names write either way. Longer words meet by their skeleton already (Osman / Usman). */
function sameButFirstOU(a: string, b: string): boolean {
  const x = a.charAt(0);
  const y = b.charAt(0);
  return ((x === 'o' && y === 'u') || (x === 'u' && y === 'o')) && a.length === b.length && a.slice(1) === b.slice(1);
}

/**
 * A given name and the same name for the other gender, told apart by a final a (Maria / Mario, Daniela / Daniel,
 * Alexandra / Aleksandr, Luisa / Luis, Paula / Paulo): another person, not a spelling; but not a surname in -ov or -ev
 * (Petrova / Petrov).
 * The stems are compared folded for sound (foldForSound), so they may be spelled apart (x / ks). A stem of four letters at
 * least; not an o that Tajik, Uzbek or Indonesian spellings write for an Arabic final a (Yahyo, Mustafo, Ridho,
 * Abdullo: stems ending in y, h, f or ull), nor the Belarusian -enka of an -enko, nor a final h or another vowel
 * (Ubaidah, Fatime).
 */
export function otherGender(a: string, b: string): boolean {
  const aa = a.endsWith('a');
  if (aa === b.endsWith('a')) return false;
  const [fem, masc] = aa ? [a, b] : [b, a];
  const stem = fem.slice(0, -1);
  // (Cheap tests first: this runs for most pairs of words compared.)
  if (stem.length < 4 || fem.charCodeAt(0) !== masc.charCodeAt(0) || Math.abs(masc.length - fem.length) > 1) return false;
  // A Slavic surname in -ov or -ev (Petrov, Lavrova): records outside Slavic countries often write a woman's with the
  // man's ending, and no given name ends so: a spelling, not another person; nor in -ovn, -evn (a patronymic cut short).
  if (/[oe]vn?$/.test(masc)) return false;
  if (masc.endsWith('o')) {
    const mascStem = masc.slice(0, -1);
    return !/(?:[yhf]|ull|enk)$/.test(mascStem) && !/(?:[yhf]|ull|enk)$/.test(stem) && foldForSound(stem) === foldForSound(mascStem);
  }
  return !/[aeiouyh]$/.test(masc) && foldForSound(stem) === foldForSound(masc);
}

/** A word with each run of one letter written once. */
const undoubled = (word: string): string => word.replace(/(.)\1+/g, '$1');

// Scratch buffers for Jaro: names are short, so one buffer pair serves every call.
let flagsA = new Uint8Array(64);
let flagsB = new Uint8Array(64);

/** Jaro-Winkler similarity, 0..1 (prefix scale 0.1, prefix up to 4 letters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  if (la > flagsA.length || lb > flagsB.length) {
    flagsA = new Uint8Array(Math.max(la, lb) * 2);
    flagsB = new Uint8Array(Math.max(la, lb) * 2);
  }
  flagsA.fill(0, 0, la);
  flagsB.fill(0, 0, lb);
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    const c = a.charCodeAt(i);
    for (let j = lo; j <= hi; j++) {
      if (flagsB[j] === 0 && b.charCodeAt(j) === c) {
        flagsA[i] = 1;
        flagsB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (flagsA[i] === 0) continue;
    while (flagsB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  const maxPrefix = Math.min(4, la, lb);
  while (prefix < maxPrefix && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

function sameFrom(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  return true;
}

/** True when one substitution, insertion, deletion or swap of neighbours turns `a` into `b`. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la > lb) return sameFrom(a, i + 1, b, i); // deletion
  if (lb > la) return sameFrom(a, i, b, i + 1); // insertion
  if (sameFrom(a, i + 1, b, i + 1)) return true; // substitution
  return a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && sameFrom(a, i + 2, b, i + 2);
}

/**
 * A typo in a short word, or null: SHORT_TYPO for a letter left out of a word of four (not n against ng ending it: Yon /
 * Yong, Son / Song, two Korean or Chinese syllables) or two neighbouring letters of a word of three swapped; SHORT_SLIP for
 * a letter of a word of three changed, or left out leaving two letters that are not a particle (Al / Ali), but not a vowel
 * for a vowel (Ali / Eli, Dan / Don, Tim / Tom) nor w for v (Wan / Van), which in words this short give another name more
 * often than not. Runs for every pair of words with a short one, so it allocates nothing.
 */
function shortWordTypo(a: string, b: string): WordMatch | null {
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  if (shorter.length < 2 || longer.length < 3 || longer.length > 4 || !withinOneEdit(shorter, longer)) return null;
  if (longer.length === 4) {
    const nAgainstNg = shorter.endsWith('n') && longer.charCodeAt(3) === 103 && longer.startsWith(shorter);
    return shorter.length === 3 && !nAgainstNg ? SHORT_TYPO : null;
  }
  let at = 0;
  while (at < shorter.length && shorter.charCodeAt(at) === longer.charCodeAt(at)) at++;
  // Two letters of three, differing here and at the next one, one edit apart: the two swapped.
  if (shorter.length === 3 && at < 2 && shorter.charCodeAt(at + 1) !== longer.charCodeAt(at + 1)) return SHORT_TYPO;
  if (NAME_PARTICLES.has(shorter)) return null;
  if (shorter.length === 2) return SHORT_SLIP;
  const x = shorter.charAt(at);
  const y = longer.charAt(at);
  const vowels = SLIP_VOWELS.includes(x) && SLIP_VOWELS.includes(y);
  return vowels || (x === 'w' && y === 'v') || (x === 'v' && y === 'w') ? null : SHORT_SLIP;
}
const SLIP_VOWELS = 'aeiouy';

/** Abd and the article after it, as Latin spellings write it: abdul, abdel, abdal, abdol; assimilated to a sun letter
 * (abdurrahman, abderrahmane, abdussalam) or with the consonant written once (abdurahman, abdirahman); and Abdul,
 * Abdel, Abdur alone, the first word of a compound written apart. */
const ABD_ARTICLE = /^abd(?:[aeiou]l(?=[a-z]{3})|[aeiou](sh|[tdrzsn])\1|[aeiou](?=(?:sh|[tdrzsn])[aeiou])|[aeiou](?:l|sh|[tdrzsn])$)/;
/** The article and din ending a compound name: uddin, eddine, aldin, ud-din read as one (Salahuddin, Nasreddine);
 * after a name of three letters only with the article's vowel (Nureddin, Izz al-Din, Alaeddin; Ezzedine, Zinedine
 * with one d after a consonant), so Hardin and Claudine stay. */
const ARTICLE_DIN = /(?:(?<=[a-z]{3}[^aeiou])(?:[aeiou][ld])?|(?<=[a-z]{3})[aeiou][ld]|(?<=[a-z]{2}[^aeiou])[eu])d(?:i|ee)ne?$/;

/**
 * A compound name built on the Arabic article with the article written "al": "abd al-rahman" read as one,
 * Abdulrahman, Abdel Rahman read as one, Abdurrahman and Abderrahmane all give abdalrahman(e); Salahuddin, Salah
 * al-Din and Salaheddine give salahaldin.
 */
export function arabicArticleFolded(word: string): string {
  return word.replace(ABD_ARTICLE, (_m, sun?: string) => `abdal${sun ?? ''}`).replace(ARTICLE_DIN, 'aldin');
}

const ARTICLE_COMPOUND = /^abdal|aldin$/;

/** Two words that fold to one compound name built on the article (Abd al-Rahman read as one, Abdurrahman; Salah
 * al-Din, Salahuddin): the same name however the article is written, not merely two that sound alike. */
export function sameArticleCompound(a: ComparableWord, b: ComparableWord): boolean {
  return a.folded === b.folded && a.latin && b.latin && ARTICLE_COMPOUND.test(a.folded);
}

/**
 * Fold spellings that transliterations use for the same sound: q/k, kh/h, gh/g, dh/d, th/t, ou/u, aw/au before a consonant,
 * dj/zh/j, w/v, doubled letters, a leading hard g (Gaddafi/Qaddafi). Input is a lowercase a-z word.
 */
export function foldForSound(word: string): string {
  let s = arabicArticleFolded(word)
    .replace(/dzh/g, 'j')
    .replace(/dj/g, 'j')
    .replace(/zh/g, 'j')
    .replace(/tch/g, 'ch')
    .replace(/sch/g, 'sh')
    .replace(/kh/g, 'h')
    .replace(/gh/g, 'g')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    // An Arabic diphthong written aw or au (Tawhid, Tauhid; Russian Таухид), before a consonant.
    .replace(/aw(?=[^aeiouy]|$)/g, 'au')
    .replace(/w/g, 'v')
    .replace(/ou/g, 'u')
    .replace(/oo/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/c(?=[aou]|[^aeiouyh]|$)/g, 'k')
    .replace(/^g(?=[aou]|[^aeiouy])/, 'k');
  s = s.charAt(0) + s.slice(1).replace(/y/g, 'i');
  return undoubled(s);
}

/** Double Metaphone codes of a folded word, without duplicates. */
export function soundCodes(folded: string): string[] {
  const [primary, secondary] = doubleMetaphone(folded);
  const codes: string[] = [];
  if (primary) codes.push(primary);
  if (secondary && secondary !== primary) codes.push(secondary);
  return codes;
}

const ARTICLE_PREFIX = /^(?:al|el)(?=[a-z]{4,}$)/;

/** Latin digraphs that stand for one consonant of an abjad (ش, خ, غ, ث, ذ/ظ), as one letter. */
export const CONSONANT_DIGRAPHS: Readonly<Record<string, string>> = { sh: 's', ch: 's', kh: 'h', gh: 'g', th: 't', dh: 'd', ph: 'f', zh: 'j' };

/**
 * The consonants of a word as an abjad writes them, in classes that Latin spellings of one Arabic,
 * Persian or Hebrew letter share: w and y dropped (vowels as often as consonants there), d/t, z/s, q/k/c
 * and b/p/v as one letter, vowels, doubled letters and a final h (ta marbuta) dropped. "Usama" and أسامة
 * both give "sm", "Hussein" and حسين "hsn", "Kathim" and كاظم "ktm". A Latin word's digraphs (sh, kh,
 * th...) are read as one letter first; an abjad word (`abjad`) is already one letter per letter.
 */
export function consonantKey(word: string, abjad = false): string {
  // A doubled letter is one consonant (an abjad does not write gemination), dropped before the vowels go,
  // so the two z of "Aziz" (عزيز) and the two d of "Haddad" (حداد, with its alif) stay two.
  const s = consonantClasses(undoubled(lettersOf(word, abjad))).replace(/[aeiouwy]/g, '');
  return s.length > 1 ? s.replace(/h$/, '') : s;
}

/** A word's lower-case letters with Latin consonant digraphs read as one letter (an abjad's c as s). */
function lettersOf(word: string, abjad: boolean): string {
  const s = word.toLowerCase();
  // (An apostrophe keeps two letters apart: "es'haq" is a reading of Eshaq with s and h, see latinReadings.)
  // A c left in an abjad or Brahmic word is the ch of Devanagari च (any-ascii writes it c), read as Latin ch is.
  const read = abjad
    ? s.replace(/c/g, 's')
    : // (chh is the Indian spelling of Devanagari छ, which any-ascii writes ch: one letter too.)
      s.replace(/sch|chh|dzh|dj|[sckgtdpz]h/g, (d) => (d === 'sch' || d === 'chh' ? 's' : d === 'dj' || d === 'dzh' ? 'j' : (CONSONANT_DIGRAPHS[d] ?? d)));
  return read.replace(/[^a-z]/g, '');
}

/** Consonants of one class as one letter; letters of one class side by side are one consonant too (ck, dt). */
function consonantClasses(s: string): string {
  return s
    .replace(/d/g, 't')
    .replace(/z/g, 's')
    .replace(/[qc]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/[pvf]/g, 'b')
    .replace(/([tskb])\1+/g, '$1');
}

/**
 * The consonants of a word read more loosely, for a second try when consonantKey differs: every repeated
 * consonant counts once even across a vowel (an abjad writes Nunez NNZ, a letter-by-letter spelling
 * doubles letters as Latin does: מוהממד), a Latin ch is h (German, Dutch and Hebrew spellings: ח) and kh
 * is k (Hebrew כ, Mikhail = מיכאיל), g is j (below), and
 * with `dropV` a Latin v is dropped, since Hebrew ו and Persian و write a v as often as an o or u
 * (ספרוו = Safarov, ניקולויח = Nikolaevich, جواد = Javad).
 */
export function looseConsonantKey(word: string, abjad = false, dropV = false): string {
  let s = word;
  if (!abjad) {
    s = s.replace(/(?<![st])ch/g, 'h').replace(/kh/g, 'k');
    if (dropV) s = s.replace(/v/g, 'w');
  }
  // g and j as one letter: ج is the g of Egyptian and of foreign names (اردوجن = Erdogan, ميجول = Miguel).
  return undoubled(consonantKey(s, abjad).replace(/g/g, 'j'));
}

/** A Chinese or Korean syllable as romanised: an initial, one to three vowels, a final. */
const SYLLABLE = /^(?:ch|zh|sh|ts|tz|hs|kk|tt|pp|ss|jj|rh|[bcdfghjklmnpqrstwxyz])?(?:[aeiouy]{1,3}|w[aeo]{1,2})(?:ng|n|m|l|k|p|t|r|h|rk|g|b|d)?$/;

/**
 * One key for the romanisations of a Chinese or Korean syllable: pinyin and Wade-Giles (Zhou / Chou, Qing /
 * Ching, Xi / Hsi, Deng / Teng, Dong / Tung), Revised Romanization and McCune-Reischauer (Gim / Kim, Jeong /
 * Jong, Eun / Un, Park / Pak / Bak, Lee / Yi / Rhee / Ri). '' for a word that is not such a syllable.
 */
export function romanKey(written: string): string {
  // Spellings people use beside the systems: Cantonese ow (Chow = Zhou), Korean "oung" for yeong (Young),
  // and an h after a vowel that marks no sound (Ahn = An).
  const word = written.replace(/ow$/, 'ou').replace(/oung/g, 'ong').replace(/^([aeiou])h(?=ng?$)/, '$1');
  if (word.length <= 6 && SYLLABLE.test(word)) return syllableKey(word);
  // A given name of two syllables written as one word (Zhiqiang, Chih-chiang joined, Yeongsu), when it
  // has a mark of Chinese or Korean romanisation: two-syllable words such as "Dina" are too common elsewhere.
  if (word.length > 12 || !CJK_ROMANISATION_MARK.test(word)) return '';
  for (let cut = 2; cut <= word.length - 2; cut++) {
    const first = word.slice(0, cut);
    const second = word.slice(cut);
    if (first.length <= 6 && second.length <= 6 && SYLLABLE.test(first) && SYLLABLE.test(second) && /^[^aeiouy]/.test(second)) {
      return `${syllableKey(first)}-${syllableKey(second, false)}`;
    }
  }
  return '';
}

// (A z starting the word, ua and ei: Zemin, Lihua, Weimin.)
const CJK_ROMANISATION_MARK = /^z|zh|x|q|hs|ts|tz|eo|eu|ng|ao|ui|ie|iu|ou|uo|ua|ei/;

/** `initial`: the syllable starts the word, where Lee / Yi / Rhee / Ri is a surname. */
function syllableKey(word: string, initial = true): string {
  let s = word
    // Wade-Giles tzu is pinyin zi (Sun Tzu = Sunzi); its tsu is pinyin zu.
    .replace(/^tzu$/, 'tzi')
    .replace(/^(?:tz|ts|dz|z|c)(?=[aeiouy])/, 'ts')
    .replace(/^(?:zh|ch|j|q)/, 'ch')
    .replace(/^(?:x|hs)/, 's')
    .replace(/^sh(?=i)/, 's')
    .replace(/^b/, 'p')
    .replace(/^d/, 't')
    .replace(/^g/, 'k')
    .replace(initial ? /^(?:rh|r|l)(?=i|ee|y)/ : /^$/, '')
    .replace(initial ? /^y(?=i)/ : /^$/, '')
    .replace(/eo/g, 'o')
    .replace(/eu/g, 'u')
    .replace(/oo/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/ung$/, 'ong')
    .replace(/ien$/, 'ian')
    .replace(/ieh$/, 'ie')
    // A Hangul final written as any-ascii and some files do, g, b, d, is the k, p, t of both romanisations (박 Bag = Pak).
    .replace(/(?<=[aeiouy])g$/, 'k')
    .replace(/(?<=[aeiouy])b$/, 'p')
    .replace(/(?<=[aeiouy])d$/, 't')
    .replace(/ark$/, 'ak')
    .replace(/o[ei]$/, 'oe')
    // Korean popular spelling writes eo as u before n, l, k (Hyun, Chul, Suk, Jun for Hyeon, Cheol, Seok,
    // Jeon); pinyin has no syllable in on, ol or ok to be confused with.
    .replace(/(?<=^[^aeiouy]+y?)u(?=[nlk]$)/, 'o')
    // Woo and U, Hee and Hui: one Korean syllable each.
    .replace(/^w(?=u$)/, '')
    // Korean writes wa where pinyin writes ua (Hwang = Huang, Kwang = Kuang).
    .replace(/^([kh])w(?=a)/, '$1u')
    .replace(/^hui$/, 'hi')
    // Pinyin e after g, k, h is Wade-Giles o (He = Ho, Ge = Ko).
    .replace(/^([kh])e$/, '$1o')
    // A Korean surname's initial r is read n before a, ae and o (Roh = Noh, Ra = Na).
    .replace(initial ? /^r(?=(?:a|ae|o)h?$)/ : /^$/, 'n');
  if (s.length > 2 || /^[aeiou]h$/.test(s)) s = s.replace(/h$/, '');
  return s;
}

/** Links two different names both ways in a symmetric relation. */
function linkBoth(table: Map<string, Set<string>>, a: string, b: string): void {
  if (a === b) return;
  for (const [x, y] of [[a, b], [b, a]] as const) {
    let set = table.get(x);
    if (!set) table.set(x, (set = new Set()));
    set.add(y);
  }
}

/** Both nickname tables as one symmetric relation between normalised given names. */
function nicknameTable(): Map<string, Set<string>> {
  const table = new Map<string, Set<string>>();
  for (const csv of [US_NICKNAMES_CSV, MORE_NICKNAMES_CSV]) {
    for (const line of csv.split('\n')) {
      // No particles: "al" or "van" are parts of other names too.
      const names = line
        .split(',')
        .map((n) => n.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim())
        .filter((n) => /^[a-z]{2,}$/.test(n) && !NAME_PARTICLES.has(n));
      const [first, ...others] = names;
      if (first === undefined) continue;
      for (const other of others) linkBoth(table, first, other);
    }
  }
  return table;
}


/** The given-name table (data/given-names-languages.ts) as a relation: every name of a line with every other. */
function languageTable(): Map<string, Set<string>> {
  const table = new Map<string, Set<string>>();
  for (const line of GIVEN_NAME_LANGUAGES_CSV.split('\n')) {
    const names = [...new Set(line.split(',').map((n) => n.trim()).filter((n) => /^[a-z]{2,}$/.test(n)))];
    for (const name of names) {
      let set = table.get(name);
      if (!set) table.set(name, (set = new Set()));
      for (const other of names) if (other !== name) set.add(other);
    }
  }
  return table;
}

const LANGUAGES: ReadonlyMap<string, ReadonlySet<string>> = languageTable();

/**
 * The nickname tables, and a nickname also linked to its full name's forms in other languages (given-names-languages)
 * when the two share three letters in a row: Tony (Anthony) is Antonio's and Antoine's, Kate (Catherine) Ekaterina's,
 * Mike (Michael) Mikhail's; Jack (John) is not Yahya's, nor Bob (Robert) Roberto's. Only a short form is linked so, never
 * across genders (Paula, in the tables beside Paul, is no Paulo).
 */
function nicknamesAcrossLanguages(): Map<string, Set<string>> {
  const table = nicknameTable();
  const added: Array<[string, string]> = [];
  for (const [nickname, names] of table) {
    for (const name of names) {
      // Only a short form (shorter than the name it stands for), and never across genders (Paula is no Paulo).
      if (nickname.length >= name.length) continue;
      for (const other of LANGUAGES.get(name) ?? []) {
        if (other === nickname || names.has(other) || !shareThreeLetters(nickname, other) || otherGender(nickname, other)) continue;
        added.push([nickname, other]);
      }
    }
  }
  for (const [a, b] of added) linkBoth(table, a, b);
  return table;
}

function shareThreeLetters(a: string, b: string): boolean {
  for (let i = 0; i + 3 <= a.length; i++) if (b.includes(a.slice(i, i + 3))) return true;
  return false;
}

const NICKNAMES: ReadonlyMap<string, ReadonlySet<string>> = nicknamesAcrossLanguages();

/** Names the nickname tables give for a normalised given name. */
export function nicknamesOf(word: string): ReadonlySet<string> | undefined {
  return NICKNAMES.get(word);
}

/** Prepare a normalised word for comparison. */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) - 97);
  return mask;
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Upper bound of jaroWinkler(a, b): letters of one word absent from the other can never match. */
function jaroWinklerBound(a: ComparableWord, b: ComparableWord): number {
  const la = a.text.length;
  const lb = b.text.length;
  const m = Math.min(la - bitCount(a.letters & ~b.letters), lb - bitCount(b.letters & ~a.letters));
  if (m <= 0) return 0;
  const jaro = (m / la + m / lb + 1) / 3;
  return jaro + 0.4 * (1 - jaro);
}

/**
 * Letters of an abjad word that Latin spellings write two ways, and their two readings: Ð (ذ ظ ض) is d or z,
 * Þ (ث) t or s (see normalize.ts TWO_READING_LETTERS), Q (ق) the q or k of most spellings and the g of North
 * African, Gulf and Egyptian ones (Qasimi / Gasmi, Qadir / Ghedeir), K (ك) also a g, a final H also a t. Every
 * occurrence of one letter is read the same way, so a word has at most sixty-four readings.
 */
const ABJAD_READINGS: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/Ð/g, 'D', 'Z'],
  [/Þ/g, 'T', 'S'],
  [/Q/g, 'Q', 'G'],
  // ك, which Arabic also writes for the g of Persian, Pashto and foreign names (كل Gul, انكلترا England).
  [/K/g, 'K', 'G'],
  // A final ه, or ة read as ه (normalize.ts), is the t of ta marbuta in a construct and in Persian, Urdu and
  // Turkish spellings (جماعة Jamaat, عصبة Asbat, نصرة Nusrat, رحمة Rahmat); never the h of Allah (الله, عبدالله,
  // نصرالله), whose two lams only the name of God writes at the end of a word.
  [/(?<=.)(?<!LL)H$/, 'H', 'T'],
  // Urdu writes the h of Chaudhry after the waw, before the d (چوہدری): Latin spellings after the d (dh, one letter to
  // the consonant keys) or not at all (Choudry).
  [/(?<=W)H(?=D)/g, 'H', ''],
];

/** An abjad word's readings, the usual one first (Ð as D, Þ as T, Q as Q). */
export function abjadReadings(text: string): string[] {
  let readings = [text];
  for (const [letter, usual, other] of ABJAD_READINGS) {
    letter.lastIndex = 0;
    if (!letter.test(text)) continue;
    readings = readings.flatMap((r) => [r.replace(letter, usual), r.replace(letter, other)]);
  }
  return readings;
}

/** A Latin c that is not part of ch, ck or sc: an s as often as a k (Faycal = فيصل, Lounici = لونيسي, Garcia = גרסיה
 * or גרקיה). */
const LONE_C = /(?<!s)c(?![hk])/g;
const HAS_LONE_C = /(?<!s)c(?![hk])/;

/** A Latin digraph that may be two letters of an abjad: Eshaq (اسحاق, s h), Lakhal (لكحل), Mazhari (مظهری), Fathi (فتحي). */
const DIGRAPH = /(?<![sckgtdz])([sckgtdz])h/g;
const SPLIT_DIGRAPH = "$1'h";

/** A Latin tz or ts: one letter of Hebrew (צ: Yitzhak = יצחק, Tsipi = ציפי), two of Arabic (تس). */
const TZ = /t[sz]/g;

/** An English h unspoken between a vowel and a consonant (John, Johnson), which an abjad spelling leaves out (ג'ון). */
const SILENT_H = /(?<=o)h(?=n)/g;

/** The j of Spanish names, which Hebrew writes ח and Arabic خ (José = חוסה, خوسيه; Juan = חואן, خوان). */
const SPANISH_J = /j(?=[aeiou])/g;

/** The ch of English and Spanish names, which Arabic writes تش (Chavez = تشافيز, Charles = تشارلز). */
const CH_AS_TSH = /(?<!s)ch/g;

/** A Latin word's readings for comparison with an abjad word, the usual one first: then with a lone c read as s,
 * with tz and ts as one letter, with its digraphs read as two letters, without an unspoken h, with a j before a
 * vowel read as the h of Spanish, with ch as the t and sh Arabic writes for it, and with the x of pinyin as the sh
 * Arabic and Persian write for it (Xi = شي). */
function latinReadings(text: string): string[] {
  const readings = [text];
  for (const other of [text.replace(SPANISH_J, 'h'), text.replace(CH_AS_TSH, 'ts'), text.replace(/x/g, 's')]) {
    if (other !== text) readings.push(other);
  }
  SILENT_H.lastIndex = 0;
  if (SILENT_H.test(text)) readings.push(text.replace(SILENT_H, ''));
  if (HAS_LONE_C.test(text)) readings.push(text.replace(LONE_C, 's'));
  TZ.lastIndex = 0;
  if (TZ.test(text)) readings.push(text.replace(TZ, "s'"));
  DIGRAPH.lastIndex = 0;
  if (DIGRAPH.test(text)) readings.push(text.replace(DIGRAPH, SPLIT_DIGRAPH));
  return readings;
}

// (vowelled is only ever read for a key of one to three consonants, see compareReadings.)
function abjadKeys(text: string): ConsonantReading {
  const consonants = consonantKey(text, true);
  return {
    consonants,
    looseConsonants: looseConsonantKey(text, true),
    looseConsonantsNoV: /[VW]/.test(text) ? looseConsonantKey(text.replace(/V/g, 'W'), true) : '',
    vowelled: consonants.length <= VOWELLED_MAX_CONSONANTS ? vowelLetterKey(text, true) : '',
  };
}

function latinKeys(text: string): ConsonantReading {
  const consonants = consonantKey(text);
  const loose = looseConsonantKey(text);
  return {
    consonants,
    looseConsonants: loose,
    looseConsonantsNoV: text.includes('v') ? looseConsonantKey(text, false, true) : loose,
    vowelled: consonants.length <= VOWELLED_MAX_CONSONANTS ? vowelLetterKey(text, false) : '',
  };
}

/**
 * The letters of consonantKey with the vowels kept as classes: A (a), I (i, y; Latin ee), U (u, o, w), and a
 * Latin e, which stands for either an a or an i (E). An abjad writes long vowels (ا, ي, و; Hebrew י, ו), so
 * the vowels it writes must be among those of a Latin spelling of the word: علي ALY = Ali, آغا AGA = Agha,
 * ضیا ÐYA = Zia. A final h is dropped as consonantKey drops it.
 */
export function vowelLetterKey(word: string, abjad: boolean): string {
  // The alif of Allah inside a compound name is not spoken (عبد الله Abdullah, امین الله Aminullah): no long vowel.
  const letters = abjad ? word.replace(ALLAH_INSIDE, 'LL') : word;
  let s = consonantClasses(undoubled(lettersOf(letters, abjad).replace(/ee/g, 'i')));
  // A Latin w or y before a vowel is a consonant, which only an abjad's و or ي can stand for (Wan is not ان).
  if (!abjad) s = s.replace(/[wy](?=[aeiou])/g, (c) => (c === 'w' ? 'W' : 'Y'));
  s = s
    .replace(/[iy]/g, 'I')
    .replace(/[uow]/g, 'U')
    .replace(/a/g, 'A')
    .replace(/e/g, abjad ? 'A' : 'E')
    .replace(/([AIUE])\1+/g, '$1');
  return /[a-z].*h$/.test(s) ? s.slice(0, -1) : s;
}

const VOWEL_CLASS = /[AIUE]/;
const ALLAH_INSIDE = /(?<=.)ALL(?=H?$)/;
const VOWELS_AND_SEMIVOWELS = /[AIUEWY]/g;

/** The vowelled keys (vowelLetterKey) of an abjad word and a Latin word, both without consonants, writing the same
 * vowels one for one (יו = Yu, you; או = Oo, an alif before a vowel being its seat; not יי = Ya). */
function sameVowels(abjadKey: string, latinKey: string): boolean {
  const abjad = abjadKey.length > 1 && abjadKey.charAt(0) === 'A' && VOWEL_CLASS.test(abjadKey.charAt(1)) ? abjadKey.slice(1) : abjadKey;
  const latin = latinKey.replace(/Y/g, 'I').replace(/W/g, 'U').replace(/([AIUE])\1+/g, '$1');
  if (abjad.length !== latin.length) return false;
  for (let i = 0; i < abjad.length; i++) {
    const l = latin.charAt(i);
    if (l !== abjad.charAt(i) && !(l === 'E' && abjad.charAt(i) !== 'U')) return false;
  }
  return true;
}

/** Two vowelled keys (vowelLetterKey) with the same consonants in the same order. */
function sameLetters(a: string, b: string): boolean {
  return a.replace(VOWELS_AND_SEMIVOWELS, '') === b.replace(VOWELS_AND_SEMIVOWELS, '');
}
const FINAL_VOWEL_WRITTEN = /[IU]/;
/** A Latin word's letter that an abjad's vowel letter can stand for, and which it must (a consonant w or y). */
const SEMIVOWEL: Readonly<Record<string, string>> = { W: 'U', Y: 'I' };

/**
 * How many vowel letters of an abjad word (`abjadKey`, see vowelLetterKey) a Latin spelling (`latinKey`) also
 * writes, between the same consonants and in the same order, or -1 when one of them is missing there (an abjad
 * ي at the end may be the a of alif maqsura, يحيى Yahya) or the Latin word ends in a long vowel the abjad word
 * does not write. Only for keys with the same consonants.
 */
export function writtenVowelsMet(abjadKey: string, latinKey: string): number {
  // An alif or aleph starting a word is a seat for whatever vowel starts it (ابراهيم Ibrahim, איל Il): before
  // another vowel letter it is that letter's seat, and alone any vowel meets it.
  let i = abjadKey.charAt(0) === 'A' && VOWEL_CLASS.test(abjadKey.charAt(1)) ? 1 : 0;
  let j = 0;
  let met = 0;
  while (i < abjadKey.length) {
    const c = abjadKey.charAt(i);
    if (!VOWEL_CLASS.test(c)) {
      // A consonant: the Latin vowels before it are passed over (short vowels an abjad leaves unwritten).
      while (j < latinKey.length && VOWEL_CLASS.test(latinKey.charAt(j))) j++;
      if (latinKey.charAt(j) !== c) return -1;
      i++;
      j++;
      continue;
    }
    const last = i === abjadKey.length - 1;
    let found = false;
    // A seat, or a final ي met by an a, agrees without telling the vowel: not counted.
    let weak = false;
    while (j < latinKey.length && (VOWEL_CLASS.test(latinKey.charAt(j)) || SEMIVOWEL[latinKey.charAt(j)] === c)) {
      const l = latinKey.charAt(j++);
      if (l === c || SEMIVOWEL[l] === c || (l === 'E' && c !== 'U')) {
        found = true;
        weak = i === 0 && c === 'A';
        break;
      }
      if ((i === 0 && c === 'A') || (last && c === 'I' && l === 'A')) {
        found = true;
        weak = true;
        break;
      }
    }
    if (!found) return -1;
    if (!weak) met++;
    i++;
  }
  // After an abjad word ending in a consonant a Latin spelling may add an a or e, which an abjad leaves unwritten,
  // but not an i, o or u, which it writes (و, ي: Beto بيتو, Fadi فادي).
  const endsInConsonant = !VOWEL_CLASS.test(abjadKey.charAt(abjadKey.length - 1));
  while (j < latinKey.length && VOWEL_CLASS.test(latinKey.charAt(j))) {
    if (endsInConsonant && FINAL_VOWEL_WRITTEN.test(latinKey.charAt(j))) return -1;
    j++;
  }
  return j === latinKey.length ? met : -1;
}

/** Keys of the readings after the first, those that differ from it. */
function otherKeys(readings: readonly string[], keys: (text: string) => ConsonantReading): ConsonantReading[] {
  const [first, ...others] = readings.map(keys);
  return others.filter((r) => r.consonants !== first?.consonants || r.looseConsonants !== first.looseConsonants);
}

/** Letters of a German, Polish or French rendering of a Slavic name that say the word was written that way: tsch,
 * sch, sz, cz, a final -ij, -ej, -aj, -oj (German and Polish write й as j), a final -ff, the Belarusian -enka of a
 * Russian or Ukrainian -enko, a French i starting a word before a vowel (Ievgeni = Yevgeni), and a w or a French ou
 * in a word with a Slavic ending (Lawrow, Poutine; not Howard or Youssef, whose w and ou folding for sound already
 * reads as v and u), and so a French tch (Chevtchenko, not Mitchell) and a j starting a word with a Slavic ending
 * (Jelzin, Jakunin). */
const SLAVIC_MIN_LENGTH = 5;
/** A j between a consonant and a vowel: the y of ё, я, ю after a consonant, as German and Polish write it (Pjotr = Pyotr,
 * Fjodor = Fyodor, Artjom = Artyom). */
const CONSONANT_J = '[bcdfgklmnprstvwz]j[aeiou]';
const SLAVIC_ENDING = '(?:ow|ew|owa|ewa|ski|skij|sky|in|ina|yn|enko|uk|ov|ev|ova|eva|ine|itch|ij|ej|aj|vna|wna|ich|icz)$';
const SLAVIC_MARK = new RegExp(`tsch|sch|sz|cz|[aeiou]j$|[aeiou]j[aeiou]|${CONSONANT_J}|ff$|enka$|^i[aeiou]|^(?=.*(?:w|ou|tch)).*${SLAVIC_ENDING}|^j[aeiou].*${SLAVIC_ENDING}`);
/** French marks (tch, ou), which also make a ch the sh of English spellings (Chevtchenko = Shevchenko). */
const FRENCH_MARK = /tch|ou/;
/** German and Polish marks, which also make a ch the kh and a j before a vowel the y of English spellings (and a
 * z or c the ts, see slavicSpellings); a j starting a Slavic name is one too (Jelzin = Yeltsin). */
const GERMAN_POLISH_MARK = new RegExp(`sch|sz|cz|w|[aeiou]j$|[aeiou]j[aeiou]|${CONSONANT_J}|^j[aeiou].*${SLAVIC_ENDING}`);
const SLAVIC_LETTERS = /szcz|tsch|sch|sz|cz|tch|ch|w|ou|ff$|enka$|j(?=[aeiou])|(?<=[aeiou])j|^i(?=[aeiou])/g;
const OV_AFTER_HUSHING = /(?<=[csz]h)ov$/;
const LONE_Z_OR_C = /(?<![stc])(?:z(?!h)|c(?![hk]))/g;
const SLAVIC_ENGLISH: Readonly<Record<string, string>> = {
  szcz: 'shch', tsch: 'ch', sch: 'sh', sz: 'sh', cz: 'ch', tch: 'ch', ch: 'kh', w: 'v', ou: 'u', ff: 'v', enka: 'enko', j: 'y', i: 'y',
};


/** One mark of a German, Polish or French spelling (SLAVIC_LETTERS) as English writes it. */
function toEnglish(mark: string, germanPolish: boolean, french: boolean): string {
  // German and Polish write kh as ch and y as j, French sh as ch; in other words they are what English writes.
  if (mark === 'ch' && french) return 'sh';
  if ((mark === 'ch' || mark === 'j') && !germanPolish) return mark;
  return SLAVIC_ENGLISH[mark] ?? mark;
}

/**
 * The English (BGN/PCGN-like) spelling of a Slavic name that German, Polish or French spelling writes (Gorbatschow =
 * Gorbachov, Janukowytsch = Yanukovych, Szewczenko = Shevchenko, Tschernow = Chernov, Poutine = Putin, Chodorkowski
 * = Khodorkovski, Lukashenka = Lukashenko); for a word with sch also with zh, which German writes the
 * same way (Schirinowski = Zhirinovski, Prigoschin = Prigozhin), and for a German or Polish word with a z or c also with ts, which German
 * writes z and Polish c (Zyplakow = Tsyplakov, Calikow = Tsalikov). [] for a word without such a mark.
 */
export function slavicSpellings(text: string): string[] {
  // (A short word read another way meets too many other short words: a word of four letters is never read so, and
  // a w, ou or tch makes a reading only in a word with a Slavic ending: Wivsa is not read vivsa, close to Visa.)
  if (text.length < SLAVIC_MIN_LENGTH || !SLAVIC_MARK.test(text)) return [];
  const germanPolish = GERMAN_POLISH_MARK.test(text);
  const french = !germanPolish && FRENCH_MARK.test(text);
  const toEnglishLetters = (s: string) => s.replace(SLAVIC_LETTERS, (m) => toEnglish(m, germanPolish, french));
  const english = toEnglishLetters(text);
  const readings = [english];
  // German writes zh as sch too, starting a word (Schirinowski = Zhirinovsky) or inside one (Prigoschin = Prigozhin,
  // Breschnew = Brezhnev): read so all at once (a word seldom has both).
  if (/(?<!t)sch/.test(text)) readings.push(toEnglishLetters(text.replace(/(?<!t)sch/g, 'ʒ')).replace(/ʒ/g, 'zh'));
  const spellings: string[] = [];
  for (const reading of readings) {
    if (reading !== text && !spellings.includes(reading)) spellings.push(reading);
    // German and Polish write the ending that English writes -ev after ch, sh, zh as -ow (Gorbatschow = Gorbachev).
    const ev = reading.replace(OV_AFTER_HUSHING, 'ev');
    if (germanPolish && ev !== reading) spellings.push(ev);
  }
  if (germanPolish) {
    // (The z of cz and sz is gone from the English spelling, its ch and sh stay.)
    const withTs = english.replace(LONE_Z_OR_C, 'ts');
    if (withTs !== english) spellings.push(withTs);
  }
  return spellings;
}

/** Marks of the older Indonesian and Malay spellings (tj, oe), of sy for the sh of Arabic names, and of a ch between
 * a vowel and a, o, u or a consonant for their kh or h (not before e or i, nor ending a word: the ch of other
 * languages, Abramovich). */
const MALAY_CH = /(?<=[aeiou])ch(?=[a-df-hj-z])/g;
const MALAY_MARK = new RegExp(`sy[aeiou]|${MALAY_CH.source}|tj|oe`);
/** A ch that French spellings of Arabic names write for sh (Cherif, Hachem, Kouachi, Achraf): any but a last one. */
const FRENCH_CH = /ch(?=[a-z])/g;
/** A French ou before a vowel, the w of other spellings, and a c before e or i, their s. */
const FRENCH_OU = /ou(?=[aeiy])/g;
const FRENCH_C = /c(?=[ei])/g;
/** The c is read so only in a word French spelling of an Arabic name marks: with an ou, or ending -cine, -cen, -cef
 * (Youcef, Hocine, Lahcen); Francesca, Marcelo keep theirs, and so their gender. */
const FRENCH_ARABIC_MARK = /ou|c(?:ine|en|ef)$/;
/** One Chinese or Korean syllable (Cheng, Chang, Chong): its ch is never sh (Cheng and Sheng are two names). */
const CH_SYLLABLE = /^ch[aeiouy]{1,3}(?:n|ng)?$/;

/**
 * The spellings of a name written in the older Indonesian or Malay way, or the French way, as the lists also write
 * it: tj as c, oe as u (Tjandra = Candra, Soekarno = Sukarno), sy before a vowel as sh (Ba'asyir = Baashir, Rosyid
 * = Roshid), a ch after a vowel as h and as kh (Mochammad = Mohammad, Achmad = Ahmad, Mochtar = Mokhtar); and a ch
 * as the sh that French spellings of Arabic names write so (Cherif = Sherif, Hachem = Hashem, Kouachi = Kouashi), with
 * an ou before a vowel as w and, in a word so marked, a c before e or i as s (Karadaoui = Karadawi, Youcef = Yousef).
 * dj is j already (foldForSound). [] for a word without such a mark, or shorter than five letters (Korean Choe is no
 * Chu, Chen no Shen).
 */
export function malayFrenchSpellings(text: string): string[] {
  if (text.length < 5) return [];
  const spellings: string[] = [];
  if (MALAY_MARK.test(text)) {
    const base = text.replace(/tj/g, 'c').replace(/oe/g, 'u').replace(/sy(?=[aeiou])/g, 'sh');
    spellings.push(base.replace(MALAY_CH, 'h'), base.replace(MALAY_CH, 'kh'));
  }
  const french = text.includes('ch') && !CH_SYLLABLE.test(text) ? text.replace(FRENCH_CH, 'sh') : text;
  if (french !== text) spellings.push(french);
  // French also writes the w of Arabic names ou before a vowel and their s c before e or i (Karadaoui = Qaradawi,
  // Ouahid = Wahid, Youcef = Yousef).
  let frenchLetters = french.replace(FRENCH_OU, 'w');
  if (FRENCH_ARABIC_MARK.test(text)) frenchLetters = frenchLetters.replace(FRENCH_C, 's');
  if (frenchLetters !== french) spellings.push(frenchLetters);
  return [...new Set(spellings)].filter((s) => s !== text);
}

/** A word's one other spelling, as the readings below give it: [] when it is the word itself. */
function otherSpelling(text: string, spelled: string): string[] {
  return spelled === text ? [] : [spelled];
}

/**
 * The spellings of an Arabic name with th or dh as Persian, Urdu and Turkish spellings write it, where those letters
 * (ث, ذ, ض, ظ) are said s and z: Harith = Haris, Uthman = Usman, Thabit = Sabit, Dhakir = Zakir, Ramadhan = Ramazan.
 * [] for a word without th or dh, or shorter than five letters.
 */
export function interdentalSpellings(text: string): string[] {
  if (text.length < 5 || !/[td]h/.test(text)) return [];
  const spelled = text.replace(/th/g, 's').replace(/dh/g, 'z');
  return otherSpelling(text, spelled);
}

/** A g that Egyptian spellings write for ج (Gamal, Hegazi, Ragab, Golani, Gomaa): before a, o or u, not after an n
 * (Wang, Tonga). Before e or i, where Italian and Spanish write a j sound with it too (Giorgia, Jorge), and in the gue
 * and gui of Spanish (Miguel), it is left. */
const EGYPTIAN_G = /(?<!n)g(?=[ao]|u(?![ei]))/g;

/**
 * The spelling of an Arabic name that Egyptian spellings write with g for the j of other spellings, as they write it
 * (Gamal = Jamal, Hegazi = Hijazi, Ragab = Rajab, Golani = Jolani). [] for a word without such a g, or shorter than
 * four letters.
 */
export function egyptianSpellings(text: string): string[] {
  if (text.length < 4 || !text.includes('g')) return [];
  const spelled = text.replace(EGYPTIAN_G, 'j');
  return otherSpelling(text, spelled);
}

/** A Turkish c, which is said and other spellings write j (Cemal = Jamal, Cihad = Jihad, Necip = Najib): starting a
 * word or after a vowel, before e, i or u, or before the d or m of Necdet and Necmettin (Najd, Najm). After a consonant
 * it is the c of other languages (Francesca, Vincenzo, Finance), and before a or o their k as often (Camila is no
 * Jamila): a name that Turkish letters mark is read so there too (normalize.ts). */
const TURKISH_C = /(?<=^|[aeiou])c(?=[eiudm])/g;
/** The -ttin that Turkish writes for the ad-Din of Arabic names, assimilated (Nurettin = Nureddin = Nur al-Din,
 * Selahattin = Salah al-Din). */
const TURKISH_DIN = /(?<=[a-z]{2}[aeiu])ttin$/;

/** Any c before a vowel, read as j in a name that Turkish letters mark (Cafer = Jafar). */
const TURKISH_MARKED_C = /(?<!s)c(?=[aeiouy])/g;

/**
 * The spellings of a name that Turkish orthography writes, as other spellings write it: c for j (Cemal = Jamal, Cüneyt
 * = Junaid) and -ttin for -ddin (Nurettin = Nureddin); and the Arabic name's own vowels and final consonant besides,
 * since Turkish writes its a as e in most such names and a final d or b as t or p (Cemile = Jamila, Necip = Najib, Mecit
 * = Majid, Mücahit = Mujahid). `marked`: the name has Turkish letters (normalize.ts), and a c before a or o is read j
 * too. [] for a word without such a c or ending, or shorter than four letters.
 */
export function turkishSpellings(text: string, marked = false): string[] {
  if (text.length < 4 || !/c|ttin$/.test(text)) return [];
  const spelled = text.replace(marked ? TURKISH_MARKED_C : TURKISH_C, 'j').replace(TURKISH_DIN, 'ddin');
  return spelled === text ? [] : withArabicVowels(spelled);
}

/**
 * The spellings of a name that Albanian orthography writes with xh for j (Xhafer = Jafar, Rexhep = Rajab, Xhemal =
 * Jamal), with the Arabic name's vowels and final consonant besides, as in Turkish spellings (Albanian took these
 * names from Ottoman Turkish). [] for a word without xh.
 */
export function albanianSpellings(text: string): string[] {
  return text.includes('xh') ? withArabicVowels(text.replace(/xh/g, 'j')) : [];
}

/** A spelling, and besides it the same with a for e and a final d or b for a t or p, as the Arabic name writes them. */
function withArabicVowels(spelled: string): string[] {
  const arabic = spelled.replace(/e/g, 'a').replace(/t$/, 'd').replace(/p$/, 'b');
  return arabic === spelled ? [spelled] : [spelled, arabic];
}

/** Marks of a Belarusian name in Latin (or Cyrillic transliterated): ў ending it as ou, au, eu (Karpiankou, Makarau), dz
 * before a consonant or i (Dzmitry, Uladzimir), the -enka of Russian -enko, and ia with an h or r-h (Siarhei). */
const BELARUSIAN_MARK = /[aeo]u$|dz(?=[^aeouy])|enka$|[bcdfklmnprstvz](?:ia|ya).*h|rh/;

/**
 * The Russian spelling of a Belarusian name as the lists also write it (Karpiankou = Karpenkov, Siarhei = Sergei,
 * Halouchenka = Golovchenko, Dzmitry = Dmitry): ў as v (ou, au, eu ending the word or before a consonant), h as g (not
 * in sh, ch, kh, zh), ia or ya after a consonant as e, dz before a consonant or i as d, -enka as -enko, ll as l. []
 * for a word without a Belarusian mark (BELARUSIAN_MARK), or shorter than five letters.
 */
export function belarusianSpellings(text: string): string[] {
  if (text.length < 5 || !BELARUSIAN_MARK.test(text)) return [];
  const spelled = text
    .replace(/([aeo])u(?=$|[bcdfgklmnprstvz])/g, '$1v')
    .replace(/(?<![sckz])h/g, 'g')
    .replace(/(?<=[bcdfgklmnprstvz])(?:ia|ya)/g, 'e')
    .replace(/dz(?=[^aeouy])/g, 'd')
    .replace(/enka$/, 'enko')
    .replace(/ll/g, 'l');
  return otherSpelling(text, spelled);
}

/** The yo of Russian ё after a consonant, which the lists also write e (Tsaryov = Tsarev, Gorbachyov = Gorbachev); not
 * in a word's first syllable, where it is a given name's (Pyotr, Fyodor), which the table of given names meets as such. */
const YO_AFTER_CONSONANT = /(?<=.{2}[bcdfgklmnprstvz])yo/g;

/** A word of five letters or more with the yo of Russian ё after a consonant, also read with e for it. [] for a word
 * without. */
export function yoSpellings(text: string): string[] {
  if (text.length < 5) return [];
  const spelled = text.replace(YO_AFTER_CONSONANT, 'e');
  return otherSpelling(text, spelled);
}

/** A Somali x beside a vowel: ح, which other spellings write h; not before an i, where it is the x of pinyin (Baoxia,
 * Xiaoping), and one ending a word only in a word with a long vowel written twice (Faarax = Farah; Felix and Alex
 * stay). */
const SOMALI_X = /(?<=[aeiou])x(?!i|$)|x(?=[aeou])/g;
const SOMALI_FINAL_X = /(?<=[aeiou])x$/;
const SOMALI_LONG_VOWEL = /aa|ii|oo|uu/;
/** A Somali c, ع, which other spellings leave out: any c but that of ch and ck. */
const SOMALI_C = /c(?![hk])/g;

/**
 * The spelling of an Arabic name that Somali orthography writes, as other spellings write it: x for ح as h (Maxamed =
 * Mohamed, Xasan = Hassan, Cabdiraxmaan = Abdirahman) and c for ع left out (Cabdi = Abdi, Jaamac = Jama, Ismaaciil
 * = Ismail). The c is read so only in a word the Somali way marks: a Somali x, a long vowel written twice (aa, ii,
 * oo, uu), or Cabd- starting it (Carlos and Marcos keep their c). [] for a word without such a mark, or shorter than
 * four letters.
 */
export function somaliSpellings(text: string): string[] {
  if (text.length < 4) return [];
  const longVowel = SOMALI_LONG_VOWEL.test(text);
  let withX = text.replace(SOMALI_X, 'h');
  if (longVowel) withX = withX.replace(SOMALI_FINAL_X, 'h');
  const marked = withX !== text || longVowel || text.startsWith('cabd');
  if (!marked) return [];
  const spelled = withX.replace(SOMALI_C, '');
  return spelled.length < 3 ? [] : otherSpelling(text, spelled);
}

/**
 * A Maghrebi name that French spellings write with the article's l alone joined to it (Lazhar = al-Azhar, Lakhdar =
 * al-Akhdar, Larbi = al-Arabi, Lamine = al-Amin, Lhoussine = al-Husayn), also read with the article written out. []
 * for a word of fewer than five letters or not starting with la or lh.
 */
export function maghrebiArticleSpellings(text: string): string[] {
  return text.length >= 5 && /^l[ah]/.test(text) ? [`a${text}`] : [];
}

/** Abd as Malay and Indonesian records abbreviate Abdul (Abd. Rahman, Abd Aziz): also read written out. */
const ABD_WRITTEN_OUT = 'abdul';

/** Prepare a normalised word for comparison; `spellings`: its other Latin spellings (see ComparableWord.spellings). */
export function comparableWord(text: string, spellings?: readonly string[], transcribed?: Transcription): ComparableWord {
  // A transcribed word's Latin letters are a reading of its own, compared with Latin words only as such (transcription.ts).
  if (transcribed) return { ...comparableSpelling(text), transcribed };
  const word = comparableSpelling(text);
  // (An abjad word of a business name may have Latin spellings too: its English translation, normalize.ts.)
  const others = word.latin || word.abjad
    ? [
        ...new Set([
          ...(spellings ?? []),
          ...(word.latin ? [...slavicSpellings(text), ...somaliSpellings(text), ...belarusianSpellings(text), ...yoSpellings(text)] : []),
        ]),
      ].filter((s) => s !== text && /^[a-z]+$/.test(s))
    : [];
  const latinOnly = word.latin
    ? [
        ...new Set([
          ...malayFrenchSpellings(text),
          ...interdentalSpellings(text),
          // (Against an abjad word a g already meets a j: consonantKey's looser key.)
          ...egyptianSpellings(text),
          ...turkishSpellings(text),
          ...albanianSpellings(text),
          ...(text === 'abd' ? [ABD_WRITTEN_OUT] : []),
        ]),
      ].filter((s) => !others.includes(s))
    : [];
  const withArticle = word.latin ? maghrebiArticleSpellings(text) : [];
  if (others.length === 0 && latinOnly.length === 0 && withArticle.length === 0) return word;
  return {
    ...word,
    spellings: [
      ...others.map((s) => comparableSpelling(s)),
      ...latinOnly.map((s) => ({ ...comparableSpelling(s), latinOnly: true as const })),
      // Read with the article written out only to meet the article written out: not without it (Laura is no Aura).
      ...withArticle.map((s) => ({ ...withoutBare(comparableSpelling(s)), latinOnly: true as const })),
    ],
  };
}

function withoutBare(word: ComparableWord): ComparableWord {
  const { bare: _bare, ...rest } = word;
  return rest;
}

function comparableSpelling(text: string): ComparableWord {
  const latin = /^[a-z]+$/.test(text);
  if (!latin) {
    const abjad = ABJAD_WORD.test(text);
    const readings = abjad ? abjadReadings(text) : [text];
    const keys = abjad ? abjadKeys(readings[0] as string) : { consonants: '', looseConsonants: '', looseConsonantsNoV: '', vowelled: '' };
    const others = abjad ? otherKeys(readings, abjadKeys) : [];
    const word: ComparableWord = {
      text, folded: text, skeleton: text, glideSkeleton: text, codes: [], latin, letters: 0, abjad, ...keys, roman: '',
      ...(others.length > 0 ? { otherReadings: others } : {}),
    };
    const lower = text.toLowerCase();
    return abjad && text.length > 1 && /^[a-z]+$/.test(lower) ? { ...word, asLatin: comparableWord(lower) } : word;
  }
  const folded = foldForSound(text);
  const skeleton = folded.replace(/[aeiou]+/g, 'a');
  const glideSkeleton = folded.replace(/[aeiou]+/g, (run) => (run.length > 1 && run.includes('i') ? 'i' : 'a'));
  const codes = text.length > SHORT_WORD_MAX ? soundCodes(folded) : [];
  const nicknames = NICKNAMES.get(text);
  const languages = LANGUAGES.get(text);
  const keys = latinKeys(text);
  const others = otherKeys(latinReadings(text), latinKeys);
  const word: ComparableWord = {
    text,
    folded,
    skeleton,
    glideSkeleton,
    codes,
    latin,
    letters: letterMask(text),
    abjad: false,
    ...keys,
    roman: romanKey(text),
    ...(nicknames ? { nicknames } : {}),
    ...(languages ? { languages } : {}),
    ...(others.length > 0 ? { otherReadings: others } : {}),
  };
  if (!ARTICLE_PREFIX.test(text)) return word;
  return { ...word, bare: comparableWord(text.slice(2)) };
}

function codesMeet(a: readonly string[], b: readonly string[]): boolean {
  for (const x of a) {
    if (x.length < 2) continue;
    for (const y of b) if (x === y) return true;
  }
  return false;
}

// Allowed length difference for a fuzzy match: prefix-heavy Jaro-Winkler would otherwise call
// "abdul" close to "abdullah".
function lengthsCompatible(la: number, lb: number, slack: number): boolean {
  return Math.abs(la - lb) <= Math.max(slack, Math.floor(Math.max(la, lb) / 4));
}

/** A word transliterated from an abjad against any word: by their consonants, in every reading of each
 * (see abjadReadings), the best. `a` is the query's word. */
function compareConsonants(a: ComparableWord, b: ComparableWord): WordMatch | null {
  if ((!a.latin && !a.abjad) || (!b.latin && !b.abjad)) return null;
  const fromLatin = a.latin && b.abjad;
  // The word of each pair that writes only long vowels, when the other is Latin.
  const abjadSide = a.abjad && b.latin ? 'a' : a.latin && b.abjad ? 'b' : null;
  let best = compareReadings(a, b, fromLatin, abjadSide);
  const ra = a.otherReadings;
  const rb = b.otherReadings;
  if (!ra && !rb) return best;
  // Every other pair of readings, without allocating: index -1 is the word's usual reading.
  for (let i = -1; i < (ra?.length ?? 0); i++) {
    const x = i < 0 ? a : (ra as readonly ConsonantReading[])[i] as ConsonantReading;
    for (let j = -1; j < (rb?.length ?? 0); j++) {
      if (i < 0 && j < 0) continue;
      const y = j < 0 ? b : (rb as readonly ConsonantReading[])[j] as ConsonantReading;
      const m = compareReadings(x, y, fromLatin, abjadSide);
      if (m && m.credit > (best?.credit ?? 0)) best = m;
    }
  }
  return best;
}

function compareReadings(a: ConsonantReading, b: ConsonantReading, fromLatin: boolean, abjadSide: 'a' | 'b' | null): WordMatch | null {
  const ka = a.consonants;
  const kb = b.consonants;
  if (!ka || !kb) {
    // A word an abjad writes with vowel letters only (Hebrew יו, יי, או: Yu, Yi, Oo) against a Latin word with no
    // consonant either: by the vowels the abjad word writes, all of which the Latin word must have.
    if (ka || kb || !abjadSide) return null;
    const [abjad, latin] = abjadSide === 'a' ? [a, b] : [b, a];
    return sameVowels(abjad.vowelled, latin.vowelled) ? VOWELS_ONLY : null;
  }
  if (ka === kb) {
    const credits = fromLatin ? LATIN_TO_ABJAD_EQUAL_CREDIT : CONSONANTS_EQUAL_CREDIT;
    // A key of one consonant fits many names (علي "l", آغا "g"): the long vowels the abjad word writes, found in
    // the Latin word too, between the same consonants, count as a second consonant.
    let length = ka.length;
    if (length <= VOWELLED_MAX_CONSONANTS && abjadSide) {
      const [abjad, latin] = abjadSide === 'a' ? [a, b] : [b, a];
      const met = writtenVowelsMet(abjad.vowelled, latin.vowelled);
      if (length === 1 && met > 0) length = 2;
      // Two or three consonants fit many names too (فيض FYÐ: Faiz, but also Pacho, Butt, Abbasi; الزرقاوي: Zarqawi,
      // but also Sergei): a long vowel the abjad word writes that the Latin word lacks there makes it another name
      // more often than not. (Only where the vowelled keys hold the same consonants: consonantKey drops an h the
      // vowelled key keeps, فتحي.)
      else if (length >= 2 && met < 0 && sameLetters(abjad.vowelled, latin.vowelled)) {
        return { credit: VOWEL_MISSED_CREDIT[length] as number, kind: 'phonetic', via: 'transliterated' };
      }
    }
    return { credit: credits[Math.min(length, 4)] as number, kind: 'phonetic', via: 'transliterated' };
  }
  // The loose reading; and an abjad word that writes a waw or vav, without it, against a Latin word without its v.
  let loose = a.looseConsonants && a.looseConsonants === b.looseConsonants ? a.looseConsonants : '';
  if (!loose && a.looseConsonantsNoV && a.looseConsonantsNoV === b.looseConsonantsNoV) loose = a.looseConsonantsNoV;
  const oneEdit = Math.min(ka.length, kb.length) >= CONSONANTS_ONE_EDIT_MIN_LENGTH && withinOneEdit(ka, kb);
  if (loose) {
    const credits = fromLatin ? LATIN_TO_ABJAD_EQUAL_CREDIT : CONSONANTS_EQUAL_CREDIT;
    const credit = (credits[Math.min(loose.length, 4)] as number) * LOOSE_CONSONANTS_FACTOR;
    // Strict keys one edit apart are as good a reason for words read as one as they were before.
    return { credit, kind: 'phonetic', via: 'transliterated', ...(oneEdit ? {} : { loose: true as const }) };
  }
  if (oneEdit) {
    return { credit: fromLatin ? LATIN_TO_ABJAD_ONE_EDIT_CREDIT : CONSONANTS_ONE_EDIT_CREDIT, kind: 'phonetic', via: 'transliterated' };
  }
  return null;
}

/** A Brahmic transliteration writes most vowels ("JOSE", "MEDIN"): it is also compared as a Latin word. */
const ABJAD_AS_LATIN_FACTOR = 0.95;

/** A word from a Brahmic script, which writes vowels other than the inherent a (an abjad writes none of them). */
const BRAHMIC_VOWEL = /[EIOU]/;

function compareAbjad(a: ComparableWord, b: ComparableWord): WordMatch | null {
  if (a.abjad !== b.abjad) {
    const [abjad, other] = a.abjad ? [a, b] : [b, a];
    // Devanagari writes a vowel starting a word with a letter of its own (एब्रर is Ebrar, never Berrio); the ye the lists
    // write for a Slavic name's first e may be either (Yevgeniy: एवगेनी, येवगेनी).
    if (other.latin && BRAHMIC_VOWEL.test(abjad.text) && !other.text.startsWith('ye') && /^[AEIOU]/.test(abjad.text) !== /^[aeiou]/.test(other.text)) {
      return null;
    }
    // An alif (or aleph) starting a word is a vowel starting it (أحمد Ahmad, أبو قتادة read as one Abuqatada, never
    // Baghdadi), but for the one Persian and Pashto write before s and another consonant (استانکزی Stanekzai); a
    // word starting with ع or a consonant may start with either in Latin (عمر Omar).
    if (other.latin && abjad.text.startsWith('A') && !/^(?:[aeiou]|s[^aeiouy])/.test(other.text)) return null;
  }
  let best = compareConsonants(a, b);
  if (a.abjad !== b.abjad) {
    const [abjad, other] = a.abjad ? [a, b] : [b, a];
    if (other.latin && abjad.asLatin) {
      const asLatin = compareDirect(abjad.asLatin, other);
      if (asLatin && asLatin.kind !== 'initial' && asLatin.credit * ABJAD_AS_LATIN_FACTOR > (best?.credit ?? 0)) {
        best = { credit: asLatin.credit * ABJAD_AS_LATIN_FACTOR, kind: asLatin.kind === 'exact' ? 'close' : asLatin.kind, via: 'transliterated' };
      }
    }
  }
  return best;
}

function compareDirect(a: ComparableWord, b: ComparableWord): WordMatch | null {
  if (a.text === b.text) return EXACT;
  if (a.abjad || b.abjad) return compareAbjad(a, b);
  const la = a.text.length;
  const lb = b.text.length;
  // "I" and "Ri", one Korean surname: a syllable before an initial.
  if (a.roman && a.roman === b.roman && a.latin && b.latin) return ROMANISED;
  if (la === 1 || lb === 1) {
    if (!a.latin || !b.latin) return null;
    if ((la === 1 && lb > 1 && b.text[0] === a.text) || (lb === 1 && la > 1 && a.text[0] === b.text)) {
      return INITIAL;
    }
    return null;
  }
  if (!a.latin || !b.latin) return null;
  // A nickname, or the same name in another language: at least that, and more when the spellings are closer still
  // (Aleksandr, Alyaksandr; Yousef, Yusuf, which a nickname table also links).
  const language = a.languages?.has(b.text) ? LANGUAGE : a.nicknames?.has(b.text) ? NICKNAME : null;
  const match = compareLatinSpellings(a, b, language);
  // A given name and its form for the other gender are two names however alike they are spelled: checked once the
  // spellings meet, as most pairs of words compared do not.
  return match !== null && !language && otherGender(a.text, b.text) ? null : match;
}

/**
 * A list name's family name against a query word that differs from it by a gendered ending only (Herrer / Herrera,
 * Potanin / Potanina, Peralt / Peralta), which compareWords keeps apart as given names of the two genders (Valentin /
 * Valentina): a surname's ending is a spelling, or a letter cut or slipped, since the family is the same.
 */
export function compareSurnameEndings(a: ComparableWord, b: ComparableWord): WordMatch | null {
  if (!a.latin || !b.latin || a.text.length < 2 || b.text.length < 2 || !otherGender(a.text, b.text)) return null;
  return compareLatinSpellings(a, b, null);
}

/** Two Latin words of two letters or more, not equal: a nickname or the same name in another language (`language`), a spelling or a sound. */
function compareLatinSpellings(a: ComparableWord, b: ComparableWord, language: WordMatch | null): WordMatch | null {
  const la = a.text.length;
  const lb = b.text.length;
  if (la <= SHORT_WORD_MAX || lb <= SHORT_WORD_MAX) {
    if (la <= 3 && lb <= 3 && (a.text === 'al' || b.text === 'al') && ARTICLE_SPELLINGS.has(a.text) && ARTICLE_SPELLINGS.has(b.text)) return ARTICLE;
    // One letter doubled on one side only (Ana / Anna, Ali / Alli, Ma'n / Mann): a spelling, not another name.
    if (Math.abs(la - lb) === 1 && undoubled(a.text) === undoubled(b.text)) return DOUBLED_LETTER;
    // An i written y after the first letter (Aly / Ali, Sayf / Saif is longer): a spelling too.
    if (la === lb && sameButIY(a.text, b.text)) return I_AS_Y;
    // Three letters or more that fold to one spelling (But / Bout, Tom / Thom): one sound however transliterated;
    // but for w against v, which in short words are two names as often (Wan, Van; Wu, Vu).
    if (Math.min(la, lb) >= 3 && a.folded === b.folded && a.text.includes('w') === b.text.includes('w')) {
      return language ?? SHORT_FOLDED_EQUAL;
    }
    return language ?? shortWordTypo(a.text, b.text);
  }

  let best: WordMatch | null = null;
  if (lengthsCompatible(la, lb, 1) && jaroWinklerBound(a, b) >= CLOSE_MIN_JW) {
    const jw = jaroWinkler(a.text, b.text);
    if (jw >= CLOSE_MIN_JW) best = { credit: CLOSE_MIN_CREDIT + ((1 - CLOSE_MIN_CREDIT) * (jw - CLOSE_MIN_JW)) / (1 - CLOSE_MIN_JW), kind: 'close' };
  }
  // Jaro-Winkler is harsh on one wrong letter early in a short word ("hrtel" / "hotel"); one edit
  // in a word of five letters or more is still a close spelling.
  if (!best && Math.min(la, lb) >= ONE_EDIT_MIN_LENGTH && Math.abs(la - lb) <= 1 && withinOneEdit(a.text, b.text)) {
    best = { credit: ONE_EDIT_CREDIT, kind: 'close' };
  }
  if (!best && Math.min(la, lb) === ONE_EDIT_MIN_LENGTH - 1 && Math.abs(la - lb) <= 1 && withinOneEdit(a.text, b.text)) {
    best = { credit: SHORT_ONE_EDIT_CREDIT, kind: 'close' };
  }
  let phonetic = 0;
  if (a.folded === b.folded) phonetic = FOLDED_EQUAL_CREDIT;
  else if (sameButFirstOU(a.text, b.text)) phonetic = SKELETON_EQUAL_CREDIT;
  else if (
    a.skeleton === b.skeleton &&
    Math.min(la, lb) >= SKELETON_MIN_LENGTH &&
    jaroWinkler(a.folded, b.folded) >= PHONETIC_MIN_JW // keeps Hassan / Hossein apart
  ) {
    phonetic = SKELETON_EQUAL_CREDIT;
  } else if (
    a.glideSkeleton === b.glideSkeleton &&
    a.glideSkeleton !== a.skeleton &&
    Math.min(la, lb) >= SKELETON_MIN_LENGTH &&
    jaroWinkler(a.folded, b.folded) >= GLIDE_MIN_JW
  ) {
    // The same consonants and the same diphthong, vowels written differently: Husayn / Hossein.
    phonetic = SKELETON_EQUAL_CREDIT;
  } else if (codesMeet(a.codes, b.codes) && lengthsCompatible(a.folded.length, b.folded.length, 2)) {
    // Double Metaphone drops vowels, so equal codes alone are loose ("acme" / "yakima"): the folded
    // spellings must also be alike, more so when the code is only two sounds long.
    const jwFolded = jaroWinkler(a.folded, b.folded);
    const fewSounds = Math.min(la, lb) <= 4 || (a.codes[0]?.length ?? 0) <= 2;
    if (jwFolded >= (fewSounds ? PHONETIC_MIN_JW_FEW_SOUNDS : PHONETIC_MIN_JW)) {
      phonetic = PHONETIC_MIN_CREDIT + (PHONETIC_MAX_CREDIT - PHONETIC_MIN_CREDIT) * Math.min(1, (jwFolded - PHONETIC_MIN_JW) / (1 - PHONETIC_MIN_JW));
    }
  }
  if (phonetic > (best?.credit ?? 0)) best = { credit: phonetic, kind: 'phonetic' };
  if (language && language.credit > (best?.credit ?? 0)) best = language;
  if (!best && Math.max(la, lb) >= TWO_EDITS_MIN_LENGTH && Math.min(la, lb) >= TWO_EDITS_MIN_LENGTH - 1 && Math.abs(la - lb) <= 2 && withinTwoEdits(a.text, b.text)) best = TWO_EDITS;
  if (!best && Math.min(la, lb) >= OTHER_VOWELS_MIN_LENGTH && a.skeleton === b.skeleton && consonantCount(a.skeleton) >= 2) best = OTHER_VOWELS;
  return best;
}

let editRows: [Uint8Array, Uint8Array, Uint8Array] = [new Uint8Array(64), new Uint8Array(64), new Uint8Array(64)];

/** Whether two words are at most two edits apart (a letter changed, added, left out, or two neighbours swapped). */
function withinTwoEdits(a: string, b: string): boolean {
  // Optimal string alignment distance, rows kept to the band of two around the diagonal; the three rows are scratch
  // buffers (like Jaro's), as this runs while names are scored.
  const la = a.length;
  const lb = b.length;
  if (lb + 1 > editRows[0].length) editRows = [new Uint8Array(2 * lb + 2), new Uint8Array(2 * lb + 2), new Uint8Array(2 * lb + 2)];
  let [before, previous, current] = editRows;
  for (let j = 0; j <= lb; j++) previous[j] = Math.min(j, 3);
  for (let i = 1; i <= la; i++) {
    current[0] = Math.min(i, 3);
    let rowMin = current[0] as number;
    for (let j = 1; j <= lb; j++) {
      if (Math.abs(i - j) > 2) {
        current[j] = 3;
        continue;
      }
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        d = Math.min(d, (before[j - 2] as number) + 1);
      }
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > 2) return false;
    [before, previous, current] = [previous, current, before];
  }
  return (previous[lb] as number) <= 2;
}

/**
 * Compare two words, `a` the query's. Short words (SHORT_WORD_MAX letters or fewer) and words in non-Latin scripts
 * match only exactly (or, for one letter, as an initial; a short word also with one letter doubled on one side). A word with an attached article is also
 * tried without it, for a little less credit.
 */
export function compareWords(a: ComparableWord, b: ComparableWord): WordMatch | null {
  if (a.transcribed !== b.transcribed) {
    if (a.transcribed && b.transcribed) return null;
    return a.transcribed ? compareTranscribed(a, b) : compareTranscribed(b, a);
  }
  let best = compareSpellings(a, b);
  if (best?.kind === 'exact' || (!a.spellings && !b.spellings)) return best;
  // A given name and the same name for the other gender stay apart read any other way too (Francesca, read Franjesca
  // the Turkish way, is no Francesco).
  if (a.latin && b.latin && otherGender(a.text, b.text)) return best;
  // A word transliterated from Greek: every other spelling of either word, the best.
  for (const x of [a, ...(a.spellings ?? [])]) {
    for (const y of [b, ...(b.spellings ?? [])]) {
      if (x === a && y === b) continue;
      if ((x.latinOnly && !y.latin) || (y.latinOnly && !x.latin)) continue;
      const m = compareSpellings(x, y);
      if (!m || m.kind === 'initial' || m === TWO_EDITS || m.credit <= (best?.credit ?? 0)) continue;
      // Another spelling is a reading of the letters already: only its consonants the same is one guess too many, and
      // sounding alike after it (Double Metaphone, below the credit of equal folded spellings or skeletons) one guess
      // more, taken for less and only between words of one length but for a letter (Χανίγια read "haniya" /
      // Haniyeh; not χιουνουοο read "chiunuoo" / Chun).
      let taken = m;
      if (m.kind === 'phonetic' && (!m.via || m.via === 'vowels') && m.credit < SKELETON_EQUAL_CREDIT) {
        if (m.via === 'vowels' || Math.abs(x.text.length - y.text.length) > 1) continue;
        taken = { ...m, credit: m.credit * READING_SOUND_FACTOR };
        if (taken.credit <= (best?.credit ?? 0)) continue;
      }
      best = { ...taken, kind: taken.kind === 'exact' ? 'close' : taken.kind, reading: x === a ? y.text : x.text };
    }
  }
  return best;
}

/** A word's consonants and vowels as transcriptions of foreign names hear them (transcription.ts), once per word. */
interface TranscriptionKeys {
  consonants: readonly string[];
  vowels: string;
  endsInVowel: boolean;
}
const transcriptionKeys = new WeakMap<ComparableWord, TranscriptionKeys>();
function transcriptionKeysOf(word: ComparableWord): TranscriptionKeys {
  let keys = transcriptionKeys.get(word);
  if (!keys) {
    keys = transcriptionKeysOfText(word.text, word.transcribed);
    transcriptionKeys.set(word, keys);
  }
  return keys;
}
function transcriptionKeysOfText(text: string, transcribed?: Transcription): TranscriptionKeys {
  // (A word ending in one vowel after a consonant, the vowel that tells Maria from Mario; not a diphthong, Nikolai 尼古拉.)
  return { consonants: transcriptionConsonants(text, transcribed), vowels: transcriptionVowels(text, transcribed), endsInVowel: /[^aeiouy][aeiouy]$/.test(text) };
}

/** Credit of a transcribed word meeting a Latin word by equal consonants (transcription.ts), by how many there are, with
 * the Latin vowels in order among the transcribed word's; more when they are the same. */
const TRANSCRIBED_EQUAL_CREDIT: readonly number[] = [0, 0.6, 0.75, 0.85, 0.9];
const TRANSCRIBED_SAME_VOWELS_CREDIT: readonly number[] = [0, 0.75, 0.9, 0.95, 0.97];
/** And a katakana word by consonants one apart, four or more on each side (Rotenberg ローテンベルグ: kana g, Latin g or k).
 * A consonant more or less is another name as often (Kuznetsov クズネツォフ / Gizunov), and so is one other consonant
 * after Chinese characters, whose letters are read several ways already (索科洛夫 Sokolov / Makarov). */
const TRANSCRIBED_ONE_EDIT_CREDIT = 0.7;
const TRANSCRIBED_ONE_EDIT_MIN = 4;

/**
 * A word read from katakana or Chinese characters against a Latin word (any other word meets it not at all): the same
 * consonants, or for a katakana word one apart in long keys, with the Latin word's vowels in order among the transcribed word's
 * (transcription.ts); never a given name and its form for the other gender (マリア is Maria, not Mario).
 */
function compareTranscribed(word: ComparableWord, other: ComparableWord): WordMatch | null {
  // (An initial stands for a word whose first letter the transcription may write otherwise: l as r, v as u.)
  if (!other.latin || other.text.length < 2) return null;
  if (word.text === other.text) return EXACT;
  if (otherGender(word.text, other.text)) return null;
  const t = transcriptionKeysOf(word);
  // Japanese and Chinese write a vowel starting a name with a letter of its own (ア, 阿...): Haruka is not Akhlaq. A Latin
  // h before a vowel is silent in Spanish (Hugo ウーゴ): against a word starting with a vowel the word is read without it.
  const start = startsWithVowel(word.text, true);
  const silentH = start === true && /^h[aeiou]/.test(other.text);
  const l = silentH ? transcriptionKeysOfText(other.text.slice(1)) : transcriptionKeysOf(other);
  const latinStart = silentH ? true : startsWithVowel(other.text, false);
  if (latinStart !== null && latinStart !== start) return null;
  const vowels = transcriptionVowelsMet(l.vowels, t.vowels, l.endsInVowel);
  if (vowels === null) return null;
  let best = 0;
  for (const a of t.consonants) {
    for (const b of l.consonants) {
      // One consonant alone says little: its vowels must be the same too (Ivan イワン, not Youko ヨウコ / Gorkov).
      if (a.length === 0 || (a.length === 1 && vowels !== 'same')) continue;
      if (a === b) {
        const credits = vowels === 'same' ? TRANSCRIBED_SAME_VOWELS_CREDIT : TRANSCRIBED_EQUAL_CREDIT;
        best = Math.max(best, credits[Math.min(a.length, credits.length - 1)] as number);
      } else if (word.transcribed === 'katakana' && a.length === b.length && a.length >= TRANSCRIBED_ONE_EDIT_MIN && withinOneEdit(a, b)) {
        best = Math.max(best, TRANSCRIBED_ONE_EDIT_CREDIT);
      }
    }
  }
  return best > 0 ? { credit: best, kind: 'phonetic', via: 'transliterated' } : null;
}

/** Letters of a skeleton (ComparableWord.skeleton) other than the "a" written for each run of vowels. */
function consonantCount(skeleton: string): number {
  return skeleton.replace(/a/g, '').length;
}

/** compareWords for one spelling of each word. */
function compareSpellings(a: ComparableWord, b: ComparableWord): WordMatch | null {
  let best = compareDirect(a, b);
  if (best?.kind === 'exact') return best;
  const alternatives: Array<[ComparableWord, ComparableWord]> = [];
  if (a.bare && !b.bare) alternatives.push([a.bare, b]);
  if (b.bare && !a.bare) alternatives.push([a, b.bare]);
  for (const [x, y] of alternatives) {
    const m = compareDirect(x, y);
    if (!m || m.kind === 'initial') continue;
    const credit = m.credit * BARE_FACTOR;
    if (credit > (best?.credit ?? 0)) best = { credit, kind: m.kind === 'exact' ? 'close' : m.kind, ...(m.via ? { via: m.via } : {}) };
  }
  return best;
}
