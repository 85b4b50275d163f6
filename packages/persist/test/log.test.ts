import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptSnapshotError, InvalidArgumentError, MemoryGraph, NotFoundError } from '@palimpsest/core';
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

describe('writeLog / readLog', () => {
  it('round-trips a real log; replaying it gives the same snapshot bytes', async () => {
    const mem = memory();
    const path = join(dir, 'a.jsonl');
    expect(await writeLog(path, mem.log())).toBe(mem.log().length);
    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n').length - 1).toBe(mem.log().length);
    const { ops, torn } = await readLog(path);
    expect(torn).toBeUndefined();
    expect(ops).toEqual(JSON.parse(JSON.stringify(mem.log())));
    expect(same(encodeSnapshot(MemoryGraph.replay(ops, { now })), encodeSnapshot(mem))).toBe(true);
  });

  it('streams many operations from an async iterable, across chunk boundaries', async () => {
    const path = join(dir, 'many.jsonl');
    async function* gen(): AsyncGenerator<object> {
      for (let i = 0; i < 30_000; i++) yield { type: 'note', i, text: `ü${'x'.repeat(i % 97)}😀` };
    }
    expect(await writeLog(path, gen())).toBe(30_000);
    const { ops, torn } = await readLog(path);
    expect(torn).toBeUndefined();
    expect(ops.length).toBe(30_000);
    expect(ops[29_999]).toEqual({ type: 'note', i: 29_999, text: `ü${'x'.repeat(29_999 % 97)}😀` });
  });

  it('a refused operation leaves the old log whole and no temporary behind', async () => {
    const path = join(dir, 'keep.jsonl');
    await writeLog(path, [{ type: 'a' }]);
    await expect(writeLog(path, [{ type: 'b' }, 42, { type: 'c' }])).rejects.toThrow(InvalidArgumentError);
    await expect(writeLog(path, [{ type: 'b' }, [1]])).rejects.toThrow(/^writeLog: operation 1 must be a JSON object$/);
    expect(readFileSync(path, 'utf8')).toBe('{"type":"a"}\n');
    expect(readdirSync(dir).filter((f) => f.startsWith('keep.jsonl.tmp-'))).toEqual([]);
  });

  it('a torn last line at every cut is reported with its line number; the good prefix replays', async () => {
    const mem = memory();
    const path = join(dir, 'torn.jsonl');
    await writeLog(path, mem.log());
    const full = readFileSync(path);
    const lines = full.toString('utf8').split('\n').slice(0, -1);
    const lastStart = full.length - Buffer.byteLength(lines.at(-1)!) - 1;
    const prefix = MemoryGraph.replay(mem.log().slice(0, -1), { now });
    // Cut anywhere inside the last line (a cut right before its newline leaves a complete line).
    for (let cut = lastStart + 1; cut < full.length - 1; cut++) {
      writeFileSync(path, full.subarray(0, cut));
      const { ops, torn } = await readLog(path);
      expect(torn).toEqual({ line: lines.length, text: full.subarray(lastStart, cut).toString('utf8'), offset: lastStart });
      expect(ops.length).toBe(lines.length - 1);
      expect(same(encodeSnapshot(MemoryGraph.replay(ops, { now })), encodeSnapshot(prefix))).toBe(true);
    }
  });

  it('a complete last line without its newline is an operation, not a tear', async () => {
    const path = join(dir, 'nonl.jsonl');
    writeFileSync(path, '{"type":"a"}\n{"type":"b"}');
    expect(await readLog(path)).toEqual({ ops: [{ type: 'a' }, { type: 'b' }] });
  });

  it('damage before the last line is refused with its line number; blank lines and CRLF are fine', async () => {
    const path = join(dir, 'bad.jsonl');
    writeFileSync(path, '{"type":"a"}\r\n\n{"type":"b"\n{"type":"c"}\n');
    await expect(readLog(path)).rejects.toThrow(CorruptSnapshotError);
    await expect(readLog(path)).rejects.toThrow(/^readLog: .*bad\.jsonl: line 3 is damaged \(/);
    writeFileSync(path, '{"type":"a"}\r\n\n  \n{"type":"b"}\n');
    expect(await readLog(path)).toEqual({ ops: [{ type: 'a' }, { type: 'b' }] });
    writeFileSync(path, '[1,2]\n');
    await expect(readLog(path)).rejects.toThrow(/line 1 is damaged \(not a JSON object\)/);
    writeFileSync(path, Buffer.from([0x7b, 0xff, 0x7d, 0x0a]));
    await expect(readLog(path)).rejects.toThrow(/line 1 is damaged \(invalid UTF-8\)/);
    await expect(readLog(join(dir, 'none.jsonl'))).rejects.toThrow(NotFoundError);
  });
});

describe('openLogAppender / repairLog', () => {
  it('appends lines that readLog returns, across reopenings', async () => {
    const path = join(dir, 'app.jsonl');
    const a = await openLogAppender(path);
    const ops = memory().log();
    ops.slice(0, 3).forEach((op) => a.append(op));
    await a.flush();
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
  });

  it('refuses to append after a torn line until repairLog cuts it off', async () => {
    const path = join(dir, 'crash.jsonl');
    await writeLog(path, [{ type: 'a' }, { type: 'b' }]);
    appendFileSync(path, '{"type":"c","te');
    await expect(openLogAppender(path)).rejects.toThrow(CorruptSnapshotError);
    await expect(openLogAppender(path)).rejects.toThrow(/^openLogAppender: .*crash\.jsonl: the last line is torn .*call repairLog/);
    expect(await repairLog(path)).toEqual({ line: 3, text: '{"type":"c","te', offset: 26 });
    expect(readFileSync(path, 'utf8')).toBe('{"type":"a"}\n{"type":"b"}\n');
    const a = await openLogAppender(path);
    a.append({ type: 'd' });
    await a.close();
    expect((await readLog(path)).ops).toEqual([{ type: 'a' }, { type: 'b' }, { type: 'd' }]);
  });

  it('ends a complete but unterminated last line before appending', async () => {
    const path = join(dir, 'nonl-app.jsonl');
    writeFileSync(path, '{"type":"a"}');
    const a = await openLogAppender(path);
    a.append({ type: 'b' });
    await a.close();
    expect(readFileSync(path, 'utf8')).toBe('{"type":"a"}\n{"type":"b"}\n');
    truncateSync(path, 0);
    expect(await repairLog(path)).toBeUndefined();
    expect(readFileSync(path, 'utf8')).toBe('');
  });
});
