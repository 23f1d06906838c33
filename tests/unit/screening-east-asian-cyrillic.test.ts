// Chinese and Korean names as Russian writes them in Cyrillic (Palladius, Kontsevich and the North Korean forms),
// against the romanisations the lists write: read syllable by syllable, scored in full and screened through an index.
import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, scoreEntry, screenName, type Match } from '@/lib/screening/matcher';
import { koreanSyllableReadings, palladiusReading } from '@/lib/screening/matcher/east-asian-cyrillic';
import { person } from '../support/list-entries';

function personScore(query: string, listed: string): Match {
  return scoreEntry({ name: query, kind: 'person' }, person('1', listed));
}

describe('Chinese names in Palladius Cyrillic', () => {
  it('reads a run of Palladius syllables as its pinyin', () => {
    expect(palladiusReading('цзиньпин')).toBe('jinping');
    expect(palladiusReading('сяопин')).toBe('xiaoping');
    expect(palladiusReading('цзэдун')).toBe('zedong');
    expect(palladiusReading('кэцян')).toBe('keqiang');
    expect(palladiusReading('чжоу')).toBe('zhou');
    expect(palladiusReading('сюй')).toBe('xu');
    expect(palladiusReading('цзюнь')).toBe('jun');
    // A Russian word that is no such run has no reading.
    expect(palladiusReading('мария')).toBeNull();
    expect(palladiusReading('владимир')).toBeNull();
  });

  it('matches the pinyin the lists write', () => {
    expect(personScore('Си Цзиньпин', 'XI, Jinping').score).toBeGreaterThanOrEqual(80);
    expect(personScore('Мао Цзэдун', 'MAO, Zedong').score).toBeGreaterThanOrEqual(80);
    expect(personScore('Ван Цзяньлинь', 'WANG, Jianlin').score).toBeGreaterThanOrEqual(80);
    expect(personScore('Иван Петров', 'WANG, Peng').score).toBeLessThan(50);
  });
});

describe('Korean names in Cyrillic', () => {
  it('reads one syllable as its romanisations, the likeliest first', () => {
    expect(koreanSyllableReadings('чен')).toContain('jong');
    expect(koreanSyllableReadings('ын')).toContain('un');
    expect(koreanSyllableReadings('ир')).toEqual(['il']);
    expect(koreanSyllableReadings('чхве')).toContain('choe');
    expect(koreanSyllableReadings('сергей')).toEqual([]);
  });

  it('matches the romanisation the lists write', () => {
    expect(personScore('Ким Чен Ын', 'KIM, Jong Un').score).toBeGreaterThanOrEqual(80);
    expect(personScore('Ким Ир Сен', 'KIM, Il Sung').score).toBeGreaterThanOrEqual(80);
    expect(personScore('Чхве Рён Хэ', "CH'OE, Ryong-hae").score).toBeGreaterThanOrEqual(80);
    expect(personScore('Пак Кын Хе', 'PARK, Geun-hye').score).toBeGreaterThanOrEqual(80);
    expect(personScore('Ким Сергей', 'KIM, Song Il').score).toBeLessThan(80);
  });

  it('finds them through the index', () => {
    const index = buildScreeningIndex([
      person('xi', 'XI, Jinping'),
      person('kim', 'KIM, Jong Un'),
      person('choe', 'CHOE, Ryong Hae'),
      person('ivanov', 'IVANOV, Sergey'),
    ]);
    const found = (name: string) => screenName(index, { name, kind: 'person' }).matches.map((m) => m.entry_ref);
    expect(found('Си Цзиньпин')).toEqual(['xi']);
    expect(found('Ким Чен Ын')).toEqual(['kim']);
    expect(found('Чхве Рён Хэ')).toEqual(['choe']);
  });
});
