/**
 * The memory folder when its files fail it: a full disk (a small tmpfs, mounted by the test as root),
 * logs cut short, a gap between a snapshot and its log, a second opener. Nothing a reader sees may
 * differ from what a restart would show, and every loss is refused by name or reported.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogLockedError, LogWriteError } from '@palimpsest/core';
import { mulberry32 } from '@palimpsest/core/internal';
import { LogGapError, LogTruncatedError, readLog, writeLog } from '@palimpsest/persist/node';
import { MemoryFolder } from '../src/store.js';

let t = Date.parse('2024-01-01T00:00:00Z');
const clock = () => (t += 1000);

async function fill(folder: MemoryFolder, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    await folder.write((mem) => mem.assert({ subject: `person ${i % 5}`, predicate: 'likes', object: `thing ${i}`, validFrom: i * 1000 }));
  }
}

const mountPoint = mkdtempSync(join(tmpdir(), 'palimpsest-folder-full-'));
let mounted = false;
let why = '';
if (process.getuid?.() !== 0) why = 'not root';
else {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
  } catch (e) {
    why = `mount failed: ${(e as Error).message.split('\n')[0]}`;
  }
}
if (!mounted) console.log(`folder full-disk test skipped: it needs to mount a small tmpfs (${why})`);
afterAll(() => {
  if (mounted) execFileSync('umount', ['--lazy', mountPoint]); // lazy: a failed test may leave a file open
  rmSync(mountPoint, { recursive: true, force: true });
});

describe.skipIf(!mounted)('a memory folder on a full disk (tmpfs of 1 MiB)', () => {
  it('a write that cannot be stored changes no read, later writes are refused by name until space is freed, and a restart reads the same (15 runs)', async () => {
    const summary: number[] = [];
    for (let run = 0; run < 15; run++) {
      const dir = join(mountPoint, `memory-${run}`);
      const filler = join(mountPoint, 'filler');
      writeFileSync(filler, Buffer.alloc(768 * 1024 + run * 7 * 1024));
      const folder = await MemoryFolder.open(dir, { clock, compactEvery: 100_000 });
      let stored = 0;
      let failure: unknown;
      // Episodes of a few KiB until the disk refuses one.
      const before: unknown[] = folder.mem.log(); // what the memory shows, kept up to date write by write
      for (let i = 0; failure === undefined; i++) {
        const count = folder.mem.size.operations;
        try {
          await folder.write((mem) => mem.episode({ id: `e${i}`, text: `turn ${i} `.repeat(300 + ((i * 37) % 400)), at: i * 1000 }));
          stored++;
          before.push(...folder.mem.log(count));
        } catch (e) {
          failure = e;
          expect(folder.mem.size.operations).toBe(count);
          expect(folder.mem.log()).toEqual(before); // the failed write is not shown
        }
        expect(i).toBeLessThan(10_000);
      }
      expect(failure).toBeInstanceOf(LogWriteError);
      expect(String(failure)).toMatch(/^LogWriteError: MemoryFolder\.write: the change could not be stored \(.*ENOSPC.*\); the memory is as it was before it$/);
      const shown = folder.mem.log();
      expect(folder.mem.getEpisode(`e${stored}`)).toBeUndefined();
      // Still full: refused again, by name, and still nothing shown.
      await expect(folder.write((mem) => mem.episode({ id: 'again', text: 'x'.repeat(20_000), at: 1 }))).rejects.toThrow(LogWriteError);
      expect(folder.mem.log()).toEqual(shown);
      // Space freed: accepted again.
      unlinkSync(filler);
      await folder.write((mem) => mem.episode({ id: 'after', text: 'small', at: 2 }));
      const final = folder.mem.log();
      expect(final.length).toBe(shown.length + 1);
      await folder.close();
      const again = await MemoryFolder.open(dir, { clock });
      expect(again.mem.log()).toEqual(final);
      expect(again.recovery).toEqual({ torn: [], lost: [], gaps: [] });
      await again.close();
      await rm(dir, { recursive: true, force: true });
      summary.push(stored);
    }
    console.log(`folder full disk: 15 runs, writes stored before the disk filled ${summary.join(',')}; failed writes shown 0; reads after restart differ 0`);
  });
});

describe('a memory folder whose files lost operations', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plmp-folder-loss-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a log cut short (half its size, then 14 seeded sizes) is refused with LogTruncatedError and left as it was; acceptLoss opens the rest and reports the loss', async () => {
    const folder = await MemoryFolder.open(dir, { clock });
    await fill(folder, 0, 40);
    await folder.close();
    const log = join(dir, 'log-0.jsonl');
    const whole = await readFile(log);
    const random = mulberry32(5);
    const header = whole.indexOf(0x0a) + 1 + 24;
    let refused = 0;
    for (let k = 0; k < 15; k++) {
      writeFileSync(log, whole);
      const size = k === 0 ? Math.floor(whole.length / 2) : header + Math.floor(random() * (whole.length - header - 1));
      truncateSync(log, size);
      const cut = await readFile(log);
      const opened = MemoryFolder.open(dir, { clock });
      await expect(opened).rejects.toThrow(LogTruncatedError);
      await expect(opened).rejects.toThrow(/^MemoryFolder\.open: .*log-0\.jsonl is cut short: \d+ acknowledged operations missing; open with \{ acceptLoss: true \}/);
      expect((await readFile(log)).equals(cut)).toBe(true);
      refused++;
    }
    expect(refused).toBe(15);
    writeFileSync(log, whole);
    truncateSync(log, Math.floor(whole.length / 2));
    const accepted = await MemoryFolder.open(dir, { clock, acceptLoss: true });
    const { lost } = accepted.recovery;
    expect(lost).toHaveLength(1);
    expect(lost[0]!.operations).toBe(folder.mem.size.operations - accepted.mem.size.operations);
    expect(accepted.mem.log()).toEqual(folder.mem.log().slice(0, accepted.mem.size.operations));
    await fill(accepted, 40, 41);
    await accepted.close();
    const reopened = await MemoryFolder.open(dir, { clock });
    expect(reopened.mem.log()).toEqual(accepted.mem.log());
    await reopened.close();
  });

  it('a snapshot and a log tail with a 10-operation gap are refused with LogGapError; acceptLoss reports the gap', async () => {
    const folder = await MemoryFolder.open(dir, { clock, compactEvery: 100_000 });
    await fill(folder, 0, 20);
    await folder.compact();
    await fill(folder, 20, 50);
    await folder.close();
    const names = await readdir(dir);
    expect(names.sort()).toEqual(['log-1.jsonl', 'snapshot-1.plmp']);
    const log = join(dir, 'log-1.jsonl');
    const { ops, base } = await readLog(log);
    await writeLog(log, ops.slice(10), { base: base! + 10 });
    await expect(MemoryFolder.open(dir, { clock })).rejects.toThrow(LogGapError);
    await expect(MemoryFolder.open(dir, { clock })).rejects.toThrow(/log-1\.jsonl starts after operation \d+, but the files before it end at operation \d+: 10 operations are missing/);
    const gapped = await readFile(log);
    const accepted = await MemoryFolder.open(dir, { clock, acceptLoss: true });
    // The operations after the gap cannot apply: their log is kept aside, the memory continues from the snapshot.
    expect(accepted.recovery.gaps).toEqual([{ file: 'log-1.jsonl', missing: 10, setAside: ['log-1.jsonl.gap'] }]);
    expect(accepted.mem.size.operations).toBe(base);
    expect((await readFile(join(dir, 'log-1.jsonl.gap'))).equals(gapped)).toBe(true);
    await fill(accepted, 50, 51);
    await accepted.close();
    const reopened = await MemoryFolder.open(dir, { clock });
    expect(reopened.mem.log()).toEqual(accepted.mem.log());
    await reopened.close();
    // The snapshot gone: its log no longer continues anything (all its operations missing), refused too.
    await writeLog(log, ops, { base: base! });
    await rm(join(dir, 'snapshot-1.plmp'));
    await expect(MemoryFolder.open(dir, { clock })).rejects.toThrow(new RegExp(`${base} operations are missing`));
  });

  it('one process at a time: a second opener is refused by name; the folder is 0700 and its files 0600', async () => {
    const inner = join(dir, 'alice');
    const a = await MemoryFolder.open(inner, { clock, compactEvery: 5 });
    await expect(MemoryFolder.open(inner, { clock })).rejects.toThrow(LogLockedError);
    await expect(MemoryFolder.open(inner, { clock })).rejects.toThrow(/^MemoryFolder\.open: .*alice is locked by another writer in this process/);
    await fill(a, 0, 12);
    await a.close();
    expect((await stat(inner)).mode & 0o777).toBe(0o700);
    for (const name of await readdir(inner)) expect([name, statSync(join(inner, name)).mode & 0o777]).toEqual([name, 0o600]);
    const b = await MemoryFolder.open(inner, { clock });
    await b.close();
  });
});
