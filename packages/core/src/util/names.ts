import { InvalidArgumentError } from '../errors.js';
import { isWellFormed } from './well-formed.js';

export const MAX_NAME_BYTES = 512;
// C0 and C1 control characters, DEL included.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const encoder = new TextEncoder();

/** The canonical form of an entity name: trimmed, lower-cased, control characters stripped. */
export function canonicalName(raw: string): string {
  return raw.replace(CONTROL, '').trim().toLowerCase();
}

/** Canonicalises and checks a name: not empty, at most 512 UTF-8 bytes. */
export function checkName(raw: unknown, call: string, field: string): string {
  if (typeof raw !== 'string') throw new InvalidArgumentError(`${call}: ${field} must be a string, got ${typeof raw}`);
  if (!isWellFormed(raw)) throw new InvalidArgumentError(`${call}: ${field} holds a lone surrogate (not well-formed UTF-16)`);
  const name = canonicalName(raw);
  if (name.length === 0) throw new InvalidArgumentError(`${call}: ${field} is empty`);
  const bytes = name.length * 3 <= MAX_NAME_BYTES ? name.length : encoder.encode(name).length;
  if (bytes > MAX_NAME_BYTES) {
    throw new InvalidArgumentError(`${call}: ${field} is ${bytes} bytes; at most ${MAX_NAME_BYTES} are allowed`);
  }
  return name;
}

/** A display name: control characters stripped and trimmed, case kept. */
export function displayName(raw: string): string {
  return raw.replace(CONTROL, '').trim();
}
