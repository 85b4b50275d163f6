/**
 * A full disk, for real: a small tmpfs mounted by the test (root only; otherwise the test says why it
 * skips). Appenders run until the disk refuses a write; then every acknowledged operation must be in the
 * log, nothing else, the log must read (or repair), appends must work again once space is freed, and a
 * snapshot save that runs out of space must leave the old file whole and no temporary behind.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogWriteError } from '@palimpsest/core';
import { mulberry32 } from '@palimpsest/core/internal';
import { encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, openLogAppender, readLog, repairLog, saveSnapshot } from '@palimpsest/persist/node';
import { applySteps, newMemory } from './history.js';

const mountPoint = mkdtempSync(join(tmpdir(), 'palimpsest-full-'));
let mounted = false;
let why = '';
if (process.getuid?.() !== 0) why = 'not root';
else {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
  } catch (e) {
    why = `mount failed: ${(e as Error).message.split('\n')[0]}`;
  }
}
if (!mounted) console.log(`full-disk tests skipped: they need to mount a small tmpfs (${why})`);
afterAll(() => {
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** An operation of about `size` bytes (the appender takes any JSON object). */
const op = (i: number, size: number) => ({ type: 'note', i, text: 'x'.repeat(size) });

describe.skipIf(!mounted)('a full disk (tmpfs of 256 KiB)', () => {
  it('loses no acknowledged operation, keeps nothing unacknowledged, and appends again once space is freed', async () => {
    const summary: string[] = [];
    for (let run = 0; run < 6; run++) {
      const random = mulberry32(100 + run);
      const path = join(mountPoint, `log-${run}.jsonl`);
      const filler = join(mountPoint, 'filler');
      writeFileSync(filler, Buffer.alloc(48 * 1024));
      const a = await openLogAppender(path);
      const appended: object[] = [];
      let acked = 0;
      let error: unknown;
      for (let i = 0; error === undefined; i++) {
        // Batches from one small op to a few large ones, so some writes are cut short by the disk.
        const batch = 1 + Math.floor(random() * 8);
        for (let k = 0; k < batch; k++) {
          const o = op(appended.length, Math.floor(random() * (random() < 0.2 ? 60_000 : 2_000)));
          a.append(o);
          appended.push(o);
        }
        try {
          await a.flush();
          acked = appended.length;
          expect(a.acknowledged).toBe(acked);
        } catch (e) {
          error = e;
        }
        expect(i).toBeLessThan(10_000);
      }
      expect(error).toBeInstanceOf(LogWriteError);
      expect(String(error)).toMatch(/^LogWriteError: LogAppender\.flush: writing .* failed \(ENOSPC/);
      expect(a.acknowledged).toBe(acked);
      // Refused from now on, by name; close releases the lock and reports the failure again.
      expect(() => a.append(op(-1, 1))).toThrow(LogWriteError);
      await expect(a.close()).rejects.toThrow(LogWriteError);
      // The file holds exactly the acknowledged operations and verifies.
      expect(await repairLog(path)).toBeUndefined();
      const after = await readLog(path);
      expect(after.torn).toBeUndefined();
      expect(after.ops).toEqual(appended.slice(0, acked));
      // Free space: appends work again and land after the acknowledged ones.
      unlinkSync(filler);
      const b = await openLogAppender(path);
      b.append(op(acked, 10));
      await b.close();
      expect((await readLog(path)).ops).toEqual([...appended.slice(0, acked), op(acked, 10)]);
      summary.push(`run ${run}: ${acked} acknowledged of ${appended.length} appended, 0 lost`);
      unlinkSync(path);
    }
    console.log(`full disk: ${summary.join('; ')}`);
  });

  it('a snapshot save that runs out of space leaves the old file whole and no temporary', async () => {
    const path = join(mountPoint, 'mem.plmp');
    const mem = newMemory();
    applySteps(mem, [{ kind: 'assert', s: 0, p: 2, o: 1, vf: 0, vt: null, conf: 1, src: false }]);
    await saveSnapshot(path, mem);
    const before = readFileSync(path);
    // A memory whose snapshot cannot fit: one episode with a large text.
    mem.episode({ id: 'big', text: 'y'.repeat(400_000), at: 0 });
    await expect(saveSnapshot(path, mem)).rejects.toThrow(/ENOSPC/);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(mountPoint).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(encodeSnapshot(await loadSnapshot(path))).toEqual(new Uint8Array(before));
  });
});
