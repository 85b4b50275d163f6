import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph, ingest, ingestEpisode, type Extractor, type Turn } from '../../src/index.js';
import { splitClauses, normalise } from '../../src/recall/extract/clauses.js';
import { clauseTimes } from '../../src/recall/extract/times.js';

const day = (iso: string): number => Date.parse(`${iso}T12:00:00Z`);
const iso = (t: number | undefined): string | undefined => (t === undefined ? undefined : new Date(t).toISOString().slice(0, 10));
const objects = (mem: MemoryGraph, subject: string, predicate: string, validAt: number, knownAt: number): string[] =>
  mem.facts({ subject, predicate, validAt, knownAt }).map((f) => ('name' in f.object ? f.object.name : String(f.object.value)));

describe('ingestEpisode: who "I" is without a speaker', () => {
  it("is the memory's defaultSpeaker, 'user' unless configured, and the reply names it", () => {
    let now = day('2024-05-02');
    const mem = new MemoryGraph({ now: () => now });
    const r = ingestEpisode(mem, { id: 't1', text: 'I live in Lyon and I work at Michelin.', at: now });
    expect(r.speaker).toBe('user');
    expect(objects(mem, 'user', 'lives_in', now, now)).toEqual(['Lyon']);
    expect(mem.getEpisode('t1')?.speaker).toBeUndefined(); // the episode keeps what was given
    const maya = new MemoryGraph({ now: () => now, defaultSpeaker: 'Maya' });
    now = day('2024-05-03');
    expect(ingestEpisode(maya, { id: 't1', text: 'I work at Michelin.', at: now }).speaker).toBe('Maya');
    expect(objects(maya, 'Maya', 'works_at', now, now)).toEqual(['Michelin']);
  });

  it('is the same through the batched ingest(): turns without a speaker are the default speaker\'s, and endings apply', async () => {
    const now = day('2024-07-22');
    const mem = new MemoryGraph({ now: () => now, defaultSpeaker: 'Rosa' });
    await ingest(mem, [
      { id: 'a', text: 'I work as a nurse at Mercy Hospital.', at: day('2024-03-01'), recordedAt: day('2024-03-01') },
      { id: 'b', text: 'Ugh, I got laid off yesterday.', at: now, recordedAt: now },
    ]);
    expect(objects(mem, 'Rosa', 'works_at', day('2024-07-20'), now)).toEqual(['Mercy Hospital']);
    expect(objects(mem, 'Rosa', 'works_at', day('2024-07-23'), now)).toEqual([]);
    expect(objects(mem, 'Rosa', 'works_at', day('2024-07-23'), day('2024-07-01'))).toEqual(['Mercy Hospital']);
    expect(mem.getEpisode('a')?.speaker).toBeUndefined();
  });

  it('refuses a defaultSpeaker that is no name, with a named error', () => {
    for (const bad of ['', '   ', 42, {}]) {
      expect(() => new MemoryGraph({ defaultSpeaker: bad as string })).toThrow(InvalidArgumentError);
      expect(() => new MemoryGraph({ defaultSpeaker: bad as string })).toThrow(/^new MemoryGraph: defaultSpeaker/);
    }
  });
});

describe('ingestEpisode: the default ontology and retractions', () => {
  it('declares lives_in as one-valued on first use, in the log, so a replay supersedes the same way', () => {
    let now = day('2024-01-10');
    const mem = new MemoryGraph({ now: () => now });
    ingestEpisode(mem, { id: 'a', text: 'I live in Boston.', at: now, speaker: 'Maya' });
    now = day('2024-08-14');
    ingestEpisode(mem, { id: 'b', text: 'Big news: I moved to Denver last week!', at: now, speaker: 'Maya' });
    const declared = mem.log().filter((op) => op.type === 'predicate');
    expect(declared).toEqual([expect.objectContaining({ name: 'lives_in', cardinality: 'one' })]);
    const again = MemoryGraph.replay(mem.log());
    for (const m of [mem, again]) {
      expect(objects(m, 'Maya', 'lives_in', day('2024-08-14'), day('2024-08-14'))).toEqual(['Denver']);
      expect(objects(m, 'Maya', 'lives_in', day('2024-07-01'), day('2024-08-14'))).toEqual(['Boston']);
      expect(objects(m, 'Maya', 'lives_in', day('2024-08-14'), day('2024-08-01'))).toEqual(['Boston']);
    }
  });

  it("keeps a memory's own declaration: lives_in declared many keeps both homes", () => {
    let now = day('2024-01-10');
    const mem = new MemoryGraph({ now: () => now, predicates: { lives_in: { cardinality: 'many' } } });
    ingestEpisode(mem, { id: 'a', text: 'I live in Boston.', at: now, speaker: 'Maya' });
    now = day('2024-02-10');
    ingestEpisode(mem, { id: 'b', text: 'I live in Denver.', at: now, speaker: 'Maya' });
    expect(objects(mem, 'Maya', 'lives_in', now, now).sort()).toEqual(['Boston', 'Denver']);
    expect(mem.log().filter((op) => op.type === 'predicate')).toEqual([]);
  });

  it("applies an extractor's retractions before its facts, and skips one about an unknown entity", () => {
    let now = day('2024-03-01');
    const mem = new MemoryGraph({ now: () => now });
    ingestEpisode(mem, { id: 'a', text: 'I work at Acme.', at: now, speaker: 'Sam' });
    now = day('2024-04-01');
    const extractor: Extractor = {
      id: 'test',
      extract: (turns: readonly Turn[]) =>
        turns.map(() => ({
          entities: [],
          facts: [],
          retractions: [
            { subject: 'Sam', predicate: 'works_at', object: 'Acme', validFrom: day('2024-03-20') },
            { subject: 'Nobody', predicate: 'works_at', validFrom: day('2024-03-20') },
          ],
        })),
    };
    ingestEpisode(mem, { id: 'b', text: 'whatever', at: now, speaker: 'Sam' }, { extractor });
    expect(objects(mem, 'Sam', 'works_at', day('2024-03-25'), now)).toEqual([]);
    expect(objects(mem, 'Sam', 'works_at', day('2024-03-10'), now)).toEqual(['Acme']);
    expect(mem.getEntity('Nobody')).toBeUndefined();
  });

  it('refuses a malformed retraction or predicate declaration whole: the memory and its log are unchanged', () => {
    const now = day('2024-03-01');
    const mem = new MemoryGraph({ now: () => now });
    ingestEpisode(mem, { id: 'a', text: 'I work at Acme.', at: now, speaker: 'Sam' });
    const before = JSON.stringify(mem.log());
    const bad = (extra: object): Extractor => ({ id: 'bad', extract: (turns: readonly Turn[]) => turns.map(() => ({ entities: [], facts: [], ...extra })) });
    const cases: object[] = [
      { retractions: [{ subject: 'Sam', predicate: 'works_at' }] },
      { retractions: [{ subject: 'Sam', predicate: '', validFrom: now }] },
      { retractions: [{ subject: 'Sam', predicate: 'works_at', validFrom: now, validTo: now - 1 }] },
      { retractions: 'no' },
      { predicates: { lives_in: { cardinality: 'two' } } },
    ];
    for (const extra of cases) {
      expect(() => ingestEpisode(mem, { id: 'b', text: 'x', at: now, speaker: 'Sam' }, { extractor: bad(extra) }), JSON.stringify(extra)).toThrow(/^ingestEpisode: /);
      expect(JSON.stringify(mem.log())).toBe(before);
    }
  });
});

describe('state reading: clauses and times', () => {
  it('cuts a sentence at coordinations that start a clause, not inside a list', () => {
    expect(splitClauses(normalise('I live in Boston and I work at Acme Corp as a data analyst.'))).toEqual(['I live in Boston', 'I work at Acme Corp as a data analyst']);
    expect(splitClauses(normalise('I live in Austin and work at Dell.'))).toEqual(['I live in Austin', 'work at Dell']);
    expect(splitClauses(normalise('We have two cats, Pepper and Salt.'))).toEqual(['We have two cats, Pepper and Salt']);
    expect(splitClauses(normalise('I have a car and a bike.'))).toEqual(['I have a car and a bike']);
  });

  it('resolves fuzzy and durational times against the turn, by tense', () => {
    const at = day('2024-04-02');
    const one = (text: string, tense: 'past' | 'future' | 'unknown' = 'past'): [string | undefined, string | undefined, string] => {
      const t = clauseTimes(text, at, tense)[0]!;
      return [iso(t.start), iso(t.end), t.kind];
    };
    expect(one('I moved to Austin in late February')).toEqual(['2024-02-21', '2024-03-01', 'point']);
    expect(one('back in March')).toEqual(['2024-03-01', '2024-04-01', 'point']);
    expect(one('I started at Oracle in May', 'past')).toEqual(['2023-05-01', '2023-06-01', 'point']);
    expect(one('I start there in May', 'future')).toEqual(['2024-05-01', '2024-06-01', 'point']);
    expect(one("I've lived here since 2019")).toEqual(['2019-01-01', '2020-01-01', 'since']);
    expect(one("I've been working at Google for ten years")).toEqual(['2014-04-02', '2014-04-03', 'for']);
    expect(one('we broke up two weeks ago')).toEqual(['2024-03-19', '2024-03-20', 'point']);
    expect(one('I moved there at the start of the month')).toEqual(['2024-04-01', '2024-04-11', 'point']);
    // Tue 2 Apr 2024: a bare weekday by tense, seasons
    expect(one('Rex passed away on Saturday')).toEqual(['2024-03-30', '2024-03-31', 'point']);
    expect(one('I start on Friday', 'future')).toEqual(['2024-04-05', '2024-04-06', 'point']);
    expect(one('we moved last summer')).toEqual(['2023-06-01', '2023-09-01', 'point']);
    expect(one('we moved this winter')).toEqual(['2023-12-01', '2024-03-01', 'point']);
  });
});
