import { InvalidArgumentError } from '../errors.js';
import { grow } from '../util/arrays.js';
import { piecesWriter } from '../snapshot/snapshot-source.js';
import type { ColumnWriter } from '../snapshot/snapshot-source.js';
import { MAX_LOG_LINE_UNITS } from './log-size.js';
import { ASSERT_BYTES, decodeRecord, EPISODE_HEAD_BYTES, RECORD_EPISODE, RECORD_JSON, RETRACT_BYTES, writeAssertRecord, writeRetractRecord } from './log-records.js';
import type { RecordTables } from './log-records.js';

/**
 * The append-only operation log. Every accepted change is one JSON-serialisable operation; times are
 * numbers, an open past (validFrom = -∞) is written `null` and an open future (validTo = ∞) is left out,
 * since JSON has no Infinity. Entities and literals are named by id: entity ids are given in creation
 * order, so a replay gives every entity the same id.
 */
export type ObjectSpec = { id: number } | { value: string | number | boolean };

export interface InitOp {
  type: 'init';
  version: 1;
  minConfidence: number;
  dimensions: number;
  predicates: Record<string, { cardinality: 'one' | 'many'; minConfidence?: number }>;
  /** The embedder the memory's vectors come from; absent: the built-in HashEmbedder of `dimensions`. */
  embedder?: { id: string; dimensions: number };
  /** Who "I" is in a turn without a speaker; absent: 'user' (and in logs written before it was kept). */
  defaultSpeaker?: string;
}
export interface PredicateOp {
  type: 'predicate';
  recordedAt: number;
  name: string;
  cardinality: 'one' | 'many';
  minConfidence?: number;
}
export interface EntityOp {
  type: 'entity';
  recordedAt: number;
  id: number;
  name: string;
  entityType?: string;
  aliases?: string[];
  /** Base64 of the float32 values, little-endian (util/vector-text.ts); older logs hold a number list. */
  vector?: string | number[];
}
export interface AliasOp {
  type: 'alias';
  recordedAt: number;
  entity: number;
  aliases: string[];
}
export interface MergeOp {
  type: 'merge';
  recordedAt: number;
  into: number;
  from: number;
}
export interface AssertOp {
  type: 'assert';
  recordedAt: number;
  /** An entity id; a rejected assertion names an entity the memory does not have by `{ name }`. */
  subject: number | { name: string };
  predicate: string;
  object: ObjectSpec | { name: string };
  validFrom: number | null;
  validTo?: number;
  /** Always present in a logged operation (set right after the required fields). */
  confidence?: number;
  source?: string;
  evidence?: string[];
  reason?: string;
  edgeType?: string;
  episode?: string;
  /** Fact ids this belief rests on (absent in logs written before dependencies were kept). */
  dependsOn?: number[];
  /** The stated rule: what this belief becomes when a premise changes (absent in older logs). */
  onPremiseChange?: { object: ObjectSpec | { name: string } };
  /** Held alongside the subject's other objects of a one-at-a-time predicate: it closed none (absent in older logs). */
  alongside?: true;
  /** Refused by the grounding gate: logged, and nothing else changed. */
  rejected?: true;
}
export interface RetractOp {
  type: 'retract';
  recordedAt: number;
  subject: number;
  predicate: string;
  object?: ObjectSpec;
  validFrom: number | null;
  validTo?: number;
  reason?: string;
}
export interface EpisodeOp {
  type: 'episode';
  recordedAt: number;
  id: string;
  text: string;
  at: number;
  speaker?: string;
  /** The episode's session (conversation / thread); absent in logs written before sessions were kept. */
  session?: string;
  entities?: number[];
  /** Base64 of the float32 values, little-endian (util/vector-text.ts); older logs hold a number list. */
  vector?: string | number[];
}
export interface ArchiveOp {
  type: 'archive' | 'unarchive';
  recordedAt: number;
  facts: number[];
}
export interface RetrievedOp {
  type: 'retrieved';
  recordedAt: number;
  facts: number[];
}
export interface SalienceOp {
  type: 'salience';
  recordedAt: number;
  /** Fact ids and their new salience, pairwise. */
  facts: number[];
  values: number[];
}

/**
 * A tombstone (forget/forget.ts): what was forgotten, as kinds and counts, never as content. The operations
 * that carried the content were removed from the log or redacted when it was logged.
 */
export interface ForgetOp {
  type: 'forget';
  recordedAt: number;
  scope: 'episode' | 'entity' | 'source' | 'fact';
  reason?: string;
  counts: ForgetCounts;
}
/** What one forget removed (see forget/rewrite.ts). */
export interface ForgetCounts {
  /** Episodes removed (text, speaker, vector, links). */
  episodes: number;
  /** Entities removed (names, aliases, vectors). */
  entities: number;
  /** Assertions and retractions removed from the log. */
  facts: number;
  /** Assertions kept with a forgotten episode taken out of their evidence. */
  evidence: number;
  /** Logged operations removed or rewritten, all kinds. */
  operations: number;
}

export type Operation =
  | ForgetOp
  | InitOp
  | PredicateOp
  | EntityOp
  | AliasOp
  | MergeOp
  | AssertOp
  | RetractOp
  | EpisodeOp
  | ArchiveOp
  | RetrievedOp
  | SalienceOp;

const encoder = new TextEncoder();

/**
 * The largest log segment (but for one holding a single larger record): what a new one grows to. 1 MiB, not
 * more: the open segment's unused room is memory held for nothing (up to half the log with doubling
 * segments, and a whole segment after a load, which adopts the snapshot's log as one segment), while
 * segments are never copied and a record is found by a binary search over them.
 */
export const LOG_SEGMENT_BYTES = 1 << 20;
/** Bytes of a log's first segment; each next one is twice the last, up to LOG_SEGMENT_BYTES. */
const FIRST_SEGMENT_BYTES = 1 << 16;
/** Largest view handed to TextEncoder.encodeInto: V8 writes nothing into a view of 2^31 bytes or more. */
const MAX_ENCODE_VIEW = 0x7fffffff;
/** A JSON operation this long (UTF-16 units) or longer gets room for its exact UTF-8 length, not the worst case. */
const EXACT_ENCODE_UNITS = 1 << 22;
/** A snapshot stores the log as one column of at most this many bytes (FlatBuffers' 2 GiB limit). */
export const MAX_EXPORTED_LOG_BYTES = 0x7fffffff;

/**
 * The operations as binary records (log-records.ts) in byte segments, not as objects: a million operations
 * cost their bytes and no garbage-collected objects, and a snapshot stores the records as they are.
 * Accepted assertions and plain retractions (the bulk of a log) are written as fixed-layout records of the
 * memory's ids, straight into the segment (no JSON, no object per operation); every other operation is
 * written as its JSON text. Reading (`get`, `toArray`, `iterate`) decodes a record into the same JSON
 * operation on demand.
 *
 * Segments, not one doubling buffer: the log grows without copying what it holds, has no
 * 2 GiB or 4 GiB ceiling of its own, and never hands encodeInto a view of 2^31 bytes or more (V8 then
 * writes nothing, which once dropped operations silently). Every encode is checked to have consumed its
 * whole operation. Offsets are absolute over the concatenated records (exact in a Float64Array up to 2^53).
 */
export class LogBuffer {
  /** Filled segments, each trimmed to its used bytes, then the current one. */
  private segments: Uint8Array[] = [];
  /** Absolute offset of each segment's first byte. */
  private segmentStart: number[] = [];
  private current: Uint8Array;
  private view: DataView;
  private currentUsed = 0;
  /** Absolute end offset of each record. */
  private ends: Float64Array;
  private count = 0;
  /** @internal The tables the records' ids point into (the memory that owns this log). */
  tables: RecordTables | undefined;
  /**
   * @internal The longest JSON line an operation may take (MAX_LOG_LINE_UNITS). Every write bounds its line
   * against it before it changes anything (log-size.ts); a test may lower it to reach the limit cheaply.
   */
  maxLineUnits = MAX_LOG_LINE_UNITS;

  constructor() {
    this.current = new Uint8Array(FIRST_SEGMENT_BYTES);
    this.view = new DataView(this.current.buffer);
    this.ends = new Float64Array(1024);
    this.segmentStart = [0];
    this.segments = [this.current];
  }

  get length(): number {
    return this.count;
  }

  /** Bytes of the records. */
  private get used(): number {
    return this.segmentStart[this.segmentStart.length - 1]! + this.currentUsed;
  }

  /** Replaces the content wholesale (loading a snapshot): `bytes` are records, `ends` their end offsets (checked by the loader). */
  load(bytes: Uint8Array, ends: Uint32Array): void {
    this.current = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.currentUsed = bytes.length;
    this.segments = [bytes];
    this.segmentStart = [0];
    this.ends = Float64Array.from(ends);
    this.count = ends.length;
  }

  append(op: Operation): void {
    this.appendLine(op, RECORD_JSON, -1);
  }

  /**
   * Logs an episode as its index in the episode table and its operation's JSON without the text, which the
   * table keeps (read back in place by `get`): a turn's text is held once, not in the table and the log.
   */
  appendEpisode(op: EpisodeOp, index: number): void {
    this.appendLine({ ...op, text: '' }, RECORD_EPISODE, index);
  }

  /** A JSON record (index < 0) or an episode record of `index`, holding `op`'s JSON. */
  private appendLine(op: Operation, kind: number, index: number): void {
    const head = kind === RECORD_EPISODE ? EPISODE_HEAD_BYTES : 1;
    let line: string;
    try {
      line = op.type === 'assert' ? stringifyAssert(op) : JSON.stringify(op);
    } catch (e) {
      // Only a string past V8's length limit gets here (operations are plain, acyclic JSON).
      throw new InvalidArgumentError(`${op.type}: the operation is too large to log (${(e as Error).message})`);
    }
    // Unreachable for the public calls, which bound their lines first; kept so no line past the limit is logged.
    if (line.length + 1 > this.maxLineUnits) throw new InvalidArgumentError(`${op.type}: the operation is too large to log (${line.length} UTF-16 units)`);
    // UTF-8 needs at most 3 bytes per UTF-16 unit; a long line is measured exactly instead of reserving that.
    const room = line.length >= EXACT_ENCODE_UNITS ? utf8Length(line) : line.length * 3;
    const at = this.reserve(head + room);
    this.current[at] = kind;
    if (kind === RECORD_EPISODE) this.view.setInt32(at + 1, index, true);
    const { read, written } = encoder.encodeInto(line, this.current.subarray(at + head, at + head + room));
    if (read !== line.length) throw new Error(`LogBuffer: encoded ${read} of ${line.length} units`);
    this.end(at + head + written);
  }

  /** Logs an accepted assertion as a record of the memory's ids (log-records.ts): no JSON and no object. */
  appendAssert(
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
  ): void {
    const at = this.reserve(ASSERT_BYTES + 4 * evidence.length);
    this.end(writeAssertRecord(this.view, at, recordedAt, validFrom, validTo, confidence, subject, predicate, object, provenance, episode, evidence));
  }

  /** Logs a retraction as a record: `object` is an object code, or NONE for every object. */
  appendRetract(recordedAt: number, validFrom: number, validTo: number, subject: number, predicate: number, object: number): void {
    const at = this.reserve(RETRACT_BYTES);
    this.end(writeRetractRecord(this.view, at, recordedAt, validFrom, validTo, subject, predicate, object));
  }

  /**
   * Room for `bytes` at the end of the current segment, or in a new one; returns where they go. A new
   * segment is twice the size of the last (at least 64 KiB, at most LOG_SEGMENT_BYTES, and at least the
   * record), so a growing log never copies what it holds: the full segment is closed as it is.
   */
  private reserve(bytes: number): number {
    if (this.currentUsed + bytes > this.current.length) {
      if (bytes > MAX_ENCODE_VIEW) throw new Error(`LogBuffer: a record of ${bytes} bytes`);
      this.startSegment(Math.max(Math.min(Math.max(this.current.length * 2, FIRST_SEGMENT_BYTES), LOG_SEGMENT_BYTES), bytes));
      this.view = new DataView(this.current.buffer, this.current.byteOffset, this.current.byteLength);
    }
    return this.currentUsed;
  }

  /** Closes the record that ends at `end` in the current segment. */
  private end(end: number): void {
    if (this.count === this.ends.length) this.ends = grow(this.ends, Math.max(this.ends.length * 2, 16));
    this.ends[this.count++] = this.segmentStart[this.segmentStart.length - 1]! + end;
    this.currentUsed = end;
  }

  /** Trims the current segment and opens a new one of `capacity` bytes. */
  private startSegment(capacity: number): void {
    const start = this.used;
    this.segments[this.segments.length - 1] = this.current.subarray(0, this.currentUsed);
    this.current = new Uint8Array(capacity);
    this.currentUsed = 0;
    this.segments.push(this.current);
    this.segmentStart.push(start);
  }

  /** The bytes of record `index`. */
  record(index: number): Uint8Array {
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    const end = this.ends[index]!;
    // The last segment whose start is at or before `start` (records never span segments).
    let lo = 0;
    let hi = this.segmentStart.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.segmentStart[mid]! <= start) lo = mid;
      else hi = mid - 1;
    }
    // A segment can be empty at a boundary: step back to the one that holds the record.
    while (lo > 0 && this.segmentStart[lo]! + (lo === this.segments.length - 1 ? this.currentUsed : this.segments[lo]!.length) <= start) lo--;
    const base = this.segmentStart[lo]!;
    return this.segments[lo]!.subarray(start - base, end - base);
  }

  get(index: number): Operation {
    return decodeRecord(this.record(index), this.tables!);
  }

  /** Operations `from` (0-based) to the end. */
  toArray(from = 0): Operation[] {
    const start = Math.min(from, this.count);
    const out: Operation[] = new Array(this.count - start);
    for (let i = start; i < this.count; i++) out[i - start] = this.get(i);
    return out;
  }

  /** Operations `from` (0-based) to the end, decoded one at a time. */
  *iterate(from = 0): IterableIterator<Operation> {
    for (let i = from; i < this.count; i++) yield this.get(i);
  }

  /** Bytes the records take. */
  byteLength(): number {
    return this.used;
  }

  /**
   * The records and their end offsets as one byte column and one Uint32 column (copies), as a snapshot stores
   * them. Refused with InvalidArgumentError, before anything is copied, past MAX_EXPORTED_LOG_BYTES.
   */
  trimmed(call = 'MemoryGraph.exportState'): { bytes: Uint8Array; ends: Uint32Array } {
    const total = this.used;
    if (total > MAX_EXPORTED_LOG_BYTES) {
      throw new InvalidArgumentError(
        `${call}: the operation log holds ${total} bytes, past the ${MAX_EXPORTED_LOG_BYTES}-byte (2 GiB) limit of one snapshot column; ` +
          'keep this memory as its operation log (writeLog) instead',
      );
    }
    const bytes = new Uint8Array(total);
    for (let k = 0; k < this.segments.length; k++) {
      const used = k === this.segments.length - 1 ? this.currentUsed : this.segments[k]!.length;
      bytes.set(this.segments[k]!.subarray(0, used), this.segmentStart[k]!);
    }
    return { bytes, ends: Uint32Array.from(this.ends.subarray(0, this.count)) };
  }

  /**
   * The same two columns as `trimmed`, as writers for a snapshot encoder (no copy of the records beside
   * the output): the segments' used bytes in order, and the end offsets as Uint32. Valid until the next write.
   */
  trimmedWriters(call: string): { bytes: ColumnWriter; ends: ColumnWriter } {
    if (this.used > MAX_EXPORTED_LOG_BYTES) this.trimmed(call); // refuses by name
    const last = this.segments.length - 1;
    const pieces = this.segments.map((s, k) => (k === last ? s.subarray(0, this.currentUsed) : s));
    const ends = this.ends.subarray(0, this.count);
    return {
      bytes: piecesWriter('Uint8Array', pieces),
      ends: { tag: 'Uint32Array', length: ends.length, write: (out) => (out as Uint32Array).set(ends) },
    };
  }
}

/** The UTF-8 length of well-formed text (JSON text always is: JSON.stringify escapes lone surrogates). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) (bytes += 4), i++;
    else bytes += 3;
  }
  return bytes;
}

const quoted = new Map<string, string>();
/** JSON.stringify of a string, memoised for the few strings that repeat on every operation (predicates). */
function quote(value: string): string {
  let q = quoted.get(value);
  if (q === undefined) {
    q = JSON.stringify(value);
    if (quoted.size < 4096) quoted.set(value, q);
  }
  return q;
}

function json(value: number | string | boolean): string {
  // String(n) equals JSON for finite numbers (-0 prints "0" in both); literals are always finite.
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/**
 * `JSON.stringify(op)` for an assertion, written out by hand because ingestion calls it once per fact:
 * the same text, key order included (a test checks it against JSON.stringify on random operations).
 */
export function stringifyAssert(op: AssertOp): string {
  const subject = typeof op.subject === 'number' ? String(op.subject) : `{"name":${JSON.stringify(op.subject.name)}}`;
  const o = op.object;
  const object = 'id' in o ? `{"id":${o.id}}` : 'value' in o ? `{"value":${json(o.value)}}` : `{"name":${JSON.stringify(o.name)}}`;
  let out = `{"type":"assert","recordedAt":${op.recordedAt},"subject":${subject},"predicate":${quote(op.predicate)},"object":${object},"validFrom":${op.validFrom === null ? 'null' : op.validFrom}`;
  if (op.validTo !== undefined) out += `,"validTo":${op.validTo}`;
  if (op.confidence !== undefined) out += `,"confidence":${op.confidence}`;
  if (op.source !== undefined) out += `,"source":${JSON.stringify(op.source)}`;
  if (op.evidence !== undefined) out += `,"evidence":${JSON.stringify(op.evidence)}`;
  if (op.reason !== undefined) out += `,"reason":${JSON.stringify(op.reason)}`;
  if (op.edgeType !== undefined) out += `,"edgeType":${JSON.stringify(op.edgeType)}`;
  if (op.episode !== undefined) out += `,"episode":${JSON.stringify(op.episode)}`;
  if (op.dependsOn !== undefined) out += `,"dependsOn":${JSON.stringify(op.dependsOn)}`;
  if (op.onPremiseChange !== undefined) out += `,"onPremiseChange":${JSON.stringify(op.onPremiseChange)}`;
  if (op.alongside !== undefined) out += `,"alongside":true`;
  if (op.rejected !== undefined) out += `,"rejected":true`;
  return out + '}';
}
