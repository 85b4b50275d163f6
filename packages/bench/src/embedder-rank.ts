/** Ranking helpers of the quality evaluation: exact cosine top-k, BM25 top-k, reciprocal-rank fusion. */
import { Bm25Index } from '@palimpsest/core';

/** Document indexes by dot product with `query` (vectors are unit length, so this is cosine), best first. */
export function cosineTop(query: Float32Array, docs: readonly Float32Array[], k: number, accept?: (i: number) => boolean): number[] {
  const scored: Array<[number, number]> = [];
  docs.forEach((d, i) => {
    if (accept && !accept(i)) return;
    let s = 0;
    for (let j = 0; j < d.length; j++) s += (d[j] as number) * (query[j] as number);
    scored.push([i, s]);
  });
  scored.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return scored.slice(0, k).map(([i]) => i);
}

/** A BM25 index over documents numbered 0…n−1 (the project's Bm25Index, k1 1.2, b 0.75). */
export function bm25Over(texts: readonly string[]): Bm25Index {
  const index = new Bm25Index();
  texts.forEach((t, i) => index.add(i, t));
  return index;
}

export function bm25Top(index: Bm25Index, query: string, k: number, accept?: (i: number) => boolean): number[] {
  return index.search(query, k, accept).map((h) => h.id);
}

/**
 * Reciprocal-rank fusion: score(d) = Σ over lists of weight / (c + rank), rank from 1 (weights default to 1);
 * ties by document number.
 */
export function rrf(lists: ReadonlyArray<readonly number[]>, c: number, k: number, weights?: readonly number[]): number[] {
  const score = new Map<number, number>();
  lists.forEach((list, l) => {
    const w = weights?.[l] ?? 1;
    list.forEach((d, r) => score.set(d, (score.get(d) ?? 0) + w / (c + r + 1)));
  });
  return [...score].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, k).map(([d]) => d);
}

/** The list without repeats, each item at its first position. */
export function firstOccurrences<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
