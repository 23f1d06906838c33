// A probe of the matcher: hand-written query / list-name pairs, labelled, for the kinds of variant real
// customer data carries (issue 17). A tuning aid beside the independent set's tuning half, not part of the
// benchmark: it prints the positives not among the matches and the negatives that match.
//
//   npx tsx scripts/bench/screening-probe.ts [--all] [--kind KIND] [--second | --third | --fourth]  (screening-probe-second.ts, -third.ts, -fourth.ts)
//
// Provenance: every pair is written for this file. List names are either real entries of the lists in
// ../shared/data/lists (OFAC SDN 2024, UN consolidated 2026; the ref in the comment column) or invented
// names in the forms lists use; queries write them as customer records do (order swapped, middle names
// dropped or added, accents dropped, hyphens, titles, one typo, the transliterations people use, birth years
// one or two apart or missing, businesses with or without their legal form and country). Negatives are
// names close to a list name that belong to another person or business (a shared surname or given name
// only, a given name of the other gender, a business sharing a generic word). No pair comes from a
// public name-matching benchmark.
//
// Each pair is screened with screenName against an index of every list name of the probe (so a positive
// must also be a candidate); a positive counts as found when its entry is among the matches (score >= 80),
// a negative as a false positive when its own entry is.

import '../project';
import { buildScreeningIndex, scoreEntry, screenName, type ListEntry } from '@/lib/screening/matcher';
import { N, P, SECOND_PAIRS, type ProbePair as Pair } from './screening-probe-second';
import { FOURTH_PAIRS } from './screening-probe-fourth';
import { THIRD_PAIRS } from './screening-probe-third';

const p = 'person' as const;
const b = 'business' as const;

const PAIRS: Pair[] = [
  // 1. Birth year one or two apart, missing, another nationality: a strong name stays a match.
  P('birth_year', p, 'Hasan Othman', 'OTHMAN, Hasan Chehadeh', { qy: 1980, ly: 1979 }),
  P('birth_year', p, 'Ousmane Conte', 'CONTE, Ousmane', { qy: 1965, ly: 1963 }),
  P('birth_year', p, 'Ali Abbas Usman Jega', 'JEGA, Ali Abbas Usman', { qy: 1964, ly: 1965 }),
  P('birth_year', p, 'Sayed Wazir Shah', 'SHAH, Sayed Wazir', { qy: 1966, ly: 1964 }),
  P('birth_year', p, 'Alisher Usmanov', 'USMANOV, Alisher Burhanovich', { qy: 1954, ly: 1953 }),
  P('birth_year', p, 'Osman Mehmedagic', 'MEHMEDAGIC, Osman', { ly: 1962 }),
  P('birth_year', p, 'Mansour Othman Abahussain', 'ABAHUSSAIN, Mansour Othman M.', { qy: 1972, ly: 1972, qc: 'GB', lc: ['SA'] }),
  P('birth_year', p, 'Yumna Marwan Al-Atasi', 'AL-ATASI, Yumna Marwan al-Sayyid Sulayman', { qy: 1969, ly: 1967 }),
  P('birth_year', p, 'Sarah Jamal Muhammad Al Sayyid', 'AL-SAYYID, Sarah Jamal Muhammad', { qy: 1986, ly: 1985, qc: 'DE', lc: ['EG'] }),
  P('birth_year', p, 'Ronald Cosman', 'COSMAN, Ronald Eric', { qy: 1951, ly: 1950, qc: 'CA', lc: ['US'] }),
  P('birth_year', p, 'Othman El Ballouti', 'EL BALLOUTI, Othman', { qy: 1985, ly: 1987 }),
  P('birth_year', p, 'Abdullahi Osman Mohamed', 'MOHAMED, Abdullahi Osman', { qy: 1983, ly: 1984, qc: 'KE', lc: ['SO'] }),
  N('birth_year', p, 'Hasan Othman', 'OTHMAN, Hasan Chehadeh', { qy: 1998, ly: 1979 }),
  N('birth_year', p, 'Ronald Cosman', 'COSMAN, Ronald Eric', { qy: 1992, ly: 1950 }),

  // 2. Another script, both ways.
  P('script', p, 'Алишер Усманов', 'USMANOV, Alisher Burhanovich'),
  P('script', p, 'Алішер Усманов', 'USMANOV, Alisher Burhanovich'),
  P('script', p, 'Сергей Шойгу', 'SHOIGU, Sergei Kuzhugetovich'),
  P('script', p, 'Дмитрий Медведев', 'MEDVEDEV, Dmitry Anatolyevich'),
  P('script', p, 'عثمان الغامدي', 'AL-GHAMDI, Othman'),
  P('script', p, 'حسن عثمان', 'OTHMAN, Hasan Chehadeh'),
  P('script', p, 'Hani Yousef al-Sebai', 'هاني السيد السباعي يوسف'),
  P('script', p, 'Ezatullah Haqqani', 'عزت الله حقاني خان سيد'),
  P('script', p, 'Ρομάν Αμπράμοβιτς', 'ABRAMOVICH, Roman Arkadyevich'),
  P('script', p, 'רומן אברמוביץ', 'ABRAMOVICH, Roman Arkadyevich'),
  P('script', p, '金正恩', 'KIM, Jong Un'),
  P('script', p, '김정은', 'KIM, Jong Un'),
  P('script', p, 'व्लादिमीर पुतिन', 'PUTIN, Vladimir Vladimirovich'),
  P('script', p, 'Виктор Янукович', 'YANUKOVYCH, Viktor Fedorovych'),
  P('script', b, 'Газпромбанк', 'GAZPROMBANK'),
  P('script', p, 'محمد يوسف', 'YUSUF, Mohamed'),

  // 3. Words joined or split, hyphens.
  P('joined', p, 'Abubakar Shekau', 'SHEKAU, Abu Bakr'),
  P('joined', p, 'Abdul Hadi Gunawan', 'GUNAWAN, Abdulhadi'),
  P('joined', b, 'Petro Chemical Trading Co', 'PETROCHEMICAL TRADING COMPANY'),
  P('joined', b, 'Sea Star Shipping', 'SEASTAR SHIPPING LTD'),
  P('joined', p, 'Jean Pierre Bemba', 'BEMBA, Jean-Pierre'),
  P('joined', p, 'Mohamed Ali Hassan', 'MOHAMEDALI, Hassan'),
  P('joined', b, 'Oil Invest Holding', 'OILINVEST HOLDING LIMITED'),
  P('joined', p, 'Ben Zion Gopstein', 'GOPSTEIN, Ben-Zion'),

  // 4. Short names, one letter changed.
  P('short', p, 'Jon Lee', 'LEE, John'),
  P('short', p, 'Eric Tan', 'TAN, Erik'),
  P('short', p, 'Ali Kan', 'KHAN, Ali'),
  P('short', p, 'Omar Ali', 'ALI, Omer'),
  P('short', p, 'Ivan Lim', 'LIM, Iwan'),
  P('short', p, 'Adam Bek', 'BEK, Adem'),
  N('short', p, 'Ana Li', 'LEE, Anna Marie', { ly: 1950, qy: 1995 }),

  // 5. Numbers.
  P('numbers', b, 'Factory No. 9', 'FACTORY NUMBER NINE'),
  P('numbers', b, 'Second Economic Committee', '2ND ECONOMIC COMMITTEE'),
  P('numbers', b, 'Brigade 313', 'BRIGADE THREE HUNDRED THIRTEEN'),
  P('numbers', b, '7th Shipping Company', 'SEVENTH SHIPPING COMPANY'),
  P('numbers', b, 'Plant 1 October', 'PLANT FIRST OF OCTOBER'),

  // 6. Nicknames and short forms.
  P('nickname', p, 'Sasha Lukashenko', 'LUKASHENKO, Aleksandr Grigoryevich'),
  P('nickname', p, 'Bill Jones', 'JONES, William Robert'),
  P('nickname', p, 'Kolya Petrov', 'PETROV, Nikolai Ivanovich'),
  P('nickname', p, 'Pepe Castillo', 'CASTILLO, Jose'),
  P('nickname', p, 'Dima Kiselev', 'KISELEV, Dmitry Konstantinovich'),
  P('nickname', p, 'Tony Soares', 'SOARES, Antonio'),
  P('nickname', p, 'Misha Fridman', 'FRIDMAN, Mikhail Maratovich'),
  P('nickname', p, 'Paco Hernandez', 'HERNANDEZ, Francisco'),

  // 7. Legal forms, countries; distinctive words on one side.
  P('legal', b, 'Rosoboronexport OAO', 'ROSOBORONEXPORT'),
  P('legal', b, 'Gazprombank Joint Stock Company', 'GAZPROMBANK AO'),
  P('legal', b, 'Sberbank of Russia PJSC', 'Public Joint Stock Company SBERBANK OF RUSSIA'),
  P('legal', b, 'Mahan Air', 'MAHAN AIRLINES'),
  P('legal', b, 'Almaz Antey', 'JSC CONCERN ALMAZ-ANTEY'),
  P('legal', b, 'Kalashnikov Concern', 'KALASHNIKOV CONCERN JSC'),
  P('legal', b, 'Aeroflot', 'PUBLIC JOINT STOCK COMPANY AEROFLOT'),
  P('legal', b, 'Nordwind Shipping GmbH', 'NORDWIND SHIPPING LIMITED'),
  P('legal', b, 'Banco Delta Asia S.A.R.L.', 'BANCO DELTA ASIA'),
  P('legal', b, 'Hesco Gesellschaft mit beschränkter Haftung', 'HESCO GMBH'),
  P('legal', b, 'Tidewater Middle East Co', 'TIDEWATER MIDDLE EAST CO.'),
  P('legal', b, 'Société Anonyme Ferrand', 'FERRAND SA'),
  N('legal', b, 'Nordwind Shipping Ltd', 'NORDWIND LTD'),
  N('legal', b, 'Delta Trading LLC', 'DELTA AIRLINES INC'),
  N('legal', b, 'Global Logistics Ltd', 'GLOBAL VISION LOGISTICS GROUP LTD'),
  N('legal', b, 'Sunrise Trading Ltd', 'SUNRISE SHIPPING AND TRADING LIMITED'),
  N('legal', b, 'Eagle Holdings', 'BLACK EAGLE HOLDINGS LTD'),

  // Translated business names and their known other names.
  P('translated', b, 'Rostec', 'STATE CORPORATION ROSTEC'),
  P('translated', b, 'Rostekh', 'STATE CORPORATION ROSTEC'),
  P('translated', b, 'Ростех', 'STATE CORPORATION ROSTEC'),
  P('translated', b, 'Wagner Group', "PRIVATE MILITARY COMPANY 'WAGNER'"),
  P('translated', b, 'PMC Wagner', "PRIVATE MILITARY COMPANY 'WAGNER'"),
  P('translated', b, 'ЧВК Вагнер', "PRIVATE MILITARY COMPANY 'WAGNER'"),
  P('translated', b, 'Daesh', 'ISLAMIC STATE IN IRAQ AND THE LEVANT'),
  P('translated', b, 'ISIS', 'ISLAMIC STATE IN IRAQ AND THE LEVANT'),
  P('translated', b, 'الدولة الإسلامية في العراق والشام', 'ISLAMIC STATE IN IRAQ AND THE LEVANT'),
  P('translated', b, 'Islamic State of Iraq and Syria', 'ISLAMIC STATE IN IRAQ AND THE LEVANT'),
  P('translated', b, 'Islamic Jihad of Egypt', 'EGYPTIAN ISLAMIC JIHAD'),
  P('translated', b, 'جبهة النصرة', 'AL-NUSRAH FRONT FOR THE PEOPLE OF THE LEVANT'),
  P('translated', b, 'حزب الله', 'HIZBALLAH'),
  P('translated', b, 'Hezbollah', 'HIZBALLAH'),
  P('translated', b, 'Al Shabaab', 'AL-SHABAAB'),
  P('translated', b, 'الشباب', 'AL-SHABAAB'),
  P('translated', b, 'Lashkar e Taiba', 'LASHKAR-E-TAYYIBA'),
  N('translated', b, 'Wagner Music GmbH', "PRIVATE MILITARY COMPANY 'WAGNER'"),
  N('translated', b, 'Islamic Relief Worldwide', 'ISLAMIC STATE IN IRAQ AND THE LEVANT'),

  // 8. Romanisation of Chinese and Korean, doubled and swapped letters.
  P('romanisation', p, 'Chang Wei', 'ZHANG, Wei'),
  P('romanisation', p, 'Zhou Ming', 'CHOU, Ming'),
  P('romanisation', p, 'Choe Ryong Hae', 'CHOE, Ryong-hae'),
  P('romanisation', p, 'Choi Ryong Hae', 'CHOE, Ryong-hae'),
  P('romanisation', p, 'Chwe Ryong Hae', 'CHOE, Ryong-hae'),
  P('romanisation', p, 'Pak Pong Ju', 'PAK, Pong-ju'),
  P('romanisation', p, 'Park Bong Ju', 'PAK, Pong-ju'),
  P('romanisation', p, 'Kim Jongun', 'KIM, Jong Un'),
  P('romanisation', p, 'Ri Yong Ho', 'YI, Yong-ho'),
  P('romanisation', p, 'Hsu Chih Chiang', 'XU, Zhiqiang'),
  P('romanisation', p, 'Mohhamed Ahmde Kahlil', 'KHALIL, Mohamed Ahmed'),
  P('romanisation', p, 'Aleksandr Bortnikov', 'BORTNIKOV, Alexander Vasilievich'),
  P('romanisation', p, 'Oleksandr Yanukovych', 'YANUKOVYCH, Aleksandr Viktorovich'),
  P('romanisation', p, 'Alexandr Lukashenko', 'LUKASHENKO, Aleksandr Grigoryevich'),

  // 9. Initials and aliases in one string.
  P('initials', p, 'J. Kabila', 'KABILA, Joseph'),
  P('initials', p, 'R. Mugabe', 'MUGABE, Robert Gabriel'),
  P('initials', p, 'Viktor F. Yanukovych', 'YANUKOVYCH, Viktor Fedorovych'),
  P('initials', p, 'Mugabe Robert G', 'MUGABE, Robert Gabriel'),
  P('initials', b, 'IRGC', 'ISLAMIC REVOLUTIONARY GUARD CORPS'),
  P('multi', p, 'Abu Omar', 'OMAR MAHMOUD UTHMAN (Abu Omar; Abu Qatada)'),
  P('multi', b, 'Ruby Enterprise', 'MYANMAR RUBY ENTERPRISE / MRE'),

  // Transliteration variants of given names and surnames people actually use.
  P('translit', p, 'Mohd Yusuf Hashim', 'HASHIM, Muhammad Yusuf'),
  P('translit', p, 'Muhammad Youssef', 'YUSUF, Mohamed'),
  P('translit', p, 'Mohammed Yousef', 'YUSUF, Mohamed'),
  P('translit', p, 'Mehmet Yusuf', 'YUSUF, Mohamed'),
  P('translit', p, 'Usman Al-Ghamdi', 'AL-GHAMDI, Othman'),
  P('translit', p, 'Osman Al Ghamdi', 'AL-GHAMDI, Othman'),
  P('translit', p, 'Uthman Ghamdi', 'AL-GHAMDI, Othman'),
  P('translit', p, 'Osman Deramchi', 'DERAMCHI, Othman'),
  P('translit', p, 'Usman Deramchi', 'DERAMCHI, Othman'),
  P('translit', p, 'Othman Conte', 'CONTE, Usman'),
  P('translit', p, 'Hasan Osman', 'OTHMAN, Hasan Chehadeh'),
  P('translit', p, 'Yousef Hashem', 'HASHIM, Yusuf'),
  P('translit', p, 'Youssef Hachem', 'HASHIM, Yusuf'),
  P('translit', p, 'Ahmed Khan Sayyid', 'SAYYID, Ahmad Khan'),
  P('translit', p, 'Abdelkader Es Sayed', 'ES SAYED, Abdelkader Mahmoud'),
  P('translit', p, 'Abdulqadir Mahmud Essayed', 'ES SAYED, Abdelkader Mahmoud'),
  P('translit', p, 'Oleksandr Bortnikov', 'BORTNIKOV, Alexander Vasilievich'),
  P('translit', p, 'Yevgeny Prigozhin', 'PRIGOZHIN, Yevgeniy Viktorovich'),
  P('translit', p, 'Evgeniy Prigojine', 'PRIGOZHIN, Yevgeniy Viktorovich'),
  P('translit', p, 'Jevgenij Prigoschin', 'PRIGOZHIN, Yevgeniy Viktorovich'),
  P('translit', p, 'Moammar Kadhafi', 'QADHAFI, Muammar'),
  P('translit', p, 'Muammar Gaddafi', 'QADHAFI, Muammar'),
  P('translit', p, 'Osama bin Laden', 'BIN LADIN, Usama'),
  P('translit', p, 'Usamah Bin Ladin', 'BIN LADIN, Usama'),
  P('translit', p, 'Hussein Ali Ashraf', 'HUSSEIN ALI, Ashraf'),
  P('translit', p, 'Mouammar Kaddafi', 'QADHAFI, Muammar'),
  P('translit', p, 'Jose Maria Gonzalez', 'GONZALEZ, José María'),
  P('translit', p, 'Jürgen Mueller', 'MULLER, Jurgen'),
  P('translit', p, 'Bjoern Sorensen', 'SØRENSEN, Bjørn'),

  // Titles and honorifics.
  P('title', p, 'Sayed Mohammad Azim Agha', 'MOHAMMAD AZIM AGHA'),
  P('title', p, 'Mohammad Azim Agha', 'SAYED MOHAMMAD AZIM AGHA'),
  P('title', p, 'Syed Habib Ahmad Khan', 'KHAN, Habib Ahmad'),
  P('title', p, 'Dr. Ayman al-Zawahiri', 'AL-ZAWAHIRI, Ayman'),
  P('title', p, 'Sheikh Hasan Othman', 'OTHMAN, Hasan Chehadeh'),
  P('title', p, 'Haji Tariq Anwar Ahmad', 'AHMAD, Tariq Anwar al-Sayyid'),
  P('title', p, 'Mr Ronald Eric Cosman', 'COSMAN, Ronald Eric'),
  P('title', p, 'General Ali Mamlouk', 'MAMLUK, Ali'),
  P('title', p, 'سيد محمد عظيم آغا', 'SAYED MOHAMMAD AZIM AGHA'),
  P('title', p, 'السيد حسن نصر الله', 'NASRALLAH, Hasan'),

  // Name order swapped, middle names dropped or added, accents, one typo.
  P('order', p, 'Issa Osman Issa', 'ISSA, Issa Osman'),
  P('order', p, 'Ashraf Seed Ahmed Al Cardinal', 'AL-CARDINAL, Ashraf Seed Ahmed'),
  P('order', p, 'Ibrahim Amin Sayyid', 'AL-SAYYID, Ibrahim Amin'),
  P('order', p, 'Yahya al-Sayyid Ibrahim Musa', 'MUSA, Yahya al-Sayyid Ibrahim'),
  P('order', p, 'Yahya Musa', 'MUSA, Yahya al-Sayyid Ibrahim'),
  P('order', p, 'Tariq Anwar al-Sayyid Ahmad', 'AHMAD, Tariq Anwar al-Sayyid'),
  P('order', p, 'Muhammad Abdul Karim Al Ghamari', 'AL-GHAMARI, Muhammad Abd Al-Karim'),
  P('order', p, 'Alisher Burkhanovich Usmanov', 'USMANOV, Alisher Burhanovich'),
  P('order', p, 'Ousmane Ilyasou Djibo', 'DJIBO, Ousmane Illiassou'),
  P('order', p, 'Hanna Marie Ruiz Lopez', 'RUÍZ LÓPEZ, Hanna'),
  P('order', p, 'Marisol Gutierrez', 'GUTIÉRREZ, Marisol'),
  P('order', p, 'Gutierez Marisol', 'GUTIÉRREZ, Marisol'),
  P('order', p, 'Ramzan Akhmatovich Kadyrov', 'KADYROV, Ramzan Akhmadovich'),
  P('order', p, 'Ramzan Kadirov', 'KADYROV, Ramzan Akhmadovich'),

  // Negatives: close, but another person or business.
  N('neg_gender', p, 'Maria Navarro', 'NAVARRO, Mario'),
  N('neg_gender', p, 'Mario Quintana', 'QUINTANA, Maria'),
  N('neg_gender', p, 'Daniela Ortega', 'ORTEGA, Daniel'),
  N('neg_gender', p, 'Daniel Ortiz', 'ORTIZ, Daniela'),
  N('neg_gender', p, 'Alexandra Petrova', 'PETROVA, Aleksandr'),
  N('neg_gender', p, 'Juliana Torres', 'TORRES, Julian'),
  N('neg_gender', p, 'Carla Mendez', 'MENDEZ, Carlo'),
  N('neg_gender', p, 'Paula Silva', 'SILVA, Paulo'),
  N('neg_gender', p, 'Francesca Romano', 'ROMANO, Francesco'),
  N('neg_gender', p, 'Antonia Rossi', 'ROSSI, Antonio'),
  N('neg_gender', p, 'Roberta Greco', 'GRECO, Roberto'),
  N('neg_gender', p, 'Luisa Fernandez', 'FERNANDEZ, Luis'),
  N('neg_surname', p, 'Andrei Medvedev', 'MEDVEDEV, Dmitry Anatolyevich'),
  N('neg_surname', p, 'Laura Kadyrova', 'KADYROV, Ramzan Akhmadovich'),
  N('neg_surname', p, 'Peter Muller', 'MULLER, Jurgen'),
  N('neg_surname', p, 'Omar Khalil', 'KHALIL, Mohamed Ahmed'),
  N('neg_surname', p, 'Ahmed Hashim', 'HASHIM, Muhammad Yusuf'),
  N('neg_surname', p, 'Kim Min Jun', 'KIM, Jong Un'),
  N('neg_surname', p, 'Zhang Li', 'ZHANG, Wei'),
  N('neg_surname', p, 'Roberto Gonzalez', 'GONZALEZ, José María'),
  N('neg_given', p, 'Ramzan Akhmedov', 'KADYROV, Ramzan Akhmadovich'),
  N('neg_given', p, 'Alisher Karimov', 'USMANOV, Alisher Burhanovich'),
  N('neg_given', p, 'Usama Haddad', 'BIN LADIN, Usama'),
  N('neg_given', p, 'Muammar Salem', 'QADHAFI, Muammar'),
  N('neg_given', p, 'Othman Saleh', 'AL-GHAMDI, Othman'),
  N('neg_given', p, 'Yusuf Ahmed', 'HASHIM, Yusuf'),
  N('neg_given', p, 'Sayed Ali Hussain', 'SHAH, Sayed Wazir'),
  N('neg_given', p, 'Mohamed Osman Ali', 'MOHAMED, Abdullahi Osman'),
  N('neg_other', p, 'Sergei Shoigin', 'SHOIGU, Sergei Kuzhugetovich'),
  N('neg_other', p, 'Osman Kaya', 'OSMAN, Ali'),
  N('neg_other', p, 'Ali Kaya', 'ALI, Omer'),
  N('neg_other', p, 'Mikhail Friedland', 'FRIDMAN, Mikhail Maratovich'),
  N('neg_other', p, 'Kim Jong Soo', 'KIM, Jong Un'),
  N('neg_business', b, 'Bank of Georgia', 'BANK MELLI IRAN'),
  N('neg_business', b, 'Royal Shipping Ltd', 'ISLAMIC REPUBLIC OF IRAN SHIPPING LINES'),
  N('neg_business', b, 'Global Trading LLC', 'GLOBAL TRADING AND INVESTMENT COMPANY LTD'),
  N('neg_business', b, 'Star Bakery Ltd', 'STAR TRADING COMPANY'),
  N('neg_business', b, 'Alpha Construction GmbH', 'ALPHA TRADING FZE'),
  N('neg_business', b, 'Oriental Hotel', 'ORIENTAL OIL COMPANY'),
  N('neg_business', b, 'Petro Services Ltd', 'PETRO TRADING LTD'),
  N('neg_business', b, 'Islamic Bank of Britain', 'ISLAMIC REVOLUTIONARY GUARD CORPS'),
  N('neg_business', b, 'Unity Consulting', 'UNITY SHIPPING CORP'),
  N('neg_business', b, 'Golden Star Restaurant', 'GOLDEN STAR COMPANY'),
];

function main(): void {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const onlyKind = args.includes('--kind') ? args[args.indexOf('--kind') + 1] : undefined;
  const pairs = args.includes('--second') ? SECOND_PAIRS : args.includes('--third') ? THIRD_PAIRS : args.includes('--fourth') ? FOURTH_PAIRS : PAIRS;
  const entries: ListEntry[] = pairs.map((pair, i) => ({
    list: 'probe',
    ref: `P-${i}`,
    kind: pair.type,
    name: pair.list,
    category: 'sanctions',
    ...(pair.aliases ? { aliases: pair.aliases } : {}),
    ...(pair.lc ? { countries: pair.lc } : {}),
    ...(pair.ly ? { birth_year: pair.ly } : {}),
  }));
  const index = buildScreeningIndex(entries);
  let tp = 0, fn = 0, fp = 0, tn = 0;
  const byKind = new Map<string, { pos: number; found: number; neg: number; fp: number }>();
  pairs.forEach((pair, i) => {
    if (onlyKind && pair.kind !== onlyKind) return;
    const query = { name: pair.query, kind: pair.type, ...(pair.qy ? { birth_year: pair.qy } : {}), ...(pair.qc ? { country: pair.qc } : {}) };
    const entry = entries[i] as ListEntry;
    const result = screenName(index, query);
    const hit = result.matches.some((m) => m.entry_ref === entry.ref);
    const full = scoreEntry(query, entry);
    const k = byKind.get(pair.kind) ?? { pos: 0, found: 0, neg: 0, fp: 0 };
    byKind.set(pair.kind, k);
    const reasons = full.reasons.map((r) => `${r.code}(${r.detail})`).join(', ');
    if (pair.positive) {
      k.pos++;
      if (hit) { tp++; k.found++; } else fn++;
      if (!hit || all) console.log(`${hit ? 'ok  ' : 'MISS'} [${pair.kind}] "${pair.query}" -> "${pair.list}": ${full.score}${hit ? '' : full.score >= 80 ? ' (not a candidate)' : ''}; ${reasons}`);
    } else {
      k.neg++;
      const bad = full.score >= 80;
      if (bad) { fp++; k.fp++; } else tn++;
      if (bad || all) console.log(`${bad ? 'FP  ' : 'ok  '} [${pair.kind}] "${pair.query}" -> "${pair.list}": ${full.score}; ${reasons}`);
    }
  });
  for (const [kind, k] of byKind) console.log(`  ${kind.padEnd(14)} found ${k.found}/${k.pos}  false positives ${k.fp}/${k.neg}`);
  console.log(JSON.stringify({ pairs: tp + fn + fp + tn, positives: tp + fn, found: tp, hit_rate: +(tp / Math.max(1, tp + fn)).toFixed(3), negatives: fp + tn, false_positives: fp }));
}

main();
