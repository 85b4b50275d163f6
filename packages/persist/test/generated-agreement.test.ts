/**
 * The hand-written, bounds-checked reader and flatc's generated accessors read the same fields: a check
 * that the field numbers in snapshot-encode.ts and snapshot-decode.ts match schema/snapshot.fbs.
 */
import { ByteBuffer, Encoding } from 'flatbuffers';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeState, encodeState, SNAPSHOT_HEADER_BYTES } from '@palimpsest/persist';
import { DType, Snapshot } from '../src/generated/snapshot_generated.js';
import { rawBytes, stateArb } from './helpers.js';

// The flatbuffers runtime's own string accessor drops a leading U+FEFF; read the UTF-8 bytes instead.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const str = (raw: string | Uint8Array | null) => (raw === null ? null : typeof raw === 'string' ? raw : utf8.decode(raw));

const TAGS: Record<number, string> = { [DType.Float64]: 'Float64Array', [DType.Float32]: 'Float32Array', [DType.Int32]: 'Int32Array', [DType.Uint32]: 'Uint32Array', [DType.Uint8]: 'Uint8Array' };

describe('generated accessors agree with the verifying reader', () => {
  it('on random states', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        (state.config as unknown as Record<string, unknown>).extra = 'x';
        const bytes = encodeState(state);
        const decoded = decodeState(bytes);
        const bb = new ByteBuffer(bytes.subarray(SNAPSHOT_HEADER_BYTES));
        expect(Snapshot.bufferHasIdentifier(bb)).toBe(true);
        const root = Snapshot.getRootAsSnapshot(bb);
        expect(root.formatVersion()).toBe(1);
        expect(root.stateVersion()).toBe(decoded.formatVersion);
        const config = root.config()!;
        expect(config.minConfidence()).toBe(decoded.config.minConfidence);
        expect(config.dimensions()).toBe(decoded.config.dimensions);
        expect(config.hasLastRecordedAt() ? config.lastRecordedAt() : null).toBe(decoded.config.lastRecordedAt);
        expect(JSON.parse(str(config.extraJson(Encoding.UTF8_BYTES))!)).toEqual({ extra: 'x' });
        const predicates = Array.from({ length: config.predicatesLength() }, (_, i) => {
          const p = config.predicates(i)!;
          return { name: str(p.name(Encoding.UTF8_BYTES)), cardinality: p.one() ? 'one' : 'many', minConfidence: p.hasMinConfidence() ? p.minConfidence() : null };
        });
        expect(predicates).toEqual(decoded.config.predicates);
        const names: string[] = [];
        for (let i = 0; i < root.columnsLength(); i++) {
          const c = root.columns(i)!;
          const name = str(c.name(Encoding.UTF8_BYTES))!;
          const mine = decoded.columns[name]!;
          names.push(name);
          expect(Object.prototype.toString.call(mine)).toBe(`[object ${TAGS[c.dtype()]}]`);
          expect(Array.from(c.dataArray() ?? [])).toEqual(Array.from(rawBytes(mine)));
        }
        expect(names).toEqual(Object.keys(decoded.columns).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        for (let i = 0; i < root.stringsLength(); i++) {
          const s = root.strings(i)!;
          const list = decoded.strings[str(s.name(Encoding.UTF8_BYTES))!]!;
          expect(s.endsLength()).toBe(list.length);
          expect(utf8.decode(s.utf8Array() ?? new Uint8Array(0))).toBe(list.join(''));
        }
      }),
      { numRuns: 100, seed: 99 },
    );
  });
});
