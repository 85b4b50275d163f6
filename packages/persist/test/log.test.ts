import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptLogError, CorruptSnapshotError, InvalidArgumentError, MemoryGraph, NotFoundError, SnapshotVersionError } from '@palimpsest/core';
import type { Operation } from '@palimpsest/core';
import { encodeSnapshot } from '@palimpsest/persist';
import { openLogAppender, readLog, repairLog, writeLog } from '@palimpsest/persist/node';
import { applySteps, newMemory, NOW } from './history.js';
import type { Step } from './history.js';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const now = () => NOW;

const steps: Step[] = [
  { kind: 'assert', s: 3, p: 0, o: '40', vf: 0, vt: null, conf: 1, src: true },
  { kind: 'entity', n: 0, alias: 'Ali' },
  { kind: 'assert', s: 0, p: 1, o: 2, vf: 1, vt: 9, conf: 0.9, src: false },
  { kind: 'episode', text: 'Alice joined Acme', at: 1, who: [0, 2] },
  { kind: 'assert', s: 3, p: 0, o: '50', vf: 1, vt: null, conf: 1, src: false },
  { kind: 'retract', s: 0, p: 1, o: 2, vf: 4, vt: null },
  { kind: 'assert', s: 4, p: 2, o: 1, vf: 2, vt: null, conf: 1, src: true },
];

function memory(): MemoryGraph {
  const mem = newMemory();
  applySteps(mem, steps);
  return mem;
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

const HEADER = '{"palimpsest":"log","version":2}\n';
/** The text after the header: one framed record per line. */
const records = (path: string) => readFileSync(path, 'utf8').split('\n').slice(1, -1);

describe('writeLog / readLog (format 2)', () => {
  it('round-trips a real log; replaying it gives the same snapshot bytes', async () => {
    const mem = memory();
    const path = join(dir, 'a.jsonl');
    expect(await writeLog(path, mem.log(), { format: 2 })).toBe(mem.log().length);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith(HEADER)).toBe(true);
    expect(text.endsWith('\n')).toBe(true);
    // Every line is still a JSON object; each record carries its sequence number and the op's exact JSON.
    const lines = records(path).map((l) => JSON.parse(l) as { seq: number; kind: number; len: number; crc: string; op: object });
    expect(lines.map((l) => l.seq)).toEqual(mem.log().map((_, i) => i + 1));
    lines.forEach((l, i) => {
      expect(l.kind).toBe(1);
      expect(l.op).toEqual(JSON.parse(JSON.stringify(mem.log()[i])));
      expect(l.len).toBe(Buffer.byteLength(JSON.stringify(mem.log()[i])));
      expect(l.crc).toMatch(/^[0-9a-f]{8}$/);
    });
    const { ops, torn, format } = await readLog(path);
    expect(format).toBe(2);
    expect(torn).toBeUndefined();
    expect(ops).toEqual(JSON.parse(JSON.stringify(mem.log())));
    expect(same(encodeSnapshot(MemoryGraph.replay(ops, { now })), encodeSnapshot(mem))).toBe(true);
  });

  it('streams many operations from an async iterable, across chunk boundaries', async () => {
    const path = join(dir, 'many.jsonl');
    async function* gen(): AsyncGenerator<object> {
      for (let i = 0; i < 30_000; i++) yield { type: 'note', i, text: `ü${'x'.repeat(i % 97)}😀` };
    }
    expect(await writeLog(path, gen(), { format: 2 })).toBe(30_000);
    const { ops, torn } = await readLog(path);
    expect(torn).toBeUndefined();
    expect(ops.length).toBe(30_000);
    expect(ops[29_999]).toEqual({ type: 'note', i: 29_999, text: `ü${'x'.repeat(29_999 % 97)}😀` });
  });

  it('a refused operation leaves the old log whole and no temporary behind', async () => {
    const path = join(dir, 'keep.jsonl');
    await writeLog(path, [{ type: 'a' }]);
    const before = readFileSync(path);
    await expect(writeLog(path, [{ type: 'b' }, 42, { type: 'c' }])).rejects.toThrow(InvalidArgumentError);
    await expect(writeLog(path, [{ type: 'b' }, [1]])).rejects.toThrow(/^writeLog: operation 1 must be a JSON object$/);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith('keep.jsonl.tmp-'))).toEqual([]);
  });

  it('a torn last record at every cut is reported with its line number; the verified prefix replays', async () => {
    const mem = memory();
    const path = join(dir, 'torn.jsonl');
    await writeLog(path, mem.log(), { format: 2 });
    const full = readFileSync(path);
    const lines = full.toString('utf8').split('\n').slice(0, -1);
    const lastStart = full.length - Buffer.byteLength(lines.at(-1)!) - 1;
    const prefix = MemoryGraph.replay(mem.log().slice(0, -1), { now });
    // Cut anywhere inside the last record, including right before its newline: a record ends with it.
    for (let cut = lastStart + 1; cut < full.length; cut++) {
      writeFileSync(path, full.subarray(0, cut));
      const { ops, torn, damage } = await readLog(path);
      expect(damage).toBeUndefined();
      expect(torn).toMatchObject({ kind: 'torn', line: lines.length, offset: lastStart, droppedLines: 1, droppedBytes: cut - lastStart });
      expect(torn!.text).toBe(full.subarray(lastStart, cut).toString('utf8').slice(0, 200));
      expect(ops.length).toBe(lines.length - 2);
      expect(same(encodeSnapshot(MemoryGraph.replay(ops, { now })), encodeSnapshot(prefix))).toBe(true);
    }
  });

  it('damage before the end is refused by name, or returned as the verified prefix with { recover: true }', async () => {
    const path = join(dir, 'mid.jsonl');
    const ops = [{ type: 'a' }, { type: 'b' }, { type: 'c' }, { type: 'd' }];
    await writeLog(path, ops, { format: 2 });
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace('{"type":"c"}', '{"type":"x"}'));
    await expect(readLog(path)).rejects.toThrow(CorruptLogError);
    await expect(readLog(path)).rejects.toThrow(CorruptSnapshotError); // CorruptLogError is one
    await expect(readLog(path)).rejects.toThrow(/^readLog: .*mid\.jsonl: line 4 is damaged \(checksum mismatch .*the 2 operations before it verify/);
    const { ops: prefix, damage } = await readLog(path, { recover: true });
    expect(prefix).toEqual(ops.slice(0, 2));
    expect(damage).toMatchObject({ kind: 'damage', line: 4, droppedLines: 2 });
    expect(await repairLog(path)).toMatchObject({ kind: 'damage', line: 4, droppedLines: 2 });
    expect((await readLog(path)).ops).toEqual(ops.slice(0, 2));
    expect(await repairLog(path)).toBeUndefined();
    await expect(readLog(join(dir, 'none.jsonl'))).rejects.toThrow(NotFoundError);
  });

  it('a newer format or an unknown record kind is refused with SnapshotVersionError', async () => {
    const path = join(dir, 'newer.jsonl');
    // Versions 3 and 4 are the binary formats (log-v3.test.ts, log-v4.test.ts); 5 is the next one.
    writeFileSync(path, '{"palimpsest":"log","version":5}\n');
    await expect(readLog(path)).rejects.toThrow(SnapshotVersionError);
    await expect(readLog(path)).rejects.toThrow(/^readLog: .*newer\.jsonl: log format version 5 is newer than this reader's 4/);
  });
});

describe('unframed logs of earlier releases (format 1) still read', () => {
  it('a complete last line without its newline is an operation, not a tear', async () => {
    const path = join(dir, 'nonl.jsonl');
    writeFileSync(path, '{"type":"a"}\n{"type":"b"}');
    expect(await readLog(path)).toEqual({ ops: [{ type: 'a' }, { type: 'b' }], format: 1 });
  });

  it('a torn last line is reported; damage before it is refused with its line number; blank lines and CRLF are fine', async () => {
    const path = join(dir, 'bad.jsonl');
    writeFileSync(path, '{"type":"a"}\n{"type":"b"}\n{"type":"c","te');
    const { ops, torn } = await readLog(path);
    expect(ops).toEqual([{ type: 'a' }, { type: 'b' }]);
    expect(torn).toMatchObject({ line: 3, text: '{"type":"c","te', offset: 26 });
    writeFileSync(path, '{"type":"a"}\r\n\n{"type":"b"\n{"type":"c"}\n');
    await expect(readLog(path)).rejects.toThrow(CorruptLogError);
    await expect(readLog(path)).rejects.toThrow(/^readLog: .*bad\.jsonl: line 3 is damaged \(/);
    writeFileSync(path, '{"type":"a"}\r\n\n  \n{"type":"b"}\n');
    expect(await readLog(path)).toEqual({ ops: [{ type: 'a' }, { type: 'b' }], format: 1 });
    writeFileSync(path, '[1,2]\n');
    await expect(readLog(path)).rejects.toThrow(/line 1 is damaged \(not a JSON object\)/);
    writeFileSync(path, Buffer.from([0x7b, 0xff, 0x7d, 0x0a]));
    await expect(readLog(path)).rejects.toThrow(/line 1 is damaged \(invalid UTF-8\)/);
  });

  it('a real memory log written unframed replays to the same snapshot bytes', async () => {
    const mem = memory();
    const path = join(dir, 'v1.jsonl');
    writeFileSync(path, mem.log().map((op) => JSON.stringify(op) + '\n').join(''));
    const { ops, format } = await readLog(path);
    expect(format).toBe(1);
    expect(same(encodeSnapshot(MemoryGraph.replay(ops, { now })), encodeSnapshot(mem))).toBe(true);
  });

  it('repairLog cuts a torn line off and ends an unterminated complete one; the appender converts the log to format 2', async () => {
    const path = join(dir, 'v1-crash.jsonl');
    writeFileSync(path, '{"type":"a"}\n{"type":"b"}\n{"type":"c","te');
    await expect(openLogAppender(path)).rejects.toThrow(CorruptLogError);
    await expect(openLogAppender(path)).rejects.toThrow(/^openLogAppender: .*v1-crash\.jsonl: the last line is torn .*call repairLog/);
    expect(await repairLog(path)).toMatchObject({ kind: 'torn', line: 3, text: '{"type":"c","te', offset: 26 });
    expect(readFileSync(path, 'utf8')).toBe('{"type":"a"}\n{"type":"b"}\n');
    writeFileSync(path, '{"type":"a"}');
    expect(await repairLog(path)).toBeUndefined();
    expect(readFileSync(path, 'utf8')).toBe('{"type":"a"}\n');
    const a = await openLogAppender(path);
    a.append({ type: 'd' });
    await a.close();
    expect(await readLog(path)).toEqual({ ops: [{ type: 'a' }, { type: 'd' }], format: 2 });
    expect(readFileSync(path, 'utf8').startsWith(HEADER)).toBe(true);
  });
});

describe('openLogAppender / repairLog', () => {
  it('appends records that readLog returns, across reopenings', async () => {
    const path = join(dir, 'app.jsonl');
    const a = await openLogAppender(path);
    const ops = memory().log();
    ops.slice(0, 3).forEach((op) => a.append(op));
    await a.flush();
    expect(a.acknowledged).toBe(3);
    expect((await readLog(path)).ops).toEqual(JSON.parse(JSON.stringify(ops.slice(0, 3))));
    ops.slice(3).forEach((op) => a.append(op));
    await a.close();
    expect(() => a.append(ops[0])).toThrow(/^LogAppender\.append: the appender is closed$/);
    const b = await openLogAppender(path);
    b.append({ type: 'extra' });
    expect(() => b.append('not an op')).toThrow(InvalidArgumentError);
    await b.close();
    const back = (await readLog(path)).ops;
    expect(back).toEqual([...JSON.parse(JSON.stringify(ops)), { type: 'extra' }] as Operation[]);
    // The same bytes writeLog writes: one format, whichever way a log was made.
    const whole = join(dir, 'app-whole.jsonl');
    await writeLog(whole, back);
    expect(readFileSync(whole).equals(readFileSync(path))).toBe(true);
  });

  it('refuses to append after a torn record until repairLog cuts it off', async () => {
    const path = join(dir, 'crash.jsonl');
    await writeLog(path, [{ type: 'a' }, { type: 'b' }], { format: 2 });
    const good = readFileSync(path);
    appendFileSync(path, '{"seq":3,"kind":1,"len":12,"crc":"0');
    await expect(openLogAppender(path)).rejects.toThrow(CorruptLogError);
    await expect(openLogAppender(path)).rejects.toThrow(/^openLogAppender: .*crash\.jsonl: the last line is torn .*call repairLog/);
    expect(await repairLog(path)).toMatchObject({ kind: 'torn', line: 4, offset: good.length });
    expect(readFileSync(path).equals(good)).toBe(true);
    const a = await openLogAppender(path);
    a.append({ type: 'd' });
    await a.close();
    expect((await readLog(path)).ops).toEqual([{ type: 'a' }, { type: 'b' }, { type: 'd' }]);
  });

  it('an empty file gets the header (of format 4, the default, or 2 on request); repairLog of an empty file drops nothing', async () => {
    const path = join(dir, 'empty.jsonl');
    writeFileSync(path, '');
    expect(await repairLog(path)).toBeUndefined();
    const a = await openLogAppender(path);
    a.append({ type: 'b' });
    await a.close();
    expect(await readLog(path)).toEqual({ ops: [{ type: 'b' }], format: 4, base: 0 });
    const text = join(dir, 'empty2.jsonl');
    writeFileSync(text, '');
    expect(await repairLog(text)).toBeUndefined();
    const b = await openLogAppender(text, { format: 2 });
    b.append({ type: 'b' });
    await b.close();
    expect(await readLog(text)).toEqual({ ops: [{ type: 'b' }], format: 2 });
    expect(readFileSync(text, 'utf8').startsWith(HEADER)).toBe(true);
  });
});
