/**
 * The feedback pass with a model's dense share on (recall/dense-feedback.ts): turns take the feedback terms at
 * `denseFeedback`, whole-session documents at `feedback`, both mixed from the question's pass and the feedback
 * terms' own pass.
 */
import { describe, expect, it } from 'vitest';
import { Accumulator } from '../src/recall/accumulator.js';
import { Bm25Index } from '../src/recall/bm25.js';
import { splitFeedback } from '../src/recall/dense-feedback.js';
import { SessionMap } from '../src/recall/sessions.js';

const T0 = Date.UTC(2024, 0, 1);

/** Episode 0 a whole session (multi-line), 1 and 2 its turns, 3 a turn of a later conversation. */
function sessions(): SessionMap {
  const s = new SessionMap();
  s.add(0, 'a: the zebra budget\nb: stripes everywhere', T0);
  s.add(1, 'the zebra budget', T0 + 1000);
  s.add(2, 'stripes everywhere', T0 + 2000);
  s.add(3, 'a budget alone', T0 + 86_400_000);
  return s;
}

function scored(index: Bm25Index, terms: ReadonlyMap<string, number>): Map<number, number> {
  const into = new Accumulator((n) => new Float64Array(n));
  into.begin(index.size);
  index.scoreWeightedInto(terms, undefined, into);
  const out = new Map<number, number>();
  for (let j = 0; j < into.count; j++) out.set(into.touched[j]!, into.values[into.touched[j]!]!);
  return out;
}

describe('splitFeedback', () => {
  it('mixes each turn at the turn weight and each whole-session document at the document weight', () => {
    const asked = new Map([[0, 2], [1, 1], [3, 0.5]]);
    const fed = new Map([[0, 1], [2, 3]]);
    const out = splitFeedback(asked, fed, sessions(), 0.1, 0.3);
    expect(out.get(0)).toBeCloseTo(0.7 * 2 + 0.3 * 1, 12);
    expect(out.get(1)).toBeCloseTo(0.9 * 1, 12);
    expect(out.get(2)).toBeCloseTo(0.1 * 3, 12);
    expect(out.get(3)).toBeCloseTo(0.9 * 0.5, 12);
    expect([...out.keys()].sort()).toEqual([0, 1, 2, 3]);
    // a weight of 1 leaves only what the feedback terms found, 0 only the question's pass
    expect(splitFeedback(asked, fed, sessions(), 1, 1).has(1)).toBe(false);
    expect(splitFeedback(asked, fed, sessions(), 0, 0)).toEqual(asked);
  });

  it('gives what one pass over the weighted question and feedback terms gives (BM25 is linear in term weights)', () => {
    const texts = ['a: the zebra budget\nb: stripes everywhere', 'the zebra budget', 'stripes everywhere', 'a budget alone'];
    const index = new Bm25Index();
    texts.forEach((t, i) => index.add(i, t));
    const question = new Map([['budget', 1]]);
    const feedback = new Map([['zebra', 1], ['stripe', 0.4]]);
    for (const f of [0.1, 0.3, 0.7]) {
      const together = new Map<string, number>();
      for (const [t, w] of question) together.set(t, w * (1 - f));
      for (const [t, w] of feedback) together.set(t, f * w);
      const once = scored(index, together);
      const split = splitFeedback(scored(index, question), scored(index, feedback), sessions(), f, f);
      expect([...split.keys()].sort()).toEqual([...once.keys()].sort());
      for (const [i, s] of once) expect(split.get(i)).toBeCloseTo(s, 12);
    }
  });
});
