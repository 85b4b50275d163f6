/**
 * `@palimpsest/core/internal`: the engine's insides for palimpsest's own packages, tests and benchmarks —
 * a memory's tables (`tablesOf(memory)`), the recall engine, the seeded PRNG and the UTF-16 check persist
 * shares with core. Not public API: it follows the engine and may change in any release.
 */
export { MemoryTables, releaseRecallScratch, tablesOf } from './graph/tables.js';
export { RecallEngine } from './graph/recall-engine.js';
export { mulberry32 } from './util/random.js';
export { isWellFormed } from './util/well-formed.js';
export { memorySizeReport } from './graph/memory-size.js';
export type { MemorySizeReport } from './graph/memory-size.js';
export { exportSnapshotState } from './snapshot/recall-indexes.js';
export type { ColumnTag, ColumnWriter, SnapshotSource } from './snapshot/snapshot-source.js';
export { prepareForgetOf, rebuildForgotten } from './forget/in-place.js';
export type { PreparedForget } from './forget/in-place.js';
