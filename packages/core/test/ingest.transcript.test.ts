import { describe, expect, it } from 'vitest';
import { loadLocomo, loadLongMemEval } from '@palimpsest/datasets';
import { InvalidArgumentError } from '../src/errors.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { ingestTranscript, transcriptTurns } from '../src/ingest/transcript.js';

const JAN1 = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

describe('transcriptTurns', () => {
  it('orders sessions by date, dates their turns a second apart, and says how', () => {
    const { turns, order } = transcriptTurns({
      sessions: [
        { index: 2, date: JAN1 + 48 * HOUR, turns: [{ speaker: 'Bob', text: 'Back from Porto.' }] },
        { index: 1, date: JAN1, turns: [{ speaker: 'Alice', text: 'Off to Porto?' }, { speaker: 'Bob', text: 'Tomorrow.' }] },
      ],
    });
    expect(turns).toEqual([
      { id: 'S1:1', speaker: 'Alice', text: 'Off to Porto?', at: JAN1, session: 'S1' },
      { id: 'S1:2', speaker: 'Bob', text: 'Tomorrow.', at: JAN1 + 1000, session: 'S1' },
      { id: 'S2:1', speaker: 'Bob', text: 'Back from Porto.', at: JAN1 + 48 * HOUR, session: 'S2' },
    ]);
    expect(order.reordered).toBe(true);
    expect(order.sessions).toEqual([
      { id: 'S1', date: JAN1, turns: 2, givenPosition: 1 },
      { id: 'S2', date: JAN1 + 48 * HOUR, turns: 1, givenPosition: 0 },
    ]);
    expect(order.rule).toMatch(/^sessions by date/);
  });

  it('takes LongMemEval-shaped role/content turns and plain turns (sorted by at, ties in given order)', () => {
    const lme = transcriptTurns({ sessions: [{ id: 'answer_1', date: '2023-05-30T23:40:00Z', turns: [{ role: 'user', content: 'I adopted a cat.' }] }] });
    expect(lme.turns).toEqual([{ id: 'answer_1:1', speaker: 'user', text: 'I adopted a cat.', at: Date.parse('2023-05-30T23:40:00Z'), session: 'answer_1' }]);
    expect(lme.order.reordered).toBe(false);
    const plain = transcriptTurns([
      { speaker: 'A', text: 'second', at: JAN1 + 5 },
      { speaker: 'B', text: 'first', at: JAN1 },
      { speaker: 'C', text: 'also second', at: JAN1 + 5 },
    ]);
    expect(plain.turns.map((t) => t.id)).toEqual(['T2', 'T1', 'T3']);
    expect(plain.order).toEqual({ rule: 'turns by their time `at` (ties keep the given order)', sessions: [], reordered: true });
    expect(transcriptTurns([{ speaker: 'A', text: 'x', at: JAN1 }], { recordAsSaid: true }).turns[0]!.recordedAt).toBe(JAN1);
  });

  it('refuses what it cannot order, with named errors', () => {
    expect(() => transcriptTurns('x' as never)).toThrow(/^transcriptTurns: expected an array of turns or \{ sessions/);
    expect(() => transcriptTurns([{ speaker: 'A', text: 'x' }])).toThrow(/^transcriptTurns: turns\[0\]: at \(when it was said\) is missing/);
    expect(() => transcriptTurns([{ speaker: 'A', at: JAN1 }])).toThrow(InvalidArgumentError);
    expect(() => transcriptTurns({ sessions: [{ date: 'someday', turns: [] }] })).toThrow(/^transcriptTurns: sessions\[0\]: date/);
  });
});

describe('ingestTranscript sets the two clocks', () => {
  it('valid time = when it was said; record time = the memory clock, or the time said with recordAsSaid', async () => {
    const learnt = Date.UTC(2024, 5, 1);
    let t = learnt;
    const mem = new MemoryGraph({ now: () => ++t });
    const transcript = [
      { speaker: 'Alice', text: 'I work at Acme.', at: JAN1 },
      { speaker: 'Bob', text: 'Congrats on Acme!', at: JAN1 + HOUR },
    ];
    await ingestTranscript(mem, transcript);
    const fact = mem.facts({ subject: 'Alice', predicate: 'works_at', object: 'Acme' })[0]!;
    expect(fact.validFrom).toBe(JAN1);
    expect(fact.recordedAt).toBeGreaterThan(learnt);
    // as of March the memory knew nothing yet, though it was true then
    expect(mem.facts({ subject: 'Alice', validAt: JAN1 + 60 * 24 * HOUR, knownAt: JAN1 + 60 * 24 * HOUR })).toEqual([]);
    const live = new MemoryGraph({ now: () => learnt });
    await ingestTranscript(live, transcript, { recordAsSaid: true });
    expect(live.getEpisode('T2')).toMatchObject({ at: JAN1 + HOUR, recordedAt: JAN1 + HOUR });
    expect(live.facts({ subject: 'Alice', predicate: 'works_at', object: 'Acme', validAt: JAN1 + 1, knownAt: JAN1 + 1 })).toHaveLength(1);
  });

  it('ingests a real LoCoMo conversation and a LongMemEval haystack as loaded, in time order', async () => {
    const [conv] = await loadLocomo({ split: 'dev' });
    let t = Date.UTC(2030, 0, 1);
    const mem = new MemoryGraph({ now: () => ++t });
    const out = await ingestTranscript(mem, conv!);
    const total = conv!.sessions.reduce((n, s) => n + s.turns.length, 0);
    expect(out.written).toBe(total);
    const eps = mem.log().flatMap((op) => (op.type === 'episode' ? [op.at] : []));
    expect(eps).toEqual([...eps].sort((a, b) => a - b));
    expect(mem.getEpisode('D1:1')).toMatchObject({ speaker: conv!.sessions[0]!.turns[0]!.speaker, at: conv!.sessions[0]!.date });
    // the same call again resumes: everything is there, nothing is written twice
    expect(await ingestTranscript(mem, conv!)).toMatchObject({ written: 0, skipped: total });

    const [q] = await loadLongMemEval('oracle', { split: 'dev' });
    const lme = new MemoryGraph({ now: () => ++t });
    const res = await ingestTranscript(lme, q!, { extractor: null });
    const dates = q!.sessions.map((s) => s.date).sort((a, b) => a - b);
    expect(res.order.sessions.map((s) => s.date)).toEqual(dates);
    expect(res.written).toBe(q!.sessions.reduce((n, s) => n + s.turns.length, 0));
  });
});
