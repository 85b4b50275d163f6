import { describe, expect, it } from 'vitest';
import { EDGE_TYPES, MemoryGraph } from '@palimpsest/core';
import { mulberry32 } from '@palimpsest/core/internal';
import type { AssertInput, Operation, RetractInput } from '@palimpsest/core';

/**
 * Accepted assertions and plain retractions wait in the log as records of ids (log/log-records.ts) and are
 * turned into JSON operations when the log is read. The log must read exactly as the operations the calls
 * describe (log.ts's format: key order included, since persist writes JSON.stringify of each), whenever it
 * is read (JSON is compared as text: -0 is logged as 0): here every operation is also built independently from the call's own arguments and compared,
 * and the log is read at random moments (each read encodes what is pending).
 */
describe('the log of records reads as the JSON operations of the calls', () => {
  it('seeded random asserts and retractions, read at random moments, replayed and reloaded', () => {
    const random = mulberry32(1207);
    let t = 1_000_000;
    const mem = new MemoryGraph({ now: () => t, predicates: { status: { cardinality: 'one' } } });
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const names = ['Ann', 'Bob', 'Carol', 'Dave', 'Erin'];
    for (const name of names) mem.entity({ name });
    mem.episode({ id: 'ep-1', text: 'a turn', at: 0 });
    mem.episode({ id: 'ep-"2"', text: 'another', at: 5 });
    const literals = ['x', 'quote " and \\ and \n', '', 0, -0, 1.5, -1e300, 2 ** 53, true, false];
    const expected: Operation[] = [...mem.log()];
    for (let i = 0; i < 3000; i++) {
      t += Math.floor(random() * 3) * 1000;
      const subject = Math.floor(random() * names.length);
      const predicate = pick(['status', 'knows', 'likes', 'status']);
      const r = random();
      if (r < 0.75) {
        const useLiteral = random() < 0.5;
        const input: AssertInput = {
          subject: { id: subject },
          predicate,
          object: useLiteral ? { value: pick(literals) } : { id: Math.floor(random() * names.length) },
        };
        if (random() < 0.3) input.validFrom = random() < 0.2 ? -Infinity : t - Math.floor(random() * 10) * 1000;
        if (random() < 0.3) input.validTo = t + 1 + Math.floor(random() * 10) * 1000;
        if (random() < 0.5) input.confidence = pick([1, 0.5, 0.123456789, 0]);
        if (random() < 0.3) input.source = pick(['extractor', 'user', 'a "quoted" source']);
        if (random() < 0.3) input.evidence = random() < 0.5 ? ['m1', 'm2', 'm1'] : ['ep-1'];
        if (random() < 0.2) input.reason = pick(['because', 'line\nbreak']);
        if (random() < 0.2) input.edgeType = pick(EDGE_TYPES);
        if (random() < 0.2) input.episode = pick(['ep-1', 'ep-"2"']);
        mem.assert(input);
        expected.push(assertOp(input, t));
      } else {
        const input: RetractInput = { subject: { id: subject }, predicate: random() < 0.1 ? 'never-used' : predicate };
        const o = random();
        if (o < 0.3) input.object = { id: Math.floor(random() * names.length) };
        else if (o < 0.5) input.object = { value: random() < 0.2 ? 'unknown literal' : pick(literals) };
        if (random() < 0.3) input.validFrom = t - Math.floor(random() * 10) * 1000;
        if (random() < 0.3) input.validTo = t + 1 + Math.floor(random() * 10) * 1000;
        if (random() < 0.2) input.reason = 'no longer';
        mem.retract(input);
        expected.push(retractOp(input, t));
      }
      if (random() < 0.01) expect(JSON.stringify(mem.log())).toBe(JSON.stringify(expected));
      if (random() < 0.005) expect(JSON.stringify([...mem.opsSince(expected.length - 3)])).toBe(JSON.stringify(expected.slice(-3)));
    }
    expect(JSON.stringify(mem.log())).toBe(JSON.stringify(expected));
    // The snapshot's log column holds one binary record per operation (log-records.ts: accepted asserts kind 2,
    // plain retractions kind 3, episodes kind 4 (index and JSON without the text), the rest JSON, kind 1); the loaded memory below reads them back as the same log.
    const state = mem.exportState();
    const bytes = state.columns['log.bytes'] as Uint8Array;
    const ends = state.columns['log.ends'] as Uint32Array;
    expect(ends.length).toBe(expected.length);
    const kinds = Array.from(ends, (_, i) => bytes[i === 0 ? 0 : ends[i - 1]!]!);
    expect(kinds.every((k) => k === 1 || k === 2 || k === 3 || k === 4)).toBe(true);
    expect(kinds.filter((k) => k === 2).length).toBe(expected.filter((op) => op.type === 'assert' && op.rejected !== true).length);
    const replayed = MemoryGraph.replay(mem.log(), { now: () => t });
    expect(JSON.stringify(replayed.log())).toBe(JSON.stringify(expected));
    expect(replayed.facts({ validAt: t, knownAt: t })).toEqual(mem.facts({ validAt: t, knownAt: t }));
    const loaded = MemoryGraph.fromState(state, { now: () => t });
    loaded.assert({ subject: 'Ann', predicate: 'likes', object: 'Bob', recordedAt: t });
    expect(JSON.stringify(loaded.log().slice(0, -1))).toBe(JSON.stringify(expected));
    expect(loaded.log().at(-1)).toEqual({ type: 'assert', recordedAt: t, subject: 0, predicate: 'likes', object: { id: 1 }, validFrom: t, confidence: 1 });
  });
});

/** The assert operation a call logs, built from its arguments (log.ts's AssertOp, fields in its order). */
function assertOp(input: AssertInput, t: number): Operation {
  const from = input.validFrom ?? t;
  const op: Record<string, unknown> = {
    type: 'assert',
    recordedAt: t,
    subject: (input.subject as { id: number }).id,
    predicate: input.predicate,
    object: input.object,
    validFrom: from === -Infinity ? null : from,
  };
  if (input.validTo !== undefined) op.validTo = input.validTo;
  op.confidence = input.confidence ?? 1;
  if (input.source !== undefined) op.source = input.source;
  if (input.evidence !== undefined) op.evidence = [...new Set(input.evidence)];
  if (input.reason !== undefined) op.reason = input.reason;
  if (input.edgeType !== undefined) op.edgeType = input.edgeType;
  if (input.episode !== undefined) op.episode = input.episode;
  return op as unknown as Operation;
}

function retractOp(input: RetractInput, t: number): Operation {
  const from = input.validFrom ?? t;
  const op: Record<string, unknown> = { type: 'retract', recordedAt: t, subject: (input.subject as { id: number }).id, predicate: input.predicate };
  if (input.object !== undefined) op.object = input.object;
  op.validFrom = from === -Infinity ? null : from;
  if (input.validTo !== undefined) op.validTo = input.validTo;
  if (input.reason !== undefined) op.reason = input.reason;
  return op as unknown as Operation;
}
