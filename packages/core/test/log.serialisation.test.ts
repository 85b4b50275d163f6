import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { stringifyAssert } from '../src/log/log.js';
import type { AssertOp } from '../src/log/log.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { vectorFromText, vectorToText } from '../src/util/vector-text.js';

describe('the hand-written assert serialiser', () => {
  it('writes exactly what JSON.stringify writes', () => {
    const text = fc.string({ unit: 'binary' });
    const literal = fc.oneof(text, fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
    const op = fc.record(
      {
        type: fc.constant('assert' as const),
        recordedAt: fc.integer({ min: 0, max: 2 ** 52 }),
        subject: fc.oneof(fc.nat(), fc.record({ name: text })),
        predicate: text,
        object: fc.oneof(fc.record({ id: fc.nat() }), fc.record({ value: literal }), fc.record({ name: text })),
        validFrom: fc.oneof(fc.constant(null), fc.integer({ min: -(2 ** 52), max: 2 ** 52 })),
        validTo: fc.integer({ min: -(2 ** 52), max: 2 ** 52 }),
        confidence: fc.double({ min: 0, max: 1, noNaN: true }),
        source: text,
        evidence: fc.array(text, { maxLength: 3 }),
        reason: text,
        edgeType: fc.constantFrom('causal', 'semantic'),
        episode: text,
        alongside: fc.constant(true as const),
        rejected: fc.constant(true as const),
      },
      { requiredKeys: ['type', 'recordedAt', 'subject', 'predicate', 'object', 'validFrom'] },
    );
    fc.assert(
      fc.property(op, (o) => {
        expect(stringifyAssert(o as AssertOp)).toBe(JSON.stringify(o));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('vectors in the log', () => {
  it('round-trip exactly through their base64 text, any length, -0 and extremes included', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ noNaN: true }), { maxLength: 70 }), (values) => {
        const v = Float32Array.from(values);
        const text = vectorToText(v);
        expect(text.length).toBe(4 * Math.ceil((v.length * 4) / 3));
        const back = vectorFromText(text, 'test');
        expect(Array.from(back).map((x) => Object.is(x, -0) ? '-0' : x)).toEqual(Array.from(v).map((x) => Object.is(x, -0) ? '-0' : x));
      }),
      { numRuns: 500 },
    );
    expect(vectorToText(new Float32Array([1]))).toBe('AACAPw==');
    expect(() => vectorFromText('AACAP', 'MemoryGraph.replay')).toThrow(/^MemoryGraph\.replay: vector text is not base64/);
    expect(() => vectorFromText('AA$APw==', 'x')).toThrow(InvalidArgumentError);
    expect(() => vectorFromText('AAAA', 'x')).toThrow(/not base64 of float32/); // 3 bytes
  });

  it('are written as base64 and replay from it, and from the number lists older logs hold', () => {
    let t = 0;
    const mem = new MemoryGraph({ now: () => ++t, dimensions: 3 });
    mem.episode({ id: 'a', text: 'x', at: 0, vector: [0.5, -1, 3] });
    mem.entity({ name: 'Ann', vector: [1, 2, 3] });
    const log = mem.log();
    expect(log[1]).toMatchObject({ type: 'episode', vector: vectorToText(Float32Array.from([0.5, -1, 3])) });
    expect(MemoryGraph.replay(log).exportState()).toEqual(mem.exportState());
    const old = log.map((op) => ('vector' in op && typeof op.vector === 'string' ? { ...op, vector: Array.from(vectorFromText(op.vector, 'test')) } : op));
    expect(MemoryGraph.replay(old).exportState().columns).toEqual(mem.exportState().columns);
  });
});
