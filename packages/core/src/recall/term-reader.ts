/**
 * `tokenize` then a term dictionary's ids, for the one index that reads every turn as it is written
 * (recall's episode word index, recall/bm25.ts `add`): the same ids, in the same order, as interning each
 * term of `tokenize(text)` in turn. Most of a write's indexing time went to `tokenize`: a slice per word,
 * a stop-word lookup, a stem lookup, then the dictionary's. Here each word run of the lower-cased text is
 * looked up once, by its characters in place (no slice), in a table from the run to its term id (or "stop
 * word"); only a run not seen before goes through `words` and `tokenize`'s own steps (`wordOf`,
 * `termOfWord`). What a run maps to is a pure function of the run and the dictionary, so the table is a
 * cache: clearing it (when full, or when the stemmer switch changes) changes nothing but speed.
 */
import { isAsciiWordChar, termOfWord, TOKENIZE, wordCharLength, wordOf } from './text.js';

/** Runs kept at most (then the table starts again): a year of turns reuses a vocabulary of about this size. */
const MAX_RUNS = 1 << 17;
/** A run longer than this is not kept (a pasted hash or URL is rarely seen twice). */
const MAX_KEPT_LENGTH = 64;
const STOP = -1;

export class TermReader {
  /** The ids of the last `read`, its first `n` entries. */
  ids = new Uint32Array(256);
  /**
   * Open addressing, SLOT entries a slot: the run's hash, where its characters start in `chars`, their count
   * (0: an empty slot), its term id (or STOP); 16 bytes, so a lookup reads one slot and the run's characters.
   * A power of two of slots, at least twice the runs held.
   */
  private slots = new Int32Array(SLOT * 1024);
  private runs = 0;
  /** The runs' characters, back to back. */
  private chars = new Uint16Array(4096);
  private charsUsed = 0;
  private stemmer = TOKENIZE.stemmer;

  /** `intern`: the dictionary's id of a term, adding it when new (called in the order `tokenize` yields terms). */
  constructor(private readonly intern: (term: string) => number) {}

  /** `tokenize(text)` as term ids, in order, into `ids`; returns how many. */
  read(text: string): number {
    if (TOKENIZE.stemmer !== this.stemmer) {
      this.clear();
      this.stemmer = TOKENIZE.stemmer;
    }
    // the runs of `words`: letters and digits, joined by an apostrophe between two of them
    const lower = text.toLowerCase();
    const n = lower.length;
    let count = 0;
    let i = 0;
    while (i < n) {
      const c0 = lower.charCodeAt(i);
      const first = c0 < 128 ? (isAsciiWordChar(c0) ? 1 : 0) : wordCharLength(lower, i);
      if (first === 0) {
        i++;
        continue;
      }
      // the run's hash (FNV-1a over its UTF-16 units) as it is read
      const start = i;
      let h = HASH_SEED;
      let apostrophe = false;
      for (const end = i + first; i < end; i++) h = Math.imul(h ^ lower.charCodeAt(i), HASH_PRIME);
      for (;;) {
        while (i < n) {
          const c = lower.charCodeAt(i);
          if (c < 128) {
            if (!isAsciiWordChar(c)) break;
            h = Math.imul(h ^ c, HASH_PRIME);
            i++;
          } else {
            const k = wordCharLength(lower, i);
            if (k === 0) break;
            for (const end = i + k; i < end; i++) h = Math.imul(h ^ lower.charCodeAt(i), HASH_PRIME);
          }
        }
        const c = i < n ? lower.charCodeAt(i) : 0;
        if ((c === 39 || c === 0x2019) && wordCharLength(lower, i + 1) > 0) {
          apostrophe = true;
          h = Math.imul(h ^ c, HASH_PRIME);
          i++;
        } else break;
      }
      const id = this.termOfRun(lower, start, i, h, apostrophe);
      if (id === STOP) continue;
      if (count === this.ids.length) {
        const more = new Uint32Array(count * 2);
        more.set(this.ids);
        this.ids = more;
      }
      this.ids[count++] = id;
    }
    return count;
  }

  /** The term id (or STOP) of the run lower[start, end), of hash h: from the table, else by `tokenize`'s steps, then kept. */
  private termOfRun(lower: string, start: number, end: number, h: number, apostrophe: boolean): number {
    const length = end - start;
    const slots = this.slots;
    const mask = slots.length / SLOT - 1;
    const chars = this.chars;
    for (let p = h & mask; ; p = (p + 1) & mask) {
      const at = SLOT * p;
      const n = slots[at + 2]!;
      if (n === 0) break;
      if (n !== length || slots[at] !== h) continue;
      const from = slots[at + 1]!;
      let k = 0;
      while (k < length && chars[from + k] === lower.charCodeAt(start + k)) k++;
      if (k === length) return slots[at + 3]!;
    }
    const term = termOfWord(wordOf(lower.slice(start, end), apostrophe));
    const id = term === undefined ? STOP : this.intern(term);
    if (length <= MAX_KEPT_LENGTH) this.keep(lower, start, end, h, id);
    return id;
  }

  private keep(lower: string, start: number, end: number, h: number, id: number): void {
    if (this.runs === MAX_RUNS) this.clear();
    if (2 * (this.runs + 1) > this.slots.length / SLOT) this.growSlots();
    this.runs++;
    const length = end - start;
    if (this.charsUsed + length > this.chars.length) {
      const more = new Uint16Array(Math.max(this.chars.length * 2, this.charsUsed + length));
      more.set(this.chars);
      this.chars = more;
    }
    const at = this.charsUsed;
    for (let k = 0; k < length; k++) this.chars[at + k] = lower.charCodeAt(start + k);
    this.charsUsed += length;
    place(this.slots, h, at, length, id);
  }

  private growSlots(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    for (let at = 0; at < old.length; at += SLOT) if (old[at + 2] !== 0) place(slots, old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!);
    this.slots = slots;
  }

  private clear(): void {
    this.slots.fill(0);
    this.runs = 0;
    this.charsUsed = 0;
  }
}

/** Entries per slot of `TermReader.slots`. */
const SLOT = 4;

/** Puts a run in the first free slot from its hash's. */
function place(slots: Int32Array, h: number, from: number, length: number, id: number): void {
  const mask = slots.length / SLOT - 1;
  let p = h & mask;
  while (slots[SLOT * p + 2] !== 0) p = (p + 1) & mask;
  const at = SLOT * p;
  slots[at] = h;
  slots[at + 1] = from;
  slots[at + 2] = length;
  slots[at + 3] = id;
}

const HASH_SEED = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;
