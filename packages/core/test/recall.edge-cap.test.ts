import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import type { Fact } from '../src/types.js';

const JAN1 = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;
const objectName = (f: Fact): string => ('name' in f.object ? f.object.name : String(f.object.value));

/** Sam owns a kayak (the oldest fact), then visits 40 towns, an hour apart: a hub with 41 edges. */
function hubMemory(): { mem: MemoryGraph; visitedAt: number[] } {
  let t = JAN1;
  const mem = new MemoryGraph({ now: () => t });
  mem.assert({ subject: 'Sam', predicate: 'owns', object: 'kayak' });
  const visitedAt: number[] = [];
  for (let i = 0; i < 40; i++) {
    t += HOUR;
    visitedAt.push(t);
    mem.assert({ subject: 'Sam', predicate: 'visited', object: `Town${i}` });
  }
  return { mem, visitedAt };
}

describe('recall: a firing entity walks at most edgeCap edges, newest first', () => {
  // "kayak" matches only the oldest fact's text; its subject Sam is a seed and fires, reaching his towns
  it('without a bound every edge of the hub is reached; with one, the newest and the text-matched oldest', () => {
    const { mem } = hubMemory();
    const newest = ['Town35', 'Town36', 'Town37', 'Town38', 'Town39'];
    const unbounded = mem.recall('kayak', { k: 100, factFloor: 0 }).facts.map(objectName);
    expect(unbounded[0]).toBe('kayak');
    expect(unbounded.slice(1).some((x) => !newest.includes(x))).toBe(true);
    const bounded = mem.recall('kayak', { k: 100, factFloor: 0, edgeCap: 5 }).facts.map(objectName);
    expect(bounded[0]).toBe('kayak');
    expect(bounded.slice(1).sort()).toEqual(newest);
  });

  it('the bound counts the edges visible at the cut: a past cut keeps its own newest, never a later one', () => {
    const { mem, visitedAt } = hubMemory();
    const cut = visitedAt[19]!; // Town0..Town19 recorded and valid
    const r = mem.recall('kayak', { k: 100, factFloor: 0, edgeCap: 5, validAt: cut, knownAt: cut });
    expect(r.facts.map(objectName).sort()).toEqual(['Town15', 'Town16', 'Town17', 'Town18', 'Town19', 'kayak']);
    for (const f of r.facts) expect(f.recordedAt).toBeLessThanOrEqual(cut);
  });

  it('refuses an edgeCap that is not a whole number ≥ 1, by name', () => {
    const { mem } = hubMemory();
    for (const edgeCap of [0, -1, 2.5, Number.NaN]) {
      expect(() => mem.recall('Sam', { edgeCap })).toThrow(InvalidArgumentError);
      expect(() => mem.recall('Sam', { edgeCap })).toThrow(/^MemoryGraph.recall: edgeCap/);
    }
  });
});
