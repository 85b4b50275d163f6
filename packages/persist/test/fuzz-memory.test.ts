/** Fuzz over a real memory's snapshot: truncations, flips, and resealed flips that reach the engine. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CorruptSnapshotError, SnapshotVersionError } from '@palimpsest/core';
import { crc32, decodeSnapshot, encodeSnapshot, SNAPSHOT_HEADER_BYTES } from '@palimpsest/persist';
import { applySteps, historyArb, newMemory } from './history.js';
import { mulberry32 } from './helpers.js';

function outcome(bytes: Uint8Array): 'ok' | 'corrupt' | 'version' {
  try {
    const mem = decodeSnapshot(bytes, { now: () => 0 });
    encodeSnapshot(mem);
    mem.facts({});
    return 'ok';
  } catch (e) {
    if (e instanceof SnapshotVersionError) return 'version';
    if (e instanceof CorruptSnapshotError) return 'corrupt';
    throw e;
  }
}

describe('fuzz: damaged snapshots of a real memory', () => {
  const [steps] = fc.sample(historyArb.filter((s) => s.length >= 20), { numRuns: 1, seed: 5 });
  const mem = newMemory();
  applySteps(mem, steps!);
  const good = encodeSnapshot(mem);

  it('every truncation is refused as corrupt', () => {
    for (let n = 0; n < good.length; n++) expect(outcome(good.slice(0, n)), `length ${n}`).toBe('corrupt');
  });

  it('2000 seeded byte flips are refused', () => {
    const rand = mulberry32(11);
    for (let i = 0; i < 2000; i++) {
      const bad = good.slice();
      const pos = Math.floor(rand() * bad.length);
      bad[pos]! ^= 1 + Math.floor(rand() * 255);
      const got = outcome(bad);
      if (pos >= 8 && pos < 12) expect(got).not.toBe('ok');
      else expect(got, `flip at ${pos}`).toBe('corrupt');
    }
  });

  it('1000 resealed flips end in a memory or a named error, never another exception', () => {
    const rand = mulberry32(12);
    for (let i = 0; i < 1000; i++) {
      const bad = good.slice();
      const pos = SNAPSHOT_HEADER_BYTES + Math.floor(rand() * (bad.length - SNAPSHOT_HEADER_BYTES));
      bad[pos]! ^= 1 << Math.floor(rand() * 8);
      new DataView(bad.buffer).setUint32(16, crc32(bad.subarray(SNAPSHOT_HEADER_BYTES)), true);
      outcome(bad); // throws (failing the test) on anything but a memory or a named error
    }
  });
});
