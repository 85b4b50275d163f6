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
  // per fused id, by the place it was first met: its summed score, best rank and the last list that counted it
  const slotOf = new Map<number, number>();
  const ids: number[] = [];
  const score: number[] = [];
  const bestRank: number[] = [];
  const lastList: number[] = [];
  lists.forEach((list, li) => {
    const w = weights?.[li] ?? 1;
    for (let r = 0; r < list.length; r++) {
      const item = list[r]!;
      const id = typeof item === 'number' ? item : item.id;
      if (typeof id !== 'number' || Number.isNaN(id)) throw new InvalidArgumentError(`reciprocalRankFusion: list ${li} item ${r} has no numeric id`);
      let slot = slotOf.get(id);
      if (slot === undefined) {
        slot = ids.length;
        slotOf.set(id, slot);
        ids.push(id === 0 ? 0 : id); // -0 is the id 0, as a map key is
        score.push(0);
        bestRank.push(r);
        lastList.push(-1);
      }
      if (lastList[slot] === li) continue;
      lastList[slot] = li;
      score[slot] = score[slot]! + w / (k + r + 1);
      if (r < bestRank[slot]!) bestRank[slot] = r;
    }
  });
  const order = ids.map((_, slot) => slot);
  order.sort((a, b) => score[b]! - score[a]! || bestRank[a]! - bestRank[b]! || ids[a]! - ids[b]!);
  const n = Math.min(limit, order.length);
  const out: Hit[] = [];
  for (let j = 0; j < n; j++) out.push({ id: ids[order[j]!]!, score: score[order[j]!]! });
  return out;
}
