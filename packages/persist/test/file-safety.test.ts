/**
 * Files a memory is kept in: private by default, a replaced file keeps its mode, only regular files are
 * read (a device would be read without end), and a log's rewrite removes every dead temporary beside it,
 * even one whose pid a live process now has.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import { loadSnapshot, openLogAppender, readLog, repairLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-safety-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mode = (path: string) => statSync(path).mode & 0o7777;

function memory(): MemoryGraph {
  const mem = new MemoryGraph({ now: () => 1_700_000_000_000 });
  mem.assert({ subject: 'alice', predicate: 'likes', object: 'tea', validFrom: 0 });
  return mem;
}

describe('modes', () => {
  it('new snapshots and logs are 0600; a replaced file keeps its mode', async () => {
    const old = process.umask(0o022);
    try {
      const snap = join(dir, 'm.plmp');
      await saveSnapshot(snap, memory());
      expect(mode(snap)).toBe(0o600);
      const log = join(dir, 'm.log');
      await writeLog(log, memory().log());
      expect(mode(log)).toBe(0o600);
      const appended = join(dir, 'a.log');
      await (await openLogAppender(appended)).close();
      expect(mode(appended)).toBe(0o600);
      for (const m of [0o600, 0o640, 0o644, 0o400]) {
        chmodSync(snap, m);
        await saveSnapshot(snap, memory());
        chmodSync(log, m);
        await writeLog(log, memory().log());
        expect([mode(snap), mode(log)]).toEqual([m, m]);
      }
    } finally {
      process.umask(old);
    }
  });
});

describe('only regular files are read', () => {
  it('loadSnapshot, readLog and repairLog refuse a device, a FIFO and a directory by name, at once', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    for (const [path, what] of [
      ['/dev/zero', 'a character device'],
      [fifo, 'a FIFO'],
      [dir, 'a directory'],
    ] as const) {
      await expect(loadSnapshot(path)).rejects.toThrow(InvalidArgumentError);
      await expect(loadSnapshot(path)).rejects.toThrow(`loadSnapshot: ${path} is ${what}, not a regular file`);
      await expect(readLog(path)).rejects.toThrow(`readLog: ${path} is ${what}, not a regular file`);
      if (path !== dir) await expect(repairLog(path)).rejects.toThrow(`repairLog: ${path} is ${what}, not a regular file`);
    }
  });
});

describe('dead temporaries', () => {
  it('writeLog, holding the log\'s lock, removes temporaries of every other process, including a pid that is alive again', async () => {
    const log = join(dir, 'reuse.log');
    const live = `${log}.tmp-${process.ppid}-1`; // a live pid: a pid reused after the writer that made it died
    const dead = `${log}.tmp-${2 ** 22 + 1}-7`;
    writeFileSync(live, 'x');
    writeFileSync(dead, 'x');
    await writeLog(log, [{ type: 'a' }]);
    expect(readdirSync(dir).filter((f) => f.startsWith('reuse.log.tmp-'))).toEqual([]);
    // saveSnapshot takes no lock: a live pid's temporary may be a save in flight, and is kept.
    const snap = join(dir, 'keep.plmp');
    writeFileSync(`${snap}.tmp-${process.ppid}-1`, 'x');
    await saveSnapshot(snap, memory());
    expect(readdirSync(dir).filter((f) => f.startsWith('keep.plmp.tmp-'))).toEqual([`keep.plmp.tmp-${process.ppid}-1`]);
  });
});
