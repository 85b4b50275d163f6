import { DatasetArgumentError } from './errors.js';

const MONTHS: Record<string, number> = {
  january: 0, february: 1, march: 2, april: 3, may: 4, june: 5,
  july: 6, august: 7, september: 8, october: 9, november: 10, december: 11,
};

/** Builds a UTC instant and refuses fields that `Date.UTC` would silently roll over (31 June → 1 July). */
function utc(call: string, text: string, y: number, mo: number, d: number, h: number, mi: number): number {
  const ms = Date.UTC(y, mo, d, h, mi);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo || back.getUTCDate() !== d || h > 23 || mi > 59) {
    throw new DatasetArgumentError(`${call}: ${JSON.stringify(text)} is not a real date and time`);
  }
  return ms;
}

const LOCOMO_DATE = /^\s*(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i;

/**
 * Parses a LoCoMo session time such as `"1:56 pm on 8 May, 2023"` into epoch milliseconds.
 * The data carries no time zone; the wall-clock time is read as **UTC**, so that every run, on every machine,
 * gets the same numbers (12 am is midnight, 12 pm is noon).
 * @throws DatasetArgumentError when the text is not in that form or names an impossible date.
 */
export function parseLocomoDate(text: string): number {
  const call = 'parseLocomoDate';
  if (typeof text !== 'string') throw new DatasetArgumentError(`${call}: expected a string, got ${typeof text}`);
  const m = LOCOMO_DATE.exec(text);
  const month = m ? MONTHS[m[5]!.toLowerCase()] : undefined;
  if (!m || month === undefined) {
    throw new DatasetArgumentError(`${call}: ${JSON.stringify(text)} is not like "1:56 pm on 8 May, 2023"`);
  }
  const hour12 = Number(m[1]);
  if (hour12 < 1 || hour12 > 12) throw new DatasetArgumentError(`${call}: ${JSON.stringify(text)} has hour ${hour12}`);
  const hour = (hour12 % 12) + (m[3]!.toLowerCase() === 'p' ? 12 : 0);
  return utc(call, text, Number(m[6]), month, Number(m[4]), hour, Number(m[2]));
}

const LME_DATE = /^\s*(\d{4})\/(\d{1,2})\/(\d{1,2})(?:\s*\([A-Za-z]{3}\))?\s+(\d{1,2}):(\d{2})\s*$/;

/**
 * Parses a LongMemEval time such as `"2023/05/30 (Tue) 23:40"` into epoch milliseconds, read as **UTC**.
 * The weekday in brackets is redundant and is not checked.
 * @throws DatasetArgumentError when the text is not in that form or names an impossible date.
 */
export function parseLongMemEvalDate(text: string): number {
  const call = 'parseLongMemEvalDate';
  if (typeof text !== 'string') throw new DatasetArgumentError(`${call}: expected a string, got ${typeof text}`);
  const m = LME_DATE.exec(text);
  if (!m) throw new DatasetArgumentError(`${call}: ${JSON.stringify(text)} is not like "2023/05/30 (Tue) 23:40"`);
  return utc(call, text, Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}

const SHORT_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December'];

/** Formats epoch milliseconds as LoCoMo writes session times (UTC): `"1:56 pm on 8 May, 2023"`. */
export function formatLocomoDate(ms: number): string {
  const d = new Date(ms);
  const h = d.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${hour12}:${mm} ${h < 12 ? 'am' : 'pm'} on ${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]}, ${d.getUTCFullYear()}`;
}

/** Formats epoch milliseconds as a LoCoMo answer date (UTC): `"8 May 2023"`. */
export function formatDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
