import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { allReads, applySteps, historyArb, newMemory, NOW } from './history.js';

const now = () => NOW;

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe('encodeSnapshot / decodeSnapshot over random histories of a real memory', () => {
  it('every read at every cut, the log and the bytes survive; the copy takes further writes alike', () => {
    const seen = { versions: 0, entities: 0, episodes: 0, merged: 0 };
    fc.assert(
      fc.property(historyArb, historyArb, (steps, more) => {
        const mem = newMemory();
        applySteps(mem, steps);
        const bytes = encodeSnapshot(mem);
        seen.versions += mem.size.versions;
        seen.entities += mem.size.entities;
        seen.episodes += mem.size.episodes;
        seen.merged += mem.log().filter((op) => op.type === 'merge').length;
        for (const copy of [true, false]) {
          const again = decodeSnapshot(bytes.slice(), { copy, now });
          expect(again).toBeInstanceOf(MemoryGraph);
          expect(allReads(again, steps.length)).toEqual(allReads(mem, steps.length));
          expect(again.log()).toEqual(mem.log());
          expect(same(encodeSnapshot(again), bytes)).toBe(true);
        }
        // Further writes: the same steps on the original and on a decoded copy give the same memory.
        const again = decodeSnapshot(bytes, { now });
        applySteps(mem, more, steps.length);
        applySteps(again, more, steps.length);
        const days = steps.length + more.length;
        expect(allReads(again, days)).toEqual(allReads(mem, days));
        expect(same(encodeSnapshot(again), encodeSnapshot(mem))).toBe(true);
      }),
      { numRuns: 25, seed: 31 },
    );
    // The histories exercise what a snapshot must carry, not just empty memories.
    expect(seen.versions).toBeGreaterThan(100);
    expect(seen.entities).toBeGreaterThan(25);
    expect(seen.episodes).toBeGreaterThan(5);
    expect(seen.merged).toBeGreaterThan(0);
    console.log('persist round trip exercised', seen);
  });

  it('a replay of the log gives the same snapshot bytes (SEMANTICS.md, "The log")', () => {
    fc.assert(
      fc.property(historyArb, (steps) => {
        const mem = newMemory();
        applySteps(mem, steps);
        const replayed = MemoryGraph.replay(JSON.parse(JSON.stringify(mem.log())), { now });
        expect(same(encodeSnapshot(replayed), encodeSnapshot(mem))).toBe(true);
      }),
      { numRuns: 25, seed: 32 },
    );
  });

  it('an empty memory round-trips', () => {
    const mem = newMemory();
    const again = decodeSnapshot(encodeSnapshot(mem), { now });
    expect(again.log()).toEqual(mem.log());
    expect(same(encodeSnapshot(again), encodeSnapshot(mem))).toBe(true);
  });
});
