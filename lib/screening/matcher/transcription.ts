// A foreign name written syllable by syllable, in katakana (ウラジーミル・プーチン) or in Chinese characters
// (弗拉基米尔·普京), against its Latin spelling (Vladimir Putin). Japanese and Chinese write a foreign name by sound,
// one syllable at a time: they add a vowel to every consonant that has none (Kimu for Kim, Donarudo for Donald; fu,
// si, de, er in Chinese), write l as r or r as l, v often as b, f or not at all, and ti, di, si as chi, ji, shi (Chinese
// ji and qi for ti, di, ki). So such a word is read as any-ascii writes it (urajimiru, fulajimier), and it meets a Latin
// word when both have the same consonants in classes that these spellings share (transcriptionConsonants) and the
// Latin word's vowels come, in order, among the transcribed word's (transcriptionVowelsMet): Putin meets プーチン,
// Patan does not.

import anyAscii from 'any-ascii';

/** How a transcribed word was written: in katakana, or in Chinese characters. */
export type Transcription = 'katakana' | 'hanzi';
/** What transcriptionConsonants reads: a Latin word, or a transcribed one. */
export type TranscriptionSource = 'latin' | Transcription;

/** A name in Chinese characters with a middle dot between its parts (弗拉基米尔·普京): a foreign name, written by
 * sound. A Chinese name is never so written. */
export const HANZI_TRANSCRIBED_NAME = /\p{Script=Han}\s*[\u00b7\u2022\u2027\u30fb\uff65]\s*\p{Script=Han}/u;
export const HAN_WORD = /\p{Script=Han}+/gu;

/**
 * A word of a foreign name in Chinese characters as Latin letters: each character as any-ascii reads it in pinyin, its
 * letters written as the Latin spellings they stand for (zh and j as j, q as ch, x as sh, c as ts), the y of yi and ye and
 * the w of wu left out (伊戈尔 Igor, 乌斯马诺夫 Usmanov) and a final ng an n (普京 pujin).
 */
export function hanziReading(word: string): string {
  return (anyAscii(word).match(/[A-Z][a-z]*/g) ?? [])
    .map((syllable) =>
      syllable
        .toLowerCase()
        .replace(/^zh/, 'j')
        .replace(/^q/, 'ch')
        .replace(/^x/, 'sh')
        .replace(/^c(?!h)/, 'ts')
        .replace(/^y(?=[ie])|^w(?=u)/, '')
        .replace(/ng$/, 'n'),
    )
    .join('');
}

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
 * The consonants of a word as Japanese (and Chinese) spellings of foreign names hear them, one letter a class: l and r as R; ch,
 * ts, tch and t as T; j, d, dh and zh as D (ジ is both ji and di); s, z, sh and th as S (a final z is ス: Diaz
 * ディアス); k, g, gh, q, c before a, o, u and ck as K; h and kh as H (ハ: Khamenei ハーメネイー), f and ph as F, a
 * katakana fu as either (フ: Hussein フセイン, Yusuf ユスフ); b and p apart; w goes (ワ or nothing). Some letters are read more than one way, each way throughout the word, for
 * Japanese writes them so: a Latin h ending the word after a vowel as nothing too (Abdullah アブドゥッラー, but
 * Nasrallah ナスルッラーフ); a v before a vowel as nothing or b (Ivan イワン, Viktor ヴィクトル, Museveni ムセベニ), before a
 * consonant or ending the word as nothing or f, the last v apart from the others (Yevgeny エフゲニー, Ivanov イワノフ, Lavrov
 * ラヴロフ); a Latin r after the e of a later syllable, before a consonant or ending the word, which Japanese writes as a
 * long vowel after English (Robert ロバート) but as ル after Russian (Aleksandr アレクサンドル), as nothing too (not in a
 * first syllable: Sergei セルゲイ); a Latin ng before a vowel as n too
 * (Jongun ジョンウン), a Latin dh as z too (ذ, which Japanese writes ザ: Qadhafi カッザーフィー). An n or m before b, p
 * or m is one nasal (Trump トランプ, Muammar ムアンマル), a final ng an n. Vowels and y go, and a letter doubled is one
 * (consonantsOnly). A word in Chinese characters is read more ways still (below). The readings, the usual one first.
 */
export function transcriptionConsonants(word: string, source: TranscriptionSource = 'latin'): string[] {
  let spellings = [word];
  if (source === 'hanzi') {
    // Chinese writes ti, di, ki and gi as ji or qi, si and hi as xi, and za as zha (普京 Putin, 谢钦 Sechin, 希 xi in
    // Zawahiri, 扎 zha): read so too (the letters of hanziReading: j, ch, sh before an i; j for zh before another vowel).
    spellings = alsoReadAs(spellings, /j(?=i)/g, 't');
    spellings = alsoReadAs(spellings, /j(?=i)/g, 'k');
    spellings = alsoReadAs(spellings, /j(?=[aeou])/g, 'z');
    spellings = alsoReadAs(spellings, /ch(?=i)/g, 'k');
    spellings = alsoReadAs(spellings, /sh(?=i)/g, 'h');
  }
  if (source === 'latin') {
    spellings = alsoReadAs(spellings, /ng(?=[aeiouy])/g, 'n');
    spellings = alsoReadAs(spellings, /dh/g, 'z');
    // Spanish j and ll (Joaquin ホアキン, Cabello カベージョ), and the dz and final c of Serbo-Croatian names written
    // without their marks (Karadzic カラジッチ).
    spellings = alsoReadAs(spellings, /j/g, 'h');
    spellings = alsoReadAs(spellings, /ll/g, 'j');
    spellings = alsoReadAs(spellings, /dz/g, 'j');
    spellings = alsoReadAs(spellings, /(?<=i)c$/g, 'ch');
  }
  let readings = spellings.map(letterClasses);
  if (source === 'latin') readings = alsoReadAs(readings, /(?<=[aeiou])H$/g, '');
  // Katakana fu is an h before u as often as an f (Hussein フセイン, Ahmad アフマド).
  if (source === 'katakana') readings = alsoReadAs(readings, /F(?=u)/g, 'H');
  readings = alsoReadAs(readings, /v(?=[aeiouy])/g, 'b');
  readings = alsoReadAs(readings, /v$/g, 'F');
  readings = alsoReadAs(readings, /v(?![aeiouy])/g, 'F');
  readings = readings.map((r) => r.replace(/v/g, ''));
  if (source === 'latin') readings = alsoReadAs(readings, /(?<=[aeiou][^aeiou]+e)r(?![aeiouy])/g, '');
  return [...new Set(readings.map(consonantsOnly))];
}

/** `forms`, and when any of them has `from`, each of them with every `from` read as `to` besides (one way throughout a
 * word, as in the spelling of one name). */
function alsoReadAs(forms: string[], from: RegExp, to: string): string[] {
  return forms.some((f) => f.search(from) >= 0) ? [...forms, ...forms.map((f) => f.replace(from, to))] : forms;
}

/** The letters of a word in their classes, capitals, but for l, r, v, b, p, m, n and the vowels (transcriptionConsonants). */
function letterClasses(word: string): string {
  return word
    .replace(/sch/g, 'S')
    .replace(/ng(?![aeiouy])/g, 'n')
    .replace(/[nm](?=[bpm])/g, 'm')
    .replace(/tch|tsch|ch|ts|tz/g, 'T')
    .replace(/sh|th/g, 'S')
    .replace(/zh|dzh|dj|dh|j/g, 'D')
    .replace(/gh/g, 'K')
    .replace(/ph|f/g, 'F')
    .replace(/kh|h/g, 'H')
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

/** The vowels of a word in three classes: a; e, i and y as I (Laden ラディン); o and u as O (Osama / Usama オサマ); the e
 * of a later Latin syllable before an r that ends it as *, any vowel (Robert ロバート, Emmerson エマーソン), and so the pinyin e of a word in
 * Chinese characters but in ie, ei and ue (戈 ge is go, 德 de a d alone); a y starting the word or
 * after a vowel goes, after a consonant it is I (Yahya ヤヒヤ), and vowels of one class side by side are one (Hussein,
 * Khamenei). */
export function transcriptionVowels(word: string, source: TranscriptionSource = 'latin'): string {
  return word
    .replace(/^y|(?<=[aeiou])y/g, '')
    .replace(source === 'hanzi' ? /(?<![iuy])e(?!i)/g : source === 'latin' ? /(?<=[aeiou][^aeiou]+)e(?=r(?![aeiouy]))/g : /$^/g, '*')
    .replace(/[eiy]/g, 'I')
    .replace(/[ou]/g, 'O')
    .replace(/a/g, 'A')
    .replace(/([AIO])\1+/g, '$1')
    .replace(/[^AIO*]/g, '');
}

/**
 * How the vowels of a Latin word (`latin`, transcriptionVowels) meet those of a transcribed word (`kana`), which adds a
 * vowel to every consonant without one, u or o most often in katakana (Kim キム kimu, Ahmad アフマド afumado): 'same' when
 * the Latin vowels are the transcribed word's but for some of its u and o and its last vowel; 'within' when they come in order among
 * them, all of them or all but one of three or more that is not the last letter of the word (an English u that Japanese
 * writes a: Trump トランプ; but マリア is not Mario); else null.
 */
export function transcriptionVowelsMet(latin: string, kana: string, latinEndsInVowel: boolean): 'same' | 'within' | null {
  const meets = (l: string, k: string) => l === k || l === '*' || k === '*';
  const passable = (j: number) => kana.charAt(j) === 'O' || kana.charAt(j) === '*' || j === kana.length - 1;
  // Same: each Latin vowel at the next transcribed vowel it meets, every vowel passed over an O, a * or the last.
  let j = 0;
  let same = true;
  for (const v of latin) {
    while (j < kana.length && !meets(v, kana.charAt(j))) {
      if (!passable(j)) same = false;
      j++;
    }
    if (j >= kana.length) {
      same = false;
      break;
    }
    j++;
  }
  for (; same && j < kana.length; j++) if (!passable(j)) same = false;
  if (same) return 'same';
  j = 0;
  let missed = -1;
  for (let i = 0; i < latin.length; i++) {
    let k = j;
    while (k < kana.length && !meets(latin.charAt(i), kana.charAt(k))) k++;
    if (k < kana.length) j = k + 1;
    else if (missed >= 0) return null;
    else missed = i;
  }
  if (missed < 0) return 'within';
  return latin.length >= 3 && !(latinEndsInVowel && missed === latin.length - 1) ? 'within' : null;
}

/** Whether a word starts with a vowel as a transcription hears it: a Latin y, or v or w before a consonant, may start
 * one with a vowel or not (Yusuf ユスフ, Yevgeny エフゲニー; Vladimir ウラジーミル, 弗拉基米尔). null for either. */
export function startsWithVowel(word: string, transcribed: boolean): boolean | null {
  if (!transcribed && /^(?:y|[vw][^aeiouy])/.test(word)) return null;
  return /^[aeiou]/.test(word);
}
