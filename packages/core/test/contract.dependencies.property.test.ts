/**
 * Dependent beliefs against a reference model, over random operation sequences and every cut: besides the
 * suite's random assertions and retractions (both cardinalities, backdated, overlapping, shared instants),
 * beliefs of their own rest on random open versions. The model: a dependent is unsupported from the first
 * operation after which the belief state no longer holds its premise's triple over the premise version's
 * valid interval (SEMANTICS.md's B, reference-model.ts). Checked on the live memory, a replay of its JSON
 * log and a memory from its exported state, with `facts({ supported })` at every cut.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { key, ReferenceModel } from './contract/reference-model.js';
import type { Interval, ModelOp } from './contract/reference-model.js';
import { objectRef, opArb, tripleOf } from './contract/suite.js';

const runs = Number(process.env.PALIMPSEST_PROPERTY_RUNS ?? 150);

const stepArb = fc.oneof({ weight: 3, arbitrary: opArb.map((op) => ({ op })) }, { weight: 1, arbitrary: fc.nat(1000).map((pick) => ({ pick })) });

interface Link {
  dependent: string;
  premise: string;
  need: Interval;
  at: number;
  /** The record time from which the model says it is unsupported. */
  since: number;
}

function covered(list: readonly Interval[] | undefined, [a, b]: Interval): boolean {
  return (list ?? []).some(([x, y]) => x <= a && b <= y);
}

/** The live memory, the model, the links and every interesting record instant. */
function build(steps: Array<{ op: typeof opArb extends fc.Arbitrary<infer T> ? T : never } | { pick: number }>) {
  let now = 100;
  const mem = new MemoryGraph({ now: () => now, predicates: { one: { cardinality: 'one' } } });
  const model = new ReferenceModel(new Set(['one']));
  const links: Link[] = [];
  const times = new Set<number>([99, 100]);
  let dependents = 0;
  for (const step of steps) {
    if ('pick' in step) {
      // A belief of its own ("dep dN"), resting on an open version of the graph.
      const open = mem.facts({ knownAt: now, validAt: 15 }).concat(mem.facts({ knownAt: now, validAt: -1e9 })).filter((f) => f.predicate !== 'dep');
      if (open.length === 0) continue;
      const premise = open[step.pick % open.length]!;
      const name = `d${dependents++}`;
      mem.assert({ subject: 'x', predicate: 'dep', object: name, validFrom: 0, dependsOn: [premise.id] });
      links.push({ dependent: key('x', 'dep', name), premise: tripleOf(premise), need: [premise.validFrom, premise.validTo], at: now, since: Infinity });
      continue;
    }
    const r = step.op;
    now += r.dt;
    const vt = r.vf === -Infinity ? (r.len === Infinity ? Infinity : r.len) : r.vf + r.len;
    let op: ModelOp;
    if (r.kind === 'assert') {
      mem.assert({ subject: r.s, predicate: r.p, object: objectRef(r.o), validFrom: r.vf, validTo: vt });
      op = { kind: 'assert', s: r.s, p: r.p, o: r.o, vf: r.vf, vt, at: now };
    } else {
      if (mem.getEntity(r.s, { knownAt: now }) === undefined) continue;
      if (r.kind === 'retract' && !r.o.startsWith('#') && mem.getEntity(r.o, { knownAt: now }) === undefined) continue;
      mem.retract({ subject: r.s, predicate: r.p, ...(r.kind === 'retract' ? { object: objectRef(r.o) } : {}), validFrom: r.vf, validTo: vt });
      op = { kind: 'retract', s: r.s, p: r.p, ...(r.kind === 'retract' ? { o: r.o } : {}), vf: r.vf, vt, at: now };
    }
    model.apply(op);
    times.add(now).add(now + 1);
    const state = model.beliefsAt(now);
    for (const l of links) if (l.since === Infinity && !covered(state.get(l.premise), l.need)) l.since = now;
  }
  return { mem, links, times: [...times].sort((a, b) => a - b) };
}

describe('dependent beliefs: the reference model', () => {
  it('facts({ supported }) at every record cut agree with the model, live, replayed and loaded', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), (steps) => {
        const { mem, links, times } = build(steps);
        const replayed = MemoryGraph.replay(JSON.parse(JSON.stringify(mem.log())), { now: () => 1e6 });
        const loaded = MemoryGraph.fromState(mem.exportState(), { now: () => 1e6 });
        for (const k of times) {
          const believed = links.filter((l) => l.at <= k).map((l) => l.dependent);
          const unsupported = links.filter((l) => l.at <= k && l.since <= k).map((l) => l.dependent).sort();
          for (const m of [mem, replayed, loaded]) {
            const no = m.facts({ predicate: 'dep', validAt: 5, knownAt: k, supported: false });
            expect(no.map(tripleOf).sort(), `unsupported at k=${k}`).toEqual(unsupported);
            const yes = m.facts({ predicate: 'dep', validAt: 5, knownAt: k, supported: true }).map(tripleOf);
            expect([...yes, ...unsupported].sort()).toEqual([...believed].sort());
            for (const f of no) expect(f.unsupportedSince).toBe(links.find((l) => l.dependent === tripleOf(f))!.since);
          }
          // The graph's own facts are untouched by the filter (none of them rests on anything).
          expect(mem.facts({ validAt: 5, knownAt: k, supported: true }).filter((f) => f.predicate !== 'dep')).toEqual(mem.facts({ validAt: 5, knownAt: k }).filter((f) => f.predicate !== 'dep'));
        }
      }),
      { numRuns: runs },
    );
  });
});
