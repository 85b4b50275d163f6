import { InvalidArgumentError } from '../errors.js';
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
  MemoryGraphOptions,
  MergeInput,
  Neighbor,
  NeighborQuery,
  PredicateOptions,
  RetractInput,
  RetractResult,
  TimeInput,
} from '../types.js';
import { readInput, SHAPES } from './validate.js';
import type { MemoryState } from '../state.js';
import type { Operation } from '../log/log.js';
import type { RecallOptions, RecallResult } from './recall-engine.js';
import { consolidateMemory } from './consolidate.js';
import type { ConsolidateOptions, ConsolidateResult } from './consolidate.js';
import { buildGraphology } from './graphology.js';
import type { GraphologyOptions, MemoryGraphology } from './graphology.js';
import type { EmbedderConfig } from '../recall/embedder-config.js';
import { recallAsync } from '../recall/recall-async.js';
// ---- the jobs this facade hands each call to ----
import { MemoryTables, registerTables, tablesOf } from './tables.js';
// ---- forgetting (../forget/*) ----
import { planForget } from '../forget/forget.js';
import type { ForgetPlan, ForgetResult } from '../forget/forget.js';
import type { ForgetOptions, ForgetScope } from '../forget/scope.js';
import { readTombstones } from '../forget/tombstone.js';
import type { Tombstone } from '../forget/tombstone.js';
import { MemoryView } from './memory-view.js';
import { readFactColumns } from './fact-columns.js';
import type { FactColumns } from './fact-columns.js';
import { cutOf, readChanges, readEntity, readEpisode, readFact, readFactIds, readFacts, readHistory, readNeighbors } from './reads.js';
import { readAndRecall } from './recall-call.js';
import { applyTail, replayLog } from '../log/replay.js';
import type { LoadOptions } from '../log/replay.js';
import { exportMemoryState, memoryFromState } from '../snapshot/state-io.js';
import {
  assertFact,
  setArchived,
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

/** The tables behind a plan's memory (a MemoryGraph made by planForget). */
function tablesOfPlan(plan: ForgetPlan): MemoryTables {
  const tables = plan?.memory instanceof MemoryGraph ? tablesOf(plan.memory) : undefined;
  if (tables === undefined) throw new InvalidArgumentError('MemoryGraph.adoptForget: plan must come from planForget');
  return tables;
}

/** Tables a load built, handed to the constructor by `memoryOver` (set only for that one call). */
let adopted: MemoryTables | undefined;

/** The public face of tables a load or a rebuild built (not exported from the package's entry). */
export function memoryOver(t: MemoryTables): MemoryGraph {
  adopted = t;
  return new MemoryGraph();
}

/**
 * A bi-temporal knowledge graph held in memory. See shared/design/SEMANTICS.md for the meaning of every
 * read. This class is only the public face of each call: the memory's state is a MemoryTables (tables.ts)
 * in a private field, and the work is done in one file per job: write-calls.ts (check, log, apply),
 * write-apply.ts (column changes), resolve.ts (names to ids), reads.ts, recall-call.ts,
 * ../snapshot/state-io.ts (exportState/fromState), ../log/replay.ts, memory-view.ts.
 */
export class MemoryGraph {
  /** Not readonly: a forget replaces the tables with ones rebuilt from the rewritten log (adoptForget). */
  #t: MemoryTables;
  readonly dimensions: number;
  readonly minConfidence: number;
  /** Who "I" is in an ingested turn without a speaker (`defaultSpeaker` option, 'user' unless set). */
  readonly defaultSpeaker: string;
  /** The embedder this memory's vectors come from (logged in the init op); undefined: the built-in HashEmbedder. */
  readonly embedderConfig: EmbedderConfig | undefined;

  constructor(raw: MemoryGraphOptions = {}) {
    const t = adopted ?? new MemoryTables(raw);
    adopted = undefined;
    this.#t = t;
    this.dimensions = t.dimensions;
    this.minConfidence = t.minConfidence;
    this.defaultSpeaker = t.defaultSpeaker;
    this.embedderConfig = t.embedderConfig;
    registerTables(this, t);
  }

  // ================================================================================================
  // Writes (write-calls.ts)
  // ================================================================================================

  /**
   * Forgets what `scope` names — one episode, one entity (with its names), every fact of one source, or one
   * fact (every version of its triple) — and what was derived only from it: its content leaves every read at
   * every cut, recall and the log, which is rewritten (the past changes, and a tombstone says so: time, scope
   * kind, reason, counts). Fact and entity ids after forgotten ones may change. See docs/FORGETTING.md.
   */
  forget(scope: ForgetScope, options: ForgetOptions = {}): ForgetResult {
    const plan = planForget(this.#t, scope, options);
    this.#take(plan.tables);
    return { tombstone: plan.tombstone, counts: plan.counts };
  }

  /**
   * A forget worked out without changing this memory: `plan.memory` is the memory after it, for a store
   * to save before readers see it; `adoptForget(plan)` then takes it on. Refuses bad input as `forget` does.
   */
  planForget(scope: ForgetScope, options: ForgetOptions = {}): ForgetPlan {
    const plan = planForget(this.#t, scope, options);
    return { memory: memoryOver(plan.tables), tombstone: plan.tombstone, counts: plan.counts, basedOn: plan.basedOn };
  }

  /** Takes on a `planForget` plan of this memory; refused if the memory logged anything since it was made. */
  adoptForget(plan: ForgetPlan): void {
    const tables = tablesOfPlan(plan);
    if (plan.basedOn !== this.#t.logBuffer.length) {
      throw new InvalidArgumentError(`MemoryGraph.adoptForget: the memory logged ${this.#t.logBuffer.length - plan.basedOn} operation(s) since the plan was made; plan again`);
    }
    this.#take(tables);
  }

  /** Every forget's tombstone, oldest first. */
  tombstones(): Tombstone[] {
    return readTombstones(this.#t);
  }

  /** Fronts `tables` from now on (recall's indexes are rebuilt from them by the next recall). */
  #take(tables: MemoryTables): void {
    this.#t = tables;
    registerTables(this, tables);
  }

  /** Creates an entity, or returns the existing one of that name (adding any new aliases). */
  entity(raw: EntityInput): Entity {
    return writeEntity(this.#t, raw);
  }

  /** Merges `from` into `into`: from then on (in record time) both are one entity. */
  merge(raw: MergeInput): Entity {
    return writeMerge(this.#t, raw);
  }

  /** Declares or re-declares a predicate; its cardinality cannot change once it has facts. */
  definePredicate(name: string, options: PredicateOptions, recordedAt?: TimeInput): void {
    writeDefinePredicate(this.#t, name, options, recordedAt);
  }

  /** Asserts that subject —predicate→ object holds over [validFrom, validTo). See SEMANTICS.md. */
  assert(raw: AssertInput): AssertResult {
    return assertFact(this.#t, raw);
  }

  /** Stops believing subject —predicate→ object (every object when omitted) over [validFrom, validTo). */
  retract(raw: RetractInput): RetractResult {
    return writeRetract(this.#t, raw);
  }

  /** Records an episode: raw evidence (a turn, a session, a document) at its time `at`. */
  episode(raw: EpisodeInput): Episode {
    return writeEpisode(this.#t, raw);
  }

  /** Marks versions as cold: they still answer every bi-temporal read; recall skips them. */
  archive(ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    setArchived(this.#t, 'archive', ids, options);
  }

  unarchive(ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    setArchived(this.#t, 'unarchive', ids, options);
  }

  /** Records that versions were retrieved (use count and last use drive salience). */
  touch(ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    writeTouch(this.#t, ids, options);
  }

  /** Sets salience values in [0, 1] (used by consolidation); a logged operation. */
  setSalience(ids: readonly number[], values: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    writeSalience(this.#t, ids, values, options);
  }

  // ================================================================================================
  // Reads (reads.ts)
  // ================================================================================================

  /** The memory's clock. */
  now(): number {
    return this.#t.clockAt('MemoryGraph.now');
  }

  /** The facts believed at `knownAt` to hold at `validAt` (both default to now). */
  facts(raw: FactQuery = {}): Fact[] {
    return readFacts(this.#t, raw);
  }

  /** Ids of the versions `facts(query)` would return, in the same order, without making objects (read one with `fact(id)`). */
  factIds(raw: FactQuery = {}): number[] {
    return readFactIds(this.#t, raw);
  }

  /** The versions `facts(query)` would return, as columns (one typed array per field, no object per version). */
  factColumns(raw: FactQuery = {}): FactColumns {
    return readFactColumns(this.#t, raw);
  }

  /** Every version ever written for the pattern, closed ones included, oldest first. */
  history(raw: HistoryQuery): Fact[] {
    return readHistory(this.#t, raw);
  }

  /**
   * What changed between two times. Record axis: versions the memory started believing (added) and
   * stopped believing (removed) between `since` (exclusive) and `until` (inclusive). Valid axis, as
   * believed at `knownAt`: versions whose validity started (added) or ended (removed) in (since, until].
   */
  changes(raw: ChangesQuery): Changes {
    return readChanges(this.#t, raw);
  }

  /** One hop out from an entity, over the facts visible at the cut. */
  neighbors(ref: EntityRef, raw: NeighborQuery = {}): Neighbor[] {
    return readNeighbors(this.#t, ref, raw);
  }

  // ---- recall, upkeep and graph interop (recall-call.ts, consolidate.ts, graphology.ts) ----
  /**
   * The facts, entities and episodes that answer a query at a cut, and a packed context within a token
   * budget (see RecallOptions). A read: it writes nothing unless `track: true`, which logs a `touch`.
   */
  recall(query: string, options: RecallOptions = {}): RecallResult {
    return readAndRecall(this.#t, query, options);
  }

  /**
   * @internal `recall` under another call's name; a view passes its cut, which the options may then not name
   * (the options are read once, in recall/read-options.ts).
   */
  recallWith(call: string, query: string, options: unknown, fixedCut?: { validAt: number; knownAt: number }): RecallResult {
    return readAndRecall(this.#t, query, options, call, fixedCut);
  }

  /**
   * `recall` for a memory whose embedder answers with a promise: embeds the query (unless `options.vector`
   * is given) and whatever recall has not embedded yet, in batches, then recalls synchronously.
   */
  recallAsync(query: string, options: RecallOptions = {}): Promise<RecallResult> {
    return recallAsync(this.#t, query, options);
  }

  /** The memory at a cut as a graphology multi directed graph (entities, literals, facts as edges). */
  toGraphology(raw: Cut & GraphologyOptions = {}): MemoryGraphology {
    const call = 'MemoryGraph.toGraphology';
    const cut = readInput<Cut & GraphologyOptions>(call, raw, SHAPES.graphology);
    const { v, k } = cutOf(this.#t, cut, call);
    return buildGraphology(this.#t, v, k, cut, call);
  }

  /** Salience decay and archiving of cold versions, through logged operations; never touches the clocks. */
  consolidate(options: ConsolidateOptions = {}): ConsolidateResult {
    const call = 'MemoryGraph.consolidate';
    const plain = readInput<ConsolidateOptions>(call, options, SHAPES.consolidate, 'options');
    // The clock is read once, and the stamp checked here, so both logged operations apply or neither.
    return consolidateMemory(this.#t, plain, this.#t.stamp(undefined, call));
  }

  /** A read-only view at a fixed cut. */
  at(raw: Cut = {}): MemoryView {
    const call = 'MemoryGraph.at';
    const cut = readInput<Cut>(call, raw, SHAPES.cut);
    const { v, k } = cutOf(this.#t, cut, call);
    return new MemoryView(this, v, k);
  }

  /** One version by id. */
  fact(id: number): Fact {
    return readFact(this.#t, id);
  }

  /** An entity by name, alias or id, as known at `knownAt` (default now); undefined when unknown. */
  getEntity(raw: EntityRef, given: { knownAt?: TimeInput } = {}): Entity | undefined {
    return readEntity(this.#t, raw, given);
  }

  getEpisode(id: string): Episode | undefined {
    return readEpisode(this.#t, id);
  }

  /** Counts, for reports. */
  get size(): { versions: number; triples: number; entities: number; episodes: number; operations: number } {
    return {
      versions: this.#t.store.rowCount,
      triples: this.#t.store.tripleCount,
      entities: this.#t.entities.count,
      episodes: this.#t.episodes.count,
      operations: this.#t.logBuffer.length,
    };
  }

  /**
   * The operation log, oldest first (a fresh array of plain JSON-serialisable objects). `from` skips the
   * first operations: `log(n)` is what was logged after the first n (for appending new ones to a file).
   */
  log(from = 0): Operation[] {
    if (!Number.isInteger(from) || from < 0) throw new InvalidArgumentError(`MemoryGraph.log: from (${String(from)}) must be a whole number ≥ 0`);
    return this.#t.logBuffer.toArray(from);
  }

  /**
   * The operations after the first `from`, oldest first, decoded one at a time as the iterator is read
   * (no array of the whole tail): what an appender follows. Operations logged while it is read are
   * included; `size.operations` says how many there are.
   */
  opsSince(from = 0): IterableIterator<Operation> {
    if (!Number.isInteger(from) || from < 0) throw new InvalidArgumentError(`MemoryGraph.opsSince: from (${String(from)}) must be a whole number ≥ 0`);
    return this.#t.logBuffer.iterate(from);
  }

  /**
   * Rebuilds a memory from a log. `options.now` sets the new memory's clock; the configuration comes from
   * the log, and a `predicates`/`minConfidence`/`dimensions` option that disagrees with it is refused
   * (ConfigMismatchError naming the key).
   */
  static replay(ops: readonly Operation[], given: LoadOptions = {}): MemoryGraph {
    return memoryOver(replayLog(ops, given));
  }

  /**
   * Applies logged operations that follow this memory's own log (a log's tail after a snapshot), so a
   * snapshot plus its tail loads without replaying the snapshot's history. Shapes are checked first; an
   * operation that fails is named by index and those before it stay applied: apply a tail to a memory you
   * can discard (a freshly loaded snapshot), as a failed load.
   */
  applyOps(ops: readonly Operation[]): void {
    applyTail(this.#t, ops);
  }

  /**
   * The whole memory as named arrays (see state.ts): what a snapshot file stores. The arrays are copies
   * trimmed to their used length; derived indexes are not included (they are rebuilt linearly on load).
   */
  exportState(): MemoryState {
    return exportMemoryState(this.#t);
  }

  /**
   * A memory from `exportState()` output. Every length and cross-reference is checked first; what does not
   * fit throws CorruptSnapshotError, another format version SnapshotVersionError.
   */
  static fromState(state: MemoryState, given: LoadOptions = {}): MemoryGraph {
    return memoryOver(memoryFromState(state, given));
  }
}
