import { grow } from '../util/arrays.js';
import { float32Down, float32Up } from '../util/float32.js';

/**
 * An interval index over fact versions in append order, for whole-graph reads on both time axes.
 *
 * Record time is append order, so "recorded ≤ k" is a prefix of the rows. Over that order this keeps a
 * static-shaped tree of blocks (fan-out 32): each block holds, for the rows below it, the largest
 * `invalidAt` (is anything still believed at k?), the smallest and largest `validFrom` and `validTo`
 * (can anything be valid at v / start or stop in a window?). A read descends only into blocks whose
 * summary can match, so rows that cannot match are skipped 32, 1,024 or 32,768 at a time.
 * Appends and closings update one leaf and its ancestors: O(32 · depth). The summaries are float32s
 * rounded outwards (smallest down, largest up), 20 bytes a node instead of 40: a node is skipped only when
 * none of its rows can match, and rows are tested with their exact times.
 */
const SHIFT = 5;
const FANOUT = 1 << SHIFT;

/** The rows as the index reads them: their times per row. */
export interface ZoneRows {
  invalidAtOf(row: number): number;
  validFromOf(row: number): number;
  validToOf(row: number): number;
}

/** The rows of a bulk load, as columns. */
export interface ZoneColumns {
  readonly validFrom: Float64Array;
  readonly validTo: Float64Array;
  readonly invalidAt: Float64Array;
}

class Level {
  maxInvalid: Float32Array;
  minFrom: Float32Array;
  maxFrom: Float32Array;
  minTo: Float32Array;
  maxTo: Float32Array;
  constructor(size: number) {
    this.maxInvalid = new Float32Array(size).fill(-Infinity);
    this.minFrom = new Float32Array(size).fill(Infinity);
    this.maxFrom = new Float32Array(size).fill(-Infinity);
    this.minTo = new Float32Array(size).fill(Infinity);
    this.maxTo = new Float32Array(size).fill(-Infinity);
  }
  resize(size: number): void {
    this.maxInvalid = grow(this.maxInvalid, size, -Infinity);
    this.minFrom = grow(this.minFrom, size, Infinity);
    this.maxFrom = grow(this.maxFrom, size, -Infinity);
    this.minTo = grow(this.minTo, size, Infinity);
    this.maxTo = grow(this.maxTo, size, -Infinity);
  }
}

/** Which rows a traversal wants; the node test and the row test are the same conditions. */
export const enum ZoneQuery {
  /** believed at k (invalidAt > k) and valid at v (validFrom ≤ v < validTo) */
  Cut,
  /** believed at k and validFrom in (lo, hi] */
  StartsIn,
  /** believed at k and validTo in (lo, hi] */
  EndsIn,
}

export class ZoneIndex {
  private levels: Level[] = [];
  private capacity = 0;
  /**
   * Per leaf, its rows still open (invalidAt = ∞; at most 32). While a leaf has one, its largest invalidAt
   * is ∞ whatever else closes: a closing then needs no scan of the leaf's rows (each a cache miss in a
   * large store). Only the closing of a leaf's last open row recomputes its summary.
   */
  private openInLeaf = new Uint8Array(0);

  /** Makes room for `rows` rows (called when the store grows). */
  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    this.capacity = rows;
    let size = rows;
    let depth = 0;
    do {
      size = Math.ceil(size / FANOUT);
      const level = this.levels[depth];
      if (level === undefined) this.levels.push(new Level(size));
      else if (level.maxInvalid.length < size) level.resize(size);
      if (depth === 0 && this.openInLeaf.length < size) this.openInLeaf = grow(this.openInLeaf, size);
      depth++;
    } while (size > 1);
    // A level added on top must summarise what is already below it.
    for (let d = 1; d < this.levels.length; d++) this.rebuildLevel(d);
  }

  /** Summaries of `rowCount` rows computed in one pass (bulk load), then every level above. */
  build(rows: ZoneColumns, rowCount: number): void {
    this.reserve(rowCount);
    const leaf = this.levels[0]!;
    const leaves = Math.ceil(rowCount / FANOUT);
    for (let node = 0; node < leaves; node++) {
      let maxInvalid = -Infinity;
      let minFrom = Infinity;
      let maxFrom = -Infinity;
      let minTo = Infinity;
      let maxTo = -Infinity;
      let open = 0;
      const end = Math.min(rowCount, (node + 1) * FANOUT);
      for (let r = node * FANOUT; r < end; r++) {
        const inv = rows.invalidAt[r]!;
        const vf = rows.validFrom[r]!;
        const vt = rows.validTo[r]!;
        if (inv === Infinity) open++;
        if (inv > maxInvalid) maxInvalid = inv;
        if (vf < minFrom) minFrom = vf;
        if (vf > maxFrom) maxFrom = vf;
        if (vt < minTo) minTo = vt;
        if (vt > maxTo) maxTo = vt;
      }
      leaf.maxInvalid[node] = float32Up(maxInvalid);
      leaf.minFrom[node] = float32Down(minFrom);
      leaf.maxFrom[node] = float32Up(maxFrom);
      leaf.minTo[node] = float32Down(minTo);
      leaf.maxTo[node] = float32Up(maxTo);
      this.openInLeaf[node] = open;
    }
    for (let d = 1; d < this.levels.length; d++) this.rebuildLevel(d);
  }

  private rebuildLevel(depth: number): void {
    const below = this.levels[depth - 1]!;
    const level = this.levels[depth]!;
    for (let node = 0; node < level.maxInvalid.length; node++) {
      let maxInvalid = -Infinity;
      let minFrom = Infinity;
      let maxFrom = -Infinity;
      let minTo = Infinity;
      let maxTo = -Infinity;
      const last = Math.min(below.maxInvalid.length, (node + 1) * FANOUT);
      for (let c = node * FANOUT; c < last; c++) {
        maxInvalid = Math.max(maxInvalid, below.maxInvalid[c]!);
        minFrom = Math.min(minFrom, below.minFrom[c]!);
        maxFrom = Math.max(maxFrom, below.maxFrom[c]!);
        minTo = Math.min(minTo, below.minTo[c]!);
        maxTo = Math.max(maxTo, below.maxTo[c]!);
      }
      level.maxInvalid[node] = maxInvalid;
      level.minFrom[node] = minFrom;
      level.maxFrom[node] = maxFrom;
      level.minTo[node] = minTo;
      level.maxTo[node] = maxTo;
    }
  }

  /**
   * A new row: widen its leaf and ancestors. A level left as it was ends the climb: every node covers its
   * children's bounds (the same float32s), so a node whose child did not widen does not widen either.
   */
  add(row: number, validFrom: number, validTo: number, invalidAt: number): void {
    let index = row >>> SHIFT;
    if (invalidAt === Infinity) this.openInLeaf[index]!++;
    for (const level of this.levels) {
      let widened = false;
      if (level.maxInvalid[index]! < invalidAt) (level.maxInvalid[index] = float32Up(invalidAt)), (widened = true);
      if (level.minFrom[index]! > validFrom) (level.minFrom[index] = float32Down(validFrom)), (widened = true);
      if (level.maxFrom[index]! < validFrom) (level.maxFrom[index] = float32Up(validFrom)), (widened = true);
      if (level.minTo[index]! > validTo) (level.minTo[index] = float32Down(validTo)), (widened = true);
      if (level.maxTo[index]! < validTo) (level.maxTo[index] = float32Up(validTo)), (widened = true);
      if (!widened) return;
      index >>>= SHIFT;
    }
  }

  /**
   * A row's invalidAt went down (it was closed): recompute the largest invalidAt up the tree. While its leaf
   * keeps an open row that largest is ∞ and stays so: nothing to do.
   */
  closed(row: number, rows: ZoneRows, rowCount: number): void {
    let index = row >>> SHIFT;
    if (--this.openInLeaf[index]! !== 0) return;
    const leaf = this.levels[0]!;
    let max = -Infinity;
    const end = Math.min(rowCount, (index + 1) << SHIFT);
    for (let r = end - 1; r >= index << SHIFT; r--) {
      const inv = rows.invalidAtOf(r);
      if (inv > max) max = inv;
    }
    const bound = float32Up(max);
    if (leaf.maxInvalid[index] === bound) return;
    leaf.maxInvalid[index] = bound;
    for (let depth = 1; depth < this.levels.length; depth++) {
      const below = this.levels[depth - 1]!.maxInvalid;
      index >>>= SHIFT;
      let m = -Infinity;
      const last = Math.min(below.length, (index + 1) << SHIFT);
      for (let c = index << SHIFT; c < last; c++) if (below[c]! > m) m = below[c]!;
      const level = this.levels[depth]!;
      if (level.maxInvalid[index] === m) return;
      level.maxInvalid[index] = m;
    }
  }

  /**
   * Calls `visit(row)` for every row in [0, prefix) that matches `query`, in row order.
   * `prefix` is the number of rows recorded at or before k.
   */
  search(
    query: ZoneQuery,
    prefix: number,
    k: number,
    a: number,
    b: number,
    rows: ZoneRows,
    visit: (row: number) => void,
  ): void {
    if (prefix === 0 || this.levels.length === 0) return;
    this.descend(this.levels.length - 1, 0, query, prefix, k, a, b, rows, visit);
  }

  private descend(
    depth: number,
    index: number,
    query: ZoneQuery,
    prefix: number,
    k: number,
    a: number,
    b: number,
    rows: ZoneRows,
    visit: (row: number) => void,
  ): void {
    const level = this.levels[depth]!;
    const rowsPerNode = 2 ** (SHIFT * (depth + 1));
    const first = index * FANOUT;
    const last = Math.min(level.maxInvalid.length, first + FANOUT);
    for (let node = first; node < last; node++) {
      if (node * rowsPerNode >= prefix) return;
      if (!(level.maxInvalid[node]! > k)) continue;
      if (query === ZoneQuery.Cut) {
        if (!(level.minFrom[node]! <= a && level.maxTo[node]! > a)) continue;
      } else if (query === ZoneQuery.StartsIn) {
        if (!(level.maxFrom[node]! > a && level.minFrom[node]! <= b)) continue;
      } else if (!(level.maxTo[node]! > a && level.minTo[node]! <= b)) continue;
      if (depth > 0) {
        this.descend(depth - 1, node, query, prefix, k, a, b, rows, visit);
        continue;
      }
      const end = Math.min(prefix, (node + 1) * FANOUT);
      for (let r = node * FANOUT; r < end; r++) {
        if (!(rows.invalidAtOf(r) > k)) continue;
        if (query === ZoneQuery.Cut) {
          if (rows.validFromOf(r) <= a && a < rows.validToOf(r)) visit(r);
        } else if (query === ZoneQuery.StartsIn) {
          const from = rows.validFromOf(r);
          if (from > a && from <= b) visit(r);
        } else {
          const to = rows.validToOf(r);
          if (to > a && to <= b) visit(r);
        }
      }
    }
  }

  /** Bytes held by the tree. */
  get byteLength(): number {
    let bytes = 0;
    for (const level of this.levels) bytes += level.maxInvalid.byteLength * 5;
    return bytes + this.openInLeaf.byteLength;
  }
}
