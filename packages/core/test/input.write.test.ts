import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { SHAPES } from '../src/graph/validate.js';
import { isWriteField, readAssertInput, readRetractInput } from '../src/graph/write-input.js';

describe('write-input', () => {
  it('knows exactly the fields of the assert and retract shapes', () => {
    const others = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '0', '', 'Subject', 'subject ', 'validAt', 'knownAt', 'id', 'value'];
    const keys = [...new Set([...Object.keys(SHAPES.assert), ...Object.keys(SHAPES.retract), ...others])];
    for (const key of keys) {
      expect(isWriteField(key, true), `assert ${key}`).toBe(Object.hasOwn(SHAPES.assert, key));
      expect(isWriteField(key, false), `retract ${key}`).toBe(Object.hasOwn(SHAPES.retract, key));
    }
  });

  it('refuses a field of the other shape, and an inherited enumerable one, by name', () => {
    expect(() => readRetractInput('MemoryGraph.retract', { subject: 'a', predicate: 'p', confidence: 1 })).toThrow(
      new InvalidArgumentError('MemoryGraph.retract: the argument has an unknown field "confidence" (known: subject, predicate, object, validFrom, validTo, recordedAt, reason)'),
    );
    const inherited = Object.create({ extra: 1 }) as Record<string, unknown>;
    Object.assign(inherited, { subject: 'a', predicate: 'p', object: { value: 1 } });
    expect(() => readAssertInput('MemoryGraph.assert', inherited)).toThrow(/MemoryGraph\.assert: the argument has an unknown field "extra"/);
    expect(readAssertInput('MemoryGraph.assert', { subject: 'a', predicate: 'p', object: { value: 1 }, edgeType: 'causal' }).edgeType).toBe('causal');
  });
});
