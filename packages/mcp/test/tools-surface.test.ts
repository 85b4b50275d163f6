/**
 * The tools as an agent meets them through the MCP SDK's client, against the built `palimpsest-mcp` over
 * stdio: misspelt arguments refused by name, reads that create nothing, the memory-management tools,
 * backfilling turns at the time they were said, hints and instructions, and compact, bounded replies.
 * Needs `npm run build` (it spawns dist/bin.js).
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens } from '@palimpsest/core';
import { connectToBin } from './bin-client.js';
import type { BinClient, ToolResult } from './bin-client.js';

let mcp: BinClient;
const call = (name: string, args: Record<string, unknown>): Promise<ToolResult> => mcp.call(name, args);
const ok = (name: string, args: Record<string, unknown>): Promise<Record<string, any>> => mcp.ok(name, args);
async function refused(name: string, args: Record<string, unknown>): Promise<string> {
  const r = await call(name, args);
  expect(r.isError, `${name} should be refused`).toBe(true);
  return r.content[0]!.text!;
}

beforeAll(async () => {
  mcp = await connectToBin('surface');
});
afterAll(async () => {
  await mcp?.close();
});

describe('palimpsest-mcp tools as an agent calls them', () => {
  it('reads before any write create nothing; a named unknown memory is NotFound', async () => {
    expect((await ok('facts', {})).total).toBe(0); // the default memory reads as empty before its first write
    expect(await refused('facts', { memory: 'nosuch' })).toMatch(/^NotFoundError: facts: no memory "nosuch"/);
    expect(await refused('recall', { memory: 'nosuch', question: 'anything?' })).toMatch(/^NotFoundError: recall: no memory "nosuch"/);
    expect(await refused('history', { memory: 'nosuch', subject: 'x' })).toMatch(/^NotFoundError: history/);
    expect(await readdir(mcp.dataDir)).toEqual([]);
    expect(await ok('list_memories', {})).toEqual({ default: 'default', memories: [] });
  });

  it('refuses misspelt or unknown arguments by name instead of ignoring them', async () => {
    await ok('assert_fact', { subject: 'Maya', predicate: 'lives_in', object: 'Boston', validFrom: '2020-01-01' });
    const text = await refused('facts', { subject: 'Maya', valid_at: '2019-01-01' });
    expect(text).toMatch(/InvalidArgumentError: facts: unknown argument "valid_at"; the arguments are subject, predicate/);
    expect(await refused('recall', { question: 'where?', knownat: '2020-01-01' })).toMatch(/recall: unknown argument "knownat"/);
    expect(await refused('remember', { text: 'hi', when: 'now', who: 'me' })).toMatch(/remember: unknown arguments "when", "who"/);
    expect(await refused('remember_many', { turns: [{ text: 'hi', spaeker: 'me' }] })).toMatch(/spaeker/);
  });

  it('lists hints and instructions', async () => {
    expect(mcp.client.getInstructions()).toMatch(/remember/);
    const tools = (await mcp.client.listTools()).tools;
    const hint = (name: string) => tools.find((t) => t.name === name)!.annotations;
    for (const read of ['recall', 'facts', 'history', 'changes', 'list_memories', 'get_episodes', 'search_entities']) expect(hint(read)?.readOnlyHint).toBe(true);
    for (const write of ['remember', 'remember_many', 'assert_fact', 'define_predicate']) expect(hint(write)).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(hint('retract_fact')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(hint('merge_entities')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    for (const t of tools) expect(t.inputSchema).toMatchObject({ additionalProperties: false });
  });

  it('replies compactly: rounded confidence, names without ids unless asked, text on request', async () => {
    const a = await ok('assert_fact', { subject: 'Maya', predicate: 'likes', object: 'Tea', confidence: 0.7 });
    expect(a.fact.confidence).toBe(0.7);
    expect(a.fact).not.toHaveProperty('subjectId');
    const withIds = await ok('facts', { subject: 'Maya', predicate: 'likes', ids: true });
    expect(withIds.facts[0]).toMatchObject({ subject: 'Maya', subjectId: expect.any(Number), objectId: expect.any(Number) });
    const asText = await call('facts', { subject: 'Maya', format: 'text' });
    expect(asText.structuredContent).toBeUndefined();
    expect(asText.content[0]!.text).toMatch(/^total: 2\nfacts:\n- #\d+ Maya lives_in "Boston" · valid 2020-01-01 → now/m);
    expect(asText.content[0]!.text).toMatch(/Maya likes "Tea" .*confidence 0\.7/);
  });

  it('bounds the whole reply with tokenBudget', async () => {
    const turns = Array.from({ length: 40 }, (_, i) => ({ text: `Maya visited museum number ${i} in Boston with her friend Lena.`, at: `2021-02-${String(1 + (i % 27)).padStart(2, '0')}` }));
    await ok('remember_many', { turns });
    for (const budget of [120, 400, 1000]) {
      const r = await call('recall', { question: 'Which museums did Maya visit?', k: 40, tokenBudget: budget });
      expect(estimateTokens(r.content[0]!.text!), `recall within ${budget}`).toBeLessThanOrEqual(budget);
      const t = await call('recall', { question: 'Which museums did Maya visit?', k: 40, tokenBudget: budget, format: 'text' });
      expect(estimateTokens(t.content[0]!.text!)).toBeLessThanOrEqual(budget);
    }
    const small = await ok('get_episodes', { tokenBudget: 200 });
    expect(estimateTokens(JSON.stringify(small))).toBeLessThanOrEqual(200);
    expect(small.shown.episodes).toMatch(/^\d+ of 40$/);
  });

  it('gets episodes, searches entities, merges them, declares predicates, retracts by fact id', async () => {
    const ep = await ok('get_episodes', { since: '2021-02-01', until: '2021-02-02', limit: 5 });
    expect(ep.episodes.length).toBeGreaterThan(0);
    expect(ep.episodes[0]).toMatchObject({ at: '2021-02-01', text: expect.stringContaining('museum') });
    expect(await refused('get_episodes', { episodeIds: ['nope'] })).toMatch(/^NotFoundError: get_episodes: no episode "nope"/);

    const found = await ok('search_entities', { query: 'len' });
    expect(found.entities.map((e: any) => e.name)).toContain('Lena');

    await ok('assert_fact', { subject: 'Bob', predicate: 'lives_in', object: 'Denver' });
    await ok('assert_fact', { subject: 'Robert', predicate: 'likes', object: 'Jazz' });
    const merged = await ok('merge_entities', { into: 'Bob', from: 'Robert' });
    expect(merged.entity).toBe('Bob');
    expect((await ok('facts', { subject: 'Bob' })).facts.map((f: any) => f.object).sort()).toEqual(['Denver', 'Jazz']);

    expect(await ok('define_predicate', { name: 'employer', cardinality: 'one' })).toEqual({ predicate: 'employer', cardinality: 'one' });
    await ok('assert_fact', { subject: 'Maya', predicate: 'employer', object: 'Acme', validFrom: '2022-01-01' });
    await ok('assert_fact', { subject: 'Maya', predicate: 'employer', object: 'Initech', validFrom: '2023-01-01' });
    expect((await ok('facts', { subject: 'Maya', predicate: 'employer' })).facts.map((f: any) => f.object)).toEqual(['Initech']);
    expect(await refused('define_predicate', { name: 'employer', cardinality: 'many' })).toMatch(/^InvalidArgumentError: MemoryGraph\.definePredicate: predicate "employer" already has facts/);

    const tea = (await ok('facts', { subject: 'Maya', predicate: 'likes' })).facts[0];
    const r = await ok('retract_fact', { factId: tea.id });
    expect(r.closed).toEqual([tea.id]);
    expect((await ok('facts', { subject: 'Maya', predicate: 'likes' })).total).toBe(0);
    expect(await refused('retract_fact', { factId: 999999 })).toMatch(/^NotFoundError: retract_fact: no fact #999999/);
    expect(await refused('retract_fact', { factId: tea.id, subject: 'Maya' })).toMatch(/^InvalidArgumentError: retract_fact: give factId or subject/);
  });

  it('backfills turns at the time they were said (recordAsSaid), in order or refused by name', async () => {
    const first = await ok('remember', { memory: 'diary', text: 'I live in Boston.', speaker: 'Maya', at: '2019-03-01', recordAsSaid: true });
    expect(first.episode).toMatchObject({ at: '2019-03-01', recordedAt: '2019-03-01' });
    await ok('remember_many', {
      memory: 'diary',
      recordAsSaid: true,
      turns: [
        { text: 'I moved to Denver.', speaker: 'Maya', at: '2020-06-01' },
        { text: 'I moved to Austin.', speaker: 'Maya', at: '2022-09-01' },
      ],
    });
    // What the memory knew in mid 2021 is what had been said by then.
    const objects = async (knownAt?: string) => (await ok('facts', { memory: 'diary', subject: 'Maya', limit: 1000, ...(knownAt ? { knownAt } : {}) })).facts.map((f: any) => f.object);
    expect(await objects('2021-01-01')).toContain('Boston');
    expect(await objects('2021-01-01')).not.toContain('Austin');
    expect(await objects()).toContain('Austin');
    const before = await ok('facts', { memory: 'diary', knownAt: '2019-01-01' });
    expect(before.total).toBe(0);
    // Out of order: refused by name, nothing written.
    const count = (await ok('get_episodes', { memory: 'diary' })).total;
    expect(await refused('remember', { memory: 'diary', text: 'I like tea.', at: '2020-01-01', recordAsSaid: true })).toMatch(
      /^TimeOrderError: remember: recordAsSaid: at \(2020-01-01\) is before the memory's latest record time \(2022-09-01\)/,
    );
    expect(
      await refused('remember_many', {
        memory: 'diary',
        recordAsSaid: true,
        turns: [
          { text: 'A.', at: '2023-01-02' },
          { text: 'B.', at: '2023-01-01' },
        ],
      }),
    ).toMatch(/^TimeOrderError: remember_many: turns\[1\]: recordAsSaid/);
    expect(await refused('remember', { memory: 'diary', text: 'Later.', at: '2999-01-01', recordAsSaid: true })).toMatch(/in the future/);
    expect((await ok('get_episodes', { memory: 'diary' })).total).toBe(count);
    expect((await ok('list_memories', {})).memories).toEqual(['default', 'diary']);
  });

  it('says which version is current: the recall text marks the earlier home, history the versions no longer believed', async () => {
    await ok('remember', { memory: 'moves', text: 'I live in Boston.', speaker: 'Maya', at: '2019-03-01', recordAsSaid: true });
    await ok('remember', { memory: 'moves', text: 'I moved to Austin.', speaker: 'Maya', at: '2022-09-01', recordAsSaid: true });
    const r = await ok('recall', { memory: 'moves', question: 'Where does Maya live?' });
    expect(r.text).toMatch(/\[until 2022-09-0\d: Maya lives in Boston\] I live in Boston/);
    expect(r.text).toMatch(/^- Maya lives in Austin \(2022-09-0\d – now\)$/m);
    const asText = (await call('recall', { memory: 'moves', question: 'Where does Maya live?', format: 'text' })).content[0]!.text!;
    expect(asText).toMatch(/\[until 2022-09-0\d: Maya lives in Boston\] I live in Boston/);
    const history = (await call('history', { memory: 'moves', subject: 'Maya', predicate: 'lives_in', format: 'text' })).content[0]!.text!;
    const lines = history.split('\n');
    expect(lines.find((l) => l.includes('"Austin"'))).toMatch(/valid 2022-09-0\d → now/);
    // the open Boston version the move closed is no longer believed; the closed one that replaced it ends at the move
    expect(lines.find((l) => l.includes('"Boston"') && l.includes('→ open'))).toMatch(/no longer believed since 2022-09-01 \(was valid 2019-03-01 → open\)/);
    expect(lines.find((l) => l.includes('"Boston"') && l.startsWith('- #') && /valid 2019-03-01 → 2022-09-0\d/.test(l))).toBeDefined();
  });
});
