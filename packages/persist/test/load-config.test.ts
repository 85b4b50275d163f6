/**
 * Configuration on load: an option given to MemoryGraph.replay, MemoryGraph.fromState, decodeSnapshot or
 * loadSnapshot that disagrees with the stored configuration is refused (ConfigMismatchError naming the
 * key), never silently ignored; options that repeat the stored values are accepted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigMismatchError, InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, saveSnapshot } from '@palimpsest/persist/node';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const now = () => 1_700_000_000_000;

function memory(): MemoryGraph {
  const mem = new MemoryGraph({ now, dimensions: 4, minConfidence: 0.2, predicates: { price: { cardinality: 'one', minConfidence: 0.3 } } });
  mem.definePredicate('born', { cardinality: 'one' });
  mem.assert({ subject: 'Acme', predicate: 'price', object: '40', validFrom: 0 });
  return mem;
}

function mismatch(run: () => unknown, prefix: string, key: string): void {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigMismatchError);
  expect(error).toBeInstanceOf(InvalidArgumentError);
  expect((error as ConfigMismatchError).key).toBe(key);
  expect((error as Error).message.startsWith(`${prefix}: option ${key} (`)).toBe(true);
}

const disagreeing: Array<[object, string]> = [
  [{ predicates: { price: { cardinality: 'many' } } }, 'predicates.price.cardinality'],
  [{ predicates: { price: { minConfidence: 0.5 } } }, 'predicates.price.minConfidence'],
  [{ predicates: { born: { minConfidence: 0.1 } } }, 'predicates.born.minConfidence'],
  [{ predicates: { likes: { cardinality: 'one' } } }, 'predicates.likes.cardinality'],
  [{ minConfidence: 0 }, 'minConfidence'],
  [{ dimensions: 8 }, 'dimensions'],
];
const agreeing: object[] = [
  {},
  { predicates: { price: { cardinality: 'one', minConfidence: 0.3 } } },
  { predicates: { born: { cardinality: 'one' }, likes: { cardinality: 'many' } } }, // an undefined predicate reads as 'many'
  { minConfidence: 0.2, dimensions: 4 },
];

describe('configuration given on load must agree with the stored one', () => {
  it('MemoryGraph.replay (the configuration after the whole log, predicate operations included)', () => {
    const ops = memory().log();
    for (const [options, key] of disagreeing) mismatch(() => MemoryGraph.replay(ops, { now, ...options }), 'MemoryGraph.replay', key);
    for (const options of agreeing) expect(MemoryGraph.replay(ops, { now, ...options }).log()).toEqual(ops);
  });

  it('MemoryGraph.fromState and decodeSnapshot', () => {
    const mem = memory();
    const bytes = encodeSnapshot(mem);
    for (const [options, key] of disagreeing) {
      mismatch(() => MemoryGraph.fromState(mem.exportState(), { now, ...options }), 'MemoryGraph.fromState', key);
      mismatch(() => decodeSnapshot(bytes, { now, ...options }), 'decodeSnapshot', key);
    }
    for (const options of agreeing) expect(encodeSnapshot(decodeSnapshot(bytes, { now, ...options }))).toEqual(bytes);
    expect(() => decodeSnapshot(bytes, { predicates: null } as never)).toThrow(/^decodeSnapshot: predicates must be an object$/);
  });

  it('loadSnapshot', async () => {
    const path = join(dir, 'm.plmp');
    await saveSnapshot(path, memory());
    for (const [options, key] of disagreeing) {
      await expect(loadSnapshot(path, options)).rejects.toThrow(ConfigMismatchError);
      await expect(loadSnapshot(path, options)).rejects.toThrow(`loadSnapshot: ${path}: option ${key} (`);
    }
    for (const options of agreeing) await expect(loadSnapshot(path, options)).resolves.toBeInstanceOf(MemoryGraph);
  });
});
