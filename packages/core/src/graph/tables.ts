import { Dependencies } from './dependencies.js';
import { checkName } from '../util/names.js';
// The memory's state: every table a MemoryGraph holds, and the few checks each job needs from them (the
// clock, the record-time stamp, grounding gates, vectors). The job files (writes, reads, the log, replay,
// snapshots, ingestion, recall) take these tables; `MemoryGraph` (memory-graph.ts) is only the public face.
import { InvalidArgumentError, TimeOrderError } from '../errors.js';
import { FactStore } from '../store/fact-store.js';
import { StringDictionary } from '../store/strings.js';
import type { LiteralValue, MemoryGraphOptions, TimeInput } from '../types.js';
import { showTime, toMillis } from '../util/time.js';
import type { Embedder } from '../recall/embedder.js';
import { checkEmbedderShape, configOf, MissingEmbedder, RESTORED_EMBEDDER } from '../recall/embedder-config.js';
import type { EmbedderConfig } from '../recall/embedder-config.js';
import { checkLineSize } from '../log/log-size.js';
import { LogBuffer } from '../log/log.js';
import type { InitOp } from '../log/log.js';
import type { StoredConfig } from './config-check.js';
import { EntityTable } from './entities.js';
import { EpisodeTable } from './episodes.js';
import { checkPredicateOptions, DEFAULTS } from './predicates.js';
import type { PredicateConfig, PredicateUse } from './predicates.js';
import { RecallEngine } from './recall-engine.js';
import { checkEpisodeId, checkVector } from './resolve.js';
import { checkConfidence, checkPredicateName, plainZero, readError, readOptions, readRecord, SHAPES, show } from './validate.js';

export class MemoryTables {
  readonly store = new FactStore();
  readonly strings = new StringDictionary();
  readonly predicateNames = new StringDictionary();
  readonly entities: EntityTable;
  readonly episodes: EpisodeTable;
  readonly literals: LiteralValue[] = [];
  readonly provenance = { source: [] as number[], reason: [] as number[], edgeType: [] as number[] };
  readonly logBuffer = new LogBuffer();
  lastRecordedAt = -Infinity;

  readonly dimensions: number;
  readonly minConfidence: number;
  /** Who "I" is in an ingested turn without a speaker. */
  readonly defaultSpeaker: string;
  /** The embedder this memory's vectors come from (logged in the init op); undefined: the built-in HashEmbedder. */
  readonly embedderConfig: EmbedderConfig | undefined;
  readonly clock: () => number;
  readonly predicateConfig = new Map<string, PredicateConfig>();
  /**
   * Each predicate name an accepted assertion used, checked, with its id and configuration: the
   * assertion's hot path finds all three with one lookup (write-calls.ts). A re-declared name is dropped.
   */
  readonly predicateUse = new Map<string, PredicateUse>();
  readonly literalIds = new Map<string, number>();
  /** The number literals of `literalIds` keyed by the number itself (no key string per lookup; -0 is 0 to a Map). */
  readonly numberLiteralIds = new Map<number, number>();
  readonly provenanceIds = new Map<string, number>();
  /** Entities merged into each entity (for `history`). */
  readonly mergedFrom = new Map<number, number[]>();
  /** Which versions rest on which (assert's dependsOn), and which are unsupported since when (dependencies.ts). */
  readonly dependencies = new Dependencies();
  /** Embeds texts for recall; undefined: the recall engine's HashEmbedder. */
  readonly embedder: Embedder | undefined;
  /** Set while a composite call runs user code (an extractor): writes from it are refused. */
  writesHeldBy: string | undefined;
  /**
   * Set while a forget rebuilds these tables (forget/rebuild.ts): writes do not index for recall one by one;
   * the rebuild indexes everything once at its end, in the same order, as a load from a snapshot does.
   */
  recallIndexDeferred = false;
  /** Created at the first recall; it indexes lazily what was written since the previous recall. */
  private recallEngine: RecallEngine | undefined;

  /** Checks the options of `new MemoryGraph` (a load passes the stored embedder under RESTORED_EMBEDDER) and logs the init op. */
  constructor(raw: MemoryGraphOptions = {}) {
    const call = 'new MemoryGraph';
    const options = readOptions<MemoryGraphOptions>(call, raw, SHAPES.options);
    if (options.now !== undefined && typeof options.now !== 'function') {
      throw new InvalidArgumentError(`${call}: now must be a function returning milliseconds`);
    }
    this.clock = options.now ?? (() => Date.now());
    this.minConfidence = checkConfidence(options.minConfidence ?? DEFAULTS.minConfidence, call, 'minConfidence');
    this.defaultSpeaker = readDefaultSpeaker(options.defaultSpeaker, call);
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
    if (this.defaultSpeaker !== 'user') init.defaultSpeaker = this.defaultSpeaker;
    // The init line holds every predicate's name and options (at most 64 units each beside the name).
    checkLineSize(call, this.logBuffer.maxLineUnits, [Object.keys(predicates), this.embedderConfig?.id], given.size * 64);
    this.logBuffer.append(init);
  }

  /** The clock, read for a call: what it throws or a value that is not whole milliseconds is named. */
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

  /** The record time of a new operation: given, or the clock; never before the latest one applied. */
  stamp(input: TimeInput | undefined, call: string): number {
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

  /** The confidence below which an assertion of `predicate` is rejected. */
  gateOf(predicate: string): number {
    return this.predicateConfig.get(predicate)?.minConfidence ?? this.minConfidence;
  }

  /** An episode id that may be added: a non-empty stored string the memory does not have yet. */
  checkEpisodeId(id: unknown, call: string): string {
    return checkEpisodeId(this, id, call);
  }

  /** A vector as stored (float32): one that overflows float32 or holds NaN is refused; -0 is stored as 0. */
  checkVector(vector: ArrayLike<number>, call: string): Float32Array {
    return checkVector(this, vector, call);
  }

  /** The configuration a snapshot or log of this memory stores (for checkLoadConfig). */
  storedConfig(): StoredConfig {
    return { minConfidence: this.minConfidence, dimensions: this.dimensions, predicates: this.predicateConfig };
  }

  /** The recall engine (created at the first recall). */
  recallIndex(): RecallEngine {
    return (this.recallEngine ??= new RecallEngine(this, this.embedder));
  }

  /** Recall's engine when something has made it (a write's indexing, a recall), without making it. */
  recallIndexIfBuilt(): RecallEngine | undefined {
    return this.recallEngine;
  }

  /**
   * Recall's indexes follow the writes (no first-recall cliff). A write has succeeded whatever recall's
   * embedder does: an embedder that fails here is reported by the next recall, which retries.
   */
  indexForRecall(): void {
    if (this.recallIndexDeferred) return;
    try {
      this.recallIndex().catchUp();
    } catch {
      // reported by recall()
    }
  }
}

/** The tables behind each MemoryGraph, for the public functions that take a memory (ingest, ingestEpisode). */
const tablesByMemory = new WeakMap<object, MemoryTables>();

/** Called once by each MemoryGraph for the tables it fronts. */
export function registerTables(memory: object, tables: MemoryTables): void {
  tablesByMemory.set(memory, tables);
}

/** The tables of a MemoryGraph; undefined for anything else. */
export function tablesOf(memory: unknown): MemoryTables | undefined {
  return memory !== null && typeof memory === 'object' ? tablesByMemory.get(memory) : undefined;
}

/**
 * Lets go of what recalls keep between calls (score arrays sized by the episodes); the next recall makes it
 * again, with the same answers. For a host whose largest moment is a snapshot's bytes beside the graph (the
 * Durable Object); elsewhere keeping it spares the next recall the allocation.
 */
export function releaseRecallScratch(mem: unknown): void {
  tablesOf(mem)?.recallIndexIfBuilt()?.releaseScratch();
}

/** The `defaultSpeaker` option: a name ('user' when left out). */
function readDefaultSpeaker(given: unknown, call: string): string {
  if (given === undefined) return 'user';
  if (typeof given !== 'string' || given.trim() === '') throw new InvalidArgumentError(`${call}: defaultSpeaker must be a non-empty name`);
  checkName(given.trim(), call, 'defaultSpeaker');
  return given.trim();
}
