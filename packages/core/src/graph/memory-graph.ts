import { checkName } from '../util/names.js';
import { InvalidArgumentError } from '../errors.js';
import { FactStore } from '../store/fact-store.js';
import { StringDictionary } from '../store/strings.js';
import type {
  AssertInput,
  AssertResult,
  Changes,
  ChangesQuery,
  Cut,
  Entity,
  EntityInput,
  EntityRef,
  Episode,
  EpisodeInput,
  Fact,
  FactQuery,
  HistoryQuery,
  LiteralValue,
  MemoryGraphOptions,
  MergeInput,
  Neighbor,
  NeighborQuery,
  PredicateOptions,
  RetractInput,
  RetractResult,
  TimeInput,
} from '../types.js';
import { checkConfidence, checkPredicateName, guarded, plainZero, readError, readInput, readOptions, readRecord, RECALL_SHAPE, SHAPES, show } from './validate.js';
import { RECALL_DEFAULTS } from './recall-engine.js';
import { EntityTable } from './entities.js';
import { EpisodeTable } from './episodes.js';
import { checkLineSize } from './log-size.js';
import { LogBuffer } from './log.js';
import type { StoredConfig } from './config-check.js';
import type { MemoryState } from '../state.js';
import type { InitOp, Operation } from './log.js';
// ---- recall, upkeep and graph interop (issue 4) ----
import { RecallEngine } from './recall-engine.js';
import type { RecallOptions, RecallResult } from './recall-engine.js';
import { consolidateMemory } from './consolidate.js';
import type { ConsolidateOptions, ConsolidateResult } from './consolidate.js';
import { buildGraphology } from './graphology.js';
import type { GraphologyOptions, MemoryGraphology } from './graphology.js';
import type { Embedder } from '../recall/embedder.js';
import { checkEmbedderShape, configOf, MissingEmbedder, RESTORED_EMBEDDER } from './embedder-config.js';
import type { EmbedderConfig } from './embedder-config.js';
import { recallAsync } from './recall-async.js';
// ---- the jobs this facade hands each call to ----
import { checkPredicateOptions, DEFAULTS } from './predicates.js';
import type { PredicateConfig, PredicateUse } from './predicates.js';
import { MemoryView } from './memory-view.js';
import { readFactColumns } from './fact-columns.js';
import type { FactColumns } from './fact-columns.js';
import { cutOf, factRows, readChanges, readEntity, readEpisode, readFact, readFactIds, readFacts, readHistory, readNeighbors } from './reads.js';
import { checkEpisodeId, checkVector } from './resolve.js';
import { applyTail, replayLog } from './replay.js';
import type { LoadOptions } from './replay.js';
import { exportMemoryState, memoryFromState } from './state-io.js';
import {
  setArchived,
  stamp,
  writeAssert,
  writeDefinePredicate,
  writeEntity,
  writeEpisode,
  writeMerge,
  writeRetract,
  writeSalience,
  writeTouch,
} from './write-calls.js';

export { DEFAULTS, MAX_PREDICATES } from './predicates.js';
export { MemoryView } from './memory-view.js';

/**
 * A bi-temporal knowledge graph held in memory. See shared/design/SEMANTICS.md for the meaning of every
 * read. This class holds the memory's tables and is the public face of each call; the work is done in
 * one file per job: write-calls.ts (check, log, apply), write-apply.ts (column changes), resolve.ts
 * (names to ids), reads.ts, state-io.ts (exportState/fromState), replay.ts, memory-view.ts.
 */
export class MemoryGraph {
  /** @internal */ readonly store = new FactStore();
  /** @internal */ readonly strings = new StringDictionary();
  /** @internal */ readonly predicateNames = new StringDictionary();
  /** @internal */ readonly entities: EntityTable;
  /** @internal */ readonly episodes: EpisodeTable;
  /** @internal */ readonly literals: LiteralValue[] = [];
  /** @internal */ readonly provenance = { source: [] as number[], reason: [] as number[], edgeType: [] as number[] };
  /** @internal */ readonly logBuffer = new LogBuffer();
  /** @internal */ lastRecordedAt = -Infinity;

  readonly dimensions: number;
  readonly minConfidence: number;
  /** Who "I" is in an ingested turn without a speaker. */
  readonly defaultSpeaker: string;
  /** The embedder this memory's vectors come from (logged in the init op); undefined: the built-in HashEmbedder. */
  readonly embedderConfig: EmbedderConfig | undefined;
  /** @internal */ readonly clock: () => number;
  /** @internal */ readonly predicateConfig = new Map<string, PredicateConfig>();
  /**
   * @internal Each predicate name an accepted assertion used, checked, with its id and configuration: the
   * assertion's hot path finds all three with one lookup (write-calls.ts). A re-declared name is dropped.
   */
  readonly predicateUse = new Map<string, PredicateUse>();
  /** @internal */ readonly literalIds = new Map<string, number>();
  /** @internal The number literals of `literalIds` keyed by the number itself (no key string per lookup; -0 is 0 to a Map). */
  readonly numberLiteralIds = new Map<number, number>();
  /** @internal */ readonly provenanceIds = new Map<string, number>();
  /** @internal Entities merged into each entity (for `history`). */
  readonly mergedFrom = new Map<number, number[]>();
  /** Embeds texts for recall (issue 4); undefined: the recall engine's HashEmbedder. */
  private readonly embedder: Embedder | undefined;
  /** @internal Set while a composite call runs user code (an extractor): writes from it are refused. */
  writesHeldBy: string | undefined;

  constructor(raw: MemoryGraphOptions = {}) {
    const call = 'new MemoryGraph';
    const options = readOptions<MemoryGraphOptions>(call, raw, SHAPES.options);
    if (options.now !== undefined && typeof options.now !== 'function') {
      throw new InvalidArgumentError(`${call}: now must be a function returning milliseconds`);
    }
    this.clock = options.now ?? (() => Date.now());
    this.minConfidence = checkConfidence(options.minConfidence ?? DEFAULTS.minConfidence, call, 'minConfidence');
    this.defaultSpeaker = options.defaultSpeaker ?? 'user';
    if (typeof this.defaultSpeaker !== 'string' || this.defaultSpeaker.trim() === '') throw new InvalidArgumentError(`${call}: defaultSpeaker must be a non-empty name`);
    checkName(this.defaultSpeaker.trim(), call, 'defaultSpeaker');
    this.defaultSpeaker = this.defaultSpeaker.trim();
    if (options.embedder !== undefined) checkEmbedderShape(options.embedder, call);
    // A model's vectors are kept with the episodes and entities they belong to (ingest stores them).
    const dims = options.dimensions ?? options.embedder?.dimensions ?? 0;
    if (!Number.isInteger(dims) || dims < 0 || dims > 65536) {
      throw new InvalidArgumentError(`${call}: dimensions (${dims}) must be a whole number from 1 to 65536`);
    }
    if (options.embedder !== undefined && dims > 0 && options.embedder.dimensions !== dims) {
      throw new InvalidArgumentError(`${call}: the embedder makes ${options.embedder.dimensions}-dimensional vectors; this memory uses ${dims}`);
    }
    this.dimensions = dims;
    // Loads pass the stored embedder configuration under a symbol (no caller's JSON can carry one); the shape
    // read above keeps only string keys, so it is taken from the raw argument.
    const internal = raw as MemoryGraphOptions & { [RESTORED_EMBEDDER]?: EmbedderConfig };
    this.embedderConfig = RESTORED_EMBEDDER in internal ? internal[RESTORED_EMBEDDER] : configOf(options.embedder, dims);
    this.embedder = options.embedder ?? (this.embedderConfig === undefined ? undefined : new MissingEmbedder(this.embedderConfig));
    this.entities = new EntityTable(this.strings, dims);
    this.episodes = new EpisodeTable(this.strings, dims);
    // The log keeps accepted assertions and retractions as records of these tables' ids (log-records.ts).
    this.logBuffer.tables = this;
    // Prototype-less: a predicate named "__proto__" is an ordinary key, logged and replayed as one.
    const predicates = Object.create(null) as InitOp['predicates'];
    const given = options.predicates === undefined ? new Map<string, unknown>() : readRecord(call, options.predicates, 'predicates');
    for (const [name, opts] of given) {
      checkPredicateName(name, call);
      const config = checkPredicateOptions(opts, call, name);
      this.predicateConfig.set(name, config);
      predicates[name] = { cardinality: config.cardinality, ...(config.minConfidence === undefined ? {} : { minConfidence: config.minConfidence }) };
    }
    const init: InitOp = { type: 'init', version: 1, minConfidence: this.minConfidence, dimensions: dims, predicates };
    if (this.embedderConfig !== undefined) init.embedder = { ...this.embedderConfig };
    // The init line holds every predicate's name and options (at most 64 units each beside the name).
    checkLineSize(call, this.logBuffer.maxLineUnits, [Object.keys(predicates), this.embedderConfig?.id], given.size * 64);
    this.logBuffer.append(init);
  }

  // ================================================================================================
  // Writes (write-calls.ts)
  // ================================================================================================

  /** Creates an entity, or returns the existing one of that name (adding any new aliases). */
  entity(raw: EntityInput): Entity {
    return writeEntity(this, raw);
  }

  /** Merges `from` into `into`: from then on (in record time) both are one entity. */
  merge(raw: MergeInput): Entity {
    return writeMerge(this, raw);
  }

  /** Declares or re-declares a predicate; its cardinality cannot change once it has facts. */
  definePredicate(name: string, options: PredicateOptions, recordedAt?: TimeInput): void {
    writeDefinePredicate(this, name, options, recordedAt);
  }

  /** Asserts that subject —predicate→ object holds over [validFrom, validTo). See SEMANTICS.md. */
  assert(raw: AssertInput): AssertResult {
    // Recall indexes the entities an assert makes now (with the built-in embedder: no model call per assert),
    // its fact at the next episode or recall, where a fact costs two pushes and a sum (recall/bm25-facts.ts).
    // So a memory written by asserts alone has no first-recall cliff (issue 9) and an assert naming known
    // entities pays nothing here.
    const entities = this.entities.count;
    const out = writeAssert(this, raw);
    if (this.entities.count !== entities && this.embedder === undefined) this.recallIndex().indexNewEntities();
    return out;
  }

  /** Stops believing subject —predicate→ object (every object when omitted) over [validFrom, validTo). */
  retract(raw: RetractInput): RetractResult {
    return writeRetract(this, raw);
  }

  /** Records an episode: raw evidence (a turn, a session, a document) at its time `at`. */
  episode(raw: EpisodeInput): Episode {
    return writeEpisode(this, raw);
  }

  /** Marks versions as cold: they still answer every bi-temporal read; recall skips them. */
  archive(ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    setArchived(this, 'archive', ids, options);
  }

  unarchive(ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    setArchived(this, 'unarchive', ids, options);
  }

  /** Records that versions were retrieved (use count and last use drive salience). */
  touch(ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    writeTouch(this, ids, options);
  }

  /** Sets salience values in [0, 1] (used by consolidation); a logged operation. */
  setSalience(ids: readonly number[], values: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    writeSalience(this, ids, values, options);
  }

  /** @internal An episode id that may be added: a non-empty stored string the memory does not have yet. */
  checkEpisodeId(id: unknown, call: string): string {
    return checkEpisodeId(this, id, call);
  }

  /** @internal A vector as stored (float32): one that overflows float32 or holds NaN is refused; -0 is stored as 0. */
  checkVector(vector: ArrayLike<number>, call: string): Float32Array {
    return checkVector(this, vector, call);
  }

  // ================================================================================================
  // Reads (reads.ts)
  // ================================================================================================

  /** The memory's clock. */
  now(): number {
    return this.clockAt('MemoryGraph.now');
  }

  /** @internal The clock, read for a call: what it throws or a value that is not whole milliseconds is named. */
  clockAt(call: string): number {
    // guarded()'s rule without its closure (this runs once per write).
    let at: unknown;
    try {
      at = this.clock();
    } catch (error) {
      throw readError(call, 'the clock (options.now)', error);
    }
    if (typeof at !== 'number' || !Number.isInteger(at)) {
      throw new InvalidArgumentError(`${call}: the clock returned ${show(at)}, not whole milliseconds`);
    }
    return plainZero(at);
  }

  /** The facts believed at `knownAt` to hold at `validAt` (both default to now). */
  facts(raw: FactQuery = {}): Fact[] {
    return readFacts(this, raw);
  }

  /** Ids of the versions `facts(query)` would return, in the same order, without making objects (read one with `fact(id)`). */
  factIds(raw: FactQuery = {}): number[] {
    return readFactIds(this, raw);
  }

  /** The versions `facts(query)` would return, as columns (one typed array per field, no object per version). */
  factColumns(raw: FactQuery = {}): FactColumns {
    return readFactColumns(this, raw);
  }

  /** @internal Row ids matching a fact query at (v, k), ascending. */
  factRows(query: FactQuery, v: number, k: number, call: string): number[] {
    return factRows(this, query, v, k, call);
  }

  /** Every version ever written for the pattern, closed ones included, oldest first. */
  history(raw: HistoryQuery): Fact[] {
    return readHistory(this, raw);
  }

  /**
   * What changed between two times. Record axis: versions the memory started believing (added) and
   * stopped believing (removed) between `since` (exclusive) and `until` (inclusive). Valid axis, as
   * believed at `knownAt`: versions whose validity started (added) or ended (removed) in (since, until].
   */
  changes(raw: ChangesQuery): Changes {
    return readChanges(this, raw);
  }

  /** One hop out from an entity, over the facts visible at the cut. */
  neighbors(ref: EntityRef, raw: NeighborQuery = {}): Neighbor[] {
    return readNeighbors(this, ref, raw);
  }

  // ---- recall, upkeep and graph interop (issue 4: graph/recall-engine.ts, consolidate.ts, graphology.ts) ----
  /** Created at the first recall; it indexes lazily what was written since the previous recall. */
  private recallEngine: RecallEngine | undefined;

  /**
   * Recall's indexes follow the writes (issue 9: no first-recall cliff). A write has succeeded whatever
   * recall's embedder does: an embedder that fails here is reported by the next recall, which retries.
   */
  /** @internal */
  indexForRecall(): void {
    try {
      this.recallIndex().catchUp();
    } catch {
      // reported by recall()
    }
  }

  /**
   * The facts, entities and episodes that answer a query at a cut, and a packed context within a token
   * budget (see RecallOptions). A read: it writes nothing unless `track: true`, which logs a `touch`.
   */
  recall(query: string, options: RecallOptions = {}): RecallResult {
    const call = 'MemoryGraph.recall';
    // Here the arguments are read (each field once, unknown names refused); recall/options.ts checks their values.
    const plain = readInput<RecallOptions>(call, options, RECALL_SHAPE, 'options');
    if (typeof query !== 'string') throw new InvalidArgumentError(`${call}: query must be a string`);
    // Weights by name: only the known names (a "toString" or "__proto__" key is refused, not inherited).
    if (plain.weights !== undefined) plain.weights = readInput(call, plain.weights, WEIGHT_SHAPE, 'weights', true, 'a weight');
    if (plain.edgeTypeWeights !== undefined) plain.edgeTypeWeights = readInput(call, plain.edgeTypeWeights, EDGE_WEIGHT_SHAPE, 'edgeTypeWeights', true, 'an edge type');
    if (plain.validAt === undefined || plain.knownAt === undefined) {
      const now = this.clockAt(call);
      plain.validAt ??= now;
      plain.knownAt ??= now;
    }
    // track: the stamp is checked before the read, so the logged touch cannot be refused after it.
    const trackedAt = plain.track === true ? stamp(this, undefined, call) : undefined;
    if (trackedAt !== undefined) plain.track = false;
    const result = this.recallIndex().recall(query, plain);
    if (trackedAt !== undefined && result.facts.length > 0) this.touch(result.facts.map((f) => f.id), { recordedAt: trackedAt });
    return result;
  }

  /**
   * `recall` for a memory whose embedder answers with a promise: embeds the query (unless `options.vector`
   * is given) and whatever recall has not embedded yet, in batches, then recalls synchronously.
   */
  recallAsync(query: string, options: RecallOptions = {}): Promise<RecallResult> {
    return recallAsync(this, query, options);
  }

  /** @internal The recall engine (created at the first recall). */
  recallIndex(): RecallEngine {
    return (this.recallEngine ??= new RecallEngine(this, this.embedder));
  }

  /** @internal The confidence below which an assertion of `predicate` is rejected. */
  gateOf(predicate: string): number {
    return this.predicateConfig.get(predicate)?.minConfidence ?? this.minConfidence;
  }

  /** The memory at a cut as a graphology multi directed graph (entities, literals, facts as edges). */
  toGraphology(raw: Cut & GraphologyOptions = {}): MemoryGraphology {
    const call = 'MemoryGraph.toGraphology';
    const cut = readInput<Cut & GraphologyOptions>(call, raw, SHAPES.graphology);
    const { v, k } = cutOf(this, cut, call);
    return buildGraphology(this, v, k, cut, call);
  }

  /** Salience decay and archiving of cold versions, through logged operations; never touches the clocks. */
  consolidate(options: ConsolidateOptions = {}): ConsolidateResult {
    const call = 'MemoryGraph.consolidate';
    const plain = readInput<ConsolidateOptions>(call, options, SHAPES.consolidate, 'options');
    // The clock is read once, and the stamp checked here, so both logged operations apply or neither.
    return consolidateMemory(this, plain, stamp(this, undefined, call));
  }
  // ---- end of issue 4 block ----

  /** A read-only view at a fixed cut. */
  at(raw: Cut = {}): MemoryView {
    const call = 'MemoryGraph.at';
    const cut = readInput<Cut>(call, raw, SHAPES.cut);
    const { v, k } = cutOf(this, cut, call);
    return new MemoryView(this, v, k);
  }

  /** One version by id. */
  fact(id: number): Fact {
    return readFact(this, id);
  }

  /** An entity by name, alias or id, as known at `knownAt` (default now); undefined when unknown. */
  getEntity(raw: EntityRef, given: { knownAt?: TimeInput } = {}): Entity | undefined {
    return readEntity(this, raw, given);
  }

  getEpisode(id: string): Episode | undefined {
    return readEpisode(this, id);
  }

  /** Counts, for reports. */
  get size(): { versions: number; triples: number; entities: number; episodes: number; operations: number } {
    return {
      versions: this.store.rowCount,
      triples: this.store.tripleCount,
      entities: this.entities.count,
      episodes: this.episodes.count,
      operations: this.logBuffer.length,
    };
  }

  /** @internal The configuration a snapshot or log of this memory stores (for checkLoadConfig). */
  storedConfig(): StoredConfig {
    return { minConfidence: this.minConfidence, dimensions: this.dimensions, predicates: this.predicateConfig };
  }

  /**
   * The operation log, oldest first (a fresh array of plain JSON-serialisable objects). `from` skips the
   * first operations: `log(n)` is what was logged after the first n (for appending new ones to a file).
   */
  log(from = 0): Operation[] {
    if (!Number.isInteger(from) || from < 0) throw new InvalidArgumentError(`MemoryGraph.log: from (${String(from)}) must be a whole number ≥ 0`);
    return this.logBuffer.toArray(from);
  }

  /**
   * The operations after the first `from`, oldest first, decoded one at a time as the iterator is read
   * (no array of the whole tail): what an appender follows. Operations logged while it is read are
   * included; `size.operations` says how many there are.
   */
  opsSince(from = 0): IterableIterator<Operation> {
    if (!Number.isInteger(from) || from < 0) throw new InvalidArgumentError(`MemoryGraph.opsSince: from (${String(from)}) must be a whole number ≥ 0`);
    return this.logBuffer.iterate(from);
  }

  /**
   * Rebuilds a memory from a log. `options.now` sets the new memory's clock; the configuration comes from
   * the log, and a `predicates`/`minConfidence`/`dimensions` option that disagrees with it is refused
   * (ConfigMismatchError naming the key).
   */
  static replay(ops: readonly Operation[], given: LoadOptions = {}): MemoryGraph {
    return replayLog(ops, given, (options) => new MemoryGraph(options));
  }

  /**
   * Applies logged operations that follow this memory's own log (a log's tail after a snapshot), so a
   * snapshot plus its tail loads without replaying the snapshot's history. Shapes are checked first; an
   * operation that fails is named by index and those before it stay applied: apply a tail to a memory you
   * can discard (a freshly loaded snapshot), as a failed load.
   */
  applyOps(ops: readonly Operation[]): void {
    applyTail(this, ops);
  }

  /**
   * The whole memory as named arrays (see state.ts): what a snapshot file stores. The arrays are copies
   * trimmed to their used length; derived indexes are not included (they are rebuilt linearly on load).
   */
  exportState(): MemoryState {
    return exportMemoryState(this);
  }

  /**
   * A memory from `exportState()` output. Every length and cross-reference is checked first; what does not
   * fit throws CorruptSnapshotError, another format version SnapshotVersionError.
   */
  static fromState(state: MemoryState, given: LoadOptions = {}): MemoryGraph {
    return memoryFromState(state, given, (options) => new MemoryGraph(options));
  }
}

/** The shape of a weights option: exactly the names its defaults have. */
function weightShape(defaults: object): Record<string, 'any'> {
  const shape = Object.create(null) as Record<string, 'any'>;
  for (const key of Object.keys(defaults)) shape[key] = 'any';
  return shape;
}
const WEIGHT_SHAPE = weightShape(RECALL_DEFAULTS.weights);
const EDGE_WEIGHT_SHAPE = weightShape(RECALL_DEFAULTS.edgeTypeWeights);

