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
import type { Accumulator } from './accumulator.js';
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
    index.forEachPosting(term, (i, f) => {
      if (sessions.isWhole(i) || !accept(i)) return;
      tf.add(sessions.sessionOf(i), f);
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
