import { grow } from '../util/arrays.js';

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
  vector?: number[];
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
  entities?: number[];
  vector?: number[];
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

export type Operation =
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
const decoder = new TextDecoder();

/**
 * Operations kept as UTF-8 JSON lines in one growable byte buffer, not as objects: a million operations
 * cost their bytes and no garbage-collected objects, and a snapshot stores the buffer as it is (it is
 * literally JSONL: each line ends with a newline, which JSON never contains unescaped). New operations
 * wait as strings and are encoded 512 at a time, which costs far less than one encode per operation.
 */
export class LogBuffer {
  bytes: Uint8Array;
  /** End offset of each line, newline included. */
  ends: Uint32Array;
  private encoded = 0;
  private used = 0;
  private pending: string[] = [];

  constructor(bytes?: Uint8Array, ends?: Uint32Array) {
    this.bytes = bytes ?? new Uint8Array(1 << 16);
    this.ends = ends ?? new Uint32Array(1024);
    if (ends !== undefined) {
      this.encoded = ends.length;
      this.used = ends.length === 0 ? 0 : ends[ends.length - 1]!;
    }
  }

  get length(): number {
    return this.encoded + this.pending.length;
  }

  /** Replaces the content wholesale (loading a snapshot). */
  load(bytes: Uint8Array, ends: Uint32Array): void {
    this.bytes = bytes;
    this.ends = ends;
    this.pending = [];
    this.encoded = ends.length;
    this.used = ends.length === 0 ? 0 : ends[ends.length - 1]!;
  }

  append(op: Operation): void {
    this.pending.push(op.type === 'assert' ? stringifyAssert(op) : JSON.stringify(op));
    if (this.pending.length >= 512) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join('\n') + '\n';
    this.pending = [];
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    const worst = text.length * 3;
    if (this.used + worst > this.bytes.length) {
      let cap = Math.max(this.bytes.length * 2, 1024);
      while (this.used + worst > cap) cap *= 2;
      this.bytes = grow(this.bytes, cap);
    }
    const start = this.used;
    const { written } = encoder.encodeInto(text, this.bytes.subarray(start));
    this.used += written;
    const bytes = this.bytes.subarray(0, this.used);
    // Native indexOf finds the newlines far faster than a loop over every byte.
    for (let i = bytes.indexOf(10, start); i !== -1; i = bytes.indexOf(10, i + 1)) {
      if (this.encoded === this.ends.length) this.ends = grow(this.ends, Math.max(this.ends.length * 2, 16));
      this.ends[this.encoded++] = i + 1;
    }
  }

  get(index: number): Operation {
    this.flush();
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    return JSON.parse(decoder.decode(this.bytes.subarray(start, this.ends[index]! - 1))) as Operation;
  }

  /** Operations `from` (0-based) to the end. */
  toArray(from = 0): Operation[] {
    this.flush();
    const start = Math.min(from, this.encoded);
    const out: Operation[] = new Array(this.encoded - start);
    for (let i = start; i < this.encoded; i++) out[i - start] = this.get(i);
    return out;
  }

  /** The used bytes and line ends, trimmed (copies). */
  trimmed(): { bytes: Uint8Array; ends: Uint32Array } {
    this.flush();
    return { bytes: this.bytes.slice(0, this.used), ends: this.ends.slice(0, this.encoded) };
  }
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
  if (op.rejected !== undefined) out += `,"rejected":true`;
  return out + '}';
}
