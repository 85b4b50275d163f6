import { InvalidArgumentError } from '../errors.js';
import type { Hit } from './grow.js';

export interface RrfOptions {
  /** The rank constant: score = Σ weight / (k + rank), rank counted from 1. @default 60 */
  k?: number;
  /** One weight per list. @default 1 for every list */
  weights?: readonly number[];
  /** Keep only this many fused results. @default all */
  limit?: number;
}

export const RRF_DEFAULTS = { k: 60 };

/** A ranked list, best first: ids, or hits with ids (their scores are ignored: only rank counts). */
export type RankedList = ReadonlyArray<number> | ReadonlyArray<{ id: number }>;

/**
 * Reciprocal-rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009): merges rankings whose scores are not
 * comparable (BM25 and cosine, say) by rank alone. An id repeated within one list counts at its first rank.
 * Ties: higher fused score, then the better best rank in any list, then the lower id.
 */
export function reciprocalRankFusion(lists: readonly RankedList[], options: RrfOptions = {}): Hit[] {
  if (!Array.isArray(lists)) throw new InvalidArgumentError('reciprocalRankFusion: lists must be an array of ranked lists');
  const k = options.k ?? RRF_DEFAULTS.k;
  if (!Number.isFinite(k) || k < 0) throw new InvalidArgumentError(`reciprocalRankFusion: k (${k}) must be a finite number ≥ 0`);
  const weights = options.weights;
  if (weights !== undefined && (weights.length !== lists.length || weights.some((w) => !Number.isFinite(w) || w < 0))) {
    throw new InvalidArgumentError(`reciprocalRankFusion: weights must be ${lists.length} finite numbers ≥ 0`);
  }
  const limit = options.limit ?? Infinity;
  if (!(limit >= 0) || (limit !== Infinity && !Number.isInteger(limit))) {
    throw new InvalidArgumentError(`reciprocalRankFusion: limit (${limit}) must be a non-negative integer`);
  }
  const score = new Map<number, number>();
  const bestRank = new Map<number, number>();
  lists.forEach((list, li) => {
    const w = weights?.[li] ?? 1;
    const seen = new Set<number>();
    for (let r = 0; r < list.length; r++) {
      const item = list[r]!;
      const id = typeof item === 'number' ? item : item.id;
      if (typeof id !== 'number' || Number.isNaN(id)) throw new InvalidArgumentError(`reciprocalRankFusion: list ${li} item ${r} has no numeric id`);
      if (seen.has(id)) continue;
      seen.add(id);
      score.set(id, (score.get(id) ?? 0) + w / (k + r + 1));
      const br = bestRank.get(id);
      if (br === undefined || r < br) bestRank.set(id, r);
    }
  });
  const out: Hit[] = [];
  for (const [id, s] of score) out.push({ id, score: s });
  out.sort((a, b) => b.score - a.score || bestRank.get(a.id)! - bestRank.get(b.id)! || a.id - b.id);
  return limit < out.length ? out.slice(0, limit) : out;
}
