import { resolveRelativeDates } from '../dates.js';

/**
 * When a clause says its state changed, resolved against the turn's time: the date phrases of
 * `resolveRelativeDates` ("last week", "on May 1", "in 2022") plus the fuzzy and durational ones a state
 * change is told with — "in late February", "back in March", "in June" (the month before or after the
 * turn, by the clause's tense), "since 2019", "since March", "for ten years", "two weeks ago" (the day
 * itself: a change happens at a point, not over the week that contains it).
 */

export interface ClauseTime {
  /** the phrase as written */
  phrase: string;
  /** offset of the phrase in the clause */
  index: number;
  /** [start, end): the window the phrase names, UTC ms */
  start: number;
  end: number;
  /** 'since' and 'for' name a start that reaches back ("since 2019", "for ten years"); 'range' a start and an end ("from 2015 to 2019") */
  kind: 'point' | 'since' | 'for' | 'range';
}

/** Past, future or either: decides which March "in March" is. */
export type Tense = 'past' | 'future' | 'unknown';

const DAY = 86_400_000;
const MONTHS: Record<string, number> = {
  january: 0, jan: 0, february: 1, feb: 1, march: 2, mar: 2, april: 3, apr: 3, may: 4, june: 5, jun: 5,
  july: 6, jul: 6, august: 7, aug: 7, september: 8, sep: 8, sept: 8, october: 9, oct: 9, november: 10, nov: 10,
  december: 11, dec: 11,
};
const NUMBERS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, couple: 2, few: 3, several: 3,
};
const MONTH = '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\b\\.?';
const COUNT = '(\\d{1,3}|a\\s+couple(?:\\s+of)?|a\\s+few|several|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)';
const UNIT = '(day|week|month|year|decade)s?';
const APPROX = '(?:about|almost|nearly|over|around|roughly|like|more\\s+than|just\\s+over|close\\s+to)\\s+';
const YEAR = '((?:19|20|21)\\d\\d)';

const PART = new RegExp(`\\b(early|mid|late|the\\s+(?:beginning|start|middle|end)\\s+of)[-\\s]+${MONTH}(?:\\s+${YEAR})?`, 'gi');
const PART_OF_PERIOD = /\bthe\s+(start|beginning|middle|end)\s+of\s+(the|this|last|next)\s+(month|year)\b/gi;
const SINCE = new RegExp(`\\bsince\\s+(?:${YEAR}|(?:last\\s+)?${MONTH}(?:\\s+${YEAR})?|last\\s+(year|month|week))`, 'gi');
const FOR = new RegExp(`\\b(?:for|spent|been\\s+(?:there|here))\\s+(?:the\\s+(?:last|past)\\s+)?(?:${APPROX})?${COUNT}\\s+(?:more\\s+)?${UNIT}`, 'gi');
const AGO = new RegExp(`\\b(?:${APPROX})?${COUNT}(\\s+and\\s+a\\s+half)?\\s+${UNIT}(\\s+and\\s+a\\s+half)?\\s+ago\\b`, 'gi');
// "it was June, not July": a month after "was" or "not" is a date too
const BARE_MONTH = new RegExp(`\\b(?:back\\s+in|in|during|since|from|until|was|were|not)\\s+${MONTH}(?!\\s*\\d)`, 'gi');
// a weekday on its own ("on Saturday"): the last one before today for a past clause, the next one for a future clause
const WEEKDAY = /(?<!\b(?:last|next|this|coming|past)\s+)\b(?:on\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
// seasons (northern hemisphere): "last summer", "this spring", "in the fall"
const SEASON = /\b(last|this|next|in\s+the|over\s+the|during\s+the)\s+(spring|summer|fall|autumn|winter)\b/gi;
const YEAR_RANGE = new RegExp(`\\b(?:from|between)\\s+${YEAR}\\s+(?:to|until|till|through|and|-)\\s+${YEAR}\\b`, 'gi');
const BEFORE_LAST = /\bthe\s+(week|month|year)\s+before\s+last\b/gi;
const ORDINAL_DAY = /\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+of\b)/gi;
const THIS_WEEKEND = /\bthis\s+(?:past\s+)?weekend\b/gi;
const SEASON_START: Record<string, number> = { spring: 2, summer: 5, fall: 8, autumn: 8, winter: 11 };
const ANY_TIME_WORD = /spring|summer|fall|autumn|winter|christmas|xmas|decade|start|beginning|middle|end|day|night|morning|afternoon|evening|tomorrow|week|month|year|since|ago|early|mid|late|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d/i;

/** A count word or numeral ("ten", "a couple of", "32"), NaN when it is none. */
export function count(word: string): number {
  const w = word.toLowerCase().replace(/^a\s+/, '').replace(/\s+of$/, '');
  return /^\d+$/.test(w) ? Number(w) : (NUMBERS[w] ?? NaN);
}

/** The UTC day `n` units before or after the day of `at`. */
export function shiftDay(at: number, n: number, unit: string): number {
  const d = new Date(Math.floor(at / DAY) * DAY);
  const u = unit.toLowerCase();
  if (u.startsWith('day')) return d.getTime() + n * DAY;
  if (u.startsWith('week')) return d.getTime() + 7 * n * DAY;
  if (u.startsWith('month')) return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate());
  return Date.UTC(d.getUTCFullYear() + (u.startsWith('decade') ? 10 * n : n), d.getUTCMonth(), d.getUTCDate());
}

/** The year of a month named without one: the last one begun by `at` (past), the next one (future), or the nearest. */
function yearOf(month: number, at: number, tense: Tense): number {
  const y = new Date(at).getUTCFullYear();
  const thisOne = Date.UTC(y, month, 1);
  if (tense === 'past') return thisOne <= at ? y : y - 1;
  if (tense === 'future') return Date.UTC(y, month + 1, 1) > at ? y : y + 1;
  const candidates = [y - 1, y, y + 1];
  let best = y;
  for (const c of candidates) if (Math.abs(Date.UTC(c, month, 15) - at) < Math.abs(Date.UTC(best, month, 15) - at)) best = c;
  return best;
}

export function monthWindow(monthWord: string, yearWord: string | undefined, at: number, tense: Tense): { start: number; end: number } {
  const month = MONTHS[monthWord.toLowerCase().replace(/\.$/, '')]!;
  const year = yearWord !== undefined ? Number(yearWord) : yearOf(month, at, tense);
  return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1) };
}

/** "the end of last month", "early this year": a third of the month or year named, in whole days. */
function periodPartWindow(m: RegExpExecArray, at: number): { start: number; end: number } {
  const d = new Date(at);
  const off = /last/i.test(m[2]!) ? -1 : /next/i.test(m[2]!) ? 1 : 0;
  const month = /month/i.test(m[3]!);
  const start = month ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + off, 1) : Date.UTC(d.getUTCFullYear() + off, 0, 1);
  const end = month ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + off + 1, 1) : Date.UTC(d.getUTCFullYear() + off + 1, 0, 1);
  const third = (end - start) / 3;
  const part = m[1]!.toLowerCase();
  const from = part === 'middle' ? start + third : part === 'end' ? start + 2 * third : start;
  return { start: Math.floor(from / DAY) * DAY, end: Math.floor((from + third) / DAY) * DAY };
}

/** "last summer", "this winter": the three months of the season meant, seen from `at`. */
function seasonWindow(m: RegExpExecArray, at: number, tense: Tense): { start: number; end: number } {
  const rel = m[1]!.toLowerCase();
  const start = SEASON_START[m[2]!.toLowerCase()]!;
  // the season's most recent start by `at` ("this summer" said in July), then shifted by last / next
  let year = new Date(at).getUTCFullYear();
  if (Date.UTC(year, start, 1) > at) year -= 1;
  // "last summer": the latest summer over, the one before if we are in one now
  if (rel === 'last' && Date.UTC(year, start + 3, 1) > at) year -= 1;
  else if (rel === 'next' || (rel !== 'this' && tense === 'future' && Date.UTC(year, start + 3, 1) <= at)) year += 1;
  return { start: Date.UTC(year, start, 1), end: Date.UTC(year, start + 3, 1) };
}

/** "the week before last", "from 2015 to 2019", "on the 16th": windows the date rules do not name. */
function namedDays(clause: string, at: number, tense: Tense, push: (m: RegExpExecArray, start: number, end: number, kind: ClauseTime['kind']) => void): void {
  for (const m of clause.matchAll(BEFORE_LAST)) {
    // "the week before last": the week, month or year two back
    const d = new Date(Math.floor(at / DAY) * DAY);
    const unit = m[1]!.toLowerCase();
    if (unit === 'week') {
      const monday = d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY - 14 * DAY;
      push(m, monday, monday + 7 * DAY, 'point');
    } else if (unit === 'month') push(m, Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 2, 1), Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1), 'point');
    else push(m, Date.UTC(d.getUTCFullYear() - 2, 0, 1), Date.UTC(d.getUTCFullYear() - 1, 0, 1), 'point');
  }
  for (const m of clause.matchAll(YEAR_RANGE)) push(m, Date.UTC(Number(m[1]), 0, 1), Date.UTC(Number(m[2]) + 1, 0, 1), 'range');
  for (const m of clause.matchAll(ORDINAL_DAY)) {
    // "on the 16th": this month's, or the next (a future clause) or last (a past one) when it is not on that side of today
    const d = new Date(at);
    const n = Number(m[1]);
    const month = d.getUTCMonth() + (tense === 'past' ? (n > d.getUTCDate() ? -1 : 0) : n < d.getUTCDate() ? 1 : 0);
    const start = Date.UTC(d.getUTCFullYear(), month, n);
    if (n >= 1 && n <= 31) push(m, start, start + DAY, 'point');
  }
}

// "in early 2024", "since mid-2021"; "since Christmas"; "for the past decade"
const YEAR_PART = new RegExp(`\\b(?:(since)\\s+)?(?:in\\s+)?(early|mid|late)[-\\s]+${YEAR}\\b`, 'gi');
const HOLIDAY = /\b(?:(since)\s+)?(?:last\s+)?(christmas|xmas|new\s+year(?:'s)?(?:\s+day)?)\b/gi;
const PAST_UNIT = /\b(?:for|over)\s+the\s+(?:last|past)\s+(decade|year|month|week)\b/gi;

/** Windows named by a part of a year, a holiday, or "the past decade" (what the date rules do not name). */
function fuzzyWindows(clause: string, at: number, push: (m: RegExpExecArray, start: number, end: number, kind: ClauseTime['kind']) => void): void {
  for (const m of clause.matchAll(YEAR_PART)) {
    const y = Number(m[3]);
    const part = m[2]!.toLowerCase();
    const from = part === 'early' ? 0 : part === 'mid' ? 4 : 8;
    push(m, Date.UTC(y, from, 1), Date.UTC(y, from + 4, 1), m[1] === undefined ? 'point' : 'since');
  }
  for (const m of clause.matchAll(HOLIDAY)) {
    // the last one by the turn's day: Christmas Day, or New Year's Day
    const d = new Date(at);
    const christmas = /^(?:christmas|xmas)$/i.test(m[2]!);
    let y = d.getUTCFullYear();
    if (christmas && Date.UTC(y, 11, 25) > at) y -= 1;
    const start = christmas ? Date.UTC(y, 11, 25) : Date.UTC(y, 0, 1);
    push(m, start, start + DAY, m[1] === undefined ? 'point' : 'since');
  }
  for (const m of clause.matchAll(PAST_UNIT)) {
    const from = shiftDay(at, -1, m[1]!);
    push(m, from, from + DAY, 'for');
  }
}

/** Date phrases of one clause, earliest first, never overlapping (the longer wins where two begin together). */
export function clauseTimes(clause: string, at: number, tense: Tense): ClauseTime[] {
  if (!ANY_TIME_WORD.test(clause)) return [];
  const found: Array<ClauseTime & { len: number }> = [];
  const push = (m: RegExpExecArray, start: number, end: number, kind: ClauseTime['kind']): void => {
    if (end > start) found.push({ phrase: m[0], index: m.index, start, end, kind, len: m[0].length });
  };
  for (const m of clause.matchAll(PART)) {
    const { start, end } = monthWindow(m[2]!, m[3], at, tense === 'unknown' ? 'past' : tense);
    const part = m[1]!.toLowerCase();
    // early: days 1–10, mid: 11–20, late: 21 to the end
    if (/early|beginning|start/.test(part)) push(m, start, start + 10 * DAY, 'point');
    else if (/mid|middle/.test(part)) push(m, start + 10 * DAY, start + 20 * DAY, 'point');
    else push(m, start + 20 * DAY, end, 'point');
  }
  for (const m of clause.matchAll(PART_OF_PERIOD)) {
    const w = periodPartWindow(m, at);
    push(m, w.start, w.end, 'point');
  }
  for (const m of clause.matchAll(SINCE)) {
    if (m[1] !== undefined) push(m, Date.UTC(Number(m[1]), 0, 1), Date.UTC(Number(m[1]) + 1, 0, 1), 'since');
    else if (m[2] !== undefined) {
      const w = monthWindow(m[2], m[3], at, 'past');
      push(m, w.start, w.end, 'since');
    } else {
      const unit = m[4]!.toLowerCase();
      const from = shiftDay(at, -1, unit);
      push(m, from, from + DAY, 'since');
    }
  }
  for (const m of clause.matchAll(FOR)) {
    const n = count(m[1]!);
    if (!Number.isFinite(n)) continue;
    const from = shiftDay(at, -n, m[2]!);
    push(m, from, from + DAY, 'for');
  }
  for (const m of clause.matchAll(AGO)) {
    const n = count(m[1]!);
    if (!Number.isFinite(n)) continue;
    const unit = m[3]!.toLowerCase();
    let from = shiftDay(at, -n, unit);
    // "… and a half": half a unit more (a year's half is six months)
    if (m[2] !== undefined || m[4] !== undefined) from = unit.startsWith('year') ? shiftDay(from, -6, 'month') : unit.startsWith('decade') ? shiftDay(from, -5, 'year') : from - Math.round((unit.startsWith('month') ? 15 : unit.startsWith('week') ? 3.5 : 0.5) * DAY);
    push(m, Math.floor(from / DAY) * DAY, Math.floor(from / DAY) * DAY + DAY, 'point');
  }
  for (const m of clause.matchAll(BARE_MONTH)) {
    const w = monthWindow(m[1]!, undefined, at, tense);
    push(m, w.start, w.end, /^since/i.test(m[0]) ? 'since' : 'point');
  }
  for (const m of clause.matchAll(WEEKDAY)) {
    if (tense === 'unknown') continue;
    const today = Math.floor(at / DAY) * DAY;
    const wd = (new Date(today).getUTCDay() + 6) % 7;
    const target = WEEKDAYS.indexOf(m[1]!.toLowerCase());
    const day = tense === 'past' ? today - (((wd - target + 6) % 7) + 1) * DAY : today + (((target - wd + 6) % 7) + 1) * DAY;
    push(m, day, day + DAY, 'point');
  }
  namedDays(clause, at, tense, push);
  fuzzyWindows(clause, at, push);
  for (const m of clause.matchAll(SEASON)) {
    const w = seasonWindow(m, at, tense);
    push(m, w.start, w.end, 'point');
  }
  if (tense === 'past') {
    // "we adopted a puppy this weekend" said on a Monday: the weekend just gone, not the coming one
    for (const m of clause.matchAll(THIS_WEEKEND)) {
      const today = Math.floor(at / DAY) * DAY;
      const saturday = today - ((new Date(today).getUTCDay() + 1) % 7) * DAY;
      push(m, saturday, saturday + 2 * DAY, 'point');
    }
  }
  for (const d of resolveRelativeDates(clause, at)) found.push({ phrase: d.phrase, index: d.index, start: d.start, end: d.end, kind: 'point', len: d.phrase.length });
  found.sort((a, b) => a.index - b.index || b.len - a.len);
  const out: ClauseTime[] = [];
  let reach = 0;
  for (const f of found) {
    if (f.index < reach) continue;
    out.push({ phrase: f.phrase, index: f.index, start: f.start, end: f.end, kind: f.kind });
    reach = f.index + f.len;
  }
  return out;
}
