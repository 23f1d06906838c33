import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildScreeningIndex,
  queryForms,
  scoreEntry,
  screenName,
  type ListEntry,
  type Match,
  type ReasonCode,
  type ScreeningIndex,
  type ScreeningQuery,
} from '@/lib/screening/matcher';
import { CANDIDATES_PER_KIND, CandidateIndex } from '@/lib/screening/matcher/candidates';
import { prepareName } from '@/lib/screening/matcher/prepare';
import { person, business } from '../support/list-entries';

function codes(m: Match): ReasonCode[] {
  return m.reasons.map((r) => r.code);
}

function reason(m: Match, code: ReasonCode): string | undefined {
  return m.reasons.find((r) => r.code === code)?.detail;
}

function score(query: ScreeningQuery | string, entry: ListEntry): number {
  return scoreEntry(typeof query === 'string' ? { name: query } : query, entry).score;
}

interface ListFile {
  code: string;
  entries: Array<Omit<ListEntry, 'list'>>;
}

function loadList(file: string): ListEntry[] {
  const url = new URL(`../../../shared/data/lists/${file}`, import.meta.url);
  const parsed = JSON.parse(readFileSync(url, 'utf8')) as ListFile;
  return parsed.entries.map((e) => ({ ...e, list: parsed.code }));
}

function refs(ms: readonly Match[]): string[] {
  return ms.map((m) => m.entry_ref);
}

describe('identical names', () => {
  it('scores 100 for the same name after normalisation, with only name_exact reasons', () => {
    const m = scoreEntry({ name: 'Muammar Qadhafi' }, person('1', 'QADHAFI, Muammar'));
    expect(m.score).toBe(100);
    expect(codes(m)).toEqual(['name_exact', 'name_exact']);
    expect(reason(m, 'name_exact')).toBe('"muammar" = "muammar"');
  });

  it('ignores case, accents, apostrophes and punctuation', () => {
    expect(score('jerome kakwavu', person('1', 'JÉRÔME KAKWAVU'))).toBe(100);
    expect(score("Rifa'i Ahmad Taha MUSA", person('1', 'MUSA, Rifai Ahmad-Taha'))).toBe(100);
  });

  it('scores 100 whatever the word order', () => {
    expect(score('Qadhafi Muammar', person('1', 'QADHAFI, Muammar'))).toBe(100);
  });

  it('treats spacing variants as the same name (Abu Bakr = Abubakr)', () => {
    const m = scoreEntry({ name: 'Abubakr Yunis Jabir' }, person('1', 'JABIR, Abu Bakr Yunis'));
    expect(m.score).toBe(100);
    expect(m.reasons.map((r) => r.detail)).toContain('"abubakr" = "abu bakr"');
    expect(score('Abu Bakr Yunis Jabir', person('2', 'ABUBAKR YUNIS JABIR'))).toBe(100);
  });

  it("reads a list name's single letter between longer words as part of a compound (Chan-o-cha = Chanocha, Chan-ocha)", () => {
    const listed = person('1', 'CHAN-O-CHA, Prayut');
    const joined = scoreEntry({ name: 'Prayut Chanocha' }, listed);
    expect(joined.score).toBe(100);
    expect(joined.reasons.map((r) => r.detail)).toContain('"chanocha" = "chan o cha"');
    expect(score('Prayut Chan-ocha', listed)).toBe(100);
    // In a query a single letter stays an initial ("H. Aung"): no run joins it to the word beside it, which would
    // reach every name holding that word as well as the one whose given name it stands for.
    expect(prepareName('H. Aung', 'person').units.filter((u) => u.first !== u.last)).toEqual([]);
    expect(score('H. Aung', person('2', 'AUNG, Htun'))).toBeGreaterThanOrEqual(80);
  });

  it('ignores titles (Mr, Dr, Sheikh, General, Colonel)', () => {
    const entry = person('1', 'QADHAFI, Muammar');
    for (const title of ['Mr', 'Dr.', 'Sheikh', 'General', 'Colonel']) {
      expect(score(`${title} Muammar Qadhafi`, entry)).toBe(100);
    }
    expect(score('Muammar Qadhafi', person('2', 'QADHAFI, Colonel Muammar'))).toBe(100);
  });

  it('scores under 100 when the names differ at all', () => {
    expect(score('Muammar Qadhafy', person('1', 'QADHAFI, Muammar'))).toBeLessThan(100);
    expect(score('Acme LLC', business('1', 'Acme GmbH'))).toBeLessThan(100);
  });
});

describe('word comparison', () => {
  it('matches Qaddafi / Gadhafi / Kadhafi by sound', () => {
    const spellings = ['Qaddafi', 'Gadhafi', 'Kadhafi', 'Gaddafi', 'Qadhafi'];
    for (const a of spellings) {
      for (const b of spellings) {
        if (a === b) continue;
        const m = scoreEntry({ name: `Muammar ${a}` }, person('1', `${b.toUpperCase()}, Muammar`));
        expect(m.score, `${a} vs ${b}`).toBeGreaterThanOrEqual(90);
        expect(codes(m).some((c) => c === 'name_phonetic' || c === 'name_close'), `${a} vs ${b}`).toBe(true);
      }
    }
  });

  it('matches "QADHAFI, Muammar" for "Muammar Gaddafi", explaining the words compared', () => {
    const m = scoreEntry({ name: 'Muammar Gaddafi' }, person('OFAC-12606', 'QADHAFI, Muammar'));
    expect(m.score).toBeGreaterThanOrEqual(90);
    expect(m.score).toBeLessThan(100);
    expect(m.reasons).toContainEqual({ code: 'name_exact', detail: '"muammar" = "muammar"' });
    expect(reason(m, 'name_phonetic')).toContain('"gaddafi" ~ "qadhafi"');
  });

  it('gives name_close for a typo', () => {
    const m = scoreEntry({ name: 'Vladimir Putim' }, person('1', 'PUTIN, Vladimir'));
    expect(reason(m, 'name_close')).toBe('"putim" ~ "putin"');
    expect(m.score).toBeGreaterThanOrEqual(80);
  });

  it('matches an initial with a full word (J. Smith ~ John Smith)', () => {
    const m = scoreEntry({ name: 'J. Smith' }, person('1', 'SMITH, John'));
    expect(reason(m, 'name_initial')).toContain('"j" ~ "john"');
    expect(m.score).toBeGreaterThanOrEqual(80);
    expect(m.score).toBeLessThan(score('John Smith', person('1', 'SMITH, John')));
  });

  it('does not match an initial with a different letter', () => {
    const m = scoreEntry({ name: 'K. Smith' }, person('1', 'SMITH, John'));
    expect(codes(m)).not.toContain('name_initial');
  });

  it('refuses loose matches on short words: only exact or initial (or an i written y)', () => {
    const m = scoreEntry({ name: 'Eli Hassan' }, person('1', 'Ali Hassan'));
    expect(codes(m)).toEqual(['name_exact', 'query_has_extra', 'list_has_extra']);
    expect(reason(m, 'query_has_extra')).toContain('"eli"');
    expect(codes(scoreEntry({ name: 'Aly Hassan' }, person('1', 'Ali Hassan')))).toEqual(['name_close', 'name_exact']);
    expect(codes(scoreEntry({ name: 'Lu Wei' }, person('1', 'Li Wei')))).not.toContain('name_close');
    // The same kind of difference on a longer word is allowed.
    expect(codes(scoreEntry({ name: 'Hasan Ali' }, person('1', 'Hassan Ali')))).not.toContain('query_has_extra');
  });

  it('reports extra words on either side', () => {
    const listExtra = scoreEntry({ name: 'Vladimir Putin' }, person('1', 'PUTIN, Vladimir Vladimirovich'));
    expect(reason(listExtra, 'list_has_extra')).toContain('"vladimirovich"');
    expect(listExtra.score).toBeGreaterThanOrEqual(80);
    const queryExtra = scoreEntry({ name: 'Vladimir Vladimirovich Putin' }, person('1', 'PUTIN, Vladimir'));
    expect(reason(queryExtra, 'query_has_extra')).toContain('"vladimirovich"');
  });

  it('uses each list word at most once', () => {
    const m = scoreEntry({ name: 'Ibrahim Ibrahim' }, person('1', 'IBRAHIM, Ali'));
    expect(codes(m).filter((c) => c === 'name_exact')).toHaveLength(1);
    expect(codes(m)).toContain('query_has_extra');
  });

  it('counts particles for less than distinctive words', () => {
    const entry = person('1', 'QADHAFI, Muammar');
    const withParticle = score('Muammar al-Qadhafi', entry);
    const withDistinctiveWord = score('Muammar Minyar Qadhafi', entry);
    expect(withParticle).toBeGreaterThanOrEqual(90);
    expect(withParticle).toBeLessThan(100);
    expect(withParticle).toBeGreaterThan(withDistinctiveWord);
    // A particle the query leaves out costs less than a distinctive word it leaves out.
    expect(score('Usama Ladin', person('2', 'BIN LADIN, Usama'))).toBeGreaterThan(score('Usama Ladin', person('3', 'AWAD LADIN, Usama')));
  });

  it('matches a word written with an attached article (ELKADDAFI ~ Qaddafi)', () => {
    expect(score('Muammar Qaddafi', person('1', 'ELKADDAFI, Muammar'))).toBeGreaterThanOrEqual(85);
  });

  it('counts middle names the query left out for less than words at either end', () => {
    const fullName = person('1', 'MUAMMAR MOHAMMED ABU MINYAR QADHAFI');
    // Given name and surname of a listed nasab chain: a match, with the omitted words reported.
    const m = scoreEntry({ name: 'Muammar Gaddafi', kind: 'person' }, fullName);
    expect(m.score).toBeGreaterThanOrEqual(80);
    expect(m.score).toBeLessThan(95);
    expect(m.reasons.filter((r) => r.code === 'list_has_extra').map((r) => r.detail)).toEqual([
      '"mohammed" is only in the list name',
      '"abu" is only in the list name',
      '"minyar" is only in the list name',
    ]);
    // Words outside the matched span still count in full: the first two words of the chain are not the person.
    expect(score('Muammar Mohammed', fullName)).toBeLessThan(80);
    // The rule needs every distinctive query word matched: an unmatched query word keeps the full penalty.
    expect(score('Muammar Zarkov Qadhafi', fullName)).toBeLessThan(score('Muammar Qadhafi', fullName));
    expect(score('Muammar Zarkov Qadhafi', fullName)).toBeLessThan(80);
    // What leaving names out adds stops at 88, so names matched word for word rank above it.
    expect(score('Muammar Qadhafi', fullName)).toBe(88);
    expect(score('Muammar Mohammed Abu Minyar Qadhafi', fullName)).toBe(100);
    expect(score('Muammar Qadhafi', person('3', 'QADHAFI, Muammar'))).toBeGreaterThan(88);
    // A patronymic left out, as "SURNAME, Given Patronymic" puts it between given name and surname.
    expect(scoreEntry({ name: 'Gennady Timchenko' }, person('2', 'TIMCHENKO, Gennady Nikolayevich')).score).toBe(88);
  });

  it('caps a name that shares only one word with a longer name', () => {
    const m = scoreEntry({ name: 'Muammar' }, person('1', 'QADHAFI, Muammar'));
    expect(m.score).toBeGreaterThanOrEqual(50);
    expect(m.score).toBeLessThan(80);
  });
});

describe('business names', () => {
  it('normalises legal forms (LLC = Limited Liability Company)', () => {
    expect(score('Acme Trading LLC', business('1', 'ACME TRADING LIMITED LIABILITY COMPANY'))).toBe(100);
    expect(score({ name: 'Cecoex S.A.', kind: 'business' }, business('1', 'CECOEX, S.A.'))).toBe(100);
    expect(score('Anglo Caribbean Co Ltd', business('1', 'ANGLO-CARIBBEAN CO., LTD.'))).toBe(100);
  });

  it('still matches across different legal forms and generic words (Acme Trading LLC ~ Acme Ltd)', () => {
    const m = scoreEntry({ name: 'Acme Trading LLC', kind: 'business' }, business('1', 'Acme Ltd'));
    expect(m.score).toBeGreaterThanOrEqual(80);
    expect(m.score).toBeLessThan(100);
    expect(reason(m, 'query_has_extra')).toContain('"trading"');
  });

  it('counts generic words (trading, group, holding) for less', () => {
    const generic = score('Acme Trading', business('1', 'Acme Holding'));
    const distinctive = score('Acme Borodin', business('2', 'Acme Kalugin'));
    expect(generic).toBeGreaterThan(distinctive);
  });

  it('forgives a typo in a legal form', () => {
    expect(score({ name: 'Bamex Limied', kind: 'business' }, business('1', 'BAMEX LIMITED'))).toBe(100);
  });
});

describe('birth year and country', () => {
  const entry = person('1', 'QADHAFI, Muammar', { birth_year: 1942, countries: ['LY'] });
  const base = score('Muammar Gaddafi', entry);

  it('raises the score a little for the same birth year', () => {
    const m = scoreEntry({ name: 'Muammar Gaddafi', birth_year: 1942 }, entry);
    expect(reason(m, 'birth_year_match')).toContain('1942');
    expect(m.score).toBeGreaterThan(base);
    expect(m.score - base).toBeLessThanOrEqual(5);
  });

  it('lifts a name one short word off into the matches when the birth year is the same, and only then', () => {
    // "Cin" for "Jin": a letter of a three-letter word slipped. The name alone is a near miss; the same
    // birth year corroborates it, one year off or none does not.
    const listed = person('3', 'YU, Jin', { birth_year: 1960 });
    expect(score({ name: 'Cin Yu' }, listed)).toBeLessThan(80);
    expect(score({ name: 'Cin Yu', birth_year: 1961 }, listed)).toBeLessThan(80);
    const same = scoreEntry({ name: 'Cin Yu', birth_year: 1960 }, listed);
    expect(codes(same)).toContain('birth_year_match');
    expect(same.score).toBeGreaterThanOrEqual(80);
  });

  it('gives birth_year_close for one year off, without a penalty', () => {
    const m = scoreEntry({ name: 'Muammar Gaddafi', birth_year: 1943 }, entry);
    expect(codes(m)).toContain('birth_year_close');
    expect(m.score).toBe(base);
    expect(score({ name: 'Muammar Qadhafi', birth_year: 1941 }, entry)).toBe(100);
  });

  it('lowers the score a little for a birth year two years off, and a lot for three or more', () => {
    const m = scoreEntry({ name: 'Muammar Gaddafi', birth_year: 1944 }, entry);
    expect(reason(m, 'birth_year_differs')).toContain('2 years apart');
    expect(base - m.score).toBeGreaterThan(0);
    expect(base - m.score).toBeLessThanOrEqual(8);
    const threeApart = scoreEntry({ name: 'Muammar Gaddafi', birth_year: 1945 }, entry);
    expect(reason(threeApart, 'birth_year_differs')).toContain('3 years apart');
    expect(base - threeApart.score).toBeGreaterThanOrEqual(20);
    const identicalName = scoreEntry({ name: 'Muammar Qadhafi', birth_year: 1980 }, entry);
    expect(identicalName.score).toBeLessThan(80);
    expect(score({ name: 'Muammar Qadhafi', birth_year: 1990 }, entry)).toBeLessThan(
      score({ name: 'Muammar Qadhafi', birth_year: 1944 }, entry),
    );
  });

  it('adjusts a little for the country', () => {
    const match = scoreEntry({ name: 'Muammar Gaddafi', country: 'ly' }, entry);
    expect(reason(match, 'country_match')).toContain('LY');
    expect(match.score).toBeGreaterThan(base);
    const differs = scoreEntry({ name: 'Muammar Gaddafi', country: 'FR' }, entry);
    expect(reason(differs, 'country_differs')).toContain('FR');
    expect(differs.score).toBeLessThan(base);
    expect(base - differs.score).toBeLessThanOrEqual(10);
  });

  it('adjusts only when both sides have the value', () => {
    const bare = person('2', 'QADHAFI, Muammar');
    const m = scoreEntry({ name: 'Muammar Qadhafi', birth_year: 1930, country: 'FR' }, bare);
    expect(m.score).toBe(100);
    expect(codes(m)).toEqual(['name_exact', 'name_exact']);
    const noQueryFacts = scoreEntry({ name: 'Muammar Qadhafi' }, entry);
    expect(codes(noQueryFacts)).toEqual(['name_exact', 'name_exact']);
  });

  it('keeps 100 for an identical name whose facts agree', () => {
    expect(score({ name: 'Muammar Qadhafi', birth_year: 1942, country: 'LY' }, entry)).toBe(100);
  });
});

describe('kinds', () => {
  const entries = [person('P1', 'Atlas Kaluga'), business('B1', 'Atlas Kaluga')];
  const index = buildScreeningIndex(entries);

  it('compares people only with people and businesses only with businesses', () => {
    expect(refs(screenName(index, { name: 'Atlas Kaluga', kind: 'person' }).matches)).toEqual(['P1']);
    expect(refs(screenName(index, { name: 'Atlas Kaluga', kind: 'business' }).matches)).toEqual(['B1']);
  });

  it('compares with both kinds when the query has no kind', () => {
    expect(refs(screenName(index, { name: 'Atlas Kaluga' }).matches).sort()).toEqual(['B1', 'P1']);
  });

  it('scores an entry of the other kind 0 in scoreEntry', () => {
    const m = scoreEntry({ name: 'Atlas Kaluga', kind: 'business' }, entries[0] as ListEntry);
    expect(m.score).toBe(0);
    expect(m.reasons).toEqual([]);
  });
});

describe('aliases and scripts', () => {
  const entry = person('UN-LYi.004', 'QUREN SALIH QUREN AL QADHAFI', {
    aliases: ['Akrin Saleh Akrin (أقرين صالح أقرين)', 'Ivan Petrov', 'Иван Петров'],
  });

  it('tries every alias and reports the best as matched_name', () => {
    const m = scoreEntry({ name: 'Akrin Saleh Akrin' }, entry);
    expect(m.score).toBe(100);
    expect(m.matched_name).toBe('Akrin Saleh Akrin (أقرين صالح أقرين)');
    expect(m.entry_name).toBe('QUREN SALIH QUREN AL QADHAFI');
    expect(scoreEntry({ name: 'Quren Salih Quren al-Qadhafi' }, entry).matched_name).toBe('QUREN SALIH QUREN AL QADHAFI');
  });

  it('matches an Arabic query with an identical Arabic alias', () => {
    const m = scoreEntry({ name: 'أقرين صالح أقرين' }, entry);
    expect(m.score).toBe(100);
    expect(codes(m)).toEqual(['name_exact', 'name_exact', 'name_exact']);
  });

  it('matches a Cyrillic query with Latin names', () => {
    expect(score('Иван Петров', person('1', 'PETROV, Ivan'))).toBe(100);
    expect(score('Иван Петров', entry)).toBe(100);
  });
});

describe('a name spelled exactly as one of its own aliases', () => {
  const shortNames: ListEntry[] = [
    person('OFAC-11275', 'PO, Kong', { aliases: ['P'] }),
    person('OFAC-15232', 'IOVINE, Antonio', { aliases: ['O'] }),
    person('OFAC-4108', 'RODRIGUEZ OREJUELA, Miguel Angel', { aliases: ['DOCTOR M.R.O.'] }),
    // Unrelated entries that merely hold those letters as initials or short words.
    person('U1', 'P. Smith'),
    person('U2', 'SMITH, Peter O.'),
    person('U3', 'M. R. Jones'),
    person('U4', 'O Brien Patrick'),
    person('U5', 'M. R. O. Olsen'),
    person('U6', 'Po Ling'),
  ];
  const shortIndex = buildScreeningIndex(shortNames);

  it('finds a one-letter or initials-only alias at 100 and nothing else', () => {
    for (const [name, ref] of [
      ['P', 'OFAC-11275'],
      ['O', 'OFAC-15232'],
      ['DOCTOR M.R.O.', 'OFAC-4108'],
      ['M. R. O.', 'OFAC-4108'],
    ] as const) {
      const r = screenName(shortIndex, { name, kind: 'person' });
      expect(r.matches.map((m) => `${m.entry_ref}:${m.score}`), name).toEqual([`${ref}:100`]);
      expect(r.near, name).toEqual([]);
      expect(screenName(shortIndex, { name }).matches.map((m) => m.entry_ref), name).toEqual([ref]);
    }
  });

  it('does not make short words match loosely', () => {
    expect(screenName(shortIndex, { name: 'Q' })).toEqual({ matches: [], near: [] });
    const candidates = (shortIndex as CandidateIndex).candidates(prepareName('P', 'person'), 'person', CANDIDATES_PER_KIND);
    expect(candidates.map((c) => shortNames[c.entry]?.ref)).toEqual(['OFAC-11275']);
    // "Po" stays a short word: exact only, so "PO, Kong" (name "kong po") is proposed but "P" is not "Po".
    expect(refs(screenName(shortIndex, { name: 'Po', kind: 'person' }).matches)).toEqual([]);
    expect(score('P', person('1', 'P. Smith'))).toBeLessThan(80);
  });

  it('finds CHANG CHANG HA although many names share its repeated word (UN-KPi.037)', () => {
    // Every three-word name holding "chang" used to be estimated a full match of "chang chang ha" (the
    // word counted once per query "chang", the run "chang ha" reaching "chang" by sound on top), so
    // over CANDIDATES_PER_KIND entries tied with the entry itself and the candidate cap cut it by position.
    const entries: ListEntry[] = [];
    for (let i = 0; i < CANDIDATES_PER_KIND + 20; i++) {
      const suffix = String.fromCharCode(97 + (i % 26)) + String.fromCharCode(97 + Math.floor(i / 26));
      entries.push(person(`D${String(i).padStart(3, '0')}`, `CHANG, Ping Yun${suffix}`));
    }
    entries.push(person('UN-KPi.037', 'CHANG CHANG HA', { aliases: ['Jang Chang Ha'], list: 'un_consolidated' }));
    const index = buildScreeningIndex(entries) as CandidateIndex;
    const query = prepareName('CHANG CHANG HA', 'person');
    const all = index.candidates(query, 'person', Number.POSITIVE_INFINITY);
    const own = entries.length - 1;
    expect(all[0]?.entry).toBe(own);
    for (const c of all) if (c.entry !== own) expect(c.estimate).toBeLessThan(1);
    const r = screenName(index, { name: 'CHANG CHANG HA', kind: 'person' });
    expect(r.matches.map((m) => `${m.entry_ref}:${m.score}`)).toEqual(['UN-KPi.037:100']);
    expect(refs(screenName(index, { name: 'Jang Chang Ha' }).matches)).toEqual(['UN-KPi.037']);
  });
});

describe('bracketed queries', () => {
  const entries: ListEntry[] = [
    business('UN-QDe.153', 'HANIFA MONEY EXCHANGE OFFICE (BRANCH LOCATED IN ALBU KAMAL, SYRIAN ARAB REPUBLIC)'),
    business('B2', 'HANIFA TRADING HOUSE'),
    person('UN-QDi.306', 'MUSTAFA HAJJI MUHAMMAD KHAN', { aliases: ['حسن غول (Hassan Ghul; Hassan Gul; Hasan Gul)'] }),
    person('UN-QDi.279', 'MOHAMED BELKALEM', { aliases: ['El Harrachi (الحراشي)'] }),
    person('UN-LYi.019', 'SAFIA FARKASH AL-BARASSI', {
      aliases: ['Safia Farkash Mohammed Al-Hadad, born 1 Jan. 1953 (Oman passport no.03825239, date of issue 4 May 2014, expiry 3 May 2024.)'],
    }),
    person('UN-QDi.057', 'IBRAHIM ALI ABU BAKR TANTOUSH', {
      aliases: ['Abdel Ilah Sabri (false identity related to fraudulent South African identification number 6910275240086)'],
    }),
    person('P7', 'Karim Omar Hassan'),
  ];
  const index = buildScreeningIndex(entries);

  it('finds an entry at 100 under an alias written with brackets, as the list writes it', () => {
    for (const e of entries.slice(0, 6)) {
      for (const name of [e.name, ...(e.aliases ?? [])]) {
        const found = screenName(index, { name, kind: e.kind }).matches.find((m) => m.entry_ref === e.ref);
        expect(found?.score, name).toBe(100);
        expect(found?.matched_name, name).toBe(name);
        expect(scoreEntry({ name }, e).score, name).toBe(100);
      }
    }
  });

  it('reads each part of "(A; B; C)" as a name of its own, on both sides', () => {
    const m = screenName(index, { name: 'Hassan Gul', kind: 'person' }).matches[0];
    expect(m).toMatchObject({ entry_ref: 'UN-QDi.306', score: 100 });
    expect(score('Hasan Gul (حسن غول)', entries[2] as ListEntry)).toBe(100);
    expect(score('El Harrachi', entries[3] as ListEntry)).toBe(100);
  });

  it('drops a trailing birth remark from list names and queries alike', () => {
    expect(score('Safia Farkash Mohammed Al-Hadad', entries[4] as ListEntry)).toBe(100);
    expect(score('Karim Omar Hassan, born 12 March 1970', entries[6] as ListEntry)).toBe(100);
  });

  it('keeps, per entry, the best of the query forms, and never less than the whole text scored', () => {
    const name = 'Karim Omar Hassan (Hanifa)';
    expect(queryForms(name)).toEqual(['Karim Omar Hassan', 'Karim Omar Hassan Hanifa', name]);
    const r = screenName(index, { name, kind: 'person' });
    expect(r.matches.map((m) => `${m.entry_ref}:${m.score}`)).toEqual(['P7:100']);
    // A long Latin remark is dropped from the forms, but the query as typed is screened too.
    expect(queryForms('Mustafa Khan (a remark naming Hanifa Trading House today)')).toEqual([
      'Mustafa Khan',
      'Mustafa Khan (a remark naming Hanifa Trading House today)',
    ]);
  });

  it('screens a query without brackets once, as typed', () => {
    expect(queryForms('Muammar  Qadhafi')).toEqual(['Muammar  Qadhafi']);
    expect(queryForms('QADHAFI, Muammar')).toEqual(['QADHAFI, Muammar']);
  });
});

describe('screenName', () => {
  const entries: ListEntry[] = [
    person('A1', 'HASSAN, Karim Omar', { program: 'SDGT', birth_year: 1970, countries: ['SY'] }),
    person('A2', 'HASSAN, Karim'),
    person('A3', 'HASAN, Kareem Omar'),
    person('A4', 'HASSAN, Omar'),
    person('A5', 'KARIM, Omar'),
    person('A6', 'Zoltan Brezhnev'),
    person('A7', 'HASSAN, Kareem Abdallah Mahmoud'),
    business('B1', 'Hassan Karim Trading LLC'),
  ];
  for (let i = 0; i < 40; i++) entries.push(person(`N${String(i).padStart(2, '0')}`, `HASSAN, Karim Omar Rashid${i}x`));
  const index = buildScreeningIndex(entries);

  it('reports size', () => {
    expect(index.size).toBe(entries.length);
  });

  it('returns at most 25 candidates, highest score first, ties by list then reference', () => {
    const { matches, near } = screenName(index, { name: 'Karim Omar Hassan', kind: 'person' });
    const all = [...matches, ...near];
    expect(all).toHaveLength(25);
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1] as Match;
      const b = all[i] as Match;
      expect(a.score > b.score || (a.score === b.score && a.list <= b.list && a.entry_ref < b.entry_ref)).toBe(true);
    }
    expect(all[0]?.entry_ref).toBe('A1');
    expect(all[0]?.score).toBe(100);
  });

  it('honours maxCandidates', () => {
    const r = screenName(index, { name: 'Karim Omar Hassan' }, { maxCandidates: 3 });
    expect(r.matches.length + r.near.length).toBe(3);
  });

  it('splits matches (>= threshold) from near misses (floor up to threshold)', () => {
    const { matches, near } = screenName(index, { name: 'Karim Omar Hassan', kind: 'person' }, { maxCandidates: 100 });
    expect(matches.length).toBeGreaterThan(0);
    expect(near.length).toBeGreaterThan(0);
    for (const m of matches) expect(m.score).toBeGreaterThanOrEqual(80);
    for (const m of near) {
      expect(m.score).toBeGreaterThanOrEqual(50);
      expect(m.score).toBeLessThan(80);
    }
    expect(refs(matches)).toContain('A3');
    // "Omar" is not among A7's words, so its two middle names count in full.
    expect(refs(near)).toContain('A7');
    expect(refs([...matches, ...near])).not.toContain('A6');
  });

  it('leaves near empty with threshold 50', () => {
    const query = { name: 'Karim Hassan', kind: 'person' as const };
    const at80 = screenName(index, query, { maxCandidates: 100 });
    const at50 = screenName(index, query, { threshold: 50, maxCandidates: 100 });
    expect(at50.near).toEqual([]);
    expect(refs(at50.matches).sort()).toEqual([...refs(at80.matches), ...refs(at80.near)].sort());
  });

  it('moves candidates to near with a higher threshold', () => {
    const r = screenName(index, { name: 'Karim Hassan', kind: 'person' }, { threshold: 100, maxCandidates: 100 });
    expect(refs(r.matches)).toEqual(['A2']);
    expect(r.near.length).toBeGreaterThan(0);
  });

  it('builds the Match object with the entry facts and omits what the entry lacks', () => {
    const { matches } = screenName(index, { name: 'Karim Omar Hassan', kind: 'person' });
    const full = matches.find((m) => m.entry_ref === 'A1') as Match;
    expect(full).toMatchObject({
      list: 'test',
      entry_ref: 'A1',
      entry_name: 'HASSAN, Karim Omar',
      matched_name: 'HASSAN, Karim Omar',
      kind: 'person',
      category: 'sanctions',
      program: 'SDGT',
      countries: ['SY'],
      birth_year: 1970,
    });
    const bare = matches.find((m) => m.entry_ref === 'A3') as Match;
    expect(bare).toBeDefined();
    expect('program' in bare).toBe(false);
    expect('birth_year' in bare).toBe(false);
    expect(bare.countries).toEqual([]);
    expect(Number.isInteger(bare.score)).toBe(true);
  });

  it('gives the same scores as scoreEntry', () => {
    const query = { name: 'Kareem Hasan', birth_year: 1971 };
    for (const m of [...screenName(index, query).matches, ...screenName(index, query).near]) {
      const entry = entries.find((e) => e.ref === m.entry_ref) as ListEntry;
      expect(scoreEntry(query, entry)).toEqual(m);
    }
  });

  it('finds nothing for an unrelated or empty name', () => {
    expect(screenName(index, { name: 'Xylophone Quartz' })).toEqual({ matches: [], near: [] });
    expect(screenName(index, { name: '  ,.- ' })).toEqual({ matches: [], near: [] });
  });

  it('is not affected by later changes to the entries it was built from', () => {
    const source = [person('M1', 'Muammar Qadhafi')];
    const own = buildScreeningIndex(source);
    (source[0] as ListEntry).name = 'Somebody Else';
    source.push(person('M2', 'Muammar Qadhafi'));
    const r = screenName(own, { name: 'Muammar Qadhafi' });
    expect(refs(r.matches)).toEqual(['M1']);
    expect(r.matches[0]?.entry_name).toBe('Muammar Qadhafi');
  });

  it('rejects an index it did not build', () => {
    expect(() => screenName({ size: 0 } as ScreeningIndex, { name: 'x' })).toThrow(TypeError);
  });
});

describe('real lists', () => {
  let ofac2024: ScreeningIndex;
  let ofac2021: ScreeningIndex;
  let un: ScreeningIndex;

  beforeAll(() => {
    ofac2024 = buildScreeningIndex(loadList('ofac-sdn-2024-05-03.json'));
    ofac2021 = buildScreeningIndex(loadList('ofac-sdn-2021-07.json'));
    un = buildScreeningIndex(loadList('un-consolidated-2026-02-27.json'));
  }, 60_000);

  it('finds Qadhafi on the OFAC 2024 list under other spellings', () => {
    for (const name of ['Muammar Gaddafi', 'Kadhafi Muammar', 'Muammar al-Qaddafi']) {
      const { matches } = screenName(ofac2024, { name, kind: 'person' });
      expect(matches[0]?.entry_ref, name).toBe('OFAC-12606');
      expect(matches[0]?.score, name).toBeGreaterThanOrEqual(90);
    }
    const exact = screenName(ofac2024, { name: 'Muammar Qadhafi', birth_year: 1942 }).matches[0];
    expect(exact).toMatchObject({ entry_ref: 'OFAC-12606', score: 100, matched_name: 'QADHAFI, Muammar', program: 'LIBYA2' });
    expect(codes(exact as Match)).toContain('birth_year_match');
  });

  it('finds entries by an alias on the OFAC 2021 list', () => {
    const m = screenName(ofac2021, { name: 'Osama bin Laden', kind: 'person' }).matches[0];
    expect(m).toMatchObject({ entry_ref: 'OFAC-6365', score: 100, matched_name: 'BIN LADEN, Osama' });
    const abubakr = screenName(ofac2021, { name: 'Abubakr Yunis Jabir' }).matches;
    expect(refs(abubakr)).toContain('OFAC-12634');
  });

  it('finds a business with its legal form', () => {
    const m = screenName(ofac2024, { name: 'Banco Nacional de Cuba', kind: 'business' }).matches[0];
    expect(m).toMatchObject({ entry_ref: 'OFAC-306', score: 100 });
    const typo = screenName(ofac2024, { name: 'Rustankr LLC', kind: 'business' }).matches[0];
    expect(typo?.entry_name).toBe('RUSTANKER LLC');
  });

  it('matches Latin and Arabic spellings of a UN entry', () => {
    const latin = screenName(un, { name: 'Saddam Hussein al-Tikriti', kind: 'person' }).matches[0];
    expect(latin).toMatchObject({ entry_ref: 'UN-IQi.001', score: 100, matched_name: 'SADDAM HUSSEIN AL-TIKRITI' });
    const arabic = screenName(un, { name: 'صدام حسين التكريتي' }).matches[0];
    expect(arabic).toMatchObject({ entry_ref: 'UN-IQi.001', score: 100, matched_name: 'صدام حسين التكريتي' });
  });

  it('reaches only a small share of the list and scores at most the candidate limit', () => {
    const candidateIndex = ofac2024 as CandidateIndex;
    expect(candidateIndex.size).toBeGreaterThan(13_000);
    const reached = (name: string, kind: 'person' | 'business') =>
      candidateIndex.candidates(prepareName(name, kind), kind, Number.POSITIVE_INFINITY).length;
    expect(reached('Muammar Gaddafi', 'person')).toBeLessThan(50);
    expect(reached('Vladimir Putin', 'person')).toBeLessThan(300);
    expect(reached('Banco Nacional de Cuba', 'business')).toBeLessThan(600);
    // A very common name reaches many entries; only the best-estimated are scored in full.
    expect(reached('Muhammad Ali', 'person')).toBeGreaterThan(CANDIDATES_PER_KIND);
    const scored = candidateIndex.candidates(prepareName('Muhammad Ali', 'person'), 'person', CANDIDATES_PER_KIND);
    expect(scored).toHaveLength(CANDIDATES_PER_KIND);
    const best = screenName(ofac2024, { name: 'Muhammad Ali', kind: 'person' }).matches[0];
    expect(best?.score).toBe(100);
  });

  it('finds nothing above the threshold for made-up names', () => {
    for (const name of ['Brevokalo Venquami', 'Zelfotor Grishupol', 'Quaxadri Holmenvy Trading LLC']) {
      expect(screenName(ofac2024, { name }).matches, name).toEqual([]);
    }
  });
});
