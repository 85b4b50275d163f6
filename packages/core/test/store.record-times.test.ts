import { describe, expect, it } from 'vitest';
import { guidedUpperBound, RecordTimes } from '../src/store/record-times.js';
import { upperBound } from '../src/util/arrays.js';
import { mulberry32 } from '../src/util/random.js';

describe('RecordTimes', () => {
  it('gives each row an id that reads back its time, and counts the rows recorded at or before k as a binary search of the whole column does', () => {
    const rand = mulberry32(3);
    for (const n of [0, 1, 255, 256, 257, 1000, 5000]) {
      const recordedAt = new Float64Array(n);
      const times = new RecordTimes();
      const ids = new Int32Array(n);
      let t = -3;
      for (let r = 0; r < n; r++) {
        if (rand() < 0.3) t += 1 + Math.floor(rand() * 3); // many rows share a record time
        // Times met between rows (a reinforcement's): an id, no row.
        if (rand() < 0.05) times.id((t += 1), r);
        recordedAt[r] = t;
        ids[r] = times.id(t, r);
      }
      for (let r = 0; r < n; r++) expect(times.timeOf(ids[r]!)).toBe(recordedAt[r]);
      for (let k = -5; k <= t + 2; k++) expect(times.prefix(k, n, ids)).toBe(upperBound(recordedAt, n, k));
      expect(times.prefix(Infinity, n, ids)).toBe(n);
      expect(times.prefix(-Infinity, n, ids)).toBe(0);
      expect(times.prefix(NaN, n, ids)).toBe(0);
      // countUpTo's two-step search (a 16th of the times, then 16) agrees with one search over them all,
      // at every time held, between them, and outside them.
      const held = Float64Array.from({ length: times.count }, (_, id) => times.timeOf(id));
      for (let k = -5; k <= t + 2; k += 0.5) expect(times.countUpTo(k)).toBe(upperBound(held, held.length, k));
      for (const k of [-Infinity, Infinity, NaN]) expect(times.countUpTo(k)).toBe(upperBound(held, held.length, k));
      expect(times.count).toBeLessThan(n + 1 + n / 10);
    }
  });

  it('keeps every time exactly: -0 apart from 0, an earlier time found or added, never merged with another', () => {
    const times = new RecordTimes();
    const zero = times.id(0, 0);
    const negZero = times.id(-0, 1);
    expect(negZero).not.toBe(zero);
    expect(Object.is(times.timeOf(negZero), -0)).toBe(true);
    expect(times.id(0, 2)).toBe(zero);
    expect(times.id(5.5, 2)).toBe(2);
    expect(times.find(5.5)).toBe(2);
    expect(times.find(1)).toBe(-1);
    // An earlier time not held (only a state whose record times go back): added, and read back exactly.
    const early = times.id(1, 3);
    expect(times.timeOf(early)).toBe(1);
    expect(times.byteLength).toBe(times.count * 8 + Math.ceil(times.count / 16) * 12);
  });

  it('guidedUpperBound finds what a binary search finds, on steady, uneven, repeated and tiny value runs', () => {
    const rand = mulberry32(11);
    const runs: Record<string, (i: number) => number> = {
      steady: (i) => 1000 + 7 * i,
      uneven: (i) => Math.floor(Math.exp(i / 40)) + i, // gaps that grow: the guesses keep missing
      clustered: (i) => (i < 300 ? i : 1e12 + i), // one jump: most of the values in one corner
      repeated: (i) => Math.floor(i / 5), // ties: the bound is after the last equal value
      extreme: (i) => (i < 3 ? -1e308 : i < 90 ? i : i < 95 ? 9e307 + i * 1e292 : 1e308), // spans past the largest double: no guess
    };
    for (const [name, at] of Object.entries(runs)) {
      for (const n of [0, 1, 2, 8, 9, 17, 100, 1000]) {
        const values = Float64Array.from({ length: n }, (_, i) => at(i));
        const probes = [-Infinity, Infinity, NaN, -1, ...Array.from(values), ...Array.from({ length: 200 }, () => (n === 0 ? 0 : values[0]! + rand() * (values[n - 1]! - values[0]! + 2) - 1))];
        for (const k of probes) expect(guidedUpperBound(values, n, k), `${name} n=${n} k=${k}`).toBe(upperBound(values, n, k));
      }
    }
  });
});
