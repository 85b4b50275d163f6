import { grow, IntList, nextCapacity } from '../util/arrays.js';
import type { ColumnArray } from '../state.js';
import { LiveSet } from './live-set.js';
import { RecordTimes } from './record-times.js';
import { RowMeta } from './row-meta.js';
import { SubjectIndex } from './subject-index.js';
import { ZoneIndex } from './zone-index.js';

/** The stored columns of a FactStore, as `exportColumns` names them. */
export interface StoreColumns {
  triple: Int32Array;
  validFrom: Float64Array;
  validTo: Float64Array;
  recordedAt: Float64Array;
  invalidAt: Float64Array;
  confidence: Float32Array;
  salience: Float32Array;
  provenance: Int32Array;
  episode: Int32Array;
  evidenceHead: Int32Array;
  supersededHead: Int32Array;
  retrievals: Uint32Array;
  lastRetrievedAt: Float64Array;
  archivedAt: Float64Array;
  lastSeenAt: Float64Array;
  tSubject: Int32Array;
  tPredicate: Int32Array;
  tObject: Int32Array;
  evidenceValue: Int32Array;
  evidenceNext: Int32Array;
  linkValue: Int32Array;
  linkNext: Int32Array;
  closedRows: Int32Array;
}

/**
 * The fact versions, as struct-of-arrays columns in append (= record-time) order, plus the tables that
 * make every read local:
 *
 * - a **triple** table: each distinct (subject, predicate, object) once, found by an open-addressing hash;
 *   each version row points at its triple, so a row needs 4 bytes for what it is about;
 * - per triple, the chain of its versions (newest first) and the count of its *open* versions
 *   (invalidAt = ∞), found on that chain: supersession touches only these;
 * - per entity, the chains of triples it is subject and object of: an entity-local read walks the
 *   entity's own history and nothing else;
 * - per (subject, predicate), the triples that have open versions (live-set.ts): what a cardinality-one
 *   assertion or an object-less retraction must look at;
 * - per entity, its versions clustered with their valid times (subject-index.ts): entity-local and
 *   whole-graph cuts; the slots there are the only copy of validFrom, validTo and invalidAt
 *   (`validFromOf(row)`, `invalidAtOf(row)`);
 * - record times (recordedAt, lastSeenAt, invalidAt) as int32 ids of the distinct times met
 *   (record-times.ts), which also answer "recorded at or before k";
 * - metadata that most rows leave at its default (episode, evidence, confidence, provenance, salience,
 *   use, archiving) in sparse side tables (row-meta.ts);
 * - a zone index over rows (see zone-index.ts) for valid-axis changes, and the closing order of rows for
 *   record-axis changes.
 *
 * Objects are entity ids (≥ 0) or literals (`literalCode(id)` < -1). Nothing here is deleted; `invalidAt`
 * is closed at most once per row.
 */
export const NONE = -1;

/** Literal id ↔ object code: -2, -3, … so that no literal collides with NONE. The map is its own inverse. */
export function literalCode(idOrCode: number): number {
  return -2 - idOrCode;
}

export class FactStore {
  // ---- version rows ------------------------------------------------------------------------
  rowCount = 0;
  private rowCapacity = 0;
  triple = new Int32Array(0);
  // validFrom, validTo and invalidAt live in the subject index's slots only (validFromOf, validToOf, invalidAtOf).
  /** recordedAt as an id in `times` (recordedAtOf). */
  recordedId = new Int32Array(0);
  /** Head of this row's supersededBy chain in the link pool. */
  supersededHead = new Int32Array(0);
  /**
   * Salience, retrievals, lastRetrievedAt, archivedAt, the episode, the head of the row's evidence chain in
   * the evidence pool, confidence and the interned (source, reason, edgeType) tuple (see `Provenance`): often
   * left at their defaults, so kept sparse (row-meta.ts; episodeOf, evidenceHeadOf, confidenceOf, provenanceOf).
   */
  readonly meta = new RowMeta();
  /** lastSeenAt as an id in `times`, or NONE: then it is in `lastSeenElse` (lastSeenAtOf). */
  lastSeenId = new Int32Array(0);
  /** lastSeenAt of loaded rows whose time is no row's record time (a reinforcement's, at most one a row). */
  private lastSeenElse = new Map<number, number>();
  /** The record times met, each once: what recordedId and lastSeenId point at. */
  readonly times = new RecordTimes();
  /** Next older row of the same triple. */
  tripleNext = new Int32Array(0);

  // ---- triples -------------------------------------------------------------------------------
  tripleCount = 0;
  private tripleCapacity = 0;
  tSubject = new Int32Array(0);
  tPredicate = new Int32Array(0);
  tObject = new Int32Array(0);
  /** Newest row of the triple. */
  tHead = new Int32Array(0);
  /** Next triple with the same subject / the same (entity) object. */
  tSubjectNext = new Int32Array(0);
  tObjectNext = new Int32Array(0);
  private hash = new Int32Array(0); // triple id + 1; 0 = empty
  private hashMask = 0;

  // ---- per entity ----------------------------------------------------------------------------
  private entityCapacity = 0;
  subjectHead = new Int32Array(0);
  objectHead = new Int32Array(0);

  // ---- pools ---------------------------------------------------------------------------------
  /** Evidence chains: string id and next link. Chains are prepend-only, so rows may share tails. */
  evidenceValue = new IntList();
  evidenceNext = new IntList();
  /** supersededBy chains: row id and next link. */
  linkValue = new IntList();
  linkNext = new IntList();
  /** Rows in the order they were closed (= invalidAt order, since record time only moves forward). */
  closedRows = new IntList();

  /** (subject, predicate) → triples with at least one open row, as intrusive lists (live-set.ts). */
  readonly live = new LiveSet(this);

  readonly zones = new ZoneIndex();
  /** Each subject's versions with their validity and closing time, together: entity-local cuts (subject-index.ts). */
  readonly subjects = new SubjectIndex(this.times);

  constructor() {
    this.reserveRows(1024);
    this.reserveTriples(1024);
    this.rehash(hashSize(0));
  }

  // ---- rows ----------------------------------------------------------------------------------

  private reserveRows(needed: number): void {
    if (needed <= this.rowCapacity) return;
    const cap = nextCapacity(this.rowCapacity, needed);
    this.triple = grow(this.triple, cap);
    this.recordedId = grow(this.recordedId, cap);
    this.supersededHead = grow(this.supersededHead, cap);
    this.lastSeenId = grow(this.lastSeenId, cap);
    this.tripleNext = grow(this.tripleNext, cap);
    this.meta.reserve(cap);
    this.rowCapacity = cap;
    this.zones.reserve(cap);
    this.subjects.reserveRows(cap);
  }

  /** Appends an open version of `triple`; metadata is copied from `like` when given. */
  appendRow(
    triple: number,
    validFrom: number,
    validTo: number,
    recordedAt: number,
    confidence: number,
    provenance: number,
    episode: number,
    evidenceHead: number,
  ): number {
    const row = this.rowCount;
    if (row === this.rowCapacity) this.reserveRows(row + 1);
    this.triple[row] = triple;
    const time = this.times.id(recordedAt, row);
    this.recordedId[row] = time;
    this.supersededHead[row] = NONE;
    this.meta.bits[row] = 0;
    if (confidence !== 1) this.meta.setConfidence(row, confidence, row + 1);
    if (provenance !== 0) this.meta.setProvenance(row, provenance, row + 1);
    if (episode !== NONE) this.meta.setEpisode(row, episode, row + 1);
    if (evidenceHead !== NONE) this.meta.setEvidenceHead(row, evidenceHead, row + 1);
    this.lastSeenId[row] = time;
    this.tripleNext[row] = this.tHead[triple]!;
    this.tHead[triple] = row;
    this.live.opened(triple, this.tSubject[triple]!, this.tPredicate[triple]!);
    this.rowCount = row + 1;
    this.zones.add(row, validFrom, validTo, Infinity);
    this.subjects.add(row, this.tSubject[triple]!, validFrom, validTo, Infinity);
    return row;
  }

  /** Closes an open row (of `triple`, when the caller knows it) at record time `at`: its only temporal change, ever. */
  closeRow(row: number, at: number, triple = this.triple[row]!): void {
    this.subjects.closed(row, at);
    this.closedRows.push(row);
    if (this.live.closedOne(triple)) this.live.remove(triple, this.tSubject[triple]!, this.tPredicate[triple]!);
    this.zones.closed(row, this, this.rowCount);
  }

  confidenceOf(row: number): number {
    return this.meta.confidenceOf(row);
  }

  setConfidence(row: number, confidence: number): void {
    this.meta.setConfidence(row, confidence, this.rowCount);
  }

  /** The row's interned (source, reason, edgeType) tuple, see `Provenance`. */
  provenanceOf(row: number): number {
    return this.meta.provenanceOf(row);
  }

  /** The row's episode index, or NONE. */
  episodeOf(row: number): number {
    return this.meta.episodeOf(row);
  }

  /** Head of the row's evidence chain in the evidence pool (NONE: no evidence). */
  evidenceHeadOf(row: number): number {
    return this.meta.evidenceHeadOf(row);
  }

  setEvidenceHead(row: number, head: number): void {
    this.meta.setEvidenceHead(row, head, this.rowCount);
  }

  addSupersededBy(row: number, by: number): void {
    // Appended at the tail so the links read in the order they were made.
    const link = this.linkValue.push(by);
    this.linkNext.push(NONE);
    let cur = this.supersededHead[row]!;
    if (cur === NONE) {
      this.supersededHead[row] = link;
      return;
    }
    while (this.linkNext.data[cur] !== NONE) cur = this.linkNext.data[cur]!;
    this.linkNext.data[cur] = link;
  }

  supersededBy(row: number): number[] {
    const out: number[] = [];
    for (let l = this.supersededHead[row]!; l !== NONE; l = this.linkNext.data[l]!) out.push(this.linkValue.data[l]!);
    return out;
  }

  /** Prepends an evidence string id to a chain; returns the new head. */
  prependEvidence(head: number, stringId: number): number {
    const node = this.evidenceValue.push(stringId);
    this.evidenceNext.push(head);
    return node;
  }

  hasEvidence(head: number, stringId: number): boolean {
    for (let n = head; n !== NONE; n = this.evidenceNext.data[n]!) if (this.evidenceValue.data[n] === stringId) return true;
    return false;
  }

  /** Evidence string ids of a chain, oldest first. */
  evidenceIds(head: number): number[] {
    const out: number[] = [];
    for (let n = head; n !== NONE; n = this.evidenceNext.data[n]!) out.push(this.evidenceValue.data[n]!);
    return out.reverse();
  }

  /** Rows recorded at or before `k`: a prefix of the rows. */
  recordedPrefix(k: number): number {
    return this.times.prefix(k, this.rowCount, this.recordedId);
  }

  /** Believed at k and valid at v. */
  visible(row: number, v: number, k: number): boolean {
    return (
      this.times.timeOf(this.recordedId[row]!) <= k && k < this.subjects.invalidAtOf(row) && this.subjects.validFromOf(row) <= v && v < this.subjects.validToOf(row)
    );
  }

  recordedAtOf(row: number): number {
    return this.times.timeOf(this.recordedId[row]!);
  }

  lastSeenAtOf(row: number): number {
    const id = this.lastSeenId[row]!;
    return id !== NONE ? this.times.timeOf(id) : this.lastSeenElse.get(row)!;
  }

  /** The row was seen again at `at` (a write's record time: the latest, so it gets an id). */
  setLastSeenAt(row: number, at: number): void {
    this.lastSeenId[row] = this.times.id(at, this.rowCount);
    this.lastSeenElse.delete(row);
  }

  /** Row `to` takes row `from`'s lastSeenAt. */
  copyLastSeen(from: number, to: number): void {
    const id = this.lastSeenId[from]!;
    this.lastSeenId[to] = id;
    if (id === NONE) this.lastSeenElse.set(to, this.lastSeenElse.get(from)!);
  }

  invalidAtOf(row: number): number {
    return this.subjects.invalidAtOf(row);
  }

  validFromOf(row: number): number {
    return this.subjects.validFromOf(row);
  }

  validToOf(row: number): number {
    return this.subjects.validToOf(row);
  }

  // ---- triples -------------------------------------------------------------------------------

  private reserveTriples(needed: number): void {
    if (needed <= this.tripleCapacity) return;
    const cap = nextCapacity(this.tripleCapacity, needed);
    this.tSubject = grow(this.tSubject, cap);
    this.tPredicate = grow(this.tPredicate, cap);
    this.tObject = grow(this.tObject, cap);
    this.tHead = grow(this.tHead, cap, NONE);
    this.tSubjectNext = grow(this.tSubjectNext, cap, NONE);
    this.tObjectNext = grow(this.tObjectNext, cap, NONE);
    this.live.reserveTriples(cap);
    this.tripleCapacity = cap;
  }

  private rehash(size: number): void {
    this.hash = new Int32Array(size);
    this.hashMask = size - 1;
    for (let t = 0; t < this.tripleCount; t++) {
      let slot = tripleHash(this.tSubject[t]!, this.tPredicate[t]!, this.tObject[t]!) & this.hashMask;
      while (this.hash[slot] !== 0) slot = (slot + 1) & this.hashMask;
      this.hash[slot] = t + 1;
    }
  }

  findTriple(subject: number, predicate: number, object: number): number {
    let slot = tripleHash(subject, predicate, object) & this.hashMask;
    for (;;) {
      const entry = this.hash[slot]!;
      if (entry === 0) return NONE;
      const t = entry - 1;
      if (this.tSubject[t] === subject && this.tPredicate[t] === predicate && this.tObject[t] === object) return t;
      slot = (slot + 1) & this.hashMask;
    }
  }

  ensureTriple(subject: number, predicate: number, object: number): number {
    const found = this.findTriple(subject, predicate, object);
    if (found !== NONE) return found;
    const t = this.tripleCount;
    this.reserveTriples(t + 1);
    this.tSubject[t] = subject;
    this.tPredicate[t] = predicate;
    this.tObject[t] = object;
    this.tHead[t] = NONE;
    this.reserveEntities(Math.max(subject, object) + 1);
    this.tSubjectNext[t] = this.subjectHead[subject]!;
    this.subjectHead[subject] = t;
    if (object >= 0) {
      this.tObjectNext[t] = this.objectHead[object]!;
      this.objectHead[object] = t;
    } else {
      this.tObjectNext[t] = NONE;
    }
    // The hash grows with the triples it holds, not with the table's doubling capacity (see hashSize).
    if ((t + 1) * 4 > this.hash.length * 3) this.rehash(hashSize(t + 1));
    this.tripleCount = t + 1;
    let slot = tripleHash(subject, predicate, object) & this.hashMask;
    while (this.hash[slot] !== 0) slot = (slot + 1) & this.hashMask;
    this.hash[slot] = t + 1;
    return t;
  }

  reserveEntities(needed: number): void {
    if (needed <= this.entityCapacity) return;
    const cap = nextCapacity(this.entityCapacity, needed);
    this.subjectHead = grow(this.subjectHead, cap, NONE);
    this.objectHead = grow(this.objectHead, cap, NONE);
    this.entityCapacity = cap;
  }

  /**
   * Open rows of a triple, newest first, into `out`. They are found on its chain (newest first, where open
   * rows usually sit) by their invalidAt, counted by the live set: no second chain through the rows (4 bytes
   * a version) and no unlinking walk on closing.
   */
  openRowsOf(triple: number, out: number[]): void {
    let left = this.live.openCount(triple);
    for (let r = this.tHead[triple]!; left > 0; r = this.tripleNext[r]!) {
      if (this.subjects.isOpen(r)) {
        out.push(r);
        left--;
      }
    }
  }

  /** Triples of (subject, predicate) that have open rows, as a new array (the hot path walks `live` itself). */
  liveTriples(subject: number, predicate: number): number[] {
    const out: number[] = [];
    for (let t = this.live.head(subject, predicate); t !== NONE; t = this.live.next(t)) out.push(t);
    return out;
  }

  /** The stored columns (trimmed copies), named for a snapshot. Derived chains and indexes are rebuilt on load. */
  exportColumns(): Record<string, ColumnArray> {
    const n = this.rowCount;
    const t = this.tripleCount;
    const times = this.subjects.timeColumns(n);
    return {
      'fact.triple': this.triple.slice(0, n),
      'fact.validFrom': times.validFrom,
      'fact.validTo': times.validTo,
      'fact.recordedAt': this.timeColumn(this.recordedId, n),
      'fact.invalidAt': times.invalidAt,
      'fact.confidence': this.meta.confidence.toDense(n),
      'fact.salience': this.meta.salience.toDense(n),
      'fact.provenance': this.meta.provenance.toDense(n),
      'fact.episode': this.meta.episode.toDense(n),
      'fact.evidenceHead': this.meta.evidenceHead.toDense(n),
      'fact.supersededHead': this.supersededHead.slice(0, n),
      'fact.retrievals': this.meta.retrievals.toDense(n),
      'fact.lastRetrievedAt': this.meta.lastRetrievedAt.toDense(n),
      'fact.archivedAt': this.meta.archivedAt.toDense(n),
      'fact.lastSeenAt': this.timeColumn(this.lastSeenId, n),
      'triple.subject': this.tSubject.slice(0, t),
      'triple.predicate': this.tPredicate.slice(0, t),
      'triple.object': this.tObject.slice(0, t),
      'evidence.value': this.evidenceValue.data.slice(0, this.evidenceValue.length),
      'evidence.next': this.evidenceNext.data.slice(0, this.evidenceNext.length),
      'link.value': this.linkValue.data.slice(0, this.linkValue.length),
      'link.next': this.linkNext.data.slice(0, this.linkNext.length),
      'closed.rows': this.closedRows.data.slice(0, this.closedRows.length),
    };
  }

  /** A column of the times that `ids` (recordedId or lastSeenId) hold for rows [0, n). */
  private timeColumn(ids: Int32Array, n: number): Float64Array {
    const out = new Float64Array(n);
    const times = this.times;
    for (let r = 0; r < n; r++) {
      const id = ids[r]!;
      out[r] = id !== NONE ? times.timeOf(id) : this.lastSeenElse.get(r)!;
    }
    return out;
  }

  /**
   * Record times of loaded rows as ids: recordedAt in row order merged with the closing times in closing
   * order (both ascend in a checked state), so the ids ascend with the times; then each lastSeenAt as its
   * own row's time when equal (most), else looked up among the times (a reinforcement's time that no row
   * was recorded or closed at is kept in `lastSeenElse`). Returns each row's invalidAt as its id (NONE while
   * open), met here, for the subject index.
   */
  private loadTimes(c: StoreColumns, n: number): Int32Array {
    const { times, recordedId, lastSeenId } = this;
    const { recordedAt, invalidAt, lastSeenAt, closedRows: closed } = c;
    times.clear();
    this.lastSeenElse.clear();
    // At most one time per distinct record time and per closing: room for them at once, not by doubling.
    let distinct = 0;
    for (let r = 0; r < n; r++) if (r === 0 || !Object.is(recordedAt[r], recordedAt[r - 1])) distinct++;
    times.reserve(distinct + closed.length);
    const invalidIds = new Int32Array(n).fill(NONE);
    // Closing times before a row's record time come first (ties: the row's, so it counts the rows before it).
    // A closing time is finite (checked), so Infinity stands for "no closing left".
    let j = 0;
    let closing = closed.length > 0 ? invalidAt[closed[0]!]! : Infinity;
    for (let r = 0; r < n; r++) {
      const t = recordedAt[r]!;
      while (closing < t) {
        invalidIds[closed[j]!] = times.id(closing, r);
        closing = ++j < closed.length ? invalidAt[closed[j]!]! : Infinity;
      }
      recordedId[r] = times.id(t, r);
    }
    for (; j < closed.length; j++) invalidIds[closed[j]!] = times.id(invalidAt[closed[j]!]!, n);
    for (let r = 0; r < n; r++) {
      const t = lastSeenAt[r]!;
      if (Object.is(t, recordedAt[r])) lastSeenId[r] = recordedId[r]!;
      else {
        const id = times.find(t);
        lastSeenId[r] = id;
        if (id === NONE) this.lastSeenElse.set(r, t);
      }
    }
    return invalidIds;
  }

  /**
   * Takes checked columns (see snapshot/state-check.ts) as a bulk load: the chains, the live set and the
   * indexes are built in linear passes; nothing is sorted. With `adopt` the row and triple columns become
   * the store's own (no copy; the caller must not use them again); without it they are copied. Throws a
   * RangeError for a duplicate triple (the caller turns it into CorruptSnapshotError).
   */
  loadColumns(c: StoreColumns, entityCount: number, adopt = false): void {
    const n = c.triple.length;
    const tc = c.tSubject.length;
    this.reserveEntities(entityCount);
    if (adopt) {
      this.tSubject = c.tSubject as typeof this.tSubject;
      this.tPredicate = c.tPredicate as typeof this.tPredicate;
      this.tObject = c.tObject as typeof this.tObject;
      this.tHead = new Int32Array(tc).fill(NONE);
      this.tSubjectNext = new Int32Array(tc).fill(NONE);
      this.tObjectNext = new Int32Array(tc).fill(NONE);
      this.live.reserveTriples(tc);
      this.tripleCapacity = tc;
    } else {
      this.reserveTriples(tc);
      this.tSubject.set(c.tSubject);
      this.tPredicate.set(c.tPredicate);
      this.tObject.set(c.tObject);
    }
    if (hashSize(tc) > this.hash.length) this.hash = new Int32Array(hashSize(tc));
    this.hashMask = this.hash.length - 1;
    this.tripleCount = tc;
    this.hashAndChainTriples(tc);
    if (adopt) this.adoptRows(c, n);
    else this.copyRows(c, n);
    this.meta.load(c, n);
    const invalidIds = this.loadTimes(c, n);
    this.rowCount = n;
    const rowSubject = this.chainRows(n, c.invalidAt);
    this.live.addCounted(tc);
    this.zones.build(c, n);
    this.subjects.build(c, n, rowSubject, invalidIds);
    this.evidenceValue = IntList.of(c.evidenceValue);
    this.evidenceNext = IntList.of(c.evidenceNext);
    this.linkValue = IntList.of(c.linkValue);
    this.linkNext = IntList.of(c.linkNext);
    this.closedRows = IntList.of(c.closedRows);
  }

  /**
   * One pass over the triples: each is put in the hash (a duplicate is found by the same probe that
   * finds its slot) and linked into its subject's and object's chains. The probes run in a scratch table
   * that keeps each entry's full hash beside it, so an occupied slot is told apart from the triple by that
   * number, on the line the probe reads, instead of by the other triple's columns (a cache miss each at
   * random rows); the entries then land in `hash` at the same slots, in one sequential copy.
   */
  private hashAndChainTriples(tc: number): void {
    const { tSubject, tPredicate, tObject, hash, tSubjectNext, subjectHead, tObjectNext, objectHead } = this;
    const mask = this.hashMask;
    const keyed = new Int32Array(2 * hash.length); // per slot: the entry (triple + 1, 0: empty) and its hash
    for (let t = 0; t < tc; t++) {
      const s = tSubject[t]!;
      const p = tPredicate[t]!;
      const o = tObject[t]!;
      const h = tripleHash(s, p, o) | 0;
      let slot = h & mask;
      for (let e = keyed[2 * slot]!; e !== 0; e = keyed[2 * slot]!) {
        if (keyed[2 * slot + 1] === h && tSubject[e - 1] === s && tPredicate[e - 1] === p && tObject[e - 1] === o) throw new RangeError(`triple #${t} is a duplicate`);
        slot = (slot + 1) & mask;
      }
      keyed[2 * slot] = t + 1;
      keyed[2 * slot + 1] = h;
      tSubjectNext[t] = subjectHead[s]!;
      subjectHead[s] = t;
      if (o >= 0) {
        tObjectNext[t] = objectHead[o]!;
        objectHead[o] = t;
      }
    }
    for (let slot = 0; slot < hash.length; slot++) hash[slot] = keyed[2 * slot]!;
  }

  /**
   * One pass over the rows: each is linked into its triple's chain of versions and, while open, counted in
   * the live set. Returns each row's subject (read here, where the row's triple is), for the subject index.
   */
  private chainRows(n: number, invalidAt: Float64Array): Int32Array {
    const { triple, tSubject, tHead, tripleNext, live } = this;
    const rowSubject = new Int32Array(n);
    for (let r = 0; r < n; r++) {
      const t = triple[r]!;
      rowSubject[r] = tSubject[t]!;
      tripleNext[r] = tHead[t]!;
      tHead[t] = r;
      if (invalidAt[r] === Infinity) live.countOpen(t);
    }
    return rowSubject;
  }

  private copyRows(c: StoreColumns, n: number): void {
    this.reserveRows(n);
    this.triple.set(c.triple);
    this.supersededHead.set(c.supersededHead);
  }

  /** The decoded row columns become the store's; the first append grows them (one copy, then doubling). */
  private adoptRows(c: StoreColumns, n: number): void {
    this.triple = c.triple as typeof this.triple;
    this.supersededHead = c.supersededHead as typeof this.supersededHead;
    this.recordedId = new Int32Array(n);
    this.lastSeenId = new Int32Array(n);
    this.tripleNext = new Int32Array(n);
    this.rowCapacity = n;
    // The row metadata, the zone index and the subject index size themselves as they load.
  }

  /** Bytes per version held in row columns, and in the indexes and pools, for the perf report. */
  memoryBytes(): { rowColumns: number; triples: number; zones: number; subjects: number; pools: number } {
    // triple, recordedId, supersededHead, lastSeenId, tripleNext; then the sparse metadata as it is held,
    // and the record times. (validFrom, validTo and invalidAt are counted with the subject index, which
    // holds them.)
    const perRow = 4 + 4 + 4 + 4 + 4;
    const elseBytes = this.lastSeenElse.size * 48; // a Map entry, as row-meta.ts counts one
    return {
      rowColumns: perRow * this.rowCount + this.meta.byteLength(this.rowCount) + this.times.byteLength + elseBytes,
      triples: this.tripleCount * 4 * 6 + this.hash.length * 4 + this.live.byteLength(this.tripleCount),
      zones: this.zones.byteLength,
      subjects: this.subjects.byteLength,
      pools: (this.evidenceValue.length + this.linkValue.length) * 8 + this.closedRows.length * 4,
    };
  }
}

/**
 * Slots of the triple hash for `triples` entries: a power of two (its mask) at most 3/4 full, where
 * linear probing still ends within a cache line or two; sized by the triples held, so it costs 5.3 to
 * 10.7 bytes a triple instead of the 8 to 16 of twice the table's doubling capacity.
 */
function hashSize(triples: number): number {
  return nextCapacity(0, Math.ceil((triples * 4) / 3) + 1, 2048);
}

/** A 32-bit mix of three int32s (murmur3's finaliser on a combined word). */
function tripleHash(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ c, 0x27d4eb2f);
  h ^= h >>> 15;
  return h >>> 0;
}
