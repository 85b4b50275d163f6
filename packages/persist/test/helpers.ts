import fc from 'fast-check';
import type { ColumnArray, MemoryState } from '@palimpsest/core';

/** The raw bytes of a typed array: compares NaN payloads and -0 exactly. */
export function rawBytes(a: ColumnArray): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/** Asserts two states are equal column by column (kind and bytes), list by list and in config. */
export function expectSameState(expect: (v: unknown) => any, a: MemoryState, b: MemoryState): void {
  expect(b.formatVersion).toBe(a.formatVersion);
  expect(b.config).toEqual(a.config);
  expect(Object.keys(b.columns).sort()).toEqual(Object.keys(a.columns).sort());
  for (const name of Object.keys(a.columns)) {
    const x = a.columns[name]!;
    const y = b.columns[name]!;
    expect(Object.prototype.toString.call(y)).toBe(Object.prototype.toString.call(x));
    expect(y.length).toBe(x.length);
    expect(Buffer.from(rawBytes(y)).equals(Buffer.from(rawBytes(x)))).toBe(true);
  }
  expect(Object.keys(b.strings).sort()).toEqual(Object.keys(a.strings).sort());
  for (const name of Object.keys(a.strings)) expect(b.strings[name]).toEqual(a.strings[name]);
}

const name = fc.oneof(
  fc.constantFrom('facts.subject', 'facts.validFrom', 'log.bytes', 'log.ends', '__proto__', 'constructor', '', 'ü-名前'),
  fc.string({ maxLength: 12 }),
);

/** Any bit pattern: NaN payloads, ±Infinity, -0, subnormals. */
const f64Bits = fc.uint8Array({ maxLength: 64 * 8 }).map((b) => new Float64Array(b.buffer.slice(0, b.length - (b.length % 8))));

const column: fc.Arbitrary<ColumnArray> = fc.oneof(
  f64Bits,
  fc.float32Array({ maxLength: 64 }),
  fc.int32Array({ maxLength: 64 }),
  fc.uint32Array({ maxLength: 64 }),
  fc.uint8Array({ maxLength: 200 }),
);

/** Well-formed strings only (lone surrogates have no UTF-8 form and are refused on encode). */
const text = fc.oneof(fc.string({ maxLength: 20 }), fc.fullUnicodeString({ maxLength: 10 }), fc.constantFrom('\uFEFFbom', '', '\u0000', 'ℵ😀'));

function record<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> {
  return fc.array(fc.tuple(name, arb), { maxLength: 6 }).map((entries) => {
    const out: Record<string, T> = {};
    for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

export const stateArb: fc.Arbitrary<MemoryState> = fc.record({
  formatVersion: fc.nat(),
  config: fc.record({
    minConfidence: finite,
    dimensions: fc.nat({ max: 0xffffffff }),
    predicates: fc.array(
      fc.record({ name: text, cardinality: fc.constantFrom<'one' | 'many'>('one', 'many'), minConfidence: fc.option(finite, { nil: null }) }),
      { maxLength: 4 },
    ),
    lastRecordedAt: fc.option(fc.integer({ min: -8.64e15, max: 8.64e15 }), { nil: null }),
  }),
  columns: record(column),
  strings: record(fc.array(text, { maxLength: 12 })),
});

/** A fixed, small but complete state for the refusal and fuzz tests. */
export function sampleState(): MemoryState {
  return {
    formatVersion: 1,
    config: {
      minConfidence: 0.25,
      dimensions: 4,
      predicates: [
        { name: 'price', cardinality: 'one', minConfidence: 0.8 },
        { name: 'works_at', cardinality: 'many', minConfidence: null },
      ],
      lastRecordedAt: 1_710_460_800_000,
    },
    columns: {
      'facts.validFrom': new Float64Array([1_704_067_200_000, 1_709_251_200_000, Infinity]),
      'facts.confidence': new Float32Array([1, 0.9, 0.5]),
      'facts.subject': new Uint32Array([0, 0, 1]),
      'facts.delta': new Int32Array([-1, 0, 7]),
      'log.bytes': new TextEncoder().encode('{"op":"assert"}\n{"op":"retract"}\n'),
    },
    strings: { names: ['pro', 'alice', 'Ωmega 😀'], values: ['40', '50'], empty: [] },
  };
}

/** Seeded PRNG (mulberry32): the fuzz tests replay the same damage every run. */
export { mulberry32 } from '@palimpsest/core/internal';
