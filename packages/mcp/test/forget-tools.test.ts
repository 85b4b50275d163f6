/**
 * The tools `forget` and `delete_memory` through the MCP SDK's client (in-process transport, the server
 * createMcpServer builds): a seeded suite of memories × every scope with no byte of the secret left in the
 * memory's folder or in any tool's answer, the destructive hint, refusals, and deleting a whole memory.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '@palimpsest/core/internal';
import { createMcpServer } from '../src/server.js';
import { MemoryShelf } from '../src/store.js';
import { leaks } from './leaks.js';

// PALIMPSEST_FORGET_MEMORIES=200 runs the full size of the leak goal.
const MEMORIES = Number(process.env.PALIMPSEST_FORGET_MEMORIES ?? 50);
const PEOPLE = ['Maria', 'Tom', 'Alice', 'Bob', 'Priya', 'Kenji'];
const PLACES = ['Paris', 'Lyon', 'Berlin', 'Oslo'];

let dataDir: string;
let shelf: MemoryShelf;
let client: Client;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'plmp-forget-mcp-'));
  shelf = new MemoryShelf(dataDir);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createMcpServer(shelf).connect(a);
  client = new Client({ name: 'forget-test', version: '0.0.0' });
  await client.connect(b);
});
afterAll(async () => {
  await client.close();
  await shelf.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>): Promise<{ isError?: boolean; text: string; data: any }> {
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text: string }>; structuredContent?: unknown };
  return { ...(r.isError ? { isError: true } : {}), text: r.content[0]!.text, data: r.structuredContent };
}
async function ok(name: string, args: Record<string, unknown>): Promise<any> {
  const r = await call(name, args);
  if (r.isError) throw new Error(`${name}: ${r.text}`);
  return r.data;
}

function word(rand: () => number): string {
  let w = '';
  for (let i = 0; i < 4; i++) w += 'bdfgklmnprstvz'[Math.floor(rand() * 14)]! + 'aeiou'[Math.floor(rand() * 5)]!;
  return w[0]!.toUpperCase() + w.slice(1) + 'q';
}

/** Everything a client can read of a memory through the tools. */
async function toolReads(memory: string, names: string[]): Promise<string> {
  const out: unknown[] = [await ok('facts', { memory, limit: 10000 }), await ok('recall', { memory, question: 'neighbour safe code', k: 50 })];
  out.push(await ok('changes', { memory, since: '2000-01-01', limit: 10000 }));
  for (const n of names) out.push(await call('history', { memory, subject: n }));
  return JSON.stringify(out);
}

async function folderBytes(memory: string): Promise<Buffer> {
  const dir = join(dataDir, memory);
  return Buffer.concat(await Promise.all((await readdir(dir)).map((n) => readFile(join(dir, n)))));
}

describe('MCP forget and delete_memory', () => {
  it('are listed with the destructive hint', async () => {
    const tools = (await client.listTools()).tools;
    for (const name of ['forget', 'delete_memory']) expect(tools.find((t) => t.name === name)?.annotations?.destructiveHint).toBe(true);
  });

  it(`${MEMORIES} memories × every scope: no byte of the secret in the folder or in any answer`, async () => {
    let leaked = 0;
    for (let seed = 1; seed <= MEMORIES; seed++) {
      for (const kind of ['episode', 'entity', 'source', 'fact'] as const) {
        const rand = mulberry32(seed * 7919);
        const memory = `m${seed}-${kind}`;
        const name = `${word(rand)} ${word(rand)}`;
        const code = word(rand);
        const pin = word(rand);
        const note = word(rand);
        const source = word(rand);
        let secretTurn = '';
        const turns = 3 + Math.floor(rand() * 4);
        for (let i = 0; i < turns; i++) {
          const text = i === 1 ? `My neighbour ${name} gave me the safe code ${code}.` : `${PEOPLE[i % PEOPLE.length]} lives in ${PLACES[Math.floor(rand() * PLACES.length)]}.`;
          const r = await ok('remember', { memory, text, at: `2025-01-0${i + 1}` });
          if (i === 1) secretTurn = r.episode.id;
        }
        await ok('assert_fact', { memory, subject: name, predicate: 'knows', object: 'Maria', evidence: [secretTurn] });
        await ok('assert_fact', { memory, subject: 'Tom', predicate: 'note', value: `about ${note}`, source: `import ${source}` });
        const fact = (await ok('assert_fact', { memory, subject: 'Tom', predicate: 'pin', value: pin })).fact.id;
        const [scope, gone] = {
          episode: [{ episode: secretTurn }, [code]],
          entity: [{ entity: name }, [name, code]],
          source: [{ source: `import ${source}` }, [note, source]],
          fact: [{ fact }, [pin]],
        }[kind] as [Record<string, unknown>, string[]];
        const held = await folderBytes(memory);
        expect(gone.every((g) => leaks(held, g))).toBe(true); // the suite would pass vacuously otherwise
        const r = await ok('forget', { memory, ...scope, reason: 'the user asked' });
        expect(r.tombstone).toMatchObject({ scope: kind, reason: 'the user asked' });
        const bytes = await folderBytes(memory);
        const answers = Buffer.from(await toolReads(memory, PEOPLE));
        for (const g of gone) if (leaks(bytes, g) || leaks(answers, g)) leaked++;
      }
    }
    expect(leaked).toBe(0);
  });

  it('refuses a call naming no scope or two, an unknown episode; changes nothing', async () => {
    await ok('remember', { memory: 'refuse', text: 'Maria lives in Oslo.' });
    const before = await folderBytes('refuse');
    expect((await call('forget', { memory: 'refuse' })).text).toMatch(/^InvalidArgumentError: forget: give exactly one of/);
    expect((await call('forget', { memory: 'refuse', episode: 'turn-1', entity: 'Maria' })).text).toMatch(/exactly one/);
    expect((await call('forget', { memory: 'refuse', episode: 'turn-9' })).text).toMatch(/^NotFoundError: MemoryGraph\.forget: episode "turn-9" does not exist/);
    expect(await folderBytes('refuse')).toEqual(before);
  });

  it('delete_memory removes the folder; a second delete is NotFoundError', async () => {
    await ok('remember', { memory: 'doomed', text: 'Maria lives in Oslo.' });
    expect(await ok('delete_memory', { memory: 'doomed' })).toEqual({ deleted: 'doomed' });
    await expect(stat(join(dataDir, 'doomed'))).rejects.toThrow(/ENOENT/);
    expect((await call('delete_memory', { memory: 'doomed' })).text).toMatch(/^NotFoundError: delete_memory: there is no memory "doomed"/);
    expect((await call('delete_memory', { memory: '../x' })).text).toMatch(/^InvalidArgumentError: delete_memory/);
  });
});
