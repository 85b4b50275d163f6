import { DatasetArgumentError } from './errors.js';
import { Random } from './random.js';

/** An assertion in the shape of `MemoryGraph.assert`'s input (plus `kind`). */
export interface AssertOp {
  kind: 'assert';
  subject: string;
  predicate: string;
  /** An entity name, or a literal `{ value }`. */
  object: string | { value: number };
  validFrom: number;
  /** Absent: open (+∞). */
  validTo?: number;
  recordedAt: number;
  confidence: number;
}

/** A retraction in the shape of `MemoryGraph.retract`'s input (plus `kind`). */
export interface RetractOp {
  kind: 'retract';
  subject: string;
  predicate: string;
  /** Absent: every object of (subject, predicate). */
  object?: string | { value: number };
  validFrom: number;
  validTo?: number;
  recordedAt: number;
}

export type FactOp = AssertOp | RetractOp;

export interface FactStreamOptions {
  /** @default 1 */
  seed?: number;
  /** Number of operations to emit; each writes at least one fact version. @default 10_000 */
  versions?: number;
  /** Size of the entity pool (names `e0`, `e1`, …). @default 1_000 */
  entities?: number;
  /** Number of predicates, the first ⌈n/2⌉ of cardinality one, the rest many. @default 16 */
  predicates?: number;
  /** Share of assertions on cardinality-one predicates (each then updates the subject's value). @default 0.5 */
  shareCardinalityOne?: number;
  /** Share of assertions that are backdated corrections: validFrom days before recordedAt. @default 0.1 */
  shareBackdated?: number;
  /** Share of operations that are retractions of an earlier assertion. @default 0.05 */
  shareRetractions?: number;
  /** Share of operations recorded at the same instant as the previous one. @default 0.25 */
  shareSameInstant?: number;
  /** recordedAt of the first operation, epoch ms. @default Date.UTC(2024, 0, 1) */
  startTime?: number;
  /** Record-time step between instants, ms. @default 60_000 */
  stepMs?: number;
  /** Longest backdating, days. @default 30 */
  maxBackdateDays?: number;
}

export const FACT_STREAM_DEFAULTS: Required<FactStreamOptions> = {
  seed: 1,
  versions: 10_000,
  entities: 1_000,
  predicates: 16,
  shareCardinalityOne: 0.5,
  shareBackdated: 0.1,
  shareRetractions: 0.05,
  shareSameInstant: 0.25,
  startTime: Date.UTC(2024, 0, 1),
  stepMs: 60_000,
  maxBackdateDays: 30,
};

const DAY = 86_400_000;
/** Cardinality-one predicates (entity-valued unless listed in LITERAL), then cardinality-many ones. */
const ONE_NAMES = ['lives_in', 'works_at', 'price', 'reports_to', 'status_level', 'located_in', 'rating', 'owned_by'];
const MANY_NAMES = ['knows', 'likes', 'visited', 'member_of', 'tagged', 'mentions', 'uses', 'owns'];
const LITERAL = new Set(['price', 'status_level', 'rating']);

interface PredicateSpec {
  name: string;
  one: boolean;
  literal: boolean;
}

function predicateSpecs(n: number): PredicateSpec[] {
  const nOne = Math.ceil(n / 2);
  const make = (names: string[], i: number, one: boolean): PredicateSpec => {
    const base = names[i % names.length]!;
    const round = Math.floor(i / names.length);
    return { name: round === 0 ? base : `${base}_${round + 1}`, one, literal: LITERAL.has(base) };
  };
  const out: PredicateSpec[] = [];
  for (let i = 0; i < nOne; i++) out.push(make(ONE_NAMES, i, true));
  for (let i = 0; i < n - nOne; i++) out.push(make(MANY_NAMES, i, false));
  return out;
}

/**
 * The predicate configuration a fact stream with `predicates` predicates expects, ready for
 * `new MemoryGraph({ predicates })`.
 */
export function factStreamPredicates(predicates = FACT_STREAM_DEFAULTS.predicates): Record<string, { cardinality: 'one' | 'many' }> {
  checkInt('factStreamPredicates', 'predicates', predicates, 2);
  const out: Record<string, { cardinality: 'one' | 'many' }> = {};
  for (const p of predicateSpecs(predicates)) out[p.name] = { cardinality: p.one ? 'one' : 'many' };
  return out;
}

function checkInt(call: string, name: string, v: unknown, min: number): void {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) {
    throw new DatasetArgumentError(`${call}: ${name} must be an integer ≥ ${min}, got ${String(v)}`);
  }
}

function checkOptions(call: string, options: FactStreamOptions | undefined): Required<FactStreamOptions> {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new DatasetArgumentError(`${call}: options must be an object`);
  }
  const o: Required<FactStreamOptions> = { ...FACT_STREAM_DEFAULTS };
  for (const [k, v] of Object.entries(options ?? {})) if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  if (typeof o.seed !== 'number' || !Number.isFinite(o.seed)) throw new DatasetArgumentError(`${call}: seed must be a finite number`);
  checkInt(call, 'versions', o.versions, 0);
  checkInt(call, 'entities', o.entities, 2);
  checkInt(call, 'predicates', o.predicates, 2);
  checkInt(call, 'startTime', o.startTime, -8.64e15);
  checkInt(call, 'stepMs', o.stepMs, 1);
  checkInt(call, 'maxBackdateDays', o.maxBackdateDays, 1);
  for (const k of ['shareCardinalityOne', 'shareBackdated', 'shareRetractions', 'shareSameInstant'] as const) {
    const v = o[k];
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new DatasetArgumentError(`${call}: ${k} must be in [0, 1], got ${String(v)}`);
  }
  return o;
}

const KIND_ASSERT = 0;
const KIND_RETRACT = 1;
const OBJ_NONE = 0;
const OBJ_ENTITY = 1;
const OBJ_VALUE = 2;
/** Recent assertions that a retraction may target. */
const RING = 4096;

/** The stepping core: each `step()` writes one operation into its public fields, allocating nothing. */
class FactStepper {
  kind = KIND_ASSERT;
  subject = 0;
  predicate = 0;
  objectKind = OBJ_NONE;
  object = 0;
  validFrom = 0;
  validTo = Infinity;
  recordedAt: number;
  confidence = 1;
  private readonly rng: Random;
  private readonly one: number[] = [];
  private readonly many: number[] = [];
  private readonly ringSubject = new Uint32Array(RING);
  private readonly ringPredicate = new Uint16Array(RING);
  private readonly ringObjectKind = new Uint8Array(RING);
  private readonly ringObject = new Float64Array(RING);
  private ringSize = 0;
  private ringNext = 0;
  private count = 0;

  constructor(
    private readonly o: Required<FactStreamOptions>,
    readonly specs: PredicateSpec[],
  ) {
    this.rng = new Random(o.seed);
    this.recordedAt = o.startTime;
    specs.forEach((p, i) => (p.one ? this.one : this.many).push(i));
  }

  step(): void {
    const { o, rng } = this;
    if (this.count++ > 0 && !rng.chance(o.shareSameInstant)) this.recordedAt += o.stepMs;
    const t = this.recordedAt;
    this.validTo = Infinity;
    if (this.ringSize > 0 && rng.chance(o.shareRetractions)) {
      const r = rng.int(this.ringSize);
      this.kind = KIND_RETRACT;
      this.subject = this.ringSubject[r]!;
      this.predicate = this.ringPredicate[r]!;
      // Most retractions name the object; some retract every object of (subject, predicate).
      const named = rng.chance(0.8);
      this.objectKind = named ? this.ringObjectKind[r]! : OBJ_NONE;
      this.object = named ? this.ringObject[r]! : 0;
      this.validFrom = rng.chance(0.7) ? t : t - rng.between(1, o.maxBackdateDays) * DAY;
      this.confidence = 1;
      return;
    }
    this.kind = KIND_ASSERT;
    const useOne = this.many.length === 0 || (this.one.length > 0 && rng.chance(o.shareCardinalityOne));
    const p = rng.pick(useOne ? this.one : this.many);
    const spec = this.specs[p]!;
    this.predicate = p;
    this.subject = rng.int(o.entities);
    if (spec.literal) {
      this.objectKind = OBJ_VALUE;
      this.object = rng.between(1, 1000);
    } else {
      this.objectKind = OBJ_ENTITY;
      const other = rng.int(o.entities - 1);
      this.object = other >= this.subject ? other + 1 : other; // never the subject itself
    }
    this.validFrom = rng.chance(o.shareBackdated) ? t - rng.between(1, o.maxBackdateDays) * DAY : t;
    // A few many-valued facts hold for a bounded stretch (a visit, a membership).
    if (!spec.one && rng.chance(0.1)) this.validTo = this.validFrom + rng.between(1, 90) * DAY;
    this.confidence = Math.round((0.5 + 0.5 * rng.next()) * 100) / 100;
    const w = this.ringNext;
    this.ringSubject[w] = this.subject;
    this.ringPredicate[w] = p;
    this.ringObjectKind[w] = this.objectKind;
    this.ringObject[w] = this.object;
    this.ringNext = (w + 1) % RING;
    if (this.ringSize < RING) this.ringSize++;
  }
}

function entityNames(n: number): string[] {
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = `e${i}`;
  return out;
}

/**
 * A seeded stream of assert/retract operations in the public API's shape, for workloads of any size: one
 * small object per operation, made only when the iterator is advanced (names are shared strings).
 * recordedAt never decreases; several operations share an instant. Deterministic for a seed.
 * Use `factStreamPredicates(predicates)` as the memory's predicate configuration.
 * @throws DatasetArgumentError for bad options (checked at the call, before any operation is made).
 */
export function generateFactStream(options?: FactStreamOptions): IterableIterator<FactOp> {
  const o = checkOptions('generateFactStream', options);
  return iterate(o);
}

function* iterate(o: Required<FactStreamOptions>): IterableIterator<FactOp> {
  const specs = predicateSpecs(o.predicates);
  const names = entityNames(o.entities);
  const s = new FactStepper(o, specs);
  for (let i = 0; i < o.versions; i++) {
    s.step();
    const subject = names[s.subject]!;
    const predicate = specs[s.predicate]!.name;
    const object = s.objectKind === OBJ_ENTITY ? names[s.object]! : s.objectKind === OBJ_VALUE ? { value: s.object } : undefined;
    if (s.kind === KIND_ASSERT) {
      const op: AssertOp = { kind: 'assert', subject, predicate, object: object!, validFrom: s.validFrom, recordedAt: s.recordedAt, confidence: s.confidence };
      if (s.validTo !== Infinity) op.validTo = s.validTo;
      yield op;
    } else {
      const op: RetractOp = { kind: 'retract', subject, predicate, validFrom: s.validFrom, recordedAt: s.recordedAt };
      if (object !== undefined) op.object = object;
      yield op;
    }
  }
}

/** The same operations as `generateFactStream`, as typed-array columns (no per-operation objects). */
export interface FactColumns {
  length: number;
  /** 0 assert, 1 retract. */
  kind: Uint8Array;
  /** Index into `entityNames`. */
  subject: Uint32Array;
  /** Index into `predicateNames`. */
  predicate: Uint16Array;
  /** 0 none (retract of every object), 1 entity (index into `entityNames`), 2 literal number. */
  objectKind: Uint8Array;
  object: Float64Array;
  validFrom: Float64Array;
  /** +∞ when open. */
  validTo: Float64Array;
  recordedAt: Float64Array;
  /** 1 for retractions. */
  confidence: Float32Array;
  entityNames: string[];
  predicateNames: string[];
  /** Materialises operation i as `generateFactStream` would have yielded it. */
  op(i: number): FactOp;
}

/**
 * Generates the fact stream into columns: about 45 bytes per operation, so a million operations is ~45 MB
 * of typed arrays and no objects. Identical, operation for operation, to `generateFactStream` with the same
 * options.
 */
export function generateFactColumns(options?: FactStreamOptions): FactColumns {
  const o = checkOptions('generateFactColumns', options);
  const n = o.versions;
  const specs = predicateSpecs(o.predicates);
  const c = {
    length: n,
    kind: new Uint8Array(n),
    subject: new Uint32Array(n),
    predicate: new Uint16Array(n),
    objectKind: new Uint8Array(n),
    object: new Float64Array(n),
    validFrom: new Float64Array(n),
    validTo: new Float64Array(n),
    recordedAt: new Float64Array(n),
    confidence: new Float32Array(n),
    entityNames: entityNames(o.entities),
    predicateNames: specs.map((p) => p.name),
  };
  const s = new FactStepper(o, specs);
  for (let i = 0; i < n; i++) {
    s.step();
    c.kind[i] = s.kind;
    c.subject[i] = s.subject;
    c.predicate[i] = s.predicate;
    c.objectKind[i] = s.objectKind;
    c.object[i] = s.object;
    c.validFrom[i] = s.validFrom;
    c.validTo[i] = s.validTo;
    c.recordedAt[i] = s.recordedAt;
    c.confidence[i] = s.confidence;
  }
  return {
    ...c,
    op(i: number): FactOp {
      if (!Number.isInteger(i) || i < 0 || i >= n) throw new DatasetArgumentError(`FactColumns.op: index ${i} is outside [0, ${n})`);
      const k = c.objectKind[i]!;
      const subject = c.entityNames[c.subject[i]!]!;
      const predicate = c.predicateNames[c.predicate[i]!]!;
      const object = k === OBJ_ENTITY ? c.entityNames[c.object[i]!]! : k === OBJ_VALUE ? { value: c.object[i]! } : undefined;
      if (c.kind[i] === KIND_ASSERT) {
        // Float32 storage rounds confidence: re-round to the two decimals it was made with.
        const op: AssertOp = { kind: 'assert', subject, predicate, object: object!, validFrom: c.validFrom[i]!, recordedAt: c.recordedAt[i]!, confidence: Math.round(c.confidence[i]! * 100) / 100 };
        if (c.validTo[i] !== Infinity) op.validTo = c.validTo[i]!;
        return op;
      }
      const op: RetractOp = { kind: 'retract', subject, predicate, validFrom: c.validFrom[i]!, recordedAt: c.recordedAt[i]! };
      if (object !== undefined) op.object = object;
      return op;
    },
  };
}
