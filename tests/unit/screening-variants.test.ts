// Name variants a customer file holds for a listed name: another script, a birth year off by one or two,
// nicknames, romanisation, numbers, legal forms, joined words, short names, initials and names joined in
// one list name. Each kind is screened through an index, as the service does.
import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, scoreEntry, screenName, type ListEntry, type Match, type ScreeningQuery } from '@/lib/screening/matcher';
import { consonantKey, romanKey } from '@/lib/screening/matcher/similarity';
import { listNameForms, normalizeName, normalizeText } from '@/lib/screening/matcher/normalize';
import { person, business } from '../support/list-entries';

const entries: ListEntry[] = [
  person('orlov', 'ORLOV, Dmitri Sergeyevich', { birth_year: 1968, countries: ['RU'] }),
  person('harbi', 'AL-HARBI, Nasser Abdulaziz', { birth_year: 1979, countries: ['SA'] }),
  person('haddad', 'HADDAD, Youssef', { birth_year: 1961 }),
  person('papadakis', 'PAPADAKIS, Stavros', { birth_year: 1970, countries: ['CY'] }),
  person('rashid', 'حسن الراشد', { aliases: ['حسن عبد الله الراشد'] }),
  person('sharma', 'SHARMA, Rajesh Kumar', { birth_year: 1965 }),
  person('xu', 'XU, Zhiqiang', { birth_year: 1959, countries: ['CN'] }),
  person('choe', 'CHOE, Ryong Su', { birth_year: 1952, countries: ['KP'] }),
  person('pak', 'PAK, Yong Chol', { birth_year: 1960, countries: ['KP'] }),
  person('hartley', 'HARTLEY, William James', { birth_year: 1957 }),
  person('volkov', 'VOLKOV, Mikhail', { birth_year: 1972 }),
  person('herrera', 'HERRERA PONCE, Francisco', { birth_year: 1969 }),
  person('rako', 'RAKO, Dino', { birth_year: 1981 }),
  person('karimov', 'KARIMOV, Anvar Tursunovich', { birth_year: 1975 }),
  person('julia', 'JULIA'),
  business('bluehorizon', 'BLUE HORIZON SHIPPING LLC'),
  business('brigade', 'BRIGADE 505'),
  business('army', '2ND ARMY CORPS'),
  business('nordlicht', 'NORDLICHT AG'),
  business('helios', 'HELIOS GMBH'),
  business('falcon', 'FALCON LTD'),
  business('dawn', 'GREEN DAWN MOVEMENT / FAJR AL-AKHDAR'),
  business('kaveh', 'KAVEH SAZEH/NAVID TEJARAT'),
];
const index = buildScreeningIndex(entries);

function found(query: ScreeningQuery): { match?: Match; near?: Match } {
  const result = screenName(index, query);
  return { match: result.matches[0], near: result.near[0] };
}

function expectMatch(query: ScreeningQuery, ref: string): Match {
  const { match } = found(query);
  expect(match?.entry_ref, query.name).toBe(ref);
  return match as Match;
}

function expectAtLeastNear(query: ScreeningQuery, ref: string): Match {
  const result = screenName(index, query);
  const hit = [...result.matches, ...result.near].find((m) => m.entry_ref === ref);
  expect(hit, query.name).toBeDefined();
  return hit as Match;
}

describe('birth year and nationality', () => {
  it('keeps a strong name a match one or two years off, with another or no country', () => {
    expectMatch({ name: 'Dmitri Sergeyevich Orlov', kind: 'person', birth_year: 1969 }, 'orlov');
    const two = expectMatch({ name: 'Dmitri Sergeyevich Orlov', kind: 'person', birth_year: 1966, country: 'UA' }, 'orlov');
    expect(two.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['birth_year_differs', 'country_differs']));
    expectMatch({ name: 'Nasser Abdulaziz Al Harbi', kind: 'person', birth_year: 1981, country: 'QA' }, 'harbi');
  });

  it('keeps a name out of the matches when the birth years are several years apart', () => {
    const far = scoreEntry({ name: 'Dmitri Sergeyevich Orlov', kind: 'person', birth_year: 1975 }, entries[0] as ListEntry);
    expect(far.score).toBeLessThan(80);
    expect(far.reasons.find((r) => r.code === 'birth_year_differs')?.detail).toContain('7 years apart');
  });
});

describe('other scripts', () => {
  it('finds Latin list names from Arabic, Hebrew, Greek, Cyrillic and Devanagari queries', () => {
    const arabic = expectMatch({ name: 'ناصر عبد العزيز الحربي', kind: 'person' }, 'harbi');
    expect(arabic.reasons.some((r) => r.detail.includes('transliterated'))).toBe(true);
    expectMatch({ name: 'יוסף חדאד', kind: 'person' }, 'haddad');
    expectMatch({ name: 'Σταύρος Παπαδάκης', kind: 'person' }, 'papadakis');
    expectMatch({ name: 'Дмитрий Сергеевич Орлов', kind: 'person' }, 'orlov');
    expectMatch({ name: 'राजेश कुमार शर्मा', kind: 'person' }, 'sharma');
  });

  it('reads Thai vowel signs with their letters, and Georgian and Armenian words whole', () => {
    expect(normalizeText('ปูติน')).toBe('putin');
    expect(normalizeText('ვლადიმერ პუტინი')).toBe('vladimer putini');
    expect(normalizeText('Վլադիմիր Պուտին')).toBe('vladimir putin');
    const putin = person('putin', 'PUTIN, Vladimir');
    for (const name of ['วลาดีมีร์ ปูติน', 'ვლადიმერ პუტინი', 'Վլադիմիր Պուտին']) {
      expect(scoreEntry({ name, kind: 'person' }, putin).score, name).toBeGreaterThanOrEqual(80);
    }
  });

  it('finds Chinese and Korean queries by their romanisation', () => {
    expect(normalizeText('徐志强')).toBe('xu zhi qiang');
    expectMatch({ name: '徐志强', kind: 'person' }, 'xu');
    expectAtLeastNear({ name: '최룡수', kind: 'person' }, 'choe');
  });

  it('finds a list name held only in Arabic from a Latin query', () => {
    expectMatch({ name: 'Hassan al-Rashid', kind: 'person' }, 'rashid');
    expectMatch({ name: 'Hasan Abdallah Al Rashed', kind: 'person' }, 'rashid');
  });

  it('compares abjad words by their consonants', () => {
    expect(consonantKey('haddad')).toBe(consonantKey(normalizeText('حداد'), true));
    expect(consonantKey('aziz')).toBe('ss');
    expect(consonantKey('youssef')).toBe(consonantKey(normalizeText('יוסף'), true));
  });

  it('leaves clean names in other scripts clear', () => {
    for (const name of ['Μαρία Οικονόμου', 'דניאל כהן', 'अनन्या गुप्ता', 'ليلى حداد']) {
      expect(screenName(index, { name, kind: 'person' }).matches, name).toEqual([]);
    }
  });
});

describe('joined and split words', () => {
  it('finds a business or a person whose words are joined or split', () => {
    expectMatch({ name: 'BlueHorizon Shipping LLC', kind: 'business' }, 'bluehorizon');
    expectMatch({ name: 'Blue Hori zon Shipping', kind: 'business' }, 'bluehorizon');
    const joined = expectMatch({ name: 'Nasser Abdul Aziz AlHarbi', kind: 'person' }, 'harbi');
    expect(joined.matched_name).toBe('AL-HARBI, Nasser Abdulaziz');
  });
});

describe('short names', () => {
  it('keeps a short name with one letter changed among the candidates', () => {
    expectAtLeastNear({ name: 'Dina Rako', kind: 'person' }, 'rako');
    expectAtLeastNear({ name: 'Dino Raco', kind: 'person' }, 'rako');
  });

  it('reads a short name with a letter doubled or written once as the same name, below an exact one', () => {
    const lukic = person('lukic', 'LUKIC, Ana', { birth_year: 1977 });
    const anna = scoreEntry({ name: 'Anna Lukic', kind: 'person' }, lukic);
    expect(anna?.score).toBeGreaterThanOrEqual(60);
    expect(anna?.score).toBeLessThan(scoreEntry({ name: 'Ana Lukic', kind: 'person' }, lukic)?.score ?? 0);
    expect(scoreEntry({ name: 'Alli Ben Salem', kind: 'person' }, person('salem', 'BEN SALEM, Ali'))?.score).toBeGreaterThanOrEqual(60);
    // Two letters apart is another name.
    expect(scoreEntry({ name: 'Anne Lukic', kind: 'person' }, lukic)?.score ?? 0).toBeLessThan(anna?.score ?? 0);
  });
});

describe('numbers', () => {
  it('reads digits, number words and ordinals alike', () => {
    expect(normalizeName('Brigade Five Hundred Five', 'business').words.map((w) => w.text)).toEqual(['brigade', '505']);
    expectMatch({ name: 'Brigade Five Hundred Five', kind: 'business' }, 'brigade');
    expectMatch({ name: 'Second Army Corps', kind: 'business' }, 'army');
    expectMatch({ name: '2nd Army Corps', kind: 'business' }, 'army');
  });

  it('reads letters running into a number as two words (MS13, Unit731), not a digit typed for a letter', () => {
    expect(normalizeName('MS13', 'business').words.map((w) => w.text)).toEqual(['ms', '13']);
    expect(normalizeName('Unit731', 'business').words.map((w) => w.text)).toEqual(['unit', '731']);
    expect(normalizeName('Nasra11ah', 'person').words).toHaveLength(1);
    expect(normalizeName('Hassan1', 'person').words).toHaveLength(1);
    expect(scoreEntry({ name: 'MS13', kind: 'business' }, business('ms', 'MARA SALVATRUCHA', { aliases: ['MS-13'] })).score).toBeGreaterThanOrEqual(80);
  });
});

describe('nicknames', () => {
  it('finds a listed person from a nickname, saying so', () => {
    const bill = expectAtLeastNear({ name: 'Bill Hartley', kind: 'person' }, 'hartley');
    expect(bill.reasons.find((r) => r.code === 'name_close')?.detail).toContain('nickname');
    expectAtLeastNear({ name: 'Misha Volkov', kind: 'person' }, 'volkov');
    expectAtLeastNear({ name: 'Paco Herrera Ponce', kind: 'person' }, 'herrera');
  });

  it('weighs a nickname less than the name itself', () => {
    const entry = entries.find((e) => e.ref === 'volkov') as ListEntry;
    expect(scoreEntry({ name: 'Misha Volkov' }, entry).score).toBeLessThan(scoreEntry({ name: 'Mikhail Volkov' }, entry).score);
  });
});

describe('legal forms', () => {
  it('equates long and short forms across languages', () => {
    expect(expectMatch({ name: 'Nordlicht Aktiengesellschaft', kind: 'business' }, 'nordlicht').score).toBeGreaterThanOrEqual(95);
    expectMatch({ name: 'Helios Gesellschaft mit beschränkter Haftung', kind: 'business' }, 'helios');
    expect(normalizeName('Acme Co Limited Liability Company', 'business').words.map((w) => w.text)).toEqual(['acme']);
  });

  it('keeps a business with a distinctive word on one side only out of the matches', () => {
    const extra = screenName(index, { name: 'Falcon Shipping Ltd', kind: 'business' });
    expect(extra.matches).toEqual([]);
    expect(extra.near.map((m) => m.entry_ref)).toContain('falcon');
    expect(screenName(index, { name: 'Blue Horizon LLC', kind: 'business' }).matches).toEqual([]);
  });
});

describe('romanisation', () => {
  it('folds pinyin and Wade-Giles, Revised and McCune-Reischauer spellings of a syllable', () => {
    expect(romanKey('zhou')).toBe(romanKey('chou'));
    expect(romanKey('xu')).toBe(romanKey('hsu'));
    expect(romanKey('gim')).toBe(romanKey('kim'));
    expect(romanKey('jeong')).toBe(romanKey('jong'));
    expect(romanKey('bak')).toBe(romanKey('park'));
    expect(romanKey('lee')).toBe(romanKey('yi'));
    expect(romanKey('rhee')).toBe(romanKey('ri'));
    expect(romanKey('smith')).toBe('');
    expect(romanKey('zhiqiang')).toBe(romanKey('chihchiang'));
    expect(romanKey('jeongeun')).toBe(romanKey('jongun'));
    expect(romanKey('dina')).toBe('');
  });

  it('folds the spellings people use beside the two systems: Cantonese ow, Korean popular u for eo, and Roh / Noh', () => {
    expect(romanKey('chow')).toBe(romanKey('zhou'));
    expect(romanKey('young')).toBe(romanKey('yeong'));
    expect(romanKey('youngho')).toBe(romanKey('yeongho'));
    expect(romanKey('hyun')).toBe(romanKey('hyeon'));
    expect(romanKey('chul')).toBe(romanKey('cheol'));
    expect(romanKey('jun')).toBe(romanKey('jeon'));
    expect(romanKey('seok')).toBe(romanKey('suk'));
    expect(romanKey('ahn')).toBe(romanKey('an'));
    expect(romanKey('oh')).toBe(romanKey('o'));
    expect(romanKey('roh')).toBe(romanKey('noh'));
    expect(romanKey('woo')).toBe(romanKey('u'));
    expect(romanKey('hee')).toBe(romanKey('hui'));
    expect(romanKey('he')).toBe(romanKey('ho'));
    expect(romanKey('ge')).toBe(romanKey('ko'));
    expect(romanKey('tzu')).toBe(romanKey('zi'));
    expect(romanKey('hwang')).toBe(romanKey('huang'));
    expect(romanKey('gwang')).toBe(romanKey('kuang'));
    // Different syllables stay apart.
    expect(romanKey('yoon')).not.toBe(romanKey('yeon'));
    expect(romanKey('kim')).not.toBe(romanKey('kang'));
    expect(romanKey('zhou')).not.toBe(romanKey('zhao'));
  });

  it('reads a pinyin given name of two syllables without zh, x or q as its Wade-Giles spelling (Zemin = Tse-min)', () => {
    expect(romanKey('zemin')).toBe(romanKey('tsemin'));
    expect(romanKey('lihua')).not.toBe('');
    expect(romanKey('weimin')).not.toBe('');
    expect(romanKey('zoran')).not.toBe(romanKey('zeran'));
    expect(scoreEntry({ name: 'Jiang Zemin', kind: 'person' }, person('j', 'CHIANG, Tse-min'))?.score).toBeGreaterThanOrEqual(80);
  });

  it('finds Korean and Cantonese names written in popular spellings', () => {
    const choi = scoreEntry({ name: 'Choi Hyun Woo', kind: 'person' }, person('c', 'CHOE, Hyon U'));
    expect(choi?.score).toBeGreaterThanOrEqual(80);
    const ahn = scoreEntry({ name: 'Ahn Sung Jun', kind: 'person' }, person('a', 'AN, Song Chon'));
    expect(ahn?.score).toBeGreaterThanOrEqual(80);
    const roh = scoreEntry({ name: 'Roh Kwang Il', kind: 'person' }, person('r', 'NO, Kwang Il'));
    expect(roh?.score).toBeGreaterThanOrEqual(80);
    const chow = scoreEntry({ name: 'Chow Wing Kei', kind: 'person' }, person('z', 'ZHOU, Wing Kei'));
    expect(chow?.reasons.some((r) => r.detail.includes('romanisation variant'))).toBe(true);
    expect(chow?.score).toBeGreaterThanOrEqual(80);
    const sun = scoreEntry({ name: 'Sun Tzu', kind: 'person' }, person('s', 'SUN, Zi'));
    expect(sun?.score).toBeGreaterThanOrEqual(80);
  });

  it('finds Chinese and Korean names in another romanisation', () => {
    expectMatch({ name: 'Hsu Zhiqiang', kind: 'person' }, 'xu');
    expectMatch({ name: 'Hsu Chih-chiang', kind: 'person' }, 'xu');
    expectMatch({ name: 'Xu Zhi Qiang', kind: 'person' }, 'xu');
    const choi = expectMatch({ name: 'Choi Ryong-su', kind: 'person', birth_year: 1952 }, 'choe');
    expect(choi.reasons.some((r) => r.detail.includes('romanisation variant'))).toBe(true);
    expectMatch({ name: 'Bak Yeong Cheol', kind: 'person' }, 'pak');
  });
});

describe('initials and names joined in one list name', () => {
  it('keeps an initial for a given name at least a near miss', () => {
    expectAtLeastNear({ name: 'A. Karimov', kind: 'person' }, 'karimov');
    expectAtLeastNear({ name: 'A. T. Karimov', kind: 'person', birth_year: 1975 }, 'karimov');
  });

  it('screens each name of "A / B" and "A/B" as a form of its own', () => {
    expect(listNameForms('GREEN DAWN MOVEMENT / FAJR AL-AKHDAR')).toEqual(['GREEN DAWN MOVEMENT / FAJR AL-AKHDAR', 'GREEN DAWN MOVEMENT', 'FAJR AL-AKHDAR']);
    expect(expectMatch({ name: 'Fajr al-Akhdar', kind: 'business' }, 'dawn').score).toBe(100);
    expectMatch({ name: 'Navid Tejarat', kind: 'business' }, 'kaveh');
    expect(listNameForms('CHINA PRECISION MACHINERY IMPORT/EXPORT CORPORATION')).toHaveLength(1);
  });
});

describe('clean names', () => {
  it('does not read a whole name as one sound-alike word', () => {
    expect(screenName(index, { name: 'Zhao Lei', kind: 'person' }).matches).toEqual([]);
  });
});

describe('numbers written in groups or with leading zeros', () => {
  const numbered = buildScreeningIndex([business('vega', 'VEGA 20-45 OOO'), business('atlas', 'ATLAS 07 LLC')]);

  it('reads digits in groups as the number words read in groups, and drops leading zeros', () => {
    expect(normalizeName('VEGA 20-45 OOO', 'business').words.map((w) => w.text)).toEqual(['vega', '2045']);
    expect(normalizeName('ATLAS 07 LLC', 'business').words.map((w) => w.text)).toEqual(['atlas', '7']);
    expect(screenName(numbered, { name: 'Vega twenty forty-five OOO', kind: 'business' }).matches[0]?.entry_ref).toBe('vega');
    expect(screenName(numbered, { name: 'Atlas Seven LLC', kind: 'business' }).matches[0]?.entry_ref).toBe('atlas');
    expect(screenName(numbered, { name: 'Atlas 8 LLC', kind: 'business' }).matches).toHaveLength(0);
  });
});

describe('a legal form spelt in letters after an acronym', () => {
  const lettered = buildScreeningIndex([business('klm', 'K L M S.A.'), business('tbc', 'T B C AG')]);

  it('is read as the legal form, not as letters of the acronym', () => {
    const klm = normalizeName('K L M S.A.', 'business');
    expect(klm.words.map((w) => w.text)).toEqual(['klm']);
    expect(klm.legalForms).toEqual(['sa']);
    expect(screenName(lettered, { name: 'K L M Societe Anonyme', kind: 'business' }).matches[0]?.entry_ref).toBe('klm');
    expect(screenName(lettered, { name: 'KLM SA', kind: 'business' }).matches[0]?.entry_ref).toBe('klm');
    expect(screenName(lettered, { name: 'TBC Aktiengesellschaft', kind: 'business' }).matches[0]?.entry_ref).toBe('tbc');
    expect(normalizeName('N P K J S C', 'business').legalForms).toEqual(['jsc']);
    // An acronym of three letters keeps its last two, though they spell a legal form (AS).
    expect(normalizeName('M A S', 'business').words.map((w) => w.text)).toEqual(['mas']);
  });
});

describe('business words written in Chinese characters', () => {
  const chinese = buildScreeningIndex([
    business('jinlong', 'JINLONG INTERNATIONAL SHIPPING CO., LTD.'),
    business('huaqiang', 'HUAQIANG TRADING LIMITED'),
  ]);
  const top = (name: string): Match | undefined => screenName(chinese, { name, kind: 'business' }).matches[0];

  it('are read as the English words and legal forms the lists write for them', () => {
    expect(normalizeName('金龙国际海运有限公司', 'business').legalForms).toEqual(['ltd']);
    expect(normalizeText('華強貿易')).toBe('hua qiang trading');
    expect(top('金龙国际海运有限公司')?.entry_ref).toBe('jinlong');
    expect(top('華強貿易有限公司')?.entry_ref).toBe('huaqiang');
    expect(top('华强贸易有限公司')?.entry_ref).toBe('huaqiang');
  });

  it('keep a business whose trade differs out of the matches', () => {
    expect(screenName(chinese, { name: '金龙物流有限公司', kind: 'business' }).matches).toHaveLength(0);
  });
});
