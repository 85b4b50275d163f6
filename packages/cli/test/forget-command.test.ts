/**
 * `palimpsest forget FILE …` on a snapshot and on logs of both formats: the file is rewritten without a
 * byte of the forgotten text (UTF-8 or UTF-16), in its own kind and format, and reads as the memory after
 * the same forget in the API; a refused call leaves the file as it was.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestEpisode, MemoryGraph } from '@palimpsest/core';
import { loadSnapshot, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';

const SECRET = 'Zorblatt Quennington';
let dir: string;

function leaks(bytes: Uint8Array, secret: string): boolean {
  const hay = Buffer.from(bytes.map((c) => (c >= 0x41 && c <= 0x5a ? c + 32 : c)));
  const le = Buffer.from(secret.toLowerCase(), 'utf16le');
  return hay.includes(Buffer.from(secret.toLowerCase())) || hay.includes(le) || hay.includes(Buffer.from(le).swap16());
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), stderr: process.stderr });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function memory(): MemoryGraph {
  let t = Date.parse('2024-01-01T00:00:00Z');
  const mem = new MemoryGraph({ now: () => (t += 60_000) });
  ingestEpisode(mem, { id: 'e1', text: 'Maria lives in Lyon.', at: t, speaker: 'user' });
  ingestEpisode(mem, { id: 'e2', text: `My neighbour ${SECRET} gave me the vault code.`, at: t, speaker: 'user' });
  mem.assert({ subject: SECRET, predicate: 'knows', object: 'Maria', evidence: ['e2'] });
  return mem;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cli-forget-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('palimpsest forget', () => {
  const cases: Array<[string, (path: string, mem: MemoryGraph) => Promise<unknown>, (path: string) => Promise<MemoryGraph>]> = [
    ['snapshot.plmp', (p, m) => saveSnapshot(p, m), (p) => loadSnapshot(p)],
    ['log-v3.jsonl', (p, m) => writeLog(p, m.log(), { format: 3 }), async (p) => MemoryGraph.replay((await readLog(p)).ops)],
    ['log-v2.jsonl', (p, m) => writeLog(p, m.log(), { format: 2 }), async (p) => MemoryGraph.replay((await readLog(p)).ops)],
  ];
  for (const [name, write, read] of cases) {
    it(`rewrites ${name} without the entity, in its own format`, async () => {
      const path = join(dir, name);
      const mem = memory();
      await write(path, mem);
      expect(leaks(await readFile(path), SECRET)).toBe(true);
      const r = await run('forget', path, '--entity', SECRET, '--reason', 'asked by the user', '--json');
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ tombstone: { scope: 'entity', reason: 'asked by the user' }, counts: { episodes: 1 } });
      const bytes = await readFile(path);
      expect(leaks(bytes, SECRET)).toBe(false);
      expect(leaks(bytes, 'Quennington')).toBe(false);
      if (name.startsWith('log')) expect((await readLog(path)).format).toBe(name.includes('v3') ? 3 : 2);
      const back = await read(path);
      const expected = memory();
      expected.forget({ entity: SECRET }, { reason: 'asked by the user', recordedAt: back.tombstones()[0]!.recordedAt });
      expect(back.log()).toEqual(expected.log());
      expect(back.facts({ knownAt: Date.parse('2030-01-01') })).toEqual(expected.facts({ knownAt: Date.parse('2030-01-01') }));
    });
  }

  it('refuses a call naming no scope, or an unknown episode, and leaves the file as it was', async () => {
    const path = join(dir, 'keep.plmp');
    await saveSnapshot(path, memory());
    const before = await readFile(path);
    const none = await run('forget', path);
    expect(none.code).not.toBe(0);
    expect(none.err).toMatch(/give exactly one of --episode/);
    const unknown = await run('forget', path, '--episode', 'nope');
    expect(unknown.err).toMatch(/NotFoundError|does not exist/);
    expect(await readFile(path)).toEqual(before);
  });
});
