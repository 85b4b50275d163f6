import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { CONSOLIDATE_DEFAULTS } from '../src/graph/consolidate.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);

function build(): { mem: MemoryGraph; tick: (ms: number) => void } {
  let t = T0;
  const mem = new MemoryGraph({ now: () => t });
  mem.assert({ subject: 'Alex', predicate: 'works_on', object: 'ProjectX' }); // row 0, day 0
  t += 10 * DAY;
  mem.assert({ subject: 'ProjectX', predicate: 'uses', object: 'PostgreSQL' }); // row 1, day 10
  mem.assert({ subject: 'ProjectX', predicate: 'uses', object: 'Redis' }); // row 2, day 10
  t += 10 * DAY;
  mem.touch([2]); // used on day 20
  mem.assert({ subject: 'Alex', predicate: 'works_on', object: 'ProjectX' }); // reinforces row 0 on day 20
  return { mem, tick: (ms) => (t += ms) };
}

const stamps = (mem: MemoryGraph) => mem.facts({ validAt: T0 + 20 * DAY }).map((f) => [f.id, f.validFrom, f.validTo, f.recordedAt, f.invalidAt]);

describe('consolidate', () => {
  it('decays salience from the last use or sighting, archives the cold, and never touches the clocks', () => {
    const { mem, tick } = build();
    tick(40 * DAY); // now: day 60
    const before = stamps(mem);
    const halfLifeMs = 20 * DAY;
    const result = mem.consolidate({ halfLifeMs, coldThreshold: 0.2 });
    const expected = (ageDays: number, uses: number) => Math.fround(Math.pow(2, -(ageDays * DAY) / (halfLifeMs * (1 + uses))));
    // row 0 last seen day 20 (reinforced), row 1 recorded day 10, row 2 retrieved day 20 once
    expect(result.salience.ids).toEqual([0, 1, 2]);
    expect(result.salience.values).toEqual([expected(40, 0), expected(50, 0), expected(40, 1)]);
    expect(mem.fact(0).salience).toBe(0.25);
    expect(mem.fact(2).salience).toBe(0.5);
    // 2^-2.5 ≈ 0.18 is below 0.2: archived; the others are not
    expect(result.archived).toEqual([1]);
    expect(mem.fact(1).archivedAt).toBe(T0 + 60 * DAY);
    expect(stamps(mem)).toEqual(before);
    // the changes are logged operations: a replay has the same salience and archive marks
    const ops = mem.log().slice(-2);
    expect(ops.map((o) => o.type)).toEqual(['salience', 'archive']);
    const again = MemoryGraph.replay(mem.log());
    for (const id of [0, 1, 2]) expect(again.fact(id)).toEqual(mem.fact(id));
    // recall skips the archived version; bi-temporal reads still answer with it
    expect(mem.recall('PostgreSQL').facts.map((f) => f.id)).not.toContain(1);
    expect(mem.facts({ predicate: 'uses' }).map((f) => f.id)).toContain(1);
  });

  it('is idempotent at one time, and use slows the decay', () => {
    const { mem, tick } = build();
    tick(40 * DAY);
    mem.consolidate({});
    const log = mem.log().length;
    expect(mem.consolidate({})).toEqual({ salience: { ids: [], values: [] }, archived: [] });
    expect(mem.log().length).toBe(log);
    // default half-life: 30 days
    expect(mem.fact(0).salience).toBe(Math.fround(Math.pow(2, -40 / 30)));
    expect(mem.fact(2).salience).toBeGreaterThan(mem.fact(0).salience); // same age, one use
    expect(CONSOLIDATE_DEFAULTS.coldThreshold).toBeGreaterThan(0);
  });

  it('an explicit now decides the age; coldThreshold 0 archives nothing', () => {
    const { mem } = build();
    const r = mem.consolidate({ now: T0 + 20 * DAY, coldThreshold: 0 });
    expect(r.archived).toEqual([]);
    expect(mem.fact(0).salience).toBe(1); // seen that very moment
    expect(mem.fact(1).salience).toBe(Math.fround(Math.pow(2, -10 / 30)));
  });

  it('refuses bad options with named errors and changes nothing', () => {
    const { mem } = build();
    const log = mem.log().length;
    for (const bad of [{ halfLifeMs: 0 }, { halfLifeMs: NaN }, { coldThreshold: 2 }, { coldThreshold: -0.1 }, { now: 'tomorrow' }]) {
      expect(() => mem.consolidate(bad as never)).toThrow(InvalidArgumentError);
      expect(() => mem.consolidate(bad as never)).toThrow(/^MemoryGraph\.consolidate: /);
    }
    expect(() => mem.consolidate(null as never)).toThrow(/^MemoryGraph\.consolidate: options must be an object/);
    expect(mem.log().length).toBe(log);
  });
});
