import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { reciprocalRankFusion } from '../src/recall/rrf.js';

describe('reciprocalRankFusion', () => {
  it('sums 1/(k + rank) over lists with k = 60', () => {
    const r = reciprocalRankFusion([[1, 2, 3], [{ id: 3, score: 9 }, { id: 1, score: 1 }]]);
    expect(r.map((h) => h.id)).toEqual([1, 3, 2]);
    expect(r[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 15);
    expect(r[1]!.score).toBeCloseTo(1 / 63 + 1 / 61, 15);
    expect(r[2]!.score).toBeCloseTo(1 / 62, 15);
  });

  it('breaks ties by best rank, then lower id, and counts a repeated id once per list', () => {
    // 7 and 4 both score 1/61 + 1/62 with best rank 1 → the lower id first
    expect(reciprocalRankFusion([[7, 4], [4, 7]]).map((h) => h.id)).toEqual([4, 7]);
    // k = 0: 3 scores 2/2 (rank 2, weight 2) and 8 scores 1/1 (rank 1): equal, 8 has the better rank
    expect(reciprocalRankFusion([[5, 3], [8]], { k: 0, weights: [2, 1] })).toEqual([
      { id: 5, score: 2 },
      { id: 8, score: 1 },
      { id: 3, score: 1 },
    ]);
    expect(reciprocalRankFusion([[5, 5, 6]])).toEqual([{ id: 5, score: 1 / 61 }, { id: 6, score: 1 / 63 }]);
  });

  it('applies weights, k and limit', () => {
    const r = reciprocalRankFusion([[1, 2], [2, 1]], { k: 0, weights: [1, 3], limit: 1 });
    expect(r).toEqual([{ id: 2, score: 1 / 2 + 3 }]);
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(() => reciprocalRankFusion([[1]], { weights: [1, 2] })).toThrow(InvalidArgumentError);
    expect(() => reciprocalRankFusion([[1]], { k: -1 })).toThrow(/^reciprocalRankFusion:/);
  });
});
