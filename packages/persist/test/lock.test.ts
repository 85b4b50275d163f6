/**
 * One writer per log, across processes, with no stale lock to take over: writers that start at the same
 * instant after a SIGKILLed writer (exactly one holds the log, the others are refused by name, nothing
 * acknowledged is lost), and every tool that rewrites a log refused beside a live writer in another process.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleChild } from './child-bundle.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogLockedError } from '@palimpsest/core';
import { mulberry32 } from '@palimpsest/core/internal';
import { lockFile, openLogAppender, readLog, repairLog, writeLog } from '@palimpsest/persist/node';
import { killOp } from './kill-shared.js';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-lock-'));
const child = join(dir, 'child.mjs');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => bundleChild('lock-child.ts', child));

/** A child process and the lines it printed so far. */
class Child {
  readonly p: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;
  private waiters: (() => void)[] = [];

  constructor(args: string[]) {
    this.p = spawn(process.execPath, [child, ...args]);
    let buffered = '';
    this.p.stdout.on('data', (c: Buffer) => {
      buffered += c.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      this.lines.push(...parts);
      for (const w of this.waiters.splice(0)) w();
    });
    this.p.stderr.on('data', (c: Buffer) => (this.stderr += c.toString()));
    this.exited = new Promise((resolve) =>
      this.p.on('exit', (code) => {
        resolve(code);
        for (const w of this.waiters.splice(0)) w();
      }),
    );
  }

  /** Resolves once a printed line satisfies `test` (rejects if the child exits first). */
  async until(test: (line: string) => boolean): Promise<string> {
    for (;;) {
      const found = this.lines.find(test);
      if (found !== undefined) return found;
      if (this.p.exitCode !== null || this.p.signalCode !== null) throw new Error(`child exited (${this.p.exitCode}) before the line: ${this.stderr}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

/** How many of `expected` are missing from `ops`, read in order (each must appear after the one before). */
function missingInOrder(expected: unknown[], ops: unknown[]): number {
  const key = (o: unknown) => JSON.stringify(o);
  let at = 0;
  let missing = 0;
  for (const e of expected) {
    const k = key(e);
    let found = at;
    while (found < ops.length && key(ops[found]) !== k) found++;
    if (found === ops.length) missing++;
    else at = found + 1;
  }
  return missing;
}

describe('one writer per log, across processes', () => {
  it('3 writers starting at one instant after a SIGKILLed writer: exactly one holds the log, 0 acknowledged operations lost (15 trials)', async () => {
    const random = mulberry32(25);
    const path = join(dir, 'starters.log');
    let durable: unknown[] = [];
    const holdersPerTrial: number[] = [];
    let lost = 0;
    for (let trial = 0; trial < 15; trial++) {
      // A writer appends, is killed mid-stream: its lock must not outlive it.
      const writer = new Child(['hold', path]);
      const target = 1 + Math.floor(random() * 6);
      await writer.until(() => writer.lines.length >= target);
      writer.p.kill('SIGKILL');
      await writer.exited;
      const ackedByWriter = Number(writer.lines[target - 1]!.split(' ')[1]);
      const starters = [0, 1, 2].map((k) => new Child(['start', path, `t${trial}-${k}`]));
      await Promise.all(starters.map((s) => s.until((l) => l === 'ready')));
      for (const s of starters) s.p.stdin.write('go\n');
      await Promise.all(starters.map((s) => s.until((l) => l === 'done' || l.startsWith('locked '))));
      const holders = starters.filter((s) => s.lines.includes('held'));
      holdersPerTrial.push(holders.length);
      // The holder names itself when asked; one that let go between the refusal and the question (a repair done) is "another process".
      for (const s of starters) if (!s.lines.includes('held')) expect(s.lines.find((l) => l.startsWith('locked '))).toMatch(/^locked (repairLog|openLogAppender): .* is locked by (process \d+|another process); one writer per file$/);
      for (const s of starters) s.p.stdin.end();
      expect((await Promise.all(starters.map((s) => s.exited))).every((code) => code === 0)).toBe(true);

      const { ops, torn, damage } = await readLog(path);
      expect(torn).toBeUndefined();
      expect(damage).toBeUndefined();
      // Acknowledged: what the log held before, the killed writer's operations up to its last acknowledgement, the holder's 20.
      const writerOps = Array.from({ length: ackedByWriter - durable.length }, (_, k) => killOp(durable.length + k));
      const holderOps = holders.flatMap((h) => h.lines.filter((l) => l.startsWith('ack ')).map((l) => ({ type: 'note', who: l.split(' ')[1], i: Number(l.split(' ')[2]) })));
      lost += missingInOrder([...durable, ...writerOps], ops) + missingInOrder(holderOps, ops);
      durable = ops;
    }
    console.log(`concurrent starters: 15 trials of 3, holders per trial ${holdersPerTrial.join(',')}, acknowledged operations lost ${lost}`);
    expect(holdersPerTrial).toEqual(Array(15).fill(1));
    expect(lost).toBe(0);
  });

  it('beside a live writer in another process, every tool that writes the log is refused by name and the writer loses nothing', async () => {
    const path = join(dir, 'live.log');
    const writer = new Child(['hold', path]);
    await writer.until(() => writer.lines.length >= 3);
    const locked = new RegExp(`is locked by process ${writer.p.pid}; one writer per file$`);
    await expect(writeLog(path, [{ type: 'x' }])).rejects.toThrow(LogLockedError);
    await expect(writeLog(path, [{ type: 'x' }])).rejects.toThrow(new RegExp(`^writeLog: .*${locked.source}`));
    await expect(repairLog(path)).rejects.toThrow(new RegExp(`^repairLog: .*${locked.source}`));
    await expect(openLogAppender(path)).rejects.toThrow(new RegExp(`^openLogAppender: .*${locked.source}`));
    await expect(lockFile(path)).rejects.toThrow(LogLockedError);
    await writer.until(() => writer.lines.length >= 6);
    writer.p.kill('SIGKILL');
    await writer.exited;
    const acked = Number(writer.lines[writer.lines.length - 1]!.split(' ')[1]);
    await repairLog(path);
    const { ops } = await readLog(path);
    expect(ops.length).toBeGreaterThanOrEqual(acked);
    // The writer's death released the lock: a rewrite now goes through.
    await writeLog(path, ops.slice(0, acked));
    expect((await readLog(path)).ops).toHaveLength(acked);
  });

  it('two spellings of one file (through a symlinked folder) are one lock; the lock is released by release()', async () => {
    const real = join(dir, 'real');
    mkdirSync(real);
    symlinkSync(real, join(dir, 'link'));
    const lock = await lockFile(join(real, 'm.log'));
    await expect(openLogAppender(join(dir, 'link', 'm.log'))).rejects.toThrow(/locked by another writer in this process \(lockFile\)/);
    await expect(writeLog(join(dir, 'link', 'm.log'), [], { lock })).resolves.toBe(0); // the caller's own lock covers it
    await lock.release();
    expect(lock.held).toBe(false);
    await expect(writeLog(join(real, 'm.log'), [], { lock })).rejects.toThrow(/^writeLog: options\.lock must be a held lock of/);
    const a = await openLogAppender(join(dir, 'link', 'm.log'));
    await a.close();
  });
});
