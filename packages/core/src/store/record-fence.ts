import { grow } from '../util/arrays.js';

const SHIFT = 8;
const STEP = 1 << SHIFT;

/**
 * "How many rows were recorded at or before k": rows are appended in record-time order, so the answer is
 * a binary search over `recordedAt`. Over millions of rows that search touches ~20 cache lines at random,
 * most of them misses. The fence keeps every 256th row's recordedAt (32 KiB per million rows, so it stays
 * in cache): the search runs over the fence, then over one 256-row stretch of the column (2 KiB).
 */
export class RecordFence {
  private fence = new Float64Array(64);
  private count = 0;

  /** Row `row` was appended with `recordedAt` (rows arrive in order). */
  add(row: number, recordedAt: number): void {
    if ((row & (STEP - 1)) !== 0) return;
    if (this.count === this.fence.length) this.fence = grow(this.fence, this.fence.length * 2);
    this.fence[this.count++] = recordedAt;
  }

  /** The fence of `rowCount` rows, at a bulk load. */
  build(recordedAt: Float64Array, rowCount: number): void {
    this.count = 0;
    for (let r = 0; r < rowCount; r += STEP) this.add(r, recordedAt[r]!);
  }

  /** The number of rows of `recordedAt[0, rowCount)` recorded at or before k. */
  prefix(recordedAt: Float64Array, rowCount: number, k: number): number {
    // The first fence entry after k: the answer lies in the stretch before it.
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.fence[mid]! <= k) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return 0;
    // Rows [(lo - 1) · 256, lo · 256) hold the answer: the first of them is ≤ k, row lo · 256 (if any) is not.
    let a = ((lo - 1) << SHIFT) + 1;
    let b = Math.min(rowCount, lo << SHIFT);
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (recordedAt[mid]! <= k) a = mid + 1;
      else b = mid;
    }
    return a;
  }

  get byteLength(): number {
    return this.fence.byteLength;
  }
}
