import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptSnapshotError, InvalidArgumentError, NotFoundError, SnapshotVersionError } from '@palimpsest/core';
import { encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, saveSnapshot, writeFileAtomic } from '@palimpsest/persist/node';
import { allReads, applySteps, newMemory, NOW } from './history.js';
import type { Step } from './history.js';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const now = () => NOW;

const steps: Step[] = [
  { kind: 'assert', s: 3, p: 0, o: '40', vf: 0, vt: null, conf: 1, src: true },
  { kind: 'assert', s: 0, p: 1, o: 2, vf: 1, vt: null, conf: 0.9, src: false },
  { kind: 'episode', text: 'Alice joined Acme', at: 1, who: [0, 2] },
  { kind: 'assert', s: 3, p: 0, o: '50', vf: 1, vt: null, conf: 1, src: false },
];

function memory() {
  const mem = newMemory();
  applySteps(mem, steps);
  return mem;
}

const leftovers = (name: string) => readdirSync(dir).filter((f) => f.startsWith(`${name}.tmp-`));

describe('saveSnapshot / loadSnapshot', () => {
  it('round-trips a memory through a file, and the loaded memory takes writes', async () => {
    const path = join(dir, 'a.plmp');
    const mem = memory();
    const size = await saveSnapshot(path, mem);
    expect(statSync(path).size).toBe(size);
    expect(Buffer.from(readFileSync(path)).equals(Buffer.from(encodeSnapshot(mem)))).toBe(true);
    const loaded = await loadSnapshot(path, { now });
    expect(allReads(loaded, steps.length)).toEqual(allReads(mem, steps.length));
    const more: Step[] = [{ kind: 'assert', s: 1, p: 2, o: 0, vf: 5, vt: null, conf: 1, src: false }];
    applySteps(mem, more, steps.length);
    applySteps(loaded, more, steps.length);
    expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(encodeSnapshot(mem)))).toBe(true);
    expect(leftovers('a.plmp')).toEqual([]);
  });

  it('replaces an existing file', async () => {
    const path = join(dir, 'b.plmp');
    writeFileSync(path, 'old');
    await saveSnapshot(path, memory());
    expect(readFileSync(path).subarray(0, 8).toString()).toBe('PLMPSNAP');
  });

  it('a write that fails midway leaves the old file whole and no temporary behind', async () => {
    const path = join(dir, 'c.plmp');
    const mem = memory();
    await saveSnapshot(path, mem);
    const before = readFileSync(path);
    await expect(
      writeFileAtomic(path, async (fh) => {
        await fh.write(before.subarray(0, 10));
        throw new Error('disk full (simulated)');
      }),
    ).rejects.toThrow('disk full (simulated)');
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(leftovers('c.plmp')).toEqual([]);
    expect((await loadSnapshot(path, { now })).log()).toEqual(mem.log());
  });

  it('a rename that fails (the target is a directory) leaves it alone and no temporary behind', async () => {
    const path = join(dir, 'd.plmp');
    mkdirSync(path);
    writeFileSync(join(path, 'keep'), 'x');
    await expect(saveSnapshot(path, memory())).rejects.toThrow();
    expect(readFileSync(join(path, 'keep'), 'utf8')).toBe('x');
    expect(leftovers('d.plmp')).toEqual([]);
  });

  it('refuses a missing, damaged, truncated or newer file by name', async () => {
    await expect(loadSnapshot(join(dir, 'missing.plmp'))).rejects.toThrow(NotFoundError);
    await expect(loadSnapshot(join(dir, 'missing.plmp'))).rejects.toThrow(/^loadSnapshot: no file at .*missing\.plmp$/);
    const good = encodeSnapshot(memory());
    const damaged = join(dir, 'damaged.plmp');
    const bad = good.slice();
    bad[bad.length - 3]! ^= 4;
    writeFileSync(damaged, bad);
    await expect(loadSnapshot(damaged)).rejects.toThrow(CorruptSnapshotError);
    await expect(loadSnapshot(damaged)).rejects.toThrow(new RegExp(`^loadSnapshot: ${damaged.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: checksum mismatch`));
    const truncated = join(dir, 'truncated.plmp');
    writeFileSync(truncated, good.subarray(0, good.length >> 1));
    await expect(loadSnapshot(truncated)).rejects.toThrow(/truncated: the header announces/);
    const newer = join(dir, 'newer.plmp');
    const future = good.slice();
    new DataView(future.buffer).setUint32(8, 9, true);
    writeFileSync(newer, future);
    await expect(loadSnapshot(newer)).rejects.toThrow(SnapshotVersionError);
    const empty = join(dir, 'empty.plmp');
    writeFileSync(empty, '');
    await expect(loadSnapshot(empty)).rejects.toThrow(/empty input/);
  });

  it('saveSnapshot refuses something that is not a memory', async () => {
    await expect(saveSnapshot(join(dir, 'e.plmp'), {} as never)).rejects.toThrow(InvalidArgumentError);
    expect(readdirSync(dir).some((f) => f.startsWith('e.plmp'))).toBe(false);
  });

  it('the next save removes temporaries of crashed saves (dead processes) and keeps those of live ones', async () => {
    const path = join(dir, 'temps.plmp');
    const dead = `temps.plmp.tmp-${2 ** 22 + 1}-3`; // above Linux's pid_max ceiling: no such process
    const live = `temps.plmp.tmp-${process.ppid}-7`;
    writeFileSync(join(dir, dead), 'half a snapshot');
    writeFileSync(join(dir, live), 'a save in progress');
    await saveSnapshot(path, memory());
    expect(leftovers('temps.plmp').sort()).toEqual([live]);
    rmSync(join(dir, live));
  });
});
