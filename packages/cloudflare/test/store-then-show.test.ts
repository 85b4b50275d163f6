/**
 * Store, then show, in the Durable Object (workerd through miniflare, persisted storage): a write whose
 * operations SQLite refuses (a value past its 2 MB limit: SQLITE_TOOBIG) is answered 507 StorageError and
 * shows in no read; the next writes are stored; a restart gives the same reads. Needs `npm run build`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, post, startWorker } from './worker-client.js';

// Requests up to 8 MiB, so a 3 MB value reaches storage; the memory's own limit far above it.
const VARS = { MAX_REQUEST_BYTES: String(8 * 1024 * 1024), MAX_MEMORY_BYTES: String(64 * 1024 * 1024) };

async function reads(base: string): Promise<unknown> {
  const m = '/memories/kim';
  return {
    facts: (await post(base, `${m}/facts`, { limit: 1000, knownAt: '2030-01-01' })).json,
    history: (await post(base, `${m}/history`, { subject: 'Kim', limit: 1000 })).json,
    changes: (await post(base, `${m}/changes`, { since: '2000-01-01', until: '2030-01-01' })).json,
    recall: (await post(base, `${m}/recall`, { question: 'What does Kim like?', validAt: '2025-01-01', knownAt: '2030-01-01' })).json,
    stored: (await post(base, `${m}/facts`, {})).headers.get('x-palimpsest-stored-bytes'),
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cf-store-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a write the Durable Object cannot store', () => {
  it('is refused by name, shows in no read, leaves later writes working, and a restart gives the same reads', async () => {
    let local = await startWorker({ persistDir: dir, vars: VARS });
    let before: unknown;
    try {
      expect((await post(local.url, '/memories/kim/assert', { subject: 'Kim', predicate: 'likes', object: 'tea', validFrom: '2024-01-01' })).status).toBe(200);
      expect((await post(local.url, '/memories/kim/remember', { text: 'Kim moved to Oslo.', at: '2024-02-01' })).status).toBe(200);
      const shown = await reads(local.url);

      const huge = 'x'.repeat(3 * 1024 * 1024);
      const failed = [
        await post(local.url, '/memories/kim/assert', { subject: 'Kim', predicate: 'notes', value: huge, validFrom: '2024-03-01' }),
        await post(local.url, '/memories/kim/remember', { text: `Kim wrote ${huge}`, at: '2024-03-01' }),
      ];
      for (const r of failed) {
        expect([r.status, r.json.error]).toEqual([507, 'StorageError']);
        expect(r.json.message).toMatch(/^(assert_fact|remember): memory "kim" could not store this write, so it was not applied \(/);
      }
      // Through MCP too: an error result, and nothing shown.
      const client = new Client({ name: 'palimpsest-test', version: '0.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${local.url}/memories/kim/mcp`), { requestInit: { headers: AUTH } }));
      const viaMcp = (await client.callTool({ name: 'assert_fact', arguments: { subject: 'Kim', predicate: 'notes', value: huge } })) as any;
      expect(viaMcp.isError).toBe(true);
      expect(viaMcp.content[0].text).toMatch(/^StorageError: assert_fact: memory "kim" could not store this write/);
      await client.close();
      expect(await reads(local.url)).toEqual(shown);

      // Later writes are stored and shown.
      expect((await post(local.url, '/memories/kim/assert', { subject: 'Kim', predicate: 'likes', object: 'jam', validFrom: '2024-04-01' })).status).toBe(200);
      before = await reads(local.url);
      const history = (before as any).history.facts as Array<{ predicate: string; object: string }>;
      expect(history.filter((f) => f.predicate === 'likes').map((f) => f.object).sort()).toEqual(['jam', 'tea']);
      expect(history.some((f) => f.predicate === 'notes')).toBe(false);
    } finally {
      await local.mf.dispose();
    }
    local = await startWorker({ persistDir: dir, vars: VARS });
    try {
      expect(await reads(local.url)).toEqual(before);
    } finally {
      await local.mf.dispose();
    }
  });
});
