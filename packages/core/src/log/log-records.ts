// The log's binary records (log format 3, LOG-FORMAT.md in @palimpsest/persist): the bytes of one logged
// operation as the memory keeps it and a snapshot stores it. Accepted assertions and plain retractions (the
// bulk of a log) are fixed-layout records of the memory's own ids, written without JSON or an object per
// operation; every other operation is its JSON text. `decodeRecord` gives back the same JSON operation.
import { literalCode, NONE } from '../store/fact-store.js';
import type { StringDictionary } from '../store/strings.js';
import { EDGE_TYPES } from '../types.js';
import type { LiteralValue } from '../types.js';
import type { AssertOp, Operation, RetractOp } from './log.js';

/** A record's first byte: how the rest is encoded. */
export const RECORD_JSON = 1;
export const RECORD_ASSERT = 2;
export const RECORD_RETRACT = 3;
/**
 * An episode: its index in the episode table (i32), then the JSON of its operation with `"text":""`. The
 * text is kept once, by the episode table; reading the record puts it back in its place (key order kept).
 */
export const RECORD_EPISODE = 4;
/** The kind byte and the episode index before an episode record's JSON. */
export const EPISODE_HEAD_BYTES = 5;

/**
 * An assertion record, little-endian, unaligned (57 bytes and 4 per evidence string):
 * kind u8 | recordedAt f64 | validFrom f64 | validTo f64 | confidence f64 | subject i32 | predicate i32 |
 * object i32 (entity id, or literal code ≤ -2) | provenance i32 | episode i32 (-1: none) | evidence count u32 | evidence string ids i32…
 */
export const ASSERT_BYTES = 57;
/**
 * A retraction record (37 bytes): kind u8 | recordedAt f64 | validFrom f64 | validTo f64 | subject i32 |
 * predicate i32 | object i32 (-1: every object).
 */
export const RETRACT_BYTES = 37;

/** The memory's tables a record's ids point into (all append-only, so an id means the same thing forever). */
export interface RecordTables {
  readonly strings: StringDictionary;
  readonly predicateNames: StringDictionary;
  readonly literals: readonly LiteralValue[];
  readonly provenance: { readonly source: readonly number[]; readonly reason: readonly number[]; readonly edgeType: readonly number[] };
  readonly episodes: { readonly ids: readonly string[]; readonly texts: readonly string[] };
}

/** Writes an assertion record at `at` (room checked by the caller); returns the end. */
export function writeAssertRecord(
  view: DataView,
  at: number,
  recordedAt: number,
  validFrom: number,
  validTo: number,
  confidence: number,
  subject: number,
  predicate: number,
  object: number,
  provenance: number,
  episode: number,
  evidence: readonly number[],
): number {
  view.setUint8(at, RECORD_ASSERT);
  view.setFloat64(at + 1, recordedAt, true);
  view.setFloat64(at + 9, validFrom, true);
  view.setFloat64(at + 17, validTo, true);
  view.setFloat64(at + 25, confidence, true);
  view.setInt32(at + 33, subject, true);
  view.setInt32(at + 37, predicate, true);
  view.setInt32(at + 41, object, true);
  view.setInt32(at + 45, provenance, true);
  view.setInt32(at + 49, episode, true);
  view.setUint32(at + 53, evidence.length, true);
  let end = at + ASSERT_BYTES;
  for (let k = 0; k < evidence.length; k++, end += 4) view.setInt32(end, evidence[k]!, true);
  return end;
}

/** Writes a retraction record at `at`; returns the end. */
export function writeRetractRecord(view: DataView, at: number, recordedAt: number, validFrom: number, validTo: number, subject: number, predicate: number, object: number): number {
  view.setUint8(at, RECORD_RETRACT);
  view.setFloat64(at + 1, recordedAt, true);
  view.setFloat64(at + 9, validFrom, true);
  view.setFloat64(at + 17, validTo, true);
  view.setInt32(at + 25, subject, true);
  view.setInt32(at + 29, predicate, true);
  view.setInt32(at + 33, object, true);
  return at + RETRACT_BYTES;
}

const decoder = new TextDecoder();

/**
 * The JSON operation of the record in `bytes` (one whole record): the object JSON.parse of the line the
 * operation was logged as would give, key order included (-0 reads as 0, as it does through JSON).
 */
export function decodeRecord(bytes: Uint8Array, tables: RecordTables): Operation {
  const kind = bytes[0];
  if (kind === RECORD_JSON) return JSON.parse(decoder.decode(bytes.subarray(1))) as Operation;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === RECORD_EPISODE) {
    const op = JSON.parse(decoder.decode(bytes.subarray(EPISODE_HEAD_BYTES))) as Operation & { text: string };
    op.text = tables.episodes.texts[view.getInt32(1, true)]!;
    return op;
  }
  return kind === RECORD_ASSERT ? decodeAssert(view, tables) : decodeRetract(view, tables);
}

function objectSpec(code: number, tables: RecordTables): { id: number } | { value: LiteralValue } {
  if (code >= 0) return { id: code };
  const value = tables.literals[literalCode(code)]!;
  return { value: typeof value === 'number' ? value + 0 : value };
}

function decodeAssert(view: DataView, tables: RecordTables): AssertOp {
  const validFrom = view.getFloat64(9, true);
  const validTo = view.getFloat64(17, true);
  const op: AssertOp = {
    type: 'assert',
    recordedAt: view.getFloat64(1, true) + 0,
    subject: view.getInt32(33, true),
    predicate: tables.predicateNames.get(view.getInt32(37, true)),
    object: objectSpec(view.getInt32(41, true), tables),
    validFrom: validFrom === -Infinity ? null : validFrom + 0,
  };
  if (validTo !== Infinity) op.validTo = validTo + 0;
  op.confidence = view.getFloat64(25, true) + 0;
  const prov = view.getInt32(45, true);
  const source = tables.provenance.source[prov]!;
  const reason = tables.provenance.reason[prov]!;
  const edgeType = tables.provenance.edgeType[prov]!;
  if (source !== NONE) op.source = tables.strings.get(source);
  const count = view.getUint32(53, true);
  if (count > 0) {
    const evidence: string[] = new Array(count);
    for (let k = 0; k < count; k++) evidence[k] = tables.strings.get(view.getInt32(ASSERT_BYTES + 4 * k, true));
    op.evidence = evidence;
  }
  if (reason !== NONE) op.reason = tables.strings.get(reason);
  if (edgeType !== NONE) op.edgeType = EDGE_TYPES[edgeType]!;
  const episode = view.getInt32(49, true);
  if (episode !== NONE) op.episode = tables.episodes.ids[episode]!;
  return op;
}

function decodeRetract(view: DataView, tables: RecordTables): RetractOp {
  const validFrom = view.getFloat64(9, true);
  const validTo = view.getFloat64(17, true);
  const object = view.getInt32(33, true);
  // The key order of the op writeRetract builds: type, recordedAt, subject, predicate, object, validFrom, validTo.
  const op: Record<string, unknown> = { type: 'retract', recordedAt: view.getFloat64(1, true) + 0, subject: view.getInt32(25, true), predicate: tables.predicateNames.get(view.getInt32(29, true)) };
  if (object !== NONE) op.object = objectSpec(object, tables);
  op.validFrom = validFrom === -Infinity ? null : validFrom + 0;
  if (validTo !== Infinity) op.validTo = validTo + 0;
  return op as unknown as RetractOp;
}

/** How many of each table a snapshot's records may point into (validateRecords). */
export interface RecordBounds {
  entities: number;
  predicates: number;
  literals: number;
  provenance: number;
  episodes: number;
  strings: number;
}

/**
 * Checks a snapshot's log records in one pass over their bytes: every record's kind, length, ids in range
 * and times well-formed, so a later read of the log cannot fail. Returns undefined, or what is wrong.
 */
export function validateRecords(bytes: Uint8Array, ends: Uint32Array, b: RecordBounds): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i]!;
    if (end <= start || end > bytes.length) return `log record ${i} ends out of bounds`;
    const kind = bytes[start];
    const size = end - start;
    if (kind === RECORD_ASSERT) {
      if (size < ASSERT_BYTES || size !== ASSERT_BYTES + 4 * view.getUint32(start + 53, true)) return `log record ${i} (assert) has ${size} bytes, not its layout's`;
      const vf = view.getFloat64(start + 9, true);
      const vt = view.getFloat64(start + 17, true);
      const c = view.getFloat64(start + 25, true);
      if (!Number.isFinite(view.getFloat64(start + 1, true)) || !(vf < vt) || vf === Infinity || vt === -Infinity || !(c >= 0 && c <= 1)) return `log record ${i} (assert) has bad times or confidence`;
      const o = view.getInt32(start + 41, true);
      const ep = view.getInt32(start + 49, true);
      if (!inRange(view.getInt32(start + 33, true), 0, b.entities) || !inRange(view.getInt32(start + 37, true), 0, b.predicates) || !(o >= 0 ? o < b.entities : o <= -2 && literalCode(o) < b.literals) || !inRange(view.getInt32(start + 45, true), 0, b.provenance) || !inRange(ep, -1, b.episodes)) {
        return `log record ${i} (assert) names an id out of range`;
      }
      for (let at = start + ASSERT_BYTES; at < end; at += 4) if (!inRange(view.getInt32(at, true), 0, b.strings)) return `log record ${i} (assert) names an evidence string out of range`;
    } else if (kind === RECORD_RETRACT) {
      if (size !== RETRACT_BYTES) return `log record ${i} (retract) has ${size} bytes, not ${RETRACT_BYTES}`;
      const vf = view.getFloat64(start + 9, true);
      const vt = view.getFloat64(start + 17, true);
      const o = view.getInt32(start + 33, true);
      if (!Number.isFinite(view.getFloat64(start + 1, true)) || !(vf < vt) || vf === Infinity || vt === -Infinity) return `log record ${i} (retract) has bad times`;
      if (!inRange(view.getInt32(start + 25, true), 0, b.entities) || !inRange(view.getInt32(start + 29, true), 0, b.predicates) || !(o === NONE || (o >= 0 ? o < b.entities : literalCode(o) < b.literals))) {
        return `log record ${i} (retract) names an id out of range`;
      }
    } else if (kind === RECORD_EPISODE) {
      if (size < EPISODE_HEAD_BYTES + 2 || bytes[start + EPISODE_HEAD_BYTES] !== 0x7b || bytes[end - 1] !== 0x7d) return `log record ${i} (episode) is not an index and a JSON object`;
      if (!inRange(view.getInt32(start + 1, true), 0, b.episodes)) return `log record ${i} (episode) names an episode out of range`;
    } else if (kind === RECORD_JSON) {
      // The JSON itself is parsed when the operation is read; here: it is one object.
      if (size < 3 || bytes[start + 1] !== 0x7b || bytes[end - 1] !== 0x7d) return `log record ${i} is not a JSON object`;
    } else return `log record ${i} has an unknown kind ${String(kind)}`;
    start = end;
  }
  return start === bytes.length ? undefined : 'log bytes run past the last record';
}

function inRange(v: number, lo: number, hi: number): boolean {
  return v >= lo && v < hi;
}

/**
 * A version-1 snapshot's log (JSON lines, each ending with a newline, `ends` after each newline) as
 * records: each line becomes a JSON record of the same length (its kind byte first, its newline dropped),
 * so `ends` stay as they are. Returns undefined when a line does not end where its newline is.
 */
export function recordsFromLines(lines: Uint8Array, ends: Uint32Array): Uint8Array | undefined {
  const out = new Uint8Array(lines.length);
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i]!;
    if (end <= start || end > lines.length || lines[end - 1] !== 0x0a) return undefined;
    const newline = lines.subarray(start, end - 1).indexOf(0x0a);
    if (newline !== -1) return undefined;
    out[start] = RECORD_JSON;
    out.set(lines.subarray(start, end - 1), start + 1);
    start = end;
  }
  return start === lines.length ? out : undefined;
}
