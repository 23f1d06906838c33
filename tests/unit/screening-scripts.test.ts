// Names written in scripts that leave vowels out or write them their own way, screened against Latin list
// names through an index, as the service does: Hebrew (a vav for v, o or u; doubled letters), and the
// consonant keys that make them meet.
import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, scoreEntry, screenName, type ListEntry, type Match, type ScreeningQuery } from '@/lib/screening/matcher';
import { comparableWord, compareWords, consonantKey, looseConsonantKey, romanKey } from '@/lib/screening/matcher/similarity';
import { normalizeText } from '@/lib/screening/matcher/normalize';
import { person } from '../support/list-entries';

const entries: ListEntry[] = [
  person('volkov', 'VOLKOV, Mikhail', { birth_year: 1972 }),
  person('kovalev', 'KOVALEV, Pavel Viktorovich', { birth_year: 1966 }),
  person('bach', 'BACH, Chaim', { birth_year: 1955 }),
  person('javad', 'JAVADI, Hamid', { birth_year: 1970 }),
  person('morales', 'MORALES NUNEZ, Rodrigo', { birth_year: 1974 }),
  person('tkachenko', 'TKACHENKO, Andriy', { birth_year: 1963 }),
  person('ri', 'RI, Gyong Chol', { birth_year: 1959, countries: ['KP'] }),
  person('son', 'SON, Tok Sam', { birth_year: 1961, countries: ['KP'] }),
  person('chaudhry', 'CHAUDHRY, Pervez Ilahi', { birth_year: 1958 }),
  person('zaveri', 'ZAVERI, Mukesh', { birth_year: 1968 }),
  person('dimou', 'DIMOU, Luisa Gonzaga', { birth_year: 1980 }),
  person('berrios', 'BERRIOS, Olmedo', { birth_year: 1962 }),
  person('mosk', 'MOSKA'),
  person('nuruddin', 'NURUDDIN', { birth_year: 1971 }),
  person('harrash', 'الحراشي'),
  person('ozgur', 'OZGUR, Serdar Tugrul', { birth_year: 1979 }),
  person('rahmani', 'RAHMANI, Qari Abdul Wahid', { birth_year: 1966 }),
  person('zawahiri', 'AL-ZAWAHIRI, Ayman', { birth_year: 1951 }),
];
const index = buildScreeningIndex(entries);

function expectMatch(query: ScreeningQuery, ref: string): Match {
  const match = screenName(index, query).matches[0];
  expect(match?.entry_ref, query.name).toBe(ref);
  return match as Match;
}

describe('Hebrew', () => {
  it('reads a doubled vav or a vav starting a word as v, another vav as a vowel', () => {
    expect(normalizeText('וולקוב')).toBe('VLKWB');
    expect(normalizeText('ולדימיר')).toBe('VLDYMYR');
    expect(consonantKey('VLKWB', true)).toBe(consonantKey('volkov'));
  });

  it('lets a vav meet a Latin v or nothing, and a repeated consonant count once', () => {
    // קובלוו: a vav for the o of Kovalev; נונז writes the two n of Nunez side by side; פבלויח writes the v
    // of Pavlovich with a vav that is a vowel elsewhere, so both sides are compared without it.
    expect(looseConsonantKey('KWBLV', true)).toBe(looseConsonantKey('kovalev'));
    expect(consonantKey('NNZ', true)).not.toBe(consonantKey('nunez'));
    expect(looseConsonantKey('NNZ', true)).toBe(looseConsonantKey('nunez'));
    expect(looseConsonantKey('pavlovich', false, true)).toBe(looseConsonantKey('PBLWYH'.replace('W', ''), true));
    expect(compareWords(comparableWord('PBLWYH'), comparableWord('pavlovich'))?.via).toBe('transliterated');
    const match = compareWords(comparableWord('KWBLWB'), comparableWord('kovalev'));
    expect(match?.via).toBe('transliterated');
  });

  it('reads a Latin ch as the h of ח and kh as the k of כ', () => {
    expect(looseConsonantKey('bach')).toBe(looseConsonantKey('BH', true));
    expect(looseConsonantKey('mikhail')).toBe(looseConsonantKey('MYKAYL', true));
    expect(compareWords(comparableWord('TKHNKW'), comparableWord('tkachenko'))?.via).toBe('transliterated');
  });

  it('finds Latin list names from Hebrew spellings', () => {
    expectMatch({ name: 'מיכאיל וולקוב', kind: 'person', birth_year: 1972 }, 'volkov');
    expectMatch({ name: 'פאבל ויקטורוביץ׳ קובלב', kind: 'person', birth_year: 1966 }, 'kovalev');
    expectMatch({ name: 'פבל ויקטורויח קובלוו', kind: 'person', birth_year: 1966 }, 'kovalev');
    expectMatch({ name: 'רודריגו מורלס נונז', kind: 'person', birth_year: 1974 }, 'morales');
    expectMatch({ name: 'אנדריי טקחנקו', kind: 'person', birth_year: 1963 }, 'tkachenko');
    // Two words of two consonants each fit many names: a near miss, for review.
    const result = screenName(index, { name: 'חיים באח', kind: 'person', birth_year: 1955 });
    const hit = [...result.matches, ...result.near].find((m) => m.entry_ref === 'bach');
    expect(hit?.reasons.some((r) => r.code === 'name_phonetic' && r.detail.includes('transliterated'))).toBe(true);
  });

  it('reads an aleph, or aleph lamed, standing alone before a hyphen as the Arabic article', () => {
    expect(normalizeText('א-זוואהירי')).toBe('al ZVAHYRY');
    expect(normalizeText('אל-זוואהירי')).toBe('al ZVAHYRY');
    expectMatch({ name: 'איימן א-זוואהירי', kind: 'person', birth_year: 1951 }, 'zawahiri');
  });

  it('keeps a clean Hebrew name off the list', () => {
    expect(screenName(index, { name: 'נועה כהן', kind: 'person', birth_year: 1990 }).matches).toHaveLength(0);
  });
});

describe('Persian', () => {
  it('lets a waw meet a Latin v', () => {
    expectMatch({ name: 'حمید جوادی', kind: 'person', birth_year: 1970 }, 'javad');
  });
});

describe('Korean', () => {
  it('reads the finals g, b, d that a Hangul transliteration writes as k, p, t', () => {
    // 독 is Dog to any-ascii, Tok in McCune-Reischauer; 삽 Sab, Sap.
    expect(normalizeText('손 독 삼')).toBe('son dog sam');
    expect(romanKey('dog')).toBe(romanKey('tok'));
    expect(romanKey('sab')).toBe(romanKey('sap'));
    expect(romanKey('sad')).toBe(romanKey('sat'));
    expect(romanKey('song')).not.toBe(romanKey('sok'));
  });

  it('finds a Latin list name from Hangul', () => {
    expectMatch({ name: '손 독 삼', kind: 'person', birth_year: 1961 }, 'son');
    expectMatch({ name: '리 경 철', kind: 'person', birth_year: 1959 }, 'ri');
  });
});

describe('Devanagari', () => {
  it('reads च as the ch of Latin spellings and ज़ as z', () => {
    expect(consonantKey(normalizeText('चौधरी'), true)).toBe(consonantKey('chaudhry'));
    expect(normalizeText('ज़वेरी')).toBe('ZVERI');
  });

  it('finds Latin list names by consonants and by spelling', () => {
    expectMatch({ name: 'परवेज़ इलाही चौधरी', kind: 'person', birth_year: 1958 }, 'chaudhry');
    expectMatch({ name: 'मुकेश ज़वेरी', kind: 'person', birth_year: 1968 }, 'zaveri');
  });

  it('reads an anusvara as the nasal of the consonant after it, and शेख as a title', () => {
    expect(normalizeText('अलेक्सांद्र लुकाशेंको')).toBe('ALEKSANDR LUKASENKO');
    expect(normalizeText('अंबानी')).toBe('AMBANI');
    expect(scoreEntry({ name: 'अलेक्सांद्र लुकाशेंको', kind: 'person' }, person('2', 'LUKASHENKO, Alexander')).score).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: 'शेख हसीना', kind: 'person' }, person('3', 'HASINA, Sheikh')).score).toBeGreaterThanOrEqual(80);
  });

  it('keeps a word starting with a vowel apart from one starting with a consonant', () => {
    // एब्रर (Ebrar) has the consonants of Berrios, but Devanagari writes its first vowel.
    expect(compareWords(comparableWord(normalizeText('एब्रर')), comparableWord('berrios'))).toBeNull();
    expect(screenName(index, { name: 'एब्रर यिल्मज़', kind: 'person', birth_year: 1962 }).matches).toHaveLength(0);
  });
});

describe('other Brahmic scripts', () => {
  it('reads the anusvara or tippi of any Indic script as the nasal of the consonant after it', () => {
    // Gurmukhi ਸਿੰਘ, Telugu చంద్ర, Bengali অংশ: any-ascii writes an m before every consonant.
    expect(normalizeText('ਸਿੰਘ')).toBe('SING');
    expect(normalizeText('చంద్రబాబు')).toBe('CNDRBABU');
    expect(normalizeText('ಕುಂಬ್ಳೆ')).toMatch(/^KUMB/);
    expect(scoreEntry({ name: 'ਅਮ੍ਰਿਤਪਾਲ ਸਿੰਘ', kind: 'person' }, person('1', 'SINGH, Amritpal')).score).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: 'చంద్రబాబు నాయుడు', kind: 'person' }, person('2', 'NAIDU, Chandrababu')).score).toBeGreaterThanOrEqual(80);
  });

  it('reads an i starting a word before another vowel as y, as Bengali writes Yunus', () => {
    expect(normalizeText('ইউনূস')).toBe('YUNUS');
    expect(scoreEntry({ name: 'মুহাম্মদ ইউনূস', kind: 'person' }, person('1', 'YUNUS, Muhammad')).score).toBeGreaterThanOrEqual(80);
    // A word starting with a vowel still stays apart from one starting with a consonant.
    expect(normalizeText('ইমরান')).toBe('IMRAN');
  });
});

describe('Thai', () => {
  it('reads a leading vowel after its consonant and อ seating a vowel as silent', () => {
    expect(normalizeText('เวชชาชีวะ')).toBe('wechchachiwa');
    expect(normalizeText('โอชา')).toBe('ocha');
  });

  it('reads letters under the thanthakhat both as written and as silent', () => {
    expect(normalizeText('จันทร์โอชา')).toBe('chanthrocha');
    const readings = new Map<string, readonly string[]>();
    normalizeText('ประยุทธ์ จันทร์โอชา', readings);
    expect(readings.get('chanthrocha')).toEqual(['chanocha']);
    expect(readings.get('prayuthth')).toEqual(['prayuth']);
    expect(scoreEntry({ name: 'ประยุทธ์ จันทร์โอชา', kind: 'person' }, person('1', 'CHAN-O-CHA, Prayut')).score).toBeGreaterThanOrEqual(80);
    // A foreign name keeps the letter Thai silences (วลาดีมีร์ = Vladimir).
    expect(scoreEntry({ name: 'วลาดีมีร์ ปูติน', kind: 'person' }, person('2', 'PUTIN, Vladimir')).score).toBeGreaterThanOrEqual(80);
  });
});

describe('Greek', () => {
  it('reads γκ inside a word as g and ου before a vowel inside a word as u', () => {
    expect(normalizeText('Λουίζα Γκονζάγκα')).toBe('luiza gonzaga');
    expect(normalizeText('Ουόνγκ')).toBe('wong');
  });

  it('finds a Latin list name from Greek', () => {
    expectMatch({ name: 'Λουίζα Γκονζάγκα Δήμου', kind: 'person', birth_year: 1980 }, 'dimou');
  });
});

describe('Words read as one', () => {
  it('never meet a word by the loose consonant key alone', () => {
    const match = compareWords(comparableWord('MYWSWZWKY'), comparableWord('moska'));
    expect(match === null || match.loose === true).toBe(true);
    expect(screenName(index, { name: 'מיו סוזוקי', kind: 'person' }).matches).toHaveLength(0);
  });
});

describe('Arabic', () => {
  it('reads the article before a sun letter as that letter in words read as one', () => {
    const match = expectMatch({ name: 'نور الدين', kind: 'person', birth_year: 1971 }, 'nuruddin');
    expect(match.reasons.find((r) => r.code === 'name_phonetic')?.detail).toContain('joined words');
  });

  it('keeps a Latin run off an abjad list name of one word', () => {
    expect(screenName(index, { name: 'Yahya Rossi', kind: 'person' }).matches).toHaveLength(0);
  });
});

describe('Arabic titles and the letter ج', () => {
  it('drops the titles qari and mawlawi as an abjad writes them', () => {
    expectMatch({ name: 'قاري عبد الواحد رحماني', kind: 'person', birth_year: 1966 }, 'rahmani');
    expectMatch({ name: 'مولوي عبد الواحد رحماني', kind: 'person', birth_year: 1966 }, 'rahmani');
  });

  it('reads ج as the g of a foreign name', () => {
    expect(looseConsonantKey('JRJWR', true)).toBe(looseConsonantKey('gregory'));
    expectMatch({ name: 'سردار طوجرول اوزجور', kind: 'person', birth_year: 1979 }, 'ozgur');
  });
});

describe('consonant keys', () => {
  it('count two letters of one class side by side once', () => {
    expect(consonantKey('patrick')).toBe('btrk');
    expect(consonantKey('PTRYK', true)).toBe(consonantKey('patrick'));
  });

  it('prefer equal loose keys to strict keys one edit apart', () => {
    // חינמסה: ח against the ch of Chinamasa.
    const match = compareWords(comparableWord('HYNMSH'), comparableWord('chinamasa'));
    expect(match?.credit).toBeGreaterThan(0.85);
  });
});

describe('words an abjad writes with vowel letters only', () => {
  const wang = buildScreeningIndex([person('wang', 'WANG, Yi Ming', { birth_year: 1975 }), person('ya', 'WANG, Ya Ming', { birth_year: 1975 })]);

  it('meet a Latin word of the same vowels (יי Yi), not one of others (Ya)', () => {
    expect(compareWords(comparableWord('YY'), comparableWord('yi'))?.via).toBe('transliterated');
    expect(compareWords(comparableWord('YW'), comparableWord('yu'))?.via).toBe('transliterated');
    expect(compareWords(comparableWord('YY'), comparableWord('ya'))).toBeNull();
    const result = screenName(wang, { name: 'יי מינג ואנג', kind: 'person', birth_year: 1975 });
    expect(result.matches.map((m) => m.entry_ref)).toEqual(['wang']);
  });
});
