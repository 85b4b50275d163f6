/**
 * `palimpsest ingest` and `recall` with model flags, against the OpenAI-compatible fixture server of
 * packages/openai (a real HTTP server on 127.0.0.1): what is sent, where the key comes from, and that a
 * memory keeps its embedder.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import { readLog } from '@palimpsest/persist/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatAnswer, embeddingAnswer } from '../../openai/test/answers.js';
import { startServer } from '../../openai/test/server.js';
import type { TestServer } from '../../openai/test/server.js';
import { main } from '../src/main.js';
import { MODEL_OPTIONS, modelsFromFlags } from '@palimpsest/model-flags';

let dir: string;
let server: TestServer;
let transcript: string;
const savedEnv = { ...process.env };

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), stderr: process.stderr });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cli-models-'));
  server = await startServer();
  transcript = join(dir, 'chat.jsonl');
  const lines = [
    { speaker: 'Dana', text: 'I moved to Lisbon', at: '2024-03-10T09:00:00Z' },
    { speaker: 'Eve', text: 'My sister paints in Porto', at: '2024-03-11T09:00:00Z' },
    { speaker: 'Dana', text: 'We should visit the museum', at: '2024-03-12T09:00:00Z' },
  ];
  await writeFile(transcript, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
});

afterEach(() => {
  server.reset();
  process.env = { ...savedEnv };
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('palimpsest with an OpenAI-compatible embedder and extractor', () => {
  it('ingests through both models, keeps the embedder in the file, and recalls with it', async () => {
    server.fallback = { answer: (r) => (r.path.endsWith('/embeddings') ? embeddingAnswer(r) : chatAnswer(r)) };
    process.env.PALIMPSEST_EMBED_API_KEY = 'sk-embed-test';
    process.env.OPENAI_API_KEY = 'sk-general-test';
    const file = join(dir, 'models.jsonl');
    const flags = ['--embed-url', server.baseURL, '--embed-model', 'emb-small', '--embed-dimensions', '4'];
    const r = await run('ingest', file, transcript, ...flags, '--extract-url', server.baseURL, '--extract-model', 'chat-mini', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ created: true, turns: 3, episodes: 3, facts: 3, models: { embedder: 'openai:emb-small:4', extractor: 'openai-chat:chat-mini' } });
    const chats = server.requests.filter((q) => q.path === '/v1/chat/completions');
    const embeds = server.requests.filter((q) => q.path === '/v1/embeddings');
    expect(chats.length).toBeGreaterThan(0);
    expect(chats.every((q) => q.body['model'] === 'chat-mini' && q.headers.authorization === 'Bearer sk-general-test')).toBe(true);
    expect(embeds.every((q) => q.body['model'] === 'emb-small' && q.headers.authorization === 'Bearer sk-embed-test')).toBe(true);
    expect(embeds.flatMap((q) => q.body['input'] as string[])).toEqual(expect.arrayContaining(['Dana: I moved to Lisbon', 'Lisbon', 'Porto']));
    const { ops } = await readLog(file);
    expect(ops[0]).toMatchObject({ type: 'init', embedder: { id: 'openai:emb-small:4', dimensions: 4 } });
    // the extractor's facts: each speaker mentions the turn's last word (packages/openai/test/answers.ts)
    const mem = MemoryGraph.replay(ops);
    expect(mem.facts({ predicate: 'mentions' }).map((f) => `${f.subject.name} → ${'name' in f.object ? f.object.name : ''}`).sort()).toEqual(['Dana → Lisbon', 'Dana → museum', 'Eve → Porto']);

    // recall embeds the question with the same model
    server.reset();
    server.fallback = { answer: embeddingAnswer };
    const q = await run('recall', file, 'Where did Dana move?', ...flags, '--json');
    expect(q.err).toBe('');
    expect(q.code).toBe(0);
    expect(JSON.parse(q.out).episodes.length).toBeGreaterThan(0);
    expect(server.requests.flatMap((x) => x.body['input'] as string[])).toContain('Where did Dana move?');

    // without the embedder, or with another one, the memory refuses by name
    const bare = await run('recall', file, 'Where did Dana move?');
    expect(bare.code).toBe(1);
    expect(bare.err).toMatch(/^palimpsest: EmbedderMismatchError: .*"openai:emb-small:4"/);
    const other = await run('recall', file, 'Where did Dana move?', '--embed-url', server.baseURL, '--embed-model', 'emb-large', '--embed-dimensions', '4');
    expect(other.code).toBe(1);
    expect(other.err).toMatch(/^palimpsest: EmbedderMismatchError: .*"openai:emb-large:4".*"openai:emb-small:4"|^palimpsest: EmbedderMismatchError: .*"openai:emb-small:4".*"openai:emb-large:4"/);
    const before = await readFile(file);
    const again = await run('ingest', file, transcript, '--embedder', 'hash');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/EmbedderMismatchError/);
    expect(await readFile(file)).toEqual(before);
  });

  it('a failed model call leaves the file as it was and names the turn', async () => {
    const file = join(dir, 'fail.plmp');
    server.fallback = { answer: embeddingAnswer };
    expect((await run('ingest', file, transcript, '--embed-url', server.baseURL, '--embed-model', 'e', '--embed-dimensions', '4')).code).toBe(0);
    const before = await readFile(file);
    server.reset();
    server.fallback = { status: 400, fixture: 'bad-request.json' };
    const r = await run('ingest', file, transcript, '--embed-url', server.baseURL, '--embed-model', 'e', '--embed-dimensions', '4', '--extract-url', server.baseURL, '--extract-model', 'c');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^palimpsest: IngestError: ingest: the extractor failed on turns "turn-4"/);
    expect(await readFile(file)).toEqual(before);
  });
});

describe('model flags', () => {
  it('read endpoints from the environment, the key never from a flag, and refuse incomplete choices by name', async () => {
    expect(Object.keys(MODEL_OPTIONS).some((f) => /key/i.test(f))).toBe(false);
    const env = { PALIMPSEST_EMBED_URL: 'http://127.0.0.1:9/v1', PALIMPSEST_EMBED_MODEL: 'm', PALIMPSEST_EMBED_DIMENSIONS: '8', PALIMPSEST_EXTRACT_URL: 'http://127.0.0.1:9/v1', PALIMPSEST_EXTRACT_MODEL: 'c' };
    const m = await modelsFromFlags({}, env);
    expect(m.embedder?.id).toBe('openai:m:8');
    expect(m.extractor?.id).toBe('openai-chat:c');
    expect((await modelsFromFlags({ 'embed-model': 'n' }, env)).embedder?.id).toBe('openai:n:8');
    expect(await modelsFromFlags({}, {})).toEqual({});
    await expect(modelsFromFlags({ 'embed-url': 'http://127.0.0.1:9/v1' }, {})).rejects.toThrow(/^palimpsest: --embed-dimensions is required with --embedder openai/);
    await expect(modelsFromFlags({ 'embed-url': 'http://127.0.0.1:9/v1', 'embed-dimensions': '4' }, {})).rejects.toThrow(/^palimpsest: --embed-model is required/);
    await expect(modelsFromFlags({ embedder: 'use-lite', 'embed-model': 'x' }, {})).rejects.toThrow(/are for --embedder openai, not use-lite/);
    await expect(modelsFromFlags({ embedder: 'bert' }, {})).rejects.toThrow(InvalidArgumentError);
    await expect(modelsFromFlags({ 'extract-model': 'c' }, {})).rejects.toThrow(/^palimpsest: --extract-url is required/);
    await expect(modelsFromFlags({ 'embed-url': 'http://x/v1', 'embed-model': 'm', 'embed-dimensions': 'eight' }, {})).rejects.toThrow(/--embed-dimensions must be a whole number/);
    const r = await run('recall', join(dir, 'none.jsonl'), 'q', '--embedder', 'bert');
    // A malformed model flag is wrong usage: exit code 2, the message once, then the usage line.
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^palimpsest recall: --embedder must be hash, use-lite or openai, got "bert"\nUsage: palimpsest recall /);
  });

  it('--embedder use-lite gives the offline model (loaded lazily: nothing is embedded here)', async () => {
    const m = await modelsFromFlags({ embedder: 'use-lite' }, {});
    expect(m.embedder?.id).toMatch(/^use-lite-1:@energetic-ai\/model-embeddings-en@0\.2\.0:max-tokens=128$/);
    expect(m.embedder?.dimensions).toBe(512);
  });
});
