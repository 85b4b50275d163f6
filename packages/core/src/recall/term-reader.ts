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
   * Open addressing, two entries a slot: the run's hash, and the run + 1 (0: an empty slot). A power of two
   * of slots, at least twice the runs held. The hash beside the run spares a mismatch a read of the run.
   */
  private slots = new Int32Array(2 * 1024);
  /** Per run, RUN_FIELDS entries: where its characters start in `chars`, their count, its term id (or STOP). */
  private runData = new Int32Array(RUN_FIELDS * 512);
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
    const mask = (slots.length >> 1) - 1;
    const data = this.runData;
    const chars = this.chars;
    for (let p = h & mask; ; p = (p + 1) & mask) {
      const r = slots[2 * p + 1]! - 1;
      if (r < 0) break;
      if (slots[2 * p] !== h || data[RUN_FIELDS * r + 1] !== length) continue;
      const from = data[RUN_FIELDS * r]!;
      let k = 0;
      while (k < length && chars[from + k] === lower.charCodeAt(start + k)) k++;
      if (k === length) return data[RUN_FIELDS * r + 2]!;
    }
    const term = termOfWord(wordOf(lower.slice(start, end), apostrophe));
    const id = term === undefined ? STOP : this.intern(term);
    if (length <= MAX_KEPT_LENGTH) this.keep(lower, start, end, h, id);
    return id;
  }

  private keep(lower: string, start: number, end: number, h: number, id: number): void {
    if (this.runs === MAX_RUNS) this.clear();
    if (2 * (this.runs + 1) > this.slots.length >> 1) this.growSlots();
    const r = this.runs++;
    if (RUN_FIELDS * r === this.runData.length) this.runData = copyInto(new Int32Array(2 * this.runData.length), this.runData);
    const length = end - start;
    if (this.charsUsed + length > this.chars.length) this.chars = copyInto(new Uint16Array(Math.max(this.chars.length * 2, this.charsUsed + length)), this.chars);
    const at = this.charsUsed;
    for (let k = 0; k < length; k++) this.chars[at + k] = lower.charCodeAt(start + k);
    this.charsUsed += length;
    this.runData[RUN_FIELDS * r] = at;
    this.runData[RUN_FIELDS * r + 1] = length;
    this.runData[RUN_FIELDS * r + 2] = id;
    this.place(this.slots, h, r);
  }

  /** Puts run r (hash h) in the first free slot from its hash's. */
  private place(slots: Int32Array, h: number, r: number): void {
    const mask = (slots.length >> 1) - 1;
    let p = h & mask;
    while (slots[2 * p + 1] !== 0) p = (p + 1) & mask;
    slots[2 * p] = h;
    slots[2 * p + 1] = r + 1;
  }

  private growSlots(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    for (let p = 0; p < old.length; p += 2) if (old[p + 1] !== 0) this.place(slots, old[p]!, old[p + 1]! - 1);
    this.slots = slots;
  }

  private clear(): void {
    this.slots.fill(0);
    this.runs = 0;
    this.charsUsed = 0;
  }
}

const HASH_SEED = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;

/** Entries per run in `runData` (where its characters start, how many, its term id, one unused: 16 bytes a run). */
const RUN_FIELDS = 4;

function copyInto<T extends Int32Array | Uint16Array>(to: T, from: T): T {
  to.set(from);
  return to;
}
