import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/index.js';

describe('an assertion sees its predicate as declared now (the per-name cache of write-calls.ts)', () => {
  it('applies a gate declared after the predicate was used, and checks names it has not used', () => {
    let now = 1_000;
    const mem = new MemoryGraph({ now: () => now++ });
    mem.entity({ name: 'a' });
    expect(mem.assert({ subject: 'a', predicate: 'rumour', object: { value: 1 }, confidence: 0.5 }).status).toBe('added');
    mem.definePredicate('rumour', { cardinality: 'many', minConfidence: 0.9 });
    expect(mem.assert({ subject: 'a', predicate: 'rumour', object: { value: 2 }, confidence: 0.5 }).status).toBe('rejected');
    mem.definePredicate('rumour', { cardinality: 'many' });
    expect(mem.assert({ subject: 'a', predicate: 'rumour', object: { value: 3 }, confidence: 0.5 }).status).toBe('added');
    expect(() => mem.assert({ subject: 'a', predicate: ' ', object: { value: 1 } })).toThrow(/predicate must be a non-empty string/);
  });
});
