// Word lists that decide how much a word of a name counts. All entries are in normalised form
// (lowercase ASCII, no punctuation), as produced by normalizeText.

/** Honorifics, ranks and suffixes: carry no identity, so they are dropped from person names. */
export const PERSON_TITLES: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'madam', 'madame', 'mme', 'mlle', 'monsieur', 'herr', 'frau', 'senor', 'senora', 'sr', 'sra',
  'dr', 'doctor', 'prof', 'professor', 'eng', 'engineer', 'ing',
  'sheikh', 'shaikh', 'shaykh', 'sheik', 'cheikh', 'shaik', 'sayyid', 'sayed', 'sayyed', 'syed', 'seyed', 'seyyed',
  'haji', 'hajji', 'hajj', 'haj', 'hadji', 'hadj', 'alhaji', 'alhaj', 'elhadj', 'elhaj', 'mullah', 'mulla', 'mawlawi', 'maulvi', 'maulawi', 'mawlavi',
  'maulavi', 'moulvi', 'moulavi', 'maulana', 'mawlana', 'moulana', 'mowlana', 'mufti', 'imam', 'qari', 'sheykh',
  // Sheikh as Dutch, German, French and South Asian spellings write it.
  'sjeik', 'sjeikh', 'scheich', 'scheik', 'cheik', 'shekh',
  'general', 'gen', 'colonel', 'col', 'commandant', 'commander', 'cmdr', 'captain', 'capt', 'major', 'maj', 'lieutenant', 'lt', 'ltc',
  'sergeant', 'sgt', 'admiral', 'adm', 'brigadier', 'brig', 'marshal', 'corporal', 'cpl',
  'sir', 'dame', 'lord', 'lady', 'hon', 'honourable', 'honorable', 'rev', 'reverend', 'fr', 'father', 'bishop', 'ayatollah',
  'president', 'minister', 'senator', 'deputy', 'governor', 'ambassador', 'excellency', 'his', 'her',
  'jr', 'jnr', 'snr', 'ii', 'iii', 'iv',
]);

/**
 * Connecting words inside names (Arabic, Dutch, German, Romance). They are part of the name but
 * say little about identity, so they weigh less and are never used alone to find candidates.
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'al', 'el', 'ul', 'ud', 'ad', 'ed', 'as', 'ash', 'at', 'az', 'ar', 'an', 'ur', 'uz', 'ush', 'es', 'esh', 'ez', 'ol', 'od',
  'bin', 'ben', 'ibn', 'bint', 'binti', 'binte', 'bte', 'ould', 'wuld',
  'abu', 'abou', 'abo', 'umm', 'um',
  'van', 'von', 'der', 'den', 'ter', 'ten', 'zu', 'vom', 'zum',
  'de', 'del', 'della', 'dei', 'degli', 'di', 'da', 'das', 'dos', 'do', 'du', 'des', 'la', 'le', 'les', 'lo', 'y',
]);

/** Latin spellings of the Arabic article, assimilated to a sun letter (ar-Rahman, ud-Din, ush-Shams, es-Sayed) or
 * after a vowel (Abdul, Ziaur), and as Persian names write it (Khatam-ol-Anbia, Nasr-od-Din): one word, which an abjad
 * writes "al" (ال) whatever follows it. */
export const ARTICLE_SPELLINGS: ReadonlySet<string> = new Set([
  'al', 'el', 'ul', 'ad', 'ed', 'ud', 'ar', 'ur', 'as', 'ash', 'ush', 'at', 'az', 'uz', 'an', 'es', 'esh', 'ez', 'ol', 'od',
]);

/** Words common to many business names: they count for less than the distinctive words. */
export const GENERIC_BUSINESS_WORDS: ReadonlySet<string> = new Set([
  'the', 'and', 'of', 'for', 'in', 'und', 'et', 'fi', 'wa',
  // Arabic and, in, for with the article, as transliterations join them (Jaysh al-Muhajirin wal-Ansar).
  'wal', 'fil', 'lil',
  'trading', 'trade', 'traders', 'trader', 'group', 'grp', 'international', 'intl', 'internacional',
  'holding', 'holdings', 'enterprise', 'enterprises', 'industries', 'industry', 'industrial', 'services', 'service',
  'global', 'worldwide', 'import', 'export', 'imports', 'exports', 'impex', 'investment', 'investments', 'management',
  'partners', 'solutions', 'systems', 'technologies', 'technology', 'tech', 'resources', 'development', 'commercial',
  'comercial', 'establishment', 'est', 'firm', 'agency', 'general', 'branch', 'office',
  // A money changer's or a group's description: "... Money Exchange", "... Network" (صرافی, شبكة).
  'network', 'exchange', 'money',
  // A Russian group of companies (Kontsern Almaz-Antey), and the number before a digit (Factory No. 9).
  'concern', 'kontsern', 'no',
  // What is left of a country's long name written without the country ("... of the Republic", "... Federation").
  'republic', 'federation',
  // What a charity or an association calls itself, written or left out, or one for another ("Al-Haramain Foundation
  // (Pakistan)" is "Al-Haramain : Pakistan Branch", "Benevolence International Foundation" the "... Fund").
  'foundation', 'fund', 'organization', 'organisation', 'association', 'society', 'institute', 'charity', 'charitable',
  'committee',
  // A continent a business is named for, as a country is (Garantex Europe, ... Asia Pacific), and the Spanish articles
  // (Los Zetas).
  'europe', 'asia', 'eurasia', 'africa', 'gulf', 'los', 'las',
  // A bank's or a lender's description (Bank Otkritie Financial Corporation).
  'financial', 'finance',
]);

/** Adjectives and other spellings of a country as business names write them, and the country they name (Iranian is
 * Iran, Rossii Russia). */
const COUNTRY_OF_WORD: ReadonlyMap<string, string> = new Map([
  ...(['iranian', 'irani'] as const).map((w) => [w, 'iran'] as const),
  ...(['russian', 'rossii', 'rossiya', 'rossiyskaya', 'rossiiskaya', 'rossiyskiy', 'rossiiskii'] as const).map((w) => [w, 'russia'] as const),
  ...(['korean', 'dprk'] as const).map((w) => [w, 'korea'] as const),
  ...(['chinese', 'prc'] as const).map((w) => [w, 'china'] as const),
  ...(['belarusian', 'belarusskaya'] as const).map((w) => [w, 'belarus'] as const),
  ...(['turkish', 'turkiye'] as const).map((w) => [w, 'turkey'] as const),
  ...(['burma', 'burmese'] as const).map((w) => [w, 'myanmar'] as const),
  ...(['hong', 'kong'] as const).map((w) => [w, 'hongkong'] as const),
  ...(['america', 'american'] as const).map((w) => [w, 'usa'] as const),
  ...(['britain', 'british'] as const).map((w) => [w, 'uk'] as const),
  ['emirates', 'uae'], ['syrian', 'syria'], ['iraqi', 'iraq'], ['lebanese', 'lebanon'], ['libyan', 'libya'], ['yemeni', 'yemen'],
  ['cuban', 'cuba'], ['venezuelan', 'venezuela'], ['ukrainian', 'ukraine'], ['afghan', 'afghanistan'], ['pakistani', 'pakistan'],
  ['sudanese', 'sudan'], ['nicaraguan', 'nicaragua'], ['eritrean', 'eritrea'], ['somali', 'somalia'], ['congolese', 'congo'],
  ['serbian', 'serbia'], ['crimean', 'crimea'], ['german', 'germany'], ['french', 'france'], ['indian', 'india'],
  ['japanese', 'japan'], ['qatari', 'qatar'], ['kuwaiti', 'kuwait'], ['omani', 'oman'], ['egyptian', 'egypt'],
  ['jordanian', 'jordan'], ['swiss', 'switzerland'], ['nigerian', 'nigeria'], ['ethiopian', 'ethiopia'], ['mexican', 'mexico'],
  ['colombian', 'colombia'],
]);

/** Words of region names that are given names, surnames or common words before they are a country's (Diego Garcia,
 * San Marino, St. Vincent, Marshall Islands, Chad, Israel, Sahara, Arab), or that name no country (Eurozone, Pseudo-Accents). */
const REGION_WORDS_NOT_COUNTRIES: ReadonlySet<string> = new Set([
  'island', 'islands', 'republic', 'united', 'states', 'kingdom', 'south', 'north', 'northern', 'western', 'central',
  'african', 'american', 'french', 'british', 'outlying', 'territories', 'territory', 'ocean', 'indian', 'union', 'nations',
  'european', 'pseudo', 'accents', 'unknown', 'region', 'china', 'guinea', 'marshall', 'solomon', 'christmas', 'virgin',
  'heard', 'mcdonald', 'mayen', 'diego', 'garcia', 'costa', 'sierra', 'leone', 'marino', 'salvador', 'helena', 'lucia',
  'martin', 'vincent', 'pierre', 'tristan', 'cunha', 'trinidad', 'equatorial', 'sandwich', 'norfolk', 'canary', 'caribbean',
  'kinshasa', 'brazzaville', 'city', 'cape', 'verde', 'netherlands', 'eurozone', 'israel', 'chad', 'sark', 'burma', 'arab',
  'cook', 'isle', 'rica', 'southern', 'oceania', 'bidi', 'sint', 'tome', 'principe', 'sahara', 'puerto', 'turks', 'dominican',
]);

/**
 * Every country's and territory's English name as the runtime's ICU data writes it (Intl.DisplayNames, all two-letter
 * region codes), folded to lower-case ASCII, as words of four letters or more (Bosnia, Herzegovina, Comoros, Zealand),
 * but for REGION_WORDS_NOT_COUNTRIES: the countries a hand-written list would miss.
 */
function regionNameWords(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const words = new Set<string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const name = names.of(String.fromCharCode(a, b));
      if (!name) continue;
      for (const word of name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^a-z]+/)) {
        if (word.length >= 4 && !REGION_WORDS_NOT_COUNTRIES.has(word)) words.add(word);
      }
    }
  }
  return [...words];
}

/** Countries and their adjectives as business names write them (Bank Melli Iran, Sberbank of Russia, Korea Kumgang
 * Group), in English and in the transliterations the lists use (Rossii, Rossiya): a business is named for where it
 * works as often as not, so such a word says as little as a generic one. Written for this service from common
 * usage. */
export const COUNTRY_WORDS: ReadonlySet<string> = new Set([
  'iran', 'russia', 'syria', 'korea', 'china', 'iraq', 'lebanon', 'libya', 'yemen', 'cuba', 'venezuela', 'belarus',
  'ukraine', 'afghanistan', 'pakistan', 'turkey', 'uae', 'sudan', 'myanmar', 'nicaragua', 'zimbabwe', 'eritrea',
  'somalia', 'congo', 'serbia', 'crimea', 'hongkong', 'usa', 'germany', 'france', 'india', 'japan', 'saudi', 'qatar',
  'kuwait', 'oman', 'bahrain', 'egypt', 'jordan', 'uzbekistan', 'kazakhstan', 'tajikistan', 'kyrgyzstan',
  'turkmenistan', 'armenia', 'azerbaijan', 'georgia', 'moldova', 'vietnam', 'malaysia', 'singapore', 'indonesia',
  'thailand', 'panama', 'cyprus', 'malta', 'switzerland', 'nigeria', 'ethiopia', 'kenya', 'mexico', 'colombia',
  'brazil',
  ...COUNTRY_OF_WORD.keys(),
  ...regionNameWords(),
]);

/** The country a business name's word names (COUNTRY_WORDS), as one spelling; undefined for other words. */
export function countryOfWord(word: string): string | undefined {
  return COUNTRY_OF_WORD.get(word) ?? (COUNTRY_WORDS.has(word) ? word : undefined);
}

/** Countries' long official names as the country, in business names (Central Bank of the Islamic Republic of Iran
 * is Central Bank of Iran). Written for this service from common usage. */
export const COUNTRY_PHRASES: ReadonlyArray<readonly [readonly string[], string]> = [
  [['islamic', 'republic', 'of', 'iran'], 'iran'],
  [['jomhouri', 'islami', 'iran'], 'iran'],
  [['jomhuri', 'eslami', 'iran'], 'iran'],
  [['russian', 'federation'], 'russia'],
  [['peoples', 'republic', 'of', 'china'], 'china'],
  [['democratic', 'peoples', 'republic', 'of', 'korea'], 'dprk'],
  [['syrian', 'arab', 'republic'], 'syria'],
  [['united', 'arab', 'emirates'], 'uae'],
  [['united', 'states', 'of', 'america'], 'usa'],
  [['republic', 'of', 'belarus'], 'belarus'],
  [['bolivarian', 'republic', 'of', 'venezuela'], 'venezuela'],
];

/** A table of words read as other words, written as groups: the spellings of one word, and what they are read as. */
export function readAs(groups: ReadonlyArray<readonly [readonly string[], readonly string[]]>): Map<string, readonly string[]> {
  return new Map(groups.flatMap(([words, english]) => words.map((w) => [w, english] as const)));
}

/** Russian business words as the lists abbreviate or transliterate them, as their English words: NK (Neftyanaya
 * Kompaniya) is "oil company", so NK Rosneft meets Rosneft Oil Company (the company a legal form, LEGAL_FORM_WORDS).
 * Written for this service from common usage. */
export const BUSINESS_WORD_TRANSLATIONS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['nk', ['oil', 'company']],
  // An airline is named "X Air" as often as "X Airlines" or "X Airways" (Mahan Air), and a number is "No.", "Nr." or
  // "Number" before its digits.
  ['airlines', ['air']],
  ['airline', ['air']],
  ['airways', ['air']],
  ['number', ['no']],
  ['nr', ['no']],
  ['neftyanaya', ['oil']],
  ['neftianaia', ['oil']],
  ['neftyanaia', ['oil']],
  // Kontsern (концерн) as the English word the lists write for it (Kalashnikov Concern).
  ['kontsern', ['concern']],
  // Abbreviations of business words that registers and payment messages use for lack of room (Intl Trading Co).
  ['intl', ['international']],
  ['natl', ['national']],
  ['bros', ['brothers']],
  ['mfg', ['manufacturing']],
  ['mfrs', ['manufacturers']],
  ['hq', ['headquarters']],
  ['hqs', ['headquarters']],
  ['svcs', ['services']],
  ['mgmt', ['management']],
  ['dept', ['department']],
  ['assn', ['association']],
  ['grp', ['group']],
  ['hldg', ['holding']],
  ['hldgs', ['holdings']],
  ['inds', ['industries']],
  ['engg', ['engineering']],
  ['trdg', ['trading']],
  ['shpg', ['shipping']],
  ['govt', ['government']],
  ['univ', ['university']],
  ['gen', ['general']],
  // Turkish Sanayi ve Ticaret (San. ve Tic.: industry and trade), Persian tejarat and sanaye, and Chinese business
  // words in pinyin, as the English words the lists write for them.
  ['sanayi', ['industry']],
  ['sanayii', ['industry']],
  ['san', ['industry']],
  ['ticaret', ['trading']],
  ['tic', ['trading']],
  ['ve', ['and']],
  ['tejarat', ['trading']],
  ['tejarati', ['trading']],
  ['sanaye', ['industries']],
  ['sanayeh', ['industries']],
  ['jituan', ['group']],
  ['keji', ['technology']],
  ['maoyi', ['trading']],
  ['guoji', ['international']],
  ['wuliu', ['logistics']],
  ['touzi', ['investment']],
  ['konggu', ['holding']],
  ['shiye', ['industrial']],
  ['gongye', ['industry']],
  ['fazhan', ['development']],
  ['jinchukou', ['import', 'export']],
  ['yinhang', ['bank']],
  // Business words of German, French, Spanish, Portuguese, Italian, Dutch and Turkish names, as the English words the
  // lists write (Aviatrans Anstalt is Aviatrans Establishment, Banco Internacional de Desarrollo the International
  // Development Bank). Only words with one settled spelling: a word read as its translation no longer meets its other
  // spellings. Written for this service from the languages' usage.
  ...readAs([
    [['stiftung', 'stichting', 'fondation', 'fundacion', 'fundacao', 'fondazione', 'vakfi', 'vakif'], ['foundation']],
    [['banque', 'banco', 'banca', 'bankasi'], ['bank']],
    [['compagnie', 'compania', 'companhia', 'compagnia', 'maatschappij'], ['company']],
    [['reederei', 'schiffahrt', 'schifffahrt', 'naviera', 'denizcilik'], ['shipping']],
    [['developpement', 'desarrollo', 'desenvolvimento', 'sviluppo'], ['development']],
    [['internationale', 'internacional', 'internazionale', 'uluslararasi'], ['international']],
    [['handels', 'handel', 'comercio', 'commercio'], ['trading']],
    [['anstalt', 'etablissement', 'etablissements', 'establecimiento'], ['establishment']],
    [['verein', 'asociacion', 'associacao', 'associazione'], ['association']],
    [['organisation', 'organizacion', 'organizacao', 'organizzazione'], ['organization']],
    [['industrias', 'industrie', 'industrielle', 'industriel'], ['industries']],
    [['inversiones', 'investimentos', 'investissements', 'yatirim'], ['investments']],
    [['servicios', 'servicos', 'servizi'], ['services']],
    [['transportes', 'transports', 'trasporti'], ['transport']],
    [['seguros', 'assurances', 'assicurazioni', 'versicherung'], ['insurance']],
    [['construcciones', 'constructora', 'construcoes', 'insaat'], ['construction']],
    [['grupo', 'gruppe', 'groupe', 'gruppo'], ['group']],
    [['empresa', 'entreprise', 'unternehmen'], ['enterprise']],
    [['comite', 'comitato', 'komitee'], ['committee']],
    [['petroleos', 'petroles', 'petrolio'], ['petroleum']],
    [['financiero', 'financiera', 'financiere', 'financeira', 'finanziaria'], ['financial']],
  ]),
]);

/** Words an organisation's initials leave out (Islamic Republic of Iran Shipping Lines: IRISL). */
export const INITIALS_SKIP_WORDS: ReadonlySet<string> = new Set(['of', 'the', 'and', 'for', 'de', 'al', 'el', 'et', 'und']);

/** Acronyms by which a listed organisation is known, in English and in the Arabic that Latin writes Daesh (داعش, al-Dawla
 * al-Islamiya fi al-Iraq wa al-Sham), as the words of the name they stand for; read also when the acronym is the whole
 * name. Written for this service from common usage. */
export const BUSINESS_NAME_ACRONYMS: ReadonlyMap<string, readonly string[]> = new Map([
  ['daesh', ['islamic', 'state', 'iraq', 'levant']],
  ['daish', ['islamic', 'state', 'iraq', 'levant']],
  ['isil', ['islamic', 'state', 'iraq', 'levant']],
  ['isis', ['islamic', 'state', 'iraq', 'levant']],
]);

/** Words a legal form says (canonical forms, as LEGAL_FORM_PHRASES and LEGAL_FORM_WORDS give them): a joint stock
 * commercial bank is a bank, so Bank Rublev meets JSCB Rublev; a longer word ending or starting with one says it too
 * (Novikombank, the bank of Bank Novikombank: score.ts wordsSaidByOther). */
export const LEGAL_FORMS_SAYING: ReadonlyMap<string, readonly string[]> = new Map([['bank', ['akb']]]);

/**
 * Legal forms, mapped to one canonical spelling so `Limited Liability Company` equals `LLC`. Multi-word
 * forms are listed as phrases; the longest phrase wins.
 */
export const LEGAL_FORM_PHRASES: ReadonlyArray<readonly [readonly string[], string]> = [
  [['limited', 'liability', 'company'], 'llc'],
  [['limited', 'liability', 'partnership'], 'llp'],
  [['limited', 'liability', 'co'], 'llc'],
  [['limited', 'partnership'], 'lp'],
  [['public', 'joint', 'stock', 'company'], 'pjsc'],
  [['public', 'joint', 'stock', 'co'], 'pjsc'],
  [['open', 'joint', 'stock', 'company'], 'ojsc'],
  [['closed', 'joint', 'stock', 'company'], 'cjsc'],
  [['joint', 'stock', 'company'], 'jsc'],
  [['joint', 'stock', 'co'], 'jsc'],
  // A Russian joint stock commercial bank (aktsionerny kommercheskiy bank, AKB, JSCB: JSCB Novikombank).
  [['joint', 'stock', 'commercial', 'bank'], 'akb'],
  ...['aktsionerny', 'aktsionernyy', 'aktsionernyi'].flatMap((a) =>
    ['kommercheskiy', 'kommercheskii', 'kommercheskij'].map((k) => [[a, k, 'bank'], 'akb'] as const),
  ),
  [['public', 'limited', 'company'], 'plc'],
  [['private', 'limited', 'company'], 'ltd'],
  [['private', 'limited'], 'ltd'],
  [['pvt', 'ltd'], 'ltd'],
  [['pvt', 'limited'], 'ltd'],
  [['co', 'ltd'], 'ltd'],
  [['co', 'limited'], 'ltd'],
  [['company', 'limited'], 'ltd'],
  [['sdn', 'bhd'], 'sdnbhd'],
  [['sp', 'z', 'o', 'o'], 'spzoo'],
  [['sociedad', 'anonima'], 'sa'],
  [['societe', 'anonyme'], 'sa'],
  [['sociedade', 'anonima'], 'sa'],
  [['societa', 'per', 'azioni'], 'spa'],
  [['sociedad', 'limitada'], 'sl'],
  [['de', 'capital', 'variable'], 'cv'],
  [['capital', 'variable'], 'cv'],
  [['sociedad', 'de', 'responsabilidad', 'limitada'], 'srl'],
  [['societa', 'a', 'responsabilita', 'limitata'], 'srl'],
  [['societe', 'a', 'responsabilite', 'limitee'], 'sarl'],
  [['societe', 'par', 'actions', 'simplifiee'], 'sas'],
  [['sociedade', 'limitada'], 'ltd'],
  [['gesellschaft', 'mit', 'beschrankter', 'haftung'], 'gmbh'],
  [['gesellschaft', 'mit', 'beschraenkter', 'haftung'], 'gmbh'],
  [['gesellschaft', 'mbh'], 'gmbh'],
  [['besloten', 'vennootschap'], 'bv'],
  [['naamloze', 'vennootschap'], 'nv'],
  [['anonim', 'sirketi'], 'as'],
  [['limited', 'sirketi'], 'ltd'],
  [['public', 'company', 'limited'], 'plc'],
  // A Russian state corporation (goskorporatsiya, gosudarstvennaya korporatsiya: State Corporation Rostec) and private
  // military company (ChVK, PMC).
  [['state', 'corporation'], 'corp'],
  [['gosudarstvennaya', 'korporatsiya'], 'corp'],
  [['private', 'military', 'company'], 'pmc'],
  [['proprietary', 'limited'], 'pty'],
  [['spolka', 'z', 'ograniczona', 'odpowiedzialnoscia'], 'spzoo'],
  [['spolka', 'akcyjna'], 'sa'],
  [['akciova', 'spolecnost'], 'as'],
  [['tovarystvo', 'z', 'obmezhenoyu', 'vidpovidalnistyu'], 'tov'],
  [['obshchestvo', 's', 'ogranichennoy', 'otvetstvennostyu'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoy', 'otvetstvennostiu'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoy', 'otvetstvennostju'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoi', 'otvetstvennostyu'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoi', 'otvetstvennostiu'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoi', 'otvetstvennostju'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoj', 'otvetstvennostyu'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoj', 'otvetstvennostiu'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoj', 'otvetstvennostju'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoii', 'otvetstvennostyu'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoii', 'otvetstvennostiu'], 'ooo'],
  [['obshchestvo', 's', 'ogranichennoii', 'otvetstvennostju'], 'ooo'],
  [['publichnoe', 'aktsionernoe', 'obshchestvo'], 'pao'],
  [['publichnoye', 'aktsionernoe', 'obshchestvo'], 'pao'],
  [['otkrytoe', 'aktsionernoe', 'obshchestvo'], 'oao'],
  [['zakrytoe', 'aktsionernoe', 'obshchestvo'], 'zao'],
  [['aktsionernoe', 'obshchestvo'], 'ao'],
  [['publichnoe', 'aktsionernoye', 'obshchestvo'], 'pao'],
  [['publichnoye', 'aktsionernoye', 'obshchestvo'], 'pao'],
  [['otkrytoe', 'aktsionernoye', 'obshchestvo'], 'oao'],
  [['zakrytoe', 'aktsionernoye', 'obshchestvo'], 'zao'],
  [['aktsionernoye', 'obshchestvo'], 'ao'],
  [['publichnoe', 'aktsionernoie', 'obshchestvo'], 'pao'],
  [['publichnoye', 'aktsionernoie', 'obshchestvo'], 'pao'],
  [['otkrytoe', 'aktsionernoie', 'obshchestvo'], 'oao'],
  [['zakrytoe', 'aktsionernoie', 'obshchestvo'], 'zao'],
  [['aktsionernoie', 'obshchestvo'], 'ao'],
  // Russian state and research enterprises (FGUP, NPO, NPP, OKB), as the lists write them in English or in Russian.
  [['federal', 'state', 'unitary', 'enterprise'], 'fgup'],
  [['federalnoe', 'gosudarstvennoe', 'unitarnoe', 'predpriyatie'], 'fgup'],
  [['federalnoye', 'gosudarstvennoye', 'unitarnoye', 'predpriyatiye'], 'fgup'],
  [['state', 'unitary', 'enterprise'], 'gup'],
  [['gosudarstvennoe', 'unitarnoe', 'predpriyatie'], 'gup'],
  [['municipal', 'unitary', 'enterprise'], 'mup'],
  [['scientific', 'production', 'association'], 'npo'],
  [['scientific', 'and', 'production', 'association'], 'npo'],
  [['research', 'and', 'production', 'association'], 'npo'],
  [['nauchno', 'proizvodstvennoe', 'obedinenie'], 'npo'],
  [['nauchno', 'proizvodstvennoye', 'obyedineniye'], 'npo'],
  [['scientific', 'production', 'enterprise'], 'npp'],
  [['scientific', 'and', 'production', 'enterprise'], 'npp'],
  [['research', 'and', 'production', 'enterprise'], 'npp'],
  [['nauchno', 'proizvodstvennoe', 'predpriyatie'], 'npp'],
  [['experimental', 'design', 'bureau'], 'okb'],
  [['design', 'bureau'], 'okb'],
  [['opytno', 'konstruktorskoe', 'byuro'], 'okb'],
  // Kazakh and Kyrgyz TOO (limited liability partnership), Turkish Ltd. Sti., Malaysian Sendirian Berhad, a free
  // zone establishment or company of the Emirates, and the Chinese forms in pinyin (youxian gongsi, 有限公司).
  [['tovarishchestvo', 's', 'ogranichennoy', 'otvetstvennostyu'], 'llp'],
  [['ltd', 'sti'], 'ltd'],
  [['sendirian', 'berhad'], 'sdnbhd'],
  [['free', 'zone', 'establishment'], 'fze'],
  [['free', 'zone', 'company'], 'fzco'],
  [['free', 'zone', 'co'], 'fzco'],
  [['gufen', 'youxian', 'gongsi'], 'ltd'],
  [['youxian', 'zeren', 'gongsi'], 'llc'],
  [['youxian', 'gongsi'], 'ltd'],
];

export const LEGAL_FORM_WORDS: ReadonlyMap<string, string> = new Map([
  ['llc', 'llc'], ['ltd', 'ltd'], ['limited', 'ltd'], ['ltda', 'ltd'], ['limitada', 'ltd'], ['gmbh', 'gmbh'], ['ag', 'ag'], ['kg', 'kg'],
  ['ooo', 'ooo'], ['oao', 'oao'], ['zao', 'zao'], ['pao', 'pao'], ['ao', 'ao'], ['tov', 'tov'], ['pat', 'pat'],
  ['jsc', 'jsc'], ['ojsc', 'ojsc'], ['cjsc', 'cjsc'], ['pjsc', 'pjsc'], ['sa', 'sa'], ['sas', 'sas'], ['sarl', 'sarl'], ['srl', 'srl'],
  ['spa', 'spa'], ['sl', 'sl'], ['sal', 'sal'], ['sae', 'sae'], ['sac', 'sac'], ['saa', 'saa'], ['cv', 'cv'], ['sadecv', 'sa'],
  ['bv', 'bv'], ['nv', 'nv'], ['plc', 'plc'], ['inc', 'inc'], ['incorporated', 'inc'], ['corp', 'corp'], ['corporation', 'corp'],
  ['co', 'co'], ['company', 'co'], ['cie', 'co'], ['llp', 'llp'], ['lp', 'lp'], ['pte', 'pte'], ['pty', 'pty'], ['pvt', 'pvt'],
  ['fze', 'fze'], ['fzco', 'fzco'], ['fzc', 'fzc'], ['fzllc', 'fzllc'], ['dmcc', 'dmcc'], ['wll', 'wll'], ['bsc', 'bsc'],
  ['ab', 'ab'], ['asa', 'asa'], ['oy', 'oy'], ['oyj', 'oyj'], ['aps', 'aps'], ['kk', 'kk'], ['kft', 'kft'], ['zrt', 'zrt'],
  ['doo', 'doo'], ['dd', 'dd'], ['sro', 'sro'], ['spzoo', 'spzoo'], ['sdnbhd', 'sdnbhd'], ['bhd', 'bhd'], ['tbk', 'tbk'],
  ['eirl', 'eirl'], ['gie', 'gie'], ['kompaniya', 'co'], ['kompaniia', 'co'], ['kompanija', 'co'],
  ['aktiengesellschaft', 'ag'], ['kommanditgesellschaft', 'kg'], ['aktiebolag', 'ab'], ['osakeyhtio', 'oy'], ['aksjeselskap', 'as'],
  ['aktieselskab', 'as'], ['anpartsselskab', 'aps'], ['kabushiki', 'kk'], ['kaisha', 'kk'],
  ['goskorporatsiya', 'corp'], ['korporatsiya', 'corp'], ['korporatsiia', 'corp'], ['pmc', 'pmc'], ['chvk', 'pmc'],
  ['fgup', 'fgup'], ['gup', 'gup'], ['mup', 'mup'], ['npo', 'npo'], ['npp', 'npp'], ['okb', 'okb'], ['too', 'llp'],
  ['berhad', 'bhd'], ['gongsi', 'co'], ['akb', 'akb'], ['jscb', 'akb'],
  // A Russian or Kazakh joint-stock company (AK, NAO), an Estonian, Lithuanian, Latvian, Bulgarian and Turkish company
  // (OÜ, UAB, SIA, OOD, EOOD, Ltd. Şti.).
  ['ak', 'ak'], ['nao', 'nao'], ['ou', 'ou'], ['uab', 'uab'], ['sia', 'sia'], ['ood', 'ood'], ['eood', 'ood'], ['sti', 'sti'],
  // Company in Persian and Arabic as Latin writes it (sherkat, sharikat).
  ['sherkat', 'co'], ['sherkate', 'co'], ['shirkat', 'co'], ['sharikat', 'co'], ['sharikah', 'co'], ['sharika', 'co'],
]);
