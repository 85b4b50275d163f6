export * from './errors.js';
export * from './types.js';
export * from './state.js';
export { MemoryGraph, MemoryView, DEFAULTS } from './graph/memory-graph.js';
export type {
  Operation,
  InitOp,
  PredicateOp,
  EntityOp,
  AliasOp,
  MergeOp,
  AssertOp,
  RetractOp,
  EpisodeOp,
  ArchiveOp,
  RetrievedOp,
  SalienceOp,
  ObjectSpec,
} from './graph/log.js';
export * from './recall/index.js';
