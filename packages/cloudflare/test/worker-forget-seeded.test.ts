/**
 * A seeded suite of memories × every scope through the bundled Worker (workerd through miniflare), as the
 * MCP server's and the API's suites run it: each memory one Durable Object, written over the JSON routes
 * (turns, a fact resting on the secret turn, a sourced note, a single fact), then one scope forgotten. After
 * each forget no byte of the forgotten text is in the memory's R2 snapshots or in any answer; after the last,
 * with the runtime stopped, in no file of any object's SQLite database. `PALIMPSEST_FORGET_MEMORIES=200`
 * runs the full size (the default keeps `npm test` short). Needs `npm run build`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '@palimpsest/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, leaks, r2Bytes } from './forget-checks.js';
import { ok, startWorker } from './worker-client.js';
import type { Local } from './worker-client.js';

const MEMORIES = Number(process.env.PALIMPSEST_FORGET_MEMORIES ?? 6);
const SCOPES = ['episode', 'entity', 'source', 'fact'] as const;
const PEOPLE = ['Maria', 'Tom', 'Alice', 'Bob', 'Priya', 'Kenji'];
const PLACES = ['Paris', 'Lyon', 'Berlin', 'Oslo'];

/** A pronounceable word no ordinary sentence holds. */
function word(rand: () => number): string {
  let w = '';
  for (let i = 0; i < 4; i++) w += 'bdfgklmnprstvz'[Math.floor(rand() * 14)]! + 'aeiou'[Math.floor(rand() * 5)]!;
  return w[0]!.toUpperCase() + w.slice(1) + 'w';
}

/** Everything a client can read of memory `m` over the JSON routes. */
async function reads(base: string, m: string): Promise<string> {
  const cut = { knownAt: '2030-01-01', validAt: '2025-06-01' };
  const out: unknown[] = [
    await ok(base, `${m}/facts`, { limit: 10000, ...cut }),
    await ok(base, `${m}/recall`, { question: 'neighbour safe code note', k: 50, ...cut }),
    await ok(base, `${m}/changes`, { since: '2000-01-01', until: '2030-01-01', limit: 10000 }),
  ];
  for (const subject of ['Tom', 'Maria']) out.push(await ok(base, `${m}/history`, { subject }));
  return JSON.stringify(out);
}

let dir: string;
let local: Local | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cf-forget-seeded-'));
  // A snapshot every few operations, so the secrets are in R2 as well as in the objects' databases.
  local = await startWorker({ persistDir: join(dir, 'state'), vars: { SNAPSHOT_EVERY_OPS: '4' } });
}, 60_000);
afterAll(async () => {
  await local?.mf.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('forget in the Worker, seeded', () => {
  it(`${MEMORIES} memories × every scope: no byte of the secret in R2, in any answer, or in any object's database`, async () => {
    const base = local!.url;
    const secrets: string[] = [];
    let leaked = 0;
    for (let seed = 1; seed <= MEMORIES; seed++) {
      for (const kind of SCOPES) {
        const rand = mulberry32(seed * 104_729);
        const id = `s${seed}-${kind}`;
        const m = `/memories/${id}`;
        const [name, code, pin, note, source] = [`${word(rand)} ${word(rand)}`, word(rand), word(rand), word(rand), word(rand)];
        let secretTurn = '';
        const turns = 3 + Math.floor(rand() * 4);
        for (let i = 0; i < turns; i++) {
          const text = i === 1 ? `My neighbour ${name} gave me the safe code ${code}.` : `${PEOPLE[i % PEOPLE.length]} lives in ${PLACES[Math.floor(rand() * PLACES.length)]}.`;
          const r = await ok(base, `${m}/remember`, { text, at: `2025-01-0${i + 1}` });
          if (i === 1) secretTurn = r.episode.id;
        }
        await ok(base, `${m}/assert`, { subject: name, predicate: 'knows', object: 'Maria', evidence: [secretTurn] });
        await ok(base, `${m}/assert`, { subject: 'Tom', predicate: 'note', value: `about ${note}`, source: `import ${source}` });
        const fact = (await ok(base, `${m}/assert`, { subject: 'Tom', predicate: 'pin', value: pin })).fact.id;
        const [scope, gone] = {
          episode: [{ episode: secretTurn }, [code]],
          entity: [{ entity: name }, [name, code]],
          source: [{ source: `import ${source}` }, [note, source]],
          fact: [{ fact }, [pin]],
        }[kind] as [Record<string, unknown>, string[]];
        // Held before: the suite would pass vacuously otherwise.
        const held = Buffer.concat([Buffer.from(await reads(base, m)), (await r2Bytes(local!, `memories/${id}/`)).bytes]);
        expect(gone.every((g) => leaks(held, g)), `${id} holds its secret before the forget`).toBe(true);
        const r = await ok(base, `${m}/forget`, { ...scope, reason: 'the user asked' });
        expect(r.tombstone).toMatchObject({ scope: kind, reason: 'the user asked' });
        const after = Buffer.concat([Buffer.from(await reads(base, m)), (await r2Bytes(local!, `memories/${id}/`)).bytes]);
        for (const g of gone) if (leaks(after, g)) leaked++;
        secrets.push(...gone);
        expect(await reads(base, m)).toContain('Maria'); // the rest of the memory is still there
      }
    }
    expect(leaked).toBe(0);
    // Stopped, the runtime's files are quiet: no object's database holds any forgotten text.
    await local!.mf.dispose();
    local = undefined;
    const files = await filesUnder(join(dir, 'state', 'do'));
    expect(files.length).toBeGreaterThan(0);
    let inFiles = 0;
    for (const file of files) {
      const bytes = await readFile(file);
      for (const s of secrets) if (leaks(bytes, s)) inFiles++;
    }
    expect(inFiles).toBe(0);
  }, 600_000);
});
