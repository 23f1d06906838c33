// Turns a raw name (as typed by a caller or as written in a list) into words with a role. Everything
// that should not change who a name points to is removed here: case, accents, punctuation, "SURNAME,
// Given" order, titles, legal-form spelling. How much each word counts is decided by its role.

import anyAscii from 'any-ascii';
import { eastAsianReadings } from './east-asian-cyrillic';
import type { EntryKind } from './types';
import {
  ARTICLE_SPELLINGS,
  BUSINESS_NAME_ACRONYMS,
  BUSINESS_WORD_TRANSLATIONS,
  COUNTRY_PHRASES,
  COUNTRY_WORDS,
  GENERIC_BUSINESS_WORDS,
  INITIALS_SKIP_WORDS,
  LEGAL_FORM_PHRASES,
  LEGAL_FORM_WORDS,
  NAME_PARTICLES,
  PERSON_TITLES,
  readAs,
} from './name-words';
import { ABJAD_WORD, CONSONANT_DIGRAPHS, turkishSpellings, withinOneEdit } from './similarity';
import { HAN_WORD, HANZI_TRANSCRIBED_NAME, hanziReading, KATAKANA_WORD, katakanaParticle, katakanaReading, type Transcription } from './transcription';

/** normal: a distinctive word; particle: bin/al/van...; generic: trading/group...; initial: one letter. */
export type WordRole = 'normal' | 'particle' | 'generic' | 'initial';

export interface NormalizedWord {
  readonly text: string;
  readonly role: WordRole;
  /** Other Latin spellings of a word transliterated from Greek (see greekReadings), when it has any. */
  readonly readings?: readonly string[];
  /** Read from a foreign name written syllable by syllable (transcription.ts katakanaReading, hanziReading). */
  readonly transcribed?: Transcription;
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
  // Azerbaijani ə, which English spellings write a (Əliyev = Aliyev, Məmmədov = Mammadov).
  ə: 'a',
};

// Arabic, Persian, Urdu, Pashto and Sindhi letter variants that different lists write interchangeably: ta marbuta
// and the Urdu heh goal (ہ, ۂ, ۃ, ۀ) as ه; alif maqsura, Persian yeh and the Urdu and Pashto yehs (ے, ۓ, ې, ۍ) as ي;
// Persian and Sindhi kaf as ك; Urdu noon ghunna ں as ن.
const ARABIC_VARIANTS: Readonly<Record<string, string>> = {
  'ة': 'ه', 'ۃ': 'ه', 'ہ': 'ه', 'ۂ': 'ه', 'ۀ': 'ه', 'ى': 'ي', 'ی': 'ي', 'ے': 'ي', 'ۓ': 'ي', 'ې': 'ي', 'ۍ': 'ي',
  'ک': 'ك', 'ڪ': 'ك', 'ں': 'ن', 'ٱ': 'ا', 'ـ': '',
};
const ARABIC_VARIANT = /[ةۃہۂۀىیےۓېۍکڪںٱـ]/g;
/** Short vowels, shadda, sukun and the superscript alif (and Quranic marks): written now and then, never by lists. */
const ARABIC_VOWEL_MARKS = /[\u064b-\u065f\u0670\u06d6-\u06ed]/g;
/** Urdu do-chashmi he after d, t, k, g or p writes the h of an aspirate that Latin spellings write as a digraph,
 * which is one letter to the consonant keys (dh, th, kh, gh, ph: چودھری Chaudhry); after other letters it is an h
 * (bh: بھٹو Bhutto). */
const DIGRAPH_ASPIRATE = /(?<=[دتٹڈکكگپ])ھ/g;
/** Arabic-Indic (U+0660-0669) and Persian (U+06F0-06F9) digits: the low four bits of each are its value. */
const EASTERN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;

// Scripts that leave short vowels unwritten (abjads) or imply them (Brahmic scripts): a transliteration
// holds the consonants, so such a word is compared by its consonants (see similarity.ts). Such words leave
// normalizeText in capitals, which no other word does, so the mark travels with the word.
const ABJAD_RUN =
  /[\p{scx=Arabic}\p{scx=Hebrew}\p{scx=Syriac}\p{scx=Thaana}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}]+/gu;
/** Chinese, Japanese and Korean: transliterated one syllable per capital ("XiJinPing"), split into words. */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const GREEK_RUN = /[\p{scx=Greek}]+/gu;
/** Armenian ու, the vowel u, which any-ascii writes ow (Պուտին: Powtin). */
const ARMENIAN_U = /ու/gi;
/** Letters of any other script with the marks that follow them: the vowel signs of Thai, Burmese, Khmer or Lao are marks
 * (ปูติน: ป, ู, ต, ิ, น), which any-ascii reads with their letter and which would be lost apart from it. */
const OTHER_SCRIPT_RUN = /(?:[^\p{Script=Latin}\P{L}]\p{M}*)+/gu;

/** A Thai vowel written before the consonant it follows in speech (เ แ โ ใ ไ), with that consonant and a second
 * consonant of a cluster (ปร, กล, ขว...). */
const THAI_LEADING_VOWEL = /([\u0e40-\u0e44])([\u0e01-\u0e2e](?:(?<=[กขคตปพผบด])[รลว](?=[\u0e01-\u0e2e]))?)/g;
/** A Thai letter under the thanthakhat (์), which silences it; ร under it after another consonant silences that one
 * too (จันทร์ = Chan, ศาสตร์ = Sat). */
const THAI_SILENT = /(?:[\u0e01-\u0e2e]ร|[\u0e01-\u0e2e][\u0e31-\u0e3a\u0e47-\u0e4b]*)\u0e4c/g;
/** อ as the silent seat of a vowel: before a vowel sign, or after a leading vowel moved behind it (โอชา = Ocha). */
const THAI_VOWEL_SEAT = /อ(?=[\u0e30-\u0e39\u0e40-\u0e44\u0e47])/g;

/**
 * Thai in the order it is spoken: a leading vowel after its consonant and อ seating a vowel silent (โอชา = Ocha, not
 * oocha; เวชชาชีวะ = Vejjajiva, not ewchchachiwa). Other scripts unchanged.
 */
function thaiInSpokenOrder(run: string): string {
  if (!/[\u0e01-\u0e5b]/.test(run)) return run;
  return run.replace(THAI_LEADING_VOWEL, '$2$1').replace(THAI_VOWEL_SEAT, '');
}

// Hebrew letters whose any-ascii reading would hide the consonant the Latin spelling writes (ב is b or v,
// ו a vowel as often as a v, so w, which consonant keys drop and the loose key lets meet a Latin v; פ p or f) and Greek digraphs for Latin b, d, g and u (Μπους, Ντάλας).
const HEBREW_LETTERS: Readonly<Record<string, string>> = {
  ב: 'b', ו: 'w', פ: 'p', ף: 'p', כ: 'k', ך: 'k', ק: 'k', צ: 's', ץ: 's', ח: 'h', ע: '',
};
// Greek letters to Latin, rule by rule in this order. `usual` is the reading the word is written with (null:
// any-ascii's, applied last); `others` are further readings of the same letters that Latin spellings use, tried as the
// word's other spellings (see greekReadings). μπ, ντ and γκ are how Greek writes the b, d and g of foreign names
// (Μπους, Ντάλας, Μιγκέλ = Miguel; νγκ, γγ are ng); inside a word after a vowel they are also the mb/mp, nd/nt, ng/nk
// Latin spellings write (Λάμπερτ = Lambert, Ολυμπία = Olympia, Άντον = Anton, Λόντον = London, Άγκυρα = Ankara). ι and
// ου before a vowel starting a word are y, w, and γι there y or j (inside one ου is u: Χουάν = Juan, or ou:
// Παπαδόπουλος = Papadopoulos, and w between vowels); ι before a vowel inside a word is i or y (Σαμαγιόα, Σεγιέντ =
// Seyed); αυ, ευ are av, ev, or af, ef, or au, eu (Ευριπίδης = Evripidis, Euripides); ει, οι are ei, oi or i
// (Βασίλειος = Vasileios, Vasilios; Οικονόμου = Oikonomou, Ikonomou), αι ai or e; η i or e (Ελένη = Eleni, Δημήτρης =
// Dimitris, Demetris); υ y or i (Κυριάκος = Kyriakos, Kiriakos); χ h, ch or kh (Χρήστος = Christos, Μιχαήλ = Mikhail);
// β v or b (Βαρβάρα = Varvara, Barbara); τσ ts, or the ch that Greek, without that sound, writes so in foreign names
// (Σέτσιν = Sechin, Τσε = Che).
interface GreekRule {
  readonly from: RegExp;
  readonly usual: string | null;
  readonly others: readonly string[];
}
const GREEK_VOWEL_BEFORE = '(?<=[αεηιουω])';
const greekRule = (from: string, usual: string | null, others: readonly string[] = []): GreekRule => ({
  from: new RegExp(from, 'g'),
  usual,
  others,
});
const GREEK_RULES: readonly GreekRule[] = [
  greekRule('νγκ', 'ng'), greekRule('γγ', 'ng'), greekRule('τζ', 'j'), greekRule('τσ', 'ts', ['ch']),
  // γι before a vowel starting a word is the y of Latin spellings (Γιούρι = Yuri), and the j of German and Korean
  // names that sounds so or near it (Γιόχαν = Johann, Γιονγκ = Jong).
  greekRule('^γι(?=[αεηοω]|ου)', null, ['y', 'j']),
  // Inside a word γι before a vowel is a y too (Χανίγια = Haniya), and ου between vowels a w (Ζαουάχρι = Zawahri).
  greekRule('(?<=[αεηιουω])γι(?=[αεηοω]|ου)', null, ['y']), greekRule('(?<=[αεηιω])ου(?=[αεηιοω])', null, ['w']),
  greekRule('^ι(?=[αεηιουω])', 'y'), greekRule('^ου(?=[αεηιοω])', 'w'),
  // όου is how Greek writes the o of English names (Τζόουνς = Jones, Ρόουλινγκ = Rowling).
  greekRule('οου', null, ['o', 'ow']),
  greekRule(`${GREEK_VOWEL_BEFORE}μπ`, 'b', ['mb', 'mp']), greekRule(`${GREEK_VOWEL_BEFORE}ντ`, 'd', ['nd', 'nt']),
  greekRule(`${GREEK_VOWEL_BEFORE}γκ`, 'g', ['ng', 'nk']),
  greekRule('μπ', 'b'), greekRule('ντ', 'd'), greekRule('γκ', 'g'),
  greekRule('ι(?=[αεηιουω])', null, ['y']),
  greekRule('(?<=[αεη])υ', 'v', ['f', 'u']),
  greekRule('ου', 'u', ['ou']),
  // Greek has no h: the h between two vowels of Arabic and Persian names is left out, α and η then written apart
  // (Ιμπραήμ = Ibrahim: read "ahi" besides "ai").
  greekRule('(?<=α)η', null, ['hi']),
  greekRule('ει', null, ['i']), greekRule('οι', null, ['i']), greekRule('αι', null, ['e']),
  greekRule('η', null, ['e']), greekRule('υ', null, ['i']),
  greekRule('χ', 'h', ['ch', 'kh', 'j']),
  greekRule('β', null, ['b']),
  // γ before e or i sounds y at the start of a word (Γεβγκένι = Yevgeni, Γιάννης = Yiannis), ζ is how Greek writes the
  // zh and j of foreign names (Ζαν = Jean), as χ is the Spanish j (above: Χοσέ = José, Χαβιέρ = Javier).
  greekRule('^γ(?=[εηιυ]|αι|ει|οι)', null, ['y']),
  greekRule('ζ', null, ['j']),
];
/** At most this many readings of one Greek word (the usual one and those changing the fewest rules first). */
const MAX_GREEK_READINGS = 16;

/** Hebrew geresh after a letter makes the sound Latin spellings write j, zh, ch (an apostrophe typed for it became
 * the geresh in normalizeText, GERESH_TYPED). */
const HEBREW_GERESH: ReadonlyArray<readonly [RegExp, string]> = [[/ג׳/g, 'j'], [/ז׳/g, 'j'], [/צ׳/g, 's']];

/**
 * Arabic letters that Latin spellings write two ways: ذ, ظ and ض are the dh / d of Arabic spellings and the z
 * of Persian, Urdu, Pashto and Turkish ones (Dhakir / Zakir, Fadl / Fazl, Nadhmi / Nazmi), ث the th of
 * Arabic and the s of the others (Thaqib / Saqib). They are written Ð and Þ, which similarity.ts reads both
 * ways (ABJAD_READINGS).
 */
const TWO_READING_LETTERS: Readonly<Record<string, string>> = { ذ: 'Ð', ظ: 'Ð', ض: 'Ð', ث: 'Þ' };

/** One letter of an abjad as one Latin letter (or none): any-ascii's reading, its digraphs (ش "sh") as one. */
function abjadLetter(c: string): string {
  if (/[a-z]/.test(c)) return c;
  // Alif (and Hebrew aleph) write a long a: kept, so two equal consonants around it stay two (حداد).
  if (/[اأإآٱא]/.test(c)) return 'a';
  const twoReadings = TWO_READING_LETTERS[c];
  if (twoReadings) return twoReadings.toLowerCase();
  const latin = anyAscii(c).toLowerCase().replace(/[^a-z]/g, '');
  return latin.length === 2 ? (CONSONANT_DIGRAPHS[latin] ?? latin) : latin;
}

/**
 * An anusvara or chandrabindu (Devanagari ं ँ, Bengali ং ঁ, Gurmukhi ੰ ਂ, Telugu ం...) is the nasal of the consonant
 * after it, which any-ascii writes m: m before p, ph, b, bh or m, else n (अलेक्सांद्र = Aleksandr, ਸਿੰਘ = Singh, చంద్ర =
 * Chandra). The Indic blocks share one layout, so the sign's own block gives its na (offset 0x28) and ma (0x2e), and
 * its labials are 0x2a to 0x2e.
 */
const INDIC_NASAL = /[\u0901\u0902\u0981\u0982\u0a01\u0a02\u0a70\u0a81\u0a82\u0b01\u0b02\u0c01\u0c02\u0c81\u0c82\u0d02](.?)/g;
function brahmicNasal(sign: string, next: string): string {
  const block = (sign.codePointAt(0) as number) & ~0x7f;
  const offset = next ? (next.codePointAt(0) as number) - block : -1;
  return String.fromCodePoint(block + (offset >= 0x2a && offset <= 0x2e ? 0x2e : 0x28)) + next;
}

/** An independent i starting a Brahmic word before another vowel is a y (Bengali ইউনূস = Yunus, ইয়া...). */
const BRAHMIC_I_GLIDE = /^I(?=[AEOU])/;

/** One run of an abjad or Brahmic script as Latin consonants (with whatever vowels it writes), in capitals. */
function abjadToLatin(run: string): string {
  // The article written apart ("جمات ال احرار") is the article; so is an aleph, or aleph lamed, standing alone, as
  // Hebrew writes the article of an Arabic name before a hyphen (א-זוואהירי, אל-קאעידה): Hebrew has no word of them.
  if (run === 'ال' || run === 'א' || run === 'אל') return ' al ';
  let text = run;
  let article = '';
  // The Arabic article written onto the word ("القاعدة") is a word of its own, as Latin spellings write it
  // (but الله, Allah, is one word).
  if (/^ال/.test(text) && text.length > 3 && !/^الل[هہ]$/.test(text)) {
    article = 'al ';
    text = text.slice(2);
  }
  for (const [from, to] of HEBREW_GERESH) text = text.replace(from, to);
  // A nukta makes Devanagari ज a z (ज़), which any-ascii reads as j.
  text = text.replace(/ज\u093c/g, 'z');
  text = text.replace(INDIC_NASAL, brahmicNasal);
  // A doubled vav, or a vav starting a word, is the consonant v (וולקוב = Volkov, ולדימיר = Vladimir).
  text = text.replace(/וו/g, 'v').replace(/^ו/, 'v');
  text = text.replace(/[\u05d0-\u05ea]/g, (c) => HEBREW_LETTERS[c] ?? c);
  // Letter by letter, so a digraph of one letter (ث "th") never merges with two letters (ت ه "t", "h").
  let latin = '';
  for (const c of text) latin += /\p{N}/u.test(c) ? anyAscii(c) : abjadLetter(c);
  return ` ${article}${latin.toUpperCase().replace(BRAHMIC_I_GLIDE, 'Y')} `;
}

/** Business words written in Chinese characters (simplified and traditional) and the Japanese legal form, as the
 * English words and legal forms the lists write for them (国际海运有限公司: International Shipping Co., Ltd.), so a
 * business name in characters meets its English name: legal forms and generic words by what they mean, the
 * distinctive words by their syllables. Words that are also given names (建设 Jianshe, 海洋 Haiyang) are left out. */
const HAN_BUSINESS_WORDS: Readonly<Record<string, string>> = {
  股份有限公司: 'ltd', 有限责任公司: 'llc', 有限責任公司: 'llc', 有限公司: 'ltd', 株式会社: 'kk', 公司: 'co',
  集团: 'group', 集團: 'group', 国际: 'international', 國際: 'international', 贸易: 'trading', 貿易: 'trading',
  海运: 'shipping', 海運: 'shipping', 船务: 'shipping', 船務: 'shipping', 航运: 'shipping', 航運: 'shipping', 物流: 'logistics',
  技术: 'technology', 技術: 'technology', 科技: 'technology', 投资: 'investment', 投資: 'investment', 控股: 'holding',
  实业: 'industrial', 實業: 'industrial', 工业: 'industry', 工業: 'industry', 发展: 'development', 發展: 'development',
  进出口: 'import export', 進出口: 'import export', 香港: 'hong kong',
  中国: 'china', 中國: 'china', 银行: 'bank', 銀行: 'bank', 电子: 'electronics', 電子: 'electronics', 航空: 'aviation',
  航天: 'aerospace', 能源: 'energy', 石油: 'petroleum', 化工: 'chemical', 电信: 'telecom', 電信: 'telecom',
  通信: 'communication', 机械: 'machinery', 機械: 'machinery', 设备: 'equipment', 設備: 'equipment', 研究院: 'research institute',
  研究所: 'research institute', 大学: 'university', 大學: 'university', 矿业: 'mining', 礦業: 'mining', 钢铁: 'steel',
  鋼鐵: 'steel', 船舶: 'shipbuilding', 重工: 'heavy industry', 电力: 'power', 電力: 'power', 工程: 'engineering',
  制造: 'manufacturing', 製造: 'manufacturing', 电气: 'electric', 電氣: 'electric',
  商贸: 'trading', 商貿: 'trading', 半导体: 'semiconductor', 半導體: 'semiconductor', 核工业: 'nuclear industry',
  核工業: 'nuclear industry', 兵器: 'ordnance', 航海: 'maritime', 运输: 'transport', 運輸: 'transport',
};
const HAN_BUSINESS_WORD = new RegExp(
  Object.keys(HAN_BUSINESS_WORDS)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'g',
);

function cjkToLatin(run: string): string {
  const read = run.replace(HAN_BUSINESS_WORD, (w) => ` ${HAN_BUSINESS_WORDS[w] ?? w} `);
  return ` ${anyAscii(read).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()} `;
}

/**
 * The Latin readings of one Greek word (lowercase), the usual one first: every rule of GREEK_RULES read its usual
 * way, then with one rule read another way, then two, and so on. Every occurrence of the letters of one rule is
 * read the same way, as in the Latin spelling of one name.
 */
export function greekReadings(run: string, max = MAX_GREEK_READINGS): string[] {
  const text = run.normalize('NFD').replace(COMBINING_MARK, '');
  const active: number[] = [];
  GREEK_RULES.forEach((rule, i) => {
    rule.from.lastIndex = 0;
    if (rule.others.length > 0 && rule.from.test(text)) active.push(i);
  });
  const readings = new Set<string>();
  const read = (choice: ReadonlyMap<number, number>): void => {
    let s = text;
    GREEK_RULES.forEach((rule, i) => {
      const c = choice.get(i) ?? 0;
      const to = c === 0 ? rule.usual : (rule.others[c - 1] as string);
      if (to !== null) s = s.replace(rule.from, to);
    });
    readings.add(anyAscii(s).toLowerCase());
  };
  // Choices changing `changes` rules, from active rule `from` on.
  const choose = (changes: number, from: number, choice: Map<number, number>): void => {
    if (readings.size >= max) return;
    if (changes === 0) {
      read(choice);
      return;
    }
    for (let k = from; k < active.length; k++) {
      const rule = active[k] as number;
      for (let c = 1; c <= (GREEK_RULES[rule] as GreekRule).others.length; c++) {
        choice.set(rule, c);
        choose(changes - 1, k + 1, choice);
        choice.delete(rule);
      }
    }
  };
  for (let changes = 0; changes <= active.length && readings.size < max; changes++) choose(changes, 0, new Map());
  return [...readings];
}

/** A word from an abjad or Brahmic script (see ABJAD_RUN): capitals, as normalizeText leaves it. */
export function isAbjadWord(word: string): boolean {
  return ABJAD_WORD.test(word);
}


const APOSTROPHES = /['’‘`´ʼʻʿʾ′]/g;
/** ג, ז, צ with an apostrophe or a right quote typed for the Hebrew geresh (׳). */
const GERESH_TYPED = /([גזצ])['’]/g;
const CYRILLIC_LETTER = /[\u0400-\u04ff]/g;
/** Cyrillic letters that Latin spellings also write another way, each occurrence of one letter the same way: х is also
 * how Russian writes the j of Spanish names (Хосе = José, Хуан = Juan, Алехандро = Alejandro), г the h of Ukrainian and
 * Belarusian names and of foreign ones (Гарри = Harry, Гончаренко = Honcharenko), дж the j of English ones (Джон = John,
 * Джордж = George), у starting a word before a vowel their w (Уильям = William, Уолтер = Walter), and е starting a
 * word or after a vowel or a soft or hard sign the ye of the lists' BGN/PCGN spelling (Евгений = Yevgeniy, Пьер =
 * Pyer), ё, read e, their yo (Пётр = Pyotr), and щ the sht of Bulgarian (Щерев = Shterev). */
const CYRILLIC_OTHER_READINGS: ReadonlyArray<readonly [RegExp, string]> = [
  // (First, so that its readings come after those of the letters below, which MAX_CYRILLIC_READINGS keeps first.)
  // щ, which Bulgarian says and writes sht (Щерев = Shterev, Щилянов = Shtilyanov).
  [/щ/g, 'sht'],
  [/х/g, 'j'],
  [/г/g, 'h'],
  [/дж/g, 'j'],
  [/^у(?=[аеиоуыэюяё])/g, 'w'],
  [/(?<=^|[аеиоуыэюяёьъ])е/g, 'ye'],
  // в is also the w of Arabic names and words (Валид = Walid, валь-Джихад = wal-Jihad).
  [/в/g, 'w'],
  // ё, which the usual reading writes e, is also the yo the lists write for it (Пётр = Pyotr, Фёдор = Fyodor).
  [/ё/g, 'yo'],
];
const CYRILLIC_WORD = /[\u0400-\u04ff]+/g;
/** At most this many other readings of one Cyrillic word. */
const MAX_CYRILLIC_READINGS = 8;
const cyrillicToLatin = (word: string): string => word.replace(CYRILLIC_LETTER, (c) => CYRILLIC[c] ?? c);

/** A Cyrillic word's other Latin readings (CYRILLIC_OTHER_READINGS, alone and together), its usual one left out. */
function cyrillicReadings(word: string): string[] {
  let forms = [word];
  for (const [letter, other] of CYRILLIC_OTHER_READINGS) {
    letter.lastIndex = 0;
    if (letter.test(word)) forms = forms.flatMap((f) => [f, f.replace(letter, other)]);
  }
  return [...new Set(forms.slice(1).map(cyrillicToLatin))].slice(0, MAX_CYRILLIC_READINGS);
}
const NON_WORD = /[^\p{L}\p{N}]+/gu;
const COMBINING_MARK = /\p{M}+/gu;
/** "DeutscheBahn", "AbuBakr": a capitalised word inside a word starts a new one ("GmbH", "KGaA" stay whole). */
const INNER_CAPITAL = /(\p{Ll})(\p{Lu}\p{Ll})/gu;

/**
 * Lowercase, transliterate every other script to Latin (Cyrillic by a BGN/PCGN-like table, the spelling the
 * lists use; the others with any-ascii), strip diacritics, drop apostrophes, turn punctuation into spaces.
 * Words from scripts that do not write short vowels come out in capitals (see isAbjadWord). A Greek word comes out
 * in its usual reading; with `readings`, its other readings (see greekReadings) are kept there under the usual one. With
 * `transcribed`, the words of a foreign name written syllable by syllable, in katakana or in Chinese characters with a
 * middle dot, are marked there with their script (transcription.ts).
 */
export function normalizeText(raw: string, readings?: Map<string, readonly string[]>, transcribed?: Map<string, Transcription>): string {
  // NFKC: Arabic presentation forms (ﻤﺣﻤﺩ), full-width letters and ligatures become ordinary letters.
  let s = raw.normalize('NFKC').replace(INNER_CAPITAL, '$1 $2').toLowerCase();
  // A Hebrew letter with an apostrophe typed for the geresh (ג'ון = John) keeps it, as the geresh itself.
  s = s.replace(GERESH_TYPED, '$1\u05f3').replace(APOSTROPHES, '').replace(/&/g, ' and ');
  const cyrillicWords = readings ? s.match(CYRILLIC_WORD) : null;
  if (readings && cyrillicWords) {
    // A Chinese or Korean name as Russian writes it is read as the lists romanise it too (Цзиньпин = Jinping, Чен = Jong).
    const eastAsian = eastAsianReadings(cyrillicWords);
    s = s.replace(CYRILLIC_WORD, (word) => {
      const usual = cyrillicToLatin(word);
      addReadings(readings, usual, [...(eastAsian.get(word) ?? []), ...cyrillicReadings(word)]);
      return usual;
    });
  }
  s = cyrillicToLatin(s);
  s = s.replace(EASTERN_DIGIT, (d) => String(d.charCodeAt(0) & 0xf));
  if (OTHER_SCRIPT_RUN.test(s)) {
    OTHER_SCRIPT_RUN.lastIndex = 0;
    s = s.replace(ARABIC_VOWEL_MARKS, '').replace(DIGRAPH_ASPIRATE, '').replace(ARABIC_VARIANT, (c) => ARABIC_VARIANTS[c] ?? c);
    s = s.replace(ABJAD_RUN, abjadToLatin).replace(KATAKANA_WORD, (run) => {
      // A katakana word is most often a foreign name as Japanese writes it: read syllable by syllable, marked in
      // `transcribed` (but for the particle of an Arabic name, read as the lists write it).
      const reading = katakanaReading(run);
      if (!katakanaParticle(run)) transcribed?.set(reading, 'katakana');
      return ` ${reading} `;
    });
    // So is a name in Chinese characters with a middle dot between its parts, which no Chinese name has.
    if (HANZI_TRANSCRIBED_NAME.test(s)) {
      s = s.replace(HAN_WORD, (run) => {
        const reading = hanziReading(run);
        transcribed?.set(reading, 'hanzi');
        return ` ${reading} `;
      });
    }
    s = s.replace(CJK_RUN, cjkToLatin).replace(GREEK_RUN, (run) => {
      // Without `readings`, only the usual reading is needed.
      const [usual, ...others] = greekReadings(run, readings ? MAX_GREEK_READINGS : 1) as [string, ...string[]];
      if (readings && others.length > 0) readings.set(usual, others);
      return usual;
    });
    // any-ascii writes the ejectives of Georgian (პუტინი: p'ut'ini) and some vowels of other scripts with an apostrophe,
    // which splits no word: it goes as the apostrophes of the text went above.
    const otherScript = (run: string) => anyAscii(run).toLowerCase().replace(APOSTROPHES, '');
    s = s.replace(OTHER_SCRIPT_RUN, (run) => {
      const spoken = thaiInSpokenOrder(run.replace(ARMENIAN_U, 'u'));
      const usual = otherScript(spoken);
      // Letters under the thanthakhat: written by Latin spellings of foreign names and of many Thai ones (วลาดีมีร์ =
      // Vladimir, Prayuth), not by the spoken ones (Prayut, Chan-o-cha), which are the word's other reading.
      if (readings && spoken.includes('\u0e4c')) addReadings(readings, usual, [otherScript(spoken.replace(THAI_SILENT, ''))]);
      return usual;
    });
  }
  if (readings && TURKISH_LETTER.test(s)) addTurkishReadings(s, readings);
  if (readings && HACEK_LETTER.test(s)) addHacekReadings(s, readings);
  s = latinWithoutMarks(s);
  return s.replace(NON_WORD, ' ').replace(LETTERS_BEFORE_DIGITS, '$1 ').trim();
}

/** Keeps `others` under a word's usual reading, each once and none the usual reading itself. */
function addReadings(readings: Map<string, readonly string[]>, usual: string, others: readonly string[]): void {
  const kept = readings.get(usual) ?? [];
  const added = [...new Set(others)].filter((r) => r !== usual && !kept.includes(r));
  if (added.length > 0) readings.set(usual, [...kept, ...added]);
}

/** Latin letters without their accents, and the letters accents do not take away as ASCII writes them. */
function latinWithoutMarks(s: string): string {
  return (
    s
      .normalize('NFKD')
      .replace(COMBINING_MARK, '')
      .replace(/[ßæœøđðłþıħŧŋĸə]/g, (c) => LATIN_SPECIALS[c] ?? c)
      // Any other Latin letter outside ASCII, as any-ascii writes it (the ɛ and ɔ of Akan, the ɓ, ɗ and ƙ of Hausa).
      .replace(OTHER_LATIN_LETTER, (c) => anyAscii(c).toLowerCase())
  );
}
// (Capitals are the letters of an abjad word, Ð and Þ among them: see isAbjadWord.)
const OTHER_LATIN_LETTER = /(?![a-zA-ZÐÞ])\p{Script=Latin}/gu;

/** Letters of Turkish and Azerbaijani spelling: a name with one is read the Turkish way throughout (Cemal Kaşıkçı). */
const TURKISH_LETTER = /[şçğıöüə]/;
const LATIN_RUN = /\p{Script=Latin}+/gu;

/**
 * The readings of each Latin word of a name Turkish letters mark (lower case, before accents go): ş as sh, ç as ch, ğ as
 * the gh it stands for in Arabic and Persian names (Tuğrul = Tughril), in an Azerbaijani name (with ə) x as kh and q
 * as g, with turkishSpellings's c, -ttin and vowels on top (Mişal = Mishal, Şemsettin = Shemseddin, Cafer = Jafar,
 * Mücahit = Mujahid).
 */
function addTurkishReadings(s: string, readings: Map<string, readonly string[]>): void {
  const azerbaijani = s.includes('ə');
  addLatinWordReadings(s, readings, (word) => {
    let marked = word.replace(/ş/g, 'sh').replace(/ç/g, 'ch').replace(/ğ/g, 'gh');
    // Azerbaijani writes kh x and g q (Xəlilov = Khalilov, Qasımov = Gasimov).
    if (azerbaijani) marked = marked.replace(/x/g, 'kh').replace(/q/g, 'g');
    const letters = latinWithoutMarks(marked);
    return [letters, ...turkishSpellings(letters, true)];
  });
}

/** Letters of the Czech, Slovak and South Slavic spellings, which also transliterate Russian (Šojgu, Prigožin). */
const HACEK_LETTER = /[šžčć]/;

/**
 * The readings of each Latin word of a name such letters mark, as English spellings write it: š as sh, č and ć as ch,
 * ž as zh, the j beside a vowel as y and the ch of Czech as kh (Šojgu = Shoygu, Jevgenij = Yevgeniy, Chruščov =
 * Khrushchov). Without them a word loses a letter to accents going (Šojgu would be Sojgu).
 */
function addHacekReadings(s: string, readings: Map<string, readonly string[]>): void {
  addLatinWordReadings(s, readings, (word) => [
    latinWithoutMarks(
      word
        .replace(/ch/g, 'kh')
        .replace(/š/g, 'sh')
        .replace(/[čć]/g, 'ch')
        .replace(/ž/g, 'zh')
        .replace(/(?<=[aeiou])j|j(?=[aeiou])/g, 'y'),
    ),
  ]);
}

/** Each distinct Latin word of `s` (lower case, accents still on) given the readings `readingsOf` finds for it, those
 * of plain letters only, under its usual reading. */
function addLatinWordReadings(s: string, readings: Map<string, readonly string[]>, readingsOf: (word: string) => string[]): void {
  for (const word of new Set(s.match(LATIN_RUN) ?? [])) {
    addReadings(readings, latinWithoutMarks(word), readingsOf(word).filter((r) => /^[a-z]+$/.test(r)));
  }
}

/** Latin letters running into a number of two digits or more that ends the word are two words, as the lists write
 * them apart (MS13 = MS-13, Unit731 = Unit 731). A digit inside a word or one alone at its end is left where it is,
 * a letter typed as a digit as often as not (Nasra11ah, Mor0s, Al1), and so is a number before letters (3rd). */
const LETTERS_BEFORE_DIGITS = /([a-z])(?=\d{2,}(?:\s|$))/g;

/** Words made only of Latin letters can be compared by spelling and sound; others only exactly. */
export function isLatinWord(word: string): boolean {
  return /^[a-z]+$/.test(word);
}

const NON_LATIN_LETTER = /[^\p{Script=Latin}\P{L}]/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

/** A bracketed Latin part of at most this many words qualifies the name ("(HK)", "(PVT)"); longer ones are remarks. */
const SHORT_BRACKET_WORDS = 4;

/** UN lists label original-script names: "(original script: Амир Хазмат)", "(هيئة تحرير الشام (original script); ...)". */
const ORIGINAL_SCRIPT_LABEL = /^\s*original script\s*:?\s*/i;

/** A trailing birth remark written into a name: "..., born 1 Jan. 1953", "... born in 1963". It must hold a digit
 * (a date or year), so a name that merely contains the word "born" keeps it. */
const BORN_REMARK = /(?:,|\s)\s*born\s[^()]*\d[^()]*$/i;

/** A part in double quotes of any style: "x", “x”, „x“, «x». */
const QUOTED = /["“„«]([^"“”„«»]+)["”“»]/g;

function tidy(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Split at `separator` where no bracket is open. */
function splitTopLevel(s: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === separator && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

/**
 * The names a "/" joins in one list name: "NEW PEOPLE'S ARMY / COMMUNIST PARTY OF THE PHILIPPINES",
 * "NPP/CPP", "MAKHTAB AL-KHIDAMAT/AL KIFAH". A slash between two words of one name ("IMPORT/EXPORT
 * CORPORATION", "PARTY/FRONT", "I/E CO.") is not a separator: unspaced, it separates only names of two
 * words or more on each side, or single words on both sides, and never generic business words.
 */
function slashPieces(segment: string): string[] {
  if (!segment.includes('/')) return [];
  const parts = splitTopLevel(segment, '/').map(tidy);
  if (parts.length < 2 || parts.some((p) => normalizeText(p).length < 2)) return [];
  if (/\s\/\s/.test(segment)) return parts;
  const words = parts.map((p) => normalizeText(p).split(' '));
  const sizes = words.map((w) => w.length);
  const allSingle = sizes.every((n) => n === 1);
  const allLong = sizes.every((n) => n >= 2);
  if (!allSingle && !allLong) return [];
  for (let i = 0; i + 1 < words.length; i++) {
    const before = (words[i] as string[])[(words[i] as string[]).length - 1] as string;
    const after = (words[i + 1] as string[])[0] as string;
    if (GENERIC_BUSINESS_WORDS.has(before) || GENERIC_BUSINESS_WORDS.has(after) || before.length < 2 || after.length < 2) return [];
  }
  return parts;
}

interface Piece {
  readonly text: string;
  /** Content of a top-level bracket (inner brackets kept); false for text outside brackets. */
  readonly bracket: boolean;
}

/** The text outside brackets and each top-level bracketed part; an unclosed bracket runs to the end. */
function bracketPieces(s: string): Piece[] {
  const pieces: Piece[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(') {
      if (depth === 0) {
        pieces.push({ text: s.slice(start, i), bracket: false });
        start = i + 1;
      }
      depth++;
    } else if (c === ')') {
      if (depth === 0) {
        pieces.push({ text: `${s.slice(start, i)} `, bracket: false }); // a stray ")" is a space
        start = i + 1;
      } else if (--depth === 0) {
        pieces.push({ text: s.slice(start, i), bracket: true });
        start = i + 1;
      }
    }
  }
  pieces.push({ text: s.slice(start), bracket: depth > 0 });
  return pieces;
}

/**
 * `short`, one word of three letters or more, abbreviates `name`: it is the beginnings of the name's words in
 * order, from the first, at least two of them, each at least its first letter ("HTS" HAYAT TAHRIR AL-SHAM, "NICO"
 * NAFTIRAN INTERTRADE CO., "PEDCO" PETROIRAN DEVELOPMENT COMPANY). Words INITIALS_SKIP_WORDS names and words of
 * two letters ("in", "fi") may be left out ("AQAP" AL-QAIDA IN THE ARABIAN PENINSULA); words after the last it
 * abbreviates may be too ("NICO" leaves LIMITED). A place or a legal form in brackets ("(U.K.)", "(PVT)") does not
 * begin with the name's first letter, or covers one word only.
 */
export function isAbbreviationOf(short: string, name: string): boolean {
  const word = normalizeText(short);
  if (!/^[a-z]{3,}$/.test(word)) return false;
  const words = normalizeText(name).split(' ').filter((w) => w !== '');
  const skippable = (w: string) => INITIALS_SKIP_WORDS.has(w) || w.length <= 2;
  const from = (at: number, wordAt: number, used: number): boolean => {
    if (at === word.length) return used >= 2;
    const w = words[wordAt];
    if (w === undefined) return false;
    for (let k = Math.min(w.length, word.length - at); k >= 1; k--) {
      if (word.startsWith(w.slice(0, k), at) && from(at + k, wordAt + 1, used + 1)) return true;
    }
    return skippable(w) && from(at, wordAt + 1, used);
  };
  return from(0, 0, 0);
}

function segmentForms(segment: string, forms: string[]): void {
  const pieces = bracketPieces(segment);
  const base = tidy(pieces.filter((p) => !p.bracket).map((p) => p.text).join(' ')).replace(BORN_REMARK, '');
  const baseIsLatin = LATIN_LETTER.test(base);
  const own: string[] = [];
  let qualified = false;
  const withQualifiers = pieces.map((piece) => {
    if (!piece.bracket) return piece.text;
    const parts = splitTopLevel(piece.text, ';')
      .map((p) => p.replace(ORIGINAL_SCRIPT_LABEL, '').trim())
      .filter((p) => p.length > 0);
    const single = parts.length === 1 ? (parts[0] as string) : null;
    if (single !== null && !NON_LATIN_LETTER.test(single) && baseIsLatin) {
      // A Latin part beside a Latin name: a short qualifier stays in a second form, a long remark goes.
      if (normalizeText(single).split(' ').length > SHORT_BRACKET_WORDS) return ' ';
      qualified = true;
      // An abbreviation of the name beside it ("HAYAT TAHRIR AL-SHAM (HTS)", "NAFTIRAN INTERTRADE CO. (NICO)
      // LIMITED"): the list names it so, a form of its own.
      if (isAbbreviationOf(single, base)) own.push(single);
      return ` ${single} `;
    }
    // Another script, a transliteration of a name in another script, or "(A; B; C)": names of their own.
    own.push(...parts);
    return ' ';
  });
  if (base) forms.push(base);
  if (qualified) forms.push(tidy(withQualifiers.join('')).replace(BORN_REMARK, ''));
  for (const part of own) segmentForms(part, forms);
}

/**
 * The forms of one name worth comparing (a list's name or alias, and a query alike). The first is the
 * name without bracketed parts or a trailing birth remark ("..., born 1 Jan. 1953"). A bracketed part in
 * another script (UN: "Akrin Saleh Akrin (أقرين صالح أقرين)"), a Latin one beside a name in another script
 * ("عبدالله السندي (Abdullah Sindhi)") and each part of "(A; B; C)" are forms of their own; a short Latin
 * bracketed part beside a Latin name ("(HK)", "(IRGC)") gives a second form that keeps it, and is a form of its own
 * too when it abbreviates the name (isAbbreviationOf: "ISLAMIC REVOLUTIONARY GUARD CORPS (IRGC)", "(NICO)"); long Latin
 * remarks ("(false identity ...)") and the label "original script" are dropped. Names joined by ";"
 * outside brackets are forms of their own, and so is a name without a nickname written in it in quotes.
 */
export function listNameForms(raw: string): string[] {
  const forms: string[] = [];
  for (const segment of splitTopLevel(raw, ';')) {
    segmentForms(segment, forms);
    // A nickname in double quotes inside a name ('Ismael "El Mayo" Zambada'): the name without it is a form,
    // and so is the nickname when it has two words or more (one word alone, "Tek", would meet too many names).
    const nicknames = [...segment.matchAll(QUOTED)].map((m) => tidy(m[1] as string));
    const rest = tidy(segment.replace(QUOTED, ' '));
    if (nicknames.length > 0 && normalizeText(rest).split(' ').length >= 2) {
      segmentForms(rest, forms);
      for (const nickname of nicknames) if (normalizeText(nickname).split(' ').length >= 2) segmentForms(nickname, forms);
    }
    const pieces = slashPieces(segment);
    if (pieces.length > 1) for (const piece of pieces) segmentForms(piece, forms);
  }
  if (forms.length === 0) forms.push(raw);
  // A name in Hangul is also read as Korean writes a foreign name (hangulLoanwordForm).
  for (const form of [...forms]) {
    const loanword = hangulLoanwordForm(form);
    if (loanword !== null) forms.push(loanword);
  }
  return [...new Set(forms)];
}

const HANGUL_WORD = /\p{Script=Hangul}+/gu;
/** A Hangul syllable's final consonant as any-ascii writes it, and as Latin spellings of foreign names do. */
const HANGUL_FINAL: Readonly<Record<string, string>> = { g: 'k', b: 'p', d: 't' };

/**
 * A name written in Hangul read as Korean writes a foreign name, each word as one Latin word: the vowel eu that Korean
 * adds to a consonant without one dropped (블라디미르 Beul-la-di-mi-reu = Vladimir), 르 ending a cluster or the word an
 * r, a single ㄹ between vowels an r and a doubled one an l (마두로 = Maduro, 알렉산드르 = Aleksandr), a syllable's
 * final g, b, d its k, p, t, eo an o and sy an sh (루카셴코 = Lukashenko). A Korean name stays a form of its own,
 * read by syllable. null for a name without Hangul.
 */
export function hangulLoanwordForm(form: string): string | null {
  if (!/\p{Script=Hangul}/u.test(form)) return null;
  return form.replace(HANGUL_WORD, (word) => {
    let latin = '';
    for (const syllable of anyAscii(word).match(/[A-Z][a-z]*/g) ?? []) {
      let s = syllable.toLowerCase();
      s = s === 'leu' ? 'r' : s.replace(/eu(?=l?$)/, '');
      if (latin.length > 0 && s.startsWith('l') && !latin.endsWith('l')) s = `r${s.slice(1)}`;
      if (/[aeiouy][gbd]$/.test(s)) s = s.slice(0, -1) + (HANGUL_FINAL[s.slice(-1)] as string);
      latin += s;
    }
    return ` ${latin.replace(/l{2,}/g, 'l').replace(/eo/g, 'o').replace(/sy/g, 'sh')} `;
  });
}

/** "QADHAFI, Muammar" -> "Muammar QADHAFI", so neighbouring words are neighbours in speech order. */
function givenNamesFirst(raw: string): string {
  const comma = raw.indexOf(',');
  if (comma < 0) return raw;
  const surname = raw.slice(0, comma);
  const rest = raw.slice(comma + 1);
  return rest.trim() ? `${rest} ${surname}` : surname;
}

/** A country's long official name in a business name as the country (COUNTRY_PHRASES). */
function countriesShortened(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [length, country] = phraseAt(COUNTRY_PHRASES, tokens, i);
    out.push(length > 0 ? country : (tokens[i] as string));
    if (length > 0) i += length - 1;
  }
  return out;
}

/** Words the longest of `phrases` starting at `i` covers (0 when none), and what it stands for. */
function phraseAt(phrases: ReadonlyArray<readonly [readonly string[], string]>, tokens: readonly string[], i: number): readonly [number, string] {
  let best: readonly [number, string] = [0, ''];
  for (const [phrase, canonical] of phrases) {
    if (phrase.length > tokens.length - i || phrase.length <= best[0]) continue;
    if (phrase.every((w, k) => tokens[i + k] === w)) best = [phrase.length, canonical];
  }
  return best;
}

function replaceLegalPhrases(tokens: string[], legal: Set<string>): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    const [length, canonical] = phraseAt(LEGAL_FORM_PHRASES, tokens, i);
    // "Co Limited Liability Company": the phrase starting one word later reaches further, so the first
    // word stands alone ("co" + "limited liability company", not "co limited" + "liability company").
    const next = length > 0 && i + 1 < tokens.length ? phraseAt(LEGAL_FORM_PHRASES, tokens, i + 1)[0] : 0;
    if (length > 0 && !(next > 0 && i + 1 + next > i + length)) {
      legal.add(canonical);
      i += length;
      continue;
    }
    const token = tokens[i] as string;
    const word = LEGAL_FORM_WORDS.get(token) ?? ABJAD_LEGAL_FORMS.get(token);
    if (word !== undefined) legal.add(word);
    else out.push(token);
    i += 1;
  }
  return out;
}

// Long words of legal forms, generic business words and business words read as English, against which a
// misspelt business word is checked ("limied" -> "limited"), so a typo there does not count as a distinctive
// extra word.
const BUSINESS_SPELLINGS: readonly string[] = [
  ...new Set([
    ...LEGAL_FORM_PHRASES.flatMap(([words]) => words),
    ...LEGAL_FORM_WORDS.keys(),
    ...GENERIC_BUSINESS_WORDS,
    ...BUSINESS_WORD_TRANSLATIONS.keys(),
  ]),
].filter((w) => w.length >= 6);
const BUSINESS_SPELLING_SET: ReadonlySet<string> = new Set(BUSINESS_SPELLINGS);

/** A business word as its English words when the lists abbreviate, transliterate or translate it (NK: oil company,
 * Stiftung: foundation), also when misspelt (Inversions: investments), else as correctBusinessWord spells it. */
function translatedBusinessWord(word: string): readonly string[] {
  const translated = BUSINESS_WORD_TRANSLATIONS.get(word);
  if (translated) return translated;
  const corrected = correctBusinessWord(word);
  return BUSINESS_WORD_TRANSLATIONS.get(corrected) ?? [corrected];
}

function correctBusinessWord(word: string): string {
  if (word.length < 5 || BUSINESS_SPELLING_SET.has(word) || !isLatinWord(word)) return word;
  for (const known of BUSINESS_SPELLINGS) if (withinOneEdit(word, known)) return known;
  return word;
}

const UNITS: ReadonlyMap<string, number> = new Map(
  ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen',
    'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'].map((w, i) => [w, i]),
);
const TENS: ReadonlyMap<string, number> = new Map(
  ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'].map((w, i) => [w, 20 + 10 * i]),
);
const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map([
  ...['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'].map(
    (w, i) => [w, i + 1] as const,
  ),
  ['thirteenth', 13], ['fourteenth', 14], ['fifteenth', 15], ['twentieth', 20], ['thirtieth', 30], ['hundredth', 100],
]);
const SCALES: ReadonlyMap<string, number> = new Map([['hundred', 100], ['thousand', 1000]]);
const ORDINAL_DIGITS = /^(\d+)(?:st|nd|rd|th)$/;

/**
 * Numbers as digits, so "Unit Seven Thirty-One" meets "Unit 731" and "Third Battalion" "3rd Battalion":
 * ordinals lose their suffix, and a run of number words becomes the digits they are read as (a number
 * read in groups, "seven thirty-one", as the groups written one after the other).
 */
function numbersAsDigits(tokens: string[]): string[] {
  const out: string[] = [];
  let groups: number[] = [];
  let current: number | null = null;
  const flush = (): void => {
    if (current !== null) groups.push(current);
    if (groups.length > 0) out.push(groups.join(''));
    groups = [];
    current = null;
  };
  for (const token of tokens) {
    const ordinal = ORDINAL_DIGITS.exec(token);
    const unit = UNITS.get(token) ?? ORDINAL_WORDS.get(token);
    const tens = TENS.get(token);
    const scale = SCALES.get(token);
    if (unit !== undefined && !(ORDINAL_WORDS.has(token) && unit >= 20)) {
      // "thirty one", "hundred seven" add up; anything else starts a new group.
      if (current !== null && ((current % 100 >= 20 && current % 10 === 0 && unit < 10) || (current >= 100 && current % 100 === 0))) current += unit;
      else {
        if (current !== null) groups.push(current);
        current = unit;
      }
      if (ORDINAL_WORDS.has(token)) flush();
    } else if (tens !== undefined || (unit !== undefined && unit >= 20)) {
      const value = (tens ?? unit) as number;
      if (current !== null && current >= 100 && current % 100 === 0) current += value;
      else {
        if (current !== null) groups.push(current);
        current = value;
      }
      if (ORDINAL_WORDS.has(token)) flush();
    } else if (scale !== undefined && current !== null) {
      current *= scale;
    } else {
      flush();
      out.push(ordinal ? (ordinal[1] as string) : token);
    }
  }
  flush();
  return out;
}

/** Legal forms of two or three letters that a business name may spell in letters after an acronym ("R D I S.A."). */
const SPELT_LEGAL_FORMS: readonly string[] = [...LEGAL_FORM_WORDS.keys()].filter((w) => w.length >= 2 && w.length <= 3).sort((a, b) => b.length - a.length);

/** Business names write acronyms as "S. A." or "J S C": join runs of single letters into one word. A run that
 * ends in the letters of a legal form after two letters or more of its own is the acronym and the legal form
 * ("K L M S.A." is KLM, a société anonyme), as the same name written "KLM S.A." reads. */
function joinLetterRuns(tokens: string[]): string[] {
  const out: string[] = [];
  let run = '';
  const flush = (): void => {
    if (!run) return;
    const legal = SPELT_LEGAL_FORMS.find((form) => run.length - form.length >= 2 && run.endsWith(form));
    if (legal) out.push(run.slice(0, -legal.length), legal);
    else out.push(run);
    run = '';
  };
  for (const t of tokens) {
    if (t.length === 1 && isLatinWord(t)) {
      run += t;
      continue;
    }
    flush();
    out.push(t);
  }
  flush();
  return out;
}

/** Digits written in groups ("19-31") as one number, as number words read in groups are (numbersAsDigits), and
 * without leading zeros ("028" is 28). */
function joinDigitGroups(tokens: string[]): string[] {
  const out: string[] = [];
  let previousDigits = false;
  for (const t of tokens) {
    const digits = /^\d+$/.test(t);
    const number = digits ? t.replace(/^0+(?=\d)/, '') : t;
    if (digits && previousDigits) out[out.length - 1] += number;
    else out.push(number);
    previousDigits = digits;
  }
  return out;
}

/** Titles as an abjad writes them: mullah (ملا), sheikh (شيخ), haji (حاجي), doctor (دكتور), qari (قاري), mawlawi
 * (مولوي, מולוי), mawlana (مولانا), mufti (مفتي). */
const ABJAD_TITLES: ReadonlySet<string> = new Set([
  'MLA', 'MLAA', 'SYH', 'SHYH', 'HJ', 'HAJ', 'HJY', 'HAJY', 'DKTWR', 'QARY', 'QRY', 'MWLWY', 'MLWY', 'MWLAWY', 'MWLANA', 'MFTY',
  // Sheikh and Haji in Devanagari (शेख, हाजी).
  'SEH', 'HAJI',
]);

/** bin, bint, abu, ould as an abjad writes them (بن, بنت, أبو, ولد). */
const ABJAD_PARTICLES: ReadonlySet<string> = new Set(['BN', 'ABN', 'BNT', 'BW', 'ABW', 'ABU', 'WLD']);

/** Words as an abjad writes them (Arabic, Persian, Urdu, Pashto), normalised, without the article they may carry. */
function abjadWords(words: readonly string[]): string[] {
  return words.flatMap((w) => normalizeText(w).split(' ')).filter((w) => isAbjadWord(w));
}

/** Words of a business name that tell little, as their Latin ones (GENERIC_BUSINESS_WORDS): in, and, of (في, و, and
 * Pashto د, او); network, exchange (a money changer's), office, establishment, trade, group, international, general,
 * services, investment, industries, branch; alone, with the article, or with "for the" (لل) before them. */
const ABJAD_GENERIC: ReadonlySet<string> = new Set(
  abjadWords([
    'في', 'و', 'د', 'او', 'شبكة', 'شبکه', 'صرافة', 'صرافه', 'صرافي', 'صرافی', 'للصرافة', 'الصرافة', 'مكتب', 'دفتر', 'مؤسسة', 'موسسه',
    'تجارة', 'تجارت', 'للتجارة', 'التجارية', 'تجارية', 'تجارتی', 'مجموعة', 'مجموعه', 'الدولية', 'العالمية', 'العامة', 'خدمات',
    'للخدمات', 'استثمار', 'للاستثمار', 'الاستثمارية', 'صناعات', 'للصناعات', 'الصناعية', 'فرع',
  ]),
);

/** Legal forms as an abjad writes them: limited (لمتد, Urdu لمیٹڈ), company (شركة, Persian شرکت, Urdu and Pashto کمپنی). */
const ABJAD_LEGAL_FORMS: ReadonlyMap<string, string> = new Map([
  ...abjadWords(['لمتد', 'ليمتد', 'لمیٹڈ', 'لمیتد', 'لیمیتد', 'لميتد']).map((w) => [w, 'ltd'] as const),
  ...abjadWords(['شركة', 'شرکت', 'کمپنی', 'كمبني', 'کمپنۍ']).map((w) => [w, 'co'] as const),
]);

/**
 * Words of organisation and business names as an abjad writes them (Arabic, Persian), with the English words the
 * lists' English names use for them (UN: الجماعة الإسلامية المقاتلة الليبية = Libyan Islamic Fighting Group, جبهة
 * النصرة لأهل الشام = Al-Nusrah Front for the People of the Levant). Written for this service from the common
 * meanings of these words. In a business name the abjad word is also read as its English words (one or two
 * readings, tried besides its consonants), so a name in Arabic script meets the name translated into English, and
 * the English name meets the Arabic one.
 */
const ABJAD_BUSINESS_TRANSLATIONS: ReadonlyMap<string, readonly string[]> = readAs(
  (
    [
      [['إسلامية', 'اسلامية', 'إسلامي', 'اسلامي', 'اسلامی'], ['islamic']],
      [['دولة', 'دوله'], ['state']],
      [['عراق'], ['iraq']],
      [['شام'], ['levant', 'sham']],
      [['جبهة', 'جبهه'], ['front']],
      [['جماعة', 'جماعه'], ['group']],
      [['مقاتلة', 'مقاتله'], ['fighting', 'combatant']],
      [['ليبية', 'ليبي'], ['libyan']],
      [['ليبيا'], ['libya']],
      [['مغربية', 'مغربي'], ['moroccan']],
      [['مغرب'], ['maghreb']],
      [['تونسية', 'تونسي'], ['tunisian']],
      [['مصري', 'مصرية'], ['egyptian']],
      [['حركة', 'حركه'], ['movement']],
      [['تنظيم'], ['organization']],
      [['جيش', 'جیش'], ['army']],
      [['مهاجرين', 'مھاجرین'], ['emigrants']],
      [['أنصار', 'انصار'], ['supporters']],
      [['جمعية', 'جمعيه'], ['society']],
      [['إحياء', 'احياء'], ['revival']],
      [['تراث'], ['heritage']],
      [['جزيرة'], ['peninsula']],
      [['عرب'], ['arabian', 'arab']],
      [['بلاد'], ['land', 'country']],
      [['أهل', 'اهل'], ['people']],
      [['توحيد'], ['unification', 'monotheism']],
      [['كتيبة'], ['battalion']],
      [['كتائب'], ['brigades']],
      [['لواء'], ['brigade']],
      [['حرس'], ['guard']],
      [['ثوري', 'ثورية'], ['revolutionary']],
      [['بنك'], ['bank']],
      [['مصرف'], ['bank']],
      [['نفط'], ['oil']],
      [['وطنية', 'وطني'], ['national']],
      [['خيرية', 'خيريه'], ['charitable', 'charity']],
      [['شهداء'], ['martyrs']],
      [['مجلس'], ['council']],
      [['سپاه'], ['corps']],
      [['پاسداران'], ['guard']],
      [['انقلاب'], ['revolutionary']],
      [['في'], ['in']],
    ] as const
  ).map(([words, english]) => [abjadWords(words), english] as const),
);

/** The same words of organisations as Latin letters transliterate them from Arabic, Persian and Urdu (Jaish-e-Mohammed
 * is the Army of Mohammed, Jabhat al-Nusra the Nusra Front, Harakat al-Shabaab the Youth Movement), read besides their
 * spelling as the English words the lists write. Written for this service from common usage. */
const LATIN_ORGANISATION_WORDS: ReadonlyMap<string, readonly string[]> = readAs([
  [['jaish', 'jaysh', 'jeish', 'jaiysh', 'lashkar', 'lashkare'], ['army']],
  [['jabhat', 'jabhah', 'jabha', 'jebhat', 'jebhe'], ['front']],
  [['harakat', 'harakah', 'haraka', 'harkat', 'harekat'], ['movement']],
  [['hizb', 'hezb', 'hizbul'], ['party']],
  [['tanzim', 'tanzeem'], ['organization']],
  [['jamaat', 'jamaah', 'jamaa', 'jemaah', 'jamaatul', 'jammat'], ['group']],
  [['katibat', 'katibah', 'katiba', 'khatiba', 'khatibat'], ['battalion']],
  // The plural of katiba: the brigades or battalions one list writes where another writes one battalion (Khataib /
  // Katibat al-Imam al-Bukhari).
  [['kataib', 'kataeb', 'khataib'], ['brigades', 'battalions']],
  [['ansar', 'ansaru', 'ansarul'], ['supporters']],
  [['muhajirin', 'muhajireen', 'mujahirin'], ['emigrants']],
  [['dawla', 'dawlat', 'dawlah', 'dawlatul'], ['state']],
  [['islamiyya', 'islamiyah', 'islamiya', 'islamiyyah', 'islamia'], ['islamic']],
  [['tawhid', 'tauhid', 'tawheed'], ['unification', 'monotheism']],
  [['shabab', 'shabaab'], ['youth']],
]);

/** An abjad word of a business name as its English words (ABJAD_BUSINESS_TRANSLATIONS), also when a conjunction or
 * preposition is joined to it, with the article or without (والشام, لأهل, ببلاد). */
function abjadBusinessTranslation(word: string): readonly string[] | undefined {
  const direct = ABJAD_BUSINESS_TRANSLATIONS.get(word);
  if (direct || word.length < 3) return direct;
  const prefix = /^(?:WAL|BAL|LL|FAL|[WBLF])/.exec(word)?.[0];
  return prefix ? ABJAD_BUSINESS_TRANSLATIONS.get(word.slice(prefix.length)) : undefined;
}

function roleOf(word: string, kind: EntryKind): WordRole {
  if (word.length === 1 && isLatinWord(word)) return 'initial';
  if (ABJAD_PARTICLES.has(word)) return 'particle';
  if (NAME_PARTICLES.has(word)) return 'particle';
  if (kind === 'business' && (GENERIC_BUSINESS_WORDS.has(word) || COUNTRY_WORDS.has(word) || ABJAD_GENERIC.has(word))) return 'generic';
  return 'normal';
}

/** The title sayyid as Arabic and Persian write it (سيد, سید, السيد, with or without its shadda), which Latin spellings
 * drop as Sayed, Sayyid, Syed (PERSON_TITLES). Read on the letters as written: normalised, سيد would be صيد and
 * سعيد (Said) too. */
const ABJAD_SAYYID = /(?<=^|[\s,])(?:ال)?س[يی]\u0651?د(?=$|[\s,])/g;

/** Digits that scanned or retyped names put for the letters they look like (Nasra11ah, Mor0s). */
const LOOKALIKE_LETTERS: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '3': 'e', '5': 's' };

/**
 * A person's name word of Latin letters with such digits among them (not an ordinal, 3rd), read with the letters
 * as normalising reads accents away: a 1 as l, and as i among its readings (Vlad1mir); any other word as it is.
 */
function lettersForDigits(token: string, readings: Map<string, readonly string[]>): string {
  if (!/^[a-z0-9]+$/.test(token) || !/[a-z]{2}/.test(token) || !/[0135]/.test(token) || ORDINAL_DIGITS.test(token)) return token;
  const read = (one: string) => token.replace(/[0135]/g, (d) => (d === '1' ? one : (LOOKALIKE_LETTERS[d] as string)));
  const usual = read('l');
  if (token.includes('1')) readings.set(usual, [...(readings.get(usual) ?? []), read('i')]);
  return usual;
}

/** Normalise one name form for comparison as a person or as a business name. */
export function normalizeName(raw: string, kind: EntryKind): NormalizedName {
  let ordered = kind === 'person' ? givenNamesFirst(raw) : raw;
  if (kind === 'person' && ordered.includes('س')) {
    const withoutSayyid = ordered.replace(ABJAD_SAYYID, ' ');
    if (/\p{L}/u.test(withoutSayyid)) ordered = withoutSayyid;
  }
  const readings = new Map<string, readonly string[]>();
  const transcribed = new Map<string, Transcription>();
  let tokens = normalizeText(ordered, readings, transcribed).split(' ').filter((t) => t.length > 0);
  const legal = new Set<string>();
  const familyTitles = new Set<string>();
  if (kind === 'person') {
    // A title after the article is a family name (El Sayed, Al-Sheikh): kept, as a particle, so that it can
    // meet the name written as one word (Elsayed) but costs little where the other side drops it as a title.
    const withoutTitles = tokens.filter((t, i) => {
      if (!PERSON_TITLES.has(t) && !ABJAD_TITLES.has(t)) return true;
      if (i === 0 || !ARTICLE_SPELLINGS.has(tokens[i - 1] as string)) return false;
      familyTitles.add(t);
      return true;
    });
    if (withoutTitles.length > 0) tokens = withoutTitles;
    tokens = tokens.map((t) => lettersForDigits(t, readings));
  } else {
    const joined = countriesShortened(joinLetterRuns(tokens));
    // A business named by the abbreviation alone ("LLC NK") keeps it: read as "oil" it would meet any oil company.
    const translate = joined.filter((t) => !LEGAL_FORM_WORDS.has(t)).length > 1;
    const expanded = joined.some((t) => BUSINESS_NAME_ACRONYMS.has(t)) ? joined.flatMap((t) => BUSINESS_NAME_ACRONYMS.get(t) ?? [t]) : joined;
    tokens = joinDigitGroups(numbersAsDigits(translate ? expanded.flatMap(translatedBusinessWord) : expanded.map(correctBusinessWord)));
    const withoutLegal = replaceLegalPhrases(tokens, legal);
    if (withoutLegal.length > 0) tokens = withoutLegal;
    else legal.clear(); // a name that is nothing but a legal form keeps it as its words
  }
  const withReadings = (text: string, role: WordRole): NormalizedWord => {
    const transcription = transcribed.get(text);
    if (transcription) return { text, role, transcribed: transcription };
    const others = readings.get(text);
    return others ? { text, role, readings: others } : { text, role };
  };
  if (kind === 'business') {
    for (const token of tokens) {
      const english = isAbjadWord(token) ? abjadBusinessTranslation(token) : LATIN_ORGANISATION_WORDS.get(token);
      if (english) readings.set(token, [...(readings.get(token) ?? []), ...english]);
    }
  }
  // A particle ends no name, for it stands before the name it belongs to: a person's last word that is a particle elsewhere
  // is a surname (Sergey Ten, "TEN, Sergey"; Vietnamese Le, Do).
  const last = tokens.length - 1;
  const roleAt = (text: string, i: number): WordRole => {
    if (familyTitles.has(text)) return 'particle';
    const role = roleOf(text, kind);
    return role === 'particle' && kind === 'person' && i === last && i > 0 && isLatinWord(text) ? 'normal' : role;
  };
  let words = tokens.map((text, i) => withReadings(text, roleAt(text, i)));
  // A name made only of particles ("ABU") must still have something to match with.
  if (words.length > 0 && words.every((w) => w.role === 'particle' || w.role === 'generic')) {
    words = words.map((w) => withReadings(w.text, 'normal'));
  }
  return { words, legalForms: [...legal].sort() };
}
