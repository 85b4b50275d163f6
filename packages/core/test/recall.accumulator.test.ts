/**
 * Accumulator: sums by id for one query at a time, stamped by a 16-bit epoch; the stamps are cleared when the
 * epoch wraps, so an id touched 65,535 queries ago never reads as touched in the current one.
 */
import { describe, expect, it } from 'vitest';
import { Accumulator } from '../src/recall/accumulator.js';

describe('Accumulator', () => {
  it('reads only what this query touched, across the epoch wrapping round', () => {
    const acc = new Accumulator((n) => new Float64Array(n));
    acc.begin(10);
    acc.add(3, 1.5);
    for (let q = 1; q <= 70_000; q++) {
      acc.begin(10);
      // id 3 was touched only in the first query; id q % 10 in this one
      if (q % 10 !== 3) expect(acc.has(3)).toBe(false);
      acc.add(q % 10, q);
      expect(acc.get(q % 10)).toBe(q);
      expect(acc.count).toBe(1);
    }
  });

  it('keeps a little room beyond the ids asked for, not double', () => {
    const acc = new Accumulator((n) => new Float64Array(n));
    acc.begin(64_000);
    expect(acc.values.length).toBeGreaterThanOrEqual(64_000);
    expect(acc.values.length).toBeLessThan(64_000 * 1.1);
    acc.begin(64_001);
    expect(acc.values.length).toBeGreaterThanOrEqual(64_001);
  });

  it('swaps whole contents with another: each then reads what the other held, and later queries stay apart', () => {
    const a = new Accumulator((n) => new Float64Array(n));
    const b = new Accumulator((n) => new Float64Array(n));
    a.begin(20);
    a.add(4, 1);
    a.add(9, 2);
    a.add(4, 0.5);
    b.begin(30);
    b.add(25, 7);
    a.swap(b);
    expect([a.count, [...a.touched.subarray(0, a.count)], a.get(25), a.has(4)]).toEqual([1, [25], 7, false]);
    expect([b.count, [...b.touched.subarray(0, b.count)], b.get(4), b.get(9), b.has(25)]).toEqual([2, [4, 9], 1.5, 2, false]);
    // each goes on with its own epoch and stamps: a new query in one leaves the other's sums alone
    b.begin(20);
    expect(a.get(25)).toBe(7);
    a.begin(30);
    a.add(4, 3);
    expect([a.get(4), a.has(25), b.count]).toEqual([3, false, 0]);
  });
});
