import { describe, expect, it } from 'vitest';
import { DatasetArgumentError, Random, mixSeed, mulberry32 } from '../src/index.js';

describe('mulberry32', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 100 }, () => c())).not.toEqual(xs);
  });
  it('gives floats in [0, 1) with a plausible mean', () => {
    const r = mulberry32(7);
    let sum = 0;
    let outside = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = r();
      if (!(x >= 0 && x < 1)) outside++;
      sum += x;
    }
    expect(outside).toBe(0);
    expect(Math.abs(sum / 100_000 - 0.5)).toBeLessThan(0.01);
  });
  it('refuses a non-finite seed', () => {
    expect(() => mulberry32(Number.NaN)).toThrow(DatasetArgumentError);
    expect(() => mulberry32(Number.NaN)).toThrow(/^mulberry32: /);
  });
});

describe('Random', () => {
  it('int, between and pick stay in range; shuffle permutes', () => {
    const r = new Random(1);
    for (let i = 0; i < 1000; i++) {
      expect(r.int(5)).toBeLessThan(5);
      const b = r.between(3, 4);
      expect(b === 3 || b === 4).toBe(true);
    }
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(() => r.pick([])).toThrow(DatasetArgumentError);
  });
  it('mixSeed separates neighbouring items', () => {
    expect(new Set([0, 1, 2, 3].map((n) => mixSeed(1, n))).size).toBe(4);
    expect(mixSeed(1, 2)).toBe(mixSeed(1, 2));
  });
});
