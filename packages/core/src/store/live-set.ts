import { grow } from '../util/arrays.js';

const NONE = -1;

/**
 * The live (subject, predicate) set: per pair, the triples that have open versions, as an intrusive list
 * through the triples whose head sits in an open-addressing table keyed by the pair. Per triple, its link
 * and its count of open versions sit side by side (`links`), so the conflict scan of a cardinality-one
 * assertion reads both from one cache line. What a cardinality-one assertion or an object-less retraction must look at, found without a
 * Map per predicate and an array per pair (heap objects the garbage collector walked on every major
 * collection). A pair keeps its slot once it has had a live triple (its head NONE when it has none now):
 * no tombstones, and the table grows only with the pairs ever live.
 */
export class LiveSet {
  /** Per triple two int32s: the next live triple of the same pair (meaningful only while it is live), and its open versions. */
  links = new Int32Array(0);
  /** Per slot: the pair's subject (NONE: an empty slot), predicate and first live triple. */
  private slotSubject = new Int32Array(0);
  private slotPredicate = new Int32Array(0);
  private slotHead = new Int32Array(0);
  private mask = -1;
  private pairs = 0;

  constructor() {
    this.resize(1024);
  }

  /** Makes room for `triples` triples (the store calls this when it grows its triple columns). */
  reserveTriples(triples: number): void {
    if (triples * 2 > this.links.length) this.links = grow(this.links, triples * 2);
  }

  /** Open versions of `triple`. */
  openCount(triple: number): number {
    return this.links[triple * 2 + 1]!;
  }

  /** The live triple after `triple` in its pair's list, NONE at the end. */
  next(triple: number): number {
    return this.links[triple * 2]!;
  }

  /** `triple` got an open version: the first makes it live. */
  opened(triple: number, subject: number, predicate: number): void {
    if (this.links[triple * 2 + 1]!++ === 0) this.add(triple, subject, predicate);
  }

  /** One of `triple`'s open versions was closed; true when it has none left (the caller then calls `remove`). */
  closedOne(triple: number): boolean {
    return --this.links[triple * 2 + 1]! === 0;
  }

  /** Counts `triple`'s open versions at a bulk load (call `add` for each live triple after). */
  countOpen(triple: number): void {
    this.links[triple * 2 + 1]!++;
  }

  /** The first live triple of (subject, predicate), NONE when it has none; follow `next` for the rest. */
  head(subject: number, predicate: number): number {
    const slotSubject = this.slotSubject;
    for (let slot = pairHash(subject, predicate) & this.mask; ; slot = (slot + 1) & this.mask) {
      const s = slotSubject[slot]!;
      if (s === NONE) return NONE;
      if (s === subject && this.slotPredicate[slot] === predicate) return this.slotHead[slot]!;
    }
  }

  /** `triple` of (subject, predicate) got its first open version. */
  add(triple: number, subject: number, predicate: number): void {
    const slot = this.slotOf(subject, predicate);
    this.links[triple * 2] = this.slotHead[slot]!;
    this.slotHead[slot] = triple;
  }

  /** `triple` of (subject, predicate) has no open version any more. */
  remove(triple: number, subject: number, predicate: number): void {
    const slot = this.slotOf(subject, predicate);
    let prev = NONE;
    let cur = this.slotHead[slot]!;
    const links = this.links;
    while (cur !== NONE && cur !== triple) {
      prev = cur;
      cur = links[cur * 2]!;
    }
    if (cur === NONE) return;
    if (prev === NONE) this.slotHead[slot] = links[triple * 2]!;
    else links[prev * 2] = links[triple * 2]!;
    links[triple * 2] = NONE;
  }

  /** The pair's slot, claimed if it has none. */
  private slotOf(subject: number, predicate: number): number {
    for (let slot = pairHash(subject, predicate) & this.mask; ; slot = (slot + 1) & this.mask) {
      const s = this.slotSubject[slot]!;
      if (s === subject && this.slotPredicate[slot] === predicate) return slot;
      if (s !== NONE) continue;
      if ((this.pairs + 1) * 4 > this.slotSubject.length * 3) {
        this.resize(this.slotSubject.length * 2);
        return this.slotOf(subject, predicate);
      }
      this.slotSubject[slot] = subject;
      this.slotPredicate[slot] = predicate;
      this.slotHead[slot] = NONE;
      this.pairs++;
      return slot;
    }
  }

  private resize(size: number): void {
    const [subjects, predicates, heads] = [this.slotSubject, this.slotPredicate, this.slotHead];
    this.slotSubject = new Int32Array(size).fill(NONE);
    this.slotPredicate = new Int32Array(size);
    this.slotHead = new Int32Array(size);
    this.mask = size - 1;
    for (let i = 0; i < subjects.length; i++) {
      const s = subjects[i]!;
      if (s === NONE) continue;
      let slot = pairHash(s, predicates[i]!) & this.mask;
      while (this.slotSubject[slot] !== NONE) slot = (slot + 1) & this.mask;
      this.slotSubject[slot] = s;
      this.slotPredicate[slot] = predicates[i]!;
      this.slotHead[slot] = heads[i]!;
    }
  }

  /** Bytes held for `triples` triples: their links and counts, and the pair table. */
  byteLength(triples: number): number {
    return triples * 8 + this.slotSubject.length * 12;
  }
}

/** A 32-bit mix of two int32s (murmur3's finaliser). */
function pairHash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

