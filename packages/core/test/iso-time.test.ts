/**
 * Times as strings: a time without a zone is UTC (as a date alone is), on every machine; impossible dates
 * and times and signed or expanded years are refused by name, at the API as in parseIsoTime. Under two TZ
 * values in spawned processes: packages/mcp/test/time-zones.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph, parseIsoTime } from '../src/index.js';

const utc = (...p: [number, number, number, number?, number?, number?, number?]) => {
  const d = new Date(0);
  d.setUTCFullYear(p[0], p[1] - 1, p[2]);
  d.setUTCHours(p[3] ?? 0, p[4] ?? 0, p[5] ?? 0, p[6] ?? 0);
  return d.getTime();
};

describe('parseIsoTime', () => {
  it('reads dates and date-times, a missing zone as UTC', () => {
    const cases: Array<[string, number]> = [
      ['2025-05-01', utc(2025, 5, 1)],
      ['2025-05-01T09:00', utc(2025, 5, 1, 9)],
      ['2025-05-01 09:00', utc(2025, 5, 1, 9)],
      ['2025-05-01T09:00Z', utc(2025, 5, 1, 9)],
      ['2025-05-01T09:00:07.25', utc(2025, 5, 1, 9, 0, 7, 250)],
      ['2025-05-01T09:00:07.123456789Z', utc(2025, 5, 1, 9, 0, 7, 123)],
      ['2025-05-01T09:00+05:30', utc(2025, 5, 1, 3, 30)],
      ['2025-05-01T09:00-0800', utc(2025, 5, 1, 17)],
      ['2024-02-29', utc(2024, 2, 29)],
      ['2000-02-29T23:59:59Z', utc(2000, 2, 29, 23, 59, 59)],
      ['0001-01-01', utc(1, 1, 1)],
      ['0099-12-31', utc(99, 12, 31)],
      ['9999-12-31T23:59:59.999Z', utc(9999, 12, 31, 23, 59, 59, 999)],
      ['  2025-05-01  ', utc(2025, 5, 1)],
    ];
    for (const [text, ms] of cases) expect([text, parseIsoTime(text, 'f', 'at')]).toEqual([text, ms]);
    expect(parseIsoTime('0099-12-31', 'f', 'at')).toBe(Date.parse('0099-12-31T00:00:00Z'));
  });

  it('refuses impossible dates and times, signed or expanded years and other forms, by name', () => {
    const impossible = ['2025-02-30', '2023-02-29', '1900-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-05-00', '2025-05-01T24:00', '2025-05-01T09:60', '2025-05-01T09:00:60', '2025-05-01T09:00+24:00', '2025-05-01T09:00+05:60'];
    const malformed = [...impossible, '-2025-05-01', '+002025-05-01', '-002025-05-01T00:00Z', '20250501', '2025-5-1', '2025-05-01T9:00', '2025-05-01Z', '2025-05-01T09', 'May 1, 2025', '2025-05-01T09:00 UTC', '2025-05-01t09:00', ''];
    for (const text of malformed) {
      expect(() => parseIsoTime(text, 'MemoryGraph.assert', 'validFrom')).toThrow(`MemoryGraph.assert: validFrom (${JSON.stringify(text)}) is not an ISO-8601 date`);
    }
  });

  it('is what every call reads, and a refused time changes nothing', () => {
    const mem = new MemoryGraph({ now: () => utc(2026, 1, 1) });
    const r = mem.assert({ subject: 'Ann', predicate: 'works_at', object: 'Acme', validFrom: '2025-05-01T09:00' });
    expect(mem.fact(r.id!)?.validFrom).toBe(utc(2025, 5, 1, 9));
    expect(mem.facts({ validAt: '2025-05-01T08:59' })).toHaveLength(0);
    expect(mem.facts({ validAt: '2025-05-01T09:00' })).toHaveLength(1);
    const ops = mem.size.operations;
    for (const validFrom of ['2025-02-30', '-2025-05-01', '+002025-05-01T00:00Z']) {
      expect(() => mem.assert({ subject: 'Ann', predicate: 'likes', object: 'tea', validFrom })).toThrow(InvalidArgumentError);
      expect(() => mem.assert({ subject: 'Ann', predicate: 'likes', object: 'tea', validFrom })).toThrow(/^MemoryGraph\.assert: validFrom /);
    }
    expect(() => mem.facts({ validAt: '2025-02-30' })).toThrow(/^MemoryGraph\.facts: validAt \("2025-02-30"\) is not an ISO-8601 date$/);
    expect(mem.size.operations).toBe(ops);
  });
});
