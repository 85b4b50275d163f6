/**
 * Snapshot bytes -> MemoryState: the frame is checked first (snapshot-frame.ts), then the body is read
 * through the bounds-checked BodyReader, table by table. Browser-safe: no Node built-ins.
 */
import { CorruptSnapshotError, InvalidArgumentError, SnapshotVersionError } from '@palimpsest/core';
import type { ColumnArray, MemoryState, StateConfig } from '@palimpsest/core';
import { fastCrc32 } from './crc32.js';
import { BodyReader } from './snapshot-body-reader.js';
import type { TableRef } from './snapshot-body-reader.js';
import { checkFrame, SNAPSHOT_FORMAT_VERSION } from './snapshot-frame.js';
import { DTYPES, FILE_IDENTIFIER, isPlainRecord, KNOWN_CONFIG_KEYS, LITTLE_ENDIAN } from './snapshot-schema.js';

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
  if (count > 0 && textBytes >= BY_ENTRY_BYTES * count) return [name, readStringsByEntry(r, what, textStart, textBytes, count, endAt)];
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

/** Lists whose entries average this many UTF-8 bytes or more (turn texts) are decoded entry by entry. */
const BY_ENTRY_BYTES = 32;

/**
 * Long entries decoded one by one rather than cut from one string of the whole text: an entry of ASCII alone
 * becomes a one-byte string (half the memory of a cut from a text holding one other character anywhere), and
 * the decode is faster. The stored ends count UTF-16 code units, so an entry's bytes are first taken to be as
 * many as its units — right exactly when they decode to as many units, i.e. are all ASCII — and otherwise
 * counted by a walk over its UTF-8. Same checks as the whole-text decode, with the same messages.
 */
function readStringsByEntry(r: BodyReader, what: string, textStart: number, textBytes: number, count: number, endAt: (i: number) => number): string[] {
  const body = r.body;
  const textEnd = textStart + textBytes;
  const out: string[] = [];
  let prev = 0;
  let at = textStart;
  for (let i = 0; i < count; i++) {
    const end = endAt(i);
    if (end < prev) r.fail(`${what}: entry ${i} ends at ${end}, before ${prev}`);
    const units = end - prev;
    let entry = units <= textEnd - at ? decodeOrUndefined(body.subarray(at, at + units)) : undefined;
    let to = at + units;
    if (entry === undefined || entry.length !== units) {
      to = byteEnd(body, at, textEnd, units);
      if (to === -1) r.fail(`${what}: entry ${i} ends at ${end}, past the end of the text`);
      if (to === -2) r.fail(`${what}: entry ${i} ends inside a surrogate pair`);
      entry = decodeOrUndefined(body.subarray(at, to));
      if (entry === undefined) r.fail(`${what} text is not valid UTF-8`);
      if (entry.length !== units) r.fail(`${what}: entry ${i} is ${entry.length} code units, not ${units}`);
    }
    out.push(entry);
    prev = end;
    at = to;
  }
  if (at !== textEnd) r.fail(`${what}: entries cover ${prev} code units, not the whole text`);
  return out;
}

const entryDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeOrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return entryDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Where the UTF-8 from `at` holding `units` UTF-16 code units ends: -1 when the text ends first, -2 when the
 * last unit is the first half of a surrogate pair (a 4-byte sequence). Lead bytes count; validity is the decoder's.
 */
function byteEnd(body: Uint8Array, at: number, textEnd: number, units: number): number {
  let i = at;
  let n = 0;
  while (n < units) {
    if (i >= textEnd) return -1;
    const b = body[i]!;
    const len = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    n += len === 4 ? 2 : 1;
    i += len;
  }
  if (n > units) return -2;
  return i > textEnd ? -1 : i;
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
): MemoryState {
  const bytes = toBytes(caller, input);
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${caller}: options must be an object`);
  const copy = options.copy ?? true;
  try {
    const body = checkFrame(caller, bytes, fastCrc32);
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

/** Decodes snapshot bytes into a MemoryState, checking the frame, the checksum and every offset. */
export function decodeState(bytes: Uint8Array | ArrayBuffer, options?: DecodeOptions): MemoryState {
  return decodeStateAs('decodeState', bytes, options);
}
