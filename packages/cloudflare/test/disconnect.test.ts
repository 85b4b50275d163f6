/**
 * Clients that leave early: a request refused before its body is read (body over MAX_REQUEST_BYTES, unknown
 * path) and an MCP request aborted once its headers arrive, each followed by an MCP session on the
 * same kept-alive connections. The Worker must keep serving and throw nothing of its own. Runs scripts/local.mjs as a process to read workerd's stderr. Needs `npm run build`.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const LOCAL = fileURLToPath(new URL('../scripts/local.mjs', import.meta.url));
const TOKEN = 'disconnect-test-token-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
let dir: string;
let child: ChildProcess;
let url: string;
let stderr = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cf-disconnect-'));
  const args = [LOCAL, '--persist', join(dir, 'state'), '--port', '0', '--var', `API_TOKEN=${TOKEN}`, '--var', 'MAX_REQUEST_BYTES=4096'];
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
  if (child.exitCode === null) child.kill('SIGKILL');
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
    // workerd may still log a "Broken pipe" stack on these (some runs only; the stderr is kept in `stderr`
    // for whoever takes this further): not asserted, as no change in the Worker has removed it reliably yet.
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
    // workerd itself may still log a "Broken pipe" stack here, writing the rest of the answer to the closed
    // socket (also with a whole, fixed-length answer): not asserted, the Worker cannot silence it.
  });
});
