import { grow, nextCapacity } from '../util/arrays.js';

type MetaArray = Float64Array | Float32Array | Uint32Array | Int32Array;

/**
 * Bytes counted for one entry of a Map from row to number: V8's ordered hash table keeps three words per
 * entry plus a bucket word, and a double that is not a small integer is a 16-byte heap number.
 */
const MAP_ENTRY_BYTES = 48;

/**
 * One rarely set per-version field: a Map from row to value while few rows hold anything but the default,
 * a dense typed column once so many do that the Map would cost more (it never goes back). Values are
 * stored as the dense column's type would store them (float32, uint32), whichever form holds them.
 */
export class SparseColumn {
  private map: Map<number, number> | null = new Map();
  private dense: MetaArray | null = null;
  /** One element of the dense type: rounds a value as a dense column would store it. */
  private readonly cast: MetaArray;

  constructor(
    private readonly make: (length: number) => MetaArray,
    readonly fallback: number,
  ) {
    this.cast = make(1);
  }

  get(row: number): number {
    const d = this.dense;
    if (d !== null) return row < d.length ? d[row]! : this.fallback;
    const x = this.map!.get(row);
    return x === undefined ? this.fallback : x;
  }

  /** Sets row's value; `rowCount` (the rows stored) decides when the Map gives way to a dense column. */
  set(row: number, value: number, rowCount: number): void {
    this.cast[0] = value;
    const v = this.cast[0]!;
    let d = this.dense;
    if (d === null) {
      const map = this.map!;
      if (Object.is(v, this.fallback)) map.delete(row);
      else map.set(row, v);
      if (map.size * MAP_ENTRY_BYTES <= rowCount * this.cast.BYTES_PER_ELEMENT) return;
      d = this.densify(rowCount);
    }
    if (row >= d.length) d = this.growDense(row + 1);
    d[row] = v;
  }

  private densify(rowCount: number): MetaArray {
    const d = this.make(nextCapacity(0, rowCount));
    if (this.fallback !== 0) d.fill(this.fallback);
    for (const [row, v] of this.map!) d[row] = v;
    this.map = null;
    this.dense = d;
    return d;
  }

  private growDense(needed: number): MetaArray {
    this.dense = grow(this.dense!, nextCapacity(this.dense!.length, needed), this.fallback);
    return this.dense;
  }

  /** Rows [0, n) as a dense column (a new array), for export. */
  toDense(n: number): MetaArray {
    const out = this.make(n);
    if (this.dense !== null) {
      out.set(this.dense.subarray(0, Math.min(n, this.dense.length)));
      if (this.dense.length < n && this.fallback !== 0) out.fill(this.fallback, this.dense.length);
      return out;
    }
    if (this.fallback !== 0) out.fill(this.fallback);
    for (const [row, v] of this.map!) if (row < n) out[row] = v;
    return out;
  }

  /**
   * Replaces the contents with rows [0, n) of `values` (of the dense column's type), `held` of which are not
   * at the default (the caller counted them): the form that setting them row by row ends in, built directly
   * (a Map while few rows differ; else the dense column, copied in one go).
   */
  load(values: MetaArray, n: number, held: number): void {
    this.map = new Map();
    this.dense = null;
    if (held === 0) return;
    const fallback = this.fallback;
    if (held * MAP_ENTRY_BYTES > n * this.cast.BYTES_PER_ELEMENT) {
      const d = this.make(nextCapacity(0, n));
      if (fallback !== fallback) {
        // NaN stands for "never": written as the one NaN the column fills with, whatever bits the input held.
        d.fill(fallback);
        for (let r = 0; r < n; r++) if (values[r] === values[r]) d[r] = values[r]!;
      } else {
        // Rows at the default hold exactly its bits (1, 0 or -1 here), so a copy is what setting would give.
        d.set(values.subarray(0, n));
        if (fallback !== 0) d.fill(fallback, n);
      }
      this.dense = d;
      return;
    }
    for (let r = 0; r < n; r++) {
      const v = values[r]!;
      if (v === fallback ? v !== 0 || 1 / v === 1 / fallback : v !== v && fallback !== fallback) continue;
      this.set(r, v, n);
    }
  }

  get byteLength(): number {
    return this.dense !== null ? this.dense.byteLength : this.map!.size * MAP_ENTRY_BYTES;
  }
}

/** Bits of `RowMeta.bits`: which rarely set fields of a row may differ from their defaults. */
export const HAS_SALIENCE = 1;
export const HAS_USE = 2;
export const HAS_ARCHIVED = 4;
export const HAS_EPISODE = 8;
export const HAS_EVIDENCE = 16;
export const HAS_CONFIDENCE = 32;
export const HAS_PROVENANCE = 64;
/** The fields `copy` carries over (a new row's episode and evidence are given when it is appended). */
const COPIED = HAS_SALIENCE | HAS_USE | HAS_ARCHIVED;
const NONE = -1;

/**
 * The rarely set metadata of the versions, off the row columns: salience (default 1), retrievals (0),
 * lastRetrievedAt (NaN: never) and archivedAt (NaN: not archived). Most versions keep the defaults all
 * their life (they are never recalled, consolidated or archived), so four dense columns cost 24 bytes a
 * version for nothing. A row's episode and evidence chain's head (NONE when a fact was asserted without
 * them), its confidence (default 1) and its interned provenance (default 0) are kept here too: free for the
 * rows that keep the defaults, a dense column once enough rows set them (`ingest` gives every fact an
 * episode and evidence), as a dense column would cost. Per row one byte of flags says which fields are set, so a read of a row that has
 * none (most) touches one byte instead of four columns or Maps.
 */
export class RowMeta {
  bits = new Uint8Array(0);
  readonly salience = new SparseColumn((n) => new Float32Array(n), 1);
  readonly retrievals = new SparseColumn((n) => new Uint32Array(n), 0);
  readonly lastRetrievedAt = new SparseColumn((n) => new Float64Array(n), NaN);
  readonly archivedAt = new SparseColumn((n) => new Float64Array(n), NaN);
  readonly episode = new SparseColumn((n) => new Int32Array(n), NONE);
  readonly evidenceHead = new SparseColumn((n) => new Int32Array(n), NONE);
  readonly confidence = new SparseColumn((n) => new Float32Array(n), 1);
  readonly provenance = new SparseColumn((n) => new Int32Array(n), 0);

  /** Room for `rows` rows of flags (the store calls this when it grows its columns). */
  reserve(rows: number): void {
    if (rows > this.bits.length) this.bits = grow(this.bits, rows);
  }

  salienceOf(row: number): number {
    return (this.bits[row]! & HAS_SALIENCE) === 0 ? 1 : this.salience.get(row);
  }

  retrievalsOf(row: number): number {
    return (this.bits[row]! & HAS_USE) === 0 ? 0 : this.retrievals.get(row);
  }

  lastRetrievedAtOf(row: number): number {
    return (this.bits[row]! & HAS_USE) === 0 ? NaN : this.lastRetrievedAt.get(row);
  }

  archivedAtOf(row: number): number {
    return (this.bits[row]! & HAS_ARCHIVED) === 0 ? NaN : this.archivedAt.get(row);
  }

  /** The row's episode index, or NONE. */
  episodeOf(row: number): number {
    return (this.bits[row]! & HAS_EPISODE) === 0 ? NONE : this.episode.get(row);
  }

  /** The head of the row's evidence chain, or NONE. */
  evidenceHeadOf(row: number): number {
    return (this.bits[row]! & HAS_EVIDENCE) === 0 ? NONE : this.evidenceHead.get(row);
  }

  confidenceOf(row: number): number {
    return (this.bits[row]! & HAS_CONFIDENCE) === 0 ? 1 : this.confidence.get(row);
  }

  provenanceOf(row: number): number {
    return (this.bits[row]! & HAS_PROVENANCE) === 0 ? 0 : this.provenance.get(row);
  }

  setEpisode(row: number, episode: number, rowCount: number): void {
    this.setField(this.episode, HAS_EPISODE, row, episode, rowCount);
  }

  setEvidenceHead(row: number, head: number, rowCount: number): void {
    this.setField(this.evidenceHead, HAS_EVIDENCE, row, head, rowCount);
  }

  setConfidence(row: number, confidence: number, rowCount: number): void {
    this.setField(this.confidence, HAS_CONFIDENCE, row, confidence, rowCount);
  }

  setProvenance(row: number, provenance: number, rowCount: number): void {
    this.setField(this.provenance, HAS_PROVENANCE, row, provenance, rowCount);
  }

  /** Sets a field and its flag; the flag is clear while the row holds the field's default. */
  private setField(column: SparseColumn, flag: number, row: number, value: number, rowCount: number): void {
    if (value === column.fallback && (this.bits[row]! & flag) === 0) return;
    column.set(row, value, rowCount);
    if (column.get(row) === column.fallback) this.bits[row]! &= ~flag;
    else this.bits[row]! |= flag;
  }

  isArchived(row: number): boolean {
    return (this.bits[row]! & HAS_ARCHIVED) !== 0;
  }

  setSalience(row: number, value: number, rowCount: number): void {
    this.salience.set(row, value, rowCount);
    this.bits[row]! |= HAS_SALIENCE;
  }

  /** One more retrieval of `row`, at `at`. */
  touch(row: number, at: number, rowCount: number): void {
    this.retrievals.set(row, this.retrievalsOf(row) + 1, rowCount);
    this.lastRetrievedAt.set(row, at, rowCount);
    this.bits[row]! |= HAS_USE;
  }

  /** Archives `row` at `at`, or unarchives it (`at` NaN). */
  setArchivedAt(row: number, at: number, rowCount: number): void {
    this.archivedAt.set(row, at, rowCount);
    if (Number.isNaN(at)) this.bits[row]! &= ~HAS_ARCHIVED;
    else this.bits[row]! |= HAS_ARCHIVED;
  }

  /** Gives row `to` (new, all defaults but its episode and evidence) the salience, use and archiving of row `from`. */
  copy(from: number, to: number, rowCount: number): void {
    const bits = this.bits[from]! & COPIED;
    if (bits === 0) return;
    if ((bits & HAS_SALIENCE) !== 0) this.salience.set(to, this.salience.get(from), rowCount);
    if ((bits & HAS_USE) !== 0) {
      this.retrievals.set(to, this.retrievals.get(from), rowCount);
      this.lastRetrievedAt.set(to, this.lastRetrievedAt.get(from), rowCount);
    }
    if ((bits & HAS_ARCHIVED) !== 0) this.archivedAt.set(to, this.archivedAt.get(from), rowCount);
    this.bits[to]! |= bits;
  }

  /** Bulk load from dense columns of `n` rows (a snapshot's). */
  load(
    c: {
      salience: Float32Array;
      retrievals: Uint32Array;
      lastRetrievedAt: Float64Array;
      archivedAt: Float64Array;
      episode: Int32Array;
      evidenceHead: Int32Array;
      confidence: Float32Array;
      provenance: Int32Array;
    },
    n: number,
  ): void {
    this.bits = new Uint8Array(Math.max(n, this.bits.length));
    const bits = this.bits;
    const { salience, retrievals, lastRetrievedAt, archivedAt, episode, evidenceHead, confidence, provenance } = c;
    // One pass over the rows: which fields differ from their defaults (NaN: not itself), per row and per
    // field; then each field loads in the form its count calls for.
    let sal = 0;
    let uses = 0;
    let used = 0;
    let archived = 0;
    let episodes = 0;
    let evidence = 0;
    let confidences = 0;
    let provenances = 0;
    for (let r = 0; r < n; r++) {
      let b = 0;
      if (salience[r] !== 1) {
        sal++;
        b |= HAS_SALIENCE;
      }
      if (retrievals[r] !== 0) {
        uses++;
        b |= HAS_USE;
      }
      if (lastRetrievedAt[r] === lastRetrievedAt[r]) {
        used++;
        b |= HAS_USE;
      }
      if (archivedAt[r] === archivedAt[r]) {
        archived++;
        b |= HAS_ARCHIVED;
      }
      if (episode[r] !== NONE) {
        episodes++;
        b |= HAS_EPISODE;
      }
      if (evidenceHead[r] !== NONE) {
        evidence++;
        b |= HAS_EVIDENCE;
      }
      if (confidence[r] !== 1) {
        confidences++;
        b |= HAS_CONFIDENCE;
      }
      if (provenance[r] !== 0) {
        provenances++;
        b |= HAS_PROVENANCE;
      }
      bits[r] = b;
    }
    this.salience.load(salience, n, sal);
    this.retrievals.load(retrievals, n, uses);
    this.lastRetrievedAt.load(lastRetrievedAt, n, used);
    this.archivedAt.load(archivedAt, n, archived);
    this.episode.load(episode, n, episodes);
    this.evidenceHead.load(evidenceHead, n, evidence);
    this.confidence.load(confidence, n, confidences);
    this.provenance.load(provenance, n, provenances);
  }

  /** Flags for the rows held plus each field as stored. */
  byteLength(rowCount: number): number {
    return (
      rowCount +
      this.salience.byteLength +
      this.retrievals.byteLength +
      this.lastRetrievedAt.byteLength +
      this.archivedAt.byteLength +
      this.episode.byteLength +
      this.evidenceHead.byteLength +
      this.confidence.byteLength +
      this.provenance.byteLength
    );
  }
}
