import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, IngestError, InvalidArgumentError, MemoryGraph, ingest } from '@palimpsest/core';
import type { Turn } from '@palimpsest/core';
import { ModelRequestError, ModelResponseError, openAIEmbedder, openAIExtractor } from '@palimpsest/openai';
import type { ModelCall } from '@palimpsest/openai';
import { chatAnswer, embeddingAnswer, scriptedAnswers } from './answers.js';
import { fixture, startServer } from './server.js';
import type { TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.reset(), 'replies left unanswered').toBe(0);
});

/** Waits are recorded, not slept. */
function recorder(): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms) };
}

const vectors = (name: string): number[][] =>
  (JSON.parse(fixture(name)) as { data: Array<{ index: number; embedding: number[] }> }).data.sort((a, b) => a.index - b.index).map((d) => d.embedding);

const JAN1 = Date.UTC(2024, 0, 1);

describe('openAIEmbedder', () => {
  it('sends batches of batchSize with the model, dimensions and headers; returns vectors in input order; counts tokens and cost', async () => {
    server.reply({ fixture: 'embeddings-batch-1.json' }, { fixture: 'embeddings-batch-2.json' });
    const calls: ModelCall[] = [];
    const e = openAIEmbedder({
      baseURL: server.baseURL,
      apiKey: 'sk-test',
      headers: { 'x-project': 'palimpsest' },
      model: 'text-embedding-3-small',
      dimensions: 4,
      batchSize: 3,
      prices: { 'text-embedding-3-small': { input: 0.02 } },
      onCall: (c) => calls.push(c),
    });
    expect(e.id).toBe('openai:text-embedding-3-small:4');
    const texts = ['a', 'b', 'c', 'd', 'e'];
    const out = await e.embed(texts);
    expect(out.map((v) => Array.from(v))).toEqual([...vectors('embeddings-batch-1.json'), ...vectors('embeddings-batch-2.json')].map((v) => Array.from(Float32Array.from(v))));
    expect(out.every((v) => v instanceof Float32Array)).toBe(true);
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/v1/embeddings', { model: 'text-embedding-3-small', input: ['a', 'b', 'c'], encoding_format: 'float', dimensions: 4 }],
      ['POST', '/v1/embeddings', { model: 'text-embedding-3-small', input: ['d', 'e'], encoding_format: 'float', dimensions: 4 }],
    ]);
    const h = server.requests[0]!.headers;
    expect([h['authorization'], h['x-project'], h['content-type']]).toEqual(['Bearer sk-test', 'palimpsest', 'application/json']);
    expect(calls.map((c) => [c.items, c.promptTokens, c.totalTokens, c.attempts])).toEqual([
      [3, 12, 12, 1],
      [2, 7, 7, 1],
    ]);
    expect(calls[0]!.cost).toBeCloseTo((12 * 0.02) / 1e6, 15);
    expect(e.usage).toMatchObject({ calls: 2, requests: 2, retries: 0, promptTokens: 19, totalTokens: 19, unpricedCalls: 0 });
    expect(e.usage.cost).toBeCloseTo((19 * 0.02) / 1e6, 15);
  });

  it('without an apiKey sends no Authorization; sendDimensions: false leaves the field out (llama.cpp, Ollama)', async () => {
    server.reply({ fixture: 'embeddings-short.json' });
    const e = openAIEmbedder({ baseURL: server.baseURL + '/', model: 'nomic-embed-text', dimensions: 2, sendDimensions: false });
    await e.embed(['x']);
    expect(server.requests[0]!.headers['authorization']).toBeUndefined();
    expect(server.requests[0]!.body).toEqual({ model: 'nomic-embed-text', input: ['x'], encoding_format: 'float' });
    expect(e.usage.unpricedCalls).toBe(1);
  });

  it('retries a 429 after its Retry-After, and 5xx with exponential backoff and seeded jitter', async () => {
    server.reply(
      { status: 429, fixture: 'rate-limited.json', headers: { 'retry-after': '2' } },
      { status: 500, fixture: 'server-error.json' },
      { status: 503, fixture: 'server-error.json' },
      { status: 429, fixture: 'rate-limited.json', headers: { 'retry-after-ms': '20' } },
      { fixture: 'embeddings-batch-1.json' },
    );
    const { delays, sleep } = recorder();
    const jitter = [0, 0.5];
    const e = openAIEmbedder({ baseURL: server.baseURL, model: 'm', dimensions: 4, retryBaseMs: 100, sleep, random: () => jitter.shift()! });
    const out = await e.embed(['a', 'b', 'c']);
    expect(out).toHaveLength(3);
    // Retry-After 2 s; then 100·2^1·(0.5 + 0.5·0) = 100 and 100·2^2·(0.5 + 0.5·0.5) = 300; then retry-after-ms 20
    expect(delays).toEqual([2000, 100, 300, 20]);
    expect(server.requests).toHaveLength(5);
    expect(new Set(server.requests.map((r) => JSON.stringify(r.body))).size).toBe(1); // the same request each time
    expect(e.usage).toMatchObject({ calls: 1, requests: 5, retries: 4, promptTokens: 12 });
  });

  it('gives up with ModelRequestError (status, attempts) after maxRetries, at once on a 4xx, and when Retry-After is too long', async () => {
    const { delays, sleep } = recorder();
    const e = openAIEmbedder({ baseURL: server.baseURL, model: 'm', dimensions: 4, maxRetries: 2, sleep, random: () => 0 });
    server.fallback = { status: 500, fixture: 'server-error.json' };
    const error = (await e.embed(['a']).catch((x: unknown) => x)) as ModelRequestError;
    expect(error).toBeInstanceOf(ModelRequestError);
    expect([error.name, error.status, error.attempts]).toEqual(['ModelRequestError', 500, 3]);
    expect(error.message).toMatch(/^openAIEmbedder\.embed: http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings: HTTP 500 after 3 attempts: .*The server had an error/);
    expect(server.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);

    server.requests.length = 0;
    server.fallback = { status: 400, fixture: 'bad-request.json' };
    await expect(e.embed(['a'])).rejects.toMatchObject({ name: 'ModelRequestError', status: 400, attempts: 1 });
    expect(server.requests).toHaveLength(1);

    server.fallback = { status: 429, fixture: 'rate-limited.json', headers: { 'retry-after': '3600' } };
    await expect(e.embed(['a'])).rejects.toThrow(/Retry-After asks for 3600000 ms, more than retryMaxMs \(30000\)/);
    expect(e.usage.calls).toBe(0);
  });

  it('refuses malformed JSON and answers of the wrong shape with ModelResponseError', async () => {
    const e = openAIEmbedder({ baseURL: server.baseURL, model: 'm', dimensions: 4 });
    server.reply({ fixture: 'malformed.txt' });
    await expect(e.embed(['a'])).rejects.toThrow(ModelResponseError);
    server.reply({ fixture: 'malformed.txt' });
    await expect(e.embed(['a'])).rejects.toThrow(/answered 200 with malformed JSON/);
    server.reply({ fixture: 'embeddings-short.json' });
    await expect(e.embed(['a'])).rejects.toThrow(/has an embedding of 2 numbers at data\[0\], not 4/);
    server.reply({ fixture: 'embeddings-batch-2.json' });
    await expect(e.embed(['a', 'b', 'c'])).rejects.toThrow(/has 2 embeddings for 3 inputs/);
    expect(e.usage.calls).toBe(0);
  });

  it('aborts a reply slower than timeoutMs, and retries it when allowed', async () => {
    const slow = openAIEmbedder({ baseURL: server.baseURL, model: 'm', dimensions: 4, timeoutMs: 300, maxRetries: 0 });
    server.reply({ fixture: 'embeddings-batch-1.json', delayMs: 3000 });
    const error = (await slow.embed(['a', 'b', 'c']).catch((x: unknown) => x)) as ModelRequestError;
    expect(error).toBeInstanceOf(ModelRequestError);
    expect(error.message).toMatch(/no answer within 300 ms, after 1 attempt$/);
    expect(error.status).toBeUndefined();

    const { delays, sleep } = recorder();
    // the second attempt is answered at once (the limit is generous for a loaded machine)
    const patient = openAIEmbedder({ baseURL: server.baseURL, model: 'm', dimensions: 4, timeoutMs: 1500, maxRetries: 1, sleep });
    server.reply({ fixture: 'embeddings-batch-1.json', delayMs: 6000 }, { fixture: 'embeddings-batch-1.json' });
    expect(await patient.embed(['a', 'b', 'c'])).toHaveLength(3);
    expect(delays).toHaveLength(1);
    expect(patient.usage).toMatchObject({ calls: 1, requests: 2, retries: 1 });
  });

  it('stops with AbortError when the caller aborts mid-request', async () => {
    const e = openAIEmbedder({ baseURL: server.baseURL, model: 'm', dimensions: 4 });
    server.reply({ fixture: 'embeddings-batch-1.json', delayMs: 5000 });
    const controller = new AbortController();
    const pending = e.embed(['a', 'b', 'c'], { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5)); // the server has the request
    controller.abort();
    await expect(pending).rejects.toThrow(AbortError);
  });

  it('refuses bad options by name', () => {
    expect(() => openAIEmbedder({ model: '', dimensions: 4 })).toThrow(/^openAIEmbedder: model must be a non-empty string/);
    expect(() => openAIEmbedder({ model: 'm', dimensions: 0 })).toThrow(InvalidArgumentError);
    expect(() => openAIEmbedder({ model: 'm', dimensions: 4, baseURL: 'ftp://x' })).toThrow(/baseURL must be an http\(s\) URL/);
    expect(() => openAIEmbedder({ model: 'm', dimensions: 4, timeoutMs: -1 })).toThrow(/timeoutMs \(-1\)/);
  });
});

const TURNS: Turn[] = [
  { id: 'D1:1', speaker: 'Alice', text: 'I moved to Lisbon last May and started at Acme.', at: Date.UTC(2024, 5, 3, 10) },
  { id: 'D1:2', speaker: 'Bob', text: "Green, for now. I'm 41.", at: Date.UTC(2024, 5, 3, 10, 1) },
];

describe('openAIExtractor', () => {
  it('asks with a JSON schema for the fact fields, and turns the answer into extractions', async () => {
    server.reply({ fixture: 'chat-extraction.json' });
    const x = openAIExtractor({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'gpt-4o-mini', prices: { 'gpt-4o-mini': { input: 0.15, output: 0.6 } } });
    expect(x.id).toBe('openai-chat:gpt-4o-mini');
    const out = await x.extract(TURNS);
    const body = server.requests[0]!.body as {
      model: string;
      temperature: number;
      response_format: { type: string; json_schema: { strict: boolean; schema: { properties: { turns: { items: { properties: { facts: { items: { required: string[] } } } } } } } } };
      messages: Array<{ role: string; content: string }>;
    };
    expect(server.requests[0]!.path).toBe('/v1/chat/completions');
    expect([body.model, body.temperature, body.response_format.type, body.response_format.json_schema.strict]).toEqual(['gpt-4o-mini', 0, 'json_schema', true]);
    expect(body.response_format.json_schema.schema.properties.turns.items.properties.facts.items.required).toEqual(
      expect.arrayContaining(['subject', 'predicate', 'object', 'valid_from', 'valid_to', 'confidence', 'evidence']),
    );
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.parse(body.messages[1]!.content)).toEqual({
      turns: [
        { turn_id: 'D1:1', speaker: 'Alice', said_at: '2024-06-03T10:00:00.000Z', text: TURNS[0]!.text },
        { turn_id: 'D1:2', speaker: 'Bob', said_at: '2024-06-03T10:01:00.000Z', text: TURNS[1]!.text },
      ],
    });
    expect(out).toEqual([
      {
        entities: [{ name: 'Alice', type: 'person' }, { name: 'Lisbon', type: 'place' }, { name: 'Acme' }],
        facts: [
          { subject: 'Alice', predicate: 'lives_in', object: 'Lisbon', validFrom: Date.UTC(2024, 4, 1), confidence: 0.95, evidence: 'I moved to Lisbon last May' },
          { subject: 'Alice', predicate: 'works_at', object: 'Acme', confidence: 1, evidence: 'started at Acme' },
        ],
        // the default ontology's one-at-a-time predicates the facts use, declared by ingest on first use
        predicates: { lives_in: { cardinality: 'one' }, works_at: { cardinality: 'one' } },
      },
      {
        entities: [{ name: 'Bob', type: 'person' }],
        facts: [{ subject: 'Bob', predicate: 'age', object: { value: '41' }, confidence: 0.9, evidence: "I'm 41" }],
      },
    ]);
    // "sometime" is no date; valid_to before the turn's time is no interval
    expect(x.dropped.facts).toBe(2);
    expect(x.usage).toMatchObject({ calls: 1, promptTokens: 412, completionTokens: 188, totalTokens: 600 });
    expect(x.usage.cost).toBeCloseTo((412 * 0.15 + 188 * 0.6) / 1e6, 15);
  });

  it('carries the dependencies the model states, by position among the facts it kept, into ingest', async () => {
    const at = Date.UTC(2024, 0, 10);
    const fact = (subject: string, predicate: string, object: string, depends_on: unknown, valid_from: string | null = null) =>
      ({ subject, predicate, object, object_is_entity: true, valid_from, valid_to: null, confidence: 0.9, evidence: 'x', depends_on });
    const answer = {
      turns: [
        {
          turn_id: 't1',
          entities: [],
          facts: [
            fact('Maya', 'visited', 'Oslo', [], 'sometime'), // dropped: no date
            fact('Maya', 'lives_in', 'Boston', []),
            fact('Maya', 'takes', 'bus', [1, 2, 0, 9, 1.5]), // itself, a dropped fact, out of range and no integer are left out
          ],
        },
      ],
    };
    server.reply({ answer: () => ({ choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer), refusal: null }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }) });
    const x = openAIExtractor({ baseURL: server.baseURL, model: 'm' });
    const turn = { id: 't1', speaker: 'Maya', text: 'I take the bus because I live in Boston.', at };
    const [out] = await x.extract([turn]);
    expect(out!.facts.map((f) => [f.predicate, f.dependsOn])).toEqual([
      ['lives_in', undefined],
      ['takes', [{ index: 0 }]],
    ]);
    const body = server.requests.at(-1)!.body as { response_format: { json_schema: { schema: { properties: { turns: { items: { properties: { facts: { items: { required: string[] } } } } } } } } } };
    expect(body.response_format.json_schema.schema.properties.turns.items.properties.facts.items.required).toContain('depends_on');
    let now = at;
    const mem = new MemoryGraph({ now: () => now, predicates: { lives_in: { cardinality: 'one' } } });
    server.reply({ answer: () => ({ choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer), refusal: null }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }) });
    await ingest(mem, [{ ...turn, recordedAt: at }], { extractor: x });
    now += 86_400_000;
    mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Denver' });
    expect(mem.facts({ supported: false }).map((f) => f.predicate)).toEqual(['takes']);
    expect(mem.facts({ supported: true, knownAt: at, validAt: at }).map((f) => f.predicate).sort()).toEqual(['lives_in', 'takes']);
  });

  it('asks turnsPerRequest turns per request', async () => {
    server.fallback = { answer: (r) => chatAnswer(r) };
    const x = openAIExtractor({ baseURL: server.baseURL, model: 'm', turnsPerRequest: 2 });
    const turns = [1, 2, 3, 4, 5].map((i) => ({ id: `t${i}`, text: `turn ${i}`, at: JAN1 + i }));
    const out = await x.extract(turns);
    expect(out).toHaveLength(5);
    expect(server.requests.map((r) => (JSON.parse((r.body.messages as Array<{ content: string }>)[1]!.content) as { turns: Array<{ turn_id: string }> }).turns.map((t) => t.turn_id))).toEqual([
      ['t1', 't2'],
      ['t3', 't4'],
      ['t5'],
    ]);
  });

  it('carries the endings, corrections and stated rules the model states into ingest, right about time', async () => {
    const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
    const fact = (subject: string, predicate: string, object: string, valid_from: string | null = null) =>
      ({ subject, predicate, object, object_is_entity: true, valid_from, valid_to: null, confidence: 0.9, evidence: 'x', depends_on: [], one_at_a_time: predicate !== 'likes' });
    const ending = (subject: string, predicate: string, object: string | null, ended_at: string | null, never_held = false) =>
      ({ subject, predicate, object, object_is_entity: true, ended_at, never_held, evidence: 'y' });
    const answers: Array<Record<string, unknown>> = [
      { facts: [fact('Maya', 'lives_in', 'Boston'), fact('Maya', 'works_at', 'Acme Corp'), fact('Maya', 'team_lead', 'Sara Kim'), fact('Maya', 'weekly_report', 'Sara Kim'), fact('Maya', 'likes', 'jazz'), fact('Maya', 'likes', 'tea')] },
      // a move the model reads, and a rule: when the team lead changes, the report goes to James Lee
      { facts: [fact('Maya', 'lives_in', 'Denver', '2024-02-25')], rules: [{ premise_subject: 'Maya', premise_predicate: 'team_lead', premise_object: null, dependent_subject: 'Maya', dependent_predicate: 'weekly_report', object: 'James Lee', object_is_entity: true, evidence: 'z' }] },
      // "I left Acme Corp on Friday"; a broken item (no date) is dropped and counted
      { facts: [], retractions: [ending('Maya', 'works_at', 'Acme Corp', '2024-04-05'), ending('Maya', 'works_at', null, 'someday')] },
      // "I misspoke: I never lived in Denver, I moved to Austin in late February", and a new team lead
      { facts: [fact('Maya', 'lives_in', 'Austin', '2024-02-25'), fact('Maya', 'team_lead', 'Omar')], retractions: [ending('Maya', 'lives_in', 'Denver', null, true)] },
    ];
    const said = ['2024-01-10', '2024-03-01', '2024-04-08', '2024-05-02'].map(day);
    server.fallback = { answer: scriptedAnswers(answers) };
    const x = openAIExtractor({ baseURL: server.baseURL, model: 'm', turnsPerRequest: 1 });
    let now = said[0]!;
    const mem = new MemoryGraph({ now: () => now }); // no predicates declared by the caller
    const lives = (validAt: number, knownAt = now) => mem.facts({ subject: 'Maya', predicate: 'lives_in', validAt, knownAt }).map((f) => ('name' in f.object ? f.object.name : ''));
    for (const [i, at] of said.entries()) {
      now = at;
      await ingest(mem, [{ id: `t${i}`, speaker: 'Maya', text: `turn ${i}`, at, recordedAt: at }], { extractor: x });
    }
    expect(x.dropped).toEqual({ facts: 0, retractions: 1, rules: 0 });
    // the move superseded Boston from the move's own time; the correction took Denver back at its record time
    expect(lives(day('2024-03-10'), said[1]!)).toEqual(['Denver']);
    expect(lives(day('2024-03-10'))).toEqual(['Austin']);
    expect(lives(day('2024-02-01'))).toEqual(['Boston']);
    expect(mem.facts({ subject: 'Maya', predicate: 'lives_in', object: 'Denver', knownAt: now })).toEqual([]);
    // the job ended at the time the turn named, and was believed open before it was said
    expect(mem.facts({ subject: 'Maya', predicate: 'works_at', validAt: day('2024-04-06') })).toEqual([]);
    expect(mem.facts({ subject: 'Maya', predicate: 'works_at', validAt: day('2024-04-06'), knownAt: said[1]! })).toHaveLength(1);
    // the rule replaced the report's recipient when the new lead was named
    expect(mem.facts({ subject: 'Maya', predicate: 'weekly_report', validAt: now }).map((f) => ('name' in f.object ? f.object.name : ''))).toEqual(['James Lee']);
    // what the model marked one at a time was declared so; what it did not, holds several
    expect(mem.facts({ subject: 'Maya', predicate: 'team_lead' }).map((f) => ('name' in f.object ? f.object.name : ''))).toEqual(['Omar']);
    expect(mem.facts({ subject: 'Maya', predicate: 'likes' })).toHaveLength(2);
    const body = server.requests.at(-1)!.body as { response_format: { json_schema: { schema: unknown } }; messages: Array<{ content: string }> };
    expect(body.messages[0]!.content).toContain('retractions:');
    // a strict JSON schema: every object closed, every property required
    const strictness = (node: unknown, path: string): string[] => {
      if (node === null || typeof node !== 'object') return [];
      const n = node as { type?: unknown; properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown; items?: unknown };
      const own = n.type === 'object' && (n.additionalProperties !== false || JSON.stringify([...(n.required ?? [])].sort()) !== JSON.stringify(Object.keys(n.properties ?? {}).sort())) ? [path] : [];
      return [...own, ...Object.entries(n.properties ?? {}).flatMap(([k, v]) => strictness(v, `${path}.${k}`)), ...strictness(n.items, `${path}[]`)];
    };
    expect(strictness(body.response_format.json_schema.schema, 'schema')).toEqual([]);
  });

  it("carries a job the model marks alongside into ingest: it closes none, and an ending closes only the one it names", async () => {
    const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
    const job = (object: string, alongside?: boolean) => ({
      subject: 'Maya', predicate: 'works_at', object, object_is_entity: true, valid_from: null, valid_to: null, confidence: 0.9, evidence: 'x', depends_on: [], one_at_a_time: true,
      ...(alongside === undefined ? {} : { alongside }),
    });
    const answers: Array<Record<string, unknown>> = [
      { facts: [job('Acme', false)] },
      // "I got a second job at Kumon"; an older answer without the field is an ordinary job
      { facts: [job('Kumon', true)] },
      // "I quit Kumon"
      { facts: [], retractions: [{ subject: 'Maya', predicate: 'works_at', object: 'Kumon', object_is_entity: true, ended_at: null, never_held: false, evidence: 'y' }] },
      { facts: [job('Globex')] },
    ];
    server.fallback = { answer: scriptedAnswers(answers) };
    const x = openAIExtractor({ baseURL: server.baseURL, model: 'm', turnsPerRequest: 1 });
    const said = ['2024-01-10', '2024-02-01', '2024-03-01', '2024-04-01'].map(day);
    let now = said[0]!;
    const mem = new MemoryGraph({ now: () => now });
    const jobs = (validAt: number, knownAt = now) => mem.facts({ subject: 'Maya', predicate: 'works_at', validAt, knownAt }).map((f) => ('name' in f.object ? f.object.name : '')).sort();
    for (const [i, at] of said.entries()) {
      now = at;
      await ingest(mem, [{ id: `t${i}`, speaker: 'Maya', text: `turn ${i}`, at, recordedAt: at }], { extractor: x });
      if (i === 1) expect(jobs(now)).toEqual(['Acme', 'Kumon']);
      if (i === 2) expect(jobs(now)).toEqual(['Acme']);
    }
    expect(jobs(now)).toEqual(['Globex']);
    expect(jobs(day('2024-02-15'))).toEqual(['Acme', 'Kumon']);
    const schema = (server.requests.at(-1)!.body as { response_format: { json_schema: { schema: unknown } } }).response_format.json_schema.schema;
    expect(JSON.stringify(schema)).toContain('"alongside"');
  });

  it('refuses a missing turn, a refusal, a truncated answer and malformed JSON with ModelResponseError', async () => {
    const x = openAIExtractor({ baseURL: server.baseURL, model: 'm' });
    for (const [name, re] of [
      ['chat-missing-turn.json', /has nothing for turn "D1:2"/],
      ['chat-refusal.json', /is a refusal: I'm sorry/],
      ['chat-truncated.json', /cut off at the token limit/],
      ['malformed.txt', /malformed JSON/],
    ] as const) {
      server.reply({ fixture: name });
      const error = await x.extract(TURNS).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(ModelResponseError);
      expect((error as Error).message, name).toMatch(re);
    }
  });
});

describe('the adapters under ingest', () => {
  const turns = Array.from({ length: 6 }, (_, i) => ({ id: `D1:${i + 1}`, speaker: i % 2 ? 'Bob' : 'Alice', text: `We talked about topic${i + 1}`, at: JAN1 + i * 60_000 }));

  it('ingests through both adapters; a server failure on a later batch writes nothing of it', async () => {
    let t = JAN1 + 1e9;
    const now = () => ++t;
    const mem = new MemoryGraph({ now, embedder: openAIEmbedder({ baseURL: server.baseURL, model: 'e', dimensions: 4 }) });
    const extractor = openAIExtractor({ baseURL: server.baseURL, model: 'c', maxRetries: 0 });
    // batches of two turns, one at a time: chat, embeddings, chat, embeddings, then the third chat fails for good
    server.reply(
      { answer: chatAnswer },
      { answer: embeddingAnswer },
      { answer: chatAnswer },
      { answer: embeddingAnswer },
      { status: 500, fixture: 'server-error.json' },
    );
    const error = await ingest(mem, turns, { extractor, batchSize: 2, concurrency: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).turnId).toBe('D1:5');
    expect((error as IngestError).cause).toBeInstanceOf(ModelRequestError);
    expect(mem.log().flatMap((op) => (op.type === 'episode' ? [op.id] : []))).toEqual(['D1:1', 'D1:2', 'D1:3', 'D1:4']);
    expect(mem.getEntity('topic5')).toBeUndefined();
    expect(mem.facts({ subject: 'Alice' }).map((f) => ('name' in f.object ? f.object.name : ''))).toEqual(['topic1', 'topic3']);

    // resume: the same call again asks only about the turns not written
    server.requests.length = 0;
    server.fallback = { answer: (r) => (r.path.endsWith('/embeddings') ? embeddingAnswer(r) : chatAnswer(r)) };
    const summary = await ingest(mem, turns, { extractor, batchSize: 2 });
    expect(summary).toMatchObject({ written: 2, skipped: 4 });
    const asked = server.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(asked).toHaveLength(1);
    const r = await mem.recallAsync('topic6', { k: 3 });
    expect(r.episodes.map((e) => e.id)).toContain('D1:6');
  });
});
