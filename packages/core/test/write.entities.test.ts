import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';

const T = (iso: string) => Date.parse(iso);

describe('entities', () => {
  it('canonical names are trimmed, lower-cased and stripped of control characters; display names keep case', () => {
    const mem = new MemoryGraph({ now: () => 1000 });
    const e = mem.entity({ name: '  Ada\u0000 Lovelace ', type: 'person', aliases: ['Countess of Lovelace'] });
    expect(e).toMatchObject({ name: 'ada lovelace', displayName: 'Ada Lovelace', type: 'person', aliases: ['countess of lovelace'] });
    expect(mem.entity({ name: 'ADA LOVELACE' }).id).toBe(e.id);
    expect(mem.getEntity('countess of LOVELACE')?.id).toBe(e.id);
  });

  it('entity() with an existing name adds new aliases as one logged operation, and nothing when there are none', () => {
    let now = 1000;
    const mem = new MemoryGraph({ now: () => now });
    mem.entity({ name: 'Robert' });
    const ops = mem.log().length;
    now = 2000;
    expect(mem.entity({ name: 'robert', aliases: ['Bob', 'Bobby'] }).aliases).toEqual(['bob', 'bobby']);
    expect(mem.log().slice(ops)).toEqual([{ type: 'alias', recordedAt: 2000, entity: 0, aliases: ['bob', 'bobby'] }]);
    mem.entity({ name: 'Robert', aliases: ['bob'] });
    expect(mem.log().length).toBe(ops + 1);
    expect(mem.facts({ subject: 'Bobby' })).toEqual([]);
    mem.assert({ subject: 'Bobby', predicate: 'likes', object: 'tea' });
    expect(mem.facts({ subject: 'Robert' }).map((f) => f.subject.name)).toEqual(['Robert']);
  });

  it('an unknown name reads as nothing; an unknown id is an error', () => {
    const mem = new MemoryGraph({ now: () => 1 });
    expect(mem.facts({ subject: 'nobody' })).toEqual([]);
    expect(mem.neighbors('nobody')).toEqual([]);
    expect(mem.history({ subject: 'nobody' })).toEqual([]);
    expect(() => mem.facts({ subject: { id: 3 } })).toThrow(/entity #3/);
  });
});

describe('merging entities is an operation with its own record time', () => {
  function build() {
    let now = T('2025-01-01');
    const mem = new MemoryGraph({ now: () => now, predicates: { lives_in: { cardinality: 'one' } } });
    mem.assert({ subject: 'Robert Smith', predicate: 'lives_in', object: 'Paris', validFrom: '2024-01-01' });
    mem.assert({ subject: 'Bob', predicate: 'lives_in', object: 'Lyon', validFrom: '2024-06-01' });
    mem.assert({ subject: 'Bob', predicate: 'likes', object: 'jazz', validFrom: '2024-01-01' });
    mem.assert({ subject: 'Carol', predicate: 'knows', object: 'Bob', validFrom: '2024-01-01' });
    now = T('2025-02-01');
    mem.merge({ into: 'Robert Smith', from: 'Bob' });
    now = T('2025-03-01');
    return mem;
  }
  const cutBefore = { validAt: '2024-09-01', knownAt: '2025-01-15' };
  const cutAfter = { validAt: '2024-09-01', knownAt: '2025-02-15' };
  const names = (facts: Array<{ predicate: string; object: object }>) =>
    facts.map((f) => `${f.predicate}:${'name' in f.object ? String(f.object.name) : String((f.object as { value: unknown }).value)}`).sort();

  it('a read known before the merge does not see it', () => {
    const mem = build();
    expect(names(mem.facts({ subject: 'Bob', ...cutBefore }))).toEqual(['likes:jazz', 'lives_in:Lyon']);
    expect(names(mem.facts({ subject: 'Robert Smith', ...cutBefore }))).toEqual(['lives_in:Paris']);
    expect(mem.facts({ subject: 'Carol', ...cutBefore })[0]!.object).toMatchObject({ name: 'Bob' });
  });

  it('after the merge both names read one entity; the survivor keeps its own cardinality-one value', () => {
    const mem = build();
    expect(names(mem.facts({ subject: 'Bob', ...cutAfter }))).toEqual(['likes:jazz', 'lives_in:Paris']);
    expect(names(mem.facts({ subject: 'Robert Smith', ...cutAfter }))).toEqual(['likes:jazz', 'lives_in:Paris']);
    expect(mem.facts({ subject: 'Carol', ...cutAfter })[0]!.object).toMatchObject({ name: 'Robert Smith' });
    expect(mem.getEntity('Bob', { knownAt: '2025-01-15' })?.name).toBe('bob');
    expect(mem.getEntity('Bob')?.name).toBe('robert smith');
  });

  it("history of the survivor includes the merged entity's versions, closed at the merge and linked to their successors", () => {
    const mem = build();
    const h = mem.history({ subject: 'Robert Smith', predicate: 'likes' });
    expect(h.map((f) => [f.subject.name, f.recordedAt, f.invalidAt])).toEqual([
      ['Bob', T('2025-01-01'), T('2025-02-01')],
      ['Robert Smith', T('2025-02-01'), Infinity],
    ]);
    expect(h[0]!.supersededBy).toEqual([h[1]!.id]);
  });

  it('a merge replays exactly', () => {
    const mem = build();
    expect(MemoryGraph.replay(mem.log()).exportState()).toEqual(mem.exportState());
  });
});

describe('reads', () => {
  it('times are accepted as numbers, Dates and ISO strings, and returned as numbers', () => {
    const mem = new MemoryGraph({ now: () => T('2025-05-01') });
    mem.assert({ subject: 'a', predicate: 'p', object: 'b', validFrom: new Date('2025-01-01T00:00:00Z'), validTo: '2025-12-31' });
    const [f] = mem.facts({ validAt: T('2025-06-01'), knownAt: new Date('2025-05-01T00:00:00Z') });
    expect(f).toMatchObject({ validFrom: T('2025-01-01'), validTo: T('2025-12-31'), recordedAt: T('2025-05-01'), invalidAt: Infinity });
  });

  it('literal objects of each type, and provenance on the version', () => {
    const mem = new MemoryGraph({ now: () => 5 });
    mem.episode({ id: 'ep1', text: 'The answer is 42.', at: 5 });
    mem.assert({ subject: 'q', predicate: 'answer', object: { value: 42 }, validFrom: 0, source: 'chat', evidence: ['ep1', 'ep1'], reason: 'said so', edgeType: 'semantic', episode: 'ep1', confidence: 0.9 });
    mem.assert({ subject: 'q', predicate: 'open', object: { value: false }, validFrom: 0 });
    mem.assert({ subject: 'q', predicate: 'label', object: { value: 'forty-two' }, validFrom: 0 });
    const facts = mem.facts({ subject: 'q' });
    expect(facts.map((f) => f.object)).toEqual([{ value: 42 }, { value: false }, { value: 'forty-two' }]);
    expect(facts[0]).toMatchObject({ source: 'chat', evidence: ['ep1'], reason: 'said so', edgeType: 'semantic', episode: 'ep1' });
    expect(facts[0]!.confidence).toBeCloseTo(0.9, 6);
    expect(mem.facts({ object: { value: false } }).map((f) => f.predicate)).toEqual(['open']);
  });

  it('a re-assertion inside what is believed reinforces: no new version, more evidence, higher confidence, last seen', () => {
    let now = 100;
    const mem = new MemoryGraph({ now: () => now });
    const first = mem.assert({ subject: 'a', predicate: 'likes', object: 'b', validFrom: 0, confidence: 0.6, evidence: ['m1'] });
    now = 200;
    const again = mem.assert({ subject: 'a', predicate: 'likes', object: 'b', validFrom: 10, validTo: 50, confidence: 0.9, evidence: ['m2'] });
    expect(again).toEqual({ status: 'reinforced', id: first.id, closed: [], added: [] });
    const f = mem.fact(first.id!);
    expect(f.evidence).toEqual(['m1', 'm2']);
    expect(f.confidence).toBeCloseTo(0.9, 6);
    expect(f.lastSeenAt).toBe(200);
    expect(mem.history({ subject: 'a' })).toHaveLength(1);
  });

  it('changes on the record axis: what the memory started and stopped believing', () => {
    let now = T('2025-01-01');
    const mem = new MemoryGraph({ now: () => now, predicates: { price: { cardinality: 'one' } } });
    mem.assert({ subject: 'pro', predicate: 'price', object: { value: 40 }, validFrom: '2025-01-01' });
    now = T('2025-03-15');
    mem.assert({ subject: 'pro', predicate: 'price', object: { value: 50 }, validFrom: '2025-03-01' });
    const week = mem.changes({ since: '2025-03-08', until: '2025-03-15' });
    expect(week.removed.map((f) => [f.object, f.validFrom, f.validTo])).toEqual([[{ value: 40 }, T('2025-01-01'), Infinity]]);
    expect(week.added.map((f) => [f.object, f.validFrom, f.validTo])).toEqual([
      [{ value: 50 }, T('2025-03-01'), Infinity],
      [{ value: 40 }, T('2025-01-01'), T('2025-03-01')],
    ]);
    const valid = mem.changes({ since: '2025-02-15', until: '2025-03-15', axis: 'valid' });
    expect(valid.added.map((f) => f.object)).toEqual([{ value: 50 }]);
    expect(valid.removed.map((f) => f.object)).toEqual([{ value: 40 }]);
  });

  it('neighbors one hop out, and views that hold a cut', () => {
    let now = T('2025-01-01');
    const mem = new MemoryGraph({ now: () => now, predicates: { works_on: { cardinality: 'one' } } });
    mem.assert({ subject: 'Alex', predicate: 'works_on', object: 'ProjectX', validFrom: '2025-01-01' });
    mem.assert({ subject: 'ProjectX', predicate: 'uses', object: 'PostgreSQL', validFrom: '2025-01-01' });
    now = T('2025-02-01');
    mem.assert({ subject: 'Alex', predicate: 'works_on', object: 'ProjectY', validFrom: '2025-02-01' });
    const jan = mem.at({ validAt: '2025-01-15', knownAt: '2025-01-15' });
    expect(jan.neighbors('Alex').map((n) => [n.entity.name, n.direction])).toEqual([['ProjectX', 'out']]);
    expect(mem.neighbors('ProjectX', { direction: 'in', validAt: '2025-01-15' }).map((n) => n.entity.name)).toEqual(['Alex']);
    expect(mem.neighbors('ProjectX', { direction: 'in' })).toEqual([]);
    expect(jan.facts({ subject: 'Alex' }).map((f) => (f.object as { name: string }).name)).toEqual(['ProjectX']);
    expect(mem.at().facts({ subject: 'Alex' }).map((f) => (f.object as { name: string }).name)).toEqual(['ProjectY']);
  });

  it('archived versions still answer bi-temporal reads unless asked not to', () => {
    let now = 10;
    const mem = new MemoryGraph({ now: () => now });
    const { id } = mem.assert({ subject: 'a', predicate: 'p', object: 'b', validFrom: 0 });
    now = 20;
    mem.archive([id!]);
    expect(mem.facts()).toHaveLength(1);
    expect(mem.facts()[0]!.archivedAt).toBe(20);
    expect(mem.facts({ includeArchived: false })).toHaveLength(0);
    now = 30;
    mem.unarchive([id!]);
    expect(mem.facts({ includeArchived: false })).toHaveLength(1);
    expect(MemoryGraph.replay(mem.log()).exportState()).toEqual(mem.exportState());
  });

  it('episodes are raw evidence with their own time, mentioning entities', () => {
    const mem = new MemoryGraph({ now: () => 50 });
    const ep = mem.episode({ id: 'D1:3', text: 'Caroline went to the LGBTQ support group yesterday.', at: 40, speaker: 'Caroline', entities: ['Caroline', 'support group'] });
    expect(ep).toEqual({ id: 'D1:3', text: ep.text, at: 40, recordedAt: 50, speaker: 'Caroline', entities: [0, 1] });
    expect(mem.getEpisode('D1:3')).toEqual(ep);
  });
});
