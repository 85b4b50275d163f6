// Accepted assertions and retractions as the log keeps them until the log is read: compact records of the
// memory's own ids (no JSON, no object per operation), turned into the same JSON operation on demand.
import { literalCode, NONE } from '../store/fact-store.js';
import type { StringDictionary } from '../store/strings.js';
import { EDGE_TYPES } from '../types.js';
import type { LiteralValue } from '../types.js';
import { grow } from '../util/arrays.js';
import type { RetractOp } from './log.js';

/** The memory's tables a record's ids point into (all append-only, so an id means the same thing forever). */
export interface RecordTables {
  readonly strings: StringDictionary;
  readonly predicateNames: StringDictionary;
  readonly literals: readonly LiteralValue[];
  readonly provenance: { readonly source: readonly number[]; readonly reason: readonly number[]; readonly edgeType: readonly number[] };
  readonly episodes: { readonly ids: readonly string[] };
}

const NO_EVIDENCE: readonly number[] = [];
const TIMES = 4; // recordedAt, validFrom, validTo, confidence
const IDS = 6; // subject, predicate, object code, provenance, episode, first evidence
/** In a record's provenance slot: the record is a retraction (object NONE: every object). */
const RETRACT = -2;

/**
 * Accepted assertions (and retractions without a reason, of a known predicate and object), one record each: four float64 (recordedAt, validFrom, validTo, confidence) and six
 * int32 (subject, predicate id, object code, provenance id, episode index, start of its evidence ids) in two
 * interleaved arrays, evidence string ids in a third. Emptied (not freed) once the log has encoded them.
 */
export class OpRecords {
  count = 0;
  private times = new Float64Array(TIMES * 1024);
  private ids = new Int32Array(IDS * 1024);
  private evidence = new Int32Array(1024);
  private evidenceUsed = 0;
  /** JSON of each predicate name by id, made once (a handful of predicates recur on every record). */
  private readonly quoted: string[] = [];

  /** Adds a record; returns its index. Every id was interned by the write that logs it. */
  add(
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
    const r = this.count++;
    if (r * TIMES + TIMES > this.times.length) {
      this.times = grow(this.times, this.times.length * 2);
      this.ids = grow(this.ids, this.ids.length * 2);
    }
    const t = r * TIMES;
    this.times[t] = recordedAt;
    this.times[t + 1] = validFrom;
    this.times[t + 2] = validTo;
    this.times[t + 3] = confidence;
    const i = r * IDS;
    this.ids[i] = subject;
    this.ids[i + 1] = predicate;
    this.ids[i + 2] = object;
    this.ids[i + 3] = provenance;
    this.ids[i + 4] = episode;
    this.ids[i + 5] = this.evidenceUsed;
    if (evidence.length > 0) {
      if (this.evidenceUsed + evidence.length > this.evidence.length) {
        this.evidence = grow(this.evidence, Math.max(this.evidence.length * 2, this.evidenceUsed + evidence.length));
      }
      for (let k = 0; k < evidence.length; k++) this.evidence[this.evidenceUsed++] = evidence[k]!;
    }
    return r;
  }

  /** Adds a retraction's record (subject and predicate ids; object code, or NONE for every object); returns its index. */
  addRetract(recordedAt: number, validFrom: number, validTo: number, subject: number, predicate: number, object: number): number {
    return this.add(recordedAt, validFrom, validTo, 0, subject, predicate, object, RETRACT, NONE, NO_EVIDENCE);
  }

  /**
   * Record `r`'s JSON line, written straight from the record (no operation object): the text
   * `stringifyAssert` gives for the assertion (JSON.stringify for a retraction), key order included
   * (op-records.test.ts checks it).
   */
  line(r: number, tables: RecordTables): string {
    const t = r * TIMES;
    const i = r * IDS;
    const prov = this.ids[i + 3]!;
    if (prov === RETRACT) return JSON.stringify(this.retractOp(r, tables));
    const o = this.ids[i + 2]!;
    const validFrom = this.times[t + 1]!;
    const validTo = this.times[t + 2]!;
    const p = this.ids[i + 1]!;
    // Template numbers print as String(n), which is JSON for every finite number (-0 prints "0" in both).
    let out = `{"type":"assert","recordedAt":${this.times[t]!},"subject":${this.ids[i]!},"predicate":${(this.quoted[p] ??= JSON.stringify(tables.predicateNames.get(p)))},"object":`;
    if (o >= 0) out += `{"id":${o}}`;
    else {
      const value = tables.literals[literalCode(o)]!;
      out += `{"value":${typeof value === 'string' ? JSON.stringify(value) : String(value)}}`;
    }
    out += `,"validFrom":${validFrom === -Infinity ? 'null' : validFrom}`;
    if (validTo !== Infinity) out += `,"validTo":${validTo}`;
    out += `,"confidence":${this.times[t + 3]!}`;
    const source = tables.provenance.source[prov]!;
    const reason = tables.provenance.reason[prov]!;
    const edgeType = tables.provenance.edgeType[prov]!;
    if (source !== NONE) out += `,"source":${JSON.stringify(tables.strings.get(source))}`;
    const from = this.ids[i + 5]!;
    const to = r + 1 < this.count ? this.ids[i + IDS + 5]! : this.evidenceUsed;
    if (to > from) {
      out += `,"evidence":[${JSON.stringify(tables.strings.get(this.evidence[from]!))}`;
      for (let k = from + 1; k < to; k++) out += `,${JSON.stringify(tables.strings.get(this.evidence[k]!))}`;
      out += ']';
    }
    if (reason !== NONE) out += `,"reason":${JSON.stringify(tables.strings.get(reason))}`;
    if (edgeType !== NONE) out += `,"edgeType":"${EDGE_TYPES[edgeType]!}"`;
    const episode = this.ids[i + 4]!;
    if (episode !== NONE) out += `,"episode":${JSON.stringify(tables.episodes.ids[episode]!)}`;
    return out + '}';
  }

  private retractOp(r: number, tables: RecordTables): RetractOp {
    const t = r * TIMES;
    const i = r * IDS;
    const validFrom = this.times[t + 1]!;
    const validTo = this.times[t + 2]!;
    const o = this.ids[i + 2]!;
    // The key order of the op writeRetract builds: type, recordedAt, subject, predicate, object, validFrom, validTo.
    const op: Record<string, unknown> = { type: 'retract', recordedAt: this.times[t]!, subject: this.ids[i]!, predicate: tables.predicateNames.get(this.ids[i + 1]!) };
    if (o !== NONE) op.object = o >= 0 ? { id: o } : { value: tables.literals[literalCode(o)]! };
    op.validFrom = validFrom === -Infinity ? null : validFrom;
    if (validTo !== Infinity) op.validTo = validTo;
    return op as unknown as RetractOp;
  }

  /** Forgets every record (the log has encoded them); the arrays are kept for the next ones. */
  clear(): void {
    this.count = 0;
    this.evidenceUsed = 0;
  }
}
