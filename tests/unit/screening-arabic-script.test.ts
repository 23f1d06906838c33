// Names written in Arabic script (Arabic, Persian, Urdu spellings) screened against Latin list names through an
// index, as the service does: the name of God in compound names, the letters Persian and Urdu write their own way,
// and queries of one word.
import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, screenName, type ListEntry, type Match, type ScreeningQuery } from '@/lib/screening/matcher';
import { abjadReadings } from '@/lib/screening/matcher/similarity';
import { normalizeText } from '@/lib/screening/matcher/normalize';
import { person, business } from '../support/list-entries';

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

  it('writes no long vowel with the alif of Allah inside a compound name (Aminullah, Faizullah)', () => {
    const compounds = buildScreeningIndex([
      person('aminullah', 'AMINULLAH, Gul', { birth_year: 1970 }),
      person('faizullah', 'FAIZULLAH, Noor', { birth_year: 1972 }),
    ]);
    expect(screenName(compounds, { name: 'گل امین الله', kind: 'person', birth_year: 1970 }).matches[0]?.entry_ref).toBe('aminullah');
    expect(screenName(compounds, { name: 'نور فیض الله', kind: 'person', birth_year: 1972 }).matches[0]?.entry_ref).toBe('faizullah');
    // And a Latin query against the names as written in Arabic script.
    const written = buildScreeningIndex([
      person('aminullah', 'امین الله گل', { birth_year: 1970 }),
      person('faizullah', 'فیض الله نور', { birth_year: 1972 }),
    ]);
    for (const [name, ref] of [['Aminullah Gul', 'aminullah'], ['Faizullah Noor', 'faizullah']] as const) {
      const found = screenName(written, { name, kind: 'person' }).matches[0];
      expect(found?.entry_ref, name).toBe(ref);
      // As strong as the compound written in Latin would be: the alif costs nothing.
      expect(found?.score, name).toBeGreaterThanOrEqual(85);
    }
  });

  it('still reads a final ه or ة as the a or t of a feminine name', () => {
    expectMatch({ name: 'أمينة فاطمه', kind: 'person', birth_year: 1981 }, 'fatima');
    expectMatch({ name: 'امينه فاطمة', kind: 'person', birth_year: 1981 }, 'fatima');
    expectMatch({ name: 'نصرة رحمة', kind: 'person', birth_year: 1969 }, 'rahmat');
  });
});

describe('Persian and Urdu letters', () => {
  it('are read as their Arabic counterparts before transliteration', () => {
    // Urdu heh goal ہ and ta marbuta ۃ, yeh barree ے, Pashto yeh ۍ, Sindhi kaf ڪ; Persian yeh ی and kaf ک.
    expect(normalizeText('عبداللہ')).toBe(normalizeText('عبدالله'));
    expect(normalizeText('حمزۃ')).toBe(normalizeText('حمزة'));
    expect(normalizeText('مرتضے')).toBe(normalizeText('مرتضى'));
    expect(normalizeText('عیسے')).toBe(normalizeText('عيسى'));
    expect(normalizeText('ملالۍ')).toBe(normalizeText('ملالي'));
    expect(normalizeText('ڪريم')).toBe(normalizeText('كريم'));
    expect(normalizeText('علی کریم')).toBe(normalizeText('علي كريم'));
  });

  it('drop the short vowels and the superscript alif, which an abjad writes only now and then', () => {
    expect(normalizeText('مُحَمَّد')).toBe(normalizeText('محمد'));
    expect(normalizeText('عیسیٰ')).toBe(normalizeText('عيسى'));
  });

  it('read do-chashmi he after d, t, k, g or p as the h of the Latin digraph, and after b as an h', () => {
    // چودھری: the dh of Chaudhry, one letter to a Latin spelling; بھٹو: the bh of Bhutto, two.
    expect(normalizeText('چودھری')).toBe(normalizeText('چودری'));
    expect(normalizeText('بھٹو')).toBe('BHTW');
  });

  it('write Arabic-Indic digits as digits', () => {
    expect(normalizeText('وحدة ٧٣١')).toBe(normalizeText('وحدة 731'));
    expect(normalizeText('٧٣١')).toBe('731');
    expect(normalizeText('۳۱۳ بریگیڈ')).toBe(normalizeText('313 بریگیڈ'));
  });
});

describe('Urdu and Persian spellings of listed names', () => {
  const urdu = buildScreeningIndex([
    person('murtaza', 'MURTAZA, Ghulam', { birth_year: 1970 }),
    person('isa', 'ISA, Mahmood', { birth_year: 1966 }),
    person('chaudhry', 'CHAUDHRY, Pervez Ilahi', { birth_year: 1958 }),
    person('bhutto', 'BHUTTO, Shahnawaz', { birth_year: 1958 }),
    person('yar', 'MOHAMMAD, Yar', { birth_year: 1961 }),
  ]);
  const top = (name: string, birth_year: number): Match | undefined => screenName(urdu, { name, kind: 'person', birth_year }).matches[0];

  it('are found as the Arabic spellings are', () => {
    expect(top('غلام مرتضے', 1970)?.entry_ref).toBe('murtaza');
    expect(top('محمود عیسے', 1966)?.entry_ref).toBe('isa');
    expect(top('پرویز الٰہی چودھری', 1958)?.entry_ref).toBe('chaudhry');
    expect(top('شاہنواز بھٹو', 1958)?.entry_ref).toBe('bhutto');
    expect(top('یار مُحَمَّد', 1961)?.entry_ref).toBe('yar');
  });
});

describe('a query of one Arabic word', () => {
  // فيض (Faiz) has the consonants of many short names (f, b and p are one class; d and z read two ways);
  // the long vowel it writes, ي, tells Faiz from Pacho, Butt or Abbasi.
  const oneWord = buildScreeningIndex([
    ...['BOYACO', 'PACHO', 'BUTT', 'BASU', 'ABBASI', 'BETO', 'PATTY', 'FADI'].map((name) => person(name.toLowerCase(), name)),
    person('faiz', 'FAIZ', { birth_year: 1969 }),
  ]);

  it('ranks the name that writes its long vowel first, and the others below the threshold', () => {
    const result = screenName(oneWord, { name: 'فيض', kind: 'person' });
    expect(result.matches[0]?.entry_ref).toBe('faiz');
    expect(result.matches.map((m) => m.entry_ref)).toEqual(['faiz']);
    expect(screenName(oneWord, { name: 'فیض', kind: 'person' }).matches[0]?.entry_ref).toBe('faiz');
  });
});

describe('a kunya (أبو ...)', () => {
  const kunya = buildScreeningIndex([
    person('abubakr', 'ABU BAKR, Omar', { birth_year: 1970 }),
    person('abuhafs', 'ABU HAFS', { birth_year: 1968 }),
    person('hafs', 'HAFS, Ahmad', { birth_year: 1980 }),
  ]);

  it('is found written apart, joined or with an Urdu kaf', () => {
    for (const name of ['عمر أبو بكر', 'عمر ابوبکر', 'عمر ابو بکر']) {
      expect(screenName(kunya, { name, kind: 'person', birth_year: 1970 }).matches[0]?.entry_ref, name).toBe('abubakr');
    }
    for (const name of ['أبو حفص', 'ابوحفص']) {
      expect(screenName(kunya, { name, kind: 'person' }).matches[0]?.entry_ref, name).toBe('abuhafs');
    }
  });
});

describe('business words of Arabic, Persian, Urdu and Pashto names', () => {
  const businesses = buildScreeningIndex([
    business('barakat', 'BARAKAT NETWORK'),
    business('zamzam', 'ZAMZAM LTD.'),
    business('noori', 'NOORI MONEY EXCHANGE'),
    business('falah', 'AL-FALAH EXCHANGE OFFICE'),
    business('sitara', 'SITARA COMPANY'),
    business('rasheed-ar', 'مؤسسة الرشيد للتجارة'),
    business('nasr-ar', 'شركة النصر'),
  ]);
  const top = (name: string): Match | undefined => screenName(businesses, { name, kind: 'business' }).matches[0];

  it('read network, office, exchange and trading as generic words and limited and company as legal forms', () => {
    expect(top('شبكة بركات')?.entry_ref).toBe('barakat');
    expect(top('زمزم لمتد')?.entry_ref).toBe('zamzam');
    expect(top('زمزم لمیٹڈ')?.entry_ref).toBe('zamzam');
    expect(top('صرافی نوری')?.entry_ref).toBe('noori');
    expect(top('مكتب الفلاح للصرافة')?.entry_ref).toBe('falah');
    expect(top('ستارہ کمپنی')?.entry_ref).toBe('sitara');
    expect(top('AL RASHEED TRADING ESTABLISHMENT')?.entry_ref).toBe('rasheed-ar');
    expect(top('AL NASR COMPANY')?.entry_ref).toBe('nasr-ar');
  });

  it('still keep a business whose distinctive word differs, or is added, out of the matches', () => {
    expect(screenName(businesses, { name: 'شبکه کریمی', kind: 'business' }).matches).toHaveLength(0);
    expect(screenName(businesses, { name: 'شبكة بركات للشحن', kind: 'business' }).matches).toHaveLength(0);
    expect(screenName(businesses, { name: 'NOORI SHIPPING EXCHANGE', kind: 'business' }).matches).toHaveLength(0);
  });
});

describe('the word مل', () => {
  const mal = buildScreeningIndex([person('noormal', 'NOORMAL, Ahmad Shah', { birth_year: 1965 })]);

  it('is part of a name (Noor Mal), not the title mullah, which is written ملا', () => {
    expect(screenName(mal, { name: 'احمد شاه نور مل', kind: 'person', birth_year: 1965 }).matches[0]?.entry_ref).toBe('noormal');
    expect(screenName(mal, { name: 'ملا احمد شاه نورمل', kind: 'person', birth_year: 1965 }).matches[0]?.entry_ref).toBe('noormal');
  });
});

describe('a kunya against names of another culture', () => {
  // الزرقاوي writes the long vowels of -āwī; Sergei, with the same consonant classes (z and s, q read as g),
  // writes none of them there.
  const mixed = buildScreeningIndex([
    person('sergei', 'CHEMEZOV, Sergei', { birth_year: 1952 }),
    person('zarqawi', 'ZARQAWI, Abu Musab', { birth_year: 1966 }),
    person('baghdadi', 'AL-BAGHDADI, Sheikh'),
    person('qatada', 'ABU QATADA'),
  ]);

  it('finds the kunya, and keeps a Russian name with like consonants out of the matches', () => {
    const result = screenName(mixed, { name: 'أبو مصعب الزرقاوي', kind: 'person' });
    expect(result.matches.map((m) => m.entry_ref)).toEqual(['zarqawi']);
  });

  it('reads أبو joined to the next word as a word starting with a vowel (Abuqatada is not Baghdadi)', () => {
    const result = screenName(mixed, { name: 'أبو قتادة', kind: 'person' });
    expect(result.matches.map((m) => m.entry_ref)).toEqual(['qatada']);
  });

  it('lets the alif Persian and Pashto write before s and a consonant meet a Latin word without the vowel', () => {
    const stanekzai = buildScreeningIndex([person('stanekzai', 'STANEKZAI, Gul Agha', { birth_year: 1970 })]);
    expect(screenName(stanekzai, { name: 'گل آغا استانکزی', kind: 'person', birth_year: 1970 }).matches[0]?.entry_ref).toBe('stanekzai');
  });
});

describe('the article inside words read as one', () => {
  it('writes no long vowel with its alif (عبد ال read as one is Abdul)', () => {
    const abdul = buildScreeningIndex([person('haq', 'عبد الحق نوری', { birth_year: 1971 })]);
    const found = screenName(abdul, { name: 'Abdul Haq Noori', kind: 'person', birth_year: 1971 }).matches[0];
    expect(found?.entry_ref).toBe('haq');
    expect(found?.score).toBeGreaterThanOrEqual(85);
  });
});
