// The order recall ranks a session's turns in: best score first, ties by lower episode, whichever of its two
// sorts runs (insertion for a session of up to 32 listed turns, the array sort past that).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderByScore } from '../src/recall/episode-rank.js';

function expected(ids: readonly number[], scores: readonly number[]): number[] {
  return ids.map((_, j) => j).sort((a, b) => scores[b]! - scores[a]! || ids[a]! - ids[b]!);
}

function ordered(ids: readonly number[], scores: readonly number[]): number[] {
  const n = ids.length;
  const order = new Uint32Array(n + 5).fill(999);
  orderByScore(Uint32Array.from(ids), Float64Array.from(scores), n, order);
  return [...order.subarray(0, n)];
}

describe('orderByScore', () => {
  it('puts higher scores first and breaks ties by the lower id, at every size either side of the insertion cut', () => {
    // few distinct scores, so ties are common; ids distinct, as a session's episodes are
    const session = fc
      .integer({ min: 0, max: 80 })
      .chain((n) =>
        fc.tuple(
          fc.shuffledSubarray([...Array(200).keys()], { minLength: n, maxLength: n }),
          fc.array(fc.constantFrom(0, 0.25, 0.5, 1, 1.5, 3), { minLength: n, maxLength: n }),
        ),
      );
    fc.assert(
      fc.property(session, ([ids, scores]) => {
        expect(ordered(ids, scores)).toEqual(expected(ids, scores));
      }),
      { numRuns: 400 },
    );
  });

  it('orders a 32-turn list (insertion) and a 33-turn list (array sort) the same way', () => {
    const ids = [...Array(33).keys()].map((i) => 100 - 3 * i);
    const scores = ids.map((_, i) => (i % 4) / 2);
    expect(ordered(ids.slice(0, 32), scores.slice(0, 32))).toEqual(expected(ids.slice(0, 32), scores.slice(0, 32)));
    expect(ordered(ids, scores)).toEqual(expected(ids, scores));
    // the tie rule decides: equal scores come lowest id first
    const tied = ordered([7, 3, 5], [1, 1, 1]);
    expect(tied).toEqual([1, 2, 0]);
  });
});
