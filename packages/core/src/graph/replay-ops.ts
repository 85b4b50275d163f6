import { InvalidArgumentError } from '../errors.js';
import { describeError, show } from './validate.js';
import type { Operation } from './log.js';

/**
 * Replay's reading of one operation: a plain JSON value copied once (each field read once, so a getter
 * cannot answer the replay and the new log differently), with the fields of its type and no others.
 * What JSON cannot hold (BigInt, cycles) is refused by name.
 */

const FIELDS: Readonly<Record<string, readonly string[]>> = {
  init: ['type', 'version', 'minConfidence', 'dimensions', 'predicates', 'embedder'],
  predicate: ['type', 'recordedAt', 'name', 'cardinality', 'minConfidence'],
  entity: ['type', 'recordedAt', 'id', 'name', 'entityType', 'aliases', 'vector'],
  alias: ['type', 'recordedAt', 'entity', 'aliases'],
  merge: ['type', 'recordedAt', 'into', 'from'],
  assert: ['type', 'recordedAt', 'subject', 'predicate', 'object', 'validFrom', 'validTo', 'confidence', 'source', 'evidence', 'reason', 'edgeType', 'episode', 'rejected'],
  retract: ['type', 'recordedAt', 'subject', 'predicate', 'object', 'validFrom', 'validTo', 'reason'],
  episode: ['type', 'recordedAt', 'id', 'text', 'at', 'speaker', 'entities', 'vector'],
  archive: ['type', 'recordedAt', 'facts'],
  unarchive: ['type', 'recordedAt', 'facts'],
  retrieved: ['type', 'recordedAt', 'facts'],
  salience: ['type', 'recordedAt', 'facts', 'values'],
};

/**
 * A whole log as plain operations: one JSON round trip for all (fast); when that fails, operation by
 * operation, to name the one that cannot be read.
 */
export function checkOps(call: string, ops: readonly unknown[]): Operation[] {
  let plain: unknown[] | undefined;
  try {
    const text = JSON.stringify(ops);
    plain = JSON.parse(text) as unknown[];
  } catch {
    plain = undefined;
  }
  if (plain === undefined || !Array.isArray(plain) || plain.length !== ops.length) return ops.map((op, i) => checkOp(call, op, i));
  return plain.map((op, i) => checkShape(call, op, i));
}

/** Operation `index` of a log as a plain value; `why` is thrown as `${call}: operation ${index} …`. */
export function checkOp(call: string, raw: unknown, index: number): Operation {
  const where = `operation ${index}`;
  const fail = (why: string): never => {
    throw new InvalidArgumentError(`${call}: ${where} ${why}`);
  };
  // A round trip through JSON text, as the log stores it: every field read once (getters, proxies),
  // BigInt and cycles refused, holes and non-finite numbers read as null (then refused by the field's check,
  // or an open end where the log writes one so), and an own "__proto__" key stays plain data.
  let text: string | undefined;
  try {
    text = JSON.stringify(raw);
  } catch (error) {
    return fail(`is not JSON (${describeError(error)})`);
  }
  return checkShape(call, text === undefined ? undefined : JSON.parse(text), index);
}

/** A parsed operation: an object of a known type with the fields of that type and no others. */
function checkShape(call: string, op: unknown, index: number): Operation {
  const fail = (why: string): never => {
    throw new InvalidArgumentError(`${call}: operation ${index} ${why}`);
  };
  if (op === null || typeof op !== 'object' || Array.isArray(op)) return fail(`is ${show(op)}, not an operation object`);
  const record = op as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) return fail(`has an unknown type ${show(type)}`);
  const known = FIELDS[type]!;
  for (const key of Object.keys(record)) if (!known.includes(key)) fail(`(${type}) has an unknown field ${JSON.stringify(key)}`);
  return op as Operation;
}
