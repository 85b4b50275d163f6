/**
 * Writing straight into the snapshot encoder's FlatBuffers output: a vector filled in place, and the string
 * lists' UTF-8 and code-unit ends written there, with no UTF-8 copy of a list, no view or result object
 * per string beside it (a save of a large memory once left about a snapshot's worth of such garbage).
 * Browser-safe: no Node built-ins.
 */
import type { Builder, Offset } from 'flatbuffers';

/**
 * A [ubyte] vector of `byteLength` bytes that `fill` writes into the builder's buffer at `at` (its first
 * byte), as `createByteVector` lays out a copy: the same bytes, without the array to copy from. The JS
 * Builder keeps its write position in `space`, which createByteVector moves the same way; checked so that a
 * flatbuffers release that renames it fails loudly rather than writing elsewhere.
 */
export function vectorInPlace(b: Builder, byteLength: number, fill: (out: Uint8Array, at: number) => void): Offset {
  b.startVector(1, byteLength, 1);
  const inner = b as unknown as { space: unknown };
  if (typeof inner.space !== 'number') throw new Error('vectorInPlace: this flatbuffers Builder keeps no `space` field');
  const before = b.offset();
  inner.space -= byteLength;
  const bb = b.dataBuffer();
  bb.setPosition(inner.space);
  fill(bb.bytes(), inner.space);
  if (b.offset() !== before + byteLength) throw new Error('vectorInPlace: the builder did not move by the vector');
  return b.endVector();
}

/** The list's strings as UTF-8, one after another, from `at`; every string is well-formed (checked before). */
export function writeList(list: readonly string[], out: Uint8Array, at: number): void {
  for (let k = 0; k < list.length; k++) at = writeUtf8(list[k]!, out, at);
}

/** The list's code-unit end offsets as little-endian uint32s, from `at`. */
export function writeListEnds(list: readonly string[], out: Uint8Array, at: number): void {
  let total = 0;
  for (let k = 0; k < list.length; k++) {
    total += list[k]!.length;
    out[at++] = total & 0xff;
    out[at++] = (total >>> 8) & 0xff;
    out[at++] = (total >>> 16) & 0xff;
    out[at++] = total >>> 24;
  }
}

/**
 * UTF-8 of a well-formed string into `out` from `at`; returns the end. An element loop, not
 * TextEncoder.encodeInto: that needs a view and returns an object per string, garbage that added up to more
 * than the text itself over a memory's short strings.
 */
function writeUtf8(s: string, out: Uint8Array, at: number): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      out[at++] = c;
    } else if (c < 0x800) {
      out[at++] = 0xc0 | (c >> 6);
      out[at++] = 0x80 | (c & 0x3f);
    } else if ((c & 0xfc00) === 0xd800) {
      const p = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00);
      out[at++] = 0xf0 | (p >> 18);
      out[at++] = 0x80 | ((p >> 12) & 0x3f);
      out[at++] = 0x80 | ((p >> 6) & 0x3f);
      out[at++] = 0x80 | (p & 0x3f);
    } else {
      out[at++] = 0xe0 | (c >> 12);
      out[at++] = 0x80 | ((c >> 6) & 0x3f);
      out[at++] = 0x80 | (c & 0x3f);
    }
  }
  return at;
}
