/**
 * Bounds-checked reads of a FlatBuffers snapshot body. The FlatBuffers JS runtime has no verifier, so the
 * decoder reads through this instead: every offset is checked before it is followed, and anything out of
 * place ends in CorruptSnapshotError.
 */
import { CorruptSnapshotError } from '@palimpsest/core';

export interface TableRef {
  pos: number;
  vt: number;
  vtSize: number;
  size: number;
  what: string;
}

// fatal: damaged UTF-8 is refused rather than replaced; ignoreBOM: a leading U+FEFF is data, not a mark.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bounds-checked reads of a FlatBuffers body: every offset is checked before it is followed. */
export class BodyReader {
  readonly dv: DataView;
  readonly len: number;

  constructor(
    readonly caller: string,
    readonly body: Uint8Array,
  ) {
    this.dv = new DataView(body.buffer, body.byteOffset, body.byteLength);
    this.len = body.length;
  }

  fail(what: string): never {
    throw new CorruptSnapshotError(`${this.caller}: malformed body: ${what}`);
  }

  private check(pos: number, size: number, what: string): void {
    if (!(pos >= 0 && pos + size <= this.len)) this.fail(`${what} (${size} bytes at ${pos}) lies outside the ${this.len}-byte body`);
  }

  u8(pos: number, what: string): number {
    this.check(pos, 1, what);
    return this.dv.getUint8(pos);
  }
  u16(pos: number, what: string): number {
    this.check(pos, 2, what);
    return this.dv.getUint16(pos, true);
  }
  u32(pos: number, what: string): number {
    this.check(pos, 4, what);
    return this.dv.getUint32(pos, true);
  }
  i32(pos: number, what: string): number {
    this.check(pos, 4, what);
    return this.dv.getInt32(pos, true);
  }
  f64(pos: number, what: string): number {
    this.check(pos, 8, what);
    return this.dv.getFloat64(pos, true);
  }

  table(pos: number, what: string): TableRef {
    const vt = pos - this.i32(pos, `${what}: vtable offset`);
    const vtSize = this.u16(vt, `${what}: vtable`);
    if (vtSize < 4 || (vtSize & 1) !== 0) this.fail(`${what}: vtable size ${vtSize} is invalid`);
    this.check(vt, vtSize, `${what}: vtable`);
    const size = this.u16(vt + 2, `${what}: vtable`);
    if (size < 4) this.fail(`${what}: table size ${size} is invalid`);
    this.check(pos, size, what);
    return { pos, vt, vtSize, size, what };
  }

  /** Absolute position of field `index` (of `size` bytes), or -1 when the field is absent. */
  field(t: TableRef, index: number, size: number): number {
    const slot = 4 + 2 * index;
    if (slot >= t.vtSize) return -1;
    const off = this.u16(t.vt + slot, `${t.what}: vtable`);
    if (off === 0) return -1;
    if (off < 4 || off + size > t.size) this.fail(`${t.what}: field ${index} runs past its table`);
    return t.pos + off;
  }

  /** Position an offset field points at, or -1 when absent. */
  ref(t: TableRef, index: number, what: string): number {
    const at = this.field(t, index, 4);
    if (at < 0) return -1;
    const target = at + this.u32(at, what);
    this.check(target, 4, what);
    return target;
  }

  /** A vector's element count and first element, checked to fit in the body. */
  vector(pos: number, elemSize: number, what: string): { start: number; count: number } {
    const count = this.u32(pos, `${what}: length`);
    const start = pos + 4;
    if (count * elemSize > this.len - start) this.fail(`${what}: ${count} elements of ${elemSize} bytes run past the end of the body`);
    return { start, count };
  }

  tables(pos: number, what: string): TableRef[] {
    const { start, count } = this.vector(pos, 4, what);
    const out: TableRef[] = [];
    for (let i = 0; i < count; i++) {
      const at = start + 4 * i;
      out.push(this.table(at + this.u32(at, what), `${what}[${i}]`));
    }
    return out;
  }

  string(pos: number, what: string): string {
    const { start, count } = this.vector(pos, 1, what);
    return this.utf8(start, count, what);
  }

  utf8(start: number, length: number, what: string): string {
    try {
      return decoder.decode(this.body.subarray(start, start + length));
    } catch {
      return this.fail(`${what} is not valid UTF-8`);
    }
  }

  requiredString(t: TableRef, index: number, what: string): string {
    const at = this.ref(t, index, what);
    if (at < 0) this.fail(`${what} is missing`);
    return this.string(at, what);
  }

  f64Field(t: TableRef, index: number, what: string): number {
    const at = this.field(t, index, 8);
    return at < 0 ? 0 : this.f64(at, what);
  }
  u32Field(t: TableRef, index: number, what: string): number {
    const at = this.field(t, index, 4);
    return at < 0 ? 0 : this.u32(at, what);
  }
  u8Field(t: TableRef, index: number, what: string): number {
    const at = this.field(t, index, 1);
    return at < 0 ? 0 : this.u8(at, what);
  }
  boolField(t: TableRef, index: number, what: string): boolean {
    const v = this.u8Field(t, index, what);
    if (v > 1) this.fail(`${what} is ${v}, not a boolean`);
    return v === 1;
  }
}
