import { CorruptSnapshotError, InvalidArgumentError } from '../errors.js';
import { growU32, isCount, isU32, TopK, type Hit } from './grow.js';
import { ensureCapacity } from '../util/arrays.js';
import { tokenize } from './text.js';
import { TermReader } from './term-reader.js';
import { Accumulator } from './accumulator.js';
import { checkPostings, forwardIndex } from './bm25-load.js';
import { BM25_DEFAULTS, idfFor, queryTermIds } from './bm25-shapes.js';
import type { Bm25Options, Bm25State, Bm25Views } from './bm25-shapes.js';
import type { ColumnWriter } from '../snapshot/snapshot-source.js';

export { queryTermIds, BM25_DEFAULTS } from './bm25-shapes.js';
export type { Bm25Options, Bm25State } from './bm25-shapes.js';

/**
 * Okapi BM25 over caller-chosen integer document ids. Append-only: documents are added, never changed.
 * idf(t) = ln(1 + (N − n_t + 0.5) / (n_t + 0.5)) (the non-negative form used by Lucene), and each distinct
 * query term counts once.
 */
export class Bm25Index {
  readonly k1: number;
  readonly b: number;
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  /**
   * Postings (doc slot, frequency) of term t, slots ascending: first its part of the base, a CSR block made
   * in bulk from the forward index (`baseDocs/baseFreqs[baseOffsets[t] .. baseOffsets[t + 1])`, terms below
   * `baseTerms`), then its tail, growable typed arrays of the postings added after the base was made
   * (`tailDocs/tailFreqs[t][0 .. tailLen[t])`). `postLen[t]` counts both. Documents are added to the
   * forward index alone; their postings are written by `postPending` before anything reads postings, so a
   * load (thousands of adds, then one build) counts then fills instead of growing an array per term.
   */
  private baseTerms = 0;
  private baseOffsets = new Uint32Array(1);
  private baseDocs = new Uint32Array(0);
  private baseFreqs = new Uint32Array(0);
  private tailDocs: Array<Uint32Array<ArrayBuffer> | undefined> = [];
  private tailFreqs: Array<Uint32Array<ArrayBuffer> | undefined> = [];
  private tailLen = new Uint32Array(16);
  private postLen = new Uint32Array(16);
  /** Documents in slots [posted, count) are in the forward index but not yet in the postings. */
  private posted = 0;
  private docIds = new Uint32Array(16);
  private docLengths = new Uint32Array(16);
  /**
   * Caller id → slot. While every document's id is its slot (ids 0, 1, 2, … in order, as recall's indexes
   * add them) the map stays empty and `slotIds` is true: a write costs no map insertion.
   */
  private readonly slotOf = new Map<number, number>();
  private slotIds = true;
  // add scratch: a term's position among the document's distinct terms, stamped by document
  private termStamp = new Uint32Array(16);
  private termAt = new Uint32Array(16);
  private docTerms = new Uint32Array(16);
  private docFreqs = new Uint32Array(16);
  private count = 0;
  private totalLength = 0;
  // forward index (what pseudo-relevance feedback reads): slot s owns fwdTerms/fwdFreqs[fwdStart[s] .. fwdStart[s + 1])
  private fwdStart = new Uint32Array(16);
  private fwdTerms = new Uint32Array(16);
  private fwdFreqs = new Uint32Array(16);
  // search scratch: scores by slot, stamped by query epoch so nothing is cleared between queries
  private acc = new Accumulator((n) => new Float64Array(n));
  /** Whether every sum in `acc` is > 0: no term's weighted idf so small that a part could round to 0. */
  private accPositive = false;
  private readonly top = new TopK();
  // feedback scratch: weights by term id (distinctiveTerms)
  private termAcc = new Accumulator((n) => new Float64Array(n));
  // idf by term id, kept until the next documents are posted (a recall asks for the same terms in each of
  // its passes: the question, its parts, their feedback): valid where idfStamp equals idfEpoch
  private idfValue = new Float64Array(16);
  private idfStamp = new Uint32Array(16);
  private idfEpoch = 1;

  constructor(options: Bm25Options = {}) {
    const k1 = options.k1 ?? BM25_DEFAULTS.k1;
    const b = options.b ?? BM25_DEFAULTS.b;
    if (!Number.isFinite(k1) || k1 < 0) throw new InvalidArgumentError(`Bm25Index: k1 (${k1}) must be a finite number ≥ 0`);
    if (!Number.isFinite(b) || b < 0 || b > 1) throw new InvalidArgumentError(`Bm25Index: b (${b}) must be in [0, 1]`);
    this.k1 = k1;
    this.b = b;
  }

  /** Number of documents. */
  get size(): number {
    return this.count;
  }

  /** Whether a document id has been added. */
  has(docId: number): boolean {
    return this.slotFor(docId) !== undefined;
  }

  private slotFor(docId: number): number | undefined {
    if (this.slotIds) return Number.isInteger(docId) && docId >= 0 && docId < this.count ? docId : undefined;
    return this.slotOf.get(docId);
  }

  /** Records a new document's id; leaves the identity mode at the first id that is not its slot. */
  private setSlot(docId: number, slot: number): void {
    if (this.slotIds && docId === slot) return;
    if (this.slotIds) {
      for (let s = 0; s < slot; s++) this.slotOf.set(s, s);
      this.slotIds = false;
    }
    this.slotOf.set(docId, slot);
  }

  /** Adds a document; ids are non-negative integers below 2^32, each added once. */
  add(docId: number, text: string): void {
    this.checkNewId(docId);
    if (typeof text !== 'string') throw new InvalidArgumentError(`Bm25Index.add: text must be a string, got ${typeof text}`);
    // tokenize(text)'s terms interned in order, each word looked up once (recall/term-reader.ts)
    this.reader ??= new TermReader((t) => this.intern(t));
    const n = this.reader.read(text);
    this.appendIds(docId, this.reader.ids, n);
  }

  /** Reads added texts' words into term ids; made at the first `add` (indexes built from tokens need none). */
  private reader: TermReader | undefined;

  /**
   * `add` for a document already split by `tokenize`: a fact's document is its entities' and predicate's
   * tokens, computed once per name instead of once per fact.
   */
  addTokens(docId: number, tokens: readonly string[]): void {
    this.checkNewId(docId);
    this.append(docId, tokens);
  }

  private intern(t: string): number {
    let id = this.termIds.get(t);
    if (id === undefined) {
      id = this.terms.length;
      this.termIds.set(t, id);
      this.terms.push(t);
      this.postLen = growU32(this.postLen, id + 1);
      this.tailLen = growU32(this.tailLen, id + 1);
    }
    return id;
  }

  private tokenIds = new Uint32Array(16);

  private append(docId: number, tokens: readonly string[]): void {
    this.tokenIds = growU32(this.tokenIds, tokens.length);
    for (let i = 0; i < tokens.length; i++) this.tokenIds[i] = this.intern(tokens[i]!);
    this.appendIds(docId, this.tokenIds, tokens.length);
  }

  private appendIds(docId: number, ids: ArrayLike<number>, length: number): void {
    const slot = this.count;
    this.docIds = growU32(this.docIds, slot + 1);
    this.docLengths = growU32(this.docLengths, slot + 1);
    this.docIds[slot] = docId;
    this.docLengths[slot] = length;
    this.setSlot(docId, slot);
    this.count++;
    this.totalLength += length;
    // frequencies per distinct term, in order of first occurrence (no map per document: a term's place in
    // docTerms is stamped with this document's number)
    const stampOf = slot + 1;
    this.docTerms = growU32(this.docTerms, length);
    this.docFreqs = growU32(this.docFreqs, length);
    this.termStamp = growU32(this.termStamp, this.terms.length);
    this.termAt = growU32(this.termAt, this.terms.length);
    const docTerms = this.docTerms;
    const docFreqs = this.docFreqs;
    const termStamp = this.termStamp;
    const termAt = this.termAt;
    let distinct = 0;
    for (let i = 0; i < length; i++) {
      const id = ids[i]!;
      if (termStamp[id] === stampOf) {
        docFreqs[termAt[id]!]!++;
      } else {
        termStamp[id] = stampOf;
        termAt[id] = distinct;
        docTerms[distinct] = id;
        docFreqs[distinct++] = 1;
      }
    }
    const from = this.fwdStart[slot]!;
    this.fwdStart = growU32(this.fwdStart, slot + 2);
    this.fwdTerms = growU32(this.fwdTerms, from + distinct);
    this.fwdFreqs = growU32(this.fwdFreqs, from + distinct);
    this.fwdStart[slot + 1] = from + distinct;
    for (let j = 0; j < distinct; j++) {
      this.fwdTerms[from + j] = docTerms[j]!;
      this.fwdFreqs[from + j] = docFreqs[j]!;
    }
  }

  /**
   * Writes the postings of the documents added since the last call (searches, `idf` and `toState` call it;
   * recall calls it at the end of its indexing so a load's first recall does not pay for it). With no
   * postings yet, all of them are built at once as the base: counted per term, then filled in slot order.
   * Later documents go to the tails, in slot order too, so a term's postings stay ascending either way.
   */
  postPending(): void {
    const from = this.posted;
    const to = this.count;
    if (from === to) return;
    // every idf changes with the number of documents
    if (++this.idfEpoch === 0xffffffff) {
      this.idfStamp.fill(0);
      this.idfEpoch = 1;
    }
    const fwdStart = this.fwdStart;
    const fwdTerms = this.fwdTerms;
    const fwdFreqs = this.fwdFreqs;
    const postLen = this.postLen;
    if (from === 0 && this.baseTerms === 0) {
      const nTerms = this.terms.length;
      const offsets = new Uint32Array(nTerms + 1);
      const end = fwdStart[to]!;
      for (let i = 0; i < end; i++) offsets[fwdTerms[i]! + 1]!++;
      for (let t = 0; t < nTerms; t++) {
        postLen[t] = offsets[t + 1]!;
        offsets[t + 1] = offsets[t + 1]! + offsets[t]!;
      }
      const docs = new Uint32Array(end);
      const freqs = new Uint32Array(end);
      const at = offsets.slice(0, nTerms); // next free place per term
      for (let slot = 0; slot < to; slot++) {
        for (let i = fwdStart[slot]!; i < fwdStart[slot + 1]!; i++) {
          const p = at[fwdTerms[i]!]!++;
          docs[p] = slot;
          freqs[p] = fwdFreqs[i]!;
        }
      }
      this.baseTerms = nTerms;
      this.baseOffsets = offsets;
      this.baseDocs = docs;
      this.baseFreqs = freqs;
      this.posted = to;
      return;
    }
    const tailLen = this.tailLen;
    const tailDocs = this.tailDocs;
    const tailFreqs = this.tailFreqs;
    for (let slot = from; slot < to; slot++) {
      for (let i = fwdStart[slot]!; i < fwdStart[slot + 1]!; i++) {
        const id = fwdTerms[i]!;
        const n = tailLen[id]!;
        let docs = tailDocs[id];
        let freqs = tailFreqs[id];
        // a write per posting, and a new pair of arrays only when a term's are full (the arrays stored back then alone)
        if (docs === undefined || freqs === undefined || n === docs.length) {
          docs = growU32(docs ?? new Uint32Array(4), n + 1);
          freqs = growU32(freqs ?? new Uint32Array(4), n + 1);
          tailDocs[id] = docs;
          tailFreqs[id] = freqs;
        }
        docs[n] = slot;
        freqs[n] = fwdFreqs[i]!;
        tailLen[id] = n + 1;
        postLen[id] = postLen[id]! + 1;
      }
    }
    this.posted = to;
  }

  private checkNewId(docId: number): void {
    if (!isU32(docId)) throw new InvalidArgumentError(`Bm25Index.add: docId (${docId}) must be an integer in [0, 2^32)`);
    if (this.slotFor(docId) !== undefined) throw new InvalidArgumentError(`Bm25Index.add: docId ${docId} was already added`);
  }

  /** Drops the search and feedback scratch (sized by the documents); the next search makes it again. */
  releaseScratch(): void {
    this.acc = new Accumulator((n) => new Float64Array(n));
    this.termAcc = new Accumulator((n) => new Float64Array(n));
  }

  /**
   * The k best documents for the query, best first, ties by lower id. `accept` (e.g. "visible at this
   * temporal cut") is applied before the top k is taken, so rejected documents never use a slot.
   */
  search(query: string, k: number, accept?: (docId: number) => boolean): Hit[] {
    if (typeof query !== 'string') throw new InvalidArgumentError(`Bm25Index.search: query must be a string, got ${typeof query}`);
    return this.searchTerms(tokenize(query), k, accept);
  }

  /** `search` for a query already tokenized with `tokenize` (one tokenization serves several indexes). */
  searchTerms(terms: readonly string[], k: number, accept?: (docId: number) => boolean): Hit[] {
    if (!isCount(k)) throw new InvalidArgumentError(`Bm25Index.search: k (${k}) must be a non-negative integer`);
    if (k === 0 || this.count === 0) return [];
    const qterms = queryTermIds(terms, this.termIds);
    if (qterms.size === 0) return [];

    // each query term once, in the query's order, at weight 1 (w · idf is then exactly idf)
    const weighted: Array<[number, number]> = [];
    for (const t of qterms) weighted.push([t, 1]);
    this.accumulate(weighted);
    const { values, touched, count } = this.acc;
    const top = this.top;
    top.reset(k);
    for (let i = 0; i < count; i++) {
      const slot = touched[i]!;
      const id = this.docIds[slot]!;
      // `accept` only for a hit the top would keep (most are not, in a large memory)
      if (!top.admits(values[slot]!, id) || (accept !== undefined && !accept(id))) continue;
      top.push(values[slot]!, id);
    }
    return top.drain();
  }

  /**
   * The k best documents for weighted terms (term → weight; the weight multiplies the term's BM25 part) that
   * `accept` lets through, best first, ties by lower id; `accept` is asked only of hits the top would keep.
   */
  topWeighted(terms: ReadonlyMap<string, number>, k: number, accept: (docId: number) => boolean): Hit[] {
    if (this.count === 0) return [];
    this.accumulateTerms(terms);
    const { values, touched, count } = this.acc;
    const { docIds, top } = this;
    top.reset(k);
    for (let i = 0; i < count; i++) {
      const s = values[touched[i]!]!;
      const id = docIds[touched[i]!]!;
      if (s > 0 && top.admits(s, id) && accept(id)) top.push(s, id);
    }
    return top.drain();
  }

  /** `accumulate` of weighted terms (term → weight > 0), in term id order so sums are bit-identical whatever order the map was built in. */
  private accumulateTerms(terms: ReadonlyMap<string, number>): void {
    const weighted: Array<[number, number]> = [];
    for (const [t, w] of terms) {
      const id = this.termIds.get(t);
      if (id !== undefined && w > 0) weighted.push([id, w]);
    }
    weighted.sort((a, b) => a[0] - b[0]);
    this.accumulate(weighted);
  }

  /**
   * Each accepted document's score > 0 for weighted terms (as `topWeighted` sums them) set into `into` (begun
   * by the caller, nothing set yet); no `accept`: every document. When every document is taken, ids are slots
   * and every sum is > 0 (`accPositive`), the sums are handed over whole (`Accumulator.swap`, when they fit
   * all `into` held): the same ids, in the same order, with the same values as a copy.
   */
  scoreWeightedInto(terms: ReadonlyMap<string, number>, accept: ((docId: number) => boolean) | undefined, into: Accumulator<Float64Array>): void {
    if (this.count === 0) return;
    this.accumulateTerms(terms);
    const { values, touched, count } = this.acc;
    if (accept === undefined && this.slotIds && into.count === 0 && this.acc.values.length >= into.values.length && this.accPositive) {
      into.swap(this.acc);
      return;
    }
    const docIds = this.docIds;
    for (let i = 0; i < count; i++) {
      const slot = touched[i]!;
      const id = docIds[slot]!;
      const s = values[slot]!;
      if (s > 0 && (accept === undefined || accept(id))) into.set(id, s);
    }
  }

  /** Sums each weighted term's BM25 part per document into `acc`, terms in the given order. */
  private accumulate(weighted: ReadonlyArray<readonly [number, number]>): void {
    this.postPending();
    const epoch = this.acc.begin(this.count);
    const { values, stamp, touched } = this.acc;
    const docLengths = this.docLengths;
    const N = this.count;
    const avgdl = this.totalLength / N || 1;
    const { k1, b } = this;
    let nTouched = 0;
    // every part > 0 (and finite: no k1 so large that a part overflows), so every sum is
    let positive = k1 <= MAX_K1_FOR_POSITIVE;
    for (const [t, w] of weighted) {
      const idf = w * this.postedIdf(t);
      positive &&= idf >= MIN_PART_WEIGHT;
      // the base part, then the tail: slots ascending, as one array would hold them
      for (let part = 0; part < 2; part++) {
        const inBase = part === 0;
        if (inBase && t >= this.baseTerms) continue;
        const docs = inBase ? this.baseDocs : this.tailDocs[t];
        const freqs = inBase ? this.baseFreqs : this.tailFreqs[t];
        if (docs === undefined || freqs === undefined) continue;
        const from = inBase ? this.baseOffsets[t]! : 0;
        const to = inBase ? this.baseOffsets[t + 1]! : this.tailLen[t]!;
        for (let i = from; i < to; i++) {
          const slot = docs[i]!;
          const f = freqs[i]!;
          const s = (idf * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * docLengths[slot]!) / avgdl));
          if (stamp[slot] !== epoch) {
            stamp[slot] = epoch;
            values[slot] = s;
            touched[nTouched++] = slot;
          } else values[slot] = values[slot]! + s;
        }
      }
    }
    this.acc.count = nTouched;
    this.accPositive = positive;
  }

  /**
   * @internal A term's postings, for a walk with its own work per posting and no call per posting: `visit` of
   * the base run, then the tail (slots ascending, `docIds`/`lengths` by slot); nothing for an unknown term.
   */
  forEachRun(term: string, visit: (slots: Uint32Array, freqs: Uint32Array, from: number, to: number, docIds: Uint32Array, lengths: Uint32Array) => void): void {
    const t = this.termIds.get(term);
    if (t === undefined) return;
    this.postPending();
    if (t < this.baseTerms) visit(this.baseDocs, this.baseFreqs, this.baseOffsets[t]!, this.baseOffsets[t + 1]!, this.docIds, this.docLengths);
    const docs = this.tailDocs[t];
    const freqs = this.tailFreqs[t];
    if (docs !== undefined && freqs !== undefined) visit(docs, freqs, 0, this.tailLen[t]!, this.docIds, this.docLengths);
  }

  /** Tokens in all documents. */
  get tokenCount(): number {
    return this.totalLength;
  }

  /** Inverse document frequency of an indexed term (0 for an unknown one). */
  idf(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.idfOf(id);
  }

  /** `idf` of a term by its id (see `termId`). */
  idfOf(id: number): number {
    this.postPending();
    return idfFor(this.postLen[id]!, this.count);
  }

  /** `idfOf` for a term of the postings as they are (the caller posted pending documents), from the cache. */
  private postedIdf(t: number): number {
    if (this.idfStamp.length <= t) {
      this.idfStamp = growU32(this.idfStamp, t + 1);
      this.idfValue = ensureCapacity(this.idfValue, this.idfStamp.length, 8);
    }
    if (this.idfStamp[t] === this.idfEpoch) return this.idfValue[t]!;
    const idf = idfFor(this.postLen[t]!, this.count);
    this.idfStamp[t] = this.idfEpoch;
    this.idfValue[t] = idf;
    return idf;
  }

  /** A term's id, or undefined when no document holds it; `term(id)` is its text. */
  termId(term: string): number | undefined {
    return this.termIds.get(term);
  }

  term(id: number): string {
    return this.terms[id]!;
  }

  /**
   * @internal The `n` most distinctive terms of some documents, for pseudo-relevance feedback (recall/episode-rank.ts):
   * a term not in `skip` (term ids) weighs Σ weight · tf / length over the documents that hold it, times its
   * idf; those above 0, best first, ties by the term's text. Sums by term id in reused scratch, and only the
   * best `n` kept, not every term sorted: the top turns' terms are many, and this runs for every question
   * and each of its parts.
   */
  distinctiveTerms(docs: ReadonlyArray<Readonly<Hit>>, skip: ReadonlySet<number>, n: number): Array<[string, number]> {
    this.postPending();
    const acc = this.termAcc;
    acc.begin(this.terms.length);
    for (const { id, score: w } of docs) {
      const slot = this.slotFor(id);
      if (slot === undefined) continue;
      const len = this.docLengths[slot]!;
      if (len === 0) continue;
      for (let j = this.fwdStart[slot]!; j < this.fwdStart[slot + 1]!; j++) {
        const t = this.fwdTerms[j]!;
        if (skip.has(t)) continue;
        acc.add(t, (w * this.fwdFreqs[j]!) / len);
      }
    }
    const { values, touched, count: nTouched } = acc;
    // the best n so far, best first: (score, term id) pairs in two short arrays
    const bestIds: number[] = [];
    const bestScores: number[] = [];
    const before = (sa: number, ta: number, sb: number, tb: number): boolean => sa > sb || (sa === sb && this.terms[ta]! < this.terms[tb]!);
    for (let i = 0; i < nTouched; i++) {
      const t = touched[i]!;
      const score = values[t]! * this.postedIdf(t);
      if (!(score > 0)) continue;
      let at = bestIds.length;
      if (at === n && !before(score, t, bestScores[n - 1]!, bestIds[n - 1]!)) continue;
      while (at > 0 && before(score, t, bestScores[at - 1]!, bestIds[at - 1]!)) at--;
      bestIds.splice(at, 0, t);
      bestScores.splice(at, 0, score);
      if (bestIds.length > n) {
        bestIds.pop();
        bestScores.pop();
      }
    }
    return bestIds.map((t, i) => [this.terms[t]!, bestScores[i]!]);
  }

  /** A document's terms and their frequencies (`emit(term, tf)`), and its length in tokens. */
  termsOf(docId: number, emit: (term: string, tf: number) => void): number {
    return this.termIdsOfDoc(docId, (id, tf) => emit(this.terms[id]!, tf));
  }

  /** A document's length in tokens (0 for an unknown id). */
  lengthOf(docId: number): number {
    const slot = this.slotFor(docId);
    return slot === undefined ? 0 : this.docLengths[slot]!;
  }

  /** `termsOf` with term ids (no strings, for loops that key maps by term, such as feedback). */
  termIdsOfDoc(docId: number, emit: (id: number, tf: number) => void): number {
    const slot = this.slotFor(docId);
    if (slot === undefined) return 0;
    for (let j = this.fwdStart[slot]!; j < this.fwdStart[slot + 1]!; j++) emit(this.fwdTerms[j]!, this.fwdFreqs[j]!);
    return this.docLengths[slot]!;
  }

  /** Compact copy of the index (CSR postings), independent of this object. */
  toState(): Bm25State {
    const v = this.toViews();
    const postingDocs = new Uint32Array(v.postingDocs.length);
    const postingFreqs = new Uint32Array(v.postingFreqs.length);
    v.postingDocs.write(postingDocs);
    v.postingFreqs.write(postingFreqs);
    return { ...v, docIds: v.docIds.slice(), docLengths: v.docLengths.slice(), terms: this.terms.slice(), postingDocs, postingFreqs };
  }

  /**
   * What `toState` holds, for a snapshot encoder: the document columns and terms as views, the postings as
   * writers (each term's base and tail postings, copied once, into the output). Valid until the next add.
   */
  toViews(): Bm25Views {
    this.postPending();
    const nTerms = this.terms.length;
    const termOffsets = new Uint32Array(nTerms + 1);
    let total = 0;
    for (let t = 0; t < nTerms; t++) {
      termOffsets[t] = total;
      total += this.postLen[t]!;
    }
    termOffsets[nTerms] = total;
    const { baseTerms, baseOffsets, tailLen } = this;
    // element loops, not subarray + set: no view object per term
    const writer = (base: Uint32Array, tails: Array<Uint32Array | undefined>): ColumnWriter => ({
      tag: 'Uint32Array',
      length: total,
      write: (out) => {
        for (let t = 0; t < nTerms; t++) {
          let at = termOffsets[t]!;
          if (t < baseTerms) for (let i = baseOffsets[t]!, to = baseOffsets[t + 1]!; i < to; i++) out[at++] = base[i]!;
          const tail = tails[t];
          for (let i = 0, n = tailLen[t]!; i < n; i++) out[at++] = tail![i]!;
        }
      },
    });
    return {
      k1: this.k1,
      b: this.b,
      docIds: this.docIds.subarray(0, this.count),
      docLengths: this.docLengths.subarray(0, this.count),
      terms: this.terms,
      termOffsets,
      postingDocs: writer(this.baseDocs, this.tailDocs),
      postingFreqs: writer(this.baseFreqs, this.tailFreqs),
    };
  }

  /**
   * Rebuilds an index from `toState()` output; checks every length and reference. `adopt`: the caller hands
   * the state's arrays over (a loader that made them), so the index keeps them instead of copying them.
   */
  static fromState(state: Bm25State, adopt = false): Bm25Index {
    const bad = (why: string): never => {
      throw new CorruptSnapshotError(`Bm25Index.fromState: ${why}`);
    };
    if (state === null || typeof state !== 'object') bad('state must be an object');
    const { docIds, docLengths, terms, termOffsets, postingDocs, postingFreqs } = state;
    if (!(docIds instanceof Uint32Array) || !(docLengths instanceof Uint32Array)) bad('docIds/docLengths must be Uint32Arrays');
    if (!(termOffsets instanceof Uint32Array) || !(postingDocs instanceof Uint32Array) || !(postingFreqs instanceof Uint32Array)) {
      bad('termOffsets/postingDocs/postingFreqs must be Uint32Arrays');
    }
    if (!Array.isArray(terms)) bad('terms must be an array of strings');
    if (docIds.length !== docLengths.length) bad(`docIds (${docIds.length}) and docLengths (${docLengths.length}) differ in length`);
    if (termOffsets.length !== terms.length + 1) bad(`termOffsets has ${termOffsets.length} entries for ${terms.length} terms`);
    if (postingDocs.length !== postingFreqs.length || termOffsets[terms.length] !== postingDocs.length) bad('posting arrays do not match termOffsets');
    let index: Bm25Index;
    try {
      index = new Bm25Index({ k1: state.k1, b: state.b });
    } catch (e) {
      return bad((e as Error).message);
    }
    const n = docIds.length;
    for (let slot = 0; slot < n; slot++) {
      const id = docIds[slot]!;
      if (index.slotFor(id) !== undefined) bad(`docId ${id} appears twice`);
      index.setSlot(id, slot);
      index.count = slot + 1;
      index.totalLength += docLengths[slot]!;
    }
    const own = (a: Uint32Array): Uint32Array<ArrayBuffer> => (adopt ? (a as Uint32Array<ArrayBuffer>) : a.slice());
    index.docIds = own(docIds);
    index.docLengths = own(docLengths);
    index.count = n;
    const nTerms = terms.length;
    index.postLen = new Uint32Array(Math.max(16, nTerms));
    for (let t = 0; t < nTerms; t++) {
      const term = terms[t];
      if (typeof term !== 'string' || index.termIds.has(term)) bad(`term ${t} is not a distinct string`);
      index.termIds.set(term as string, t);
      index.terms.push(term as string);
      index.postLen[t] = termOffsets[t + 1]! - termOffsets[t]!;
    }
    const starts = checkPostings(n, nTerms, termOffsets, postingDocs, postingFreqs, bad);
    // the state's postings are the base (one copy at most, no array per term); nothing is pending
    index.tailLen = new Uint32Array(Math.max(16, nTerms));
    index.baseTerms = nTerms;
    index.baseOffsets = own(termOffsets);
    index.baseDocs = own(postingDocs);
    index.baseFreqs = own(postingFreqs);
    index.posted = n;
    // the forward index, transposed from the postings (a document's terms in term-id order)
    const forward = forwardIndex(n, nTerms, starts, termOffsets, postingDocs, postingFreqs, 16);
    index.fwdStart = starts.length < 16 ? growU32(starts, 16) : starts;
    index.fwdTerms = forward.terms;
    index.fwdFreqs = forward.freqs;
    return index;
  }
}

/**
 * A weighted idf at or above this makes every BM25 part > 0: f · (k1 + 1) / (f + k1 · (1 − b + b · length /
 * avgdl)) is at least 1 / (1 + N) (length ≤ N · avgdl), so a part is at least idf / (1 + N), far above the
 * smallest double for any number of documents below 2^32.
 */
const MIN_PART_WEIGHT = 1e-280;
/** With k1 at most this, a part's f · (k1 + 1) stays finite. */
const MAX_K1_FOR_POSITIVE = 1e100;
