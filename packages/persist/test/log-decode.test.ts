/**
 * decodeLog (the browser entry) reads a log file's bytes exactly as readLog reads the file: the same
 * operations, format and base for every format, the same torn tail, and the same named refusals for damage,
 * a format-4 log cut short and a newer format.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptLogError, InvalidArgumentError, MemoryGraph, SnapshotVersionError } from '@palimpsest/core';
import { decodeLog, encodeSnapshot } from '@palimpsest/persist';
import { LogTruncatedError, openLogAppender, readLog, writeLog } from '@palimpsest/persist/node';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-log-decode-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function memory(): MemoryGraph {
  let t = 1_700_000_000_000;
  const mem = new MemoryGraph({ now: () => (t += 60_000) });
  mem.assert({ subject: 'Ann', predicate: 'lives_in', object: 'Boston', validFrom: 0 });
  mem.episode({ id: 'e1', text: 'Ann moved to Denver', at: 5 });
  mem.assert({ subject: 'Ann', predicate: 'lives_in', object: 'Denver', validFrom: 5, episode: 'e1' });
  mem.assert({ subject: 'Ann', predicate: 'age', object: { value: 41 } });
  return mem;
}

describe('decodeLog', () => {
  for (const format of [2, 3, 4] as const) {
    it(`reads a format-${format} log as readLog does, and replays to the same memory`, async () => {
      const mem = memory();
      const path = join(dir, `f${format}.jsonl`);
      await writeLog(path, mem.log(), { format });
      const fromFile = await readLog(path);
      const decoded = decodeLog(readFileSync(path), 'f.jsonl');
      expect(decoded).toEqual(fromFile);
      expect(decoded.format).toBe(format);
      expect(encodeSnapshot(MemoryGraph.replay(decoded.ops))).toEqual(encodeSnapshot(MemoryGraph.replay(fromFile.ops)));
    });
  }

  it('reads an unframed format-1 log, and a log tail whose base is not 0', async () => {
    const mem = memory();
    const v1 = `${mem.log().map((op) => JSON.stringify(op)).join('\n')}\n`;
    expect(decodeLog(new TextEncoder().encode(v1))).toEqual({ ops: mem.log(), format: 1 });
    const path = join(dir, 'tail.jsonl');
    const log = await openLogAppender(path, { base: 3 });
    for (const op of mem.log().slice(3)) await log.append(op);
    await log.close();
    const decoded = decodeLog(readFileSync(path));
    expect(decoded).toEqual(await readLog(path));
    expect(decoded.base).toBe(3);
    expect(decoded.ops).toEqual(mem.log().slice(3));
  });

  it('reports a torn last append with the operations before it, as readLog does', async () => {
    const path = join(dir, 'torn.jsonl');
    await writeLog(path, memory().log(), { format: 4 });
    // An append cut off: part of a frame after the last acknowledged record.
    const torn = new Uint8Array([...readFileSync(path), 9, 0, 0, 0, 1, 2]);
    writeFileSync(path, torn);
    const fromFile = await readLog(path);
    expect(fromFile.torn).toBeDefined();
    expect(decodeLog(torn)).toEqual(fromFile);
  });

  it('refuses damage, a log cut short and a newer format by name', async () => {
    const path = join(dir, 'bad.jsonl');
    await writeLog(path, memory().log(), { format: 2 });
    const text = readFileSync(path, 'utf8').replace('Boston', 'Bostom');
    expect(() => decodeLog(new TextEncoder().encode(text), 'bad.jsonl')).toThrow(CorruptLogError);
    expect(() => decodeLog(new TextEncoder().encode(text), 'bad.jsonl')).toThrow(/^decodeLog: bad\.jsonl: line \d+ is damaged/);

    const cut = join(dir, 'cut.jsonl');
    await writeLog(cut, memory().log(), { format: 4 });
    const whole = readFileSync(cut);
    // Bytes cut from the end: fewer records than the commit block acknowledged.
    await expect(readLog(join(dir, 'cut.jsonl'))).resolves.toBeDefined();
    expect(() => decodeLog(whole.subarray(0, whole.length - 5), 'cut.jsonl')).toThrow(LogTruncatedError);

    const newer = new TextEncoder().encode('{"palimpsest":"log","version":99}\n');
    expect(() => decodeLog(newer, 'newer.jsonl')).toThrow(SnapshotVersionError);
    expect(() => decodeLog('text' as unknown as Uint8Array)).toThrow(InvalidArgumentError);
  });
});
