/**
 * What every stage of a recall reads: the memory, the options read once (`readRecallOptions`) as plain
 * numbers, the cut, the question's terms and unit vector, and the visibility tests at the cut.
 */
import type { Bm25Index } from '../bm25.js';
import type { FactText } from '../bm25-facts.js';
import type { VectorSet } from '../vectors.js';
import type { Expansion } from '../expand.js';
import type { SessionMap } from '../sessions.js';
import type { DatedTurns } from '../dated-turns.js';
import type { SpeakerNames } from '../named-speakers.js';
import { Accumulator } from '../accumulator.js';
import type { EpisodeRanker } from '../episode-rank.js';
import type { TopK } from '../grow.js';
import type { Resolved } from '../options.js';
import { NONE } from '../../store/fact-store.js';
import type { MemoryTables } from '../../graph/tables.js';

/** The indexes a recall reads, kept up to date by the recall engine (graph/recall-engine.ts). */
export interface RecallIndexes {
  readonly episodeText: Bm25Index;
  readonly entityText: Bm25Index;
  readonly tripleText: FactText;
  readonly episodeVectors: VectorSet;
  readonly entityVectors: VectorSet;
  /** Entity BM25 documents → entity. */
  readonly entityDoc: number[];
  /** Entity → its BM25 documents (name and aliases). */
  readonly entityDocs: Map<number, number[]>;
  readonly sessions: SessionMap;
  readonly dated: DatedTurns;
  readonly speakerNames: SpeakerNames;
  /** In a user/assistant chat: the speaker a question is about, NONE otherwise. */
  askedAbout(query: string): number;
}

/** Per-call scratch kept between calls, so a recall allocates little (marks stamped by an epoch). */
export class RecallScratch {
  rowMark = new Uint32Array(0);
  tripleMatch = new Float64Array(0);
  tripleMark = new Uint32Array(0);
  epoch = 0;
  /** The episodes' lifts from the facts that cite them (stages/rank-episodes.ts). */
  readonly lifts = new Accumulator((n) => new Float64Array(n));

  constructor(
    readonly expansion: Expansion,
    readonly episodeSums: Accumulator<Float64Array>,
    readonly partSums: Accumulator<Float64Array>,
    readonly ranker: EpisodeRanker,
    readonly top: TopK,
  ) {}

  /** A new epoch for the marks (cleared when the counter wraps). */
  nextEpoch(): number {
    if (++this.epoch === 0xffffffff) {
      this.rowMark.fill(0);
      this.tripleMark.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }
}

export interface RecallContext {
  readonly mem: MemoryTables;
  readonly query: string;
  /** The question's index terms. */
  readonly terms: string[];
  /** The question's vector at unit length (as given when its norm is 0). */
  readonly qvec: Float32Array;
  /** Squared norm of the question's vector before scaling: 0 means no vector search. */
  readonly qn: number;
  readonly o: Resolved;
  readonly validAt: number;
  readonly knownAt: number;
  readonly rowOk: (r: number) => boolean;
  readonly tripleVisible: (t: number) => boolean;
  readonly episodeOk: (i: number) => boolean;
  readonly entityOk: (e: number) => boolean;
}

/** The visibility tests of a cut: fact rows, triples, episodes and entities recorded and valid at it. */
export function visibility(mem: MemoryTables, o: Resolved, v: number, k: number): Pick<RecallContext, 'rowOk' | 'tripleVisible' | 'episodeOk' | 'entityOk'> {
  const st = mem.store;
  const ep = mem.episodes;
  const en = mem.entities;
  const includeArchived = o.includeArchived;
  const rowOk = (r: number): boolean => st.visible(r, v, k) && (includeArchived || !st.meta.isArchived(r));
  const tripleVisible = (t: number): boolean => {
    for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) if (rowOk(r)) return true;
    return false;
  };
  const episodeOk = (i: number): boolean => ep.recordedAt[i]! <= k && ep.at[i]! <= v;
  const entityOk = (e: number): boolean => en.recordedAt[e]! <= k;
  return { rowOk, tripleVisible, episodeOk, entityOk };
}
