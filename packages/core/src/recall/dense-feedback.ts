/**
 * The feedback pass with a model's dense share on (`denseFeedback`): the dense share reaches turns only (a
 * whole-session document has no rank among the turns' vector hits), so turns take the feedback terms at
 * `denseFeedback` while whole-session documents keep `feedback`. BM25 is linear in its term weights, so both
 * come from one pass over the feedback terms alone: (1 − f) × the question's score + f × the feedback terms'.
 */
import type { SessionMap } from './sessions.js';

/**
 * Second-pass scores from the first pass (`asked`: the question's terms) and the feedback terms' own pass
 * (`fed`: each term at its feedback weight over the best one's), `turnWeight` for turns and `docWeight` for
 * whole-session documents.
 */
export function splitFeedback(asked: ReadonlyMap<number, number>, fed: ReadonlyMap<number, number>, sessions: SessionMap, turnWeight: number, docWeight: number): Map<number, number> {
  const out = new Map<number, number>();
  const mix = (i: number): void => {
    if (out.has(i)) return;
    const f = sessions.isWhole(i) ? docWeight : turnWeight;
    const s = (1 - f) * (asked.get(i) ?? 0) + f * (fed.get(i) ?? 0);
    if (s > 0) out.set(i, s);
  };
  for (const i of asked.keys()) mix(i);
  for (const i of fed.keys()) mix(i);
  return out;
}
