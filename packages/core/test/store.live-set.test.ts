import { describe, expect, it } from 'vitest';
import { LiveSet } from '../src/store/live-set.js';
import { mulberry32 } from '../src/util/random.js';

/** The live triples of (subject, predicate), as a sorted list. */
function liveOf(live: LiveSet, subject: number, predicate: number): number[] {
  const out: number[] = [];
  for (let t = live.head(subject, predicate); t !== -1; t = live.next(t)) out.push(t);
  return out.sort((a, b) => a - b);
}

describe('LiveSet (the live (subject, predicate) set as intrusive lists)', () => {
  it('agrees with a Map model through opens and closes, over table growth', () => {
    const random = mulberry32(5);
    // Triples 0..n-1 with random (subject, predicate) pairs; many pairs share subjects or predicates.
    const n = 6000;
    const subject = Array.from({ length: n }, () => Math.floor(random() * 900));
    const predicate = Array.from({ length: n }, () => Math.floor(random() * 5));
    const live = new LiveSet({ tSubject: Int32Array.from(subject), tPredicate: Int32Array.from(predicate) });
    live.reserveTriples(n);
    const open = new Array<number>(n).fill(0);
    const model = new Map<string, Set<number>>();
    const key = (t: number) => `${subject[t]}/${predicate[t]}`;
    for (let step = 0; step < 40_000; step++) {
      const t = Math.floor(random() * n);
      if (open[t]! > 0 && random() < 0.5) {
        open[t]!--;
        if (live.closedOne(t)) live.remove(t, subject[t]!, predicate[t]!);
        if (open[t] === 0) model.get(key(t))!.delete(t);
      } else {
        open[t]!++;
        live.opened(t, subject[t]!, predicate[t]!);
        if (!model.has(key(t))) model.set(key(t), new Set());
        model.get(key(t))!.add(t);
      }
      expect(live.openCount(t)).toBe(open[t]);
    }
    for (let t = 0; t < n; t++) {
      expect(liveOf(live, subject[t]!, predicate[t]!)).toEqual([...(model.get(key(t)) ?? [])].sort((a, b) => a - b));
    }
    // A pair never seen has no live triples.
    expect(live.head(5000, 1)).toBe(-1);
  });
});
