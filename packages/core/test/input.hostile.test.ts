import { describe, expect, it } from 'vitest';
import { CorruptSnapshotError, ingestEpisode, MemoryGraph, NotFoundError, PalimpsestError } from '@palimpsest/core';
import type { Operation } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';

/** Hostile inputs, one case each: a named error and nothing changed, or accepted and replayable. */

const T0 = Date.parse('2025-03-01T00:00:00Z');

function seeded(dimensions = 0) {
  const mem = new MemoryGraph({ now: () => T0, ...(dimensions > 0 ? { dimensions } : {}) });
  mem.episode({ id: 'm1', text: 'Alice joined Acme.', at: T0 });
  mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme', evidence: ['m1'] });
  return mem;
}

function bytesOf(mem: MemoryGraph): string {
  const state = mem.exportState();
  const cols = Object.keys(state.columns)
    .sort()
    .map((name) => `${name}:${Buffer.from(state.columns[name]!.buffer, state.columns[name]!.byteOffset, state.columns[name]!.byteLength).toString('base64')}`);
  return JSON.stringify([state.config, state.strings, cols, mem.log()]);
}

/** The call is refused with a named error starting with `prefix`, and the memory is byte-identical. */
function refuses(mem: MemoryGraph, run: () => unknown, prefix: string): Error {
  const before = bytesOf(mem);
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a refusal').toBeInstanceOf(PalimpsestError);
  expect((thrown as Error).message.startsWith(prefix), (thrown as Error).message).toBe(true);
  expect(bytesOf(mem)).toBe(before);
  return thrown as Error;
}

function replaysEqual(mem: MemoryGraph): void {
  expect(bytesOf(MemoryGraph.replay(mem.log(), { now: () => T0 }))).toBe(bytesOf(mem));
}

describe('option objects and odd arguments are refused by name', () => {
  it('null options, Symbol and prototype-less ids', () => {
    const mem = seeded();
    refuses(mem, () => mem.archive([0], null as never), 'MemoryGraph.archive:');
    refuses(mem, () => mem.unarchive([0], null as never), 'MemoryGraph.unarchive:');
    refuses(mem, () => mem.touch([0], null as never), 'MemoryGraph.touch:');
    refuses(mem, () => mem.setSalience([0], [0.5], null as never), 'MemoryGraph.setSalience:');
    refuses(mem, () => mem.getEntity('a', null as never), 'MemoryGraph.getEntity:');
    refuses(mem, () => MemoryGraph.replay(mem.log(), null as never), 'MemoryGraph.replay:');
    expect(refuses(mem, () => mem.fact(Symbol() as never), 'MemoryGraph.fact:')).toBeInstanceOf(NotFoundError);
    expect(refuses(mem, () => mem.fact(Object.create(null) as never), 'MemoryGraph.fact:')).toBeInstanceOf(NotFoundError);
  });

  it('replay: holes, null ops, BigInt, cycles and a bad init op under its own name', () => {
    const mem = seeded();
    const log = mem.log();
    refuses(mem, () => MemoryGraph.replay([log[0]!, undefined as never]), 'MemoryGraph.replay:');
    refuses(mem, () => MemoryGraph.replay([null as never]), 'MemoryGraph.replay:');
    refuses(mem, () => MemoryGraph.replay([log[0]!, { ...log[1]!, recordedAt: 10n as never }]), 'MemoryGraph.replay:');
    const cyclic = { ...log[1]! } as Record<string, unknown>;
    cyclic.self = cyclic;
    refuses(mem, () => MemoryGraph.replay([log[0]!, cyclic as never]), 'MemoryGraph.replay:');
    refuses(mem, () => MemoryGraph.replay([{ ...log[0]!, minConfidence: 2 } as Operation]), 'MemoryGraph.replay: operation 0');
    refuses(mem, () => MemoryGraph.replay([log[0]!, { ...log[1]!, extra: 1 } as Operation]), 'MemoryGraph.replay: operation 1');
  });

  it('fromState with a column or a string list set to null is a damaged state', () => {
    const mem = seeded();
    for (const name of ['fact.triple', 'entity.name', 'log.bytes']) {
      const state = mem.exportState();
      (state.columns as Record<string, unknown>)[name] = null;
      expect(refuses(mem, () => MemoryGraph.fromState(state), 'MemoryGraph.fromState:')).toBeInstanceOf(CorruptSnapshotError);
    }
    const state = mem.exportState();
    (state.strings as Record<string, unknown>).strings = null;
    expect(refuses(mem, () => MemoryGraph.fromState(state), 'MemoryGraph.fromState:')).toBeInstanceOf(CorruptSnapshotError);
    (state as unknown as Record<string, unknown>).config = { ...mem.exportState().config, predicates: null };
    expect(refuses(mem, () => MemoryGraph.fromState(state), 'MemoryGraph.fromState:')).toBeInstanceOf(CorruptSnapshotError);
  });
});

describe('sparse arrays are refused, never logged as null', () => {
  it('salience values, evidence, episode entities and aliases with holes', () => {
    const mem = seeded();
    refuses(mem, () => mem.setSalience([0], new Array(1)), 'MemoryGraph.setSalience: values[0] is a hole');
    refuses(mem, () => mem.assert({ subject: 'a', predicate: 'p', object: 'b', evidence: [, 'm1'] as string[] }), 'MemoryGraph.assert: evidence[0] is a hole');
    refuses(mem, () => mem.episode({ id: 'e2', text: 't', at: T0, entities: [, 'a'] as string[] }), 'MemoryGraph.episode: entities[0] is a hole');
    refuses(mem, () => mem.entity({ name: 'x', aliases: [, 'y'] as string[] }), 'MemoryGraph.entity: aliases[0] is a hole');
    expect(mem.getEntity('x')).toBeUndefined();
    refuses(mem, () => mem.archive([, 0] as number[]), 'MemoryGraph.archive: ids[0] is a hole');
    replaysEqual(mem);
  });
});

describe('lone surrogates are refused in every stored string; what core accepts, persist writes', () => {
  const lone = 'bad\uD800';
  const cases: Array<[string, (m: MemoryGraph) => unknown, string]> = [
    ['entity name', (m) => m.entity({ name: lone }), 'MemoryGraph.entity: name'],
    ['entity type', (m) => m.entity({ name: 'ok', type: lone }), 'MemoryGraph.entity: type'],
    ['alias', (m) => m.entity({ name: 'ok', aliases: [lone] }), 'MemoryGraph.entity: aliases[0]'],
    ['predicate', (m) => m.assert({ subject: 'a', predicate: lone, object: 'b' }), 'MemoryGraph.assert: predicate'],
    ['object name', (m) => m.assert({ subject: 'a', predicate: 'p', object: lone }), 'MemoryGraph.assert: object'],
    ['literal', (m) => m.assert({ subject: 'a', predicate: 'p', object: { value: lone } }), 'MemoryGraph.assert: object.value'],
    ['source', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', source: lone }), 'MemoryGraph.assert: source'],
    ['reason', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', reason: lone }), 'MemoryGraph.assert: reason'],
    ['evidence', (m) => m.assert({ subject: 'a', predicate: 'p', object: 'b', evidence: [lone] }), 'MemoryGraph.assert: evidence[0]'],
    ['retract reason', (m) => m.retract({ subject: 'Alice', predicate: 'works_at', reason: lone }), 'MemoryGraph.retract: reason'],
    ['episode id', (m) => m.episode({ id: lone, text: 't', at: T0 }), 'MemoryGraph.episode: id'],
    ['episode text', (m) => m.episode({ id: 'e', text: lone, at: T0 }), 'MemoryGraph.episode: text'],
    ['speaker', (m) => m.episode({ id: 'e', text: 't', at: T0, speaker: lone }), 'MemoryGraph.episode: speaker'],
    ['defined predicate', (m) => m.definePredicate(lone, { cardinality: 'one' }), 'MemoryGraph.definePredicate: predicate'],
    ['ingested text', (m) => ingestEpisode(m, { id: 'e', text: lone, at: T0 }), 'ingestEpisode: text'],
  ];
  for (const [what, run, prefix] of cases) {
    it(what, () => {
      const mem = seeded();
      refuses(mem, () => run(mem), prefix);
    });
  }
  it('NUL and surrogate pairs are accepted, and persist writes them back identical', () => {
    const mem = seeded();
    mem.episode({ id: 'nul\u0000', text: 'a\u0000b 😀', at: T0, speaker: '😀' });
    mem.assert({ subject: 'Zoë 😀', predicate: 'says', object: { value: 'x\u0000y' } });
    const back = decodeSnapshot(encodeSnapshot(mem), { now: () => T0 });
    expect(bytesOf(back)).toBe(bytesOf(mem));
    replaysEqual(mem);
  });
});

describe('-0 is stored as 0, so a replay gives the same bytes', () => {
  it('salience, validFrom, at, literals, confidence and vectors', () => {
    const mem = seeded(2);
    mem.setSalience([0], [-0]);
    mem.assert({ subject: 'a', predicate: 'p', object: { value: -0 }, validFrom: -0, confidence: -0 });
    mem.episode({ id: 'z', text: 't', at: -0, vector: [-0, 1] });
    mem.entity({ name: 'v', vector: Float32Array.of(-0, 1) });
    const state = mem.exportState();
    for (const name of ['fact.salience', 'fact.validFrom', 'fact.confidence', 'episode.at', 'episode.vectors', 'entity.vectors', 'literal.number']) {
      for (const v of state.columns[name]!) expect(Object.is(v, -0), name).toBe(false);
    }
    replaysEqual(mem);
  });
});

describe('composite calls are all or nothing', () => {
  it('ingestEpisode with a vector that overflows float32 writes nothing', () => {
    const mem = seeded(4);
    const extractor = { extract: () => ({ entities: [{ name: 'Bob' }], facts: [] }) };
    refuses(mem, () => ingestEpisode(mem, { id: 'e', text: 'Bob', at: T0, vector: [1e39, 0, 0, 0] }, { extractor }), 'ingestEpisode: vector[0]');
    expect(mem.getEntity('Bob')).toBeUndefined();
  });

  it('ingestEpisode: bad extractor output is refused before the first write', () => {
    const mem = seeded();
    const bad = [
      { entities: [{ name: 'Bob', type: 'x\uDC00' }], facts: [] },
      { entities: [{ name: 'Bob' }], facts: [{ subject: 'Bob', predicate: 'p', object: { value: 'x\uD800' }, confidence: 1 }] },
      { entities: [{ name: 'Bob' }], facts: [{ subject: 'Bob', predicate: 'p', object: 'c', confidence: 1, validFrom: 1.5 }] },
      { entities: [{ name: 'Bob' }, ,], facts: [] },
    ];
    for (const output of bad) refuses(mem, () => ingestEpisode(mem, { id: 'e', text: 'Bob', at: T0 }, { extractor: { extract: () => output as never } }), 'ingestEpisode:');
    const writer = { extract: () => (mem.entity({ name: 'sneaky' }), { entities: [], facts: [] }) };
    refuses(mem, () => ingestEpisode(mem, { id: 'e', text: 'Bob', at: T0 }, { extractor: writer }), 'ingestEpisode: the extractor threw');
    expect(mem.getEntity('Bob')).toBeUndefined();
    expect(mem.getEntity('sneaky')).toBeUndefined();
  });
});

describe('prototype keys are plain keys; unknown option and weight keys are refused', () => {
  it('a predicate named __proto__ in the options is logged and replayed', () => {
    const mem = new MemoryGraph({ now: () => T0, predicates: JSON.parse('{"__proto__":{"cardinality":"one"}}') as never });
    mem.assert({ subject: 'a', predicate: '__proto__', object: 'b' });
    mem.assert({ subject: 'a', predicate: '__proto__', object: 'c', validFrom: T0 + 1 });
    expect(mem.facts({ subject: 'a', validAt: T0 + 2, knownAt: T0 }).map((f) => f.object)).toEqual([{ id: 2, name: 'c' }]);
    expect(JSON.stringify(mem.log()[0])).toContain('"__proto__":{"cardinality":"one"}');
    replaysEqual(mem);
    const back = decodeSnapshot(encodeSnapshot(mem), { now: () => T0 });
    expect(bytesOf(back)).toBe(bytesOf(mem));
  });

  it('constructor and toString as names and predicates', () => {
    const mem = seeded();
    mem.assert({ subject: 'constructor', predicate: 'toString', object: 'hasOwnProperty' });
    mem.definePredicate('constructor', { cardinality: 'one' });
    expect(mem.facts({ predicate: 'toString' })).toHaveLength(1);
    expect(mem.facts({ predicate: 'valueOf' })).toHaveLength(0);
    replaysEqual(mem);
  });

  it('recall weights and edgeTypeWeights keys', () => {
    const mem = seeded();
    refuses(mem, () => mem.recall('alice', { weights: { toString: 1 } as never }), 'MemoryGraph.recall: weights.toString');
    refuses(mem, () => mem.recall('alice', { edgeTypeWeights: JSON.parse('{"__proto__":1}') as never }), 'MemoryGraph.recall: edgeTypeWeights.__proto__');
    refuses(mem, () => mem.recall('alice', { kk: 3 } as never), 'MemoryGraph.recall: options has an unknown field "kk"');
    refuses(mem, () => mem.facts({ validfrom: 3 } as never), 'MemoryGraph.facts: the argument has an unknown field "validfrom"');
    refuses(mem, () => mem.archive([0], { recordedat: 3 } as never), 'MemoryGraph.archive: options has an unknown field');
  });
});

describe('each input field is read once', () => {
  it('a getter that answers differently on its second read: the accepted assertion replays', () => {
    const mem = seeded();
    let reads = 0;
    const input = {
      subject: 'Alice',
      get predicate() {
        return reads++ === 0 ? 'likes' : 'hates';
      },
      object: 'jazz',
    };
    mem.assert(input);
    expect(reads).toBe(1);
    expect(mem.facts({ predicate: 'likes' })).toHaveLength(1);
    replaysEqual(mem);
  });

  it('a getter that throws on a later read: refused by name with nothing logged', () => {
    const mem = seeded();
    let reads = 0;
    const input = {
      subject: 'Alice',
      predicate: 'likes',
      get object() {
        if (reads++ > 0) throw new TypeError('second read');
        return 'jazz';
      },
    };
    // Read once: accepted. A proxy that throws on the first read is refused by name.
    mem.assert(input);
    const proxy = new Proxy({ subject: 'a', predicate: 'p', object: 'b' }, {
      get() {
        throw new RangeError('no');
      },
    });
    refuses(mem, () => mem.assert(proxy), 'MemoryGraph.assert: reading the argument threw');
    const nested = { subject: { get id() { throw new TypeError('x'); } }, predicate: 'p', object: 'b' };
    refuses(mem, () => mem.assert(nested as never), 'MemoryGraph.assert:');
    replaysEqual(mem);
  });

  it('replay reads every operation once before the first is applied', () => {
    const mem = seeded();
    const log: unknown[] = mem.log();
    let reads = 0;
    const at = log.findIndex((o) => (o as Operation).type === 'assert');
    const op = { ...(log[at] as object) } as Record<string, unknown>;
    Object.defineProperty(op, 'predicate', { enumerable: true, get: () => (reads++ === 0 ? 'works_at' : 'other') });
    log[at] = op;
    const again = MemoryGraph.replay(log as Operation[], { now: () => T0 });
    expect(reads).toBe(1);
    expect(bytesOf(again)).toBe(bytesOf(mem));
  });
});
