/**
 * A loaded store's derived tables (rebuilt in bulk passes, not by replaying appends) hold what the live
 * store holds: here the live (subject, predicate) set, counted per triple from the rows' invalidAt and then
 * linked, for a dense and a sparse (subject, predicate) table.
 */
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { mulberry32 } from '../src/util/random.js';
import { tablesOf } from '@palimpsest/core/internal';

function liveMap(mem: MemoryGraph, entities: number, predicates: number): string[] {
  const out: string[] = [];
  for (let s = 0; s < entities; s++) {
    for (let p = 0; p < predicates; p++) {
      const live = [...tablesOf(mem)!.store.liveTriples(s, p)].sort((a, b) => a - b);
      if (live.length > 0) out.push(`${s}/${p}: ${live.join(',')}`);
    }
  }
  return out;
}

function build(entities: number, writes: number, seed: number): MemoryGraph {
  const rand = mulberry32(seed);
  const mem = new MemoryGraph({ now: () => 0, predicates: { owns: { cardinality: 'many' }, lives_in: { cardinality: 'one' } } });
  for (let i = 0; i < entities; i++) mem.entity({ name: `e${i}` });
  const predicates = ['owns', 'lives_in', 'likes'];
  for (let i = 0; i < writes; i++) {
    const subject = `e${Math.floor(rand() * entities)}`;
    const predicate = predicates[Math.floor(rand() * predicates.length)]!;
    if (rand() < 0.2) mem.retract({ subject, predicate, recordedAt: i + 1 });
    else mem.assert({ subject, predicate, object: `e${Math.floor(rand() * entities)}`, recordedAt: i + 1 });
  }
  return mem;
}

describe('a loaded store', () => {
  for (const [what, entities, writes] of [
    ['few entities, many live triples', 20, 3000],
    ['many entities, few live triples', 3000, 200],
  ] as const) {
    it(`has the live store's live map, and takes writes alike: ${what}`, () => {
      const mem = build(entities, writes, 5);
      const loaded = MemoryGraph.fromState(mem.exportState(), { now: () => 0 });
      const predicates = tablesOf(mem)!.predicateNames.values.length;
      expect(liveMap(loaded, entities, predicates)).toEqual(liveMap(mem, entities, predicates));
      expect(liveMap(mem, entities, predicates).length).toBeGreaterThan(0);
      const rand = mulberry32(9);
      for (let i = 0; i < 200; i++) {
        const subject = `e${Math.floor(rand() * entities)}`;
        for (const m of [mem, loaded]) {
          if (i % 4 === 0) m.retract({ subject, predicate: 'owns', recordedAt: writes + i + 1 });
          else m.assert({ subject, predicate: i % 2 === 0 ? 'lives_in' : 'owns', object: `e${i % entities}`, recordedAt: writes + i + 1 });
        }
      }
      expect(liveMap(loaded, entities, predicates)).toEqual(liveMap(mem, entities, predicates));
      expect(loaded.exportState()).toEqual(mem.exportState());
    });
  }
});
