import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';

describe('MemoryGraph.opsSince (follow the log without copying it)', () => {
  it('yields what log(from) returns, one operation at a time, and refuses a bad start by name', () => {
    let t = 0;
    const mem = new MemoryGraph({ now: () => (t += 10) });
    for (let i = 0; i < 700; i++) mem.assert({ subject: `s${i % 37}`, predicate: i % 2 ? 'likes' : 'is', object: { value: i } });
    mem.episode({ id: 'e', text: 'a turn', at: 5, entities: ['s1'] });
    for (const from of [0, 1, 350, mem.size.operations - 1, mem.size.operations, mem.size.operations + 5]) {
      expect([...mem.opsSince(from)]).toEqual(mem.log(from));
    }
    const it = mem.opsSince(mem.size.operations - 2);
    expect(it.next().value).toEqual(mem.log(mem.size.operations - 2)[0]);
    // An operation logged while the iterator is open is read by it.
    mem.retract({ subject: 's1', predicate: 'likes' });
    expect([...it]).toEqual(mem.log(mem.size.operations - 2));
    for (const bad of [-1, 1.5, NaN, '3']) expect(() => mem.opsSince(bad as number)).toThrow(InvalidArgumentError);
    expect(() => mem.opsSince(-1)).toThrow(/^MemoryGraph\.opsSince: /);
  });
});
