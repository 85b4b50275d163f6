/**
 * MemoryState <-> snapshot bytes. Browser-safe: no Node built-ins.
 *
 * File layout (all integers little-endian):
 *
 *   offset  size  field
 *   0       8     magic "PLMPSNAP"
 *   8       4     format version (SNAPSHOT_FORMAT_VERSION)
 *   12      4     body length in bytes
 *   16      4     CRC-32 of the body
 *   20      4     reserved, zero
 *   24      n     body: a FlatBuffers buffer (schema/snapshot.fbs, file identifier "PLMP")
 *
 * The frame (magic, version, length, checksum) is checked before any FlatBuffers offset is followed, and
 * every offset the decoder then follows is bounds-checked by `BodyReader` (the FlatBuffers JS runtime has
 * no verifier), so damaged or hostile input ends in CorruptSnapshotError, never in another exception.
 */
import { Builder } from 'flatbuffers';
import { CorruptSnapshotError, InvalidArgumentError, SnapshotVersionError } from '@palimpsest/core';
import type { ColumnArray, MemoryState, StateConfig } from '@palimpsest/core';
import { isWellFormed } from '@palimpsest/core/internal';
import { Column, Config, DType, Predicate, Snapshot, StringList } from './generated/snapshot_generated.js';
import { crc32 } from './crc32.js';

/** The first eight bytes of every snapshot file. */
export const SNAPSHOT_MAGIC = 'PLMPSNAP';
/** The file format this reader and writer speak; a newer one is refused with SnapshotVersionError. */
export const SNAPSHOT_FORMAT_VERSION = 1;
/** Bytes before the FlatBuffers body (a multiple of 8, so the body's 8-byte alignment holds in the file). */
export const SNAPSHOT_HEADER_BYTES = 24;
/** FlatBuffers' single-buffer limit: offsets are 32-bit and buffers must stay below 2 GiB. */
export const MAX_BODY_BYTES = 0x7fffffff;

const FILE_IDENTIFIER = 'PLMP';
const KNOWN_CONFIG_KEYS = ['minConfidence', 'dimensions', 'predicates', 'lastRecordedAt'];
const PREDICATE_KEYS = new Set(['name', 'cardinality', 'minConfidence']);

type ColumnCtor =
  | Float64ArrayConstructor
  | Float32ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | Uint8ArrayConstructor;

interface DTypeInfo {
  dtype: DType;
  tag: string;
  size: number;
  ctor: ColumnCtor;
}

const DTYPES: DTypeInfo[] = [
  { dtype: DType.Float64, tag: 'Float64Array', size: 8, ctor: Float64Array },
  { dtype: DType.Float32, tag: 'Float32Array', size: 4, ctor: Float32Array },
  { dtype: DType.Int32, tag: 'Int32Array', size: 4, ctor: Int32Array },
  { dtype: DType.Uint32, tag: 'Uint32Array', size: 4, ctor: Uint32Array },
  { dtype: DType.Uint8, tag: 'Uint8Array', size: 1, ctor: Uint8Array },
];

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Options for decoding. */
export interface DecodeOptions {
  /**
   * Copy each column out of the input (true), or wrap it in place when it is 8-byte aligned and the
   * platform is little-endian (false). Wrapping saves a copy but the memory then owns `bytes`: the
   * engine closes versions in place, so later writes land in the caller's buffer. Use false only for
   * a buffer nobody else reads (loadSnapshot does this with the buffer it just read).
   * @default true
   */
  copy?: boolean;
}

// ---------------------------------------------------------------------------------------------- encode

interface EncodedColumn {
  name: Uint8Array;
  dtype: DType;
  bytes: Uint8Array;
}

interface EncodedStrings {
  name: Uint8Array;
  utf8: Uint8Array;
  ends: Uint8Array;
  count: number;
}

const encoder = new TextEncoder();

function byName(a: string, b: string): number {
  // Code-unit order, not localeCompare: the byte layout must not depend on the runtime's locale.
  return a < b ? -1 : a > b ? 1 : 0;
}

function typedArrayTag(value: unknown): string | undefined {
  // Symbol.toStringTag is the typed array's own kind, also across realms (workers, vm contexts).
  if (!ArrayBuffer.isView(value)) return undefined;
  return (value as unknown as { [Symbol.toStringTag]: string | undefined })[Symbol.toStringTag];
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

function leBytes(col: ColumnArray, size: number): Uint8Array {
  const view = new Uint8Array(col.buffer, col.byteOffset, col.byteLength);
  if (LITTLE_ENDIAN || size === 1) return view;
  // Big-endian hosts: swap each element into the file's little-endian order.
  const out = new Uint8Array(col.byteLength);
  for (let i = 0; i < out.length; i += size) for (let k = 0; k < size; k++) out[i + k] = view[i + size - 1 - k]!;
  return out;
}

function checkConfig(caller: string, config: unknown): asserts config is StateConfig {
  const bad = (what: string): never => {
    throw new InvalidArgumentError(`${caller}: state.config.${what}`);
  };
  if (!isPlainRecord(config)) throw new InvalidArgumentError(`${caller}: state.config must be an object`);
  if (typeof config.minConfidence !== 'number' || !Number.isFinite(config.minConfidence)) {
    bad(`minConfidence must be a finite number, got ${String(config.minConfidence)}`);
  }
  const d = config.dimensions;
  if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 0xffffffff) {
    bad(`dimensions must be an integer in [0, 2^32), got ${String(d)}`);
  }
  if (config.lastRecordedAt !== null && (typeof config.lastRecordedAt !== 'number' || !Number.isFinite(config.lastRecordedAt))) {
    bad(`lastRecordedAt must be a finite number or null, got ${String(config.lastRecordedAt)}`);
  }
  if (!Array.isArray(config.predicates)) bad('predicates must be an array');
  (config.predicates as unknown[]).forEach((p, i) => {
    if (!isPlainRecord(p)) return bad(`predicates[${i}] must be an object`);
    for (const key of Object.keys(p)) {
      if (!PREDICATE_KEYS.has(key)) bad(`predicates[${i}] has a key '${key}' this snapshot format cannot store`);
    }
    if (typeof p.name !== 'string' || !isWellFormed(p.name)) bad(`predicates[${i}].name must be a well-formed string`);
    if (p.cardinality !== 'one' && p.cardinality !== 'many') bad(`predicates[${i}].cardinality must be 'one' or 'many'`);
    if (p.minConfidence !== null && (typeof p.minConfidence !== 'number' || !Number.isFinite(p.minConfidence))) {
      bad(`predicates[${i}].minConfidence must be a finite number or null`);
    }
  });
}

/** Upper bound on the bytes of one table of this schema (at most 6 fields) and its vtable, padding included. If a bound is short the builder just grows (one extra copy); the output is the same. */
const TABLE_BOUND = 64;
/** Upper bound on a vector's or string's length prefix, terminator and alignment padding. */
const VECTOR_BOUND = 16;

/** `checksum` lets the Node entry pass zlib's native CRC-32 (same values, a few times faster). */
export function encodeStateAs(caller: string, state: MemoryState, checksum: (bytes: Uint8Array) => number = crc32): Uint8Array {
  if (!isPlainRecord(state)) throw new InvalidArgumentError(`${caller}: state must be an object`);
  const fv = state.formatVersion;
  if (typeof fv !== 'number' || !Number.isInteger(fv) || fv < 0 || fv > 0xffffffff) {
    throw new InvalidArgumentError(`${caller}: state.formatVersion must be an integer in [0, 2^32), got ${String(fv)}`);
  }
  checkConfig(caller, state.config);
  if (!isPlainRecord(state.columns)) throw new InvalidArgumentError(`${caller}: state.columns must be an object`);
  if (!isPlainRecord(state.strings)) throw new InvalidArgumentError(`${caller}: state.strings must be an object`);

  let bound = TABLE_BOUND * 2 + VECTOR_BOUND * 4; // root, config, the two top-level vectors
  const columns: EncodedColumn[] = [];
  for (const name of Object.keys(state.columns).sort(byName)) {
    const col: unknown = state.columns[name];
    const tag = typedArrayTag(col);
    const info = DTYPES.find((d) => d.tag === tag);
    if (!info) {
      throw new InvalidArgumentError(
        `${caller}: state.columns['${name}'] must be a Float64Array, Float32Array, Int32Array, Uint32Array or Uint8Array, got ${tag ?? typeof col}`,
      );
    }
    if (!isWellFormed(name)) throw new InvalidArgumentError(`${caller}: column name '${name}' is not well-formed UTF-16`);
    const nameUtf8 = encoder.encode(name);
    const array = col as ColumnArray;
    bound += TABLE_BOUND + 2 * VECTOR_BOUND + nameUtf8.length + array.byteLength + 4;
    // Only views here; the bytes are copied once, into the builder, after the size check.
    columns.push({ name: nameUtf8, dtype: info.dtype, bytes: array.byteLength > 0 ? leBytes(array, info.size) : new Uint8Array(0) });
  }
  const lists: Array<{ name: Uint8Array; list: string[]; ends: Uint32Array; bytes: number }> = [];
  for (const name of Object.keys(state.strings).sort(byName)) {
    const list: unknown = state.strings[name];
    if (!Array.isArray(list)) throw new InvalidArgumentError(`${caller}: state.strings['${name}'] must be an array of strings`);
    if (!isWellFormed(name)) throw new InvalidArgumentError(`${caller}: string list name '${name}' is not well-formed UTF-16`);
    const ends = new Uint32Array(list.length);
    let total = 0;
    let bytes = 0;
    let previous: string | undefined;
    let previousBytes = 0;
    for (let i = 0; i < list.length; i++) {
      const s: unknown = list[i];
      // A lone surrogate has no UTF-8 form: it would come back as U+FFFD, so refuse rather than alter it.
      if (typeof s !== 'string' || !isWellFormed(s)) {
        throw new InvalidArgumentError(`${caller}: state.strings['${name}'][${i}] must be a well-formed string`);
      }
      total += s.length;
      if (total > 0xffffffff) throw new InvalidArgumentError(`${caller}: state.strings['${name}'] exceeds 2^32 code units`);
      ends[i] = total;
      // Exact UTF-8 size, counted without encoding (a repeated string is counted once).
      if (s !== previous) {
        previous = s;
        previousBytes = utf8Length(s);
      }
      bytes += previousBytes;
      // Stop counting once the limit is certainly passed: the refusal below names a lower bound.
      if (bound + bytes > MAX_BODY_BYTES) throw tooLarge(caller, bound + bytes, 'at least');
    }
    const nameUtf8 = encoder.encode(name);
    bound += TABLE_BOUND + 3 * VECTOR_BOUND + nameUtf8.length + bytes + ends.byteLength + 4;
    lists.push({ name: nameUtf8, list: list as string[], ends, bytes });
  }
  const config = state.config;
  const extraKeys = Object.keys(config).filter((k) => !KNOWN_CONFIG_KEYS.includes(k)).sort(byName);
  let extraJson: string | null = null;
  if (extraKeys.length > 0) {
    const extra: Record<string, unknown> = {};
    for (const k of extraKeys) extra[k] = (config as unknown as Record<string, unknown>)[k];
    try {
      extraJson = JSON.stringify(extra);
    } catch (e) {
      throw new InvalidArgumentError(`${caller}: state.config is not JSON-serialisable (${(e as Error).message})`);
    }
    bound += VECTOR_BOUND + 3 * extraJson.length;
  }
  for (const p of config.predicates) bound += TABLE_BOUND + VECTOR_BOUND + 3 * p.name.length + 4;

  if (bound > MAX_BODY_BYTES) throw tooLarge(caller, bound);
  // Only now, with the size known to fit, is any string encoded: each dictionary straight into one
  // buffer of its exact size, never joined into one string (V8 caps strings near 2^29 code units).
  const strings: EncodedStrings[] = lists.map((l) => ({
    name: l.name,
    utf8: encodeList(l.list, l.bytes),
    ends: leBytes(l.ends, 4),
    count: l.list.length,
  }));

  // One allocation sized to the bound (a multiple of 8, so the builder's end-relative alignment is also
  // absolute), with room for the header in front: the file is a view of the builder's buffer, no copy.
  const capacity = Math.ceil((SNAPSHOT_HEADER_BYTES + bound) / 8) * 8;
  const b = new Builder(capacity);
  try {
    const columnOffsets = columns.map((c) => {
      const nameOffset = b.createString(c.name);
      b.prep(8, c.bytes.length); // 8-byte aligned data, so a decoder may wrap a Float64Array in place
      const dataOffset = b.createByteVector(c.bytes);
      return Column.createColumn(b, nameOffset, c.dtype, dataOffset);
    });
    const stringOffsets = strings.map((s) => {
      const nameOffset = b.createString(s.name);
      const utf8Offset = b.createByteVector(s.utf8);
      b.prep(4, s.ends.length);
      const endsOffset = b.createByteVector(s.ends);
      // createByteVector wrote the byte count; a [uint32] vector's prefix is its element count.
      b.dataBuffer().writeUint32(b.dataBuffer().capacity() - endsOffset, s.count);
      return StringList.createStringList(b, nameOffset, utf8Offset, endsOffset);
    });
    const predicateOffsets = config.predicates.map((p) =>
      Predicate.createPredicate(b, b.createString(p.name), p.cardinality === 'one', p.minConfidence ?? 0, p.minConfidence !== null),
    );
    const configOffset = Config.createConfig(
      b,
      config.minConfidence,
      config.dimensions,
      Config.createPredicatesVector(b, predicateOffsets),
      config.lastRecordedAt ?? 0,
      config.lastRecordedAt !== null,
      extraJson === null ? 0 : b.createString(extraJson),
    );
    const columnsVector = Snapshot.createColumnsVector(b, columnOffsets);
    const stringsVector = Snapshot.createStringsVector(b, stringOffsets);
    Snapshot.startSnapshot(b);
    Snapshot.addFormatVersion(b, SNAPSHOT_FORMAT_VERSION);
    Snapshot.addStateVersion(b, fv);
    Snapshot.addConfig(b, configOffset);
    Snapshot.addColumns(b, columnsVector);
    Snapshot.addStrings(b, stringsVector);
    const root = Snapshot.endSnapshot(b);
    Snapshot.finishSnapshotBuffer(b, root);
  } catch (e) {
    // Only reachable if the bound was too small and the builder had to grow past its own limit.
    if (e instanceof Error && /2 gigabytes/.test(e.message)) throw tooLarge(caller, bound);
    throw e;
  }
  const bb = b.dataBuffer();
  const all = bb.bytes();
  const start = bb.position();
  const bodyLength = all.length - start;
  if (bodyLength > MAX_BODY_BYTES) throw tooLarge(caller, bodyLength);
  let file: Uint8Array;
  const slack = start - SNAPSHOT_HEADER_BYTES;
  // Hand out a view of the builder's buffer unless the size bound's slack in front of it is a noticeable
  // share (small files): then one small copy gives an exact buffer.
  if (slack >= 0 && slack * 16 <= all.length) {
    file = all.subarray(slack);
  } else {
    file = new Uint8Array(SNAPSHOT_HEADER_BYTES + bodyLength);
    file.set(all.subarray(start), SNAPSHOT_HEADER_BYTES);
  }
  const header = new DataView(file.buffer, file.byteOffset, SNAPSHOT_HEADER_BYTES);
  for (let i = 0; i < 8; i++) header.setUint8(i, SNAPSHOT_MAGIC.charCodeAt(i));
  header.setUint32(8, SNAPSHOT_FORMAT_VERSION, true);
  header.setUint32(12, bodyLength, true);
  header.setUint32(16, checksum(file.subarray(SNAPSHOT_HEADER_BYTES)), true);
  header.setUint32(20, 0, true);
  return file;
}

/** UTF-8 length of a well-formed string. */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if ((c & 0xfc00) === 0xd800) {
      n += 2; // a surrogate pair: 4 bytes for its 2 units
      i++;
    } else n += 2;
  }
  return n;
}

/** The strings' UTF-8, concatenated, in one buffer of `bytes` bytes (encodeInto views stay small). */
function encodeList(list: readonly string[], bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let at = 0;
  for (const s of list) {
    const { read, written } = encoder.encodeInto(s, out.subarray(at, Math.min(bytes, at + 3 * s.length)));
    if (read !== s.length) throw new Error(`encodeList: encoded ${read} of ${s.length} code units`);
    at += written;
  }
  if (at !== bytes) throw new Error(`encodeList: wrote ${at} of ${bytes} bytes`);
  return out;
}

function tooLarge(caller: string, bytes: number, estimate: 'about' | 'at least' = 'about'): InvalidArgumentError {
  const gib = (bytes / 2 ** 30).toFixed(2);
  return new InvalidArgumentError(
    `${caller}: the snapshot body would need ${estimate} ${bytes} bytes (${gib} GiB), past FlatBuffers' single-buffer limit of ${MAX_BODY_BYTES} bytes (2 GiB); ` +
      'keep the operation log (writeLog) for a memory this large, or split it',
  );
}

// ---------------------------------------------------------------------------------------------- decode

interface TableRef {
  pos: number;
  vt: number;
  vtSize: number;
  size: number;
  what: string;
}

/** Bounds-checked reads of a FlatBuffers body: every offset is checked before it is followed. */
class BodyReader {
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

// fatal: damaged UTF-8 is refused rather than replaced; ignoreBOM: a leading U+FEFF is data, not a mark.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function hexPrefix(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 8), (x) => x.toString(16).padStart(2, '0')).join(' ');
}

/** Checks the frame and returns the body. Throws CorruptSnapshotError / SnapshotVersionError. */
function checkFrame(caller: string, bytes: Uint8Array, checksum: (bytes: Uint8Array) => number): Uint8Array {
  const n = bytes.length;
  if (n === 0) throw new CorruptSnapshotError(`${caller}: empty input (0 bytes) is not a palimpsest snapshot`);
  for (let i = 0; i < Math.min(8, n); i++) {
    if (bytes[i] !== SNAPSHOT_MAGIC.charCodeAt(i)) {
      throw new CorruptSnapshotError(
        `${caller}: not a palimpsest snapshot (starts with ${hexPrefix(bytes)}, expected the magic "${SNAPSHOT_MAGIC}")`,
      );
    }
  }
  if (n < SNAPSHOT_HEADER_BYTES) {
    throw new CorruptSnapshotError(`${caller}: truncated: ${n} bytes, shorter than the ${SNAPSHOT_HEADER_BYTES}-byte header`);
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset, SNAPSHOT_HEADER_BYTES);
  const version = dv.getUint32(8, true);
  if (version === 0) throw new CorruptSnapshotError(`${caller}: damaged header: format version 0`);
  if (version > SNAPSHOT_FORMAT_VERSION) {
    throw new SnapshotVersionError(
      `${caller}: snapshot format version ${version} is newer than this reader's ${SNAPSHOT_FORMAT_VERSION}; upgrade @palimpsest/persist to read it`,
    );
  }
  const bodyLength = dv.getUint32(12, true);
  const stored = dv.getUint32(16, true);
  if (dv.getUint32(20, true) !== 0) throw new CorruptSnapshotError(`${caller}: damaged header: reserved bytes 20..24 are not zero`);
  const expected = SNAPSHOT_HEADER_BYTES + bodyLength;
  if (n < expected) throw new CorruptSnapshotError(`${caller}: truncated: the header announces ${expected} bytes, got ${n}`);
  if (n > expected) throw new CorruptSnapshotError(`${caller}: ${n - expected} unexpected bytes after the ${expected}-byte snapshot`);
  if (bodyLength < 8) throw new CorruptSnapshotError(`${caller}: damaged header: body length ${bodyLength} is too small`);
  const body = bytes.subarray(SNAPSHOT_HEADER_BYTES);
  const computed = checksum(body);
  if (computed !== stored) {
    throw new CorruptSnapshotError(
      `${caller}: checksum mismatch (stored 0x${stored.toString(16).padStart(8, '0')}, computed 0x${computed.toString(16).padStart(8, '0')}): the snapshot is damaged`,
    );
  }
  return body;
}

function defineOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // defineProperty, not assignment: a column named "__proto__" must stay a column.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function readColumn(r: BodyReader, t: TableRef, copy: boolean): [string, ColumnArray] {
  const name = r.requiredString(t, 0, `${t.what}.name`);
  const dtype = r.u8Field(t, 1, `column '${name}' dtype`);
  const info = DTYPES.find((d) => d.dtype === dtype);
  if (!info) r.fail(`column '${name}' has unknown element type ${dtype}`);
  const at = r.ref(t, 2, `column '${name}' data`);
  const { start, count: byteLength } = at < 0 ? { start: 0, count: 0 } : r.vector(at, 1, `column '${name}' data`);
  if (byteLength % info.size !== 0) r.fail(`column '${name}': ${byteLength} bytes is not a whole number of ${info.tag} elements`);
  const length = byteLength / info.size;
  const abs = r.body.byteOffset + start;
  if (length === 0) return [name, new info.ctor(0)];
  if (LITTLE_ENDIAN) {
    // ArrayBuffer or SharedArrayBuffer alike: both have slice and both back a typed array.
    const buffer = r.body.buffer as ArrayBuffer;
    if (!copy && abs % info.size === 0) return [name, new info.ctor(buffer, abs, length)];
    return [name, new info.ctor(buffer.slice(abs, abs + byteLength))];
  }
  const out = new info.ctor(length);
  const bytesOut = new Uint8Array(out.buffer);
  for (let i = 0; i < byteLength; i += info.size) {
    for (let k = 0; k < info.size; k++) bytesOut[i + k] = r.body[start + i + info.size - 1 - k]!;
  }
  return [name, out];
}

/** Dictionaries up to this many bytes decode as one string; larger ones in pieces (V8 caps strings near 2^29 units). */
let ONE_STRING_BYTES = 1 << 28;
/** Bytes decoded per piece. */
let PIECE_BYTES = 1 << 26;

/** @internal For tests: small thresholds exercise the piecewise decoder on small inputs. Returns the old values. */
export function setDictionaryPieceBytes(oneString: number, piece: number): [number, number] {
  const old: [number, number] = [ONE_STRING_BYTES, PIECE_BYTES];
  ONE_STRING_BYTES = oneString;
  PIECE_BYTES = piece;
  return old;
}

function readStrings(r: BodyReader, t: TableRef): [string, string[]] {
  const name = r.requiredString(t, 0, `${t.what}.name`);
  const what = `string list '${name}'`;
  const utf8At = r.ref(t, 1, `${what} text`);
  const { start: textStart, count: textBytes } = utf8At < 0 ? { start: 0, count: 0 } : r.vector(utf8At, 1, `${what} text`);
  const endsAt = r.ref(t, 2, `${what} ends`);
  const { start, count } = endsAt < 0 ? { start: 0, count: 0 } : r.vector(endsAt, 4, `${what} ends`);
  const endAt = (i: number) => r.dv.getUint32(start + 4 * i, true);
  if (textBytes > ONE_STRING_BYTES) return [name, readStringsInPieces(r, what, textStart, textBytes, count, endAt)];
  const text = r.utf8(textStart, textBytes, `${what} text`);
  const out: string[] = [];
  let prev = 0;
  for (let i = 0; i < count; i++) {
    const end = endAt(i);
    if (end < prev || end > text.length) r.fail(`${what}: entry ${i} ends at ${end}, outside ${prev}..${text.length}`);
    // The text is well-formed, so only a boundary inside a surrogate pair could make an entry ill-formed.
    if ((text.charCodeAt(end - 1) & 0xfc00) === 0xd800 && (text.charCodeAt(end) & 0xfc00) === 0xdc00) {
      r.fail(`${what}: entry ${i} ends inside a surrogate pair`);
    }
    out.push(text.substring(prev, end));
    prev = end;
  }
  if (prev !== text.length) r.fail(`${what}: entries cover ${prev} of ${text.length} code units`);
  return [name, out];
}

/**
 * A dictionary too large for one JavaScript string: decoded in 64 MiB pieces by a streaming decoder
 * (which carries a character split across pieces), each entry cut from the pieces it spans. Same checks.
 */
function readStringsInPieces(r: BodyReader, what: string, textStart: number, textBytes: number, count: number, endAt: (i: number) => number): string[] {
  const stream = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let piece = '';
  let pieceBase = 0; // code-unit offset of piece[0] in the whole text
  let bytePos = 0;
  const nextPiece = (): boolean => {
    if (bytePos >= textBytes) return false;
    const to = Math.min(textBytes, bytePos + PIECE_BYTES);
    try {
      pieceBase += piece.length;
      piece = stream.decode(r.body.subarray(textStart + bytePos, textStart + to), { stream: to < textBytes });
    } catch {
      r.fail(`${what} text is not valid UTF-8`);
    }
    bytePos = to;
    return true;
  };
  nextPiece();
  const out: string[] = [];
  let prev = 0;
  let lastUnit = -1;
  for (let i = 0; i < count; i++) {
    const end = endAt(i);
    if (end < prev) r.fail(`${what}: entry ${i} ends at ${end}, before ${prev}`);
    const parts: string[] = [];
    let from = prev;
    while (end > pieceBase + piece.length) {
      parts.push(piece.substring(from - pieceBase));
      from = pieceBase + piece.length;
      if (!nextPiece()) r.fail(`${what}: entry ${i} ends at ${end}, past the end of the text`);
    }
    parts.push(piece.substring(from - pieceBase, end - pieceBase));
    const entry = parts.length === 1 ? parts[0]! : parts.join('');
    if (entry.length > 0 && (entry.charCodeAt(0) & 0xfc00) === 0xdc00 && (lastUnit & 0xfc00) === 0xd800) {
      r.fail(`${what}: entry ${i - 1} ends inside a surrogate pair`);
    }
    if (entry.length > 0) lastUnit = entry.charCodeAt(entry.length - 1);
    out.push(entry);
    prev = end;
  }
  // Whatever the entries do not cover must not exist.
  if (prev !== pieceBase + piece.length || nextPiece()) r.fail(`${what}: entries cover ${prev} code units, not the whole text`);
  return out;
}

function readConfig(r: BodyReader, t: TableRef): StateConfig {
  const minConfidence = r.f64Field(t, 0, 'config.min_confidence');
  const dimensions = r.u32Field(t, 1, 'config.dimensions');
  const predAt = r.ref(t, 2, 'config.predicates');
  const predicates: StateConfig['predicates'] = (predAt < 0 ? [] : r.tables(predAt, 'config.predicates')).map((p) => {
    const name = r.requiredString(p, 0, `${p.what}.name`);
    const one = r.boolField(p, 1, `${p.what}.one`);
    const min = r.f64Field(p, 2, `${p.what}.min_confidence`);
    const hasMin = r.boolField(p, 3, `${p.what}.has_min_confidence`);
    if (!Number.isFinite(min)) r.fail(`${p.what}.min_confidence is ${min}`);
    return { name, cardinality: one ? 'one' : 'many', minConfidence: hasMin ? min : null };
  });
  const last = r.f64Field(t, 3, 'config.last_recorded_at');
  const hasLast = r.boolField(t, 4, 'config.has_last_recorded_at');
  if (!Number.isFinite(minConfidence)) r.fail(`config.min_confidence is ${minConfidence}`);
  if (!Number.isFinite(last)) r.fail(`config.last_recorded_at is ${last}`);
  const config: StateConfig = { minConfidence, dimensions, predicates, lastRecordedAt: hasLast ? last : null };
  const extraAt = r.ref(t, 5, 'config.extra_json');
  if (extraAt >= 0) {
    const json = r.string(extraAt, 'config.extra_json');
    let extra: unknown;
    try {
      extra = JSON.parse(json);
    } catch {
      r.fail('config.extra_json is not valid JSON');
    }
    if (!isPlainRecord(extra)) r.fail('config.extra_json is not a JSON object');
    for (const [k, v] of Object.entries(extra)) {
      if (KNOWN_CONFIG_KEYS.includes(k)) r.fail(`config.extra_json repeats the key '${k}'`);
      defineOwn(config as unknown as Record<string, unknown>, k, v);
    }
  }
  return config;
}

export function toBytes(caller: string, bytes: unknown): Uint8Array {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  throw new InvalidArgumentError(`${caller}: expected a Uint8Array or ArrayBuffer, got ${bytes === null ? 'null' : typeof bytes}`);
}

export function decodeStateAs(
  caller: string,
  input: Uint8Array | ArrayBuffer,
  options: DecodeOptions = {},
  checksum: (bytes: Uint8Array) => number = crc32,
): MemoryState {
  const bytes = toBytes(caller, input);
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${caller}: options must be an object`);
  const copy = options.copy ?? true;
  try {
    const body = checkFrame(caller, bytes, checksum);
    const r = new BodyReader(caller, body);
    for (let i = 0; i < 4; i++) {
      if (r.u8(4 + i, 'file identifier') !== FILE_IDENTIFIER.charCodeAt(i)) r.fail(`file identifier is not "${FILE_IDENTIFIER}"`);
    }
    const root = r.table(r.u32(0, 'root offset'), 'root table');
    const formatVersion = r.u32Field(root, 0, 'format_version');
    if (formatVersion !== SNAPSHOT_FORMAT_VERSION) r.fail(`body format version ${formatVersion} differs from the header's ${SNAPSHOT_FORMAT_VERSION}`);
    const stateVersion = r.u32Field(root, 1, 'state_version');
    const configAt = r.ref(root, 2, 'config');
    if (configAt < 0) r.fail('config is missing');
    const config = readConfig(r, r.table(configAt, 'config'));
    const columns: Record<string, ColumnArray> = {};
    const columnsAt = r.ref(root, 3, 'columns');
    for (const t of columnsAt < 0 ? [] : r.tables(columnsAt, 'columns')) {
      const [name, array] = readColumn(r, t, copy);
      if (Object.prototype.hasOwnProperty.call(columns, name)) r.fail(`column '${name}' appears twice`);
      defineOwn(columns, name, array);
    }
    const strings: Record<string, string[]> = {};
    const stringsAt = r.ref(root, 4, 'strings');
    for (const t of stringsAt < 0 ? [] : r.tables(stringsAt, 'strings')) {
      const [name, list] = readStrings(r, t);
      if (Object.prototype.hasOwnProperty.call(strings, name)) r.fail(`string list '${name}' appears twice`);
      defineOwn(strings, name, list);
    }
    return { formatVersion: stateVersion, config, columns, strings };
  } catch (e) {
    if (e instanceof CorruptSnapshotError || e instanceof SnapshotVersionError) throw e;
    // Defence in depth: whatever slipped past the checks above still ends as a named error.
    const err = new CorruptSnapshotError(`${caller}: malformed snapshot (${e instanceof Error ? e.message : String(e)})`);
    err.cause = e;
    throw err;
  }
}

/** Encodes a MemoryState into snapshot bytes. The same state always gives the same bytes. */
export function encodeState(state: MemoryState): Uint8Array {
  return encodeStateAs('encodeState', state);
}

/** Decodes snapshot bytes into a MemoryState, checking the frame, the checksum and every offset. */
export function decodeState(bytes: Uint8Array | ArrayBuffer, options?: DecodeOptions): MemoryState {
  return decodeStateAs('decodeState', bytes, options);
}
