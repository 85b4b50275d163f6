import { describe, expect, it } from 'vitest';
import { DatasetArgumentError, formatDay, formatLocomoDate, parseLocomoDate, parseLongMemEvalDate } from '../src/index.js';

describe('parseLocomoDate', () => {
  it('reads LoCoMo session times as UTC wall-clock time', () => {
    expect(parseLocomoDate('1:56 pm on 8 May, 2023')).toBe(Date.UTC(2023, 4, 8, 13, 56));
    expect(parseLocomoDate('10:37 am on 27 June, 2023')).toBe(Date.UTC(2023, 5, 27, 10, 37));
  });
  it('maps 12 am to midnight and 12 pm to noon', () => {
    expect(parseLocomoDate('12:05 am on 1 January, 2024')).toBe(Date.UTC(2024, 0, 1, 0, 5));
    expect(parseLocomoDate('12:05 pm on 1 January, 2024')).toBe(Date.UTC(2024, 0, 1, 12, 5));
  });
  it('round-trips with formatLocomoDate', () => {
    for (const t of [Date.UTC(2023, 4, 8, 13, 56), Date.UTC(2022, 11, 31, 0, 0), Date.UTC(2024, 1, 29, 23, 59)]) {
      expect(parseLocomoDate(formatLocomoDate(t))).toBe(t);
    }
    expect(formatDay(Date.UTC(2023, 4, 8, 13, 56))).toBe('8 May 2023');
  });
  it('refuses other shapes and impossible dates with a named error', () => {
    for (const bad of ['', '8 May 2023', '13:56 pm on 8 May, 2023', '1:56 pm on 31 June, 2023', '1:56 pm on 8 Mayo, 2023']) {
      expect(() => parseLocomoDate(bad)).toThrow(DatasetArgumentError);
      expect(() => parseLocomoDate(bad)).toThrow(/^parseLocomoDate: /);
    }
    expect(() => parseLocomoDate(42 as unknown as string)).toThrow(/^parseLocomoDate: expected a string/);
  });
});

describe('parseLongMemEvalDate', () => {
  it('reads "2023/05/30 (Tue) 23:40" as UTC', () => {
    expect(parseLongMemEvalDate('2023/05/30 (Tue) 23:40')).toBe(Date.UTC(2023, 4, 30, 23, 40));
    expect(parseLongMemEvalDate('2023/01/02 (Mon) 00:00')).toBe(Date.UTC(2023, 0, 2));
  });
  it('refuses other shapes and impossible dates', () => {
    for (const bad of ['2023-05-30 23:40', '2023/02/30 (Thu) 10:00', '2023/05/30 (Tue) 24:10', '2023/05/30']) {
      expect(() => parseLongMemEvalDate(bad)).toThrow(DatasetArgumentError);
      expect(() => parseLongMemEvalDate(bad)).toThrow(/^parseLongMemEvalDate: /);
    }
  });
});
