/**
 * Who gets into `palimpsest-mcp --http`: it will not start without a token unless told to serve everyone
 * (--insecure-no-auth); with one, a request without it or with a wrong one is refused (401), as is one
 * naming a foreign Host or sent from a foreign Origin (403), and a body over the bound (413). The built
 * bin, driven by raw HTTP and by the MCP SDK's client. Needs `npm run build` (it spawns dist/bin.js).
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const TOKEN = 'a-long-enough-token-for-tests';
const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '0' } },
});

function startHttp(dataDir: string, flags: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, '--data', dataDir, '--http', '0', ...flags], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PALIMPSEST_TOKEN: '', ...env },
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (b: Buffer) => {
      err += b.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve({ child, url: m[1]!, stderr: () => err });
    });
    child.once('exit', (code) => reject(new Error(`palimpsest-mcp exited (${code}): ${err}`)));
  });
}

/** A POST of `body` with exactly these headers (plus content type and accept); the status and the body. */
function post(url: string, headers: Record<string, string>, body = INIT): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (b: Buffer) => (text += b.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let dataDir: string;
let server: { child: ChildProcess; url: string; stderr: () => string } | undefined;
beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build first`);
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'plmp-mcp-auth-'));
});
afterEach(async () => {
  server?.child.kill('SIGKILL');
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('palimpsest-mcp --http refuses to start open by accident', () => {
  it('exits 2 without a token, with a short one, or with both a token and --insecure-no-auth', () => {
    const run = (flags: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, [BIN, '--data', dataDir, ...flags], { encoding: 'utf8', env: { ...process.env, PALIMPSEST_TOKEN: '', ...env } });
    const none = run(['--http', '0']);
    expect([none.status, none.stderr]).toEqual([2, expect.stringMatching(/^palimpsest-mcp: --http needs a token: --token T or PALIMPSEST_TOKEN/)]);
    const short = run(['--http', '0', '--token', 'hunter2']);
    expect([short.status, short.stderr]).toEqual([2, expect.stringMatching(/the token must be at least 16 characters/)]);
    const both = run(['--http', '0', '--insecure-no-auth'], { PALIMPSEST_TOKEN: TOKEN });
    expect([both.status, both.stderr]).toEqual([2, expect.stringMatching(/either a token or --insecure-no-auth/)]);
    const stdio = run(['--token', TOKEN]);
    expect([stdio.status, stdio.stderr]).toEqual([2, expect.stringMatching(/--token and --insecure-no-auth apply to --http only/)]);
  });
});

describe('palimpsest-mcp --http with a token', () => {
  it('refuses a missing or wrong token, a foreign Host and a foreign Origin; serves the token holder', async () => {
    server = await startHttp(dataDir, [], { PALIMPSEST_TOKEN: TOKEN });
    const port = new URL(server.url).port;
    const auth = { authorization: `Bearer ${TOKEN}` };
    const refused: Array<[string, Record<string, string>, number]> = [
      ['no token', {}, 401],
      ['a wrong token', { authorization: 'Bearer a-long-enough-token-for-tesTs' }, 401],
      ['a token of another scheme', { authorization: `Basic ${TOKEN}` }, 401],
      ['a foreign Host', { ...auth, host: `evil.example:${port}` }, 403],
      ['a foreign Origin', { ...auth, origin: 'https://evil.example' }, 403],
      ['an Origin that is not a URL', { ...auth, origin: 'null' }, 403],
    ];
    for (const [what, headers, status] of refused) {
      const r = await post(server.url, headers);
      expect([what, r.status]).toEqual([what, status]);
      expect(r.text).not.toMatch(/protocolVersion/);
    }
    expect((await post(server.url, { authorization: 'Bearer nope' })).text).toMatch(/^palimpsest-mcp: missing or wrong token/);
    expect((await post(server.url, auth)).status).toBe(200);
    expect((await post(server.url, { ...auth, origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await post(server.url, { ...auth, host: `localhost:${port}` })).status).toBe(200);
    // A body over the bound (4 MiB by default) is refused before it is parsed.
    expect((await post(server.url, auth, JSON.stringify({ pad: 'x'.repeat(5 * 1024 * 1024) }))).status).toBe(413);

    // Through the SDK's client: a wrong token cannot connect, the right one uses the tools.
    const wrong = new Client({ name: 'palimpsest-test', version: '0.0.0' });
    await expect(wrong.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: 'Bearer wrong-token-wrong-token' } } }))).rejects.toThrow();
    const client = new Client({ name: 'palimpsest-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: auth } }));
    const added = (await client.callTool({ name: 'assert_fact', arguments: { subject: 'Ann', predicate: 'likes', object: 'tea' } })) as { isError?: boolean };
    expect(added.isError).toBeFalsy();
    await client.close();
    expect(await readdir(dataDir)).toEqual(['default']);
  });

  it('stops on SIGTERM with exit code 0 and its logs released', async () => {
    server = await startHttp(dataDir, ['--token', TOKEN]);
    const client = new Client({ name: 'palimpsest-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    await client.callTool({ name: 'assert_fact', arguments: { subject: 'Ann', predicate: 'likes', object: 'tea' } });
    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((await readdir(join(dataDir, 'default'))).filter((f) => f.endsWith('.lock'))).toEqual([]);
    await client.close();
    // Released: a new server opens the memory and sees the write.
    server = await startHttp(dataDir, ['--token', TOKEN]);
    const again = new Client({ name: 'palimpsest-test', version: '0.0.0' });
    await again.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    expect(((await again.callTool({ name: 'facts', arguments: {} })) as any).structuredContent.total).toBe(1);
    await again.close();
  });
});

describe('palimpsest-mcp --http --insecure-no-auth', () => {
  it('serves without a token, says so, and still refuses a foreign Host', async () => {
    server = await startHttp(dataDir, ['--insecure-no-auth']);
    expect(server.stderr()).toMatch(/WITHOUT authentication/);
    const port = new URL(server.url).port;
    expect((await post(server.url, {})).status).toBe(200);
    expect((await post(server.url, { host: `evil.example:${port}` })).status).toBe(403);
  });
});
