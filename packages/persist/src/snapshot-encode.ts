/**
 * MemoryState -> snapshot bytes: the state is checked and its body size bounded before anything is
 * encoded, then built in one FlatBuffers buffer with room for the frame in front (snapshot-frame.ts).
 * Browser-safe: no Node built-ins.
 */
import { Builder } from 'flatbuffers';
import type { Offset } from 'flatbuffers';
import { InvalidArgumentError } from '@palimpsest/core';
import type { ColumnArray, MemoryState, StateConfig } from '@palimpsest/core';
import { isWellFormed } from '@palimpsest/core/internal';
import type { ColumnWriter, SnapshotSource } from '@palimpsest/core/internal';
import { Column, Config, DType, Predicate, Snapshot, StringList } from './generated/snapshot_generated.js';
import { fastCrc32 } from './crc32.js';
import { frameBody, MAX_BODY_BYTES, SNAPSHOT_FORMAT_VERSION, SNAPSHOT_HEADER_BYTES, tooLarge } from './snapshot-frame.js';
import { DTYPES, isPlainRecord, KNOWN_CONFIG_KEYS, LITTLE_ENDIAN } from './snapshot-schema.js';
import type { DTypeInfo } from './snapshot-schema.js';
import { vectorInPlace, writeList, writeListEnds } from './snapshot-encode-strings.js';

const PREDICATE_KEYS = new Set(['name', 'cardinality', 'minConfidence']);

/** A column checked: its bytes as a little-endian view, or a writer that puts its values into the output. */
interface EncodedColumn {
  name: Uint8Array;
  dtype: DType;
  bytes: Uint8Array | { info: DTypeInfo; writer: ColumnWriter };
}

/** A string list checked and measured (its exact UTF-8 size), written straight into the output. */
interface MeasuredList {
  name: Uint8Array;
  list: readonly string[];
  bytes: number;
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

/**
 * `writers`: the state is core's snapshot source of a live memory (views and column writers, read here at once),
 * not a caller's MemoryState, whose columns must be typed arrays.
 */
export function encodeStateAs(caller: string, state: MemoryState | SnapshotSource, writers = false): Uint8Array {
  if (!isPlainRecord(state)) throw new InvalidArgumentError(`${caller}: state must be an object`);
  const fv = state.formatVersion;
  if (typeof fv !== 'number' || !Number.isInteger(fv) || fv < 0 || fv > 0xffffffff) {
    throw new InvalidArgumentError(`${caller}: state.formatVersion must be an integer in [0, 2^32), got ${String(fv)}`);
  }
  checkConfig(caller, state.config);
  if (!isPlainRecord(state.columns)) throw new InvalidArgumentError(`${caller}: state.columns must be an object`);
  if (!isPlainRecord(state.strings)) throw new InvalidArgumentError(`${caller}: state.strings must be an object`);

  let bound = TABLE_BOUND * 2 + VECTOR_BOUND * 4; // root, config, the two top-level vectors
  const columns = measureColumns(caller, state.columns, writers);
  bound += columns.bound;
  const lists = measureLists(caller, state.strings, bound);
  bound = lists.bound;
  const config = state.config;
  const extraJson = extraConfigJson(caller, config);
  if (extraJson !== null) bound += VECTOR_BOUND + 3 * extraJson.length;
  for (const p of config.predicates) bound += TABLE_BOUND + VECTOR_BOUND + 3 * p.name.length + 4;

  if (bound > MAX_BODY_BYTES) throw tooLarge(caller, bound);

  // One allocation sized to the bound (a multiple of 8, so the builder's end-relative alignment is also
  // absolute), with room for the header in front: the file is a view of the builder's buffer, no copy.
  const capacity = Math.ceil((SNAPSHOT_HEADER_BYTES + bound) / 8) * 8;
  const b = new Builder(capacity);
  try {
    // Only now, with the size known to fit, is any string encoded: straight into the output, never joined
    // into one string (V8 caps strings near 2^29 code units) nor into a UTF-8 copy beside it.
    buildBody(b, fv, config, extraJson, columns.columns, lists.lists);
  } catch (e) {
    // Only reachable if the bound was too small and the builder had to grow past its own limit.
    if (e instanceof Error && /2 gigabytes/.test(e.message)) throw tooLarge(caller, bound);
    throw e;
  }
  const bb = b.dataBuffer();
  return frameBody(caller, bb.bytes(), bb.position(), fastCrc32);
}

/** A column writer of a snapshot source (core's snapshot-source.ts), else undefined. */
function asWriter(value: unknown): ColumnWriter | undefined {
  if (!isPlainRecord(value) || typeof value.write !== 'function') return undefined;
  const length = value.length;
  return typeof length === 'number' && Number.isSafeInteger(length) && length >= 0 ? (value as unknown as ColumnWriter) : undefined;
}

/** The columns in name order, checked, as little-endian views or writers (copied once, into the builder), and their size bound. */
function measureColumns(caller: string, input: Record<string, unknown>, writers: boolean): { columns: EncodedColumn[]; bound: number } {
  let bound = 0;
  const columns: EncodedColumn[] = [];
  for (const name of Object.keys(input).sort(byName)) {
    const col: unknown = input[name];
    const writer = writers ? asWriter(col) : undefined;
    const tag = writer?.tag ?? typedArrayTag(col);
    const info = DTYPES.find((d) => d.tag === tag);
    if (!info) {
      throw new InvalidArgumentError(
        `${caller}: state.columns['${name}'] must be a Float64Array, Float32Array, Int32Array, Uint32Array or Uint8Array, got ${tag ?? typeof col}`,
      );
    }
    if (!isWellFormed(name)) throw new InvalidArgumentError(`${caller}: column name '${name}' is not well-formed UTF-16`);
    const nameUtf8 = encoder.encode(name);
    if (writer !== undefined) {
      bound += TABLE_BOUND + 2 * VECTOR_BOUND + nameUtf8.length + writer.length * info.size + 4;
      columns.push({ name: nameUtf8, dtype: info.dtype, bytes: { info, writer } });
      continue;
    }
    const array = col as ColumnArray;
    bound += TABLE_BOUND + 2 * VECTOR_BOUND + nameUtf8.length + array.byteLength + 4;
    // Only views here; the bytes are copied once, into the builder, after the size check.
    columns.push({ name: nameUtf8, dtype: info.dtype, bytes: array.byteLength > 0 ? leBytes(array, info.size) : new Uint8Array(0) });
  }
  return { columns, bound };
}

/**
 * The string lists in name order, checked and measured (exact UTF-8 size, counted without encoding), with
 * the size bound grown from `bound`; refuses as soon as the body certainly passes the limit.
 */
function measureLists(caller: string, input: Record<string, unknown>, bound: number): { lists: MeasuredList[]; bound: number } {
  const lists: MeasuredList[] = [];
  for (const name of Object.keys(input).sort(byName)) {
    const list: unknown = input[name];
    if (!Array.isArray(list)) throw new InvalidArgumentError(`${caller}: state.strings['${name}'] must be an array of strings`);
    if (!isWellFormed(name)) throw new InvalidArgumentError(`${caller}: string list name '${name}' is not well-formed UTF-16`);
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
    bound += TABLE_BOUND + 3 * VECTOR_BOUND + nameUtf8.length + bytes + 4 * list.length + 4;
    lists.push({ name: nameUtf8, list: list as string[], bytes });
  }
  return { lists, bound };
}

/** Config keys beyond the schema's own fields, as one JSON object in key order, or null when there are none. */
function extraConfigJson(caller: string, config: StateConfig): string | null {
  const extraKeys = Object.keys(config).filter((k) => !KNOWN_CONFIG_KEYS.includes(k)).sort(byName);
  if (extraKeys.length === 0) return null;
  const extra: Record<string, unknown> = {};
  for (const k of extraKeys) extra[k] = (config as unknown as Record<string, unknown>)[k];
  try {
    return JSON.stringify(extra);
  } catch (e) {
    throw new InvalidArgumentError(`${caller}: state.config is not JSON-serialisable (${(e as Error).message})`);
  }
}

/** Builds the FlatBuffers body (schema/snapshot.fbs) into `b`, children before the tables that point at them. */
function buildBody(b: Builder, stateVersion: number, config: StateConfig, extraJson: string | null, columns: EncodedColumn[], strings: MeasuredList[]): void {
  const columnOffsets = columns.map((c) => {
    const nameOffset = b.createString(c.name);
    const dataOffset = columnVector(b, c.bytes);
    return Column.createColumn(b, nameOffset, c.dtype, dataOffset);
  });
  const stringOffsets = strings.map((s) => {
    const nameOffset = b.createString(s.name);
    const utf8Offset = vectorInPlace(b, s.bytes, (out, at) => writeList(s.list, out, at));
    b.prep(4, 4 * s.list.length);
    const endsOffset = vectorInPlace(b, 4 * s.list.length, (out, at) => writeListEnds(s.list, out, at));
    // the vector's prefix holds its byte count; a [uint32] vector's prefix is its element count.
    b.dataBuffer().writeUint32(b.dataBuffer().capacity() - endsOffset, s.list.length);
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
  Snapshot.addStateVersion(b, stateVersion);
  Snapshot.addConfig(b, configOffset);
  Snapshot.addColumns(b, columnsVector);
  Snapshot.addStrings(b, stringsVector);
  const root = Snapshot.endSnapshot(b);
  Snapshot.finishSnapshotBuffer(b, root);
}

/** A column's data vector, 8-byte aligned (a decoder may wrap a Float64Array in place): copied from its view, or written by its writer. */
function columnVector(b: Builder, bytes: EncodedColumn['bytes']): Offset {
  if (bytes instanceof Uint8Array) {
    b.prep(8, bytes.length);
    return b.createByteVector(bytes);
  }
  const { info, writer } = bytes;
  const length = writer.length;
  b.prep(8, length * info.size);
  return vectorInPlace(b, length * info.size, (out, at) => {
    const start = out.byteOffset + at;
    if (LITTLE_ENDIAN && start % info.size === 0) {
      writer.write(new info.ctor(out.buffer as ArrayBuffer, start, length));
    } else {
      // a big-endian host (or an unaligned place, which the builder's layout does not make): one copy
      const values = new info.ctor(length);
      writer.write(values);
      out.set(leBytes(values, info.size), at);
    }
  });
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

/** Encodes a MemoryState into snapshot bytes. The same state always gives the same bytes. */
export function encodeState(state: MemoryState): Uint8Array {
  return encodeStateAs('encodeState', state);
}
