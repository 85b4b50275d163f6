import { InvalidArgumentError } from '../errors.js';
import { Bm25Index } from '../recall/bm25.js';
import { FactText } from '../recall/bm25-facts.js';
import { HashEmbedder } from '../recall/embedder.js';
import type { Embedder, SparseVector } from '../recall/embedder.js';
import { episodeEmbeddingText } from '../recall/embedding-text.js';
import { TopK } from '../recall/grow.js';
import { Accumulator } from '../recall/accumulator.js';
import type { Hit } from '../recall/grow.js';
import { VectorSet } from '../recall/vectors.js';
import { MODEL_EMBEDDER_DEFAULTS, RECALL_DEFAULTS, resolveOptions, withDefaults } from '../recall/options.js';
import type { RecallOptions, RecallResult, RecalledFact } from '../recall/options.js';
export { RECALL_DEFAULTS, MODEL_EMBEDDER_DEFAULTS } from '../recall/options.js';
export type { RecallOptions, RecallResult, RecalledFact, RecallWeights, EdgeTypeWeights } from '../recall/options.js';
import { Expansion } from '../recall/expand.js';
import { packContext } from '../recall/pack.js';
import type { PackEpisode, PackFact } from '../recall/pack.js';
import { reciprocalRankFusion } from '../recall/rrf.js';
import { EpisodeRanker } from '../recall/episode-rank.js';
import { SessionMap } from '../recall/sessions.js';
import { DatedTurns } from '../recall/dated-turns.js';
import { SpeakerNames } from '../recall/named-speakers.js';
import { withoutVocatives } from '../recall/vocatives.js';
import { expandNames } from '../recall/name-expansion.js';
import { canonicalName } from '../util/names.js';
import { temporalIntent } from '../recall/temporal.js';
import { resolveRelativeDates } from '../recall/dates.js';
import { queryParts } from '../recall/query-parts.js';
import { questionTerms, questionTime } from '../recall/time-words.js';
import { tokenize } from '../recall/text.js';
import { literalCode, NONE } from '../store/fact-store.js';
import { EDGE_TYPES } from '../types.js';
import type { Fact } from '../types.js';
import { isoMinute, toMillis } from '../util/time.js';
import type { MemoryTables } from './tables.js';
import { readFact } from './reads.js';

/** A question in the first person: about the asker ("How many bikes did I service?"). */
const FIRST_PERSON = /\b(?:i|me|my|mine|myself)\b/iu;
/** A question about what the assistant said ("you suggested …, can you remind me …"). */
const YOU_SAID = /\byou\s+(?:\w+\s+)?(?:told|said|mentioned|suggested|recommended|gave|provided|shared|listed|explained|described|wrote|referred|were\s+referring)\b|\bremind\s+me\b/iu;

// Kinds of seed units, fused in one id space: id·3 + kind.
const EPISODE = 0;
const ENTITY = 1;
const TRIPLE = 2;

/**
 * Hybrid recall over a MemoryGraph: BM25 and vector seeds fused by RRF, spreading activation or BFS over
 * the edges visible at the cut, facts scored and packed. Indexes follow the writes (`catchUp` after each
 * episode and at the end of a load); a recall indexes only what was written since (asserts, an alias, a
 * merge's entity), so no first recall after a load or an episode pays for a whole memory.
 */
export class RecallEngine {
  readonly embedder: Embedder;
  private readonly episodeText = new Bm25Index();
  private readonly entityText = new Bm25Index();
  /** Facts' BM25 ("subject predicate object"), kept without postings of its own (recall/bm25-facts.ts). */
  private readonly tripleText = new FactText();
  private readonly episodeVectors: VectorSet;
  private readonly entityVectors: VectorSet;
  /** Entity BM25 documents (names, then aliases as they come) → entity. */
  private readonly entityDoc: number[] = [];
  /** Entity → its BM25 documents (name and aliases), for query expansion (recall/name-expansion.ts). */
  private readonly entityDocs = new Map<number, number[]>();
  /** Episode → the session it belongs to (see recall/sessions.ts). */
  private readonly sessions = new SessionMap();
  /** Episodes that say when something happened (recall/dated-turns.ts). */
  private readonly dated = new DatedTurns();
  /** Speakers of the episodes and the terms that name them (recall/named-speakers.ts). */
  private readonly speakerNames = new SpeakerNames();
  /** Speaker canonical name → speaker string id, and the entity of that name → speaker, for aliases. */
  private readonly speakerByName = new Map<string, number>();
  private readonly speakerOfEntity = new Map<number, number>();
  /** The speakers' names and aliases, lower case: left out of the word index where used in address. */
  private readonly vocativeNames = new Set<string>();
  private episodesIndexed = 0;
  private entitiesIndexed = 0;
  private aliasesIndexed = 0;
  private triplesIndexed = 0;
  /** Spreading activation / BFS over the entities, with its per-call scratch (recall/expand.ts). */
  private readonly expansion = new Expansion();
  /** Rows already collected as candidates in this call (indexed by row). */
  private rowMark = new Uint32Array(0);
  private tripleMatch = new Float64Array(0);
  private tripleMark = new Uint32Array(0);
  private epoch = 0;
  /** Episode scores by index in a recall, after the lexical ranking (recall/accumulator.ts). */
  private readonly episodeSums = new Accumulator((n) => new Float64Array(n));
  /** A part's episode scores, before they are scaled by its best and added (recall/accumulator.ts). */
  private readonly partSums = new Accumulator((n) => new Float64Array(n));
  /** The lexical episode ranking, with its per-call scratch (recall/episode-rank.ts). */
  private readonly ranker = new EpisodeRanker();
  /** The query vector at unit length. */
  private unitQuery = new Float32Array(0);
  /** The best facts, entities, then episodes of a recall, in turn (each drained before the next is kept). */
  private readonly top = new TopK();
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
    this.episodeVectors = new VectorSet(dims, RECALL_DEFAULTS.bruteForceBelow, RECALL_DEFAULTS.ef);
    this.entityVectors = new VectorSet(dims, RECALL_DEFAULTS.bruteForceBelow, RECALL_DEFAULTS.ef);
  }

  // ---- lazy indexing -------------------------------------------------------------------------

  /**
   * Indexes what was added since the last call. The memory calls it after every episode, at the end of a
   * load (replay, fromState) and at each recall; an assert's entities are indexed as it makes them
   * (`indexNewEntities`), its fact at the next of these: indexing a fact is two pushes and a sum
   * (recall/bm25-facts.ts), so the next recall is not slowed by the facts asserts wrote.
   */
  catchUp(): void {
    const mem = this.mem;
    const ep = mem.episodes;
    // The vector first, the counter last: an embedder that fails leaves the index as it was for that item.
    for (let i = this.episodesIndexed; i < ep.count; i++) {
      const text = this.episodeTextOf(i);
      const vector = ep.vectorOf(i) ?? this.embedToIndex(text, 'episode');
      this.noteSpeaker(ep.speaker[i]!);
      this.episodeText.add(i, episodeEmbeddingText(withoutVocatives(ep.texts[i]!, this.vocativeNames), ep.speakerOf(i)));
      this.sessions.add(i, ep.texts[i]!, ep.at[i]!);
      this.dated.add(i, ep.texts[i]!, ep.at[i]!, this.sessions.isWhole(i));
      RecallEngine.addVector(this.episodeVectors, i, vector);
      this.episodesIndexed = i + 1;
    }
    this.catchUpEntities();
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
      const vector = en.vectorOf(e) ?? this.embedToIndex(name, 'entity');
      const tokens = tokenize(name);
      this.addEntityDoc(e, tokens);
      this.tripleText.addEntity(e, tokens);
      RecallEngine.addVector(this.entityVectors, e, vector);
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
    for (let i = this.episodesIndexed; i < mem.episodes.count; i++) if (mem.episodes.vectorOf(i) === undefined) out.add(this.episodeTextOf(i));
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
    if (o < 0 && !facts.hasLiteral(literalCode(o))) facts.setLiteral(literalCode(o), tokenize(String(mem.literals[literalCode(o)])));
    facts.addTriple(t, st);
  }

  /**
   * In a chat between a "user" and an "assistant": the speaker a question is about — the assistant when it
   * asks what "you" said, the user when it speaks in the first person; NONE otherwise.
   */
  private askedAbout(query: string): number {
    const role = YOU_SAID.test(query) ? 'assistant' : FIRST_PERSON.test(query) ? 'user' : undefined;
    return role === undefined ? NONE : (this.speakerByName.get(role) ?? NONE);
  }

  // ---- recall --------------------------------------------------------------------------------

  recall(query: string, options: RecallOptions = {}): RecallResult {
    // MemoryGraph.recall read the arguments (a string query, an options object of known names); here their values are checked.
    const call = 'MemoryGraph.recall';
    // A model embedder's vectors join the lexical ranking (MODEL_EMBEDDER_DEFAULTS); hashed n-grams only add a little.
    const o = resolveOptions(this.embedder instanceof HashEmbedder ? options : withDefaults(options, MODEL_EMBEDDER_DEFAULTS), call);
    const mem = this.mem;
    const needNow = options.validAt === undefined || options.knownAt === undefined;
    const now = needNow ? mem.clockAt('MemoryGraph.now') : 0;
    const v = options.validAt === undefined ? now : toMillis(options.validAt, call, 'validAt');
    const k = options.knownAt === undefined ? now : toMillis(options.knownAt, call, 'knownAt');
    let qvec: Float32Array | undefined;
    if (options.vector !== undefined) {
      const vec = options.vector;
      if (vec === null || typeof vec !== 'object' || vec.length !== this.embedder.dimensions) {
        throw new InvalidArgumentError(`${call}: vector must have ${this.embedder.dimensions} dimensions`);
      }
      qvec = Float32Array.from(vec);
      if (qvec.some((x) => !Number.isFinite(x))) throw new InvalidArgumentError(`${call}: vector holds a non-finite number`);
    }
    // Only the embedder can fail from here on (an asynchronous one, without `vector`), before anything changes.
    qvec ??= this.embed(query, 'query');
    this.catchUp();
    let qn = 0;
    for (let i = 0; i < qvec.length; i++) qn += qvec[i]! * qvec[i]!;
    if (qn > 0) {
      const inv = 1 / Math.sqrt(qn);
      // into a buffer kept for the next call (the embedder's vector is left as it was)
      if (this.unitQuery.length !== qvec.length) this.unitQuery = new Float32Array(qvec.length);
      for (let i = 0; i < qvec.length; i++) this.unitQuery[i] = qvec[i]! * inv;
      qvec = this.unitQuery;
    }

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

    // ---- seeds: BM25 and vector lists, fused by rank ----
    const c = o.candidates;
    const lists: Array<Array<{ id: number }>> = [];
    const unit = (hits: Hit[], kind: number): Array<{ id: number }> => hits.map((h) => ({ id: h.id * 3 + kind }));
    const terms = tokenize(query);
    const bm25Triples = this.tripleText.searchTerms(terms, c, tripleVisible, st);
    lists.push(unit(this.episodeText.searchTerms(terms, c, episodeOk), EPISODE));
    const nameHits = this.entityText.searchTerms(terms, c, (d) => entityOk(this.entityDoc[d]!));
    lists.push(unit(nameHits.map((h) => ({ id: this.entityDoc[h.id]!, score: h.score })), ENTITY));
    lists.push(unit(bm25Triples, TRIPLE));
    const episodeVectorHits = qn > 0 ? this.episodeVectors.search(qvec, c, o.minSimilarity, episodeOk) : [];
    if (qn > 0) {
      lists.push(unit(episodeVectorHits, EPISODE));
      lists.push(unit(this.entityVectors.search(qvec, c, o.minSimilarity, entityOk), ENTITY));
    }
    const fused = reciprocalRankFusion(lists, { k: o.rrfK, limit: o.seeds });
    const topFused = fused[0]?.score ?? 1;

    // ---- activate the seeds ----
    this.expansion.begin(en.count);
    if (++this.epoch === 0xffffffff) {
      this.rowMark.fill(0);
      this.tripleMark.fill(0);
      this.epoch = 1;
    }
    const epoch = this.epoch;
    const active = this.expansion.active;
    const seedTriples: number[] = [];
    const activate = (e: number, a: number): void => {
      const id = en.resolveAt(e, k);
      if (entityOk(id)) this.expansion.seed(id, a);
    };
    for (const h of fused) {
      const a = h.score / topFused;
      const id = Math.floor(h.id / 3);
      const kind = h.id - id * 3;
      if (kind === EPISODE) {
        for (let j = ep.entityStart[id]!; j < ep.entityStart[id + 1]!; j++) activate(ep.entityIds[j]!, a);
      } else if (kind === ENTITY) activate(id, a);
      else {
        seedTriples.push(id);
        activate(st.tSubject[id]!, a);
        if (st.tObject[id]! >= 0) activate(st.tObject[id]!, a);
      }
    }

    // ---- expand ----
    const candidates: number[] = [];
    if (this.rowMark.length < st.rowCount) this.rowMark = new Uint32Array(Math.max(st.rowCount, this.rowMark.length * 2));
    const rowMark = this.rowMark;
    const addCandidate = (r: number): void => {
      if (rowMark[r] !== epoch) {
        rowMark[r] = epoch;
        candidates.push(r);
      }
    };
    for (const t of seedTriples) for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) if (rowOk(r)) addCandidate(r);
    const edgeWeight = new Float64Array(EDGE_TYPES.length + 1);
    EDGE_TYPES.forEach((name, i) => (edgeWeight[i] = o.edgeTypeWeights[name]));
    edgeWeight[EDGE_TYPES.length] = o.edgeTypeWeights.none;
    const weightOf = (r: number): number => {
      const e = mem.provenance.edgeType[st.provenanceOf(r)]!;
      return edgeWeight[e === NONE ? EDGE_TYPES.length : e]!;
    };
    // Visible edges of an entity: rows and the neighbour (NONE for a literal object), into the given arrays.
    const edgesOf = (u: number, edgeRows: number[], edgeOther: number[]): void => {
      edgeRows.length = 0;
      edgeOther.length = 0;
      for (let t = st.subjectHead[u] ?? NONE; t !== NONE; t = st.tSubjectNext[t]!) {
        const other = st.tObject[t]!;
        for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) {
          if (!rowOk(r)) continue;
          edgeRows.push(r);
          edgeOther.push(other >= 0 ? other : NONE);
        }
      }
      for (let t = st.objectHead[u] ?? NONE; t !== NONE; t = st.tObjectNext[t]!) {
        const other = st.tSubject[t]!;
        if (other === u) continue; // a self-loop was seen as subject
        for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) {
          if (!rowOk(r)) continue;
          edgeRows.push(r);
          edgeOther.push(other);
        }
      }
    };
    this.expansion.run({ edgesOf, strength: (r) => weightOf(r) * st.confidenceOf(r), reached: addCandidate }, o);
    this.lastStats = { seeds: fused.length, active: active.length, fired: this.expansion.firedCount(), candidates: candidates.length };

    // ---- score facts ----
    const actOf = this.expansion.normalised();
    if (this.tripleMatch.length < st.tripleCount) {
      this.tripleMatch = new Float64Array(Math.max(st.tripleCount, this.tripleMatch.length * 2));
      this.tripleMark = new Uint32Array(this.tripleMatch.length);
    }
    const tripleMatch = this.tripleMatch;
    const tripleMark = this.tripleMark;
    const topMatch = bm25Triples[0]?.score ?? 0;
    for (const h of bm25Triples) {
      tripleMark[h.id] = epoch;
      tripleMatch[h.id] = topMatch > 0 ? h.score / topMatch : 0;
    }
    const w = o.weights;
    const factTop = this.top;
    factTop.reset(o.k);
    for (const r of candidates) {
      const t = st.triple[r]!;
      const s = st.tSubject[t]!;
      const obj = st.tObject[t]!;
      const textMatch = tripleMark[t] === epoch ? tripleMatch[t]! : 0;
      // A fact is about the query when the expansion reached both its ends (a literal object: its subject)
      // or its text matched: a hub's edges to entities nothing else reached are not (and there are many).
      const as = actOf(s);
      const ao = obj >= 0 ? actOf(obj) : as;
      if (textMatch === 0 && (as === 0 || ao === 0)) continue;
      const relevance = w.activation * (as + ao) / 2 + w.match * textMatch;
      if (!(relevance > 0)) continue;
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
      const score = relevance * quality;
      if (score > 0) factTop.push(score, r);
    }
    const factHits = factTop.drain();
    const facts: RecalledFact[] = factHits.map((h) => {
      const t = st.triple[h.id]!;
      const s = st.tSubject[t]!;
      const obj = st.tObject[t]!;
      const via = obj >= 0 && actOf(obj) > actOf(s) ? obj : s;
      const fact = readFact(mem, h.id) as RecalledFact;
      fact.score = h.score;
      fact.path = this.expansion.pathTo(via);
      return fact;
    });

    // ---- entities ----
    const entityTop = this.top;
    entityTop.reset(o.k);
    for (const u of active) if (en.resolveAt(u, k) === u && actOf(u) > 0) entityTop.push(actOf(u), u);
    const entities = entityTop.drain().map((h) => ({ id: h.id, name: en.displayName(h.id), score: h.score }));

    // ---- episodes: seeds, lifted by the facts that cite them ----
    // An episode is lifted by its best citing fact, not their sum: a turn that yielded many facts is not
    // more relevant for it.
    const lifted = new Map<number, number>();
    const topFact = factHits[0]?.score ?? 1;
    const lift = (index: number, by: number): void => {
      if (index === NONE || !episodeOk(index)) return;
      if (by > (lifted.get(index) ?? 0)) lifted.set(index, by);
    };
    const evidenceOf: string[][] = [];
    for (let i = 0; i < factHits.length; i++) {
      const r = factHits[i]!.id;
      const by = (w.evidence * factHits[i]!.score) / topFact;
      const cited: string[] = [];
      const own = st.episodeOf(r);
      if (own !== NONE) {
        lift(own, by);
        cited.push(ep.ids[own]!);
      }
      for (const e of st.evidenceIds(st.evidenceHeadOf(r))) {
        const id = mem.strings.get(e);
        const index = ep.find(id);
        if (index !== NONE && index !== own) lift(index, by);
        if (index !== own) cited.push(id);
      }
      evidenceOf.push(cited);
    }
    // lexical ranking (BM25, feedback, sessions, time), then the vector and fact evidence on top
    // the question's time-frame words ("how many days passed", "two weeks ago") weighed down: the events are searched
    // the question's relative dates, read once for its time frame and its time windows
    const dates = Number.isFinite(v) && (o.timeWordWeight < 1 || o.temporal) ? resolveRelativeDates(query, v) : undefined;
    const framed = o.timeWordWeight < 1 ? questionTime(query, v, dates) : undefined;
    const queryTerms = framed === undefined ? new Map(terms.map((t) => [t, 1] as [string, number])) : questionTerms(framed, o.timeWordWeight);
    const names = { text: this.entityText, entityOf: this.entityDoc, docsOf: this.entityDocs };
    expandNames(names, nameHits.map((h) => h.id), queryTerms, o.aliasWeight);
    const named = o.speakerLift > 0 ? this.speakerNames.namedIn(terms) : NONE;
    const speakerLift = 1 + o.speakerLift;
    const asker = o.askerLift > 0 ? this.askedAbout(query) : NONE;
    const source = {
      index: this.episodeText,
      sessions: this.sessions,
      count: ep.count,
      at: ep.at,
      speaker: ep.speaker,
      dated: (i: number) => this.dated.has(i),
      ...(named === NONE ? {} : { lift: (i: number) => (ep.speaker[i] === named ? speakerLift : 1) }),
      ...(asker === NONE ? {} : { asker: (i: number) => ep.speaker[i] === asker }),
    };
    const time = o.temporal ? temporalIntent(query, v, dates) : undefined;
    const dense = o.denseWeight > 0 ? new Map(episodeVectorHits.map((h) => [h.id, h.score] as [number, number])) : undefined;
    // an episode's score is summed by index in reused scratch (parts, vectors and facts add to it)
    const sums = this.episodeSums;
    const sumEpoch = sums.begin(ep.count);
    this.ranker.rank(source, queryTerms, episodeOk, time, o, sums, dense);
    // a question naming two events: each part ranked on its own, its best episodes lifted (both ends found)
    if (o.partWeight > 0) {
      for (const part of queryParts(framed?.content ?? query)) {
        const partTerms = new Map<string, number>();
        for (const t of tokenize(part)) partTerms.set(t, 1);
        const partSums = this.partSums;
        partSums.begin(ep.count);
        this.ranker.rank(source, partTerms, episodeOk, time, o, partSums);
        const { values, touched, count } = partSums;
        let top = 0;
        for (let j = 0; j < count; j++) top = Math.max(top, values[touched[j]!]!);
        if (top > 0) for (let j = 0; j < count; j++) sums.add(touched[j]!, (o.partWeight * values[touched[j]!]!) / top);
      }
    }
    const add = (i: number, by: number): void => {
      if (by > 0) sums.add(i, by);
    };
    for (const h of episodeVectorHits) add(h.id, o.vectorWeight * h.score);
    lifted.forEach((by, index) => add(index, by));
    const episodeTop = this.top;
    episodeTop.reset(o.k);
    for (let j = 0; j < sums.count; j++) episodeTop.push(sums.values[sums.touched[j]!]!, sums.touched[j]!);
    const ranked = episodeTop.drain();
    // k episodes come back when that many are visible: the rest by recency (score 0), latest first
    if (ranked.length < o.k) {
      for (let i = ep.count - 1; i >= 0 && ranked.length < o.k; i--) if (episodeOk(i) && sums.stamp[i] !== sumEpoch) ranked.push({ id: i, score: 0 });
    }
    const episodes = ranked.map((h) => ({ id: ep.ids[h.id]!, text: ep.texts[h.id]!, at: ep.at[h.id]!, score: h.score }));

    // ---- pack ----
    const packFacts: PackFact[] = facts.map((f, i) => ({ text: factLine(f), score: f.score, evidence: evidenceOf[i]! }));
    const packEpisodes: PackEpisode[] = episodes;
    const packed = packContext({ facts: packFacts, episodes: packEpisodes, tokenBudget: o.tokenBudget });
    return { facts, entities, episodes, text: packed.text, tokens: packed.tokens };
  }
}

/** One line per fact for the packed context: "Alex works on ProjectX (2024-01-05 – now)". */
function factLine(f: Fact): string {
  const object = 'value' in f.object ? String(f.object.value) : f.object.name;
  const day = (ms: number): string => isoMinute(ms)?.slice(0, 10) ?? String(ms);
  const from = Number.isFinite(f.validFrom) ? day(f.validFrom) : '';
  const to = Number.isFinite(f.validTo) ? day(f.validTo) : '';
  const when = from === '' && to === '' ? '' : ` (${from || '…'} – ${to || 'now'})`;
  return `${f.subject.name} ${f.predicate.replace(/_/g, ' ')} ${object}${when}`;
}
