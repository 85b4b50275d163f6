import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crc32 } from '@palimpsest/persist';
import { fastCrc32 } from '../src/crc32.js';

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

  // Snapshots are checksummed with zlib's native CRC-32 where Node hands it out (fastCrc32): both must give the same checksum.
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  it.runIf(typeof native === 'function')('equals zlib.crc32 on a large buffer', () => {
    const big = new Uint8Array(1 << 20).map((_, i) => (i * 2654435761) >>> 24);
    expect(crc32(big)).toBe(native!(big) >>> 0);
    expect(crc32(big.subarray(5, 100_003))).toBe(native!(big.subarray(5, 100_003)) >>> 0);
  });
});

describe('crc32c', () => {
  it('matches the CRC-32C check value and known vectors, and continues across splits', async () => {
    const { crc32c } = await import('@palimpsest/persist');
    const enc = new TextEncoder();
    expect(crc32c(enc.encode('123456789'))).toBe(0xe3069283);
    expect(crc32c(new Uint8Array(0))).toBe(0);
    expect(crc32c(new Uint8Array(32))).toBe(0x8a9136aa); // RFC 3720 B.4: 32 bytes of zeros
    expect(crc32c(new Uint8Array(32).fill(0xff))).toBe(0x62a8ab43);
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 131 + 7) & 0xff);
    const whole = crc32c(bytes);
    for (const cut of [0, 1, 7, 8, 9, 500, 999, 1000]) expect(crc32c(bytes.subarray(cut), crc32c(bytes.subarray(0, cut)))).toBe(whole);
    // Bitwise reference over every length 0..40 (table-driven slices must agree with the definition).
    const ref = (b: Uint8Array) => {
      let c = ~0;
      for (const x of b) {
        c ^= x;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
      }
      return ~c >>> 0;
    };
    for (let n = 0; n <= 40; n++) expect(crc32c(bytes.subarray(3, 3 + n))).toBe(ref(bytes.subarray(3, 3 + n)));
  });

  it('fastCrc32 (native where the runtime hands it out) gives the same checksum as crc32', () => {
    const big = new Uint8Array(1 << 20).map((_, i) => (i * 2654435761) >>> 24);
    expect(fastCrc32(big)).toBe(crc32(big));
    expect(fastCrc32(big.subarray(3, 77_777))).toBe(crc32(big.subarray(3, 77_777)));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        expect(fastCrc32(bytes)).toBe(crc32(bytes));
      }),
      { numRuns: 200, seed: 8 },
    );
  });
});
