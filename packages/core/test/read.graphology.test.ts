import { describe, expect, it } from 'vitest';
import { communities } from '../src/communities.js';
import { InvalidArgumentError } from '../src/errors.js';
import { literalKey } from '../src/graph/graphology.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';

const DAY = 86_400_000;
const JAN1 = Date.UTC(2024, 0, 1);
const MAR1 = Date.UTC(2024, 2, 1);
const MAR5 = Date.UTC(2024, 2, 5);
const MAR15 = Date.UTC(2024, 2, 15);

function pricing(): MemoryGraph {
  let t = JAN1;
  const mem = new MemoryGraph({ now: () => t, predicates: { price: { cardinality: 'one' } } });
  mem.entity({ name: 'Pro', type: 'plan' });
  mem.assert({ subject: 'Pro', predicate: 'price', object: { value: 40 }, validFrom: JAN1, edgeType: 'semantic' });
  mem.assert({ subject: 'Pro', predicate: 'sold_by', object: 'Acme', validFrom: JAN1, confidence: 0.9 });
  t = MAR15;
  mem.assert({ subject: 'Pro', predicate: 'price', object: { value: 50 }, validFrom: MAR1 });
  t = MAR15 + DAY;
  return mem;
}

describe('toGraphology', () => {
  it('holds exactly the entities and fact versions visible at the cut', () => {
    const mem = pricing();
    const then = mem.toGraphology({ validAt: MAR5, knownAt: MAR5 });
    expect(then.multi).toBe(true);
    expect(then.type).toBe('directed');
    expect(then.nodes().sort()).toEqual(['0', '1', literalKey(40)].sort());
    expect(then.getNodeAttributes('0')).toEqual({ kind: 'entity', name: 'pro', displayName: 'Pro', type: 'plan' });
    const prices = (g: ReturnType<MemoryGraph['toGraphology']>) =>
      g.filterEdges((_e, a) => a.predicate === 'price').map((e) => [g.target(e), g.getEdgeAttributes(e)]);
    const [[target, attrs]] = prices(then) as [[string, Record<string, unknown>]];
    expect(target).toBe('literal:40');
    expect(attrs).toMatchObject({ predicate: 'price', validFrom: JAN1, validTo: Infinity, recordedAt: JAN1, invalidAt: MAR15, confidence: 1, edgeType: 'semantic' });
    // every edge is a visible fact, keyed by its id
    const ids = mem.factIds({ validAt: MAR5, knownAt: MAR5 }).map(String).sort();
    expect(then.edges().sort()).toEqual(ids);
    // as known now, Mar 5 had the new price
    expect(prices(mem.toGraphology({ validAt: MAR5 })).map(([t]) => t)).toEqual([literalKey(50)]);
    expect(mem.at({ validAt: MAR5 }).toGraphology().edges().sort()).toEqual(mem.toGraphology({ validAt: MAR5 }).edges().sort());
    // before anything was recorded: empty
    expect(mem.toGraphology({ knownAt: JAN1 - 1 }).order).toBe(0);
  });

  it('literals can be left out; archived versions can be excluded', () => {
    const mem = pricing();
    const g = mem.toGraphology({ literals: false });
    expect(g.nodes().some((n) => n.startsWith('literal:'))).toBe(false);
    expect(g.size).toBe(1);
    const soldBy = mem.facts({ predicate: 'sold_by' })[0]!.id;
    mem.archive([soldBy]);
    expect(mem.toGraphology().hasEdge(String(soldBy))).toBe(true);
    expect(mem.toGraphology({ includeArchived: false }).hasEdge(String(soldBy))).toBe(false);
    expect(() => mem.toGraphology({ literals: 'no' } as never)).toThrow(/^MemoryGraph\.toGraphology: literals must be a boolean/);
    expect(() => mem.toGraphology({ validAt: 'later' })).toThrow(InvalidArgumentError);
  });
});

describe('communities', () => {
  function twoClusters(): MemoryGraph {
    let t = JAN1;
    const mem = new MemoryGraph({ now: () => ++t });
    const ring = (names: string[]) => names.forEach((a, i) => names.slice(i + 1).forEach((b) => mem.assert({ subject: a, predicate: 'knows', object: b })));
    ring(['a1', 'a2', 'a3', 'a4']);
    ring(['b1', 'b2', 'b3', 'b4']);
    mem.assert({ subject: 'a1', predicate: 'knows', object: 'b1', confidence: 0.2 });
    return mem;
  }

  it('finds the two dense groups, the same way every run', () => {
    const mem = twoClusters();
    const r = communities(mem);
    const name = (id: number) => mem.getEntity({ id })!.name;
    expect(r.count).toBe(2);
    expect(r.members.map((m) => m.map(name))).toEqual([['a1', 'a2', 'a3', 'a4'], ['b1', 'b2', 'b3', 'b4']]);
    expect(r.modularity).toBeGreaterThan(0.3);
    expect(r.byEntity.get(mem.getEntity('a3')!.id)).toBe(0);
    expect(communities(mem)).toEqual(r);
  });

  it('respects the cut: before the b group existed there is one community', () => {
    const mem = twoClusters();
    const early = communities(mem, { knownAt: JAN1 + 6 });
    expect(early.count).toBe(1);
    expect(communities(mem.at({ knownAt: JAN1 + 6 }))).toEqual(early);
    expect(() => communities(mem.at({}), { knownAt: JAN1 })).toThrow(/^communities: a view has its own cut/);
    expect(() => communities(mem, { resolution: 0 })).toThrow(/^communities: resolution/);
    expect(() => communities({} as never)).toThrow(InvalidArgumentError);
  });
});
