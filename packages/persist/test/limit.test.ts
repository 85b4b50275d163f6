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
      new RegExp(`^encodeState: the snapshot body would need about \\d+ bytes \\(2\\.0\\d GiB\\), past FlatBuffers' single-buffer limit of ${MAX_BODY_BYTES} bytes \\(2 GiB\\)`),
    );
  });

  it('the limit is 2^31 - 1 bytes of body', () => {
    expect(MAX_BODY_BYTES).toBe(2 ** 31 - 1);
  });
});
