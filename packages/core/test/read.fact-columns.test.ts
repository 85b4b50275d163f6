import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph, NotFoundError } from '../src/index.js';
import type { Fact, FactQuery } from '../src/index.js';
import { mulberry32 } from '../src/util/random.js';

const DAY = 86_400_000;

/** A seeded memory with entity and literal objects, cardinality-one updates, retractions and archived versions. */
function seeded(): { mem: MemoryGraph; names: string[]; end: number } {
  const rand = mulberry32(11);
  let now = Date.UTC(2024, 0, 1);
  const mem = new MemoryGraph({ now: () => now, predicates: { lives_in: { cardinality: 'one' }, price: { cardinality: 'one' } } });
  const names = Array.from({ length: 12 }, (_, i) => `Person ${i}`);
  for (let step = 0; step < 600; step++) {
    now += Math.floor(rand() * 3) * 3_600_000;
    const subject = names[Math.floor(rand() * names.length)]!;
    const r = rand();
    if (r < 0.35) mem.assert({ subject, predicate: 'lives_in', object: names[Math.floor(rand() * names.length)]!, validFrom: now - Math.floor(rand() * 20) * DAY });
    else if (r < 0.6) mem.assert({ subject, predicate: 'price', object: { value: Math.floor(rand() * 9) }, validFrom: now, evidence: [`turn ${step}`] });
    else if (r < 0.9) mem.assert({ subject, predicate: 'knows', object: names[Math.floor(rand() * names.length)]!, validFrom: now - Math.floor(rand() * 90) * DAY, source: 'chat' });
    else mem.retract({ subject, predicate: 'knows', validFrom: now - Math.floor(rand() * 30) * DAY });
    if (rand() < 0.03) mem.archive([Math.floor(rand() * mem.size.versions)]);
  }
  return { mem, names, end: now };
}

describe('factColumns', () => {
  const { mem, names, end } = seeded();
  const start = Date.UTC(2024, 0, 1);
  const rand = mulberry32(5);
  const queries: FactQuery[] = [];
  for (let i = 0; i < 25; i++) {
    const cut = { validAt: start + Math.floor(rand() * (end - start + 30 * DAY)), knownAt: start + Math.floor(rand() * (end - start)) };
    const who = names[Math.floor(rand() * names.length)]!;
    queries.push(cut, { ...cut, subject: who }, { ...cut, subject: who, predicate: 'knows' }, { ...cut, object: who }, { ...cut, includeArchived: false });
  }

  it('holds, column by column, what facts() returns for the same query, in the same order', () => {
    let compared = 0;
    for (const q of queries) {
      const facts = mem.facts(q);
      const cols = mem.factColumns(q);
      expect(cols.length).toBe(facts.length);
      expect(Array.from(cols.id)).toEqual(mem.factIds(q));
      facts.forEach((f: Fact, i) => {
        expect(cols.id[i]).toBe(f.id);
        expect({ id: cols.subject[i], name: cols.entityName(cols.subject[i]!) }).toEqual(f.subject);
        expect(cols.predicate[i]).toBe(f.predicate);
        const object = cols.objectEntity[i]! >= 0 ? { id: cols.objectEntity[i], name: cols.entityName(cols.objectEntity[i]!) } : { value: cols.objectValue[i] };
        expect(object).toEqual(f.object);
        expect([cols.validFrom[i], cols.validTo[i], cols.recordedAt[i], cols.invalidAt[i], cols.confidence[i]]).toEqual([f.validFrom, f.validTo, f.recordedAt, f.invalidAt, f.confidence]);
        expect(cols.fact(i)).toEqual(f);
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('refuses bad input by name and keeps its columns when the memory changes', () => {
    expect(() => mem.factColumns({ validAt: 'not a time' } as unknown as FactQuery)).toThrow(InvalidArgumentError);
    expect(() => mem.factColumns({ validAt: 'not a time' } as unknown as FactQuery)).toThrow(/^MemoryGraph\.factColumns: /);
    const cols = mem.factColumns({ subject: names[0]!, validAt: end, knownAt: end });
    expect(() => cols.fact(cols.length)).toThrow(/^FactColumns\.fact: /);
    expect(() => cols.entityName(10_000)).toThrow(NotFoundError);

    let now = Date.UTC(2024, 0, 1);
    const fresh = new MemoryGraph({ now: () => now });
    fresh.assert({ subject: 'Ann', predicate: 'knows', object: 'Bob' });
    const before = fresh.factColumns();
    now += DAY;
    fresh.retract({ subject: 'Ann', predicate: 'knows', object: 'Bob', validFrom: now - DAY });
    expect(before.invalidAt[0]).toBe(Infinity); // a copy taken at the read
    expect(fresh.fact(before.id[0]!).invalidAt).toBe(now);
    expect(before.fact(0).invalidAt).toBe(now); // fact(i): the version as it is now
  });
});

describe('facts() returns plain objects', () => {
  it('spreads, serialises, clones and compares as a plain object', () => {
    const { mem, end } = seeded();
    const facts = mem.facts({ validAt: end, knownAt: end });
    expect(facts.length).toBeGreaterThan(10);
    for (const f of facts.slice(0, 20)) {
      expect(Object.getPrototypeOf(f)).toBe(Object.prototype);
      expect({ ...f }).toEqual(f);
      expect(structuredClone(f)).toEqual(f);
      expect(JSON.parse(JSON.stringify({ ...f, validTo: 0, invalidAt: 0 }))).toEqual({ ...f, validTo: 0, invalidAt: 0 });
      expect(mem.fact(f.id)).toStrictEqual(f);
    }
  });
});
