import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** A fake record-time clock the test moves by hand. */
function fakeClock(start: string) {
  let now = day(start);
  return { now: () => now, set: (iso: string) => (now = day(iso)) };
}

describe('the worked example of SEMANTICS.md: the Pro plan price', () => {
  const clock = fakeClock('2025-01-01');
  const mem = new MemoryGraph({ now: clock.now, predicates: { price: { cardinality: 'one' } } });
  mem.assert({ subject: 'pro', predicate: 'price', object: { value: 40 }, validFrom: '2025-01-01' });
  clock.set('2025-03-15');
  mem.assert({ subject: 'pro', predicate: 'price', object: { value: 50 }, validFrom: '2025-03-01' });
  clock.set('2025-06-01');
  const price = (validAt: string, knownAt?: string) =>
    mem.facts({ subject: 'pro', predicate: 'price', validAt, ...(knownAt ? { knownAt } : {}) }).map((f) => (f.object as { value: number }).value);

  it('what billing knew and charged on Mar 5: 40', () => {
    expect(price('2025-03-05', '2025-03-05')).toEqual([40]);
  });
  it('what was contractually true on Mar 5, as known now: 50', () => {
    expect(price('2025-03-05')).toEqual([50]);
  });
  it('Feb 1 as known now: 40', () => {
    expect(price('2025-02-01')).toEqual([40]);
  });
  it('history: the Jan 1 version closed at Mar 15, 40 on [Jan 1, Mar 1) and 50 from Mar 1, both recorded Mar 15', () => {
    const h = mem.history({ subject: 'pro', predicate: 'price' });
    expect(h.map((f) => [(f.object as { value: number }).value, f.validFrom, f.validTo, f.recordedAt, f.invalidAt])).toEqual([
      [40, day('2025-01-01'), Infinity, day('2025-01-01'), day('2025-03-15')],
      [50, day('2025-03-01'), Infinity, day('2025-03-15'), Infinity],
      [40, day('2025-01-01'), day('2025-03-01'), day('2025-03-15'), Infinity],
    ]);
    // The closed version links to both versions that superseded it.
    expect(h[0]!.supersededBy).toEqual([h[1]!.id, h[2]!.id]);
    expect(h[1]!.supersededBy).toBeUndefined();
  });
  it('every returned row carries stamps that contain the cut', () => {
    const cut = { validAt: day('2025-03-05'), knownAt: day('2025-03-05') };
    for (const f of mem.facts(cut)) {
      expect(f.validFrom <= cut.validAt && cut.validAt < f.validTo).toBe(true);
      expect(f.recordedAt <= cut.knownAt && cut.knownAt < f.invalidAt).toBe(true);
    }
  });
});

describe("the seed's contract-tier example: the tier changes on the 1st, learned on the 5th", () => {
  const clock = fakeClock('2025-01-10');
  const mem = new MemoryGraph({ now: clock.now, predicates: { tier: { cardinality: 'one' } } });
  mem.assert({ subject: 'acme', predicate: 'tier', object: 'silver', validFrom: '2025-01-10' });
  clock.set('2025-04-05');
  mem.assert({ subject: 'acme', predicate: 'tier', object: 'gold', validFrom: '2025-04-01' });
  const tier = (validAt: string, knownAt: string) => mem.facts({ subject: 'acme', predicate: 'tier', validAt, knownAt }).map((f) => (f.object as { name: string }).name);

  it('on the 3rd the memory believed the old tier', () => {
    expect(tier('2025-04-03', '2025-04-03')).toEqual(['silver']);
  });
  it('as known on the 5th, the 3rd was already gold', () => {
    expect(tier('2025-04-03', '2025-04-05')).toEqual(['gold']);
  });
  it('March stays silver under every knowledge time', () => {
    expect(tier('2025-03-15', '2025-03-15')).toEqual(['silver']);
    expect(tier('2025-03-15', '2025-04-05')).toEqual(['silver']);
  });
});

describe("Martin Fowler's salary example: a backdated raise", () => {
  // Recorded Feb 25: salary 5000 from Jan 1. Recorded Jul 15: a raise to 6000, effective Jun 1.
  // Recorded Aug 10: the raise was in fact effective May 1 (a correction of the correction).
  const clock = fakeClock('2025-02-25');
  const mem = new MemoryGraph({ now: clock.now, predicates: { salary: { cardinality: 'one' } } });
  mem.assert({ subject: 'sally', predicate: 'salary', object: { value: 5000 }, validFrom: '2025-01-01' });
  clock.set('2025-07-15');
  mem.assert({ subject: 'sally', predicate: 'salary', object: { value: 6000 }, validFrom: '2025-06-01' });
  clock.set('2025-08-10');
  mem.assert({ subject: 'sally', predicate: 'salary', object: { value: 6000 }, validFrom: '2025-05-01', reason: 'payroll correction' });
  const salary = (validAt: string, knownAt: string) => mem.facts({ subject: 'sally', predicate: 'salary', validAt, knownAt }).map((f) => (f.object as { value: number }).value);

  it('reads on both clocks', () => {
    expect(salary('2025-05-15', '2025-07-20')).toEqual([5000]); // in July we thought May was 5000
    expect(salary('2025-05-15', '2025-08-20')).toEqual([6000]); // after the correction: 6000
    expect(salary('2025-06-15', '2025-07-01')).toEqual([5000]); // before we learned of the raise
    expect(salary('2025-06-15', '2025-07-20')).toEqual([6000]);
    expect(salary('2025-04-15', '2025-08-20')).toEqual([5000]);
  });
  it('the correction extends the 6000 version instead of adding an overlapping one', () => {
    const open = mem.history({ subject: 'sally', predicate: 'salary' }).filter((f) => f.invalidAt === Infinity);
    expect(open.map((f) => [(f.object as { value: number }).value, f.validFrom, f.validTo])).toEqual([
      [6000, day('2025-05-01'), Infinity],
      [5000, day('2025-01-01'), day('2025-05-01')],
    ]);
    expect(open[0]!.reason).toBe('payroll correction');
  });
});
