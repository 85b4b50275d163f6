/**
 * Forgetting in the bundled Worker (workerd through miniflare): POST /memories/:id/forget rewrites the
 * memory's R2 snapshots (only the rewritten one is left) and drops its stored operations, so neither R2 nor
 * any answer holds the forgotten text, nor the object's SQLite files (a forget starts a fresh database); a
 * restart reads the same; DELETE /memories/:id removes it all.
 * Needs `npm run build`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, ok, post, startWorker } from './worker-client.js';
import { filesUnder, leaks, r2Bytes } from './forget-checks.js';

const SECRET = 'Zorblatt Quennington';

async function reads(base: string, m: string): Promise<string> {
  const all = [
    await ok(base, `${m}/facts`, { limit: 10000, knownAt: '2030-01-01', validAt: '2025-06-01' }),
    await ok(base, `${m}/recall`, { question: 'neighbour vault code', knownAt: '2030-01-01', validAt: '2025-06-01' }),
    await ok(base, `${m}/changes`, { since: '2000-01-01', until: '2030-01-01' }),
    await ok(base, `${m}/history`, { subject: 'Maria' }),
  ];
  return JSON.stringify(all);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cf-forget-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('forget and delete in the Worker', () => {
  it('forget leaves the text in no R2 snapshot, no file of the object\'s SQLite and no answer; a restart reads the same; delete removes the memory', async () => {
    const persistDir = join(dir, 'state');
    let local = await startWorker({ persistDir, vars: { SNAPSHOT_EVERY_OPS: '6' } });
    const m = '/memories/fay';
    try {
      await ok(local.url, `${m}/remember`, { text: 'Maria lives in Lyon.', at: '2025-01-01' });
      const secret = await ok(local.url, `${m}/remember`, { text: `My neighbour ${SECRET} gave me the vault code.`, at: '2025-01-02' });
      await ok(local.url, `${m}/assert`, { subject: SECRET, predicate: 'knows', object: 'Maria', evidence: [secret.episode.id] });
      for (let i = 0; i < 4; i++) await ok(local.url, `${m}/remember`, { text: `Maria read book ${i}.`, at: `2025-02-0${i + 1}` });
      const before = await r2Bytes(local, 'memories/fay/');
      expect(before.keys.length).toBeGreaterThan(0);
      expect(leaks(before.bytes, SECRET)).toBe(true);
      // Operations since the latest snapshot sit in the object's SQLite: the secret is in its files now.
      const held = await Promise.all((await filesUnder(join(persistDir, 'do'))).map(async (f) => leaks(await readFile(f), SECRET)));
      expect(held).toContain(true);

      // A refused forget answers with its named error and changes nothing (the object keeps serving).
      const refused = await post(local.url, `${m}/forget`, { episode: 'nope' });
      expect([refused.status, refused.json.error]).toEqual([404, 'NotFoundError']);
      expect((await r2Bytes(local, 'memories/fay/')).keys).toEqual(before.keys);
      const r = await ok(local.url, `${m}/forget`, { entity: SECRET, reason: 'asked by the user' });
      expect(r.tombstone).toMatchObject({ scope: 'entity', reason: 'asked by the user' });
      const after = await r2Bytes(local, 'memories/fay/');
      expect(after.keys).toHaveLength(1);
      expect(leaks(after.bytes, SECRET)).toBe(false);
      const answers = await reads(local.url, m);
      expect(leaks(Buffer.from(answers), SECRET)).toBe(false);
      expect(answers).toContain('Lyon');
      await ok(local.url, `${m}/remember`, { text: 'Maria likes tea.', at: '2025-03-01' });
      const written = await reads(local.url, m);

      await local.mf.dispose();
      // The object's SQLite files (database, write-ahead log) hold no byte of it either: a forget starts a fresh database.
      const objectFiles = await filesUnder(join(persistDir, 'do'));
      expect(objectFiles.length).toBeGreaterThan(0);
      for (const file of objectFiles) expect(leaks(await readFile(file), SECRET), file).toBe(false);
      local = await startWorker({ persistDir, vars: { SNAPSHOT_EVERY_OPS: '6' } });
      expect(await reads(local.url, m)).toBe(written);

      const del = await fetch(`${local.url}${m}`, { method: 'DELETE', headers: AUTH });
      expect(del.status).toBe(200);
      expect(await del.json()).toEqual({ deleted: 'fay' });
      expect((await r2Bytes(local, 'memories/fay/')).keys).toEqual([]);
      expect((await ok(local.url, `${m}/facts`, {})).total).toBe(0);
      const again = await fetch(`${local.url}/memories/nobody`, { method: 'DELETE', headers: AUTH });
      expect(again.status).toBe(404);
    } finally {
      await local.mf.dispose();
    }
  });
});
