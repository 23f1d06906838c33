// The labelled evaluation set of the screening benchmark (scripts/bench/screening.ts).
//
// Built from public knowledge against the real lists in ../shared/data/lists, deterministically (one
// seed, same lists -> same items):
// - hand-written positives: well-known listed people and organisations spelt as customer files and the
//   press spell them (Moammar Gadhafi, Usama bin Ladin, Sberbank of Russia PJSC...), each labelled with
//   every (list, ref) that lists them; one item per label;
// - generated positives from real entries: transliteration variants, word order, initials, one- and
//   two-letter typos, titles, a dropped middle name or second surname, spacing, diacritics, and legal-form
//   variants of businesses (LLC / Limited Liability Company / OOO, JSC / AO, PJSC / PAO, Ltd / Limited,
//   S.A. / Sociedad Anonima...), each labelled with the entry it was derived from;
// - hand-written negatives: well-known public companies and people that are not listed, and names that
//   share one word with a listed name (Mohammed Smith, Progress Trading Ltd);
// - generated negatives: ordinary Western, Arabic, Slavic and Asian names, and names or businesses that
//   share one or two words with a listed name. Every negative is checked against every list with a loose
//   spelling key independent of the matcher (vowel runs folded to one, transliteration letters folded):
//   one whose words contain, or are contained in, a listed name of two or more words is dropped as not
//   clearly a non-match, and so is one whose single distinctive word is a listed name's (Progress
//   Trading Ltd against a listed PROGRESS AO). Hand-written negatives dropped so are reported.

import type { EntryKind, ListEntry, ScreeningQuery } from '@/lib/screening/matcher';

/** One loaded list file; `entries[].list` is `id`. */
export interface EvalList {
  id: string;
  code: string;
  version: string;
  entries: readonly ListEntry[];
}

export interface EntryLabel {
  list: string;
  ref: string;
}

export interface EvalItem {
  /** Stable within a set: hand-p-012.1, gen-p-typo1-034, hand-n-007, gen-n-random_arabic-011. */
  id: string;
  query: ScreeningQuery;
  positive: boolean;
  /** The entry a positive must find (among `matches`). */
  expect?: EntryLabel;
  /** translit, word_order, initials, typo1, typo2, title, fewer_words, spacing, diacritics, legal_form,
   * legal_form_dropped, famous_person, famous_business; negatives: public_company, public_person,
   * shares_word_person, shares_given_names, shares_generic_business, shares_word_business, random_*. */
  category: string;
  origin: 'hand' | 'generated';
}

export interface EvalSet {
  items: EvalItem[];
  /** Negatives left out because they were not clearly non-matches (hand-written ones are reported). */
  droppedNegatives: string[];
  /** Hand-written labels whose list is not loaded (skipped). */
  skippedLabels: number;
}

type Tag = 'ofac24' | 'ofac21' | 'un';

/** Short names of the known list files, used by the hand-written labels. */
export function listTag(code: string, version: string): Tag | undefined {
  if (code === 'un_consolidated') return 'un';
  if (code === 'ofac_sdn' && version.startsWith('2024')) return 'ofac24';
  if (code === 'ofac_sdn' && version.startsWith('2021')) return 'ofac21';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Hand-written positives: [query, kind (or null: sent without one), labels "tag:ref ...", category].

type Hand = readonly [string, EntryKind | null, string, string];

const QADHAFI_MUAMMAR = 'ofac24:OFAC-12606 ofac21:OFAC-12606 un:UN-LYi.013';
const SAIF = 'ofac24:OFAC-12608 ofac21:OFAC-12608 un:UN-LYi.017';
const ZAWAHIRI = 'ofac24:OFAC-2676 ofac21:OFAC-2676 un:UN-QDi.006';
const HAMZA = 'ofac24:OFAC-21286 ofac21:OFAC-21286 un:UN-QDi.421';

const HAND_POSITIVES: readonly Hand[] = [
  ['Moammar Gadhafi', 'person', QADHAFI_MUAMMAR, 'famous_person'],
  ['Muammar al-Gaddafi', 'person', QADHAFI_MUAMMAR, 'famous_person'],
  ['Col. Muammar Kadhafi', 'person', QADHAFI_MUAMMAR, 'famous_person'],
  ['Mouammar Kadhafi', null, QADHAFI_MUAMMAR, 'famous_person'],
  ['Muammar Abu Minyar al-Qadhafi', 'person', QADHAFI_MUAMMAR, 'famous_person'],
  ['QADDAFI, Muammar', 'person', QADHAFI_MUAMMAR, 'famous_person'],
  ['Saif al-Islam Gaddafi', 'person', SAIF, 'famous_person'],
  ['Seif el-Islam Kadhafi', 'person', SAIF, 'famous_person'],
  ['Saif al Islam Qaddafi', null, SAIF, 'famous_person'],
  ['Aisha Gaddafi', 'person', 'ofac24:OFAC-12610 ofac21:OFAC-12610 un:UN-LYi.009', 'famous_person'],
  ['Hannibal Gadhafi', 'person', 'ofac24:OFAC-12627 ofac21:OFAC-12627 un:UN-LYi.010', 'famous_person'],
  ['Khamis Qaddafi', 'person', 'ofac24:OFAC-12607 ofac21:OFAC-12607 un:UN-LYi.011', 'famous_person'],
  ['Mutassim Gadhafi', 'person', 'ofac24:OFAC-12609 ofac21:OFAC-12609 un:UN-LYi.014', 'famous_person'],
  ['Ayman al-Zawahri', 'person', ZAWAHIRI, 'famous_person'],
  ['Dr. Ayman Al Zawahiri', 'person', ZAWAHIRI, 'famous_person'],
  ['Aiman Zawahiri', null, ZAWAHIRI, 'famous_person'],
  ['Hamza bin Laden', 'person', HAMZA, 'famous_person'],
  ['Hamzah Bin Ladin', 'person', HAMZA, 'famous_person'],
  ['Usama bin Ladin', 'person', 'ofac21:OFAC-6365', 'famous_person'],
  ['Osama Bin Laden', null, 'ofac21:OFAC-6365', 'famous_person'],
  ['Bashar al-Assad', 'person', 'ofac24:OFAC-12735 ofac21:OFAC-12735', 'famous_person'],
  ['Dr Bashar Hafez al-Asad', 'person', 'ofac24:OFAC-12735 ofac21:OFAC-12735', 'famous_person'],
  ['Hassan Nasrallah', 'person', 'ofac24:OFAC-2686 ofac21:OFAC-2686', 'famous_person'],
  ['Sheikh Hasan Nasrullah', 'person', 'ofac24:OFAC-2686 ofac21:OFAC-2686', 'famous_person'],
  ['Kim Jong-un', 'person', 'ofac24:OFAC-20157 ofac21:OFAC-20157', 'famous_person'],
  ['KIM Jong Un', null, 'ofac24:OFAC-20157 ofac21:OFAC-20157', 'famous_person'],
  ['Kim Yo-jong', 'person', 'ofac24:OFAC-21444 ofac21:OFAC-21444', 'famous_person'],
  ['Viktor Bout', 'person', 'ofac24:OFAC-8279 ofac21:OFAC-8279', 'famous_person'],
  ['Victor Anatolyevich Bout', 'person', 'ofac24:OFAC-8279 ofac21:OFAC-8279', 'famous_person'],
  ['Oleg Deripaska', 'person', 'ofac24:OFAC-24283 ofac21:OFAC-24283', 'famous_person'],
  ['Oleg V. Deripaska', null, 'ofac24:OFAC-24283 ofac21:OFAC-24283', 'famous_person'],
  ['Alisher Usmanov', 'person', 'ofac24:OFAC-35283', 'famous_person'],
  ['Alisher Burkhanovich Usmanov', 'person', 'ofac24:OFAC-35283', 'famous_person'],
  ['Arkadiy Rotenberg', 'person', 'ofac24:OFAC-16669 ofac21:OFAC-16669', 'famous_person'],
  ['Guennadi Timtchenko', 'person', 'ofac24:OFAC-16666 ofac21:OFAC-16666', 'famous_person'],
  ['Gennadi Timchenko', null, 'ofac24:OFAC-16666 ofac21:OFAC-16666', 'famous_person'],
  ['Yevgeny Prigozhin', 'person', 'ofac24:OFAC-21171 ofac21:OFAC-21171', 'famous_person'],
  ['Evgueni Prigojine', 'person', 'ofac24:OFAC-21171 ofac21:OFAC-21171', 'famous_person'],
  ['Ramzan Kadyrov', 'person', 'ofac24:OFAC-23343 ofac21:OFAC-23343', 'famous_person'],
  ['Ramzan Akhmadovich Kadyrov', 'person', 'ofac24:OFAC-23343 ofac21:OFAC-23343', 'famous_person'],
  ['Nicolás Maduro Moros', 'person', 'ofac24:OFAC-22790 ofac21:OFAC-22790', 'famous_person'],
  ['Nicolas Maduro', null, 'ofac24:OFAC-22790 ofac21:OFAC-22790', 'famous_person'],
  ['Alexander Lukashenko', 'person', 'ofac24:OFAC-9760 ofac21:OFAC-9760', 'famous_person'],
  ['Aleksandr Lukashenka', 'person', 'ofac24:OFAC-9760 ofac21:OFAC-9760', 'famous_person'],
  ['Ali Khamenei', 'person', 'ofac24:OFAC-26945 ofac21:OFAC-26945', 'famous_person'],
  ['Ayatollah Ali Hosseini Khamenei', 'person', 'ofac24:OFAC-26945 ofac21:OFAC-26945', 'famous_person'],
  ['Joaquín Guzmán Loera', 'person', 'ofac24:OFAC-6861 ofac21:OFAC-6861', 'famous_person'],
  ['Joaquin Archivaldo Guzman Loera', null, 'ofac24:OFAC-6861 ofac21:OFAC-6861', 'famous_person'],
  ['Ismael Zambada García', 'person', 'ofac24:OFAC-7226 ofac21:OFAC-7226', 'famous_person'],
  ['Qassem Suleimani', 'person', 'ofac24:OFAC-10481 ofac21:OFAC-10481', 'famous_person'],
  ['General Qasem Soleimani', 'person', 'ofac24:OFAC-10481 ofac21:OFAC-10481', 'famous_person'],
  ['Ghasem Soleymani', null, 'ofac24:OFAC-10481 ofac21:OFAC-10481', 'famous_person'],
  ['Abu Bakr al-Baghdadi', 'person', 'ofac24:OFAC-12926 ofac21:OFAC-12926', 'famous_person'],
  ['Abubakr al Baghdadi', 'person', 'ofac24:OFAC-12926 ofac21:OFAC-12926', 'famous_person'],
  ['Sirajuddin Haqqani', 'person', 'ofac24:OFAC-10743 ofac21:OFAC-10743 un:UN-TAi.144', 'famous_person'],
  ['Siraj Haqqani', 'person', 'ofac21:OFAC-10743 un:UN-TAi.144', 'famous_person'],
  ['Mullah Mohammed Omar', 'person', 'ofac24:OFAC-6635 ofac21:OFAC-6635', 'famous_person'],
  ['Gulbuddin Hekmatyar', 'person', 'ofac24:OFAC-7471 ofac21:OFAC-7471', 'famous_person'],
  ['Golbuddin Hekmatyar', 'person', 'ofac24:OFAC-7471 ofac21:OFAC-7471', 'famous_person'],
  ['Abubakar Shekau', 'person', 'ofac24:OFAC-15009 ofac21:OFAC-15009 un:UN-QDi.322', 'famous_person'],
  ['Abu Bakar Shekau', null, 'ofac24:OFAC-15009 ofac21:OFAC-15009 un:UN-QDi.322', 'famous_person'],
  ['Ebrahim Raisi', 'person', 'ofac24:OFAC-27844 ofac21:OFAC-27844', 'famous_person'],
  ['Ibrahim Raisi', 'person', 'ofac24:OFAC-27844 ofac21:OFAC-27844', 'famous_person'],
  ['Ismail Haniyeh', 'person', 'ofac24:OFAC-23627 ofac21:OFAC-23627', 'famous_person'],
  ['Ismael Haniya', 'person', 'ofac24:OFAC-23627 ofac21:OFAC-23627', 'famous_person'],
  ['Yahya Sinwar', 'person', 'ofac24:OFAC-18528 ofac21:OFAC-18528', 'famous_person'],
  ['Yehya al-Sinwar', null, 'ofac24:OFAC-18528 ofac21:OFAC-18528', 'famous_person'],
  ['Abu Mohammed al-Jawlani', 'person', 'ofac24:OFAC-15945 ofac21:OFAC-15945', 'famous_person'],
  ['Abu Muhammad al-Golani', 'person', 'ofac21:OFAC-15945', 'famous_person'],
  ['Anwar al-Awlaki', 'person', 'ofac24:OFAC-12109 ofac21:OFAC-12109 un:UN-QDi.283', 'famous_person'],
  ['Anwar Nasser al-Aulaqi', 'person', 'ofac24:OFAC-12109 ofac21:OFAC-12109 un:UN-QDi.283', 'famous_person'],
  ['Abdul-Malik al-Houthi', 'person', 'ofac24:OFAC-17927 ofac21:OFAC-17927', 'famous_person'],
  ['Abdulmalik al Huthi', 'person', 'ofac24:OFAC-17927 ofac21:OFAC-17927', 'famous_person'],
  ['Diosdado Cabello', 'person', 'ofac24:OFAC-24424 ofac21:OFAC-24424', 'famous_person'],
  ['Tarek El Aissami', 'person', 'ofac24:OFAC-20250 ofac21:OFAC-20250', 'famous_person'],
  ['Igor Sechin', 'person', 'ofac24:OFAC-16692 ofac21:OFAC-16692', 'famous_person'],
  ['Igor Ivanovich Setchin', 'person', 'ofac24:OFAC-16692 ofac21:OFAC-16692', 'famous_person'],
  ['Alexei Miller', 'person', 'ofac24:OFAC-24083 ofac21:OFAC-24083', 'famous_person'],
  ['Andrei Kostin', 'person', 'ofac24:OFAC-24063 ofac21:OFAC-24063', 'famous_person'],
  ['German Gref', 'person', 'ofac24:OFAC-34796', 'famous_person'],
  ['Herman O. Gref', 'person', 'ofac24:OFAC-34796', 'famous_person'],
  ['Victor Vekselberg', 'person', 'ofac24:OFAC-24306 ofac21:OFAC-24306', 'famous_person'],
  ['Mikhail Fridman', null, 'ofac24:OFAC-44291', 'famous_person'],
  ['Vladimir Potanin', 'person', 'ofac24:OFAC-38241', 'famous_person'],
  ['Suleyman Kerimov', 'person', 'ofac24:OFAC-24325 ofac21:OFAC-24325', 'famous_person'],
  ['Aleksei Mordashov', 'person', 'ofac24:OFAC-37499', 'famous_person'],
  ['Andrei Melnitchenko', 'person', 'ofac24:OFAC-38238', 'famous_person'],
  ['Nikolay Patrushev', 'person', 'ofac24:OFAC-24309 ofac21:OFAC-24309', 'famous_person'],
  ['Dmitri Peskov', 'person', 'ofac24:OFAC-35320', 'famous_person'],
  ['Alina Kabayeva', 'person', 'ofac24:OFAC-36408', 'famous_person'],
  ['Viktor Yanukovich', 'person', 'ofac24:OFAC-16641 ofac21:OFAC-16641', 'famous_person'],
  ['Viktor Medvedchuk', null, 'ofac24:OFAC-16663 ofac21:OFAC-16663', 'famous_person'],
  ['Mohammad Javad Zarif', 'person', 'ofac24:OFAC-26950 ofac21:OFAC-26950', 'famous_person'],
  ['Mohammed Jawad Zarif', 'person', 'ofac24:OFAC-26950 ofac21:OFAC-26950', 'famous_person'],
  ['Muhammad Deif', 'person', 'ofac24:OFAC-18529 ofac21:OFAC-18529', 'famous_person'],
  ['Ratko Mladić', 'person', 'ofac24:OFAC-7744 ofac21:OFAC-7744', 'famous_person'],
  ['Milorad Dodik', 'person', 'ofac24:OFAC-21465 ofac21:OFAC-21465', 'famous_person'],
  ['Elvira Nabiullina', 'person', 'ofac24:OFAC-35797', 'famous_person'],
  ['Vladimir Putin', 'person', 'ofac24:OFAC-35096', 'famous_person'],
  ['Wladimir Wladimirowitsch Putin', 'person', 'ofac24:OFAC-35096', 'famous_person'],
  ['Sergei Lavrov', 'person', 'ofac24:OFAC-35233', 'famous_person'],
  ['Sergey Shoygu', 'person', 'ofac24:OFAC-35173', 'famous_person'],
  ['Dmitry A. Medvedev', 'person', 'ofac24:OFAC-36407', 'famous_person'],
  ['Sergey Kirienko', 'person', 'ofac24:OFAC-31123 ofac21:OFAC-31123', 'famous_person'],
  ['Abu Mahdi al-Mohandes', 'person', 'ofac24:OFAC-11461 ofac21:OFAC-11461', 'famous_person'],
  ['Joseph Kony', 'person', 'ofac24:OFAC-11018 ofac21:OFAC-11018', 'famous_person'],

  ['Hezbollah', 'business', 'ofac24:OFAC-4697 ofac21:OFAC-4697', 'famous_business'],
  ['Hizbollah', null, 'ofac24:OFAC-4697 ofac21:OFAC-4697', 'famous_business'],
  ['Hamas', 'business', 'ofac24:OFAC-4695 ofac21:OFAC-4695', 'famous_business'],
  ['Harakat al-Muqawama al-Islamiya', 'business', 'ofac21:OFAC-4695', 'famous_business'],
  ['Islamic Revolutionary Guards Corps', 'business', 'ofac24:OFAC-10391 ofac21:OFAC-10391', 'famous_business'],
  ['Al Qaeda', 'business', 'ofac24:OFAC-6366 ofac21:OFAC-6366 un:UN-QDe.004', 'famous_business'],
  ['Al-Qaida', null, 'ofac24:OFAC-6366 ofac21:OFAC-6366 un:UN-QDe.004', 'famous_business'],
  ['Taleban', 'business', 'ofac24:OFAC-6636 ofac21:OFAC-6636', 'famous_business'],
  ['Al Shabab', 'business', 'ofac24:OFAC-10761 ofac21:OFAC-10761 un:UN-SOe.001', 'famous_business'],
  ['Boko Haram', 'business', 'ofac24:OFAC-16363 ofac21:OFAC-16363 un:UN-QDe.138', 'famous_business'],
  ['Ansar Allah', 'business', 'ofac24:OFAC-47664', 'famous_business'],
  ['Mahan Air Co.', 'business', 'ofac24:OFAC-12927 ofac21:OFAC-12927', 'famous_business'],
  ['JSC Concern Kalashnikov', 'business', 'ofac24:OFAC-16911 ofac21:OFAC-16911', 'famous_business'],
  ['Kalashnikov Concern', null, 'ofac24:OFAC-16911 ofac21:OFAC-16911', 'famous_business'],
  ['Private Military Company Wagner', 'business', 'ofac24:OFAC-22543 ofac21:OFAC-22543', 'famous_business'],
  ['PMC Wagner', 'business', 'ofac21:OFAC-22543', 'famous_business'],
  ['Sberbank of Russia PJSC', 'business', 'ofac24:OFAC-17018', 'famous_business'],
  ['PAO Sberbank of Russia', null, 'ofac24:OFAC-17018', 'famous_business'],
  ['Bank VTB PJSC', 'business', 'ofac24:OFAC-17013', 'famous_business'],
  ['Bank Melli Iran', 'business', 'ofac24:OFAC-25578 ofac21:OFAC-25578', 'famous_business'],
  ['Bank Saderat Iran', 'business', 'ofac24:OFAC-10368', 'famous_business'],
  ['Bank Saderat plc', 'business', 'ofac24:OFAC-4642', 'famous_business'],
  ['Bank Mellat', null, 'ofac24:OFAC-25019', 'famous_business'],
  ['National Iranian Oil Co.', 'business', 'ofac24:OFAC-11317', 'famous_business'],
  ['National Iranian Tanker Co', 'business', 'ofac24:OFAC-15117', 'famous_business'],
  ['Islamic Republic of Iran Shipping Lines', 'business', 'ofac24:OFAC-25396', 'famous_business'],
  ['Korea Kwangson Banking Corp.', 'business', 'ofac24:OFAC-11581 un:UN-KPe.025', 'famous_business'],
  ['Foreign Trade Bank of the Democratic Peoples Republic of Korea', 'business', 'ofac24:OFAC-15603', 'famous_business'],
  ['Rostec State Corporation', 'business', 'ofac24:OFAC-17260', 'famous_business'],
  ['PAO Promsvyazbank', 'business', 'ofac24:OFAC-34656', 'famous_business'],
  ['Sovcombank PJSC', 'business', 'ofac24:OFAC-34737', 'famous_business'],
  ['JSC Novikombank', 'business', 'ofac24:OFAC-18784', 'famous_business'],
  ['Alrosa PJSC', 'business', 'ofac24:OFAC-34644', 'famous_business'],
  ['Internet Research Agency', 'business', 'ofac24:OFAC-23943', 'famous_business'],
  ['Concord Management and Consulting LLC', 'business', 'ofac24:OFAC-22526', 'famous_business'],
  ['Evro Polis Limited', 'business', 'ofac24:OFAC-23564', 'famous_business'],
  ['Syrian Arab Airlines', null, 'ofac24:OFAC-13440', 'famous_business'],
  ['Commercial Bank of Syria', 'business', 'ofac24:OFAC-12847', 'famous_business'],
  ['The Holy Land Foundation for Relief and Development', 'business', 'ofac24:OFAC-7116', 'famous_business'],
  ['Bank Rossiya JSC', 'business', 'ofac24:OFAC-16681', 'famous_business'],
  ['Garantex Europe OÜ', 'business', 'ofac24:OFAC-36025', 'famous_business'],
  ['SUEX OTC s.r.o.', 'business', 'ofac24:OFAC-33151', 'famous_business'],
  ['Lazarus Group', 'business', 'ofac24:OFAC-27307 ofac21:OFAC-27307', 'famous_business'],
  ['Hidden Cobra', null, 'ofac24:OFAC-27307 ofac21:OFAC-27307', 'famous_business'],
  ['Tornado Cash', 'business', 'ofac24:OFAC-39796', 'famous_business'],
  ['Petróleos de Venezuela, S.A.', 'business', 'ofac24:OFAC-26367 ofac21:OFAC-26367', 'famous_business'],
  ['Petroleos de Venezuela Sociedad Anonima', 'business', 'ofac24:OFAC-26367 ofac21:OFAC-26367', 'famous_business'],
  ['PDVSA', 'business', 'ofac21:OFAC-26367', 'famous_business'],
  ['Rosneft Trading SA', 'business', 'ofac24:OFAC-18299 ofac21:OFAC-18299', 'famous_business'],
  ['Bank Zenit PJSC', 'business', 'ofac24:OFAC-40801', 'famous_business'],
  ['PAO Severstal', 'business', 'ofac24:OFAC-37503', 'famous_business'],
  ['Joint Stock Company Sovcomflot', 'business', 'ofac24:OFAC-34741', 'famous_business'],
  ['AO Alfa-Bank', 'business', 'ofac24:OFAC-34682', 'famous_business'],
  ['OOO Gazprom Bureniye', 'business', 'ofac24:OFAC-24185 ofac21:OFAC-24185', 'famous_business'],
  ['Gazprom Burenie LLC', null, 'ofac24:OFAC-24185 ofac21:OFAC-24185', 'famous_business'],
];

// ---------------------------------------------------------------------------------------------------
// Hand-written negatives: [query, kind or null, category]. Public companies and people that are not on
// any of the lists, and names sharing a word with a listed one.

type HandNegative = readonly [string, EntryKind | null, string];

const HAND_NEGATIVES: readonly HandNegative[] = [
  ['Apple Inc.', 'business', 'public_company'],
  ['Microsoft Corporation', 'business', 'public_company'],
  ['Alphabet Inc', null, 'public_company'],
  ['Amazon.com, Inc.', 'business', 'public_company'],
  ['Siemens AG', 'business', 'public_company'],
  ['Nestlé S.A.', 'business', 'public_company'],
  ['Toyota Motor Corporation', 'business', 'public_company'],
  ['Samsung Electronics Co., Ltd.', 'business', 'public_company'],
  ['Unilever PLC', 'business', 'public_company'],
  ['BP p.l.c.', 'business', 'public_company'],
  ['Shell plc', null, 'public_company'],
  ['HSBC Holdings plc', 'business', 'public_company'],
  ['Deutsche Bank AG', 'business', 'public_company'],
  ['Barclays PLC', 'business', 'public_company'],
  ['Tata Consultancy Services Limited', 'business', 'public_company'],
  ['Infosys Limited', 'business', 'public_company'],
  ['Alibaba Group Holding Limited', 'business', 'public_company'],
  ['Tencent Holdings Ltd', null, 'public_company'],
  ['Saudi Arabian Oil Company', 'business', 'public_company'],
  ['Emirates NBD Bank PJSC', 'business', 'public_company'],
  ['Qatar Airways Group', 'business', 'public_company'],
  ['Turkish Airlines', 'business', 'public_company'],
  ['Banco Santander, S.A.', 'business', 'public_company'],
  ['BNP Paribas SA', 'business', 'public_company'],
  ['Société Générale S.A.', 'business', 'public_company'],
  ['ING Groep N.V.', 'business', 'public_company'],
  ['Volkswagen AG', null, 'public_company'],
  ['Bayerische Motoren Werke AG', 'business', 'public_company'],
  ['Nokia Oyj', 'business', 'public_company'],
  ['Telefonaktiebolaget LM Ericsson', 'business', 'public_company'],
  ['Equinor ASA', 'business', 'public_company'],
  ['A.P. Møller - Mærsk A/S', 'business', 'public_company'],
  ['The Procter & Gamble Company', 'business', 'public_company'],
  ['Johnson & Johnson', 'business', 'public_company'],
  ['The Coca-Cola Company', null, 'public_company'],
  ['PepsiCo, Inc.', 'business', 'public_company'],
  ['Walmart Inc.', 'business', 'public_company'],
  ['Berkshire Hathaway Inc.', 'business', 'public_company'],
  ['JPMorgan Chase & Co.', 'business', 'public_company'],
  ['The Goldman Sachs Group, Inc.', 'business', 'public_company'],
  ['Citigroup Inc.', 'business', 'public_company'],
  ['Wells Fargo & Company', null, 'public_company'],
  ['Visa Inc.', 'business', 'public_company'],
  ['Mastercard Incorporated', 'business', 'public_company'],
  ['Sony Group Corporation', 'business', 'public_company'],
  ['Honda Motor Co., Ltd.', 'business', 'public_company'],
  ['Hyundai Motor Company', 'business', 'public_company'],
  ['LG Electronics Inc.', 'business', 'public_company'],
  ['Reliance Industries Limited', 'business', 'public_company'],
  ['Petróleo Brasileiro S.A. - Petrobras', null, 'public_company'],
  ['Banco do Brasil S.A.', 'business', 'public_company'],
  ['Cemex, S.A.B. de C.V.', 'business', 'public_company'],
  ['Ecopetrol S.A.', 'business', 'public_company'],
  ['Emirates Telecommunications Group Company PJSC', 'business', 'public_company'],
  ['Saudi Telecom Company', 'business', 'public_company'],
  ['Qatar National Bank', 'business', 'public_company'],
  ['Arab Bank plc', 'business', 'public_company'],
  ['Commercial International Bank (Egypt) S.A.E.', 'business', 'public_company'],
  ['Bank of America Corporation', null, 'public_company'],
  ['National Bank of Canada', 'business', 'public_company'],
  ['Commercial Bank of Dubai PSC', 'business', 'public_company'],
  ['Islamic Development Bank', 'business', 'public_company'],
  ['Alfa Laval AB', 'business', 'public_company'],
  ['Rosneft Deutschland GmbH', 'business', 'public_company'],
  ['Wagner Construction Inc', 'business', 'public_company'],
  ['Mahan Travel Agency', 'business', 'public_company'],
  ['Lazarus Family Dental LLC', 'business', 'public_company'],
  ['Tornado Insurance Brokers Ltd', 'business', 'public_company'],
  ['Gaddafi Stadium Catering', 'business', 'public_company'],
  ['Global Star Trading LLC', 'business', 'shares_generic_business'],
  ['Sunrise International Holdings Limited', 'business', 'shares_generic_business'],
  ['Golden Harvest Import Export Co', null, 'shares_generic_business'],

  ['Angela Merkel', 'person', 'public_person'],
  ['Emmanuel Macron', 'person', 'public_person'],
  ['Olaf Scholz', 'person', 'public_person'],
  ['Justin Trudeau', 'person', 'public_person'],
  ['Narendra Modi', 'person', 'public_person'],
  ['Jacinda Ardern', 'person', 'public_person'],
  ['Elon Musk', 'person', 'public_person'],
  ['Bill Gates', null, 'public_person'],
  ['Warren Buffett', 'person', 'public_person'],
  ['Jeff Bezos', 'person', 'public_person'],
  ['Mukesh Ambani', 'person', 'public_person'],
  ['Jack Ma', 'person', 'public_person'],
  ['Masayoshi Son', 'person', 'public_person'],
  ['Carlos Slim Helú', 'person', 'public_person'],
  ['Bernard Arnault', 'person', 'public_person'],
  ['Amancio Ortega Gaona', 'person', 'public_person'],
  ['Lionel Messi', 'person', 'public_person'],
  ['Cristiano Ronaldo dos Santos Aveiro', 'person', 'public_person'],
  ['Zinedine Zidane', null, 'public_person'],
  ['Roger Federer', 'person', 'public_person'],
  ['Novak Djokovic', 'person', 'public_person'],
  ['Maria Sharapova', 'person', 'public_person'],
  ['Garry Kasparov', 'person', 'public_person'],
  ['Alexei Navalny', 'person', 'public_person'],
  ['Mikhail Gorbachev', 'person', 'public_person'],
  ['Volodymyr Zelensky', 'person', 'public_person'],
  ['Vitali Klitschko', 'person', 'public_person'],
  ['Yulia Tymoshenko', null, 'public_person'],
  ['Viktor Orbán', 'person', 'public_person'],
  ['Ban Ki-moon', 'person', 'public_person'],
  ['Shinzo Abe', 'person', 'public_person'],
  ['Malala Yousafzai', 'person', 'public_person'],
  ['Nelson Mandela', 'person', 'public_person'],
  ['Kofi Annan', 'person', 'public_person'],
  ['Desmond Tutu', 'person', 'public_person'],
  ['Sheikh Mohammed bin Rashid Al Maktoum', 'person', 'public_person'],
  ['Mohamed Salah Hamed Ghaly', 'person', 'public_person'],
  ['Vladimir Nabokov', 'person', 'public_person'],
  ['Sergei Rachmaninoff', null, 'public_person'],
  ['Fyodor Dostoevsky', 'person', 'public_person'],
  ['Mohammed Smith', 'person', 'shares_word_person'],
  ['Ali Hassan Johnson', 'person', 'shares_word_person'],
  ['Ali Karim Pemberton', 'person', 'shares_word_person'],
  ['Hassan Blackwood', 'person', 'shares_word_person'],
  ['Progress Trading Ltd', 'business', 'shares_generic_business'],
  ['Bluewater Trading Ltd', 'business', 'shares_generic_business'],
  ['Meadowbrook International Trading LLC', 'business', 'shares_generic_business'],
  ['Northern Star Shipping Company Limited', 'business', 'shares_generic_business'],
  ['Ahmed Fitzgerald', 'person', 'shares_word_person'],
  ['Bashar Jackson', 'person', 'shares_word_person'],
  ['Osama Whitfield', null, 'shares_word_person'],
  ['Muammar Lindqvist', 'person', 'shares_word_person'],
  ['Jong Un Harrington', 'person', 'shares_word_person'],
  ['Viktor Hollister', 'person', 'shares_word_person'],
  ['Yevgeny Castellanos', 'person', 'shares_word_person'],
  ['Oleg Marchetti', 'person', 'shares_word_person'],
  ['Dr. Ayman Okonkwo', 'person', 'shares_word_person'],
  ['Sheikh Hamza Baranowski', 'person', 'shares_word_person'],
  ['Qasem Dubois', null, 'shares_word_person'],
  ['Ramzan Oyelaran', 'person', 'shares_word_person'],
  ['Joaquin Phoenix', 'person', 'shares_word_person'],
  ['Nicolas Sarkozy', 'person', 'shares_word_person'],
];

// ---------------------------------------------------------------------------------------------------
// Name material.

const WESTERN_GIVEN = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Emily', 'Daniel', 'Hannah',
  'Matthew', 'Olivia', 'Anthony', 'Sophie', 'Mark', 'Laura', 'Oliver', 'Charlotte', 'Harry', 'Amelia', 'George', 'Grace',
  'Lucas', 'Emma', 'Noah', 'Chloe', 'Henrik', 'Ingrid', 'Pierre', 'Camille', 'Giulia', 'Matteo', 'Sven', 'Astrid',
];
const WESTERN_SURNAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Moore', 'Martin',
  'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright',
  'Scott', 'Hill', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts', 'Turner', 'Phillips', 'Campbell',
  'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson',
  'Reed', 'Bailey', 'Bell', 'Kelly', 'Howard', 'Ward', 'Richardson', 'Wood', 'Watson', 'Brooks', 'Bennett', 'Gray', 'Hughes',
  'Price', 'Sanders', 'Fischer', 'Weber', 'Schneider', 'Dubois', 'Lefebvre', 'Rossi', 'Bianchi', 'Jansen', 'Lindqvist',
  'Nilsson', 'Hansen', "O'Brien", 'McCarthy', 'Fitzgerald', 'Whitfield', 'Hollister', 'Pemberton', 'Ashworth', 'Blackwood',
];
const ARABIC_GIVEN = [
  'Mohammed', 'Ahmed', 'Ali', 'Omar', 'Khalid', 'Hassan', 'Hussein', 'Youssef', 'Ibrahim', 'Abdullah', 'Mahmoud', 'Mustafa',
  'Karim', 'Tariq', 'Samir', 'Nabil', 'Walid', 'Fadi', 'Rami', 'Ziad', 'Fatima', 'Aisha', 'Mariam', 'Layla', 'Noor', 'Huda',
  'Rania', 'Salma', 'Yasmin', 'Amira', 'Bilal', 'Hamza', 'Imad', 'Jamal', 'Marwan', 'Nizar', 'Osama', 'Sami', 'Tamer', 'Yasser',
];
const ARABIC_SURNAMES = [
  'Haddad', 'Khoury', 'Nassar', 'Mansour', 'Hamdan', 'Darwish', 'Farah', 'Shami', 'Abboud', 'Bakri', 'Sabbagh', 'Halabi',
  'Jaber', 'Najjar', 'Tamimi', 'Masri', 'Zein', 'Rahal', 'Sayegh', 'Touma', 'Kanaan', 'Haddadin', 'Obeidat', 'Khalaf',
  'Barakat', 'Aziz', 'Qureshi', 'Fakhoury', 'Ghanem', 'Hijazi', 'Karam', 'Maalouf', 'Nahas', 'Rizk', 'Sleiman', 'Tannous',
];
const SLAVIC_GIVEN = [
  'Ivan', 'Sergei', 'Dmitri', 'Alexei', 'Nikolai', 'Pavel', 'Andrei', 'Mikhail', 'Vladimir', 'Oleg', 'Igor', 'Yuri', 'Anna',
  'Olga', 'Tatiana', 'Natalia', 'Elena', 'Irina', 'Svetlana', 'Ekaterina', 'Marina', 'Piotr', 'Tomasz', 'Krzysztof', 'Jan',
  'Katarzyna', 'Agnieszka', 'Marek', 'Jiri', 'Petra', 'Milos', 'Dragan', 'Bogdan', 'Zofia', 'Lukas', 'Veronika',
];
const SLAVIC_SURNAMES = [
  'Ivanov', 'Smirnov', 'Kuznetsov', 'Popov', 'Vasiliev', 'Petrov', 'Sokolov', 'Mikhailov', 'Novikov', 'Fedorov', 'Morozov',
  'Volkov', 'Alekseev', 'Lebedev', 'Semenov', 'Egorov', 'Pavlov', 'Kozlov', 'Stepanov', 'Nikolaev', 'Orlov', 'Andreev',
  'Makarov', 'Zakharov', 'Kowalski', 'Nowak', 'Wisniewski', 'Wojcik', 'Kaminski', 'Lewandowski', 'Zielinski', 'Novak',
  'Svoboda', 'Dvorak', 'Horvat', 'Petrovic', 'Jovanovic', 'Nikolic', 'Kovalenko', 'Bondarenko', 'Shevchenko', 'Tkachenko',
  'Mazur', 'Krawczyk', 'Pokorny', 'Marek', 'Kolar', 'Babic',
];
const ASIAN_GIVEN = [
  'Wei', 'Jing', 'Xiaoming', 'Mei', 'Hiroshi', 'Yuki', 'Takeshi', 'Haruka', 'Minh', 'Thanh', 'Jiho', 'Seoyeon', 'Minjun',
  'Arjun', 'Priya', 'Rahul', 'Ananya', 'Siti', 'Budi', 'Kenji', 'Sakura', 'Haruto', 'Linh', 'Anh', 'Deepak', 'Kavya',
];
const ASIAN_SURNAMES = [
  'Wang', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Zhou', 'Xu', 'Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe',
  'Ito', 'Yamamoto', 'Nakamura', 'Nguyen', 'Tran', 'Pham', 'Park', 'Lee', 'Choi', 'Jung', 'Kang', 'Sharma', 'Patel',
  'Gupta', 'Reddy', 'Tan', 'Lim', 'Ong', 'Kobayashi', 'Matsumoto', 'Inoue', 'Hoang', 'Iyer', 'Menon',
];
/** Ordinary English words of business names, for negatives that share the rest with a listed business. */
const BUSINESS_WORDS = [
  'Alpine', 'Amber', 'Anchor', 'Arbor', 'Aspen', 'Beacon', 'Birch', 'Bluebell', 'Boulder', 'Bramble', 'Brightwater', 'Cedar',
  'Clover', 'Copper', 'Cornerstone', 'Daybreak', 'Driftwood', 'Ember', 'Evergreen', 'Fairview', 'Fern', 'Foxglove',
  'Glacier', 'Granite', 'Harbor', 'Hawthorn', 'Heather', 'Juniper', 'Kestrel', 'Lakeside', 'Lantern', 'Laurel', 'Linden',
  'Maple', 'Meadow', 'Millstone', 'Moonstone', 'Northwind', 'Oakridge', 'Orchard', 'Pebble', 'Pinecrest', 'Prairie',
  'Redwood', 'Ridgeline', 'Riverbend', 'Rosewood', 'Sandstone', 'Silverline', 'Skylark', 'Stonebridge', 'Sunflower',
  'Thistle', 'Timber', 'Trillium', 'Willow', 'Windmill', 'Wren',
];
const LEGAL_SUFFIXES = ['Ltd', 'LLC', 'Limited', 'Inc.', 'GmbH', 'S.A.', 'Co., Ltd.', 'PLC', 'B.V.', 'Pty Ltd', 'SARL', 'AG'];

/** Equivalent spellings of common name words (transliteration from Arabic, Persian, Russian...). */
const SPELLING_GROUPS: readonly (readonly string[])[] = [
  ['muhammad', 'mohammed', 'mohammad', 'mohamed', 'muhammed', 'mohamad', 'mouhamed'],
  ['ahmad', 'ahmed', 'ahmet'],
  ['usama', 'osama', 'oussama'],
  ['yusuf', 'yousef', 'youssef', 'yousuf', 'yusef', 'yousif'],
  ['hussein', 'husayn', 'hussain', 'husain', 'hussien', 'hossein'],
  ['hassan', 'hasan', 'hassen'],
  ['husseini', 'husayni', 'hosseini', 'husaini'],
  ['abdul', 'abdel', 'abdoul'],
  ['abdullah', 'abdallah', 'abdulla', 'abdellah'],
  ['omar', 'umar', 'omer'],
  ['osman', 'usman', 'uthman', 'othman'],
  ['khalid', 'khaled', 'halid'],
  ['saeed', 'said', 'saied', 'sayid'],
  ['mahmoud', 'mahmud', 'mahmood'],
  ['mustafa', 'mostafa', 'moustafa', 'mustapha'],
  ['ibrahim', 'ebrahim', 'ibraheem', 'ibragim'],
  ['ismail', 'ismael', 'esmail', 'ismayil'],
  ['yahya', 'yahia', 'yehia'],
  ['qasim', 'qasem', 'ghasem', 'kasim', 'qassim'],
  ['jafar', 'jaafar', 'jafer'],
  ['hamza', 'hamzah', 'hamze'],
  ['mohsen', 'muhsin', 'mohsin'],
  ['mahdi', 'mehdi'],
  ['karim', 'kareem'],
  ['rahman', 'rehman', 'rahmon'],
  ['nasser', 'nasir', 'naser', 'nasr'],
  ['saleh', 'salih', 'salah'],
  ['sulaiman', 'suleiman', 'sulayman', 'soleiman', 'suleyman'],
  ['qadhafi', 'gaddafi', 'gadhafi', 'kadhafi', 'qaddafi', 'ghadafi'],
  ['abdulrahman', 'abdurrahman', 'abdelrahman'],
  ['mohammadi', 'muhammadi', 'mohamadi'],
  ['hamid', 'hameed', 'hamed'],
  ['majid', 'majeed', 'magid'],
  ['rashid', 'rasheed', 'rachid'],
  ['walid', 'waleed', 'oualid'],
  ['aleksandr', 'alexander', 'aleksander', 'alexandr', 'oleksandr'],
  ['sergei', 'sergey', 'serguei', 'sergiy'],
  ['yevgeny', 'evgeny', 'evgeniy', 'yevgeniy', 'evgenii', 'eugene'],
  ['dmitry', 'dmitri', 'dmitriy', 'dmitrii'],
  ['yury', 'yuri', 'yuriy', 'iouri', 'yurii'],
  ['andrei', 'andrey', 'andrii', 'andriy'],
  ['alexei', 'aleksei', 'alexey', 'aleksey', 'oleksiy'],
  ['nikolai', 'nikolay', 'mykola'],
  ['mikhail', 'michail', 'mikhaylo', 'mykhailo'],
  ['vyacheslav', 'viacheslav', 'vjacheslav'],
  ['vasily', 'vasiliy', 'vasili', 'vasyl'],
  ['anatoly', 'anatoliy', 'anatoli'],
  ['gennady', 'gennadiy', 'gennadi', 'guennadi'],
  ['valery', 'valeriy', 'valeri', 'valerii'],
  ['arkady', 'arkadiy', 'arkadi'],
  ['grigory', 'grigoriy', 'grigori', 'hryhoriy'],
  ['pyotr', 'petr', 'piotr'],
  ['fyodor', 'fedor', 'feodor'],
  ['maksim', 'maxim', 'maksym'],
  ['ilya', 'ilia', 'ilja'],
  ['yelena', 'elena', 'olena'],
  ['yekaterina', 'ekaterina', 'katerina'],
  ['natalya', 'natalia', 'nataliya'],
  ['tatyana', 'tatiana', 'tetiana'],
  ['yulia', 'yuliya', 'julia', 'iuliia'],
  ['viktor', 'victor'],
  ['konstantin', 'kostiantyn', 'constantin'],
  ['vladimirovich', 'vladimirovitch', 'wladimirowitsch'],
  ['sergeyevich', 'sergeevich', 'sergeievich'],
  ['aleksandrovich', 'alexandrovich'],
  ['nikolayevich', 'nikolaevich'],
  ['yevgenyevich', 'evgenievich', 'evgenyevich'],
  ['jose', 'josé'],
  ['jong', 'chong'],
  ['kwang', 'gwang'],
];

// Single-word rewrites that transliterations and typists produce; one is applied to one word.
const SPELLING_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/kh/, 'h'],
  [/^q/, 'k'],
  [/ou/, 'u'],
  [/ee/, 'i'],
  [/iy$/, 'y'],
  [/y$/, 'i'],
  [/^ye/, 'e'],
  [/ya/, 'ia'],
  [/yu/, 'iu'],
  [/zh/, 'j'],
  [/j/, 'dj'],
  [/ts/, 'tz'],
  [/ck/, 'k'],
  [/v/, 'w'],
  [/aa/, 'a'],
  [/ai/, 'ay'],
  [/ei/, 'ey'],
  [/ss/, 's'],
  [/ll/, 'l'],
  [/dd/, 'd'],
];

const SPANISH_ACCENTS: Readonly<Record<string, string>> = {
  jose: 'José', maria: 'María', garcia: 'García', hernandez: 'Hernández', rodriguez: 'Rodríguez', gonzalez: 'González',
  lopez: 'López', martinez: 'Martínez', perez: 'Pérez', sanchez: 'Sánchez', ramirez: 'Ramírez', gomez: 'Gómez', diaz: 'Díaz',
  alvarez: 'Álvarez', jimenez: 'Jiménez', fernandez: 'Fernández', suarez: 'Suárez', nicolas: 'Nicolás', ramon: 'Ramón',
  andres: 'Andrés', ivan: 'Iván', joaquin: 'Joaquín', martin: 'Martín', rondon: 'Rondón', beltran: 'Beltrán', leon: 'León',
  angel: 'Ángel', jesus: 'Jesús', ruben: 'Rubén', hector: 'Héctor', oscar: 'Óscar', raul: 'Raúl', cesar: 'César',
  sebastian: 'Sebastián', adrian: 'Adrián', simon: 'Simón', julian: 'Julián', ines: 'Inés', dominguez: 'Domínguez',
  vazquez: 'Vázquez', benitez: 'Benítez', nunez: 'Núñez', munoz: 'Muñoz', ibanez: 'Ibáñez', castano: 'Castaño',
  avila: 'Ávila', velazquez: 'Velázquez', gutierrez: 'Gutiérrez', marquez: 'Márquez', chavez: 'Chávez', ordonez: 'Ordóñez',
};

const PERSON_TITLES_ARABIC = ['Sheikh', 'Haji', 'Dr.', 'Mullah', 'Mr', 'Sheikh', 'Imam'];
const PERSON_TITLES_OTHER = ['Mr.', 'Mr', 'Dr.', 'General', 'Colonel', 'Mrs.', 'Prof.', 'Gen.'];
const ARABIC_MARKERS = /\b(al|el|bin|ibn|abu|abd|abdul|abdel|muhammad|mohammed|mohammad|ahmad|ahmed|ali|hassan|hussein|husayn|umm|bint)\b/i;
const SPANISH_PROGRAMS = /SDNT|SDNTK|ILLICIT-DRUGS|VENEZUELA|TCO|NICARAGUA|CUBA/;
const RUSSIAN_PROGRAMS = /RUSSIA|UKRAINE|BELARUS|CYBER|ELECTION/;

/** Particles that stay with the surname ("AL QADHAFI"), lowercase. */
const PARTICLES = new Set(['al', 'el', 'bin', 'ibn', 'abu', 'abd', 'bint', 'ould', 'de', 'del', 'la', 'le', 'van', 'von', 'der', 'da', 'di', 'dos', 'das', 'du']);

// ---------------------------------------------------------------------------------------------------
// Deterministic randomness.

/** mulberry32: small, fast, good enough to pick names. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rnd = () => number;

function pick<T>(rnd: Rnd, items: readonly T[]): T {
  const item = items[Math.floor(rnd() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function shuffled<T>(rnd: Rnd, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const t = out[i] as T;
    out[i] = out[j] as T;
    out[j] = t;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Text helpers.

/** "AL-QADHAFI" -> "Al-Qadhafi", "o'brien" -> "O'Brien"; particles after the first word stay lowercase. */
function titleWord(word: string, first: boolean): string {
  const lower = word.toLowerCase();
  if (!first && PARTICLES.has(lower)) return lower;
  // Capitals after a hyphen, and after an apostrophe that follows one letter (O'Brien, not As'ad).
  return lower
    .replace(/(^|[- ])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/(^|[- ])(\p{L})(['’])(\p{L})/gu, (_m, sep: string, a: string, q: string, ch: string) => sep + a + q + ch.toUpperCase());
}

function titleCase(words: readonly string[]): string {
  return words.map((w, i) => titleWord(w, i === 0)).join(' ');
}

function wordsOf(text: string): string[] {
  return text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/["“”]/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^[,.;:]+|[,.;:]+$/g, ''))
    .filter((w) => w.length > 0);
}

function letters(word: string): string {
  return word.toLowerCase().replace(/[^a-z]/g, '');
}

function isLatinName(text: string): boolean {
  return /^[A-Za-z .,'’\-"()&/]+$/.test(text);
}

/** Keeps the case style of `like` (all caps, title or lower) for a rewritten word. */
function likeCase(like: string, word: string): string {
  if (like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] === like[0]?.toUpperCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

const KEYBOARD_NEIGHBOURS: Readonly<Record<string, string>> = {
  q: 'wa', w: 'qes', e: 'wrd', r: 'etf', t: 'ryg', y: 'tuh', u: 'yij', i: 'uok', o: 'ipl', p: 'ol', a: 'qsz', s: 'adwx', d: 'sfe',
  f: 'dgr', g: 'fht', h: 'gjy', j: 'hku', k: 'jli', l: 'ko', z: 'xas', x: 'zcs', c: 'xvd', v: 'cbf', b: 'vng', n: 'bmh', m: 'nj',
};

/** One keyboard typo in a word of letters: a neighbour key, a dropped, doubled or swapped letter. */
function typo(rnd: Rnd, word: string): string {
  const w = word.toLowerCase();
  for (let attempt = 0; attempt < 10; attempt++) {
    const i = Math.floor(rnd() * w.length);
    const c = w.charAt(i);
    let out: string;
    switch (Math.floor(rnd() * 4)) {
      case 0: {
        const near = KEYBOARD_NEIGHBOURS[c];
        if (!near) continue;
        out = w.slice(0, i) + pick(rnd, [...near]) + w.slice(i + 1);
        break;
      }
      case 1:
        out = w.slice(0, i) + w.slice(i + 1);
        break;
      case 2:
        out = w.slice(0, i + 1) + (rnd() < 0.5 ? c : pick(rnd, [...(KEYBOARD_NEIGHBOURS[c] ?? c)])) + w.slice(i + 1);
        break;
      default:
        if (i === 0 || w.charAt(i - 1) === c) continue;
        out = w.slice(0, i - 1) + c + w.charAt(i - 1) + w.slice(i + 1);
    }
    if (out !== w && /^[a-z]+$/.test(out)) return out;
  }
  return w.slice(0, -1);
}

// ---------------------------------------------------------------------------------------------------
// Loose spelling key, independent of the matcher: decides whether a generated negative is clearly not a
// listed name. Vowels (but the first letter's) and h are dropped, transliteration letters folded.

const KEY_STOP_PERSON = new Set([
  ...PARTICLES, 'mr', 'mrs', 'ms', 'dr', 'sheikh', 'haji', 'mullah', 'imam', 'general', 'colonel', 'gen', 'prof', 'jr', 'sr', 'ii', 'iii',
]);
const KEY_STOP_BUSINESS = new Set([
  'llc', 'ltd', 'limited', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'gmbh', 'ag', 'sa', 'plc', 'bv', 'nv',
  'pty', 'sarl', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'ooo', 'oao', 'zao', 'pao', 'ao', 'liability', 'joint', 'stock', 'public', 'open',
  'closed', 'the', 'and', 'of', 'for', 'trading', 'group', 'international', 'holding', 'holdings', 'services', 'import', 'export',
  'industries', 'enterprise', 'enterprises', 'investment', 'investments', 'general', 'global', 'de', 'la', 'el', 'al', 'cv', 'srl',
]);

function looseKey(word: string): string {
  let w = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z]/g, '');
  if (w.length === 0) return '';
  w = w
    .replace(/dzh|dj|zh/g, 'j')
    .replace(/ph/g, 'f')
    .replace(/kh/g, 'h')
    .replace(/gh/g, 'g')
    .replace(/dh/g, 'd')
    .replace(/th/g, 't')
    .replace(/ck/g, 'k')
    .replace(/[qc]/g, 'k')
    .replace(/z/g, 's')
    .replace(/w/g, 'v')
    .replace(/y/g, 'i')
    .replace(/x/g, 'ks')
    .replace(/[aeiou]+/g, 'a')
    .replace(/(.)\1+/g, '$1');
  return w.length > 2 ? w.replace(/a$/, '') : w;
}

interface LooseName {
  /** Keys of the distinctive words (no particles, titles, legal forms or generic business words). */
  keys: string[];
  /** Keys of every word but titles and legal forms. */
  all: string[];
  /** Letters of the distinctive words, for single-word names (loose keys are too loose alone). */
  plain: string[];
}

const LEGAL_WORDS = new Set([
  'llc', 'ltd', 'limited', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'gmbh', 'ag', 'sa', 'plc', 'bv', 'nv',
  'pty', 'sarl', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'ooo', 'oao', 'zao', 'pao', 'ao', 'liability', 'joint', 'stock', 'public', 'open',
  'closed', 'cv', 'srl', 'dmcc', 'fze', 'fzco', 'sal', 'sae', 'pte', 'ltda', 'spa', 'kg', 'oy', 'oyj', 'ab', 'asa', 'as',
]);
const TITLE_WORDS = new Set(['mr', 'mrs', 'ms', 'dr', 'sheikh', 'haji', 'mullah', 'imam', 'general', 'colonel', 'gen', 'prof', 'jr', 'sr', 'ii', 'iii']);

function looseName(name: string, kind: EntryKind): LooseName {
  const words = name
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^\p{L}]+/u)
    .map((w) => w.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase())
    .filter((w) => w.length > 1 && !(kind === 'person' ? TITLE_WORDS : LEGAL_WORDS).has(w));
  const stop = kind === 'person' ? KEY_STOP_PERSON : KEY_STOP_BUSINESS;
  const distinctive = words.filter((w) => !stop.has(w));
  const keys = (ws: string[]) => [...new Set(ws.map(looseKey).filter((k) => k.length > 0))];
  return { keys: keys(distinctive), all: keys(words), plain: distinctive };
}

/** Listed name forms by loose key, to find the listed names a negative shares words with. */
class LooseIndex {
  private readonly forms: Array<LooseName & { kind: EntryKind; source: string }> = [];
  private readonly byKey = new Map<string, number[]>();

  constructor(lists: readonly EvalList[]) {
    for (const list of lists) {
      for (const entry of list.entries) {
        for (const name of [entry.name, ...(entry.aliases ?? [])]) {
          const loose = looseName(name, entry.kind);
          if (loose.all.length === 0) continue;
          const id = this.forms.length;
          this.forms.push({ ...loose, kind: entry.kind, source: `${entry.ref} ${name}` });
          for (const k of loose.all) {
            const ids = this.byKey.get(k);
            if (ids) ids.push(id);
            else this.byKey.set(k, [id]);
          }
        }
      }
    }
  }

  /**
   * The listed name that makes `name` not clearly a non-match, if any: all the words of one are among
   * the words of the other (two words or more), or both have the same single distinctive word.
   */
  conflict(name: string, kind: EntryKind | undefined): string | undefined {
    const kinds: EntryKind[] = kind ? [kind] : ['person', 'business'];
    for (const k of kinds) {
      const mine = looseName(name, k);
      if (mine.all.length === 0) continue;
      const all = new Set(mine.all);
      const seen = new Set<number>();
      for (const key of mine.all) {
        for (const id of this.byKey.get(key) ?? []) {
          if (seen.has(id)) continue;
          seen.add(id);
          const form = this.forms[id];
          if (!form || form.kind !== k) continue;
          const shared = form.all.filter((x) => all.has(x)).length;
          if (shared === form.all.length && form.all.length >= 2) return form.source;
          if (shared === all.size && all.size >= 2) return form.source;
          const sameDistinctive =
            mine.keys.length > 0 && mine.keys.length === form.keys.length && mine.keys.every((x) => form.keys.includes(x));
          if (!sameDistinctive) continue;
          // One distinctive word: loose keys of short words collide too easily; ask for the same
          // letters or a long key.
          if (mine.keys.length >= 2 || (mine.keys[0]?.length ?? 0) >= 4 || mine.plain.join(' ') === form.plain.join(' ')) return form.source;
        }
      }
    }
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// People: parts of a listed name and their variants.

interface PersonParts {
  given: string[];
  surname: string[];
}

/** "QADHAFI, Muammar" / "MUAMMAR QADHAFI": given names and surname (with its particles). */
function personParts(name: string): PersonParts | null {
  if (!isLatinName(name) || /\d/.test(name)) return null;
  const parts = name
    .replace(/\([^)]*\)/g, ' ')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  let given: string[];
  let surname: string[];
  if (parts.length >= 2) {
    surname = wordsOf(parts[0] as string);
    given = wordsOf(parts[1] as string);
  } else {
    const w = wordsOf(parts[0] ?? '');
    given = w.slice(0, -1);
    surname = w.slice(-1);
    while (given.length > 1 && PARTICLES.has((given[given.length - 1] as string).toLowerCase())) surname.unshift(given.pop() as string);
  }
  // Suffixes, and the UN list's "na" (not available) for a missing name part.
  const kept = (w: string) => !/^(jr|sr|ii|iii|na)\.?$/i.test(w);
  given = given.filter(kept);
  surname = surname.filter(kept);
  if (given.length === 0 || surname.length === 0) return null;
  return { given, surname };
}

function speechOrder(p: PersonParts): string[] {
  return [...p.given, ...p.surname];
}

/** Words long enough for a typo (five letters or more, not particles). */
function typoTargets(words: readonly string[]): number[] {
  return words.map((w, i) => (letters(w).length >= 5 && !PARTICLES.has(w.toLowerCase()) && /^[A-Za-z]+$/.test(w) ? i : -1)).filter((i) => i >= 0);
}

function withTypos(rnd: Rnd, words: readonly string[], count: 1 | 2): string[] | null {
  const out = [...words];
  const targets = typoTargets(words);
  if (targets.length === 0) return null;
  if (count === 1) {
    const i = pick(rnd, targets);
    out[i] = likeCase(words[i] as string, typo(rnd, words[i] as string));
    return out;
  }
  if (targets.length >= 2) {
    const [a, b] = shuffled(rnd, targets);
    for (const i of [a as number, b as number]) out[i] = likeCase(words[i] as string, typo(rnd, words[i] as string));
    return out;
  }
  const i = targets[0] as number;
  const word = words[i] as string;
  if (letters(word).length < 8) return null;
  // Two typos in one long word, apart from each other: one in each half.
  const half = Math.floor(word.length / 2);
  out[i] = likeCase(word, typo(rnd, word.slice(0, half)) + typo(rnd, word.slice(half)));
  return out;
}

function respell(rnd: Rnd, words: readonly string[]): string[] | null {
  const order = shuffled(
    rnd,
    words.map((_, i) => i),
  );
  for (const i of order) {
    const w = (words[i] as string).toLowerCase();
    const group = SPELLING_GROUPS.find((g) => g.includes(w));
    if (group) {
      const out = [...words];
      out[i] = likeCase(words[i] as string, pick(rnd, group.filter((x) => x !== w)));
      return out;
    }
  }
  for (const i of order) {
    const w = (words[i] as string).toLowerCase();
    if (w.length < 4 || !/^[a-z]+$/.test(w)) continue;
    // The respelt word keeps four letters or more: shorter words match only exactly, by design.
    const rule = shuffled(rnd, SPELLING_RULES).find(([re, to]) => re.test(w) && w.replace(re, to).length >= 4);
    if (!rule) continue;
    const out = [...words];
    out[i] = likeCase(words[i] as string, w.replace(rule[0], rule[1]));
    return out;
  }
  return null;
}

function personVariant(rnd: Rnd, entry: ListEntry, category: string): string | null {
  const p = personParts(entry.name);
  if (!p) return null;
  const arabic = ARABIC_MARKERS.test(entry.name);
  const spoken = speechOrder(p);
  switch (category) {
    case 'word_order': {
      if (entry.name.includes(',')) return rnd() < 0.75 ? titleCase(spoken) : titleCase([...p.surname, ...p.given]);
      return `${p.surname.join(' ').toUpperCase()}, ${titleCase(p.given)}`;
    }
    case 'title': {
      const title = pick(rnd, arabic ? PERSON_TITLES_ARABIC : PERSON_TITLES_OTHER);
      return `${title} ${titleCase(spoken)}`;
    }
    case 'typo1':
    case 'typo2': {
      const changed = withTypos(rnd, spoken, category === 'typo1' ? 1 : 2);
      return changed ? titleCase(changed) : null;
    }
    case 'initials': {
      if (letters(p.surname.join('')).length < 4) return null;
      const plain = (w: string) => /^[A-Za-z]{3,}$/.test(w) && !PARTICLES.has(w.toLowerCase());
      if (p.given.length >= 2) {
        const middle = p.given.map((w, k) => (k > 0 && plain(w) ? k : -1)).filter((k) => k > 0);
        if (middle.length === 0 || !plain(p.given[0] as string)) return null;
        const i = pick(rnd, middle);
        const given = p.given.map((w, k) => (k === i ? `${w.charAt(0).toUpperCase()}.` : titleWord(w, k === 0)));
        return `${given.join(' ')} ${titleCase(p.surname)}`;
      }
      const first = p.given[0] ?? '';
      if (!plain(first)) return null;
      return `${first.charAt(0).toUpperCase()}. ${titleCase(p.surname)}`;
    }
    case 'translit': {
      const changed = respell(rnd, spoken);
      return changed ? titleCase(changed) : null;
    }
    case 'fewer_words': {
      // A customer file without the patronymic or middle name, or with the first surname only.
      if (p.surname.length >= 2 && SPANISH_PROGRAMS.test(entry.program ?? '') && !PARTICLES.has((p.surname[0] as string).toLowerCase())) {
        return titleCase([...p.given, p.surname[0] as string]);
      }
      if (p.given.length < 2) return null;
      const drop = 1 + Math.floor(rnd() * (p.given.length - 1));
      const kept = [...p.given.filter((_, k) => k !== drop), ...p.surname];
      // What is left must still be a name: two words of three letters or more besides particles.
      if (kept.filter((w) => letters(w).length >= 3 && !PARTICLES.has(w.toLowerCase())).length < 2) return null;
      return titleCase(kept);
    }
    case 'spacing': {
      for (let i = 0; i + 1 < spoken.length; i++) {
        const a = (spoken[i] as string).toLowerCase();
        const b = spoken[i + 1] as string;
        if (['abu', 'abd', 'abdul', 'abdel', 'bin'].includes(a) && /^[A-Za-z]{3,}$/.test(b)) {
          const out = [...spoken.slice(0, i), `${a}${b.toLowerCase()}`, ...spoken.slice(i + 2)];
          return titleCase(out);
        }
      }
      const hyphen = spoken.findIndex((w) => /^(al|el|as|ash|ad|ar|az|at)-[A-Za-z]{3,}$/i.test(w));
      if (hyphen >= 0) return titleCase(spoken.map((w, k) => (k === hyphen ? w.replace('-', '').toLowerCase() : w)));
      if (/DPRK|NORTH KOREA/.test(entry.program ?? '') && p.given.length === 2 && p.given.every((w) => w.length <= 5)) {
        return `${titleCase(p.surname)} ${titleWord(p.given.join('').toLowerCase(), true)}`;
      }
      return null;
    }
    case 'diacritics': {
      let changed = false;
      const out = spoken.map((w) => {
        const accented = SPANISH_PROGRAMS.test(entry.program ?? '') ? SPANISH_ACCENTS[w.toLowerCase()] : undefined;
        if (accented) {
          changed = true;
          return accented;
        }
        if (/BALKANS/.test(entry.program ?? '') && /ic$/i.test(w)) {
          changed = true;
          return `${titleWord(w, true).slice(0, -1)}ć`;
        }
        return titleWord(w, true);
      });
      return changed ? out.join(' ') : null;
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// Businesses: legal forms and their variants.

interface LegalForm {
  /** Regexp on the uppercase name; group 1 or 2 is the rest of the name. */
  re: RegExp;
  /** Rewrites of the whole name given the rest (title-cased); RU: Russian spellings allowed. */
  variants: (core: string, russian: boolean, spanish: boolean) => string[];
}

const LLC_VARIANTS = (c: string, ru: boolean) => [
  `${c} LLC`,
  `LLC ${c}`,
  `${c} Limited Liability Company`,
  `Limited Liability Company ${c}`,
  ...(ru ? [`OOO ${c}`, `${c} OOO`, `Obshchestvo s Ogranichennoi Otvetstvennostyu ${c}`, `OOO "${c}"`] : []),
];

const LEGAL_FORMS: readonly LegalForm[] = [
  { re: /^PUBLIC JOINT STOCK COMPANY (.+)$|^(.+?),? PUBLIC JOINT STOCK COMPANY$/, variants: (c, ru) => [`PJSC ${c}`, `${c} PJSC`, ...(ru ? [`PAO ${c}`, `${c} PAO`] : [])] },
  { re: /^OPEN JOINT STOCK COMPANY (.+)$|^(.+?),? OPEN JOINT STOCK COMPANY$/, variants: (c, ru) => [`OJSC ${c}`, `${c} OJSC`, ...(ru ? [`OAO ${c}`] : [])] },
  { re: /^CLOSED JOINT STOCK COMPANY (.+)$|^(.+?),? CLOSED JOINT STOCK COMPANY$/, variants: (c, ru) => [`CJSC ${c}`, `${c} CJSC`, ...(ru ? [`ZAO ${c}`] : [])] },
  { re: /^JOINT STOCK COMPANY (.+)$|^(.+?),? JOINT STOCK COMPANY$/, variants: (c, ru) => [`JSC ${c}`, `${c} JSC`, `${c} Joint-Stock Company`, ...(ru ? [`AO ${c}`] : [])] },
  { re: /^(?:PJSC|PAO) (.+)$|^(.+?),? (?:PJSC|PAO)$/, variants: (c) => [`Public Joint Stock Company ${c}`, `${c} Public Joint-Stock Company`] },
  { re: /^(?:JSC|AO) (.+)$|^(.+?),? (?:JSC|AO)$/, variants: (c) => [`Joint Stock Company ${c}`, `${c} Joint Stock Company`] },
  { re: /^(?:OJSC|OAO) (.+)$|^(.+?),? (?:OJSC|OAO)$/, variants: (c) => [`Open Joint Stock Company ${c}`] },
  { re: /^LIMITED LIABILITY COMPANY (.+)$|^(.+?),? LIMITED LIABILITY COMPANY$/, variants: LLC_VARIANTS },
  { re: /^(?:LLC|L\.L\.C\.?) (.+)$|^(.+?),? (?:LLC|L\.L\.C\.?)$/, variants: (c, ru) => LLC_VARIANTS(c, ru).filter((v) => !/\bLLC\b/.test(v)) },
  { re: /^OOO (.+)$|^(.+?),? OOO$/, variants: (c) => [`${c} LLC`, `Limited Liability Company ${c}`, `Obshchestvo s Ogranichennoi Otvetstvennostyu ${c}`] },
  {
    re: /^OBSHCHESTVO S OGRANICHENNOI OTVETSTVENNOSTYU (.+)$|^(.+?),? OBSHCHESTVO S OGRANICHENNOI OTVETSTVENNOSTYU$/,
    variants: (c) => [`OOO ${c}`, `${c} LLC`, `Limited Liability Company ${c}`],
  },
  { re: /^(.+?),? (?:CO\.?,? LTD\.?|COMPANY LIMITED|CO\.?,? LIMITED)$/, variants: (c) => [`${c} Co., Ltd.`, `${c} Company Limited`, `${c} Co Ltd`] },
  { re: /^(.+?),? (?:LTD\.?|LIMITED)$/, variants: (c) => [`${c} Limited`, `${c} Ltd`, `${c} Ltd.`] },
  { re: /^(.+?),? S\.?\s?A\.? DE C\.?\s?V\.?$/, variants: (c) => [`${c} SA de CV`, `${c}, S.A. de C.V.`, `${c} Sociedad Anonima de Capital Variable`] },
  {
    re: /^(.+?),? S\.\s?A\.?$|^(.+?),? SA$/,
    variants: (c, _ru, es) => [`${c} SA`, `${c} S.A.`, es ? `${c} Sociedad Anonima` : `${c} Societe Anonyme`],
  },
  { re: /^(.+?),? (?:INC\.?|INCORPORATED)$/, variants: (c) => [`${c} Inc.`, `${c} Incorporated`, `${c}, Inc`] },
  { re: /^(.+?),? (?:CORP\.?|CORPORATION)$/, variants: (c) => [`${c} Corp.`, `${c} Corporation`] },
  { re: /^(.+?),? (?:PLC|P\.L\.C\.)$/, variants: (c) => [`${c} Public Limited Company`, `${c} p.l.c.`] },
  { re: /^(.+?),? (?:CO\.|COMPANY)$/, variants: (c) => [`${c} Co.`, `${c} Company`, `${c} Co`] },
  { re: /^(.+?),? GMBH$/, variants: (c) => [`${c} GmbH`, `${c} G.m.b.H.`] },
  { re: /^(.+?),? (?:S\.R\.L\.?|SRL)$/, variants: (c) => [`${c} SRL`, `${c} S.R.L.`] },
  { re: /^(.+?),? (?:FZE|F\.Z\.E\.)$/, variants: (c) => [`${c} FZE`, `${c} F.Z.E.`, `${c} Free Zone Establishment`] },
];

interface BusinessParts {
  /** The name without its legal form, as written. */
  core: string;
  /** What stood before and after the core in the name (the legal form), as written. */
  prefix: string;
  suffix: string;
  form?: LegalForm;
}

function businessParts(name: string): BusinessParts | null {
  if (!isLatinName(name) || /\d/.test(name)) return null;
  const clean = name.replace(/\([^)]*\)/g, ' ').replace(/["“”]/g, '').replace(/'(?=\s|$)|(?<=\s|^)'/g, '').replace(/\s+/g, ' ').trim();
  const upper = clean.toUpperCase();
  for (const form of LEGAL_FORMS) {
    const m = form.re.exec(upper);
    if (!m) continue;
    const core = (m[1] ?? m[2] ?? '').trim().replace(/,$/, '');
    const start = upper.indexOf(core);
    if (core.length === 0 || start < 0) return null;
    return { core: clean.slice(start, start + core.length), prefix: clean.slice(0, start), suffix: clean.slice(start + core.length), form };
  }
  return { core: clean, prefix: '', suffix: '' };
}

const BUSINESS_GENERIC = new Set([...KEY_STOP_BUSINESS, 'bank', 'company', 'trade', 'commercial']);

function businessVariant(rnd: Rnd, entry: ListEntry, category: string): string | null {
  const parts = businessParts(entry.name);
  if (!parts) return null;
  const core = titleCase(wordsOf(parts.core));
  const coreWords = wordsOf(parts.core);
  const russian = RUSSIAN_PROGRAMS.test(entry.program ?? '');
  const spanish = SPANISH_PROGRAMS.test(entry.program ?? '');
  switch (category) {
    case 'legal_form': {
      if (!parts.form) return null;
      const original = entry.name.toLowerCase().replace(/[^a-z ]/g, '');
      const options = parts.form.variants(core, russian, spanish).filter((v) => v.toLowerCase().replace(/[^a-z ]/g, '') !== original);
      return options.length > 0 ? pick(rnd, options) : null;
    }
    case 'legal_form_dropped': {
      if (!parts.form || coreWords.length < 2) return null;
      return core;
    }
    case 'typo1':
    case 'typo2': {
      const distinctive = coreWords.map((w) => (BUSINESS_GENERIC.has(w.toLowerCase()) ? '' : w));
      const changed = withTypos(rnd, distinctive, category === 'typo1' ? 1 : 2);
      if (!changed) return null;
      const words = coreWords.map((w, i) => (changed[i] ? (changed[i] as string) : w));
      return `${titleCase(wordsOf(parts.prefix))} ${titleCase(words)} ${titleCase(wordsOf(parts.suffix))}`.replace(/\s+/g, ' ').trim();
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// Quotas of generated items per list and kind: category -> how many.

const PERSON_QUOTA: Readonly<Record<Tag, Readonly<Record<string, number>>>> = {
  ofac24: { word_order: 25, title: 22, typo1: 30, typo2: 22, initials: 22, translit: 32, fewer_words: 18, spacing: 8, diacritics: 8 },
  un: { word_order: 10, title: 8, typo1: 12, typo2: 8, initials: 8, translit: 12, fewer_words: 6, spacing: 4 },
  ofac21: { word_order: 5, title: 4, typo1: 6, typo2: 4, initials: 4, translit: 6, fewer_words: 3, spacing: 2, diacritics: 2 },
};
const BUSINESS_QUOTA: Readonly<Record<Tag, Readonly<Record<string, number>>>> = {
  ofac24: { legal_form: 50, legal_form_dropped: 12, typo1: 28, typo2: 14 },
  un: { legal_form: 4, typo1: 8, typo2: 4 },
  ofac21: { legal_form: 8, typo1: 5, typo2: 3 },
};

const NEGATIVE_QUOTA = {
  shares_word_person: 90,
  shares_given_names: 20,
  shares_generic_business: 35,
  shares_word_business: 30,
  random_western: 25,
  random_arabic: 30,
  random_slavic: 25,
  random_asian: 20,
};

function withKind(rnd: Rnd, query: ScreeningQuery, kind: EntryKind, share = 0.8): ScreeningQuery {
  return rnd() < share ? { ...query, kind } : query;
}

/** The evaluation set for these lists. Same lists and seed, same items. */
export function buildEvaluationSet(lists: readonly EvalList[], seed = 20240503): EvalSet {
  const rnd = seededRandom(seed);
  const items: EvalItem[] = [];
  const droppedNegatives: string[] = [];
  let skippedLabels = 0;
  const byTag = new Map<Tag, EvalList>();
  for (const list of lists) {
    const tag = listTag(list.code, list.version);
    if (tag) byTag.set(tag, list);
  }
  const loose = new LooseIndex(lists);
  const seenQueries = new Set<string>();

  // Hand-written positives: one item per label whose list is loaded; a label that does not exist is a bug.
  HAND_POSITIVES.forEach(([name, kind, labels, category], n) => {
    labels.split(' ').forEach((label, k) => {
      const [tag, ref] = label.split(':') as [Tag, string];
      const list = byTag.get(tag);
      if (!list) {
        skippedLabels++;
        return;
      }
      if (!list.entries.some((e) => e.ref === ref)) throw new Error(`hand-written label ${label} (for "${name}") is not in ${list.id}`);
      items.push({
        id: `hand-p-${String(n).padStart(3, '0')}.${k}`,
        query: kind ? { name, kind } : { name },
        positive: true,
        expect: { list: list.id, ref },
        category,
        origin: 'hand',
      });
    });
  });

  // Hand-written negatives: must be clear non-matches by the same loose check as generated ones.
  HAND_NEGATIVES.forEach(([name, kind, category], n) => {
    const conflict = loose.conflict(name, kind ?? undefined);
    if (conflict) {
      droppedNegatives.push(`hand "${name}" ~ listed ${conflict}`);
      return;
    }
    items.push({ id: `hand-n-${String(n).padStart(3, '0')}`, query: kind ? { name, kind } : { name }, positive: false, category, origin: 'hand' });
  });

  // Generated positives from real entries.
  for (const tag of ['ofac24', 'un', 'ofac21'] as const) {
    const list = byTag.get(tag);
    if (!list) continue;
    for (const kind of ['person', 'business'] as const) {
      const pool = shuffled(
        rnd,
        list.entries.filter((e) => e.kind === kind),
      );
      const used = new Set<string>();
      const quota = kind === 'person' ? PERSON_QUOTA[tag] : BUSINESS_QUOTA[tag];
      for (const [category, wanted] of Object.entries(quota)) {
        let made = 0;
        for (const entry of pool) {
          if (made >= wanted) break;
          if (used.has(entry.ref)) continue;
          const name = kind === 'person' ? personVariant(rnd, entry, category) : businessVariant(rnd, entry, category);
          if (!name || name.length > 200 || seenQueries.has(name.toLowerCase())) continue;
          // A variant that is the list's own spelling again tests nothing.
          if (name.toLowerCase() === entry.name.toLowerCase()) continue;
          used.add(entry.ref);
          seenQueries.add(name.toLowerCase());
          let query: ScreeningQuery = withKind(rnd, { name }, kind);
          if (kind === 'person' && entry.birth_year !== undefined && rnd() < 0.25) query = { ...query, birth_year: entry.birth_year };
          items.push({
            id: `gen-p-${tag}-${category}-${String(made).padStart(3, '0')}`,
            query,
            positive: true,
            expect: { list: list.id, ref: entry.ref },
            category,
            origin: 'generated',
          });
          made++;
        }
      }
    }
  }

  // Generated negatives.
  const people = lists.flatMap((l) => l.entries.filter((e) => e.kind === 'person'));
  const businesses = lists.flatMap((l) => l.entries.filter((e) => e.kind === 'business'));
  const addNegative = (category: string, name: string, kind: EntryKind, n: number): boolean => {
    const key = name.toLowerCase();
    if (seenQueries.has(key)) return false;
    const conflict = loose.conflict(name, kind);
    if (conflict) return false;
    seenQueries.add(key);
    let query = withKind(rnd, { name }, kind);
    if (kind === 'person' && rnd() < 0.25) query = { ...query, birth_year: 1945 + Math.floor(rnd() * 55) };
    items.push({ id: `gen-n-${category}-${String(n).padStart(3, '0')}`, query, positive: false, category, origin: 'generated' });
    return true;
  };
  const generate = (category: keyof typeof NEGATIVE_QUOTA, make: () => [string, EntryKind] | null): void => {
    let made = 0;
    for (let attempt = 0; made < NEGATIVE_QUOTA[category] && attempt < NEGATIVE_QUOTA[category] * 40; attempt++) {
      const next = make();
      if (next && addNegative(category, next[0], next[1], made)) made++;
    }
  };
  const distinctiveWord = (w: string) => /^[A-Za-z]{4,}$/.test(w) && !PARTICLES.has(w.toLowerCase());

  generate('shares_word_person', () => {
    const p = personParts(pick(rnd, people).name);
    if (!p) return null;
    if (rnd() < 0.7) {
      const given = p.given[0];
      if (!given || !distinctiveWord(given)) return null;
      return [`${titleWord(given, true)} ${pick(rnd, rnd() < 0.6 ? WESTERN_SURNAMES : ASIAN_SURNAMES)}`, 'person'];
    }
    const surname = p.surname.filter(distinctiveWord).pop();
    if (!surname) return null;
    return [`${pick(rnd, rnd() < 0.6 ? WESTERN_GIVEN : ASIAN_GIVEN)} ${titleWord(surname, true)}`, 'person'];
  });
  generate('shares_given_names', () => {
    const p = personParts(pick(rnd, people).name);
    if (!p || p.given.length < 2 || !p.given.slice(0, 2).every(distinctiveWord)) return null;
    return [`${titleCase(p.given.slice(0, 2))} ${pick(rnd, WESTERN_SURNAMES)}`, 'person'];
  });
  const businessNegative = (sharesDistinctive: boolean): [string, EntryKind] | null => {
    const entry = pick(rnd, businesses);
    const parts = businessParts(entry.name);
    if (!parts) return null;
    const words = wordsOf(parts.core);
    const distinct = words.map((w, i) => (BUSINESS_GENERIC.has(w.toLowerCase()) || !/^[A-Za-z]{3,}$/.test(w) ? -1 : i)).filter((i) => i >= 0);
    if (words.length > 4 || distinct.length === 0) return null;
    if (sharesDistinctive ? distinct.length < 2 : distinct.length !== 1 || words.length < 2) return null;
    // Keep one distinctive word at most; the others become ordinary words.
    const keep = sharesDistinctive ? pick(rnd, distinct) : -1;
    const out = words.map((w, i) => (distinct.includes(i) && i !== keep ? pick(rnd, BUSINESS_WORDS) : w));
    const suffix = parts.form ? pick(rnd, LEGAL_SUFFIXES) : rnd() < 0.5 ? pick(rnd, LEGAL_SUFFIXES) : '';
    return [`${titleCase(out)} ${suffix}`.trim(), 'business'];
  };
  generate('shares_generic_business', () => businessNegative(false));
  generate('shares_word_business', () => businessNegative(true));
  const randomName = (given: readonly string[], surnames: readonly string[], middleShare = 0): [string, EntryKind] => {
    const middle = rnd() < middleShare ? ` ${pick(rnd, given)}` : '';
    return [`${pick(rnd, given)}${middle} ${pick(rnd, surnames)}`, 'person'];
  };
  generate('random_western', () => randomName(WESTERN_GIVEN, WESTERN_SURNAMES));
  // Arabic names often carry the father's name between the given name and the family name.
  generate('random_arabic', () => randomName(ARABIC_GIVEN, ARABIC_SURNAMES, 0.4));
  generate('random_slavic', () => randomName(SLAVIC_GIVEN, SLAVIC_SURNAMES));
  generate('random_asian', () => randomName(ASIAN_GIVEN, ASIAN_SURNAMES));

  return { items, droppedNegatives, skippedLabels };
}
