// The column changes of accepted writes: interval insertion, cardinality-one conflicts, retraction and
// merge. Every function here runs after its call was checked and logged, so none of them may fail.
import { NONE } from '../store/fact-store.js';
import type { AssertResult, RetractResult } from '../types.js';
import type { MemoryGraph } from './memory-graph.js';

export function applyAssert(
  mem: MemoryGraph,
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
  const st = mem.store;
  const t = st.ensureTriple(s, p, o);
  const own = mem.scratchOwn;
  own.length = 0;
  st.openRowsOf(t, own);
  if (own.length > 1) own.sort(byNumber);
  // Already believed over the whole interval: reinforce, add no version.
  for (const r of own) {
    if (st.validFromOf(r) <= validFrom && validTo <= st.validToOf(r)) {
      if (confidence > st.confidenceOf(r)) st.setConfidence(r, confidence);
      let head = st.evidenceHeadOf(r);
      for (const e of evidence) if (!st.hasEvidence(head, e)) head = st.prependEvidence(head, e);
      st.setEvidenceHead(r, head);
      st.setLastSeenAt(r, at);
      return { status: 'reinforced', id: r, closed: [], added: [] };
    }
  }
  // Cardinality one: other objects lose the asserted interval (collected before anything changes).
  const conflicts: number[] = cardinalityOne ? [] : NO_ROWS;
  if (cardinalityOne) {
    const live = st.live;
    for (let other = live.head(s, p); other !== NONE; other = live.next(other)) {
      if (other === t) continue;
      let left = live.openCount(other);
      for (let r = st.tHead[other]!; left > 0; r = st.tripleNext[r]!) {
        if (!st.subjects.isOpen(r)) continue;
        left--;
        if (st.validFromOf(r) < validTo && validFrom < st.validToOf(r)) conflicts.push(r);
      }
    }
    if (conflicts.length > 1) conflicts.sort(byNumber);
  }
  const added = insertInterval(mem, t, validFrom, validTo, at, confidence, prov, episode, evidence, own);
  const closed = added.coalesced; // insertInterval's own array, handed over
  for (const r of conflicts) {
    closed.push(r);
    const rest = closeAndKeepOutside(mem, r, validFrom, validTo, at);
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
export function insertInterval(
  mem: MemoryGraph,
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
  const st = mem.store;
  let from = validFrom;
  let to = validTo;
  let conf = confidence;
  const coalesced: number[] = [];
  for (const r of open) {
    if (st.validFromOf(r) <= validTo && validFrom <= st.validToOf(r)) {
      coalesced.push(r);
      if (st.validFromOf(r) < from) from = st.validFromOf(r);
      if (st.validToOf(r) > to) to = st.validToOf(r);
      if (st.confidenceOf(r) > conf) conf = st.confidenceOf(r);
    }
  }
  let head = NONE;
  if (coalesced.length === 1) head = st.evidenceHeadOf(coalesced[0]!);
  else if (coalesced.length > 1) {
    const seen = new Set<number>();
    for (const r of coalesced) for (const e of st.evidenceIds(st.evidenceHeadOf(r))) if (!seen.has(e)) (seen.add(e), (head = st.prependEvidence(head, e)));
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
export function closeAndKeepOutside(mem: MemoryGraph, r: number, from: number, to: number, at: number): number[] {
  const st = mem.store;
  const rest: number[] = [];
  const rf = st.validFromOf(r);
  const rt = st.validToOf(r);
  st.closeRow(r, at);
  if (rf < from) rest.push(copyRow(mem, r, rf, from, at));
  if (to < rt) rest.push(copyRow(mem, r, to, rt, at));
  return rest;
}

/** A new open version of r's triple over [from, to), recorded at `at`, keeping r's provenance and use. */
export function copyRow(mem: MemoryGraph, r: number, from: number, to: number, at: number): number {
  const st = mem.store;
  const row = st.appendRow(st.triple[r]!, from, to, at, st.confidenceOf(r), st.provenanceOf(r), st.episodeOf(r), st.evidenceHeadOf(r));
  st.meta.copy(r, row, st.rowCount);
  st.copyLastSeen(r, row);
  return row;
}

export function applyRetract(mem: MemoryGraph, s: number, p: number, o: number | undefined, validFrom: number, validTo: number, at: number): RetractResult {
  const st = mem.store;
  const triples = o === undefined ? st.liveTriples(s, p) : [st.findTriple(s, p, o)].filter((t) => t !== NONE);
  const rows: number[] = [];
  for (const t of triples) {
    const open: number[] = [];
    st.openRowsOf(t, open);
    for (const r of open) if (st.validFromOf(r) < validTo && validFrom < st.validToOf(r)) rows.push(r);
  }
  rows.sort((a, b) => a - b);
  const added: number[] = [];
  for (const r of rows) {
    const rest = closeAndKeepOutside(mem, r, validFrom, validTo, at);
    for (const nr of rest) st.addSupersededBy(r, nr);
    added.push(...rest);
  }
  return { closed: rows, added };
}

/**
 * Moves every open version about `from` onto `into`, as of `at`. For cardinality-one predicates the
 * survivor's own values win where the two disagree; everything else is united.
 */
export function applyMerge(mem: MemoryGraph, into: number, from: number, at: number): void {
  const st = mem.store;
  mem.entities.merge(from, into, at);
  const list = mem.mergedFrom.get(into);
  if (list === undefined) mem.mergedFrom.set(into, [from]);
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
    let pieces: Array<[number, number]> = [[st.validFromOf(r), st.validToOf(r)]];
    if (st.tSubject[t] === from && mem.predicateConfig.get(mem.predicateNames.get(p))?.cardinality === 'one') {
      for (const other of st.liveTriples(s, p)) {
        if (st.tObject[other] === o) continue;
        const open: number[] = [];
        st.openRowsOf(other, open);
        for (const x of open) pieces = subtract(pieces, st.validFromOf(x), st.validToOf(x));
      }
    }
    st.closeRow(r, at);
    const target = st.ensureTriple(s, p, o);
    for (const [pf, pt] of pieces) {
      const open: number[] = [];
      st.openRowsOf(target, open);
      open.sort((a, b) => a - b);
      const inserted = insertInterval(mem, target, pf, pt, at, st.confidenceOf(r), st.provenanceOf(r), st.episodeOf(r), [], open);
      // The moved version keeps its own evidence.
      let head = st.evidenceHeadOf(inserted.row);
      for (const e of st.evidenceIds(st.evidenceHeadOf(r))) if (!st.hasEvidence(head, e)) head = st.prependEvidence(head, e);
      st.setEvidenceHead(inserted.row, head);
      st.addSupersededBy(r, inserted.row);
    }
  }
}

const byNumber = (a: number, b: number) => a - b;
/** The conflicts of a many-valued predicate: none, and never written. */
const NO_ROWS: number[] = [];

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
