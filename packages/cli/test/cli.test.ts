/**
 * Every `palimpsest` command on a fixture snapshot and a fixture log built here from a small memory:
 * output (tables and --json) and exit codes. A few runs go through the built bin to check the real
 * process exit code and stderr.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryGraph } from '@palimpsest/core';
import { loadSnapshot, openLogAppender, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
let dir: string;
let snap: string;
let log: string;
let reference: MemoryGraph;

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), stderr: process.stderr });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function runJson(...argv: string[]): Promise<any> {
  const r = await run(...argv, '--json');
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cli-'));
  let t = Date.parse('2024-01-01T00:00:00Z');
  const mem = new MemoryGraph({ now: () => (t += 60_000), predicates: { lives_in: { cardinality: 'one' } } });
  mem.assert({ subject: 'Alice', predicate: 'lives_in', object: 'Paris', validFrom: '2019-01-01' });
  mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme', validFrom: '2020-01-01' });
  mem.assert({ subject: 'Bob', predicate: 'age', object: { value: 41 }, validFrom: '2020-01-01' });
  mem.episode({ id: 'e1', text: 'Alice told us she moved to Berlin.', at: '2022-01-01', speaker: 'Alice' });
  mem.assert({ subject: 'Alice', predicate: 'lives_in', object: 'Berlin', validFrom: '2022-01-01', episode: 'e1', evidence: ['e1'] });
  mem.retract({ subject: 'Alice', predicate: 'works_at', object: 'Acme', validFrom: '2023-01-01' });
  reference = mem;
  snap = join(dir, 'fixture.plmp');
  log = join(dir, 'fixture.jsonl');
  await saveSnapshot(snap, mem);
  await writeLog(log, mem.log());
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['snapshot', () => snap],
  ['log', () => log],
])('palimpsest on a fixture %s', (kind, file) => {
  it('stats', async () => {
    const s = await runJson('stats', file());
    expect(s).toMatchObject({ kind, operations: reference.size.operations, versions: reference.size.versions, entities: reference.size.entities, episodes: 1 });
    expect(s.bytes).toBe((await stat(file())).size);
    expect(s.lastRecordedAt).toBe('2024-01-01T00:06:00.000Z');
    const human = await run('stats', file());
    expect(human.code).toBe(0);
    expect(human.out).toMatch(/kind\s+(snapshot|operation log)/);
    expect(human.out).toMatch(new RegExp(`operations\\s+${reference.size.operations}`));
  });

  it('facts at two cuts, filtered', async () => {
    const late = await runJson('facts', file(), '--valid-at', '2024-06-01', '--known-at', '2024-06-01', '--subject', 'Alice');
    expect(late.facts.map((f: any) => `${f.predicate} ${f.object}`).sort()).toEqual(['lives_in Berlin']);
    const early = await runJson('facts', file(), '--valid-at', '2021-01-01', '--known-at', '2024-06-01', '--subject', 'Alice');
    expect(early.facts.map((f: any) => `${f.predicate} ${f.object}`).sort()).toEqual(['lives_in Paris', 'works_at Acme']);
    // Known-at before the move was recorded: Paris still believed in 2024.
    const before = await runJson('facts', file(), '--valid-at', '2023-06-01', '--known-at', '2024-01-01T00:02:30Z', '--predicate', 'lives_in');
    expect(before.facts.map((f: any) => f.object)).toEqual(['Paris']);
    expect(before.facts[0].validTo).toBeNull();
    const bob = await runJson('facts', file(), '--subject', 'Bob', '--valid-at', '2024-06-01', '--known-at', '2024-06-01');
    expect(bob.facts[0]).toMatchObject({ predicate: 'age', object: 41, validFrom: '2020-01-01T00:00:00.000Z' });
    const table = await run('facts', file(), '--valid-at', '2024-06-01', '--known-at', '2024-06-01', '--subject', 'Alice');
    expect(table.code).toBe(0);
    expect(table.out.split('\n')[0]).toMatch(/^id\s+subject\s+predicate\s+object\s+valid from\s+valid to/);
    expect(table.out).toMatch(/Alice\s+lives_in\s+Berlin\s+2022-01-01\s+open/);
    expect(table.out).toMatch(/^1 facts$/m);
  });

  it('history', async () => {
    const h = await runJson('history', file(), '--subject', 'Alice');
    expect(h.total).toBe(reference.history({ subject: 'Alice' }).length);
    expect(new Set(h.facts.map((f: any) => f.object))).toEqual(new Set(['Paris', 'Berlin', 'Acme']));
    const human = await run('history', file(), '--subject', 'Alice', '--predicate', 'works_at');
    expect(human.out).toMatch(/works_at\s+Acme/);
  });

  it('changes on both axes', async () => {
    const rec = await runJson('changes', file(), '--since', '2024-01-01T00:04:30Z', '--until', '2024-01-01T00:10:00Z');
    expect(rec.added.map((f: any) => f.object)).toContain('Berlin');
    const valid = await runJson('changes', file(), '--since', '2022-06-01', '--until', '2023-06-01', '--axis', 'valid', '--known-at', '2024-06-01');
    expect(valid.removed.map((f: any) => f.object)).toEqual(['Acme']);
    const human = await run('changes', file(), '--since', '2022-06-01', '--until', '2023-06-01', '--axis', 'valid', '--known-at', '2024-06-01');
    expect(human.out).toMatch(/^removed \(1\)$/m);
  });

  it('recall', async () => {
    const r = await runJson('recall', file(), 'Where does Alice live?', '--valid-at', '2024-06-01', '--known-at', '2024-06-01', '--k', '3');
    expect(r.facts.length).toBeLessThanOrEqual(3);
    expect(r.facts.map((f: any) => f.object)).toContain('Berlin');
    expect(typeof r.facts[0].score).toBe('number');
    const human = await run('recall', file(), 'Where does Alice live?', '--valid-at', '2024-06-01', '--known-at', '2024-06-01');
    expect(human.code).toBe(0);
    expect(human.out).toMatch(/Berlin/);
    expect(human.out).toMatch(/\d+ tokens/);
  });

  it('convert to the other kind and back loses nothing', async () => {
    const other = join(dir, `converted-from-${kind}.${kind === 'snapshot' ? 'jsonl' : 'plmp'}`);
    const c = await runJson('convert', file(), other);
    expect(c).toMatchObject({ from: kind, to: kind === 'snapshot' ? 'log' : 'snapshot', operations: reference.size.operations });
    const back = kind === 'snapshot' ? MemoryGraph.replay((await readLog(other)).ops) : await loadSnapshot(other);
    expect(back.log()).toEqual(reference.log());
  });
});

describe('palimpsest ingest', () => {
  it('creates a file from a transcript, then appends to it', async () => {
    const transcript = join(dir, 'chat.jsonl');
    await writeFile(
      transcript,
      [
        { speaker: 'Dana', text: 'I moved to Lisbon last month.', at: '2024-03-10T09:00:00Z', session: 'march' },
        { speaker: 'Eve', text: 'Dana works at Initech.', at: '2024-03-11T09:00:00Z' },
      ]
        .map((t) => JSON.stringify(t))
        .join('\n') + '\n',
    );
    const target = join(dir, 'new.plmp');
    const first = await runJson('ingest', target, transcript);
    expect(first).toMatchObject({ created: true, kind: 'snapshot', turns: 2, episodes: 2 });
    const second = await runJson('ingest', target, transcript);
    expect(second).toMatchObject({ created: false, turns: 2, episodes: 4 });
    const mem = await loadSnapshot(target);
    expect(mem.getEpisode('turn-3')?.text).toBe('I moved to Lisbon last month.');
    expect(mem.getEpisode('turn-3')?.session).toBe('march'); // a line's "session" is kept on its episode
    expect(mem.getEpisode('turn-4')?.session).toBeUndefined();
    const asLog = join(dir, 'new.jsonl');
    expect((await run('ingest', asLog, transcript)).code).toBe(0);
    expect((await readLog(asLog)).ops[0]!.type).toBe('init');
    expect((await readLog(asLog)).format).toBe(4); // a new log: the default format
    // An existing text log (format 2) stays text when ingest rewrites it.
    const textLog = join(dir, 'text.jsonl');
    await writeLog(textLog, reference.log(), { format: 2 });
    expect(await runJson('ingest', textLog, transcript)).toMatchObject({ created: false, kind: 'log', turns: 2, episodes: 3 });
    const text = await readLog(textLog);
    expect(text.format).toBe(2);
    expect(text.ops.slice(0, reference.log().length)).toEqual(JSON.parse(JSON.stringify(reference.log())));
    expect(MemoryGraph.replay(text.ops).getEpisode('turn-2')?.text).toBe('I moved to Lisbon last month.');
  });

  it('refuses to rewrite a log another writer holds (ingest, convert) and the writer loses nothing', async () => {
    const held = join(dir, 'held.jsonl');
    await writeLog(held, reference.log());
    const transcript = join(dir, 'held-chat.jsonl');
    await writeFile(transcript, JSON.stringify({ text: 'Dana moved to Porto.', at: '2024-04-01T09:00:00Z' }) + '\n');
    const writer = await openLogAppender(held);
    for (const [cmd, args] of [
      ['ingest', [held, transcript]],
      ['convert', [snap, held]],
    ] as const) {
      const r = await run(cmd, ...args);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(new RegExp(`^palimpsest: LogLockedError: palimpsest ${cmd}: .*held\\.jsonl is locked by another writer in this process \\(openLogAppender\\)`));
    }
    const mem = MemoryGraph.replay((await readLog(held)).ops);
    const n = mem.size.operations;
    mem.assert({ subject: 'Dana', predicate: 'lives_in', object: 'Porto', validFrom: Date.parse('2024-04-01') });
    for (const op of mem.opsSince(n)) writer.append(op);
    await writer.close();
    const { ops } = await readLog(held);
    expect(ops).toEqual(JSON.parse(JSON.stringify(mem.log())));
    const after = await run('ingest', held, transcript);
    expect(after.err).toBe('');
    expect(after.code).toBe(0); // released: accepted
  });

  it('refuses a bad transcript line and leaves the file as it was', async () => {
    const bad = join(dir, 'bad.jsonl');
    await writeFile(bad, '{"text":"fine","at":"2024-01-01"}\n{"text":"no time"}\n');
    const before = await readFile(snap);
    const r = await run('ingest', snap, bad);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`palimpsest: InvalidArgumentError: ingest: ${bad} line 2: "at" must be an ISO-8601 time or milliseconds`);
    expect(await readFile(snap)).toEqual(before);
    await writeFile(bad, '{"text":"fine","at":"not a date"}\n');
    const r2 = await run('ingest', snap, bad);
    expect(r2.code).toBe(1);
    expect(r2.err).toMatch(/^palimpsest: InvalidArgumentError: transcriptTurns: turns\[0\]: at/);
    expect(await readFile(snap)).toEqual(before);
  });
});

describe('palimpsest errors and help', () => {
  it('prints named errors as one line with exit code 1', async () => {
    const badTime = await run('facts', snap, '--valid-at', 'yesterday');
    expect(badTime).toMatchObject({ code: 1, out: '' });
    expect(badTime.err).toBe('palimpsest: InvalidArgumentError: MemoryGraph.facts: validAt ("yesterday") is not an ISO-8601 date');
    const missing = await run('stats', join(dir, 'absent.plmp'));
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^palimpsest: NotFoundError: loadSnapshot: no file at .*absent\.plmp$/);
    const junk = join(dir, 'junk.jsonl');
    await writeFile(junk, 'not json\n{"type":"init"}\n');
    const corrupt = await run('stats', junk);
    expect(corrupt.code).toBe(1);
    expect(corrupt.err).toMatch(/^palimpsest: CorruptLogError: readLog: .*line 1 is damaged/);
  });

  it('refuses a missing or malformed option as wrong usage (exit code 2), saying so once', async () => {
    const noSubject = await run('history', snap);
    expect(noSubject.code).toBe(2);
    expect(noSubject.err).toBe('palimpsest history: --subject S is required\nUsage: palimpsest history FILE --subject S [--predicate P] [--limit N] [--json]');
    expect((await run('changes', snap, '--since', '2020-01-01', '--axis', 'sideways')).code).toBe(2);
    const limit = await run('facts', snap, '--limit', 'abc');
    expect(limit.code).toBe(2);
    expect(limit.err.split('\n')[0]).toBe('palimpsest facts: --limit must be a whole number ≥ 1, got "abc"');
    expect(limit.err.match(/palimpsest/g)).toHaveLength(2); // the message and the usage line, nothing doubled
  });

  it('refuses a wrong command line with exit code 2', async () => {
    expect((await run('facts')).code).toBe(2);
    expect((await run('facts', snap, '--colour', 'red')).err).toMatch(/^palimpsest facts: Unknown option '--colour'/);
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run()).code).toBe(2);
  });

  it('has --help for every command', async () => {
    const top = await run('--help');
    expect(top.code).toBe(0);
    for (const name of ['stats', 'facts', 'history', 'changes', 'recall', 'ingest', 'convert']) {
      expect(top.out).toContain(`  ${name}`);
      const h = await run(name, '--help');
      expect(h.code).toBe(0);
      expect(h.out).toMatch(new RegExp(`^Usage: palimpsest ${name} `));
    }
  });

  it('the built bin exits with the same codes', () => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build first`);
    const ok = spawnSync(process.execPath, [BIN, 'stats', snap, '--json'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).kind).toBe('snapshot');
    const bad = spawnSync(process.execPath, [BIN, 'facts', snap, '--valid-at', 'x'], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(spawnSync(process.execPath, [BIN, 'nope'], { encoding: 'utf8' }).status).toBe(2);
  });
});
