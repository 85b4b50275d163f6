/**
 * No future leakage: on random histories of episodes, assertions, retractions and archiving, recall at
 * random cuts (asked between writes too, so lazy indexing is exercised) returns only what the cut allows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import type { RecallResult } from '../src/graph/recall-engine.js';

const NAMES = ['alice', 'bob', 'acme', 'paris', 'rust', 'lake', 'piano'];
const PREDICATES = ['works_at', 'lives_in', 'likes', 'plays'];
const WORDS = [...NAMES, 'meeting', 'trip', 'moved', 'sunrise', 'job', 'music'];
const T0 = Date.UTC(2024, 0, 1);

const op = fc.oneof(
  fc.record({ kind: fc.constant('assert' as const), s: fc.constantFrom(...NAMES), p: fc.constantFrom(...PREDICATES), o: fc.constantFrom(...NAMES), from: fc.integer({ min: 0, max: 40 }), len: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }) }),
  fc.record({ kind: fc.constant('retract' as const), s: fc.constantFrom(...NAMES), p: fc.constantFrom(...PREDICATES), from: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ kind: fc.constant('episode' as const), words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }), at: fc.integer({ min: 0, max: 40 }), mentions: fc.subarray(NAMES, { maxLength: 2 }) }),
  fc.record({ kind: fc.constant('archive' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('recall' as const), q: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }), v: fc.integer({ min: -2, max: 45 }), k: fc.integer({ min: -2, max: 45 }), bfs: fc.boolean(), archived: fc.boolean() }),
);

/** Everything in r is inside the cut (v, k), and in mem's own fact read at that cut. */
function checkCut(mem: MemoryGraph, r: RecallResult, v: number, k: number, includeArchived: boolean): void {
  const allowed = new Set(mem.factIds({ validAt: v, knownAt: k, includeArchived }));
  for (const f of r.facts) {
    expect(allowed.has(f.id)).toBe(true);
    expect(f.recordedAt).toBeLessThanOrEqual(k);
    expect(f.invalidAt).toBeGreaterThan(k);
    expect(f.validFrom).toBeLessThanOrEqual(v);
    expect(f.validTo).toBeGreaterThan(v);
    if (!includeArchived) expect(f.archivedAt).toBeUndefined();
    for (const e of f.path) expect(mem.getEntity({ id: e }, { knownAt: k })).toBeDefined();
  }
  for (const e of r.entities) expect(mem.getEntity({ id: e.id }, { knownAt: k })?.recordedAt).toBeLessThanOrEqual(k);
  for (const e of r.episodes) {
    const ep = mem.getEpisode(e.id)!;
    expect(ep.recordedAt).toBeLessThanOrEqual(k);
    expect(ep.at).toBeLessThanOrEqual(v);
  }
  if (r.facts.length === 0 && r.episodes.length === 0) expect(r.text).toBe('');
}

describe('recall never leaks outside its cut', () => {
  it('random histories, random cuts, both strategies', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        let t = T0;
        const day = (d: number): number => T0 + d * 86_400_000;
        const mem = new MemoryGraph({ now: () => t, predicates: { lives_in: { cardinality: 'one' } } });
        let episodes = 0;
        const recallAt = (o: { q: string[]; v: number; k: number; bfs: boolean; archived: boolean }): void => {
          const v = day(o.v);
          const k = Math.min(day(o.k), t);
          const r = mem.recall(o.q.join(' '), { validAt: v, knownAt: k, strategy: o.bfs ? 'bfs' : 'activation', includeArchived: o.archived, k: 8 });
          checkCut(mem, r, v, k, o.archived);
        };
        for (const x of ops) {
          t += 86_400_000 / 2;
          if (x.kind === 'assert') mem.assert({ subject: x.s, predicate: x.p, object: x.o, validFrom: day(x.from), ...(x.len === undefined ? {} : { validTo: day(x.from + x.len) }) });
          else if (x.kind === 'retract') {
            if (mem.getEntity(x.s) !== undefined) mem.retract({ subject: x.s, predicate: x.p, validFrom: day(x.from) });
          } else if (x.kind === 'episode') mem.episode({ id: `e${episodes++}`, text: x.words.join(' '), at: day(x.at), entities: x.mentions });
          else if (x.kind === 'archive') {
            if (mem.size.versions > 0) mem.archive([x.pick % mem.size.versions]);
          } else recallAt(x);
        }
        // and once more at the end, at every cut the ops asked about
        for (const x of ops) if (x.kind === 'recall') recallAt(x);
      }),
      { seed: 20240101, numRuns: 150 },
    );
  });
});
