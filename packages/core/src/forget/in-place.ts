// A forget for a store that cannot hold a memory twice (a Durable Object in its 128 MB isolate):
// `prepareForgetOf` reads the request and rewrites the log from the live memory (bad input is refused there,
// nothing changed); the store then lets its live memory go, and `rebuildForgotten` builds the memory after
// the forget from the rewritten log alone. The store keeps readers away meanwhile and, if anything after
// that fails, loads its stored memory again before serving.
import { InvalidArgumentError } from '../errors.js';
import { memoryOver } from '../graph/memory-graph.js';
import type { MemoryGraph } from '../graph/memory-graph.js';
import { tablesOf } from '../graph/tables.js';
import { finishForget, prepareForget } from './forget.js';
import type { ForgetResult, PreparedForget } from './forget.js';
import type { ForgetOptions, ForgetScope } from './scope.js';

export type { PreparedForget };

/** A forget of `memory` worked out up to its rebuild; holds none of the memory's tables. */
export function prepareForgetOf(memory: MemoryGraph, scope: ForgetScope, options: ForgetOptions = {}): PreparedForget {
  const tables = tablesOf(memory);
  if (tables === undefined) throw new InvalidArgumentError('MemoryGraph.forget: memory must be a MemoryGraph');
  return prepareForget(tables, scope, options);
}

/** The memory after a prepared forget, a new object (the memory it was prepared from is not changed). */
export function rebuildForgotten(prepared: PreparedForget): ForgetResult & { memory: MemoryGraph } {
  const plan = finishForget(prepared);
  return { memory: memoryOver(plan.tables), tombstone: plan.tombstone, counts: plan.counts };
}
