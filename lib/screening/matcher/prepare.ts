// A name form made ready for scoring: normalised words with their weight and comparison data, plus
// the joined neighbouring words ("abu bakr" -> "abubakr") so spacing variants of a name meet.

import type { EntryKind } from './types';
import { listNameForms, normalizeName, type WordRole } from './normalize';
import { comparableWord, type ComparableWord } from './similarity';
import type { Transcription } from './transcription';
import { countryOfWord } from './name-words';

/** How much a word of each role counts towards a name's score. */
export const ROLE_WEIGHT: Readonly<Record<WordRole, number>> = {
  normal: 1,
  initial: 0.5,
  generic: 0.3,
  particle: 0.25,
};

/** One word, or a run of neighbouring words read as one. */
export interface NameUnit {
  /** Index of the first and last word covered (inclusive). */
  readonly first: number;
  readonly last: number;
  readonly word: ComparableWord;
  /** Role of a single word; a run counts as 'normal'. */
  readonly role: WordRole;
  /** Sum of the covered words' weights. */
  readonly weight: number;
  /** The covered words as written after normalisation, for reason details. */
  readonly label: string;
  /** A run whose consonants are those of one of its words alone (see prepareName). */
  readonly echo?: true;
  /** A person's last word (of two or more, in speech order): the family name of most names, whose ending a record may
   * write for the other gender (score.ts, compareSurnameEndings). */
  readonly lastOfPerson?: true;
  /** A person's East Slavic patronymic (Vladimirovich, Fedorovna), which records outside those countries leave out
   * more often than any other middle name (score.ts coverageWithoutMiddle). */
  readonly patronymic?: true;
}

const ECHO = { echo: true } as const;
const LAST_OF_PERSON = { lastOfPerson: true } as const;
const PATRONYMIC = { patronymic: true } as const;
/** Russian, Ukrainian and Belarusian patronymics as Latin spellings end (-ovich, -yevich, -ovych, -ovna, -ivna...). */
const PATRONYMIC_ENDING = /^[a-z]{3,}(?:ovich|evich|ovych|evych|ovitch|evitch|ovna|evna|ivna|ichna)$/;

export interface PreparedName {
  /** The name or alias exactly as the list (or the caller) wrote it. */
  readonly source: string;
  /** Prepared as a person's or as a business's name. */
  readonly kind: EntryKind;
  /** units[i] for i < wordCount is word i alone; then runs of 2 and 3 words. */
  readonly units: readonly NameUnit[];
  readonly wordCount: number;
  readonly totalWeight: number;
  /** Words with the 'normal' role: how many distinctive words the name has. */
  readonly distinctiveCount: number;
  readonly legalForms: readonly string[];
  /** Some unit is an echo run. */
  readonly hasEcho: boolean;
  /** A distinctive word written twice ("Abd al-Ali Ali-Asgari"): which of the two a pair takes matters (score.ts alignNames). */
  readonly hasRepeatedWord: boolean;
  /** The countries a business name names (name-words.ts countryOfWord), each once; none for a person. */
  readonly countries: readonly string[];
}

const MAX_RUN = 3;

/** Arabic letters that take in the article's l, as transliterated (ت ث د ذ ر ز س ش ص ض ط ظ ل ن; Ð and Þ are ذ ظ ض and ث). */
const SUN_LETTER = /^[TDRZSLNÐÞ]/;

/**
 * Shares one ComparableWord per distinct word across all names of an index: saves memory and lets a
 * screening remember a comparison by word instead of repeating it for every name holding the word.
 */
export class WordInterner {
  private readonly words = new Map<string, ComparableWord>();

  /** `readings`: the word's other Latin spellings (a Greek word's, see normalize.ts greekReadings); `transcribed`: how a
   * foreign name's word read syllable by syllable was written (transcription.ts). */
  get(text: string, readings?: readonly string[], transcribed?: Transcription): ComparableWord {
    const key = transcribed ? `${text} (${transcribed})` : readings && readings.length > 0 ? `${text} ${readings.join(' ')}` : text;
    let word = this.words.get(key);
    if (!word) {
      word = comparableWord(text, readings, transcribed);
      this.words.set(key, word);
    }
    return word;
  }
}

const fresh = { get: comparableWord };

/** One form of a name as the matcher compares it: its words, and runs of neighbours read as one (`listName`: a list's). */
export function prepareName(
  form: string,
  kind: EntryKind,
  source: string = form,
  interner: Pick<WordInterner, 'get'> = fresh,
  listName = false,
): PreparedName {
  const { words, legalForms } = normalizeName(form, kind);
  const units: NameUnit[] = words.map((w, i) => ({
    first: i,
    last: i,
    word: interner.get(w.text, w.readings, w.transcribed),
    role: w.role,
    weight: ROLE_WEIGHT[w.role],
    label: w.text,
    ...(kind === 'person' && words.length >= 2 && i === words.length - 1 ? LAST_OF_PERSON : {}),
    ...(kind === 'person' && words.length >= 3 && w.role === 'normal' && PATRONYMIC_ENDING.test(w.text) ? PATRONYMIC : {}),
  }));
  for (let size = 2; size <= MAX_RUN; size++) {
    for (let first = 0; first + size <= words.length; first++) {
      const run = words.slice(first, first + size);
      // Runs join Latin words, or abjad words with their particles ("عبد الله" = "abdallah"); a run of
      // initials is not a spacing variant. Three-word runs are for names built around a particle
      // ("abd al rahman" = "abdulrahman").
      if (run.some((w) => !/^(?:[a-z]+|[A-ZÐÞ]+)$/.test(w.text))) continue;
      // Transcribed words are not joined: compared by their consonants alone, words read as one would meet too many names.
      if (run.some((w) => w.transcribed)) continue;
      // In a list name, one letter joined to the longer words beside it is read as the linking vowel of a
      // compound written with hyphens (CHAN-O-CHA = Chanocha, Chan-ocha). Not in a query, whose single letters
      // are initials far more often ("H. Aung"): a run there would reach every name holding the other word.
      const letters = run.filter((w) => w.role === 'initial').length;
      const linking = listName && letters === 1 && run.every((w) => w.role === 'initial' || w.text.length >= 3);
      if (letters > 0 && !linking) continue;
      const abjad = run.some((w) => /^[A-ZÐÞ]+$/.test(w.text));
      if (size === 3 && !run.some((w) => w.role === 'particle') && !(linking && run[1]?.role === 'initial')) continue;
      // The article's alif inside an abjad run is not spoken (عبد ال read as one is Abdul): not written as a long vowel.
      const spoken = (w: { text: string }, i: number): string => (abjad && i > 0 && w.text === 'al' ? 'l' : w.text);
      const joined = run.map(spoken).join('');
      const unit = {
        first,
        last: first + size - 1,
        role: 'normal' as const,
        weight: run.reduce((sum, w) => sum + ROLE_WEIGHT[w.role], 0),
        label: run.map((w) => w.text).join(' '),
      };
      const word = interner.get(abjad ? joined.toUpperCase() : joined);
      // Words read as one whose consonants are those of one of them alone ("ایوب بشیر" joined has the
      // consonants of بشیر, since the b where they meet reads as one) may take a word without adding anything
      // of it: such a run is an echo, which the alignment also tries without (score.ts alignNames).
      const addsNoConsonants = (w: NameUnit['word']): boolean => {
        for (let i = first; i < first + size; i++) if ((units[i] as NameUnit).word.consonants === w.consonants) return true;
        return false;
      };
      units.push({ ...unit, word, ...(addsNoConsonants(word) ? ECHO : {}) });
      // The article before a sun letter is spoken as that letter, and Latin spellings often write it so
      // (شمس الدين = Shamsuddin, نصير الدين = Nasiruddin): the run is also read that way, and so is a run
      // that ends with the article, which Latin spellings join to the word before (عبد الرحمن = Abdur Rahman,
      // ضیا الرحمان = Zia ur Rahman).
      if (abjad) {
        const next = words[first + size]?.text ?? '';
        const assimilated = run
          .map((w, i) => {
            const after = i + 1 < run.length ? (run[i + 1] as { text: string }).text : next;
            return w.text === 'al' && SUN_LETTER.test(after) ? `a${i + 1 < run.length ? '' : after.charAt(0)}` : spoken(w, i);
          })
          .join('');
        const read = interner.get(assimilated.toUpperCase());
        if (assimilated !== joined) units.push({ ...unit, word: read, ...(addsNoConsonants(read) ? ECHO : {}) });
      }
    }
  }
  return {
    source,
    kind,
    units,
    wordCount: words.length,
    totalWeight: words.reduce((sum, w) => sum + ROLE_WEIGHT[w.role], 0),
    distinctiveCount: words.filter((w) => w.role === 'normal').length,
    legalForms,
    hasEcho: units.some((u) => u.echo === true),
    hasRepeatedWord: words.length > 2 && hasRepeatedDistinctiveWord(words),
    countries: kind === 'business' ? [...new Set(words.flatMap((w) => countryOfWord(w.text) ?? []))] : [],
  };
}

function hasRepeatedDistinctiveWord(words: readonly { text: string; role: string }[]): boolean {
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as { text: string; role: string };
    if (w.role !== 'normal') continue;
    for (let j = 0; j < i; j++) if ((words[j] as { text: string }).text === w.text) return true;
  }
  return false;
}

/** Every comparable form of an entry: its name first, then each alias (see listNameForms). */
export function prepareListNames(
  name: string,
  aliases: readonly string[] | undefined,
  kind: EntryKind,
  words: Pick<WordInterner, 'get'> = fresh,
): PreparedName[] {
  const sources = [name, ...(aliases ?? [])];
  const prepared: PreparedName[] = [];
  for (const source of sources) {
    for (const form of listNameForms(source)) {
      const p = prepareName(form, kind, source, words, true);
      if (p.wordCount > 0) prepared.push(p);
    }
  }
  return prepared;
}
