import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import type { Fact } from '@palimpsest/core';
import { key, ReferenceModel, subtract, unite } from './reference-model.js';
import type { Interval, ModelOp } from './reference-model.js';

/**
 * The bi-temporal contract, checked against the reference model over random operation sequences:
 * several subjects, both cardinalities, overlapping and backdated valid intervals, retractions with and
 * without an object, several operations sharing one record instant; reads at random cuts and at cuts
 * exactly on interval ends.
 */
const SUBJECTS = ['s0', 's1', 's2'];
const PREDICATES = ['one', 'many'];
const OBJECTS = ['o0', 'o1', 'o2', '#7', '#true'];

const opArb = fc.record({
  kind: fc.constantFrom('assert', 'assert', 'assert', 'retract', 'retractAll'),
  s: fc.constantFrom(...SUBJECTS),
  p: fc.constantFrom(...PREDICATES),
  o: fc.constantFrom(...OBJECTS),
  vf: fc.oneof({ weight: 1, arbitrary: fc.constant(-Infinity) }, { weight: 9, arbitrary: fc.integer({ min: 0, max: 30 }) }),
  len: fc.oneof({ weight: 1, arbitrary: fc.constant(Infinity) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }) }),
  dt: fc.constantFrom(0, 0, 1, 2, 5),
});

function objectRef(o: string) {
  if (o === '#7') return { value: 7 };
  if (o === '#true') return { value: true };
  return o;
}

function tripleOf(f: Fact): string {
  const o = 'value' in f.object ? `#${String(f.object.value)}` : f.object.name;
  return key(f.subject.name, f.predicate, o);
}

interface Built {
  mem: MemoryGraph;
  model: ReferenceModel;
  ops: ModelOp[];
  times: number[];
}

function build(raw: Array<fc.Record<typeof opArb extends fc.Arbitrary<infer T> ? T : never>>): Built {
  let now = 100;
  const mem = new MemoryGraph({ now: () => now, predicates: { one: { cardinality: 'one' } } });
  const model = new ReferenceModel(new Set(['one']));
  const ops: ModelOp[] = [];
  const times = new Set<number>([99, 100]);
  for (const r of raw) {
    now += r.dt;
    const vt = r.vf === -Infinity ? (r.len === Infinity ? Infinity : r.len) : r.vf + r.len;
    let op: ModelOp;
    if (r.kind === 'assert') {
      mem.assert({ subject: r.s, predicate: r.p, object: objectRef(r.o), validFrom: r.vf, validTo: vt });
      op = { kind: 'assert', s: r.s, p: r.p, o: r.o, vf: r.vf, vt, at: now };
    } else {
      // Retractions name only entities the memory knows (unknown ones are bad input, tested elsewhere).
      if (mem.getEntity(r.s, { knownAt: now }) === undefined) continue;
      if (r.kind === 'retract' && !r.o.startsWith('#') && mem.getEntity(r.o, { knownAt: now }) === undefined) continue;
      mem.retract({ subject: r.s, predicate: r.p, ...(r.kind === 'retract' ? { object: objectRef(r.o) } : {}), validFrom: r.vf, validTo: vt });
      op = { kind: 'retract', s: r.s, p: r.p, ...(r.kind === 'retract' ? { o: r.o } : {}), vf: r.vf, vt, at: now };
    }
    model.apply(op);
    ops.push(op);
    times.add(now).add(now + 1);
    for (const t of [r.vf, vt]) if (Number.isFinite(t)) times.add(t).add(t - 1);
  }
  return { mem, model, ops, times: [...times].sort((a, b) => a - b) };
}

/** Cuts exactly on every interval end and record instant, and one step either side. */
function cutsOf(b: Built): Array<[number, number]> {
  const ks = b.times.filter((t) => t >= 99);
  const vs = b.times;
  const out: Array<[number, number]> = [];
  for (const k of ks) for (const v of vs) out.push([v, k]);
  return out;
}

const runs = { numRuns: Number(process.env.PALIMPSEST_PROPERTY_RUNS ?? 150) };
const opsArb = fc.array(opArb, { minLength: 1, maxLength: 30 });

function checkCut(mem: MemoryGraph, model: ReferenceModel, v: number, k: number): void {
  const rows = mem.facts({ validAt: v, knownAt: k });
  for (const f of rows) {
    // Every returned row's four stamps contain the cut.
    expect(f.validFrom <= v && v < f.validTo, `valid ${f.validFrom}..${f.validTo} ∌ ${v}`).toBe(true);
    expect(f.recordedAt <= k && k < f.invalidAt, `record ${f.recordedAt}..${f.invalidAt} ∌ ${k}`).toBe(true);
  }
  const got = rows.map(tripleOf).sort();
  expect(got, `facts at v=${v} k=${k}`).toEqual(model.factsAt(v, k));
}

describe('facts at any (validAt, knownAt) agrees with the reference model', () => {
  it('whole-graph reads', () => {
    fc.assert(
      fc.property(opsArb, (raw) => {
        const b = build(raw);
        for (const [v, k] of cutsOf(b)) checkCut(b.mem, b.model, v, k);
      }),
      runs,
    );
  });

  it('entity-local reads (by subject, by subject and predicate, by object)', () => {
    fc.assert(
      fc.property(opsArb, (raw) => {
        const b = build(raw);
        for (const [v, k] of cutsOf(b).filter((_, i) => i % 3 === 0)) {
          const all = b.model.factsAt(v, k);
          for (const s of SUBJECTS) {
            const got = b.mem.facts({ subject: s, validAt: v, knownAt: k }).map(tripleOf).sort();
            expect(got).toEqual(all.filter((t) => t.startsWith(`${s}|`)));
            for (const p of PREDICATES) {
              const gotP = b.mem.facts({ subject: s, predicate: p, validAt: v, knownAt: k }).map(tripleOf).sort();
              expect(gotP).toEqual(all.filter((t) => t.startsWith(`${s}|${p}|`)));
            }
          }
          for (const o of OBJECTS) {
            const got = b.mem.facts({ object: objectRef(o), validAt: v, knownAt: k }).map(tripleOf).sort();
            expect(got).toEqual(all.filter((t) => t.endsWith(`|${o}`)));
          }
        }
      }),
      runs,
    );
  });

  it("a triple's versions believed at k are exactly its maximal intervals in B_k", () => {
    fc.assert(
      fc.property(opsArb, (raw) => {
        const b = build(raw);
        const versions = SUBJECTS.flatMap((s) => b.mem.history({ subject: s }));
        for (const k of b.times.filter((t) => t >= 99)) {
          const got = new Map<string, Interval[]>();
          for (const f of versions) {
            if (f.recordedAt <= k && k < f.invalidAt) got.set(tripleOf(f), [...(got.get(tripleOf(f)) ?? []), [f.validFrom, f.validTo]]);
          }
          for (const list of got.values()) list.sort((x, y) => x[0] - y[0]);
          expect(new Map([...got].sort())).toEqual(new Map([...b.model.beliefsAt(k)].sort()));
        }
      }),
      runs,
    );
  });
});

describe('changes agrees with the reference model', () => {
  it('record axis: B_since − removed + added = B_until', () => {
    fc.assert(
      fc.property(opsArb, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (raw, x, y) => {
        const b = build(raw);
        const ks = b.times.filter((t) => t >= 99);
        const since = ks[x % ks.length]!;
        const until = Math.max(since, ks[y % ks.length]!);
        const { added, removed } = b.mem.changes({ since, until, axis: 'record' });
        for (const f of added) expect(f.recordedAt > since && f.recordedAt <= until && f.invalidAt > until).toBe(true);
        for (const f of removed) expect(f.recordedAt <= since && since < f.invalidAt && f.invalidAt <= until).toBe(true);
        const state = new Map([...b.model.beliefsAt(since)].map(([k, v]) => [k, v.map((i) => [...i] as Interval)]));
        for (const f of removed) state.set(tripleOf(f), subtract(state.get(tripleOf(f)) ?? [], [f.validFrom, f.validTo]));
        for (const f of added) state.set(tripleOf(f), unite(state.get(tripleOf(f)) ?? [], [f.validFrom, f.validTo]));
        for (const [k, v] of state) if (v.length === 0) state.delete(k);
        expect(new Map([...state].sort())).toEqual(new Map([...b.model.beliefsAt(until)].sort()));
      }),
      runs,
    );
  });

  it('valid axis: exactly the maximal intervals starting (added) and ending (removed) in (since, until]', () => {
    fc.assert(
      fc.property(opsArb, fc.integer({ min: -2, max: 32 }), fc.integer({ min: 0, max: 20 }), (raw, since, len) => {
        const b = build(raw);
        const k = b.times[b.times.length - 1]!;
        const until = since + len;
        const { added, removed } = b.mem.changes({ since, until, axis: 'valid', knownAt: k });
        const starts: string[] = [];
        const ends: string[] = [];
        for (const [t, list] of b.model.beliefsAt(k)) {
          for (const [a, z] of list) {
            if (a > since && a <= until) starts.push(`${t}@${a}`);
            if (z > since && z <= until) ends.push(`${t}@${z}`);
          }
        }
        expect(added.map((f) => `${tripleOf(f)}@${f.validFrom}`).sort()).toEqual(starts.sort());
        expect(removed.map((f) => `${tripleOf(f)}@${f.validTo}`).sort()).toEqual(ends.sort());
      }),
      runs,
    );
  });
});

describe('state export', () => {
  it('fromState(exportState()) answers every read identically, exports the same state and accepts writes alike', () => {
    fc.assert(
      fc.property(opsArb, (raw) => {
        const b = build(raw);
        const state = b.mem.exportState();
        const again = MemoryGraph.fromState(state, { now: () => b.mem.now() });
        expect(again.exportState()).toEqual(state);
        for (const [v, k] of cutsOf(b)) expect(again.facts({ validAt: v, knownAt: k })).toEqual(b.mem.facts({ validAt: v, knownAt: k }));
        const next = { subject: 's0', predicate: 'one', object: 'o9', validFrom: 3, validTo: 9 };
        expect(again.assert(next)).toEqual(b.mem.assert(next));
        expect(again.exportState()).toEqual(b.mem.exportState());
      }),
      { numRuns: Math.ceil(runs.numRuns / 3) },
    );
  });
});

describe('replay', () => {
  it('a memory replayed from its log answers every read identically and writes the same log', () => {
    fc.assert(
      fc.property(opsArb, (raw) => {
        const b = build(raw);
        const log = b.mem.log();
        const again = MemoryGraph.replay(JSON.parse(JSON.stringify(log)));
        expect(again.log()).toEqual(log);
        for (const [v, k] of cutsOf(b)) expect(again.facts({ validAt: v, knownAt: k })).toEqual(b.mem.facts({ validAt: v, knownAt: k }));
        for (const s of SUBJECTS) expect(again.history({ subject: s })).toEqual(b.mem.history({ subject: s }));
        // The same state, column for column: so the same snapshot bytes.
        expect(again.exportState()).toEqual(b.mem.exportState());
      }),
      { numRuns: Math.ceil(runs.numRuns / 3) },
    );
  });
});
