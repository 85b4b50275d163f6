import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@palimpsest/core';
import type { MemoryState } from '@palimpsest/core';
import { encodeState, MAX_BODY_BYTES } from '@palimpsest/persist';
import { sampleState } from './helpers.js';

describe("FlatBuffers' 2 GiB single-buffer limit", () => {
  it('a state past the limit is refused before anything is copied', () => {
    // One 64 MiB array listed under 33 names declares 2.06 GiB while allocating (lazily) only 64 MiB.
    const shared = new Uint8Array(64 * 2 ** 20);
    const state: MemoryState = { ...sampleState(), columns: {} };
    for (let i = 0; i < 33; i++) state.columns[`c${i}`] = shared;
    expect(() => encodeState(state)).toThrow(InvalidArgumentError);
    expect(() => encodeState(state)).toThrow(
      new RegExp(`^encodeState: the snapshot body would need (about|at least) \\d+ bytes \\(2\\.0\\d GiB\\), past FlatBuffers' single-buffer limit of ${MAX_BODY_BYTES} bytes \\(2 GiB\\)`),
    );
  });

  it('the limit is 2^31 - 1 bytes of body', () => {
    expect(MAX_BODY_BYTES).toBe(2 ** 31 - 1);
  });
});

describe('string dictionaries past the limit', () => {
  it('are refused by name before any string is joined or encoded, and the state is untouched', () => {
    // 720 references to one 1M-character string of 3-byte characters: 2.16 GB of UTF-8, 2 MB of memory.
    const s = '€'.repeat(1 << 20);
    const list = new Array<string>(720).fill(s);
    const state: MemoryState = { ...sampleState(), strings: { ...sampleState().strings, big: list } };
    expect(() => encodeState(state)).toThrow(InvalidArgumentError);
    expect(() => encodeState(state)).toThrow(/^encodeState: the snapshot body would need at least \d+ bytes \(2\.00 GiB\), past FlatBuffers' single-buffer limit/);
    expect(state.strings.big).toBe(list);
    expect(list.length).toBe(720);
    expect(list.every((x) => x === s)).toBe(true);
  });
});
