/**
 * Stage 3, score facts: each candidate row by its relevance (the activation of its ends, its text's BM25
 * match) times its quality (confidence, salience, use, recency); the best k facts, and the best k entities
 * the expansion reached.
 */
import type { Hit } from '../grow.js';
import type { RecalledFact } from '../options.js';
import type { RecallContext, RecallScratch } from './context.js';
import { readFact } from '../../graph/reads.js';
import type { Expanded } from './expand-graph.js';

export interface ScoredFacts {
  /** The best facts' rows and scores, best first (k of them). */
  factHits: Hit[];
  /**
   * Every candidate scored above 0, in the order the expansion reached it: what lifts the episodes facts cite,
   * whatever k is (a top-k list there made a k = 10 call's episodes differ from a k = 50 call's first ten).
   */
  scored: Hit[];
  facts: RecalledFact[];
  /** Per returned fact, its text's BM25 match against the question as a share of the best fact's (0: none). */
  matches: number[];
  entities: Array<{ id: number; name: string; score: number }>;
}

/** Each fact's BM25 match, as a share of the best, stamped with the call's epoch. */
function markTextMatches(ctx: RecallContext, scratch: RecallScratch, bm25Triples: Hit[], epoch: number): void {
  const st = ctx.mem.store;
  if (scratch.tripleMatch.length < st.tripleCount) {
    scratch.tripleMatch = new Float64Array(Math.max(st.tripleCount, scratch.tripleMatch.length * 2));
    scratch.tripleMark = new Uint32Array(scratch.tripleMatch.length);
  }
  const topMatch = bm25Triples[0]?.score ?? 0;
  for (const h of bm25Triples) {
    scratch.tripleMark[h.id] = epoch;
    scratch.tripleMatch[h.id] = topMatch > 0 ? h.score / topMatch : 0;
  }
}

/** A candidate row's score (0: not about the question). */
function factScore(ctx: RecallContext, scratch: RecallScratch, actOf: (e: number) => number, epoch: number, r: number): number {
  const { o, validAt: v, knownAt: k } = ctx;
  const st = ctx.mem.store;
  const w = o.weights;
  const t = st.triple[r]!;
  const s = st.tSubject[t]!;
  const obj = st.tObject[t]!;
  const textMatch = scratch.tripleMark[t] === epoch ? scratch.tripleMatch[t]! : 0;
  // A fact is about the query when the expansion reached both its ends (a literal object: its subject)
  // or its text matched: a hub's edges to entities nothing else reached are not (and there are many).
  const as = actOf(s);
  const ao = obj >= 0 ? actOf(obj) : as;
  if (textMatch === 0 && (as === 0 || ao === 0)) return 0;
  const relevance = w.activation * (as + ao) / 2 + w.match * textMatch;
  if (!(relevance > 0)) return 0;
  const conf = st.confidenceOf(r);
  const sal = st.meta.salienceOf(r);
  let quality = (w.confidence === 1 ? conf : Math.pow(conf, w.confidence)) * (w.salience === 1 ? sal : Math.pow(sal, w.salience));
  const uses = st.meta.retrievalsOf(r);
  const last = st.meta.lastRetrievedAtOf(r);
  if (uses > 0 && last <= k) quality *= 1 + w.use * Math.log1p(uses) * Math.pow(2, -(k - last) / o.useHalfLifeMs);
  if (w.recency > 0) {
    const age = Math.max(0, v - st.validFromOf(r));
    quality *= 1 - w.recency + w.recency * Math.pow(2, -age / o.recencyHalfLifeMs);
  }
  return relevance * quality;
}

export function scoreFacts(ctx: RecallContext, scratch: RecallScratch, expanded: Expanded, bm25Triples: Hit[]): ScoredFacts {
  const { mem, o, knownAt: k } = ctx;
  const st = mem.store;
  const en = mem.entities;
  const expansion = scratch.expansion;
  const actOf = expansion.normalised();
  const epoch = expanded.epoch;
  markTextMatches(ctx, scratch, bm25Triples, epoch);
  const factTop = scratch.top;
  factTop.reset(o.k);
  const scored: Hit[] = [];
  for (const r of expanded.candidates) {
    const score = factScore(ctx, scratch, actOf, epoch, r);
    if (score > 0) {
      factTop.push(score, r);
      scored.push({ id: r, score });
    }
  }
  const factHits = factTop.drain();
  const facts: RecalledFact[] = factHits.map((h) => {
    const t = st.triple[h.id]!;
    const s = st.tSubject[t]!;
    const obj = st.tObject[t]!;
    const via = obj >= 0 && actOf(obj) > actOf(s) ? obj : s;
    const fact = readFact(mem, h.id) as RecalledFact;
    fact.score = h.score;
    fact.path = expansion.pathTo(via);
    return fact;
  });
  const entityTop = scratch.top;
  entityTop.reset(o.k);
  for (const u of expansion.active) if (en.resolveAt(u, k) === u && actOf(u) > 0) entityTop.push(actOf(u), u);
  const entities = entityTop.drain().map((h) => ({ id: h.id, name: en.displayName(h.id), score: h.score }));
  const matches = factHits.map((h) => {
    const t = st.triple[h.id]!;
    return scratch.tripleMark[t] === epoch ? scratch.tripleMatch[t]! : 0;
  });
  return { factHits, scored, facts, matches, entities };
}
