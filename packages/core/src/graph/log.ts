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
  subject: number;
  predicate: string;
  object: ObjectSpec;
  validFrom: number | null;
  validTo?: number;
  confidence: number;
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
 * cost their bytes and no garbage-collected objects, and a snapshot stores the buffer as it is.
 */
export class LogBuffer {
  bytes: Uint8Array;
  /** End offset of each line. */
  ends: Uint32Array;
  length = 0;
  private used = 0;

  constructor(bytes?: Uint8Array, ends?: Uint32Array) {
    this.bytes = bytes ?? new Uint8Array(1 << 16);
    this.ends = ends ?? new Uint32Array(1024);
    if (ends !== undefined) {
      this.length = ends.length;
      this.used = ends.length === 0 ? 0 : ends[ends.length - 1]!;
    }
  }

  /** After `bytes`/`ends` were replaced wholesale (loading a snapshot). */
  resetUsed(): void {
    this.used = this.length === 0 ? 0 : this.ends[this.length - 1]!;
  }

  append(op: Operation): void {
    const json = JSON.stringify(op);
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    const worst = json.length * 3;
    if (this.used + worst > this.bytes.length) {
      let cap = this.bytes.length * 2;
      while (this.used + worst > cap) cap *= 2;
      this.bytes = grow(this.bytes, cap);
    }
    const { written } = encoder.encodeInto(json, this.bytes.subarray(this.used));
    this.used += written;
    if (this.length === this.ends.length) this.ends = grow(this.ends, this.ends.length * 2);
    this.ends[this.length++] = this.used;
  }

  get(index: number): Operation {
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    return JSON.parse(decoder.decode(this.bytes.subarray(start, this.ends[index]!))) as Operation;
  }

  toArray(): Operation[] {
    const out: Operation[] = new Array(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.get(i);
    return out;
  }

  /** The used bytes and line ends, trimmed (copies). */
  trimmed(): { bytes: Uint8Array; ends: Uint32Array } {
    return { bytes: this.bytes.slice(0, this.used), ends: this.ends.slice(0, this.length) };
  }
}
