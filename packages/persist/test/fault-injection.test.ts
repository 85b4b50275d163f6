/**
 * Every write, fsync, truncate and rename failing in turn (a seeded injector over node:fs/promises,
 * fault-fs.ts), one per run, as SQLite's I/O-error tests do: an appender and writeLog must report the
 * failure by name or as the file system's error, acknowledge nothing that is not on disk, lose nothing
 * they acknowledged, and leave a log that reads, which a new writer continues.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LogWriteError } from '@palimpsest/core';
import { openLogAppender, readLog, repairLog, writeLog } from '@palimpsest/persist/node';
import { faults } from './fault-fs.js';

vi.mock('node:fs/promises', async (importOriginal) => {
  const { wrapFs } = await import('./fault-fs.js');
  return wrapFs(await importOriginal());
});

// Faults are injected above the file system, so a memory-backed one (no fsync cost) serves where there is one.
const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'palimpsest-faults-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const op = (i: number) => ({ type: 'note', i, text: 'x'.repeat((i * 131) % 700) });

/** Ten flushes of 1-3 operations; resolves to the operations acknowledged (the first failure ends the session). */
async function appendSession(path: string): Promise<{ acked: number; error?: unknown }> {
  let appended = 0;
  let acked = 0;
  let a;
  try {
    a = await openLogAppender(path);
  } catch (error) {
    return { acked, error };
  }
  try {
    for (let round = 0; round < 10; round++) {
      for (let k = 0; k <= round % 3; k++) a.append(op(appended++));
      await a.flush();
      acked = appended;
    }
    await a.close();
  } catch (error) {
    await a.close().catch(() => undefined);
    return { acked, error };
  }
  return { acked };
}

describe('every write, fsync, truncate and rename failing in turn', () => {
  it('an appender: 0 acknowledged operations lost, 0 unreadable logs, and the log continues (one fault, then two in a row)', async () => {
    faults.reset(-1, 0);
    const clean = join(root, 'clean.log');
    expect((await appendSession(clean)).acked).toBeGreaterThan(0);
    const points = faults.count;
    let lost = 0;
    let unreadable = 0;
    let tornAfterDouble = 0;
    const fired = new Set<string>();
    for (const width of [1, 2]) {
      for (let failAt = 0; failAt < points; failAt++) {
        const path = join(root, `append-${width}-${failAt}.log`);
        faults.reset(failAt, failAt, width);
        const { acked, error } = await appendSession(path);
        const what = faults.fired;
        faults.reset(-1, 0);
        expect(what, `run ${failAt} of ${points}`).not.toBe('');
        for (const f of what.split(', then ')) fired.add(f.split(' ')[0]!);
        if (error !== undefined && !(error instanceof LogWriteError)) expect((error as NodeJS.ErrnoException).code).toMatch(/^(EIO|ENOSPC|EDQUOT)$/);
        let ops: unknown[] = [];
        try {
          const r = await readLog(path);
          // One fault: the appender cut the file back itself. Two (the cut failing too): at most a torn, unacknowledged tail.
          if (width === 1) expect(r.torn, what).toBeUndefined();
          if (r.torn) {
            tornAfterDouble++;
            await repairLog(path);
          }
          ops = r.ops;
        } catch (e) {
          // Only a log whose creation failed may be missing, and then nothing was acknowledged.
          if (!String(e).includes('no file at') || acked > 0) unreadable++;
        }
        for (let i = 0; i < acked; i++) if (JSON.stringify(ops[i]) !== JSON.stringify(op(i))) lost++;
        ops.forEach((o, i) => expect(o).toEqual(op(i))); // nothing but the operations, in order
        // A new writer continues after what is there.
        const next = await openLogAppender(path);
        next.append({ type: 'after' });
        await next.close();
        expect((await readLog(path)).ops).toEqual([...ops, { type: 'after' }]);
      }
    }
    console.log(
      `fault injection, appender: ${2 * points} runs (each of ${points} points failing alone, then with the next; calls failed: ${[...fired].sort().join('/')}), ` +
        `acknowledged operations lost ${lost}, unreadable logs ${unreadable}, torn tails left by a failed cut-back ${tornAfterDouble} (repaired)`,
    );
    expect([lost, unreadable]).toEqual([0, 0]);
    expect([...fired].sort()).toEqual(['datasync', 'sync', 'truncate', 'write']);
  });

  it('writeLog over a log: the old log or the new one, whole, and no temporary left', async () => {
    const ops = (n: number) => Array.from({ length: n }, (_, i) => op(i));
    faults.reset(-1, 0);
    await writeLog(join(root, 'w-clean.log'), ops(30));
    const points = faults.count;
    let wrong = 0;
    for (let failAt = 0; failAt < points; failAt++) {
      const dir = mkdtempSync(join(root, 'w-'));
      const path = join(dir, 'log');
      faults.reset(-1, 0);
      await writeLog(path, ops(10));
      faults.reset(failAt, 1000 + failAt);
      const outcome = await writeLog(path, ops(30)).then(
        () => 'written',
        (e: NodeJS.ErrnoException) => e.code,
      );
      faults.reset(-1, 0);
      const { ops: read, torn } = await readLog(path);
      if (torn !== undefined || !(read.length === 10 || read.length === 30)) wrong++;
      // A failure before the rename keeps the old log; after it (the folder's fsync), the new one is in place.
      if (outcome === 'written') expect(read).toHaveLength(30);
      expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    }
    console.log(`fault injection, writeLog: ${points} runs, logs neither old nor new ${wrong}`);
    expect(wrong).toBe(0);
  });
});
