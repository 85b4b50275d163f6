import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crc32 } from '@palimpsest/persist';

/** Bit-at-a-time reference (the textbook definition), to check the slice-by-8 tables against, across the 16-byte blocks and the tail. */
function reference(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('crc32', () => {
  it('matches the published check values', () => {
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new TextEncoder().encode('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });

  it('equals the bitwise definition on random inputs of every length and offset', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat({ max: 17 }), (bytes, skip) => {
        const view = bytes.subarray(Math.min(skip, bytes.length));
        expect(crc32(view)).toBe(reference(view));
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  // The Node entry uses zlib's native CRC-32 when present: both must give the same checksum.
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  it.runIf(typeof native === 'function')('equals zlib.crc32 on a large buffer', () => {
    const big = new Uint8Array(1 << 20).map((_, i) => (i * 2654435761) >>> 24);
    expect(crc32(big)).toBe(native!(big) >>> 0);
    expect(crc32(big.subarray(5, 100_003))).toBe(native!(big.subarray(5, 100_003)) >>> 0);
  });
});
