/**
 * Tampering: every single-line edit, deletion, duplication and reordering of a real framed text log (format 2;
 * format 3's byte flips are in log-v3.test.ts) is refused
 * by name (CorruptLogError naming the line) — except deleting whole records from the end, which leaves a
 * valid shorter log (see LOG-FORMAT.md: only an outside record of the last sequence number can tell).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptLogError, LogLockedError, SnapshotVersionError } from '@palimpsest/core';
import { crc32c } from '@palimpsest/persist';
import { openLogAppender, readLog, writeLog } from '@palimpsest/persist/node';
import { applySteps, newMemory } from './history.js';
import type { Step } from './history.js';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-tamper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const steps: Step[] = [
  { kind: 'assert', s: 3, p: 0, o: '40', vf: 0, vt: null, conf: 1, src: true },
  { kind: 'entity', n: 0, alias: 'Ali' },
  { kind: 'assert', s: 0, p: 1, o: 2, vf: 1, vt: 9, conf: 0.9, src: false },
  { kind: 'episode', text: 'Alice joined Acme', at: 1, who: [0, 2] },
  { kind: 'retract', s: 0, p: 1, o: 2, vf: 4, vt: null },
];

async function refused(path: string, lines: string[]): Promise<void> {
  writeFileSync(path, lines.map((l) => l + '\n').join(''));
  const err = await readLog(path).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof CorruptLogError) && !(err instanceof SnapshotVersionError)) {
    throw new Error(`accepted or refused without a name: ${lines.join(' | ').slice(0, 300)} → ${String(err)}`);
  }
}

describe('a tampered log is refused by name', () => {
  it('every edit, deletion, duplication and swap of a line', async () => {
    const mem = newMemory();
    applySteps(mem, steps);
    const path = join(dir, 'log.jsonl');
    await writeLog(path, mem.log(), { format: 2 });
    const lines = readFileSync(path, 'utf8').split('\n').slice(0, -1);
    expect(lines.length).toBeGreaterThan(6);
    let cases = 0;
    const t = join(dir, 't.jsonl');
    for (let i = 0; i < lines.length; i++) {
      // Edits: every byte of the line changed to another printable character, and JSON-valid value edits.
      const line = lines[i]!;
      for (let k = 0; k < line.length; k++) {
        const c = line.charCodeAt(k);
        const swapped = c === 0x31 ? '2' : c === 0x22 ? "'" : String.fromCharCode(c === 0x7e ? 0x21 : c + 1);
        await refused(t, lines.map((l, j) => (j === i ? l.slice(0, k) + swapped + l.slice(k + 1) : l)));
        cases++;
      }
      // Deletion: all but the last line (deleting the last record leaves a valid, shorter log).
      if (i < lines.length - 1) {
        await refused(t, lines.filter((_, j) => j !== i));
        cases++;
      }
      // Duplication in place.
      await refused(t, [...lines.slice(0, i + 1), line, ...lines.slice(i + 1)]);
      cases++;
      // Swap with every later line.
      for (let j = i + 1; j < lines.length; j++) {
        const swapped = [...lines];
        swapped[i] = lines[j]!;
        swapped[j] = line;
        await refused(t, swapped);
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(500);
    console.log(`tampering: ${cases} single-line changes of a ${lines.length}-line log, all refused by name`);
    // Deleting the last record is the one undetectable single-line change: the result is a valid prefix.
    writeFileSync(t, lines.slice(0, -1).map((l) => l + '\n').join(''));
    expect((await readLog(t)).ops.length).toBe(lines.length - 2);
  });

  it('a record re-framed with a fresh checksum but a wrong sequence number or chain is still refused', async () => {
    const path = join(dir, 'reframe.jsonl');
    await writeLog(path, [{ type: 'a' }, { type: 'b' }, { type: 'c' }], { format: 2 });
    const lines = readFileSync(path, 'utf8').split('\n').slice(0, -1);
    // Recompute record 3's checksum as if it stood alone (seeded from nothing): the chain catches it.
    const m = /^(\{"seq":3,"kind":1,"len":12,"crc":")[0-9a-f]{8}(",.*)$/.exec(lines[3]!)!;
    const enc = new TextEncoder();
    const crc = crc32c(enc.encode(m[2]!), crc32c(enc.encode(m[1]!)));
    lines[3] = `${m[1]}${crc.toString(16).padStart(8, '0')}${m[2]}`;
    await expect(refused(path, lines)).resolves.toBeUndefined();
    await expect(readLog(path)).rejects.toThrow(/line 4 is damaged \(checksum mismatch/);
  });
});

describe('one writer per log', () => {
  it('a second appender is refused with LogLockedError until the first closes', async () => {
    const path = join(dir, 'locked.jsonl');
    const a = await openLogAppender(path);
    await expect(openLogAppender(path)).rejects.toThrow(LogLockedError);
    await expect(openLogAppender(path)).rejects.toThrow(/^openLogAppender: .*locked\.jsonl is locked by another writer in this process \(openLogAppender\)/);
    a.append({ type: 'a' });
    await a.close();
    const b = await openLogAppender(path);
    b.append({ type: 'b' });
    await b.close();
    expect((await readLog(path)).ops).toEqual([{ type: 'a' }, { type: 'b' }]);
  });

  it('a lock file of an earlier release naming a live pid (pid 1, or a reused pid) strands nothing', async () => {
    const path = join(dir, 'stale.jsonl');
    writeFileSync(`${path}.lock`, `${process.ppid}\n`); // a live process: the pid-reuse trap of a pid file
    const a = await openLogAppender(path);
    a.append({ type: 'a' });
    await a.close();
    writeFileSync(`${path}.lock`, '1\n');
    const b = await openLogAppender(path);
    await b.close();
    expect((await readLog(path)).ops).toEqual([{ type: 'a' }]);
  });
});
