/**
 * `search`'s `filter`: each entry names a top-level field of the item's value and either a value it must
 * equal or operators ($eq, $ne, $gt, $gte, $lt, $lte, $in, $nin), as LangGraph's stores read it. Equality
 * is deep, so a filter on a nested object or a list matches an equal one.
 */
import { InvalidArgumentError } from '@palimpsest/core';

const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const isOperators = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length > 0 && Object.keys(x).every((k) => k.startsWith('$'));

/** Refuses a filter with an operator no store knows, by name, before anything is read. */
export function checkFilter(filter: unknown, call: string): Record<string, unknown> | undefined {
  if (filter === undefined || filter === null) return undefined;
  if (typeof filter !== 'object' || Array.isArray(filter)) throw new InvalidArgumentError(`${call}: filter must be an object of field conditions`);
  for (const [field, condition] of Object.entries(filter)) {
    if (!isOperators(condition)) continue;
    for (const op of Object.keys(condition)) {
      if (!OPERATORS.has(op)) throw new InvalidArgumentError(`${call}: filter.${field}: unknown operator ${op}; known: ${[...OPERATORS].join(', ')}`);
    }
  }
  return filter as Record<string, unknown>;
}

function meets(actual: unknown, op: string, wanted: unknown): boolean {
  switch (op) {
    case '$eq': return deepEqual(actual, wanted);
    case '$ne': return !deepEqual(actual, wanted);
    case '$gt': return Number(actual) > Number(wanted);
    case '$gte': return Number(actual) >= Number(wanted);
    case '$lt': return Number(actual) < Number(wanted);
    case '$lte': return Number(actual) <= Number(wanted);
    case '$in': return Array.isArray(wanted) && wanted.some((w) => deepEqual(actual, w));
    default: return !Array.isArray(wanted) || !wanted.some((w) => deepEqual(actual, w)); // $nin
  }
}

/** Whether an item's value meets every condition of a checked filter. */
export function matchesFilter(value: Record<string, unknown>, filter: Record<string, unknown> | undefined): boolean {
  if (filter === undefined) return true;
  return Object.entries(filter).every(([field, condition]) =>
    isOperators(condition) ? Object.entries(condition).every(([op, wanted]) => meets(value[field], op, wanted)) : deepEqual(value[field], condition),
  );
}
