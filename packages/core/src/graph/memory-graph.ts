import { CorruptSnapshotError, InvalidArgumentError, NotFoundError, PalimpsestError, SnapshotVersionError, TimeOrderError } from '../errors.js';
import { FactStore, literalCode, NONE } from '../store/fact-store.js';
import { StringDictionary } from '../store/strings.js';
import { ZoneQuery } from '../store/zone-index.js';
import { EDGE_TYPES } from '../types.js';
import type {
  AssertInput,
  AssertResult,
  Cardinality,
  Changes,
  ChangesQuery,
  Cut,
  EdgeType,
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
  ObjectRef,
  PredicateOptions,
  RetractInput,
  RetractResult,
  TimeInput,
} from '../types.js';
import { checkName, displayName } from '../util/names.js';
import {
  checkConfidence,
  checkEdgeType,
  checkLiteral,
  checkPredicateName,
  checkText,
  describeError,
  guarded,
  plainZero,
  readInput,
  readList,
  readOptions,
  readRecord,
  RECALL_SHAPE,
  SHAPES,
  show,
  withoutCut,
} from './validate.js';
import { RECALL_DEFAULTS } from './recall-engine.js';
import { checkOp, preview } from './replay-ops.js';
import { showTime, toMillis } from '../util/time.js';
import { vectorFromText, vectorToText } from '../util/vector-text.js';
import { EntityTable } from './entities.js';
import { EpisodeTable } from './episodes.js';
import { LogBuffer } from './log.js';
import { checkLoadConfig } from './config-check.js';
import type { LoadConfigOptions, StoredConfig } from './config-check.js';
import { checkState } from './state-check.js';
import type { CheckedState } from './state-check.js';
import { STATE_FORMAT_VERSION } from '../state.js';
import type { ColumnArray, MemoryState } from '../state.js';
import type { AssertOp, InitOp, ObjectSpec, Operation } from './log.js';
// ---- recall, upkeep and graph interop (issue 4) ----
import { RecallEngine } from './recall-engine.js';
import type { RecallOptions, RecallResult } from './recall-engine.js';
import { consolidateMemory } from './consolidate.js';
import type { ConsolidateOptions, ConsolidateResult } from './consolidate.js';
import { buildGraphology } from './graphology.js';
import type { GraphologyOptions, MemoryGraphology } from './graphology.js';
import type { Embedder } from '../recall/embedder.js';
import { checkEmbedderShape, configOf, MissingEmbedder, readEmbedderConfig, refuseMismatch, RESTORED_EMBEDDER } from './embedder-config.js';
import type { EmbedderConfig } from './embedder-config.js';
import { recallAsync } from './recall-async.js';

/** Defaults of `MemoryGraphOptions`. */
export const DEFAULTS = {
  minConfidence: 0,
  cardinality: 'many' as Cardinality,
  confidence: 1,
};

interface PredicateConfig {
  cardinality: Cardinality;
  /** undefined: the memory-wide gate applies. */
  minConfidence: number | undefined;
}

/** A subject or object resolved before any change is made: an existing id, or a name to create. */
type PendingEntity = { id: number } | { create: string; display: string };
type PendingObject = PendingEntity | { literal: LiteralValue };

export const MAX_PREDICATES = 4_194_304; // the live-triple key packs predicate ids into 22 bits

/**
 * A bi-temporal knowledge graph held in memory. See shared/design/SEMANTICS.md for the meaning of every
 * read; this class validates at the edge, appends to the log, and applies the change to the columns.
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
  /** The embedder this memory's vectors come from (logged in the init op); undefined: the built-in HashEmbedder. */
  readonly embedderConfig: EmbedderConfig | undefined;
  private readonly clock: () => number;
  private readonly predicateConfig = new Map<string, PredicateConfig>();
  private readonly literalIds = new Map<string, number>();
  private readonly provenanceIds = new Map<string, number>();
  /** Entities merged into each entity (for `history`). */
  private readonly mergedFrom = new Map<number, number[]>();
  /** Embeds texts for recall (issue 4); undefined: the recall engine's HashEmbedder. */
  private readonly embedder: Embedder | undefined;
  /** @internal Set while a composite call runs user code (an extractor): writes from it are refused. */
  writesHeldBy: string | undefined;
  /** Reused by applyAssert (no allocation per assertion for the common case). */
  private readonly scratchOwn: number[] = [];

  constructor(raw: MemoryGraphOptions = {}) {
    const call = 'new MemoryGraph';
    const options = readOptions<MemoryGraphOptions>(call, raw, SHAPES.options);
    if (options.now !== undefined && typeof options.now !== 'function') {
      throw new InvalidArgumentError(`${call}: now must be a function returning milliseconds`);
    }
    this.clock = options.now ?? (() => Date.now());
    this.minConfidence = checkConfidence(options.minConfidence ?? DEFAULTS.minConfidence, call, 'minConfidence');
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
    this.logBuffer.append(init);
  }

  // ================================================================================================
  // Writes
  // ================================================================================================

  /** Creates an entity, or returns the existing one of that name (adding any new aliases). */
  entity(raw: EntityInput): Entity {
    const call = 'MemoryGraph.entity';
    const input = readInput<EntityInput>(call, raw, SHAPES.entity);
    const canonical = checkName(input.name, call, 'name');
    const aliases = (input.aliases ?? []).map((a, i) => checkName(a, call, `aliases[${i}]`));
    const vector = input.vector === undefined ? undefined : this.checkVector(input.vector, call);
    const at = this.stamp(input.recordedAt, call);
    const existing = this.entities.lookup(canonical);
    const owner = existing === NONE ? NONE : this.entities.resolveAt(existing, Infinity);
    for (const alias of aliases) {
      const other = this.entities.lookup(alias);
      if (other !== NONE && this.entities.resolveAt(other, Infinity) !== owner) {
        throw new InvalidArgumentError(
          `${call}: alias "${alias}" already names entity #${other} ("${this.entities.displayName(other)}"); merge the entities instead`,
        );
      }
    }
    if (owner !== NONE) {
      const fresh = [...new Set(aliases.filter((a) => this.entities.lookup(a) === NONE))];
      if (fresh.length > 0) {
        for (const a of fresh) this.entities.addAlias(owner, a);
        this.commit({ type: 'alias', recordedAt: at, entity: owner, aliases: fresh }, at);
      }
      return this.entityInfo(owner);
    }
    const id = this.createEntity(canonical, displayName(input.name), input.type, at, aliases, vector);
    return this.entityInfo(id);
  }

  /** Merges `from` into `into`: from then on (in record time) both are one entity. */
  merge(raw: MergeInput): Entity {
    const call = 'MemoryGraph.merge';
    const input = readInput<MergeInput>(call, raw, SHAPES.merge);
    const at = this.stamp(input.recordedAt, call);
    const into = this.existingEntity(input.into, call, 'into', at);
    const from = this.existingEntity(input.from, call, 'from', at);
    if (into === from) throw new InvalidArgumentError(`${call}: into and from are the same entity (#${into})`);
    this.commit({ type: 'merge', recordedAt: at, into, from }, at);
    this.applyMerge(into, from, at);
    return this.entityInfo(into);
  }

  /** Declares or re-declares a predicate; its cardinality cannot change once it has facts. */
  definePredicate(name: string, options: PredicateOptions, recordedAt?: TimeInput): void {
    const call = 'MemoryGraph.definePredicate';
    checkPredicateName(name, call);
    const config = checkPredicateOptions(options, call, name);
    const at = this.stamp(recordedAt, call);
    const current = this.predicateConfig.get(name);
    const used = this.predicateNames.find(name) !== NONE;
    if (used && (current?.cardinality ?? DEFAULTS.cardinality) !== config.cardinality) {
      throw new InvalidArgumentError(`${call}: predicate "${name}" already has facts; its cardinality cannot change`);
    }
    this.predicateConfig.set(name, config);
    this.commit(
      {
        type: 'predicate',
        recordedAt: at,
        name,
        cardinality: config.cardinality,
        ...(config.minConfidence === undefined ? {} : { minConfidence: config.minConfidence }),
      },
      at,
    );
  }

  /** Asserts that subject —predicate→ object holds over [validFrom, validTo). See SEMANTICS.md. */
  assert(raw: AssertInput): AssertResult {
    const call = 'MemoryGraph.assert';
    const input = readInput<AssertInput>(call, raw, SHAPES.assert);
    const at = this.stamp(input.recordedAt, call);
    const subject = this.pendingEntity(input.subject, call, 'subject', at);
    checkPredicateName(input.predicate, call);
    const object = this.pendingObject(input.object, call, 'object', at);
    const validFrom = input.validFrom === undefined ? at : toMillis(input.validFrom, call, 'validFrom', 'past');
    const validTo = input.validTo === undefined ? Infinity : toMillis(input.validTo, call, 'validTo', 'future');
    if (!(validFrom < validTo)) {
      throw new InvalidArgumentError(`${call}: validFrom (${showTime(validFrom)}) must be before validTo (${showTime(validTo)})`);
    }
    const confidence = checkConfidence(input.confidence ?? DEFAULTS.confidence, call, 'confidence');
    const source = input.source;
    const reason = input.reason;
    const evidence = input.evidence === undefined ? [] : [...new Set(input.evidence)];
    checkEdgeType(input.edgeType, call);
    const episode = input.episode === undefined ? NONE : this.existingEpisode(input.episode, call);
    if (this.predicateNames.find(input.predicate) === NONE && this.predicateNames.size >= MAX_PREDICATES) {
      throw new InvalidArgumentError(`${call}: too many distinct predicates (at most ${MAX_PREDICATES})`);
    }

    // Everything is checked: from here on the call cannot fail, so the memory changes all or nothing.
    const config = this.predicateConfig.get(input.predicate);
    const gate = config?.minConfidence ?? this.minConfidence;
    const rejected = confidence < gate;
    // A rejected assertion creates no entity: it names new ones by name in the log.
    const s = this.refer(subject, rejected, at);
    let objectSpec: ObjectSpec | { name: string };
    if ('literal' in object) objectSpec = { value: object.literal };
    else {
      const o = this.refer(object, rejected, at);
      objectSpec = typeof o === 'number' ? { id: o } : o;
    }
    // Built field by field (no spreads): this is the hot path of ingestion.
    const op: AssertOp = { type: 'assert', recordedAt: at, subject: s, predicate: input.predicate, object: objectSpec, validFrom: validFrom === -Infinity ? null : validFrom };
    if (validTo !== Infinity) op.validTo = validTo;
    op.confidence = confidence;
    if (source !== undefined) op.source = source;
    if (evidence.length > 0) op.evidence = evidence;
    if (reason !== undefined) op.reason = reason;
    if (input.edgeType !== undefined) op.edgeType = input.edgeType;
    if (input.episode !== undefined) op.episode = input.episode;
    if (rejected || typeof s !== 'number' || 'name' in objectSpec) {
      this.commit({ ...op, rejected: true }, at);
      return { status: 'rejected', closed: [], added: [] };
    }
    this.commit(op, at);
    const p = this.predicateNames.intern(input.predicate);
    const o = 'value' in objectSpec ? literalCode(this.literalId(objectSpec.value)) : objectSpec.id;
    const prov = this.provenanceId(source, reason, input.edgeType);
    const evidenceIds = evidence.map((e) => this.strings.intern(e));
    const result = this.applyAssert(s, p, o, validFrom, validTo, at, confidence, prov, episode, evidenceIds, config?.cardinality === 'one');
    this.indexForRecall();
    return result;
  }

  /** Stops believing subject —predicate→ object (every object when omitted) over [validFrom, validTo). */
  retract(raw: RetractInput): RetractResult {
    const call = 'MemoryGraph.retract';
    const input = readInput<RetractInput>(call, raw, SHAPES.retract);
    const at = this.stamp(input.recordedAt, call);
    checkPredicateName(input.predicate, call);
    const validFrom = input.validFrom === undefined ? at : toMillis(input.validFrom, call, 'validFrom', 'past');
    const validTo = input.validTo === undefined ? Infinity : toMillis(input.validTo, call, 'validTo', 'future');
    if (!(validFrom < validTo)) {
      throw new InvalidArgumentError(`${call}: validFrom (${showTime(validFrom)}) must be before validTo (${showTime(validTo)})`);
    }
    const reason = input.reason;
    const subject = this.findEntity(input.subject, call, 'subject', at);
    let object: number | undefined;
    let objectSpec: ObjectSpec | undefined;
    if (input.object !== undefined) {
      const found = this.findObject(input.object, call, 'object', at);
      object = found.code;
      if (found.literal !== undefined) objectSpec = { value: found.literal };
      else if (object === NONE) throw new NotFoundError(`${call}: object "${show(input.object)}" is not a known entity`);
      else objectSpec = { id: object };
    }
    // Retracting what was never believed changes nothing, but it is still an accepted, logged operation
    // (an agent's "that is not so" is part of what it did).
    if (subject === NONE) throw new NotFoundError(`${call}: subject "${show(input.subject)}" is not a known entity`);
    const subjectSpec = subject;
    this.commit(
      {
        type: 'retract',
        recordedAt: at,
        subject: subjectSpec,
        predicate: input.predicate,
        ...(objectSpec === undefined ? {} : { object: objectSpec }),
        validFrom: validFrom === -Infinity ? null : validFrom,
        ...(validTo === Infinity ? {} : { validTo }),
        ...(reason === undefined ? {} : { reason }),
      },
      at,
    );
    const p = this.predicateNames.find(input.predicate);
    if (p === NONE || object === NONE) return { closed: [], added: [] };
    return this.applyRetract(subjectSpec, p, object, validFrom, validTo, at);
  }

  /** Records an episode: raw evidence (a turn, a session, a document) at its time `at`. */
  episode(raw: EpisodeInput): Episode {
    const call = 'MemoryGraph.episode';
    const input = readInput<EpisodeInput>(call, raw, SHAPES.episode);
    this.checkEpisodeId(input.id, call);
    checkText(input.text, call, 'text');
    const at = toMillis(input.at, call, 'at');
    const speaker = input.speaker;
    const vector = input.vector === undefined ? undefined : this.checkVector(input.vector, call);
    const recordedAt = this.stamp(input.recordedAt, call);
    const pending = (input.entities ?? []).map((e, i) => this.pendingEntity(e, call, `entities[${i}]`, recordedAt));
    const entities = [...new Set(pending.map((p) => this.materialise(p, recordedAt)))];
    this.commit(
      {
        type: 'episode',
        recordedAt,
        id: input.id,
        text: input.text,
        at,
        ...(speaker === undefined ? {} : { speaker }),
        ...(entities.length === 0 ? {} : { entities }),
        ...(vector === undefined ? {} : { vector: vectorToText(vector) }),
      },
      recordedAt,
    );
    const index = this.episodes.add(input.id, input.text, at, recordedAt, speaker, entities, vector);
    this.indexForRecall();
    return this.episodeInfo(index);
  }

  /** Marks versions as cold: they still answer every bi-temporal read; recall skips them. */
  archive(ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    this.setArchived('archive', ids, options);
  }

  unarchive(ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    this.setArchived('unarchive', ids, options);
  }

  /** Records that versions were retrieved (use count and last use drive salience). */
  touch(ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    const call = 'MemoryGraph.touch';
    const facts = this.checkFactIds(ids, call);
    const at = this.stamp(readOptions<{ recordedAt?: TimeInput }>(call, options, SHAPES.recordedAt).recordedAt, call);
    this.commit({ type: 'retrieved', recordedAt: at, facts }, at);
    for (const row of facts) {
      this.store.retrievals[row] = this.store.retrievals[row]! + 1;
      this.store.lastRetrievedAt[row] = at;
    }
  }

  /** Sets salience values in [0, 1] (used by consolidation); a logged operation. */
  setSalience(ids: readonly number[], values: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
    const call = 'MemoryGraph.setSalience';
    const facts = this.checkFactIds(ids, call);
    const given = readList(call, values, 'values');
    if (given.length !== facts.length) throw new InvalidArgumentError(`${call}: values must be an array as long as ids (${facts.length})`);
    const checked = given.map((v, i) => checkConfidence(v, call, `values[${i}]`));
    const at = this.stamp(readOptions<{ recordedAt?: TimeInput }>(call, options, SHAPES.recordedAt).recordedAt, call);
    // Stored as float32: log the stored value so a replay stores the same bits.
    const stored = checked.map((v) => Math.fround(v));
    this.commit({ type: 'salience', recordedAt: at, facts, values: stored }, at);
    facts.forEach((row, i) => (this.store.salience[row] = stored[i]!));
  }

  // ================================================================================================
  // Reads
  // ================================================================================================

  /** The memory's clock. */
  now(): number {
    return this.clockAt('MemoryGraph.now');
  }

  /** @internal The clock, read for a call: what it throws or a value that is not whole milliseconds is named. */
  clockAt(call: string): number {
    const at = guarded(call, 'the clock (options.now)', () => this.clock());
    if (typeof at !== 'number' || !Number.isInteger(at)) {
      throw new InvalidArgumentError(`${call}: the clock returned ${show(at)}, not whole milliseconds`);
    }
    return plainZero(at);
  }

  /** The facts believed at `knownAt` to hold at `validAt` (both default to now). */
  facts(raw: FactQuery = {}): Fact[] {
    const call = 'MemoryGraph.facts';
    const query = readInput<FactQuery>(call, raw, SHAPES.facts);
    const { v, k } = this.cutOf(query, call);
    return this.factRows(query, v, k, call).map((row) => this.fact(row));
  }

  /** Ids of the versions `facts(query)` would return, in the same order, without making objects (read one with `fact(id)`). */
  factIds(raw: FactQuery = {}): number[] {
    const call = 'MemoryGraph.factIds';
    const query = readInput<FactQuery>(call, raw, SHAPES.facts);
    const { v, k } = this.cutOf(query, call);
    return this.factRows(query, v, k, call);
  }

  /** Every version ever written for the pattern, closed ones included, oldest first. */
  history(raw: HistoryQuery): Fact[] {
    const call = 'MemoryGraph.history';
    const query = readInput<HistoryQuery>(call, raw, SHAPES.history);
    const k = Infinity;
    const subject = this.findEntity(query.subject, call, 'subject', k);
    if (subject === NONE) return [];
    const p = query.predicate === undefined ? NONE : this.predicateNames.find(query.predicate);
    if (query.predicate !== undefined && p === NONE) return [];
    let object: number | undefined;
    if (query.object !== undefined) {
      object = this.findObject(query.object, call, 'object', k).code;
      if (object === NONE) return [];
    }
    const rows: number[] = [];
    const st = this.store;
    for (const entity of this.withMerged(subject)) {
      for (let t = st.subjectHead[entity]!; t !== NONE; t = st.tSubjectNext[t]!) {
        if (p !== NONE && st.tPredicate[t] !== p) continue;
        const o = st.tObject[t]!;
        if (object !== undefined && o !== object && (o < 0 || this.entities.resolveAt(o, k) !== object)) continue;
        for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) rows.push(r);
      }
    }
    return rows.sort((a, b) => a - b).map((row) => this.fact(row));
  }

  /**
   * What changed between two times. Record axis: versions the memory started believing (added) and
   * stopped believing (removed) between `since` (exclusive) and `until` (inclusive). Valid axis, as
   * believed at `knownAt`: versions whose validity started (added) or ended (removed) in (since, until].
   */
  changes(raw: ChangesQuery): Changes {
    const call = 'MemoryGraph.changes';
    const query = readInput<ChangesQuery>(call, raw, SHAPES.changes);
    const since = toMillis(query.since, call, 'since', 'past');
    const until = query.until === undefined ? this.clockAt(call) : toMillis(query.until, call, 'until', 'future');
    if (!(since <= until)) throw new InvalidArgumentError(`${call}: since (${showTime(since)}) is after until (${showTime(until)})`);
    const axis = query.axis ?? 'record';
    if (axis !== 'record' && axis !== 'valid') throw new InvalidArgumentError(`${call}: axis must be 'record' or 'valid'`);
    const st = this.store;
    const added: number[] = [];
    const removed: number[] = [];
    if (axis === 'record') {
      if (query.knownAt !== undefined) throw new InvalidArgumentError(`${call}: knownAt applies to the valid axis only`);
      const end = st.recordedPrefix(until);
      for (let r = st.recordedPrefix(since); r < end; r++) if (st.invalidAt[r]! > until) added.push(r);
      const closed = st.closedRows;
      // closedRows is in invalidAt order: binary search its start, then read forward.
      let lo = 0;
      let hi = closed.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (st.invalidAt[closed.data[mid]!]! <= since) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < closed.length; i++) {
        const r = closed.data[i]!;
        if (st.invalidAt[r]! > until) break;
        if (st.recordedAt[r]! <= since) removed.push(r);
      }
      removed.sort((a, b) => a - b);
    } else {
      const k = query.knownAt === undefined ? this.clockAt(call) : toMillis(query.knownAt, call, 'knownAt');
      const prefix = st.recordedPrefix(k);
      st.zones.search(ZoneQuery.StartsIn, prefix, k, since, until, st, (r) => added.push(r));
      st.zones.search(ZoneQuery.EndsIn, prefix, k, since, until, st, (r) => removed.push(r));
    }
    return { added: added.map((r) => this.fact(r)), removed: removed.map((r) => this.fact(r)) };
  }

  /** One hop out from an entity, over the facts visible at the cut. */
  neighbors(ref: EntityRef, raw: NeighborQuery = {}): Neighbor[] {
    const call = 'MemoryGraph.neighbors';
    const query = readInput<NeighborQuery>(call, raw, SHAPES.neighbors);
    const entity = readInput<{ entity: EntityRef }>(call, { entity: ref }, { entity: 'ref' }).entity;
    const { v, k } = this.cutOf(query, call);
    const direction = query.direction ?? 'both';
    if (direction !== 'out' && direction !== 'in' && direction !== 'both') {
      throw new InvalidArgumentError(`${call}: direction must be 'out', 'in' or 'both'`);
    }
    const id = this.findEntity(entity, call, 'entity', k);
    if (id === NONE) return [];
    const p = query.predicate === undefined ? NONE : this.predicateNames.find(query.predicate);
    if (query.predicate !== undefined && p === NONE) return [];
    const includeArchived = query.includeArchived ?? true;
    const st = this.store;
    const out: Neighbor[] = [];
    const visit = (t: number, dir: 'out' | 'in') => {
      if (p !== NONE && st.tPredicate[t] !== p) return;
      const other = dir === 'out' ? st.tObject[t]! : st.tSubject[t]!;
      if (other < 0) return;
      for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) {
        if (!st.visible(r, v, k) || (!includeArchived && !Number.isNaN(st.archivedAt[r]!))) continue;
        out.push({ entity: { id: other, name: this.entities.displayName(other) }, fact: this.fact(r), direction: dir });
      }
    };
    if (direction !== 'in') for (let t = st.subjectHead[id]!; t !== NONE; t = st.tSubjectNext[t]!) visit(t, 'out');
    if (direction !== 'out') for (let t = st.objectHead[id]!; t !== NONE; t = st.tObjectNext[t]!) visit(t, 'in');
    return out.sort((a, b) => a.fact.id - b.fact.id);
  }

  // ---- recall, upkeep and graph interop (issue 4: graph/recall-engine.ts, consolidate.ts, graphology.ts) ----
  /** Created at the first recall; it indexes lazily what was written since the previous recall. */
  private recallEngine: RecallEngine | undefined;

  /**
   * Recall's indexes follow the writes (issue 9: no first-recall cliff). A write has succeeded whatever
   * recall's embedder does: an embedder that fails here is reported by the next recall, which retries.
   */
  private indexForRecall(): void {
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
    const read = readInput<RecallOptions>(call, options, RECALL_SHAPE, 'options');
    const plain: RecallOptions = { ...read };
    // Weights by name: only the known names (a "toString" or "__proto__" key is refused, not inherited).
    if (read.weights !== undefined) plain.weights = { ...readInput(call, read.weights, weightShape(RECALL_DEFAULTS.weights), 'weights', true, 'a weight') };
    if (read.edgeTypeWeights !== undefined) {
      plain.edgeTypeWeights = { ...readInput(call, read.edgeTypeWeights, weightShape(RECALL_DEFAULTS.edgeTypeWeights), 'edgeTypeWeights', true, 'an edge type') };
    }
    if (read.validAt === undefined || read.knownAt === undefined) {
      const now = this.clockAt(call);
      plain.validAt = read.validAt ?? now;
      plain.knownAt = read.knownAt ?? now;
    }
    // track: the stamp is checked before the read, so the logged touch cannot be refused after it.
    const trackedAt = read.track === true ? this.stamp(undefined, call) : undefined;
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
    const { v, k } = this.cutOf(cut, call);
    return buildGraphology(this, v, k, cut, call);
  }

  /** Salience decay and archiving of cold versions, through logged operations; never touches the clocks. */
  consolidate(options: ConsolidateOptions = {}): ConsolidateResult {
    const call = 'MemoryGraph.consolidate';
    const plain = readInput<ConsolidateOptions>(call, options, SHAPES.consolidate, 'options');
    // The clock is read once, and the stamp checked here, so both logged operations apply or neither.
    return consolidateMemory(this, plain, this.stamp(undefined, call));
  }
  // ---- end of issue 4 block ----

  /** A read-only view at a fixed cut. */
  at(raw: Cut = {}): MemoryView {
    const call = 'MemoryGraph.at';
    const cut = readInput<Cut>(call, raw, SHAPES.cut);
    const { v, k } = this.cutOf(cut, call);
    return new MemoryView(this, v, k);
  }

  /** One version by id. */
  fact(id: number): Fact {
    const st = this.store;
    if (!Number.isInteger(id) || id < 0 || id >= st.rowCount) throw new NotFoundError(`MemoryGraph.fact: no fact version #${show(id)}`);
    const t = st.triple[id]!;
    const s = st.tSubject[t]!;
    const o = st.tObject[t]!;
    const prov = st.provenance[id]!;
    const fact: Fact = {
      id,
      subject: { id: s, name: this.entities.displayName(s) },
      predicate: this.predicateNames.get(st.tPredicate[t]!),
      object: o >= 0 ? { id: o, name: this.entities.displayName(o) } : { value: this.literals[literalCode(o)]! },
      validFrom: st.validFrom[id]!,
      validTo: st.validTo[id]!,
      recordedAt: st.recordedAt[id]!,
      invalidAt: st.invalidAt[id]!,
      confidence: st.confidence[id]!,
      evidence: st.evidenceIds(st.evidenceHead[id]!).map((e) => this.strings.get(e)),
      salience: st.salience[id]!,
      retrievals: st.retrievals[id]!,
      lastSeenAt: st.lastSeenAt[id]!,
    };
    const source = this.provenance.source[prov]!;
    const reason = this.provenance.reason[prov]!;
    const edgeType = this.provenance.edgeType[prov]!;
    if (source !== NONE) fact.source = this.strings.get(source);
    if (reason !== NONE) fact.reason = this.strings.get(reason);
    if (edgeType !== NONE) fact.edgeType = EDGE_TYPES[edgeType] as EdgeType;
    const episode = st.episode[id]!;
    if (episode !== NONE) fact.episode = this.episodes.ids[episode]!;
    if (!Number.isNaN(st.archivedAt[id]!)) fact.archivedAt = st.archivedAt[id]!;
    if (!Number.isNaN(st.lastRetrievedAt[id]!)) fact.lastRetrievedAt = st.lastRetrievedAt[id]!;
    if (st.supersededHead[id] !== NONE) fact.supersededBy = st.supersededBy(id);
    return fact;
  }

  /** An entity by name, alias or id, as known at `knownAt` (default now); undefined when unknown. */
  getEntity(raw: EntityRef, given: { knownAt?: TimeInput } = {}): Entity | undefined {
    const call = 'MemoryGraph.getEntity';
    const ref = readInput<{ entity: EntityRef }>(call, { entity: raw }, { entity: 'ref' }).entity;
    const options = readOptions<{ knownAt?: TimeInput }>(call, given, SHAPES.knownAt);
    const k = options.knownAt === undefined ? this.clockAt(call) : toMillis(options.knownAt, call, 'knownAt');
    const id = this.findEntity(ref, call, 'entity', k);
    if (id === NONE || this.entities.recordedAt[id]! > k) return undefined;
    return this.entityInfo(id);
  }

  getEpisode(id: string): Episode | undefined {
    if (typeof id !== 'string') throw new InvalidArgumentError(`MemoryGraph.getEpisode: id must be a string, got ${show(typeof id)}`);
    const index = this.episodes.find(id);
    return index === NONE ? undefined : this.episodeInfo(index);
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
   * Rebuilds a memory from a log. `options.now` sets the new memory's clock; the configuration comes from
   * the log, and a `predicates`/`minConfidence`/`dimensions` option that disagrees with it is refused
   * (ConfigMismatchError naming the key).
   */
  static replay(ops: readonly Operation[], given: Pick<MemoryGraphOptions, 'now' | 'embedder'> & LoadConfigOptions = {}): MemoryGraph {
    const call = 'MemoryGraph.replay';
    const options = readOptions<Pick<MemoryGraphOptions, 'now' | 'embedder'> & LoadConfigOptions>(call, given, SHAPES.loadOptions);
    if (!Array.isArray(ops)) throw new InvalidArgumentError(`${call}: ops must be an array of operations`);
    // Every operation is read once into plain JSON values before the first is applied.
    const plain = readList(call, ops, 'ops').map((op, i) => checkOp(call, op, i));
    const first = plain[0];
    if (first === undefined || first.type !== 'init') {
      throw new InvalidArgumentError(`${call}: a log starts with its 'init' operation (the memory's configuration)`);
    }
    if (first.version !== 1) throw new InvalidArgumentError(`${call}: log version ${show(first.version)} is not supported`);
    const stored = readEmbedderConfig(first.embedder);
    if (typeof stored === 'string') throw new InvalidArgumentError(`${call}: the init operation's ${stored}`);
    refuseMismatch(call, stored, first.dimensions ?? 0, options.embedder);
    let mem: MemoryGraph;
    try {
      mem = new MemoryGraph({
        ...(options.now === undefined ? {} : { now: options.now }),
        ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
        ...(first.minConfidence === undefined ? {} : { minConfidence: first.minConfidence }),
        ...(first.dimensions === undefined ? {} : { dimensions: first.dimensions }),
        ...(first.predicates === undefined ? {} : { predicates: first.predicates }),
        [RESTORED_EMBEDDER]: stored,
      } as MemoryGraphOptions);
    } catch (error) {
      throw new InvalidArgumentError(`${call}: operation 0 (init) failed: ${describeError(error)}`);
    }
    // The new memory is returned only when every operation applied: a refusal leaves nothing behind.
    for (let i = 1; i < plain.length; i++) {
      try {
        mem.apply(plain[i]!);
      } catch (error) {
        const message = error instanceof Error ? error.message : describeError(error);
        throw new InvalidArgumentError(`${call}: operation ${i} (${preview(plain[i]!)}) failed: ${message}`);
      }
    }
    checkLoadConfig(call, mem.storedConfig(), options);
    return mem;
  }

  /**
   * The whole memory as named arrays (see state.ts): what a snapshot file stores. The arrays are copies
   * trimmed to their used length; derived indexes are not included (they are rebuilt linearly on load).
   */
  exportState(): MemoryState {
    const e = this.entities;
    const n = e.count;
    const ep = this.episodes;
    const log = this.logBuffer.trimmed();
    const columns: Record<string, ColumnArray> = {
      ...this.store.exportColumns(),
      'entity.name': e.name.slice(0, n),
      'entity.display': e.display.slice(0, n),
      'entity.type': e.type.slice(0, n),
      'entity.recordedAt': e.recordedAt.slice(0, n),
      'entity.mergedInto': e.mergedInto.slice(0, n),
      'entity.mergedAt': e.mergedAt.slice(0, n),
      'entity.hasVector': e.hasVector.slice(0, n),
      'entity.vectors': e.vectors.slice(0, n * this.dimensions),
      'alias.entity': Int32Array.from(e.aliasEntity),
      'alias.name': Int32Array.from(e.aliasName),
      'literal.kind': Uint8Array.from(this.literals, (v) => (typeof v === 'string' ? 0 : typeof v === 'number' ? 1 : 2)),
      'literal.number': Float64Array.from(this.literals, (v) => (typeof v === 'string' ? 0 : Number(v))),
      'provenance.source': Int32Array.from(this.provenance.source),
      'provenance.reason': Int32Array.from(this.provenance.reason),
      'provenance.edgeType': Int32Array.from(this.provenance.edgeType),
      'episode.at': ep.at.slice(0, ep.count),
      'episode.recordedAt': ep.recordedAt.slice(0, ep.count),
      'episode.speaker': ep.speaker.slice(0, ep.count),
      'episode.entityStart': ep.entityStart.slice(0, ep.count + 1),
      'episode.entityIds': Int32Array.from(ep.entityIds),
      'episode.hasVector': ep.hasVector.slice(0, ep.count),
      'episode.vectors': ep.vectors.slice(0, ep.count * this.dimensions),
      'log.bytes': log.bytes,
      'log.ends': log.ends,
    };
    const predicates = [...this.predicateConfig].map(([name, c]) => ({ name, cardinality: c.cardinality, minConfidence: c.minConfidence ?? null }));
    return {
      formatVersion: STATE_FORMAT_VERSION,
      config: {
        minConfidence: this.minConfidence,
        dimensions: this.dimensions,
        predicates,
        lastRecordedAt: this.lastRecordedAt === -Infinity ? null : this.lastRecordedAt,
        ...(this.embedderConfig === undefined ? {} : { embedder: { ...this.embedderConfig } }),
      },
      columns,
      strings: {
        strings: [...this.strings.values],
        predicates: [...this.predicateNames.values],
        'literal.string': this.literals.map((v) => (typeof v === 'string' ? v : '')),
        'episode.id': [...ep.ids],
        'episode.text': [...ep.texts],
      },
    };
  }

  /**
   * A memory from `exportState()` output. Every length and cross-reference is checked first; what does not
   * fit throws CorruptSnapshotError, another format version SnapshotVersionError.
   */
  static fromState(state: MemoryState, given: Pick<MemoryGraphOptions, 'now' | 'embedder'> & LoadConfigOptions = {}): MemoryGraph {
    const call = 'MemoryGraph.fromState';
    const options = readOptions<Pick<MemoryGraphOptions, 'now' | 'embedder'> & LoadConfigOptions>(call, given, SHAPES.loadOptions);
    let checked: CheckedState;
    try {
      checked = checkState(state);
    } catch (error) {
      // Whatever a malformed state makes fail is a damaged state, never a raw TypeError or RangeError.
      if (error instanceof CorruptSnapshotError || error instanceof SnapshotVersionError) throw error;
      throw new CorruptSnapshotError(`${call}: ${error instanceof PalimpsestError ? error.message : describeError(error)}`);
    }
    const stored = new Map(checked.config.predicates.map((p) => [p.name, { cardinality: p.cardinality, minConfidence: p.minConfidence ?? undefined }]));
    checkLoadConfig(call, { minConfidence: checked.config.minConfidence, dimensions: checked.config.dimensions, predicates: stored }, options);
    refuseMismatch(call, checked.config.embedder, checked.config.dimensions, options.embedder);
    try {
      const { config } = checked;
      // Prototype-less: a predicate named "__proto__" stays a key.
      const predicates = Object.create(null) as Record<string, PredicateOptions>;
      for (const p of config.predicates) predicates[p.name] = { cardinality: p.cardinality, ...(p.minConfidence === null ? {} : { minConfidence: p.minConfidence }) };
      const mem = new MemoryGraph({
        ...(options.now === undefined ? {} : { now: options.now }),
        ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
        minConfidence: config.minConfidence,
        ...(config.dimensions === 0 ? {} : { dimensions: config.dimensions }),
        predicates,
        [RESTORED_EMBEDDER]: config.embedder,
      } as MemoryGraphOptions);
      mem.loadChecked(checked);
      // Recall's indexes are built in the load's pass (no first-recall cliff); no HNSW is built here (see
      // RECALL_DEFAULTS.bruteForceBelow), so this is linear in what was loaded.
      mem.indexForRecall();
      return mem;
    } catch (error) {
      // Whatever a malformed state makes fail is a damaged state, never a raw TypeError or RangeError.
      if (error instanceof CorruptSnapshotError || error instanceof SnapshotVersionError) throw error;
      throw new CorruptSnapshotError(`${call}: ${error instanceof PalimpsestError ? error.message : describeError(error)}`);
    }
  }

  private loadChecked(c: CheckedState): void {
    for (const v of c.strings) this.strings.intern(v);
    for (const v of c.predicateNames) this.predicateNames.intern(v);
    const e = this.entities;
    for (let id = 0; id < c.entity.name.length; id++) {
      e.add(c.strings[c.entity.name[id]!]!, c.strings[c.entity.display[id]!]!, c.entity.type[id] === NONE ? undefined : c.strings[c.entity.type[id]!], c.entity.recordedAt[id]!);
      if (c.entity.hasVector[id] === 1) e.setVector(id, c.entity.vectors.subarray(id * this.dimensions, (id + 1) * this.dimensions));
    }
    for (let i = 0; i < c.alias.entity.length; i++) e.addAlias(c.alias.entity[i]!, c.strings[c.alias.name[i]!]!);
    for (let id = 0; id < c.entity.name.length; id++) {
      const into = c.entity.mergedInto[id]!;
      if (into === NONE) continue;
      e.merge(id, into, c.entity.mergedAt[id]!);
    }
    // mergedFrom in merge order (record time, then id), as the live memory built it.
    const merged = [...Array(c.entity.name.length).keys()].filter((id) => c.entity.mergedInto[id] !== NONE);
    merged.sort((a, b) => c.entity.mergedAt[a]! - c.entity.mergedAt[b]! || a - b);
    for (const id of merged) {
      const into = c.entity.mergedInto[id]!;
      const list = this.mergedFrom.get(into);
      if (list === undefined) this.mergedFrom.set(into, [id]);
      else list.push(id);
    }
    c.literals.forEach((v) => this.literalId(v));
    for (let i = 0; i < c.provenance.source.length; i++) {
      const key = `${c.provenance.source[i]},${c.provenance.reason[i]},${c.provenance.edgeType[i]}`;
      this.provenance.source.push(c.provenance.source[i]!);
      this.provenance.reason.push(c.provenance.reason[i]!);
      this.provenance.edgeType.push(c.provenance.edgeType[i]!);
      this.provenanceIds.set(key, i);
    }
    const ep = c.episode;
    for (let i = 0; i < ep.ids.length; i++) {
      this.episodes.add(
        ep.ids[i]!,
        ep.texts[i]!,
        ep.at[i]!,
        ep.recordedAt[i]!,
        ep.speaker[i] === NONE ? undefined : c.strings[ep.speaker[i]!],
        Array.from(ep.entityIds.subarray(ep.entityStart[i]!, ep.entityStart[i + 1]!)),
        ep.hasVector[i] === 1 ? ep.vectors.subarray(i * this.dimensions, (i + 1) * this.dimensions) : undefined,
      );
    }
    try {
      this.store.loadColumns(c.store, c.entity.name.length);
    } catch (error) {
      throw new CorruptSnapshotError(`MemoryGraph.fromState: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.logBuffer.load(c.log.bytes, c.log.ends);
    this.lastRecordedAt = c.config.lastRecordedAt ?? -Infinity;
  }

  // ================================================================================================
  // Internals: applying changes
  // ================================================================================================

  /** Applies one logged operation through the public calls, with its own stamps. */
  private apply(op: Operation): void {
    switch (op.type) {
      case 'init':
        throw new InvalidArgumentError(`an 'init' operation may only come first`);
      case 'predicate':
        this.definePredicate(op.name, { cardinality: op.cardinality, ...(op.minConfidence === undefined ? {} : { minConfidence: op.minConfidence }) }, op.recordedAt);
        return;
      case 'entity': {
        if (op.id !== this.entities.count) throw new InvalidArgumentError(`entity id ${show(op.id)} is out of order (next is ${this.entities.count})`);
        const canonical = checkName(op.name, 'entity', 'name');
        // The display name as logged (already stripped when it was first written): it must read back the same.
        if (displayName(op.name) !== op.name) throw new InvalidArgumentError(`entity name ${JSON.stringify(op.name)} is not a display name`);
        if (this.entities.lookup(canonical) !== NONE) throw new InvalidArgumentError(`entity "${op.name}" exists already`);
        const aliases = readList('entity', op.aliases ?? [], 'aliases').map((a) => checkName(a, 'entity', 'alias'));
        if (op.entityType !== undefined) checkText(op.entityType, 'entity', 'entityType');
        const vector = op.vector === undefined ? undefined : this.checkVector(typeof op.vector === 'string' ? vectorFromText(op.vector, 'entity') : (readList('entity', op.vector, 'vector') as number[]), 'entity');
        const at = this.stamp(op.recordedAt, 'entity');
        this.createEntity(canonical, op.name, op.entityType, at, aliases, vector);
        return;
      }
      case 'alias':
        this.entity({ name: this.entities.canonical(this.requireKnown({ id: op.entity }, 'alias')), aliases: op.aliases, recordedAt: op.recordedAt });
        return;
      case 'merge':
        this.merge({ into: { id: op.into }, from: { id: op.from }, recordedAt: op.recordedAt });
        return;
      case 'assert': {
        const result = this.assert({
          subject: typeof op.subject === 'number' ? { id: op.subject } : op.subject.name,
          predicate: op.predicate,
          object: 'name' in op.object ? op.object.name : op.object,
          validFrom: op.validFrom ?? -Infinity,
          validTo: op.validTo === undefined ? Infinity : op.validTo, // the log leaves an open end out; null is refused
          recordedAt: op.recordedAt,
          confidence: op.confidence,
          ...(op.source === undefined ? {} : { source: op.source }),
          ...(op.evidence === undefined ? {} : { evidence: op.evidence }),
          ...(op.reason === undefined ? {} : { reason: op.reason }),
          ...(op.edgeType === undefined ? {} : { edgeType: op.edgeType as EdgeType }),
          ...(op.episode === undefined ? {} : { episode: op.episode }),
        });
        if ((result.status === 'rejected') !== (op.rejected === true)) {
          throw new InvalidArgumentError(`the grounding gate decided differently than when the log was written`);
        }
        return;
      }
      case 'retract':
        this.retract({
          subject: { id: op.subject },
          predicate: op.predicate,
          ...(op.object === undefined ? {} : { object: op.object }),
          validFrom: op.validFrom ?? -Infinity,
          validTo: op.validTo === undefined ? Infinity : op.validTo, // the log leaves an open end out; null is refused
          recordedAt: op.recordedAt,
          ...(op.reason === undefined ? {} : { reason: op.reason }),
        });
        return;
      case 'episode':
        this.episode({
          id: op.id,
          text: op.text,
          at: op.at,
          recordedAt: op.recordedAt,
          ...(op.speaker === undefined ? {} : { speaker: op.speaker }),
          ...(op.vector === undefined ? {} : { vector: typeof op.vector === 'string' ? vectorFromText(op.vector, 'episode') : op.vector }),
          ...(op.entities === undefined ? {} : { entities: op.entities.map((id) => ({ id })) }),
        });
        return;
      case 'archive':
      case 'unarchive':
        this.setArchived(op.type, op.facts, { recordedAt: op.recordedAt });
        return;
      case 'retrieved':
        this.touch(op.facts, { recordedAt: op.recordedAt });
        return;
      case 'salience':
        this.setSalience(op.facts, op.values, { recordedAt: op.recordedAt });
        return;
      default:
        throw new InvalidArgumentError(`unknown operation type ${JSON.stringify((op as { type?: unknown }).type)}`);
    }
  }

  /** Appends an accepted operation to the log and moves the record clock. */
  private commit(op: Operation, at: number): void {
    this.logBuffer.append(op);
    this.lastRecordedAt = at;
  }

  /** The record time of a new operation: given, or the clock; never before the latest one applied. */
  private stamp(input: TimeInput | undefined, call: string): number {
    // Every write stamps before it changes anything: the one place to refuse writes from inside a call.
    if (this.writesHeldBy !== undefined) throw new InvalidArgumentError(`${call}: the memory is inside ${this.writesHeldBy}, which writes nothing else meanwhile`);
    const at = input === undefined ? this.clockAt(call) : toMillis(input, call, 'recordedAt');
    if (at < this.lastRecordedAt) {
      throw new TimeOrderError(
        `${call}: recordedAt (${showTime(at)}) is before the latest operation (${showTime(this.lastRecordedAt)}); record time only moves forward`,
      );
    }
    return at;
  }

  private createEntity(
    canonical: string,
    display: string,
    type: string | undefined,
    at: number,
    aliases: readonly string[],
    vector: Float32Array | undefined,
  ): number {
    const id = this.entities.add(canonical, display, type, at);
    const fresh = [...new Set(aliases)].filter((a) => a !== canonical && this.entities.lookup(a) === NONE);
    for (const a of fresh) this.entities.addAlias(id, a);
    if (vector !== undefined) this.entities.setVector(id, vector);
    this.store.reserveEntities(id + 1);
    this.commit(
      {
        type: 'entity',
        recordedAt: at,
        id,
        name: display,
        ...(type === undefined ? {} : { entityType: type }),
        ...(fresh.length === 0 ? {} : { aliases: fresh }),
        ...(vector === undefined ? {} : { vector: vectorToText(vector) }),
      },
      at,
    );
    return id;
  }

  private refer(pending: PendingEntity, rejected: boolean, at: number): number | { name: string } {
    if ('id' in pending) return pending.id;
    return rejected ? { name: pending.display } : this.materialise(pending, at);
  }

  private materialise(pending: PendingEntity, at: number): number {
    if ('id' in pending) return pending.id;
    const existing = this.entities.lookup(pending.create);
    // Two references to one new name in a single call create it once.
    if (existing !== NONE) return this.entities.resolveAt(existing, at);
    return this.createEntity(pending.create, pending.display, undefined, at, [], undefined);
  }

  private applyAssert(
    s: number,
    p: number,
    o: number,
    validFrom: number,
    validTo: number,
    at: number,
    confidence: number,
    prov: number,
    episode: number,
    evidence: number[],
    cardinalityOne: boolean,
  ): AssertResult {
    const st = this.store;
    const t = st.ensureTriple(s, p, o);
    const own = this.scratchOwn;
    own.length = 0;
    st.openRowsOf(t, own);
    if (own.length > 1) own.sort(byNumber);
    // Already believed over the whole interval: reinforce, add no version.
    for (const r of own) {
      if (st.validFrom[r]! <= validFrom && validTo <= st.validTo[r]!) {
        if (confidence > st.confidence[r]!) st.confidence[r] = confidence;
        let head = st.evidenceHead[r]!;
        for (const e of evidence) if (!st.hasEvidence(head, e)) head = st.prependEvidence(head, e);
        st.evidenceHead[r] = head;
        st.lastSeenAt[r] = at;
        return { status: 'reinforced', id: r, closed: [], added: [] };
      }
    }
    // Cardinality one: other objects lose the asserted interval (collected before anything changes).
    const conflicts: number[] = [];
    if (cardinalityOne) {
      const live = st.liveTriples(s, p);
      for (let i = 0; i < live.length; i++) {
        const other = live[i]!;
        if (other === t) continue;
        for (let r = st.tOpenHead[other]!; r !== NONE; r = st.openNext[r]!) {
          if (st.validFrom[r]! < validTo && validFrom < st.validTo[r]!) conflicts.push(r);
        }
      }
      if (conflicts.length > 1) conflicts.sort(byNumber);
    }
    const added = this.insertInterval(t, validFrom, validTo, at, confidence, prov, episode, evidence, own);
    const closed = [...added.coalesced];
    for (const r of conflicts) {
      closed.push(r);
      const rest = this.closeAndKeepOutside(r, validFrom, validTo, at);
      st.addSupersededBy(r, added.row);
      for (const nr of rest) st.addSupersededBy(r, nr);
      added.rows.push(...rest);
    }
    return { status: 'added', id: added.row, closed, added: added.rows };
  }

  /**
   * B[triple] ∪= [validFrom, validTo): open rows of the triple that overlap or touch the interval are
   * closed and one row covering their union is appended, so a triple's open rows stay its maximal
   * intervals of belief.
   */
  private insertInterval(
    t: number,
    validFrom: number,
    validTo: number,
    at: number,
    confidence: number,
    prov: number,
    episode: number,
    evidence: number[],
    open: number[],
  ): { row: number; rows: number[]; coalesced: number[] } {
    const st = this.store;
    let from = validFrom;
    let to = validTo;
    let conf = confidence;
    const coalesced: number[] = [];
    for (const r of open) {
      if (st.validFrom[r]! <= validTo && validFrom <= st.validTo[r]!) {
        coalesced.push(r);
        if (st.validFrom[r]! < from) from = st.validFrom[r]!;
        if (st.validTo[r]! > to) to = st.validTo[r]!;
        if (st.confidence[r]! > conf) conf = st.confidence[r]!;
      }
    }
    let head = NONE;
    if (coalesced.length === 1) head = st.evidenceHead[coalesced[0]!]!;
    else if (coalesced.length > 1) {
      const seen = new Set<number>();
      for (const r of coalesced) for (const e of st.evidenceIds(st.evidenceHead[r]!)) if (!seen.has(e)) (seen.add(e), (head = st.prependEvidence(head, e)));
    }
    for (const e of evidence) if (!st.hasEvidence(head, e)) head = st.prependEvidence(head, e);
    const row = st.appendRow(t, from, to, at, conf, prov, episode, head);
    for (const r of coalesced) {
      st.closeRow(r, at);
      st.addSupersededBy(r, row);
    }
    return { row, rows: [row], coalesced };
  }

  /** Closes a row and re-appends the parts of its valid interval outside [from, to). */
  private closeAndKeepOutside(r: number, from: number, to: number, at: number): number[] {
    const st = this.store;
    const rest: number[] = [];
    const rf = st.validFrom[r]!;
    const rt = st.validTo[r]!;
    st.closeRow(r, at);
    if (rf < from) rest.push(this.copyRow(r, rf, from, at));
    if (to < rt) rest.push(this.copyRow(r, to, rt, at));
    return rest;
  }

  /** A new open version of r's triple over [from, to), recorded at `at`, keeping r's provenance and use. */
  private copyRow(r: number, from: number, to: number, at: number): number {
    const st = this.store;
    const row = st.appendRow(st.triple[r]!, from, to, at, st.confidence[r]!, st.provenance[r]!, st.episode[r]!, st.evidenceHead[r]!);
    st.salience[row] = st.salience[r]!;
    st.retrievals[row] = st.retrievals[r]!;
    st.lastRetrievedAt[row] = st.lastRetrievedAt[r]!;
    st.archivedAt[row] = st.archivedAt[r]!;
    st.lastSeenAt[row] = st.lastSeenAt[r]!;
    return row;
  }

  private applyRetract(s: number, p: number, o: number | undefined, validFrom: number, validTo: number, at: number): RetractResult {
    const st = this.store;
    const triples = o === undefined ? [...st.liveTriples(s, p)] : [st.findTriple(s, p, o)].filter((t) => t !== NONE);
    const rows: number[] = [];
    for (const t of triples) {
      const open: number[] = [];
      st.openRowsOf(t, open);
      for (const r of open) if (st.validFrom[r]! < validTo && validFrom < st.validTo[r]!) rows.push(r);
    }
    rows.sort((a, b) => a - b);
    const added: number[] = [];
    for (const r of rows) {
      const rest = this.closeAndKeepOutside(r, validFrom, validTo, at);
      for (const nr of rest) st.addSupersededBy(r, nr);
      added.push(...rest);
    }
    return { closed: rows, added };
  }

  /**
   * Moves every open version about `from` onto `into`, as of `at`. For cardinality-one predicates the
   * survivor's own values win where the two disagree; everything else is united.
   */
  private applyMerge(into: number, from: number, at: number): void {
    const st = this.store;
    this.entities.merge(from, into, at);
    const list = this.mergedFrom.get(into);
    if (list === undefined) this.mergedFrom.set(into, [from]);
    else list.push(from);
    const rows: number[] = [];
    for (let t = st.subjectHead[from]!; t !== NONE; t = st.tSubjectNext[t]!) st.openRowsOf(t, rows);
    for (let t = st.objectHead[from]!; t !== NONE; t = st.tObjectNext[t]!) if (st.tSubject[t] !== from) st.openRowsOf(t, rows);
    rows.sort((a, b) => a - b);
    for (const r of rows) {
      const t = st.triple[r]!;
      const s = st.tSubject[t] === from ? into : st.tSubject[t]!;
      const o = st.tObject[t] === from ? into : st.tObject[t]!;
      const p = st.tPredicate[t]!;
      let pieces: Array<[number, number]> = [[st.validFrom[r]!, st.validTo[r]!]];
      if (st.tSubject[t] === from && this.predicateConfig.get(this.predicateNames.get(p))?.cardinality === 'one') {
        for (const other of st.liveTriples(s, p)) {
          if (st.tObject[other] === o) continue;
          const open: number[] = [];
          st.openRowsOf(other, open);
          for (const x of open) pieces = subtract(pieces, st.validFrom[x]!, st.validTo[x]!);
        }
      }
      st.closeRow(r, at);
      const target = st.ensureTriple(s, p, o);
      for (const [pf, pt] of pieces) {
        const open: number[] = [];
        st.openRowsOf(target, open);
        open.sort((a, b) => a - b);
        const inserted = this.insertInterval(target, pf, pt, at, st.confidence[r]!, st.provenance[r]!, st.episode[r]!, [], open);
        // The moved version keeps its own evidence.
        let head = st.evidenceHead[inserted.row]!;
        for (const e of st.evidenceIds(st.evidenceHead[r]!)) if (!st.hasEvidence(head, e)) head = st.prependEvidence(head, e);
        st.evidenceHead[inserted.row] = head;
        st.addSupersededBy(r, inserted.row);
      }
    }
  }

  private setArchived(type: 'archive' | 'unarchive', ids: readonly number[], options: { recordedAt?: TimeInput }): void {
    const call = `MemoryGraph.${type}`;
    const facts = this.checkFactIds(ids, call);
    const at = this.stamp(readOptions<{ recordedAt?: TimeInput }>(call, options, SHAPES.recordedAt).recordedAt, call);
    this.commit({ type, recordedAt: at, facts }, at);
    for (const row of facts) this.store.archivedAt[row] = type === 'archive' ? at : NaN;
  }

  // ================================================================================================
  // Internals: reading
  // ================================================================================================

  private cutOf(cut: Cut, call: string): { v: number; k: number } {
    const needNow = cut.validAt === undefined || cut.knownAt === undefined;
    const now = needNow ? this.clockAt(call) : 0;
    const v = cut.validAt === undefined ? now : toMillis(cut.validAt, call, 'validAt');
    const k = cut.knownAt === undefined ? now : toMillis(cut.knownAt, call, 'knownAt');
    return { v, k };
  }

  /** @internal Row ids matching a fact query at (v, k), ascending. */
  factRows(query: FactQuery, v: number, k: number, call: string): number[] {
    const st = this.store;
    const includeArchived = query.includeArchived ?? true;
    const p = query.predicate === undefined ? NONE : this.predicateNames.find(query.predicate);
    if (query.predicate !== undefined && p === NONE) return [];
    const subject = query.subject === undefined ? undefined : this.findEntity(query.subject, call, 'subject', k);
    if (subject === NONE) return [];
    let object: number | undefined;
    if (query.object !== undefined) {
      object = this.findObject(query.object, call, 'object', k).code;
      if (object === NONE) return [];
    }
    const rows: number[] = [];
    const take = (t: number) => {
      if (p !== NONE && st.tPredicate[t] !== p) return;
      for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) {
        if (st.visible(r, v, k) && (includeArchived || Number.isNaN(st.archivedAt[r]!))) rows.push(r);
      }
    };
    if (subject !== undefined) {
      for (let t = st.subjectHead[subject]!; t !== NONE; t = st.tSubjectNext[t]!) if (object === undefined || st.tObject[t] === object) take(t);
      return rows.sort((a, b) => a - b);
    }
    if (object !== undefined && object >= 0) {
      for (let t = st.objectHead[object]!; t !== NONE; t = st.tObjectNext[t]!) take(t);
      return rows.sort((a, b) => a - b);
    }
    st.zones.search(ZoneQuery.Cut, st.recordedPrefix(k), k, v, v, st, (r) => {
      const t = st.triple[r]!;
      if (p !== NONE && st.tPredicate[t] !== p) return;
      if (object !== undefined && st.tObject[t] !== object) return;
      if (!includeArchived && !Number.isNaN(st.archivedAt[r]!)) return;
      rows.push(r);
    });
    return rows;
  }

  /** The entity a reference names at record time k; NONE for an unknown name; NotFoundError for an unknown id. */
  private findEntity(ref: EntityRef, call: string, field: string, k: number): number {
    if (typeof ref === 'string') {
      const id = this.entities.lookup(checkName(ref, call, field));
      return id === NONE ? NONE : this.entities.resolveAt(id, k);
    }
    if (ref !== null && typeof ref === 'object' && 'id' in ref) {
      if (!Number.isInteger(ref.id) || ref.id < 0 || ref.id >= this.entities.count) {
        throw new NotFoundError(`${call}: ${field} names entity #${String(ref.id)}, which does not exist`);
      }
      return this.entities.resolveAt(ref.id, k);
    }
    throw new InvalidArgumentError(`${call}: ${field} must be a name or { id }`);
  }

  /** An object reference's code (entity id, or -1 - literal id), NONE when unknown; literals are also spelled out. */
  private findObject(ref: ObjectRef, call: string, field: string, k: number): { code: number; literal?: LiteralValue } {
    if (ref !== null && typeof ref === 'object' && 'value' in ref) {
      const value = checkLiteral(ref.value, call, field);
      const id = this.literalIds.get(literalKey(value));
      return { code: id === undefined ? NONE : literalCode(id), literal: value };
    }
    return { code: this.findEntity(ref as EntityRef, call, field, k) };
  }

  /** An entity that must exist (merge, retract by name): its id, or NotFoundError. */
  private existingEntity(ref: EntityRef, call: string, field: string, k: number): number {
    const id = this.findEntity(ref, call, field, k);
    if (id === NONE) throw new NotFoundError(`${call}: ${field} "${typeof ref === 'string' ? ref : `#${show(ref.id)}`}" is not a known entity`);
    return id;
  }

  private requireKnown(ref: EntityRef, call: string): number {
    return this.existingEntity(ref, call, 'entity', Infinity);
  }

  private pendingEntity(ref: EntityRef, call: string, field: string, at: number): PendingEntity {
    if (typeof ref === 'string') {
      const canonical = checkName(ref, call, field);
      const id = this.entities.lookup(canonical);
      return id === NONE ? { create: canonical, display: displayName(ref) } : { id: this.entities.resolveAt(id, at) };
    }
    return { id: this.findEntity(ref, call, field, at) };
  }

  private pendingObject(ref: ObjectRef, call: string, field: string, at: number): PendingObject {
    if (ref !== null && typeof ref === 'object' && 'value' in ref) return { literal: checkLiteral(ref.value, call, field) };
    return this.pendingEntity(ref as EntityRef, call, field, at);
  }

  private existingEpisode(id: unknown, call: string): number {
    if (typeof id !== 'string') throw new InvalidArgumentError(`${call}: episode must be an episode id (string)`);
    const index = this.episodes.find(id);
    if (index === NONE) throw new NotFoundError(`${call}: episode "${id}" does not exist; record it with episode() first`);
    return index;
  }

  private checkFactIds(ids: readonly number[], call: string): number[] {
    const list = readList(call, ids, 'ids');
    for (const id of list) {
      if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= this.store.rowCount) throw new NotFoundError(`${call}: no fact version #${show(id)}`);
    }
    return list.map((id) => plainZero(id as number));
  }

  /** An episode id that may be added: a non-empty stored string the memory does not have yet. */
  /** @internal */ checkEpisodeId(id: unknown, call: string): string {
    if (typeof id !== 'string' || id.length === 0) throw new InvalidArgumentError(`${call}: id must be a non-empty string`);
    checkText(id, call, 'id');
    if (this.episodes.find(id) !== NONE) throw new InvalidArgumentError(`${call}: episode "${id}" already exists`);
    return id;
  }

  /** @internal A vector as stored (float32): one that overflows float32 or holds NaN is refused; -0 is stored as 0. */
  checkVector(vector: ArrayLike<number>, call: string): Float32Array {
    if (this.dimensions === 0) throw new InvalidArgumentError(`${call}: this memory keeps no vectors (set options.dimensions)`);
    if (vector === null || typeof vector !== 'object' || typeof vector.length !== 'number') {
      throw new InvalidArgumentError(`${call}: vector must be an array of numbers`);
    }
    if (vector.length !== this.dimensions) {
      throw new InvalidArgumentError(`${call}: vector has ${vector.length} dimensions; this memory uses ${this.dimensions}`);
    }
    for (let i = 0; i < vector.length; i++) {
      if (typeof vector[i] !== 'number') throw new InvalidArgumentError(`${call}: vector[${i}] is not a number`);
    }
    const out = Float32Array.from(vector);
    for (let i = 0; i < out.length; i++) {
      if (!Number.isFinite(out[i]!)) throw new InvalidArgumentError(`${call}: vector[${i}] is not a finite float32 number`);
      if (out[i] === 0) out[i] = 0;
    }
    return out;
  }

  private literalId(value: LiteralValue): number {
    const key = literalKey(value);
    let id = this.literalIds.get(key);
    if (id === undefined) {
      id = this.literals.length;
      this.literals.push(value);
      this.literalIds.set(key, id);
    }
    return id;
  }

  private provenanceId(source: string | undefined, reason: string | undefined, edgeType: EdgeType | undefined): number {
    const s = source === undefined ? NONE : this.strings.intern(source);
    const r = reason === undefined ? NONE : this.strings.intern(reason);
    const e = edgeType === undefined ? NONE : EDGE_TYPES.indexOf(edgeType);
    const key = `${s},${r},${e}`;
    let id = this.provenanceIds.get(key);
    if (id === undefined) {
      id = this.provenance.source.length;
      this.provenance.source.push(s);
      this.provenance.reason.push(r);
      this.provenance.edgeType.push(e);
      this.provenanceIds.set(key, id);
    }
    return id;
  }

  private withMerged(id: number): number[] {
    const out = [id];
    for (let i = 0; i < out.length; i++) for (const m of this.mergedFrom.get(out[i]!) ?? []) out.push(m);
    return out;
  }

  private entityInfo(id: number): Entity {
    const e = this.entities;
    const info: Entity = {
      id,
      name: e.canonical(id),
      displayName: e.displayName(id),
      aliases: e.aliasesOf(id),
      recordedAt: e.recordedAt[id]!,
    };
    const type = e.typeOf(id);
    if (type !== undefined) info.type = type;
    if (e.mergedInto[id] !== NONE) {
      info.mergedInto = e.mergedInto[id]!;
      info.mergedAt = e.mergedAt[id]!;
    }
    return info;
  }

  private episodeInfo(index: number): Episode {
    const ep = this.episodes;
    const info: Episode = {
      id: ep.ids[index]!,
      text: ep.texts[index]!,
      at: ep.at[index]!,
      recordedAt: ep.recordedAt[index]!,
      entities: ep.entitiesOf(index),
    };
    const speaker = ep.speakerOf(index);
    if (speaker !== undefined) info.speaker = speaker;
    return info;
  }
}

const VIEW_SHAPES = {
  facts: withoutCut(SHAPES.facts),
  neighbors: withoutCut(SHAPES.neighbors),
  recall: withoutCut(RECALL_SHAPE),
  graphology: withoutCut(SHAPES.graphology),
};

/** A read-only view of a memory at a fixed cut: every read through it applies the cut. */
export class MemoryView {
  constructor(
    readonly memory: MemoryGraph,
    readonly validAt: number,
    readonly knownAt: number,
  ) {}

  // Each read copies its query once (refusing validAt/knownAt: the view fixes them) and reports errors
  // under the MemoryGraph call it makes.
  facts(query: Omit<FactQuery, 'validAt' | 'knownAt'> = {}): Fact[] {
    const plain = readInput<FactQuery>('MemoryGraph.facts', query, VIEW_SHAPES.facts);
    return this.memory.facts({ ...plain, validAt: this.validAt, knownAt: this.knownAt });
  }

  neighbors(entity: EntityRef, query: Omit<NeighborQuery, 'validAt' | 'knownAt'> = {}): Neighbor[] {
    const plain = readInput<NeighborQuery>('MemoryGraph.neighbors', query, VIEW_SHAPES.neighbors);
    return this.memory.neighbors(entity, { ...plain, validAt: this.validAt, knownAt: this.knownAt });
  }

  // ---- issue 4: recall and graph interop at the view's cut ----
  recall(query: string, options: Omit<RecallOptions, 'validAt' | 'knownAt'> = {}): RecallResult {
    const plain = readInput<RecallOptions>('MemoryGraph.recall', options, VIEW_SHAPES.recall, 'options');
    return this.memory.recall(query, { ...plain, validAt: this.validAt, knownAt: this.knownAt });
  }

  toGraphology(options: GraphologyOptions = {}): MemoryGraphology {
    const plain = readInput<GraphologyOptions>('MemoryGraph.toGraphology', options, VIEW_SHAPES.graphology);
    return this.memory.toGraphology({ ...plain, validAt: this.validAt, knownAt: this.knownAt });
  }
}

// ---- argument checks ---------------------------------------------------------------------------

function checkPredicateOptions(options: unknown, call: string, name: string): PredicateConfig {
  const o = readInput<PredicateOptions>(call, options, SHAPES.predicateOptions, `the options of predicate "${name}"`);
  const cardinality = o.cardinality ?? DEFAULTS.cardinality;
  if (cardinality !== 'one' && cardinality !== 'many') {
    throw new InvalidArgumentError(`${call}: cardinality of predicate "${name}" must be 'one' or 'many'`);
  }
  const minConfidence = o.minConfidence === undefined ? undefined : checkConfidence(o.minConfidence, call, `predicates.${name}.minConfidence`);
  return { cardinality, minConfidence };
}

/** The shape of a weights option: exactly the names its defaults have. */
function weightShape(defaults: object): Record<string, 'any'> {
  const shape = Object.create(null) as Record<string, 'any'>;
  for (const key of Object.keys(defaults)) shape[key] = 'any';
  return shape;
}

function literalKey(value: LiteralValue): string {
  return typeof value === 'string' ? `s${value}` : typeof value === 'number' ? `n${Object.is(value, -0) ? 0 : value}` : `b${value}`;
}

const byNumber = (a: number, b: number) => a - b;

/** Interval pieces minus [from, to). */
function subtract(pieces: Array<[number, number]>, from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [a, b] of pieces) {
    if (to <= a || b <= from) {
      out.push([a, b]);
      continue;
    }
    if (a < from) out.push([a, from]);
    if (to < b) out.push([to, b]);
  }
  return out;
}
