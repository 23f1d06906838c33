// Foreign names written syllable by syllable, in katakana or in Chinese characters, as Japanese and Chinese records and
// sources write them, screened against the Latin names of the lists: read syllable by syllable and compared by the
// consonants such spellings keep.
import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, scoreEntry, screenName, type ListEntry } from '@/lib/screening/matcher';
import { hanziReading, katakanaReading, transcriptionConsonants, transcriptionVowels, transcriptionVowelsMet } from '@/lib/screening/matcher/transcription';
import { normalizeName } from '@/lib/screening/matcher/normalize';
import { business, person } from '../support/list-entries';

const personScore = (query: string, listName: string): number => scoreEntry({ name: query, kind: 'person' }, person('1', listName)).score;

describe('reading katakana', () => {
  it('joins a small kana to the syllable before it and drops the long-vowel mark and the small tsu', () => {
    expect(katakanaReading('ジョン')).toBe('jon');
    expect(katakanaReading('ショイグ')).toBe('shoigu');
    expect(katakanaReading('カダフィ')).toBe('kadafi');
    expect(katakanaReading('ディアス')).toBe('diasu');
    expect(katakanaReading('ウィリアム')).toBe('wiriamu');
    expect(katakanaReading('プーチン')).toBe('puchin');
    expect(katakanaReading('サッダーム')).toBe('sadamu');
    expect(katakanaReading('アル')).toBe('al');
  });

  it('marks the words read from katakana, split at the middle dot and the double hyphen', () => {
    const { words } = normalizeName('バッシャール・アル＝アサド', 'person');
    expect(words.map((w) => w.text)).toEqual(['basharu', 'al', 'asado']);
    expect(words.filter((w) => w.transcribed === 'katakana').map((w) => w.text)).toEqual(['basharu', 'asado']);
    expect(normalizeName('Bashar al-Assad', 'person').words.some((w) => w.transcribed)).toBe(false);
  });

  it('gives a katakana word and its Latin spelling the same Japanese consonants', () => {
    const meet = (kana: string, latin: string) =>
      transcriptionConsonants(katakanaReading(kana), 'katakana').some((k) => transcriptionConsonants(latin).includes(k));
    expect(meet('ウラジーミル', 'vladimir')).toBe(true);
    expect(meet('トランプ', 'trump')).toBe(true);
    expect(meet('ムアンマル', 'muammar')).toBe(true);
    expect(meet('ロバート', 'robert')).toBe(true);
    expect(meet('アレクサンドル', 'alexander')).toBe(true);
    expect(meet('イワノフ', 'ivanov')).toBe(true);
    expect(meet('エフゲニー', 'yevgeniy')).toBe(true);
    expect(meet('ラヴロフ', 'lavrov')).toBe(true);
    expect(meet('ナスルッラーフ', 'nasrallah')).toBe(true);
    expect(meet('アフマド', 'ahmad')).toBe(true);
    // Letters Japanese keeps apart stay apart.
    expect(meet('ヤマダ', 'ahmad')).toBe(false);
    expect(meet('ヨウコ', 'gorkov')).toBe(false);
    expect(meet('マリア', 'mikhail')).toBe(false);
  });

  it('lets the vowels Japanese adds after consonants pass, but not other vowels', () => {
    const met = (latin: string, kana: string) => transcriptionVowelsMet(transcriptionVowels(latin), transcriptionVowels(kana), /[aeiouy]$/.test(latin));
    expect(met('kim', 'kimu')).toBe('same');
    expect(met('ahmad', 'afumado')).toBe('same');
    expect(met('robert', 'robato')).toBe('same');
    expect(met('trump', 'toranpu')).toBe('within');
    expect(met('putin', 'puchin')).toBe('same');
    expect(met('patan', 'puchin')).toBeNull();
    // A given name's last vowel tells its gender: Maria is not Mario.
    expect(met('mario', 'maria')).toBeNull();
  });
});

describe('screening a katakana name', () => {
  it('finds listed persons written in katakana', () => {
    expect(personScore('ウラジーミル・プーチン', 'PUTIN, Vladimir Vladimirovich')).toBeGreaterThanOrEqual(80);
    expect(personScore('キム・ジョンウン', 'KIM, Jong Un')).toBeGreaterThanOrEqual(80);
    expect(personScore('オサマ・ビン・ラディン', 'BIN LADIN, Usama')).toBeGreaterThanOrEqual(80);
    expect(personScore('ムアンマル・カダフィ', 'QADHAFI, Muammar')).toBeGreaterThanOrEqual(80);
    expect(personScore('バッシャール・アル＝アサド', 'AL-ASSAD, Bashar')).toBeGreaterThanOrEqual(80);
    expect(personScore('アリー・ハーメネイー', 'KHAMENEI, Ali')).toBeGreaterThanOrEqual(80);
    expect(personScore('エフゲニー・プリゴジン', 'PRIGOZHIN, Yevgeniy Viktorovich')).toBeGreaterThanOrEqual(80);
    expect(personScore('ロバート・ムガベ', 'MUGABE, Robert Gabriel')).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: 'ヒズボラ', kind: 'business' }, business('2', 'HIZBALLAH')).score).toBeGreaterThanOrEqual(80);
  });

  it('keeps other persons sharing a given name, or only consonants, apart', () => {
    expect(personScore('ウラジーミル・ペトロフ', 'PUTIN, Vladimir')).toBeLessThan(80);
    expect(personScore('キム・ジョンナム', 'KIM, Jong Un')).toBeLessThan(80);
    expect(personScore('マリア・ザハロワ', 'ZAKHAROV, Mikhail')).toBeLessThan(80);
    expect(personScore('プーチン', 'PATAN, Ahmad')).toBeLessThan(80);
    expect(personScore('ハルカ・ヤマダ', 'AKHLAQ, Abu Ahmad')).toBeLessThan(80);
    expect(personScore('リョウ・カトウ', 'KATO, L.')).toBeLessThan(80);
  });

  it('reaches the entry through the index, and Japanese names in katakana reach none of these', () => {
    const entries: ListEntry[] = [
      person('putin', 'PUTIN, Vladimir Vladimirovich', { birth_year: 1952 }),
      person('akhlaq', 'AKHLAQ, Abu Ahmad'),
      person('agleel', 'AGLEEL, Ahmed'),
      person('gok', 'GOK, Mahmut'),
      person('frosch', 'FROSCH, Daniel'),
    ];
    const index = buildScreeningIndex(entries);
    expect(screenName(index, { name: 'ウラジーミル・プーチン', kind: 'person' }).matches[0]?.entry_ref).toBe('putin');
    for (const name of ['ハルカ・ヤマダ', 'アキラ・マエダ', 'ケイコ・ヤマモト', 'ジョヴァンニ・ロッシ']) {
      expect(screenName(index, { name, kind: 'person' }).matches, name).toHaveLength(0);
    }
  });
});

describe('a foreign name in Chinese characters', () => {
  it('reads each word of a name with a middle dot as one word, pinyin letters as the Latin letters they stand for', () => {
    expect(hanziReading('弗拉基米尔')).toBe('fulajimier');
    expect(hanziReading('普京')).toBe('pujin');
    expect(hanziReading('谢钦')).toBe('shiechin');
    expect(hanziReading('伊戈尔')).toBe('igeer');
    const { words } = normalizeName('弗拉基米尔·普京', 'person');
    expect(words.map((w) => [w.text, w.transcribed])).toEqual([
      ['fulajimier', 'hanzi'],
      ['pujin', 'hanzi'],
    ]);
    // A Chinese name, which has no middle dot, is read syllable by syllable as before.
    expect(normalizeName('习近平', 'person').words.map((w) => [w.text, w.transcribed])).toEqual([
      ['xi', undefined],
      ['jin', undefined],
      ['ping', undefined],
    ]);
  });

  it('finds listed persons written so', () => {
    expect(personScore('弗拉基米尔·普京', 'PUTIN, Vladimir Vladimirovich')).toBeGreaterThanOrEqual(80);
    expect(personScore('穆阿迈尔·卡扎菲', 'QADHAFI, Muammar')).toBeGreaterThanOrEqual(80);
    expect(personScore('谢尔盖·拉夫罗夫', 'LAVROV, Sergey Viktorovich')).toBeGreaterThanOrEqual(80);
    expect(personScore('艾曼·扎瓦希里', 'AL-ZAWAHIRI, Ayman')).toBeGreaterThanOrEqual(80);
    expect(personScore('尼古拉·帕特鲁舍夫', 'PATRUSHEV, Nikolai Platonovich')).toBeGreaterThanOrEqual(80);
    expect(personScore('习近平', 'XI, Jinping')).toBeGreaterThanOrEqual(80);
  });

  it('keeps names whose letters Chinese reads several ways apart when another consonant or an f differs', () => {
    // 索科洛夫 Sokolov is not Makarov, 法里德 Farid not Khalid.
    expect(personScore('阿列克谢·索科洛夫', 'MAKAROV, Aleksey')).toBeLessThan(80);
    expect(personScore('穆罕默德·法里德', 'HANAFI, Khalid')).toBeLessThan(80);
    expect(personScore('伊万·彼得罗夫', 'PUTIN, Vladimir')).toBeLessThan(80);
  });
});

