import { InvalidArgumentError } from '../errors.js';
import { guarded, show } from './validate.js';
import type { Operation } from './log.js';

/**
 * Replay's reading of one operation: a plain JSON value copied once (each field read once, so a getter
 * cannot answer the replay and the new log differently), with the fields of its type and no others.
 * BigInt, functions, symbols, cycles, sparse arrays and over-deep nesting are refused by name.
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

/** Deeper than any operation nests (init.predicates.<name>.minConfidence is the deepest, at 3). */
const MAX_DEPTH = 8;

/** Operation `index` of a log as a plain value; `why` is thrown as `${call}: operation ${index} …`. */
export function checkOp(call: string, raw: unknown, index: number): Operation {
  const where = `operation ${index}`;
  const fail = (why: string): never => {
    throw new InvalidArgumentError(`${call}: ${where} ${why}`);
  };
  const op = guarded(call, where, () => plainJson(raw, [], 0, fail));
  if (op === null || typeof op !== 'object' || Array.isArray(op)) return fail(`is ${show(op)}, not an operation object`);
  const record = op as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) return fail(`has an unknown type ${show(type)}`);
  const known = FIELDS[type]!;
  for (const key of Object.keys(record)) if (!known.includes(key)) fail(`(${type}) has an unknown field ${JSON.stringify(key)}`);
  return op as Operation;
}

/** A JSON-like deep copy; objects come out prototype-less, so every key is plain data. */
function plainJson(value: unknown, path: object[], depth: number, fail: (why: string) => never): unknown {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return value;
    case 'bigint':
      return fail('holds a BigInt (not JSON)');
    case 'function':
    case 'symbol':
      return fail(`holds a ${typeof value} (not JSON)`);
  }
  if (value === null) return null;
  const object = value as object;
  if (depth >= MAX_DEPTH) fail(`nests deeper than ${MAX_DEPTH} levels`);
  if (path.includes(object)) fail('holds a cycle');
  path.push(object);
  let out: unknown;
  if (Array.isArray(object)) {
    const list: unknown[] = [];
    const length = object.length;
    for (let i = 0; i < length; i++) {
      if (!(i in object)) fail(`holds a sparse array (hole at ${i})`);
      const v = plainJson(object[i], path, depth + 1, fail);
      list.push(v === undefined ? null : v); // as JSON writes it
    }
    out = list;
  } else {
    const record = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      const v = plainJson((object as Record<string, unknown>)[key], path, depth + 1, fail);
      if (v !== undefined) record[key] = v;
    }
    out = record;
  }
  path.pop();
  return out;
}
