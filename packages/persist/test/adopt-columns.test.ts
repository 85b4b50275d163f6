import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, saveSnapshot } from '@palimpsest/persist/node';
import { describe, expect, it } from 'vitest';

const DAY = 86_400_000;

/** A small memory with open versions that a later retraction closes (a write in place of a loaded column). */
function small(): MemoryGraph {
  let now = Date.UTC(2024, 0, 1);
  const mem = new MemoryGraph({ now: () => (now += 1000), predicates: { lives_in: { cardinality: 'one' } } });
  for (let i = 0; i < 40; i++) {
    mem.assert({ subject: `p${i % 7}`, predicate: 'knows', object: `p${(i * 3) % 7}`, validFrom: now - (i % 5) * DAY });
    mem.assert({ subject: `p${i % 7}`, predicate: 'lives_in', object: `city${i % 4}` });
  }
  return mem;
}

/** Writes that change loaded rows in place (closings) and append new ones (growth past an adopted column). */
function writeOn(mem: MemoryGraph): void {
  mem.retract({ subject: 'p1', predicate: 'knows', validFrom: Date.UTC(2023, 0, 1) });
  for (let i = 0; i < 30; i++) mem.assert({ subject: 'p2', predicate: 'lives_in', object: `town${i}` });
}

describe('loads that adopt decoded columns', () => {
  it('a decoded memory takes writes like the original, and the bytes it came from are never changed', () => {
    const original = small();
    const bytes = encodeSnapshot(original);
    const kept = bytes.slice();
    for (const copy of [true, false]) {
      const loaded = decodeSnapshot(bytes, { copy, now: () => Date.UTC(2030, 0, 1) });
      expect(loaded.exportState()).toEqual(original.exportState());
      writeOn(loaded);
      expect(loaded.facts({ subject: 'p1', predicate: 'knows' })).toEqual([]);
      expect(loaded.facts({ subject: 'p2', predicate: 'lives_in' }).map((f) => f.object)).toEqual([{ id: expect.any(Number), name: 'town29' }]);
      expect(Buffer.from(bytes).equals(Buffer.from(kept))).toBe(true);
    }
  });

  it('fromState never adopts a caller\'s arrays: two memories from one state are independent', () => {
    const state = small().exportState();
    const a = MemoryGraph.fromState(state, { now: () => Date.UTC(2030, 0, 1) });
    const b = MemoryGraph.fromState(state, { now: () => Date.UTC(2030, 0, 1) });
    writeOn(a);
    expect(b.exportState()).toEqual(small().exportState());
    expect(a.size.versions).toBeGreaterThan(b.size.versions);
  });

  it('loadSnapshot adopts the file it read; writes on it give what they give on a copied load', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'palimpsest-adopt-'));
    try {
      const path = join(dir, 'm.plmp');
      const original = small();
      await saveSnapshot(path, original);
      const onDisk = readFileSync(path);
      const loaded = await loadSnapshot(path, { now: () => Date.UTC(2030, 0, 1) });
      expect(loaded.exportState()).toEqual(original.exportState());
      // The same writes on a copy decoded without adoption give the same state.
      const copied = MemoryGraph.fromState(original.exportState(), { now: () => Date.UTC(2030, 0, 1) });
      writeOn(loaded);
      writeOn(copied);
      expect(loaded.exportState()).toEqual(copied.exportState());
      expect(loaded.size.versions).toBeGreaterThan(original.size.versions);
      expect(readFileSync(path).equals(onDisk)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
