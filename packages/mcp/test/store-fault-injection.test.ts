/**
 * The memory folder with every write, fsync, truncate and rename of its files failing in turn (persist's
 * seeded injector over node:fs/promises): writes and compactions. A write whose storing failed must be
 * refused by name and never shown; every write that resolved must come back after a restart, with exactly
 * the reads the memory showed before it; and the folder must take writes again right after the fault.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LogWriteError } from '@palimpsest/core';
import { MemoryFolder } from '../src/store.js';
import { faults } from '../../persist/test/fault-fs.js';

vi.mock('node:fs/promises', async (importOriginal) => {
  const { wrapFs } = await import('../../persist/test/fault-fs.js');
  return wrapFs(await importOriginal());
});

// Faults are injected above the file system, so a memory-backed one (no fsync cost) serves where there is one.
const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'palimpsest-folder-faults-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Nine writes, compacted every three; resolves to what the memory showed and which writes resolved. */
async function session(dir: string, t0: number): Promise<{ shown: unknown[]; resolved: number[]; refused: number; unnamed: unknown[] }> {
  let t = t0;
  const resolved: number[] = [];
  const unnamed: unknown[] = [];
  let refused = 0;
  let folder: MemoryFolder | undefined;
  for (let attempt = 0; folder === undefined; attempt++) {
    try {
      folder = await MemoryFolder.open(dir, { clock: () => (t += 1000), compactEvery: 3 });
    } catch (e) {
      if (attempt > 0) throw e;
      // Refused by name, or the file system's own error passed on; the next open must work.
      if (!(e instanceof LogWriteError) && (e as NodeJS.ErrnoException).code === undefined) unnamed.push(e);
    }
  }
  for (let i = 0; i < 9; i++) {
    const before = folder.mem.log();
    try {
      await folder.write((mem) => mem.assert({ subject: `s${i % 3}`, predicate: 'p', object: `o${i}`, validFrom: i }));
      resolved.push(i);
    } catch (e) {
      if (e instanceof LogWriteError) refused++;
      else unnamed.push(e);
      expect(folder.mem.log()).toEqual(before);
    }
  }
  const shown = folder.mem.log();
  // Closing fsyncs once more; that fsync may be the one that fails (refused by name, nothing acknowledged lost).
  await folder.close().catch((e: unknown) => {
    if (!(e instanceof LogWriteError)) unnamed.push(e);
  });
  return { shown, resolved, refused, unnamed };
}

describe('a memory folder with each write, fsync, truncate and rename failing in turn', () => {
  it('shows no failed write, loses no resolved write, and restarts to the same reads', async () => {
    faults.reset(-1, 0);
    await session(join(root, 'clean'), 0);
    const points = faults.count;
    let shownButGone = 0;
    let lost = 0;
    let refused = 0;
    const kinds = new Set<string>();
    for (let failAt = 0; failAt < points; failAt++) {
      const dir = join(root, `run-${failAt}`);
      faults.reset(failAt, 7 + failAt);
      const r = await session(dir, 0);
      const what = faults.fired;
      faults.reset(-1, 0);
      kinds.add(what.split(' ')[0]!);
      expect(r.unnamed).toEqual([]);
      refused += r.refused;
      const again = await MemoryFolder.open(dir, { clock: () => 1e15 });
      const after = again.mem.log();
      await again.close();
      if (JSON.stringify(after) !== JSON.stringify(r.shown)) shownButGone++;
      const objects = new Set(again.mem.facts().map((f) => JSON.stringify(f.object)));
      for (const i of r.resolved) if (![...objects].some((o) => o.includes(`o${i}"`))) lost++;
    }
    console.log(
      `fault injection, memory folder: ${points} runs (calls failed: ${[...kinds].sort().join('/')}), writes refused by name ${refused}, ` +
        `restarts reading other than shown ${shownButGone}, resolved writes lost ${lost}`,
    );
    expect([shownButGone, lost]).toEqual([0, 0]);
    expect(refused).toBeGreaterThan(0);
  });
});
