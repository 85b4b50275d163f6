/** Dependent beliefs and the default speaker survive a snapshot file and an operation log file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);
const dir = mkdtempSync(join(tmpdir(), 'plmp-deps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Boston, then the bus because of Boston, then a move to Denver: the bus fact unsupported from the move. */
function memory(): MemoryGraph {
  const clock = { t: T0 };
  const mem = new MemoryGraph({ now: () => clock.t, defaultSpeaker: 'Maya', predicates: { lives_in: { cardinality: 'one' } } });
  const home = mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Boston' }).id!;
  clock.t += DAY;
  mem.assert({ subject: 'Maya', predicate: 'commutes_by', object: 'bus', dependsOn: [home] });
  clock.t += DAY;
  mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Denver' });
  return mem;
}

const CUTS = [T0, T0 + DAY, T0 + 2 * DAY, T0 + 3 * DAY];
function expectSame(again: MemoryGraph, mem: MemoryGraph): void {
  expect(again.defaultSpeaker).toBe('Maya');
  for (const k of CUTS) {
    for (const supported of [true, false]) expect(again.facts({ validAt: k, knownAt: k, supported })).toEqual(mem.facts({ validAt: k, knownAt: k, supported }));
  }
  expect(again.facts({ knownAt: T0 + 2 * DAY, supported: false }).map((f) => f.predicate)).toEqual(['commutes_by']);
}

describe('dependent beliefs in files', () => {
  it('survive a snapshot (bytes and file), with the default speaker', async () => {
    const mem = memory();
    expectSame(decodeSnapshot(encodeSnapshot(mem)), mem);
    const file = join(dir, 'm.plmp');
    await saveSnapshot(file, mem);
    expectSame(await loadSnapshot(file), mem);
  });

  it('survive an operation log file, with the default speaker', async () => {
    const mem = memory();
    const file = join(dir, 'm.jsonl');
    await writeLog(file, mem.log());
    expectSame(MemoryGraph.replay((await readLog(file)).ops), mem);
  });
});
