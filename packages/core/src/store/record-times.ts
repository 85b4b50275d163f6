import { grow, upperBound } from '../util/arrays.js';

const NONE = -1;

/**
 * Record times as int32 ids: each distinct time once, in the order the store first met it (= ascending,
 * since record time only moves forward), so a row keeps 4 bytes for its recordedAt, its lastSeenAt and its
 * invalidAt (in the subject index) instead of a double each. Exact: an id reads back the very double that
 * was stored (-0 included); ids ascend with their times, so times compare as their ids do.
 *
 * Rows are appended in record-time order, so "how many rows were recorded at or before k" is one binary
 * search over the distinct times (a few per operation: they stay in cache where a search over every row's
 * time would not), then one over the rows recorded within 16 times of it: every 16th time keeps the count
 * of rows recorded before it (`rowsBefore`, half a byte a time instead of 4).
 *
 * "How many times are ≤ k" (a cut's first question) is a binary search over the times, but one over the
 * whole table (8 bytes a time: megabytes in a large memory) ends in a chain of ten or more dependent cache
 * misses. So every 16th time is also kept in `samples` (half a byte a time, small enough to stay in cache):
 * the search runs there, then within the 16 times (two cache lines) between two samples. Times ascend,
 * so both steps find the same first time > k as one search over the whole table.
 */
const SHIFT = 4;
const STEP = 1 << SHIFT;

export class RecordTimes {
  private times = new Float64Array(256);
  /** Per 16th time id: how many rows were stored when it was first met (the rows recorded before it). */
  private rowsBefore = new Int32Array(16);
  /** Per 16th time id: that time (times[16 i]), for countUpTo's first step. */
  private samples = new Float64Array(16);
  count = 0;
  /** The last countUpTo answer: a cut asks for the same k twice (its row prefix, then its closings). */
  private lastK = NaN;
  private lastCount = -1;
  private lastAnswer = 0;

  timeOf(id: number): number {
    return this.times[id]!;
  }

  /**
   * The id of `t`, a time met when `rows` rows are stored: the last id when t is the last time, a new id
   * when it is later. An earlier time (only a state whose record times go back, which writes refuse) is
   * looked up, or added at the end if absent, so what is stored always reads back exactly.
   */
  id(t: number, rows: number): number {
    const n = this.count;
    if (n > 0) {
      const last = this.times[n - 1]!;
      // Most calls pass the latest time again: settled by one comparison (a zero may be the other zero).
      if (t === last && t !== 0) return n - 1;
      if (Object.is(t, last)) return n - 1;
      if (t <= last) {
        const found = this.find(t);
        if (found !== NONE) return found;
      }
    }
    if (n === this.times.length) this.times = grow(this.times, n * 2);
    if ((n & (STEP - 1)) === 0) {
      if (n >>> SHIFT === this.rowsBefore.length) {
        this.rowsBefore = grow(this.rowsBefore, this.rowsBefore.length * 2);
        this.samples = grow(this.samples, this.rowsBefore.length);
      }
      this.rowsBefore[n >>> SHIFT] = rows;
      this.samples[n >>> SHIFT] = t;
    }
    this.times[n] = t;
    this.count = n + 1;
    return n;
  }

  /** The id of `t` if it is held, else NONE. */
  find(t: number): number {
    const j = upperBound(this.times, this.count, t) - 1;
    if (j >= 0 && Object.is(this.times[j], t)) return j;
    // -0 and 0 compare equal: the one just below may be the other zero.
    if (t === 0 && j >= 1 && Object.is(this.times[j - 1], t)) return j - 1;
    return NONE;
  }

  /** How many times held are ≤ k: the ids of the times later than k are those at least this. */
  countUpTo(k: number): number {
    if (Object.is(k, this.lastK) && this.lastCount === this.count) return this.lastAnswer;
    const j = this.firstAbove(k);
    this.lastK = k;
    this.lastCount = this.count;
    this.lastAnswer = j;
    return j;
  }

  /** The first id whose time is > k (the count): the sample that brackets k, then the 16 times after it. */
  private firstAbove(k: number): number {
    const s = guidedUpperBound(this.samples, (this.count + STEP - 1) >>> SHIFT, k);
    if (s === 0) return 0; // the first time is already > k
    return upperBound(this.times, Math.min(s << SHIFT, this.count), k, ((s - 1) << SHIFT) + 1);
  }

  /** How many of the `rowCount` rows (whose record times' ids are `recordedId`) were recorded at or before k. */
  prefix(k: number, rowCount: number, recordedId: Int32Array): number {
    const j = this.countUpTo(k);
    if (j === this.count) return rowCount;
    // The rows recorded before time j are at least those before time j rounded down to a 16th, at most those
    // before the next 16th: search between for the first row recorded at time j or later.
    const block = j >>> SHIFT;
    let lo = this.rowsBefore[block]!;
    let hi = (block + 1) << SHIFT < this.count ? this.rowsBefore[block + 1]! : rowCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (recordedId[mid]! < j) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Room for `count` times in all (a bulk load that knows a bound; later ids grow the tables as usual). */
  reserve(count: number): void {
    if (count > this.times.length) this.times = grow(this.times, count);
    const samples = (count + STEP - 1) >>> SHIFT;
    if (samples > this.rowsBefore.length) {
      this.rowsBefore = grow(this.rowsBefore, samples);
      this.samples = grow(this.samples, samples);
    }
  }

  clear(): void {
    this.count = 0;
    this.lastCount = -1;
  }

  /** Bytes held for the times met (a double each; an int32 and a double a 16th). */
  get byteLength(): number {
    return this.count * 8 + Math.ceil(this.count / STEP) * 12;
  }
}

/** How many of `sorted`'s first `length` values guidedUpperBound narrows to before a plain binary search. */
const WINDOW = 8;

/**
 * upperBound (the first index whose value is > k) over ascending values, guided by interpolation: record
 * times grow at a roughly steady pace, so k's place is guessed from the values at the ends of the range and
 * a window of 8 around the guess is tested (two reads, often one cache line) before halving. A read after
 * other work finds these samples out of cache, and a plain binary search then waits on a miss at each of its
 * 15 or so steps. A bad guess costs one bisection step more: never much worse than binary search.
 */
export function guidedUpperBound(sorted: Float64Array, length: number, k: number): number {
  let lo = 0;
  let hi = length;
  // The answer stays in [lo, hi]: every value before lo is ≤ k, every value from hi on is > k.
  while (hi - lo > WINDOW) {
    const first = sorted[lo]!;
    const last = sorted[hi - 1]!;
    if (!(first <= k)) return lo; // k before the range (or NaN)
    if (last <= k) return hi;
    // first ≤ k < last, so the fraction is in [0, 1), unless the span overflows a double (times of ±1e308:
    // Infinity / Infinity is NaN); then the middle.
    const fraction = (k - first) / (last - first);
    const guess = fraction >= 0 && fraction < 1 ? lo + Math.floor(fraction * (hi - 1 - lo)) : (lo + hi) >>> 1;
    const l = Math.max(lo, guess - WINDOW / 2);
    const r = Math.min(hi - 1, l + WINDOW);
    if (!(sorted[l]! <= k)) hi = l;
    else if (sorted[r]! <= k) lo = r + 1;
    else {
      lo = l + 1;
      hi = r;
      break;
    }
    // The guess missed: one halving step, so that uneven times cannot make the search linear.
    if (hi - lo > WINDOW) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! <= k) lo = mid + 1;
      else hi = mid;
    }
  }
  return upperBound(sorted, hi, k, lo);
}
