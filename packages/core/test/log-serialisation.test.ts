import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyAssert } from '../src/graph/log.js';
import type { AssertOp } from '../src/graph/log.js';

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
