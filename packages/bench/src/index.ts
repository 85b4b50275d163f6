/** @palimpsest/bench: the benchmark pipeline and its parts, for scripts that want one piece of it. */
export { runPipeline, SIZES, MODE_DESCRIPTIONS, PUBLISHED_QUALITY, PUBLISHED_LATENCY, stratified } from './pipeline.js';
export { Phases, conversationSummary, rowsSummary } from './phases.js';
export type { Mode, PipelineOptions, PipelineResult } from './pipeline.js';
export { percentile, quantileSorted, summarize, throughput, SampleRecorder } from './stats.js';
export type { LatencySummary } from './stats.js';
export { MemorySampler, withMemory, gcIfExposed } from './memory.js';
export type { MemoryPeak } from './memory.js';
export { dcg, evaluateRetrieval, evaluateTurnToSession, evidenceRecall, mean } from './metrics.js';
export { PlainBm25, plainTokens } from './plain-bm25.js';
export type { RetrievalScores } from './metrics.js';
export { SqlitePeer, compareAnswers, factToRow, rowKey, OPEN_FUTURE, OPEN_PAST } from './peers/sqlite.js';
export type { EdgeRow, Agreement, SqlitePeerOptions } from './peers/sqlite.js';
export { HnswlibPeer, makeVectors, exactTopK, recallAtK } from './peers/hnswlib.js';
export type { HnswParams, VectorIndexUnderTest } from './peers/hnswlib.js';
export { writeReport, timestampFolder, toJson } from './report/write.js';
export { latencyChart, groupedBarChart, escapeXml } from './report/svg.js';
export { environment, gitCommit } from './report/env.js';
export type { BenchReport, WorkloadResult, QualityRow, PublishedLatency, Environment } from './report/types.js';
