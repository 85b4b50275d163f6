import { describe, expect, it } from 'vitest';
import { DatasetArgumentError, factStreamPredicates, generateFactColumns, generateFactStream } from '../src/index.js';
import type { FactOp } from '../src/index.js';
import { longTests } from './helpers.js';

const DAY = 86_400_000;

describe('generateFactStream', () => {
  const options = { seed: 3, versions: 20_000, entities: 200, shareCardinalityOne: 0.6, shareBackdated: 0.2, shareRetractions: 0.1 };
  const ops: FactOp[] = [...generateFactStream(options)];
  const config = factStreamPredicates();

  it('is deterministic for a seed and differs across seeds', () => {
    expect([...generateFactStream(options)]).toEqual(ops);
    expect([...generateFactStream({ ...options, seed: 4 })].slice(0, 50)).not.toEqual(ops.slice(0, 50));
  });

  it('emits the asked number of operations in the public API shape', () => {
    expect(ops).toHaveLength(20_000);
    const entities = new Set(Array.from({ length: 200 }, (_, i) => `e${i}`));
    // One expect per property over all operations (an expect per op is slow): collect the offenders.
    const bad = ops.filter(
      (op) =>
        !entities.has(op.subject) ||
        config[op.predicate] === undefined ||
        !Number.isInteger(op.validFrom) ||
        !Number.isInteger(op.recordedAt) ||
        (op.validTo !== undefined && !(op.validTo > op.validFrom)) ||
        (op.kind === 'assert' &&
          (!(op.confidence >= 0.5 && op.confidence <= 1) ||
            !(typeof op.object === 'string' ? entities.has(op.object) && op.object !== op.subject : Number.isFinite(op.object.value)))) ||
        (op.kind === 'retract' && op.object !== undefined && typeof op.object === 'string' && !entities.has(op.object)),
    );
    expect(bad).toEqual([]);
    expect(ops.some((op) => op.kind === 'retract' && op.object === undefined)).toBe(true);
    expect(ops.some((op) => op.kind === 'assert' && typeof op.object !== 'string')).toBe(true);
  });

  it('never moves record time backwards, and several operations share an instant', () => {
    let shared = 0;
    let backwards = 0;
    for (let i = 1; i < ops.length; i++) {
      if (ops[i]!.recordedAt < ops[i - 1]!.recordedAt) backwards++;
      if (ops[i]!.recordedAt === ops[i - 1]!.recordedAt) shared++;
    }
    expect(backwards).toBe(0);
    expect(shared / ops.length).toBeGreaterThan(0.15);
    expect(ops[0]!.recordedAt).toBe(Date.UTC(2024, 0, 1));
  });

  it('has roughly the asked shares of retractions, cardinality-one updates and backdated corrections', () => {
    const asserts = ops.filter((o) => o.kind === 'assert');
    const retracts = ops.filter((o) => o.kind === 'retract');
    expect(retracts.length / ops.length).toBeCloseTo(0.1, 1);
    expect(asserts.filter((o) => config[o.predicate]!.cardinality === 'one').length / asserts.length).toBeCloseTo(0.6, 1);
    const backdated = asserts.filter((o) => o.validFrom < o.recordedAt);
    expect(backdated.length / asserts.length).toBeCloseTo(0.2, 1);
    const offDays = backdated.map((o) => (o.recordedAt - o.validFrom) / DAY).filter((d) => !(Number.isInteger(d) && d >= 1 && d <= 30));
    expect(offDays).toEqual([]);
    // Every retraction targets an earlier assertion of the same subject and predicate.
    const seen = new Set<string>();
    for (const o of ops) {
      if (o.kind === 'assert') seen.add(`${o.subject}|${o.predicate}`);
      else if (!seen.has(`${o.subject}|${o.predicate}`)) throw new Error(`retraction of ${o.subject} ${o.predicate} with no earlier assertion`);
    }
    // Cardinality-one predicates get updated: some subject has several different values over time.
    const values = new Map<string, Set<string>>();
    for (const o of asserts) {
      if (config[o.predicate]!.cardinality !== 'one') continue;
      const k = `${o.subject}|${o.predicate}`;
      if (!values.has(k)) values.set(k, new Set());
      values.get(k)!.add(JSON.stringify(o.object));
    }
    expect(Math.max(...[...values.values()].map((s) => s.size))).toBeGreaterThan(1);
  });

  it('columns hold the same operations as the iterator', () => {
    const c = generateFactColumns(options);
    expect(c.length).toBe(ops.length);
    for (let i = 0; i < ops.length; i += 97) expect(c.op(i)).toEqual(ops[i]);
    expect(() => c.op(ops.length)).toThrow(/^FactColumns.op: /);
  });

  it('factStreamPredicates marks the first half one, the rest many', () => {
    const p = factStreamPredicates(4);
    expect(Object.values(p).map((x) => x.cardinality)).toEqual(['one', 'one', 'many', 'many']);
    expect(Object.keys(factStreamPredicates(40))).toHaveLength(40);
  });

  it('refuses bad options at the call, with a named error', () => {
    expect(() => generateFactStream({ shareRetractions: 1.5 })).toThrow(DatasetArgumentError);
    expect(() => generateFactStream({ versions: -1 })).toThrow(/^generateFactStream: versions/);
    expect(() => generateFactStream({ entities: 1 })).toThrow(/^generateFactStream: entities/);
    expect(() => generateFactColumns({ stepMs: 0 })).toThrow(/^generateFactColumns: stepMs/);
    expect(() => factStreamPredicates(1)).toThrow(/^factStreamPredicates: /);
  });

  it('generates a million operations (columns, and the iterator behind PALIMPSEST_LONG_TESTS=1)', () => {
    const c = generateFactColumns({ seed: 9, versions: 1_000_000 });
    expect(c.length).toBe(1_000_000);
    let ok = true;
    for (let i = 1; i < c.length; i++) if (c.recordedAt[i]! < c.recordedAt[i - 1]!) ok = false;
    expect(ok).toBe(true);
    if (longTests) {
      let n = 0;
      for (const op of generateFactStream({ seed: 9, versions: 1_000_000 })) {
        if (op.recordedAt !== c.recordedAt[n] || op.subject !== c.entityNames[c.subject[n]!]) throw new Error(`op ${n} differs`);
        n++;
      }
      expect(n).toBe(1_000_000);
    }
  });
});
