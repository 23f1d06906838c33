// The second labelled set of the screening benchmark (scripts/bench/screening.ts), built apart from the
// matcher's own word lists so that what it measures is not what the matcher was written against.
//
// Provenance (everything is deterministic: one seed, the same lists give the same items):
// - Positives are derived from the real entries of ../shared/data/lists (OFAC SDN 2021 and 2024, UN
//   consolidated 2026), each labelled with the entry it came from:
//   * script_original: a UN name or alias written in its original script (Arabic, Cyrillic, Chinese, as
//     the UN list publishes it) screened against the lists with every non-Latin name removed, so only the
//     entry's Latin names can be found; script_to_latin the reverse: the entry's Latin name screened
//     against lists where that entry keeps only its original-script names;
//   * script_rendered: Latin list names of persons written in Greek, Hebrew, Devanagari, Korean
//     (Hangul), Chinese (Han characters), Cyrillic and Arabic by the letter tables below (ordinary
//     phonetic spellings written for this set: Greek with μπ/ντ for b/d, Hebrew and Arabic without
//     short vowels, Devanagari with virama clusters, Hangul syllables composed from the romanised
//     syllables, Han characters for pinyin syllables);
//   * birth_year (±1 or ±2), nationality (a country the entry does not list), joined_split, short_one_letter,
//     numbers (digits / words / ordinals), nickname (a public diminutive of the given name, from the
//     pairs below, which cover English, Russian, Spanish and other usage), legal_form (the long or the
//     other-language form), romanisation (Wade-Giles / pinyin and McCune-Reischauer / Revised
//     Romanization rules applied by syllable), doubled_swapped (a doubled consonant or two neighbouring
//     letters swapped in a long word), initials, multi_form (one form of a list name written as
//     "A / B", "A; B" or "A (B)"), corrupted (a typo, a birth year off by up to two, no country);
//   * added later from a seed of their own (so the items above never changed): slavic_spelling (a Russian,
//     Ukrainian or Belarusian listed person's surname, and half the time the given names, in German, Polish or
//     French spelling by rules written for this set from each language's usual spelling: sch, tsch, w, j, z; sz,
//     cz, szcz, ż, c; ch, tch, ou, j), arabic_compound (an "Abd al-X" name of a listed person written another way
//     Latin spellings use: Abdul X, Abdel X, Abd al-X, Abdurrahman, Abd-ur-X...), arabic_vowel (Arabic given
//     names with a vowel written another way: Aly, Umar, Osama, Ahmad / Ahmed...), given_name_language (the
//     first given name replaced by the same name in another language, from a table written for this set from
//     common usage: Pyotr / Peter / Pedro, Iosif / Joseph / Yusuf...), business_country (a listed business with
//     its country word dropped, or with the name or adjective of a country the entry lists added); and their
//     negatives: slavic_clean (clean Russian and Ukrainian names in those spellings) and given_name_other (a listed
//     person's surname and other given names with a first name of another line of the table of languages);
// - Negatives: clean ordinary names of many cultures (pools below: English, Spanish, Portuguese,
//   French, German, Italian, Polish, Russian, Ukrainian, Turkish, Persian, Arabic, Hebrew, Indian,
//   Chinese, Korean, Japanese, Vietnamese, Nigerian, Kenyan, Greek), the same rendered in other scripts,
//   persons sharing one word with a listed name, and businesses with a distinctive word on one side only
//   (a listed business with a word added, or a listed group's first word alone with a legal form). A
//   negative whose words are those of a listed name (loose spelling key) is dropped.
// - Split once into a tuning half and a test half by a fixed hash (FNV-1a) of the item id: tune on
//   `tune`, report on `test`.
// - The clean-customer set: 5,000 ordinary names from the same pools, each with a birth year and a
//   country, screened for alerts per 1,000.

import type { EntryKind, ListEntry, ScreeningQuery } from '@/lib/screening/matcher';
import { seededRandom, type EvalList } from './screening-eval';

export type Half = 'tune' | 'test';

export interface IndependentItem {
  id: string;
  query: ScreeningQuery;
  positive: boolean;
  /** list id and ref the query must find among `matches`. */
  expect?: { list: string; ref: string };
  kind: string;
  /** Script of the query (latin, arabic, cyrillic, greek, hebrew, chinese, korean, devanagari). */
  script: string;
  /** Which index to screen against: all names, names with the original-script ones removed, or with
   * the expected entry reduced to its original-script names. */
  index: 'full' | 'latin_only' | 'script_only';
  half: Half;
}

/** FNV-1a of the id: the split never moves when items are added. */
export function halfOf(id: string): Half {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 2 === 0 ? 'tune' : 'test';
}

type Rnd = () => number;
const pick = <T>(rnd: Rnd, items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;

const NON_LATIN = /[^\p{Script=Latin}\P{L}]/u;
const LATIN_NAME = /^[A-Za-z .,'\-]+$/;

export function isOriginalScript(name: string): boolean {
  return NON_LATIN.test(name);
}

export function scriptOf(text: string): string {
  if (/\p{Script=Arabic}/u.test(text)) return 'arabic';
  if (/\p{Script=Cyrillic}/u.test(text)) return 'cyrillic';
  if (/\p{Script=Greek}/u.test(text)) return 'greek';
  if (/\p{Script=Hebrew}/u.test(text)) return 'hebrew';
  if (/\p{Script=Hangul}/u.test(text)) return 'korean';
  if (/\p{Script=Han}/u.test(text)) return 'chinese';
  if (/\p{Script=Devanagari}/u.test(text)) return 'devanagari';
  return NON_LATIN.test(text) ? 'other' : 'latin';
}

/** Lists with every original-script name removed (an entry left without a Latin name keeps its own). */
export function latinOnlyEntries(entries: readonly ListEntry[]): ListEntry[] {
  return entries.map((e) => {
    const aliases = (e.aliases ?? []).filter((a) => !isOriginalScript(a));
    return { ...e, aliases };
  });
}

/** Entries that have original-script names keep only those (the first becomes the name). */
export function scriptOnlyEntries(entries: readonly ListEntry[]): ListEntry[] {
  return entries.map((e) => {
    const script = [e.name, ...(e.aliases ?? [])].filter((n) => isOriginalScript(n) && !/[A-Za-z]/.test(n));
    if (script.length === 0) return e;
    return { ...e, name: script[0] as string, aliases: script.slice(1) };
  });
}

// ---------------------------------------------------------------------------------------------------
// Name pools of many cultures (given names, surnames), ordinary and common.

const POOLS: Readonly<Record<string, readonly [readonly string[], readonly string[]]>> = {
  english: [['Oliver', 'Emily', 'Harry', 'Charlotte', 'George', 'Sophie', 'Jack', 'Grace', 'Thomas', 'Lucy', 'Daniel', 'Hannah', 'Matthew', 'Rebecca', 'Samuel', 'Laura'], ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Thompson', 'White', 'Hughes', 'Edwards', 'Green', 'Hall', 'Wood', 'Harris', 'Clarke', 'Jackson']],
  spanish: [['Lucia', 'Hugo', 'Martina', 'Pablo', 'Alba', 'Alvaro', 'Paula', 'Diego', 'Carmen', 'Javier', 'Elena', 'Sergio', 'Marta', 'Adrian', 'Irene', 'Raul'], ['Garcia', 'Fernandez', 'Gonzalez', 'Rodriguez', 'Lopez', 'Martinez', 'Sanchez', 'Perez', 'Gomez', 'Martin', 'Jimenez', 'Ruiz', 'Hernandez', 'Diaz', 'Moreno', 'Alvarez', 'Romero', 'Navarro']],
  portuguese: [['Joao', 'Ines', 'Tiago', 'Beatriz', 'Goncalo', 'Mariana', 'Rodrigo', 'Leonor', 'Duarte', 'Matilde'], ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Fernandes', 'Goncalves', 'Gomes', 'Lopes', 'Marques']],
  french: [['Camille', 'Louis', 'Chloe', 'Gabriel', 'Manon', 'Arthur', 'Ines', 'Jules', 'Lea', 'Raphael', 'Margaux', 'Theo'], ['Martin', 'Bernard', 'Dubois', 'Durand', 'Lefebvre', 'Leroy', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guerin', 'Boyer']],
  german: [['Lukas', 'Anna', 'Felix', 'Lea', 'Jonas', 'Lena', 'Leon', 'Hannah', 'Paul', 'Mia', 'Finn', 'Katharina', 'Tobias', 'Julia'], ['Muller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Neumann', 'Zimmermann']],
  italian: [['Francesco', 'Giulia', 'Alessandro', 'Chiara', 'Lorenzo', 'Sofia', 'Matteo', 'Aurora', 'Leonardo', 'Giorgia'], ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'Costa']],
  polish: [['Jakub', 'Zuzanna', 'Kacper', 'Julia', 'Szymon', 'Maja', 'Filip', 'Zofia', 'Bartosz', 'Agnieszka'], ['Nowak', 'Kowalski', 'Wisniewski', 'Wojcik', 'Kowalczyk', 'Kaminski', 'Lewandowski', 'Zielinski', 'Szymanski', 'Wozniak', 'Dabrowski']],
  russian: [['Artem', 'Anastasia', 'Maksim', 'Darya', 'Kirill', 'Polina', 'Egor', 'Veronika', 'Matvei', 'Arina', 'Timofei', 'Ksenia'], ['Smirnov', 'Vasilyeva', 'Popov', 'Sokolova', 'Lebedev', 'Novikova', 'Morozov', 'Volkova', 'Solovyov', 'Zaitseva', 'Pavlov', 'Semenova', 'Golubev', 'Vinogradova']],
  ukrainian: [['Bohdan', 'Oksana', 'Taras', 'Solomiia', 'Ostap', 'Khrystyna', 'Yarema', 'Zlata'], ['Melnyk', 'Shevchenko', 'Boyko', 'Kovalenko', 'Bondarenko', 'Tkachenko', 'Kravchenko', 'Oliynyk', 'Shevchuk', 'Polishchuk']],
  turkish: [['Yusuf', 'Zeynep', 'Eymen', 'Elif', 'Mert', 'Defne', 'Emir', 'Ebrar', 'Kerem', 'Ecrin'], ['Yilmaz', 'Kaya', 'Demir', 'Sahin', 'Celik', 'Yildiz', 'Yildirim', 'Ozturk', 'Aydin', 'Ozdemir', 'Arslan', 'Dogan', 'Kilic', 'Aslan']],
  persian: [['Parisa', 'Kourosh', 'Shirin', 'Dariush', 'Nasrin', 'Behnam', 'Golnaz', 'Farhad', 'Mahsa', 'Arash'], ['Karimi', 'Rostami', 'Jafari', 'Sadeghi', 'Moradi', 'Ghorbani', 'Kazemi', 'Bagheri', 'Nouri', 'Rahimi', 'Shirazi', 'Tehrani']],
  arabic: [['Layla', 'Omar', 'Yasmin', 'Karim', 'Rania', 'Tariq', 'Salma', 'Nabil', 'Huda', 'Samir', 'Dalia', 'Fadi', 'Rasha', 'Walid'], ['Haddad', 'Khoury', 'Nassar', 'Saleh', 'Mansour', 'Aziz', 'Farouk', 'Hamdan', 'Qasim', 'Sabbagh', 'Tannous', 'Bitar', 'Jaber', 'Najjar']],
  hebrew: [['Noa', 'Itai', 'Tamar', 'Yonatan', 'Shira', 'Eitan', 'Maya', 'Omri', 'Yael', 'Nadav'], ['Cohen', 'Levi', 'Mizrahi', 'Peretz', 'Biton', 'Dahan', 'Avraham', 'Friedman', 'Azoulay', 'Malka', 'Katz', 'Shapiro']],
  indian: [['Aarav', 'Ananya', 'Vivaan', 'Diya', 'Aditya', 'Priya', 'Arjun', 'Kavya', 'Rohan', 'Sneha', 'Vikram', 'Pooja', 'Rahul', 'Neha'], ['Sharma', 'Verma', 'Gupta', 'Patel', 'Reddy', 'Nair', 'Iyer', 'Joshi', 'Mehta', 'Desai', 'Kulkarni', 'Chatterjee', 'Banerjee', 'Bose', 'Menon', 'Pillai']],
  chinese: [['Wei', 'Fang', 'Hao', 'Xiu', 'Jie', 'Ling', 'Bo', 'Yan', 'Lei', 'Ting', 'Jun', 'Mei'], ['Wang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu', 'Guo', 'He', 'Gao', 'Lin', 'Luo']],
  korean: [['Minjun', 'Seoyeon', 'Jiho', 'Haeun', 'Dohyun', 'Jiwoo', 'Yejun', 'Sua', 'Hyunwoo', 'Eunji'], ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Oh', 'Seo', 'Shin']],
  japanese: [['Haruto', 'Yui', 'Sota', 'Hina', 'Yuto', 'Sakura', 'Riku', 'Aoi', 'Kaito', 'Mio', 'Takumi', 'Yuna'], ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada', 'Sasaki', 'Matsumoto']],
  vietnamese: [['Anh', 'Linh', 'Minh', 'Trang', 'Duc', 'Huong', 'Tuan', 'Thao', 'Khanh', 'Ngoc'], ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Phan', 'Vu', 'Dang', 'Bui', 'Do', 'Ho', 'Ngo', 'Duong']],
  nigerian: [['Chinedu', 'Ngozi', 'Oluwaseun', 'Adaeze', 'Emeka', 'Funmilayo', 'Tunde', 'Chiamaka', 'Obinna', 'Yetunde'], ['Okafor', 'Adeyemi', 'Okonkwo', 'Balogun', 'Eze', 'Nwosu', 'Adebayo', 'Ogunleye', 'Chukwu', 'Olawale']],
  kenyan: [['Wanjiru', 'Kamau', 'Achieng', 'Otieno', 'Njeri', 'Kipchoge', 'Akinyi', 'Mwangi'], ['Odhiambo', 'Wafula', 'Kiprono', 'Ndungu', 'Chebet', 'Mutua', 'Onyango', 'Kariuki', 'Wekesa']],
  greek: [['Giorgos', 'Eleni', 'Dimitris', 'Katerina', 'Nikos', 'Maria', 'Kostas', 'Sofia', 'Yannis', 'Despina'], ['Papadopoulos', 'Papadakis', 'Georgiou', 'Nikolaidis', 'Konstantinidis', 'Karagiannis', 'Vlachos', 'Alexiou', 'Oikonomou', 'Dimitriou']],
};
const CULTURES = Object.keys(POOLS);
const COUNTRIES = ['GB', 'ES', 'PT', 'FR', 'DE', 'IT', 'PL', 'RU', 'UA', 'TR', 'IR', 'LB', 'IL', 'IN', 'CN', 'KR', 'JP', 'VN', 'NG', 'KE', 'GR', 'US', 'BR', 'AE'];
const CULTURE_COUNTRY: Readonly<Record<string, string>> = {
  english: 'GB', spanish: 'ES', portuguese: 'PT', french: 'FR', german: 'DE', italian: 'IT', polish: 'PL', russian: 'RU',
  ukrainian: 'UA', turkish: 'TR', persian: 'IR', arabic: 'LB', hebrew: 'IL', indian: 'IN', chinese: 'CN', korean: 'KR',
  japanese: 'JP', vietnamese: 'VN', nigerian: 'NG', kenyan: 'KE', greek: 'GR',
};

function cleanName(rnd: Rnd, culture: string): string {
  const [given, family] = POOLS[culture] as readonly [readonly string[], readonly string[]];
  const g = pick(rnd, given);
  const f = pick(rnd, family);
  // A middle name now and then, and surname-first order for East Asian names as often written.
  const middle = rnd() < 0.2 ? ` ${pick(rnd, given)}` : '';
  if ((culture === 'chinese' || culture === 'korean') && rnd() < 0.5) return `${f} ${g}`;
  return `${g}${middle} ${f}`;
}

// ---------------------------------------------------------------------------------------------------
// Loose spelling key, independent of the matcher: a negative whose words all sit in one listed name (or
// the reverse) is not clearly a non-match and is dropped.

function looseWord(word: string): string {
  let w = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');
  w = w.replace(/ph/g, 'f').replace(/(k|g|d|t|z)h/g, '$1').replace(/[qc]/g, 'k').replace(/[wv]/g, 'v').replace(/[yj]/g, 'i').replace(/(.)\1+/g, '$1');
  return w.charAt(0) + w.slice(1).replace(/[aeiou]+/g, '');
}

const LOOSE_STOP = new Set(['al', 'el', 'bin', 'ibn', 'abu', 'de', 'la', 'van', 'von', 'da', 'di', 'ltd', 'llc', 'inc', 'co', 'company', 'limited', 'gmbh', 'ag', 'sa', 'the', 'of', 'and', 'jsc', 'corp', 'plc', 'pjsc', 'ooo', 'trading', 'group']);

function looseWords(name: string): string[] {
  return name
    .replace(/\([^)]*\)/g, ' ')
    .split(/[\s,\-/;]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 0 && !LOOSE_STOP.has(w.replace(/[^a-z]/g, '')))
    .map(looseWord)
    .filter((w) => w.length > 0);
}

/** Words that do not tell one business from another (this set's own list). */
const GENERIC_WORDS = new Set([
  'holding', 'holdings', 'industries', 'industry', 'industrial', 'investment', 'investments', 'international', 'general', 'trading',
  'trade', 'company', 'services', 'service', 'enterprise', 'enterprises', 'development', 'commercial', 'import', 'export', 'global',
  'management', 'resources', 'corporation', 'establishment', 'agency', 'office', 'capital', 'variable', 'partners', 'solutions',
]);

/** Words of legal forms in any language (this set's own list). */
const LEGAL_WORDS = new Set([
  'joint', 'stock', 'liability', 'limited', 'closed', 'open', 'public', 'private', 'corporation', 'incorporated', 'sociedad', 'anonima',
  'anonyme', 'societe', 'srl', 'bv', 'nv', 'cv', 'spa', 'sarl', 'fze', 'fzco', 'ojsc', 'cjsc', 'zao', 'oao', 'pao', 'ao', 'tov', 'sal',
  'obshchestvo', 'aktsionernoe', 'aktsionernoye', 'otvetstvennostyu', 'ogranichennoy', 's', 'a', 'pte', 'pty', 'pvt', 'sdn', 'bhd',
]);

class ListedNames {
  private readonly byWord = new Map<string, string[][]>();

  constructor(entries: readonly ListEntry[]) {
    for (const e of entries) {
      for (const n of [e.name, ...(e.aliases ?? [])]) {
        const words = looseWords(n);
        for (const w of new Set(words)) {
          let list = this.byWord.get(w);
          if (!list) this.byWord.set(w, (list = []));
          list.push(words);
        }
      }
    }
  }

  /** True when every word of `name` is in one listed name, or every word of a listed name of two or more words is in `name`. */
  clashes(name: string): boolean {
    const words = looseWords(name);
    if (words.length === 0) return true;
    const mine = new Set(words);
    for (const listed of this.byWord.get(words[0] as string) ?? []) {
      const theirs = new Set(listed);
      if (words.every((w) => theirs.has(w))) return true;
    }
    for (const w of mine) {
      for (const listed of this.byWord.get(w) ?? []) if (listed.length >= 2 && listed.every((x) => mine.has(x))) return true;
    }
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// Latin to other scripts: plain phonetic letter tables written for this set.

type Table = ReadonlyArray<readonly [string, string]>;

function render(word: string, table: Table): string {
  let out = '';
  let i = 0;
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  outer: while (i < w.length) {
    for (const [from, to] of table) {
      if (w.startsWith(from, i)) {
        out += to;
        i += from.length;
        continue outer;
      }
    }
    i += 1;
  }
  return out;
}

const GREEK: Table = [
  ['ch', 'χ'], ['kh', 'χ'], ['th', 'θ'], ['ps', 'ψ'], ['ph', 'φ'], ['sh', 'σ'], ['ou', 'ου'], ['ks', 'ξ'], ['ts', 'τσ'], ['dz', 'τζ'],
  ['a', 'α'], ['b', 'μπ'], ['c', 'κ'], ['d', 'ντ'], ['e', 'ε'], ['f', 'φ'], ['g', 'γκ'], ['h', 'χ'], ['i', 'ι'], ['j', 'τζ'], ['k', 'κ'],
  ['l', 'λ'], ['m', 'μ'], ['n', 'ν'], ['o', 'ο'], ['p', 'π'], ['q', 'κ'], ['r', 'ρ'], ['s', 'σ'], ['t', 'τ'], ['u', 'ου'], ['v', 'β'],
  ['w', 'ου'], ['x', 'ξ'], ['y', 'ι'], ['z', 'ζ'],
];
const HEBREW: Table = [
  ['sh', 'ש'], ['ch', 'ח'], ['kh', 'ח'], ['th', 'ת'], ['ts', 'צ'], ['tz', 'צ'], ['ph', 'פ'], ['zh', 'ז׳'], ['j', 'ג׳'], ['ee', 'י'], ['oo', 'ו'],
  ['a', ''], ['e', ''], ['b', 'ב'], ['c', 'ק'], ['d', 'ד'], ['f', 'פ'], ['g', 'ג'], ['h', 'ה'], ['i', 'י'], ['k', 'ק'], ['l', 'ל'],
  ['m', 'מ'], ['n', 'נ'], ['o', 'ו'], ['p', 'פ'], ['q', 'ק'], ['r', 'ר'], ['s', 'ס'], ['t', 'ט'], ['u', 'ו'], ['v', 'ו'], ['w', 'ו'],
  ['x', 'קס'], ['y', 'י'], ['z', 'ז'],
];
const HEBREW_FINAL: Readonly<Record<string, string>> = { כ: 'ך', מ: 'ם', נ: 'ן', פ: 'ף', צ: 'ץ' };
function hebrew(word: string): string {
  const w = word.toLowerCase();
  const lead = /^[aeiou]/.test(w) ? 'א' : '';
  let s = lead + render(w, HEBREW);
  if (/a$/.test(w)) s += 'ה';
  const last = s.charAt(s.length - 1);
  return HEBREW_FINAL[last] ? s.slice(0, -1) + HEBREW_FINAL[last] : s;
}
const ARABIC: Table = [
  ['sh', 'ش'], ['kh', 'خ'], ['th', 'ث'], ['dh', 'ذ'], ['gh', 'غ'], ['ou', 'و'], ['oo', 'و'], ['ee', 'ي'], ['ai', 'ي'], ['ay', 'ي'],
  ['a', ''], ['e', ''], ['b', 'ب'], ['c', 'ك'], ['d', 'د'], ['f', 'ف'], ['g', 'ج'], ['h', 'ه'], ['i', 'ي'], ['j', 'ج'], ['k', 'ك'],
  ['l', 'ل'], ['m', 'م'], ['n', 'ن'], ['o', 'و'], ['p', 'ب'], ['q', 'ق'], ['r', 'ر'], ['s', 'س'], ['t', 'ت'], ['u', 'و'], ['v', 'ف'],
  ['w', 'و'], ['x', 'كس'], ['y', 'ي'], ['z', 'ز'],
];
function arabic(word: string): string {
  const w = word.toLowerCase().replace(/^(al|el)-?/, '');
  const article = /^(al|el)-?/i.test(word) ? 'ال' : '';
  const lead = /^[aeiou]/.test(w) ? 'ا' : '';
  return article + lead + render(w.replace(/(.)\1/g, '$1'), ARABIC);
}
const CYRILLIC: Table = [
  ['shch', 'щ'], ['zh', 'ж'], ['kh', 'х'], ['ts', 'ц'], ['ch', 'ч'], ['sh', 'ш'], ['yu', 'ю'], ['ya', 'я'], ['ye', 'е'], ['yo', 'ё'],
  ['iy', 'ий'], ['y', 'ы'], ['a', 'а'], ['b', 'б'], ['c', 'к'], ['d', 'д'], ['e', 'е'], ['f', 'ф'], ['g', 'г'], ['h', 'х'], ['i', 'и'],
  ['j', 'дж'], ['k', 'к'], ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['q', 'к'], ['r', 'р'], ['s', 'с'], ['t', 'т'],
  ['u', 'у'], ['v', 'в'], ['w', 'в'], ['x', 'кс'], ['z', 'з'],
];
function cyrillic(word: string): string {
  return render(word.toLowerCase().replace(/y$/, 'iy').replace(/([aeiou])y/g, '$1й'), CYRILLIC).replace(/ий$/, 'ий');
}

// Devanagari: consonants with a virama between them, vowel signs after a consonant, full vowels elsewhere.
const DEV_CONS: Table = [
  ['kh', 'ख'], ['gh', 'घ'], ['ch', 'च'], ['jh', 'झ'], ['th', 'थ'], ['dh', 'ध'], ['ph', 'फ'], ['bh', 'भ'], ['sh', 'श'],
  ['k', 'क'], ['g', 'ग'], ['c', 'क'], ['j', 'ज'], ['t', 'त'], ['d', 'द'], ['n', 'न'], ['p', 'प'], ['b', 'ब'], ['m', 'म'], ['y', 'य'],
  ['r', 'र'], ['l', 'ल'], ['v', 'व'], ['w', 'व'], ['s', 'स'], ['h', 'ह'], ['f', 'फ़'], ['z', 'ज़'], ['q', 'क़'], ['x', 'क्स'],
];
const DEV_VOWEL: Table = [['aa', 'ा'], ['ai', 'ै'], ['au', 'ौ'], ['ee', 'ी'], ['oo', 'ू'], ['a', ''], ['i', 'ि'], ['u', 'ु'], ['e', 'े'], ['o', 'ो']];
const DEV_FULL: Table = [['aa', 'आ'], ['ai', 'ऐ'], ['au', 'औ'], ['ee', 'ई'], ['oo', 'ऊ'], ['a', 'अ'], ['i', 'इ'], ['u', 'उ'], ['e', 'ए'], ['o', 'ओ']];
function devanagari(word: string): string {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  let out = '';
  let i = 0;
  let afterConsonant = false;
  while (i < w.length) {
    const vowel = (afterConsonant ? DEV_VOWEL : DEV_FULL).find(([from]) => w.startsWith(from, i));
    if (vowel) {
      out += vowel[1];
      i += vowel[0].length;
      afterConsonant = false;
      continue;
    }
    const cons = DEV_CONS.find(([from]) => w.startsWith(from, i));
    if (!cons) {
      i++;
      continue;
    }
    if (afterConsonant) out += '्';
    out += cons[1];
    i += cons[0].length;
    afterConsonant = true;
  }
  // A final consonant keeps its inherent vowel silent, as Hindi spelling does.
  return out;
}

// Hangul syllables composed from a romanised syllable (McCune-Reischauer or Revised): initial, vowel, final.
const KO_INITIAL: Table = [
  ['kk', '1'], ['tt', '4'], ['pp', '8'], ['ss', '10'], ['jj', '13'], ['ch', '14'], ['g', '0'], ['k', '0'], ['n', '2'], ['d', '3'], ['t', '3'],
  ['r', '5'], ['l', '5'], ['m', '6'], ['b', '7'], ['p', '7'], ['s', '9'], ['j', '12'], ['h', '18'],
];
const KO_VOWEL: Table = [
  ['yae', '3'], ['yeo', '6'], ['wae', '10'], ['weo', '14'], ['eo', '4'], ['ae', '1'], ['ya', '2'], ['ye', '7'], ['wa', '9'], ['oe', '11'],
  ['yo', '12'], ['wo', '14'], ['we', '15'], ['wi', '16'], ['yu', '17'], ['eu', '18'], ['ui', '19'], ['a', '0'], ['e', '5'], ['o', '8'],
  ['u', '13'], ['i', '20'],
];
const KO_FINAL: Table = [['ng', '21'], ['k', '1'], ['g', '1'], ['n', '4'], ['l', '8'], ['r', '8'], ['m', '16'], ['p', '17'], ['b', '17'], ['t', '7'], ['s', '19']];
function hangulSyllable(syllable: string, eoForO: boolean): string | null {
  const s = syllable.toLowerCase();
  let i = 0;
  let initial = 11; // ㅇ
  const ini = KO_INITIAL.find(([from]) => s.startsWith(from, i));
  if (ini) {
    initial = Number(ini[1]);
    i += ini[0].length;
  }
  // McCune-Reischauer "o" is sometimes ㅓ (eo): "Jong" is 정.
  const vow = KO_VOWEL.find(([from]) => s.startsWith(from, i));
  if (!vow) return null;
  let vowel = Number(vow[1]);
  if (vow[0] === 'o' && eoForO) vowel = 4;
  if (vow[0] === 'u' && eoForO) vowel = 18;
  i += vow[0].length;
  let final = 0;
  if (i < s.length) {
    const fin = KO_FINAL.find(([from]) => s.startsWith(from, i) && i + from.length === s.length);
    if (!fin) return null;
    final = Number(fin[1]);
  }
  return String.fromCharCode(0xac00 + (initial * 21 + vowel) * 28 + final);
}
function korean(name: string, rnd: Rnd): string | null {
  const words = name.split(/\s+/);
  const out: string[] = [];
  for (const word of words) {
    let w = '';
    for (const syl of word.split('-')) {
      const h = hangulSyllable(syl, rnd() < 0.5);
      if (!h) return null;
      w += h;
    }
    out.push(w);
  }
  return out.join(' ');
}

// Han characters for pinyin syllables common in names (one character each).
const HAN: Readonly<Record<string, string>> = {
  wang: '王', li: '李', zhang: '张', liu: '刘', chen: '陈', yang: '杨', huang: '黄', zhao: '赵', wu: '吴', zhou: '周', xu: '徐', sun: '孙',
  ma: '马', zhu: '朱', hu: '胡', guo: '郭', he: '何', gao: '高', lin: '林', luo: '罗', zheng: '郑', liang: '梁', xie: '谢', song: '宋',
  tang: '唐', han: '韩', feng: '冯', deng: '邓', cao: '曹', peng: '彭', zeng: '曾', xiao: '肖', tian: '田', dong: '董', pan: '潘',
  yuan: '袁', cai: '蔡', jiang: '江', yu: '于', du: '杜', ye: '叶', cheng: '程', wei: '魏', su: '苏', lu: '陆', ding: '丁', ren: '任',
  shen: '沈', yao: '姚', lu2: '卢', jin: '金', ping: '平', hua: '华', ming: '明', jun: '军', hong: '红', qiang: '强', yong: '勇',
  jie: '杰', tao: '涛', bin: '斌', hui: '辉', xin: '新', guang: '光', qing: '清', long: '龙', hai: '海', bo: '波', fang: '芳',
  xiang: '祥', kai: '凯', shan: '山', dao: '道', de: '德', an: '安', fu: '福', ning: '宁', kang: '康', rong: '荣', sheng: '生',
};
function chinese(name: string): string | null {
  const words = name.toLowerCase().split(/\s+/);
  let out = '';
  for (const word of words) {
    let i = 0;
    while (i < word.length) {
      let found = '';
      for (let len = 6; len >= 1; len--) if (HAN[word.slice(i, i + len)]) { found = word.slice(i, i + len); break; }
      if (!found) return null;
      out += HAN[found];
      i += found.length;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Variation tables written for this set.

/** Given name -> public diminutives (English, Russian, Spanish, Italian, German, Arabic usage). */
const NICKNAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['robert', ['bob', 'rob', 'bobby']], ['william', ['bill', 'will', 'billy']], ['james', ['jim', 'jimmy']], ['michael', ['mike', 'mick']],
  ['richard', ['rick', 'dick', 'rich']], ['thomas', ['tom', 'tommy']], ['joseph', ['joe', 'joey']], ['charles', ['charlie', 'chuck']],
  ['edward', ['ed', 'ted', 'eddie']], ['anthony', ['tony']], ['daniel', ['dan', 'danny']], ['david', ['dave']], ['john', ['jack', 'johnny']],
  ['alexander', ['alex', 'sandy']], ['nicholas', ['nick']], ['benjamin', ['ben']], ['samuel', ['sam']], ['elizabeth', ['liz', 'beth', 'betty']],
  ['margaret', ['peggy', 'maggie']], ['katherine', ['kate', 'kathy']], ['patricia', ['pat', 'patty']], ['steven', ['steve']], ['stephen', ['steve']],
  ['aleksandr', ['sasha', 'sanya']], ['alexandr', ['sasha']], ['vladimir', ['volodya', 'vova']], ['mikhail', ['misha']], ['nikolai', ['kolya']],
  ['nikolay', ['kolya']], ['dmitry', ['dima']], ['dmitriy', ['dima']], ['dmitri', ['dima']], ['sergei', ['seryozha']], ['sergey', ['seryozha']],
  ['aleksei', ['lyosha', 'alyosha']], ['aleksey', ['lyosha']], ['yevgeny', ['zhenya']], ['evgeny', ['zhenya']], ['evgeniy', ['zhenya']],
  ['ivan', ['vanya']], ['pavel', ['pasha']], ['konstantin', ['kostya']], ['anatoly', ['tolya']], ['anatoliy', ['tolya']], ['yuri', ['yura']],
  ['yuriy', ['yura']], ['viktor', ['vitya']], ['boris', ['borya']], ['andrei', ['andryusha']], ['andrey', ['andryusha']], ['igor', ['igorek']],
  ['ekaterina', ['katya']], ['yekaterina', ['katya']], ['natalia', ['natasha']], ['natalya', ['natasha']], ['elena', ['lena']], ['maria', ['masha']],
  ['olga', ['olya']], ['tatiana', ['tanya']], ['tatyana', ['tanya']], ['svetlana', ['sveta']], ['anastasia', ['nastya']],
  ['jose', ['pepe', 'chepe']], ['francisco', ['paco', 'pancho', 'curro']], ['ignacio', ['nacho']], ['guillermo', ['memo']], ['eduardo', ['lalo']],
  ['jesus', ['chucho', 'chuy']], ['enrique', ['quique']], ['manuel', ['manolo', 'manu']], ['alberto', ['beto']], ['roberto', ['beto']],
  ['antonio', ['tono', 'toni']], ['guadalupe', ['lupe']], ['rafael', ['rafa']], ['alejandro', ['alex', 'ale']], ['fernando', ['nando']],
  ['giuseppe', ['beppe', 'peppe']], ['giovanni', ['gianni']], ['johannes', ['hans']], ['wolfgang', ['wolf']],
  ['abdullah', ['abdo']], ['mohammed', ['hamoudi']], ['muhammad', ['mo']], ['ibrahim', ['bob']],
];

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];

function numberInWords(n: number): string {
  if (n < 20) return NUMBER_WORDS[n] as string;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${NUMBER_WORDS[n % 10]}` : ''}`;
  if (n < 1000) return `${NUMBER_WORDS[Math.floor(n / 100)]} hundred${n % 100 ? ` ${numberInWords(n % 100)}` : ''}`;
  if (n < 10000 && n % 1000 < 100) return `${numberInWords(Math.floor(n / 1000))} thousand${n % 1000 ? ` ${numberInWords(n % 1000)}` : ''}`;
  // Longer numbers are read in pairs: 2904 -> twenty-nine oh-four is rare in names; keep the digits' groups.
  return String(n);
}

/** Legal forms: list spelling -> other spellings (long forms, other languages). */
const LEGAL_FORMS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/\bLLC\b|\bL\.L\.C\.?/i, ['Limited Liability Company', 'OOO', 'L.L.C.']],
  [/\bLTD\.?$|\bLIMITED$/i, ['Limited', 'Ltd.', 'Co. Ltd']],
  [/\bJSC\b/i, ['Joint Stock Company', 'AO', 'Aktsionernoye Obshchestvo']],
  [/\bPJSC\b/i, ['Public Joint Stock Company', 'PAO']],
  [/\bOJSC\b/i, ['Open Joint Stock Company', 'OAO']],
  [/\bS\.?A\.?$/i, ['Sociedad Anonima', 'Societe Anonyme', 'SA']],
  [/\bGMBH\b/i, ['Gesellschaft mit beschraenkter Haftung', 'Gesellschaft mbH']],
  [/\bAG\b/i, ['Aktiengesellschaft']],
  [/\bINC\.?$/i, ['Incorporated', 'Inc']],
  [/\bCORP\.?$|\bCORPORATION$/i, ['Corp', 'Corporation']],
  [/\bS\.?R\.?L\.?$/i, ['Societa a responsabilita limitata', 'S.R.L.']],
  [/\bB\.?V\.?$/i, ['Besloten Vennootschap']],
  [/\bCO\.?,? LTD\.?$/i, ['Company Limited', 'Co Limited']],
];
const LEGAL_TAIL = /\s*,?\s*\b(LLC|L\.L\.C\.|LTD\.?|LIMITED|JSC|PJSC|OJSC|CJSC|S\.?A\.?|GMBH|AG|INC\.?|CORP\.?|CORPORATION|S\.?R\.?L\.?|B\.?V\.?|CO\.?,? LTD\.?|OOO|AO|PAO|OAO|COMPANY|CO\.)\s*$/i;

function romanise(word: string, korean: boolean): string {
  const w = word.toLowerCase();
  if (korean) {
    // McCune-Reischauer <-> Revised Romanization, by rule.
    const rr = w.replace(/^k/, 'g').replace(/^p(?!h)/, 'b').replace(/^t/, 'd').replace(/ch/, 'j').replace(/o(?=ng|$)/, 'eo').replace(/^ri$/, 'i').replace(/^rhee$|^lee$/, 'yi');
    const mr = w.replace(/^g/, 'k').replace(/^b/, 'p').replace(/^d/, 't').replace(/eo/g, 'o').replace(/eu/g, 'u').replace(/^yi$|^i$/, 'ri').replace(/^lee$/, 'rhee').replace(/^park$/, 'pak');
    return rr !== w ? rr : mr;
  }
  // Pinyin -> Wade-Giles, by rule (tones and apostrophes dropped, as customer files write them).
  return w
    .replace(/^zh/, 'ch')
    .replace(/^q/, 'ch')
    .replace(/^x/, 'hs')
    .replace(/^z/, 'ts')
    .replace(/^c(?!h)/, 'ts')
    .replace(/^r/, 'j')
    .replace(/ong$/, 'ung')
    .replace(/^b/, 'p')
    .replace(/^d/, 't')
    .replace(/^g/, 'k')
    .replace(/ian$/, 'ien')
    .replace(/ie$/, 'ieh');
}

// ---------------------------------------------------------------------------------------------------
// Building the set.

const KOREAN_PROGRAM = /DPRK|KOREA|NK/;
const CHINESE_MARK = /^(WANG|LI|ZHANG|LIU|CHEN|YANG|HUANG|ZHAO|WU|ZHOU|XU|SUN|MA|ZHU|HU|GUO|HE|GAO|LIN|LUO|ZHENG|LIANG|XIE|SONG|TANG|HAN|FENG|DENG|CAO|PENG|ZENG|XIAO|TIAN|DONG|PAN|YUAN|CAI|JIANG|YU|DU|YE|CHENG|WEI|SU|LU|DING|REN|SHEN|YAO|JIN)\b/;

function personWords(name: string): { given: string[]; surname: string[] } | null {
  if (!LATIN_NAME.test(name)) return null;
  const comma = name.indexOf(',');
  if (comma < 0) {
    const words = name.split(/\s+/).filter(Boolean);
    if (words.length < 2) return null;
    return { given: words.slice(0, -1), surname: words.slice(-1) };
  }
  const surname = name.slice(0, comma).split(/\s+/).filter(Boolean);
  const given = name.slice(comma + 1).split(/\s+/).filter(Boolean);
  if (given.length === 0 || surname.length === 0) return null;
  return { given, surname };
}

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

function typo(rnd: Rnd, word: string): string {
  const w = word.toLowerCase();
  const i = 1 + Math.floor(rnd() * Math.max(1, w.length - 2));
  const letters = 'abcdefghijklmnoprstuvyz';
  switch (Math.floor(rnd() * 3)) {
    case 0:
      return w.slice(0, i) + pick(rnd, [...letters].filter((c) => c !== w[i])) + w.slice(i + 1);
    case 1:
      return w.slice(0, i) + w.slice(i + 1);
    default:
      return w.slice(0, i) + pick(rnd, [...letters]) + w.slice(i);
  }
}

export interface IndependentSet {
  items: IndependentItem[];
  clean: ScreeningQuery[];
  dropped: number;
}

export function buildIndependentSet(lists: readonly EvalList[], cleanCount = 5000): IndependentSet {
  const rnd = seededRandom(20261125);
  const items: IndependentItem[] = [];
  const counts = new Map<string, number>();
  const all = lists.flatMap((l) => l.entries);
  const listed = new ListedNames(all);
  let dropped = 0;
  const add = (kind: string, query: ScreeningQuery, positive: boolean, expect: ListEntry | null, index: IndependentItem['index'] = 'full'): void => {
    const n = counts.get(kind) ?? 0;
    counts.set(kind, n + 1);
    const id = `ind-${positive ? 'p' : 'n'}-${kind}-${String(n).padStart(4, '0')}`;
    const item: IndependentItem = { id, query, positive, kind, script: scriptOf(query.name), index, half: halfOf(id) };
    if (expect) item.expect = { list: expect.list, ref: expect.ref };
    items.push(item);
  };
  const negative = (kind: string, query: ScreeningQuery): void => {
    if (listed.clashes(query.name)) {
      dropped++;
      return;
    }
    add(kind, query, false, null);
  };

  const persons = all.filter((e) => e.kind === 'person');
  const businesses = all.filter((e) => e.kind === 'business');
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const out: T[] = [];
    const seen = new Set<number>();
    for (let tries = 0; out.length < n && tries < n * 50 && seen.size < items.length; tries++) {
      const i = Math.floor(rnd() * items.length);
      if (seen.has(i)) continue;
      seen.add(i);
      out.push(items[i] as T);
    }
    return out;
  };
  const q = (name: string, e: ListEntry | null, extra: Partial<ScreeningQuery> = {}): ScreeningQuery => ({ name, kind: e?.kind ?? 'person', ...extra });

  // Original-script names of the UN list against Latin names, and the reverse.
  for (const e of all.filter((x) => x.list.startsWith('un_'))) {
    const script = [e.name, ...(e.aliases ?? [])].filter((n) => isOriginalScript(n) && !/[A-Za-z]/.test(n));
    const latin = [e.name, ...(e.aliases ?? [])].filter((n) => !isOriginalScript(n));
    if (script.length === 0 || latin.length === 0) continue;
    add('script_original', q(script[0] as string, e), true, e, 'latin_only');
    add('script_to_latin', q(latin[0] as string, e), true, e, 'script_only');
  }

  // Latin list names of persons rendered in other scripts.
  const renderable = persons.filter((e) => personWords(e.name) !== null && !e.name.includes('-') && e.name.split(/[\s,]+/).length <= 4);
  for (const e of sample(renderable, 90)) {
    const p = personWords(e.name)!;
    const words = [...p.given, ...p.surname];
    add('script_rendered', q(words.map(greekWord).join(' '), e), true, e);
    add('script_rendered', q(words.map(hebrew).join(' '), e), true, e);
    add('script_rendered', q(words.map(devanagari).join(' '), e), true, e);
  }
  for (const e of sample(renderable.filter((x) => /RUSSIA|UKRAINE|BELARUS/.test(x.program ?? '')), 60)) {
    const p = personWords(e.name)!;
    add('script_rendered', q([...p.given, ...p.surname].map(cyrillic).join(' '), e), true, e);
  }
  for (const e of sample(renderable.filter((x) => /SDGT|IRAQ|SYRIA|IRAN|LIBYA|YEMEN|QDi|TAi/.test(`${x.program ?? ''} ${x.ref}`)), 60)) {
    const p = personWords(e.name)!;
    add('script_rendered', q([...p.given, ...p.surname].map(arabic).join(' '), e), true, e);
  }
  const koreanPersons = persons.filter((e) => KOREAN_PROGRAM.test(e.program ?? '') && LATIN_NAME.test(e.name));
  for (const e of sample(koreanPersons, 60)) {
    const p = personWords(e.name);
    if (!p) continue;
    const hangul = korean([...p.surname, ...p.given].join(' '), rnd);
    if (hangul) add('script_rendered', q(hangul, e), true, e);
  }
  for (const e of persons.filter((x) => CHINESE_MARK.test(x.name) && LATIN_NAME.test(x.name))) {
    const p = personWords(e.name);
    if (!p) continue;
    const han = chinese([...p.surname, ...p.given].join(' '));
    if (han) add('script_rendered', q(han, e), true, e);
  }

  // Birth year off by one or two; another nationality.
  const withYear = persons.filter((e) => e.birth_year !== undefined && personWords(e.name) !== null);
  for (const e of sample(withYear, 160)) {
    const p = personWords(e.name)!;
    const name = [...p.given, ...p.surname].map(cap).join(' ');
    const off = pick(rnd, [-2, -1, 1, 2]);
    add('birth_year', q(name, e, { birth_year: (e.birth_year as number) + off, country: rnd() < 0.5 ? e.countries?.[0] : undefined }), true, e);
  }
  for (const e of sample(persons.filter((x) => (x.countries ?? []).length > 0 && personWords(x.name) !== null), 100)) {
    const p = personWords(e.name)!;
    const other = COUNTRIES.filter((c) => !(e.countries ?? []).includes(c));
    add('nationality', q([...p.given, ...p.surname].map(cap).join(' '), e, { country: pick(rnd, other), birth_year: e.birth_year }), true, e);
  }

  // Words joined or split: a particle with the next word ("Abu Bakr" -> "Abubakr"), two given names, two
  // words of a business name.
  const JOINABLE = /^(ABU|ABD|ABDUL|ABDEL|AL|EL|BIN|IBN|UL|UD|DE|VAN|MC)$/i;
  for (const e of sample(all.filter((x) => LATIN_NAME.test(x.name) && x.name.split(/\s+/).length >= 2), 600)) {
    if ((counts.get('joined_split') ?? 0) >= 100) break;
    let words: string[];
    let i: number;
    if (e.kind === 'person') {
      const p = personWords(e.name);
      if (!p) continue;
      words = [...p.given, ...p.surname];
      i = words.findIndex((w, k) => k < words.length - 1 && JOINABLE.test(w));
      if (i < 0 && p.given.length >= 2) i = 0;
      if (i < 0) continue;
    } else {
      words = e.name.replace(LEGAL_TAIL, '').split(/\s+/);
      if (words.length < 2) continue;
      i = Math.floor(rnd() * (words.length - 1));
      const pair = [words[i] as string, words[i + 1] as string].map((w) => w.toLowerCase().replace(/[^a-z]/g, ''));
      if (pair.some((w) => w.length < 2 || LOOSE_STOP.has(w) || /^(liability|obshchestvo|aktsionernoe|limited|joint|stock)$/.test(w))) continue;
    }
    const joined = [...words.slice(0, i), `${cap(words[i] as string)}${cap(words[i + 1] as string)}`, ...words.slice(i + 2)].join(' ');
    add('joined_split', q(joined, e), true, e);
  }
  for (const e of sample(all.filter((x) => LATIN_NAME.test(x.name) && x.name.split(/\s+/).some((w) => w.length >= 9)), 60)) {
    const words = e.name.split(/\s+/);
    const i = words.findIndex((w) => w.length >= 9 && !/^(LIABILITY|OBSHCHESTVO|AKTSIONERNOE|CORPORATION|INCORPORATED|INTERNATIONAL)$/i.test(w));
    if (i < 0) continue;
    const w = words[i] as string;
    const at = 4 + Math.floor(rnd() * (w.length - 7));
    words[i] = `${w.slice(0, at)} ${w.slice(at)}`;
    add('joined_split', q(words.join(' '), e), true, e);
  }

  // Short names with one letter changed.
  const short = persons.filter((e) => {
    const p = personWords(e.name);
    return p && p.given.length === 1 && p.surname.length === 1 && e.name.replace(/[^A-Za-z]/g, '').length <= 11;
  });
  for (const e of sample(short, 120)) {
    const p = personWords(e.name)!;
    const words = [...p.given, ...p.surname].map((w) => w.toLowerCase());
    const i = words.findIndex((w) => w.length >= 4);
    if (i < 0) continue;
    const w = words[i] as string;
    const at = 1 + Math.floor(rnd() * (w.length - 1));
    const swaps: Readonly<Record<string, string>> = { c: 'k', k: 'c', i: 'y', y: 'i', s: 'z', z: 's', f: 'v', v: 'f', e: 'a', a: 'e', o: 'u', u: 'o' };
    const c = w.charAt(at);
    words[i] = w.slice(0, at) + (swaps[c] ?? (c === 'n' ? 'm' : 'n')) + w.slice(at + 1);
    add('short_one_letter', q(words.map(cap).join(' '), e), true, e);
  }

  // Digits and words, ordinals.
  for (const e of businesses.filter((x) => /\b\d{1,4}(ST|ND|RD|TH)?\b/i.test(x.name) && LATIN_NAME.test(x.name.replace(/\d/g, '')))) {
    const name = e.name.replace(/\b(\d{1,4})(ST|ND|RD|TH)?\b/gi, (_m, d: string, ord?: string) => {
      const n = Number(d);
      if (ord && n < ORDINALS.length) return ORDINALS[n] as string;
      return numberInWords(n);
    });
    if (name !== e.name && !/\d/.test(name)) add('numbers', q(name, e), true, e);
  }
  const wordNumbers = new RegExp(`\\b(${[...ORDINALS.slice(1), ...NUMBER_WORDS.slice(1)].join('|')})\\b`, 'i');
  for (const e of sample(all.filter((x) => wordNumbers.test(x.name) && !/\d/.test(x.name)), 60)) {
    const name = e.name.replace(new RegExp(wordNumbers.source, 'gi'), (w: string) => {
      const lower = w.toLowerCase();
      const o = ORDINALS.indexOf(lower);
      if (o > 0) return `${o}${o === 1 ? 'st' : o === 2 ? 'nd' : o === 3 ? 'rd' : 'th'}`;
      return String(NUMBER_WORDS.indexOf(lower));
    });
    add('numbers', q(name, e), true, e);
  }

  // Nicknames.
  const formal = new Map(NICKNAMES);
  const nicknamed = persons.filter((e) => {
    const p = personWords(e.name);
    return p && formal.has((p.given[0] as string).toLowerCase());
  });
  for (const e of sample(nicknamed, 140)) {
    const p = personWords(e.name)!;
    const nick = pick(rnd, formal.get((p.given[0] as string).toLowerCase()) as readonly string[]);
    add('nickname', q([cap(nick), ...p.given.slice(1), ...p.surname].map(cap).join(' '), e), true, e);
  }

  // Legal forms.
  const legal = businesses.filter((e) => LATIN_NAME.test(e.name) && LEGAL_FORMS.some(([re]) => re.test(e.name)));
  for (const e of sample(legal, 150)) {
    const [re, others] = LEGAL_FORMS.find(([r]) => r.test(e.name)) as readonly [RegExp, readonly string[]];
    const replaced = e.name.replace(re, pick(rnd, others));
    if (replaced !== e.name) add('legal_form', q(replaced, e), true, e);
  }

  // Romanisation variants of Chinese and Korean names.
  for (const e of sample(persons.filter((x) => (KOREAN_PROGRAM.test(x.program ?? '') || CHINESE_MARK.test(x.name)) && LATIN_NAME.test(x.name)), 140)) {
    const isKorean = KOREAN_PROGRAM.test(e.program ?? '');
    const p = personWords(e.name);
    if (!p) continue;
    const words = [...p.given, ...p.surname].flatMap((w) => (isKorean ? w.split('-') : [w]));
    const varied = words.map((w) => cap(romanise(w, isKorean)));
    if (varied.join(' ').toLowerCase() === words.join(' ').toLowerCase()) continue;
    add('romanisation', q(varied.join(' '), e), true, e);
  }

  // Doubled or swapped letters in long words.
  for (const e of sample(persons.filter((x) => personWords(x.name) !== null && x.name.split(/[\s,]+/).some((w) => w.length >= 6)), 140)) {
    const p = personWords(e.name)!;
    const words = [...p.given, ...p.surname].map((w) => w.toLowerCase());
    const i = words.findIndex((w) => w.length >= 6);
    const w = words[i] as string;
    const at = 1 + Math.floor(rnd() * (w.length - 2));
    words[i] = rnd() < 0.5 ? w.slice(0, at) + w.charAt(at) + w.slice(at) : w.slice(0, at) + w.charAt(at + 1) + w.charAt(at) + w.slice(at + 2);
    add('doubled_swapped', q(words.map(cap).join(' '), e), true, e);
  }

  // Initials of given names.
  for (const e of sample(persons.filter((x) => {
    const p = personWords(x.name);
    return p !== null && p.given.length >= 1 && (p.surname[0] as string).length >= 5;
  }), 100)) {
    const p = personWords(e.name)!;
    const initials = p.given.map((g) => `${g.charAt(0).toUpperCase()}.`);
    add('initials', q(`${initials.slice(0, 1).join(' ')} ${p.given.slice(1).map(cap).join(' ')} ${p.surname.map(cap).join(' ')}`.replace(/\s+/g, ' '), e, { birth_year: e.birth_year }), true, e);
  }

  // Several forms in one list name ("A / B", "A; B", "A (B)"): one form of two or more words alone.
  for (const e of all.filter((x) => /[/;]/.test(x.name) && !isOriginalScript(x.name) && !/IMPORT\/EXPORT/i.test(x.name))) {
    const forms = e.name.split(/\s*[/;]\s*/).map((f) => f.trim()).filter((f) => f.split(/\s+/).length >= 2 && !/^[A-Z]\b/.test(f));
    if (forms.length < 2) continue;
    add('multi_form', q(pick(rnd, forms), e), true, e);
  }

  // Corrupted listed persons: a typo, a birth year off by up to two, no country.
  for (const e of sample(persons.filter((x) => personWords(x.name) !== null), 240)) {
    const p = personWords(e.name)!;
    const words = [...p.given, ...p.surname].map((w) => w.toLowerCase());
    const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 5);
    if (long.length === 0) continue;
    const [w, i] = pick(rnd, long);
    words[i] = typo(rnd, w);
    const extra: Partial<ScreeningQuery> = {};
    if (e.birth_year !== undefined && rnd() < 0.7) extra.birth_year = e.birth_year + pick(rnd, [-2, -1, 0, 0, 1, 2]);
    add('corrupted', q(words.map(cap).join(' '), e, extra), true, e);
  }

  // Negatives: clean names of many cultures, also written in other scripts.
  for (let i = 0; i < 400; i++) {
    const culture = CULTURES[i % CULTURES.length] as string;
    negative(`clean_${culture}`, { name: cleanName(rnd, culture), kind: 'person', birth_year: 1950 + Math.floor(rnd() * 55), country: CULTURE_COUNTRY[culture] });
  }
  for (let i = 0; i < 160; i++) {
    const culture = CULTURES[i % CULTURES.length] as string;
    const latin = cleanName(rnd, culture);
    if (listed.clashes(latin)) {
      dropped++;
      continue;
    }
    const words = latin.split(' ');
    const renderers: Array<(w: string) => string> = [greekWord, hebrew, devanagari, cyrillic, arabic];
    const rendered = words.map(renderers[i % renderers.length] as (w: string) => string).join(' ');
    add('clean_script', { name: rendered, kind: 'person' }, false, null);
  }
  // Sharing one word with a listed name.
  for (const e of sample(persons.filter((x) => personWords(x.name) !== null), 160)) {
    const p = personWords(e.name)!;
    const culture = pick(rnd, CULTURES);
    const [given, family] = POOLS[culture] as readonly [readonly string[], readonly string[]];
    const name = rnd() < 0.5 ? `${pick(rnd, given)} ${p.surname.map(cap).join(' ')}` : `${cap(p.given[0] as string)} ${pick(rnd, family)}`;
    negative('shares_one_word', { name, kind: 'person' });
  }
  // Businesses: a distinctive word on one side only.
  const singleWordBusinesses = new Set<string>();
  for (const b of businesses) {
    for (const n of [b.name, ...(b.aliases ?? [])]) {
      const distinctive = n
        .split(/[\s,.\-/;()]+/)
        .map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, ''))
        .filter((w) => w.length > 0 && !LOOSE_STOP.has(w) && !GENERIC_WORDS.has(w) && !LEGAL_WORDS.has(w));
      if (distinctive.length === 1) singleWordBusinesses.add(looseWord(distinctive[0] as string));
    }
  }
  const distinctive = ['Shipping', 'Logistics', 'Textiles', 'Pharma', 'Petroleum', 'Aviation', 'Foods', 'Marine', 'Electronics', 'Construction', 'Mining', 'Software', 'Tourism', 'Medical', 'Furniture', 'Agro'];
  for (const e of sample(businesses.filter((x) => LATIN_NAME.test(x.name) && x.name.split(/\s+/).length <= 3), 200).slice(0, 120)) {
    const base = e.name.replace(LEGAL_TAIL, '').trim();
    if (!base || base.split(/\s+/).length > 2) continue;
    const word = pick(rnd, distinctive);
    if (e.name.toLowerCase().includes(word.toLowerCase())) continue;
    add('business_extra_word', { name: `${base} ${word} ${pick(rnd, ['Ltd', 'LLC', 'GmbH', 'S.A.', 'Inc.'])}`, kind: 'business' }, false, null);
  }
  for (const e of sample(businesses.filter((x) => LATIN_NAME.test(x.name) && x.name.replace(LEGAL_TAIL, '').split(/\s+/).length >= 3), 120)) {
    const first = e.name.split(/\s+/)[0] as string;
    if (first.length < 5 || LOOSE_STOP.has(first.toLowerCase())) continue;
    // The rest of the listed name must hold a distinctive word: "Atlas Ltd" against "ATLAS HOLDING" or
    // "Sepriv S.A." against "SEPRIV, S.A. DE C.V." may well be the listed business.
    const rest = e.name.replace(LEGAL_TAIL, '').split(/[\s,]+/).slice(1).map((w) => w.toLowerCase().replace(/[^a-z]/g, ''));
    if (!rest.some((w) => w.length >= 4 && !LOOSE_STOP.has(w) && !GENERIC_WORDS.has(w))) continue;
    const name = `${cap(first)} ${pick(rnd, ['Ltd', 'LLC', 'GmbH', 'S.A.', 'Inc.', 'AG'])}`;
    // Only when no listed business is that one word with generic words and legal forms alone
    // ("Kordex S.A." is "KORDEX JOINT STOCK COMPANY", "Atlas AG" may be "ATLAS HOLDING").
    if (singleWordBusinesses.has(looseWord(first))) continue;
    add('business_prefix', { name, kind: 'business' }, false, null);
  }

  addVariantKinds(persons, businesses, add);
  addVariantNegatives(persons, listed, (kind, query) => {
    if (listed.clashes(query.name)) dropped++;
    else add(kind, query, false, null);
  });

  // The clean-customer set.
  const clean: ScreeningQuery[] = [];
  const cleanRnd = seededRandom(5000);
  for (let i = 0; clean.length < cleanCount && i < cleanCount * 3; i++) {
    const culture = CULTURES[i % CULTURES.length] as string;
    const name = cleanName(cleanRnd, culture);
    if (listed.clashes(name)) continue;
    clean.push({ name, kind: 'person', birth_year: 1940 + Math.floor(cleanRnd() * 65), country: cleanRnd() < 0.8 ? CULTURE_COUNTRY[culture] : pick(cleanRnd, COUNTRIES) });
  }
  return { items, clean, dropped };
}

// ---------------------------------------------------------------------------------------------------
// Kinds added later, from their own seed so that the items above never change: Slavic names in German, Polish
// and French spelling, Arabic compound names and short vowel variants, a given name in another language, a
// business name with or without its country.

/** English (BGN/PCGN-like) spellings of Russian, Ukrainian and Belarusian names rendered as German, Polish and
 * French spelling writes them (rules written for this set from the usual spelling of each language). */
const SLAVIC_RENDERINGS: Readonly<Record<string, readonly [RegExp, Readonly<Record<string, string>>]>> = {
  german: [/shch|zh|sh|kh|ch|ts|v|y(?=[aeiou])|iy$|yy$|y$/g, { shch: 'schtsch', zh: 'sch', sh: 'sch', kh: 'ch', ch: 'tsch', ts: 'z', v: 'w', y: 'j', iy: 'ij', yy: 'ij' }],
  polish: [/shch|zh|sh|kh|ch|ts|v|y(?=[aeiou])|iy$/g, { shch: 'szcz', zh: 'ż', sh: 'sz', kh: 'ch', ch: 'cz', ts: 'c', v: 'w', y: 'j', iy: 'ij' }],
  french: [/shch|zh|sh|ch|u|y(?=[aeiou])|iy$|ov$|ev$/g, { shch: 'chtch', zh: 'j', sh: 'ch', ch: 'tch', u: 'ou', y: 'i', iy: 'i', ov: 'ov', ev: 'ev' }],
};
const SLAVIC_PROGRAM = /RUSSIA|UKRAINE|BELARUS/;
const SLAVIC_SURNAME = /(?:ov|ev|yov|in|yn|ko|sky|skiy|skii|ski|uk|yuk|chuk|ich|ovich|evich|enka|ova|eva|ina|aya|iy|yy)$/i;

function slavicRendering(word: string, language: string): string {
  const [re, table] = SLAVIC_RENDERINGS[language] as readonly [RegExp, Readonly<Record<string, string>>];
  const lower = word.toLowerCase();
  // A final y is an i in German and French spelling, a y in Polish.
  return lower.replace(re, (m, at: number) => (m === 'y' && at === lower.length - 1 ? (language === 'polish' ? 'y' : 'i') : (table[m] ?? m)));
}

/** Sun letters after which Latin spellings assimilate the article (Abd ar-Rahman, Abdussalam). */
const SUN_START = /^(?:sh|[tdrzsn])/;
const COMPOUND_HEAD = /^ABD(?:[AEIOU]L|[AEIOU]([TDRZSN])\1)-?([A-Z]{3,})$/;
/** Abdullah (Abd Allah) is no article and a root, and a patronymic (Abdulhaevich) is not written apart. */
const NOT_COMPOUND = /^L*AH?$|^L*AHI$|VICH$|VNA$|OV$|EV$/;

/** The other ways Latin spellings write "Abd al-X" (written for this set from common usage). */
function compoundSpellings(root: string): string[] {
  const x = cap(root);
  const lower = root.toLowerCase();
  const sun = SUN_START.exec(lower)?.[0];
  const forms = [`Abd al-${x}`, `Abdul ${x}`, `Abdel ${x}`, `Abdul${lower}`, `Abdel${lower}`, `Abd-al-${x}`, `Abd el ${x}`];
  if (sun) forms.push(`Abdu${sun}${lower}`, `Abde${sun}${lower}`, `Abd-u${sun}-${x}`, `Abd a${sun}-${x}`);
  return forms.map((f) => f.charAt(0).toUpperCase() + f.slice(1));
}

/** Short vowel variants of Arabic-derived given names (written for this set). */
const ARABIC_VOWEL_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  ali: ['Aly'], omar: ['Umar'], umar: ['Omar'], usama: ['Osama'], osama: ['Usama'], othman: ['Uthman'], uthman: ['Othman'],
  yusuf: ['Yousof', 'Yusef'], ahmad: ['Ahmed'], ahmed: ['Ahmad'], mohammed: ['Muhammad', 'Mohamed'], muhammad: ['Mohammed', 'Mohamad'],
  mohamed: ['Muhammad'], hussein: ['Husayn', 'Hussain'], hasan: ['Hassan'], hassan: ['Hasan'], sayf: ['Saif', 'Seif'], saif: ['Sayf'],
};

/** A given name in other languages (written for this set from common usage). */
const GIVEN_NAME_LANGUAGES: ReadonlyArray<readonly string[]> = [
  ['pyotr', 'petr', 'peter', 'pedro', 'pietro', 'pierre', 'piotr'],
  ['iosif', 'joseph', 'jose', 'giuseppe', 'jozef', 'yosef', 'yusuf'],
  ['ivan', 'john', 'juan', 'jean', 'johann', 'giovanni', 'jan'],
  ['mikhail', 'michael', 'miguel', 'michel', 'michal', 'mykhailo'],
  ['pavel', 'paul', 'pablo', 'paolo', 'pawel', 'pavlo'],
  ['georgy', 'george', 'jorge', 'giorgio', 'jerzy', 'heorhiy'],
  ['nikolai', 'nicholas', 'nicolas', 'mikolaj', 'mykola', 'nicola'],
  ['stepan', 'stephen', 'esteban', 'stefano', 'stefan'],
  ['andrei', 'andrew', 'andres', 'andrzej', 'andriy', 'andrea'],
  ['yakov', 'jacob', 'jakub', 'jacques', 'giacomo', 'yaakov'],
  ['ibrahim', 'abraham'], ['musa', 'moses', 'moshe'], ['dawud', 'david'], ['suleiman', 'solomon', 'sulayman'], ['isa', 'jesus'],
  ['maryam', 'maria', 'mary', 'marie'], ['yekaterina', 'catherine', 'katarzyna', 'caterina'], ['yelena', 'helen', 'elena', 'helena'],
  ['aleksandr', 'alexander', 'alejandro', 'alessandro', 'alexandre', 'aleksander', 'oleksandr', 'alyaksandr'],
  ['dmitry', 'dimitri', 'dimitrios'], ['sergei', 'sergio', 'serge', 'serhiy'], ['vasily', 'basil', 'vasyl'], ['grigory', 'gregory', 'gregorio', 'hryhoriy'],
  ['fyodor', 'theodore', 'teodoro', 'fedir'], ['anna', 'ana', 'hanna'], ['yusuf', 'joseph', 'yosef'],
];

/** Countries as business names write them (name or adjective), by ISO code, for business_country items. */
const COUNTRY_WORDS: Readonly<Record<string, readonly string[]>> = {
  IR: ['Iran', 'Iranian'], RU: ['Russia', 'Russian'], SY: ['Syria', 'Syrian'], KP: ['Korea', 'Korean'], CN: ['China', 'Chinese'],
  IQ: ['Iraq', 'Iraqi'], LB: ['Lebanon', 'Lebanese'], AE: ['Emirates', 'UAE'], TR: ['Turkey', 'Turkish'], BY: ['Belarus', 'Belarusian'],
  VE: ['Venezuela', 'Venezuelan'], CU: ['Cuba', 'Cuban'], LY: ['Libya', 'Libyan'], YE: ['Yemen', 'Yemeni'], HK: ['Hong Kong'],
  PK: ['Pakistan', 'Pakistani'], AF: ['Afghanistan', 'Afghan'], UA: ['Ukraine', 'Ukrainian'], MM: ['Myanmar', 'Burma'], SD: ['Sudan', 'Sudanese'],
};
const COUNTRY_WORD = new RegExp(`\\b(${Object.values(COUNTRY_WORDS).flat().join('|')}|IRAN|RUSSIA|ROSSII|SYRIAN|IRANIAN|RUSSIAN|KOREA|CHINA)\\b`, 'i');

type AddItem = (kind: string, query: ScreeningQuery, positive: boolean, expect: ListEntry | null, index?: IndependentItem['index']) => void;

function addVariantKinds(persons: readonly ListEntry[], businesses: readonly ListEntry[], add: AddItem): void {
  const rnd = seededRandom(20261126);
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0] as T);
    return out;
  };
  const q = (name: string, e: ListEntry): ScreeningQuery => ({ name, kind: e.kind });

  // Russian, Ukrainian and Belarusian names in German, Polish or French spelling (the surname always, the given
  // names half the time).
  const slavic = persons.filter((e) => {
    const p = SLAVIC_PROGRAM.test(e.program ?? '') && !e.name.includes('-') ? personWords(e.name) : null;
    return p !== null && p.surname.some((w) => SLAVIC_SURNAME.test(w));
  });
  for (const e of sample(slavic, 200)) {
    const p = personWords(e.name)!;
    const language = pick(rnd, ['german', 'german', 'polish', 'french']);
    const given = rnd() < 0.5 ? p.given.map((w) => slavicRendering(w, language)) : p.given.map((w) => w.toLowerCase());
    const surname = p.surname.map((w) => slavicRendering(w, language));
    const name = [...given, ...surname].map(cap).join(' ');
    if (name.toLowerCase() === [...p.given, ...p.surname].join(' ').toLowerCase()) continue;
    add('slavic_spelling', q(name, e), true, e);
  }

  // Arabic compound names (Abd al-X) written another way, and short vowel variants of Arabic given names.
  let compounds = 0;
  for (const e of sample(persons.filter((x) => LATIN_NAME.test(x.name)), persons.length)) {
    if (compounds >= 120) break;
    const p = personWords(e.name);
    if (!p) continue;
    const words = [...p.given, ...p.surname].map((w) => w.toUpperCase());
    let at = -1;
    let root = '';
    let span = 1;
    for (let i = 0; i < words.length && at < 0; i++) {
      const w = words[i] as string;
      const joined = COMPOUND_HEAD.exec(w);
      if (joined && !NOT_COMPOUND.test(joined[2] as string)) {
        at = i;
        // (An assimilated article's consonant starts the root: Abderrahmane is Abd ar-Rahmane.)
        root = `${joined[1] ?? ''}${joined[2] as string}`;
      } else if (/^(?:ABD|ABDUL|ABDEL|ABDAL)$/.test(w) && i + 1 < words.length) {
        const next = words[i + 1] as string;
        const article = /^(?:AL|EL|UL|UR|AR|US|AS|UD|AD)$/.test(next);
        const r = article ? words[i + 2] : next;
        if (r && r.length >= 3 && /^[A-Z]+$/.test(r) && !NOT_COMPOUND.test(r.replace(/^(?:AL|EL)-?/, ''))) {
          at = i;
          root = r.replace(/^(?:AL|EL)-?/, '');
          span = article ? 3 : 2;
        }
      }
    }
    if (at < 0 || root.length < 3) continue;
    const original = words.slice(at, at + span).join(' ').toLowerCase().replace(/-/g, ' ');
    const others = compoundSpellings(root).filter((f) => f.toLowerCase().replace(/-/g, ' ') !== original);
    const replaced = [...words.slice(0, at).map(cap), pick(rnd, others), ...words.slice(at + span).map(cap)].join(' ');
    compounds++;
    add('arabic_compound', q(replaced, e), true, e);
  }
  const vowelled = persons.filter((e) => {
    const p = personWords(e.name);
    return p !== null && p.given.some((g) => ARABIC_VOWEL_VARIANTS[g.toLowerCase()] !== undefined);
  });
  for (const e of sample(vowelled, 100)) {
    const p = personWords(e.name)!;
    const given = p.given.map((g) => {
      const variants = ARABIC_VOWEL_VARIANTS[g.toLowerCase()];
      return variants ? pick(rnd, variants) : cap(g);
    });
    add('arabic_vowel', q([...given, ...p.surname.map(cap)].join(' '), e), true, e);
  }

  // The same given name in another language, the surname as listed.
  const languages = new Map<string, string[]>();
  for (const group of GIVEN_NAME_LANGUAGES) for (const name of group) languages.set(name, [...(languages.get(name) ?? []), ...group.filter((n) => n !== name)]);
  const translatable = persons.filter((e) => {
    const p = personWords(e.name);
    return p !== null && languages.has((p.given[0] as string).toLowerCase());
  });
  for (const e of sample(translatable, 120)) {
    const p = personWords(e.name)!;
    const other = pick(rnd, languages.get((p.given[0] as string).toLowerCase()) as string[]);
    add('given_name_language', q([other, ...p.given.slice(1), ...p.surname].map(cap).join(' '), e), true, e);
  }

  // A business name with its country dropped, or with the country of the entry added.
  const namedBusinesses = businesses.filter((e) => LATIN_NAME.test(e.name) && e.name.replace(LEGAL_TAIL, '').split(/\s+/).length >= 2);
  for (const e of sample(namedBusinesses.filter((x) => COUNTRY_WORD.test(x.name) && !/'S\b/i.test(x.name)), 60)) {
    const dropped = e.name.replace(new RegExp(COUNTRY_WORD.source, 'gi'), ' ').replace(/\bOF\s*$/i, '').replace(/\s+/g, ' ').trim();
    const rest = dropped.replace(LEGAL_TAIL, '').split(/\s+/).filter((w) => w.length >= 3 && !LOOSE_STOP.has(w.toLowerCase()));
    if (rest.length < 1 || dropped === e.name) continue;
    add('business_country', q(dropped, e), true, e);
  }
  const withCountry = namedBusinesses.filter((x) => !COUNTRY_WORD.test(x.name) && (x.countries ?? []).some((c) => COUNTRY_WORDS[c]));
  for (const e of sample(withCountry, 60)) {
    const code = (e.countries ?? []).find((c) => COUNTRY_WORDS[c]) as string;
    const word = pick(rnd, COUNTRY_WORDS[code] as readonly string[]);
    const base = e.name.replace(LEGAL_TAIL, '').trim();
    const tail = e.name.slice(base.length);
    add('business_country', q(rnd() < 0.5 ? `${word} ${base}${tail}` : `${base} ${word}${tail}`, e), true, e);
  }
}

/** Negatives for the kinds above, from a seed of their own: clean Russian and Ukrainian names in German, Polish or
 * French spelling (slavic_clean; dropped when the English spelling clashes with a listed name too), and a listed
 * person's surname with another given name of the table of languages in place of theirs (given_name_other). */
function addVariantNegatives(persons: readonly ListEntry[], listed: ListedNames, negative: (kind: string, query: ScreeningQuery) => void): void {
  const rnd = seededRandom(20261127);
  for (let i = 0; i < 120; i++) {
    const english = cleanName(rnd, i % 2 === 0 ? 'russian' : 'ukrainian');
    const language = pick(rnd, ['german', 'german', 'polish', 'french']);
    const rendered = english.split(' ').map((w) => cap(slavicRendering(w, language))).join(' ');
    if (rendered === english || listed.clashes(english)) continue;
    negative('slavic_clean', { name: rendered, kind: 'person' });
  }
  const groupOf = new Map<string, number>();
  GIVEN_NAME_LANGUAGES.forEach((group, g) => group.forEach((n) => groupOf.set(n, g)));
  const others = [...groupOf.keys()];
  const translatable = persons.filter((e) => {
    const p = personWords(e.name);
    return p !== null && groupOf.has((p.given[0] as string).toLowerCase());
  });
  for (let i = 0; i < 120 && translatable.length > 0; i++) {
    const e = translatable[Math.floor(rnd() * translatable.length)] as ListEntry;
    const p = personWords(e.name)!;
    const own = (p.given[0] as string).toLowerCase();
    // Another name of the table, of another line than the listed one's (the table may list one name on two lines).
    const other = pick(rnd, others.filter((n) => groupOf.get(n) !== groupOf.get(own) && !GIVEN_NAME_LANGUAGES.some((g) => g.includes(n) && g.includes(own))));
    negative('given_name_other', { name: [other, ...p.given.slice(1), ...p.surname].map(cap).join(' '), kind: 'person' });
  }
}

function greekWord(word: string): string {
  const s = render(word, GREEK);
  return s.endsWith('σ') ? `${s.slice(0, -1)}ς` : s;
}

/** The set's size by kind, script and half, as the screening benchmark prints it. */
export function describeSet(set: IndependentSet): Record<string, unknown> {
  const by = (f: (i: IndependentItem) => string): Record<string, number> => {
    const m: Record<string, number> = {};
    for (const i of set.items) m[f(i)] = (m[f(i)] ?? 0) + 1;
    return m;
  };
  return {
    items: set.items.length,
    positives: set.items.filter((i) => i.positive).length,
    negatives: set.items.filter((i) => !i.positive).length,
    tune: set.items.filter((i) => i.half === 'tune').length,
    test: set.items.filter((i) => i.half === 'test').length,
    by_kind: by((i) => i.kind),
    by_script: by((i) => i.script),
    clean_customers: set.clean.length,
    dropped_negatives: set.dropped,
  };
}

export type { EntryKind };
