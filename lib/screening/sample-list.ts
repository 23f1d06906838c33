import type { Database } from '@/db/client';
import { checkListFile, type ListFile } from './list-file';
import { loadScreeningList, type LoadResult } from './load-list';

/**
 * A synthetic list for trying the service out (`SERVICE_SCREENING_SAMPLE=true`). Every name is made
 * up: these are not real people or companies. People and businesses in all three categories, with
 * aliases (a transliteration, "SURNAME, Given", a spacing variant), birth years and countries.
 */
export const SAMPLE_LIST: ListFile = checkListFile({
  code: 'sample',
  name: 'Synthetic sample list (made-up names, for trying the service out)',
  version: '2026-01',
  entries: [
    {
      ref: 'SAMPLE-001',
      kind: 'person',
      name: 'Viktor Fictionov',
      category: 'sanctions',
      aliases: ['Victor Fiktionov', 'FICTIONOV, Viktor Petrovich'],
      countries: ['RU'],
      program: 'SAMPLE-EUROPE',
      birth_year: 1962,
    },
    {
      ref: 'SAMPLE-002',
      kind: 'person',
      name: 'Abu Bakr al-Demonstri',
      category: 'sanctions',
      aliases: ['Abubakr Al Demonstri', 'Abou Bakr Demonstry'],
      countries: ['SY'],
      program: 'SAMPLE-TERRORISM',
      birth_year: 1975,
    },
    {
      ref: 'SAMPLE-003',
      kind: 'business',
      name: 'Samplemar Shipping LLC',
      category: 'sanctions',
      aliases: ['Samplemar Maritime Trading Ltd'],
      countries: ['AE'],
      program: 'SAMPLE-MARITIME',
    },
    {
      ref: 'SAMPLE-004',
      kind: 'business',
      name: 'Oceanic Placeholder Trading Company',
      category: 'sanctions',
      countries: ['IR'],
      program: 'SAMPLE-MARITIME',
    },
    {
      ref: 'SAMPLE-005',
      kind: 'person',
      name: 'Jonas Testaverde',
      category: 'pep',
      aliases: ['TESTAVERDE, Jonas Hendrik'],
      countries: ['NL'],
      program: 'SAMPLE-PEP (minister)',
      birth_year: 1958,
    },
    {
      ref: 'SAMPLE-006',
      kind: 'person',
      name: 'Maria Exemplaria Duarte',
      category: 'pep',
      countries: ['BR'],
      program: 'SAMPLE-PEP (member of parliament)',
      birth_year: 1970,
    },
    {
      ref: 'SAMPLE-007',
      kind: 'business',
      name: 'Testaverde Holdings B.V.',
      category: 'pep',
      countries: ['NL'],
      program: 'SAMPLE-PEP (owned by a PEP)',
    },
    {
      ref: 'SAMPLE-008',
      kind: 'person',
      name: 'Olga Placeholderova',
      category: 'adverse_media',
      aliases: ['Olha Placeholderova'],
      countries: ['UA'],
      program: 'SAMPLE-MEDIA (fraud reporting)',
      birth_year: 1979,
    },
    {
      ref: 'SAMPLE-009',
      kind: 'person',
      name: 'Kwame Dummyfield Mensah',
      category: 'adverse_media',
      countries: ['GH'],
      program: 'SAMPLE-MEDIA (bribery reporting)',
      birth_year: 1981,
    },
    {
      ref: 'SAMPLE-010',
      kind: 'business',
      name: 'Fakenham Offshore Investments Ltd',
      category: 'adverse_media',
      countries: ['VG'],
      program: 'SAMPLE-MEDIA (leaked records)',
    },
    {
      ref: 'SAMPLE-011',
      kind: 'business',
      name: 'Mockingbird Crypto Exchange',
      category: 'adverse_media',
      aliases: ['Mocking Bird Exchange OU'],
      countries: ['EE'],
      program: 'SAMPLE-MEDIA (regulator warning)',
    },
  ],
});

/**
 * Loads the sample list at start-up when no list is loaded at all (checked under the list-load lock,
 * so two instances starting together load it once). Answers null when a list was already there.
 */
export function loadSampleListIfNone(db: Database, progress?: (line: string) => void): Promise<LoadResult | null> {
  return loadScreeningList(db, SAMPLE_LIST, { onlyIfNoList: true, progress });
}
