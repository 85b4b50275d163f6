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
});
