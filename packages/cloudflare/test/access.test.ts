/**
 * Who gets into the Worker (workerd through miniflare): by default no one; API_TOKEN opens every memory,
 * a scoped token of API_TOKENS only the memories under its prefix, PUBLIC_MEMORIES=true everything; a
 * malformed setting is a named server error. A body is read no further than MAX_REQUEST_BYTES, and a
 * refused request's body not at all. Needs `npm run build`.
 */
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper shared with the load script
import { startLocal } from '../scripts/local.mjs';

type Local = { mf: { dispose(): Promise<void> }; url: string };

const ADMIN = 'admin-token-0123456789abcdef';
const ACME = 'acme-token-0123456789abcdef';
const GLOBEX = 'globex-token-0123456789abcde';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function post(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: any; challenge: string | null }> {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: r.status, json: await r.json(), challenge: r.headers.get('www-authenticate') };
}

async function withWorker(vars: Record<string, string>, run: (url: string) => Promise<void>): Promise<void> {
  const local = (await startLocal({ vars })) as Local;
  try {
    await run(local.url);
  } finally {
    await local.mf.dispose();
  }
}

/**
 * POSTs a chunked body of `total` bytes; resolves once answered (or reset) with the status and the bytes
 * the client had handed to its socket by then. A server that stops reading stops the sender (TCP back-pressure).
 */
function chunked(url: string, headers: Record<string, string>, total: number): Promise<{ status: number | 'reset'; sent: number }> {
  return new Promise((resolve) => {
    let sent = 0;
    let done = false;
    const finish = (status: number | 'reset') => {
      if (done) return;
      done = true;
      resolve({ status, sent });
      req.destroy();
    };
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers } }, (res) => {
      res.resume();
      finish(res.statusCode ?? 0);
    });
    req.on('error', () => finish('reset'));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = (): void => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    req.write('{"text":"');
    pump();
  });
}

describe('a Worker with no access setting', () => {
  it('refuses every request, naming the settings that would open it', async () => {
    await withWorker({}, async (url) => {
      for (const path of ['/memories/alice/facts', '/memories/alice/assert', '/memories/alice/mcp', '/elsewhere']) {
        const r = await post(url, path, { subject: 'A', predicate: 'likes', object: 'B' }, bearer(ADMIN));
        expect([path, r.status, r.json.error]).toEqual([path, 401, 'AccessError']);
        expect(r.json.message).toMatch(/^palimpsest: this Worker serves no one until a secret API_TOKEN \(or API_TOKENS\) is set, or PUBLIC_MEMORIES=true/);
      }
    });
  });
});

describe('a Worker with API_TOKEN and scoped API_TOKENS', () => {
  let local: Local;
  beforeAll(async () => {
    local = (await startLocal({
      vars: { API_TOKEN: ADMIN, API_TOKENS: JSON.stringify({ [ACME]: 'acme-', [GLOBEX]: 'globex-' }), MAX_REQUEST_BYTES: '4096' },
    })) as Local;
  });
  afterAll(async () => {
    await local?.mf.dispose();
  });

  it('refuses a request without the token or with a wrong one (401), changing nothing', async () => {
    expect((await post(local.url, '/memories/alice/assert', { subject: 'Alice', predicate: 'likes', object: 'tea' }, bearer(ADMIN))).status).toBe(200);
    const refused: Array<[string, Record<string, string>]> = [
      ['none', {}],
      ['wrong', bearer('admin-token-0123456789abcdeF')],
      ['empty', { authorization: 'Bearer ' }],
      ['another scheme', { authorization: `Basic ${ADMIN}` }],
    ];
    for (const [what, headers] of refused) {
      const read = await post(local.url, '/memories/alice/facts', {}, headers);
      expect([what, read.status, read.json.error, read.challenge]).toEqual([what, 401, 'AccessError', 'Bearer realm="palimpsest"']);
      expect(read.json.facts).toBeUndefined();
      expect((await post(local.url, '/memories/alice/assert', { subject: 'Mallory', predicate: 'owns', object: 'it' }, headers)).status).toBe(401);
    }
    const facts = await post(local.url, '/memories/alice/facts', {}, bearer(ADMIN));
    expect(facts.json.facts.map((f: any) => f.subject)).toEqual(['Alice']);
  });

  it('lets a scoped token use its tenant\'s memories only (403 elsewhere, JSON routes and MCP alike)', async () => {
    expect((await post(local.url, '/memories/globex-1/assert', { subject: 'Globex', predicate: 'plans', object: 'merger' }, bearer(GLOBEX))).status).toBe(200);
    expect((await post(local.url, '/memories/acme-1/assert', { subject: 'Acme', predicate: 'plans', object: 'launch' }, bearer(ACME))).status).toBe(200);
    for (const path of ['/memories/globex-1/facts', '/memories/globex-1/history', '/memories/alice/facts', '/memories/acme/facts']) {
      const r = await post(local.url, path, { subject: 'Globex' }, bearer(ACME));
      expect([path, r.status, r.json.error]).toEqual([path, 403, 'AccessError']);
      expect(r.json.message).toMatch(/^palimpsest: this token may not use memory "/);
    }
    const mcp = new Client({ name: 'palimpsest-test', version: '0.0.0' });
    await expect(
      mcp.connect(new StreamableHTTPClientTransport(new URL(`${local.url}/memories/globex-1/mcp`), { requestInit: { headers: bearer(ACME) } })),
    ).rejects.toThrow();
    // Its own tenant, and the full token everywhere.
    expect((await post(local.url, '/memories/acme-1/facts', {}, bearer(ACME))).json.facts.map((f: any) => f.object)).toEqual(['launch']);
    expect((await post(local.url, '/memories/globex-1/facts', {}, bearer(ADMIN))).json.facts.map((f: any) => f.object)).toEqual(['merger']);
  });

  it('stops reading a chunked body at MAX_REQUEST_BYTES, and never reads a refused one', async () => {
    const total = 32 * 1024 * 1024;
    const cases: Array<[Record<string, string>, number]> = [
      [bearer(ADMIN), 413],
      [{}, 401],
    ];
    for (const [headers, status] of cases) {
      const r = await chunked(`${local.url}/memories/alice/remember`, headers, total);
      // Answered, or cut off while the client was still sending: never read to the end.
      expect(['reset', status]).toContain(r.status);
      expect(r.sent).toBeLessThan(total);
    }
    expect((await post(local.url, '/memories/alice/facts', {}, bearer(ADMIN))).json.facts.map((f: any) => f.subject)).toEqual(['Alice']);
  });
});

describe('PUBLIC_MEMORIES and malformed access settings', () => {
  it('PUBLIC_MEMORIES=true serves without a token', async () => {
    await withWorker({ PUBLIC_MEMORIES: 'true' }, async (url) => {
      expect((await post(url, '/memories/open/assert', { subject: 'A', predicate: 'likes', object: 'B' }, {})).status).toBe(200);
      expect((await post(url, '/memories/open/facts', {}, {})).json.total).toBe(1);
    });
  });

  it('answers 500 naming a malformed setting (all of them: access-rules.test.ts)', async () => {
    await withWorker({ API_TOKEN: ADMIN, PUBLIC_MEMORIES: 'yes' }, async (url) => {
      const r = await post(url, '/memories/alice/facts', {}, bearer(ADMIN));
      expect([r.status, r.json.error]).toEqual([500, 'InvalidArgumentError']);
      expect(r.json.message).toMatch(/^palimpsest: PUBLIC_MEMORIES must be "true" or "false"/);
    });
  });
});
