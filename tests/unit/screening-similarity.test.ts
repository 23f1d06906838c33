import { describe, expect, it } from 'vitest';
import { listNameForms, normalizeName, normalizeText } from '@/lib/screening/matcher/normalize';
import { prepareName } from '@/lib/screening/matcher/prepare';
import { comparableWord, compareWords, foldForSound, jaroWinkler, withinOneEdit } from '@/lib/screening/matcher/similarity';

function compare(a: string, b: string) {
  return compareWords(comparableWord(a), comparableWord(b));
}

describe('jaroWinkler', () => {
  it('gives the textbook values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
  });

  it('is 1 for equal words, 0 for words sharing no letter, and symmetric', () => {
    expect(jaroWinkler('qadhafi', 'qadhafi')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('gaddafi', 'qadhafi')).toBeCloseTo(jaroWinkler('qadhafi', 'gaddafi'), 10);
  });
});

describe('withinOneEdit', () => {
  it('accepts one substitution, insertion, deletion or neighbour swap', () => {
    expect(withinOneEdit('hotel', 'hrtel')).toBe(true);
    expect(withinOneEdit('hotel', 'hotels')).toBe(true);
    expect(withinOneEdit('hotel', 'hote')).toBe(true);
    expect(withinOneEdit('hotel', 'htoel')).toBe(true);
  });

  it('refuses two edits', () => {
    expect(withinOneEdit('hotel', 'hrtes')).toBe(false);
    expect(withinOneEdit('hotel', 'hot')).toBe(false);
    expect(withinOneEdit('hotel', 'othel')).toBe(false);
  });
});

describe('foldForSound', () => {
  it('folds transliterations of the same Arabic name together', () => {
    const folded = new Set(['qadhafi', 'gaddafi', 'kadhafi', 'qaddafi', 'gadhafi'].map(foldForSound));
    expect(folded.size).toBe(1);
    expect(foldForSound('abou')).toBe(foldForSound('abu'));
    expect(foldForSound('wladimir')).toBe(foldForSound('vladimir'));
  });
});

describe('compareWords', () => {
  it('names the kind of match', () => {
    expect(compare('muammar', 'muammar')).toEqual({ credit: 1, kind: 'exact' });
    expect(compare('putim', 'putin')?.kind).toBe('close');
    expect(compare('gaddafi', 'qadhafi')?.kind).toBe('phonetic');
    expect(compare('j', 'john')?.kind).toBe('initial');
  });

  it('ranks exact above close and phonetic', () => {
    const close = compare('putim', 'putin')?.credit ?? 0;
    const phonetic = compare('gaddafi', 'qadhafi')?.credit ?? 0;
    expect(close).toBeGreaterThan(0.6);
    expect(close).toBeLessThan(1);
    expect(phonetic).toBeGreaterThan(0.6);
    expect(phonetic).toBeLessThan(1);
  });

  it('matches words of three letters or fewer only exactly or as an initial', () => {
    expect(compare('ali', 'eli')).toBeNull();
    expect(compare('ali', 'aly')?.kind).toBe('close');
    expect(compare('ali', 'yli')).toBeNull();
    expect(compare('li', 'lu')).toBeNull();
    expect(compare('ali', 'ali')?.kind).toBe('exact');
    expect(compare('a', 'ali')?.kind).toBe('initial');
  });

  it('does not call sound-alike words with different spellings a match when they look too different', () => {
    expect(compare('acme', 'yakima')).toBeNull();
    expect(compare('mohammed', 'mahmoud')).toBeNull();
  });

  it('matches one name written with different vowels around the same diphthong, and keeps a different name apart', () => {
    // حسين: Husayn, Hossein, Husain, Hussein.
    const pairs: [string, string][] = [['husayn', 'hossein'], ['husain', 'hossein'], ['husseini', 'hosseini'], ['zeinab', 'zainab']];
    for (const [a, b] of pairs) {
      expect(compare(a, b)?.kind, `${a} ~ ${b}`).toBe('phonetic');
    }
    // حسن (Hassan) is another name: no diphthong. Only the small credit of the same consonants with other vowels,
    // which alone never makes a match.
    for (const [a, b] of [['hassan', 'hossein'], ['hasan', 'husain']] as const) {
      const m = compare(a, b);
      expect(m?.via, `${a} ~ ${b}`).toBe('vowels');
      expect(m?.credit).toBeLessThan(0.5);
    }
  });

  it('compares only exactly outside the Latin script', () => {
    expect(compare('صدام', 'صدام')?.kind).toBe('exact');
    expect(compare('صدام', 'صدم')).toBeNull();
  });

  it('tries a word without its attached article', () => {
    expect(compare('elkaddafi', 'qaddafi')?.credit).toBeGreaterThan(0.8);
  });
});

describe('normalizeText', () => {
  it('removes case, accents, apostrophes and punctuation', () => {
    expect(normalizeText("JÉRÔME  Kakwavu-Bukande, Mu'ammar")).toBe('jerome kakwavu bukande muammar');
    expect(normalizeText('Straße Øresund Łódź')).toBe('strasse oresund lodz');
  });

  it('transliterates Cyrillic', () => {
    expect(normalizeText('Владимир Путин')).toBe('vladimir putin');
    expect(normalizeText('Евгений Пригожин')).toBe('evgeniy prigozhin');
  });

  it('folds Arabic letter variants', () => {
    expect(normalizeText('أحمد')).toBe(normalizeText('احمد'));
  });
});

describe('normalizeName', () => {
  const texts = (raw: string, kind: 'person' | 'business') => normalizeName(raw, kind).words.map((w) => w.text);

  it('puts given names first for "SURNAME, Given"', () => {
    expect(texts('QADHAFI, Muammar', 'person')).toEqual(['muammar', 'qadhafi']);
  });

  it('drops titles from person names, unless nothing else is left', () => {
    expect(texts('Sheikh Dr. Ahmed Mr Ali', 'person')).toEqual(['ahmed', 'ali']);
    expect(texts('General', 'person')).toEqual(['general']);
  });

  it('gives particles, initials and generic business words their roles', () => {
    const roles = normalizeName('Usama bin M. Ladin', 'person').words.map((w) => w.role);
    expect(roles).toEqual(['normal', 'particle', 'initial', 'normal']);
    expect(normalizeName('Acme Trading', 'business').words.map((w) => w.role)).toEqual(['normal', 'generic']);
  });

  it('takes legal forms out of business names in one canonical spelling', () => {
    expect(normalizeName('ACME LIMITED LIABILITY COMPANY', 'business')).toEqual({
      words: [{ text: 'acme', role: 'normal' }],
      legalForms: ['llc'],
    });
    expect(normalizeName('Gazprom Public Joint Stock Company', 'business').legalForms).toEqual(['pjsc']);
    expect(normalizeName('OOO Romashka', 'business').legalForms).toEqual(['ooo']);
    expect(normalizeName('ООО Ромашка', 'business').legalForms).toEqual(['ooo']);
    expect(normalizeName('CIMEX, S.A.', 'business').legalForms).toEqual(['sa']);
    expect(normalizeName('Siemens GmbH', 'business').legalForms).toEqual(['gmbh']);
  });

  it('keeps legal-form words in person names', () => {
    expect(texts('Inc Sa', 'person')).toEqual(['inc', 'sa']);
  });
});

describe('listNameForms', () => {
  it('splits a bracketed original-script name into a form of its own', () => {
    expect(listNameForms('Akrin Saleh Akrin (أقرين صالح أقرين)')).toEqual(['Akrin Saleh Akrin', 'أقرين صالح أقرين']);
  });

  it('drops long bracketed remarks and keeps short ones as a second form', () => {
    expect(listNameForms('Abdel Ilah Sabri (false identity related to a fraudulent passport number)')).toEqual(['Abdel Ilah Sabri']);
    expect(listNameForms('VEST SPECTRUM (S) PTE. LTD.')).toEqual(['VEST SPECTRUM PTE. LTD.', 'VEST SPECTRUM S PTE. LTD.']);
  });

  it('reads a bracketed part that is the initials of the name beside it as a name of its own too', () => {
    expect(listNameForms('HAYAT TAHRIR AL-SHAM (HTS)')).toEqual(['HAYAT TAHRIR AL-SHAM', 'HAYAT TAHRIR AL-SHAM HTS', 'HTS']);
    expect(listNameForms('NATIONAL IRANIAN OIL COMPANY (NIOC)')).toContain('NIOC');
    expect(listNameForms('HONG KONG TRADING (HKT)')).toEqual(['HONG KONG TRADING', 'HONG KONG TRADING HKT', 'HKT']);
    expect(listNameForms('GOLDEN STAR TRADING (GST) (HK)')).toContain('GST');
    expect(listNameForms('VEST SPECTRUM TRADING (VST)')).toEqual(['VEST SPECTRUM TRADING', 'VEST SPECTRUM TRADING VST', 'VST']);
    // Not the initials of the name: a qualifier only.
    expect(listNameForms('VEST SPECTRUM TRADING (VSL)')).toEqual(['VEST SPECTRUM TRADING', 'VEST SPECTRUM TRADING VSL']);
  });

  it('reads each part of "(A; B; C)" and a transliteration beside another script as names of their own', () => {
    expect(listNameForms('حسن غول (Hassan Ghul; Hassan Gul; Hasan Gul)')).toEqual(['حسن غول', 'Hassan Ghul', 'Hassan Gul', 'Hasan Gul']);
    expect(listNameForms('عبدالله السندي (Abdullah Sindhi)')).toEqual(['عبدالله السندي', 'Abdullah Sindhi']);
    expect(listNameForms('A GROUP (AG) ; B COMPANY (BC)')).toEqual(['A GROUP', 'A GROUP AG', 'B COMPANY', 'B COMPANY BC']);
  });

  it('handles nested brackets and drops the label "original script"', () => {
    expect(listNameForms('Amir Khazmat (original script: Амир Хазмат)')).toEqual(['Amir Khazmat', 'Амир Хазмат']);
    expect(listNameForms('Tahrir al-Sham (HTS) (هيئة تحرير الشام (original script); Hayat Tahrir al-Sham)')).toEqual([
      'Tahrir al-Sham',
      'Tahrir al-Sham HTS',
      'هيئة تحرير الشام',
      'Hayat Tahrir al-Sham',
    ]);
    expect(listNameForms('أنصار الشريعة بليبيا (Ansar al Charia in Libya (ASL))')).toEqual([
      'أنصار الشريعة بليبيا',
      'Ansar al Charia in Libya',
      'Ansar al Charia in Libya ASL',
    ]);
  });

  it('drops a trailing birth remark with a date, and keeps "born" without one', () => {
    expect(listNameForms('Safia Farkash Mohammed Al-Hadad, born 1 Jan. 1953 (Oman passport no.03825239)')).toEqual([
      'Safia Farkash Mohammed Al-Hadad',
    ]);
    expect(listNameForms('Mohammad Ishaq Akhund born in 1963')).toEqual(['Mohammad Ishaq Akhund']);
    expect(listNameForms('Khirullah Said Wali Khairkhwa, born in Kandahar on 01 Jan.1967')).toEqual(['Khirullah Said Wali Khairkhwa']);
    expect(listNameForms('BORN, Max')).toEqual(['BORN, Max']);
    expect(listNameForms('Max Born')).toEqual(['Max Born']);
  });
});

describe('prepareName', () => {
  it('joins neighbouring words into runs so spacing variants meet', () => {
    const labels = prepareName('Abd al Rahman', 'person').units.map((u) => u.label);
    expect(labels).toEqual(['abd', 'al', 'rahman', 'abd al', 'al rahman', 'abd al rahman']);
  });

  it('weighs particles and generic words less than distinctive words', () => {
    expect(prepareName('Usama bin Ladin', 'person').totalWeight).toBeLessThan(prepareName('Usama Awad Ladin', 'person').totalWeight);
    expect(prepareName('Acme Trading', 'business').totalWeight).toBeLessThan(prepareName('Acme Borodin', 'business').totalWeight);
  });
});
