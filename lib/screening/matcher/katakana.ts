// A foreign name written in katakana (ウラジーミル・プーチン) against its Latin spelling (Vladimir Putin). Japanese
// writes a foreign name by sound, syllable by syllable: it adds a vowel to every consonant that has none (Kimu for
// Kim, Donarudo for Donald), writes l as r, v often as b or not at all, and ti, tu, di, si as chi, tsu, ji, shi. So the
// katakana word is read as any-ascii writes it (urajimiru, puchin), and it meets a Latin word when both have the same
// consonants in classes that Japanese spellings share (japaneseConsonants) and the Latin word's vowels come, in
// order, among the katakana word's (japaneseVowelsMet): Putin meets プーチン, Patan does not.

import anyAscii from 'any-ascii';

/** A katakana word with its long-vowel mark: the rest of a name (・, ＝, spaces) splits words. */
export const KATAKANA_WORD = /[\p{Script=Katakana}\u30fc]+/gu;

/** Small kana that join the syllable before them: ャ ュ ョ (kya, sho) and ァ ィ ゥ ェ ォ (fa, ti, we). */
const SMALL_Y: Readonly<Record<string, string>> = { 'ャ': 'a', 'ュ': 'u', 'ョ': 'o' };
const SMALL_VOWEL: Readonly<Record<string, string>> = { 'ァ': 'a', 'ィ': 'i', 'ゥ': 'u', 'ェ': 'e', 'ォ': 'o' };
/** The particles of Arabic names as Japanese writes them (アル＝アサド, ビン・ラディン, イブン), read as the lists write them. */
const PARTICLES: Readonly<Record<string, string>> = { 'アル': 'al', 'エル': 'el', 'イブン': 'ibn', 'ビン': 'bin', 'ベン': 'ben', 'アブー': 'abu', 'アブ': 'abu', 'ウンム': 'umm' };

/** The particle of an Arabic name a katakana word writes (アル al, ビン bin), if it is one. */
export function katakanaParticle(word: string): string | undefined {
  return PARTICLES[word];
}

/**
 * A katakana word as Latin letters, syllable by syllable as any-ascii reads each kana, a small kana joined to the
 * syllable before it (ジョ jo, not jiyo; フィ fi, ディ di, ウィ wi), without the long-vowel mark (ー) and the small tsu (ッ)
 * that doubles the next consonant, which Latin spellings of foreign names write once as often as twice. An Arabic
 * name's particle is read as the lists write it (アル al).
 */
export function katakanaReading(word: string): string {
  const particle = katakanaParticle(word);
  if (particle) return particle;
  const syllables: string[] = [];
  for (const c of word) {
    if (c === '\u30fc' || c === '\u30c3') continue;
    const last = syllables.length - 1;
    const prev = syllables[last] ?? '';
    const y = SMALL_Y[c];
    const v = SMALL_VOWEL[c];
    if (y && prev.endsWith('i')) {
      const base = prev.slice(0, -1);
      syllables[last] = /(?:sh|ch|j)$/.test(base) ? base + y : `${base}y${y}`;
    } else if (v && prev === 'u') syllables[last] = `w${v}`;
    else if (v && /[aeiou]$/.test(prev) && prev.length > 1) syllables[last] = prev.slice(0, -1) + v;
    else syllables.push(y ? `y${y}` : (v ?? anyAscii(c).toLowerCase()));
  }
  return syllables.join('').replace(/[^a-z]/g, '');
}

/**
 * The consonants of a word as Japanese spellings of foreign names hear them, one letter a class: l and r as R; ch,
 * ts, tch and t as T; j, d, dh and zh as D (ジ is both ji and di); s, z, sh and th as S (a final z is ス: Diaz
 * ディアス); k, g, gh, q, c before a, o, u and ck as K; h, f, kh and ph as H (フ, ハ: Hussein フセイン, Khamenei ハーメネイー);
 * b and p apart; w goes (ワ or nothing). Some letters are read more than one way, each way throughout the word, for
 * Japanese writes them so: a Latin h ending the word after a vowel as nothing too (Abdullah アブドゥッラー, but
 * Nasrallah ナスルッラーフ); a v before a vowel as nothing or b (Ivan イワン, Viktor ヴィクトル, Museveni ムセベニ), before a
 * consonant or ending the word as nothing or H, the last v apart from the others (Yevgeny エフゲニー, Ivanov イワノフ, Lavrov
 * ラヴロフ); a Latin r after a, e or o before a
 * consonant or ending the word, which Japanese writes as a long vowel after English (Robert ロバート) but as ル after
 * Russian (Aleksandr アレクサンドル), as nothing too; a Latin ng before a vowel as n too
 * (Jongun ジョンウン), a Latin dh as z too (ذ, which Japanese writes ザ: Qadhafi カッザーフィー). An n or m before b, p
 * or m is one nasal (Trump トランプ, Muammar ムアンマル), a final ng an n. Vowels and y go, and a letter doubled is one
 * (consonantsOnly). The readings, the usual one first.
 */
export function japaneseConsonants(word: string, kana = false): string[] {
  let spellings = [word];
  if (!kana) {
    const alsoAs = (from: RegExp, to: string) => {
      if (spellings.some((w) => w.search(from) >= 0)) spellings = [...spellings, ...spellings.map((w) => w.replace(from, to))];
    };
    alsoAs(/ng(?=[aeiouy])/g, 'n');
    alsoAs(/dh/g, 'z');
    // Spanish j and ll (Joaquin ホアキン, Cabello カベージョ), and the dz and final c of Serbo-Croatian names written
    // without their marks (Karadzic カラジッチ).
    alsoAs(/j/g, 'h');
    alsoAs(/ll/g, 'j');
    alsoAs(/dz/g, 'j');
    alsoAs(/(?<=i)c$/g, 'ch');
  }
  let readings = spellings.map(japaneseClasses);
  const twoWays = (from: RegExp, to: string) => {
    if (readings.some((r) => r.search(from) >= 0)) readings = [...readings, ...readings.map((r) => r.replace(from, to))];
  };
  if (!kana) twoWays(/(?<=[aeiou])H$/g, '');
  twoWays(/v(?=[aeiouy])/g, 'b');
  twoWays(/v$/g, 'H');
  twoWays(/v(?![aeiouy])/g, 'H');
  readings = readings.map((r) => r.replace(/v/g, ''));
  if (!kana) twoWays(/(?<=[aeo])r(?![aeiouy])/g, '');
  return [...new Set(readings.map(consonantsOnly))];
}

/** The letters of a word in Japanese classes, capitals, but for l, r, v, b, p, m, n and the vowels (japaneseConsonants). */
function japaneseClasses(word: string): string {
  return word
    .replace(/sch/g, 'S')
    .replace(/ng(?![aeiouy])/g, 'n')
    .replace(/[nm](?=[bpm])/g, 'm')
    .replace(/tch|tsch|ch|ts|tz/g, 'T')
    .replace(/sh|th/g, 'S')
    .replace(/zh|dzh|dj|dh|j/g, 'D')
    .replace(/gh/g, 'K')
    .replace(/kh|ph|[fh]/g, 'H')
    .replace(/ck|q|c(?![eiy])|[kg]/g, 'K')
    .replace(/[csz]/g, 'S')
    .replace(/x/g, 'KS')
    .replace(/t/g, 'T')
    .replace(/d/g, 'D')
    .replace(/w/g, '');
}

/** A reading's consonants: a letter repeated side by side once (Saddam サッダーム, Muammar ムアンマル), then without the
 * vowels, so that two alike around a vowel stay two (Nasrallah ナスルッラーフ: n s r r). */
function consonantsOnly(s: string): string {
  return s
    .replace(/[lr]/g, 'R')
    .toUpperCase()
    .replace(/(.)\1+/g, '$1')
    .replace(/[AEIOUY]/g, '');
}

/** The vowels of a word in three classes: a; e, i and y as I (Laden ラディン); o and u as O (Osama / Usama オサマ); an
 * e before an r that ends a syllable as *, any vowel (Robert ロバート, Herbert ハーバート); a y starting the word or
 * after a vowel goes, after a consonant it is I (Yahya ヤヒヤ), and vowels of one class side by side are one (Hussein,
 * Khamenei). */
export function japaneseVowels(latin: string): string {
  return latin
    .replace(/^y|(?<=[aeiou])y/g, '')
    .replace(/e(?=r(?![aeiouy]))/g, '*')
    .replace(/[eiy]/g, 'I')
    .replace(/[ou]/g, 'O')
    .replace(/a/g, 'A')
    .replace(/([AIO])\1+/g, '$1')
    .replace(/[^AIO*]/g, '');
}

/**
 * How the vowels of a Latin word (`latin`, japaneseVowels) meet those of a katakana word (`kana`), which adds a vowel
 * to every consonant without one, u or o most often (Kim キム kimu, Ahmad アフマド afumado): 'same' when the Latin
 * vowels are the katakana word's but for some of its u and o and its last vowel; 'within' when they come in order among
 * them, all of them or all but one of three or more that is not the last letter of the word (an English u that Japanese
 * writes a: Trump トランプ; but マリア is not Mario); else null.
 */
export function japaneseVowelsMet(latin: string, kana: string, latinEndsInVowel: boolean): 'same' | 'within' | null {
  // Same: each Latin vowel at the next kana vowel equal to it, every kana vowel passed over an O or the last.
  let j = 0;
  let same = true;
  for (const v of latin) {
    while (j < kana.length && v !== '*' && kana.charAt(j) !== v) {
      if (kana.charAt(j) !== 'O' && j !== kana.length - 1) same = false;
      j++;
    }
    if (j >= kana.length) {
      same = false;
      break;
    }
    j++;
  }
  for (; same && j < kana.length; j++) if (kana.charAt(j) !== 'O' && j !== kana.length - 1) same = false;
  if (same) return 'same';
  j = 0;
  let missed = -1;
  for (let i = 0; i < latin.length; i++) {
    const v = latin.charAt(i);
    const at = v === '*' ? (j < kana.length ? j : -1) : kana.indexOf(v, j);
    if (at >= 0) j = at + 1;
    else if (missed >= 0) return null;
    else missed = i;
  }
  if (missed < 0) return 'within';
  return latin.length >= 3 && !(latinEndsInVowel && missed === latin.length - 1) ? 'within' : null;
}

/** Whether a word starts with a vowel as Japanese hears it: a Latin v or w before a consonant is a vowel (Vladimir
 * ウラジーミル), a Latin y either (Yusuf ユスフ, Yevgeny エフゲニー). null for either. */
export function startsWithVowel(word: string, kana: boolean): boolean | null {
  if (!kana && word.startsWith('y')) return null;
  return kana ? /^[aeiou]/.test(word) : /^(?:[aeiou]|[vw][^aeiouy])/.test(word);
}
