// Fact objects: the plain `Fact` of a row, one at a time or for a whole result.
import { literalCode, NONE } from '../store/fact-store.js';
import { EDGE_TYPES } from '../types.js';
import type { EdgeType, Fact } from '../types.js';
import type { MemoryGraph } from './memory-graph.js';

/** Fact objects of row ids known to exist (no per-id check), in their order. */
export function factsOfRows(mem: MemoryGraph, rows: readonly number[]): Fact[] {
  const out = new Array<Fact>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = factAt(mem, rows[i]!);
  return out;
}

/**
 * The Facts of an entity-local cut: every row has `subject` as its subject (its name is read once) and its
 * validFrom, validTo and invalidAt come three a row in `times`, as the subject index's scan read them.
 */
export function factsOfSubject(mem: MemoryGraph, subject: number, rows: readonly number[], times: readonly number[]): Fact[] {
  const name = mem.entities.displayName(subject);
  const out = new Array<Fact>(rows.length);
  for (let i = 0, j = 0; i < rows.length; i++, j += 3) out[i] = makeFact(mem, rows[i]!, subject, name, times[j]!, times[j + 1]!, times[j + 2]!);
  return out;
}

/** The plain Fact of a row that exists. */
export function factAt(mem: MemoryGraph, id: number): Fact {
  const st = mem.store;
  const s = st.tSubject[st.triple[id]!]!;
  return makeFact(mem, id, s, mem.entities.displayName(s), st.validFromOf(id), st.validToOf(id), st.invalidAt[id]!);
}

/**
 * A row's Fact, given what the caller already holds: its subject and subject name, and its times. Built as
 * one object literal (one hidden class for every fact), the optional fields added after it in a fixed
 * order; evidence strings are read straight off their chain.
 */
function makeFact(mem: MemoryGraph, id: number, s: number, subjectName: string, validFrom: number, validTo: number, invalidAt: number): Fact {
  const st = mem.store;
  const t = st.triple[id]!;
  const o = st.tObject[t]!;
  const names = mem.entities;
  const fact: Fact = {
    id,
    subject: { id: s, name: subjectName },
    predicate: mem.predicateNames.get(st.tPredicate[t]!),
    object: o >= 0 ? { id: o, name: names.displayName(o) } : { value: mem.literals[literalCode(o)]! },
    validFrom,
    validTo,
    recordedAt: st.recordedAt[id]!,
    invalidAt,
    confidence: st.confidence[id]!,
    evidence: evidenceOf(mem, st.evidenceHead[id]!),
    salience: st.meta.salienceOf(id),
    retrievals: st.meta.retrievalsOf(id),
    lastSeenAt: st.lastSeenAt[id]!,
  };
  const prov = st.provenance[id]!;
  const source = mem.provenance.source[prov]!;
  const reason = mem.provenance.reason[prov]!;
  const edgeType = mem.provenance.edgeType[prov]!;
  if (source !== NONE) fact.source = mem.strings.get(source);
  if (reason !== NONE) fact.reason = mem.strings.get(reason);
  if (edgeType !== NONE) fact.edgeType = EDGE_TYPES[edgeType] as EdgeType;
  const episode = st.episode[id]!;
  if (episode !== NONE) fact.episode = mem.episodes.ids[episode]!;
  const archivedAt = st.meta.archivedAtOf(id);
  if (!Number.isNaN(archivedAt)) fact.archivedAt = archivedAt;
  const lastRetrievedAt = st.meta.lastRetrievedAtOf(id);
  if (!Number.isNaN(lastRetrievedAt)) fact.lastRetrievedAt = lastRetrievedAt;
  if (st.supersededHead[id] !== NONE) fact.supersededBy = st.supersededBy(id);
  return fact;
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

