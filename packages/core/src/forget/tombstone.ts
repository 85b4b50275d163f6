// Tombstones: the one trace a forget leaves in the log (a `forget` operation: time, scope kind, reason, counts).
// The scope's identifying string (an episode id, an entity's name, a source, a fact's triple) is content
// and is not kept, not even hashed: a hash of a name is found again by hashing candidate names.
import { InvalidArgumentError } from '../errors.js';
import { RECORD_JSON } from '../log/log-records.js';
import type { ForgetCounts, ForgetOp } from '../log/log.js';
import type { MemoryTables } from '../graph/tables.js';
import { checkText, show } from '../graph/validate.js';
import { commit } from '../graph/write-calls.js';

export type ForgetScopeKind = ForgetOp['scope'];
export const SCOPE_KINDS: readonly ForgetScopeKind[] = ['episode', 'entity', 'source', 'fact'];
const COUNT_KEYS: readonly (keyof ForgetCounts)[] = ['episodes', 'entities', 'facts', 'evidence', 'operations'];

/** What `forget` returns and `tombstones()` lists: a forget operation without its type. */
export interface Tombstone {
  recordedAt: number;
  scope: ForgetScopeKind;
  reason?: string;
  counts: ForgetCounts;
}

/** The forget operation for a tombstone, keys in the order the log writes them. */
export function forgetOp(t: Tombstone): ForgetOp {
  return t.reason === undefined
    ? { type: 'forget', recordedAt: t.recordedAt, scope: t.scope, counts: t.counts }
    : { type: 'forget', recordedAt: t.recordedAt, scope: t.scope, reason: t.reason, counts: t.counts };
}

/** The counts of a logged forget, checked and copied in their fixed key order. */
function readCounts(raw: unknown): ForgetCounts {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new InvalidArgumentError(`forget: counts must be an object, got ${show(raw)}`);
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(given)) if (!(COUNT_KEYS as string[]).includes(key)) throw new InvalidArgumentError(`forget: counts has an unknown field ${JSON.stringify(key)}`);
  const out = {} as ForgetCounts;
  for (const key of COUNT_KEYS) {
    const v = given[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new InvalidArgumentError(`forget: counts.${key} must be a whole number ≥ 0, got ${show(v)}`);
    out[key] = v;
  }
  return out;
}

/**
 * Replays a logged forget: the log it belongs to was already rewritten when it was logged, so it only
 * records the tombstone (and moves the record clock).
 */
export function applyForgetOp(mem: MemoryTables, op: ForgetOp): void {
  if (!SCOPE_KINDS.includes(op.scope)) throw new InvalidArgumentError(`forget: scope must be one of ${SCOPE_KINDS.join(', ')}, got ${show(op.scope)}`);
  if (op.reason !== undefined) checkText(op.reason, 'forget', 'reason');
  const counts = readCounts(op.counts);
  const at = mem.stamp(op.recordedAt, 'forget');
  commit(mem, forgetOp({ recordedAt: at, scope: op.scope, ...(op.reason === undefined ? {} : { reason: op.reason }), counts }), at);
}

const encoder = new TextEncoder();
/** A forget record's first bytes: the JSON kind, then `{"type":"forget"` (the log writes `type` first). */
const PREFIX = Uint8Array.of(RECORD_JSON, ...encoder.encode('{"type":"forget"'));

/** Every tombstone in the log, oldest first (a scan of the records' first bytes; only forgets are decoded). */
export function readTombstones(mem: MemoryTables): Tombstone[] {
  const out: Tombstone[] = [];
  const log = mem.logBuffer;
  for (let i = 0; i < log.length; i++) {
    const bytes = log.record(i);
    if (bytes.length < PREFIX.length || bytes[0] !== RECORD_JSON || bytes[9] !== PREFIX[9]) continue; // 'f' of "forget"
    let same = true;
    for (let k = 1; k < PREFIX.length && same; k++) same = bytes[k] === PREFIX[k];
    if (!same) continue;
    const { type: _type, ...tombstone } = log.get(i) as ForgetOp;
    out.push(tombstone);
  }
  return out;
}
