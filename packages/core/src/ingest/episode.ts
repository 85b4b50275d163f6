import { InvalidArgumentError, NotFoundError, TimeOrderError } from '../errors.js';
import { RuleExtractor } from '../recall/extractor.js';
import type { ExtractedFact, Extraction, Extractor, Turn } from '../recall/extractor.js';
import type { AssertResult, Entity, EntityRef, Episode, EpisodeInput, RetractResult } from '../types.js';
import { NONE } from '../store/fact-store.js';
import { canonicalName, checkName } from '../util/names.js';
import { showTime, toMillis } from '../util/time.js';
import type { MemoryGraph } from '../graph/memory-graph.js';
import { MAX_PREDICATES } from '../graph/predicates.js';
import { tablesOf } from '../graph/tables.js';
import type { MemoryTables } from '../graph/tables.js';
import { assertFact, writeEntity, writeEpisode } from '../graph/write-calls.js';
import { checkLineSize, ID_UNITS, vectorUnits } from '../log/log-size.js';
import { checkEdgeType, checkPredicateName, checkText, describeError, readInput, readOptions, SHAPES, show } from '../graph/validate.js';
import { applyRetractions, checkRetractionSizes, declarePredicates, readChanges } from '../extract/ingest-changes.js';
import { applyRules, checkRuleSizes, readRules } from '../extract/ingest-rules.js';

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
  /** Who "I" was: the turn's speaker, or the memory's `defaultSpeaker` when the turn names none. */
  speaker: string;
  /** The turn's endings and corrections that closed something ("I left Acme"): the versions each closed and kept. */
  retractions: RetractResult[];
  /** Beliefs a stated rule now rests on its premise ("if the team lead changes, …"), re-asserted as they stand. */
  rules: AssertResult[];
}

const defaultExtractors = new WeakMap<MemoryTables, RuleExtractor>();

/**
 * Records an episode and what an extractor finds in it, all at the episode's record time: the extracted
 * entities (with their types), the episode (mentioning them), then each extracted fact with `episode` and
 * `evidence` pointing at it; a fact without its own valid time is valid from the episode's time `at`.
 * The episode and the whole extraction are checked before anything is written, so a refused call changes
 * nothing. Facts below a grounding gate are rejected (and logged as rejected) like any assertion.
 */
export function ingestEpisode(memory: MemoryGraph, raw: EpisodeInput, rawOptions: IngestOptions = {}): IngestResult {
  const call = 'ingestEpisode';
  const mem = tablesOf(memory);
  if (mem === undefined) throw new InvalidArgumentError(`${call}: mem must be a MemoryGraph`);
  const { input, at } = readEpisodeInput(mem, raw, call);
  const options = readOptions<IngestOptions>(call, rawOptions, SHAPES.ingestOptions);
  const extractor = options.extractor ?? defaultExtractor(mem);
  if (extractor === null || typeof extractor !== 'object' || typeof extractor.extract !== 'function') {
    throw new InvalidArgumentError(`${call}: extractor must have an extract(turns) method`);
  }
  const source = options.source ?? 'extractor';
  const recordedAt = input.recordedAt === undefined ? mem.clockAt(call) : toMillis(input.recordedAt, call, 'recordedAt');
  if (recordedAt < mem.lastRecordedAt) {
    throw new TimeOrderError(`${call}: recordedAt (${showTime(recordedAt)}) is before the latest operation (${showTime(mem.lastRecordedAt)}); record time only moves forward`);
  }
  // a turn without a speaker is the memory's default speaker's ("I live in Lyon" is someone's)
  const turn: Turn = { id: input.id, text: input.text, at, speaker: input.speaker ?? mem.defaultSpeaker };
  // The checks above hold for the memory as it is: the extractor may read it, not write to it.
  const held = mem.writesHeldBy;
  mem.writesHeldBy = call;
  let out: unknown;
  try {
    out = extractor.extract([turn]);
  } catch (error) {
    // Whatever the extractor throws (its own errors, a refused write) is reported as this call's.
    throw new InvalidArgumentError(`${call}: the extractor threw ${describeError(error)}`);
  } finally {
    mem.writesHeldBy = held;
  }
  if (out !== null && typeof out === 'object' && typeof (out as { then?: unknown }).then === 'function') {
    throw new InvalidArgumentError(`${call}: the extractor "${String(extractor.id)}" answers asynchronously; use ingest(), which awaits it`);
  }
  if (!Array.isArray(out) || out.length !== 1) throw new InvalidArgumentError(`${call}: the extractor returned no single extraction for one turn`);
  const extraction = readExtraction(mem, out[0], at, call);
  checkTurnSize(mem, call, input, extraction, source);
  return writeTurn(mem, input, recordedAt, extraction, source);
}

/**
 * Reads an episode to be ingested once into plain values and checks everything `MemoryGraph.episode`
 * would refuse; returns the plain input and its time `at`.
 */
export function readEpisodeInput(mem: MemoryTables, raw: unknown, call: string): { input: EpisodeInput; at: number } {
  // Read once into plain values, checked by the same rules as MemoryGraph.episode and .assert.
  const input = readInput<EpisodeInput>(call, raw, SHAPES.episode);
  mem.checkEpisodeId(input.id, call);
  checkText(input.text, call, 'text');
  const at = toMillis(input.at, call, 'at');
  if (input.vector !== undefined) mem.checkVector(input.vector, call);
  (input.entities ?? []).forEach((e, i) => {
    if (typeof e === 'string') checkName(e, call, `entities[${i}]`);
    else if (e === null || typeof e !== 'object' || typeof e.id !== 'number' || !Number.isInteger(e.id) || e.id < 0 || e.id >= mem.entities.count) {
      throw new InvalidArgumentError(`${call}: entities[${i}] must be a name or the { id } of a known entity`);
    }
  });
  return { input, at };
}

/** Vectors made ahead for a turn: its episode text, and the entities it may create (keyed by the name as extracted; the vector is of its display form). */
export interface TurnVectors {
  episode: Float32Array;
  names: ReadonlyMap<string, Float32Array>;
}

/**
 * Writes a turn read by readEpisodeInput with an extraction from readExtraction, all at one record time: the extracted entities (with their types), the episode
 * (mentioning them), then each fact with `episode` and `evidence` pointing at it. Every argument has been
 * checked, so no call here fails and the turn is written whole. With vectors, new entities (fact ends the
 * extractor did not list among entities included, unless the fact is below its gate) get theirs first.
 */
export function writeTurn(
  mem: MemoryTables,
  input: EpisodeInput,
  recordedAt: number,
  extraction: Extraction,
  source: string,
  vectors?: TurnVectors,
): IngestResult {
  const vectorOf = (name: string): { vector?: Float32Array } => {
    const v = vectors?.names.get(name);
    return v === undefined ? {} : { vector: v };
  };
  // An extracted alias joins its entity only where it names nothing else yet (the extractor cannot merge).
  const aliasesOf = (name: string, aliases: readonly string[] | undefined): { aliases?: string[] } => {
    if (aliases === undefined || aliases.length === 0) return {};
    const owner = mem.entities.lookup(canonicalName(name));
    const root = owner === NONE ? NONE : mem.entities.resolveAt(owner, Infinity);
    const free = aliases.filter((a) => {
      const other = mem.entities.lookup(canonicalName(a));
      return other === NONE || (root !== NONE && mem.entities.resolveAt(other, Infinity) === root);
    });
    return free.length === 0 ? {} : { aliases: free };
  };
  const entities = extraction.entities.map((e) =>
    writeEntity(mem, { name: e.name, ...(e.type === undefined ? {} : { type: e.type }), recordedAt, ...vectorOf(e.name), ...aliasesOf(e.name, e.aliases) }),
  );
  if (vectors !== undefined) {
    const listed = new Set(extraction.entities.map((e) => e.name)); // written just above
    for (const f of extraction.facts) {
      if (f.confidence < mem.gateOf(f.predicate)) continue; // a rejected assertion creates no entity
      for (const end of [f.subject, f.object]) {
        if (typeof end !== 'string' || listed.has(end)) continue;
        listed.add(end);
        if (mem.entities.lookup(canonicalName(end)) === NONE) writeEntity(mem, { name: end, recordedAt, ...vectorOf(end) });
      }
    }
  }
  const mentioned: EntityRef[] = [...(input.entities ?? []), ...entities.map((e) => ({ id: e.id }))];
  const episode = writeEpisode(mem, { ...input, recordedAt, entities: mentioned, ...(vectors === undefined ? {} : { vector: vectors.episode }) });
  // the extractor's ontology, then endings and corrections, then the facts (extract/ingest-changes.ts)
  declarePredicates(mem, extraction.predicates, recordedAt);
  const retractions = applyRetractions(mem, extraction.retractions, recordedAt);
  // Facts resting on others of the turn are written after them, so their premises have ids.
  const facts = new Array<AssertResult>(extraction.facts.length);
  const order = extraction.facts.map((_, i) => i);
  order.sort((a, b) => Number(extraction.facts[a]!.dependsOn !== undefined) - Number(extraction.facts[b]!.dependsOn !== undefined) || a - b);
  for (const i of order) {
    const f = extraction.facts[i]!;
    const premises = premiseIds(mem, f.dependsOn, facts);
    facts[i] = assertFact(mem, {
      subject: f.subject,
      predicate: f.predicate,
      object: f.object,
      validFrom: f.validFrom!,
      ...(f.validTo === Infinity ? {} : { validTo: f.validTo }),
      recordedAt,
      confidence: f.confidence,
      source,
      evidence: [input.id],
      episode: input.id,
      ...(f.edgeType === undefined ? {} : { edgeType: f.edgeType }),
      ...(f.evidence === undefined ? {} : { reason: f.evidence }),
      ...(premises.length === 0 ? {} : { dependsOn: premises }),
      ...(f.alongside === true ? { alongside: true } : {}),
    });
  }
  // stated rules ("if the team lead changes, …") rest what the memory now believes on it (extract/ingest-rules.ts)
  const rules = applyRules(mem, extraction.rules, episode.at, recordedAt, source, input.id);
  return { episode, entities, facts, speaker: input.speaker ?? mem.defaultSpeaker, retractions, rules };
}

/**
 * The fact ids an extracted fact rests on: a fact of the turn by its result (left out when the gate rejected
 * it), a fact id of the memory as given; one no longer believed is left out (readExtraction checked the ids).
 */
function premiseIds(mem: MemoryTables, premises: ExtractedFact['dependsOn'], written: readonly (AssertResult | undefined)[]): number[] {
  const out: number[] = [];
  for (const p of premises ?? []) {
    const id = 'index' in p ? written[p.index]?.id : p.fact;
    if (id !== undefined && mem.store.invalidAtOf(id) === Infinity && !out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * Bounds every line writeTurn will log (entities, the episode, each fact) before the first is written, so
 * a turn too large to log is refused whole (log-size.ts).
 */
export function checkTurnSize(mem: MemoryTables, call: string, input: EpisodeInput, extraction: Extraction, source: string): void {
  const limit = mem.logBuffer.maxLineUnits;
  const vector = mem.dimensions === 0 ? 0 : vectorUnits(mem.dimensions);
  for (const e of extraction.entities) checkLineSize(call, limit, [e.name, e.type, e.aliases], vector);
  const listed = (input.entities?.length ?? 0) + extraction.entities.length;
  checkLineSize(call, limit, [input.id, input.text, input.speaker, input.session], listed * ID_UNITS + vector);
  for (const f of extraction.facts) {
    const object = typeof f.object === 'string' ? f.object : typeof f.object.value === 'string' ? f.object.value : undefined;
    checkLineSize(call, limit, [f.subject, f.predicate, object, source, input.id, input.id, f.edgeType, f.evidence]);
  }
  checkRetractionSizes(mem, call, extraction.retractions);
  checkRuleSizes(mem, call, extraction.rules, source, input.id);
}

/** @internal The RuleExtractor a memory uses when none is given (one per memory: it learns names as it goes). */
export function defaultExtractor(mem: MemoryTables): RuleExtractor {
  let x = defaultExtractors.get(mem);
  if (x === undefined) {
    x = new RuleExtractor();
    defaultExtractors.set(mem, x);
  }
  return x;
}

const EXTRACTION = { entities: 'list', facts: 'list' } as const;
const EXTRACTED_ENTITY = { name: 'any', type: 'text', aliases: 'list' } as const;
const EXTRACTED_FACT = {
  subject: 'any',
  predicate: 'any',
  object: 'objectRef',
  validFrom: 'time',
  validTo: 'time',
  confidence: 'any',
  edgeType: 'any',
  evidence: 'text',
  dependsOn: 'list',
  alongside: 'any',
} as const;

/**
 * The extractor's output, read once into plain values and checked as a whole by the rules the writes
 * apply (names, predicates, literals, confidence, times, edge types), so that no write can fail after the
 * first: the call is all or nothing.
 */
export function readExtraction(mem: MemoryTables, given: unknown, at: number, call: string): Extraction {
  const what = 'the extractor output';
  const x = readInput<{ entities?: unknown[]; facts?: unknown[] }>(call, given, EXTRACTION, what, false);
  if (x.entities === undefined || x.facts === undefined) throw new InvalidArgumentError(`${call}: the extractor returned no { entities, facts } arrays`);
  const entities = x.entities.map((raw, i) => {
    const e = readInput<Extraction['entities'][number]>(call, raw, EXTRACTED_ENTITY, `extracted entities[${i}]`, false);
    checkName(e.name, call, `extracted entities[${i}].name`);
    (e.aliases ?? []).forEach((a, j) => checkName(a, call, `extracted entities[${i}].aliases[${j}]`));
    return e;
  });
  const facts = x.facts.map((raw, i) => {
    const f = readInput<Extraction['facts'][number]>(call, raw, EXTRACTED_FACT, `extracted facts[${i}]`, false);
    const field = `extracted facts[${i}]`;
    checkName(f.subject, call, `${field}.subject`);
    checkPredicateName(f.predicate, call);
    if (typeof f.object === 'string') checkName(f.object, call, `${field}.object`);
    else if (f.object === null || typeof f.object !== 'object' || !('value' in f.object)) throw new InvalidArgumentError(`${call}: ${field}.object must be a name or { value }`);
    if (typeof f.confidence !== 'number' || !(f.confidence >= 0 && f.confidence <= 1)) {
      throw new InvalidArgumentError(`${call}: the extractor returned confidence ${show(f.confidence)} in facts[${i}]`);
    }
    const from = f.validFrom === undefined ? at : toMillis(f.validFrom, call, `${field}.validFrom`);
    const to = f.validTo === undefined ? Infinity : toMillis(f.validTo, call, `${field}.validTo`, 'future');
    if (!(from < to)) throw new InvalidArgumentError(`${call}: ${field} has validFrom ≥ validTo (a fact without validFrom starts at the episode's time)`);
    checkEdgeType(f.edgeType, call);
    if (f.dependsOn !== undefined) checkExtractedPremises(mem, f.dependsOn, i, x.facts!.length, call);
    if (f.alongside !== undefined && typeof f.alongside !== 'boolean') throw new InvalidArgumentError(`${call}: ${field}.alongside must be true or false`);
    return { ...f, validFrom: from, validTo: to };
  });
  const fresh = new Set(facts.map((f) => f.predicate).filter((p) => mem.predicateNames.find(p) === -1));
  if (mem.predicateNames.size + fresh.size > MAX_PREDICATES) throw new InvalidArgumentError(`${call}: too many distinct predicates (at most ${MAX_PREDICATES})`);
  const rules = readRules((given as { rules?: unknown }).rules, call);
  return { entities, facts, ...readChanges(given as { retractions?: unknown; predicates?: unknown }, call), ...(rules === undefined ? {} : { rules }) };
}

/** An extracted fact's dependsOn: `{ index }` another fact of the extraction, `{ fact }` a fact id the memory has. */
function checkExtractedPremises(mem: MemoryTables, premises: readonly unknown[], i: number, count: number, call: string): void {
  premises.forEach((p, j) => {
    const field = `extracted facts[${i}].dependsOn[${j}]`;
    const index = p !== null && typeof p === 'object' ? (p as { index?: unknown }).index : undefined;
    const fact = p !== null && typeof p === 'object' ? (p as { fact?: unknown }).fact : undefined;
    if (index !== undefined && fact === undefined && Object.keys(p as object).length === 1) {
      if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count || index === i) {
        throw new InvalidArgumentError(`${call}: ${field}.index must name another fact of the extraction (0 to ${count - 1})`);
      }
      return;
    }
    if (fact !== undefined && index === undefined && Object.keys(p as object).length === 1) {
      if (!Number.isInteger(fact) || (fact as number) < 0 || (fact as number) >= mem.store.rowCount) throw new NotFoundError(`${call}: ${field} names no fact: ${show(fact)}`);
      return;
    }
    throw new InvalidArgumentError(`${call}: ${field} must be { index } or { fact }`);
  });
}
