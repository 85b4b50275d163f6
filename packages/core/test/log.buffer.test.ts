/**
 * The in-memory operation log never drops an operation: each is encoded into a bounded view, a
 * segment is closed (not copied) when full, and a single operation larger than a segment gets its own.
 * Sizes here cross the LOG_SEGMENT_BYTES segment boundary cheaply (few large strings); the > 2 GiB cases are in
 * packages/persist/test/limit-long.test.ts behind PALIMPSEST_LONG_TESTS (so is the 600 MiB batch case).
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@palimpsest/core';
import type { Operation } from '@palimpsest/core';
import { LOG_SEGMENT_BYTES, LogBuffer } from '../src/log/log.js';

const note = (i: number, text: string) => ({ type: 'episode', recordedAt: i, id: `e${i}`, text, at: 0 }) as Operation;

describe('LogBuffer', () => {
  it('keeps every operation across segment boundaries, with one operation larger than a segment', () => {
    const log = new LogBuffer();
    const big = 'x'.repeat(1_050_000);
    const huge = '€'.repeat(Math.ceil(LOG_SEGMENT_BYTES / 3) + 1000); // more UTF-8 than a segment in one operation
    const expected: Operation[] = [];
    for (let i = 0; i < 140; i++) {
      const op = i === 70 ? note(i, huge) : note(i, i % 3 === 0 ? big : `small ${i} ü😀`);
      log.append(op);
      expected.push(op);
    }
    expect(log.length).toBe(140);
    expect(log.byteLength()).toBeGreaterThan(LOG_SEGMENT_BYTES + 40 * 2 ** 20);
    // Every operation reads back, including those on either side of each segment boundary.
    for (let i = 0; i < 140; i++) expect(log.get(i)).toEqual(expected[i]);
    const { bytes, ends } = log.trimmed();
    expect(ends.length).toBe(140);
    expect(bytes.length).toBe(log.byteLength());
    // Each record is its kind byte (1: JSON) and the operation's JSON text.
    const decoder = new TextDecoder();
    const records = Array.from(ends, (end, i) => bytes.subarray(i === 0 ? 0 : ends[i - 1]!, end));
    expect(records.every((r) => r[0] === 1)).toBe(true);
    expect(records.map((r) => JSON.parse(decoder.decode(r.subarray(1))) as unknown)).toEqual(expected);
    // A loaded log continues where it ended.
    const again = new LogBuffer();
    again.load(bytes, ends);
    again.append(note(140, 'after'));
    expect(again.length).toBe(141);
    expect(again.get(139)).toEqual(expected[139]);
    expect(again.get(140)).toEqual(note(140, 'after'));
  });

  it('keeps every small operation as the log passes from its first small segments to larger ones', () => {
    const log = new LogBuffer();
    const expected: Operation[] = [];
    // About 2.4 MB of records: across the 64 KiB first segment and each doubling after it.
    for (let i = 0; i < 30_000; i++) {
      const op = note(i, `turn ${i} ${'y'.repeat(i % 97)}`);
      log.append(op);
      expected.push(op);
    }
    for (let i = 0; i < expected.length; i++) expect(log.get(i)).toEqual(expected[i]);
    const { bytes, ends } = log.trimmed();
    expect(bytes.length).toBe(log.byteLength());
    const decoder = new TextDecoder();
    expect(Array.from(ends, (end, i) => JSON.parse(decoder.decode(bytes.subarray((i === 0 ? 0 : ends[i - 1]!) + 1, end))) as unknown)).toEqual(expected);
  });

  it('an operation that cannot be serialised is refused by name, and nothing is logged', () => {
    const log = new LogBuffer();
    log.append(note(0, 'a'));
    const cyclic = { type: 'salience', recordedAt: 1, facts: [] as unknown[], values: [] } as unknown as { facts: unknown[] };
    cyclic.facts.push(cyclic);
    expect(() => log.append(cyclic as unknown as Operation)).toThrow(InvalidArgumentError);
    expect(log.length).toBe(1);
  });
});
