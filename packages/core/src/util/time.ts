import { InvalidArgumentError } from '../errors.js';
import type { TimeInput } from '../types.js';

/** Which infinities a time argument may take: valid-time ends may be open, record times never. */
export type OpenEnd = 'none' | 'past' | 'future';

/**
 * Turns a caller's time into integer milliseconds. Accepts integers, `Date` and ISO-8601 strings
 * (parseIsoTime: a time without a zone is UTC); `open` says whether -Infinity (an open past) or +Infinity
 * (an open future) is allowed.
 */
export function toMillis(value: TimeInput, call: string, field: string, open: OpenEnd = 'none'): number {
  let ms: number;
  if (typeof value === 'number') {
    ms = value;
  } else if (value instanceof Date) {
    // Through Date.prototype: a subclass or proxy cannot answer differently (a proxy throws, named below).
    try {
      ms = Date.prototype.getTime.call(value);
    } catch {
      throw new InvalidArgumentError(`${call}: ${field} is not a readable Date`);
    }
  } else if (typeof value === 'string') {
    ms = parseIsoTime(value, call, field);
  } else {
    throw new InvalidArgumentError(
      `${call}: ${field} must be integer milliseconds, a Date or an ISO-8601 string, got ${value === null ? 'null' : typeof value}`,
    );
  }
  if (Number.isNaN(ms)) throw new InvalidArgumentError(`${call}: ${field} is not a valid time (NaN)`);
  if (ms === Infinity && open === 'future') return ms;
  if (ms === -Infinity && open === 'past') return ms;
  if (!Number.isFinite(ms)) throw new InvalidArgumentError(`${call}: ${field} (${ms}) must be finite here`);
  if (!Number.isInteger(ms)) {
    throw new InvalidArgumentError(`${call}: ${field} (${ms}) must be a whole number of milliseconds`);
  }
  // -0 is stored as 0: the log (JSON) writes both as 0, so a replay must find the same value.
  return ms === 0 ? 0 : ms;
}

// Date-only or date-time, with optional seconds, fraction and zone; a four-digit year (no sign), no hour 24.
// Groups: date, day, zone.
const ISO_8601 = /^(\d{4}-\d\d-(\d\d))(?:[T ](?!24)\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(Z|[+-]\d\d:?\d\d)?)?$/;

/**
 * An ISO-8601 date or date-time as integer milliseconds, the same on every machine: a time without a zone
 * ("2025-05-01T09:00") is UTC, as a date alone is (Date.parse would read it in the process's zone). Refused
 * by name: other forms, a signed or expanded year ("-2025-05-01", "+002025-05-01"), an impossible date,
 * time or offset ("2025-02-30", "24:00", "09:60", "+24:00"). Fractions finer than a millisecond are dropped.
 */
export function parseIsoTime(text: string, call: string, field: string): number {
  const t = text.trim();
  const m = ISO_8601.exec(t);
  const ms = m ? Date.parse(m[3] || t.length < 11 ? t : `${t}Z`) : NaN;
  // Date.parse refuses other fields out of range (NaN) but rolls February 30 over to March 2: the day must read back.
  if (m === null || Number.isNaN(ms) || new Date(m[1]!).getUTCDate() !== +m[2]!) {
    throw new InvalidArgumentError(`${call}: ${field} (${JSON.stringify(text.slice(0, 64))}) is not an ISO-8601 date`);
  }
  return ms;
}

/** For messages: an ISO string for finite times, `∞`/`-∞` for open ends. */
export function showTime(ms: number): string {
  if (ms === Infinity) return '∞';
  if (ms === -Infinity) return '-∞';
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString();
}

/** 10000-01-01T00:00Z: below it (and from 1970) a time's ISO text is four-digit years, made by `isoMinute`'s arithmetic. */
const FAST_ISO_END = 253_402_300_800_000;
const DAY_MS = 86_400_000;

const pad2 = (n: number): string => (n < 10 ? '0' : '') + n;

/**
 * `new Date(ms).toISOString().slice(0, 16)` ("2023-05-08T13:56"), or undefined for a time Date cannot show.
 * Times from 1970 to 9999 by arithmetic on the day number (civil date from days, H. Hinnant's algorithm):
 * a Date and its ISO text cost 1–3 µs, and recall writes one per packed episode and two per fact. Others
 * through Date.
 */
export function isoMinute(ms: number): string | undefined {
  if (!(ms >= 0 && ms < FAST_ISO_END)) {
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString().slice(0, 16);
  }
  const days = Math.floor(ms / DAY_MS);
  const minute = Math.floor((ms - days * DAY_MS) / 60_000);
  const z = days + 719_468; // days since 0000-03-01
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097; // day of the 400-year era
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // from March 1st
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}`;
}
