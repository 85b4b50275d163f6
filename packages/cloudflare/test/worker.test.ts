/**
 * The bundled Worker in workerd (miniflare, 127.0.0.1, no account): memories side by side, bad input,
 * the size limit, MCP over Streamable HTTP, a runtime restart on persisted storage and R2 folders giving
 * identical reads, and an R2 snapshot loading in Node with @palimpsest/persist. Needs `npm run build`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { decodeSnapshot, factJson } from '@palimpsest/persist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config.js';
import { OPS_TO_SNAPSHOT, PEAK_BUDGET_BYTES, PEAK_MARGIN, PEAK_PER_STORED_BYTE, PEAK_PER_TEXT_BYTE, peakEstimate } from '../src/memory-budget.js';
import { AUTH, ok, post, startWorker } from './worker-client.js';
import type { Local } from './worker-client.js';

/** A memory with history: moves, a retraction, turns (about 40 operations). */
async function fill(base: string, id: string, who: string): Promise<void> {
  const m = `/memories/${id}`;
  await ok(base, `${m}/remember`, { text: `${who} moved to Lisbon and works at Acme.`, at: '2021-02-01', speaker: 'user' });
  await ok(base, `${m}/assert`, { subject: who, predicate: 'works_at', object: 'Acme', validFrom: '2021-02-01' });
  await ok(base, `${m}/assert`, { subject: who, predicate: 'lives_in', object: 'Lisbon', validFrom: '2021-02-01', validTo: '2023-05-01' });
  await ok(base, `${m}/assert`, { subject: who, predicate: 'lives_in', object: 'Porto', validFrom: '2023-05-01' });
  for (let i = 0; i < 6; i++) {
    await ok(base, `${m}/remember`, { text: `${who} read the book number ${i} about sailing with Bea.`, at: `2022-0${i + 1}-10` });
    await ok(base, `${m}/assert`, { subject: who, predicate: 'likes', object: `book ${i}`, validFrom: `2022-0${i + 1}-10` });
  }
  await ok(base, `${m}/retract`, { subject: who, predicate: 'likes', object: 'book 2', validFrom: '2022-09-01' });
  await ok(base, `${m}/assert`, { subject: who, predicate: 'age', value: 41, validFrom: '2024-01-01' });
}

/** Everything a restart must give back exactly. */
async function readAll(base: string, id: string, who: string): Promise<unknown> {
  const m = `/memories/${id}`;
  return {
    now: await ok(base, `${m}/facts`, { limit: 10000, knownAt: '2030-01-01', validAt: '2025-01-01' }),
    past: await ok(base, `${m}/facts`, { validAt: '2021-06-01', knownAt: '2030-01-01', limit: 10000 }),
    history: await ok(base, `${m}/history`, { subject: who, limit: 10000 }),
    changes: await ok(base, `${m}/changes`, { since: '2020-01-01', until: '2030-01-01', axis: 'valid', knownAt: '2030-01-01' }),
    recall: await ok(base, `${m}/recall`, { question: `Where does ${who} live and what does ${who} like?`, validAt: '2024-06-01', knownAt: '2030-01-01' }),
  };
}

/** The size headers every answer carries. */
async function size(base: string, id: string): Promise<{ stored: number; pending: number; max: number; projected: number; budget: number }> {
  const r = await fetch(`${base}/memories/${id}/facts`, { method: 'POST', headers: AUTH, body: '{}' });
  await r.arrayBuffer();
  const header = (name: string) => Number(r.headers.get(`x-palimpsest-${name}`));
  return { stored: header('stored-bytes'), pending: header('pending-operations'), max: header('max-memory-bytes'), projected: header('projected-peak-bytes'), budget: header('peak-budget-bytes') };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the Worker in workerd', () => {
  let local: Local;
  beforeAll(async () => {
    local = (await startWorker({ vars: { SNAPSHOT_EVERY_OPS: '10', MAX_MEMORY_BYTES: '60000', MAX_REQUEST_BYTES: '4096' } }));
  });
  afterAll(async () => {
    await local?.mf.dispose();
  });

  it('keeps memories side by side, each seeing only its own', async () => {
    await Promise.all([fill(local.url, 'alice', 'Alice'), fill(local.url, 'bob', 'Bob')]);
    const a = await ok(local.url, '/memories/alice/facts', { limit: 1000, validAt: '2025-01-01' });
    const b = await ok(local.url, '/memories/bob/facts', { limit: 1000, validAt: '2025-01-01' });
    expect(a.total).toBeGreaterThan(5);
    expect(a.facts.every((f: any) => f.subject === 'Alice' || f.subject !== 'Bob')).toBe(true);
    expect(b.facts.some((f: any) => f.subject === 'Bob' && f.predicate === 'lives_in' && f.object === 'Porto')).toBe(true);
    expect(b.facts.some((f: any) => f.subject === 'Alice')).toBe(false);
    expect((await ok(local.url, '/memories/carol/facts', {})).total).toBe(0);
    // A call naming another memory is refused, not served from this one.
    const other = await post(local.url, '/memories/alice/facts', { memory: 'bob' });
    expect(other.status).toBe(400);
    expect(other.json.message).toMatch(/^facts: this endpoint serves memory "alice" only/);
  });

  it('answers bad input with 4xx and the named error, changing nothing', async () => {
    const before = await ok(local.url, '/memories/alice/history', { subject: 'Alice', limit: 1000 });
    const cases: Array<[string, unknown, number, string, RegExp]> = [
      ['/memories/alice/assert', { subject: 'Alice', predicate: 'likes' }, 400, 'InvalidArgumentError', /^assert_fact: give an object/],
      ['/memories/alice/assert', { subject: 'Alice', predicate: 'likes', object: 'x', validFrom: '2024-01-01', validTo: '2020-01-01' }, 400, 'InvalidArgumentError', /^MemoryGraph\.assert: /],
      ['/memories/alice/facts', { subject: 'Alice', colour: 'red' }, 400, 'InvalidArgumentError', /^facts: unknown argument "colour"; the arguments are subject, /],
      ['/memories/alice/recall', { question: '' }, 400, 'InvalidArgumentError', /^recall: question: /],
      ['/memories/alice/erase', {}, 404, 'NotFoundError', /^erase: no such route/],
      ['/memories/-x/facts', {}, 400, 'InvalidArgumentError', /^facts: memory "-x" must be/],
      ['/elsewhere', {}, 404, 'NotFoundError', /^palimpsest: the routes are/],
      ['/memories/alice/remember', { text: 'x'.repeat(5000) }, 413, 'InvalidArgumentError', /^remember: the request body \(\d+ bytes\) is larger than the limit of 4096 bytes/],
    ];
    for (const [path, body, status, name, message] of cases) {
      const r = await post(local.url, path, body);
      expect([path, r.status, r.json.error]).toEqual([path, status, name]);
      expect(r.json.message).toMatch(message);
    }
    const notJson = await fetch(`${local.url}/memories/alice/facts`, { method: 'POST', headers: AUTH, body: '{nope' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as any).message).toBe('facts: the body is not JSON');
    const get = await fetch(`${local.url}/memories/alice/facts`, { headers: AUTH });
    expect(get.status).toBe(405);
    expect(await ok(local.url, '/memories/alice/history', { subject: 'Alice', limit: 1000 })).toEqual(before);
  });

  it('refuses writes past MAX_MEMORY_BYTES by name and keeps serving reads', async () => {
    const turn = (i: number) => ({ text: `Dana noted item ${i}: ${'a long line of notes about the garden and the boat '.repeat(6)}`, at: '2024-03-01' });
    let refused: { status: number; json: any } | undefined;
    let accepted = 0;
    for (let i = 0; i < 400 && refused === undefined; i++) {
      const r = await post(local.url, '/memories/dana/remember', turn(i));
      if (r.status === 200) accepted++;
      else refused = r;
    }
    expect(accepted).toBeGreaterThan(10);
    expect(refused?.status).toBe(413);
    expect(refused?.json.error).toBe('MemoryLimitError');
    expect(refused?.json.message).toMatch(/^remember: memory "dana" holds \d+ bytes; this write \(\d+ bytes\) would pass its limit of 60000 bytes/);
    // Reads go on; the refused write changed nothing, and the same write is refused again.
    const read = async () => ({
      recall: await ok(local.url, '/memories/dana/recall', { question: 'garden', knownAt: '2030-01-01' }),
      changes: await ok(local.url, '/memories/dana/changes', { since: '2020-01-01', until: '2030-01-01' }),
    });
    const before = await read();
    expect(before.recall.episodes.length).toBeGreaterThan(0);
    const again = await post(local.url, '/memories/dana/remember', turn(999));
    expect([again.status, again.json.error]).toEqual([413, 'MemoryLimitError']);
    expect(await read()).toEqual(before);
  });

  it('refuses an MCP write that would pass the limit whole, and names the limit on every answer', async () => {
    const sizeOf = async () => {
      const r = await post(local.url, '/memories/ivy/facts', {});
      return { stored: Number(r.headers.get('x-palimpsest-stored-bytes')), max: r.headers.get('x-palimpsest-max-memory-bytes'), pending: r.headers.get('x-palimpsest-pending-operations') };
    };
    const line = (i: number) => `Ivy wrote down plant ${i}: ${'notes on soil, light and water for the greenhouse '.repeat(4)}`;
    // Filled by single turns until a 3-turn call (about 1.2 KB of body) is more than is left.
    for (let i = 0; (await sizeOf()).stored <= 60000 - 1500; i++) await ok(local.url, '/memories/ivy/remember', { text: line(i), at: '2024-04-01' });
    const before = { size: await sizeOf(), facts: await ok(local.url, '/memories/ivy/facts', { limit: 1000 }) };
    expect(before.size.max).toBe('60000');
    const client = new Client({ name: 'palimpsest-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${local.url}/memories/ivy/mcp`), { requestInit: { headers: AUTH } }));
    const turns = [0, 1, 2].map((i) => ({ id: `late-${i}`, text: `Ivy planted a lemon tree number ${i} in the greenhouse.`, at: '2024-05-01' }));
    const refused = (await client.callTool({ name: 'remember_many', arguments: { turns } })) as any;
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/^MemoryLimitError: remember_many: memory "ivy" holds \d+ bytes; this write \(\d+ bytes\) would pass its limit of 60000 bytes \(MAX_MEMORY_BYTES; /);
    // None of the three turns was kept: no episode, no fact, no stored byte or operation.
    for (const t of turns) {
      const episode = (await client.callTool({ name: 'get_episodes', arguments: { episodeIds: [t.id] } })) as any;
      expect([episode.isError, episode.content[0].text]).toEqual([true, expect.stringMatching(/^NotFoundError: /)]);
    }
    await client.close();
    expect({ size: await sizeOf(), facts: await ok(local.url, '/memories/ivy/facts', { limit: 1000 }) }).toEqual(before);
  });

  it('serves the MCP tools over Streamable HTTP, bound to the memory in the path', async () => {
    const client = new Client({ name: 'palimpsest-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${local.url}/memories/erin/mcp`), { requestInit: { headers: AUTH } }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'assert_fact', 'changes', 'define_predicate', 'delete_memory', 'facts', 'forget', 'get_episodes', 'history', 'list_memories', 'merge_entities',
      'recall', 'remember', 'remember_many', 'retract_fact', 'search_entities',
    ]);
    expect(client.getInstructions()).toMatch(/remember/);
    // Reads of a memory nothing was written to create nothing: the list stays empty.
    expect(((await client.callTool({ name: 'list_memories', arguments: {} })) as any).structuredContent.memories).toEqual([]);
    // A misspelt argument is a tool error naming it, not a read at another time.
    const misspelt = (await client.callTool({ name: 'facts', arguments: { subject: 'Erin', valid_at: '2020-01-01' } })) as any;
    expect(misspelt.isError).toBe(true);
    expect(misspelt.content[0].text).toMatch(/facts: unknown argument "valid_at"/);
    const added = (await client.callTool({ name: 'assert_fact', arguments: { subject: 'Erin', predicate: 'works_at', object: 'Globex' } })) as any;
    expect(added.isError).toBeFalsy();
    expect(added.structuredContent.status).toBe('added');
    const bad = (await client.callTool({ name: 'retract_fact', arguments: { subject: 'Erin', predicate: 'works_at', validFrom: 'soon' } })) as any;
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toMatch(/^InvalidArgumentError: /);
    expect(((await client.callTool({ name: 'list_memories', arguments: {} })) as any).structuredContent.memories).toEqual(['erin']);
    await client.close();
    const viaJson = await ok(local.url, '/memories/erin/facts', {});
    expect(viaJson.facts.map((f: any) => [f.subject, f.predicate, f.object])).toEqual([['Erin', 'works_at', 'Globex']]);
  });
});

describe('a misconfigured deployment', () => {
  it('answers 500 naming the malformed var, for every route', async () => {
    const local = (await startWorker({ vars: { MAX_MEMORY_BYTES: '12MB' } }));
    try {
      const r = await post(local.url, '/memories/alice/facts', {});
      expect(r.status).toBe(500);
      expect(r.json).toEqual({ error: 'InvalidArgumentError', message: 'MemoryObject: MAX_MEMORY_BYTES must be a whole number ≥ 1, got "12MB"' });
    } finally {
      await local.mf.dispose();
    }
  });
});

describe('persisted storage and R2', () => {
  it("counts a memory's text in its projected peak (two bytes a character past Latin-1), the same after a restart", async () => {
    const persistDir = join(dir, 'projection');
    let local = await startWorker({ persistDir });
    const turns = [
      { text: `Hal wrote down the whole recipe: ${'flour, butter, sugar and a pinch of salt; '.repeat(600)}`, at: '2024-03-01' },
      { text: `Hal paid 12 € for the ingredients, ${'then mixed, rested and baked the dough twice over; '.repeat(300)}`, at: '2024-03-02' },
    ];
    const textBytes = turns[0]!.text.length + 2 * turns[1]!.text.length;
    let before: Awaited<ReturnType<typeof size>>;
    try {
      await ok(local.url, '/memories/hal/assert', { subject: 'Hal', predicate: 'likes', object: 'baking', validFrom: '2024-01-01' });
      const start = await size(local.url, 'hal');
      for (const t of turns) await ok(local.url, '/memories/hal/remember', t);
      before = await size(local.url, 'hal');
      expect(before.pending).toBeGreaterThan(start.pending); // no snapshot in between: stored bytes are operation JSON
      // what the stored bytes add, and what the text adds on top (headers are whole bytes, rounded up)
      const fromStored = (before.stored - start.stored) * OPS_TO_SNAPSHOT * PEAK_PER_STORED_BYTE * PEAK_MARGIN;
      expect(before.projected - start.projected - fromStored).toBeCloseTo(textBytes * PEAK_PER_TEXT_BYTE * PEAK_MARGIN, -1);
      expect(before.projected).toBe(Math.ceil(peakEstimate(before.stored * OPS_TO_SNAPSHOT, textBytes)));
      expect(before.budget).toBe(PEAK_BUDGET_BYTES);
    } finally {
      await local.mf.dispose();
    }
    local = await startWorker({ persistDir });
    try {
      expect(await size(local.url, 'hal')).toEqual(before);
    } finally {
      await local.mf.dispose();
    }
  });

  it('gives identical reads after a runtime restart, prunes covered operations and old snapshots', async () => {
    const vars = { SNAPSHOT_EVERY_OPS: '7', KEEP_SNAPSHOTS: '2' };
    let local = (await startWorker({ persistDir: dir, vars }));
    let before: unknown;
    let keys: string[];
    let sizeBefore: Awaited<ReturnType<typeof size>>;
    try {
      await fill(local.url, 'fay', 'Fay');
      await fill(local.url, 'gus', 'Gus');
      before = { fay: await readAll(local.url, 'fay', 'Fay'), gus: await readAll(local.url, 'gus', 'Gus') };
      sizeBefore = await size(local.url, 'fay');
      const bucket = await local.mf.getR2Bucket('SNAPSHOTS');
      keys = ((await bucket.list({ prefix: 'memories/fay/' })).objects as Array<{ key: string }>).map((o) => o.key);
    } finally {
      await local.mf.dispose();
    }
    // Snapshots were taken (the memory has ~40 operations, one every 7), and only the newest two kept; the
    // operations they cover were dropped from storage, and some are left after the latest one, so the
    // restart below replays a tail on top of a snapshot.
    expect(keys).toHaveLength(2);
    expect(sizeBefore.pending).toBeGreaterThan(0);
    expect(sizeBefore.pending).toBeLessThan(7 + 6);
    expect(sizeBefore.max).toBe(DEFAULT_LIMITS.maxMemoryBytes); // MAX_MEMORY_BYTES unset: the default is in force
    expect(keys.every((k) => /^memories\/fay\/snapshot-\d{12}\.plmp$/.test(k))).toBe(true);

    local = (await startWorker({ persistDir: dir, vars }));
    try {
      const after = { fay: await readAll(local.url, 'fay', 'Fay'), gus: await readAll(local.url, 'gus', 'Gus') };
      expect(after).toEqual(before);
      expect(await size(local.url, 'fay')).toEqual(sizeBefore);
      // And it takes writes where it left off.
      await ok(local.url, '/memories/fay/assert', { subject: 'Fay', predicate: 'likes', object: 'tea', validFrom: '2024-02-01' });
      const h = await ok(local.url, '/memories/fay/history', { subject: 'Fay', predicate: 'likes', limit: 100 });
      expect(h.facts.some((f: any) => f.object === 'tea')).toBe(true);
    } finally {
      await local.mf.dispose();
    }
  });

  it('writes snapshots that load in Node with @palimpsest/persist', async () => {
    // A snapshot after every operation: the newest one holds the whole memory.
    const local = (await startWorker({ vars: { SNAPSHOT_EVERY_OPS: '1' } }));
    try {
      await fill(local.url, 'hal', 'Hal');
      const bucket = await local.mf.getR2Bucket('SNAPSHOTS');
      const listed = (await bucket.list({ prefix: 'memories/hal/' })).objects as Array<{ key: string; customMetadata?: Record<string, string> }>;
      const newest = listed.map((o) => o.key).sort().at(-1)!;
      const object = await bucket.get(newest);
      const bytes = new Uint8Array(await object.arrayBuffer());
      const mem = decodeSnapshot(bytes);
      expect(newest).toBe(`memories/hal/snapshot-${String(mem.size.operations).padStart(12, '0')}.plmp`);
      const cut = { validAt: '2025-01-01', knownAt: '2030-01-01' };
      const inWorker = await ok(local.url, '/memories/hal/facts', { ...cut, limit: 10000 });
      // The Worker answers compactly (short times, rounded numbers): compare what each fact says.
      const said = (f: any) => [f.id, f.subject, f.predicate, f.object, ...['validFrom', 'validTo', 'recordedAt', 'invalidAt'].map((k) => (f[k] == null ? null : Date.parse(f[k]))), Math.round(f.confidence * 1000)];
      expect(mem.facts(cut).map(factJson).map(said)).toEqual(inWorker.facts.map(said));
      const history = (await ok(local.url, '/memories/hal/history', { subject: 'Hal', limit: 10000 })).facts;
      expect(mem.history({ subject: 'Hal' }).map(factJson).map(said)).toEqual(history.map(said));
    } finally {
      await local.mf.dispose();
    }
  });
});
