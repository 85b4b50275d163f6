import { TopK } from './grow.js';
import type { Hit } from './grow.js';
import { Hnsw } from './hnsw.js';
import { Accumulator } from './accumulator.js';
import type { SparseVector } from './embedder.js';

/**
 * Vectors of one kind: exact search while small; from `bruteForceBelow` vectors on, an HNSW that writes grow
 * in bounded steps (`grow`), searched once it holds every vector. No search ever builds it: until it is
 * complete, searches stay exact.
 *
 * The exact search keeps an inverted index by dimension next to the dense rows: hashed n-gram vectors
 * are sparse (an entity name sets ~30 of 256 coordinates, a turn ~150), so summing over the query's
 * non-zero dimensions' postings touches a fraction of what a scan of every row would. Dense vectors (a
 * model's embeddings) are searched by a plain scan of the rows instead (dot products over one contiguous
 * Float32Array), chosen when most stored coordinates are non-zero.
 */
export class VectorSet {
  /**
   * The rows as one dense array, made once the set is dense (a search then scans them) or builds the HNSW,
   * then kept up by `add`: sparse hashed vectors are searched through the postings alone, and writing 256
   * floats a row that are mostly zeros was most of an entity's indexing cost.
   */
  private data: Float32Array | undefined;
  private labels = new Uint32Array(0);
  private count = 0;
  private hnsw: Hnsw | undefined;
  /** The HNSW being grown by writes (`grow`), and how many rows (in row order) it holds so far. */
  private growing: Hnsw | undefined;
  private grown = 0;
  private readonly top = new TopK();
  /** Per dimension: the rows with a non-zero coordinate there, and its value. */
  private postRows: Uint32Array[] = [];
  private postVals: Float32Array[] = [];
  private postLen: Uint32Array;
  /** Search scratch: float32 sums by row, stamped by query epoch. */
  private readonly acc = new Accumulator((n) => new Float32Array(n));
  /** Non-zero coordinates stored: when most are, the rows are dense and a plain scan beats the postings. */
  private nonZeros = 0;

  constructor(
    readonly dimensions: number,
    private readonly threshold: number,
    private readonly ef: number,
  ) {
    this.postLen = new Uint32Array(dimensions);
    for (let d = 0; d < dimensions; d++) {
      this.postRows.push(new Uint32Array(8));
      this.postVals.push(new Float32Array(8));
    }
  }

  /** Vectors stored (in the exact rows and postings, or in the HNSW once it holds them). */
  get size(): number {
    return this.hnsw === undefined ? this.count : this.hnsw.size;
  }

  add(label: number, vector: ArrayLike<number>): void {
    const dim = this.dimensions;
    let norm = 0;
    for (let i = 0; i < dim; i++) norm += vector[i]! * vector[i]!;
    if (norm === 0) return; // no words, no direction: it can match nothing
    if (this.hnsw !== undefined) {
      this.hnsw.add(label, vector);
      return;
    }
    this.reserveRow();
    const inv = 1 / Math.sqrt(norm);
    const row = this.count;
    const o = row * dim;
    const data = this.data;
    let nonZeros = 0;
    for (let i = 0; i < dim; i++) {
      const x = vector[i]! * inv;
      if (data !== undefined) data[o + i] = x;
      if (x === 0) continue;
      nonZeros++;
      this.post(i, row, x);
    }
    this.nonZeros += nonZeros;
    this.labels[this.count++] = label;
    this.keepRowsWhenDense();
  }

  /**
   * `add` for a vector given by its coordinates that may be non-zero (HashEmbedder.embedSparse: ascending
   * `index`, the rest 0): the same norm, rows and postings as `add` of the dense vector, without a pass over
   * every dimension (most of an entity's indexing cost when its name sets ~30 of 256).
   */
  addSparse(label: number, vector: SparseVector): void {
    const { index, value, length } = vector;
    let norm = 0;
    for (let j = 0; j < length; j++) norm += value[j]! * value[j]!;
    if (norm === 0) return;
    if (this.hnsw !== undefined) {
      const dense = new Float32Array(this.dimensions);
      for (let j = 0; j < length; j++) dense[index[j]!] = value[j]!;
      this.add(label, dense);
      return;
    }
    this.reserveRow();
    const inv = 1 / Math.sqrt(norm);
    const row = this.count;
    // a new row's place in the dense rows is all zeros: only its non-zero coordinates are written
    const data = this.data;
    const o = row * this.dimensions;
    let nonZeros = 0;
    for (let j = 0; j < length; j++) {
      const x = value[j]! * inv;
      if (x === 0) continue;
      const i = index[j]!;
      if (data !== undefined) data[o + i] = x;
      nonZeros++;
      this.post(i, row, x);
    }
    this.nonZeros += nonZeros;
    this.labels[this.count++] = label;
    this.keepRowsWhenDense();
  }

  /**
   * The stored rows as unit-length sparse coordinates (row r: label, then slots and values at
   * starts[r] .. starts[r + 1]), for a snapshot to keep; undefined once an HNSW holds or is taking them.
   */
  exportRows(): { labels: Uint32Array; starts: Uint32Array; slots: Uint32Array; values: Float32Array } | undefined {
    if (this.hnsw !== undefined || this.growing !== undefined) return undefined;
    const n = this.count;
    const starts = new Uint32Array(n + 1);
    for (let d = 0; d < this.dimensions; d++) for (let j = 0; j < this.postLen[d]!; j++) starts[this.postRows[d]![j]! + 1]!++;
    for (let r = 0; r < n; r++) starts[r + 1] = starts[r + 1]! + starts[r]!;
    const at = starts.slice(0, n);
    const slots = new Uint32Array(starts[n]!);
    const values = new Float32Array(starts[n]!);
    // dimensions ascending, so each row's coordinates come out by ascending slot, as they were posted
    for (let d = 0; d < this.dimensions; d++) {
      for (let j = 0; j < this.postLen[d]!; j++) {
        const p = at[this.postRows[d]![j]!]!++;
        slots[p] = d;
        values[p] = this.postVals[d]![j]!;
      }
    }
    return { labels: this.labels.slice(0, n), starts, slots, values };
  }

  /**
   * A row `exportRows` gave, appended as it was stored (its values already unit length, so not normalised
   * again: the same floats, rows and postings as the `add` or `addSparse` that made it).
   */
  addStoredRow(label: number, slots: ArrayLike<number>, values: ArrayLike<number>, from: number, to: number): void {
    this.reserveRow();
    const row = this.count;
    const data = this.data;
    const o = row * this.dimensions;
    for (let j = from; j < to; j++) {
      if (data !== undefined) data[o + slots[j]!] = values[j]!;
      this.post(slots[j]!, row, values[j]!);
    }
    this.nonZeros += to - from;
    this.labels[this.count++] = label;
    this.keepRowsWhenDense();
  }

  /** Appends (row, x) to dimension i's posting list, doubling the list when it is full. */
  private post(i: number, row: number, x: number): void {
    const n = this.postLen[i]!;
    if (n === this.postRows[i]!.length) {
      const rows = new Uint32Array(n * 2);
      rows.set(this.postRows[i]!);
      this.postRows[i] = rows;
      const vals = new Float32Array(n * 2);
      vals.set(this.postVals[i]!);
      this.postVals[i] = vals;
    }
    this.postRows[i]![n] = row;
    this.postVals[i]![n] = x;
    this.postLen[i] = n + 1;
  }

  /** Room for one more row: labels, and the dense rows when kept. */
  private reserveRow(): void {
    if (this.count + 1 > this.labels.length) {
      const l = new Uint32Array(Math.max(64, this.labels.length * 2));
      l.set(this.labels);
      this.labels = l;
    }
    if (this.data !== undefined && (this.count + 1) * this.dimensions > this.data.length) {
      const next = new Float32Array(this.labels.length * this.dimensions);
      next.set(this.data);
      this.data = next;
    }
  }

  /**
   * Dense vectors (a model's, or hashed long texts) are searched by a scan of the rows: those rows are made
   * as the set becomes dense and kept up by each add, not made by the first search (so the first
   * recall costs like any other). Sparse sets (entity names) never pay for them.
   */
  private keepRowsWhenDense(): void {
    if (this.data === undefined && this.nonZeros * 2 > this.count * this.dimensions) this.rows();
  }

  /**
   * Inserts up to `steps` stored rows into the HNSW under construction, once `threshold` vectors are stored;
   * when it holds them all it replaces the exact search (and the rows and postings are let go). Called by
   * the writes' indexing with a small constant, so a write pays a bounded step and no search or load pays
   * for a whole graph. Returns whether the HNSW is in use.
   */
  grow(steps: number): boolean {
    if (this.hnsw !== undefined) return true;
    if (this.count < this.threshold) return false;
    const dim = this.dimensions;
    const h = (this.growing ??= new Hnsw({ dimensions: dim, efSearch: this.ef }));
    const data = this.rows();
    for (let n = 0; n < steps && this.grown < this.count; n++, this.grown++) {
      const r = this.grown;
      h.add(this.labels[r]!, data.subarray(r * dim, (r + 1) * dim));
    }
    if (this.grown < this.count) return false;
    this.hnsw = h;
    this.growing = undefined;
    this.data = undefined;
    this.labels = new Uint32Array(0);
    this.postRows = [];
    this.postVals = [];
    return true;
  }

  /** The k most similar accepted vectors with similarity ≥ `floor`; `q` must be unit length. */
  search(q: Float32Array, k: number, floor: number, accept: (label: number) => boolean): Hit[] {
    const hnsw = this.hnsw;
    if (hnsw !== undefined) return hnsw.search(q, k, { accept, ef: Math.max(this.ef, k) }).filter((h) => h.score >= floor);
    const n = this.count;
    if (this.nonZeros * 2 > n * this.dimensions) return this.scan(q, k, floor, accept);
    const epoch = this.acc.begin(n);
    const { values: scores, stamp: seen, touched } = this.acc;
    let nTouched = 0;
    for (let d = 0; d < this.dimensions; d++) {
      const qd = q[d]!;
      if (qd === 0) continue;
      const rows = this.postRows[d]!;
      const vals = this.postVals[d]!;
      const len = this.postLen[d]!;
      for (let j = 0; j < len; j++) {
        const r = rows[j]!;
        if (seen[r] !== epoch) {
          seen[r] = epoch;
          scores[r] = 0;
          touched[nTouched++] = r;
        }
        scores[r] = scores[r]! + qd * vals[j]!;
      }
    }
    this.acc.count = nTouched;
    const top = this.top;
    top.reset(k);
    // Rows never touched share no dimension with the query: similarity 0 (they pass only a floor ≤ 0).
    if (floor <= 0) {
      for (let r = 0; r < n; r++) if (seen[r] !== epoch && accept(this.labels[r]!)) top.push(0, this.labels[r]!);
    }
    for (let i = 0; i < nTouched; i++) {
      const r = touched[i]!;
      const s = scores[r]!;
      if (s >= floor && accept(this.labels[r]!)) top.push(s, this.labels[r]!);
    }
    return top.drain();
  }

  /** The dense rows, rebuilt from the postings the first time (the same float32 values `add` stored there). */
  private rows(): Float32Array {
    if (this.data !== undefined) return this.data;
    const dim = this.dimensions;
    const data = new Float32Array(this.labels.length * dim);
    for (let d = 0; d < dim; d++) {
      const rows = this.postRows[d]!;
      const vals = this.postVals[d]!;
      for (let j = 0; j < this.postLen[d]!; j++) data[rows[j]! * dim + d] = vals[j]!;
    }
    this.data = data;
    return data;
  }

  /** The query's non-zero coordinates (dimension, value), ascending, for `scan`. */
  private qDims = new Uint32Array(0);
  private qVals = new Float64Array(0);

  /**
   * Exact search over dense rows: one dot product per row over the contiguous Float32Array, over the query's
   * non-zero coordinates only (a hashed question sets 20–100 of 256). A zero coordinate adds ±0 to a sum that
   * starts at +0, which leaves it unchanged, so the sums are the full scan's, in the same order.
   */
  private scan(q: Float32Array, k: number, floor: number, accept: (label: number) => boolean): Hit[] {
    const dim = this.dimensions;
    const data = this.rows();
    if (this.qDims.length < dim) {
      this.qDims = new Uint32Array(dim);
      this.qVals = new Float64Array(dim);
    }
    const qDims = this.qDims;
    const qVals = this.qVals;
    let nz = 0;
    for (let d = 0; d < dim; d++) {
      const x = q[d]!;
      if (x === 0) continue;
      qDims[nz] = d;
      qVals[nz++] = x;
    }
    const top = this.top;
    top.reset(k);
    // a query with more non-zero coordinates than zeros (a long question) reads its rows whole, in order:
    // the zero coordinates add ±0, so the sums are the same
    const whole = nz * 2 > dim;
    for (let r = 0, o = 0; r < this.count; r++, o += dim) {
      // a row the caller does not accept (outside the cut) is not scored at all
      if (!accept(this.labels[r]!)) continue;
      let s = 0;
      if (whole) for (let d = 0; d < dim; d++) s += q[d]! * data[o + d]!;
      else for (let j = 0; j < nz; j++) s += qVals[j]! * data[o + qDims[j]!]!;
      if (s >= floor) top.push(s, this.labels[r]!);
    }
    return top.drain();
  }
}
