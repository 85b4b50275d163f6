import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@palimpsest/core';
import { percentile, quantileSorted, SampleRecorder, summarize, throughput } from '../src/stats.js';

describe('percentiles (linear interpolation between closest ranks)', () => {
  it('interpolates between ranks', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantileSorted(hundred, 0.95)).toBeCloseTo(95.05, 10);
    expect(quantileSorted(hundred, 0.99)).toBeCloseTo(99.01, 10);
    expect(quantileSorted([7], 0.99)).toBe(7);
    expect(quantileSorted([1, 9], 0)).toBe(1);
    expect(quantileSorted([1, 9], 1)).toBe(9);
  });

  it('sorts an unsorted sample without changing it', () => {
    const xs = [5, 1, 4, 2, 3];
    expect(percentile(xs, 0.5)).toBe(3);
    expect(xs).toEqual([5, 1, 4, 2, 3]);
  });

  it('refuses empty samples and p outside [0,1] with a named error', () => {
    expect(() => percentile([], 0.5)).toThrow(InvalidArgumentError);
    expect(() => quantileSorted([1], 1.5)).toThrow(/^quantileSorted: /);
    expect(() => summarize([1, NaN])).toThrow(/^summarize: /);
  });
});

describe('summarize and throughput', () => {
  it('computes the summary of a small sample', () => {
    const s = summarize([2, 1, 1]);
    expect(s).toMatchObject({ n: 3, min: 1, max: 2, p50: 1, totalMs: 4 });
    expect(s.mean).toBeCloseTo(4 / 3, 12);
    expect(s.throughput).toBe(750);
    expect(s.p95).toBeCloseTo(1.9, 12);
  });

  it('throughput is operations per second', () => {
    expect(throughput(500, 250)).toBe(2000);
    expect(() => throughput(-1, 1)).toThrow(/^throughput: /);
  });

  it('the recorder grows past its first buffer and keeps order', () => {
    const r = new SampleRecorder();
    for (let i = 0; i < 3000; i++) r.record(i % 10);
    expect(r.size).toBe(3000);
    expect(r.samples()[2999]).toBe(9);
    expect(r.summary().max).toBe(9);
    expect(r.time(() => 42)).toBe(42);
    expect(r.size).toBe(3001);
    expect(() => r.record(-1)).toThrow(/^SampleRecorder.record: /);
    expect(r.size).toBe(3001);
  });
});
