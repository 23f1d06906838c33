// Names written in Arabic script (Arabic, Persian, Urdu spellings) screened against Latin list names through an
// index, as the service does: the name of God in compound names, the letters Persian and Urdu write their own way,
// and queries of one word.
import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, screenName, type ListEntry, type Match, type ScreeningQuery } from '@/lib/screening/matcher';
import { abjadReadings } from '@/lib/screening/matcher/similarity';
import { normalizeText } from '@/lib/screening/matcher/normalize';

function person(ref: string, name: string, extra: Partial<ListEntry> = {}): ListEntry {
  return { list: 'test', ref, kind: 'person', name, category: 'sanctions', ...extra };
}

const entries: ListEntry[] = [
  person('abdullah', 'ABDULLAH, Khalid', { birth_year: 1975 }),
  // One letter of consonants away from Abdullah read with a t: must not take its place.
  person('abdallat', 'ABDALLAT, Khalid', { birth_year: 1975 }),
  person('fatima', 'FATIMA, Amina', { birth_year: 1981 }),
  person('rahmat', 'RAHMAT, Nusrat', { birth_year: 1969 }),
  person('nasrallah', 'NASRALLAH, Hassan', { birth_year: 1960 }),
];
const index = buildScreeningIndex(entries);

function screen(query: ScreeningQuery): Match[] {
  const result = screenName(index, query);
  return [...result.matches, ...result.near];
}

function expectMatch(query: ScreeningQuery, ref: string): Match {
  const match = screenName(index, query).matches[0];
  expect(match?.entry_ref, query.name).toBe(ref);
  return match as Match;
}

describe('the name of God (الله)', () => {
  it('is never read with a final t, as a ta marbuta is', () => {
    expect(normalizeText('عبد الله')).toBe('BD ALLH');
    expect(abjadReadings('ALLH')).toEqual(['ALLH']);
    expect(abjadReadings(normalizeText('عبدالله'))).toEqual(['BDALLH']);
    expect(abjadReadings(normalizeText('نصرالله'))).toEqual(['NSRALLH']);
    // A final ه of another word still has both readings (Rahmat, Fatimah).
    expect(abjadReadings(normalizeText('رحمه'))).toContain('RHMT');
    expect(abjadReadings(normalizeText('فاطمه'))).toContain('FATMH');
  });

  it('finds Abdullah, not a name one consonant away, from عبد الله written apart or joined', () => {
    for (const name of ['خالد عبد الله', 'خالد عبدالله']) {
      const found = screen({ name, kind: 'person', birth_year: 1975 });
      expect(found[0]?.entry_ref, name).toBe('abdullah');
      expect(found[0]?.score, name).toBeGreaterThanOrEqual(80);
      const other = found.find((m) => m.entry_ref === 'abdallat');
      expect(other === undefined || other.score < (found[0] as Match).score, name).toBe(true);
    }
    expectMatch({ name: 'حسن نصرالله', kind: 'person', birth_year: 1960 }, 'nasrallah');
  });

  it('still reads a final ه or ة as the a or t of a feminine name', () => {
    expectMatch({ name: 'أمينة فاطمه', kind: 'person', birth_year: 1981 }, 'fatima');
    expectMatch({ name: 'امينه فاطمة', kind: 'person', birth_year: 1981 }, 'fatima');
    expectMatch({ name: 'نصرة رحمة', kind: 'person', birth_year: 1969 }, 'rahmat');
  });
});
