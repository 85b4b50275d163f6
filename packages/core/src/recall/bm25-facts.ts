import { InvalidArgumentError } from '../errors.js';
import { growU32, isCount, TopK, type Hit } from './grow.js';
import { Accumulator } from './accumulator.js';
import { BM25_DEFAULTS, queryTermIds } from './bm25.js';

/** The columns of the fact store this index reads (graph/fact-store.ts): triples and the per-entity triple lists. */
export interface TripleColumns {
  readonly tSubject: Int32Array;
  readonly tPredicate: Int32Array;
  readonly tObject: Int32Array;
  readonly tSubjectNext: Int32Array;
  readonly tObjectNext: Int32Array;
  readonly subjectHead: Int32Array;
  readonly objectHead: Int32Array;
}

const NONE = -1;

/** A literal object code (−2, −3, …) → its literal id (fact-store.ts `literalCode`). */
const literalOf = (code: number): number => -2 - code;

/**
 * Okapi BM25 over facts, each fact's document being "subject predicate object" (its names' tokens), scored
 * exactly as a `Bm25Index` holding one such document per triple would score it (same idf, length
 * normalisation, term order and ties), but with no postings per fact: a term's facts are found through the
 * names that hold it (the entities' triple lists in the fact store, a list per predicate and per literal).
 * Indexing a fact is then a few counter updates, and indexing an entity a few pushes, so recall can keep
 * up with asserts without a first recall that indexes every fact written since.
 */
export class FactText {
  readonly k1 = BM25_DEFAULTS.k1;
  readonly b = BM25_DEFAULTS.b;
  private readonly termIds = new Map<string, number>();
  /** Term → the entities, predicates and literals whose names hold it (each once). */
  private readonly termEntities: number[][] = [];
  private readonly termPredicates: Array<number[] | undefined> = [];
  private readonly termLiterals: Array<number[] | undefined> = [];
  /** Entity e's name tokens (as term ids) are entityTokens[entityStart[e] .. entityStart[e + 1]). */
  private entityStart = new Uint32Array(16);
  private entityTokens = new Uint32Array(64);
  private entities = 0;
  private readonly predicateTokens: Array<Uint32Array | undefined> = [];
  private readonly literalTokens: Array<Uint32Array | undefined> = [];
  /** Triples by predicate and by literal object (entities' lists are the fact store's). */
  private readonly predicateTriples: number[][] = [];
  private readonly literalTriples: number[][] = [];
  private count = 0;
  private totalLength = 0;
  // search scratch: a term's facts (each once, by a stamp per triple), and the scores per triple
  private termFacts: number[] = [];
  private factStamp = new Uint32Array(0);
  private factEpoch = 0;
  private readonly acc = new Accumulator((n) => new Float64Array(n));
  private readonly top = new TopK();

  /** Number of facts indexed. */
  get size(): number {
    return this.count;
  }

  private intern(t: string): number {
    let id = this.termIds.get(t);
    if (id === undefined) {
      id = this.termEntities.length;
      this.termIds.set(t, id);
      this.termEntities.push([]);
      this.termPredicates.push(undefined);
      this.termLiterals.push(undefined);
    }
    return id;
  }

  /** Entity `e`'s name, as `tokenize` splits it; entities come in id order (0, 1, 2, …). */
  addEntity(e: number, tokens: readonly string[]): void {
    if (e !== this.entities) throw new InvalidArgumentError(`FactText.addEntity: entity ${e} out of order (next is ${this.entities})`);
    const from = this.entityStart[e]!;
    if (this.entityStart.length < e + 2) this.entityStart = growU32(this.entityStart, e + 2);
    if (this.entityTokens.length < from + tokens.length) this.entityTokens = growU32(this.entityTokens, from + tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const id = this.intern(tokens[i]!);
      this.entityTokens[from + i] = id;
      const holders = this.termEntities[id]!;
      if (holders[holders.length - 1] !== e) holders.push(e);
    }
    this.entityStart[e + 1] = from + tokens.length;
    this.entities = e + 1;
  }

  /** Whether predicate `p`'s tokens were given (`setPredicate`). */
  hasPredicate(p: number): boolean {
    return this.predicateTokens[p] !== undefined;
  }

  setPredicate(p: number, tokens: readonly string[]): void {
    this.predicateTokens[p] = this.partTokens(p, tokens, this.termPredicates);
    this.predicateTriples[p] ??= [];
  }

  /** Whether literal `id`'s tokens were given (`setLiteral`). */
  hasLiteral(id: number): boolean {
    return this.literalTokens[id] !== undefined;
  }

  setLiteral(id: number, tokens: readonly string[]): void {
    this.literalTokens[id] = this.partTokens(id, tokens, this.termLiterals);
    this.literalTriples[id] ??= [];
  }

  private partTokens(part: number, tokens: readonly string[], holdersByTerm: Array<number[] | undefined>): Uint32Array {
    const ids = new Uint32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const id = this.intern(tokens[i]!);
      ids[i] = id;
      const holders = (holdersByTerm[id] ??= []);
      if (holders[holders.length - 1] !== part) holders.push(part);
    }
    return ids;
  }

  /**
   * Indexes triple `t` (triples come in id order): its names must be known (entities added, predicate and
   * literal set). A counter and at most two pushes.
   */
  addTriple(t: number, st: TripleColumns): void {
    if (t !== this.count) throw new InvalidArgumentError(`FactText.addTriple: triple ${t} out of order (next is ${this.count})`);
    const p = st.tPredicate[t]!;
    this.predicateTriples[p]!.push(t);
    const o = st.tObject[t]!;
    if (o < 0) this.literalTriples[literalOf(o)]!.push(t);
    this.totalLength += this.lengthOf(st.tSubject[t]!, p, o);
    this.count = t + 1;
  }

  /** Tokens in a fact's document. */
  private lengthOf(s: number, p: number, o: number): number {
    const es = this.entityStart;
    const object = o >= 0 ? es[o + 1]! - es[o]! : this.literalTokens[literalOf(o)]!.length;
    return es[s + 1]! - es[s]! + this.predicateTokens[p]!.length + object;
  }

  /** How often term `id` occurs in a fact's document. */
  private tfOf(id: number, s: number, p: number, o: number): number {
    let f = this.entityTf(id, s);
    const pt = this.predicateTokens[p]!;
    for (let i = 0; i < pt.length; i++) if (pt[i] === id) f++;
    if (o >= 0) f += this.entityTf(id, o);
    else {
      const lt = this.literalTokens[literalOf(o)]!;
      for (let i = 0; i < lt.length; i++) if (lt[i] === id) f++;
    }
    return f;
  }

  private entityTf(id: number, e: number): number {
    let f = 0;
    for (let i = this.entityStart[e]!; i < this.entityStart[e + 1]!; i++) if (this.entityTokens[i] === id) f++;
    return f;
  }

  /**
   * The k best facts for the query terms (from `tokenize`), best first, ties by lower triple id; `accept`
   * is applied before the top k is taken. The same hits `Bm25Index.searchTerms` gives over the same documents.
   */
  searchTerms(terms: readonly string[], k: number, accept: (triple: number) => boolean, st: TripleColumns): Hit[] {
    if (!isCount(k)) throw new InvalidArgumentError(`FactText.searchTerms: k (${k}) must be a non-negative integer`);
    if (k === 0 || this.count === 0) return [];
    const qterms = queryTermIds(terms, this.termIds);
    if (qterms.size === 0) return [];
    const N = this.count;
    const avgdl = this.totalLength / N || 1;
    const { k1, b } = this;
    const epoch = this.acc.begin(N);
    const { values, stamp, touched } = this.acc;
    let nTouched = 0;
    for (const id of qterms) {
      const facts = this.factsHolding(id, st);
      const n = facts.length;
      const idf = 1 * Math.log(1 + (N - n + 0.5) / (n + 0.5));
      for (let i = 0; i < n; i++) {
        const t = facts[i]!;
        const s = st.tSubject[t]!;
        const p = st.tPredicate[t]!;
        const o = st.tObject[t]!;
        const f = this.tfOf(id, s, p, o);
        const score = (idf * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * this.lengthOf(s, p, o)) / avgdl));
        if (stamp[t] !== epoch) {
          stamp[t] = epoch;
          values[t] = score;
          touched[nTouched++] = t;
        } else values[t] = values[t]! + score;
      }
    }
    this.acc.count = nTouched;
    const top = this.top;
    top.reset(k);
    for (let i = 0; i < nTouched; i++) {
      const t = touched[i]!;
      // `accept` only for a fact the top would keep (most are not, in a large memory)
      if (top.admits(values[t]!, t) && accept(t)) top.push(values[t]!, t);
    }
    return top.drain();
  }

  /** The indexed facts whose document holds term `id`, each once (a scratch array, valid until the next call). */
  private factsHolding(id: number, st: TripleColumns): number[] {
    const out = this.termFacts;
    out.length = 0;
    if (this.factStamp.length < this.count) this.factStamp = growU32(this.factStamp, this.count);
    if (++this.factEpoch === 0xffffffff) {
      this.factStamp.fill(0);
      this.factEpoch = 1;
    }
    const epoch = this.factEpoch;
    const seen = this.factStamp;
    const n = this.count;
    const take = (t: number): void => {
      if (t < n && seen[t] !== epoch) {
        seen[t] = epoch;
        out.push(t);
      }
    };
    for (const e of this.termEntities[id]!) {
      for (let t = st.subjectHead[e] ?? NONE; t !== NONE; t = st.tSubjectNext[t]!) take(t);
      for (let t = st.objectHead[e] ?? NONE; t !== NONE; t = st.tObjectNext[t]!) take(t);
    }
    for (const p of this.termPredicates[id] ?? []) for (const t of this.predicateTriples[p]!) take(t);
    for (const l of this.termLiterals[id] ?? []) for (const t of this.literalTriples[l]!) take(t);
    return out;
  }
}
