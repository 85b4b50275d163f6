/**
 * The installed `palimpsest` (node_modules/.bin, as `npm ci` links it) on what a user has at hand: a live
 * memory folder that palimpsest-mcp writes (snapshot + log tail), a log tail alone, the data sets' own
 * LoCoMo and LongMemEval files, a transcript given by mistake, a damaged log. Needs `npm ci` and the build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryFolder } from '@palimpsest/mcp';
import { loadSnapshot, readLog, writeLog } from '@palimpsest/persist/node';
import { MemoryGraph } from '@palimpsest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../../node_modules/.bin/palimpsest', import.meta.url));
let dir: string;

function palimpsest(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(BIN, args, { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
function json(...args: string[]): any {
  const r = palimpsest(...args, '--json');
  if (r.code !== 0) throw new Error(`palimpsest ${args.join(' ')} exited ${r.code}: ${r.err}`);
  return JSON.parse(r.out);
}

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm ci`);
  dir = await mkdtemp(join(tmpdir(), 'plmp-cli-installed-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A LoCoMo sample as the data set publishes it. */
const locomo = (id: string) => ({
  sample_id: id,
  conversation: {
    speaker_a: 'Caroline',
    speaker_b: 'Melanie',
    session_1_date_time: '1:56 pm on 8 May, 2023',
    session_1: [
      { speaker: 'Caroline', dia_id: 'D1:1', text: 'I moved to Boston last month.' },
      { speaker: 'Melanie', dia_id: 'D1:2', text: 'Nice! I work at Acme now.' },
    ],
    session_2_date_time: '10:00 am on 9 June, 2023',
    session_2: [{ speaker: 'Caroline', dia_id: 'D2:1', text: 'I adopted a dog named Rex.' }],
  },
});

describe('the installed palimpsest', () => {
  it('reads a live memory folder (snapshot + log tail) and a log tail beside its snapshot', async () => {
    const folderDir = join(dir, 'live');
    let t = Date.parse('2024-01-01');
    const folder = await MemoryFolder.open(folderDir, { compactEvery: 3, clock: () => (t += 60_000) });
    for (const city of ['Paris', 'Berlin', 'Rome', 'Oslo', 'Lima']) await folder.write((m) => m.assert({ subject: 'Ana', predicate: 'visited', object: city }));
    await folder.compact();
    await folder.write((m) => m.assert({ subject: 'Ana', predicate: 'visited', object: 'Quito' }));
    const expected = folder.mem.facts().map((f) => f.object);
    await folder.close();
    const files = await readdir(folderDir);
    const tail = files.filter((f) => /^log-[1-9]\d*\.jsonl$/.test(f)).sort().at(-1)!;
    expect(files.some((f) => f.startsWith('snapshot-'))).toBe(true);

    const viaFolder = json('facts', folderDir, '--known-at', '2030-01-01');
    expect(viaFolder.facts.map((f: any) => f.object)).toEqual(expected.map((o: any) => o.name));
    const stats = palimpsest('stats', folderDir);
    expect(stats.code).toBe(0);
    expect(stats.out).toMatch(/memory folder/);
    const viaTail = json('facts', join(folderDir, tail), '--known-at', '2030-01-01');
    expect(viaTail.facts.map((f: any) => f.object)).toEqual(expected.map((o: any) => o.name));
  });

  it('given the data folder of palimpsest-mcp, names the memories in it and the path to give', async () => {
    const data = join(dir, 'data');
    for (const id of ['bob', 'alice']) {
      const folder = await MemoryFolder.open(join(data, id));
      await folder.write((m) => m.assert({ subject: 'Ana', predicate: 'visited', object: 'Lima' }));
      await folder.close();
    }
    const r = palimpsest('facts', data);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`palimpsest: InvalidArgumentError: ${data} is palimpsest-mcp's data folder, holding the memories "alice", "bob": give one of them, e.g. ${join(data, 'alice')}\n`);
    expect(json('facts', join(data, 'alice')).facts.map((f: any) => f.object)).toEqual(['Lima']);
  });

  it('ingests LoCoMo and LongMemEval files as published, JSON and JSONL, with --record-as-said', async () => {
    const one = join(dir, 'conv.json');
    await writeFile(one, JSON.stringify([locomo('conv-1')]));
    const mem = join(dir, 'locomo.plmp');
    const r = json('ingest', mem, one, '--record-as-said');
    expect(r).toMatchObject({ created: true, turns: 3 });
    // Recorded as said: what the memory knew in mid May 2023 is the first session only.
    const may = json('facts', mem, '--known-at', '2023-05-20', '--valid-at', '2023-05-20');
    const june = json('facts', mem, '--known-at', '2030-01-01');
    expect(may.total).toBeGreaterThan(0);
    expect(june.total).toBeGreaterThan(may.total);

    // Without it, the memory learns everything now: nothing is known in 2023.
    const now = join(dir, 'learned-now.plmp');
    json('ingest', now, one);
    expect(json('facts', now, '--known-at', '2023-12-31', '--valid-at', '2023-06-01').total).toBe(0);

    // Many samples (JSONL here): one must be chosen.
    const many = join(dir, 'locomo.jsonl');
    await writeFile(many, `${JSON.stringify(locomo('conv-1'))}\n${JSON.stringify(locomo('conv-2'))}\n`);
    const refused = palimpsest('ingest', join(dir, 'x.plmp'), many);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/holds 2 conversations \(conv-1, conv-2\); choose one with --conversation ID/);
    expect(json('ingest', join(dir, 'x.plmp'), many, '--conversation', 'conv-2').turns).toBe(3);

    const lme = join(dir, 'lme.json');
    await writeFile(
      lme,
      JSON.stringify({
        question_id: 'q1',
        haystack_session_ids: ['s1'],
        haystack_dates: ['2023/05/20 (Sat) 02:21'],
        haystack_sessions: [[{ role: 'user', content: 'I live in Denver.' }, { role: 'assistant', content: 'Noted.' }]],
      }),
    );
    expect(json('ingest', join(dir, 'lme.plmp'), lme, '--record-as-said').turns).toBe(2);
  });

  it('points a transcript given to a read at ingest; shows recall paths by name', async () => {
    const chat = join(dir, 'chat.jsonl');
    await writeFile(chat, '{"speaker":"Ana","text":"I live in Lisbon.","at":"2024-01-01"}\n');
    const stats = palimpsest('stats', chat);
    expect(stats.code).toBe(1);
    expect(stats.err).toBe(`palimpsest: InvalidArgumentError: ${chat} is a transcript, not a memory; add it to one with \`palimpsest ingest MEMORY.plmp ${chat}\`\n`);

    const mem = new MemoryGraph();
    mem.assert({ subject: 'Ana', predicate: 'lives_in', object: 'Lisbon' });
    const log = join(dir, 'ana.jsonl');
    await writeLog(log, mem.log());
    const recall = palimpsest('recall', log, 'Where does Ana live?');
    expect(recall.code).toBe(0);
    // The path column (last) names the entities that led to the fact, not their ids.
    expect(recall.out).toMatch(/^[\d.]+\s+Ana\s+lives_in\s+Lisbon\s.*\s{2}Ana$/m);
  });

  it('calls a malformed option wrong usage (exit 2) before looking for the file', () => {
    const missing = join(dir, 'not-there.plmp');
    for (const args of [
      ['facts', missing, '--limit', 'abc'],
      ['history', missing, '--subject', 'Maya', '--limit', '0'],
      ['changes', missing, '--since', '2020-01-01', '--limit', 'x', '--json'],
      ['recall', missing, 'where?', '--k', 'ten'],
      ['facts', missing, '--supported', 'maybe'],
    ]) {
      const r = palimpsest(...args);
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2]);
      expect(r.err).toMatch(/^palimpsest \w+: --(limit|k) must be a whole number ≥ 1, got |^palimpsest facts: --supported must be yes or no, got /);
    }
    expect(palimpsest('facts', missing).code).toBe(1); // well formed: the missing file is the failure
  });

  it('repairs a log cut off mid-record, keeping every whole operation', async () => {
    const mem = new MemoryGraph();
    for (const x of ['a', 'b', 'c']) mem.assert({ subject: 'Ana', predicate: 'likes', object: x });
    const log = join(dir, 'torn.jsonl');
    await writeLog(log, mem.log(), { format: 2 });
    const whole = json('repair', log);
    expect(whole).toMatchObject({ repaired: false, operations: mem.size.operations });
    await appendFile(log, '{"half a rec');
    const r = json('repair', log);
    expect(r).toMatchObject({ repaired: true, operations: mem.size.operations });
    expect(json('facts', log).total).toBe(3);
    expect(palimpsest('repair').code).toBe(2);
  });
  it('declares a predicate in a memory file: with cardinality one, a second assert closes the first', async () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
    const objectsAt = (mem: MemoryGraph, at: string) => mem.facts({ subject: 'Maya', predicate: 'home_city', validAt: at }).map((f) => ('name' in f.object ? f.object.name : ''));
    // a new snapshot: created with the declaration in it
    const snap = join(dir, 'declared.plmp');
    expect(json('define-predicate', snap, 'home_city', '--cardinality', 'one', '--min-confidence', '0.5')).toEqual({ file: snap, created: true, predicate: 'home_city', cardinality: 'one', minConfidence: 0.5 });
    const mem = await loadSnapshot(snap);
    mem.assert({ subject: 'Maya', predicate: 'home_city', object: 'Boston', validFrom: day('2020-01-01') });
    mem.assert({ subject: 'Maya', predicate: 'home_city', object: 'Austin', validFrom: day('2023-06-01') });
    expect(objectsAt(mem, '2021-01-01')).toEqual(['Boston']);
    expect(objectsAt(mem, '2024-01-01')).toEqual(['Austin']);
    expect(mem.assert({ subject: 'Maya', predicate: 'home_city', object: 'Denver', confidence: 0.4 }).status).toBe('rejected');
    // an existing log: rewritten with the declaration, its other content kept
    const before = new MemoryGraph();
    before.assert({ subject: 'Maya', predicate: 'likes', object: 'tea' });
    const log = join(dir, 'declared.jsonl');
    await writeLog(log, before.log(), { format: 2 });
    const out = palimpsest('define-predicate', log, 'home_city', '--cardinality', 'one');
    expect(out).toMatchObject({ code: 0, out: `home_city: cardinality one; ${log} rewritten\n` });
    const back = MemoryGraph.replay((await readLog(log)).ops);
    expect(back.facts({ subject: 'Maya' }).map((f) => f.predicate)).toEqual(['likes']);
    back.assert({ subject: 'Maya', predicate: 'home_city', object: 'Boston', validFrom: day('2020-01-01') });
    back.assert({ subject: 'Maya', predicate: 'home_city', object: 'Austin', validFrom: day('2023-06-01') });
    expect(objectsAt(back, '2024-01-01')).toEqual(['Austin']);
    // without the declaration the two homes would add up: the default cardinality is many
    const plain = new MemoryGraph();
    plain.assert({ subject: 'Maya', predicate: 'home_city', object: 'Boston', validFrom: day('2020-01-01') });
    plain.assert({ subject: 'Maya', predicate: 'home_city', object: 'Austin', validFrom: day('2023-06-01') });
    expect(objectsAt(plain, '2024-01-01').sort()).toEqual(['Austin', 'Boston']);
  });

  it('refuses a missing or malformed cardinality or least confidence as a usage error, touching no file', async () => {
    const log = join(dir, 'declared.jsonl');
    const bytes = await readFile(log);
    const missing = join(dir, 'never.plmp');
    for (const args of [[log, 'p'], [log, 'p', '--cardinality', 'two'], [log, 'p', '--cardinality', 'one', '--min-confidence', '1.5'], [log, 'p', '--cardinality', 'one', '--min-confidence', 'high'], [missing, 'p', '--cardinality', 'sometimes']]) {
      const r = palimpsest('define-predicate', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/^palimpsest define-predicate: --(cardinality must be "one" or "many"|min-confidence must be a number from 0 to 1), got /);
    }
    expect(await readFile(log)).toEqual(bytes);
    expect(existsSync(missing)).toBe(false);
    expect(palimpsest('define-predicate', log, '--cardinality', 'one').code).toBe(2); // NAME missing
    expect(palimpsest('--help').out).toMatch(/define-predicate\s+declare a predicate's cardinality/);
    expect(palimpsest('define-predicate', '--help').out).toMatch(/^Usage: palimpsest define-predicate FILE NAME --cardinality one\|many \[--min-confidence X\]/);
  });
});
