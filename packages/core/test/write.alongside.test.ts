// `assert({ alongside: true })`: an object of a one-at-a-time predicate held besides the others (a second
// job). It closes none of them; a later plain assertion supersedes them all; an ending names one.
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph, ingestEpisode } from '../src/index.js';
import type { Extractor } from '../src/index.js';

const day = (iso: string): number => Date.parse(`${iso}T12:00:00Z`);

function memory(): { mem: MemoryGraph; at: (iso: string) => void } {
  let now = day('2026-01-01');
  const mem = new MemoryGraph({ now: () => now, predicates: { works_at: { cardinality: 'one' }, likes: { cardinality: 'many' } } });
  return { mem, at: (iso) => (now = day(iso)) };
}

const jobs = (mem: MemoryGraph, validAt: string, knownAt: string): string[] =>
  mem
    .facts({ subject: 'Maya', predicate: 'works_at', validAt: day(validAt), knownAt: day(knownAt) })
    .map((f) => ('name' in f.object ? f.object.name : String(f.object.value)))
    .sort();

describe('assert alongside', () => {
  it('keeps the other objects of a one-at-a-time predicate open, and a later plain assertion supersedes them all', () => {
    const { mem, at } = memory();
    at('2026-01-10');
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Blue Bottle' });
    at('2026-02-10');
    const second = mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Kumon', alongside: true });
    expect(second.closed).toEqual([]);
    expect(jobs(mem, '2026-03-01', '2026-03-01')).toEqual(['Blue Bottle', 'Kumon']);
    // before the second job was told, and before it began
    expect(jobs(mem, '2026-03-01', '2026-02-01')).toEqual(['Blue Bottle']);
    expect(jobs(mem, '2026-01-20', '2026-03-01')).toEqual(['Blue Bottle']);

    at('2026-06-01');
    const third = mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Lufthansa' });
    expect(third.closed).toHaveLength(2);
    expect(jobs(mem, '2026-06-02', '2026-06-02')).toEqual(['Lufthansa']);
    expect(jobs(mem, '2026-05-01', '2026-06-02')).toEqual(['Blue Bottle', 'Kumon']);
    expect(jobs(mem, '2026-06-02', '2026-05-01')).toEqual(['Blue Bottle', 'Kumon']);
  });

  it('lets an ending close only the object it names', () => {
    const { mem, at } = memory();
    at('2026-01-10');
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Blue Bottle' });
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Kumon', alongside: true });
    at('2026-05-01');
    mem.retract({ subject: 'Maya', predicate: 'works_at', object: 'Kumon', validFrom: day('2026-04-24') });
    expect(jobs(mem, '2026-05-01', '2026-05-01')).toEqual(['Blue Bottle']);
    expect(jobs(mem, '2026-04-01', '2026-05-01')).toEqual(['Blue Bottle', 'Kumon']);
    expect(jobs(mem, '2026-05-01', '2026-04-30')).toEqual(['Blue Bottle', 'Kumon']);
  });

  it('reinforces a restated object without closing the one held beside it', () => {
    const { mem, at } = memory();
    at('2026-01-10');
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Blue Bottle' });
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Kumon', alongside: true });
    at('2026-03-10');
    expect(mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Blue Bottle' }).status).toBe('reinforced');
    expect(jobs(mem, '2026-03-10', '2026-03-10')).toEqual(['Blue Bottle', 'Kumon']);
  });

  it('is logged and replayed: the replayed memory reads and exports the same', () => {
    const { mem, at } = memory();
    at('2026-01-10');
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Blue Bottle' });
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Kumon', alongside: true, validFrom: day('2026-01-05') });
    at('2026-06-01');
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Lufthansa' });
    const log = mem.log();
    expect(log.filter((op) => op.type === 'assert' && op.alongside === true)).toHaveLength(1);
    const again = MemoryGraph.replay(JSON.parse(JSON.stringify(log)));
    expect(again.exportState()).toEqual(mem.exportState());
    expect(jobs(again, '2026-03-01', '2026-03-01')).toEqual(['Blue Bottle', 'Kumon']);
  });

  it('changes nothing on a predicate of cardinality many', () => {
    const { mem, at } = memory();
    at('2026-01-10');
    mem.assert({ subject: 'Maya', predicate: 'likes', object: 'tea' });
    mem.assert({ subject: 'Maya', predicate: 'likes', object: 'jazz', alongside: true });
    mem.assert({ subject: 'Maya', predicate: 'likes', object: 'chess', alongside: false });
    expect(mem.facts({ subject: 'Maya', predicate: 'likes' })).toHaveLength(3);
  });

  it('refuses an alongside that is not a boolean, changing nothing', () => {
    const { mem, at } = memory();
    at('2026-01-10');
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Blue Bottle' });
    const before = mem.log().length;
    const bad = { subject: 'Maya', predicate: 'works_at', object: 'Kumon', alongside: 'yes' } as unknown as Parameters<MemoryGraph['assert']>[0];
    expect(() => mem.assert(bad)).toThrow(InvalidArgumentError);
    expect(() => mem.assert(bad)).toThrow(/^MemoryGraph\.assert: alongside must be true or false/);
    expect(mem.log()).toHaveLength(before);
    expect(jobs(mem, '2026-01-10', '2026-01-10')).toEqual(['Blue Bottle']);
  });

  it("carries an extractor's alongside through ingestEpisode, and refuses one that is not a boolean", () => {
    const { mem, at } = memory();
    const extractor = (alongside: unknown): Extractor => ({
      id: 'two-jobs',
      extract: (turns) =>
        turns.map(() => ({
          entities: [],
          facts: [
            { subject: 'Maya', predicate: 'works_at', object: 'Blue Bottle', confidence: 1 },
            { subject: 'Maya', predicate: 'works_at', object: 'Kumon', confidence: 1, alongside: alongside as boolean },
          ],
        })),
    });
    at('2026-01-10');
    ingestEpisode(mem, { id: 't0', text: 'two jobs', at: day('2026-01-10'), speaker: 'Maya' }, { extractor: extractor(true) });
    expect(jobs(mem, '2026-01-10', '2026-01-10')).toEqual(['Blue Bottle', 'Kumon']);
    at('2026-01-11');
    const before = mem.log().length;
    expect(() => ingestEpisode(mem, { id: 't1', text: 'two jobs', at: day('2026-01-11'), speaker: 'Maya' }, { extractor: extractor(1) })).toThrow(/alongside must be true or false/);
    expect(mem.log()).toHaveLength(before);
  });
});
