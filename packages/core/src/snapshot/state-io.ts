// The memory as named arrays (state.ts) and back: what snapshots store, checked before anything is built.
import { knownObject } from '../graph/premise-rules.js';
import { CorruptSnapshotError, PalimpsestError, SnapshotVersionError } from '../errors.js';
import { NONE } from '../store/fact-store.js';
import { STATE_FORMAT_VERSION } from '../state.js';
import type { ColumnArray, MemoryState } from '../state.js';
import type { ColumnWriter, SnapshotSource } from './snapshot-source.js';
import type { MemoryGraphOptions, PredicateOptions } from '../types.js';
import { checkLoadConfig } from '../graph/config-check.js';
import { refuseMismatch, RESTORED_EMBEDDER } from '../recall/embedder-config.js';
import { MemoryTables } from '../graph/tables.js';
import { recallIndexOption } from '../log/replay.js';
import type { LoadOptions } from '../log/replay.js';
import { literalId } from '../graph/resolve.js';
import { checkState } from './state-check.js';
import { restoreRecallIndexes } from './recall-indexes.js';
import { restoreKeptNames } from './kept-names.js';
import { restoreKeptEntityVectors } from './kept-entity-vectors.js';
import type { CheckedState } from './state-check.js';
import { describeError, readOptions, SHAPES } from '../graph/validate.js';

/**
 * The whole memory as named arrays (see state.ts): what a snapshot file stores. The arrays are copies
 * trimmed to their used length; derived indexes are not included (a snapshot adds recall's episode
 * postings and date flags: recall-indexes.ts; the rest are rebuilt linearly on load).
 */
export function exportMemoryState(mem: MemoryTables): MemoryState;
/**
 * `views`: for a snapshot encoder that reads the state at once (snapshot-source.ts): the columns kept as they
 * are stored are views of the memory's arrays, the log is written from its segments, the string lists are the
 * memory's own arrays. Valid only until the memory's next write.
 */
export function exportMemoryState(mem: MemoryTables, views: true): SnapshotSource;
export function exportMemoryState(mem: MemoryTables, views = false): SnapshotSource {
  const e = mem.entities;
  const n = e.count;
  const ep = mem.episodes;
  const cut = <T extends ColumnArray>(a: T, length: number): T => (views ? (a.subarray(0, length) as T) : (a.slice(0, length) as T));
  const log = views ? mem.logBuffer.trimmedWriters('MemoryGraph.exportState') : mem.logBuffer.trimmed();
  const columns: Record<string, ColumnArray | ColumnWriter> = {
    ...mem.store.exportColumns(),
    'entity.name': cut(e.name, n),
    'entity.display': cut(e.display, n),
    'entity.type': cut(e.type, n),
    'entity.recordedAt': cut(e.recordedAt, n),
    'entity.mergedInto': cut(e.mergedInto, n),
    'entity.mergedAt': cut(e.mergedAt, n),
    'entity.hasVector': cut(e.hasVector, n),
    'entity.vectors': cut(e.vectors, n * mem.dimensions),
    'alias.entity': Int32Array.from(e.aliasEntity),
    'alias.name': Int32Array.from(e.aliasName),
    'literal.kind': Uint8Array.from(mem.literals, (v) => (typeof v === 'string' ? 0 : typeof v === 'number' ? 1 : 2)),
    'literal.number': Float64Array.from(mem.literals, (v) => (typeof v === 'string' ? 0 : Number(v))),
    'provenance.source': Int32Array.from(mem.provenance.source),
    'provenance.reason': Int32Array.from(mem.provenance.reason),
    'provenance.edgeType': Int32Array.from(mem.provenance.edgeType),
    'episode.at': cut(ep.at, ep.count),
    'episode.recordedAt': cut(ep.recordedAt, ep.count),
    'episode.speaker': cut(ep.speaker, ep.count),
    // only when some episode has a session: a memory without any writes the bytes it wrote before sessions
    ...(ep.session.subarray(0, ep.count).some((s) => s !== NONE) ? { 'episode.session': cut(ep.session, ep.count) } : {}),
    'episode.entityStart': cut(ep.entityStart, ep.count + 1),
    'episode.entityIds': Int32Array.from(ep.entityIds),
    'episode.hasVector': cut(ep.hasVector, ep.count),
    'episode.vectors': cut(ep.vectors, ep.count * mem.dimensions),
    'log.bytes': log.bytes,
    'log.ends': log.ends,
  };
  const predicates = [...mem.predicateConfig].map(([name, c]) => ({ name, cardinality: c.cardinality, minConfidence: c.minConfidence ?? null }));
  return {
    formatVersion: STATE_FORMAT_VERSION,
    config: {
      minConfidence: mem.minConfidence,
      dimensions: mem.dimensions,
      predicates,
      lastRecordedAt: mem.lastRecordedAt === -Infinity ? null : mem.lastRecordedAt,
      ...(mem.embedderConfig === undefined ? {} : { embedder: { ...mem.embedderConfig } }),
      ...(mem.defaultSpeaker === 'user' ? {} : { defaultSpeaker: mem.defaultSpeaker }),
      ...(mem.dependencies.empty ? {} : { dependencies: mem.dependencies.exportState()! }),
    },
    columns,
    strings: {
      strings: views ? mem.strings.values : [...mem.strings.values],
      predicates: [...mem.predicateNames.values],
      'literal.string': mem.literals.map((v) => (typeof v === 'string' ? v : '')),
      'episode.id': views ? ep.ids : [...ep.ids],
      'episode.text': views ? ep.texts : [...ep.texts],
    },
  };
}

/**
 * A memory from `exportState()` output. Every length and cross-reference is checked first; what does not
 * fit throws CorruptSnapshotError, another format version SnapshotVersionError.
 */
/**
 * Set (to true) under this key in fromState's options by a loader that made the state's arrays itself and
 * hands them over (persist's decoders): the store then adopts its row and triple columns instead of copying
 * them. A registry symbol, so no caller's JSON can carry it and persist needs no internal import.
 */
export const ADOPT_COLUMNS = Symbol.for('palimpsest.adoptColumns');

export function memoryFromState(state: MemoryState, given: LoadOptions): MemoryTables {
  const call = 'MemoryGraph.fromState';
  const adopt = given !== null && typeof given === 'object' && (given as { [ADOPT_COLUMNS]?: unknown })[ADOPT_COLUMNS] === true;
  const options = readOptions<LoadOptions>(call, given, SHAPES.loadOptions);
  const recallIndex = recallIndexOption(call, options);
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
    const mem = new MemoryTables({
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
      minConfidence: config.minConfidence,
      ...(config.dimensions === 0 ? {} : { dimensions: config.dimensions }),
      predicates,
      ...(typeof state.config.defaultSpeaker === 'string' ? { defaultSpeaker: state.config.defaultSpeaker } : {}),
      [RESTORED_EMBEDDER]: config.embedder,
    } as MemoryGraphOptions);
    loadChecked(mem, checked, adopt);
    mem.dependencies.loadState(
      state.config.dependencies,
      mem.store.rowCount,
      (why) => {
        throw new CorruptSnapshotError(`${call}: ${why}`);
      },
      (code) => knownObject(mem, code),
    );
    // Recall's indexes: the kept ones read, the rest built in the load's pass unless deferred (no
    // first-recall cliff); no HNSW is built here, so this is linear in what was loaded.
    restoreRecallIndexes(mem, state, adopt);
    restoreKeptNames(mem, state);
    restoreKeptEntityVectors(mem, state);
    if (recallIndex === 'load') mem.indexForRecall();
    return mem;
  } catch (error) {
    // Whatever a malformed state makes fail is a damaged state, never a raw TypeError or RangeError.
    if (error instanceof CorruptSnapshotError || error instanceof SnapshotVersionError) throw error;
    throw new CorruptSnapshotError(`${call}: ${error instanceof PalimpsestError ? error.message : describeError(error)}`);
  }
}

export function loadChecked(mem: MemoryTables, c: CheckedState, adopt = false): void {
  // a fresh memory's empty dictionary takes the state's numbering, so string ids (the episodes' speakers and
  // sessions) are copied as they are
  if (mem.strings.size !== 0) throw new Error('loadChecked: the memory is not fresh');
  mem.strings.load(c.strings, c.stringIds);
  for (const v of c.predicateNames) mem.predicateNames.intern(v);
  const e = mem.entities;
  e.load(c.entity);
  for (let id = 0; id < c.entity.name.length; id++) {
    if (c.entity.hasVector[id] === 1) e.setVector(id, c.entity.vectors.subarray(id * mem.dimensions, (id + 1) * mem.dimensions));
  }
  for (let i = 0; i < c.alias.entity.length; i++) e.addAlias(c.alias.entity[i]!, c.strings[c.alias.name[i]!]!);
  for (let id = 0; id < c.entity.name.length; id++) {
    const into = c.entity.mergedInto[id]!;
    if (into === NONE) continue;
    e.merge(id, into, c.entity.mergedAt[id]!);
  }
  // mergedFrom in merge order (record time, then id), as the live memory built it.
  const merged: number[] = [];
  for (let id = 0; id < c.entity.name.length; id++) if (c.entity.mergedInto[id] !== NONE) merged.push(id);
  merged.sort((a, b) => c.entity.mergedAt[a]! - c.entity.mergedAt[b]! || a - b);
  for (const id of merged) {
    const into = c.entity.mergedInto[id]!;
    const list = mem.mergedFrom.get(into);
    if (list === undefined) mem.mergedFrom.set(into, [id]);
    else list.push(id);
  }
  c.literals.forEach((v) => literalId(mem, v));
  for (let i = 0; i < c.provenance.source.length; i++) {
    const key = `${c.provenance.source[i]},${c.provenance.reason[i]},${c.provenance.edgeType[i]}`;
    mem.provenance.source.push(c.provenance.source[i]!);
    mem.provenance.reason.push(c.provenance.reason[i]!);
    mem.provenance.edgeType.push(c.provenance.edgeType[i]!);
    mem.provenanceIds.set(key, i);
  }
  mem.episodes.load(c.episode);
  try {
    mem.store.loadColumns(c.store, c.entity.name.length, adopt);
  } catch (error) {
    throw new CorruptSnapshotError(`MemoryGraph.fromState: ${error instanceof Error ? error.message : String(error)}`);
  }
  mem.logBuffer.load(c.log.bytes, c.log.ends);
  mem.lastRecordedAt = c.config.lastRecordedAt ?? -Infinity;
}
