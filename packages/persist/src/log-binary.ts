/**
 * The log file format, version 3 (LOG-FORMAT.md): the header line, then framed, checksummed binary records.
 *
 *   line 1   {"palimpsest":"log","version":3}\n
 *   frame    payload length u32 | CRC-32C of those 4 bytes u32 | CRC-32C u32 | payload (kind u8, then the operation's bytes)
 *
 * The last CRC-32C covers the payload and continues from the previous frame's (the first continues from
 * the CRC-32C of the header line): a chain, as in version 2. The length has its own check so that a damaged
 * length is damage, never mistaken for a torn last append (a frame that runs past the end of the file). An assertion or retraction in the shape the engine
 * logs is a compact binary payload (strings inline: a file carries names, not the memory's ids); any other
 * operation is its JSON text. Decoding gives back exactly the JSON operation (key order included).
 * Browser-safe: pure functions over bytes.
 */
import { isWellFormed } from '@palimpsest/core/internal';
import { crc32c } from './crc32c.js';

export const LOG_V3_HEADER = '{"palimpsest":"log","version":3}';
const utf8 = new TextEncoder();
const HEADER_BYTES = utf8.encode(LOG_V3_HEADER);
/** The chain's start: CRC-32C of the header line. */
export const V3_CHAIN_SEED = crc32c(HEADER_BYTES);
/** Bytes before a frame's payload: its length, the length's check and the payload's chained checksum. */
export const FRAME_HEAD = 12;

export const KIND_JSON = 1;
export const KIND_ASSERT = 2;
export const KIND_RETRACT = 3;

export function v3HeaderLine(): Uint8Array {
  return HEADER_BYTES;
}

// Assertion flags: which optional fields follow.
const A_OPEN_PAST = 1; // validFrom null
const A_VALID_TO = 2;
const A_SOURCE = 4;
const A_EVIDENCE = 8;
const A_REASON = 16;
const A_EDGE = 32;
const A_EPISODE = 64;
// Retraction flags.
const R_OBJECT = 1;
const R_OPEN_PAST = 2;
const R_VALID_TO = 4;
const R_REASON = 8;

// Object tags.
const O_ID = 0;
const O_STRING = 1;
const O_NUMBER = 2;
const O_FALSE = 3;
const O_TRUE = 4;

const ASSERT_KEYS = ['type', 'recordedAt', 'subject', 'predicate', 'object', 'validFrom', 'validTo', 'confidence', 'source', 'evidence', 'reason', 'edgeType', 'episode'];
const ASSERT_REQUIRED = new Set(['type', 'recordedAt', 'subject', 'predicate', 'object', 'validFrom', 'confidence']);
const RETRACT_KEYS = ['type', 'recordedAt', 'subject', 'predicate', 'object', 'validFrom', 'validTo', 'reason'];
const RETRACT_REQUIRED = new Set(['type', 'recordedAt', 'subject', 'predicate', 'validFrom']);

const isText = (v: unknown): v is string => typeof v === 'string' && isWellFormed(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff;

/** Own keys of `op` in the canonical order `order`, with every required one present (else the op stays JSON). */
function canonicalKeys(op: Record<string, unknown>, order: readonly string[], required: ReadonlySet<string>): boolean {
  const keys = Object.keys(op);
  let at = 0;
  for (const key of keys) {
    while (at < order.length && order[at] !== key) {
      if (required.has(order[at]!)) return false;
      at++;
    }
    if (at === order.length || op[key] === undefined) return false;
    at++;
  }
  for (; at < order.length; at++) if (required.has(order[at]!)) return false;
  return true;
}

function objectOk(o: unknown): boolean {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return false;
  const keys = Object.keys(o);
  if (keys.length !== 1) return false;
  const rec = o as Record<string, unknown>;
  if (keys[0] === 'id') return isId(rec.id);
  if (keys[0] !== 'value') return false;
  const v = rec.value;
  return isText(v) || isTime(v) || typeof v === 'boolean';
}

/** Can this operation be a binary record that decodes to the same JSON? */
function binaryKind(op: Record<string, unknown>): number {
  if (op.type === 'assert') {
    if (!canonicalKeys(op, ASSERT_KEYS, ASSERT_REQUIRED)) return KIND_JSON;
    if (!isTime(op.recordedAt) || !isId(op.subject) || !isText(op.predicate) || !objectOk(op.object)) return KIND_JSON;
    if (!(op.validFrom === null || isTime(op.validFrom)) || !(op.validTo === undefined || isTime(op.validTo)) || !isTime(op.confidence)) return KIND_JSON;
    for (const key of ['source', 'reason', 'edgeType', 'episode']) if (op[key] !== undefined && !isText(op[key])) return KIND_JSON;
    const ev = op.evidence;
    if (ev !== undefined && (!Array.isArray(ev) || ev.length === 0 || Object.keys(ev).length !== ev.length || !ev.every(isText))) return KIND_JSON;
    return KIND_ASSERT;
  }
  if (op.type === 'retract') {
    if (!canonicalKeys(op, RETRACT_KEYS, RETRACT_REQUIRED)) return KIND_JSON;
    if (!isTime(op.recordedAt) || !isId(op.subject) || !isText(op.predicate) || (op.object !== undefined && !objectOk(op.object))) return KIND_JSON;
    if (!(op.validFrom === null || isTime(op.validFrom)) || !(op.validTo === undefined || isTime(op.validTo)) || (op.reason !== undefined && !isText(op.reason))) return KIND_JSON;
    return KIND_RETRACT;
  }
  return KIND_JSON;
}

/** A growable byte writer for one payload. */
class Writer {
  bytes = new Uint8Array(256);
  view = new DataView(this.bytes.buffer);
  at = 0;
  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    let cap = this.bytes.length * 2;
    while (this.at + n > cap) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.bytes.subarray(0, this.at));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }
  u8(v: number): void {
    this.room(1);
    this.bytes[this.at++] = v;
  }
  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.at, v, true);
    this.at += 4;
  }
  f64(v: number): void {
    this.room(8);
    this.view.setFloat64(this.at, v, true);
    this.at += 8;
  }
  str(s: string): void {
    this.room(4 + s.length * 3);
    const { written } = utf8.encodeInto(s, this.bytes.subarray(this.at + 4));
    this.view.setUint32(this.at, written, true);
    this.at += 4 + written;
  }
  object(o: Record<string, unknown>): void {
    if ('id' in o) {
      this.u8(O_ID);
      this.u32(o.id as number);
      return;
    }
    const v = o.value;
    if (typeof v === 'string') {
      this.u8(O_STRING);
      this.str(v);
    } else if (typeof v === 'number') {
      this.u8(O_NUMBER);
      this.f64(v);
    } else this.u8(v === true ? O_TRUE : O_FALSE);
  }
}

/** The payload (kind byte first) of one operation; `json` is its JSON text when the caller has it. */
export function encodePayload(op: Record<string, unknown>, json: () => Uint8Array): Uint8Array {
  const kind = binaryKind(op);
  if (kind === KIND_JSON) {
    const text = json();
    const out = new Uint8Array(1 + text.length);
    out[0] = KIND_JSON;
    out.set(text, 1);
    return out;
  }
  const w = new Writer();
  w.u8(kind);
  if (kind === KIND_ASSERT) {
    const flags =
      (op.validFrom === null ? A_OPEN_PAST : 0) |
      (op.validTo !== undefined ? A_VALID_TO : 0) |
      (op.source !== undefined ? A_SOURCE : 0) |
      (op.evidence !== undefined ? A_EVIDENCE : 0) |
      (op.reason !== undefined ? A_REASON : 0) |
      (op.edgeType !== undefined ? A_EDGE : 0) |
      (op.episode !== undefined ? A_EPISODE : 0);
    w.u8(flags);
    w.f64(op.recordedAt as number);
    w.u32(op.subject as number);
    w.str(op.predicate as string);
    w.object(op.object as Record<string, unknown>);
    if (op.validFrom !== null) w.f64(op.validFrom as number);
    if (op.validTo !== undefined) w.f64(op.validTo as number);
    w.f64(op.confidence as number);
    if (op.source !== undefined) w.str(op.source as string);
    if (op.evidence !== undefined) {
      const ev = op.evidence as string[];
      w.u32(ev.length);
      for (const e of ev) w.str(e);
    }
    if (op.reason !== undefined) w.str(op.reason as string);
    if (op.edgeType !== undefined) w.str(op.edgeType as string);
    if (op.episode !== undefined) w.str(op.episode as string);
  } else {
    const flags = (op.object !== undefined ? R_OBJECT : 0) | (op.validFrom === null ? R_OPEN_PAST : 0) | (op.validTo !== undefined ? R_VALID_TO : 0) | (op.reason !== undefined ? R_REASON : 0);
    w.u8(flags);
    w.f64(op.recordedAt as number);
    w.u32(op.subject as number);
    w.str(op.predicate as string);
    if (op.object !== undefined) w.object(op.object as Record<string, unknown>);
    if (op.validFrom !== null) w.f64(op.validFrom as number);
    if (op.validTo !== undefined) w.f64(op.validTo as number);
    if (op.reason !== undefined) w.str(op.reason as string);
  }
  return w.bytes.slice(0, w.at);
}

/** A frame (length, its check, chained CRC-32C, payload) continuing the chain from `previous`. */
export function encodeFrame(payload: Uint8Array, previous: number): { frame: Uint8Array; crc: number } {
  const frame = new Uint8Array(FRAME_HEAD + payload.length);
  const view = new DataView(frame.buffer);
  const crc = crc32c(payload, previous);
  view.setUint32(0, payload.length, true);
  view.setUint32(4, crc32c(frame.subarray(0, 4)), true);
  view.setUint32(8, crc, true);
  frame.set(payload, FRAME_HEAD);
  return { frame, crc };
}

const strict = new TextDecoder('utf-8', { fatal: true });

/** Reads one binary payload; throws RangeError (or a TextDecoder TypeError) when it does not fit its layout. */
class Reader {
  at = 1;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u8(): number {
    return this.view.getUint8(this.at++);
  }
  u32(): number {
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }
  f64(): number {
    const v = this.view.getFloat64(this.at, true);
    this.at += 8;
    if (!Number.isFinite(v)) throw new RangeError('a time or number is not finite');
    return v + 0; // -0 reads as 0, as it does through JSON
  }
  str(): string {
    const n = this.u32();
    if (this.at + n > this.bytes.length) throw new RangeError('a string runs past the record');
    const s = strict.decode(this.bytes.subarray(this.at, this.at + n));
    this.at += n;
    return s;
  }
  object(): { id: number } | { value: string | number | boolean } {
    const tag = this.u8();
    if (tag === O_ID) return { id: this.u32() };
    if (tag === O_STRING) return { value: this.str() };
    if (tag === O_NUMBER) return { value: this.f64() };
    if (tag === O_FALSE || tag === O_TRUE) return { value: tag === O_TRUE };
    throw new RangeError(`unknown object tag ${tag}`);
  }
  end(): void {
    if (this.at !== this.bytes.length) throw new RangeError('bytes left after the record');
  }
}

/**
 * The JSON operation of a verified payload, or a string saying why it is not one (only a writer's bug gets
 * here: the checksum held). An unknown kind returns undefined (a newer writer).
 */
export function decodePayload(payload: Uint8Array): Record<string, unknown> | string | undefined {
  const kind = payload[0];
  try {
    if (kind === KIND_JSON) {
      const value: unknown = JSON.parse(strict.decode(payload.subarray(1)));
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : 'not a JSON object';
    }
    if (kind === KIND_ASSERT) return decodeAssert(new Reader(payload));
    if (kind === KIND_RETRACT) return decodeRetract(new Reader(payload));
    return undefined;
  } catch (e) {
    return `the operation does not decode (${(e as Error).message})`;
  }
}

function decodeAssert(r: Reader): Record<string, unknown> {
  const flags = r.u8();
  if (flags > 127) throw new RangeError(`unknown flags ${flags}`);
  const op: Record<string, unknown> = { type: 'assert', recordedAt: r.f64(), subject: r.u32(), predicate: r.str(), object: r.object() };
  op.validFrom = flags & A_OPEN_PAST ? null : r.f64();
  if (flags & A_VALID_TO) op.validTo = r.f64();
  op.confidence = r.f64();
  if (flags & A_SOURCE) op.source = r.str();
  if (flags & A_EVIDENCE) {
    const n = r.u32();
    if (n === 0) throw new RangeError('an empty evidence list');
    const ev: string[] = [];
    for (let i = 0; i < n; i++) ev.push(r.str());
    op.evidence = ev;
  }
  if (flags & A_REASON) op.reason = r.str();
  if (flags & A_EDGE) op.edgeType = r.str();
  if (flags & A_EPISODE) op.episode = r.str();
  r.end();
  return op;
}

function decodeRetract(r: Reader): Record<string, unknown> {
  const flags = r.u8();
  if (flags > 15) throw new RangeError(`unknown flags ${flags}`);
  const op: Record<string, unknown> = { type: 'retract', recordedAt: r.f64(), subject: r.u32(), predicate: r.str() };
  if (flags & R_OBJECT) op.object = r.object();
  op.validFrom = flags & R_OPEN_PAST ? null : r.f64();
  if (flags & R_VALID_TO) op.validTo = r.f64();
  if (flags & R_REASON) op.reason = r.str();
  r.end();
  return op;
}
