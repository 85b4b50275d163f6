import { InvalidArgumentError } from '../errors.js';
import type { TimeInput } from '../types.js';
import { toMillis } from '../util/time.js';
import type { MemoryTables } from './tables.js';
import { setArchived, writeSalience } from './write-calls.js';

const DAY = 86_400_000;

export interface ConsolidateOptions {
  /** The time salience decays to. @default the memory's clock */
  now?: TimeInput;
  /** Salience halves every this many ms without use; each past retrieval stretches it (×(1 + retrievals)). @default 30 days */
  halfLifeMs?: number;
  /** Versions whose salience falls below this are archived (recall skips them). 0 archives nothing. @default 0.05 */
  coldThreshold?: number;
}

export interface ConsolidateResult {
  /** Versions whose salience changed, and the new values (as stored, float32). */
  salience: { ids: number[]; values: number[] };
  /** Versions archived by this call. */
  archived: number[];
}

export const CONSOLIDATE_DEFAULTS = { halfLifeMs: 30 * DAY, coldThreshold: 0.05 };

/**
 * Salience upkeep. For every version not yet archived, salience = 2^(−age / (halfLife · (1 + retrievals))),
 * where age runs from its last retrieval (or, never retrieved, from when it was last seen: recorded or
 * reinforced) to `now`. The value depends only on those stamps and `now`, so consolidating twice at one
 * `now` changes nothing the second time. Changes go through the logged operations `setSalience` and
 * `archive` (stamped by the memory's clock); the two clocks of a version are never touched.
 */
export function consolidateMemory(mem: MemoryTables, options: ConsolidateOptions, recordedAt: number): ConsolidateResult {
  const call = 'MemoryGraph.consolidate';
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${call}: options must be an object`);
  const now = options.now === undefined ? recordedAt : toMillis(options.now, call, 'now');
  const halfLife = options.halfLifeMs ?? CONSOLIDATE_DEFAULTS.halfLifeMs;
  if (typeof halfLife !== 'number' || !(halfLife > 0)) throw new InvalidArgumentError(`${call}: halfLifeMs (${String(halfLife)}) must be a number > 0`);
  const cold = options.coldThreshold ?? CONSOLIDATE_DEFAULTS.coldThreshold;
  if (typeof cold !== 'number' || !(cold >= 0 && cold <= 1)) throw new InvalidArgumentError(`${call}: coldThreshold (${String(cold)}) must be in [0, 1]`);
  const st = mem.store;
  const ids: number[] = [];
  const values: number[] = [];
  const archived: number[] = [];
  for (let r = 0; r < st.rowCount; r++) {
    if (st.meta.isArchived(r)) continue;
    const last = st.meta.lastRetrievedAtOf(r);
    const since = Number.isNaN(last) ? st.lastSeenAtOf(r) : last;
    const age = Math.max(0, now - since);
    const salience = Math.fround(Math.pow(2, -age / (halfLife * (1 + st.meta.retrievalsOf(r)))));
    if (salience !== st.meta.salienceOf(r)) {
      ids.push(r);
      values.push(salience);
    }
    if (salience < cold) archived.push(r);
  }
  // One stamp for both operations, checked by the caller before anything changes.
  if (ids.length > 0) writeSalience(mem, ids, values, { recordedAt });
  if (archived.length > 0) setArchived(mem, 'archive', archived, { recordedAt });
  return { salience: { ids, values }, archived };
}
