/**
 * The built `palimpsest-mcp` with model flags, against the OpenAI-compatible fixture server of
 * packages/openai (a real HTTP server on 127.0.0.1 in this process): `remember` asks the extractor and the
 * embedder, `recall` embeds the question, a failed model call writes nothing, and a memory reopened with
 * another embedder is refused by name. Needs `npm run build` (it spawns dist/bin.js).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatAnswer, embeddingAnswer } from '../../openai/test/answers.js';
import { startServer } from '../../openai/test/server.js';
import type { TestServer } from '../../openai/test/server.js';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
let server: TestServer;
let dataDir: string;

interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string; json: any }> {
  const r = (await client.callTool({ name, arguments: args })) as ToolResult;
  const text = r.content[0]!.text!;
  return { isError: r.isError === true, text, json: r.isError ? undefined : JSON.parse(text) };
}

function embedFlags(model = 'emb-small'): string[] {
  return ['--embed-url', server.baseURL, '--embed-model', model, '--embed-dimensions', '4'];
}

async function connect(flags: string[]): Promise<Client> {
  const env = { ...getDefaultEnvironment(), PALIMPSEST_EXTRACT_API_KEY: 'sk-extract-test' };
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, '--data', dataDir, ...flags], env, stderr: 'pipe' });
  const client = new Client({ name: 'palimpsest-models-test', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

beforeAll(async () => {
  server = await startServer();
  dataDir = await mkdtemp(join(tmpdir(), 'plmp-mcp-models-'));
});

afterEach(() => void server.reset());

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('palimpsest-mcp with model endpoints', () => {
  it('remember asks both models, recall embeds the question; another embedder is refused after a restart', async () => {
    server.fallback = { answer: (r) => (r.path.endsWith('/embeddings') ? embeddingAnswer(r) : chatAnswer(r)) };
    const client = await connect([...embedFlags(), '--extract-url', server.baseURL, '--extract-model', 'chat-mini']);
    const first = await call(client, 'remember', { text: 'I moved to Lisbon', speaker: 'Dana', at: '2024-03-10T09:00:00Z' });
    expect(first.isError).toBe(false);
    expect(first.json.facts.map((f: any) => [f.fact.subject, f.fact.predicate, f.fact.object, f.status])).toEqual([['Dana', 'mentions', 'Lisbon', 'added']]);
    await call(client, 'remember', { text: 'My sister paints in Porto', speaker: 'Eve', at: '2024-03-11T09:00:00Z' });
    const chats = server.requests.filter((q) => q.path === '/v1/chat/completions');
    expect(chats).toHaveLength(2);
    expect(chats.every((q) => q.body['model'] === 'chat-mini' && q.headers.authorization === 'Bearer sk-extract-test')).toBe(true);
    const embedded = server.requests.filter((q) => q.path === '/v1/embeddings').flatMap((q) => q.body['input'] as string[]);
    // each turn's text is embedded before it is written; entity names are embedded by recall. The first write's
    // index catch-up calls the embedder once, finds it asynchronous and never calls it synchronously again.
    expect(embedded.filter((t) => t.includes(':'))).toEqual(['Dana: I moved to Lisbon', 'Eve: My sister paints in Porto']);
    expect(embedded.length).toBeLessThanOrEqual(3);

    server.reset();
    server.fallback = { answer: embeddingAnswer };
    const recalled = await call(client, 'recall', { question: 'Where did Dana move?' });
    expect(recalled.isError).toBe(false);
    expect(recalled.json.text).toContain('I moved to Lisbon'); // episodes' texts are in the packed context
    // the question first, then what was written without a vector (entity names) in one catch-up call
    const inputs = server.requests.map((q) => q.body['input'] as string[]);
    expect(inputs[0]).toEqual(['Where did Dana move?']);
    expect(inputs.slice(1).flat()).toEqual(expect.arrayContaining(['Lisbon', 'Porto']));
    const facts = (await call(client, 'facts', {})).json;
    await client.close();

    // reopened with another embedding model: refused by name, nothing read or written
    const other = await connect(embedFlags('emb-large'));
    const refused = await call(other, 'facts', {});
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^EmbedderMismatchError: .*emb-large.*emb-small|^EmbedderMismatchError: .*emb-small.*emb-large/);
    await other.close();

    // reopened with the same one: the same facts, recall works
    server.reset();
    server.fallback = { answer: embeddingAnswer };
    const same = await connect(embedFlags());
    expect((await call(same, 'facts', {})).json).toEqual(facts);
    expect((await call(same, 'recall', { question: 'Who paints?' })).json.text).toContain('My sister paints in Porto');
    await same.close();
  });

  it('a failed model call writes nothing and the server keeps serving', async () => {
    const client = await connect(['--memory', 'failing', ...embedFlags(), '--extract-url', server.baseURL, '--extract-model', 'c']);
    server.fallback = { status: 400, fixture: 'bad-request.json' };
    const r = await call(client, 'remember', { text: 'I moved to Lisbon', speaker: 'Dana', at: '2024-03-10T09:00:00Z' });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^ModelRequestError: /);
    server.reset();
    server.fallback = { answer: (q) => (q.path.endsWith('/embeddings') ? embeddingAnswer(q) : chatAnswer(q)) };
    expect((await call(client, 'facts', {})).json.total).toBe(0);
    const ok = await call(client, 'remember', { text: 'I moved to Porto', speaker: 'Dana', at: '2024-03-10T09:00:00Z' });
    expect(ok.json.episode.id).toBe('turn-1');
    await client.close();
  });

  it('refuses incomplete model flags as a bad command line (exit 2), before serving', () => {
    const r = spawnSync(process.execPath, [BIN, '--data', dataDir, '--embed-url', 'http://127.0.0.1:9/v1', '--embed-model', 'm'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^palimpsest-mcp: --embed-dimensions is required with --embedder openai/);
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(help.stdout).toMatch(/--embed-url URL/);
    expect(help.stdout).toMatch(/OPENAI_API_KEY \(never a flag\)/);
  });
});
