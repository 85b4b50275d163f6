/**
 * The cut the page shows, at minute precision, and its place in the URL. A minute M stands for its last
 * millisecond (M:59.999), so a cut at 13:56 sees everything stamped during 13:56 — the way a date in the
 * snapshot viewer stands for the end of its day.
 */
export interface Cut {
  validAt: number;
  knownAt: number;
}

export const MINUTE = 60_000;

/** The cut's instant for a whole minute number (minutes since the epoch). */
export const endOfMinute = (minute: number): number => minute * MINUTE + (MINUTE - 1);
/** The minute number an instant falls in. */
export const minuteOf = (ms: number): number => Math.floor(ms / MINUTE);
/** An instant snapped to the end of its minute. */
export const snap = (ms: number): number => endOfMinute(minuteOf(ms));

/** "2023-05-08 13:56" (UTC), ∞ for open ends. */
export function showMinute(ms: number): string {
  if (ms === Infinity) return '∞';
  if (ms === -Infinity) return '−∞';
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** "2023-05-08T13:56" for a datetime-local input (UTC). */
export const inputMinute = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

/** The end of the minute a datetime-local value names (read as UTC), or NaN. */
export function parseMinute(text: string): number {
  const ms = Date.parse(/Z$/.test(text) ? text : `${text}Z`);
  return Number.isFinite(ms) ? snap(ms) : NaN;
}

/** The cut and the open entity, as a URL hash: `#valid=2023-05-08T13:56Z&known=…&entity=12`. */
export function cutToHash(cut: Cut, entity?: number): string {
  const p = new URLSearchParams();
  p.set('valid', `${inputMinute(cut.validAt)}Z`);
  p.set('known', `${inputMinute(cut.knownAt)}Z`);
  if (entity !== undefined) p.set('entity', String(entity));
  return `#${p.toString()}`;
}

/** What a hash keeps; missing or unreadable parts are left out. */
export function hashToCut(hash: string): { validAt?: number; knownAt?: number; entity?: number } {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const out: { validAt?: number; knownAt?: number; entity?: number } = {};
  const v = parseMinute(p.get('valid') ?? '');
  const k = parseMinute(p.get('known') ?? '');
  const e = Number(p.get('entity') ?? NaN);
  if (Number.isFinite(v)) out.validAt = v;
  if (Number.isFinite(k)) out.knownAt = k;
  if (Number.isInteger(e) && e >= 0 && p.get('entity') !== '') out.entity = e;
  return out;
}
