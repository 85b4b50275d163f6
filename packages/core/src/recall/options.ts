/**
 * Recall's options: their types, defaults (tuned on the dev split only) and checking. A bad option is an
 * InvalidArgumentError naming the call, raised before recall reads anything.
 */
import { InvalidArgumentError } from '../errors.js';
import type { Cut, EdgeType, Fact } from '../types.js';
import { EPISODE_RANK_DEFAULTS } from './episode-rank.js';
import type { EpisodeRankOptions } from './episode-rank.js';

/** Weights of the parts of a fact's score. See `RECALL_DEFAULTS`. */
export interface RecallWeights {
  /** Activation (or BFS score) of the fact's endpoints. */
  activation: number;
  /** BM25 of the fact's text ("subject predicate object") against the query, normalised to [0, 1]. */
  match: number;
  /** Exponent of the fact's confidence. */
  confidence: number;
  /** Exponent of the fact's salience. */
  salience: number;
  /** Boost per log(1 + retrievals), decaying with the time since the last retrieval. */
  use: number;
  /** Share of the score that depends on how recently the fact became valid. */
  recency: number;
  /** How much a returned fact lifts the episodes it came from. */
  evidence: number;
}

export type EdgeTypeWeights = Record<EdgeType | 'none', number>;

export interface RecallOptions extends Cut, Partial<EpisodeRankOptions> {
  /** Weight of an episode's vector similarity beside its lexical score. @default 0.3 */
  vectorWeight?: number;
  /** Lift from ranking each event of a two-event question on its own (0: off). @default 0.5 */
  partWeight?: number;
  /**
   * How many of the best-ranked episodes are searched for versions of one answer said at different times,
   * which are then put newest first in the places they hold (recall/stages/newer-versions.ts; 0: off).
   * @default 5
   */
  versionDepth?: number;
  /**
   * Weight of the words that frame a question's time ("how many days passed between", "two weeks ago",
   * "which event happened first"; recall/time-words.ts) in its lexical ranking; the rest, the events, at 1
   * (1: every word alike). @default 0.6
   */
  timeWordWeight?: number;
  /**
   * A returned fact enters the packed `text` only when its text matches the question at least this share of
   * the best-matching fact's match (0: every returned fact, after the episodes). @default 0.2
   */
  factFloor?: number;
  /** How many facts, entities and episodes to return (each). @default 10 */
  k?: number;
  /** Upper bound on the packed `text`'s token estimate. @default 1024 */
  tokenBudget?: number;
  /** `activation`: spreading activation; `bfs`: breadth-first search with a composite score. @default 'activation' */
  strategy?: 'activation' | 'bfs';
  /** Expansion depth from the seeds. @default 2 */
  hops?: number;
  /** Share of activation passed across one edge. @default 0.5 */
  decay?: number;
  /** Lateral inhibition: nodes below the mean of the strongest `inhibitors` lose this share of the gap. @default 0.2 */
  inhibition?: number;
  /** How many of the strongest nodes inhibit the rest. @default 7 */
  inhibitors?: number;
  /** Activation (relative to the strongest seed) below which a node neither joins nor fires. @default 0.02 */
  threshold?: number;
  /** Most entities the expansion may reach. @default 256 */
  nodeCap?: number;
  /** Most nodes that fire in one hop of spreading activation, strongest first. @default 24 */
  fireCap?: number;
  /** Fan-out damping: a node's outgoing share is divided by degree^fan. @default 0.5 */
  fan?: number;
  /**
   * Most edges of one entity a firing walks per side (as subject, as object), newest first: a hub's (the
   * speaker's) older facts are candidates only when their text matches the question. @default 2000
   */
  edgeCap?: number;
  /** Weight per edge type (`none`: facts without one). */
  edgeTypeWeights?: Partial<EdgeTypeWeights>;
  /** How many fused seeds start the expansion. @default 20 */
  seeds?: number;
  /** Candidates taken from each BM25 / vector list before fusion. @default 50 */
  candidates?: number;
  /** Rank constant of reciprocal-rank fusion. @default 60 */
  rrfK?: number;
  /** Vector hits below this cosine are dropped before fusion (rank fusion would otherwise lift noise). @default 0.5 */
  minSimilarity?: number;
  weights?: Partial<RecallWeights>;
  /** Half-life of the use boost since the last retrieval, ms. @default 30 days */
  useHalfLifeMs?: number;
  /** Half-life of recency (validAt − validFrom), ms. @default 365 days */
  recencyHalfLifeMs?: number;
  /** Recall skips archived versions unless this is true (SEMANTICS.md). @default false */
  includeArchived?: boolean;
  /** A query vector (the memory's `dimensions`), instead of embedding the query text. */
  vector?: ArrayLike<number>;
  /**
   * Record the returned facts as retrieved (`mem.touch`, a logged operation): use counts and the last
   * retrieval then feed scoring and `consolidate`. Recall is otherwise a pure read. @default false
   */
  track?: boolean;
}

export interface RecalledFact extends Fact {
  score: number;
  /** Entity ids from a seed to the endpoint through which the fact was reached. */
  path: number[];
}

export interface RecallResult {
  facts: RecalledFact[];
  entities: Array<{ id: number; name: string; score: number }>;
  episodes: Array<{ id: string; text: string; at: number; score: number }>;
  text: string;
  tokens: number;
}

const DAY = 86_400_000;

/** Defaults of `RecallOptions` and of the engine's indexes. */
export const RECALL_DEFAULTS = {
  k: 10,
  tokenBudget: 1024,
  factFloor: 0.2,
  strategy: 'activation' as 'activation' | 'bfs',
  hops: 2,
  decay: 0.5,
  inhibition: 0.2,
  inhibitors: 7,
  threshold: 0.02,
  nodeCap: 256,
  /** At most this many nodes fire in one hop of spreading activation (strongest first). */
  fireCap: 24,
  fan: 0.5,
  /** A firing walks at most this many edges of one entity per side, newest first (work bounded as a memory grows). */
  edgeCap: 2000,
  edgeTypeWeights: { causal: 1, temporal: 0.8, semantic: 1, cooccurrence: 0.5, hierarchical: 1, none: 1 } as EdgeTypeWeights,
  /** Weight of an episode's vector similarity (above minSimilarity) beside its lexical score. */
  vectorWeight: 0.3,
  /** Lift from ranking each part of a two-event question on its own. */
  partWeight: 0.5,
  // dev (`quality.js --split dev --grid versionDepth=0,5,6,7,8,10,20`): LongMemEval knowledge-update newer
  // answer session first 4 -> 6 of 6 at 5, every other row unchanged; 6 and deeper cost turn recall_all@5
  // (0.783 -> 0.761 at 6, 0.696 at 10) and from 7 LoCoMo R@5 (0.691 -> 0.661): a newer turn matching alike
  // by chance took a better place from an evidence turn
  versionDepth: 5,
  /**
   * Weight of a question's time-frame words in its lexical ranking (recall/time-words.ts). Dev, `quality.js
   * --split dev --grid timeWordWeight=1,0.7,0.6,0.5,0.4,0.3,0.2,0`: 0.5–0.7 alike, LongMemEval question-date
   * session recall_all@2 0.652 -> 0.674, all@3 0.804 -> 0.826 (temporal-reasoning 0.500 -> 0.583), worst answer
   * rank 6.435 -> 6.370, turn all@10 unchanged; LoCoMo R@10 0.800 -> 0.802. 0.4 and below lose a multi-session
   * question ("how many hours …") at all@3; the middle of the plateau is taken.
   */
  timeWordWeight: 0.6,
  ...EPISODE_RANK_DEFAULTS,
  seeds: 20,
  candidates: 50,
  rrfK: 60,
  /** Vector seeds below this cosine are dropped: hashed n-gram vectors are noisy (tuned on the LoCoMo dev split: 0.3 → 0.45 evidence recall@10, 0.5 → 0.56). */
  minSimilarity: 0.5,
  weights: { activation: 1, match: 1, confidence: 1, salience: 1, use: 0.1, recency: 0.1, evidence: 0.3 } as RecallWeights,
  useHalfLifeMs: 30 * DAY,
  recencyHalfLifeMs: 365 * DAY,
  /**
   * A model embedder's vectors are searched exactly below this many; from it on, writes grow an HNSW in
   * bounded steps (VectorSet.grow), used once it holds them all: no search or load builds one. The built-in
   * HashEmbedder's are always searched exactly (their sparse postings stay cheap; an HNSW costs ~0.5–2 ms a
   * vector to grow).
   */
  bruteForceBelow: 50_000,
  /** HNSW search breadth (ef 64 gave only 0.84 recall@10 on hash vectors). */
  ef: 128,
};

/**
 * Defaults that replace RECALL_DEFAULTS' for a memory whose embedder is a model (anything but the built-in
 * HashEmbedder): a model's similarities mean something, so they join the lexical ranking before sessions
 * and neighbours are scored (`denseWeight`, by each turn's rank among the vector hits) instead of being
 * added at the end. Tuned on the dev split with the offline USE-lite model (packages/bench quality.js
 * --embedder use-lite): LoCoMo conv-26/30 evidence recall@10 0.785 (lexical alone) → 0.816 (weights 0.4–0.6
 * within 0.01).
 */
export const MODEL_EMBEDDER_DEFAULTS: Readonly<Pick<RecallOptions, 'denseWeight' | 'vectorWeight' | 'minSimilarity'>> = Object.freeze({
  denseWeight: 0.5,
  vectorWeight: 0,
  minSimilarity: 0.25,
});

/** `options` with `defaults` for the names it leaves undefined. */
export function withDefaults(options: RecallOptions, defaults: Readonly<Partial<RecallOptions>>): RecallOptions {
  const out: RecallOptions = { ...options };
  for (const [name, value] of Object.entries(defaults) as Array<[keyof RecallOptions, unknown]>) {
    if (out[name] === undefined) (out as Record<string, unknown>)[name] = value;
  }
  return out;
}

export type Resolved = Required<Omit<RecallOptions, 'validAt' | 'knownAt' | 'vector' | 'edgeTypeWeights' | 'weights'>> & {
  edgeTypeWeights: EdgeTypeWeights;
  weights: RecallWeights;
};

export function resolveOptions(options: RecallOptions, call: string): Resolved {
  const d = RECALL_DEFAULTS;
  const num = (name: keyof RecallOptions, fallback: number, ok: (x: number) => boolean, what: string): number => {
    const x = options[name] ?? fallback;
    if (typeof x !== 'number' || Number.isNaN(x) || !ok(x)) throw new InvalidArgumentError(`${call}: ${name} (${String(x)}) must be ${what}`);
    return x;
  };
  const count = (x: number): boolean => Number.isInteger(x) && x >= 0;
  const unit = (x: number): boolean => x >= 0 && x <= 1;
  const positive = (x: number): boolean => x > 0;
  const strategy = options.strategy ?? d.strategy;
  if (strategy !== 'activation' && strategy !== 'bfs') throw new InvalidArgumentError(`${call}: strategy must be 'activation' or 'bfs'`);
  // The caller (MemoryGraph.recall) read weights and edgeTypeWeights as plain objects of known names only.
  const edgeTypeWeights = { ...d.edgeTypeWeights };
  if (options.edgeTypeWeights !== undefined) {
    for (const [name, value] of Object.entries(options.edgeTypeWeights)) {
      if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value)) throw new InvalidArgumentError(`${call}: edgeTypeWeights.${name} must be a finite number ≥ 0`);
      edgeTypeWeights[name as keyof EdgeTypeWeights] = value;
    }
  }
  const weights = { ...d.weights };
  if (options.weights !== undefined) {
    for (const [name, value] of Object.entries(options.weights)) {
      if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value)) throw new InvalidArgumentError(`${call}: weights.${name} must be a finite number ≥ 0`);
      weights[name as keyof RecallWeights] = value;
    }
    if (weights.recency > 1) throw new InvalidArgumentError(`${call}: weights.recency must be in [0, 1]`);
  }
  for (const flag of ['includeArchived', 'track', 'temporal'] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== 'boolean') throw new InvalidArgumentError(`${call}: ${flag} must be a boolean`);
  }
  return {
    k: num('k', d.k, count, 'a whole number ≥ 0'),
    factFloor: num('factFloor', d.factFloor, unit, 'in [0, 1]'),
    tokenBudget: num('tokenBudget', d.tokenBudget, (x) => x === Infinity || count(x), 'a whole number ≥ 0 or Infinity'),
    strategy,
    hops: num('hops', d.hops, (x) => count(x) && x <= 16, 'a whole number from 0 to 16'),
    decay: num('decay', d.decay, unit, 'in [0, 1]'),
    inhibition: num('inhibition', d.inhibition, unit, 'in [0, 1]'),
    inhibitors: num('inhibitors', d.inhibitors, (x) => count(x) && x >= 1, 'a whole number ≥ 1'),
    threshold: num('threshold', d.threshold, unit, 'in [0, 1]'),
    nodeCap: num('nodeCap', d.nodeCap, (x) => count(x) && x >= 1, 'a whole number ≥ 1'),
    fireCap: num('fireCap', d.fireCap, (x) => count(x) && x >= 1, 'a whole number ≥ 1'),
    fan: num('fan', d.fan, (x) => x >= 0 && x <= 2, 'in [0, 2]'),
    edgeCap: num('edgeCap', d.edgeCap, (x) => count(x) && x >= 1, 'a whole number ≥ 1'),
    edgeTypeWeights,
    versionDepth: num('versionDepth', d.versionDepth, (x) => count(x) && x <= 1000, 'a whole number from 0 to 1000'),
    partWeight: num('partWeight', d.partWeight, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    timeWordWeight: num('timeWordWeight', d.timeWordWeight, unit, 'in [0, 1]'),
    vectorWeight: num('vectorWeight', d.vectorWeight, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    feedback: num('feedback', d.feedback, unit, 'in [0, 1]'),
    denseFeedback: num('denseFeedback', d.denseFeedback, unit, 'in [0, 1]'),
    feedbackDocs: num('feedbackDocs', d.feedbackDocs, (x) => count(x) && x <= 1000, 'a whole number from 0 to 1000'),
    feedbackTerms: num('feedbackTerms', d.feedbackTerms, (x) => count(x) && x <= 1000, 'a whole number from 0 to 1000'),
    sessionWeight: num('sessionWeight', d.sessionWeight, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    sessionDoc: num('sessionDoc', d.sessionDoc, unit, 'in [0, 1]'),
    sessionText: num('sessionText', d.sessionText, unit, 'in [0, 1]'),
    neighbour: num('neighbour', d.neighbour, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    neighbourTerms: num('neighbourTerms', d.neighbourTerms, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    speakerNeighbour: num('speakerNeighbour', d.speakerNeighbour, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    diversity: num('diversity', d.diversity, unit, 'in [0, 1]'),
    spreadDiversity: num('spreadDiversity', d.spreadDiversity, unit, 'in [0, 1]'),
    temporal: options.temporal ?? d.temporal,
    windowBoost: num('windowBoost', d.windowBoost, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    orderBoost: num('orderBoost', d.orderBoost, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    whenLift: num('whenLift', d.whenLift, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    recentBoost: num('recentBoost', d.recentBoost, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    denseWeight: num('denseWeight', d.denseWeight, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    speakerLift: num('speakerLift', d.speakerLift, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    aliasWeight: num('aliasWeight', d.aliasWeight, unit, 'in [0, 1]'),
    askerLift: num('askerLift', d.askerLift, (x) => x >= 0 && Number.isFinite(x), 'a finite number ≥ 0'),
    seeds: num('seeds', d.seeds, (x) => count(x) && x >= 1, 'a whole number ≥ 1'),
    candidates: num('candidates', d.candidates, (x) => count(x) && x >= 1, 'a whole number ≥ 1'),
    rrfK: num('rrfK', d.rrfK, (x) => Number.isFinite(x) && x >= 0, 'a finite number ≥ 0'),
    minSimilarity: num('minSimilarity', d.minSimilarity, (x) => x >= -1 && x <= 1, 'in [-1, 1]'),
    weights,
    useHalfLifeMs: num('useHalfLifeMs', d.useHalfLifeMs, positive, 'a number > 0'),
    recencyHalfLifeMs: num('recencyHalfLifeMs', d.recencyHalfLifeMs, positive, 'a number > 0'),
    includeArchived: options.includeArchived ?? false,
    track: options.track ?? false,
  };
}
