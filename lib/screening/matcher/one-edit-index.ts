// Finds vocabulary words one edit (insertion, deletion, substitution, neighbour swap) away from a
// word, by the symmetric-deletion method: two words are one edit apart when they share a "word with
// one letter removed". Those deletion keys are stored as 30-bit hashes in one sorted Float64Array
// (hash * 2^22 + word id) instead of a string map: a few MB instead of hundreds, and a build that
// is a sort. A hash collision only adds a candidate, which full scoring then judges.

const ID_BITS = 22;
const ID_SPACE = 2 ** ID_BITS;

/** FNV-1a of `word` with the letters at `skip` and `skip2` left out (-1: none), folded to 30 bits. */
function hashWithout(word: string, skip: number, skip2 = -1): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    if (i === skip || i === skip2) continue;
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 2) & 0x3fffffff;
}

export class OneEditIndex {
  private readonly keys: Float64Array;

  /** `words[id]` is the vocabulary word with that id, or null when it should not be reachable this way. */
  constructor(words: ReadonlyArray<string | null>) {
    if (words.length >= ID_SPACE) throw new RangeError('vocabulary too large for the one-edit index');
    let count = 0;
    for (const w of words) if (w !== null) count += w.length + 1;
    const keys = new Float64Array(count);
    let k = 0;
    words.forEach((w, id) => {
      if (w === null) return;
      keys[k++] = hashWithout(w, -1) * ID_SPACE + id;
      for (let i = 0; i < w.length; i++) keys[k++] = hashWithout(w, i) * ID_SPACE + id;
    });
    keys.sort();
    this.keys = keys;
  }

  get byteLength(): number {
    return this.keys.byteLength;
  }

  private collect(hash: number, out: Set<number>): void {
    const lowKey = hash * ID_SPACE;
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] as number) < lowKey) lo = mid + 1;
      else hi = mid;
    }
    const highKey = lowKey + ID_SPACE;
    for (let i = lo; i < this.keys.length; i++) {
      const key = this.keys[i] as number;
      if (key >= highKey) break;
      out.add(key - lowKey);
    }
  }

  /**
   * Ids of words that `word` with two letters left out is, or is with one letter left out: two edits away when at
   * least one of them is a letter the word has that the other lacks (Shaqmkhank / Shamkhani, Abdulkadir /
   * Abdikadir), and some of those one edit away.
   */
  nearByTwo(word: string): Set<number> {
    const out = new Set<number>();
    for (let i = 0; i < word.length; i++) for (let j = i + 1; j < word.length; j++) this.collect(hashWithout(word, i, j), out);
    return out;
  }

  /** Ids of words at most one edit from `word` (the word itself included when present). */
  near(word: string): Set<number> {
    const out = new Set<number>();
    this.collect(hashWithout(word, -1), out);
    for (let i = 0; i < word.length; i++) this.collect(hashWithout(word, i), out);
    return out;
  }
}
