// The candidate index: finds the few list entries worth scoring for a query, so a screening does not
// score every entry. Every distinct word of the lists (and every joined pair of neighbouring words) is
// a vocabulary entry; a query word reaches vocabulary words by exact spelling, by sound code, by one
// edit (deletion neighbourhoods, SymSpell-style), a long one also by two, and without an attached article.
// Each name form that holds a reached word gets points; the entries with the most points are scored in full.
// Besides, every form is filed under its whole normalised name, so a query identical to a form (which scores
// 100, however short: "P", "M. R. O.") is always proposed, first.
//
// Built once and never changed: when lists change the service builds a new index and swaps it.

import type { EntryKind, ListEntry, ScreeningIndex } from './types';
import { transcriptionConsonants } from './transcription';
import { OneEditIndex } from './one-edit-index';
import { prepareListNames, WordInterner, type NameUnit, type PreparedName } from './prepare';
import type { ComparableWord, ConsonantReading } from './similarity';
import { blendCoverage, businessAcronyms } from './score';

const HIT_EXACT = 1;
const HIT_BARE = 0.9;
const HIT_ONE_EDIT = 0.85;
const HIT_TWO_EDITS = 0.7;
const HIT_SOUND = 0.8;
/** A word of another script with the same consonants (similarity.ts consonantKey). */
const HIT_ACROSS_SCRIPTS = 1;

/** Vocabulary words of these lengths can be reached one edit away; shorter words have too many
 * neighbours, and every query word of three letters or fewer is looked up by exact spelling only. */
const ONE_EDIT_MIN_LENGTH = 5;
const ONE_EDIT_MAX_LENGTH = 16;
/** A query word this long that no list writes also reaches vocabulary words two edits away (OneEditIndex.nearByTwo):
 * a long name with two typos is still a candidate; in a shorter word two edits are another name as often as not. */
const TWO_EDITS_MIN_LENGTH = 9;

/** Entries scored in full per kind and screening: well above the 25 a screening reports. */
export const CANDIDATES_PER_KIND = 80;

/** Ranks an entry holding a form identical to the query above every estimate (which is at most 1). */
const IDENTICAL_RANK = 2;

const KIND_CODE: Readonly<Record<EntryKind, number>> = { person: 0, business: 1 };

export interface Candidate {
  readonly entry: number;
  /** Positions (in `names[entry]`) of the entry's name forms that share a searchable word with the query, ascending. */
  readonly forms: readonly number[];
  /** Rough 0..1 estimate of how well the entry's best form covers the query, for ranking only. */
  readonly estimate: number;
}

/** Units of a name worth looking up: joined runs, distinctive and generic words; particles and
 * initials alone would reach half the list. */
function searchableUnits(name: PreparedName): NameUnit[] {
  return name.units.filter((u) => u.first !== u.last || u.role === 'normal' || u.role === 'generic');
}

/** A name's words after normalisation, in any order: equal for names that can be identical (score.ts
 * pairs words in any order; legal forms are left to the score). */
export function wholeNameKey(name: PreparedName): string {
  const words: string[] = [];
  for (let i = 0; i < name.wordCount; i++) words.push((name.units[i] as NameUnit).word.text);
  return words.sort().join(' ');
}

function pushTo(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

/** Many short id lists packed into one array (list i is items[start[i] .. start[i+1]-1]): one
 * typed array instead of tens of thousands of small ones. */
class PackedLists {
  readonly start: Int32Array;
  readonly items: Int32Array;

  constructor(lists: readonly (readonly number[])[]) {
    this.start = new Int32Array(lists.length + 1);
    let total = 0;
    lists.forEach((list, i) => {
      this.start[i] = total;
      total += list.length;
    });
    this.start[lists.length] = total;
    this.items = new Int32Array(total);
    lists.forEach((list, i) => this.items.set(list, this.start[i] as number));
  }
}

function packByKey(map: Map<string, number[]>): { keys: Map<string, number>; lists: PackedLists } {
  const keys = new Map<string, number>();
  const lists: number[][] = [];
  for (const [key, list] of map) {
    keys.set(key, lists.length);
    lists.push(list);
  }
  return { keys, lists: new PackedLists(lists) };
}

/** The index keeps its own copy of each entry so later changes by the caller cannot reach it. */
function frozenCopy(raw: ListEntry): ListEntry {
  const entry: ListEntry = { list: raw.list, ref: raw.ref, kind: raw.kind, name: raw.name, category: raw.category };
  if (raw.aliases !== undefined) entry.aliases = Object.freeze([...raw.aliases]) as string[];
  if (raw.countries !== undefined) entry.countries = Object.freeze([...raw.countries]) as string[];
  if (raw.program !== undefined) entry.program = raw.program;
  if (raw.birth_year !== undefined) entry.birth_year = raw.birth_year;
  return Object.freeze(entry);
}

export class CandidateIndex implements ScreeningIndex {
  readonly size: number;
  readonly entries: readonly ListEntry[];
  /** Prepared name forms per entry (name first, then aliases). */
  readonly names: readonly (readonly PreparedName[])[];

  private readonly formEntry: Int32Array;
  /** First form id of each entry (entry i owns ids entryFirstForm[i] .. entryFirstForm[i+1]-1). */
  private readonly entryFirstForm: Int32Array;
  private readonly formWeight: Float32Array;
  private readonly formKind: Uint8Array;
  private readonly vocabulary: Map<string, number>;
  /** Vocabulary word id -> name forms holding it. */
  private readonly postings: PackedLists;
  /** Sound code -> index into soundWords; soundWords lists the vocabulary words with that code. */
  private readonly soundCodes: Map<string, number>;
  private readonly soundWords: PackedLists;
  private readonly oneEdit: OneEditIndex;
  /** Consonant key (similarity.ts consonantKey) -> Latin vocabulary words with it, for words of an abjad
   * query; and -> abjad vocabulary words, for Latin query words. */
  private readonly latinByConsonants: Map<string, number[]>;
  private readonly abjadByConsonants: Map<string, number[]>;
  /** The same by loose consonant key (similarity.ts looseConsonantKey): Latin words by their loose key and by
   * their loose key without v; abjad words by their loose key, and those writing a waw or vav again apart. */
  private readonly latinByLoose: Map<string, number[]>;
  private readonly latinByLooseNoV: Map<string, number[]>;
  private readonly abjadByLoose: Map<string, number[]>;
  private readonly abjadWithVavByLoose: Map<string, number[]>;
  /** Romanisation key -> Chinese or Korean syllables of the vocabulary with it. */
  private readonly byRoman: Map<string, number[]>;
  /** wholeNameKey -> name forms with that key. */
  private readonly wholeNames: Map<string, number[]>;
  /** Transcription consonant key (transcription.ts) -> transcribed vocabulary words with it, for Latin query words
   * (empty unless a list writes a foreign name in katakana or Chinese characters). */
  private readonly transcribedByKey: Map<string, number[]>;
  /** The same key -> Latin vocabulary words, for transcribed query words: built at the first such query, since most
   * indexes never see one (see latinWordsByTranscription). */
  private latinByTranscription: Map<string, number[]> | undefined;

  // Scratch space for one lookup at a time (lookups are synchronous, so never shared mid-flight).
  // Stamps mark which slots belong to the current lookup, so nothing needs clearing between lookups.
  // This and the key map built at the first transcribed query (latinByTranscription) are the only state that
  // changes after construction; what the index answers never does.
  private readonly scoreOfForm: Float64Array;
  private readonly bestOfForm: Float32Array;
  private readonly unitStamp: Int32Array;
  private readonly queryStamp: Int32Array;
  private readonly entryBest: Float64Array;
  private readonly entryStamp: Int32Array;
  private stamp = 0;

  constructor(source: Iterable<ListEntry>) {
    const entries: ListEntry[] = [];
    const names: PreparedName[][] = [];
    const formEntry: number[] = [];
    const entryFirstForm: number[] = [];
    const formWeight: number[] = [];
    const formKind: number[] = [];
    const vocabulary = new Map<string, number>();
    const postings: number[][] = [];
    const sound = new Map<string, number[]>();
    const editable: Array<string | null> = [];
    const wholeNames = new Map<string, number[]>();
    const interner = new WordInterner();
    const latinByConsonants = new Map<string, number[]>();
    const abjadByConsonants = new Map<string, number[]>();
    const latinByLoose = new Map<string, number[]>();
    const latinByLooseNoV = new Map<string, number[]>();
    const abjadByLoose = new Map<string, number[]>();
    const abjadWithVavByLoose = new Map<string, number[]>();
    const byRoman = new Map<string, number[]>();
    const transcribedByKey = new Map<string, number[]>();

    const vocabId = (text: string, codes: readonly string[], word?: ComparableWord): number => {
      let id = vocabulary.get(text);
      if (id !== undefined) return id;
      id = postings.length;
      vocabulary.set(text, id);
      postings.push([]);
      for (const code of codes) if (code.length >= 2) pushTo(sound, code, id);
      // Every reading of the word (similarity.ts abjadReadings; a Latin c read as s) under its keys.
      for (const r of word ? [word, ...(word.otherReadings ?? [])] : []) {
        if (r.consonants) pushTo(word?.abjad ? abjadByConsonants : latinByConsonants, r.consonants, id);
        if (r.looseConsonants && r.looseConsonants !== r.consonants) pushTo(word?.abjad ? abjadByLoose : latinByLoose, r.looseConsonants, id);
        if (word?.abjad && r.looseConsonantsNoV) pushTo(abjadWithVavByLoose, r.looseConsonantsNoV, id);
        // A Latin word's key without v, where it differs from its other keys (which are looked up too).
        else if (r.looseConsonantsNoV && r.looseConsonantsNoV !== r.looseConsonants && r.looseConsonantsNoV !== r.consonants) {
          pushTo(latinByLooseNoV, r.looseConsonantsNoV, id);
        }
      }
      if (word?.roman) pushTo(byRoman, word.roman, id);
      if (word?.transcribed) for (const key of transcriptionConsonants(text, word.transcribed)) pushTo(transcribedByKey, key, id);
      const reachable = text.length >= ONE_EDIT_MIN_LENGTH && text.length <= ONE_EDIT_MAX_LENGTH && /^[a-z]+$/.test(text);
      editable.push(reachable ? text : null);
      return id;
    };

    for (const raw of source) {
      const entry = frozenCopy(raw);
      const entryIndex = entries.length;
      entries.push(entry);
      const forms = prepareListNames(entry.name, entry.aliases, entry.kind, interner);
      names.push(forms);
      entryFirstForm.push(formEntry.length);
      for (const form of forms) {
        const formId = formEntry.length;
        formEntry.push(entryIndex);
        formWeight.push(form.totalWeight);
        formKind.push(KIND_CODE[entry.kind]);
        pushTo(wholeNames, wholeNameKey(form), formId);
        // A business is also found by its initials (IRGC: Islamic Revolutionary Guard Corps).
        if (form.kind === 'business') {
          for (const acronym of businessAcronyms(form)) {
            const posting = postings[vocabId(acronym, [])] as number[];
            if (posting[posting.length - 1] !== formId) posting.push(formId);
          }
        }
        for (const unit of searchableUnits(form)) {
          const posting = postings[vocabId(unit.word.text, unit.word.codes, unit.word)] as number[];
          if (posting[posting.length - 1] !== formId) posting.push(formId);
          // The word without its article, and a Greek word's other spellings, are found as the word is.
          for (const other of [...(unit.word.bare ? [unit.word.bare] : []), ...(unit.word.spellings ?? [])]) {
            const otherPosting = postings[vocabId(other.text, other.codes, other)] as number[];
            if (otherPosting[otherPosting.length - 1] !== formId) otherPosting.push(formId);
          }
        }
      }
    }

    this.size = entries.length;
    this.entries = Object.freeze(entries);
    this.names = Object.freeze(names.map((n) => Object.freeze(n)));
    this.formEntry = Int32Array.from(formEntry);
    entryFirstForm.push(formEntry.length);
    this.entryFirstForm = Int32Array.from(entryFirstForm);
    this.formWeight = Float32Array.from(formWeight);
    this.formKind = Uint8Array.from(formKind);
    this.vocabulary = vocabulary;
    this.postings = new PackedLists(postings);
    const packedSound = packByKey(sound);
    this.soundCodes = packedSound.keys;
    this.soundWords = packedSound.lists;
    this.oneEdit = new OneEditIndex(editable);
    this.latinByConsonants = latinByConsonants;
    this.abjadByConsonants = abjadByConsonants;
    this.latinByLoose = latinByLoose;
    this.latinByLooseNoV = latinByLooseNoV;
    this.abjadByLoose = abjadByLoose;
    this.abjadWithVavByLoose = abjadWithVavByLoose;
    this.byRoman = byRoman;
    this.wholeNames = wholeNames;
    this.transcribedByKey = transcribedByKey;

    const forms = this.formEntry.length;
    this.scoreOfForm = new Float64Array(forms);
    this.bestOfForm = new Float32Array(forms);
    this.unitStamp = new Int32Array(forms);
    this.queryStamp = new Int32Array(forms);
    this.entryBest = new Float64Array(entries.length);
    this.entryStamp = new Int32Array(entries.length);
  }

  /** Vocabulary words a query unit reaches, with how strongly (best per word). */
  private reach(unit: NameUnit): Map<number, number> {
    const reached = new Map<number, number>();
    const add = (id: number | undefined, weight: number): void => {
      if (id === undefined) return;
      if ((reached.get(id) ?? 0) < weight) reached.set(id, weight);
    };

    const word = unit.word;
    add(this.vocabulary.get(word.text), HIT_EXACT);
    if (word.bare) add(this.vocabulary.get(word.bare.text), HIT_BARE);
    // A transcribed word reaches the Latin words of its consonants (compared so: similarity.ts compareTranscribed).
    if (word.transcribed) {
      for (const key of transcriptionConsonants(word.text, word.transcribed)) {
        for (const id of this.latinWordsByTranscription().get(key) ?? []) add(id, HIT_SOUND);
      }
      return reached;
    }
    const readings = word.otherReadings ? [word, ...word.otherReadings] : [word];
    if (word.abjad) {
      for (const r of readings) {
        // Equal consonants are as close as a word of another script can come: a hit as good as an exact one
        // when the other word is Latin, so an entry known only by its Latin names is ranked with the rest.
        for (const id of this.latinByConsonants.get(r.consonants) ?? []) add(id, HIT_ACROSS_SCRIPTS);
        for (const id of this.abjadByConsonants.get(r.consonants) ?? []) add(id, HIT_SOUND);
        for (const key of [r.looseConsonants, r.looseConsonantsNoV]) {
          if (!key) continue;
          for (const map of [this.latinByConsonants, this.latinByLoose, this.latinByLooseNoV, this.abjadByConsonants, this.abjadByLoose]) {
            for (const id of map.get(key) ?? []) add(id, HIT_SOUND);
          }
        }
      }
      // A Brahmic word writes its vowels other than a (निकोलय NIKOLY): it also reaches Latin words by
      // sound and by one edit, as it is compared (similarity.ts compareAbjad).
      if (word.asLatin && /[EIOU]/.test(word.text)) this.reachBySpelling(word.asLatin, add);
      // A word of a business name in Arabic script read as its English words (normalize.ts) reaches those words.
      for (const spelling of word.spellings ?? []) add(this.vocabulary.get(spelling.text), HIT_EXACT);
      return reached;
    }
    if (!word.latin) return reached;
    this.reachLatin(word, readings, add);
    // A word transliterated from Greek reaches what each of its other spellings reaches.
    for (const spelling of word.spellings ?? []) {
      add(this.vocabulary.get(spelling.text), HIT_EXACT);
      // (A spelling compared with Latin words only reaches no abjad word: see ComparableWord.latinOnly.)
      if (spelling.latinOnly) this.reachBySpelling(spelling, add);
      else this.reachLatin(spelling, spelling.otherReadings ? [spelling, ...spelling.otherReadings] : [spelling], add);
    }
    return reached;
  }

  /** What a Latin word reaches besides its own vocabulary word: abjad words by consonants, sound, one edit. */
  private reachLatin(word: ComparableWord, readings: readonly ConsonantReading[], add: (id: number | undefined, weight: number) => void): void {
    for (const r of readings) {
      // As above: a Latin word meeting an abjad word by its consonants ranks it with the Latin words it reaches.
      if (r.consonants) for (const id of this.abjadByConsonants.get(r.consonants) ?? []) add(id, HIT_ACROSS_SCRIPTS);
      if (r.looseConsonants) {
        for (const id of this.abjadByConsonants.get(r.looseConsonants) ?? []) add(id, HIT_SOUND);
        for (const id of this.abjadByLoose.get(r.looseConsonants) ?? []) add(id, HIT_SOUND);
      }
      if (r.looseConsonantsNoV) for (const id of this.abjadWithVavByLoose.get(r.looseConsonantsNoV) ?? []) add(id, HIT_SOUND);
    }
    if (word.roman) for (const id of this.byRoman.get(word.roman) ?? []) add(id, HIT_SOUND);
    if (this.transcribedByKey.size > 0) {
      for (const key of transcriptionConsonants(word.text)) for (const id of this.transcribedByKey.get(key) ?? []) add(id, HIT_SOUND);
    }
    if (word.nicknames) for (const name of word.nicknames) add(this.vocabulary.get(name), HIT_SOUND);
    this.reachBySpelling(word, add);
  }

  /** Latin vocabulary words a Latin word reaches by sound code and by one edit. */
  private reachBySpelling(word: ComparableWord, add: (id: number | undefined, weight: number) => void): void {
    if (word.text.length <= 3) return;
    for (const code of word.codes) {
      const list = code.length >= 2 ? this.soundCodes.get(code) : undefined;
      if (list === undefined) continue;
      const { start, items } = this.soundWords;
      for (let k = start[list] as number; k < (start[list + 1] as number); k++) add(items[k], HIT_SOUND);
    }
    if (word.text.length >= ONE_EDIT_MIN_LENGTH - 1 && word.text.length <= ONE_EDIT_MAX_LENGTH + 1) {
      for (const id of this.oneEdit.near(word.text)) add(id, HIT_ONE_EDIT);
    }
    // (Only for a word no list writes so: a word the lists hold is seldom a misspelling, and the lookups cost.)
    if (word.text.length >= TWO_EDITS_MIN_LENGTH && word.text.length <= ONE_EDIT_MAX_LENGTH + 2 && !this.vocabulary.has(word.text)) {
      for (const id of this.oneEdit.nearByTwo(word.text)) add(id, HIT_TWO_EDITS);
    }
  }

  /** Latin vocabulary words by their transcription consonants (transcription.ts), computed once, at the first query
   * with a transcribed word. */
  private latinWordsByTranscription(): Map<string, number[]> {
    if (!this.latinByTranscription) {
      const map = new Map<string, number[]>();
      for (const [text, id] of this.vocabulary) if (/^[a-z]+$/.test(text)) for (const key of transcriptionConsonants(text)) pushTo(map, key, id);
      this.latinByTranscription = map;
    }
    return this.latinByTranscription;
  }

  /** Keeps the best hit of `form` under `stamp`; a form met for the first time under it joins `seen`. */
  private keepBestHit(form: number, hit: number, stamp: number, seen: number[]): void {
    if (this.unitStamp[form] !== stamp) {
      this.unitStamp[form] = stamp;
      this.bestOfForm[form] = hit;
      seen.push(form);
    } else if ((this.bestOfForm[form] as number) < hit) {
      this.bestOfForm[form] = hit;
    }
  }

  private nextStamp(): number {
    this.stamp += 1;
    return this.stamp;
  }

  /**
   * The entries worth scoring for a query name prepared for `kind`, best estimate first, at most
   * `limit`. Only entries of `kind` are considered.
   */
  candidates(query: PreparedName, kind: EntryKind, limit: number): Candidate[] {
    const kindCode = KIND_CODE[kind];
    if (this.stamp > 0x7f000000) {
      // Stamps would overflow in some hundred million lookups: start again from clean arrays.
      this.unitStamp.fill(0);
      this.queryStamp.fill(0);
      this.entryStamp.fill(0);
      this.stamp = 0;
    }
    const queryStamp = this.nextStamp();

    // The name forms of this kind each searchable query unit reaches, with the unit's best hit on each.
    const units = searchableUnits(query);
    const unitForms: number[][] = [];
    const unitHits: number[][] = [];
    for (const unit of units) {
      const forms: number[] = [];
      const hits: number[] = [];
      const reached = this.reach(unit);
      if (reached.size > 0) {
        const unitStamp = this.nextStamp();
        const { start, items } = this.postings;
        for (const [vocab, hit] of reached) {
          for (let k = start[vocab] as number; k < (start[vocab + 1] as number); k++) {
            const form = items[k] as number;
            if (this.formKind[form] === kindCode) this.keepBestHit(form, hit, unitStamp, forms);
          }
        }
        for (const form of forms) hits.push(this.bestOfForm[form] as number);
      }
      unitForms.push(forms);
      unitHits.push(hits);
    }

    // A form's points: for each query word, the best hit of any unit holding it (the word alone or a
    // run of it with its neighbours), times the word's weight. Units overlap, so adding their hits up
    // would count a word several times ("chang ha" reaching "chang" by sound on top of "chang" itself)
    // and let many forms that lack query words tie with the ones that have them all.
    const touched: number[] = [];
    for (let word = 0; word < query.wordCount; word++) {
      const weight = (query.units[word] as NameUnit).weight;
      const wordStamp = this.nextStamp();
      const wordForms: number[] = [];
      for (let u = 0; u < units.length; u++) {
        const unit = units[u] as NameUnit;
        if (unit.first > word || unit.last < word) continue;
        const forms = unitForms[u] as number[];
        const hits = unitHits[u] as number[];
        for (let k = 0; k < forms.length; k++) {
          this.keepBestHit(forms[k] as number, hits[k] as number, wordStamp, wordForms);
        }
      }
      for (const form of wordForms) {
        if (this.queryStamp[form] !== queryStamp) {
          this.queryStamp[form] = queryStamp;
          this.scoreOfForm[form] = 0;
          touched.push(form);
        }
        this.scoreOfForm[form] = (this.scoreOfForm[form] as number) + (this.bestOfForm[form] as number) * weight;
      }
    }

    // Best form per entry, estimated the way the name score blends query and list coverage, so a
    // short alias that is all query beats a long name that shares one word with it.
    const entryStamp = queryStamp;
    const entriesTouched: number[] = [];
    const queryWeight = Math.max(query.totalWeight, 1e-9);
    for (const form of touched) {
      const hits = this.scoreOfForm[form] as number;
      const queryCoverage = Math.min(1, hits / queryWeight);
      const listCoverage = Math.min(1, hits / Math.max(this.formWeight[form] as number, 1e-9));
      const estimate = blendCoverage(queryCoverage, listCoverage) / 100;
      const entry = this.formEntry[form] as number;
      if (this.entryStamp[entry] !== entryStamp) {
        this.entryStamp[entry] = entryStamp;
        this.entryBest[entry] = estimate;
        entriesTouched.push(entry);
      } else if ((this.entryBest[entry] as number) < estimate) {
        this.entryBest[entry] = estimate;
      }
    }

    // Forms identical to the query, whatever their words: found by one lookup, ranked first.
    for (const form of this.wholeNames.get(wholeNameKey(query)) ?? []) {
      if (this.formKind[form] !== kindCode) continue;
      if (this.queryStamp[form] !== queryStamp) {
        this.queryStamp[form] = queryStamp;
        this.scoreOfForm[form] = 0;
      }
      const entry = this.formEntry[form] as number;
      if (this.entryStamp[entry] !== entryStamp) {
        this.entryStamp[entry] = entryStamp;
        entriesTouched.push(entry);
      }
      this.entryBest[entry] = IDENTICAL_RANK;
    }
    const best = this.entryBest;
    entriesTouched.sort((a, b) => (best[b] as number) - (best[a] as number) || a - b);
    if (entriesTouched.length > limit) entriesTouched.length = limit;
    return entriesTouched.map((entry) => {
      const forms: number[] = [];
      const first = this.entryFirstForm[entry] as number;
      const end = this.entryFirstForm[entry + 1] as number;
      for (let form = first; form < end; form++) if (this.queryStamp[form] === queryStamp) forms.push(form - first);
      return { entry, estimate: Math.min(1, best[entry] as number), forms };
    });
  }
}
