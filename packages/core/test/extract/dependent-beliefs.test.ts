// Dependent beliefs read from conversation, turn by turn through ingestEpisode with the record clock at each
// turn's time: a stated reason ("…because I live in Boston") makes the consequence rest on it; when the
// reason stops being believed (a move: Cascade; an ending or a correction with nothing in its place:
// Absence) the consequence is flagged unsupported from that turn, and reads before it still see it supported.
import { describe, expect, it } from 'vitest';
import { MemoryGraph, ingestEpisode } from '../../src/index.js';
import { conversation, day } from './turn-by-turn.js';


/** The speaker's facts of `predicate` that are supported (or not) at the cut, as their objects. */
function held(mem: MemoryGraph, predicate: string, at: number, supported: boolean): string[] {
  return mem.facts({ subject: 'Maya', predicate, validAt: at, knownAt: at, supported }).map((f) => ('name' in f.object ? f.object.name : String(f.object.value)));
}

describe('dependent beliefs from conversation', () => {
  it('Cascade: a move flags what rested on the old home from the move on', () => {
    const mem = conversation([
      ['2024-01-10', 'I live in Boston.'],
      ['2024-02-01', 'I take the bus because I live in Boston.'],
      ['2024-06-03', 'Big news: I moved to Denver last week!'],
    ]);
    const bus = mem.facts({ subject: 'Maya', predicate: 'take', knownAt: day('2024-02-01') })[0]!;
    expect(bus.object).toEqual({ value: 'bus' });
    expect(bus.dependsOn).toHaveLength(1);
    expect(mem.fact(bus.dependsOn![0]!)).toMatchObject({ predicate: 'lives_in', object: { name: 'Boston' } });
    expect(held(mem, 'take', day('2024-03-01'), true)).toEqual(['bus']);
    expect(held(mem, 'take', day('2024-03-01'), false)).toEqual([]);
    expect(held(mem, 'take', day('2024-06-04'), true)).toEqual([]);
    expect(held(mem, 'take', day('2024-06-04'), false)).toEqual(['bus']);
    expect(mem.facts({ subject: 'Maya', predicate: 'take' })[0]!.unsupportedSince).toBe(day('2024-06-03'));
  });

  it('Cascade: "because" first and ", so" forms, with a job change', () => {
    const mem = conversation([
      ['2024-03-01', 'Because I work at Acme Corp, I have a parking permit.'],
      ['2024-03-05', 'I live in Austin, so I have a bus pass.'],
      ['2024-08-01', 'I started a new job at Globex this month. I left Acme Corp.'],
    ]);
    expect(held(mem, 'has', day('2024-04-01'), true).sort()).toEqual(['bus pass', 'parking permit']);
    expect(held(mem, 'has', day('2024-08-02'), true)).toEqual(['bus pass']);
    expect(held(mem, 'has', day('2024-08-02'), false)).toEqual(['parking permit']);
  });

  it('Absence: an ending with nothing in its place, and a late correction, flag the consequence', () => {
    const ended = conversation([
      ['2024-01-10', 'I have a parking permit because I work at Acme Corp.'],
      ['2024-05-20', 'My last day at Acme Corp was last Friday.'],
    ]);
    expect(held(ended, 'has', day('2024-05-01'), true)).toEqual(['parking permit']);
    expect(held(ended, 'has', day('2024-05-21'), false)).toEqual(['parking permit']);

    const corrected = conversation([
      ['2024-01-10', 'I take the bus because I live in Boston.'],
      ['2024-03-02', 'Actually I misspoke: I never lived in Boston, I live in Cambridge.'],
    ]);
    expect(held(corrected, 'take', day('2024-02-01'), true)).toEqual(['bus']);
    expect(held(corrected, 'take', day('2024-03-03'), false)).toEqual(['bus']);
  });

  it('a turn without a stated reason records no dependency, and a reason that stays believed keeps it supported', () => {
    const mem = conversation([
      ['2024-01-10', 'I take the bus because I live in Boston.'],
      ['2024-02-10', 'I still live in Boston, I love it here.'],
      ['2024-03-10', 'I work at Acme Corp.'],
    ]);
    expect(held(mem, 'take', day('2024-03-11'), true)).toEqual(['bus']);
    expect(mem.facts({ subject: 'Maya', predicate: 'works_at' })[0]!.dependsOn).toBeUndefined();
  });
});

describe('an extractor that states dependencies', () => {
  const at = day('2024-01-10');
  const extractor = (dependsOn: unknown) => ({
    id: 'fixed',
    extract: () => [
      {
        entities: [{ name: 'Maya' }],
        facts: [
          { subject: 'Maya', predicate: 'report_to', object: 'Ana', confidence: 0.9, dependsOn },
          { subject: 'Maya', predicate: 'team', object: 'Search', confidence: 0.9 },
        ],
      },
    ],
  });

  it('links by index in the extraction or by an existing fact id', () => {
    let now = at;
    const mem = new MemoryGraph({ now: () => now });
    const lead = mem.assert({ subject: 'Search', predicate: 'lead', object: 'Ana' }).id!;
    const r = ingestEpisode(mem, { id: 't1', text: 'I report to Ana on the Search team.', at }, { extractor: extractor([{ index: 1 }, { fact: lead }]) as never });
    expect(mem.fact(r.facts[0]!.id!).dependsOn).toEqual([r.facts[1]!.id, lead]);
    now += 1000;
    mem.retract({ subject: 'Search', predicate: 'lead', object: 'Ana', validFrom: now });
    expect(mem.facts({ supported: false }).map((f) => f.predicate)).toEqual(['report_to']);
  });

  it('refuses a bad dependency by name and writes nothing', () => {
    for (const [bad, message] of [
      [[{ index: 5 }], /dependsOn\[0\]\.index must name another fact/],
      [[{ index: 0 }], /dependsOn\[0\]\.index must name another fact/],
      [[{ fact: 77 }], /dependsOn\[0\] names no fact/],
      [[{ other: 1 }], /must be \{ index \} or \{ fact \}/],
    ] as const) {
      const mem = new MemoryGraph({ now: () => at });
      const ops = mem.log().length;
      expect(() => ingestEpisode(mem, { id: 't1', text: 'x', at }, { extractor: extractor(bad) as never })).toThrow(message);
      expect(mem.log().length).toBe(ops);
    }
  });
});
