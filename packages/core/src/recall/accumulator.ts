/**
 * Per-document scores for one query at a time, as BM25 and the vector postings sum them: a value per id, a
 * stamp per id saying whether it was touched in this query, and the touched ids in order. A new query takes a
 * new epoch instead of clearing anything, so a search costs what it touches, not the size of the index.
 * BM25's posting loops read `values`, `stamp` and `touched` through locals (see Bm25Index.accumulate); other
 * callers sum through `add`.
 */
export class Accumulator<T extends Float64Array | Float32Array> {
  values: T;
  /** Two bytes an id, not four: a memory holds some twenty of these; a wrapped epoch clears it (every 65,534 queries). */
  stamp = new Uint16Array(0);
  touched = new Uint32Array(0);
  /** How many ids were touched in this epoch (the caller writes it back after its loop). */
  count = 0;
  private epoch = 0;

  /** `make(n)`: the values array (Float32Array sums round like float32 vectors, Float64Array like doubles). */
  constructor(private readonly make: (length: number) => T) {
    this.values = make(0);
  }

  /** A fresh epoch for ids below `size`: nothing is touched yet. Returns the epoch to stamp with. */
  begin(size: number): number {
    if (this.values.length < size) {
      // a little to spare, not double: a memory holds some twenty of these, sized by its episodes
      const cap = Math.max(size + (size >> 5), 64);
      this.values = this.make(cap);
      this.stamp = new Uint16Array(cap);
      this.touched = new Uint32Array(cap);
      this.epoch = 0;
    }
    if (++this.epoch === 0xffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    this.count = 0;
    return this.epoch;
  }

  /**
   * Exchanges this accumulator's contents (values, stamps, touched ids, epoch) with `other`'s: a caller whose
   * sums another accumulator already holds, id for id, takes them without a copy.
   */
  swap(other: Accumulator<T>): void {
    const { values, stamp, touched, count, epoch } = this;
    this.values = other.values;
    this.stamp = other.stamp;
    this.touched = other.touched;
    this.count = other.count;
    this.epoch = other.epoch;
    other.values = values;
    other.stamp = stamp;
    other.touched = touched;
    other.count = count;
    other.epoch = epoch;
  }

  /** Whether id i was touched in this epoch. */
  has(i: number): boolean {
    return this.stamp[i] === this.epoch;
  }

  /** Id i's value in this epoch, 0 when untouched. */
  get(i: number): number {
    return this.stamp[i] === this.epoch ? this.values[i]! : 0;
  }

  /** Sets id i's value in this epoch (listing the id at its first touch). */
  set(i: number, x: number): void {
    if (this.stamp[i] !== this.epoch) {
      this.stamp[i] = this.epoch;
      this.touched[this.count++] = i;
    }
    this.values[i] = x;
  }

  /** Adds `x` to id i's sum in this epoch; the first add of an epoch starts the sum at 0 and lists the id. */
  add(i: number, x: number): void {
    if (this.stamp[i] === this.epoch) this.values[i] = this.values[i]! + x;
    else {
      this.stamp[i] = this.epoch;
      this.values[i] = 0 + x;
      this.touched[this.count++] = i;
    }
  }
}
