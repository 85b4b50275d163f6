import { describe, expect, it } from 'vitest';
import { CorruptSnapshotError, InvalidArgumentError, SnapshotVersionError } from '@palimpsest/core';
import type { MemoryState } from '@palimpsest/core';
import { crc32, decodeState, encodeState, SNAPSHOT_HEADER_BYTES } from '@palimpsest/persist';
import { sampleState } from './helpers.js';

function refused(bytes: Uint8Array | ArrayBuffer): Error {
  try {
    decodeState(bytes);
  } catch (e) {
    return e as Error;
  }
  throw new Error('decodeState accepted the input');
}

/** Rewrites the checksum so the damage reaches the FlatBuffers checks behind it. */
function reseal(bytes: Uint8Array): Uint8Array {
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(16, crc32(bytes.subarray(SNAPSHOT_HEADER_BYTES)), true);
  return bytes;
}

describe('decodeState refuses bad input by name', () => {
  const good = encodeState(sampleState());

  it('empty input', () => {
    const e = refused(new Uint8Array(0));
    expect(e).toBeInstanceOf(CorruptSnapshotError);
    expect(e.message).toBe('decodeState: empty input (0 bytes) is not a palimpsest snapshot');
  });

  it('foreign files: PNG, JSON, zeros', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    for (const bytes of [png, new TextEncoder().encode('{"formatVersion":1}'), new Uint8Array(64)]) {
      const e = refused(bytes);
      expect(e).toBeInstanceOf(CorruptSnapshotError);
      expect(e.message).toMatch(/^decodeState: not a palimpsest snapshot \(starts with [0-9a-f ]+, expected the magic "PLMPSNAP"\)$/);
    }
  });

  it('a truncated header and a truncated body', () => {
    expect(refused(good.subarray(0, 10)).message).toBe('decodeState: truncated: 10 bytes, shorter than the 24-byte header');
    const e = refused(good.subarray(0, good.length - 1));
    expect(e).toBeInstanceOf(CorruptSnapshotError);
    expect(e.message).toBe(`decodeState: truncated: the header announces ${good.length} bytes, got ${good.length - 1}`);
  });

  it('trailing bytes', () => {
    const longer = new Uint8Array(good.length + 2);
    longer.set(good);
    expect(refused(longer).message).toBe(`decodeState: 2 unexpected bytes after the ${good.length}-byte snapshot`);
  });

  it('a damaged body: checksum mismatch', () => {
    const bad = good.slice();
    bad[bad.length - 5]! ^= 0x10;
    const e = refused(bad);
    expect(e).toBeInstanceOf(CorruptSnapshotError);
    expect(e.message).toMatch(/^decodeState: checksum mismatch \(stored 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8}\): the snapshot is damaged$/);
  });

  it('a future format version, and version 0', () => {
    const future = good.slice();
    new DataView(future.buffer).setUint32(8, 2, true);
    const e = refused(future);
    expect(e).toBeInstanceOf(SnapshotVersionError);
    expect(e.message).toBe("decodeState: snapshot format version 2 is newer than this reader's 1; upgrade @palimpsest/persist to read it");
    const zero = good.slice();
    new DataView(zero.buffer).setUint32(8, 0, true);
    expect(refused(zero)).toBeInstanceOf(CorruptSnapshotError);
  });

  it('a correctly sealed body with a wrong file identifier or a dangling root offset', () => {
    const id = good.slice();
    id[SNAPSHOT_HEADER_BYTES + 4] = 0x58;
    expect(refused(reseal(id)).message).toBe('decodeState: malformed body: file identifier is not "PLMP"');
    const root = good.slice();
    new DataView(root.buffer).setUint32(SNAPSHOT_HEADER_BYTES, 0x7ffffff0, true);
    const e = refused(reseal(root));
    expect(e).toBeInstanceOf(CorruptSnapshotError);
    expect(e.message).toMatch(/^decodeState: malformed body: root table: vtable offset \(4 bytes at \d+\) lies outside the \d+-byte body$/);
  });

  it('input that is not bytes at all', () => {
    expect(() => decodeState('PLMPSNAP' as unknown as Uint8Array)).toThrow(InvalidArgumentError);
    expect(() => decodeState(null as unknown as Uint8Array)).toThrow(/^decodeState: expected a Uint8Array or ArrayBuffer, got null$/);
    expect(() => decodeState(good, null as never)).toThrow(/^decodeState: options must be an object$/);
  });
});

describe('encodeState refuses states it cannot store faithfully', () => {
  const cases: Array<[string, (s: MemoryState) => void, RegExp]> = [
    ['a lone surrogate', (s) => (s.strings.names = ['ok', 'bad\uD800']), /^encodeState: state\.strings\['names'\]\[1\] must be a well-formed string$/],
    ['a column of plain numbers', (s) => ((s.columns as Record<string, unknown>).x = [1, 2]), /^encodeState: state\.columns\['x'\] must be a Float64Array/],
    ['a BigInt64Array column', (s) => ((s.columns as Record<string, unknown>).x = new BigInt64Array(1)), /got BigInt64Array$/],
    ['an unknown predicate key', (s) => ((s.config.predicates[0] as Record<string, unknown>).decay = 2), /^encodeState: state\.config\.predicates\[0\] has a key 'decay'/],
    ['an infinite gate', (s) => (s.config.minConfidence = Infinity), /^encodeState: state\.config\.minConfidence must be a finite number/],
    ['a fractional format version', (s) => (s.formatVersion = 1.5), /^encodeState: state\.formatVersion must be an integer/],
  ];
  for (const [what, spoil, message] of cases) {
    it(what, () => {
      const s = sampleState();
      spoil(s);
      expect(() => encodeState(s)).toThrow(InvalidArgumentError);
      expect(() => encodeState(s)).toThrow(message);
    });
  }
});
