import { InvalidArgumentError, PalimpsestError } from '../errors.js';
import { EDGE_TYPES } from '../types.js';
import type { EntityRef, FactQuery, LiteralValue, ObjectRef, TimeInput } from '../types.js';
import { isWellFormed } from '../util/well-formed.js';
import type { RecallOptions } from './recall-engine.js';

/**
 * Reading a caller's arguments. Every public call first copies its arguments into plain values,
 * reading each field exactly once (a getter or proxy that changes its answer, or throws on a later read,
 * cannot make a logged operation differ from the applied one), refuses unknown fields and sparse arrays
 * by name, and only then checks and writes. Where a caller's strings become keys (predicates by name,
 * weights by name) they go into a Map, so `__proto__` or `constructor` are plain keys.
 */

/** How one field is read. Primitives are taken as they are and checked by the call; objects are copied. */
export type FieldKind =
  /** Taken as is (primitives, functions, the embedder and extractor objects). */
  | 'any'
  /** A string the memory stores: must be a well-formed string. */
  | 'text'
  /** A TimeInput: a Date is read once into its milliseconds; the rest is checked by toMillis. */
  | 'time'
  /** An EntityRef: a name, or a copied `{ id }`. */
  | 'ref'
  /** An ObjectRef: a name, a copied `{ id }` or `{ value }`. */
  | 'objectRef'
  /** An array of stored strings. */
  | 'texts'
  /** An array of EntityRefs. */
  | 'refs'
  /** An array whose elements are checked by the call (ids, values, names). */
  | 'list'
  /** An array-like of numbers (arrays and typed arrays), copied to a plain array. */
  | 'vector';

export type Shape = Readonly<Record<string, FieldKind>>;

/** The most numbers a vector may hold (MemoryGraphOptions.dimensions is at most 65536). */
const MAX_VECTOR = 65536;

/** A caller's value read by a function that may run its getters: anything thrown becomes a named error. */
export function guarded<T>(call: string, what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw readError(call, what, error);
  }
}

/**
 * What to throw when reading a caller's value threw: our own errors as they are, anything else (a getter's,
 * a proxy's) as a named error saying what was being read. For loops too hot for `guarded`'s closure.
 */
export function readError(call: string, what: string, error: unknown): unknown {
  if (error instanceof PalimpsestError) return error;
  return new InvalidArgumentError(`${call}: reading ${what} threw ${describeError(error)}`);
}

/** A thrown value as text, without running anything of the caller's that could throw again. */
export function describeError(error: unknown): string {
  try {
    if (error instanceof Error) return `${String(error.name)}: ${String(error.message)}`;
    return typeof error === 'string' ? error : typeof error;
  } catch {
    return 'an exception';
  }
}

/**
 * Copies the known fields of an argument object into a plain object, reading each once. (Not frozen:
 * these copies never leave the call, and freezing cost a third of assert's throughput.)
 * `undefined` fields are left out. Own enumerable fields the shape does not know are refused unless
 * `strict` is false (extractor output, which may carry more than core reads).
 */
export function readInput<T>(call: string, value: unknown, shape: Shape, what = 'the argument', strict = true, noun?: string): T {
  try {
    const source = argumentObject(call, value, what);
    if (strict) {
      // for-in (own and inherited enumerable keys) uses V8's enum cache: no key array per call.
      for (const key in source) if (!Object.hasOwn(shape, key)) unknownField(call, what, key, shape, noun);
    }
    // An ordinary object is safe here: its keys are the shape's own names, never a caller's string.
    const out: Record<string, unknown> = {};
    // for-in over the shape (a constant object literal) uses V8's enum cache: no array per call.
    for (const key in shape) {
      const raw = source[key];
      if (raw === undefined) continue;
      const kind = shape[key]!;
      out[key] = kind === 'any' || (kind === 'ref' && typeof raw === 'string') ? raw : readField(call, raw, kind, key);
    }
    return out as T;
  } catch (error) {
    throw readError(call, what, error);
  }
}

/**
 * `readInput(call, value, SHAPES.facts)` for the reads' hot path (facts, factIds, factColumns): the same
 * reads in the same order, the same checks and errors, with the fields named instead of dispatched per key
 * (a third of a small entity-local read went to the generic copy). Absent fields read as undefined.
 */
export function readFactQuery(call: string, value: unknown): FactQuery {
  const shape = SHAPES.facts;
  try {
    const source = argumentObject(call, value);
    for (const key in source) if (!Object.hasOwn(shape, key)) unknownField(call, 'the argument', key, shape);
    const validAt = readTime(source.validAt) as TimeInput | undefined;
    const knownAt = readTime(source.knownAt) as TimeInput | undefined;
    const subjectRaw = source.subject;
    const subject = (subjectRaw === undefined || typeof subjectRaw === 'string' ? subjectRaw : readRef(call, subjectRaw, 'subject')) as EntityRef | undefined;
    const predicate = source.predicate as string | undefined;
    const objectRaw = source.object;
    const object = (objectRaw === undefined ? undefined : readObjectRef(call, objectRaw, 'object')) as ObjectRef | undefined;
    const includeArchived = source.includeArchived as boolean | undefined;
    const supported = source.supported;
    if (supported !== undefined && typeof supported !== 'boolean') throw new InvalidArgumentError(`${call}: supported must be true or false`);
    return { validAt, knownAt, subject, predicate, object, includeArchived, supported };
  } catch (error) {
    throw readError(call, 'the argument', error);
  }
}

/** Refuses a field the shape does not know, naming the shape's fields. */
export function unknownField(call: string, what: string, key: string, shape: Shape, noun?: string): never {
  const known = Object.keys(shape).join(', ');
  if (noun !== undefined) throw new InvalidArgumentError(`${call}: ${what}.${key} is not ${noun} (${known})`);
  throw new InvalidArgumentError(`${call}: ${what} has an unknown field ${JSON.stringify(key)} (known: ${known})`);
}

/** An argument that must be an object (not null, not an array): refused by name otherwise. */
export function argumentObject(call: string, value: unknown, what = 'the argument'): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const why = what === 'the argument' ? 'expected an object argument' : `${what} must be an object`;
    throw new InvalidArgumentError(`${call}: ${why}, got ${kindOf(value)}`);
  }
  return value as Record<string, unknown>;
}

/** An options argument that may be omitted: `undefined` reads as no fields. */
export function readOptions<T>(call: string, value: unknown, shape: Shape, what = 'options'): T {
  return value === undefined ? ({} as T) : readInput<T>(call, value, shape, what);
}

/** A record whose keys are the caller's (predicates by name, weights by name), as a Map read once. */
export function readRecord(call: string, value: unknown, what: string): Map<string, unknown> {
  return guarded(call, what, () => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InvalidArgumentError(`${call}: ${what} must be an object`);
    const out = new Map<string, unknown>();
    for (const key of Object.keys(value)) out.set(key, (value as Record<string, unknown>)[key]);
    return out;
  });
}

function readField(call: string, raw: unknown, kind: FieldKind, field: string): unknown {
  switch (kind) {
    case 'any':
      return raw;
    case 'text':
      return checkText(raw, call, field);
    case 'time':
      return readTime(raw);
    case 'ref':
      return readRef(call, raw, field);
    case 'objectRef':
      return readObjectRef(call, raw, field);
    case 'texts':
      return readList(call, raw, field).map((v, i) => checkText(v, call, `${field}[${i}]`));
    case 'refs':
      return readList(call, raw, field).map((v, i) => readRef(call, v, `${field}[${i}]`));
    case 'list':
      return readList(call, raw, field);
    case 'vector':
      return readVector(call, raw, field);
  }
}

/** A Date's milliseconds, read once through Date.prototype (a subclass or proxy cannot answer twice). */
export function readTime(raw: unknown): unknown {
  return raw instanceof Date ? Date.prototype.getTime.call(raw) : raw;
}

const ID_SHAPE: Shape = { id: 'any' };
const OBJECT_SHAPE: Shape = { id: 'any', value: 'any' };

/** An EntityRef: a name as it is, an object copied as `{ id }` (readInput's rules for ID_SHAPE, without its per-field dispatch). */
export function readRef(call: string, raw: unknown, field: string): unknown {
  if (raw === null || typeof raw !== 'object') return raw; // a name, or refused by the call
  try {
    if (Array.isArray(raw)) argumentObject(call, raw, field);
    for (const key in raw) if (key !== 'id') unknownField(call, field, key, ID_SHAPE);
    const id = (raw as { id?: unknown }).id;
    return id === undefined ? {} : { id };
  } catch (error) {
    throw readError(call, field, error);
  }
}

/** An ObjectRef: a name as it is, an object copied as `{ id }` or `{ value }` (a checked literal). */
export function readObjectRef(call: string, raw: unknown, field: string): unknown {
  if (raw === null || typeof raw !== 'object') return raw;
  let id: unknown;
  let value: unknown;
  try {
    if (Array.isArray(raw)) argumentObject(call, raw, field);
    for (const key in raw) if (key !== 'id' && key !== 'value') unknownField(call, field, key, OBJECT_SHAPE);
    id = (raw as { id?: unknown }).id;
    value = (raw as { value?: unknown }).value;
  } catch (error) {
    throw readError(call, field, error);
  }
  if (id !== undefined && value !== undefined) throw new InvalidArgumentError(`${call}: ${field} has both id and value`);
  if (value !== undefined) return { value: checkLiteral(value, call, field) };
  return id === undefined ? {} : { id };
}

/** A plain copy of an array, each index read once; holes are refused. */
export function readList(call: string, raw: unknown, field: string): unknown[] {
  return guarded(call, field, () => {
    if (!Array.isArray(raw)) throw new InvalidArgumentError(`${call}: ${field} must be an array, got ${kindOf(raw)}`);
    const length = raw.length;
    const out: unknown[] = [];
    for (let i = 0; i < length; i++) {
      if (!(i in raw)) throw new InvalidArgumentError(`${call}: ${field}[${i}] is a hole; sparse arrays are refused`);
      out.push(raw[i]);
    }
    return out;
  });
}

function readVector(call: string, raw: unknown, field: string): readonly number[] {
  return guarded(call, field, () => {
    if (raw === null || typeof raw !== 'object') throw new InvalidArgumentError(`${call}: ${field} must be an array of numbers`);
    if (Array.isArray(raw)) return readList(call, raw, field).map((v, i) => checkNumber(v, call, `${field}[${i}]`));
    const length = (raw as ArrayLike<unknown>).length;
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || length > MAX_VECTOR) {
      throw new InvalidArgumentError(`${call}: ${field} must be an array of numbers (at most ${MAX_VECTOR})`);
    }
    const out: number[] = [];
    for (let i = 0; i < length; i++) out.push(checkNumber((raw as ArrayLike<unknown>)[i], call, `${field}[${i}]`));
    return out;
  });
}

function checkNumber(value: unknown, call: string, field: string): number {
  if (typeof value !== 'number') throw new InvalidArgumentError(`${call}: ${field} is not a number`);
  return value;
}

// ---- values ------------------------------------------------------------------------------------

/** `-0` as `0`: the log (JSON) cannot tell them apart, so the memory must not either. */
export function plainZero(value: number): number {
  return value === 0 ? 0 : value;
}

/** A string the memory stores. */
export function checkText(value: unknown, call: string, field: string): string {
  if (typeof value !== 'string') throw new InvalidArgumentError(`${call}: ${field} must be a string, got ${kindOf(value)}`);
  if (!isWellFormed(value)) throw new InvalidArgumentError(`${call}: ${field} holds a lone surrogate (not well-formed UTF-16)`);
  return value;
}

export function checkConfidence(value: unknown, call: string, field: string): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0 || value > 1) {
    throw new InvalidArgumentError(`${call}: ${field} (${show(value)}) must be a number in [0, 1]`);
  }
  return plainZero(value);
}

export function checkPredicateName(name: unknown, call: string): string {
  if (typeof name !== 'string' || name.trim().length === 0) throw new InvalidArgumentError(`${call}: predicate must be a non-empty string`);
  if (name.length > 512) throw new InvalidArgumentError(`${call}: predicate is longer than 512 characters`);
  return checkText(name, call, 'predicate');
}

export function checkLiteral(value: unknown, call: string, field: string): LiteralValue {
  if (typeof value === 'string') return checkText(value, call, `${field}.value`);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return plainZero(value);
  throw new InvalidArgumentError(`${call}: ${field}.value must be a string, a finite number or a boolean`);
}

export function checkEdgeType(value: unknown, call: string): void {
  if (value !== undefined && !(EDGE_TYPES as readonly unknown[]).includes(value)) {
    throw new InvalidArgumentError(`${call}: edgeType "${show(value)}" is not one of ${EDGE_TYPES.join(', ')}`);
  }
}

/** A value for a message: never throws (symbols, prototype-less objects). */
export function show(value: unknown): string {
  try {
    if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
    return String(value);
  } catch {
    return typeof value;
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

// ---- shapes of the public calls' arguments -----------------------------------------------------

export const SHAPES = {
  options: { now: 'any', predicates: 'any', minConfidence: 'any', dimensions: 'any', embedder: 'any', defaultSpeaker: 'any' },
  loadOptions: { now: 'any', embedder: 'any', minConfidence: 'any', dimensions: 'any', predicates: 'any', recallIndex: 'any' },
  predicateOptions: { cardinality: 'any', minConfidence: 'any' },
  entity: { name: 'any', type: 'text', aliases: 'list', vector: 'vector', recordedAt: 'time' },
  merge: { into: 'ref', from: 'ref', recordedAt: 'time' },
  assert: {
    subject: 'ref',
    predicate: 'any',
    object: 'objectRef',
    validFrom: 'time',
    validTo: 'time',
    recordedAt: 'time',
    confidence: 'any',
    source: 'text',
    evidence: 'texts',
    reason: 'text',
    edgeType: 'any',
    episode: 'any',
    dependsOn: 'any',
    onPremiseChange: 'any',
    alongside: 'any',
  },
  retract: { subject: 'ref', predicate: 'any', object: 'objectRef', validFrom: 'time', validTo: 'time', recordedAt: 'time', reason: 'text' },
  episode: { id: 'any', text: 'any', at: 'time', speaker: 'text', session: 'text', vector: 'vector', entities: 'refs', recordedAt: 'time' },
  recordedAt: { recordedAt: 'time' },
  cut: { validAt: 'time', knownAt: 'time' },
  knownAt: { knownAt: 'time' },
  facts: { validAt: 'time', knownAt: 'time', subject: 'ref', predicate: 'any', object: 'objectRef', includeArchived: 'any', supported: 'any' },
  history: { subject: 'ref', predicate: 'any', object: 'objectRef' },
  changes: { since: 'time', until: 'time', axis: 'any', knownAt: 'time' },
  neighbors: { validAt: 'time', knownAt: 'time', predicate: 'any', direction: 'any', includeArchived: 'any' },
  graphology: { validAt: 'time', knownAt: 'time', includeArchived: 'any', literals: 'any' },
  consolidate: { now: 'time', halfLifeMs: 'any', coldThreshold: 'any' },
  ingestOptions: { extractor: 'any', source: 'text' },
} as const satisfies Record<string, Shape>;

/** The same shape without the cut: a view fixes validAt and knownAt itself. */
export function withoutCut(shape: Shape): Shape {
  const out: Record<string, FieldKind> = {};
  for (const key of Object.keys(shape)) if (key !== 'validAt' && key !== 'knownAt') out[key] = shape[key]!;
  return out;
}

/** Every RecallOptions field: the weights are read again by their own shapes (RECALL_DEFAULTS' keys). */
export const RECALL_SHAPE = {
  validAt: 'time',
  knownAt: 'time',
  k: 'any',
  tokenBudget: 'any',
  strategy: 'any',
  hops: 'any',
  decay: 'any',
  inhibition: 'any',
  inhibitors: 'any',
  threshold: 'any',
  nodeCap: 'any',
  fireCap: 'any',
  fan: 'any',
  edgeCap: 'any',
  edgeTypeWeights: 'any',
  seeds: 'any',
  candidates: 'any',
  rrfK: 'any',
  minSimilarity: 'any',
  weights: 'any',
  useHalfLifeMs: 'any',
  recencyHalfLifeMs: 'any',
  includeArchived: 'any',
  vector: 'vector',
  track: 'any',
  vectorWeight: 'any',
  partWeight: 'any',
  versionDepth: 'any',
  timeWordWeight: 'any',
  // the episode ranking's options (recall/episode-rank.ts)
  feedback: 'any',
  denseFeedback: 'any',
  feedbackDocs: 'any',
  feedbackTerms: 'any',
  sessionWeight: 'any',
  sessionDoc: 'any',
  sessionText: 'any',
  factFloor: 'any',
  spreadDiversity: 'any',
  neighbourTerms: 'any',
  neighbour: 'any',
  speakerNeighbour: 'any',
  diversity: 'any',
  temporal: 'any',
  windowBoost: 'any',
  orderBoost: 'any',
  whenLift: 'any',
  recentBoost: 'any',
  denseWeight: 'any',
  speakerLift: 'any',
  aliasWeight: 'any',
  askerLift: 'any',
} as const satisfies Record<keyof RecallOptions, FieldKind>;
// A RecallOptions field missing above fails the build here (the shape must know every option).
type MissingRecallOption = Exclude<keyof RecallOptions, keyof typeof RECALL_SHAPE>;
export const RECALL_SHAPE_IS_COMPLETE: MissingRecallOption extends never ? true : never = true;
