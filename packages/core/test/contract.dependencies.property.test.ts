/**
 * Dependent beliefs against a reference model, over random operation sequences and every cut: besides the
 * suite's random assertions and retractions (both cardinalities, backdated, overlapping, shared instants),
 * beliefs of their own rest on random open versions (the graph's, or other dependents': cascades), some with
 * a stated rule (`onPremiseChange`). The model: a dependent's premise is lost at the first operation after
 * which the belief state no longer holds its triple over the premise version's valid interval (SEMANTICS.md's
 * B, reference-model.ts); from that record time a dependent without a rule is unsupported, and one with a
 * rule is retracted from the change (the first instant of that interval no longer held, not before its own
 * start) and its rule's object asserted there, at the same record time, which may lose other premises in
 * turn. Checked on the live memory, a replay of its JSON log and a memory from its exported state, with
 * `facts({ supported })` at every record cut and several valid instants.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { key, ReferenceModel } from './contract/reference-model.js';
import type { Interval, ModelOp } from './contract/reference-model.js';
import { objectRef, opArb, tripleOf } from './contract/suite.js';

const runs = Number(process.env.PALIMPSEST_PROPERTY_RUNS ?? 150);

const stepArb = fc.oneof({ weight: 3, arbitrary: opArb.map((op) => ({ op })) }, { weight: 1, arbitrary: fc.record({ pick: fc.nat(1000), rule: fc.boolean() }) });

interface Link {
  dependent: string;
  premise: string;
  need: Interval;
  at: number;
  /** The record time from which the model says it is unsupported. */
  since: number;
  /** The stated rule's object ("rN"), if any; `replaced`: the model applied it. */
  rule?: string;
  replaced?: boolean;
}

function covered(list: readonly Interval[] | undefined, [a, b]: Interval): boolean {
  return (list ?? []).some(([x, y]) => x <= a && b <= y);
}

/** The first instant of `need` that `list` (disjoint intervals) does not hold: where the premise changed. */
function changeAt(list: readonly Interval[] | undefined, [a]: Interval): number {
  const held = list ?? [];
  let x = a;
  for (let moved = true; moved; ) {
    moved = false;
    for (const [p, q] of held) {
      if (p <= x && x < q) {
        x = q;
        moved = true;
      }
    }
  }
  return x;
}

/** After an operation at `now`: each link whose premise was lost is flagged or replaced, until nothing changes. */
function settle(model: ReferenceModel, links: Link[], now: number): void {
  for (let again = true; again; ) {
    again = false;
    for (const l of links) {
      if (l.since !== Infinity || l.replaced === true) continue;
      const held = model.beliefsAt(now).get(l.premise);
      if (covered(held, l.need)) continue;
      if (l.rule === undefined) {
        l.since = now;
        continue;
      }
      // The dependents are "x dep dN", valid from 0: replaced from the change, never before 0.
      const from = Math.max(changeAt(held, l.need), 0);
      const name = l.dependent.split('|')[2]!;
      model.apply({ kind: 'retract', s: 'x', p: 'dep', o: name, vf: from, vt: Infinity, at: now });
      model.apply({ kind: 'assert', s: 'x', p: 'dep', o: l.rule, vf: from, vt: Infinity, at: now });
      l.replaced = true;
      again = true;
    }
  }
}

/** The live memory, the model, the links and every interesting record instant. */
function build(steps: Array<{ op: typeof opArb extends fc.Arbitrary<infer T> ? T : never } | { pick: number; rule: boolean }>) {
  let now = 100;
  const mem = new MemoryGraph({ now: () => now, predicates: { one: { cardinality: 'one' } } });
  const model = new ReferenceModel(new Set(['one']));
  const links: Link[] = [];
  const times = new Set<number>([99, 100]);
  let dependents = 0;
  for (const step of steps) {
    if ('pick' in step) {
      // A belief of its own ("dep dN"), resting on an open version of the graph.
      // A dependent's premise may be another dependent (a cascade), never a rule's replacement ("rN").
      const open = mem.facts({ knownAt: now, validAt: 15 }).concat(mem.facts({ knownAt: now, validAt: -1e9 })).filter((f) => !('name' in f.object && f.object.name.startsWith('r')));
      if (open.length === 0) continue;
      const premise = open[step.pick % open.length]!;
      const n = dependents++;
      const name = `d${n}`;
      const rule = step.rule ? `r${n}` : undefined;
      mem.assert({ subject: 'x', predicate: 'dep', object: name, validFrom: 0, dependsOn: [premise.id], ...(rule === undefined ? {} : { onPremiseChange: { object: rule } }) });
      model.apply({ kind: 'assert', s: 'x', p: 'dep', o: name, vf: 0, vt: Infinity, at: now });
      links.push({ dependent: key('x', 'dep', name), premise: tripleOf(premise), need: [premise.validFrom, premise.validTo], at: now, since: Infinity, ...(rule === undefined ? {} : { rule }) });
      continue;
    }
    const r = step.op;
    now += r.dt;
    const vt = r.vf === -Infinity ? (r.len === Infinity ? Infinity : r.len) : r.vf + r.len;
    let op: ModelOp;
    if (r.kind === 'assert' || r.kind === 'assertAlongside') {
      const alongside = r.kind === 'assertAlongside' ? ({ alongside: true } as const) : {};
      mem.assert({ subject: r.s, predicate: r.p, object: objectRef(r.o), validFrom: r.vf, validTo: vt, ...alongside });
      op = { kind: 'assert', s: r.s, p: r.p, o: r.o, vf: r.vf, vt, at: now, ...alongside };
    } else {
      if (mem.getEntity(r.s, { knownAt: now }) === undefined) continue;
      if (r.kind === 'retract' && !r.o.startsWith('#') && mem.getEntity(r.o, { knownAt: now }) === undefined) continue;
      mem.retract({ subject: r.s, predicate: r.p, ...(r.kind === 'retract' ? { object: objectRef(r.o) } : {}), validFrom: r.vf, validTo: vt });
      op = { kind: 'retract', s: r.s, p: r.p, ...(r.kind === 'retract' ? { o: r.o } : {}), vf: r.vf, vt, at: now };
    }
    model.apply(op);
    times.add(now).add(now + 1);
    settle(model, links, now);
  }
  return { mem, model, links, times: [...times].sort((a, b) => a - b) };
}

describe('dependent beliefs: the reference model', () => {
  it('facts({ supported }) at every record cut agree with the model, live, replayed and loaded', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), (steps) => {
        const { mem, model, links, times } = build(steps);
        const replayed = MemoryGraph.replay(JSON.parse(JSON.stringify(mem.log())), { now: () => 1e6 });
        const loaded = MemoryGraph.fromState(mem.exportState(), { now: () => 1e6 });
        for (const k of times) {
          for (const v of [5, 20, 35, 1e9]) {
            const believed = model.factsAt(v, k).filter((t) => t.startsWith('x|dep|'));
            const unsupported = links.filter((l) => l.at <= k && l.since <= k && believed.includes(l.dependent)).map((l) => l.dependent).sort();
            for (const m of [mem, replayed, loaded]) {
              const no = m.facts({ predicate: 'dep', validAt: v, knownAt: k, supported: false });
              expect(no.map(tripleOf).sort(), `unsupported at v=${v} k=${k}`).toEqual(unsupported);
              const yes = m.facts({ predicate: 'dep', validAt: v, knownAt: k, supported: true }).map(tripleOf);
              expect([...yes, ...unsupported].sort(), `believed at v=${v} k=${k}`).toEqual(believed);
              for (const f of no) expect(f.unsupportedSince).toBe(links.find((l) => l.dependent === tripleOf(f))!.since);
            }
          }
          // The graph's own facts are untouched by the filter (none of them rests on anything).
          expect(mem.facts({ validAt: 5, knownAt: k, supported: true }).filter((f) => f.predicate !== 'dep')).toEqual(mem.facts({ validAt: 5, knownAt: k }).filter((f) => f.predicate !== 'dep'));
          // and the model's whole belief state, rules' writes included, is the memory's
          expect(mem.facts({ validAt: 5, knownAt: k }).map(tripleOf).sort()).toEqual(model.factsAt(5, k));
        }
        expect(replayed.exportState()).toEqual(mem.exportState());
      }),
      { numRuns: runs },
    );
  });
});
