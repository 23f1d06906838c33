// Letters and spellings that a name in another script, or its Latin spelling, can be read two ways, and
// how the matcher tries both: Arabic letters written d or z, th or s, q or g; a Latin c as k or s and a
// Latin digraph as one letter or two; the long vowels an abjad writes; words read as one that add nothing
// (echo runs); the article joined to the word before; the candidate index across scripts; and Greek letters that
// Latin spellings write several ways.
import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, scoreEntry, screenName, type ListEntry, type ScreeningQuery } from '@/lib/screening/matcher';
import { CandidateIndex } from '@/lib/screening/matcher/candidates';
import { greekReadings, hangulLoanwordForm, normalizeName, normalizeText } from '@/lib/screening/matcher/normalize';
import { prepareName } from '@/lib/screening/matcher/prepare';
import { abjadReadings, comparableWord, compareWords, vowelLetterKey, writtenVowelsMet } from '@/lib/screening/matcher/similarity';
import { person } from '../support/list-entries';

const credit = (a: string, b: string): number => compareWords(comparableWord(a), comparableWord(b))?.credit ?? 0;

function found(index: ReturnType<typeof buildScreeningIndex>, query: ScreeningQuery, ref: string): boolean {
  return screenName(index, query).matches.some((m) => m.entry_ref === ref);
}

describe('Arabic letters with two Latin spellings', () => {
  it('writes ذ ظ ض as Ð and ث as Þ', () => {
    expect(normalizeText('ذاکر')).toBe('ÐAKR');
    expect(normalizeText('فضل')).toBe('FÐL');
    expect(normalizeText('نظمي')).toBe('NÐMY');
    expect(normalizeText('ثاقب')).toBe('ÞAQB');
  });

  it('reads every occurrence of such a letter one way or the other, the usual reading first', () => {
    expect(abjadReadings('FÐL')).toEqual(['FDL', 'FZL']);
    expect(abjadReadings('ÞAQB')).toEqual(['TAQB', 'TAGB', 'SAQB', 'SAGB']);
    expect(abjadReadings('MHMD')).toEqual(['MHMD']);
  });

  it('reads a final ه or ة also as the t of a construct or of Persian and Turkish spellings', () => {
    expect(normalizeText('نصرة')).toBe('NSRH');
    expect(abjadReadings('NSRH')).toEqual(['NSRH', 'NSRT']);
    for (const [abjad, latin] of [['NSRH', 'nusrat'], ['NSRH', 'nusra'], ['JMAH', 'jamaat'], ['JMAH', 'jamaa'], ['RHMH', 'rahmat']] as const) {
      expect(credit(abjad, latin), `${abjad} ~ ${latin}`).toBeGreaterThanOrEqual(0.8);
    }
    // Only at the end: the h of أحمد is never a t.
    expect(credit('AHMD', 'atmad')).toBe(0);
  });

  it('lets the Arabic and the Persian spelling of one name meet it', () => {
    for (const [abjad, spellings] of [
      ['FÐL', ['fadl', 'fazl', 'fazal']],
      ['ÐAKR', ['dhakir', 'zakir']],
      ['NÐMY', ['nadhmi', 'nazmi']],
      ['ÞAQB', ['thaqib', 'saqib']],
      ['QASMY', ['qasimi', 'gasmi', 'kasmi']],
    ] as const) {
      for (const latin of spellings) expect(credit(abjad, latin), `${abjad} ~ ${latin}`).toBeGreaterThanOrEqual(0.8);
    }
    // The two readings are the letter's, not any letter's: ض is never an m or an r.
    expect(credit('FÐL', 'faml')).toBe(0);
    expect(credit('ÞAQB', 'raqib')).toBe(0);
  });

  it('finds a Persian spelling written in Arabic script, and the reverse, through the index', () => {
    const index = buildScreeningIndex([
      person('fazl', 'FAZL RABI', { birth_year: 1972 }),
      person('mazloom', 'فضل محمد مظلوم', { birth_year: 1963 }),
      person('zakir', 'ABDUL RAUF ZAKIR', { birth_year: 1969 }),
      person('other', 'FARID RABBANI', { birth_year: 1970 }),
    ]);
    expect(found(index, { name: 'فضل ربيع', kind: 'person' }, 'fazl')).toBe(true);
    expect(found(index, { name: 'FAZL MOHAMMAD MAZLOOM', kind: 'person' }, 'mazloom')).toBe(true);
    expect(found(index, { name: 'عبد الروف ذاکر', kind: 'person' }, 'zakir')).toBe(true);
    expect(found(index, { name: 'فضل ربيع', kind: 'person' }, 'other')).toBe(false);
  });
});

describe('Latin spellings read two ways against an abjad', () => {
  it('reads a lone c as k and as s', () => {
    // فيصل Faisal written Faycal; لونيسي Lounici; and Garcia spelled letter by letter with a k (גרקיה) or an s.
    expect(credit('faycal', 'FYSL')).toBeGreaterThanOrEqual(0.8);
    expect(credit('lounici', 'LWNYSY')).toBeGreaterThanOrEqual(0.8);
    expect(credit('garcia', 'GRKYH')).toBeGreaterThanOrEqual(0.8);
    expect(credit('garcia', 'GRSYH')).toBeGreaterThanOrEqual(0.8);
    // The c of ch is not read alone.
    expect(credit('chamar', 'SKMR')).toBe(0);
  });

  it('reads tz and ts as the one letter Hebrew writes for them, and as two', () => {
    // יצחק Yitzhak, כץ Katz, ציפי Tsipi; تسنيم Tasnim writes a t and an s.
    expect(normalizeText('יצחק')).toBe('YSHK');
    expect(credit('YSHK', 'yitzhak')).toBeGreaterThanOrEqual(0.8);
    expect(credit(normalizeText('כץ'), 'katz')).toBeGreaterThanOrEqual(0.6);
    expect(credit(normalizeText('ציפי'), 'tsipi')).toBeGreaterThanOrEqual(0.8);
    expect(credit(normalizeText('تسنيم'), 'tasnim')).toBeGreaterThanOrEqual(0.8);
  });

  it('reads a digraph as one letter and as two', () => {
    // اسحاق Eshaq: an s and an h; شاه Shah: one letter; مظهری Mazhari: ظ and ه.
    expect(credit('eshaq', 'ASHAQ')).toBeGreaterThanOrEqual(0.8);
    expect(credit('shah', 'SAH')).toBeGreaterThanOrEqual(0.8);
    expect(credit('mazhari', 'MÐHRY')).toBeGreaterThanOrEqual(0.8);
    expect(credit('fathi', 'FTHY')).toBeGreaterThanOrEqual(0.8);
  });

  it('reads ch also as the t and sh Arabic writes for it, and the x of pinyin also as sh', () => {
    // تشافيز Chavez, تشارلز Charles; شي Xi.
    expect(credit(normalizeText('تشافيز'), 'chavez')).toBeGreaterThanOrEqual(0.8);
    expect(scoreEntry({ name: 'هوغو تشافيز', kind: 'person' }, person('1', 'CHAVEZ, Hugo')).score).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: 'شي جين بينغ', kind: 'person' }, person('2', 'XI, Jinping')).score).toBeGreaterThanOrEqual(80);
    // The usual reading stays: x as k and s (الكسندر = Alexander).
    expect(scoreEntry({ name: 'الكسندر لوكاشينكو', kind: 'person' }, person('3', 'LUKASHENKO, Alexander')).score).toBeGreaterThanOrEqual(80);
  });

  it('lets the ye of a Slavic name in the lists meet a Devanagari word starting with the vowel e or with ye', () => {
    expect(credit(normalizeText('एवगेनी'), 'yevgeniy')).toBeGreaterThanOrEqual(0.75);
    expect(credit(normalizeText('येवगेनी'), 'yevgeniy')).toBeGreaterThanOrEqual(0.8);
    // Any other vowel letter still meets only a Latin word starting with a vowel.
    expect(credit(normalizeText('एब्रर'), 'berrio')).toBe(0);
  });

  it('reads chh, the Indian spelling of Devanagari छ, as one letter', () => {
    expect(credit(normalizeText('छोटा'), 'chhota')).toBeGreaterThanOrEqual(0.8);
    expect(scoreEntry({ name: 'छोटा शकील', kind: 'person' }, person('1', 'SHAKEEL, Chhota')).score).toBeGreaterThanOrEqual(80);
  });

  it('reads a j before a vowel also as the h that Hebrew and Arabic write for the j of Spanish names', () => {
    // חוסה, خوسيه José; חואן, خوان Juan.
    expect(credit(normalizeText('חוסה'), 'jose')).toBeGreaterThanOrEqual(0.8);
    expect(credit(normalizeText('خوان'), 'juan')).toBeGreaterThanOrEqual(0.8);
    expect(scoreEntry({ name: 'חוסה מריה גרסיה', kind: 'person' }, person('1', 'GARCIA, Jose Maria')).score).toBeGreaterThanOrEqual(80);
    // The j of Arabic names is still ج.
    expect(credit(normalizeText('جمال'), 'jamal')).toBeGreaterThanOrEqual(0.8);
  });
});

describe('Cyrillic х and г', () => {
  it('is read as kh and also as the j of Spanish names', () => {
    const words = normalizeName('Хосе Хуан', 'person').words;
    expect(words.map((w) => w.text)).toEqual(['khose', 'khuan']);
    expect(words.map((w) => w.readings)).toEqual([['jose'], ['juan']]);
    expect(scoreEntry({ name: 'Хуан Гонсалес', kind: 'person' }, person('1', 'GONZALEZ, Juan')).score).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: 'Хоакин Гусман Лоэра', kind: 'person' }, person('2', 'GUZMAN LOERA, Joaquin')).score).toBeGreaterThanOrEqual(80);
    // Its usual reading stays first: Михаил is Mikhail.
    expect(scoreEntry({ name: 'Михаил Ходорковский', kind: 'person' }, person('3', 'KHODORKOVSKY, Mikhail')).score).toBeGreaterThanOrEqual(90);
  });

  it('reads г as g and also as h, with х in the same word read either way', () => {
    expect(normalizeName('Гарри', 'person').words[0]?.readings).toEqual(['harri']);
    expect(normalizeName('Хуг', 'person').words[0]?.readings).toEqual(['khuh', 'jug', 'juh']);
    expect(scoreEntry({ name: 'Гарри Поттер', kind: 'person' }, person('1', 'POTTER, Harry')).score).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: 'Игорь Гиркин', kind: 'person' }, person('2', 'GIRKIN, Igor')).score).toBe(100);
  });

  it('reads ё as e and also as the yo the lists write for it', () => {
    expect(normalizeName('Пётр', 'person').words[0]?.text).toBe('petr');
    expect(normalizeName('Пётр', 'person').words[0]?.readings).toEqual(['pyotr']);
    expect(scoreEntry({ name: 'Фёдор Смирнов', kind: 'person' }, person('1', 'SMIRNOV, Fyodor')).score).toBeGreaterThanOrEqual(95);
    expect(scoreEntry({ name: 'Пётр Авен', kind: 'person' }, person('2', 'AVEN, Petr')).score).toBe(100);
  });

  it('reads щ as shch and also as the sht of Bulgarian', () => {
    expect(normalizeName('Щерев', 'person').words[0]?.readings).toContain('shterev');
    // Read after the other readings of a word, which it leaves as they were (Хрущёв = Jrushchov, as Spanish writes it).
    expect(normalizeName('Хрущёв', 'person').words[0]?.readings).toContain('jrushchyov');
    expect(scoreEntry({ name: 'Щерю Щерев', kind: 'person' }, person('1', 'SHTEREV, Shteryu')).score).toBeGreaterThanOrEqual(95);
    expect(scoreEntry({ name: 'Никита Хрущёв', kind: 'person' }, person('2', 'KHRUSHCHEV, Nikita')).score).toBeGreaterThanOrEqual(95);
  });

  it('reads дж also as j, у starting a word before a vowel also as w, and е as the lists\' ye where BGN/PCGN writes it', () => {
    expect(normalizeName('Джонсон', 'person').words[0]?.readings).toEqual(['jonson']);
    expect(normalizeName('Уильям', 'person').words[0]?.readings).toEqual(['wilyam']);
    // (and with г as h, the Ukrainian Yevheniy)
    expect(normalizeName('Евгений', 'person').words[0]?.readings).toEqual(expect.arrayContaining(['yevgeniy', 'evheniy', 'yevheniy']));
    // Not an у inside a word, nor an е after a consonant.
    expect(normalizeName('Лукашенко', 'person').words[0]?.readings).toBeUndefined();
    expect(scoreEntry({ name: 'Уильям Джонсон', kind: 'person' }, person('1', 'JOHNSON, William')).score).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: 'Евгений Пригожин', kind: 'person' }, person('2', 'PRIGOZHIN, Yevgeniy')).score).toBeGreaterThanOrEqual(95);
  });

  it('reads в also as the w of Arabic names and words', () => {
    expect(normalizeName('Валид', 'person').words[0]?.readings).toEqual(['walid']);
    expect(scoreEntry({ name: 'Валид Джумблат', kind: 'person' }, person('1', 'JUMBLATT, Walid')).score).toBeGreaterThanOrEqual(90);
    const ktj = { list: 'x', ref: '2', kind: 'business' as const, name: 'KHATIBA AL-TAWHID WAL-JIHAD', category: 'sanctions' as const };
    expect(scoreEntry({ name: 'Катиба ат-Таухид валь-Джихад', kind: 'business' }, ktj).score).toBeGreaterThanOrEqual(80);
  });
});

describe('long vowels an abjad writes', () => {
  it('keeps vowels as classes between the consonants', () => {
    expect(vowelLetterKey('ALY', true)).toBe('AlI');
    expect(vowelLetterKey('ali', false)).toBe('AlI');
    expect(vowelLetterKey('wan', false)).toBe('WAn');
  });

  it('counts the written vowels a Latin spelling also has, in place, or -1 when one is missing', () => {
    expect(writtenVowelsMet('AlI', 'AlI')).toBe(1);
    expect(writtenVowelsMet('IhI', vowelLetterKey('yahia', false))).toBe(2);
    // يحيى: the final ى (read as ي) is the a of Yahya, Musa (موسى); it agrees without counting.
    expect(writtenVowelsMet('IhI', vowelLetterKey('yahya', false))).toBe(2);
    expect(writtenVowelsMet(vowelLetterKey('MWSY', true), vowelLetterKey('musa', false))).toBe(1);
    expect(writtenVowelsMet('AlI', vowelLetterKey('ola', false))).toBe(0);
    expect(writtenVowelsMet('AlI', vowelLetterKey('alu', false))).toBe(-1);
    // A consonant w before a vowel is not a vowel an abjad left out: ان is not Wan.
    expect(writtenVowelsMet('An', vowelLetterKey('wan', false))).toBe(-1);
  });

  it('reads an alif or aleph starting a word as the seat of its first vowel', () => {
    // איל Il: the aleph carries the i its yod writes; ان (an, in, on) says nothing of its vowel.
    expect(writtenVowelsMet(vowelLetterKey('AYL', true), vowelLetterKey('il', false))).toBe(1);
    expect(writtenVowelsMet(vowelLetterKey('AN', true), vowelLetterKey('in', false))).toBe(0);
    expect(credit('AYL', 'il')).toBeGreaterThan(credit('AN', 'in'));
  });

  it('lets a one-consonant word whose written vowels agree count as two consonants', () => {
    expect(credit('ALY', 'ali')).toBeGreaterThan(credit('ALY', 'ola'));
    expect(credit('AGA', 'agha')).toBeGreaterThan(credit('AN', 'wan'));
    const index = buildScreeningIndex([person('zia', 'AHMAD ZIA AGHA', { birth_year: 1974 }), person('torek', 'TOREK AGHA', { birth_year: 1960 })]);
    expect(found(index, { name: 'احمد ضیا آغا', kind: 'person' }, 'zia')).toBe(true);
    expect(found(index, { name: 'تورک آغا', kind: 'person' }, 'torek')).toBe(true);
  });
});

describe('words read as one that add nothing (echo runs)', () => {
  it('marks a run whose consonants are those of one of its words', () => {
    // ایوب بشیر read as one: the b where the words meet reads as one, so the run has the consonants of بشیر.
    const name = prepareName('ایوب بشیر', 'person');
    expect(name.hasEcho).toBe(true);
    expect(name.units.filter((u) => u.first !== u.last).every((u) => u.echo === true)).toBe(true);
    expect(prepareName('ابو بكر', 'person').hasEcho).toBe(false);
  });

  it('aligns the words one by one when the echo run would take a word it does not need', () => {
    const match = scoreEntry({ name: 'ایوب بشیر', kind: 'person' }, person('ayyub', 'AYYUB BASHIR'));
    expect(match.score).toBeGreaterThanOrEqual(80);
    expect(match.reasons.filter((r) => r.code === 'name_phonetic').map((r) => r.detail)).toEqual([
      expect.stringContaining('"AYWB" ~ "ayyub"'),
      expect.stringContaining('"BSYR" ~ "bashir"'),
    ]);
  });

  it('keeps the article with the word before when the article read with the next word leaves it short', () => {
    // عبد الرحمن: "al" read with الرحمن as "arrahman" would leave عبد alone against "abdul".
    const match = scoreEntry({ name: 'عبد الرحمن ياسين', kind: 'person' }, person('yasin', 'ABDUL RAHMAN YASIN'));
    expect(match.score).toBeGreaterThanOrEqual(80);
    expect(match.reasons.some((r) => r.code === 'list_has_extra' || r.code === 'query_has_extra')).toBe(false);
  });
});

describe('the Arabic article', () => {
  it('is a word of its own, written apart or joined, except in الله', () => {
    expect(normalizeText('الرحمن')).toBe('al RHMN');
    expect(normalizeText('جمات ال احرار')).toBe('JMAT al AHRAR');
    expect(normalizeText('الله')).toBe('ALLH');
  });

  it('meets its assimilated Latin spellings, and is read onto the word before', () => {
    expect(credit('ur', 'al')).toBeGreaterThan(0);
    expect(credit('ud', 'al')).toBeGreaterThan(0);
    expect(credit('ur', 'de')).toBe(0);
    const entry = person('rehman', 'عبد الرحمن', { birth_year: 1965 });
    // Abdur: عبد with the article assimilated to the r of الرحمن.
    expect(scoreEntry({ name: 'ABDUR REHMAN', kind: 'person' }, entry).score).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: 'ZIA UR RAHMAN MADANI', kind: 'person' }, person('zia', 'ضیا الرحمان مدنی')).score).toBeGreaterThanOrEqual(80);
  });
});

describe('function words of business names', () => {
  it('weighs in and and little, in Latin and as an abjad writes them (في, و)', () => {
    const roles = (name: string): string[] => normalizeName(name, 'business').words.map((w) => `${w.text}:${w.role}`);
    expect(roles('القاعده في العراق')).toEqual(['al:particle', 'QADH:normal', 'FY:generic', 'al:particle', 'RAQ:normal']);
    expect(roles('AL-QAIDA IN IRAQ')).toContain('in:generic');
    expect(roles('ANSARUL MUSLIMINA FI BILADIS SUDAN')).toContain('fi:generic');
    // Only in business names: a person's name keeps its words.
    expect(normalizeName('FI MIN', 'person').words.map((w) => w.role)).toEqual(['normal', 'normal']);
    const entry: ListEntry = { list: 'test', ref: 'aqi', kind: 'business', name: 'AL-QAIDA IN IRAQ', category: 'sanctions' };
    expect(scoreEntry({ name: 'القاعده في العراق', kind: 'business' }, entry).score).toBeGreaterThanOrEqual(80);
  });
});

describe('other forms of Arabic letters', () => {
  it('reads presentation forms as the letters they show', () => {
    expect(normalizeText('ﻤﺣﻤﺩ ﻤﺴﻌﻮﺩ')).toBe(normalizeText('محمد مسعود'));
  });
});

describe('candidates across scripts', () => {
  it('ranks an entry known only by its Arabic name with the Latin entries sharing the query words', () => {
    // More Latin names than the index scores share three words with the query and sound like the fourth; the
    // entry written in Arabic script has all four, by their consonants, which is as close as another script
    // comes, so it ranks first.
    const crowd: ListEntry[] = [];
    for (let i = 0; i < 100; i++) crowd.push(person(`c${i}`, 'ABDUL SATAR ABDUL MENON'));
    const index = buildScreeningIndex([...crowd, person('manan', 'عبد الستار عبد المنان', { birth_year: 1964 })]) as CandidateIndex;
    const candidates = index.candidates(prepareName('ABDUL SATAR ABDUL MANAN', 'person'), 'person', 80);
    expect(candidates.length).toBe(80);
    expect(index.entries[candidates[0]?.entry ?? -1]?.ref).toBe('manan');
  });
});

describe('Greek letters that Latin spellings write several ways', () => {
  const greekCredit = (greek: string, latin: string): number =>
    compareWords((prepareName(greek, 'person').units[0] as { word: ReturnType<typeof comparableWord> }).word, comparableWord(latin))?.credit ?? 0;

  it('reads μπ, ντ and γκ inside a word after a vowel as b, d, g and as mb/mp, nd/nt, ng/nk', () => {
    expect(greekReadings('αντον')).toEqual(['adon', 'andon', 'anton']);
    expect(greekReadings('λοντον')).toContain('london');
    expect(greekReadings('λαμπερτ')).toEqual(['labert', 'lambert', 'lampert']);
    expect(greekReadings('ολυμπια')).toContain('olympia');
    expect(greekReadings('αγκυρα')).toContain('ankyra');
    expect(greekReadings('ιγκορ')[0]).toBe('igor');
    // Starting a word, or after a consonant, they are b, d, g only.
    expect(greekReadings('μπους').every((r) => r.startsWith('b'))).toBe(true);
    expect(greekReadings('ντοναλντ')).toEqual(['donald']);
  });

  it('reads ι before a vowel inside a word as i and as y', () => {
    expect(greekReadings('σαμαιοα')).toEqual(['samaioa', 'samayoa', 'sameoa']);
    expect(greekReadings('σειιεντι')).toContain('seyyedi');
  });

  it('reads the υ of αυ and ευ as v, f or u', () => {
    expect(greekReadings('ευριπιδης')[0]).toBe('evripidis');
    expect(greekReadings('ευριπιδης')).toContain('euripides');
    expect(greekReadings('ευσταθιος')).toContain('efstathios');
  });

  it('reads τσ as ts and as the ch Greek writes so in foreign names', () => {
    expect(greekReadings('σετσιν')).toEqual(['setsin', 'sechin']);
    expect(greekCredit('Σέτσιν', 'sechin')).toBeGreaterThan(0.8);
  });

  it('reads ου as u and as ou', () => {
    expect(greekReadings('παπαδοπουλος')).toEqual(['papadopulos', 'papadopoulos']);
  });

  it('reads ει and οι as written and as i, αι as written and as e', () => {
    expect(greekReadings('βασιλειος')).toContain('vasilios');
    expect(greekReadings('οικονομου')).toContain('ikonomou');
    expect(greekReadings('καισαρης')).toContain('kesaris');
  });

  it('reads η as i and as e, υ as y and as i', () => {
    expect(greekReadings('αθηνα')).toEqual(['athina', 'athena']);
    expect(greekReadings('κυριακος')).toContain('kiriakos');
  });

  it('reads χ as h, ch or kh and β as v or b', () => {
    expect(greekReadings('χρηστος')).toEqual(expect.arrayContaining(['hristos', 'christos', 'khristos']));
    expect(greekReadings('μιχαηλ')).toEqual(expect.arrayContaining(['mikhail', 'michael']));
    expect(greekReadings('βαρβαρα')).toEqual(['varvara', 'barbara']);
  });

  it('reads α and η written apart also with the h Greek cannot write between them (Ιμπραήμ = Ibrahim)', () => {
    expect(greekReadings('ιμπραημ')).toEqual(expect.arrayContaining(['ibraim', 'ibrahim']));
    expect(greekReadings('ιμπραημ')[0]).toBe('ibraim');
    expect(greekCredit('Ιμπραήμ', 'ibrahim')).toBeGreaterThanOrEqual(0.9);
    expect(scoreEntry({ name: 'Ιμπραήμ Ραΐσί', kind: 'person' }, person('1', 'RAISI, Ebrahim')).score).toBeGreaterThanOrEqual(80);
  });

  it('reads a final ς as s, and keeps a word without such letters to its one reading', () => {
    expect(normalizeText('Νίκος')).toBe('nikos');
    expect(greekReadings('νικος')).toEqual(['nikos']);
  });

  it('keeps the usual reading first and at most 16 readings, those changing the fewest letters first', () => {
    const readings = greekReadings('μπαμπουλαντιχειβηυ');
    expect(readings).toHaveLength(16);
    expect(readings[0]).toBe(normalizeText('μπαμπουλαντιχειβηυ'));
  });

  it('compares a Greek word in each of its spellings and names the one that met', () => {
    expect(greekCredit('Άντον', 'anton')).toBe(1);
    expect(greekCredit('Χρήστος', 'christos')).toBe(1);
    expect(greekCredit('Άντον', 'andrew')).toBe(0);
    const match = scoreEntry({ name: 'Άντον Θούλιν', kind: 'person' }, person('thulin', 'THULIN, Anton', { birth_year: 1997 }));
    expect(match.score).toBeGreaterThanOrEqual(80);
    expect(match.reasons.find((r) => r.code === 'name_close')?.detail).toBe('"adon" ~ "anton" (read as "anton")');
  });

  it('does not take a word that only sounds alike after another spelling', () => {
    // χιουνουοο (Hyunwoo) read as "chiunuoo" has Double Metaphone codes in common with "chun".
    expect(greekCredit('χιουνουοο', 'chun')).toBe(0);
  });

  it('takes a word that sounds alike after another spelling of about its length, for less (Χανίγια / Haniyeh)', () => {
    // γι inside a word before a vowel is the y of Latin spellings: "haniya", which sounds like Haniyeh.
    const credit = greekCredit('Χανίγια', 'haniyeh');
    expect(credit).toBeGreaterThan(0);
    expect(credit).toBeLessThan(compareWords(comparableWord('haniya'), comparableWord('haniyeh'))?.credit ?? 0);
    expect(scoreEntry({ name: 'Ισμαήλ Χανίγια', kind: 'person' }, person('1', 'HANIYEH, Ismail')).score).toBeGreaterThanOrEqual(80);
  });

  it('finds a Latin list name by another spelling of a Greek query, through the index', () => {
    const index = buildScreeningIndex([
      person('olympia', 'LAMBERT, Olympia', { birth_year: 1980 }),
      person('kesaris', 'KESARIS, Christos', { birth_year: 1975 }),
      person('other', 'LAMBERT, Oliver', { birth_year: 1980 }),
    ]);
    expect(found(index, { name: 'Ολυμπία Λάμπερτ', kind: 'person' }, 'olympia')).toBe(true);
    expect(found(index, { name: 'Χρήστος Καισάρης', kind: 'person' }, 'kesaris')).toBe(true);
    expect(found(index, { name: 'Ολυμπία Λάμπερτ', kind: 'person' }, 'other')).toBe(false);
  });
});

describe('a foreign name written in Hangul', () => {
  it('is also read as Korean writes foreign names, each word as one', () => {
    expect(hangulLoanwordForm('블라디미르 푸틴')?.trim().split(/\s+/)).toEqual(['bladimir', 'putin']);
    expect(hangulLoanwordForm('알렉산드르 루카셴코')?.trim().split(/\s+/)).toEqual(['aleksandr', 'lukashenko']);
    expect(hangulLoanwordForm('니콜라스 마두로')?.trim().split(/\s+/)).toEqual(['nikolas', 'maduro']);
    expect(hangulLoanwordForm('Vladimir Putin')).toBeNull();
  });

  it('meets the Latin list name, and a Korean name is still read by syllable', () => {
    expect(scoreEntry({ name: '블라디미르 푸틴', kind: 'person' }, person('1', 'PUTIN, Vladimir')).score).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: '알렉산드르 루카셴코', kind: 'person' }, person('2', 'LUKASHENKO, Alexander')).score).toBeGreaterThanOrEqual(80);
    expect(scoreEntry({ name: '김정은', kind: 'person' }, person('3', 'KIM, Jong Un')).score).toBeGreaterThanOrEqual(80);
    const index = buildScreeningIndex([person('4', 'MADURO MOROS, Nicolas')]);
    expect(found(index, { name: '니콜라스 마두로', kind: 'person' }, '4')).toBe(true);
  });
});
