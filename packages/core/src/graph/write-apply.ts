// The column changes of accepted writes: interval insertion, cardinality-one conflicts, retraction and
// merge. Every function here runs after its call was checked and logged, so none of them may fail.
import { NONE } from '../store/fact-store.js';
import type { FactStore } from '../store/fact-store.js';
import { grow } from '../util/arrays.js';
import type { AssertResult, RetractResult } from '../types.js';
import type { MemoryTables } from './tables.js';

export function applyAssert(
  mem: MemoryTables,
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
  // Most assertions name a triple with no open version: then there is nothing to reinforce or coalesce.
  let own = NO_ROWS;
  if (st.live.openCount(t) > 0) {
    const list: number[] = [];
    st.openRowsOf(t, list);
    if (list.length > 1) list.sort(byNumber);
    own = list;
  }
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
  const conflicts = cardinalityOne ? conflictsOf(st, s, p, t, validFrom, validTo) : 0;
  // The result's arrays made at their size in the common cases (added [row]; closed [] or [the one
  // conflict]): a first push onto [] reserves 16 slots, most of the garbage an assertion left.
  const oneConflict = own.length === 0 && conflicts === 1;
  const closed: number[] = oneConflict ? [conflictRows[0]!] : [];
  const row = insertInterval(mem, t, validFrom, validTo, at, confidence, prov, episode, evidence, own, closed);
  // The parts of the conflicts kept outside the interval, gathered first so `added` is made at its size.
  let extra = 0;
  for (let i = 0; i < conflicts; i++) {
    const r = conflictRows[i]!;
    if (!oneConflict) closed.push(r);
    const k = closeAndKeep(mem, r, conflictTriples[i]!, validFrom, validTo, at);
    st.addSupersededBy(r, row);
    for (let j = 0; j < k; j++) {
      st.addSupersededBy(r, kept[j]!);
      if (extra === keptRows.length) keptRows = grow(keptRows, extra * 2);
      keptRows[extra++] = kept[j]!;
    }
  }
  return { status: 'added', id: row, closed, added: rowsAfter(row, keptRows, extra) };
}

/** Rows kept by the conflicts of one assertion (applyAssert's scratch). */
let keptRows = new Int32Array(16);

/** [first, ...rows[0, n)] as a packed array of its size (literals for the common lengths). */
function rowsAfter(first: number, rows: Int32Array, n: number): number[] {
  if (n === 0) return [first];
  if (n === 1) return [first, rows[0]!];
  if (n === 2) return [first, rows[0]!, rows[1]!];
  const out = [first];
  for (let i = 0; i < n; i++) out.push(rows[i]!);
  return out;
}

/**
 * Scratch of the conflict scan: its rows, ascending, in [0, count), and each row's triple (known to the
 * scan; read again from the row, it would be a cache miss). Read before the next scan.
 */
let conflictRows = new Int32Array(64);
let conflictTriples = new Int32Array(64);

/**
 * The open rows of (s, p)'s other live triples whose valid interval overlaps [validFrom, validTo), into
 * `conflictRows` ascending; returns how many.
 */
function conflictsOf(st: FactStore, s: number, p: number, t: number, validFrom: number, validTo: number): number {
  const live = st.live;
  let n = 0;
  for (let other = live.head(s, p); other !== NONE; other = live.next(other)) {
    if (other === t) continue;
    let left = live.openCount(other);
    for (let r = st.tHead[other]!; left > 0; r = st.tripleNext[r]!) {
      if (!st.subjects.isOpen(r)) continue;
      left--;
      if (st.validFromOf(r) < validTo && validFrom < st.validToOf(r)) {
        if (n === conflictRows.length) (conflictRows = grow(conflictRows, n * 2)), (conflictTriples = grow(conflictTriples, n * 2));
        // Insertion by row (a handful at most), the triple alongside.
        let j = n++;
        for (; j > 0 && conflictRows[j - 1]! > r; j--) (conflictRows[j] = conflictRows[j - 1]!), (conflictTriples[j] = conflictTriples[j - 1]!);
        conflictRows[j] = r;
        conflictTriples[j] = other;
      }
    }
  }
  return n;
}

/**
 * B[triple] ∪= [validFrom, validTo): open rows of the triple that overlap or touch the interval are
 * closed and one row covering their union is appended, so a triple's open rows stay its maximal
 * intervals of belief. The closed rows are pushed onto `closed`; returns the new row.
 */
export function insertInterval(
  mem: MemoryTables,
  t: number,
  validFrom: number,
  validTo: number,
  at: number,
  confidence: number,
  prov: number,
  episode: number,
  evidence: readonly number[],
  open: readonly number[],
  closed: number[],
): number {
  const st = mem.store;
  let from = validFrom;
  let to = validTo;
  let conf = confidence;
  const first = closed.length;
  for (const r of open) {
    if (st.validFromOf(r) <= validTo && validFrom <= st.validToOf(r)) {
      closed.push(r);
      if (st.validFromOf(r) < from) from = st.validFromOf(r);
      if (st.validToOf(r) > to) to = st.validToOf(r);
      if (st.confidenceOf(r) > conf) conf = st.confidenceOf(r);
    }
  }
  const coalesced = closed.length - first;
  let head = NONE;
  if (coalesced === 1) head = st.evidenceHeadOf(closed[first]!);
  else if (coalesced > 1) {
    const seen = new Set<number>();
    for (let i = first; i < closed.length; i++) {
      for (const e of st.evidenceIds(st.evidenceHeadOf(closed[i]!))) if (!seen.has(e)) (seen.add(e), (head = st.prependEvidence(head, e)));
    }
  }
  for (const e of evidence) if (!st.hasEvidence(head, e)) head = st.prependEvidence(head, e);
  const row = st.appendRow(t, from, to, at, conf, prov, episode, head);
  for (let i = first; i < closed.length; i++) {
    st.closeRow(closed[i]!, at, t);
    st.addSupersededBy(closed[i]!, row);
  }
  return row;
}

/** The rows the last closeAndKeep appended, in [0, its count). */
const kept = new Int32Array(2);

/**
 * Closes row r (of `triple`) and re-appends the parts of its valid interval outside [from, to) (at most
 * two: before, then after); returns how many, the rows left in `kept`.
 */
export function closeAndKeep(mem: MemoryTables, r: number, triple: number, from: number, to: number, at: number): number {
  const st = mem.store;
  const rf = st.validFromOf(r);
  const rt = st.validToOf(r);
  st.closeRow(r, at, triple);
  let n = 0;
  if (rf < from) kept[n++] = copyRow(mem, r, triple, rf, from, at);
  if (to < rt) kept[n++] = copyRow(mem, r, triple, to, rt, at);
  return n;
}

/** A new open version of row r's `triple` over [from, to), recorded at `at`, keeping r's provenance and use. */
export function copyRow(mem: MemoryTables, r: number, triple: number, from: number, to: number, at: number): number {
  const st = mem.store;
  const row = st.appendRow(triple, from, to, at, st.confidenceOf(r), st.provenanceOf(r), st.episodeOf(r), st.evidenceHeadOf(r));
  st.meta.copy(r, row, st.rowCount);
  st.copyLastSeen(r, row);
  return row;
}

export function applyRetract(mem: MemoryTables, s: number, p: number, o: number | undefined, validFrom: number, validTo: number, at: number): RetractResult {
  const st = mem.store;
  const rows: number[] = [];
  const open: number[] = [];
  const overlapping = (t: number): void => {
    open.length = 0;
    st.openRowsOf(t, open);
    for (const r of open) if (st.validFromOf(r) < validTo && validFrom < st.validToOf(r)) rows.push(r);
  };
  if (o !== undefined) {
    const t = st.findTriple(s, p, o);
    if (t !== NONE) overlapping(t);
  } else for (let t = st.live.head(s, p); t !== NONE; t = st.live.next(t)) overlapping(t);
  if (rows.length > 1) rows.sort(byNumber);
  const added: number[] = [];
  for (const r of rows) {
    const k = closeAndKeep(mem, r, st.triple[r]!, validFrom, validTo, at);
    for (let j = 0; j < k; j++) {
      st.addSupersededBy(r, kept[j]!);
      added.push(kept[j]!);
    }
  }
  return { closed: rows, added };
}

/**
 * Moves every open version about `from` onto `into`, as of `at`. For cardinality-one predicates the
 * survivor's own values win where the two disagree; everything else is united.
 */
export function applyMerge(mem: MemoryTables, into: number, from: number, at: number): void {
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
      const inserted = insertInterval(mem, target, pf, pt, at, st.confidenceOf(r), st.provenanceOf(r), st.episodeOf(r), NO_ROWS, open, []);
      // The moved version keeps its own evidence.
      let head = st.evidenceHeadOf(inserted);
      for (const e of st.evidenceIds(st.evidenceHeadOf(r))) if (!st.hasEvidence(head, e)) head = st.prependEvidence(head, e);
      st.setEvidenceHead(inserted, head);
      st.addSupersededBy(r, inserted);
    }
  }
}

const byNumber = (a: number, b: number) => a - b;
/** No rows: shared, never written. */
const NO_ROWS: readonly number[] = [];

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
