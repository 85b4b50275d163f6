// Reading a forget's scope and options at the edge: what is named must exist, and exactly one thing is named.
import { InvalidArgumentError, NotFoundError } from '../errors.js';
import { literalCode, NONE } from '../store/fact-store.js';
import type { ObjectSpec } from '../log/log.js';
import type { MemoryTables } from '../graph/tables.js';
import { existingEpisode, requireKnown, withMerged } from '../graph/resolve.js';
import { argumentObject, checkText, show } from '../graph/validate.js';
import type { EntityRef, TimeInput } from '../types.js';
import { SCOPE_KINDS } from './tombstone.js';
import type { ForgetScopeKind } from './tombstone.js';

/** What `forget` is asked to remove: one episode, one entity, every fact of one source, or one fact. */
export type ForgetScope = { episode: string } | { entity: EntityRef } | { source: string } | { fact: number };

export interface ForgetOptions {
  /** Why (kept in the tombstone, so it must not repeat what is forgotten; a reason naming a forgotten entity is refused). */
  reason?: string;
  /** The forget's record time (default: the clock); never before the latest operation. */
  recordedAt?: TimeInput;
}

/** The scope resolved to the memory's own terms (ids and strings as the log holds them). */
export type ForgetTarget =
  | { kind: 'episode'; episode: string }
  | { kind: 'entity'; entities: Set<number> }
  | { kind: 'source'; source: string }
  | { kind: 'fact'; subject: number; predicate: string; object: ObjectSpec };

/** The longest reason a tombstone keeps (UTF-16 units). */
export const MAX_REASON_UNITS = 1000;

export function readForgetScope(mem: MemoryTables, raw: unknown, call: string): ForgetTarget {
  const given = argumentObject(call, raw, 'scope');
  const keys = Object.keys(given);
  if (keys.length !== 1 || !(SCOPE_KINDS as string[]).includes(keys[0]!)) {
    throw new InvalidArgumentError(`${call}: scope must name exactly one of ${SCOPE_KINDS.map((k) => `{ ${k} }`).join(', ')}; got keys ${show(keys)}`);
  }
  const kind = keys[0] as ForgetScopeKind;
  const value = given[kind];
  switch (kind) {
    case 'episode':
      existingEpisode(mem, value, call);
      return { kind, episode: value as string };
    case 'entity': {
      if (typeof value !== 'string' && (value === null || typeof value !== 'object')) throw new InvalidArgumentError(`${call}: scope.entity must be a name or { id }`);
      const id = requireKnown(mem, value as EntityRef, call);
      // Entities merged into it are the same one now: all of them are forgotten.
      return { kind, entities: new Set(withMerged(mem, id)) };
    }
    case 'source': {
      if (typeof value !== 'string' || value.length === 0) throw new InvalidArgumentError(`${call}: scope.source must be a non-empty string`);
      if (!usedAsSource(mem, value)) throw new NotFoundError(`${call}: no fact has the source given`);
      return { kind, source: value };
    }
    case 'fact':
      return factTarget(mem, value, call);
  }
}

/** Whether some fact version was asserted with this source. */
function usedAsSource(mem: MemoryTables, source: string): boolean {
  const id = mem.strings.find(source);
  return id !== -1 && mem.provenance.source.includes(id);
}

/** A fact version's triple, as its assertions log it: forgetting a fact forgets every version of that triple. */
function factTarget(mem: MemoryTables, value: unknown, call: string): ForgetTarget {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= mem.store.rowCount) {
    throw new NotFoundError(`${call}: no fact version #${show(value)}`);
  }
  const st = mem.store;
  const t = st.triple[value]!;
  const code = st.tObject[t]!;
  const literal = code >= 0 || code === NONE ? undefined : mem.literals[literalCode(code)];
  const object: ObjectSpec = literal === undefined ? { id: code } : { value: literal };
  return { kind: 'fact', subject: st.tSubject[t]!, predicate: mem.predicateNames.get(st.tPredicate[t]!), object };
}

export function readForgetOptions(raw: unknown, call: string): ForgetOptions {
  if (raw === undefined) return {};
  const given = argumentObject(call, raw, 'options');
  const out: ForgetOptions = {};
  for (const key of Object.keys(given)) {
    if (key !== 'reason' && key !== 'recordedAt') throw new InvalidArgumentError(`${call}: options has an unknown field ${JSON.stringify(key)}`);
  }
  if (given.reason !== undefined) {
    const reason = checkText(given.reason, call, 'reason');
    if (reason.length > MAX_REASON_UNITS) throw new InvalidArgumentError(`${call}: reason is ${reason.length} characters; at most ${MAX_REASON_UNITS} are kept`);
    out.reason = reason;
  }
  if (given.recordedAt !== undefined) out.recordedAt = given.recordedAt as TimeInput;
  return out;
}
