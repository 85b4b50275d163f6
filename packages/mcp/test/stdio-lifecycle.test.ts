/**
 * The built `palimpsest-mcp` over stdio as a client process sees it (the MCP SDK's Client on the child's
 * pipes): it ends with exit code 0 and its logs released on stdin's end, SIGTERM and SIGINT, answering a
 * call already sent; it answers a malformed or oversize line with a JSON-RPC error and keeps serving; it
 * keeps a bounded number of memories open, closing idle ones, and runs out of file descriptors by name,
 * never with a raw EMFILE. Needs `npm run build` (it spawns dist/bin.js).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/**
 * The SDK client's side of the child's pipes; every message the server wrote is kept in `received`. An
 * error answering no request (id null, as JSON-RPC answers an unreadable line) is kept but not passed on:
 * the SDK's message schema has no id-null error (its own stdio client reports one through onerror).
 */
class ChildTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly received: Array<Record<string, unknown>> = [];
  private pending = '';

  constructor(readonly child: ChildProcess) {}

  async start(): Promise<void> {
    this.child.stdout!.on('data', (chunk: Buffer) => {
      this.pending += chunk.toString('utf8');
      let nl: number;
      while ((nl = this.pending.indexOf('\n')) >= 0) {
        const m = JSON.parse(this.pending.slice(0, nl)) as Record<string, unknown>;
        this.pending = this.pending.slice(nl + 1);
        this.received.push(m);
        if (m.id !== null) this.onmessage?.(m as JSONRPCMessage);
      }
    });
    this.child.once('exit', () => this.onclose?.());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.child.stdin!.write(serializeMessage(message));
  }

  /** Bytes as they are, e.g. a line no client would send. */
  raw(text: string): void {
    this.child.stdin!.write(text);
  }

  async close(): Promise<void> {
    this.child.stdin!.end();
  }
}

interface Running {
  child: ChildProcess;
  client: Client;
  transport: ChildTransport;
  exited: Promise<number | null>;
  stderr: () => string;
}

async function start(dataDir: string, flags: string[] = [], ulimit?: number): Promise<Running> {
  const args = [BIN, '--data', dataDir, ...flags];
  const child =
    ulimit === undefined
      ? spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn('bash', ['-c', `ulimit -n ${ulimit} && exec "$0" "$@"`, process.execPath, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  child.stdin!.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const transport = new ChildTransport(child);
  const client = new Client({ name: 'palimpsest-test', version: '0.0.0' });
  await client.connect(transport);
  return { child, client, transport, exited, stderr: () => err };
}

async function ok(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text: string }>; structuredContent?: unknown };
  if (r.isError) throw new Error(`${name} failed: ${r.content[0]?.text}`);
  return r.structuredContent;
}

const locks = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for (const memory of await readdir(dir)) for (const f of await readdir(join(dir, memory))) if (f.endsWith('.lock')) out.push(`${memory}/${f}`);
  return out;
};

/** File descriptors the child holds under `dir` (Linux /proc). */
function fdsUnder(pid: number, dir: string): number {
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(dir);
    } catch {
      return false;
    }
  }).length;
}

let dataDir: string;
beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build first`);
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'plmp-mcp-life-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('palimpsest-mcp ends cleanly', () => {
  const ways: Array<[string, (s: Running) => void]> = [
    ['stdin ends', (s) => s.child.stdin!.end()],
    ['SIGTERM', (s) => s.child.kill('SIGTERM')],
    ['SIGINT', (s) => s.child.kill('SIGINT')],
  ];
  for (const [how, stop] of ways) {
    it(`exits 0 with its logs released when ${how}`, async () => {
      const s = await start(dataDir);
      await ok(s.client, 'assert_fact', { subject: 'Ann', predicate: 'likes', object: 'tea' });
      await ok(s.client, 'assert_fact', { memory: 'other', subject: 'Ben', predicate: 'likes', object: 'jam' });
      stop(s);
      expect(await s.exited).toBe(0);
      expect(s.stderr()).not.toMatch(/Maximum call stack|RangeError|Error:/);
      expect(await locks(dataDir)).toEqual([]);
      const again = await start(dataDir);
      expect((await ok(again.client, 'facts', { subject: 'Ann' })).facts.map((f: any) => f.object)).toEqual(['tea']);
      again.child.stdin!.end();
      expect(await again.exited).toBe(0);
    });
  }

  it('answers the calls sent before stdin ends, then exits 0', async () => {
    const s = await start(dataDir);
    await ok(s.client, 'facts', {});
    // Sent, then the end of input at once: the server reads both calls before the end, and answers them.
    const calls = ['figs', 'tea'].map((object) => s.client.callTool({ name: 'assert_fact', arguments: { subject: 'Ann', predicate: 'likes', object } }));
    await new Promise((resolve) => setImmediate(resolve));
    s.child.stdin!.end();
    for (const answer of (await Promise.all(calls)) as Array<{ isError?: boolean }>) expect(answer.isError).toBeFalsy();
    expect(await s.exited).toBe(0);
    const again = await start(dataDir);
    expect((await ok(again.client, 'facts', { subject: 'Ann' })).facts.map((f: any) => f.object).sort()).toEqual(['figs', 'tea']);
    again.child.stdin!.end();
    expect(await again.exited).toBe(0);
  });
});

describe('palimpsest-mcp answers bad lines and keeps serving', () => {
  it('answers a line that is not JSON, one that is not JSON-RPC, and one over the bound with JSON-RPC errors', async () => {
    const s = await start(dataDir, ['--max-message-bytes', '65536']);
    const errors = () => s.transport.received.filter((m: any) => m.error !== undefined) as Array<{ id: unknown; error: { code: number; message: string } }>;
    s.transport.raw('{"jsonrpc": "2.0", "id": 5, "method": \n');
    s.transport.raw('{"jsonrpc": "1.0", "id": "x7", "method": "tools/list"}\n');
    // The SDK client writes `id` last: an oversize request is answered with its own id, so the call fails at once.
    const big = s.client.callTool({ name: 'remember', arguments: { text: 'word '.repeat(400_000) } });
    await expect(big).rejects.toThrow(/longer than 65536 bytes/);
    expect(errors().map((e) => [e.id, e.error.code])).toEqual([
      [null, -32700],
      ['x7', -32600],
      [expect.any(Number), -32600],
    ]);
    // Still serving, and the refused lines changed nothing.
    await ok(s.client, 'assert_fact', { subject: 'Ann', predicate: 'likes', object: 'tea' });
    expect((await ok(s.client, 'facts', {})).total).toBe(1);
    expect((await ok(s.client, 'changes', { since: '2000-01-01' })).totalAdded).toBe(1);
    // An oversize line whose id cannot be found is answered with id null.
    s.transport.raw(`{"jsonrpc":"2.0","method":"tools/call","params":{"x":"${'y'.repeat(100_000)}"}}\n`);
    await ok(s.client, 'facts', {});
    expect(errors().at(-1)).toMatchObject({ id: null, error: { code: -32600 } });
    s.child.stdin!.end();
    expect(await s.exited).toBe(0);
  });
});

describe('palimpsest-mcp keeps a bounded number of memories open', () => {
  it('closes the least recently used idle memories and serves them again from disk', async () => {
    const s = await start(dataDir, ['--max-open-memories', '3']);
    for (let i = 0; i < 10; i++) await ok(s.client, 'assert_fact', { memory: `m${i}`, subject: `P${i}`, predicate: 'likes', object: `thing ${i}` });
    if (existsSync('/proc')) expect(fdsUnder(s.child.pid!, dataDir)).toBeLessThanOrEqual(3);
    for (let i = 0; i < 10; i++) {
      const facts = (await ok(s.client, 'facts', { memory: `m${i}` })).facts.map((f: any) => [f.subject, f.object]);
      expect(facts).toEqual([[`P${i}`, `thing ${i}`]]);
    }
    s.child.stdin!.end();
    expect(await s.exited).toBe(0);
    expect(await locks(dataDir)).toEqual([]);
  });

  it('out of file descriptors, closes idle memories instead of failing with EMFILE', async () => {
    // A bound far above what `ulimit -n 128` allows: the shelf meets EMFILE and makes room.
    const s = await start(dataDir, ['--max-open-memories', '1000'], 128);
    const texts: string[] = [];
    for (let i = 0; i < 200; i++) {
      const r = (await s.client.callTool({ name: 'assert_fact', arguments: { memory: `m${i}`, subject: 'Ann', predicate: 'likes', object: `x${i}` } })) as any;
      if (r.isError) texts.push(r.content[0].text);
    }
    expect(texts).toEqual([]);
    expect((await ok(s.client, 'facts', { memory: 'm0' })).total).toBe(1);
    s.child.stdin!.end();
    expect(await s.exited).toBe(0);
    expect((await readdir(dataDir)).length).toBe(200);
  });
});
