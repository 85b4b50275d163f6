// Recall building blocks: pure, deterministic, independent of the fact store (they work on caller ids).
export { tokenize, stem, words, estimateTokens, textCounts, tokensFromCounts, STOP_WORDS } from './text.js';
export type { TextCounts } from './text.js';
export type { Hit } from './grow.js';
export { Bm25Index, BM25_DEFAULTS } from './bm25.js';
export type { Bm25Options, Bm25State } from './bm25.js';
export { Hnsw, HNSW_DEFAULTS, bruteForceSearch } from './hnsw.js';
export type { HnswMetric, HnswOptions, HnswSearchOptions, HnswState } from './hnsw.js';
export { HashEmbedder, HASH_EMBEDDER_DEFAULTS, builtInEmbedderId, cosineSimilarity } from './embedder.js';
export type { AbortSignalLike, Embedder, HashEmbedderOptions, ModelCallOptions } from './embedder.js';
export { episodeEmbeddingText } from './embedding-text.js';
export { reciprocalRankFusion, RRF_DEFAULTS } from './rrf.js';
export type { RankedList, RrfOptions } from './rrf.js';
export { resolveRelativeDates } from './dates.js';
export type { DateGranularity, ResolvedDate } from './dates.js';
export { RuleExtractor, RULE_CONFIDENCE, MAX_ENTITIES_PER_TURN } from './extractor.js';
export type { Extraction, ExtractedEntity, ExtractedFact, Extractor, ExtractorEpisode, RuleExtractorOptions, Turn } from './extractor.js';
export { packContext, PACK_HEADERS } from './pack.js';
export type { PackEpisode, PackFact, PackInput, PackedContext } from './pack.js';
