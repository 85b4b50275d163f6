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

  it('a stated rule survives a snapshot file and fires after loading; a log file replays its replacement', async () => {
    const clock = { t: T0 };
    const mem = new MemoryGraph({ now: () => clock.t, predicates: { team_lead: { cardinality: 'one' } } });
    const lead = mem.assert({ subject: 'team', predicate: 'team_lead', object: 'Sara' }).id!;
    clock.t += DAY;
    mem.assert({ subject: 'Maya', predicate: 'weekly_report', object: 'Sara', dependsOn: [lead], onPremiseChange: { object: 'James Lee' } });
    const file = join(dir, 'rule.plmp');
    await saveSnapshot(file, mem);
    const loaded = await loadSnapshot(file, { now: () => clock.t });
    clock.t += DAY;
    for (const m of [mem, loaded]) m.assert({ subject: 'team', predicate: 'team_lead', object: 'Omar', validFrom: T0 + DAY / 2 });
    const report = (m: MemoryGraph, validAt: number, knownAt: number) => m.facts({ subject: 'Maya', predicate: 'weekly_report', validAt, knownAt }).map((f) => ('name' in f.object ? f.object.name : ''));
    for (const m of [mem, loaded]) {
      expect(report(m, clock.t, clock.t)).toEqual(['James Lee']);
      expect(report(m, clock.t, clock.t - 1)).toEqual(['Sara']);
    }
    expect(loaded.exportState()).toEqual(mem.exportState());
    const log = join(dir, 'rule.jsonl');
    await writeLog(log, mem.log());
    const replayed = MemoryGraph.replay((await readLog(log)).ops, { now: () => clock.t });
    expect(replayed.exportState()).toEqual(mem.exportState());
  });
});

