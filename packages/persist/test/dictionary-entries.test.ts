/**
 * String lists of long entries (turn texts) are decoded entry by entry, each entry's bytes found from its
 * stored end in UTF-16 code units: every list must come back exactly, with characters of 1–4 UTF-8 bytes
 * anywhere, and ends that cut a character, overrun or do not cover the text are CorruptSnapshotError.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CorruptSnapshotError } from '@palimpsest/core';
import type { MemoryState } from '@palimpsest/core';
import { crc32, decodeState, encodeState } from '@palimpsest/persist';
import { sampleState } from './helpers.js';

const char = fc.constantFrom('a', 'b', ' ', 'ü', '€', '😀', '\u0000', '\ufeff');
/** Entries long enough (on average) for the entry-by-entry decoder. */
const entry = fc.array(char, { minLength: 0, maxLength: 90 }).map((cs) => cs.join(''));

function stateWith(list: string[]): MemoryState {
  return { ...sampleState(), strings: { ...sampleState().strings, long: list } };
}

/** The snapshot of a state whose list 'long' is `list`, and the byte offset of its first stored end. */
function withEnds(list: string[]): { bytes: Uint8Array; view: DataView; at: number } {
  const bytes = encodeState(stateWith(list));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let ends = 0;
  const unitEnds = list.map((s) => (ends += s.length));
  let at = -1;
  for (let i = 24; i + 4 * (list.length + 1) <= bytes.length; i += 4) {
    if (view.getUint32(i, true) === list.length && unitEnds.every((e, k) => view.getUint32(i + 4 + 4 * k, true) === e)) at = i + 4;
  }
  expect(at).toBeGreaterThan(0);
  return { bytes, view, at };
}

/** Writes end `k` and reseals the checksum, so the damage reaches the list's checks. */
function setEnd(t: { bytes: Uint8Array; view: DataView; at: number }, k: number, value: number): void {
  t.view.setUint32(t.at + 4 * k, value, true);
  t.view.setUint32(16, crc32(t.bytes.subarray(24)), true);
}

describe('entry-by-entry dictionary decoding', () => {
  it('gives back every list of long entries exactly, ASCII or not', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), (list) => {
        const padded = list.map((s) => s + 'x'.repeat(40)); // each over the threshold on average
        expect(decodeState(encodeState(stateWith(padded))).strings.long).toEqual(padded);
        expect(decodeState(encodeState(stateWith(list.concat('y'.repeat(60 * (list.length + 1)))))).strings.long).toEqual(list.concat('y'.repeat(60 * (list.length + 1))));
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('refuses ends that cut a surrogate pair, go back, overrun or do not cover the text', () => {
    const long = 'x'.repeat(40);
    const list = [`${long}😀`, `${long}ü`, long];
    const cases: Array<[number, number, RegExp]> = [
      [0, 41, /string list 'long': entry 0 ends inside a surrogate pair/],
      [1, 10, /string list 'long': entry 1 ends at 10, before 42/],
      [2, 200, /string list 'long': entry 2 ends at 200, past the end of the text/],
      [2, 122, /string list 'long': entries cover 122 code units, not the whole text/],
    ];
    for (const [k, value, message] of cases) {
      const t = withEnds(list);
      setEnd(t, k, value);
      expect(() => decodeState(t.bytes)).toThrow(CorruptSnapshotError);
      expect(() => decodeState(t.bytes)).toThrow(message);
    }
  });
});
