/**
 * Crashes, for real: a child process appends or saves and is SIGKILLed at seeded moments (after a seeded
 * number of acknowledgements, then a seeded 0–4 ms more). After each kill the acknowledged operations
 * must be a prefix of the log (repairLog at most cuts a torn, unacknowledged tail), the dead child's lock
 * must be taken over, and a snapshot path must hold a complete old or new file.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleChild } from './child-bundle.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '@palimpsest/core/internal';
import { encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, readLog, repairLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';
import { killMemory, killOp } from './kill-shared.js';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-kill-'));
const child = join(dir, 'child.mjs');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => bundleChild('kill-child.ts', child));

/** Runs the child until it has printed `target` lines, waits `extraMs`, SIGKILLs it; resolves to the last number printed. */
function runAndKill(mode: 'append' | 'save' | 'rewrite', path: string, target: number, extraMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, mode, path], { stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = 0;
    let last = 0;
    let buffered = '';
    let stderr = '';
    let killing = false;
    p.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        // Only what was printed before the kill was sent counts as acknowledged.
        if (killing) continue;
        last = Number(line.split(' ')[1]);
        if (++seen === target) {
          killing = true;
          setTimeout(() => p.kill('SIGKILL'), extraMs);
        }
      }
    });
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    p.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(last);
      else reject(new Error(`child exited with ${code}: ${stderr}`));
    });
  });
}

describe('SIGKILL at seeded moments', () => {
  it('appends: acknowledged operations are always a prefix of the log (24 kills)', async () => {
    const random = mulberry32(11);
    const path = join(dir, 'log.jsonl');
    let acknowledged = 0;
    let torn = 0;
    for (let kill = 0; kill < 24; kill++) {
      const acked = await runAndKill('append', path, 1 + Math.floor(random() * 20), Math.floor(random() * 5));
      if ((await repairLog(path)) !== undefined) torn++;
      const { ops } = await readLog(path);
      expect(acked).toBeGreaterThan(acknowledged);
      expect(ops.length).toBeGreaterThanOrEqual(acked);
      ops.forEach((op, i) => expect(op).toEqual(killOp(i)));
      acknowledged = ops.length;
    }
    console.log(`kills during appends: 24, operations in the log ${acknowledged}, torn tails cut ${torn}, acknowledged operations lost 0`);
  });

  it('saves: the snapshot path always holds a complete old or new file; the next save removes dead temporaries (16 kills)', async () => {
    const random = mulberry32(12);
    const path = join(dir, 'mem.plmp');
    let temps = 0;
    for (let kill = 0; kill < 16; kill++) {
      const saved = await runAndKill('save', path, 1 + Math.floor(random() * 4), Math.floor(random() * 8));
      const bytes = encodeSnapshot(await loadSnapshot(path, { now: () => 1_700_000_000_000 }));
      // The last acknowledged save or the one after it, whole.
      const candidates = [saved, saved + 1].map((k) => encodeSnapshot(killMemory(k)));
      expect(candidates.some((c) => Buffer.from(c).equals(Buffer.from(bytes)))).toBe(true);
      temps += readdirSync(dir).filter((f) => f.startsWith('mem.plmp.tmp-')).length;
    }
    await saveSnapshot(path, killMemory(1));
    expect(readdirSync(dir).filter((f) => f.startsWith('mem.plmp.tmp-'))).toEqual([]);
    expect(existsSync(path)).toBe(true);
    console.log(`kills during saves: 16, snapshots complete 16, temporaries left by kills ${temps}, removed by the next save`);
  });

  it('rewrites: writeLog leaves the log whole (old or new) and the next write removes dead temporaries (20 kills)', async () => {
    const random = mulberry32(13);
    const path = join(dir, 'rewritten.log');
    let temps = 0;
    for (let kill = 0; kill < 20; kill++) {
      const wrote = await runAndKill('rewrite', path, 1 + Math.floor(random() * 4), Math.floor(random() * 8));
      const { ops, torn } = await readLog(path);
      expect(torn).toBeUndefined();
      // The last acknowledged rewrite or a later one (the kill lands a few ms after the count), whole.
      expect(ops.length).toBeGreaterThanOrEqual(40 + wrote);
      ops.forEach((op, i) => expect(op).toEqual(killOp(i)));
      temps += readdirSync(dir).filter((f) => f.startsWith('rewritten.log.tmp-')).length;
    }
    await writeLog(path, [killOp(0)]);
    expect(readdirSync(dir).filter((f) => f.startsWith('rewritten.log.tmp-'))).toEqual([]);
    console.log(`kills during writeLog: 20, logs whole 20, temporaries left by kills ${temps}, left after the next write 0`);
  });
});
