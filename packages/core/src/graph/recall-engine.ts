import { InvalidArgumentError } from '../errors.js';
import { Bm25Index } from '../recall/bm25.js';
import { FactText } from '../recall/bm25-facts.js';
import { NameTokens } from '../recall/name-tokens.js';
import { HashEmbedder } from '../recall/embedder.js';
import type { Embedder, SparseVector } from '../recall/embedder.js';
import { episodeEmbeddingText } from '../recall/embedding-text.js';
import { TopK } from '../recall/grow.js';
import { Accumulator } from '../recall/accumulator.js';
import { VectorSet } from '../recall/vectors.js';
import { RECALL_DEFAULTS } from '../recall/options.js';
import type { RecallResult } from '../recall/options.js';
import type { RecallRequest } from '../recall/read-options.js';
export { RECALL_DEFAULTS, MODEL_EMBEDDER_DEFAULTS } from '../recall/options.js';
export type { RecallOptions, RecallResult, RecalledFact, RecallWeights, EdgeTypeWeights } from '../recall/options.js';
import { Expansion } from '../recall/expand.js';
import { EpisodeRanker } from '../recall/episode-rank.js';
import { SessionMap } from '../recall/sessions.js';
import { DatedTurns } from '../recall/dated-turns.js';
import { SpeakerNames } from '../recall/named-speakers.js';
import { withoutVocatives } from '../recall/vocatives.js';
import { canonicalName } from '../util/names.js';
import { tokenize } from '../recall/text.js';
import { RecallScratch, visibility } from '../recall/stages/context.js';
import type { RecallContext, RecallIndexes } from '../recall/stages/context.js';
import { findSeeds } from '../recall/stages/seeds.js';
import { expandSeeds } from '../recall/stages/expand-graph.js';
import { scoreFacts } from '../recall/stages/score-facts.js';
import { liftByFacts, rankEpisodes } from '../recall/stages/rank-episodes.js';
import { packStage } from '../recall/stages/pack-context.js';
import { markPastVersions } from '../recall/stages/past-versions.js';
import { newerVersionsFirst, replacedEvidence } from '../recall/stages/newer-versions.js';
import { literalCode, NONE } from '../store/fact-store.js';
import type { MemoryTables } from './tables.js';

/**
 * Rows inserted into a growing HNSW per catch-up that indexed something new (an episode write, the first
 * recall after asserts, the end of a load): 8 is a few milliseconds of a write, and clears a backlog of 50,000
 * vectors in ~6,000 writes (searches stay exact meanwhile).
 */
const HNSW_STEPS_PER_CATCH_UP = 8;

/** A question in the first person: about the asker ("How many bikes did I service?"). */
const FIRST_PERSON = /\b(?:i|me|my|mine|myself)\b/iu;
/** A question about what the assistant said ("you suggested …, can you remind me …"). */
const YOU_SAID = /\byou\s+(?:\w+\s+)?(?:told|said|mentioned|suggested|recommended|gave|provided|shared|listed|explained|described|wrote|referred|were\s+referring)\b|\bremind\s+me\b/iu;

function newRecallScratch(): RecallScratch {
  return new RecallScratch(new Expansion(), new Accumulator((n) => new Float64Array(n)), new Accumulator((n) => new Float64Array(n)), new EpisodeRanker(), new TopK());
}

/**
 * Hybrid recall over a MemoryGraph: BM25 and vector seeds fused by RRF, spreading activation or BFS over
 * the edges visible at the cut, facts scored and packed. Indexes follow the writes (`catchUp` after each
 * episode and at the end of a load); a recall indexes only what was written since (asserts, an alias, a
 * merge's entity), so no first recall after a load or an episode pays for a whole memory.
 */
export class RecallEngine implements RecallIndexes {
  readonly embedder: Embedder;
  /** Replaced once, before anything is indexed, by the index a snapshot kept (`restoreEpisodeIndexes`). */
  episodeText = new Bm25Index();
  readonly entityText = new Bm25Index();
  /** Facts' BM25 ("subject predicate object"), kept without postings of its own (recall/bm25-facts.ts). */
  readonly tripleText = new FactText();
  /** The terms of the entities' names and the literals, as indexed: a snapshot keeps them (snapshot/kept-names.ts). */
  readonly names = new NameTokens();
  readonly episodeVectors: VectorSet;
  readonly entityVectors: VectorSet;
  /** Entity BM25 documents (names, then aliases as they come) → entity. */
  readonly entityDoc: number[] = [];
  /** Entity → its BM25 documents (name and aliases), for query expansion (recall/name-expansion.ts). */
  readonly entityDocs = new Map<number, number[]>();
  /** Episode → the session it belongs to (see recall/sessions.ts). */
  readonly sessions = new SessionMap();
  /** Episodes that say when something happened (recall/dated-turns.ts). */
  readonly dated = new DatedTurns();
  /** Speakers of the episodes and the terms that name them (recall/named-speakers.ts). */
  readonly speakerNames = new SpeakerNames();
  /** Speaker canonical name → speaker string id, and the entity of that name → speaker, for aliases. */
  private readonly speakerByName = new Map<string, number>();
  private readonly speakerOfEntity = new Map<number, number>();
  /** The speakers' names and aliases, lower case: left out of the word index where used in address. */
  private readonly vocativeNames = new Set<string>();
  private episodesIndexed = 0;
  /** Episodes below this were indexed for BM25 and dates when the memory was saved (a snapshot's indexes). */
  private episodesRestored = 0;
  private entitiesIndexed = 0;
  private aliasesIndexed = 0;
  private triplesIndexed = 0;
  /**
   * Per-call scratch of the stages: the expansion (recall/expand.ts), marks, the episode sums and a part's
   * (recall/accumulator.ts), the lexical ranker (recall/episode-rank.ts), and the top-k heap (facts, entities,
   * then episodes in turn, each drained before the next is kept). Made again at the next recall after
   * `releaseScratch`.
   */
  private scratch = newRecallScratch();
  /** The query vector at unit length. */
  private unitQuery = new Float32Array(0);
  /** What the last recall did (for tuning and perf reports): seeds, entities reached, nodes fired, facts scored. */
  lastStats = { seeds: 0, active: 0, fired: 0, candidates: 0 };

  constructor(private readonly mem: MemoryTables, embedder?: Embedder) {
    const call = 'MemoryGraph.recall';
    if (embedder !== undefined) {
      if (embedder === null || typeof embedder !== 'object' || typeof embedder.embed !== 'function' || !Number.isInteger(embedder.dimensions) || embedder.dimensions < 1) {
        throw new InvalidArgumentError(`${call}: options.embedder must have integer dimensions and an embed(texts) method`);
      }
      if (mem.dimensions > 0 && embedder.dimensions !== mem.dimensions) {
        throw new InvalidArgumentError(`${call}: the embedder makes ${embedder.dimensions}-dimensional vectors; this memory uses ${mem.dimensions}`);
      }
      this.embedder = embedder;
    } else {
      this.embedder = new HashEmbedder(mem.dimensions > 0 ? { dimensions: mem.dimensions } : {});
    }
    const dims = this.embedder.dimensions;
    this.hashed = this.embedder instanceof HashEmbedder;
    // Hashed vectors are searched exactly at every size: an HNSW costs ~0.5 ms a vector to grow, far more
    // than a write of the built-in path, and their sparse postings keep the exact search cheap.
    const threshold = this.hashed ? Infinity : RECALL_DEFAULTS.bruteForceBelow;
    this.episodeVectors = new VectorSet(dims, threshold, RECALL_DEFAULTS.ef);
    this.entityVectors = new VectorSet(dims, threshold, RECALL_DEFAULTS.ef);
  }

  /**
   * Whether the embedder is the built-in HashEmbedder. Its vectors of whole turns are not indexed: on the dev
   * split, recall with and without them ranks every question alike (`quality.js --split dev --ablations`,
   * "no vectors"), while they were 40% of a turn's memory and most of its indexing time. A turn written with
   * a vector of its own is still indexed by it.
   */
  private readonly hashed: boolean;

  // ---- lazy indexing -------------------------------------------------------------------------

  /**
   * @internal What a snapshot keeps of the episodes' indexes (their BM25 postings and date flags), so a load
   * reads them instead of tokenizing every turn again; undefined without episodes or until every one is indexed.
   */
  exportEpisodeIndexes(): { text: ReturnType<Bm25Index['toState']>; dated: Uint8Array } | undefined {
    if (this.episodesIndexed !== this.mem.episodes.count || this.episodesIndexed === 0) return undefined;
    return { text: this.episodeText.toState(), dated: this.dated.exportFlags() };
  }

  /** @internal The same as views and writers, for a snapshot encoder (valid until the next write). */
  episodeIndexViews(): { text: ReturnType<Bm25Index['toViews']>; dated: Uint8Array } | undefined {
    if (this.episodesIndexed !== this.mem.episodes.count || this.episodesIndexed === 0) return undefined;
    return { text: this.episodeText.toViews(), dated: this.dated.flagViews() };
  }

  /**
   * @internal Drops what recalls keep between calls (sized by the episodes: about 16 bytes an episode for
   * each of some twenty score arrays, 16 MiB at 50,000 turns), so a snapshot's bytes are not held beside it;
   * the next recall makes it again. Results are the same.
   */
  releaseScratch(): void {
    this.scratch = newRecallScratch();
    this.episodeText.releaseScratch();
  }

  /** @internal A load's, before its first catch-up: the indexes of the first `text.size` episodes, as saved. */
  restoreEpisodeIndexes(text: Bm25Index, dated: Uint8Array): void {
    if (this.episodesIndexed !== 0) throw new Error('RecallEngine.restoreEpisodeIndexes: episodes were indexed already');
    this.episodeText = text;
    this.dated.loadFlags(dated);
    this.episodesRestored = text.size;
  }

  /** Entities below this had their vectors put in `entityVectors` by a load (a snapshot's rows). */
  private entityVectorsRestored = 0;

  /**
   * @internal What a snapshot keeps of the entities' vectors: the built-in embedder's, once every entity is
   * indexed (a model's vectors are the entities' own or the model's to make).
   */
  exportEntityVectors(): ReturnType<VectorSet['exportRows']> {
    const n = this.mem.entities.count;
    if (!this.hashed || n === 0 || this.entitiesIndexed !== n) return undefined;
    return this.entityVectors.exportRows();
  }

  /** @internal A load's, before its first catch-up: the vectors of the first `covered` entities, as saved. */
  restoreEntityVectors(rows: NonNullable<ReturnType<VectorSet['exportRows']>>, covered: number): void {
    if (this.entitiesIndexed !== 0 || this.entityVectors.size !== 0) throw new Error('RecallEngine.restoreEntityVectors: entities were indexed already');
    const { labels, starts, slots, values } = rows;
    for (let r = 0; r < labels.length; r++) this.entityVectors.addStoredRow(labels[r]!, slots, values, starts[r]!, starts[r + 1]!);
    this.entityVectorsRestored = covered;
  }

  /** Whether the vectors are the built-in embedder's (a snapshot's entity vectors are kept only then). */
  get hashedVectors(): boolean {
    return this.hashed;
  }

  /**
   * Indexes what was added since the last call. The memory calls it after every episode, at the end of a
   * load (replay, fromState) and at each recall; an assert's entities are indexed as it makes them
   * (`indexNewEntities`), its fact at the next of these: indexing a fact is two pushes and a sum
   * (recall/bm25-facts.ts), so the next recall is not slowed by the facts asserts wrote.
   */
  catchUp(): void {
    const mem = this.mem;
    const ep = mem.episodes;
    const written = ep.count - this.episodesIndexed + mem.entities.count - this.entitiesIndexed;
    // The vector first, the counter last: an embedder that fails leaves the index as it was for that item.
    for (let i = this.episodesIndexed; i < ep.count; i++) {
      const vector = ep.vectorOf(i) ?? (this.hashed ? undefined : this.embedToIndex(this.episodeTextOf(i), 'episode'));
      this.noteSpeaker(ep.speaker[i]!);
      if (i >= this.episodesRestored) this.episodeText.add(i, episodeEmbeddingText(withoutVocatives(ep.texts[i]!, this.vocativeNames), ep.speakerOf(i)));
      this.sessions.add(i, ep.texts[i]!, ep.at[i]!, ep.session[i]!, this.episodeText.lengthOf(i), ep.recordedAt[i]!);
      if (i >= this.episodesRestored) this.dated.add(i, ep.texts[i]!, ep.at[i]!, this.sessions.isWhole(i));
      if (vector !== undefined) RecallEngine.addVector(this.episodeVectors, i, vector);
      this.episodesIndexed = i + 1;
    }
    this.catchUpEntities();
    // a bounded step of each HNSW under construction (VectorSet.grow), taken only when something new was
    // indexed: writes grow it, a search never does
    if (written > 0) {
      this.episodeVectors.grow(HNSW_STEPS_PER_CATCH_UP);
      this.entityVectors.grow(HNSW_STEPS_PER_CATCH_UP);
    }
    const en = mem.entities;
    for (let a = this.aliasesIndexed; a < en.aliasEntity.length; a++) {
      const alias = en.strings.get(en.aliasName[a]!);
      this.addEntityDoc(en.aliasEntity[a]!, tokenize(alias));
      const speaker = this.speakerOfEntity.get(en.aliasEntity[a]!);
      if (speaker !== undefined) {
        this.speakerNames.add(speaker, alias);
        this.noteVocative(alias);
      }
    }
    this.aliasesIndexed = en.aliasEntity.length;
    const st = mem.store;
    for (let t = this.triplesIndexed; t < st.tripleCount; t++) this.indexFact(t);
    this.triplesIndexed = st.tripleCount;
    // BM25 postings in bulk, once per catch-up (a load's: all at once), not at the first search
    this.episodeText.postPending();
    this.entityText.postPending();
    if (this.supplied.size > 0) this.supplied.clear(); // clear() allocates a new table even when empty
  }

  /**
   * Indexes the entities written since (their names' BM25 documents and vectors, their terms for the facts'
   * BM25). Called by `catchUp`, and by an assert that made entities while the built-in embedder is in use
   * (`indexNewEntities`): a fact is cheap to index later, an entity is not, so a memory written by asserts
   * alone leaves its first recall only facts to count (no first-recall cliff).
   */
  private catchUpEntities(): void {
    const en = this.mem.entities;
    for (let e = this.entitiesIndexed; e < en.count; e++) {
      const name = en.displayName(e);
      // a loaded entity's vector is in the set already (restoreEntityVectors)
      const vector = e < this.entityVectorsRestored ? undefined : (en.vectorOf(e) ?? this.embedToIndex(name, 'entity'));
      const tokens = this.names.ofEntity(e, name);
      this.addEntityDoc(e, tokens);
      this.tripleText.addEntity(e, tokens);
      if (vector !== undefined) RecallEngine.addVector(this.entityVectors, e, vector);
      const speaker = this.speakerByName.get(en.canonical(e));
      if (speaker !== undefined) this.speakerOfEntity.set(e, speaker);
      this.entitiesIndexed = e + 1;
    }
  }

  /**
   * @internal After an assert that made entities: index them now when that costs no model call and nothing
   * written before them waits (episodes are indexed before entities, as in `catchUp`).
   */
  indexNewEntities(): void {
    if (this.embedder instanceof HashEmbedder && this.supplied.size === 0 && this.episodesIndexed === this.mem.episodes.count) this.catchUpEntities();
  }

  /** @internal How many episodes, entities, aliases and facts were written but are not indexed yet. */
  pending(): number {
    const mem = this.mem;
    const en = mem.entities;
    return mem.episodes.count - this.episodesIndexed + en.count - this.entitiesIndexed + en.aliasEntity.length - this.aliasesIndexed + mem.store.tripleCount - this.triplesIndexed;
  }

  private addEntityDoc(e: number, tokens: readonly string[]): void {
    const doc = this.entityDoc.length;
    this.entityText.addTokens(doc, tokens);
    this.entityDoc.push(e);
    const docs = this.entityDocs.get(e);
    if (docs === undefined) this.entityDocs.set(e, [doc]);
    else docs.push(doc);
  }

  /** A speaker seen for the first time: its name, and the aliases of an entity of that name so far. */
  private noteSpeaker(speaker: number): void {
    if (speaker === NONE || this.speakerNames.has(speaker)) return;
    const mem = this.mem;
    const name = mem.strings.get(speaker);
    const canonical = canonicalName(name);
    this.speakerByName.set(canonical, speaker);
    const e = mem.entities.lookup(canonical);
    const names = e === NONE || e >= this.entitiesIndexed ? [name] : [name, ...mem.entities.aliasesOf(e)];
    this.speakerNames.set(speaker, names);
    for (const n of names) this.noteVocative(n);
    if (e !== NONE && e < this.entitiesIndexed) this.speakerOfEntity.set(e, speaker);
  }

  /** A speaker's name or alias, and each of its words ("Maya Chen": "maya chen", "maya", "chen"). */
  private noteVocative(name: string): void {
    const lower = name.toLowerCase().trim();
    this.vocativeNames.add(lower);
    for (const w of lower.split(/\s+/u)) if (w.length > 1) this.vocativeNames.add(w);
  }

  /** What recall embeds for an episode: the speaker is part of what a turn is about ("what did Melanie paint?"). */
  private episodeTextOf(i: number): string {
    const ep = this.mem.episodes;
    return episodeEmbeddingText(ep.texts[i]!, ep.speakerOf(i));
  }

  /** Vectors computed ahead by `recallAsync` for texts the next catch-up needs (text → vector). */
  private readonly supplied = new Map<string, Float32Array>();

  /** The texts the next catch-up would have to embed (episodes and entities without a stored vector). */
  textsToEmbed(): string[] {
    const mem = this.mem;
    const out = new Set<string>();
    if (!this.hashed) for (let i = this.episodesIndexed; i < mem.episodes.count; i++) if (mem.episodes.vectorOf(i) === undefined) out.add(this.episodeTextOf(i));
    for (let e = this.entitiesIndexed; e < mem.entities.count; e++) if (mem.entities.vectorOf(e) === undefined) out.add(mem.entities.displayName(e));
    for (const t of this.supplied.keys()) out.delete(t);
    return [...out];
  }

  /** Hands over vectors an asynchronous embedder made for `textsToEmbed()` (checked by the caller). */
  supply(texts: readonly string[], vectors: readonly Float32Array[]): void {
    texts.forEach((t, i) => this.supplied.set(t, vectors[i]!));
  }

  /** Set once the embedder answered with a promise: it is not called synchronously again (each call may be a paid request). */
  private embedderIsAsync = false;

  /**
   * A vector the index copies at once (`addVector`): the built-in embedder gives its non-zero coordinates in
   * reused arrays (HashEmbedder.embedSparse), with no allocation and no pass over every dimension.
   */
  private embedToIndex(text: string, what: string): Float32Array | SparseVector {
    if (!(this.embedder instanceof HashEmbedder) || this.supplied.size > 0) return this.embed(text, what);
    return this.embedder.embedSparse(text);
  }

  private static addVector(set: VectorSet, label: number, vector: Float32Array | SparseVector): void {
    if (vector instanceof Float32Array) set.add(label, vector);
    else set.addSparse(label, vector);
  }

  private embed(text: string, what: string): Float32Array {
    const ready = this.supplied.get(text);
    if (ready !== undefined) return ready;
    const out = this.embedderIsAsync ? undefined : this.embedder.embed([text]);
    if (this.embedderIsAsync || (out !== null && typeof out === 'object' && typeof (out as { then?: unknown }).then === 'function')) {
      // The promise is dropped: its rejection must not surface as an unhandled one (that ends a Node process).
      if (!this.embedderIsAsync) (out as Promise<unknown>).then(undefined, () => undefined);
      this.embedderIsAsync = true;
      throw new InvalidArgumentError(`MemoryGraph.recall: the embedder "${this.embedder.id}" answers asynchronously; use recallAsync, which embeds first`);
    }
    const v = (out as Float32Array[])[0];
    if (v === null || typeof v !== 'object' || v.length !== this.embedder.dimensions) {
      throw new InvalidArgumentError(`MemoryGraph.recall: the embedder returned a vector of the wrong length for the ${what}`);
    }
    return v;
  }

  /**
   * What BM25 matches a fact by: the terms of "subject predicate object" (predicate underscores as spaces);
   * the entities' terms were given as they were indexed, a predicate's and a literal's are given once.
   */
  private indexFact(t: number): void {
    const mem = this.mem;
    const st = mem.store;
    const facts = this.tripleText;
    const p = st.tPredicate[t]!;
    if (!facts.hasPredicate(p)) facts.setPredicate(p, tokenize(mem.predicateNames.get(p).replace(/_/g, ' ')));
    const o = st.tObject[t]!;
    if (o < 0 && !facts.hasLiteral(literalCode(o))) facts.setLiteral(literalCode(o), this.names.ofLiteral(literalCode(o), mem.literals[literalCode(o)]!));
    facts.addTriple(t, st);
  }

  /**
   * In a chat between a "user" and an "assistant": the speaker a question is about — the assistant when it
   * asks what "you" said, the user when it speaks in the first person; NONE otherwise.
   */
  askedAbout(query: string): number {
    const role = YOU_SAID.test(query) ? 'assistant' : FIRST_PERSON.test(query) ? 'user' : undefined;
    return role === undefined ? NONE : (this.speakerByName.get(role) ?? NONE);
  }

  // ---- recall --------------------------------------------------------------------------------

  /**
   * A recall, its stages in turn (recall/stages/): seeds → expand → score facts → rank episodes → pack.
   * `request` is the options read once (recall/read-options.ts); only the embedder can fail from here on
   * (an asynchronous one, without a given vector), before anything changes.
   */
  recall(query: string, request: RecallRequest): RecallResult {
    const mem = this.mem;
    const o = request.o;
    const raw = request.vector ?? this.embed(query, 'query');
    this.catchUp();
    const { qvec, qn } = this.unit(raw);
    const ctx: RecallContext = { mem, query, terms: tokenize(query), qvec, qn, o, validAt: request.validAt, knownAt: request.knownAt, ...visibility(mem, o, request.validAt, request.knownAt) };
    const seeds = findSeeds(this, ctx);
    const expanded = expandSeeds(ctx, this.scratch, seeds);
    this.lastStats = { seeds: seeds.fused.length, active: this.scratch.expansion.active.length, fired: this.scratch.expansion.firedCount(), candidates: expanded.candidates.length };
    const { factHits, scored, facts, matches, entities } = scoreFacts(ctx, this.scratch, expanded, seeds.bm25Triples);
    const { lifted, evidenceOf } = liftByFacts(ctx, this.scratch, factHits, scored);
    const ep = mem.episodes;
    // ranked as deep as the versions are looked for, then cut to k: the top k stays a prefix of a deeper call's
    const deep = o.versionDepth > o.k ? { ...ctx, o: { ...o, k: o.versionDepth } } : ctx;
    const ranked = newerVersionsFirst(ctx, this.sessions, rankEpisodes(this, deep, this.scratch, seeds, lifted), o.versionDepth, o.versionDepth > 1 ? replacedEvidence(ctx, scored) : new Map()).slice(0, o.k);
    const episodes = ranked.map((h) => ({ id: ep.ids[h.id]!, text: ep.texts[h.id]!, at: ep.at[h.id]!, score: h.score }));
    const named = new Set(seeds.nameHits.map((h) => mem.entities.resolveAt(this.entityDoc[h.id]!, request.knownAt)));
    const packed = packStage(query, facts, matches, named, evidenceOf, episodes, o.tokenBudget, o.factFloor, (e) => markPastVersions(mem, facts, request.knownAt, e), request.knownAt);
    return { facts, entities, episodes, text: packed.text, tokens: packed.tokens };
  }

  /** The question's vector at unit length, in a buffer kept for the next call (the embedder's is left as it was). */
  private unit(vec: Float32Array): { qvec: Float32Array; qn: number } {
    let qn = 0;
    for (let i = 0; i < vec.length; i++) qn += vec[i]! * vec[i]!;
    if (!(qn > 0)) return { qvec: vec, qn };
    const inv = 1 / Math.sqrt(qn);
    if (this.unitQuery.length !== vec.length) this.unitQuery = new Float32Array(vec.length);
    for (let i = 0; i < vec.length; i++) this.unitQuery[i] = vec[i]! * inv;
    return { qvec: this.unitQuery, qn };
  }
}
