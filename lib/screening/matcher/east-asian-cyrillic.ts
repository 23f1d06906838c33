/**
 * Chinese and Korean names written in Cyrillic, as Russian writes them, read back into the romanisations the lists
 * write. Chinese by the Palladius system (Си Цзиньпин, Мао Цзэдун, Дэн Сяопин: Xi Jinping, Mao Zedong, Deng
 * Xiaoping): the Palladius form of every pinyin syllable is made here from the system's initials and finals, and a
 * Cyrillic word that is a run of such forms reads as their pinyin, joined. Korean by the Kontsevich system and the
 * forms North Korean names take in Russian (Ким Чен Ын, Ким Ир Сен: Kim Jong Un, Kim Il Sung), one syllable a word.
 * Written for this service from the systems' published rules.
 */

/** Pinyin syllables by initial ('' for none), finals after the initial. */
const PINYIN_SYLLABLES: ReadonlyArray<readonly [string, string]> = [
  ['', 'a o e ai ei ao ou an en ang eng er yi ya ye yao you yan yin yang ying yong wu wa wo wai wei wan wen wang weng yu yue yuan yun'],
  ['b', 'a o ai ei ao an en ang eng i ie iao ian in ing u'],
  ['p', 'a o ai ei ao ou an en ang eng i ie iao ian in ing u'],
  ['m', 'a o e ai ei ao ou an en ang eng i ie iao iu ian in ing u'],
  ['f', 'a o ei ou an en ang eng u'],
  ['d', 'a e ai ei ao ou an en ang eng ong i ia ie iao iu ian ing u uo ui uan un'],
  ['t', 'a e ai ao ou an ang eng ong i ie iao ian ing u uo ui uan un'],
  ['n', 'a e ai ei ao ou an en ang eng ong i ie iao iu ian in iang ing u uo uan ü üe'],
  ['l', 'a e ai ei ao ou an ang eng ong i ia ie iao iu ian in iang ing u uo uan un ü üe'],
  ['g', 'a e ai ei ao ou an en ang eng ong u ua uo uai ui uan un uang'],
  ['k', 'a e ai ei ao ou an en ang eng ong u ua uo uai ui uan un uang'],
  ['h', 'a e ai ei ao ou an en ang eng ong u ua uo uai ui uan un uang'],
  ['j', 'i ia ie iao iu ian in iang ing iong u ue uan un'],
  ['q', 'i ia ie iao iu ian in iang ing iong u ue uan un'],
  ['x', 'i ia ie iao iu ian in iang ing iong u ue uan un'],
  ['zh', 'a e i ai ei ao ou an en ang eng ong u ua uo uai ui uan un uang'],
  ['ch', 'a e i ai ao ou an en ang eng ong u ua uo uai ui uan un uang'],
  ['sh', 'a e i ai ei ao ou an en ang eng u ua uo uai ui uan un uang'],
  ['r', 'e i ao ou an en ang eng ong u uo ui uan un'],
  ['z', 'a e i ai ei ao ou an en ang eng ong u uo ui uan un'],
  ['c', 'a e i ai ao ou an en ang eng ong u uo ui uan un'],
  ['s', 'a e i ai ao ou an en ang eng ong u uo ui uan un'],
];

const INITIALS: Readonly<Record<string, string>> = {
  b: 'б', p: 'п', m: 'м', f: 'ф', d: 'д', t: 'т', n: 'н', l: 'л', g: 'г', k: 'к', h: 'х',
  j: 'цз', q: 'ц', x: 'с', zh: 'чж', ch: 'ч', sh: 'ш', r: 'ж', z: 'цз', c: 'ц', s: 'с',
};

/** Finals after an initial; a syllable without one is written in full in ALONE. */
const FINALS: Readonly<Record<string, string>> = {
  a: 'а', o: 'о', e: 'э', i: 'и', ai: 'ай', ei: 'эй', ao: 'ао', ou: 'оу', an: 'ань', en: 'энь', ang: 'ан', eng: 'эн',
  ong: 'ун', ia: 'я', ie: 'е', iao: 'яо', iu: 'ю', ian: 'янь', in: 'инь', iang: 'ян', ing: 'ин', iong: 'юн',
  u: 'у', ua: 'уа', uo: 'о', uai: 'уай', ui: 'уй', uan: 'уань', un: 'унь', uang: 'уан', ü: 'юй', üe: 'юэ',
};

/** After j, q and x the u of pinyin is ü: its finals as Palladius writes them (ju цзюй, xue сюэ, quan цюань, jun цзюнь). */
const FINALS_AFTER_JQX: Readonly<Record<string, string>> = { u: 'юй', ue: 'юэ', uan: 'юань', un: 'юнь' };

const ALONE: Readonly<Record<string, string>> = {
  a: 'а', o: 'о', e: 'э', ai: 'ай', ei: 'эй', ao: 'ао', ou: 'оу', an: 'ань', en: 'энь', ang: 'ан', eng: 'эн', er: 'эр',
  yi: 'и', ya: 'я', ye: 'е', yao: 'яо', you: 'ю', yan: 'янь', yin: 'инь', yang: 'ян', ying: 'ин', yong: 'юн',
  wu: 'у', wa: 'ва', wo: 'во', wai: 'вай', wei: 'вэй', wan: 'вань', wen: 'вэнь', wang: 'ван', weng: 'вэн',
  yu: 'юй', yue: 'юэ', yuan: 'юань', yun: 'юнь',
};

/** The Palladius form of each pinyin syllable, and back (pinyin written with u for ü, as the lists write it). */
const PINYIN_OF: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [initial, finals] of PINYIN_SYLLABLES) {
    for (const final of finals.split(' ')) {
      let cyrillic: string;
      if (initial === '') cyrillic = ALONE[final] as string;
      else if ('jqx'.includes(initial) && FINALS_AFTER_JQX[final]) cyrillic = (INITIALS[initial] as string) + FINALS_AFTER_JQX[final];
      // zi, ci, si are written with ы (цзы, цы, сы); zhi, chi, shi, ri with и.
      else if (final === 'i' && 'zcs'.includes(initial)) cyrillic = `${INITIALS[initial]}ы`;
      else cyrillic = (INITIALS[initial] as string) + FINALS[final];
      const pinyin = (initial + final).replace(/ü/g, 'u');
      if (!map.has(cyrillic)) map.set(cyrillic, pinyin);
    }
  }
  return map;
})();
const LONGEST = Math.max(...[...PINYIN_OF.keys()].map((k) => k.length));

/**
 * Letters of Palladius that Russian spelling of other names seldom has: цз, чж, э after a consonant, с or ц before я or
 * ю, and нь before a consonant (Цзиньпин, Чжоу, Кэцян, Сяопин, Цюй). A name holding one is read as Chinese in all its
 * words (Ван Цзяньлинь: Wang Jianlin); one without (Хосе, Иван) keeps its Russian reading alone.
 */
const PALLADIUS_MARK = /цз|чж|[бпмфдтнлгкхчшжцсв]э|[сц][яю]|нь(?=[бпмфдтнлгкхчшжцс])/;

/**
 * The pinyin of a lower-case Cyrillic word that is a run of Palladius syllables (цзиньпин: jinping), in as few
 * syllables as it divides into; null for a word that is no such run.
 */
export function palladiusReading(word: string): string | null {
  // best[i]: the fewest syllables word[0, i) divides into, with their pinyin.
  const best: ({ count: number; pinyin: string } | undefined)[] = [{ count: 0, pinyin: '' }];
  for (let i = 0; i < word.length; i++) {
    const from = best[i];
    if (!from) continue;
    for (let length = 1; length <= LONGEST && i + length <= word.length; length++) {
      const pinyin = PINYIN_OF.get(word.slice(i, i + length));
      if (pinyin === undefined) continue;
      const known = best[i + length];
      if (!known || from.count + 1 < known.count) best[i + length] = { count: from.count + 1, pinyin: from.pinyin + pinyin };
    }
  }
  return best[word.length]?.pinyin ?? null;
}

/** A Korean syllable in Cyrillic: an initial consonant or none, a vowel (or a w-diphthong, ый), a final consonant or none. */
const KOREAN_SYLLABLE = /^(чх|чж|дж|кх|тх|пх|[чкгтдпбсхрлмн])?(в[аеиоэ]|ый|[аеёиоуыэюя])(ль|[нркптм])?$/;
const KOREAN_INITIALS: Readonly<Record<string, readonly string[]>> = {
  ч: ['j', 'ch'], чж: ['j'], дж: ['j'], чх: ['ch'], к: ['k', 'g'], г: ['g', 'k'], кх: ['kh', 'k'], т: ['t', 'd'],
  д: ['d', 't'], тх: ['th', 't'], п: ['p', 'b'], б: ['b', 'p'], пх: ['ph', 'p'], с: ['s'], х: ['h'], р: ['r', 'l'],
  л: ['l', 'r'], м: ['m'], н: ['n'],
};
/** Vowels: е after a consonant is the ŏ (eo, o) of North Korean names in Russian (Чен = Jong, Сен = Song) as well as ye. */
const KOREAN_VOWELS: Readonly<Record<string, readonly string[]>> = {
  а: ['a'], е: ['o', 'eo', 'ye'], ё: ['yo', 'yeo'], и: ['i'], о: ['o'], у: ['u', 'oo'], ы: ['u', 'eu'], э: ['ae', 'e'],
  ю: ['yu'], я: ['ya'], ва: ['wa'], во: ['wo'], ве: ['oe', 'we'], вэ: ['wae', 'we'], ви: ['wi'], ый: ['ui', 'eui'],
};
/** Finals: н is ㅇ (ng) as often as ㄴ (n), р and ль are ㄹ (l). */
const KOREAN_FINALS: Readonly<Record<string, readonly string[]>> = {
  н: ['ng', 'n'], р: ['l'], ль: ['l'], к: ['k'], п: ['p'], т: ['t'], м: ['m'],
};
/** At most this many readings of one syllable. */
const MAX_KOREAN_READINGS = 6;

/**
 * The romanisations of a lower-case Cyrillic word that is one Korean syllable as Russian writes it (чен: jong, chong,
 * jeong...; ын: un, eun; ир: il; чхве: choe), the likeliest first; [] for a word that is none, or longer than five
 * letters.
 */
export function koreanSyllableReadings(word: string): string[] {
  if (word.length > 5) return [];
  const parts = KOREAN_SYLLABLE.exec(word);
  if (!parts) return [];
  const initial = parts[1];
  const vowels = KOREAN_VOWELS[parts[2] as string] ?? [];
  const initials = initial ? (KOREAN_INITIALS[initial] ?? []) : [''];
  const finals = parts[3] ? (KOREAN_FINALS[parts[3]] ?? []) : [''];
  const readings: string[] = [];
  for (const vowel of vowels) for (const i of initials) for (const f of finals) readings.push(i + vowel + f);
  return [...new Set(readings)].slice(0, MAX_KOREAN_READINGS);
}

/**
 * The other readings of a name's lower-case Cyrillic words as a Chinese or Korean name (see palladiusReading and
 * koreanSyllableReadings): as Chinese when a word holds a Palladius mark, as Korean when the name is two words or more
 * and every word is one Korean syllable (Ким Чен Ын; not Анна Ким). Words without another reading are left out.
 */
export function eastAsianReadings(words: readonly string[]): Map<string, string[]> {
  const readings = new Map<string, string[]>();
  const add = (word: string, more: readonly string[]) => {
    if (more.length > 0) readings.set(word, [...new Set([...(readings.get(word) ?? []), ...more])]);
  };
  if (words.some((w) => PALLADIUS_MARK.test(w))) {
    for (const word of words) {
      const pinyin = palladiusReading(word);
      if (pinyin) add(word, [pinyin]);
    }
  }
  const korean = words.map(koreanSyllableReadings);
  if (words.length >= 2 && korean.every((r) => r.length > 0)) words.forEach((word, k) => add(word, korean[k] as string[]));
  return readings;
}
