/** Growable typed-array helpers: capacities grow by a factor (double by default), so appends are amortised O(1). */

export type TypedArray = Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array;
type TypedArrayCtor<T extends TypedArray> = { new (length: number): T };

/** A copy of `array` with room for `capacity` elements; new slots are filled with `fill`. */
export function grow<T extends TypedArray>(array: T, capacity: number, fill = 0): T {
  const ctor = array.constructor as TypedArrayCtor<T>;
  const next = new ctor(capacity);
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}

export function nextCapacity(current: number, needed: number, minimum = 16, factor = 2): number {
  let cap = Math.max(current, minimum);
  while (cap < needed) cap = Math.ceil(cap * factor);
  return cap;
}

/** `array` itself when it holds `needed` elements, else a copy grown by `factor` until it does (at least `minimum`). */
export function ensureCapacity<T extends TypedArray>(array: T, needed: number, minimum = 16, factor = 2): T {
  return needed <= array.length ? array : grow(array, nextCapacity(array.length, needed, minimum, factor));
}

/** The index of the first element of `sorted[from, length)` greater than `value` (`length` when none is). */
export function upperBound(sorted: Float64Array, length: number, value: number, from = 0): number {
  let lo = from;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A growable list of int32 values (ids), for pools and result buffers. */
export class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 16) {
    this.data = new Int32Array(capacity);
  }
  push(value: number): number {
    if (this.length === this.data.length) this.data = grow(this.data, this.data.length * 2);
    this.data[this.length] = value;
    return this.length++;
  }
  static of(values: Int32Array): IntList {
    const list = new IntList(Math.max(16, values.length));
    list.data.set(values);
    list.length = values.length;
    return list;
  }
  clear(): void {
    this.length = 0;
  }
  toArray(): number[] {
    return Array.from(this.data.subarray(0, this.length));
  }
}
