/**
 * Stage 1, seeds: the question's BM25 lists (episodes, entity names, facts) and vector lists (episodes,
 * entities), fused by reciprocal rank into one list of seed units.
 */
import type { Hit } from '../grow.js';
import { reciprocalRankFusion } from '../rrf.js';
import type { RecallContext, RecallIndexes } from './context.js';

// Kinds of seed units, fused in one id space: id·3 + kind.
export const EPISODE = 0;
export const ENTITY = 1;
export const TRIPLE = 2;

export interface Seeds {
  /** Fused seed units (id·3 + kind), best first. */
  fused: Hit[];
  /** Facts matched by BM25, best first. */
  bm25Triples: Hit[];
  /** Entity BM25 documents matched (ids are documents, not entities). */
  nameHits: Hit[];
  /** Episodes matched by the question's vector (empty without one). */
  episodeVectorHits: Hit[];
}

export function findSeeds(ix: RecallIndexes, ctx: RecallContext): Seeds {
  const { o, terms, qvec, qn, episodeOk, entityOk } = ctx;
  const c = o.candidates;
  const lists: Array<Array<{ id: number }>> = [];
  const unit = (hits: Hit[], kind: number): Array<{ id: number }> => hits.map((h) => ({ id: h.id * 3 + kind }));
  const bm25Triples = ix.tripleText.searchTerms(terms, c, ctx.tripleVisible, ctx.mem.store);
  lists.push(unit(ix.episodeText.searchTerms(terms, c, episodeOk), EPISODE));
  const nameHits = ix.entityText.searchTerms(terms, c, (d) => entityOk(ix.entityDoc[d]!));
  lists.push(unit(nameHits.map((h) => ({ id: ix.entityDoc[h.id]!, score: h.score })), ENTITY));
  lists.push(unit(bm25Triples, TRIPLE));
  const episodeVectorHits = qn > 0 ? ix.episodeVectors.search(qvec, c, o.minSimilarity, episodeOk) : [];
  if (qn > 0) {
    lists.push(unit(episodeVectorHits, EPISODE));
    lists.push(unit(ix.entityVectors.search(qvec, c, o.minSimilarity, entityOk), ENTITY));
  }
  const fused = reciprocalRankFusion(lists, { k: o.rrfK, limit: o.seeds });
  return { fused, bm25Triples, nameHits, episodeVectorHits };
}
