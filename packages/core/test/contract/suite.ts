/**
 * The bi-temporal contract as one suite, run against every way a memory can be had (graphology's
 * `specs(Graph, implementation)`): `contract(implementation)` builds a live memory from random operation
 * sequences (several subjects, both cardinalities, overlapping and backdated valid intervals, retractions
 * with and without an object, several operations sharing one record instant, forgets of a fact, a source or
 * an entity, which the model takes as the memory never told), asks the implementation for
 * its memory (a replay of the log, a memory from the exported state, a view, a snapshot or log round trip,
 * or the live memory itself), and checks its reads at random cuts and at cuts exactly on interval ends
 * against the reference model; a whole memory must also equal the live one and take further writes alike.
 * It uses core only through `@palimpsest/core`, so other packages (persist) run it on their round trips.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import type { Fact } from '@palimpsest/core';
import { key, ReferenceModel, subtract, unite } from './reference-model.js';
import type { Interval, ModelOp } from './reference-model.js';

export const SUBJECTS = ['s0', 's1', 's2'];
export const PREDICATES = ['one', 'many'];
export const OBJECTS = ['o0', 'o1', 'o2', '#7', '#true'];

type FactQuery = NonNullable<Parameters<MemoryGraph['facts']>[0]>;
type ChangesQuery = Parameters<MemoryGraph['changes']>[0];

/** What an implementation gives the suite: reads at a cut, and optionally the rest of a memory's reads. */
export interface ContractSubject {
  /** Facts at a cut; every query the suite makes names both validAt and knownAt. */
  facts(query: FactQuery & { validAt: number; knownAt: number }): Fact[];
  /** A subject's versions (reads 'all'). */
  history?(query: { subject: string }): Fact[];
  /** Changes between two instants (reads 'all'). */
  changes?(query: ChangesQuery): { added: Fact[]; removed: Fact[] };
  /** The whole memory (sameAsLive 'state' or 'state and log'). */
  memory?: MemoryGraph;
}

export interface Implementation {
  /** Names the implementation in the test titles. */
  name: string;
  /** The implementation's memory, made from the live memory the random operations were applied to. */
  make(live: MemoryGraph): ContractSubject | Promise<ContractSubject>;
  /** Which reads it has: all of a memory's, or facts at a cut only (a view). */
  reads: 'all' | 'facts';
  /**
   * What must equal the live memory: nothing (it is the live memory), its exported state (and the next
   * write's result), or the state and the operation log (replay keeps the log; fromState starts a new one).
   */
  sameAsLive: 'nothing' | 'state' | 'state and log';
  /** Random sequences per check. @default PALIMPSEST_PROPERTY_RUNS or 150 */
  numRuns?: number;
}

/** All of a memory's reads, for an implementation that is a MemoryGraph. */
export function memorySubject(mem: MemoryGraph): ContractSubject {
  return {
    facts: (q) => mem.facts(q),
    history: (q) => mem.history(q),
    changes: (q) => mem.changes(q),
    memory: mem,
  };
}

export const SOURCES = ['import a', 'import b'];

export const opArb = fc.record({
  kind: fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('assert', 'assert', 'assert', 'assertAlongside', 'retract', 'retractAll') },
    { weight: 1, arbitrary: fc.constantFrom('forgetFact', 'forgetSource', 'forgetEntity') },
  ),
  s: fc.constantFrom(...SUBJECTS),
  p: fc.constantFrom(...PREDICATES),
  o: fc.constantFrom(...OBJECTS),
  vf: fc.oneof({ weight: 1, arbitrary: fc.constant(-Infinity) }, { weight: 9, arbitrary: fc.integer({ min: 0, max: 30 }) }),
  len: fc.oneof({ weight: 1, arbitrary: fc.constant(Infinity) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }) }),
  dt: fc.constantFrom(0, 0, 1, 2, 5),
  source: fc.constantFrom(undefined, undefined, ...SOURCES),
});
export type RawOp = typeof opArb extends fc.Arbitrary<infer T> ? T : never;
export const opsArb = fc.array(opArb, { minLength: 1, maxLength: 30 });

export function objectRef(o: string) {
  if (o === '#7') return { value: 7 };
  if (o === '#true') return { value: true };
  return o;
}

export function tripleOf(f: Fact): string {
  const o = 'value' in f.object ? `#${String(f.object.value)}` : f.object.name;
  return key(f.subject.name, f.predicate, o);
}

export interface Built {
  mem: MemoryGraph;
  model: ReferenceModel;
  ops: ModelOp[];
  /** Every record instant and interval end, and one step either side, sorted. */
  times: number[];
}

/** The live memory and the reference model after the same operations. */
export function build(raw: RawOp[]): Built {
  let now = 100;
  const mem = new MemoryGraph({ now: () => now, predicates: { one: { cardinality: 'one' } } });
  const model = new ReferenceModel(new Set(['one']));
  const ops: ModelOp[] = [];
  const times = new Set<number>([99, 100]);
  for (const r of raw) {
    now += r.dt;
    const vt = r.vf === -Infinity ? (r.len === Infinity ? Infinity : r.len) : r.vf + r.len;
    if (r.kind.startsWith('forget')) {
      if (!forget(mem, model, r)) continue;
      times.add(now).add(now + 1);
      continue;
    }
    let op: ModelOp;
    if (r.kind === 'assert' || r.kind === 'assertAlongside') {
      const alongside = r.kind === 'assertAlongside' ? ({ alongside: true } as const) : {};
      mem.assert({ subject: r.s, predicate: r.p, object: objectRef(r.o), validFrom: r.vf, validTo: vt, ...(r.source === undefined ? {} : { source: r.source }), ...alongside });
      op = { kind: 'assert', s: r.s, p: r.p, o: r.o, vf: r.vf, vt, at: now, ...(r.source === undefined ? {} : { source: r.source }), ...alongside };
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

/**
 * A forget in the sequence, in the memory and in the model (the memory as if never told): `forgetFact`
 * every assertion and retraction of the triple (s, p, o), `forgetSource` every assertion with that source,
 * `forgetEntity` every one naming s. Skipped (false) when there is nothing of it to forget.
 */
function forget(mem: MemoryGraph, model: ReferenceModel, r: RawOp): boolean {
  if (r.kind === 'forgetFact') {
    const version = mem.history({ subject: r.s }).find((f) => f.predicate === r.p && tripleOf(f) === key(r.s, r.p, r.o));
    if (version === undefined) return false;
    mem.forget({ fact: version.id });
    model.forget((op) => op.s === r.s && op.p === r.p && op.o === r.o);
    return true;
  }
  if (r.kind === 'forgetSource') {
    const source = r.source ?? SOURCES[0]!;
    if (!model.has((op) => op.kind === 'assert' && op.source === source)) return false;
    mem.forget({ source });
    model.forget((op) => op.kind === 'assert' && op.source === source);
    return true;
  }
  if (mem.getEntity(r.s) === undefined) return false;
  mem.forget({ entity: r.s });
  model.forget((op) => op.s === r.s || op.o === r.s);
  return true;
}

/** Cuts exactly on every interval end and record instant, and one step either side. */
export function cutsOf(b: Built): Array<[number, number]> {
  const ks = b.times.filter((t) => t >= 99);
  const out: Array<[number, number]> = [];
  for (const k of ks) for (const v of b.times) out.push([v, k]);
  return out;
}

interface Case extends Built {
  got: ContractSubject;
}

/** The live memory and the implementation's memory made from it, with the reads the implementation declares. */
async function caseOf(impl: Implementation, raw: RawOp[]): Promise<Case> {
  const b = build(raw);
  const got = await impl.make(b.mem);
  if (impl.reads === 'all' && (!got.history || !got.changes)) throw new Error(`${impl.name}: reads 'all' needs history and changes`);
  if (impl.sameAsLive !== 'nothing' && !got.memory) throw new Error(`${impl.name}: sameAsLive '${impl.sameAsLive}' needs the memory`);
  return { ...b, got };
}

function checkCut(b: Built, got: ContractSubject, v: number, k: number): void {
  const rows = got.facts({ validAt: v, knownAt: k });
  for (const f of rows) {
    // Every returned row's four stamps contain the cut.
    expect(f.validFrom <= v && v < f.validTo, `valid ${f.validFrom}..${f.validTo} ∌ ${v}`).toBe(true);
    expect(f.recordedAt <= k && k < f.invalidAt, `record ${f.recordedAt}..${f.invalidAt} ∌ ${k}`).toBe(true);
  }
  expect(rows.map(tripleOf).sort(), `facts at v=${v} k=${k}`).toEqual(b.model.factsAt(v, k));
  // Beyond the triples: the same versions as the live memory, id and stamps alike.
  if (got.memory !== b.mem) expect(rows).toEqual(b.mem.facts({ validAt: v, knownAt: k }));
}

function checkEntityLocal(b: Built, got: ContractSubject): void {
  for (const [v, k] of cutsOf(b).filter((_, i) => i % 3 === 0)) {
    const all = b.model.factsAt(v, k);
    for (const s of SUBJECTS) {
      expect(got.facts({ subject: s, validAt: v, knownAt: k }).map(tripleOf).sort()).toEqual(all.filter((t) => t.startsWith(`${s}|`)));
      for (const p of PREDICATES) {
        const gotP = got.facts({ subject: s, predicate: p, validAt: v, knownAt: k }).map(tripleOf).sort();
        expect(gotP).toEqual(all.filter((t) => t.startsWith(`${s}|${p}|`)));
      }
    }
    for (const o of OBJECTS) {
      expect(got.facts({ object: objectRef(o), validAt: v, knownAt: k }).map(tripleOf).sort()).toEqual(all.filter((t) => t.endsWith(`|${o}`)));
    }
  }
}

function checkBeliefs(b: Built, history: NonNullable<ContractSubject['history']>): void {
  const versions = SUBJECTS.flatMap((s) => history({ subject: s }));
  for (const k of b.times.filter((t) => t >= 99)) {
    const got = new Map<string, Interval[]>();
    for (const f of versions) {
      if (f.recordedAt <= k && k < f.invalidAt) got.set(tripleOf(f), [...(got.get(tripleOf(f)) ?? []), [f.validFrom, f.validTo]]);
    }
    for (const list of got.values()) list.sort((x, y) => x[0] - y[0]);
    expect(new Map([...got].sort())).toEqual(new Map([...b.model.beliefsAt(k)].sort()));
  }
}

function checkRecordChanges(b: Built, changes: NonNullable<ContractSubject['changes']>, x: number, y: number): void {
  const ks = b.times.filter((t) => t >= 99);
  const since = ks[x % ks.length]!;
  const until = Math.max(since, ks[y % ks.length]!);
  const { added, removed } = changes({ since, until, axis: 'record' });
  for (const f of added) expect(f.recordedAt > since && f.recordedAt <= until && f.invalidAt > until).toBe(true);
  for (const f of removed) expect(f.recordedAt <= since && since < f.invalidAt && f.invalidAt <= until).toBe(true);
  const state = new Map([...b.model.beliefsAt(since)].map(([k, v]) => [k, v.map((i) => [...i] as Interval)]));
  for (const f of removed) state.set(tripleOf(f), subtract(state.get(tripleOf(f)) ?? [], [f.validFrom, f.validTo]));
  for (const f of added) state.set(tripleOf(f), unite(state.get(tripleOf(f)) ?? [], [f.validFrom, f.validTo]));
  for (const [k, v] of state) if (v.length === 0) state.delete(k);
  expect(new Map([...state].sort())).toEqual(new Map([...b.model.beliefsAt(until)].sort()));
}

function checkValidChanges(b: Built, changes: NonNullable<ContractSubject['changes']>, since: number, len: number): void {
  const k = b.times[b.times.length - 1]!;
  const until = since + len;
  const { added, removed } = changes({ since, until, axis: 'valid', knownAt: k });
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
}

/** A whole memory equals the live one: state column for column (so the same snapshot bytes), log, next write. */
function checkSameMemory(b: Built, mem: MemoryGraph, keepsLog: boolean): void {
  expect(mem.exportState()).toEqual(b.mem.exportState());
  if (keepsLog) expect(mem.log()).toEqual(b.mem.log());
  for (const s of SUBJECTS) expect(mem.history({ subject: s })).toEqual(b.mem.history({ subject: s }));
  const next = { subject: 's0', predicate: 'one', object: 'o9', validFrom: 3, validTo: 9 };
  expect(mem.assert(next)).toEqual(b.mem.assert(next));
  expect(mem.exportState()).toEqual(b.mem.exportState());
}

/** Registers the contract's checks for one implementation: those its reads allow. */
export function contract(impl: Implementation): void {
  const runs = { numRuns: impl.numRuns ?? Number(process.env.PALIMPSEST_PROPERTY_RUNS ?? 150) };
  const property = <T>(arb: fc.Arbitrary<T>, check: (c: Case, extra: T) => void) =>
    fc.assert(fc.asyncProperty(opsArb, arb, async (raw, extra) => check(await caseOf(impl, raw), extra)), runs);
  const none = fc.constant(null);

  describe(`the bi-temporal contract: ${impl.name}`, () => {
    it('facts at any (validAt, knownAt) agree with the reference model', async () => {
      await property(none, (c) => {
        for (const [v, k] of cutsOf(c)) checkCut(c, c.got, v, k);
      });
    });

    it('entity-local reads (by subject, by subject and predicate, by object) agree with the reference model', async () => {
      await property(none, (c) => checkEntityLocal(c, c.got));
    });

    if (impl.reads === 'all') {
      it("a triple's versions believed at k are exactly its maximal intervals in B_k", async () => {
        await property(none, (c) => checkBeliefs(c, c.got.history!));
      });

      it('changes on the record axis: B_since − removed + added = B_until', async () => {
        const cuts = fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }));
        await property(cuts, (c, [x, y]) => checkRecordChanges(c, c.got.changes!, x, y));
      });

      it('changes on the valid axis: exactly the maximal intervals starting (added) and ending (removed) in (since, until]', async () => {
        const window = fc.tuple(fc.integer({ min: -2, max: 32 }), fc.integer({ min: 0, max: 20 }));
        await property(window, (c, [since, len]) => checkValidChanges(c, c.got.changes!, since, len));
      });
    }

    if (impl.sameAsLive !== 'nothing') {
      it(`equals the live memory (${impl.sameAsLive}) and takes the next write alike`, async () => {
        await property(none, (c) => checkSameMemory(c, c.got.memory!, impl.sameAsLive === 'state and log'));
      });
    }
  });
}
