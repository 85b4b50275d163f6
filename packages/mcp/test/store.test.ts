/**
 * MemoryFolder on disk: every acknowledged operation comes back on open, whatever point of a compaction a
 * kill interrupted (simulated by putting back the files it would have left), and a torn last record is dropped.
 */
import { appendFile, copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLogAppender, readLog, writeLog } from '@palimpsest/persist/node';
import { MemoryFolder } from '../src/store.js';

let dir: string;
let t = Date.parse('2024-01-01T00:00:00Z');
const clock = () => (t += 1000);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fill(folder: MemoryFolder, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    await folder.write((mem) => mem.assert({ subject: `person ${i % 5}`, predicate: 'likes', object: `thing ${i}`, validFrom: i * 1000 }));
  }
}

async function copyAll(from: string, to: string): Promise<void> {
  for (const n of await readdir(from)) await copyFile(join(from, n), join(to, n));
}

describe('MemoryFolder', () => {
  it('starts a new memory with its init operation on disk and reopens it', async () => {
    const a = await MemoryFolder.open(dir, { clock });
    await a.close();
    expect(await readdir(dir)).toEqual(['log-0.jsonl']);
    const b = await MemoryFolder.open(dir, { clock });
    expect(b.mem.log()).toEqual(a.mem.log());
    await b.close();
  });

  it('compacts into a snapshot and a new log, and restores every operation', async () => {
    const folder = await MemoryFolder.open(dir, { compactEvery: 4, clock });
    await fill(folder, 0, 10);
    await folder.close();
    const files = await readdir(dir);
    expect(files.filter((f) => f.startsWith('snapshot-'))).toHaveLength(1);
    expect(files.filter((f) => f.startsWith('log-'))).toHaveLength(1);
    const again = await MemoryFolder.open(dir, { clock });
    expect(again.mem.log()).toEqual(folder.mem.log());
    expect(again.mem.facts()).toEqual(folder.mem.facts());
    await again.close();
  });

  it('restores everything when a kill left older generations beside a newer log whose snapshot never landed', async () => {
    const folder = await MemoryFolder.open(dir, { compactEvery: 1000, clock });
    await fill(folder, 0, 5);
    await folder.compact(); // snapshot-1 + log-1
    await fill(folder, 5, 9); // in log-1
    const stateA = await mkdtemp(join(tmpdir(), 'plmp-store-a-'));
    await copyAll(dir, stateA);
    await folder.compact(); // snapshot-2 + log-2
    await fill(folder, 9, 12); // in log-2
    await folder.close();
    const expected = folder.mem.log();

    // A kill after log-2 opened but before snapshot-2 was renamed into place: generation 1's files are still there.
    const killed = await mkdtemp(join(tmpdir(), 'plmp-store-k-'));
    await copyAll(stateA, killed);
    await copyFile(join(dir, 'log-2.jsonl'), join(killed, 'log-2.jsonl'));
    const restored = await MemoryFolder.open(killed, { clock });
    expect(restored.mem.log()).toEqual(expected);
    await fill(restored, 12, 13);
    await restored.close();

    // A kill after snapshot-2 landed but before the old files were deleted.
    await copyAll(stateA, dir);
    const late = await MemoryFolder.open(dir, { clock });
    expect(late.mem.log()).toEqual(expected);
    await late.close();
    expect((await readdir(dir)).sort()).toEqual(['log-2.jsonl', 'snapshot-2.plmp']);
    await rm(stateA, { recursive: true, force: true });
    await rm(killed, { recursive: true, force: true });
  });

  it('drops a torn last record (an append the kill cut off, never acknowledged) and appends after it', async () => {
    const folder = await MemoryFolder.open(dir, { clock });
    await fill(folder, 0, 3);
    await folder.close();
    const expected = folder.mem.log();
    const log = join(dir, 'log-0.jsonl');
    expect((await readLog(log)).format).toBe(4); // a new memory's log is in the default format
    // The kill cut one more frame short: its first bytes, as the appender would have written them.
    const scratch = await mkdtemp(join(tmpdir(), 'plmp-store-torn-'));
    await copyFile(log, join(scratch, 'log'));
    const more = await openLogAppender(join(scratch, 'log'));
    more.append({ type: 'assert', recordedAt: 17, subject: 0, predicate: 'likes', object: { value: 'x' }, validFrom: 1, confidence: 1 });
    await more.close();
    const before = await readFile(log);
    const whole = await readFile(join(scratch, 'log'));
    await rm(scratch, { recursive: true, force: true });
    await appendFile(log, whole.subarray(before.length, whole.length - 5));
    expect((await readLog(log)).torn?.kind).toBe('torn');
    const again = await MemoryFolder.open(dir, { clock });
    expect(again.mem.log()).toEqual(expected);
    // Repaired, and reported: the caller sees what was cut off.
    expect(again.recovery).toEqual({ torn: [{ file: 'log-0.jsonl', droppedBytes: whole.length - 5 - before.length }], lost: [], gaps: [] });
    await fill(again, 3, 4);
    await again.close();
    const third = await MemoryFolder.open(dir, { clock });
    expect(third.mem.log()).toEqual(again.mem.log());
    expect(third.recovery).toEqual({ torn: [], lost: [], gaps: [] });
    await third.close();
    expect((await readLog(log)).format).toBe(4);
  });

  it('continues a text (format 2) log of an earlier release as text, dropping its torn last line', async () => {
    const folder = await MemoryFolder.open(dir, { clock });
    await fill(folder, 0, 3);
    await folder.close();
    const expected = folder.mem.log();
    const log = join(dir, 'log-0.jsonl');
    await writeLog(log, (await readLog(log)).ops, { format: 2 });
    await appendFile(log, '{"seq":5,"kind":1,"len":40,"crc":"1a2b');
    expect((await readLog(log)).torn?.kind).toBe('torn');
    const again = await MemoryFolder.open(dir, { clock });
    expect(again.mem.log()).toEqual(expected);
    await fill(again, 3, 4);
    await again.close();
    expect(await readLog(log)).toEqual({ ops: again.mem.log(), format: 2 });
    const third = await MemoryFolder.open(dir, { clock });
    expect(third.mem.log()).toEqual(again.mem.log());
    await third.close();
  });

  it('leaves the memory and the files as they were when a write is refused', async () => {
    const folder = await MemoryFolder.open(dir, { clock });
    await fill(folder, 0, 2);
    const before = folder.mem.log();
    await expect(folder.write((mem) => mem.assert({ subject: 'a', predicate: 'p', object: 'b', validFrom: 5, validTo: 1 }))).rejects.toThrow(
      /MemoryGraph\.assert/,
    );
    await folder.close();
    const again = await MemoryFolder.open(dir, { clock });
    expect(again.mem.log()).toEqual(before);
    await again.close();
  });

  it('keeps record time moving forward when the wall clock goes back', async () => {
    const folder = await MemoryFolder.open(dir, { clock });
    await fill(folder, 0, 2);
    await folder.close();
    const back = await MemoryFolder.open(dir, { clock: () => 0 });
    const last = folder.mem.facts().reduce((m, f) => Math.max(m, f.recordedAt), 0);
    await fill(back, 2, 3);
    const added = back.mem.facts({ object: 'thing 2' })[0]!;
    expect(added.recordedAt).toBeGreaterThanOrEqual(last);
    await back.close();
  });
});
