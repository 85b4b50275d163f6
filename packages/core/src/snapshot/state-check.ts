import { readEmbedderConfig } from '../recall/embedder-config.js';
import { CorruptSnapshotError, SnapshotVersionError } from '../errors.js';
import { STATE_FORMAT_VERSION } from '../state.js';
import type { ColumnArray, MemoryState, StateConfig } from '../state.js';
import type { StoreColumns } from '../store/fact-store.js';
import type { LiteralValue } from '../types.js';
import { recordsFromLines, validateRecords } from '../log/log-records.js';
import { isWellFormed } from '../util/well-formed.js';

/**
 * Checks a MemoryState completely before anything is built from it: every column present with the right
 * type and length, every id in range, every chain acyclic, record time in order. A state that passes
 * cannot make the loader throw or loop; one that fails throws CorruptSnapshotError naming what is wrong.
 */
export interface CheckedState {
  config: StateConfig;
  strings: string[];
  /** Each string's index in `strings` (the duplicate check's map, which the memory's dictionary adopts). */
  stringIds: Map<string, number>;
  predicateNames: string[];
  literals: LiteralValue[];
  store: StoreColumns;
  entity: {
    name: Int32Array;
    display: Int32Array;
    type: Int32Array;
    recordedAt: Float64Array;
    mergedInto: Int32Array;
    mergedAt: Float64Array;
    hasVector: Uint8Array;
    vectors: Float32Array;
  };
  alias: { entity: Int32Array; name: Int32Array };
  provenance: { source: Int32Array; reason: Int32Array; edgeType: Int32Array };
  episode: {
    ids: string[];
    texts: string[];
    at: Float64Array;
    recordedAt: Float64Array;
    speaker: Int32Array;
    /** Session string ids (NONE: none); all NONE for a state written before sessions were kept. */
    session: Int32Array;
    entityStart: Uint32Array;
    entityIds: Int32Array;
    hasVector: Uint8Array;
    vectors: Float32Array;
    /** Episode id → index (ids are unique). */
    byId: Map<string, number>;
  };
  log: { bytes: Uint8Array; ends: Uint32Array };
}

const CALL = 'MemoryGraph.fromState';

function fail(what: string): never {
  throw new CorruptSnapshotError(`${CALL}: ${what}`);
}

type Ctor<T> = { new (n: number): T; readonly name: string };

/** A state's columns and string lists by name: each read fails naming what is missing or of the wrong type or length. */
class StateReader {
  constructor(
    private readonly cols: MemoryState['columns'],
    private readonly strs: MemoryState['strings'],
  ) {}

  col<T extends ColumnArray>(name: string, ctor: Ctor<T>, length?: number): T {
    const c: unknown = this.cols[name];
    if (c === undefined) fail(`column "${name}" is missing`);
    if (!(c instanceof ctor)) fail(`column "${name}" should be ${ctor.name}, is ${c === null ? 'null' : typeof c}`);
    if (length !== undefined && c.length !== length) fail(`column "${name}" has ${c.length} values, expected ${length}`);
    return c as T;
  }

  /** Whether an optional column is present. */
  has(name: string): boolean {
    return this.cols[name] !== undefined;
  }

  list(name: string, length?: number): string[] {
    const l: unknown = this.strs[name];
    if (!Array.isArray(l)) fail(`string list "${name}" is missing or not strings`);
    // What core holds, persist must write: a lone surrogate has no UTF-8 form.
    for (let i = 0; i < l.length; i++) {
      if (!(i in l) || typeof l[i] !== 'string' || !isWellFormed(l[i] as string)) fail(`string list "${name}" entry ${i} is not a well-formed string`);
    }
    if (length !== undefined && l.length !== length) fail(`string list "${name}" has ${l.length} values, expected ${length}`);
    return l;
  }
}

function unique(name: string, values: string[]): void {
  if (new Set(values).size !== values.length) fail(`string list "${name}" has duplicates`);
}

function inRange(name: string, values: ArrayLike<number>, lo: number, hi: number): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!(v >= lo && v < hi) || !Number.isInteger(v)) fail(`${name}[${i}] = ${v} is outside [${lo}, ${hi})`);
  }
}

/** How many of each table a state holds: the ranges its ids are checked against. */
interface Counts {
  S: number;
  E: number;
  L: number;
  P: number;
  N: number;
  predicates: number;
}

export function checkState(state: MemoryState): CheckedState {
  checkVersion(state);
  const config = checkConfig(state.config);
  const cols = state.columns ?? fail('columns are missing');
  const strs = state.strings ?? fail('strings are missing');
  const r = new StateReader(cols, strs);

  const strings = r.list('strings');
  const stringIds = new Map<string, number>();
  for (let i = 0; i < strings.length; i++) stringIds.set(strings[i]!, i);
  if (stringIds.size !== strings.length) fail('string list "strings" has duplicates');
  const predicateNames = r.list('predicates');
  unique('predicates', predicateNames);
  const S = strings.length;
  const dims = config.dimensions;

  const { entity, alias } = checkEntities(r, strings, dims);
  const E = entity.name.length;
  const literals = checkLiterals(r);
  const L = literals.length;
  const provenance = { source: r.col('provenance.source', Int32Array), reason: r.col('provenance.reason', Int32Array), edgeType: r.col('provenance.edgeType', Int32Array) };
  const P = provenance.source.length;
  if (provenance.reason.length !== P || provenance.edgeType.length !== P) fail('provenance columns differ in length');
  inRange('provenance.source', provenance.source, -1, S);
  inRange('provenance.reason', provenance.reason, -1, S);
  inRange('provenance.edgeType', provenance.edgeType, -1, 5);
  const episode = checkEpisodes(r, S, E, dims);
  const counts: Counts = { S, E, L, P, N: episode.ids.length, predicates: predicateNames.length };
  const store = checkFacts(r, config, counts);
  const log = checkLog(r, state.formatVersion, counts);
  return { config, strings, stringIds, predicateNames, literals, store, entity, alias, provenance, episode, log };
}

function checkVersion(state: MemoryState): void {
  if (state === null || typeof state !== 'object') fail('state is not an object');
  if (state.formatVersion !== STATE_FORMAT_VERSION && state.formatVersion !== 2 && state.formatVersion !== 1) {
    if (typeof state.formatVersion === 'number' && state.formatVersion > STATE_FORMAT_VERSION) {
      throw new SnapshotVersionError(`${CALL}: state format ${state.formatVersion} is newer than this engine reads (${STATE_FORMAT_VERSION}); upgrade @palimpsest/core`);
    }
    throw new SnapshotVersionError(`${CALL}: state format ${String(state.formatVersion)} is not supported (this engine reads 1 to ${STATE_FORMAT_VERSION})`);
  }
}

/** Entities and aliases: names unique across both, merge chains that end. */
function checkEntities(r: StateReader, strings: string[], dims: number): Pick<CheckedState, 'entity' | 'alias'> {
  const S = strings.length;
  const name = r.col('entity.name', Int32Array);
  const E = name.length;
  const entity = {
    name,
    display: r.col('entity.display', Int32Array, E),
    type: r.col('entity.type', Int32Array, E),
    recordedAt: r.col('entity.recordedAt', Float64Array, E),
    mergedInto: r.col('entity.mergedInto', Int32Array, E),
    mergedAt: r.col('entity.mergedAt', Float64Array, E),
    hasVector: r.col('entity.hasVector', Uint8Array, E),
    vectors: r.col('entity.vectors', Float32Array, E * dims),
  };
  inRange('entity.name', entity.name, 0, S);
  inRange('entity.display', entity.display, 0, S);
  inRange('entity.type', entity.type, -1, S);
  inRange('entity.mergedInto', entity.mergedInto, -1, E);
  inRange('entity.hasVector', entity.hasVector, 0, 2);
  // Names are string ids (in range, checked above): one flag per string finds a name used twice.
  const named = new Uint8Array(S);
  for (let i = 0; i < E; i++) {
    if (named[entity.name[i]!] === 1) fail('two entities share a canonical name');
    named[entity.name[i]!] = 1;
  }
  for (let i = 0; i < E; i++) {
    if (!Number.isFinite(entity.recordedAt[i]!)) fail(`entity.recordedAt[${i}] is not finite`);
    if (entity.mergedInto[i] === i) fail(`entity #${i} is merged into itself`);
  }
  // Merge chains must end (no cycles): follow each at most E steps.
  for (let i = 0; i < E; i++) {
    let cur = i;
    for (let steps = 0; entity.mergedInto[cur] !== -1; steps++) {
      if (steps > E) fail(`entity #${i} has a cycle of merges`);
      cur = entity.mergedInto[cur]!;
    }
  }
  const alias = { entity: r.col('alias.entity', Int32Array), name: r.col('alias.name', Int32Array) };
  if (alias.name.length !== alias.entity.length) fail('alias columns differ in length');
  inRange('alias.entity', alias.entity, 0, E);
  inRange('alias.name', alias.name, 0, S);
  for (const a of alias.name) {
    if (named[a] === 1) fail(`alias "${strings[a]}" names two entities`);
    named[a] = 1;
  }
  return { entity, alias };
}

/** Literal values, each of a known kind and held once. */
function checkLiterals(r: StateReader): LiteralValue[] {
  const kind = r.col('literal.kind', Uint8Array);
  const L = kind.length;
  const numbers = r.col('literal.number', Float64Array, L);
  const literalStrings = r.list('literal.string', L);
  const literals: LiteralValue[] = [];
  const literalKeys = new Set<string>();
  for (let i = 0; i < L; i++) {
    const k = kind[i]!;
    const v: LiteralValue = k === 0 ? literalStrings[i]! : k === 1 ? numbers[i]! : k === 2 ? numbers[i] === 1 : fail(`literal.kind[${i}] = ${k} is unknown`);
    if (k === 1 && !Number.isFinite(v as number)) fail(`literal #${i} is not a finite number`);
    if (k === 2 && numbers[i] !== 0 && numbers[i] !== 1) fail(`literal #${i} is not a boolean`);
    const key = `${k}:${String(v)}`;
    if (literalKeys.has(key)) fail(`literal #${i} is a duplicate`);
    literalKeys.add(key);
    literals.push(v);
  }
  return literals;
}

function checkEpisodes(r: StateReader, S: number, E: number, dims: number): CheckedState['episode'] {
  const ids = r.list('episode.id');
  // id → index, checked unique here and handed to the episode table (the map a load would build again)
  const byId = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) byId.set(ids[i]!, i);
  if (byId.size !== ids.length) fail('string list "episode.id" has duplicates');
  const N = ids.length;
  const episode = {
    ids,
    byId,
    texts: r.list('episode.text', N),
    at: r.col('episode.at', Float64Array, N),
    recordedAt: r.col('episode.recordedAt', Float64Array, N),
    speaker: r.col('episode.speaker', Int32Array, N),
    // optional: states written before episodes kept their session have no such column
    session: r.has('episode.session') ? r.col('episode.session', Int32Array, N) : new Int32Array(N).fill(-1),
    entityStart: r.col('episode.entityStart', Uint32Array, N + 1),
    entityIds: r.col('episode.entityIds', Int32Array),
    hasVector: r.col('episode.hasVector', Uint8Array, N),
    vectors: r.col('episode.vectors', Float32Array, N * dims),
  };
  inRange('episode.speaker', episode.speaker, -1, S);
  inRange('episode.session', episode.session, -1, S);
  inRange('episode.entityIds', episode.entityIds, 0, E);
  inRange('episode.hasVector', episode.hasVector, 0, 2);
  if (episode.entityStart[0] !== 0 || episode.entityStart[N] !== episode.entityIds.length) fail('episode.entityStart does not span episode.entityIds');
  for (let i = 0; i < N; i++) {
    if (episode.entityStart[i]! > episode.entityStart[i + 1]!) fail(`episode.entityStart[${i}] goes backwards`);
    if (!Number.isFinite(episode.at[i]!) || !Number.isFinite(episode.recordedAt[i]!)) fail(`episode #${i} has a time that is not finite`);
  }
  return episode;
}

/** The fact store's columns: triples, fact versions, evidence and link chains, the closed rows. */
function checkFacts(r: StateReader, config: StateConfig, c: Counts): StoreColumns {
  const { S, E, L, P, N } = c;
  const tSubject = r.col('triple.subject', Int32Array);
  const T = tSubject.length;
  const tPredicate = r.col('triple.predicate', Int32Array, T);
  const tObject = r.col('triple.object', Int32Array, T);
  inRange('triple.subject', tSubject, 0, E);
  inRange('triple.predicate', tPredicate, 0, c.predicates);
  inRange('triple.object', tObject, -2 - L + 1, E);
  for (let t = 0; t < T; t++) if (tObject[t] === -1) fail(`triple.object[${t}] is -1 (no object)`);
  const triple = r.col('fact.triple', Int32Array);
  const n = triple.length;
  const evidenceValue = r.col('evidence.value', Int32Array);
  const evidenceNext = r.col('evidence.next', Int32Array, evidenceValue.length);
  const linkValue = r.col('link.value', Int32Array);
  const linkNext = r.col('link.next', Int32Array, linkValue.length);
  const store: StoreColumns = {
    triple,
    validFrom: r.col('fact.validFrom', Float64Array, n),
    validTo: r.col('fact.validTo', Float64Array, n),
    recordedAt: r.col('fact.recordedAt', Float64Array, n),
    invalidAt: r.col('fact.invalidAt', Float64Array, n),
    confidence: r.col('fact.confidence', Float32Array, n),
    salience: r.col('fact.salience', Float32Array, n),
    provenance: r.col('fact.provenance', Int32Array, n),
    episode: r.col('fact.episode', Int32Array, n),
    evidenceHead: r.col('fact.evidenceHead', Int32Array, n),
    supersededHead: r.col('fact.supersededHead', Int32Array, n),
    retrievals: r.col('fact.retrievals', Uint32Array, n),
    lastRetrievedAt: r.col('fact.lastRetrievedAt', Float64Array, n),
    archivedAt: r.col('fact.archivedAt', Float64Array, n),
    lastSeenAt: r.col('fact.lastSeenAt', Float64Array, n),
    tSubject,
    tPredicate,
    tObject,
    evidenceValue,
    evidenceNext,
    linkValue,
    linkNext,
    closedRows: r.col('closed.rows', Int32Array),
  };
  // One fused pass over the rows checks what the per-column checks below check; only when it finds
  // something wrong do those run, to name the first fault exactly as they always have.
  const rows = rowPass(store, T, P, N, evidenceValue.length, linkValue.length);
  if (rows === undefined) {
    inRange('fact.triple', triple, 0, T);
    inRange('fact.provenance', store.provenance, 0, Math.max(P, 0));
    inRange('fact.episode', store.episode, -1, N);
    inRange('fact.evidenceHead', store.evidenceHead, -1, evidenceValue.length);
    inRange('fact.supersededHead', store.supersededHead, -1, linkValue.length);
  }
  inRange('evidence.value', evidenceValue, 0, S);
  inRange('link.value', linkValue, 0, n);
  // Evidence chains are prepend-only (next < self); link chains append at the tail (next > self): no cycles.
  for (let i = 0; i < evidenceNext.length; i++) if (!(evidenceNext[i]! >= -1 && evidenceNext[i]! < i)) fail(`evidence.next[${i}] is out of order`);
  for (let i = 0; i < linkNext.length; i++) if (!(linkNext[i] === -1 || (linkNext[i]! > i && linkNext[i]! < linkNext.length))) fail(`link.next[${i}] is out of order`);
  const { open, lastRecorded } = rows ?? rowsOneByOne(store);
  if (config.lastRecordedAt !== null && lastRecorded > config.lastRecordedAt) fail('facts are recorded after the last record time');
  checkClosedRows(store, n, open);
  // Duplicate triples are caught when the triple hash is built (FactStore.loadColumns).
  return store;
}

/** The per-row checks one row at a time, naming the first row that fails (run only when the fused pass failed). */
function rowsOneByOne(store: StoreColumns): { open: number; lastRecorded: number } {
  let lastRecorded = -Infinity;
  let open = 0;
  for (let r = 0; r < store.triple.length; r++) {
    const vf = store.validFrom[r]!;
    const vt = store.validTo[r]!;
    const rec = store.recordedAt[r]!;
    const inv = store.invalidAt[r]!;
    if (Number.isNaN(vf) || Number.isNaN(vt) || !(vf < vt) || vf === Infinity || vt === -Infinity) fail(`fact #${r} has valid interval [${vf}, ${vt})`);
    if (!Number.isFinite(rec) || rec < lastRecorded) fail(`fact #${r} is recorded out of order (${rec})`);
    if (Number.isNaN(inv) || inv < rec) fail(`fact #${r} is closed (${inv}) before it was recorded (${rec})`);
    if (inv === Infinity) open++;
    const c = store.confidence[r]!;
    if (!(c >= 0 && c <= 1)) fail(`fact #${r} has confidence ${c}`);
    if (!(store.salience[r]! >= 0 && store.salience[r]! <= 1)) fail(`fact #${r} has salience ${store.salience[r]}`);
    if (!Number.isFinite(store.lastSeenAt[r]!)) fail(`fact #${r} has lastSeenAt ${store.lastSeenAt[r]}`);
    lastRecorded = rec;
  }
  return { open, lastRecorded };
}

/** closed.rows: every closed fact once, in closing order. */
function checkClosedRows(store: StoreColumns, n: number, open: number): void {
  const closed = store.closedRows;
  if (closed.length !== n - open) fail(`closed.rows lists ${closed.length} rows, ${n - open} are closed`);
  const seen = new Uint8Array(n);
  let lastClosed = -Infinity;
  for (let i = 0; i < closed.length; i++) {
    const r = closed[i]!;
    if (!(r >= 0 && r < n) || seen[r] === 1 || store.invalidAt[r] === Infinity) fail(`closed.rows[${i}] = ${r} is not a closed fact`);
    seen[r] = 1;
    if (store.invalidAt[r]! < lastClosed) fail(`closed.rows is not in closing order at ${i}`);
    lastClosed = store.invalidAt[r]!;
  }
}

/** The log: binary records (format 2), or JSON lines (format 1, turned into JSON records here). */
function checkLog(r: StateReader, formatVersion: number, c: Counts): CheckedState['log'] {
  const logBytes = r.col('log.bytes', Uint8Array);
  const ends = r.col('log.ends', Uint32Array);
  if (ends.length === 0) fail('the log is empty (it starts with its init operation)');
  let bytes: Uint8Array | undefined = logBytes;
  if (formatVersion === 1) {
    bytes = recordsFromLines(logBytes, ends);
    if (bytes === undefined) fail('the log\'s lines do not end where their newlines are');
  } else {
    const wrong = validateRecords(logBytes, ends, { entities: c.E, predicates: c.predicates, literals: c.L, provenance: c.P, episodes: c.N, strings: c.S });
    if (wrong !== undefined) fail(wrong);
  }
  return { bytes, ends };
}

/**
 * Every row's ids in range and values well-formed (the conditions of checkState's per-column checks, in one
 * pass over the rows): the count of open rows and the last record time, or undefined when a row fails.
 */
function rowPass(st: StoreColumns, T: number, P: number, N: number, evidence: number, links: number): { open: number; lastRecorded: number } | undefined {
  const { triple, provenance, episode, evidenceHead, supersededHead, validFrom, validTo, recordedAt, invalidAt, confidence, salience, lastSeenAt } = st;
  const n = triple.length;
  let lastRecorded = -Infinity;
  let open = 0;
  for (let r = 0; r < n; r++) {
    // Int32 columns hold whole numbers: a range test is the whole check.
    const t = triple[r]!;
    const p = provenance[r]!;
    const e = episode[r]!;
    const h = evidenceHead[r]!;
    const l = supersededHead[r]!;
    if (t < 0 || t >= T || p < 0 || p >= P || e < -1 || e >= N || h < -1 || h >= evidence || l < -1 || l >= links) return undefined;
    const vf = validFrom[r]!;
    const vt = validTo[r]!;
    const rec = recordedAt[r]!;
    const inv = invalidAt[r]!;
    // NaN fails every comparison below, so each test is written to be false for it.
    if (!(vf < vt) || vf === Infinity || vt === -Infinity) return undefined;
    if (!(rec >= lastRecorded && rec > -Infinity && rec < Infinity) || !(inv >= rec)) return undefined;
    if (inv === Infinity) open++;
    const c = confidence[r]!;
    const sal = salience[r]!;
    const seen = lastSeenAt[r]!;
    if (!(c >= 0 && c <= 1) || !(sal >= 0 && sal <= 1) || !(seen > -Infinity && seen < Infinity)) return undefined;
    lastRecorded = rec;
  }
  return { open, lastRecorded };
}

function checkConfig(config: StateConfig): StateConfig {
  if (config === null || typeof config !== 'object') fail('config is missing');
  const { minConfidence, dimensions, lastRecordedAt } = config;
  const predicates: unknown = config.predicates;
  if (typeof minConfidence !== 'number' || !(minConfidence >= 0 && minConfidence <= 1)) fail('config.minConfidence is not in [0, 1]');
  if (!Number.isInteger(dimensions) || dimensions < 0 || dimensions > 65536) fail('config.dimensions is not a valid length');
  if (lastRecordedAt !== null && !Number.isFinite(lastRecordedAt)) fail('config.lastRecordedAt is not a time');
  if (!Array.isArray(predicates)) fail('config.predicates is not a list');
  // Copied once into plain entries: what is checked is what the memory is built from.
  const plain: StateConfig['predicates'] = [];
  const names = new Set<string>();
  for (let i = 0; i < predicates.length; i++) {
    const p: unknown = predicates[i];
    if (p === null || typeof p !== 'object') fail('config.predicates has an entry without a name');
    const { name, cardinality, minConfidence: gate } = p as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '' || name.length > 512 || !isWellFormed(name)) fail(`config.predicates[${i}] has no valid name`);
    if (names.has(name)) fail(`predicate "${name}" is configured twice`);
    names.add(name);
    if (cardinality !== 'one' && cardinality !== 'many') fail(`predicate "${name}" has cardinality ${String(cardinality)}`);
    if (gate !== null && !(typeof gate === 'number' && gate >= 0 && gate <= 1)) fail(`predicate "${name}" has a bad minConfidence`);
    plain.push({ name, cardinality, minConfidence: gate === null ? null : (gate as number) + 0 });
  }
  const embedder = readEmbedderConfig(config.embedder);
  if (typeof embedder === 'string') fail(`config.${embedder}`);
  return { minConfidence: minConfidence + 0, dimensions, predicates: plain, lastRecordedAt, ...(embedder === undefined ? {} : { embedder }) };
}
