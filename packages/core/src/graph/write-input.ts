// The arguments of assert and retract, the write path's hot calls, read as readInput (validate.ts) reads
// them: each field once, in the shape's order, unknown fields refused by name, anything a getter throws
// made a named error. Written out field by field so that each read is a named property load (an inline
// cache the caller's object shape keeps warm), not a keyed load per field through a dispatch on its kind;
// readInput's own path for these shapes was a tenth of ingest's CPU time.
import { InvalidArgumentError } from '../errors.js';
import type { AssertInput, RetractInput } from '../types.js';
import { readPremiseRule } from './premise-rules.js';
import { argumentObject, checkText, readError, readList, readObjectRef, readRef, readTime, SHAPES, unknownField } from './validate.js';

/** An EntityRef field: a name as given, an object copied. */
const ref = (call: string, raw: unknown, field: string): unknown => (raw === undefined || typeof raw === 'string' ? raw : readRef(call, raw, field));
const objectRef = (call: string, raw: unknown, field: string): unknown => (raw === undefined ? raw : readObjectRef(call, raw, field));
const text = (call: string, raw: unknown, field: string): unknown => (raw === undefined ? raw : checkText(raw, call, field));
const time = (raw: unknown): unknown => (raw === undefined ? raw : readTime(raw));

/** An assert call's argument, copied (SHAPES.assert). */
export function readAssertInput(call: string, value: unknown): AssertInput {
  return readWriteInput(call, value, true) as AssertInput;
}

/** A retract call's argument, copied (SHAPES.retract; the assertion's own fields are left undefined). */
export function readRetractInput(call: string, value: unknown): RetractInput {
  return readWriteInput(call, value, false) as RetractInput;
}

/** The fields of either shape, in its order; the fields only an assertion has are read for one alone. */
function readWriteInput(call: string, value: unknown, assert: boolean): AssertInput | RetractInput {
  const shape = assert ? SHAPES.assert : SHAPES.retract;
  try {
    const source = argumentObject(call, value);
    for (const key in source) if (!isWriteField(key, assert)) unknownField(call, 'the argument', key, shape);
    const subject = ref(call, source.subject, 'subject');
    const predicate = source.predicate;
    const object = objectRef(call, source.object, 'object');
    const validFrom = time(source.validFrom);
    const validTo = time(source.validTo);
    const recordedAt = time(source.recordedAt);
    const confidence = assert ? source.confidence : undefined;
    const sourceName = assert ? text(call, source.source, 'source') : undefined;
    const rawEvidence = assert ? source.evidence : undefined;
    const evidence = rawEvidence === undefined ? undefined : readList(call, rawEvidence, 'evidence').map((v, i) => checkText(v, call, `evidence[${i}]`));
    const reason = text(call, source.reason, 'reason');
    const edgeType = assert ? source.edgeType : undefined;
    const episode = assert ? source.episode : undefined;
    const dependsOn = assert && source.dependsOn !== undefined ? readList(call, source.dependsOn, 'dependsOn') : undefined;
    const onPremiseChange = assert && source.onPremiseChange !== undefined ? readPremiseRule(call, source.onPremiseChange) : undefined;
    const alongside = assert ? source.alongside : undefined;
    if (alongside !== undefined && typeof alongside !== 'boolean') throw new InvalidArgumentError(`${call}: alongside must be true or false`);
    // One object literal of fixed shape; absent fields are undefined, as readInput leaves them out.
    return { subject, predicate, object, validFrom, validTo, recordedAt, confidence, source: sourceName, evidence, reason, edgeType, episode, dependsOn, onPremiseChange, alongside } as AssertInput;
  } catch (error) {
    throw readError(call, 'the argument', error);
  }
}

/**
 * `Object.hasOwn(assert ? SHAPES.assert : SHAPES.retract, key)`, as a switch: a key read by for-in is an
 * interned string, so each case is a pointer comparison, not a property lookup through a builtin call
 * (a test holds it to the shapes).
 */
export function isWriteField(key: string, assert: boolean): boolean {
  switch (key) {
    case 'subject':
    case 'predicate':
    case 'object':
    case 'validFrom':
    case 'validTo':
    case 'recordedAt':
    case 'reason':
      return true;
    case 'confidence':
    case 'source':
    case 'evidence':
    case 'edgeType':
    case 'episode':
    case 'dependsOn':
    case 'onPremiseChange':
    case 'alongside':
      return assert;
    default:
      return false;
  }
}
