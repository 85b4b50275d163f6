import { grow } from '../util/arrays.js';

const NONE = -1;

/** The triples' subjects and predicates (FactStore's columns, read where they are now: they grow by copying). */
export interface TriplePairs {
  readonly tSubject: Int32Array;
  readonly tPredicate: Int32Array;
}

/**
 * The live (subject, predicate) set: per pair, the triples that have open versions, as an intrusive list
 * through the triples whose head sits in an open-addressing table keyed by the pair. Per triple, its link
 * and its count of open versions sit side by side (`links`), so the conflict scan of a cardinality-one
 * assertion reads both from one cache line. What a cardinality-one assertion or an object-less retraction must look at, found without a
 * Map per predicate and an array per pair (heap objects the garbage collector walked on every major
 * collection). A pair keeps its slot once it has had a live triple (its head NONE when it has none now):
 * no tombstones, and the table grows only with the pairs ever live. A slot names its pair by a triple of it
 * (the first that was live), whose subject and predicate are the triple table's: 8 bytes a slot, not 12.
 */
export class LiveSet {
  /** Per triple two int32s: the next live triple of the same pair (meaningful only while it is live), and its open versions. */
  links = new Int32Array(0);
  /** Per slot two int32s: a triple of the pair (its key; NONE: an empty slot) and the pair's first live triple. */
  private slots = new Int32Array(0);
  private mask = -1;
  private pairs = 0;

  constructor(private readonly triples: TriplePairs) {
    this.resize(INITIAL_SIZE);
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

  /**
   * Bulk load, after `countOpen` for every open row: links each live triple of [0, `triples`) into its pair's
   * list in triple order, as `add` one by one would. Into an empty set the pairs are found in a scratch table
   * sized once for the live triples (at least as many as their pairs; no doubling on the way) that keeps
   * each pair's hash beside its key, so a probe tells pairs apart without reading the key triple's columns
   * (a cache miss each); the table then takes the size that adding would have grown it to.
   */
  addCounted(triples: number): void {
    const links = this.links;
    const { tSubject, tPredicate } = this.triples;
    if (this.pairs !== 0) {
      for (let t = 0; t < triples; t++) if (links[t * 2 + 1] !== 0) this.add(t, tSubject[t]!, tPredicate[t]!);
      return;
    }
    let live = 0;
    for (let t = 0; t < triples; t++) if (links[t * 2 + 1] !== 0) live++;
    const size = tableSize(live);
    const mask = size - 1;
    const scratch = new Int32Array(3 * size); // per slot: key triple + 1 (0: empty), the pair's first live triple, its hash
    let pairs = 0;
    for (let t = 0; t < triples; t++) {
      if (links[t * 2 + 1] === 0) continue;
      const subject = tSubject[t]!;
      const predicate = tPredicate[t]!;
      const h = pairHash(subject, predicate) | 0;
      let slot = h & mask;
      for (;;) {
        const key = scratch[3 * slot]! - 1;
        if (key === NONE) {
          scratch[3 * slot] = t + 1;
          scratch[3 * slot + 1] = NONE;
          scratch[3 * slot + 2] = h;
          pairs++;
          break;
        }
        if (scratch[3 * slot + 2] === h && tSubject[key] === subject && tPredicate[key] === predicate) break;
        slot = (slot + 1) & mask;
      }
      links[t * 2] = scratch[3 * slot + 1]!;
      scratch[3 * slot + 1] = t;
    }
    this.fromScratch(scratch, size, pairs);
  }

  /** The pair table from addCounted's scratch table: the same pairs at the size adding `pairs` pairs gives. */
  private fromScratch(scratch: Int32Array, scratchSize: number, pairs: number): void {
    const size = tableSize(pairs);
    const mask = size - 1;
    const slots = new Int32Array(2 * size).fill(NONE);
    for (let i = 0; i < scratchSize; i++) {
      const key = scratch[3 * i]! - 1;
      if (key === NONE) continue;
      let slot = scratch[3 * i + 2]! & mask;
      while (slots[2 * slot] !== NONE) slot = (slot + 1) & mask;
      slots[2 * slot] = key;
      slots[2 * slot + 1] = scratch[3 * i + 1]!;
    }
    this.slots = slots;
    this.mask = mask;
    this.pairs = pairs;
  }

  /** The first live triple of (subject, predicate), NONE when it has none; follow `next` for the rest. */
  head(subject: number, predicate: number): number {
    const { slots, mask } = this;
    const { tSubject, tPredicate } = this.triples;
    for (let slot = pairHash(subject, predicate) & mask; ; slot = (slot + 1) & mask) {
      const key = slots[2 * slot]!;
      if (key === NONE) return NONE;
      if (tSubject[key] === subject && tPredicate[key] === predicate) return slots[2 * slot + 1]!;
    }
  }

  /** `triple` of (subject, predicate) got its first open version. */
  add(triple: number, subject: number, predicate: number): void {
    const slot = this.slotOf(triple, subject, predicate);
    this.links[triple * 2] = this.slots[2 * slot + 1]!;
    this.slots[2 * slot + 1] = triple;
  }

  /** `triple` of (subject, predicate) has no open version any more. */
  remove(triple: number, subject: number, predicate: number): void {
    const slot = this.slotOf(triple, subject, predicate);
    let prev = NONE;
    let cur = this.slots[2 * slot + 1]!;
    const links = this.links;
    while (cur !== NONE && cur !== triple) {
      prev = cur;
      cur = links[cur * 2]!;
    }
    if (cur === NONE) return;
    if (prev === NONE) this.slots[2 * slot + 1] = links[triple * 2]!;
    else links[prev * 2] = links[triple * 2]!;
    links[triple * 2] = NONE;
  }

  /** The slot of `triple`'s pair (subject, predicate), claimed with `triple` as its key if it has none. */
  private slotOf(triple: number, subject: number, predicate: number): number {
    const { tSubject, tPredicate } = this.triples;
    for (let slot = pairHash(subject, predicate) & this.mask; ; slot = (slot + 1) & this.mask) {
      const key = this.slots[2 * slot]!;
      if (key !== NONE) {
        if (tSubject[key] === subject && tPredicate[key] === predicate) return slot;
        continue;
      }
      if ((this.pairs + 1) * 4 > this.size * 3) {
        this.resize(this.size * 2);
        return this.slotOf(triple, subject, predicate);
      }
      this.slots[2 * slot] = triple;
      this.slots[2 * slot + 1] = NONE;
      this.pairs++;
      return slot;
    }
  }

  private get size(): number {
    return this.slots.length / 2;
  }

  private resize(size: number): void {
    const old = this.slots;
    const { tSubject, tPredicate } = this.triples;
    this.slots = new Int32Array(2 * size).fill(NONE);
    this.mask = size - 1;
    for (let i = 0; i < old.length; i += 2) {
      const key = old[i]!;
      if (key === NONE) continue;
      let slot = pairHash(tSubject[key]!, tPredicate[key]!) & this.mask;
      while (this.slots[2 * slot] !== NONE) slot = (slot + 1) & this.mask;
      this.slots[2 * slot] = key;
      this.slots[2 * slot + 1] = old[i + 1]!;
    }
  }

  /** Bytes held for `triples` triples: their links and counts, and the pair table. */
  byteLength(triples: number): number {
    return triples * 8 + this.slots.byteLength;
  }
}

/** The pair table's first size; it doubles when it would pass 3/4 full. */
const INITIAL_SIZE = 1024;

/** The size the table has after `pairs` pairs were added one by one (it doubles from INITIAL_SIZE). */
function tableSize(pairs: number): number {
  let size = INITIAL_SIZE;
  while (pairs * 4 > size * 3) size *= 2;
  return size;
}

/** A 32-bit mix of two int32s (murmur3's finaliser). */
function pairHash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

