// What ingestEpisode answers about a turn beyond its new facts: the endings and corrections it applied
// (each with the versions it closed and the parts it kept), and the beliefs a stated rule now rests on
// its premise. An agent reading the reply learns that "I left Acme" ended the job, without a second read.
import { describe, expect, it } from 'vitest';
import { MemoryGraph, ingestEpisode } from '../src/index.js';
import { day } from './extract/turn-by-turn.js';

function listener(start: string): { mem: MemoryGraph; say: (date: string, text: string) => ReturnType<typeof ingestEpisode> } {
  let now = day(start);
  const mem = new MemoryGraph({ now: () => now });
  let n = 0;
  return {
    mem,
    say: (date, text) => {
      now = day(date);
      return ingestEpisode(mem, { id: `t${n++}`, text, at: now, speaker: 'Maya' });
    },
  };
}

describe('ingestEpisode says what a turn ended and what a rule now rests on', () => {
  it('"I left Acme Corp": the job it closed, believed until the turn', () => {
    const { mem, say } = listener('2024-01-10');
    const first = say('2024-01-10', 'I work at Acme Corp as a data analyst.');
    expect(first.retractions).toEqual([]);
    const job = mem.facts({ subject: 'Maya', predicate: 'works_at' })[0]!;
    const left = say('2024-07-02', 'I left Acme Corp last week.');
    expect(left.retractions).toHaveLength(1);
    expect(left.retractions[0]!.closed).toEqual([job.id]);
    // the closed version is no longer believed; what the retraction kept (the job before it ended) is
    expect(mem.fact(job.id).invalidAt).toBe(day('2024-07-02'));
    const kept = left.retractions[0]!.added.map((id) => mem.fact(id));
    expect(kept.map((f) => [f.predicate, 'name' in f.object ? f.object.name : '']).sort()).toEqual([['works_at', 'Acme Corp']]);
    expect(kept[0]!.validTo).toBeLessThan(day('2024-07-02'));
    expect(mem.facts({ subject: 'Maya', predicate: 'works_at', validAt: day('2024-07-03') })).toEqual([]);
  });

  it('an ending about nothing the memory holds closes nothing and is not listed', () => {
    const { say } = listener('2024-01-10');
    expect(say('2024-01-10', 'I left Globex years ago.').retractions).toEqual([]);
  });

  it('"if the team lead changes, the weekly report goes to James Lee": the arrangement re-asserted on its premise', () => {
    const { mem, say } = listener('2024-03-01');
    say('2024-03-01', 'Sara Kim is our team lead.');
    expect(say('2024-03-04', 'I send the weekly report to Sara Kim every Friday.').rules).toEqual([]);
    const ruled = say('2024-03-10', 'If the team lead changes, the weekly report goes to James Lee.');
    expect(ruled.rules).toHaveLength(1);
    const arrangement = mem.fact(ruled.rules[0]!.id!);
    expect(arrangement).toMatchObject({ predicate: 'weekly_report', object: { name: 'Sara Kim' }, onPremiseChange: { object: { name: 'James Lee' } } });
    expect(mem.fact(arrangement.dependsOn![0]!)).toMatchObject({ predicate: 'team_lead', object: { name: 'Sara Kim' } });
  });
});
