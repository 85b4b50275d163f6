import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeState, encodeState, SNAPSHOT_HEADER_BYTES } from '@palimpsest/persist';
import { expectSameState, rawBytes, sampleState, stateArb } from './helpers.js';

describe('encodeState / decodeState', () => {
  it('round-trips random states exactly, and re-encoding gives identical bytes', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const bytes = encodeState(state);
        expect(bytes.buffer.byteLength * 16).toBeLessThanOrEqual(bytes.length * 17); // little slack behind the view
        const again = decodeState(bytes);
        expectSameState(expect, state, again);
        expect(Buffer.from(encodeState(again)).equals(Buffer.from(bytes))).toBe(true);
        expect(Buffer.from(encodeState(state)).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 300, seed: 20240315 },
    );
  });

  it('does not depend on key insertion order', () => {
    const a = sampleState();
    const b = { ...a, columns: Object.fromEntries(Object.entries(a.columns).reverse()), strings: Object.fromEntries(Object.entries(a.strings).reverse()) };
    expect(Buffer.from(encodeState(b)).equals(Buffer.from(encodeState(a)))).toBe(true);
  });

  it('decodes from an unaligned buffer and from a plain ArrayBuffer', () => {
    const state = sampleState();
    const bytes = encodeState(state);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expectSameState(expect, state, decodeState(shifted.subarray(3)));
    expectSameState(expect, state, decodeState(shifted.subarray(3), { copy: false }));
    expectSameState(expect, state, decodeState(bytes.slice().buffer));
  });

  it('copies columns by default and wraps the input with copy: false when aligned', () => {
    const bytes = encodeState(sampleState()).slice(); // offset 0: the body is 8-byte aligned
    const copied = decodeState(bytes).columns['facts.validFrom']!;
    expect(copied.buffer).not.toBe(bytes.buffer);
    const wrapped = decodeState(bytes, { copy: false }).columns['facts.validFrom']!;
    expect(wrapped.buffer).toBe(bytes.buffer);
    expect(wrapped.byteOffset % 8).toBe(0);
    expect(wrapped.byteOffset).toBeGreaterThanOrEqual(SNAPSHOT_HEADER_BYTES);
    expect(Array.from(wrapped)).toEqual([1_704_067_200_000, 1_709_251_200_000, Infinity]);
  });

  it('keeps configuration keys the format does not name, and columns called __proto__', () => {
    const state = sampleState();
    (state.config as unknown as Record<string, unknown>).futureOption = { depth: 3, on: true };
    Object.defineProperty(state.columns, '__proto__', { value: new Uint8Array([9]), enumerable: true, configurable: true, writable: true });
    const again = decodeState(encodeState(state));
    expect((again.config as unknown as Record<string, unknown>).futureOption).toEqual({ depth: 3, on: true });
    expect(Object.getPrototypeOf(again.columns)).toBe(Object.prototype);
    expect(Array.from(rawBytes(Object.getOwnPropertyDescriptor(again.columns, '__proto__')!.value))).toEqual([9]);
  });

  it('keeps a leading byte-order mark, NUL and astral characters in strings', () => {
    const state = sampleState();
    state.strings.names = ['\uFEFFstart', 'a\u0000b', '😀😀', ''];
    expect(decodeState(encodeState(state)).strings.names).toEqual(['\uFEFFstart', 'a\u0000b', '😀😀', '']);
  });
});
