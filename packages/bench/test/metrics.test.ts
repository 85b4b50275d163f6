import { describe, expect, it } from 'vitest';
import { dcg, evaluateRetrieval, evaluateTurnToSession, evidenceRecall, mean, newerRankedAbove, worstRank } from '../src/metrics.js';
import { PlainBm25, plainTokens } from '../src/plain-bm25.js';

describe('LongMemEval metrics (hand-computed)', () => {
  it('dcg does not discount the first position', () => {
    expect(dcg([1, 0, 1], 3)).toBeCloseTo(1 + 1 / Math.log2(3), 12);
    expect(dcg([1, 1], 1)).toBe(1);
    expect(dcg([], 5)).toBe(0);
  });

  it('recall_any, recall_all and ndcg_any at k', () => {
    const r = evaluateRetrieval(['a', 'b', 'c', 'd'], new Set(['c', 'x']), 3);
    expect(r.recallAny).toBe(1);
    expect(r.recallAll).toBe(0);
    // actual: 1/log2(3) at position 3; ideal over 2 relevant units: 1 + 1/log2(2) = 2
    expect(r.ndcgAny).toBeCloseTo(1 / Math.log2(3) / 2, 12);
    const all = evaluateRetrieval(['c', 'x', 'a'], new Set(['c', 'x']), 2);
    expect(all).toEqual({ recallAny: 1, recallAll: 1, ndcgAny: 1 });
    expect(evaluateRetrieval(['a'], new Set(['b']), 1)).toEqual({ recallAny: 0, recallAll: 0, ndcgAny: 0 });
  });

  it('turn→session grows k until k sessions are covered', () => {
    const turns = ['s1_1', 's1_2', 's2_1', 's3_1'];
    const sessionOf = (t: string) => t.split('_')[0] as string;
    // k = 2 sessions needs the top 3 turns: s1, s1, s2
    const r = evaluateTurnToSession(turns, sessionOf, new Set(['s2']), 2, 1, 4);
    expect(r.recallAll).toBe(1);
    expect(r.ndcgAny).toBeCloseTo(1 / Math.log2(3), 12);
    const miss = evaluateTurnToSession(turns, sessionOf, new Set(['s3']), 2, 1, 4);
    expect(miss.recallAny).toBe(0);
  });
});

describe('LoCoMo evidence recall', () => {
  it('is the fraction of evidence in the top k', () => {
    expect(evidenceRecall(['D1:1', 'D1:2', 'D2:3'], ['D1:2', 'D2:5'], 2)).toBe(0.5);
    expect(evidenceRecall(['D1:1', 'D1:2', 'D2:5'], ['D1:2', 'D2:5'], 3)).toBe(1);
    expect(evidenceRecall(['D1:1'], [], 3)).toBeNaN();
    expect(() => evidenceRecall([], ['x'], 0)).toThrow(/^evidenceRecall: /);
  });

  it('mean skips NaN', () => {
    expect(mean([1, NaN, 0])).toBe(0.5);
    expect(mean([])).toBeNaN();
  });
});

describe('plain BM25 (the data sets README baseline)', () => {
  it('scores a small corpus as computed by hand: k1 1.2, b 0.75, Lucene idf, stop words out, no stemming', () => {
    const bm = new PlainBm25();
    bm.add('x', 'the dogs bark');
    bm.add('y', 'a dog sleeps');
    bm.add('z', 'cats and dogs and dogs');
    expect(plainTokens("The dog's bowl, isn't it?")).toEqual(['dog', 'bowl', 'isn']);
    const hits = bm.search('dog', 3);
    // only y holds "dog" (no stemming: "dogs" is another term); N 3, df 1, avgdl (2 + 2 + 3) / 3
    expect(hits.map((h) => h.id)).toEqual(['y']);
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    expect(hits[0]!.score).toBeCloseTo((idf * 2.2) / (1 + 1.2 * (0.25 + (0.75 * 2) / (7 / 3))), 12);
    // a cut: documents `accept` refuses are not there, and N/avgdl are those of the rest
    const cut = bm.search('dogs', 3, (id) => id !== 'z');
    expect(cut.map((h) => h.id)).toEqual(['x']);
    expect(cut[0]!.score).toBeCloseTo(Math.log(1 + 1.5 / 1.5) * 2.2 / (1 + 1.2), 12);
  });
});

describe('worstRank', () => {
  it('is the rank of the lowest-ranked relevant id, depth + 1 when one is missing', () => {
    expect(worstRank(['a', 'b', 'c', 'd'], new Set(['b', 'd']), 50)).toBe(4);
    expect(worstRank(['a', 'b', 'c', 'd'], new Set(['a']), 50)).toBe(1);
    expect(worstRank(['a', 'b', 'c', 'd'], new Set(['b', 'x']), 50)).toBe(51);
    expect(worstRank(['a', 'b', 'c', 'd'], new Set(['d']), 3)).toBe(4); // beyond the depth counts as missing
    expect(worstRank(['a'], new Set(), 5)).toBe(0);
    expect(() => worstRank(['a'], new Set(['a']), 0)).toThrow(/^worstRank: depth/);
  });
});

describe('newerRankedAbove (knowledge update)', () => {
  const dated = new Map([['old', 1], ['new', 2]]);
  it('is 1 when the newer answer session ranks above the older, 0 when below or missing', () => {
    expect(newerRankedAbove(['x', 'new', 'old'], dated)).toBe(1);
    expect(newerRankedAbove(['old', 'new'], dated)).toBe(0);
    expect(newerRankedAbove(['old'], dated)).toBe(0);
    expect(newerRankedAbove(['new'], dated)).toBe(1);
    expect(newerRankedAbove([], dated)).toBe(0);
  });
  it('needs the newest above every older one, and is NaN when nothing is older', () => {
    const three = new Map([['a', 1], ['b', 2], ['c', 3]]);
    expect(newerRankedAbove(['c', 'b', 'a'], three)).toBe(1);
    expect(newerRankedAbove(['b', 'c', 'a'], three)).toBe(0);
    expect(newerRankedAbove(['a'], new Map([['a', 1], ['b', 1]]))).toBeNaN();
  });
});
