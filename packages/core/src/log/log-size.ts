// The size of one logged operation, bounded before a write changes anything: an operation whose JSON line
// would not fit in one JavaScript string is refused by name up front, so no call is left half done.
import { InvalidArgumentError } from '../errors.js';

/**
 * The longest JSON line (UTF-16 units, its newline included) one logged operation may take: V8's string
 * length limit on 64-bit hosts (2^29 - 24). Applied in every engine, so a log written in one engine can be
 * read in any other.
 */
export const MAX_LOG_LINE_UNITS = (1 << 29) - 24;

/**
 * Units kept for everything in an operation's line but its strings and number lists: keys, punctuation and
 * at most twenty scalar numbers (a double prints in at most 24 characters).
 */
export const LINE_SLACK = 1024;
/** Units a number in a logged list takes at most: 24 characters and a comma. */
export const NUMBER_UNITS = 25;
/** Units an id (fact version or entity: a whole number below 2^32) in a logged list takes at most, comma included. */
export const ID_UNITS = 11;

/** A quick upper bound on a string's JSON units: every unit escaped as \u00XX, two quotes and a separator. */
export function quickUnits(value: string | undefined): number {
  return value === undefined ? 0 : value.length * 6 + 3;
}

/** Units of a vector as the log writes it (base64 of its float32 values) and its quotes. */
export function vectorUnits(dimensions: number): number {
  return Math.ceil((dimensions * 4) / 3) * 4 + 3;
}

/** The exact length of JSON.stringify(value) for a well-formed string (lone surrogates are refused earlier). */
export function jsonUnits(value: string): number {
  let units = 2 + value.length;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x20) {
      if (c === 0x22 || c === 0x5c) units += 1; // \" and \\
    } else if (c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) units += 1; // \b \t \n \f \r
    else units += 5; // \u00XX
  }
  return units;
}

/** Strings of one operation: single strings or lists of them (evidence, aliases); undefined for an absent field. */
export type LineStrings = ReadonlyArray<string | readonly string[] | undefined>;

/**
 * Refuses, before anything changes, an operation whose JSON line could pass `limit`. `otherUnits` bounds
 * what is not a string (NUMBER_UNITS per listed number, vectorUnits of a vector). A quick bound decides
 * almost every call; only a call near the limit has its strings measured exactly. A line within
 * LINE_SLACK units of the limit may be refused although it would fit: the bound is exact in its strings only.
 */
export function checkLineSize(call: string, limit: number, strings: LineStrings, otherUnits = 0): void {
  let quick = LINE_SLACK + otherUnits;
  for (const s of strings) {
    if (typeof s === 'string') quick += quickUnits(s);
    else if (s !== undefined) for (const x of s) quick += quickUnits(x);
  }
  if (quick <= limit) return;
  let units = LINE_SLACK + otherUnits;
  for (const s of strings) {
    if (typeof s === 'string') units += jsonUnits(s) + 1;
    else if (s !== undefined) for (const x of s) units += jsonUnits(x) + 1;
  }
  if (units > limit) {
    throw new InvalidArgumentError(
      `${call}: the operation is too large to log: its JSON line would take up to ${units} UTF-16 units, more than one string holds (${limit})`,
    );
  }
}
