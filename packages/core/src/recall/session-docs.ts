/**
 * A session's own document, kept by the memory for every user: the text of its turns taken together, as
 * they arrived. A question's words often fall in different turns of the one conversation that answers it
 * ("the mortgage … Wells Fargo … pre-approved"); scored as one document the session finds them together.
 *
 * Nothing is stored twice: the document is read from the turns' BM25 postings at question time, so it holds
 * only the turns visible at the cut (a turn said after it does not lift its session). Okapi BM25 over
 * sessions: tf a term's count over the session's visible turns, the length their token count; N and the
 * average length are the memory's sessions and turns (as the turn index's statistics are its whole).
 */
import { Accumulator } from './accumulator.js';
import { TopK, type Hit } from './grow.js';
import type { Bm25Index } from './bm25.js';
import { BM25_DEFAULTS } from './bm25.js';
import type { SessionMap } from './sessions.js';

/**
 * Each session's document score (> 0) into `out` (begun by the caller), keyed by session root, for the
 * weighted question terms over the turns `accept` lets through; whole-session episodes are left out (they
 * are their session's document already).
 */
export function sessionDocScores(
  index: Bm25Index,
  sessions: SessionMap,
  terms: ReadonlyMap<string, number>,
  accept: (i: number) => boolean,
  out: Accumulator<Float64Array>,
  tf: Accumulator<Float64Array>,
  size: number,
): void {
  const n = Math.max(1, sessions.sessionCount);
  const avgdl = index.tokenCount / n || 1;
  const { k1, b } = BM25_DEFAULTS;
  const lengths = new Map<number, number>();
  const lengthOf = (root: number): number => {
    let l = lengths.get(root);
    if (l !== undefined) return l;
    l = 0;
    for (const i of sessions.membersOf(root)) if (!sessions.isWhole(i) && accept(i)) l += index.lengthOf(i);
    lengths.set(root, l);
    return l;
  };
  // term order fixed so sums are bit-identical whatever order the map was built in
  for (const [term, w] of [...terms].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))) {
    if (!(w > 0)) continue;
    tf.begin(size);
    index.forEachRun(term, (slots, freqs, from, to, docIds) => {
      for (let x = from; x < to; x++) {
        const i = docIds[slots[x]!]!;
        if (!sessions.isWhole(i) && accept(i)) tf.add(sessions.sessionOf(i), freqs[x]!);
      }
    });
    const df = tf.count;
    if (df === 0) continue;
    const idf = w * Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (let j = 0; j < tf.count; j++) {
      const root = tf.touched[j]!;
      const f = tf.values[root]!;
      out.add(root, (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * lengthOf(root)) / avgdl)));
    }
  }
}


/**
 * The sessions' document scores, bounded by work: the best `keep` sessions by document score, and every
 * session the caller names (`must`), each scored exactly as `sessionDocScores` scores it; the others are left
 * out. A session's exact score needs its length over the visible turns, a walk of all its members, which over
 * every session that holds a question word is most of a large memory. So each session first gets an upper
 * bound from the postings alone — its length can be no shorter than the visible turns holding any one of the
 * terms, and BM25 falls with length — and sessions are scored exactly best bound first until the next bound
 * falls below the `keep`-th exact score (MaxScore's stop). Which sessions come back, and their scores, depend
 * only on the memory, the terms, the cut and `keep`: never on how far the walk went.
 */
export class BoundedSessionDocs {
  // one entry per (term, session) of a question: the session's count of the term, the term's weighted idf
  private entryF = new Float64Array(256);
  private entryIdf = new Float64Array(256);
  /** Next entry of the same session (-1: none), so a session's entries are read in term order. */
  private entryNext = new Int32Array(256);
  private entries = 0;
  private readonly head = scratchF();
  private readonly tail = scratchF();
  /** Per session: the longest visible length of one term's turns in it (a lower bound of its length). */
  private readonly lowLength = scratchF();
  private readonly bound = scratchF();
  private readonly termLength = scratchF();
  private readonly tf = scratchF();
  /** Sessions scored exactly in this call. */
  private readonly exact = scratchF();
  /** The best `keep` sessions by exact score, this call's. */
  private readonly chosen = scratchF();
  private readonly best = new TopK();
  private readonly byBound = new TopK();

  /**
   * Into `out` (begun by the caller, keyed by session root): the exact document score of the top `keep`
   * sessions and of every root touched in `must` that holds a term.
   */
  score(index: Bm25Index, sessions: SessionMap, terms: ReadonlyMap<string, number>, accept: (i: number) => boolean, size: number, keep: number, must: Accumulator<Float64Array>, out: Accumulator<Float64Array>, cut?: VisibleCut): void {
    const avgdl = index.tokenCount / Math.max(1, sessions.sessionCount) || 1;
    if (cut !== undefined && sessions.turnsVisible(cut.validAt, cut.knownAt)) return this.scoreWhole(index, sessions, terms, size, avgdl, keep, must, out);
    this.collect(index, sessions, terms, accept, size);
    const { k1, b } = BM25_DEFAULTS;
    const sum = (root: number, length: number): number => {
      let s = 0;
      for (let e = this.head.get(root) - 1; e >= 0; e = this.entryNext[e]!) {
        const f = this.entryF[e]!;
        s += (this.entryIdf[e]! * f * (k1 + 1)) / (f + k1 * (1 - b + (b * length) / avgdl));
      }
      return s;
    };
    const low = this.lowLength;
    const bound = this.bound;
    bound.begin(size);
    // a hair above the sum with the shorter length, so rounding can never put an exact score above its bound
    for (let j = 0; j < low.count; j++) bound.set(low.touched[j]!, sum(low.touched[j]!, low.values[low.touched[j]!]!) * (1 + 1e-9));
    const exact = this.exact;
    exact.begin(size);
    const scoreExact = (root: number): void => {
      if (!exact.has(root)) exact.set(root, sum(root, visibleLength(index, sessions, root, accept, cut)));
    };
    for (let j = 0; j < must.count; j++) if (low.has(must.touched[j]!)) scoreExact(must.touched[j]!);
    const chosen = this.chosen;
    chosen.begin(size);
    for (const h of this.bestExact(keep, scoreExact)) chosen.set(h.id, 1);
    for (let j = 0; j < exact.count; j++) {
      const root = exact.touched[j]!;
      if (exact.values[root]! > 0 && (must.has(root) || chosen.has(root))) out.set(root, exact.values[root]!);
    }
  }

  /**
   * `score` when every turn is visible (a question asked now): each session's length is its total, so every
   * session holding a term is scored exactly as its terms' postings are walked (no bounds, no entry lists),
   * and the best `keep` are picked in one pass: the same sessions and scores the bounded rounds find.
   */
  private scoreWhole(index: Bm25Index, sessions: SessionMap, terms: ReadonlyMap<string, number>, size: number, avgdl: number, keep: number, must: Accumulator<Float64Array>, out: Accumulator<Float64Array>): void {
    const { exact, best } = this;
    this.collectAll(index, sessions, terms, size, avgdl);
    best.reset(keep);
    for (let j = 0; j < exact.count; j++) best.push(exact.values[exact.touched[j]!]!, exact.touched[j]!);
    for (let j = 0; j < must.count; j++) {
      const root = must.touched[j]!;
      if (exact.get(root) > 0) out.set(root, exact.values[root]!);
    }
    for (const h of best.drain()) if (h.score > 0) out.set(h.id, h.score);
  }

  /**
   * The `keep` best sessions by exact score into `best` (kept for `has`): sessions scored best bound first,
   * in rounds of a growing number of bounds, until the lowest bound not yet scored is below the keep-th score.
   */
  private bestExact(keep: number, scoreExact: (root: number) => void): Hit[] {
    const { bound, exact, best, byBound } = this;
    if (keep === 0 || bound.count === 0) return [];
    for (let width = 4 * keep; ; width *= 4) {
      byBound.reset(Math.min(width, bound.count));
      for (let j = 0; j < bound.count; j++) byBound.push(bound.values[bound.touched[j]!]!, bound.touched[j]!);
      const listed = byBound.drain();
      for (const h of listed) scoreExact(h.id);
      best.reset(keep);
      for (let j = 0; j < exact.count; j++) best.push(exact.values[exact.touched[j]!]!, exact.touched[j]!);
      const top = best.drain();
      // a session not yet scored has a bound at most the last listed one's (ties listed by lower root first)
      if (listed.length === bound.count || (top.length === keep && listed[listed.length - 1]!.score < top[keep - 1]!.score)) return top;
    }
  }

  /**
   * Each term's counts per session into the entry lists, and each session's length lower bound (a cut that
   * hides some turn: `scoreWhole` takes the others).
   */
  private collect(index: Bm25Index, sessions: SessionMap, terms: ReadonlyMap<string, number>, accept: (i: number) => boolean, size: number): void {
    const n = Math.max(1, sessions.sessionCount);
    this.entries = 0;
    this.head.begin(size);
    this.tail.begin(size);
    this.lowLength.begin(size);
    const { tf, termLength } = this;
    // term order fixed so sums are bit-identical whatever order the map was built in
    for (const [term, w] of [...terms].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))) {
      if (!(w > 0)) continue;
      tf.begin(size);
      termLength.begin(size);
      // the postings read in place (no call per posting): this walk is most of the sessions' cost
      const roots = sessions.roots;
      const wholes = sessions.wholes;
      // summed in runs of one session's postings, then added (integer sums: the same whatever the grouping)
      let run = -1;
      let runF = 0;
      let runL = 0;
      const flush = (): void => {
        tf.add(run, runF);
        termLength.add(run, runL);
        runF = runL = 0;
      };
      index.forEachRun(term, (slots, freqs, from, to, docIds, lengths) => {
        for (let x = from; x < to; x++) {
          const slot = slots[x]!;
          const i = docIds[slot]!;
          if (wholes[i] === 1 || !accept(i)) continue;
          const root = roots[i]!;
          if (root !== run) {
            if (run >= 0) flush();
            run = root;
          }
          runF += freqs[x]!;
          runL += lengths[slot]!;
        }
      });
      if (run >= 0) flush();
      const df = tf.count;
      if (df === 0) continue;
      const idf = w * Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let j = 0; j < df; j++) {
        const root = tf.touched[j]!;
        this.append(root, tf.values[root]!, idf);
        const l = termLength.values[root]!;
        if (!this.lowLength.has(root) || l > this.lowLength.values[root]!) this.lowLength.set(root, l);
      }
    }
  }

  /**
   * Each session's exact score into `exact` when every turn is visible: no accept per posting, each session's
   * length its total (SessionMap's).
   */
  private collectAll(index: Bm25Index, sessions: SessionMap, terms: ReadonlyMap<string, number>, size: number, avgdl: number): void {
    const n = Math.max(1, sessions.sessionCount);
    const { k1, b } = BM25_DEFAULTS;
    const exact = this.exact;
    exact.begin(size);
    const tf = this.tf;
    const roots = sessions.roots;
    const wholes = sessions.wholes;
    for (const [term, w] of [...terms].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))) {
      if (!(w > 0)) continue;
      tf.begin(size);
      // a session's turns mostly sit together in the postings: its counts are summed in a run, then added
      // (integer counts, so the sums are the same whatever the grouping)
      let run = -1;
      let runF = 0;
      index.forEachRun(term, (slots, freqs, from, to, docIds) => {
        // the run in locals while walking (the closure's variables are slower to write)
        let r = run;
        let rf = runF;
        for (let x = from; x < to; x++) {
          const i = docIds[slots[x]!]!;
          if (wholes[i] === 1) continue;
          const root = roots[i]!;
          if (root !== r) {
            if (r >= 0) tf.add(r, rf);
            r = root;
            rf = 0;
          }
          rf += freqs[x]!;
        }
        run = r;
        runF = rf;
      });
      if (run >= 0) tf.add(run, runF);
      const df = tf.count;
      if (df === 0) continue;
      const idf = w * Math.log(1 + (n - df + 0.5) / (df + 0.5));
      // summed per session term by term in the fixed order, as `score`'s entry lists sum them
      for (let j = 0; j < df; j++) {
        const root = tf.touched[j]!;
        const f = tf.values[root]!;
        const length = sessions.tokensIfVisible(root, Infinity, Infinity);
        exact.add(root, (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * length) / avgdl)));
      }
    }
  }

  private append(root: number, f: number, idf: number): void {
    if (this.entries === this.entryF.length) {
      const cap = this.entries * 2;
      const grow = <T extends Float64Array | Int32Array>(a: T, make: (n: number) => T): T => {
        const b = make(cap);
        b.set(a as never);
        return b;
      };
      this.entryF = grow(this.entryF, (c) => new Float64Array(c));
      this.entryIdf = grow(this.entryIdf, (c) => new Float64Array(c));
      this.entryNext = grow(this.entryNext, (c) => new Int32Array(c));
    }
    const e = this.entries++;
    this.entryF[e] = f;
    this.entryIdf[e] = idf;
    this.entryNext[e] = -1;
    // head and tail hold entry + 1 (0: none yet)
    if (this.head.has(root)) this.entryNext[this.tail.get(root) - 1] = e;
    else this.head.set(root, e + 1);
    this.tail.set(root, e + 1);
  }
}

/**
 * The cut `accept` is, when it is one: a turn is accepted exactly when recorded by `knownAt` and said by
 * `validAt` (recall's episodeOk). It lets a session visible whole take its length from the session's totals.
 */
export interface VisibleCut {
  validAt: number;
  knownAt: number;
}

/** A session's length in tokens over the turns `accept` lets through (the session's total when all are). */
function visibleLength(index: Bm25Index, sessions: SessionMap, root: number, accept: (i: number) => boolean, cut: VisibleCut | undefined): number {
  if (cut !== undefined) {
    const whole = sessions.tokensIfVisible(root, cut.validAt, cut.knownAt);
    if (whole >= 0) return whole;
  }
  let l = 0;
  for (const i of sessions.membersOf(root)) if (!sessions.isWhole(i) && accept(i)) l += index.lengthOf(i);
  return l;
}

const scratchF = (): Accumulator<Float64Array> => new Accumulator((n) => new Float64Array(n));
