/**
 * The built `palimpsest-mcp` driven by the MCP SDK's own Client, over stdio and over Streamable HTTP,
 * against a temporary data folder: every tool, bad arguments, and a SIGKILL + restart that must lose
 * nothing acknowledged. Needs `npm run build` (it spawns dist/bin.js).
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
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens } from '@palimpsest/core';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const TOOLS = [
  'assert_fact', 'changes', 'define_predicate', 'delete_memory', 'facts', 'forget', 'get_episodes', 'history', 'list_memories', 'merge_entities',
  'recall', 'remember', 'remember_many', 'retract_fact', 'search_entities',
];

interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

/** A successful call's result object (fails the test with the server's message otherwise). */
async function ok(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const r = await call(client, name, args);
  if (r.isError) throw new Error(`${name} failed: ${r.content[0]?.text}`);
  const parsed = JSON.parse(r.content[0]!.text!) as Record<string, any>;
  expect(r.structuredContent).toEqual(parsed);
  return parsed;
}

async function errorText(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const r = await call(client, name, args);
  expect(r.isError).toBe(true);
  return r.content[0]!.text!;
}

async function stdioClient(dataDir: string, extra: string[] = []): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, '--data', dataDir, ...extra], stderr: 'pipe' });
  const client = new Client({ name: 'palimpsest-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** Everything a restart must reproduce exactly. */
async function readAll(client: Client): Promise<unknown> {
  return {
    now: await ok(client, 'facts', { limit: 10000 }),
    past: await ok(client, 'facts', { validAt: '2021-06-01', limit: 10000 }),
    alice: await ok(client, 'history', { subject: 'Alice', limit: 10000 }),
    bob: await ok(client, 'history', { subject: 'Bob', limit: 10000 }),
    changes: await ok(client, 'changes', { since: '2000-01-01', limit: 10000 }),
    other: (await call(client, 'facts', { memory: 'other', limit: 10000 })).content[0]!.text,
  };
}

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build first`);
});

describe('palimpsest-mcp command line', () => {
  it('prints its help, and refuses a wrong command line with exit code 2', () => {
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: palimpsest-mcp --data DIR/);
    const noData = spawnSync(process.execPath, [BIN], { encoding: 'utf8' });
    expect(noData.status).toBe(2);
    expect(noData.stderr).toMatch(/^palimpsest-mcp: --data DIR is required/);
    const badPort = spawnSync(process.execPath, [BIN, '--data', tmpdir(), '--http', 'eighty'], { encoding: 'utf8' });
    expect(badPort.status).toBe(2);
    expect(badPort.stderr).toMatch(/--http must be a whole number/);
  });
});

describe('palimpsest-mcp over stdio', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'plmp-mcp-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('drives every tool, refuses bad arguments, and restores everything acknowledged after SIGKILL', async () => {
    const { client, transport } = await stdioClient(dataDir, ['--compact-every', '7']);

    const tools = (await client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(80);
      expect(t.inputSchema.type).toBe('object');
      if (t.name !== 'list_memories') expect(Object.keys(t.inputSchema.properties ?? {})).toContain('memory');
    }

    // remember: an episode and what the rule extractor finds in it.
    const r1 = await ok(client, 'remember', { text: 'Alice works at Acme.', speaker: 'user', session: 'chat-1', at: '2020-03-01T10:00:00Z' });
    expect(r1.episode).toMatchObject({ id: 'turn-1', at: '2020-03-01T10:00:00Z', speaker: 'user', session: 'chat-1' });
    expect(Array.isArray(r1.facts)).toBe(true);

    // assert_fact and retract_fact with world times; history keeps both versions.
    const a1 = await ok(client, 'assert_fact', { subject: 'Alice', predicate: 'lives_in', object: 'Paris', validFrom: '2019-01-01' });
    expect(a1.status).toBe('added');
    expect(a1.fact).toMatchObject({ subject: 'Alice', predicate: 'lives_in', object: 'Paris', validFrom: '2019-01-01', validTo: null });
    expect(a1.fact).not.toHaveProperty('invalidAt');
    const r = await ok(client, 'retract_fact', { subject: 'Alice', predicate: 'lives_in', object: 'Paris', validFrom: '2022-01-01' });
    expect(r.closed).toEqual([a1.fact.id]);
    await ok(client, 'assert_fact', { subject: 'Alice', predicate: 'lives_in', object: 'Berlin', validFrom: '2022-01-01' });
    await ok(client, 'assert_fact', { subject: 'Bob', predicate: 'age', value: 41, validFrom: '2020-01-01', source: 'user', reason: 'said so' });

    const past = await ok(client, 'facts', { subject: 'Alice', predicate: 'lives_in', validAt: '2021-06-01' });
    expect(past.facts.map((f: any) => f.object)).toEqual(['Paris']);
    const now = await ok(client, 'facts', { subject: 'Alice', predicate: 'lives_in' });
    expect(now.facts.map((f: any) => f.object)).toEqual(['Berlin']);
    const bob = await ok(client, 'facts', { subject: 'Bob', value: 41 });
    expect(bob.facts[0]).toMatchObject({ object: 41, source: 'user', reason: 'said so' });

    const hist = await ok(client, 'history', { subject: 'Alice', predicate: 'lives_in' });
    expect(hist.total).toBeGreaterThanOrEqual(2);
    expect(new Set(hist.facts.map((f: any) => f.object))).toEqual(new Set(['Paris', 'Berlin']));

    const ch = await ok(client, 'changes', { since: '2021-01-01', until: '2023-01-01', axis: 'valid' });
    expect(ch.added.map((f: any) => f.object)).toContain('Berlin');
    expect(ch.removed.map((f: any) => f.object)).toContain('Paris');

    const rec = await ok(client, 'recall', { question: 'Where does Alice live?', k: 5, tokenBudget: 400 });
    expect(typeof rec.text).toBe('string');
    expect(estimateTokens(JSON.stringify(rec))).toBeLessThanOrEqual(400);
    const berlin = rec.facts.find((f: any) => f.object === 'Berlin');
    expect(berlin).toBeDefined();
    expect(typeof berlin.score).toBe('number');
    expect(Array.isArray(berlin.path)).toBe(true);
    const recPast = await ok(client, 'recall', { question: 'Where does Alice live?', validAt: '2021-06-01' });
    expect(recPast.facts.map((f: any) => f.object)).not.toContain('Berlin');

    // Bad arguments: a named error's message, and the memory is unchanged.
    const before = await readAll(client);
    expect(await errorText(client, 'assert_fact', { subject: 'Alice', predicate: 'likes', object: 'tea', validFrom: 'yesterday' })).toMatch(
      /^InvalidArgumentError: MemoryGraph\.assert: validFrom/,
    );
    expect(await errorText(client, 'assert_fact', { subject: 'Alice', predicate: 'likes', object: 'tea', validFrom: '2024-01-01', validTo: '2023-01-01' })).toMatch(
      /^InvalidArgumentError: MemoryGraph\.assert: validFrom .* before validTo/,
    );
    expect(await errorText(client, 'assert_fact', { subject: 'Alice', predicate: 'likes' })).toMatch(/^InvalidArgumentError: assert_fact: give an object/);
    expect(await errorText(client, 'facts', { memory: '../escape' })).toMatch(/^InvalidArgumentError: facts: memory "\.\.\/escape"/);
    expect(await errorText(client, 'facts', { validAt: 'last week' })).toMatch(/^InvalidArgumentError: MemoryGraph\.facts: validAt/);
    expect(await errorText(client, 'facts', { object: 'tea', value: 'tea' })).toMatch(/^InvalidArgumentError: facts: give either object or value/);
    expect(await errorText(client, 'remember', { text: 'x', at: 'soon' })).toMatch(/^InvalidArgumentError: remember: at "soon"/);
    expect(await errorText(client, 'recall', { question: 'x', k: 'ten' })).toMatch(/Input validation error/);
    expect(await errorText(client, 'changes', { since: '2020-01-01', axis: 'sideways' })).toMatch(/Input validation error/);
    expect(await readAll(client)).toEqual(before);

    // A second memory in the same data folder, chosen per call.
    await ok(client, 'assert_fact', { memory: 'other', subject: 'Carol', predicate: 'owns', object: 'boat' });
    expect((await ok(client, 'facts', { subject: 'Carol' })).total).toBe(0);

    // More writes so that compaction (every 7 operations) has run and a log tail follows the snapshot.
    for (let i = 0; i < 12; i++) {
      await ok(client, 'remember', { text: `Bob visited Rome on trip ${i}.`, speaker: 'Bob', at: `2023-0${1 + (i % 9)}-10` });
    }
    await ok(client, 'assert_fact', { subject: 'Bob', predicate: 'likes', object: 'pasta' });
    const files = await readdir(join(dataDir, 'default'));
    expect(files.some((f) => f.startsWith('snapshot-'))).toBe(true);

    const acknowledged = await readAll(client);
    process.kill(transport.pid!, 'SIGKILL');
    await client.close().catch(() => undefined);

    const again = await stdioClient(dataDir);
    expect(await readAll(again.client)).toEqual(acknowledged);
    // And it keeps accepting writes after the restart.
    await ok(again.client, 'assert_fact', { subject: 'Bob', predicate: 'likes', object: 'opera' });
    expect((await ok(again.client, 'facts', { subject: 'Bob', predicate: 'likes' })).total).toBe(2);
    await again.client.close();
  });
});

function startHttp(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, '--data', dataDir, '--http', '0', '--memory', 'team'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (b: Buffer) => {
      err += b.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve({ child, url: m[1]! });
    });
    child.once('exit', (code) => reject(new Error(`palimpsest-mcp exited (${code}): ${err}`)));
  });
}

function status(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { host, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('palimpsest-mcp over Streamable HTTP', () => {
  let dataDir: string;
  let server: { child: ChildProcess; url: string } | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'plmp-mcp-http-'));
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves every tool on 127.0.0.1, survives SIGKILL and refuses other hosts', async () => {
    server = await startHttp(dataDir);
    const connect = async (url: string) => {
      const client = new Client({ name: 'palimpsest-test', version: '0.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    };
    let client = await connect(server.url);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);

    const rem = await ok(client, 'remember', { text: 'Dana moved to Lisbon.', speaker: 'Dana', at: '2024-02-02' });
    expect(rem.episode.id).toBe('turn-1');
    await ok(client, 'assert_fact', { subject: 'Dana', predicate: 'works_at', object: 'Initech', validFrom: '2023-01-01' });
    await ok(client, 'retract_fact', { subject: 'Dana', predicate: 'works_at', validFrom: '2024-01-01' });
    expect((await ok(client, 'facts', { subject: 'Dana', predicate: 'works_at', validAt: '2023-06-01' })).total).toBe(1);
    expect((await ok(client, 'facts', { subject: 'Dana', predicate: 'works_at' })).total).toBe(0);
    expect((await ok(client, 'history', { subject: 'Dana', predicate: 'works_at' })).total).toBeGreaterThanOrEqual(1);
    expect((await ok(client, 'changes', { since: '2000-01-01' })).totalAdded).toBeGreaterThan(0);
    expect((await ok(client, 'recall', { question: 'Where did Dana work?', validAt: '2023-06-01' })).facts.some((f: any) => f.object === 'Initech')).toBe(true);
    expect(await errorText(client, 'retract_fact', { subject: 'Dana', predicate: 'works_at', validFrom: 'never' })).toMatch(/^InvalidArgumentError: MemoryGraph\.retract/);

    // The default memory is --memory team.
    expect((await readdir(dataDir)).sort()).toEqual(['team']);

    const read = async () => ({
      facts: await ok(client, 'facts', { limit: 10000 }),
      history: await ok(client, 'history', { subject: 'Dana' }),
    });
    const acknowledged = await read();
    server.child.kill('SIGKILL');
    await client.close().catch(() => undefined);
    server = await startHttp(dataDir);
    client = await connect(server.url);
    expect(await read()).toEqual(acknowledged);

    const port = new URL(server.url).port;
    expect(await status(server.url, `evil.example:${port}`)).toBe(403);
    await client.close();
  });
});
