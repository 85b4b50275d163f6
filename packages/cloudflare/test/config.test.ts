/** The limits read from the Worker's vars, and the snapshot names (Node: nothing here needs workerd). */
import { InvalidArgumentError } from '@palimpsest/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, readLimits } from '../src/config.js';
import type { Env } from '../src/config.js';
import { snapshotKey } from '../src/snapshots.js';

const env = (vars: Partial<Env>): Env => ({ MEMORY: {} as Env['MEMORY'], SNAPSHOTS: {} as Env['SNAPSHOTS'], ...vars });

describe('readLimits', () => {
  it('uses the defaults for unset or empty vars and whole numbers where set', () => {
    expect(readLimits(env({}))).toEqual(DEFAULT_LIMITS);
    expect(readLimits(env({ SNAPSHOT_EVERY_OPS: '', MAX_MEMORY_BYTES: '1000', KEEP_SNAPSHOTS: '3', SNAPSHOT_PREFIX: 'p/' }))).toEqual({
      ...DEFAULT_LIMITS,
      maxMemoryBytes: 1000,
      keepSnapshots: 3,
      snapshotPrefix: 'p/',
    });
  });

  it('refuses a malformed var by name', () => {
    for (const [key, value] of [['SNAPSHOT_EVERY_OPS', '0'], ['MAX_MEMORY_BYTES', '12MB'], ['KEEP_SNAPSHOTS', '-1'], ['MAX_REQUEST_BYTES', '1.5']] as const) {
      expect(() => readLimits(env({ [key]: value }))).toThrow(InvalidArgumentError);
      expect(() => readLimits(env({ [key]: value }))).toThrow(new RegExp(`^MemoryObject: ${key} must be a whole number`));
    }
  });
});

describe('snapshotKey', () => {
  it('names snapshots so that they sort in log order', () => {
    const keys = [120, 9, 4000].map((n) => snapshotKey('memories/', 'alice', n));
    expect(keys[2]).toBe('memories/alice/snapshot-000000004000.plmp');
    expect([...keys].sort()).toEqual([keys[1], keys[0], keys[2]]);
  });
});
