// Two jobs at once: `works_at` is one at a time unless the speaker says the job is held besides the other
// (a second job, also, on the side, two jobs). Such a job supersedes none; an ending closes only the one it
// names; an ordinary new job still replaces every one. Read turn by turn, earlier beliefs included.
import { describe, expect, it } from 'vitest';
import type { MemoryGraph } from '../../src/index.js';
import { conversation, day } from './turn-by-turn.js';

const jobs = (mem: MemoryGraph, validAt: string, knownAt: string): string[] =>
  mem
    .facts({ subject: 'Maya', predicate: 'works_at', validAt: day(validAt), knownAt: day(knownAt) })
    .map((f) => ('name' in f.object ? f.object.name : String(f.object.value)))
    .sort();

describe('two jobs held at once', () => {
  it('"…and also at Y on weekends", then the weekend job at Y quit', () => {
    const mem = conversation([
      ['2026-01-10', 'I work at Acme and also at Blue Bottle on weekends.'],
      ['2026-04-01', 'I quit the weekend job at Blue Bottle, no more early Saturdays.'],
    ]);
    expect(jobs(mem, '2026-01-10', '2026-01-10')).toEqual(['Acme', 'Blue Bottle']);
    expect(jobs(mem, '2026-04-01', '2026-04-01')).toEqual(['Acme']);
    expect(jobs(mem, '2026-03-01', '2026-04-01')).toEqual(['Acme', 'Blue Bottle']);
    // what the memory believed before the ending was said
    expect(jobs(mem, '2026-04-02', '2026-03-15')).toEqual(['Acme', 'Blue Bottle']);
  });

  it('"a second job", then an ordinary new job replaces both', () => {
    const mem = conversation([
      ['2026-01-10', "I'm a nurse at St Mary's."],
      ['2026-02-01', 'Money is tight so I got a second job at Kumon, evenings.'],
      ['2026-06-01', 'Started at Globex last week, finally one proper job!'],
    ]);
    expect(jobs(mem, '2026-01-20', '2026-01-20')).toEqual(["St Mary's"]);
    expect(jobs(mem, '2026-03-01', '2026-03-01')).toEqual(['Kumon', "St Mary's"]);
    expect(jobs(mem, '2026-06-01', '2026-06-01')).toEqual(['Globex']);
    expect(jobs(mem, '2026-05-01', '2026-06-01')).toEqual(['Kumon', "St Mary's"]);
    expect(jobs(mem, '2026-06-01', '2026-05-01')).toEqual(['Kumon', "St Mary's"]);
  });

  it('"I have two jobs: one at X and one at Y", then "I left X"', () => {
    const mem = conversation([
      ['2026-01-10', 'I have two jobs: one at Lidl and one at the Odeon cinema.'],
      ['2026-03-01', 'I left Lidl last week.'],
    ]);
    expect(jobs(mem, '2026-01-10', '2026-01-10')).toEqual(['Lidl', 'Odeon']);
    expect(jobs(mem, '2026-03-01', '2026-03-01')).toEqual(['Odeon']);
    expect(jobs(mem, '2026-02-01', '2026-03-01')).toEqual(['Lidl', 'Odeon']);
    expect(jobs(mem, '2026-03-01', '2026-02-01')).toEqual(['Lidl', 'Odeon']);
  });

  it('"I still work at X but I\'ve also started at Y"', () => {
    const mem = conversation([
      ['2026-01-10', 'I work at Deloitte.'],
      ['2026-05-01', "I still work at Deloitte but I've also started at Codecademy, teaching on weekends."],
    ]);
    expect(jobs(mem, '2026-05-01', '2026-05-01')).toEqual(['Codecademy', 'Deloitte']);
    expect(jobs(mem, '2026-05-01', '2026-04-01')).toEqual(['Deloitte']);
  });

  it('"a part-time gig … besides my day job", then the side gig dropped without its name', () => {
    const mem = conversation([
      ['2026-01-10', 'I work for Siemens in Munich.'],
      ['2026-02-10', 'I picked up a part-time gig at Deliveroo besides my day job.'],
      ['2026-05-10', 'I dropped the side gig, my knees could not take it.'],
    ]);
    expect(jobs(mem, '2026-03-01', '2026-03-01')).toEqual(['Deliveroo', 'Siemens']);
    expect(jobs(mem, '2026-05-10', '2026-05-10')).toEqual(['Siemens']);
    expect(jobs(mem, '2026-05-10', '2026-05-01')).toEqual(['Deliveroo', 'Siemens']);
    // a side job quit that the memory never heard of ends no job
    const unknown = conversation([
      ['2026-01-10', 'I work for Siemens in Munich.'],
      ['2026-05-10', 'I quit my weekend job, my knees could not take it.'],
    ]);
    expect(jobs(unknown, '2026-05-10', '2026-05-10')).toEqual(['Siemens']);
  });

  it('"by day … on weekends …" in one turn, then a layoff ends both', () => {
    const mem = conversation([
      ['2026-01-10', "By day I'm an accountant at KPMG, and on weekends I wait tables at Nando's."],
      ['2026-07-01', 'Got laid off yesterday, both jobs gone in one week.'],
    ]);
    expect(jobs(mem, '2026-01-10', '2026-01-10')).toEqual(['KPMG', "Nando's"]);
    expect(jobs(mem, '2026-07-01', '2026-07-01')).toEqual([]);
    expect(jobs(mem, '2026-06-01', '2026-07-01')).toEqual(['KPMG', "Nando's"]);
  });

  it('"juggling two jobs: X … and Y …", "on top of my …", "alongside my …"; never "applied for two jobs"', () => {
    const listed = conversation([['2026-01-10', "I've been juggling two jobs: Starbucks in the mornings and Target at night."]]);
    expect(jobs(listed, '2026-01-10', '2026-01-10')).toEqual(['Starbucks', 'Target']);
    const onTop = conversation([
      ['2026-01-10', 'I work at Acme.'],
      ['2026-02-10', 'I started a part-time job at Kumon on top of my full-time role.'],
      ['2026-03-10', 'Alongside my job at Acme I now volunteer at the Red Cross.'],
    ]);
    expect(jobs(onTop, '2026-03-10', '2026-03-10')).toEqual(['Acme', 'Kumon', 'Red Cross']);
    expect(jobs(onTop, '2026-03-10', '2026-02-20')).toEqual(['Acme', 'Kumon']);
    const applied = conversation([
      ['2026-01-10', 'I work at Acme.'],
      ['2026-02-10', 'I applied for two jobs: Google and Meta.'],
    ]);
    expect(jobs(applied, '2026-02-10', '2026-02-10')).toEqual(['Acme']);
  });

  it('a job told as a change still replaces the old one ("also" beside another change or another person, "new job")', () => {
    const moved = conversation([
      ['2026-01-10', 'I work at Acme.'],
      ['2026-04-01', 'Big month: I moved to Denver and also started at Globex.'],
    ]);
    expect(jobs(moved, '2026-04-01', '2026-04-01')).toEqual(['Globex']);
    const fresh = conversation([
      ['2026-01-10', 'I work at Acme.'],
      ['2026-04-01', 'I also got a new job at Globex, starting today.'],
    ]);
    expect(jobs(fresh, '2026-04-01', '2026-04-01')).toEqual(['Globex']);
    // "also" comparing with someone else's job says nothing of a second one
    const compared = conversation([
      ['2026-01-10', 'I work at Acme.'],
      ['2026-04-01', 'My sister works at Google and I also work at Google now.'],
    ]);
    expect(jobs(compared, '2026-04-01', '2026-04-01')).toEqual(['Google']);
    const plain = conversation([
      ['2026-01-10', 'I work at Acme.'],
      ['2026-04-01', 'I started at Globex this week.'],
    ]);
    expect(jobs(plain, '2026-04-02', '2026-04-02')).toEqual(['Globex']);
    expect(jobs(plain, '2026-04-02', '2026-03-01')).toEqual(['Acme']);
  });
});
