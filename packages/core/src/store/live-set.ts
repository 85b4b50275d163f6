import { grow } from '../util/arrays.js';

const NONE = -1;

/**
 * The live (subject, predicate) set: per pair, the triples that have open versions, as an intrusive list
 * through the triples (`next`, one int32 per triple) whose head sits in an open-addressing table keyed by
 * the pair. What a cardinality-one assertion or an object-less retraction must look at, found without a
 * Map per predicate and an array per pair (heap objects the garbage collector walked on every major
 * collection). A pair keeps its slot once it has had a live triple (its head NONE when it has none now):
 * no tombstones, and the table grows only with the pairs ever live.
 */
export class LiveSet {
  /** Next live triple of the same pair (meaningful only while the triple is live). */
  next = new Int32Array(0);
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
    if (triples > this.next.length) this.next = grow(this.next, triples, NONE);
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
    this.next[triple] = this.slotHead[slot]!;
    this.slotHead[slot] = triple;
  }

  /** `triple` of (subject, predicate) has no open version any more. */
  remove(triple: number, subject: number, predicate: number): void {
    const slot = this.slotOf(subject, predicate);
    let prev = NONE;
    let cur = this.slotHead[slot]!;
    while (cur !== NONE && cur !== triple) {
      prev = cur;
      cur = this.next[cur]!;
    }
    if (cur === NONE) return;
    if (prev === NONE) this.slotHead[slot] = this.next[triple]!;
    else this.next[prev] = this.next[triple]!;
    this.next[triple] = NONE;
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

  /** Bytes held for `triples` triples: their links and the pair table. */
  byteLength(triples: number): number {
    return triples * 4 + this.slotSubject.length * 12;
  }
}

/** A 32-bit mix of two int32s (murmur3's finaliser). */
function pairHash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

