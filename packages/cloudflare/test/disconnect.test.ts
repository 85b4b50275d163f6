/**
 * Clients that leave early: a request refused before its body is read (body over MAX_REQUEST_BYTES, no
 * token, unknown path) and an MCP request aborted once its headers arrive, each followed by an MCP session on
 * the same kept-alive connections. The Worker must keep serving, and `npm run dev:cloudflare`'s output must
 * show no error for a client that simply left, while a real error (here R2 failing under a snapshot) still
 * prints with its stack. Runs scripts/local.mjs as a process to read what it prints. Needs `npm run build`.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopCommand } from './stop-command.js';

const LOCAL = fileURLToPath(new URL('../scripts/local.mjs', import.meta.url));
const TOKEN = 'disconnect-test-token-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
let dir: string;
let child: ChildProcess;
let url: string;
let stderr = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cf-disconnect-'));
  // A file where R2 keeps the bucket's blobs: every snapshot upload fails, a real error for the last test.
  await mkdir(join(dir, 'state', 'r2'), { recursive: true });
  await writeFile(join(dir, 'state', 'r2', 'SNAPSHOTS'), 'not a folder');
  const vars = [`API_TOKEN=${TOKEN}`, 'MAX_REQUEST_BYTES=4096', 'SNAPSHOT_EVERY_OPS=1'];
  const args = [LOCAL, '--persist', join(dir, 'state'), '--port', '0', ...vars.flatMap((v) => ['--var', v])];
  child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /^palimpsest worker: (http:\/\/127\.0\.0\.1:\d+)\//m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`local.mjs exited ${code}: ${out}${stderr}`)));
  });
});
afterAll(async () => {
  await stopCommand(child);
  await rm(dir, { recursive: true, force: true });
});

/** An MCP session: connect, list the tools, close. */
async function session(): Promise<number> {
  const client = new Client({ name: 'disconnect-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/memories/erin/mcp`), { requestInit: { headers: AUTH } }));
  const { tools } = await client.listTools();
  await client.close();
  return tools.length;
}

describe('clients that leave early', () => {
  it('refused before their body is read leave the Worker serving MCP sessions', async () => {
    const json = { 'content-type': 'application/json' };
    const refused: Array<[string, RequestInit, number]> = [
      ['/memories/erin/remember', { method: 'POST', headers: { ...json, ...AUTH }, body: JSON.stringify({ text: 'x'.repeat(5000) }) }, 413],
      ['/memories/erin/remember', { method: 'POST', headers: json, body: JSON.stringify({ text: 'x'.repeat(50_000) }) }, 401],
      ['/elsewhere', { method: 'POST', headers: { ...json, ...AUTH }, body: 'x'.repeat(20_000) }, 404],
    ];
    // Each case a few times: a broken connection showed on some runs only.
    for (let round = 0; round < 3; round++) {
      for (const [path, request, status] of refused) {
        const r = await fetch(url + path, request);
        expect([path, r.status]).toEqual([path, status]);
        expect(await session()).toBeGreaterThan(0);
      }
    }
    const facts = await fetch(`${url}/memories/erin/facts`, { method: 'POST', headers: { ...json, ...AUTH }, body: '{}' });
    expect(facts.status).toBe(200);
    expect(stderr).not.toMatch(/Error: |TypeError/);
  });

  it('serves on after a client aborts an MCP request once the headers arrive', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const headers = { 'content-type': 'application/json', ...AUTH, accept: 'application/json, text/event-stream' };
    for (let round = 0; round < 3; round++) {
      const abort = new AbortController();
      const r = await fetch(`${url}/memories/erin/mcp`, { method: 'POST', headers, body: JSON.stringify(init), signal: abort.signal });
      expect(r.status).toBe(200);
      abort.abort();
      expect(await session()).toBeGreaterThan(0);
    }
  });

  it('prints no error for the clients that left, and still prints a real error with its stack', async () => {
    const r = await fetch(`${url}/memories/erin/assert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: JSON.stringify({ subject: 'Erin', predicate: 'lives_in', object: 'Oslo' }),
    });
    expect(r.status).toBe(200);
    // workerd writes its log in order: once this write's failed snapshot is printed, the logs of every
    // earlier disconnect have been printed (or dropped) too.
    await until(() => stderr.includes('palimpsest: snapshot of memory "erin" failed'));
    expect(stderr).toMatch(/failed: create\(path\): Not a directory.*\nstack: /);
    expect(stderr).not.toMatch(/Broken pipe|Connection reset/);
    expect(stderr.match(/^stack: /gm)).toHaveLength(1);
  });
});

/** Resolves once `done()` holds, checking as output arrives (the test's own time-out bounds it). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
}
