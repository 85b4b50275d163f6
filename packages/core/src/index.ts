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
} from './log/log.js';
export * from './recall/index.js';
export { RECALL_DEFAULTS, MODEL_EMBEDDER_DEFAULTS } from './graph/recall-engine.js';
export type { RecallOptions, RecallResult, RecalledFact, RecallWeights, EdgeTypeWeights } from './graph/recall-engine.js';
export type { LoadConfigOptions } from './graph/config-check.js';
export type { FactColumns } from './graph/fact-columns.js';
export { ingestEpisode } from './ingest/episode.js';
export type { IngestOptions, IngestResult } from './ingest/episode.js';
export { ingest, INGEST_DEFAULTS } from './ingest/pipeline.js';
export type { IngestTurn, IngestTurnsOptions, IngestProgress, IngestSummary } from './ingest/pipeline.js';
export { transcriptTurns, ingestTranscript } from './ingest/transcript.js';
export type { Transcript, TranscriptTurn, TranscriptSession, TranscriptOrder, TranscriptOptions } from './ingest/transcript.js';
export type { EmbedderConfig } from './recall/embedder-config.js';
export { CONSOLIDATE_DEFAULTS } from './graph/consolidate.js';
export type { ConsolidateOptions, ConsolidateResult } from './graph/consolidate.js';
export { literalKey } from './graph/graphology.js';
export type { GraphNodeAttributes, GraphEdgeAttributes, GraphologyOptions, MemoryGraphology } from './graph/graphology.js';
export type { ForgetPlan, ForgetResult } from './forget/forget.js';
export type { ForgetOptions, ForgetScope } from './forget/scope.js';
export type { Tombstone } from './forget/tombstone.js';
