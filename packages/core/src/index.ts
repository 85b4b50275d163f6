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
  ForgetOp,
  ForgetCounts,
  ObjectSpec,
} from './graph/log.js';
export * from './recall/index.js';
export { RecallEngine, RECALL_DEFAULTS, MODEL_EMBEDDER_DEFAULTS } from './graph/recall-engine.js';
export type { RecallOptions, RecallResult, RecalledFact, RecallWeights, EdgeTypeWeights } from './graph/recall-engine.js';
export type { LoadConfigOptions } from './graph/config-check.js';
export type { FactColumns } from './graph/fact-columns.js';
export { ingestEpisode } from './graph/ingest.js';
export type { IngestOptions, IngestResult } from './graph/ingest.js';
export { ingest, INGEST_DEFAULTS } from './graph/ingest-pipeline.js';
export type { IngestTurn, IngestTurnsOptions, IngestProgress, IngestSummary } from './graph/ingest-pipeline.js';
export { transcriptTurns, ingestTranscript } from './graph/transcript.js';
export type { Transcript, TranscriptTurn, TranscriptSession, TranscriptOrder, TranscriptOptions } from './graph/transcript.js';
export type { EmbedderConfig } from './graph/embedder-config.js';
export { CONSOLIDATE_DEFAULTS } from './graph/consolidate.js';
export type { ConsolidateOptions, ConsolidateResult } from './graph/consolidate.js';
export { literalKey } from './graph/graphology.js';
export type { GraphNodeAttributes, GraphEdgeAttributes, GraphologyOptions, MemoryGraphology } from './graph/graphology.js';
export { mulberry32 } from './util/random.js';
export { planForget } from './forget/forget.js';
export type { ForgetPlan, ForgetResult } from './forget/forget.js';
export type { ForgetOptions, ForgetScope } from './forget/scope.js';
export type { Tombstone } from './forget/tombstone.js';
