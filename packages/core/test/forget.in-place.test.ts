// The forget a store that cannot hold a memory twice runs (core/internal prepareForgetOf, rebuildForgotten):
// bad input refused before anything is let go, and the rebuilt memory the one forget() makes, built from the
// rewritten log alone (the memory it was prepared from may be let go, or even emptied, first).
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../src/index.js';
import { prepareForgetOf, rebuildForgotten, tablesOf } from '../src/internal.js';
import { build, DAY, episode, everything, T0 } from './forget-fixtures.js';
import type { Step } from './forget-fixtures.js';

const STEPS: Step[] = [
  { run: episode('e1', 'I live in Paris. My sister Maria lives in Lyon.') },
  { run: (m) => void m.assert({ subject: 'Maria', predicate: 'likes', object: 'chess', evidence: ['e1'], episode: 'e1' }) },
  { secret: true, run: episode('e2', 'My neighbour Zorblatt gave me the vault code.') },
  { run: episode('e3', 'I have a dog named Rex. Maria moved to Berlin.') },
  { run: (m) => void m.assert({ subject: 'Maria', predicate: 'lives_in', object: 'Berlin', evidence: ['e3', 'e2'] }) },
  { run: (m) => void m.touch(m.factIds({ predicate: 'lives_in' })) },
  { run: episode('e4', 'Rex likes the park.') },
];
const CUTS = Array.from({ length: STEPS.length + 3 }, (_, i) => T0 + i * DAY + 1);
const QUERIES = ['where does Maria live', 'Zorblatt', 'dog'];

describe('a forget prepared, then rebuilt without the memory it came from', () => {
  it('refuses bad input by name with the memory unchanged, and rebuilds the memory forget() makes', () => {
    const { mem, clock } = build(STEPS);
    const before = mem.opsSince(0);
    expect(() => prepareForgetOf(mem, { episode: 'nope' })).toThrow(NotFoundError);
    expect(mem.opsSince(0)).toEqual(before);

    clock.t += DAY;
    const prepared = prepareForgetOf(mem, { episode: 'e2' }, { reason: 'asked' });
    // What the rebuild reads holds nothing of the old memory's tables: empty them, then rebuild.
    const tables = tablesOf(mem)!;
    (tables as { store: unknown }).store = undefined;
    (tables as { entities: unknown }).entities = undefined;
    const { memory, tombstone, counts } = rebuildForgotten(prepared);

    const twin = build(STEPS).mem;
    twin.forget({ episode: 'e2' }, { reason: 'asked', recordedAt: clock.t });
    expect(tombstone).toEqual({ recordedAt: clock.t, scope: 'episode', reason: 'asked', counts });
    expect(memory.opsSince(0)).toEqual(twin.opsSince(0));
    expect(everything(memory, CUTS, QUERIES)).toEqual(everything(twin, CUTS, QUERIES));
  });
});
