/**
 * Stage 4, rank episodes: the lexical ranking (BM25, feedback, sessions, time, speakers;
 * recall/episode-rank.ts), each part of a two-event question ranked on its own and its best lifted, then the
 * vector hits and the facts that cite an episode on top; the best k, topped up by recency when fewer match.
 */
import type { Hit } from '../grow.js';
import { resolveRelativeDates } from '../dates.js';
import { expandNames } from '../name-expansion.js';
import { queryParts } from '../query-parts.js';
import { temporalIntent } from '../temporal.js';
import { questionTerms, questionTime } from '../time-words.js';
import { tokenize } from '../text.js';
import { asksAcrossSessions } from '../across-sessions.js';
import { NONE } from '../../store/fact-store.js';
import type { RecallContext, RecallIndexes, RecallScratch } from './context.js';
import type { Accumulator } from '../accumulator.js';
import type { Seeds } from './seeds.js';

export interface FactLifts {
  /** Episode index → its best citing fact's lift (the recall's scratch, `lifts`). */
  lifted: Accumulator<Float64Array>;
  /** Per fact (as `factHits`), the episode ids it cites. */
  evidenceOf: string[][];
}

/** The episode ids a fact cites: its own episode, then its evidence. */
function citedIds(ctx: RecallContext, r: number): string[] {
  const { mem } = ctx;
  const st = mem.store;
  const ep = mem.episodes;
  const cited: string[] = [];
  const own = st.episodeOf(r);
  if (own !== NONE) cited.push(ep.ids[own]!);
  for (const e of st.evidenceIds(st.evidenceHeadOf(r))) if (ep.findString(e) !== own) cited.push(mem.strings.get(e));
  return cited;
}

/**
 * The episodes the scored facts cite, each lifted by its best citing fact, not their sum: a turn that
 * yielded many facts is not more relevant for it. Every scored fact lifts, not only the k returned, so the
 * ranking does not depend on k; `evidenceOf` is for the returned facts (the packed context).
 */
export function liftByFacts(ctx: RecallContext, scratch: RecallScratch, factHits: Hit[], scored: Hit[]): FactLifts {
  const { mem, o, episodeOk } = ctx;
  const st = mem.store;
  const ep = mem.episodes;
  // thousands of scored facts in a large memory (a hub's): a typed table by episode, not a map
  const lifted = scratch.lifts;
  lifted.begin(ep.count);
  let topFact = 0;
  for (const h of scored) topFact = Math.max(topFact, h.score);
  const lift = (index: number, by: number): void => {
    if (index === NONE || !episodeOk(index)) return;
    if (by > lifted.get(index)) lifted.set(index, by);
  };
  for (const h of scored) {
    const by = (o.weights.evidence * h.score) / topFact;
    const own = st.episodeOf(h.id);
    lift(own, by);
    for (const e of st.evidenceIds(st.evidenceHeadOf(h.id))) {
      const index = ep.findString(e);
      if (index !== own) lift(index, by);
    }
  }
  return { lifted, evidenceOf: factHits.map((h) => citedIds(ctx, h.id)) };
}

/** The question's terms for the lexical ranking (time-frame words weighed down, names' aliases added), and its time. */
function questionReading(ix: RecallIndexes, ctx: RecallContext, seeds: Seeds) {
  const { o, query, terms, validAt: v } = ctx;
  // the question's relative dates, read once for its time frame and its time windows
  const dates = Number.isFinite(v) && (o.timeWordWeight < 1 || o.temporal) ? resolveRelativeDates(query, v) : undefined;
  const framed = o.timeWordWeight < 1 ? questionTime(query, v, dates) : undefined;
  const queryTerms = framed === undefined ? new Map(terms.map((t) => [t, 1] as [string, number])) : questionTerms(framed, o.timeWordWeight);
  const names = { text: ix.entityText, entityOf: ix.entityDoc, docsOf: ix.entityDocs };
  expandNames(names, seeds.nameHits.map((h) => h.id), queryTerms, o.aliasWeight);
  const time = o.temporal ? temporalIntent(query, v, dates) : undefined;
  return { queryTerms, time, content: framed?.content ?? query };
}

/** What the lexical ranker reads of the episodes, with the speaker lifts this question asks for. */
function rankSource(ix: RecallIndexes, ctx: RecallContext) {
  const { mem, o, query, terms } = ctx;
  const ep = mem.episodes;
  const named = o.speakerLift > 0 ? ix.speakerNames.namedIn(terms) : NONE;
  const speakerLift = 1 + o.speakerLift;
  const asker = o.askerLift > 0 ? ix.askedAbout(query) : NONE;
  return {
    index: ix.episodeText,
    sessions: ix.sessions,
    count: ep.count,
    at: ep.at,
    speaker: ep.speaker,
    dated: (i: number) => ix.dated.has(i),
    // the ranker's accept is episodeOk: this cut (recall/stages/context.ts)
    cut: { validAt: ctx.validAt, knownAt: ctx.knownAt },
    ...(named === NONE ? {} : { lift: (i: number) => (ep.speaker[i] === named ? speakerLift : 1) }),
    ...(asker === NONE ? {} : { asker: (i: number) => ep.speaker[i] === asker }),
  };
}

/** Episode indexes and scores, best first (k of them when that many are visible). */
export function rankEpisodes(ix: RecallIndexes, ctx: RecallContext, scratch: RecallScratch, seeds: Seeds, lifted: Accumulator<Float64Array>): Hit[] {
  const { mem, episodeOk } = ctx;
  // a question gathering across conversations spreads its turns over more sessions
  const o = asksAcrossSessions(ctx.query) ? { ...ctx.o, diversity: ctx.o.spreadDiversity } : ctx.o;
  const ep = mem.episodes;
  const { queryTerms, time, content } = questionReading(ix, ctx, seeds);
  const source = rankSource(ix, ctx);
  const dense = o.denseWeight > 0 ? new Map(seeds.episodeVectorHits.map((h) => [h.id, h.score] as [number, number])) : undefined;
  // an episode's score is summed by index in reused scratch (parts, vectors and facts add to it)
  const sums = scratch.episodeSums;
  const sumEpoch = sums.begin(ep.count);
  scratch.ranker.rank(source, queryTerms, episodeOk, time, o, sums, dense);
  // a question naming two events: each part ranked on its own, its best episodes lifted (both ends found)
  if (o.partWeight > 0) {
    for (const part of queryParts(content)) {
      const partTerms = new Map<string, number>();
      for (const t of tokenize(part)) partTerms.set(t, 1);
      const partSums = scratch.partSums;
      partSums.begin(ep.count);
      scratch.ranker.rank(source, partTerms, episodeOk, time, o, partSums);
      const { values, touched, count } = partSums;
      let top = 0;
      for (let j = 0; j < count; j++) top = Math.max(top, values[touched[j]!]!);
      if (top > 0) for (let j = 0; j < count; j++) sums.add(touched[j]!, (o.partWeight * values[touched[j]!]!) / top);
    }
  }
  const add = (i: number, by: number): void => {
    if (by > 0) sums.add(i, by);
  };
  for (const h of seeds.episodeVectorHits) add(h.id, o.vectorWeight * h.score);
  for (let j = 0; j < lifted.count; j++) add(lifted.touched[j]!, lifted.values[lifted.touched[j]!]!);
  const episodeTop = scratch.top;
  episodeTop.reset(o.k);
  for (let j = 0; j < sums.count; j++) episodeTop.push(sums.values[sums.touched[j]!]!, sums.touched[j]!);
  const ranked = episodeTop.drain();
  // k episodes come back when that many are visible: the rest by recency (score 0), latest first
  if (ranked.length < o.k) {
    for (let i = ep.count - 1; i >= 0 && ranked.length < o.k; i--) if (episodeOk(i) && sums.stamp[i] !== sumEpoch) ranked.push({ id: i, score: 0 });
  }
  return ranked;
}
