import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { ingestEpisode } from '../src/ingest/episode.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);

/** A memory with episodes, asserts (one superseded), a retraction and an alias, stamped by a test clock. */
function sample(): MemoryGraph {
  let t = T0;
  const mem = new MemoryGraph({ now: () => (t += 1000), predicates: { lives_in: { cardinality: 'one' } } });
  ingestEpisode(mem, { id: 'e1', text: 'I moved to Berlin last year', speaker: 'Maya', at: T0 });
  mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Berlin', validFrom: T0 });
  mem.entity({ name: 'Maya', aliases: ['Maya Chen'] });
  mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Lisbon', validFrom: T0 + 30 * DAY });
  ingestEpisode(mem, { id: 'e2', text: 'Lisbon is sunny, and I work at Zalando', speaker: 'Maya', at: T0 + 31 * DAY });
  mem.retract({ subject: 'Maya', predicate: 'lives_in', object: 'Lisbon', validFrom: T0 + 60 * DAY });
  return mem;
}

describe('applyOps: a snapshot plus its log tail', () => {
  it('gives the state a replay of the whole log gives, from every split point', () => {
    const mem = sample();
    const log = mem.log();
    const whole = MemoryGraph.replay(log).exportState();
    for (let n = 1; n <= log.length; n++) {
      const base = MemoryGraph.replay(log.slice(0, n));
      const loaded = MemoryGraph.fromState(base.exportState());
      loaded.applyOps(log.slice(n));
      expect(loaded.exportState()).toEqual(whole);
      expect(loaded.recall('where does Maya live', { validAt: T0 + 40 * DAY }).episodes.map((e) => e.id)).toEqual(
        mem.recall('where does Maya live', { validAt: T0 + 40 * DAY }).episodes.map((e) => e.id),
      );
    }
  });

  it('refuses a malformed tail by name before applying any of it', () => {
    const mem = sample();
    const log = mem.log();
    const loaded = MemoryGraph.fromState(MemoryGraph.replay(log.slice(0, 4)).exportState());
    const before = loaded.exportState();
    expect(() => loaded.applyOps([...log.slice(4), { type: 'nonsense' } as never])).toThrow(InvalidArgumentError);
    expect(() => loaded.applyOps(null as never)).toThrow(/^MemoryGraph\.applyOps: /);
    expect(loaded.exportState()).toEqual(before);
  });

  it('names the operation that does not follow the memory (a second init, an op from the past)', () => {
    const mem = sample();
    const log = mem.log();
    const loaded = MemoryGraph.fromState(mem.exportState());
    expect(() => loaded.applyOps([log[0]!])).toThrow(/^MemoryGraph\.applyOps: operation 0 \(/);
    expect(() => loaded.applyOps([log[3]!])).toThrow(InvalidArgumentError);
  });
});
