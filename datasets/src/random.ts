import { DatasetArgumentError } from './errors.js';

/**
 * mulberry32: a tiny, fast 32-bit seeded PRNG (Tommy Ettinger's construction). Good enough for workloads and
 * synthetic data, not for cryptography. The same seed always gives the same sequence, on every platform.
 * @returns a function giving floats in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  if (typeof seed !== 'number' || !Number.isFinite(seed)) {
    throw new DatasetArgumentError(`mulberry32: seed must be a finite number, got ${String(seed)}`);
  }
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes two integers into one seed (so that item n of a seeded collection does not depend on the others). */
export function mixSeed(seed: number, n: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((n >>> 0) + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

/** A seeded random source with the few helpers the generators need. */
export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** An integer in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new DatasetArgumentError('Random.pick: no items to pick from');
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t;
    }
    return items;
  }
}
