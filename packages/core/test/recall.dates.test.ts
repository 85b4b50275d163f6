import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { resolveRelativeDates } from '../src/recall/dates.js';

const MON_8_MAY_2023 = Date.UTC(2023, 4, 8, 13, 56); // "1:56 pm on 8 May, 2023", a Monday
const day = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d);
const DAY = 86_400_000;

/** The single window found in `text`, as [start, end, granularity] with ISO dates for readable failures. */
function one(text: string, at = MON_8_MAY_2023): [string, string, string] {
  const r = resolveRelativeDates(text, at);
  expect(r, text).toHaveLength(1);
  const w = r[0]!;
  return [new Date(w.start).toISOString().slice(0, 10), new Date(w.end).toISOString().slice(0, 10), w.granularity];
}

describe('resolveRelativeDates', () => {
  it('resolves day words relative to the UTC day of the episode', () => {
    expect(one('I went to a support group yesterday')).toEqual(['2023-05-07', '2023-05-08', 'day']);
    expect(one('we talked last night')).toEqual(['2023-05-07', '2023-05-08', 'day']);
    expect(one('Today was fine')).toEqual(['2023-05-08', '2023-05-09', 'day']);
    expect(one('tonight we cook')).toEqual(['2023-05-08', '2023-05-09', 'day']);
    expect(one('see you tomorrow')).toEqual(['2023-05-09', '2023-05-10', 'day']);
    expect(one('it was the day before yesterday')).toEqual(['2023-05-06', '2023-05-07', 'day']);
  });

  it('reads last/this/next weekday with last = strictly before today and next = strictly after', () => {
    expect(one('last Friday')).toEqual(['2023-05-05', '2023-05-06', 'day']);
    expect(one('last Monday')).toEqual(['2023-05-01', '2023-05-02', 'day']); // today is a Monday
    expect(one('next Monday')).toEqual(['2023-05-15', '2023-05-16', 'day']);
    expect(one('next friday')).toEqual(['2023-05-12', '2023-05-13', 'day']);
    expect(one('this Friday')).toEqual(['2023-05-12', '2023-05-13', 'day']);
    expect(one('this past Sunday')).toEqual(['2023-05-07', '2023-05-08', 'day']);
  });

  it('uses Monday-start weeks and calendar months and years', () => {
    expect(one('last week')).toEqual(['2023-05-01', '2023-05-08', 'week']);
    expect(one('this week')).toEqual(['2023-05-08', '2023-05-15', 'week']);
    expect(one('next week')).toEqual(['2023-05-15', '2023-05-22', 'week']);
    expect(one('last weekend')).toEqual(['2023-05-06', '2023-05-08', 'week']);
    expect(one('next weekend')).toEqual(['2023-05-20', '2023-05-22', 'week']);
    expect(one('last month')).toEqual(['2023-04-01', '2023-05-01', 'month']);
    expect(one('next month')).toEqual(['2023-06-01', '2023-07-01', 'month']);
    expect(one('I painted that lake sunrise last year!')).toEqual(['2022-01-01', '2023-01-01', 'year']);
    expect(one('last month', Date.UTC(2024, 0, 15))).toEqual(['2023-12-01', '2024-01-01', 'month']);
    expect(one('earlier this month')).toEqual(['2023-05-01', '2023-05-08', 'month']);
  });

  it('counts N units ago and in N units, in digits and words', () => {
    expect(one('two weeks ago')).toEqual(['2023-04-24', '2023-05-01', 'week']);
    expect(one('a couple of days ago')).toEqual(['2023-05-06', '2023-05-07', 'day']);
    expect(one('a few days ago')).toEqual(['2023-05-05', '2023-05-06', 'day']);
    expect(one('5 days ago')).toEqual(['2023-05-03', '2023-05-04', 'day']);
    expect(one('twelve days ago')).toEqual(['2023-04-26', '2023-04-27', 'day']);
    expect(one('3 months ago')).toEqual(['2023-02-01', '2023-03-01', 'month']);
    expect(one('a year ago')).toEqual(['2022-01-01', '2023-01-01', 'year']);
    expect(one('in 3 days')).toEqual(['2023-05-11', '2023-05-12', 'day']);
    expect(one('in a few weeks')).toEqual(['2023-05-29', '2023-06-05', 'week']);
  });

  it('reads explicit dates, inferring a missing year as the nearest occurrence', () => {
    expect(one('on 8 May, 2023 we met')).toEqual(['2023-05-08', '2023-05-09', 'day']);
    expect(one('the 3rd of June 2022')).toEqual(['2022-06-03', '2022-06-04', 'day']);
    expect(one('May 8')).toEqual(['2023-05-08', '2023-05-09', 'day']);
    expect(one('on March 3rd, 2021')).toEqual(['2021-03-03', '2021-03-04', 'day']);
    expect(one('Dec 28', Date.UTC(2024, 0, 3))).toEqual(['2023-12-28', '2023-12-29', 'day']);
    expect(one('in May 2023')).toEqual(['2023-05-01', '2023-06-01', 'month']);
    expect(one('back in 2022')).toEqual(['2022-01-01', '2023-01-01', 'year']);
    expect(one('2021-02-28')).toEqual(['2021-02-28', '2021-03-01', 'day']);
  });

  it('reports phrase and index, and prefers the longest match at a position', () => {
    const text = 'Hey! The day before yesterday and last Friday, then 8 May 2023.';
    const r = resolveRelativeDates(text, MON_8_MAY_2023);
    expect(r.map((x) => x.phrase)).toEqual(['The day before yesterday', 'last Friday', '8 May 2023']);
    for (const x of r) expect(text.slice(x.index, x.index + x.phrase.length)).toBe(x.phrase);
    expect(r[0]!.start).toBe(day(2023, 5, 6));
    expect(r[2]!.end - r[2]!.start).toBe(DAY);
  });

  it('leaves ambiguous or non-date text alone', () => {
    for (const text of ['I may go', 'May I ask?', 'in 10 minutes', 'on Friday', 'in 1000 ways', 'Mar 45', 'the past', '']) {
      expect(resolveRelativeDates(text, MON_8_MAY_2023), text).toEqual([]);
    }
  });

  it('falls back to the month when the day of an explicit date does not exist', () => {
    expect(one('31 Feb 2023')).toEqual(['2023-02-01', '2023-03-01', 'month']);
  });

  it('resolves a real LoCoMo turn: conv-26 session 2 (Thursday 25 May 2023) "last Saturday" → 20 May', () => {
    const at = Date.UTC(2023, 4, 25, 13, 14);
    expect(one('I ran a charity race for mental health last Saturday – it was really rewarding.', at)).toEqual(['2023-05-20', '2023-05-21', 'day']);
  });

  it('refuses a non-finite time', () => {
    expect(() => resolveRelativeDates('yesterday', NaN)).toThrow(InvalidArgumentError);
    expect(() => resolveRelativeDates('yesterday', NaN)).toThrow(/^resolveRelativeDates:/);
  });

  it('reads a phrase spelled with the characters Unicode case folding maps to k and s (the quick one-pass test must not rule it out)', () => {
    // U+212A KELVIN SIGN folds to k, U+017F LATIN SMALL LETTER LONG S to s: the rules match them case-insensitively
    expect(one('I started two wee\u212As ago')).toEqual(['2023-04-24', '2023-05-01', 'week']);
    expect(one('I went to a support group ye\u017Fterday')).toEqual(['2023-05-07', '2023-05-08', 'day']);
  });
});
