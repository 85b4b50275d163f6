import { describe, expect, it } from 'vitest';
import {
  CorruptSnapshotError,
  InvalidArgumentError,
  MemoryGraph,
  NotFoundError,
  PalimpsestError,
  SnapshotVersionError,
  TimeOrderError,
} from '@palimpsest/core';

/** A memory with some history: entities, facts of both cardinalities, a supersession, an episode. */
function seeded() {
  let now = Date.parse('2025-03-01T00:00:00Z');
  const mem = new MemoryGraph({
    now: () => now,
    dimensions: 3,
    predicates: { price: { cardinality: 'one', minConfidence: 0.8 } },
  });
  mem.entity({ name: 'Alice', type: 'person', aliases: ['Ali'], vector: [1, 0, 0] });
  mem.episode({ id: 'turn-1', text: 'Alice joined Acme.', at: now, entities: ['Alice', 'Acme'] });
  mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme', episode: 'turn-1', evidence: ['turn-1'] });
  mem.assert({ subject: 'pro', predicate: 'price', object: { value: 40 }, validFrom: '2025-01-01' });
  now += 86_400_000;
  mem.assert({ subject: 'pro', predicate: 'price', object: { value: 50 }, validFrom: '2025-02-01' });
  return { mem, advance: (ms: number) => (now += ms) };
}

type Case = [what: string, call: (mem: MemoryGraph) => unknown, error: new (...args: never[]) => Error, prefix: string];

const cases: Case[] = [
  ['validFrom ≥ validTo', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', validFrom: 10, validTo: 10 }), InvalidArgumentError, 'MemoryGraph.assert: validFrom'],
  ['NaN time', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', validFrom: NaN }), InvalidArgumentError, 'MemoryGraph.assert: validFrom'],
  ['non-integer time', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', validFrom: 1.5 }), InvalidArgumentError, 'MemoryGraph.assert: validFrom'],
  ['a date string that is not ISO-8601', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', validFrom: 'next tuesday' }), InvalidArgumentError, 'MemoryGraph.assert: validFrom'],
  ['an invalid Date', (m) => m.facts({ validAt: new Date('nope') }), InvalidArgumentError, 'MemoryGraph.facts: validAt'],
  ['record time going backwards', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', recordedAt: '2024-01-01' }), TimeOrderError, 'MemoryGraph.assert: recordedAt'],
  ['record time going backwards (retract)', (m) => m.retract({ subject: 'Alice', predicate: 'works_at', recordedAt: 0 }), TimeOrderError, 'MemoryGraph.retract: recordedAt'],
  ['confidence above 1', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', confidence: 1.2 }), InvalidArgumentError, 'MemoryGraph.assert: confidence'],
  ['confidence below 0', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', confidence: -0.1 }), InvalidArgumentError, 'MemoryGraph.assert: confidence'],
  ['empty entity name', (m) => m.entity({ name: '  \u0007 ' }), InvalidArgumentError, 'MemoryGraph.entity: name is empty'],
  ['over-long entity name', (m) => m.entity({ name: 'é'.repeat(300) }), InvalidArgumentError, 'MemoryGraph.entity: name is 600 bytes'],
  ['empty subject name', (m) => m.assert({ subject: '', predicate: 'p', object: 'b' }), InvalidArgumentError, 'MemoryGraph.assert: subject is empty'],
  ['over-long object name', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'x'.repeat(513) }), InvalidArgumentError, 'MemoryGraph.assert: object is 513 bytes'],
  ['an alias that names another entity', (m) => m.entity({ name: 'Bob', aliases: ['ali'] }), InvalidArgumentError, 'MemoryGraph.entity: alias "ali"'],
  ['a vector of the wrong dimension', (m) => m.entity({ name: 'Carol', vector: [1, 2] }), InvalidArgumentError, 'MemoryGraph.entity: vector has 2 dimensions'],
  ['a vector with NaN', (m) => m.episode({ id: 'e9', text: 't', at: 0, vector: [1, NaN, 0] }), InvalidArgumentError, 'MemoryGraph.episode: vector[1]'],
  ['unknown entity id', (m) => m.assert({ subject: { id: 999 }, predicate: 'p', object: 'b' }), NotFoundError, 'MemoryGraph.assert: subject names entity #999'],
  ['unknown entity id in a read', (m) => m.facts({ subject: { id: 999 } }), NotFoundError, 'MemoryGraph.facts: subject names entity #999'],
  ['unknown fact id', (m) => m.fact(12345), NotFoundError, 'MemoryGraph.fact: no fact version #12345'],
  ['unknown fact id to archive', (m) => m.archive([0, 999]), NotFoundError, 'MemoryGraph.archive: no fact version #999'],
  ['retract about an unknown entity', (m) => m.retract({ subject: 'nobody', predicate: 'p' }), NotFoundError, 'MemoryGraph.retract: subject "nobody"'],
  ['unknown episode on a fact', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', episode: 'nope' }), NotFoundError, 'MemoryGraph.assert: episode "nope"'],
  ['duplicate episode id', (m) => m.episode({ id: 'turn-1', text: 'again', at: 0 }), InvalidArgumentError, 'MemoryGraph.episode: episode "turn-1" already exists'],
  ['an unknown edge type', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', edgeType: 'magic' as never }), InvalidArgumentError, 'MemoryGraph.assert: edgeType'],
  ['a literal that is not a value', (m) => m.assert({ subject: 'a', predicate: 'p', object: { value: {} as never } }), InvalidArgumentError, 'MemoryGraph.assert: object.value'],
  ['a non-object argument', (m) => m.assert(null as never), InvalidArgumentError, 'MemoryGraph.assert: expected an object'],
  ['merging an entity into itself', (m) => m.merge({ into: 'Alice', from: 'ali' }), InvalidArgumentError, 'MemoryGraph.merge: into and from are the same'],
  ['changing the cardinality of a used predicate', (m) => m.definePredicate('price', { cardinality: 'many' }), InvalidArgumentError, 'MemoryGraph.definePredicate: predicate "price"'],
  ['changes with since after until', (m) => m.changes({ since: 10, until: 5 }), InvalidArgumentError, 'MemoryGraph.changes: since'],
  ['a corrupt state', (m) => MemoryGraph.fromState({ ...m.exportState(), columns: { ...m.exportState().columns, 'fact.triple': new Int32Array([7, 7, 7, 7, 7]) } }), CorruptSnapshotError, 'MemoryGraph.fromState:'],
  ['a state of a future format', (m) => MemoryGraph.fromState({ ...m.exportState(), formatVersion: 99 }), SnapshotVersionError, 'MemoryGraph.fromState: state format 99 is newer'],
  ['a log without its init operation', () => MemoryGraph.replay([]), InvalidArgumentError, 'MemoryGraph.replay:'],
];

describe('bad input gets a named error and changes nothing', () => {
  for (const [what, call, ErrorClass, prefix] of cases) {
    it(what, () => {
      const { mem, advance } = seeded();
      advance(1000);
      const before = mem.exportState();
      const reads = JSON.stringify([mem.facts(), mem.history({ subject: 'pro' }), mem.log()]);
      let thrown: unknown;
      try {
        call(mem);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ErrorClass);
      expect(thrown).toBeInstanceOf(PalimpsestError);
      expect((thrown as Error).name).toBe(ErrorClass.name);
      expect((thrown as Error).message.startsWith(prefix), (thrown as Error).message).toBe(true);
      // The memory, its log and its indexes are exactly as before.
      expect(mem.exportState()).toEqual(before);
      expect(JSON.stringify([mem.facts(), mem.history({ subject: 'pro' }), mem.log()])).toBe(reads);
    });
  }

  it('every error class has a distinct name', () => {
    const names = [InvalidArgumentError, NotFoundError, TimeOrderError, CorruptSnapshotError, SnapshotVersionError].map((C) => new C('x').name);
    expect(new Set(names).size).toBe(5);
  });

  it('an assertion below the grounding gate is logged as rejected and changes nothing else', () => {
    const { mem, advance } = seeded();
    advance(1000);
    const before = mem.exportState();
    const result = mem.assert({ subject: 'pro', predicate: 'price', object: { value: 10 }, confidence: 0.5 });
    expect(result.status).toBe('rejected');
    const after = mem.exportState();
    const log = mem.log();
    expect(log[log.length - 1]).toMatchObject({ type: 'assert', rejected: true, confidence: 0.5 });
    // Only the log grew: every other column is as it was.
    for (const name of Object.keys(before.columns)) if (!name.startsWith('log.')) expect(after.columns[name], name).toEqual(before.columns[name]);
    expect(mem.facts({ subject: 'pro' }).map((f) => f.object)).toEqual([{ value: 50 }]);
  });

  it('a rejected assertion about names the memory does not know creates no entity, and replays', () => {
    const { mem, advance } = seeded();
    advance(1000);
    const before = mem.exportState();
    expect(mem.assert({ subject: 'newco', predicate: 'price', object: 'Someone', confidence: 0.1 }).status).toBe('rejected');
    expect(mem.getEntity('newco')).toBeUndefined();
    expect(mem.exportState().columns['entity.name']).toEqual(before.columns['entity.name']);
    const again = MemoryGraph.replay(mem.log());
    expect(again.exportState()).toEqual(mem.exportState());
  });
});
