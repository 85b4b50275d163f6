// Forgetting on request: the content a scope names (and what was derived only from it) leaves the memory, its
// log and everything built from them; a tombstone stays. Forgetting is not supersession (which keeps the past
// readable) nor archiving (which keeps content and hides it from recall): it rewrites the past. The memory
// becomes the one its rewritten log replays to: scope.ts reads the request, rewrite.ts rewrites the log,
// rebuild.ts replays it, tombstone.ts logs the trace. FORGETTING.md in this package says what is kept.
import { InvalidArgumentError } from '../errors.js';
import type { ForgetCounts } from '../log/log.js';
import type { MemoryGraph } from '../graph/memory-graph.js';
import type { MemoryTables } from '../graph/tables.js';
import { rebuildMemory, rebuildSource } from './rebuild.js';
import type { RebuildSource } from './rebuild.js';
import { rewriteOps } from './rewrite.js';
import type { Rewritten } from './rewrite.js';
import { readForgetOptions, readForgetScope } from './scope.js';
import { applyForgetOp, forgetOp } from './tombstone.js';
import type { Tombstone } from './tombstone.js';

export interface ForgetResult {
  tombstone: Tombstone;
  counts: ForgetCounts;
}

/**
 * A forget worked out but not yet taken on (`MemoryGraph.planForget`): the memory after it (a new object,
 * for a store to save before readers see it) and its tombstone; `adoptForget(plan)` takes it on.
 */
export interface ForgetPlan extends ForgetResult {
  memory: MemoryGraph;
  /** The planned memory's operation count: the plan applies to it as it was then (adoptForget checks). */
  basedOn: number;
}

/** The same, as tables (what MemoryGraph wraps). */
export interface TablesPlan extends ForgetResult {
  tables: MemoryTables;
  basedOn: number;
}

/**
 * A forget worked out up to its rebuild: the rewritten log and what the rebuild reads of the old memory,
 * with no reference to the old memory's tables (rebuild.ts RebuildSource).
 */
export interface PreparedForget {
  rewritten: Rewritten;
  source: RebuildSource;
  tombstone: Tombstone;
  basedOn: number;
  call: string;
}

/** Reads and checks the request and rewrites the log, without changing `mem`; bad input is refused here. */
export function prepareForget(mem: MemoryTables, scope: unknown, options: unknown, call = 'MemoryGraph.forget'): PreparedForget {
  const basedOn = mem.logBuffer.length;
  const target = readForgetScope(mem, scope, call);
  const opts = readForgetOptions(options, call);
  const at = mem.stamp(opts.recordedAt, call);
  const rewritten = rewriteOps(mem.logBuffer.toArray(), target, mem.entities.count);
  if (opts.reason !== undefined && rewritten.names?.(opts.reason) === true) {
    throw new InvalidArgumentError(`${call}: reason names what is being forgotten; a tombstone keeps no content, so say why without naming it`);
  }
  rewritten.names = undefined;
  const tombstone: Tombstone = { recordedAt: at, scope: target.kind, ...(opts.reason === undefined ? {} : { reason: opts.reason }), counts: rewritten.counts };
  return { rewritten, source: rebuildSource(mem, rewritten), tombstone, basedOn, call };
}

/** The tables after a prepared forget, rebuilt from its rewritten log, with its tombstone logged. */
export function finishForget(p: PreparedForget): TablesPlan {
  const tables = rebuildMemory(p.source, p.rewritten, p.call);
  applyForgetOp(tables, forgetOp(p.tombstone));
  return { tables, tombstone: p.tombstone, counts: p.rewritten.counts, basedOn: p.basedOn };
}

/** Works out a forget without changing `mem`: the tables after it, rebuilt from the rewritten log. */
export function planForget(mem: MemoryTables, scope: unknown, options: unknown, call = 'MemoryGraph.forget'): TablesPlan {
  return finishForget(prepareForget(mem, scope, options, call));
}
