// The reads: cuts, fact rows, history, changes, neighbours, and the objects (Fact, Entity, Episode) they return.
import { InvalidArgumentError, NotFoundError } from '../errors.js';
import { NONE } from '../store/fact-store.js';
import type { FactStore } from '../store/fact-store.js';
import { ZoneQuery } from '../store/zone-index.js';
import type {
  Changes,
  ChangesQuery,
  Cut,
  Entity,
  EntityRef,
  Episode,
  Fact,
  FactQuery,
  HistoryQuery,
  Neighbor,
  NeighborQuery,
  TimeInput,
} from '../types.js';
import { showTime, toMillis } from '../util/time.js';
import type { MemoryTables } from './tables.js';
import { factAt, factsOfRows, factsOfSubject } from './fact-objects.js';
import { findEntity, findObject, withMerged } from './resolve.js';
import { readFactQuery, readInput, readOptions, SHAPES, show } from './validate.js';

export function cutOf(mem: MemoryTables, cut: Cut, call: string): { v: number; k: number } {
  const needNow = cut.validAt === undefined || cut.knownAt === undefined;
  const now = needNow ? mem.clockAt(call) : 0;
  const v = cut.validAt === undefined ? now : toMillis(cut.validAt, call, 'validAt');
  const k = cut.knownAt === undefined ? now : toMillis(cut.knownAt, call, 'knownAt');
  return { v, k };
}

/** The facts believed at `knownAt` to hold at `validAt` (both default to now). */
export function readFacts(mem: MemoryTables, raw: FactQuery = {}): Fact[] {
  const call = 'MemoryGraph.facts';
  const query = readFactQuery(call, raw);
  const { v, k } = cutOf(mem, query, call);
  const m = factMatches(mem, query, v, k, call, true);
  return m.times === undefined ? factsOfRows(mem, m.rows) : factsOfSubject(mem, m.subject, m.rows, m.times);
}

/** Ids of the versions `facts(query)` would return, in the same order, without making objects (read one with `fact(id)`). */
export function readFactIds(mem: MemoryTables, raw: FactQuery = {}): number[] {
  const call = 'MemoryGraph.factIds';
  const query = readFactQuery(call, raw);
  const { v, k } = cutOf(mem, query, call);
  return factRows(mem, query, v, k, call);
}

/** @internal Row ids matching a fact query at (v, k), ascending. */
export function factRows(mem: MemoryTables, query: FactQuery, v: number, k: number, call: string): number[] {
  return factMatches(mem, query, v, k, call, false).rows;
}

/**
 * A fact query's matches at (v, k): row ids, ascending. An entity-local cut read with `withTimes` also
 * gives its subject and each row's validFrom, validTo and invalidAt (three a row in `times`), taken from the
 * subject index's slots as the scan passes them, so building Facts reads no slot again.
 */
export interface FactMatches {
  rows: number[];
  subject: number;
  times: number[] | undefined;
}

const NO_MATCH = (): FactMatches => ({ rows: [], subject: NONE, times: undefined });

/** @internal */
export function factMatches(mem: MemoryTables, query: FactQuery, v: number, k: number, call: string, withTimes: boolean): FactMatches {
  const m = allMatches(mem, query, v, k, call, withTimes);
  if (query.supported === undefined || (mem.dependencies.empty && query.supported)) return m;
  return keepSupported(mem, m, k, query.supported);
}

/** The matches whose support at k is `wanted` (the times kept alongside, three a row). */
function keepSupported(mem: MemoryTables, m: FactMatches, k: number, wanted: boolean): FactMatches {
  const rows: number[] = [];
  const times = m.times === undefined ? undefined : ([] as number[]);
  for (let i = 0; i < m.rows.length; i++) {
    const r = m.rows[i]!;
    if (mem.dependencies.unsupportedAt(r, k) === wanted) continue;
    rows.push(r);
    if (times !== undefined) times.push(m.times![3 * i]!, m.times![3 * i + 1]!, m.times![3 * i + 2]!);
  }
  return { rows, subject: m.subject, times };
}

function allMatches(mem: MemoryTables, query: FactQuery, v: number, k: number, call: string, withTimes: boolean): FactMatches {
  const st = mem.store;
  const includeArchived = query.includeArchived ?? true;
  const p = query.predicate === undefined ? NONE : mem.predicateNames.find(query.predicate);
  if (query.predicate !== undefined && p === NONE) return NO_MATCH();
  const subject = query.subject === undefined ? undefined : findEntity(mem, query.subject, call, 'subject', k);
  if (subject === NONE) return NO_MATCH();
  let object: number | undefined;
  if (query.object !== undefined) {
    object = findObject(mem, query.object, call, 'object', k).code;
    if (object === NONE) return NO_MATCH();
  }
  const filtered = p !== NONE || object !== undefined || !includeArchived;
  if (subject !== undefined) {
    // The subject's own clustered slots (subject-index.ts), already in row order; then the filters.
    const rows: number[] = [];
    const times = withTimes ? [] : undefined;
    st.subjects.visibleRows(subject, st.recordedPrefix(k), v, k, rows, times, p === NONE ? undefined : { triple: st.triple, tPredicate: st.tPredicate, predicate: p });
    if (filtered) keepMatching(st, rows, times, p, object, includeArchived);
    return { rows, subject, times };
  }
  if (object !== undefined && object >= 0) {
    const rows: number[] = [];
    for (let t = st.objectHead[object]!; t !== NONE; t = st.tObjectNext[t]!) {
      if (p !== NONE && st.tPredicate[t] !== p) continue;
      for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) {
        if (st.visible(r, v, k) && (includeArchived || !st.meta.isArchived(r))) rows.push(r);
      }
    }
    return { rows: rows.sort((a, b) => a - b), subject: NONE, times: undefined };
  }
  // The whole graph: the subject index's blocks in memory order, the matches in row order (subject-index.ts).
  const rows = st.subjects.visibleAllRows(st.recordedPrefix(k), v, k);
  if (filtered) keepMatching(st, rows, undefined, p, object, includeArchived);
  return { rows, subject: NONE, times: undefined };
}

/**
 * Keeps, in place and in order, the rows (and their times, three a row) of the predicate, object and
 * archive filters (`p` NONE and `object` undefined: no such filter). A function of its own, not a closure
 * made by every read.
 */
function keepMatching(st: FactStore, rows: number[], times: number[] | undefined, p: number, object: number | undefined, includeArchived: boolean): void {
  let kept = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const t = st.triple[r]!;
    if (p !== NONE && st.tPredicate[t] !== p) continue;
    if (object !== undefined && st.tObject[t] !== object) continue;
    if (!includeArchived && st.meta.isArchived(r)) continue;
    if (times !== undefined) {
      times[3 * kept] = times[3 * i]!;
      times[3 * kept + 1] = times[3 * i + 1]!;
      times[3 * kept + 2] = times[3 * i + 2]!;
    }
    rows[kept++] = r;
  }
  rows.length = kept;
  if (times !== undefined) times.length = 3 * kept;
}

/** Every version ever written for the pattern, closed ones included, oldest first. */
export function readHistory(mem: MemoryTables, raw: HistoryQuery): Fact[] {
  const call = 'MemoryGraph.history';
  const query = readInput<HistoryQuery>(call, raw, SHAPES.history);
  const k = Infinity;
  const subject = findEntity(mem, query.subject, call, 'subject', k);
  if (subject === NONE) return [];
  const p = query.predicate === undefined ? NONE : mem.predicateNames.find(query.predicate);
  if (query.predicate !== undefined && p === NONE) return [];
  let object: number | undefined;
  if (query.object !== undefined) {
    object = findObject(mem, query.object, call, 'object', k).code;
    if (object === NONE) return [];
  }
  const rows: number[] = [];
  const st = mem.store;
  const entities = withMerged(mem, subject);
  for (const entity of entities) st.subjects.allRows(entity, rows);
  // Each entity's rows ascend; rows of entities merged into this one interleave with them.
  if (entities.length > 1) rows.sort((a, b) => a - b);
  if (p === NONE && object === undefined) return factsOfRows(mem, rows);
  let kept = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const t = st.triple[r]!;
    if (p !== NONE && st.tPredicate[t] !== p) continue;
    const o = st.tObject[t]!;
    if (object !== undefined && o !== object && (o < 0 || mem.entities.resolveAt(o, k) !== object)) continue;
    rows[kept++] = r;
  }
  rows.length = kept;
  return factsOfRows(mem, rows);
}

/**
 * What changed between two times. Record axis: versions the memory started believing (added) and
 * stopped believing (removed) between `since` (exclusive) and `until` (inclusive). Valid axis, as
 * believed at `knownAt`: versions whose validity started (added) or ended (removed) in (since, until].
 */
export function readChanges(mem: MemoryTables, raw: ChangesQuery): Changes {
  const call = 'MemoryGraph.changes';
  const query = readInput<ChangesQuery>(call, raw, SHAPES.changes);
  const since = toMillis(query.since, call, 'since', 'past');
  const until = query.until === undefined ? mem.clockAt(call) : toMillis(query.until, call, 'until', 'future');
  if (!(since <= until)) throw new InvalidArgumentError(`${call}: since (${showTime(since)}) is after until (${showTime(until)})`);
  const axis = query.axis ?? 'record';
  if (axis !== 'record' && axis !== 'valid') throw new InvalidArgumentError(`${call}: axis must be 'record' or 'valid'`);
  const st = mem.store;
  const added: number[] = [];
  const removed: number[] = [];
  if (axis === 'record') {
    if (query.knownAt !== undefined) throw new InvalidArgumentError(`${call}: knownAt applies to the valid axis only`);
    const end = st.recordedPrefix(until);
    for (let r = st.recordedPrefix(since); r < end; r++) if (st.invalidAtOf(r) > until) added.push(r);
    const closed = st.closedRows;
    // closedRows is in invalidAt order: binary search its start, then read forward.
    let lo = 0;
    let hi = closed.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (st.invalidAtOf(closed.data[mid]!) <= since) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < closed.length; i++) {
      const r = closed.data[i]!;
      if (st.invalidAtOf(r) > until) break;
      if (st.recordedAtOf(r) <= since) removed.push(r);
    }
    removed.sort((a, b) => a - b);
  } else {
    const k = query.knownAt === undefined ? mem.clockAt(call) : toMillis(query.knownAt, call, 'knownAt');
    const prefix = st.recordedPrefix(k);
    st.zones.search(ZoneQuery.StartsIn, prefix, k, since, until, st, (r) => added.push(r));
    st.zones.search(ZoneQuery.EndsIn, prefix, k, since, until, st, (r) => removed.push(r));
  }
  return { added: factsOfRows(mem, added), removed: factsOfRows(mem, removed) };
}

/** One hop out from an entity, over the facts visible at the cut. */
export function readNeighbors(mem: MemoryTables, ref: EntityRef, raw: NeighborQuery = {}): Neighbor[] {
  const call = 'MemoryGraph.neighbors';
  const query = readInput<NeighborQuery>(call, raw, SHAPES.neighbors);
  const entity = readInput<{ entity: EntityRef }>(call, { entity: ref }, { entity: 'ref' }).entity;
  const { v, k } = cutOf(mem, query, call);
  const direction = query.direction ?? 'both';
  if (direction !== 'out' && direction !== 'in' && direction !== 'both') {
    throw new InvalidArgumentError(`${call}: direction must be 'out', 'in' or 'both'`);
  }
  const id = findEntity(mem, entity, call, 'entity', k);
  if (id === NONE) return [];
  const p = query.predicate === undefined ? NONE : mem.predicateNames.find(query.predicate);
  if (query.predicate !== undefined && p === NONE) return [];
  const includeArchived = query.includeArchived ?? true;
  const st = mem.store;
  const out: Neighbor[] = [];
  const visit = (t: number, dir: 'out' | 'in') => {
    if (p !== NONE && st.tPredicate[t] !== p) return;
    const other = dir === 'out' ? st.tObject[t]! : st.tSubject[t]!;
    if (other < 0) return;
    for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) {
      if (!st.visible(r, v, k) || (!includeArchived && st.meta.isArchived(r))) continue;
      out.push({ entity: { id: other, name: mem.entities.displayName(other) }, fact: readFact(mem, r), direction: dir });
    }
  };
  if (direction !== 'in') for (let t = st.subjectHead[id]!; t !== NONE; t = st.tSubjectNext[t]!) visit(t, 'out');
  if (direction !== 'out') for (let t = st.objectHead[id]!; t !== NONE; t = st.tObjectNext[t]!) visit(t, 'in');
  return out.sort((a, b) => a.fact.id - b.fact.id);
}

/** One version by id. */
export function readFact(mem: MemoryTables, id: number): Fact {
  if (!Number.isInteger(id) || id < 0 || id >= mem.store.rowCount) throw new NotFoundError(`MemoryGraph.fact: no fact version #${show(id)}`);
  return factAt(mem, id);
}

/** An entity by name, alias or id, as known at `knownAt` (default now); undefined when unknown. */
export function readEntity(mem: MemoryTables, raw: EntityRef, given: { knownAt?: TimeInput } = {}): Entity | undefined {
  const call = 'MemoryGraph.getEntity';
  const ref = readInput<{ entity: EntityRef }>(call, { entity: raw }, { entity: 'ref' }).entity;
  const options = readOptions<{ knownAt?: TimeInput }>(call, given, SHAPES.knownAt);
  const k = options.knownAt === undefined ? mem.clockAt(call) : toMillis(options.knownAt, call, 'knownAt');
  const id = findEntity(mem, ref, call, 'entity', k);
  if (id === NONE || mem.entities.recordedAt[id]! > k) return undefined;
  return entityInfo(mem, id);
}

export function readEpisode(mem: MemoryTables, id: string): Episode | undefined {
  if (typeof id !== 'string') throw new InvalidArgumentError(`MemoryGraph.getEpisode: id must be a string, got ${show(typeof id)}`);
  const index = mem.episodes.find(id);
  return index === NONE ? undefined : episodeInfo(mem, index);
}

export function entityInfo(mem: MemoryTables, id: number): Entity {
  const e = mem.entities;
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

export function episodeInfo(mem: MemoryTables, index: number): Episode {
  const ep = mem.episodes;
  const info: Episode = {
    id: ep.ids[index]!,
    text: ep.texts[index]!,
    at: ep.at[index]!,
    recordedAt: ep.recordedAt[index]!,
    entities: ep.entitiesOf(index),
  };
  const speaker = ep.speakerOf(index);
  if (speaker !== undefined) info.speaker = speaker;
  const session = ep.sessionOf(index);
  if (session !== undefined) info.session = session;
  return info;
}
