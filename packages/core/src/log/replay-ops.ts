import { InvalidArgumentError } from '../errors.js';
import { guarded, show } from '../graph/validate.js';
import type { Operation } from './log.js';

/**
 * Replay's reading of one operation: the fields of its type and no others, each read once.
 */

const FIELDS: Readonly<Record<string, readonly string[]>> = {
  init: ['type', 'version', 'minConfidence', 'dimensions', 'predicates', 'embedder', 'defaultSpeaker'],
  predicate: ['type', 'recordedAt', 'name', 'cardinality', 'minConfidence'],
  entity: ['type', 'recordedAt', 'id', 'name', 'entityType', 'aliases', 'vector'],
  alias: ['type', 'recordedAt', 'entity', 'aliases'],
  merge: ['type', 'recordedAt', 'into', 'from'],
  assert: ['type', 'recordedAt', 'subject', 'predicate', 'object', 'validFrom', 'validTo', 'confidence', 'source', 'evidence', 'reason', 'edgeType', 'episode', 'dependsOn', 'onPremiseChange', 'alongside', 'rejected'],
  retract: ['type', 'recordedAt', 'subject', 'predicate', 'object', 'validFrom', 'validTo', 'reason'],
  episode: ['type', 'recordedAt', 'id', 'text', 'at', 'speaker', 'session', 'entities', 'vector'],
  archive: ['type', 'recordedAt', 'facts'],
  unarchive: ['type', 'recordedAt', 'facts'],
  retrieved: ['type', 'recordedAt', 'facts'],
  salience: ['type', 'recordedAt', 'facts', 'values'],
  forget: ['type', 'recordedAt', 'scope', 'reason', 'counts'],
};

/**
 * Operation `index` of a log, copied once: each top-level field read once (a getter cannot answer the
 * replay and the new log differently), only the fields of its type. Nested values are read once by the
 * calls the operation is applied through (their readers refuse holes, BigInt and wrong types by name);
 * nothing here recurses, so a cycle cannot loop.
 */
export function checkOp(call: string, raw: unknown, index: number): Operation {
  const fail = (why: string): never => {
    throw new InvalidArgumentError(`${call}: operation ${index} ${why}`);
  };
  return guarded(call, `operation ${index}`, () => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return fail(`is ${show(raw)}, not an operation object`);
    const source = raw as Record<string, unknown>;
    const type = source.type;
    if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) return fail(`has an unknown type ${show(type)}`);
    const known = FIELDS[type]!;
    const op: Record<string, unknown> = { type };
    for (const key in source) {
      if (!known.includes(key)) fail(`(${type}) has an unknown field ${JSON.stringify(key)}`);
      if (key !== 'type') op[key] = source[key];
    }
    return op as unknown as Operation;
  });
}

/** An operation for a message: never throws (BigInt, cycles). */
export function preview(op: Operation): string {
  try {
    return JSON.stringify(op).slice(0, 120);
  } catch {
    return `a ${show(op.type)} operation`;
  }
}
