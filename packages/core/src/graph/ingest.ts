import { InvalidArgumentError, TimeOrderError } from '../errors.js';
import { RuleExtractor } from '../recall/extractor.js';
import type { Extraction, Extractor, Turn } from '../recall/extractor.js';
import { EDGE_TYPES } from '../types.js';
import type { AssertResult, Entity, EntityRef, Episode, EpisodeInput } from '../types.js';
import { NONE } from '../store/fact-store.js';
import { canonicalName, checkName, displayName } from '../util/names.js';
import { showTime, toMillis } from '../util/time.js';
import type { MemoryGraph } from './memory-graph.js';

export interface IngestOptions {
  /** Turns the episode into entities and facts. @default one RuleExtractor per memory (it learns names as it goes) */
  extractor?: Extractor;
  /** `source` stamped on every extracted fact. @default 'extractor' */
  source?: string;
}

export interface IngestResult {
  episode: Episode;
  /** The extracted entities, as the memory now holds them. */
  entities: Entity[];
  /** What each extracted fact's assertion did, in extraction order (rejected ones included). */
  facts: AssertResult[];
}

const defaultExtractors = new WeakMap<MemoryGraph, RuleExtractor>();

/**
 * Records an episode and what an extractor finds in it, all at the episode's record time: the extracted
 * entities (with their types), the episode (mentioning them), then each extracted fact with `episode` and
 * `evidence` pointing at it; a fact without its own valid time is valid from the episode's time `at`.
 * The episode and the whole extraction are checked before anything is written, so a refused call changes
 * nothing. Facts below a grounding gate are rejected (and logged as rejected) like any assertion.
 */
export function ingestEpisode(mem: MemoryGraph, input: EpisodeInput, options: IngestOptions = {}): IngestResult {
  const call = 'ingestEpisode';
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${call}: options must be an object`);
  const at = checkEpisodeInput(mem, input, call);
  const extractor = options.extractor ?? defaultExtractor(mem);
  if (extractor === null || typeof extractor !== 'object' || typeof extractor.extract !== 'function') {
    throw new InvalidArgumentError(`${call}: extractor must have an extract(turns) method`);
  }
  if (options.source !== undefined && typeof options.source !== 'string') throw new InvalidArgumentError(`${call}: source must be a string`);
  const source = options.source ?? 'extractor';
  const recordedAt = input.recordedAt === undefined ? mem.now() : toMillis(input.recordedAt, call, 'recordedAt');
  if (!Number.isInteger(recordedAt)) throw new InvalidArgumentError(`${call}: the clock returned ${recordedAt}, not whole milliseconds`);
  if (recordedAt < mem.lastRecordedAt) {
    throw new TimeOrderError(`${call}: recordedAt (${showTime(recordedAt)}) is before the latest operation (${showTime(mem.lastRecordedAt)}); record time only moves forward`);
  }
  const turn: Turn = { id: input.id, text: input.text, at, ...(input.speaker === undefined ? {} : { speaker: input.speaker }) };
  const out = extractor.extract([turn]);
  if (out !== null && typeof out === 'object' && typeof (out as { then?: unknown }).then === 'function') {
    throw new InvalidArgumentError(`${call}: the extractor "${extractor.id}" answers asynchronously; use ingest(), which awaits it`);
  }
  if (!Array.isArray(out) || out.length !== 1) throw new InvalidArgumentError(`${call}: the extractor returned no single extraction for one turn`);
  const extraction = out[0]!;
  checkExtraction(extraction, at, call);
  return writeTurn(mem, input, at, recordedAt, extraction, source);
}

/** Checks an episode to be ingested (everything `MemoryGraph.episode` would refuse); returns its time `at`. */
export function checkEpisodeInput(mem: MemoryGraph, input: EpisodeInput, call: string): number {
  if (input === null || typeof input !== 'object') throw new InvalidArgumentError(`${call}: expected an episode object`);
  if (typeof input.id !== 'string' || input.id.length === 0) throw new InvalidArgumentError(`${call}: id must be a non-empty string`);
  if (mem.episodes.find(input.id) !== NONE) throw new InvalidArgumentError(`${call}: episode "${input.id}" already exists`);
  if (typeof input.text !== 'string') throw new InvalidArgumentError(`${call}: text must be a string`);
  const at = toMillis(input.at, call, 'at');
  if (input.speaker !== undefined && typeof input.speaker !== 'string') throw new InvalidArgumentError(`${call}: speaker must be a string`);
  if (input.vector !== undefined) {
    if (mem.dimensions === 0) throw new InvalidArgumentError(`${call}: this memory keeps no vectors (set options.dimensions)`);
    if (input.vector === null || typeof input.vector !== 'object' || input.vector.length !== mem.dimensions) {
      throw new InvalidArgumentError(`${call}: vector must have ${mem.dimensions} dimensions`);
    }
    for (let i = 0; i < input.vector.length; i++) {
      if (!Number.isFinite(input.vector[i])) throw new InvalidArgumentError(`${call}: vector[${i}] is not a finite number`);
    }
  }
  if (input.entities !== undefined && !Array.isArray(input.entities)) throw new InvalidArgumentError(`${call}: entities must be an array`);
  (input.entities ?? []).forEach((e, i) => {
    if (typeof e === 'string') checkName(e, call, `entities[${i}]`);
    else if (e === null || typeof e !== 'object' || !Number.isInteger(e.id) || e.id < 0 || e.id >= mem.entities.count) {
      throw new InvalidArgumentError(`${call}: entities[${i}] must be a name or the { id } of a known entity`);
    }
  });
  return at;
}

/** Vectors made ahead for a turn: its episode text, and display names of entities it may create. */
export interface TurnVectors {
  episode: Float32Array;
  names: ReadonlyMap<string, Float32Array>;
}

/**
 * Writes a checked turn, all at one record time: the extracted entities (with their types), the episode
 * (mentioning them), then each fact with `episode` and `evidence` pointing at it. Every argument has been
 * checked, so no call here fails and the turn is written whole. With vectors, new entities (fact ends the
 * extractor did not list among entities included, unless the fact is below its gate) get theirs first.
 */
export function writeTurn(
  mem: MemoryGraph,
  input: EpisodeInput,
  at: number,
  recordedAt: number,
  extraction: Extraction,
  source: string,
  vectors?: TurnVectors,
): IngestResult {
  const vectorOf = (name: string): { vector?: Float32Array } => {
    const v = vectors?.names.get(displayName(name));
    return v === undefined ? {} : { vector: v };
  };
  const entities = extraction.entities.map((e) => mem.entity({ name: e.name, ...(e.type === undefined ? {} : { type: e.type }), recordedAt, ...vectorOf(e.name) }));
  if (vectors !== undefined) {
    const listed = new Set(extraction.entities.map((e) => e.name)); // written just above
    for (const f of extraction.facts) {
      if (f.confidence < mem.gateOf(f.predicate)) continue; // a rejected assertion creates no entity
      for (const end of [f.subject, f.object]) {
        if (typeof end !== 'string' || listed.has(end)) continue;
        listed.add(end);
        if (mem.entities.lookup(canonicalName(end)) === NONE) mem.entity({ name: end, recordedAt, ...vectorOf(end) });
      }
    }
  }
  const mentioned: EntityRef[] = [...(input.entities ?? []), ...entities.map((e) => ({ id: e.id }))];
  const episode = mem.episode({ ...input, recordedAt, entities: mentioned, ...(vectors === undefined ? {} : { vector: vectors.episode }) });
  const facts = extraction.facts.map((f) =>
    mem.assert({
      subject: f.subject,
      predicate: f.predicate,
      object: f.object,
      validFrom: f.validFrom ?? at,
      ...(f.validTo === undefined ? {} : { validTo: f.validTo }),
      recordedAt,
      confidence: f.confidence,
      source,
      evidence: [input.id],
      episode: input.id,
      ...(f.edgeType === undefined ? {} : { edgeType: f.edgeType }),
      ...(f.evidence === undefined ? {} : { reason: f.evidence }),
    }),
  );
  return { episode, entities, facts };
}

/** @internal The RuleExtractor a memory uses when none is given (one per memory: it learns names as it goes). */
export function defaultExtractor(mem: MemoryGraph): RuleExtractor {
  let x = defaultExtractors.get(mem);
  if (x === undefined) {
    x = new RuleExtractor();
    defaultExtractors.set(mem, x);
  }
  return x;
}

/** The extractor's output must be assertable as a whole, or nothing is written. */
export function checkExtraction(x: Extraction, at: number, call: string): void {
  const bad = (why: string): never => {
    throw new InvalidArgumentError(`${call}: the extractor returned ${why}`);
  };
  if (x === null || typeof x !== 'object' || !Array.isArray(x.entities) || !Array.isArray(x.facts)) bad('no { entities, facts } arrays');
  x.entities.forEach((e, i) => {
    if (e === null || typeof e !== 'object') bad(`a non-object entities[${i}]`);
    checkName(e.name, call, `extracted entities[${i}].name`);
    if (e.type !== undefined && typeof e.type !== 'string') bad(`a non-string entities[${i}].type`);
  });
  x.facts.forEach((f, i) => {
    if (f === null || typeof f !== 'object') bad(`a non-object facts[${i}]`);
    checkName(f.subject, call, `extracted facts[${i}].subject`);
    if (typeof f.predicate !== 'string' || f.predicate.trim() === '' || f.predicate.length > 512) bad(`an invalid predicate in facts[${i}]`);
    if (typeof f.object === 'string') checkName(f.object, call, `extracted facts[${i}].object`);
    else if (f.object === null || typeof f.object !== 'object' || !['string', 'number', 'boolean'].includes(typeof f.object.value)) bad(`an invalid object in facts[${i}]`);
    else if (typeof f.object.value === 'number' && !Number.isFinite(f.object.value)) bad(`a non-finite object value in facts[${i}]`);
    if (typeof f.confidence !== 'number' || !(f.confidence >= 0 && f.confidence <= 1)) bad(`confidence ${String(f.confidence)} in facts[${i}]`);
    const from = f.validFrom;
    const to = f.validTo;
    if (from !== undefined && (typeof from !== 'number' || !Number.isInteger(from))) bad(`a validFrom that is not whole milliseconds in facts[${i}]`);
    if (to !== undefined && (typeof to !== 'number' || !(Number.isInteger(to) || to === Infinity))) bad(`a validTo that is not whole milliseconds in facts[${i}]`);
    if (to !== undefined && !((from ?? at) < to)) bad(`validFrom ≥ validTo in facts[${i}] (a fact without validFrom starts at the episode's time)`);
    if (f.edgeType !== undefined && !(EDGE_TYPES as readonly string[]).includes(f.edgeType)) bad(`an unknown edgeType in facts[${i}]`);
    if (f.evidence !== undefined && typeof f.evidence !== 'string') bad(`a non-string evidence in facts[${i}]`);
  });
}
