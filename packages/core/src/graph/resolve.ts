// Entity, object, episode and fact-id resolution: from what a caller names to the memory's ids, checked.
import { InvalidArgumentError, NotFoundError } from '../errors.js';
import { literalCode, NONE } from '../store/fact-store.js';
import { EDGE_TYPES } from '../types.js';
import type { EdgeType, EntityRef, LiteralValue, ObjectRef } from '../types.js';
import { checkName, displayName } from '../util/names.js';
import { checkLiteral, checkText, plainZero, readList, show } from './validate.js';
import type { MemoryTables } from './tables.js';

/**
 * A subject or object resolved before any change is made: an existing entity's id (a bare number, so the
 * common reference allocates nothing), or a name to create.
 */
export type PendingEntity = number | { create: string; display: string };

/** The entity a reference names at record time k; NONE for an unknown name; NotFoundError for an unknown id. */
export function findEntity(mem: MemoryTables, ref: EntityRef, call: string, field: string, k: number): number {
  if (typeof ref === 'string') {
    // A name spelled as it is stored (a canonical name or alias: every key is checked and canonical, and
    // canonicalising one gives it back) skips canonicalising; any other spelling, bad ones included, is checked.
    const stored = mem.entities.lookup(ref);
    if (stored !== NONE) return mem.entities.resolveAt(stored, k);
    const id = mem.entities.lookup(checkName(ref, call, field));
    return id === NONE ? NONE : mem.entities.resolveAt(id, k);
  }
  if (ref !== null && typeof ref === 'object' && 'id' in ref) {
    if (!Number.isInteger(ref.id) || ref.id < 0 || ref.id >= mem.entities.count) {
      throw new NotFoundError(`${call}: ${field} names entity #${String(ref.id)}, which does not exist`);
    }
    return mem.entities.resolveAt(ref.id, k);
  }
  throw new InvalidArgumentError(`${call}: ${field} must be a name or { id }`);
}

/** An object reference's code (entity id, or -1 - literal id), NONE when unknown; literals are also spelled out. */
export function findObject(mem: MemoryTables, ref: ObjectRef, call: string, field: string, k: number): { code: number; literal?: LiteralValue } {
  if (ref !== null && typeof ref === 'object' && 'value' in ref) {
    const value = checkLiteral(ref.value, call, field);
    const id = mem.literalIds.get(literalKey(value));
    return { code: id === undefined ? NONE : literalCode(id), literal: value };
  }
  return { code: findEntity(mem, ref as EntityRef, call, field, k) };
}

/** An entity that must exist (merge, retract by name): its id, or NotFoundError. */
export function existingEntity(mem: MemoryTables, ref: EntityRef, call: string, field: string, k: number): number {
  const id = findEntity(mem, ref, call, field, k);
  if (id === NONE) throw new NotFoundError(`${call}: ${field} "${typeof ref === 'string' ? ref : `#${show(ref.id)}`}" is not a known entity`);
  return id;
}

export function requireKnown(mem: MemoryTables, ref: EntityRef, call: string): number {
  return existingEntity(mem, ref, call, 'entity', Infinity);
}

export function pendingEntity(mem: MemoryTables, ref: EntityRef, call: string, field: string, at: number): PendingEntity {
  if (typeof ref === 'string') {
    const canonical = checkName(ref, call, field);
    const id = mem.entities.lookup(canonical);
    return id === NONE ? { create: canonical, display: displayName(ref) } : mem.entities.resolveAt(id, at);
  }
  return findEntity(mem, ref, call, field, at);
}

export function existingEpisode(mem: MemoryTables, id: unknown, call: string): number {
  if (typeof id !== 'string') throw new InvalidArgumentError(`${call}: episode must be an episode id (string)`);
  const index = mem.episodes.find(id);
  if (index === NONE) throw new NotFoundError(`${call}: episode "${id}" does not exist; record it with episode() first`);
  return index;
}

export function checkFactIds(mem: MemoryTables, ids: readonly number[], call: string): number[] {
  const list = readList(call, ids, 'ids');
  for (const id of list) {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= mem.store.rowCount) throw new NotFoundError(`${call}: no fact version #${show(id)}`);
  }
  return list.map((id) => plainZero(id as number));
}

/** An episode id that may be added: a non-empty stored string the memory does not have yet. */
export function checkEpisodeId(mem: MemoryTables, id: unknown, call: string): string {
  if (typeof id !== 'string' || id.length === 0) throw new InvalidArgumentError(`${call}: id must be a non-empty string`);
  checkText(id, call, 'id');
  if (mem.episodes.find(id) !== NONE) throw new InvalidArgumentError(`${call}: episode "${id}" already exists`);
  return id;
}

/** @internal A vector as stored (float32): one that overflows float32 or holds NaN is refused; -0 is stored as 0. */
export function checkVector(mem: MemoryTables, vector: ArrayLike<number>, call: string): Float32Array {
  if (mem.dimensions === 0) throw new InvalidArgumentError(`${call}: this memory keeps no vectors (set options.dimensions)`);
  if (vector === null || typeof vector !== 'object' || typeof vector.length !== 'number') {
    throw new InvalidArgumentError(`${call}: vector must be an array of numbers`);
  }
  if (vector.length !== mem.dimensions) {
    throw new InvalidArgumentError(`${call}: vector has ${vector.length} dimensions; this memory uses ${mem.dimensions}`);
  }
  for (let i = 0; i < vector.length; i++) {
    if (typeof vector[i] !== 'number') throw new InvalidArgumentError(`${call}: vector[${i}] is not a number`);
  }
  const out = Float32Array.from(vector);
  for (let i = 0; i < out.length; i++) {
    if (!Number.isFinite(out[i]!)) throw new InvalidArgumentError(`${call}: vector[${i}] is not a finite float32 number`);
    if (out[i] === 0) out[i] = 0;
  }
  return out;
}

export function literalId(mem: MemoryTables, value: LiteralValue): number {
  if (typeof value === 'number') {
    const known = mem.numberLiteralIds.get(value);
    if (known !== undefined) return known;
  }
  const key = literalKey(value);
  let id = mem.literalIds.get(key);
  if (id === undefined) {
    id = mem.literals.length;
    mem.literals.push(value);
    mem.literalIds.set(key, id);
  }
  if (typeof value === 'number') mem.numberLiteralIds.set(value, id);
  return id;
}

/** The provenance key of an assertion without source, reason and edge type. */
const PLAIN_PROVENANCE = `${NONE},${NONE},${NONE}`;

export function provenanceId(mem: MemoryTables, source: string | undefined, reason: string | undefined, edgeType: EdgeType | undefined): number {
  const s = source === undefined ? NONE : mem.strings.intern(source);
  const r = reason === undefined ? NONE : mem.strings.intern(reason);
  const e = edgeType === undefined ? NONE : EDGE_TYPES.indexOf(edgeType);
  // The common case (no source, reason or edge type) without making its key on every assertion.
  const key = s === NONE && r === NONE && e === NONE ? PLAIN_PROVENANCE : `${s},${r},${e}`;
  let id = mem.provenanceIds.get(key);
  if (id === undefined) {
    id = mem.provenance.source.length;
    mem.provenance.source.push(s);
    mem.provenance.reason.push(r);
    mem.provenance.edgeType.push(e);
    mem.provenanceIds.set(key, id);
  }
  return id;
}

export function withMerged(mem: MemoryTables, id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const m of mem.mergedFrom.get(out[i]!) ?? []) out.push(m);
  return out;
}

/** The key of a literal in `literalIds` (-0 and 0 are one literal). */
export function literalKey(value: LiteralValue): string {
  return typeof value === 'string' ? `s${value}` : typeof value === 'number' ? `n${Object.is(value, -0) ? 0 : value}` : `b${value}`;
}
