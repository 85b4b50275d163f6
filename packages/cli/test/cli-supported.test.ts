/** `palimpsest facts --supported`: beliefs whose premise closed, filtered and named below the table. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryGraph } from '@palimpsest/core';
import { saveSnapshot } from '@palimpsest/persist/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';

let dir: string;
let snap: string;

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), stderr: process.stderr });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cli-deps-'));
  let t = Date.parse('2024-01-01T00:00:00Z');
  const mem = new MemoryGraph({ now: () => t, predicates: { lives_in: { cardinality: 'one' } } });
  const home = mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Boston' }).id!;
  t = Date.parse('2024-02-01T00:00:00Z');
  mem.assert({ subject: 'Maya', predicate: 'commutes_by', object: { value: 'bus' }, dependsOn: [home] });
  t = Date.parse('2024-06-03T00:00:00Z');
  mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Denver' });
  snap = join(dir, 'maya.plmp');
  await saveSnapshot(snap, mem);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('palimpsest facts --supported', () => {
  it('yes leaves the unsupported belief out, no shows only it, and the plain table names it below', async () => {
    const cut = ['--valid-at', '2024-07-01', '--known-at', '2024-07-01'];
    const yes = JSON.parse((await run('facts', snap, ...cut, '--supported', 'yes', '--json')).out);
    expect(yes.facts.map((f: { predicate: string }) => f.predicate)).toEqual(['lives_in']);
    const no = JSON.parse((await run('facts', snap, ...cut, '--supported', 'no', '--json')).out);
    expect(no.facts.map((f: { predicate: string }) => f.predicate)).toEqual(['commutes_by']);
    const plain = await run('facts', snap, ...cut);
    expect(plain.out).toMatch(/^#1 unsupported since 2024-06-03: premise #0 closed$/m);
    // Before the move it was supported: nothing is named.
    const before = await run('facts', snap, '--valid-at', '2024-03-01', '--known-at', '2024-03-01');
    expect(before.out).toContain('commutes_by');
    expect(before.out).not.toContain('unsupported');
  });

  it('refuses a --supported that is not yes or no, as wrong usage, and leaves the file alone', async () => {
    const bytes = await readFile(snap);
    const r = await run('facts', snap, '--supported', 'maybe');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--supported must be yes or no, got "maybe"/);
    expect(await readFile(snap)).toEqual(bytes);
  });
});
