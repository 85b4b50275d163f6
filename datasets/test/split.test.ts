import { describe, expect, it } from 'vitest';
import { DatasetArgumentError, loadLocomo, loadLongMemEval, splitOf } from '../src/index.js';
import { hasLocomo, hasOracle } from './helpers.js';

describe('splitOf', () => {
  it('puts conv-26 and conv-30 in dev, other LoCoMo conversations in test', () => {
    expect(splitOf('locomo', 'conv-26')).toBe('dev');
    expect(splitOf('locomo', 'conv-30')).toBe('dev');
    expect(splitOf('locomo', 'conv-41')).toBe('test');
    expect(splitOf('locomo', 'conv-50')).toBe('test');
  });
  it('puts LongMemEval positions 0, 10, 20, … in dev', () => {
    expect([0, 1, 9, 10, 11, 20, 499].map((p) => splitOf('longmemeval', p))).toEqual(['dev', 'test', 'test', 'dev', 'test', 'dev', 'test']);
  });
  it('refuses bad keys and unknown data sets', () => {
    expect(() => splitOf('longmemeval', -1)).toThrow(DatasetArgumentError);
    expect(() => splitOf('longmemeval', 1.5)).toThrow(/^splitOf: /);
    expect(() => splitOf('locomo', '')).toThrow(/^splitOf: /);
    expect(() => splitOf('other' as 'locomo', 'x')).toThrow(/^splitOf: unknown data set/);
  });
});

describe('loader split option', () => {
  it.skipIf(!hasLocomo)('LoCoMo: dev is conv-26 and conv-30, test the other 8 (skips without the file)', async () => {
    const dev = await loadLocomo({ split: 'dev' });
    const test = await loadLocomo({ split: 'test' });
    expect(dev.map((c) => c.id)).toEqual(['conv-26', 'conv-30']);
    expect(test).toHaveLength(8);
    expect(test.some((c) => c.id === 'conv-26' || c.id === 'conv-30')).toBe(false);
  });
  it.skipIf(!hasOracle)('LongMemEval oracle: 50 dev questions at positions 0, 10, …; 450 test (skips without the file)', async () => {
    const dev = await loadLongMemEval('oracle', { split: 'dev' });
    const test = await loadLongMemEval('oracle', { split: 'test' });
    expect(dev.map((q) => q.position)).toEqual(Array.from({ length: 50 }, (_, i) => i * 10));
    expect(test).toHaveLength(450);
    expect(test.every((q) => q.position % 10 !== 0)).toBe(true);
  });
  it('refuses an unknown split before reading anything', async () => {
    await expect(loadLocomo({ split: 'train' as 'dev' })).rejects.toThrow(/^loadLocomo: split must be/);
    await expect(loadLongMemEval('oracle', { split: 'x' as 'dev' })).rejects.toThrow(DatasetArgumentError);
  });
});
