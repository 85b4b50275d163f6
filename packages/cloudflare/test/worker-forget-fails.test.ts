/**
 * A forget whose storage step fails, in the bundled Worker (workerd through miniflare). A forget lets the
 * object's live memory go before it rebuilds the memory without what it forgets; when saving the rebuilt
 * memory then fails (here R2 refuses the snapshot's key: a SNAPSHOT_PREFIX that takes it past R2's 1,024
 * bytes), the answer is a named StorageError and the object loads the unchanged memory from storage before
 * it serves anything else: every read answers as before, writes go on, and a restart reads the same.
 * Needs `npm run build`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, post, startWorker } from './worker-client.js';

const M = '/memories/ines';
// Snapshot keys are `<prefix><memory id>/snapshot-<12 digits>.plmp`: this prefix takes every one past 1,024 bytes.
const VARS = { SNAPSHOT_PREFIX: `${'p'.repeat(1000)}/` };

async function reads(base: string): Promise<string> {
  return JSON.stringify([
    await ok(base, `${M}/facts`, { limit: 1000, knownAt: '2030-01-01', validAt: '2025-06-01' }),
    await ok(base, `${M}/recall`, { question: 'Where does Maria live and what does she read?', knownAt: '2030-01-01', validAt: '2025-06-01' }),
    await ok(base, `${M}/changes`, { since: '2000-01-01', until: '2030-01-01' }),
  ]);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cf-forget-fails-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a forget whose storage step fails', () => {
  it('answers StorageError, and the memory answers as before it (reloaded from storage), takes writes, and reads the same after a restart', async () => {
    const persistDir = join(dir, 'state');
    let local = await startWorker({ persistDir, vars: VARS });
    try {
      await ok(local.url, `${M}/remember`, { text: 'Maria lives in Lyon.', at: '2025-01-01' });
      const kept = await ok(local.url, `${M}/remember`, { text: 'Maria reads Proust on Sundays.', at: '2025-01-02' });
      await ok(local.url, `${M}/remember`, { text: 'Maria adopted a cat named Pixel.', at: '2025-01-03' });
      const before = await reads(local.url);
      expect(before).toContain('Proust');

      const r = await post(local.url, `${M}/forget`, { episode: kept.episode.id, reason: 'asked by the user' });
      expect([r.status, r.json.error]).toEqual([507, 'StorageError']);
      expect(r.json.message).toMatch(/^forget: memory "ines" could not be rebuilt and stored without what it forgets \(/);
      expect(await reads(local.url)).toBe(before);

      await ok(local.url, `${M}/remember`, { text: 'Maria likes tea.', at: '2025-03-01' });
      const written = await reads(local.url);
      expect(written).toContain('Proust');
      expect(written).toContain('tea');
      await local.mf.dispose();
      local = await startWorker({ persistDir, vars: VARS });
      expect(await reads(local.url)).toBe(written);
    } finally {
      await local.mf.dispose();
    }
  });
});
