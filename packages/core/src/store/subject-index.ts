import { grow, nextCapacity } from '../util/arrays.js';
import { float32Down, float32Up } from '../util/float32.js';
import { RecordTimes } from './record-times.js';

/**
 * A subject-clustered time index: each entity's versions (as subject), in row order, in blocks of its own,
 * each slot holding the row id and the row's validFrom, validTo and invalidAt side by side.
 *
 * Why: an entity-local cut through the row columns reads four columns at rows scattered over the whole
 * store (a cache miss each once the store outgrows the cache), so it slowed down as memory grew at the same
 * history per entity. Here it reads one entity's slots, which sit together: a block of 8 rows is a few cache
 * lines read in order. Record time needs no copy: rows are appended in record-time order, so "recorded ≤ k"
 * is "row < prefix", and a subject's slots are in row order, so the scan stops at the first later row.
 *
 * The slots are the store's only copy of validFrom, validTo and invalidAt (FactStore reads them here through
 * `rowSlot`). invalidAt is held as the id of its time among the record times (record-times.ts; OPEN while
 * the row is open): ids ascend with the times, so "invalidAt > k" is "id ≥ the rank of k", 4 bytes a slot.
 *
 * Blocks all have 8 slots (bytes measured at 1M versions, 20 per entity: 8 wastes less than 4 + 16, whose
 * headers and half-empty 16-slot tails cost 12 bytes a version more). Since every block has the same size, a
 * slot's number says where its block and its times are: per row one int32 (`rowSlot`) finds both, and a
 * block needs no size, offset or count of its own. A slot is 24 bytes of one buffer, read through two
 * views: its valid times as two doubles (`data`, from 3s), then its row id and invalidAt id as two int32s
 * (`slotInts`, from 6s + 4), so a slot's four fields share a cache line; a slot not yet filled holds the
 * row EMPTY, above every row, so scans stop there as they stop at rows recorded later.
 *
 * Per block, four int32s in `blockInts`: the subject's next block, and summaries of its slots (largest
 * invalidAt id, smallest validFrom, largest validTo), so a cut skips whole blocks of closed or out-of-range
 * versions, read from the line it reads the next link from. The valid-time summaries are float32s rounded
 * outwards (the smallest down, the largest up): a block is skipped only when none of its slots can match,
 * and the slots themselves are tested with their exact doubles. 16 bytes a block instead of 28.
 */
const NONE = -1;
/** The row id of a slot not yet filled: larger than any row, so "row ≥ prefix" ends a scan there. */
const EMPTY = 0x7fffffff;
/** The invalidAt id of an open row (invalidAt = ∞): above every time's id. */
const OPEN = 0x7fffffff;
const SHIFT = 3;
const BLOCK = 1 << SHIFT;
/**
 * Block fields in `blockInts` (the last two read as float32s through `blockFloats`). NEXT is the next
 * block (≥ 0); in a subject's last block, which has none, it is -1 - (its slots filled): no count per entity.
 */
const NEXT = 0;
const MAX_INVALID = 1; // an id (-1: no slot yet)
const MIN_FROM = 2;
const MAX_TO = 3;
const BLOCK_INTS = 4;
/** Slot fields in `data`: the row's valid times. */
const FROM = 0;
const TO = 1;
/** Slot fields in `slotInts`, from twice the slot's offset in `data`: the row id and its invalidAt id. */
const ROW = 4;
const INV = 5;
const SLOT_BYTES = 24;

/** The offset in `data` of slot `s` (its ints are at twice that in `slotInts`). */
function slotAt(s: number): number {
  return 3 * s;
}

/**
 * Rows of one predicate only (`visibleRows`): a subject with many facts (a chat's "user") read for one of
 * them is filtered as the scan passes, not gathered whole and filtered after.
 */
export interface PredicateFilter {
  triple: ArrayLike<number>;
  tPredicate: ArrayLike<number>;
  predicate: number;
}

/** The rows the index is built from at a bulk load. */
export interface SubjectRows {
  readonly validFrom: Float64Array;
  readonly validTo: Float64Array;
  readonly invalidAt: Float64Array;
}

export class SubjectIndex {
  // ---- per entity: its first block, and its newest slot ----
  private entityCapacity = 0;
  private head = new Int32Array(0);
  /**
   * The subject's newest slot (NONE: none yet): where the next goes is known from it alone, so an append
   * finds its slot without first reading its block's header (a cache miss a row in a large store, on the
   * path to the slot's own).
   */
  private lastSlot = new Int32Array(0);
  /** One more than the largest subject with a row. */
  private entities = 0;
  /** Per slot (slot s of block b is b · 8 + s): its validFrom and validTo, and over the same bytes its row id (EMPTY while unfilled) and invalidAt id. */
  private data = new Float64Array(0);
  private slotInts = new Int32Array(0);
  private slotsUsed = 0;
  /** Per block: the subject's next block (see NEXT) and the block's summaries. */
  private blockInts = new Int32Array(0);
  private blockFloats = new Float32Array(0);
  private blocksUsed = 0;
  /** Rows held. */
  private rows = 0;
  /** Per row: its slot number (its block is the number / 8). */
  private rowSlot = new Int32Array(0);

  /**
   * `times` holds every closing time as it is met (FactStore shares its own); a bulk build needs each
   * closing time in it beforehand, in time order.
   */
  constructor(private readonly times: RecordTimes = new RecordTimes()) {}

  /** Makes room for `rows` rows (the store calls this when it grows its columns). */
  reserveRows(rows: number): void {
    if (rows <= this.rowSlot.length) return;
    this.rowSlot = grow(this.rowSlot, rows);
  }

  validFromOf(row: number): number {
    return this.data[slotAt(this.rowSlot[row]!) + FROM]!;
  }

  validToOf(row: number): number {
    return this.data[slotAt(this.rowSlot[row]!) + TO]!;
  }

  /** The row's invalidAt (∞ while open): the store's only copy. */
  invalidAtOf(row: number): number {
    return this.timeOf(this.slotInts[2 * slotAt(this.rowSlot[row]!) + INV]!);
  }

  /** Whether the row is still believed (not closed): read from its slot, beside its row id. */
  isOpen(row: number): boolean {
    return this.slotInts[2 * slotAt(this.rowSlot[row]!) + INV] === OPEN;
  }

  private timeOf(id: number): number {
    return id === OPEN ? Infinity : this.times.timeOf(id);
  }

  /** An invalidAt time as its id (Infinity: OPEN). */
  private idOf(invalidAt: number): number {
    return invalidAt === Infinity ? OPEN : this.times.id(invalidAt, this.rows);
  }

  /** The least invalidAt id that is > k: a slot is believed at k exactly when its id is at least this. */
  private rankAbove(k: number): number {
    // k = ∞ or NaN: no invalidAt is > k (not even ∞), so no id qualifies (ids are below 2^31).
    return k < Infinity ? this.times.countUpTo(k) : 2 ** 31;
  }

  /** validFrom, validTo and invalidAt of rows [0, n) as columns (for export). */
  timeColumns(n: number): SubjectRows {
    const validFrom = new Float64Array(n);
    const validTo = new Float64Array(n);
    const invalidAt = new Float64Array(n);
    const d = this.data;
    for (let r = 0; r < n; r++) {
      const slot = this.rowSlot[r]!;
      const s = slotAt(slot);
      validFrom[r] = d[s + FROM]!;
      validTo[r] = d[s + TO]!;
      invalidAt[r] = this.timeOf(this.slotInts[2 * s + INV]!);
    }
    return { validFrom, validTo, invalidAt };
  }

  private reserveEntities(needed: number): void {
    if (needed <= this.entityCapacity) return;
    const cap = nextCapacity(this.entityCapacity, needed);
    this.head = grow(this.head, cap, NONE);
    this.lastSlot = grow(this.lastSlot, cap, NONE);
    this.entityCapacity = cap;
  }

  /** Room for `blocks` blocks in all (`exact`: no more, at a bulk build). */
  private reserveBlocks(blocks: number, exact = false): void {
    if (blocks * BLOCK_INTS <= this.blockInts.length) return;
    const cap = exact ? blocks : nextCapacity(this.blockInts.length / BLOCK_INTS, blocks, 128);
    this.blockInts = grow(this.blockInts, cap * BLOCK_INTS);
    this.blockFloats = new Float32Array(this.blockInts.buffer);
    const buffer = new ArrayBuffer(cap * BLOCK * SLOT_BYTES);
    const ints = new Int32Array(buffer);
    ints.set(this.slotInts); // as int32s: bit for bit
    for (let i = this.slotInts.length + ROW; i < ints.length; i += 6) ints[i] = EMPTY;
    this.slotInts = ints;
    this.data = new Float64Array(buffer);
  }

  /** A new empty block; returns its number. */
  private newBlock(): number {
    const b = this.blocksUsed;
    this.reserveBlocks(b + 1);
    const h = b * BLOCK_INTS;
    this.blockInts[h + NEXT] = NONE;
    this.blockInts[h + MAX_INVALID] = -1;
    this.blockFloats[h + MIN_FROM] = Infinity;
    this.blockFloats[h + MAX_TO] = -Infinity;
    this.slotsUsed += BLOCK;
    this.blocksUsed = b + 1;
    return b;
  }

  /** A new version `row` of `subject` (rows arrive in ascending order). */
  add(row: number, subject: number, validFrom: number, validTo: number, invalidAt: number): void {
    this.reserveEntities(subject + 1);
    if (subject >= this.entities) this.entities = subject + 1;
    if (row >= this.rowSlot.length) this.reserveRows(nextCapacity(this.rowSlot.length, row + 1));
    let s = this.lastSlot[subject]!;
    if (s === NONE) {
      const first = this.newBlock();
      this.head[subject] = first;
      s = first << SHIFT;
    } else if ((s & (BLOCK - 1)) === BLOCK - 1) {
      const next = this.newBlock();
      this.blockInts[(s >>> SHIFT) * BLOCK_INTS + NEXT] = next;
      s = next << SHIFT;
    } else s++;
    this.lastSlot[subject] = s;
    const b = s >>> SHIFT;
    this.blockInts[b * BLOCK_INTS + NEXT] = -2 - (s & (BLOCK - 1)); // the last block's NEXT: -1 - (its slots filled)
    const d = this.data;
    const at = slotAt(s);
    const inv = this.idOf(invalidAt);
    this.slotInts[2 * at + ROW] = row;
    this.slotInts[2 * at + INV] = inv;
    this.rowSlot[row] = s;
    d[at + FROM] = validFrom;
    d[at + TO] = validTo;
    this.rows++;
    const h = b * BLOCK_INTS;
    const f = this.blockFloats;
    if (inv > this.blockInts[h + MAX_INVALID]!) this.blockInts[h + MAX_INVALID] = inv;
    if (validFrom < f[h + MIN_FROM]!) f[h + MIN_FROM] = float32Down(validFrom);
    if (validTo > f[h + MAX_TO]!) f[h + MAX_TO] = float32Up(validTo);
  }

  /** Row `row` was closed at `at` (its only change): its slot is updated and its block's largest invalidAt recomputed. */
  closed(row: number, at: number): void {
    const ints = this.slotInts;
    const s = this.rowSlot[row]!;
    ints[2 * slotAt(s) + INV] = this.idOf(at);
    const b = s >>> SHIFT;
    // Newest slots first: they are the likeliest still open, and one open slot settles the largest (OPEN).
    let max = -1;
    const first = 2 * slotAt(b << SHIFT);
    let x = first + 6 * (BLOCK - 1);
    while (ints[x + ROW] === EMPTY) x -= 6;
    for (; x >= first; x -= 6) {
      if (ints[x + INV]! > max) {
        max = ints[x + INV]!;
        if (max === OPEN) break;
      }
    }
    this.blockInts[b * BLOCK_INTS + MAX_INVALID] = max;
  }

  /**
   * Pushes onto `out`, ascending, the rows of `subject` recorded before row `prefix` that are believed at
   * k (invalidAt > k) and valid at v (validFrom ≤ v < validTo). With `times`, also pushes each match's
   * validFrom, validTo and invalidAt onto it (three numbers a row), read from the slot the scan is on: the
   * reader that builds Facts then needs no per-row slot lookup, a cache miss each in a large store.
   */
  visibleRows(subject: number, prefix: number, v: number, k: number, out: number[], times?: number[], only?: PredicateFilter): void {
    if (subject >= this.entityCapacity) return;
    const d = this.data;
    const ints = this.slotInts;
    const blocks = this.blockInts;
    const floats = this.blockFloats;
    const rank = this.rankAbove(k);
    for (let b = this.head[subject]!; b >= 0; b = blocks[b * BLOCK_INTS + NEXT]!) {
      const first = slotAt(b << SHIFT);
      // Rows ascend along the chain, and an unfilled slot reads EMPTY (≥ prefix): both end the scan.
      if (ints[2 * first + ROW]! >= prefix) return;
      const h = b * BLOCK_INTS;
      if (!(blocks[h + MAX_INVALID]! >= rank && floats[h + MIN_FROM]! <= v && v < floats[h + MAX_TO]!)) continue;
      const end = first + 3 * BLOCK;
      for (let x = first; x < end; x += 3) {
        const row = ints[2 * x + ROW]!;
        if (row >= prefix) return;
        const inv = ints[2 * x + INV]!;
        if (inv >= rank && d[x + FROM]! <= v && v < d[x + TO]!) {
          if (only !== undefined && only.tPredicate[only.triple[row]!] !== only.predicate) continue;
          out.push(row);
          if (times !== undefined) times.push(d[x + FROM]!, d[x + TO]!, this.timeOf(inv));
        }
      }
    }
  }

  /**
   * Every row recorded before row `prefix` that is believed at k and valid at v, whatever its subject,
   * ascending: a whole-graph cut (see `markVisible`). Counted during the scan, so the array is made once at
   * its size and filled by index (no callback, no regrowth: 1.6× less CPU than pushing from a callback at
   * 1M versions).
   */
  visibleAllRows(prefix: number, v: number, k: number): number[] {
    const words = new Int32Array((prefix + 31) >>> 5);
    const out = new Array<number>(this.markVisible(prefix, v, k, words));
    let j = 0;
    for (let w = 0; w < words.length; w++) {
      let bits = words[w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        out[j++] = (w << 5) + 31 - Math.clz32(low);
        bits ^= low;
      }
    }
    return out;
  }

  /**
   * Marks in `words` (a bitmap over rows) every row recorded before row `prefix` that is believed at k and
   * valid at v; returns how many. The blocks are read in the order they sit in memory (one sequential pass;
   * blocks whose summaries rule them out are skipped whole), so the bitmap is what puts the rows in order.
   */
  private markVisible(prefix: number, v: number, k: number, words: Int32Array): number {
    const d = this.data;
    const ints = this.slotInts;
    const blocks = this.blockInts;
    const floats = this.blockFloats;
    const used = this.blocksUsed;
    const rank = this.rankAbove(k);
    let count = 0;
    for (let b = 0; b < used; b++) {
      const first = slotAt(b << SHIFT);
      // A block is allocated by the row that first fills it, and rows arrive in order: blocks sit in memory
      // in the order of their first rows, so the first block that starts at or after the prefix ends the scan.
      if (ints[2 * first + ROW]! >= prefix) break;
      const h = b * BLOCK_INTS;
      if (!(blocks[h + MAX_INVALID]! >= rank && floats[h + MIN_FROM]! <= v && v < floats[h + MAX_TO]!)) continue;
      const end = first + 3 * BLOCK;
      for (let x = first; x < end; x += 3) {
        const row = ints[2 * x + ROW]!;
        if (row >= prefix) break;
        if (ints[2 * x + INV]! >= rank && d[x + FROM]! <= v && v < d[x + TO]!) {
          words[row >>> 5]! |= 1 << (row & 31);
          count++;
        }
      }
    }
    return count;
  }

  /** Every row of `subject`, ascending (its whole history as subject). */
  allRows(subject: number, out: number[]): void {
    if (subject >= this.entityCapacity) return;
    const ints = this.slotInts;
    for (let b = this.head[subject]!; b >= 0; b = this.blockInts[b * BLOCK_INTS + NEXT]!) {
      const end = 2 * slotAt((b + 1) << SHIFT);
      for (let i = 2 * slotAt(b << SHIFT) + ROW; i < end && ints[i] !== EMPTY; i += 6) out.push(ints[i]!);
    }
  }

  /**
   * Bulk load: the index of `rowCount` rows in one pass, laid out as `add` row by row lays it out (blocks
   * numbered in the order of their first rows). `subjectOfRow` names each row's subject. `invalidIds`, when
   * given, holds each row's invalidAt as its id among the times (-1 for an open row), as the store's load
   * finds them while it merges the record times; without it each closing time is looked up.
   */
  build(rows: SubjectRows, rowCount: number, subjectOfRow: Int32Array, invalidIds?: Int32Array): void {
    if (this.rows !== 0) {
      for (let r = 0; r < rowCount; r++) this.add(r, subjectOfRow[r]!, rows.validFrom[r]!, rows.validTo[r]!, rows.invalidAt[r]!);
      return;
    }
    const ids = invalidIds ?? Int32Array.from({ length: rowCount }, (_, r) => (rows.invalidAt[r] === Infinity ? NONE : this.times.id(rows.invalidAt[r]!, r)));
    this.reserveRows(rowCount);
    // Count each subject's rows first, so the blocks are allocated once at their final number (no regrowth).
    let subjects = this.entities;
    for (let r = 0; r < rowCount; r++) if (subjectOfRow[r]! >= subjects) subjects = subjectOfRow[r]! + 1;
    const counts = new Int32Array(subjects);
    for (let r = 0; r < rowCount; r++) counts[subjectOfRow[r]!]!++;
    let blocks = this.blocksUsed;
    for (let e = 0; e < subjects; e++) blocks += (counts[e]! + BLOCK - 1) >>> SHIFT;
    this.reserveBlocks(blocks, true);
    this.reserveEntities(subjects);
    this.entities = subjects;
    this.fill(rows, rowCount, subjectOfRow, ids);
  }

  /**
   * `add` for rows [0, rowCount) into an empty index with its blocks reserved, as three passes that each
   * write in order or independently: each row's slot (blocks numbered as `add` numbers them), then each
   * slot's row, times and invalidAt id (scattered writes that need no read first), then each block's
   * summaries and each subject's last-block mark, block by block.
   */
  private fill(rows: SubjectRows, rowCount: number, subjectOf: Int32Array, invalidIds: Int32Array): void {
    const { head, lastSlot, rowSlot, data, slotInts, blockInts, blockFloats } = this;
    let blocksUsed = 0;
    for (let row = 0; row < rowCount; row++) {
      const subject = subjectOf[row]!;
      let s = lastSlot[subject]!;
      if (s === NONE || (s & (BLOCK - 1)) === BLOCK - 1) {
        const next = blocksUsed++;
        if (s === NONE) head[subject] = next;
        else blockInts[(s >>> SHIFT) * BLOCK_INTS + NEXT] = next;
        s = next << SHIFT;
      } else s++;
      lastSlot[subject] = s;
      rowSlot[row] = s;
    }
    const { validFrom, validTo } = rows;
    for (let row = 0; row < rowCount; row++) {
      const at = slotAt(rowSlot[row]!);
      const id = invalidIds[row]!;
      slotInts[2 * at + ROW] = row;
      slotInts[2 * at + INV] = id === NONE ? OPEN : id;
      data[at + FROM] = validFrom[row]!;
      data[at + TO] = validTo[row]!;
    }
    for (let b = 0; b < blocksUsed; b++) {
      // The summaries as `add` folds them in, slot by slot (the float32 bounds compared as it compares them).
      let maxInvalid = -1;
      let minFrom = Infinity;
      let maxTo = -Infinity;
      const first = slotAt(b << SHIFT);
      for (let x = first; x < first + 3 * BLOCK && slotInts[2 * x + ROW] !== EMPTY; x += 3) {
        const inv = slotInts[2 * x + INV]!;
        if (inv > maxInvalid) maxInvalid = inv;
        if (data[x + FROM]! < minFrom) minFrom = float32Down(data[x + FROM]!);
        if (data[x + TO]! > maxTo) maxTo = float32Up(data[x + TO]!);
      }
      const h = b * BLOCK_INTS;
      blockInts[h + MAX_INVALID] = maxInvalid;
      blockFloats[h + MIN_FROM] = minFrom;
      blockFloats[h + MAX_TO] = maxTo;
    }
    for (let e = 0; e < this.entities; e++) {
      const s = lastSlot[e]!;
      if (s !== NONE) blockInts[(s >>> SHIFT) * BLOCK_INTS + NEXT] = -2 - (s & (BLOCK - 1)); // -1 - (its slots filled)
    }
    this.slotsUsed = blocksUsed * BLOCK;
    this.blocksUsed = blocksUsed;
    this.rows = rowCount;
  }

  /**
   * Bytes in use (blocks as allocated: their slots' valid times, row and invalidAt ids, next links and
   * summaries; the per-row slot column for the rows held; the per-entity heads and newest slots for the
   * entities up to the last one with a row), counted as FactStore.memoryBytes counts its row columns:
   * without the slack of doubling capacities. (The record times are counted there.)
   */
  get byteLength(): number {
    return this.slotsUsed * 24 + this.blocksUsed * BLOCK_INTS * 4 + this.rows * 4 + this.entities * 8;
  }
}
