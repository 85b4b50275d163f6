/**
 * String dictionaries larger than one JavaScript string can hold are decoded in pieces. The real sizes
 * (> 256 MiB) are in limit-long.test.ts; here tiny thresholds make every small dictionary take that path,
 * with characters of 1–4 UTF-8 bytes split across every piece boundary.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CorruptSnapshotError } from '@palimpsest/core';
import type { MemoryState } from '@palimpsest/core';
import { crc32, decodeState, encodeState } from '@palimpsest/persist';
import { setDictionaryPieceBytes } from '../src/snapshot-decode.js';
import { sampleState } from './helpers.js';

const saved = setDictionaryPieceBytes(8, 5);
afterAll(() => setDictionaryPieceBytes(...saved));

const char = fc.constantFrom('a', 'ü', '€', '😀', '\u0000', '\ufeff');
const entry = fc.array(char, { maxLength: 9 }).map((cs) => cs.join(''));

describe('piecewise dictionary decoding', () => {
  it('gives back every list exactly, for any piece boundaries', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.integer({ min: 1, max: 7 }), (list, piece) => {
        setDictionaryPieceBytes(0, piece);
        const state: MemoryState = { ...sampleState(), strings: { ...sampleState().strings, big: list } };
        expect(decodeState(encodeState(state)).strings.big).toEqual(list);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('refuses ends that cut a surrogate pair or do not cover the text', () => {
    setDictionaryPieceBytes(0, 3);
    const state: MemoryState = { ...sampleState(), strings: { ...sampleState().strings, big: ['ab😀', 'cd'] } };
    const bytes = encodeState(state);
    // Find the ends vector of 'big' (count 2, then [4, 6]) and move its first end into the pair.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = -1;
    for (let i = 24; i + 12 <= bytes.length; i += 4) {
      if (view.getUint32(i, true) === 2 && view.getUint32(i + 4, true) === 4 && view.getUint32(i + 8, true) === 6) at = i + 4;
    }
    expect(at).toBeGreaterThan(0);
    view.setUint32(at, 3, true);
    // Re-compute the body checksum so the damage reaches the dictionary checks.
    view.setUint32(16, crc32(bytes.subarray(24)), true);
    expect(() => decodeState(bytes)).toThrow(CorruptSnapshotError);
    expect(() => decodeState(bytes)).toThrow(/string list 'big': entry 0 ends inside a surrogate pair/);
    view.setUint32(at, 4, true);
    view.setUint32(at + 4, 5, true);
    view.setUint32(16, crc32(bytes.subarray(24)), true);
    expect(() => decodeState(bytes)).toThrow(/string list 'big': entries cover 5 code units, not the whole text/);
  });
});
