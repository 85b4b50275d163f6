import { DatasetArgumentError, DatasetFormatError } from './errors.js';

/** Small shape checks for data read from files: each failure names the file and the field. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function record(v: unknown, where: string): Record<string, unknown> {
  if (!isRecord(v)) throw new DatasetFormatError(`${where} is not an object`);
  return v;
}

export function list(v: unknown, where: string): unknown[] {
  if (!Array.isArray(v)) throw new DatasetFormatError(`${where} is not a list`);
  return v;
}

export function str(v: unknown, where: string): string {
  if (typeof v !== 'string') throw new DatasetFormatError(`${where} is not a string`);
  return v;
}

/** A string, or a number written as text (LoCoMo and LongMemEval give some answers as numbers). */
export function text(v: unknown, where: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new DatasetFormatError(`${where} is neither a string nor a number`);
}

/** Validates the common loader options object. */
export function checkOptions(call: string, options: unknown): { path?: string; split?: unknown } {
  if (options === undefined) return {};
  if (!isRecord(options)) throw new DatasetArgumentError(`${call}: options must be an object`);
  const path = options['path'];
  if (path !== undefined && (typeof path !== 'string' || path === '')) {
    throw new DatasetArgumentError(`${call}: path must be a non-empty string`);
  }
  return path === undefined ? { split: options['split'] } : { path, split: options['split'] };
}

/** Re-labels a date parse failure as a format error of the file. */
export function date(parse: (s: string) => number, v: unknown, where: string): number {
  const s = str(v, where);
  try {
    return parse(s);
  } catch (err) {
    throw new DatasetFormatError(`${where}: ${(err as Error).message}`);
  }
}
