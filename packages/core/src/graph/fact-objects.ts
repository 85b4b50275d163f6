// Fact objects: the plain `Fact` of a row, one at a time or for a whole result.
import { literalCode, NONE } from '../store/fact-store.js';
import { EDGE_TYPES } from '../types.js';
import type { EdgeType, Fact, LiteralValue } from '../types.js';
import type { MemoryGraph } from './memory-graph.js';

/**
 * Building Facts column by column. In a large memory each of a Fact's row columns is a cache miss at a row
 * far from the last one, and the names sit behind a chain of them (row → triple → object → name). Built one
 * Fact at a time, each Fact waits for its chain in turn; gathered a column at a time over a chunk of rows
 * first, the loads of one loop are independent and the processor overlaps their misses (an entity-local cut
 * at 1.17M versions built its Facts in 0.55× the time). The scratch is reused by every read (reads are
 * synchronous and run no caller code while building).
 *
 * The scratch is three arrays, each row's fields side by side (not an array per field): a read between
 * other work finds the scratch out of cache, and a small result then costs a few lines of it, not one or
 * two per field for every field.
 */
const CHUNK = 256;
/** Per row, in `ints` from 8 · i: */
const INTS = 8;
const TRIPLE = 0;
const RECORDED_ID = 1;
const SEEN_ID = 2;
const SUPERSEDED = 3;
const META = 4;
const SUBJECT = 5;
const PREDICATE = 6;
const OBJECT = 7;
/** Per row, in `times` from 5 · i: */
const TIMES = 5;
const FROM = 0;
const TO = 1;
const INVALID = 2;
const RECORDED = 3;
const SEEN = 4;
const g = {
  ints: new Int32Array(CHUNK * INTS),
  times: new Float64Array(CHUNK * TIMES),
  /** Per row from 2 · i: the subject's display name, then the object's (or its literal value). */
  names: new Array<LiteralValue>(2 * CHUNK).fill(''),
};

/** Fact objects of row ids known to exist (no per-id check), in their order. */
export function factsOfRows(mem: MemoryGraph, rows: readonly number[]): Fact[] {
  return buildFacts(mem, rows, NONE, undefined);
}

/**
 * The Facts of an entity-local cut: every row has `subject` as its subject (its name is read once) and its
 * validFrom, validTo and invalidAt come three a row in `times`, as the subject index's scan read them.
 */
export function factsOfSubject(mem: MemoryGraph, subject: number, rows: readonly number[], times: readonly number[]): Fact[] {
  return buildFacts(mem, rows, subject, times);
}

/** The plain Fact of a row that exists. */
export function factAt(mem: MemoryGraph, id: number): Fact {
  return buildFacts(mem, [id], NONE, undefined)[0]!;
}

function buildFacts(mem: MemoryGraph, rows: readonly number[], subject: number, times: readonly number[] | undefined): Fact[] {
  const out = new Array<Fact>(rows.length);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const n = Math.min(CHUNK, rows.length - start);
    gather(mem, rows, start, n, subject, times);
    for (let i = 0; i < n; i++) out[start + i] = makeFact(mem, rows[start + i]!, i);
    // The scratch keeps no memory's strings alive (a literal may be long). Plain stores: Array.fill with
    // bounds made whole-graph Fact reads 1.1–1.2× dearer (read-ab, 1M versions).
    for (let i = 0; i < 2 * n; i++) g.names[i] = '';
  }
  return out;
}

/**
 * Reads rows[start, start + n)'s columns into the scratch, one column per loop, and each loop only after
 * the loop whose answers it looks up (record time ids before the times, triples before their names):
 * no load waits on a miss of the same row in the same loop.
 */
function gather(mem: MemoryGraph, rows: readonly number[], start: number, n: number, subject: number, given: readonly number[] | undefined): void {
  const st = mem.store;
  const { ints, times, names } = g;
  for (let i = 0, x = 0; i < n; i++, x += INTS) {
    const r = rows[start + i]!;
    ints[x + TRIPLE] = st.triple[r]!;
    ints[x + RECORDED_ID] = st.recordedId[r]!;
    ints[x + SEEN_ID] = st.lastSeenId[r]!;
    ints[x + SUPERSEDED] = st.supersededHead[r]!;
    ints[x + META] = st.meta.bits[r]!;
  }
  if (given === undefined) {
    for (let i = 0, y = 0; i < n; i++, y += TIMES) {
      const r = rows[start + i]!;
      times[y + FROM] = st.validFromOf(r);
      times[y + TO] = st.validToOf(r);
      times[y + INVALID] = st.invalidAtOf(r);
    }
  } else {
    for (let i = 0, y = 0, j = 3 * start; i < n; i++, y += TIMES, j += 3) {
      times[y + FROM] = given[j]!;
      times[y + TO] = given[j + 1]!;
      times[y + INVALID] = given[j + 2]!;
    }
  }
  for (let i = 0, x = 0; i < n; i++, x += INTS) {
    const t = ints[x + TRIPLE]!;
    ints[x + SUBJECT] = subject === NONE ? st.tSubject[t]! : subject;
    ints[x + PREDICATE] = st.tPredicate[t]!;
    ints[x + OBJECT] = st.tObject[t]!;
  }
  for (let i = 0, x = 0, y = 0; i < n; i++, x += INTS, y += TIMES) {
    const recorded = st.times.timeOf(ints[x + RECORDED_ID]!);
    times[y + RECORDED] = recorded;
    // Most rows were last seen when recorded: the same id, no second lookup.
    times[y + SEEN] = ints[x + SEEN_ID] === ints[x + RECORDED_ID] ? recorded : st.lastSeenAtOf(rows[start + i]!);
  }
  const entities = mem.entities;
  const subjectName = subject === NONE ? '' : entities.displayName(subject);
  for (let i = 0, x = 0; i < n; i++, x += INTS) {
    const o = ints[x + OBJECT]!;
    names[2 * i] = subject === NONE ? entities.displayName(ints[x + SUBJECT]!) : subjectName;
    names[2 * i + 1] = o >= 0 ? entities.displayName(o) : mem.literals[literalCode(o)]!;
  }
}

/**
 * The Fact of scratch entry i (row `id`). Built as one object literal (one hidden class for every fact), the
 * optional fields added after it in a fixed order; evidence strings are read straight off their chain. A row
 * whose metadata bits are all clear has every rarely set field at its default (row-meta.ts), so only such
 * rows' sparse fields are looked up.
 */
function makeFact(mem: MemoryGraph, id: number, i: number): Fact {
  const st = mem.store;
  const { ints, times, names } = g;
  const x = i * INTS;
  const y = i * TIMES;
  const o = ints[x + OBJECT]!;
  const meta = ints[x + META]!;
  const fact: Fact = {
    id,
    subject: { id: ints[x + SUBJECT]!, name: names[2 * i] as string },
    predicate: mem.predicateNames.get(ints[x + PREDICATE]!),
    object: o >= 0 ? { id: o, name: names[2 * i + 1] as string } : { value: names[2 * i + 1]! },
    validFrom: times[y + FROM]!,
    validTo: times[y + TO]!,
    recordedAt: times[y + RECORDED]!,
    invalidAt: times[y + INVALID]!,
    confidence: meta === 0 ? 1 : st.confidenceOf(id),
    evidence: meta === 0 ? [] : evidenceOf(mem, st.evidenceHeadOf(id)),
    salience: meta === 0 ? 1 : st.meta.salienceOf(id),
    retrievals: meta === 0 ? 0 : st.meta.retrievalsOf(id),
    lastSeenAt: times[y + SEEN]!,
  };
  // Tuple 0 is the first one the memory met, not necessarily the plain one: read it like any other.
  const prov = meta === 0 ? 0 : st.provenanceOf(id);
  const source = mem.provenance.source[prov]!;
  const reason = mem.provenance.reason[prov]!;
  const edgeType = mem.provenance.edgeType[prov]!;
  if (source !== NONE) fact.source = mem.strings.get(source);
  if (reason !== NONE) fact.reason = mem.strings.get(reason);
  if (edgeType !== NONE) fact.edgeType = EDGE_TYPES[edgeType] as EdgeType;
  const episode = meta === 0 ? NONE : st.episodeOf(id);
  if (episode !== NONE) fact.episode = mem.episodes.ids[episode]!;
  if (meta !== 0) {
    const archivedAt = st.meta.archivedAtOf(id);
    if (!Number.isNaN(archivedAt)) fact.archivedAt = archivedAt;
    const lastRetrievedAt = st.meta.lastRetrievedAtOf(id);
    if (!Number.isNaN(lastRetrievedAt)) fact.lastRetrievedAt = lastRetrievedAt;
  }
  const superseded = ints[x + SUPERSEDED]!;
  if (superseded !== NONE) fact.supersededBy = supersededOf(mem, superseded);
  return fact;
}

/**
 * The rows of a supersededBy chain, in the order they were linked: as FactStore.supersededBy, but the array
 * made at its length (most chains hold one row; an array grown by push from empty reserves 17).
 */
function supersededOf(mem: MemoryGraph, head: number): number[] {
  const st = mem.store;
  let n = 0;
  for (let l = head; l !== NONE; l = st.linkNext.data[l]!) n++;
  const out = new Array<number>(n);
  let i = 0;
  for (let l = head; l !== NONE; l = st.linkNext.data[l]!) out[i++] = st.linkValue.data[l]!;
  return out;
}

/** Evidence strings of a chain, oldest first (the chain is newest first). */
function evidenceOf(mem: MemoryGraph, head: number): string[] {
  if (head === NONE) return [];
  const st = mem.store;
  let n = 0;
  for (let e = head; e !== NONE; e = st.evidenceNext.data[e]!) n++;
  const out = new Array<string>(n);
  for (let e = head; e !== NONE; e = st.evidenceNext.data[e]!) out[--n] = mem.strings.get(st.evidenceValue.data[e]!);
  return out;
}

