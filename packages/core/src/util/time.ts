import { InvalidArgumentError } from '../errors.js';
import type { TimeInput } from '../types.js';

/** Which infinities a time argument may take: valid-time ends may be open, record times never. */
export type OpenEnd = 'none' | 'past' | 'future';

/**
 * Turns a caller's time into integer milliseconds. Accepts integers, `Date` and ISO-8601 strings;
 * `open` says whether -Infinity (an open past) or +Infinity (an open future) is allowed.
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
    if (!ISO_8601.test(value.trim())) {
      throw new InvalidArgumentError(`${call}: ${field} (${JSON.stringify(value.slice(0, 64))}) is not an ISO-8601 date`);
    }
    ms = Date.parse(value);
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

// Date-only or date-time, with optional seconds, fraction and zone. Date.parse is too forgiving alone.
const ISO_8601 = /^[+-]?\d{4,6}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** For messages: an ISO string for finite times, `∞`/`-∞` for open ends. */
export function showTime(ms: number): string {
  if (ms === Infinity) return '∞';
  if (ms === -Infinity) return '-∞';
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString();
}
