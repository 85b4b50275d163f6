/**
 * Log format 4: a header naming the log's base and a commit block naming how many records were
 * acknowledged, so that a log cut short is told from a torn append (a crash mid-append) and refused by
 * name, with the exact count of acknowledged operations lost.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptLogError } from '@palimpsest/core';
import { LogTruncatedError, openLogAppender, readLog, repairLog, writeLog } from '@palimpsest/persist/node';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-v4-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const op = (i: number) => ({ type: 'note', i, text: 'ab'.repeat(i % 13) });
const ops = (n: number, from = 0) => Array.from({ length: n }, (_, k) => op(from + k));

/** Byte offsets where each record of a format-4 log ends (after the header and the commit block). */
function frameEnds(bytes: Buffer): number[] {
  let at = bytes.indexOf(0x0a) + 1 + 24;
  const ends: number[] = [];
  while (at < bytes.length) {
    at += 12 + bytes.readUInt32LE(at);
    ends.push(at);
  }
  return ends;
}

describe('log format 4', () => {
  it('records its base: the log of a memory after a snapshot of 40 operations starts at 41', async () => {
    const path = join(dir, 'based.log');
    await writeLog(path, ops(5), { base: 40 });
    expect(await readLog(path)).toEqual({ ops: ops(5), format: 4, base: 40 });
    const a = await openLogAppender(join(dir, 'based2.log'), { base: 40 });
    for (const o of ops(5)) a.append(o);
    await a.close();
    expect(readFileSync(join(dir, 'based2.log')).equals(readFileSync(path))).toBe(true);
    // A reopened appender keeps the base it was created with.
    const b = await openLogAppender(path);
    b.append(op(5));
    await b.close();
    expect(await readLog(path)).toEqual({ ops: ops(6), format: 4, base: 40 });
  });

  it('a log cut at every record boundary and inside every record is refused with LogTruncatedError naming the operations lost', async () => {
    const path = join(dir, 'whole.log');
    const a = await openLogAppender(path);
    for (let i = 0; i < 30; i++) {
      a.append(op(i));
      await a.flush();
    }
    await a.close();
    const whole = readFileSync(path);
    const ends = frameEnds(whole);
    expect(ends).toHaveLength(30);
    const cut = join(dir, 'cut.log');
    let cases = 0;
    for (let k = 0; k < 30; k++) {
      const start = k === 0 ? whole.indexOf(0x0a) + 1 + 24 : ends[k - 1]!;
      for (const at of [start, start + 5, ends[k]! - 1]) {
        writeFileSync(cut, whole.subarray(0, at));
        const lost = 30 - k;
        await expect(readLog(cut)).rejects.toThrow(LogTruncatedError);
        await expect(readLog(cut)).rejects.toThrow(new RegExp(`^readLog: .*cut\\.log was cut short: it holds ${k} records, 30 were acknowledged \\(${lost} acknowledged operations lost\\)`));
        await expect(openLogAppender(cut)).rejects.toThrow(LogTruncatedError);
        const seen = await readLog(cut, { recover: true });
        expect(seen.truncated).toEqual({ acknowledged: 30, present: k, lost });
        expect(seen.torn).toBeUndefined();
        expect(seen.ops).toEqual(ops(k));
        // Nothing was rewritten by reading or by the refused appender.
        expect(readFileSync(cut).equals(whole.subarray(0, at))).toBe(true);
        // repairLog is the explicit acceptance: it reports the loss and makes the log whole at k records.
        expect(await repairLog(cut)).toMatchObject({ kind: 'truncated', lost });
        expect(await readLog(cut)).toEqual({ ops: ops(k), format: 4, base: 0 });
        cases++;
      }
    }
    expect(cases).toBe(90);
  });

  it('a torn append after the last acknowledged record is the crash case: reported as torn, repaired, nothing acknowledged lost', async () => {
    const path = join(dir, 'torn.log');
    await writeLog(path, ops(10));
    const acked = readFileSync(path);
    // The next flush's frame, cut by a crash before its fsync: its bytes as a later writer would write them.
    const longer = join(dir, 'longer.log');
    writeFileSync(longer, acked);
    const a = await openLogAppender(longer);
    a.append(op(10));
    await a.close();
    const frame = readFileSync(longer).subarray(acked.length);
    for (const keep of [1, 11, 12, frame.length - 1]) {
      writeFileSync(path, Buffer.concat([acked, frame.subarray(0, keep)]));
      const r = await readLog(path);
      expect(r.torn).toMatchObject({ kind: 'torn', line: 12, droppedBytes: keep });
      expect(r.ops).toEqual(ops(10));
      expect(await repairLog(path)).toMatchObject({ kind: 'torn' });
      expect(readFileSync(path).equals(acked)).toBe(true);
    }
  });

  it('a damaged commit block (both slots) or header is damage, refused by name; one torn slot is not', async () => {
    const path = join(dir, 'damaged.log');
    await writeLog(path, ops(3));
    const bytes = readFileSync(path);
    const commitAt = bytes.indexOf(0x0a) + 1;
    // One slot torn (a write cut inside it): the other still names what was acknowledged.
    bytes[commitAt + 2] ^= 0x10;
    writeFileSync(path, bytes);
    expect(await readLog(path)).toEqual({ ops: ops(3), format: 4, base: 0 });
    bytes[commitAt + 12 + 2] ^= 0x10;
    writeFileSync(path, bytes);
    await expect(readLog(path)).rejects.toThrow(CorruptLogError);
    await expect(readLog(path)).rejects.toThrow(/line 1 is damaged \(the commit block fails its check\)/);
    writeFileSync(path, Buffer.concat([Buffer.from('{"palimpsest":"log","version":4,"base":01}\n'), bytes.subarray(commitAt)]));
    await expect(readLog(path)).rejects.toThrow(/line 1 is damaged \(damaged log header\)/);
    // A log whose creation was cut before its commit block is a torn header: repaired to an empty log.
    writeFileSync(path, bytes.subarray(0, commitAt + 5));
    expect((await readLog(path)).torn).toMatchObject({ line: 1 });
    await repairLog(path);
    expect(await readLog(path)).toEqual({ ops: [], format: 4, base: 0 });
    truncateSync(path, 0);
    expect(await readLog(path)).toEqual({ ops: [], format: 2 });
  });
});
