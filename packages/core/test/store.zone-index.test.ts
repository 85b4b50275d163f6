import { describe, expect, it } from 'vitest';
import { ZoneIndex, ZoneQuery } from '../src/store/zone-index.js';
import { mulberry32 } from '../src/util/random.js';

/** Rows as plain columns, read as the index reads a store's rows. */
class Rows {
  validFrom: number[] = [];
  validTo: number[] = [];
  invalidAt: number[] = [];
  validFromOf(r: number): number {
    return this.validFrom[r]!;
  }
  validToOf(r: number): number {
    return this.validTo[r]!;
  }
  invalidAtOf(r: number): number {
    return this.invalidAt[r]!;
  }
}

function brute(rows: Rows, query: ZoneQuery, prefix: number, k: number, a: number, b: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < prefix; r++) {
    if (!(rows.invalidAt[r]! > k)) continue;
    const from = rows.validFrom[r]!;
    const to = rows.validTo[r]!;
    if (query === ZoneQuery.Cut ? from <= a && a < to : query === ZoneQuery.StartsIn ? from > a && from <= b : to > a && to <= b) out.push(r);
  }
  return out;
}

describe('ZoneIndex', () => {
  it('finds what a scan of every row finds, with millisecond times its float32 summaries cannot hold exactly, appended, closed or built at once', () => {
    const rand = mulberry32(31);
    const base = Date.UTC(2024, 0, 1);
    const rows = new Rows();
    const index = new ZoneIndex();
    const n = 3000;
    index.reserve(n);
    let now = base;
    for (let r = 0; r < n; r++) {
      now += Math.floor(rand() * 3);
      const sign = rand() < 0.2 ? -1 : 1;
      const from = rand() < 0.05 ? -Infinity : sign * (base + Math.floor(rand() * 4000)) + (rand() < 0.3 ? 0.5 : 0);
      const to = rand() < 0.3 ? Infinity : (from === -Infinity ? base : from) + 1 + Math.floor(rand() * 40);
      rows.validFrom.push(from);
      rows.validTo.push(to);
      rows.invalidAt.push(Infinity);
      index.add(r, from, to, Infinity);
      if (r > 0 && rand() < 0.4) {
        const c = Math.floor(rand() * r);
        if (rows.invalidAt[c] === Infinity) {
          rows.invalidAt[c] = now;
          index.closed(c, rows, r + 1);
        }
      }
    }
    const built = new ZoneIndex();
    built.build({ validFrom: Float64Array.from(rows.validFrom), validTo: Float64Array.from(rows.validTo), invalidAt: Float64Array.from(rows.invalidAt) }, n);
    for (let q = 0; q < 1500; q++) {
      const x = Math.floor(rand() * n);
      // Edges: a row's own times and one step either side.
      const pick = (t: number) => (Number.isFinite(t) ? t + [-0.5, 0, 0.5][q % 3]! : base);
      const a = pick(rand() < 0.5 ? rows.validFrom[x]! : rows.validTo[x]!);
      const b = a + Math.floor(rand() * 30);
      const k = rand() < 0.3 ? rows.invalidAt[x]! - (q % 2) : now;
      const prefix = Math.floor(rand() * (n + 1));
      for (const query of [ZoneQuery.Cut, ZoneQuery.StartsIn, ZoneQuery.EndsIn]) {
        const want = brute(rows, query, prefix, k, a, b);
        for (const zones of [index, built]) {
          const got: number[] = [];
          zones.search(query, prefix, k, a, b, rows, (r) => got.push(r));
          expect(got).toEqual(want);
        }
      }
    }
  });
});
