/** Seeded random histories of a real MemoryGraph, shared by the round-trip, fuzz and fixture tests. */
import fc from 'fast-check';
import { MemoryGraph } from '@palimpsest/core';

const DAY = 86_400_000;
export const T0 = Date.UTC(2024, 0, 1);
/** The memories' clock: after every record time the tests use. */
export const NOW = T0 + 200 * DAY;
const NAMES = ['Alice', 'Bob', 'Acme', 'Pro plan', 'Ωmega 😀'];
const PREDICATES = ['price', 'works_at', 'likes'];

export type Step =
  | { kind: 'assert'; s: number; p: number; o: number | string | boolean; vf: number; vt: number | null; conf: number; src: boolean }
  | { kind: 'retract'; s: number; p: number; o: number | null; vf: number; vt: number | null }
  | { kind: 'episode'; text: string; at: number; who: number[] }
  | { kind: 'entity'; n: number; alias: string }
  | { kind: 'merge'; into: number; from: number }
  | { kind: 'archive'; pick: number }
  | { kind: 'touch'; pick: number };

const day = fc.integer({ min: 0, max: 40 });
const who = fc.integer({ min: 0, max: NAMES.length - 1 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('assert' as const), s: who, p: fc.nat({ max: 2 }), o: fc.oneof(who, fc.constantFrom('40', '50'), fc.integer({ min: 0, max: 3 }), fc.boolean()), vf: day, vt: fc.option(day, { nil: null }), conf: fc.constantFrom(1, 0.9, 0.5, 0.1), src: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retract' as const), s: who, p: fc.nat({ max: 2 }), o: fc.option(who, { nil: null }), vf: day, vt: fc.option(day, { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('episode' as const), text: fc.constantFrom('Alice joined Acme', 'the price went up', 'Bob likes Pro'), at: day, who: fc.array(who, { maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('entity' as const), n: who, alias: fc.constantFrom('Ali', 'B.', 'ACME Corp') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('merge' as const), into: who, from: who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('archive' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('touch' as const), pick: fc.nat() }) },
);

export const historyArb = fc.array(stepArb, { minLength: 8, maxLength: 30, size: 'max' });

export function newMemory(): MemoryGraph {
  return new MemoryGraph({
    now: () => NOW,
    predicates: { price: { cardinality: 'one', minConfidence: 0.3 }, works_at: { cardinality: 'many' } },
    minConfidence: 0.2,
  });
}

/**
 * Applies `steps` with record times T0 + (first + i) days. A step the memory refuses (a named error)
 * changes nothing and is skipped; any other exception fails the test.
 */
export function applySteps(mem: MemoryGraph, steps: Step[], first = 0, refused?: string[]): void {
  steps.forEach((step, i) => {
    const recordedAt = T0 + (first + i) * DAY;
    try {
      applyStep(mem, step, recordedAt);
    } catch (e) {
      if (!(e instanceof Error) || !/Error$/.test(e.name) || e.name === 'TypeError' || e.name === 'RangeError' || e.name === 'Error') throw e;
      refused?.push(e.message);
    }
  });
}

function applyStep(mem: MemoryGraph, step: Step, recordedAt: number): void {
  const vt = (d: number | null, vf: number) => (d === null || d <= vf ? undefined : T0 + d * DAY);
  switch (step.kind) {
    case 'assert':
      mem.assert({
        subject: NAMES[step.s]!,
        predicate: PREDICATES[step.p]!,
        object: typeof step.o === 'number' && step.o < NAMES.length && Number.isInteger(step.o) && step.p !== 0 ? NAMES[step.o]! : { value: step.o },
        validFrom: T0 + step.vf * DAY,
        validTo: vt(step.vt, step.vf),
        recordedAt,
        confidence: step.conf,
        ...(step.src ? { source: 'chat', evidence: [`m${step.vf}`], reason: 'said so', edgeType: 'semantic' as const } : {}),
      });
      return;
    case 'retract':
      mem.retract({
        subject: NAMES[step.s]!,
        predicate: PREDICATES[step.p]!,
        ...(step.o === null ? {} : { object: NAMES[step.o]! }),
        validFrom: T0 + step.vf * DAY,
        validTo: vt(step.vt, step.vf),
        recordedAt,
      });
      return;
    case 'episode':
      mem.episode({ id: `e${recordedAt}`, text: step.text, at: T0 + step.at * DAY, entities: step.who.map((w) => NAMES[w]!), recordedAt });
      return;
    case 'entity':
      mem.entity({ name: NAMES[step.n]!, type: 'thing', aliases: [step.alias], recordedAt });
      return;
    case 'merge':
      mem.merge({ into: NAMES[step.into]!, from: NAMES[step.from]!, recordedAt });
      return;
    case 'archive':
    case 'touch': {
      const n = mem.size.versions;
      if (n === 0) return;
      const ids = [step.pick % n];
      if (step.kind === 'archive') mem.archive(ids, { recordedAt });
      else mem.touch(ids, { recordedAt });
      return;
    }
  }
}

/** Every read the test compares, at a grid of cuts covering every stamp used. */
export function allReads(mem: MemoryGraph, days: number): unknown {
  const out: Record<string, unknown> = {};
  const times = [T0 - DAY];
  // Every stamp is a whole day, so whole days (and one instant before them all) cover every distinct cut.
  for (let d = 0; d <= days; d++) times.push(T0 + d * DAY);
  for (const k of times) {
    for (const v of times) out[`facts ${v} ${k}`] = mem.facts({ validAt: v, knownAt: k });
    out[`archived ${k}`] = mem.facts({ knownAt: k, includeArchived: false });
  }
  for (const name of NAMES) {
    const known = mem.getEntity(name);
    out[`entity ${name}`] = known;
    if (!known) continue;
    out[`history ${name}`] = mem.history({ subject: name });
    out[`neighbors ${name}`] = mem.neighbors(name, { knownAt: T0 + days * DAY });
  }
  for (let d = 0; d <= days; d += 5) {
    out[`changes record ${d}`] = mem.changes({ since: T0 + d * DAY, until: T0 + (d + 7) * DAY });
    out[`changes valid ${d}`] = mem.changes({ since: T0 + d * DAY, until: T0 + (d + 7) * DAY, axis: 'valid' });
  }
  out.size = mem.size;
  out.log = mem.log();
  return out;
}
