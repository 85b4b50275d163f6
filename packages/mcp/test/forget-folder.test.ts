/**
 * Forgetting in a memory folder: after `forget`, no byte of the forgotten text is in any file of the folder
 * (UTF-8 or UTF-16), a reopened folder reads the same as the memory did, and a kill at any point of the
 * rewrite (simulated by the files it would leave) leaves the old memory or the new one, the next open
 * completing the erasure.
 */
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ingestEpisode } from '@palimpsest/core';
import type { ForgetScope, MemoryGraph } from '@palimpsest/core';
import { MemoryFolder } from '../src/store.js';
import { leaks } from './leaks.js';

const SECRET = 'Zorblatt Quennington';
const CODE = 'vault-code-4471-XQ';

let dir: string;
let t = Date.parse('2024-01-01T00:00:00Z');
const clock = () => (t += 1000);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-forget-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The secrets found in any file of `folder`, by file. */
async function filesLeaking(folder: string, secrets: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(folder)) {
    const bytes = await readFile(join(folder, name));
    for (const s of secrets) if (leaks(bytes, s)) out.push(`${name}: ${s}`);
  }
  return out;
}

/** A memory with a secret episode, a secret entity's facts and a source, some of it compacted into a snapshot. */
async function fill(folder: MemoryFolder): Promise<void> {
  const say = (id: string, text: string) => folder.write((mem) => ingestEpisode(mem, { id, text, at: t, speaker: 'user' }));
  await say('e1', 'I live in Paris. My sister Maria lives in Lyon.');
  await say('e2', `My neighbour ${SECRET} gave me the ${CODE}.`);
  await folder.write((mem) => mem.assert({ subject: SECRET, predicate: 'code', object: { value: CODE }, evidence: ['e2'], source: 'chat' }));
  await folder.compact();
  await say('e3', 'I have a dog named Rex.');
  await folder.write((mem) => mem.assert({ subject: 'Rex', predicate: 'likes', object: 'the park', evidence: ['e3'] }));
}

function reads(mem: MemoryGraph): string {
  return JSON.stringify([mem.facts({ knownAt: t }), mem.log(), mem.recall('neighbour code dog', { knownAt: t, validAt: t }).text, mem.tombstones()]);
}

const SCOPES: Array<[string, ForgetScope, string[]]> = [
  ['episode', { episode: 'e2' }, [SECRET, 'Zorblatt', CODE]],
  ['entity', { entity: SECRET }, [SECRET, 'Quennington', CODE]],
  ['source', { source: 'chat' }, []],
];

describe('MemoryFolder.forget', () => {
  for (const [kind, scope, secrets] of SCOPES) {
    it(`{ ${kind} }: no byte of it in any file; a reopened folder reads the same`, async () => {
      const a = await MemoryFolder.open(dir, { clock, compactEvery: 3 });
      await fill(a);
      const gone = kind === 'source' ? [CODE] : secrets;
      expect(await filesLeaking(dir, gone)).not.toEqual([]);
      const { counts } = await a.forget(scope, { reason: 'asked by the user' });
      expect(counts.operations).toBeGreaterThan(0);
      expect(await filesLeaking(dir, kind === 'source' ? ['chat'] : gone)).toEqual([]);
      // Writes go on after a forget, into the new generation's log.
      await a.write((mem) => mem.assert({ subject: 'Maria', predicate: 'likes', object: 'tea' }));
      const after = reads(a.mem);
      await a.close();
      const b = await MemoryFolder.open(dir, { clock });
      expect(reads(b.mem)).toBe(after);
      expect(b.mem.tombstones()).toHaveLength(1);
      await b.close();
      if (kind !== 'source') expect(await filesLeaking(dir, gone)).toEqual([]);
    });
  }

  it('a refused forget changes no file', async () => {
    const a = await MemoryFolder.open(dir, { clock });
    await fill(a);
    const before = await readdir(dir);
    await expect(a.forget({ episode: 'nope' })).rejects.toThrow(/MemoryGraph\.forget: episode "nope" does not exist/);
    expect(await readdir(dir)).toEqual(before);
    await a.write((mem) => mem.assert({ subject: 'Maria', predicate: 'likes', object: 'tea' }));
    await a.close();
  });

  it('killed before the new snapshot is renamed: the old memory, whole; killed after: the next open completes the erasure', async () => {
    const a = await MemoryFolder.open(dir, { clock, compactEvery: 1000 });
    await fill(a);
    await a.close();
    const old = await mkdtemp(join(tmpdir(), 'plmp-forget-old-'));
    for (const n of await readdir(dir)) await copyFile(join(dir, n), join(old, n));
    const b = await MemoryFolder.open(dir, { clock });
    const oldReads = reads(b.mem);
    await b.forget({ episode: 'e2' });
    const newReads = reads(b.mem);
    await b.close();
    const [snapshot] = (await readdir(dir)).filter((n) => n.startsWith('snapshot-'));

    // Before the rename: the old files and a temporary of the new snapshot (as writeFileAtomic leaves it).
    const before = await mkdtemp(join(tmpdir(), 'plmp-forget-before-'));
    for (const n of await readdir(old)) await copyFile(join(old, n), join(before, n));
    await copyFile(join(dir, snapshot!), join(before, `${snapshot}.tmp-999999-1`));
    const c = await MemoryFolder.open(before, { clock });
    expect(reads(c.mem)).toBe(oldReads);
    await c.close();

    // After the rename, before the old files were deleted: the new snapshot beside every old file.
    const afterRename = await mkdtemp(join(tmpdir(), 'plmp-forget-after-'));
    for (const n of await readdir(old)) await copyFile(join(old, n), join(afterRename, n));
    await writeFile(join(afterRename, 'log-0.jsonl.tmp-999999-2'), await readFile(join(old, (await readdir(old)).find((n) => n.startsWith('log-'))!)));
    await copyFile(join(dir, snapshot!), join(afterRename, snapshot!));
    expect(await filesLeaking(afterRename, [SECRET])).not.toEqual([]);
    const d = await MemoryFolder.open(afterRename, { clock });
    expect(reads(d.mem)).toBe(newReads);
    await d.close();
    expect(await filesLeaking(afterRename, [SECRET, CODE])).toEqual([]);
    for (const x of [old, before, afterRename]) await rm(x, { recursive: true, force: true });
  });
});
