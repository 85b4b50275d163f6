/**
 * Fuzz: truncations and byte flips of a snapshot are refused with CorruptSnapshotError or
 * SnapshotVersionError and nothing else. "Resealed" damage also rewrites the frame (length, checksum) so
 * it reaches the bounds-checked FlatBuffers reader behind the checksum, as a crafted file would.
 */
import { describe, expect, it } from 'vitest';
import { CorruptSnapshotError, SnapshotVersionError } from '@palimpsest/core';
import { crc32, decodeState, encodeState, SNAPSHOT_HEADER_BYTES } from '@palimpsest/persist';
import { mulberry32, sampleState } from './helpers.js';

function outcome(bytes: Uint8Array): 'ok' | 'corrupt' | 'version' {
  try {
    const state = decodeState(bytes);
    encodeState(state); // whatever decodes must be a state the encoder accepts
    return 'ok';
  } catch (e) {
    if (e instanceof SnapshotVersionError) return 'version';
    if (e instanceof CorruptSnapshotError) return 'corrupt';
    throw e;
  }
}

function reseal(bytes: Uint8Array): Uint8Array {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  dv.setUint32(12, bytes.length - SNAPSHOT_HEADER_BYTES, true);
  dv.setUint32(16, crc32(bytes.subarray(SNAPSHOT_HEADER_BYTES)), true);
  return bytes;
}

describe('fuzz: damaged snapshots of a state', () => {
  const good = encodeState(sampleState());

  it('every truncation is refused as corrupt', () => {
    for (let n = 0; n < good.length; n++) expect(outcome(good.slice(0, n)), `length ${n}`).toBe('corrupt');
  });

  it('every single-byte flip is refused (the checksum catches each one)', () => {
    const rand = mulberry32(1);
    for (let pos = 0; pos < good.length; pos++) {
      const bad = good.slice();
      bad[pos]! ^= 1 + Math.floor(rand() * 255);
      const got = outcome(bad);
      // Bytes 8..12 are the format version: a bigger number there reads as a newer format.
      if (pos >= 8 && pos < 12) expect(got).not.toBe('ok');
      else expect(got, `flip at ${pos}`).toBe('corrupt');
    }
  });

  it('3000 seeded multi-byte corruptions are refused', () => {
    const rand = mulberry32(2);
    for (let i = 0; i < 3000; i++) {
      const bad = good.slice();
      const flips = 1 + Math.floor(rand() * 8);
      for (let k = 0; k < flips; k++) bad[Math.floor(rand() * bad.length)]! ^= 1 + Math.floor(rand() * 255);
      expect(outcome(bad)).not.toBe('ok');
    }
  });

  it('resealed body flips and truncations never throw anything but the named errors', () => {
    const rand = mulberry32(3);
    const seen = { ok: 0, corrupt: 0, version: 0 };
    for (let i = 0; i < 4000; i++) {
      let bad = good.slice();
      if (i % 4 === 3) {
        bad = bad.slice(0, SNAPSHOT_HEADER_BYTES + Math.floor(rand() * (bad.length - SNAPSHOT_HEADER_BYTES)));
      } else {
        const flips = 1 + Math.floor(rand() * 4);
        for (let k = 0; k < flips; k++) {
          const pos = SNAPSHOT_HEADER_BYTES + Math.floor(rand() * (bad.length - SNAPSHOT_HEADER_BYTES));
          bad[pos] = rand() < 0.3 ? 0xff : bad[pos]! ^ (1 << Math.floor(rand() * 8));
        }
      }
      seen[outcome(reseal(bad))]++;
    }
    // Both outcomes occur: flips inside column data decode (they are just other numbers), flips in
    // offsets and lengths are caught by the reader.
    expect(seen.corrupt).toBeGreaterThan(0);
    expect(seen.ok).toBeGreaterThan(0);
    expect(seen.version).toBe(0);
  });

  it('random bodies behind a valid frame are refused', () => {
    const rand = mulberry32(4);
    for (let i = 0; i < 1000; i++) {
      const bad = new Uint8Array(SNAPSHOT_HEADER_BYTES + 8 + Math.floor(rand() * 200));
      bad.set(good.subarray(0, SNAPSHOT_HEADER_BYTES));
      for (let k = SNAPSHOT_HEADER_BYTES; k < bad.length; k++) bad[k] = Math.floor(rand() * 256);
      if (i % 2 === 0) bad.set(new TextEncoder().encode('PLMP'), SNAPSHOT_HEADER_BYTES + 4); // get past the identifier
      expect(outcome(reseal(bad))).toBe('corrupt');
    }
  });
});
