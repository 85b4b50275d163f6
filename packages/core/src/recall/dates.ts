import { InvalidArgumentError } from '../errors.js';

export type DateGranularity = 'day' | 'week' | 'month' | 'year';

export interface ResolvedDate {
  /** The matched text, as written. */
  phrase: string;
  /** Offset of the phrase in the text (UTF-16 units). */
  index: number;
  /** The window [start, end) in UTC milliseconds. */
  start: number;
  end: number;
  granularity: DateGranularity;
}

const DAY = 86_400_000;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS: Record<string, number> = {
  january: 0, jan: 0, february: 1, feb: 1, march: 2, mar: 2, april: 3, apr: 3, may: 4, june: 5, jun: 5,
  july: 6, jul: 6, august: 7, aug: 7, september: 8, sep: 8, sept: 8, october: 9, oct: 9, november: 10, nov: 10,
  december: 11, dec: 11,
};
const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12,
};

const WEEKDAY = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?';
// "a couple of", "a few", digits, one..twelve, a/an
const COUNT = '(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\\s+couple(?:\\s+of)?|couple(?:\\s+of)?|a\\s+few|few|an?)';
const UNIT = '(days?|weeks?|months?|years?)';
const ORD = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:19|20|21)\\d\\d)';

function count(word: string): number {
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  if (/^\d+$/.test(w)) return Number(w);
  if (w.includes('couple')) return 2;
  if (w.includes('few')) return 3;
  return NUMBER_WORDS[w] ?? NaN;
}

interface Window {
  start: number;
  end: number;
  granularity: DateGranularity;
}

/** UTC midnight of the day containing t. */
function dayStart(t: number): number {
  return Math.floor(t / DAY) * DAY;
}
/** 0 = Monday … 6 = Sunday (weeks start on Monday, ISO 8601). */
function weekdayOf(day: number): number {
  return (new Date(day).getUTCDay() + 6) % 7;
}
function dayWin(day: number): Window {
  return { start: day, end: day + DAY, granularity: 'day' };
}
function weekWin(day: number): Window {
  const monday = day - weekdayOf(day) * DAY;
  return { start: monday, end: monday + 7 * DAY, granularity: 'week' };
}
function monthWin(year: number, month: number): Window {
  return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1), granularity: 'month' };
}
function yearWin(year: number): Window {
  return { start: Date.UTC(year, 0, 1), end: Date.UTC(year + 1, 0, 1), granularity: 'year' };
}
function validDay(year: number, month: number, d: number): boolean {
  return d >= 1 && d <= 31 && new Date(Date.UTC(year, month, d)).getUTCMonth() === month;
}

type Resolver = (m: RegExpExecArray, today: number) => Window | undefined;

/**
 * Shift by n units from the day `today`. Days give that day; weeks the Monday-start week containing the
 * day n·7 days away; months and years the calendar month or year.
 */
function shift(today: number, n: number, unit: string): Window {
  const d = new Date(today);
  const u = unit.toLowerCase();
  if (u.startsWith('day')) return dayWin(today + n * DAY);
  if (u.startsWith('week')) return weekWin(today + 7 * n * DAY);
  if (u.startsWith('month')) return monthWin(d.getUTCFullYear(), d.getUTCMonth() + n);
  return yearWin(d.getUTCFullYear() + n);
}

/** A period (week, weekend, month, year) relative to today: offset −1 last, 0 this, +1 next. */
function period(today: number, offset: number, unit: string): Window {
  const d = new Date(today);
  switch (unit.toLowerCase()) {
    case 'week':
      return weekWin(today + offset * 7 * DAY);
    case 'weekend': {
      // Saturday and Sunday of the Monday-start week; granularity 'week' (a part of one)
      const w = weekWin(today + offset * 7 * DAY);
      return { start: w.start + 5 * DAY, end: w.end, granularity: 'week' };
    }
    case 'month':
      return monthWin(d.getUTCFullYear(), d.getUTCMonth() + offset);
    default:
      return yearWin(d.getUTCFullYear() + offset);
  }
}

/** The year for a month (and day) written without one: the occurrence nearest to today. */
function nearestYear(today: number, month: number, day: number): number {
  const y = new Date(today).getUTCFullYear();
  let best = y;
  let bestDist = Infinity;
  for (const cand of [y - 1, y, y + 1]) {
    const dist = Math.abs(Date.UTC(cand, month, day) - today);
    if (dist < bestDist) {
      best = cand;
      bestDist = dist;
    }
  }
  return best;
}

function explicitDay(year: number, month: number, day: number): Window | undefined {
  return validDay(year, month, day) ? dayWin(Date.UTC(year, month, day)) : undefined;
}

const RULES: Array<[RegExp, Resolver]> = [
  [/\bthe\s+day\s+before\s+yesterday\b/, (_m, t) => dayWin(t - 2 * DAY)],
  [/\bthe\s+day\s+after\s+tomorrow\b/, (_m, t) => dayWin(t + 2 * DAY)],
  [/\b(?:yesterday|last\s+night)\b/, (_m, t) => dayWin(t - DAY)],
  [/\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b/, (_m, t) => dayWin(t)],
  [/\btomorrow\b/, (_m, t) => dayWin(t + DAY)],
  // last / this / next <weekday>
  [
    new RegExp(`\\b(last|this\\s+past|this|next|this\\s+coming)\\s+${WEEKDAY}\\b`),
    (m, t) => {
      const target = WEEKDAYS.indexOf(m[2]!.toLowerCase());
      const wd = weekdayOf(t);
      const rel = m[1]!.toLowerCase().replace(/\s+/g, ' ');
      if (rel === 'last' || rel === 'this past') return dayWin(t - (((wd - target + 6) % 7) + 1) * DAY);
      if (rel === 'next' || rel === 'this coming') return dayWin(t + (((target - wd + 6) % 7) + 1) * DAY);
      return dayWin(t + (target - wd) * DAY); // "this Friday": the Friday of the current week
    },
  ],
  [
    /\b(earlier|later)\s+this\s+(week|month|year)\b/,
    (m, t) => {
      const p = period(t, 0, m[2]!);
      const earlier = m[1]!.toLowerCase() === 'earlier';
      // before today / after today, but never an empty window (on the period's first or last day)
      if (earlier) return { ...p, end: Math.max(t, p.start + DAY) };
      return { ...p, start: Math.min(t + DAY, p.end - DAY) };
    },
  ],
  [
    /\b(last|this\s+past|this|next|this\s+coming|coming)\s+(week|weekend|month|year)\b/,
    (m, t) => {
      const rel = m[1]!.toLowerCase().replace(/\s+/g, ' ');
      const off = rel === 'last' || rel.endsWith('past') ? -1 : rel === 'this' ? 0 : 1;
      return period(t, off, m[2]!);
    },
  ],
  [new RegExp(`\\b${COUNT}\\s+${UNIT}\\s+ago\\b`), (m, t) => shift(t, -count(m[1]!), m[2]!)],
  // "in two weeks" is ahead, but "moved in two weeks ago" is not
  [new RegExp(`\\bin\\s+${COUNT}\\s+${UNIT}(?:'?\\s+time)?\\b(?!\\s+ago\\b)`), (m, t) => shift(t, count(m[1]!), m[2]!)],
  // 8 May, 2023 · 8th of May 2023 · 8 May
  [
    new RegExp(`\\b${ORD}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+${YEAR})?\\b`),
    (m, t) => {
      const month = MONTHS[m[2]!.toLowerCase()]!;
      const day = Number(m[1]);
      const year = m[3] !== undefined ? Number(m[3]) : nearestYear(t, month, day);
      return explicitDay(year, month, day);
    },
  ],
  // May 8, 2023 · May 8th · May 8
  [
    new RegExp(`\\b${MONTH}\\s+${ORD}(?:,?\\s+${YEAR})?(?![\\d:])\\b`),
    (m, t) => {
      const month = MONTHS[m[1]!.toLowerCase()]!;
      const day = Number(m[2]);
      const year = m[3] !== undefined ? Number(m[3]) : nearestYear(t, month, day);
      return explicitDay(year, month, day);
    },
  ],
  // 2023-05-08
  [
    /\b((?:19|20|21)\d\d)-(\d\d)-(\d\d)\b/,
    (m) => explicitDay(Number(m[1]), Number(m[2]) - 1, Number(m[3])),
  ],
  // May 2023 · May of 2023
  [new RegExp(`\\b${MONTH}\\s+(?:of\\s+)?${YEAR}\\b`), (m) => monthWin(Number(m[2]), MONTHS[m[1]!.toLowerCase()]!)],
  // in 2022 · during 2022 · back in 2022
  [new RegExp(`\\b(?:in|during)\\s+${YEAR}\\b`), (m) => yearWin(Number(m[1]))],
];

/**
 * Finds date expressions in `text` and resolves each to a [start, end) UTC window relative to the
 * episode time `at` (ms). Matches do not overlap; the earliest, then the longest, wins.
 *
 * Conventions:
 * - all arithmetic is on UTC calendar days; "today" is the UTC day containing `at`;
 * - weeks start on Monday; "last/this/next week" is the Monday-start week before/containing/after today,
 *   and "N weeks ago" is the week containing the day N·7 days back; a weekend is that week's Sat–Sun;
 * - "last Friday" is the most recent Friday strictly before today, "next Friday" the first strictly after,
 *   "this Friday" the Friday of the current week (past or future);
 * - "last night" is yesterday; "tonight", "this morning" are today;
 * - "last/next month|year" are the calendar month/year before/after; "N months ago" the calendar month;
 * - "earlier this month" is [first of the month, today), "later this month" is (today, end of month];
 * - "a"/"an" = 1, "a couple (of)" = 2, "a few" = 3;
 * - a day-and-month without a year takes the year that puts it nearest to `at`;
 * - years are read only as 1900–2199 and only after "in"/"during" or in a full date.
 * Weekdays on their own ("on Friday") and seasons are left alone: their direction is ambiguous.
 */
// compiled once (a recall resolves every question): global, case-insensitive, Unicode; lastIndex reset per use
const GLOBAL_RULES: Array<[RegExp, Resolver]> = RULES.map(([pattern, resolve]) => [new RegExp(pattern.source, 'giu'), resolve]);
// A word every rule above needs one of (weekdays, "today" and "days" end in "day"; dates hold digits or a
// month): most sentences have none, and one test spares the rules (recall reads every turn for a date).
// A new rule must keep this true.
// A month starts a word in every rule ("maybe", "married" and "doctor" hold none).
const ANY_RULE_WORD = /day|night|morning|afternoon|evening|tomorrow|week|month|year|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d/iu;
// Then one pass for any rule at all (the rules as one alternation) before each rule's own: without the u
// flag it runs ~15× faster on long turns (a load reads every turn). The u flag's case folding differs from
// plain case-insensitive matching only for ſ (U+017F) and K (U+212A): a text holding either skips this test,
// so a text it rules out is one no rule matches.
const ANY_RULE = new RegExp(RULES.map(([pattern]) => `(?:${pattern.source})`).join('|'), 'i');
const UNICODE_FOLDS = /[\u017f\u212a]/;
// the word test and the rules without the u flag (about twice as fast), for a text without those two characters
const ANY_RULE_WORD_ASCII = new RegExp(ANY_RULE_WORD.source, 'i');
const GLOBAL_RULES_ASCII: Array<[RegExp, Resolver]> = RULES.map(([pattern, resolve]) => [new RegExp(pattern.source, 'gi'), resolve]);

// For hasRelativeDate: the one pass as a search (where the first match starts), and each rule anchored there
const ANY_RULE_SEARCH = new RegExp(ANY_RULE.source, 'gi');
const STICKY_RULES_ASCII: Array<[RegExp, Resolver]> = RULES.map(([pattern, resolve]) => [new RegExp(pattern.source, 'iy'), resolve]);

/**
 * `resolveRelativeDates(text, at).length > 0`, without reading every rule's matches: recall asks it of every
 * turn it indexes (recall/dated-turns.ts). No rule matches before the first match of the rules as one
 * alternation, so each rule's matches are read from there, and first only at that place: a rule that
 * matches there resolves that match first, whichever rule it is. A window that does not resolve (a 31st
 * of a short month) goes on to every rule's further matches, as resolveRelativeDates reads them.
 */
export function hasRelativeDate(text: string, at: number): boolean {
  if (typeof text !== 'string' || typeof at !== 'number' || !Number.isFinite(at) || UNICODE_FOLDS.test(text)) return resolveRelativeDates(text, at).length > 0;
  // (no word test first: on turns of a few hundred words most hold one, and the alternation alone costs less)
  ANY_RULE_SEARCH.lastIndex = 0;
  const first = ANY_RULE_SEARCH.exec(text);
  if (first === null) return false;
  const from = first.index;
  const today = dayStart(at);
  const resolves = (m: RegExpExecArray, resolve: Resolver): boolean => {
    const w = resolve(m, today);
    return w !== undefined && w.end > w.start;
  };
  for (const [re, resolve] of STICKY_RULES_ASCII) {
    re.lastIndex = from;
    const m = re.exec(text);
    if (m !== null && resolves(m, resolve)) return true;
  }
  for (const [re, resolve] of GLOBAL_RULES_ASCII) {
    re.lastIndex = from;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) if (resolves(m, resolve)) return true;
  }
  return false;
}

export function resolveRelativeDates(text: string, at: number): ResolvedDate[] {
  if (typeof text !== 'string') throw new InvalidArgumentError(`resolveRelativeDates: text must be a string, got ${typeof text}`);
  if (typeof at !== 'number' || !Number.isFinite(at)) throw new InvalidArgumentError(`resolveRelativeDates: at (${at}) must be finite milliseconds`);
  const folds = UNICODE_FOLDS.test(text);
  if (!(folds ? ANY_RULE_WORD : ANY_RULE_WORD_ASCII).test(text)) return [];
  if (!folds && !ANY_RULE.test(text)) return [];
  const today = dayStart(at);
  const found: Array<ResolvedDate & { len: number }> = [];
  for (const [re, resolve] of folds ? GLOBAL_RULES : GLOBAL_RULES_ASCII) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const w = resolve(m, today);
      if (w === undefined || !(w.end > w.start)) continue;
      found.push({ phrase: m[0], index: m.index, start: w.start, end: w.end, granularity: w.granularity, len: m[0].length });
    }
  }
  found.sort((a, b) => a.index - b.index || b.len - a.len);
  const out: ResolvedDate[] = [];
  let reach = 0;
  for (const f of found) {
    if (f.index < reach) continue;
    out.push({ phrase: f.phrase, index: f.index, start: f.start, end: f.end, granularity: f.granularity });
    reach = f.index + f.len;
  }
  return out;
}
