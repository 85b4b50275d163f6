import { InvalidArgumentError } from '../errors.js';

/**
 * Vectors in the operation log as base64 of their float32 values, little-endian: exact, a quarter of the
 * size of a JSON number list, and far cheaper to write (printing hundreds of doubles as decimal text cost
 * more than everything else an ingested turn writes). Logs from before hold number lists; both replay.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = new Uint8Array(128).fill(255);
for (let i = 0; i < ALPHABET.length; i++) CODES[ALPHABET.charCodeAt(i)] = i;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function bytesOf(vector: Float32Array): Uint8Array {
  const bytes = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
  if (LITTLE_ENDIAN) return bytes;
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < out.length; i += 4) for (let k = 0; k < 4; k++) out[i + k] = bytes[i + 3 - k]!;
  return out;
}

/** The base64 text of a vector's float32 values (little-endian). */
export function vectorToText(vector: Float32Array): string {
  const b = bytesOf(vector);
  const parts: string[] = [];
  const codes: number[] = [];
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i]! << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    codes.push(ALPHABET.charCodeAt(n >>> 18), ALPHABET.charCodeAt((n >>> 12) & 63));
    codes.push(i + 1 < b.length ? ALPHABET.charCodeAt((n >>> 6) & 63) : 61, i + 2 < b.length ? ALPHABET.charCodeAt(n & 63) : 61);
    if (codes.length >= 8192) parts.push(String.fromCharCode(...codes.splice(0)));
  }
  parts.push(String.fromCharCode(...codes));
  return parts.join('');
}

/** A vector from `vectorToText` output, or InvalidArgumentError naming the call when it is not one. */
export function vectorFromText(text: string, call: string): Float32Array {
  const bad = (): never => {
    throw new InvalidArgumentError(`${call}: vector text is not base64 of float32 values`);
  };
  if (text.length % 4 !== 0) bad();
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const length = (text.length / 4) * 3 - pad;
  if (length % 4 !== 0) bad();
  const bytes = new Uint8Array(length);
  for (let i = 0, j = 0; i < text.length; i += 4) {
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const c = text.charCodeAt(i + k);
      const v = c === 61 && i + k >= text.length - pad ? 0 : c < 128 ? CODES[c]! : 255;
      if (v === 255) bad();
      n = (n << 6) | v;
    }
    if (j < length) bytes[j++] = n >>> 16;
    if (j < length) bytes[j++] = (n >>> 8) & 255;
    if (j < length) bytes[j++] = n & 255;
  }
  if (!LITTLE_ENDIAN) for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  return new Float32Array(bytes.buffer);
}
