export { openAIEmbedder } from './embedder.js';
export type { OpenAIEmbedder, OpenAIEmbedderOptions } from './embedder.js';
export { openAIExtractor, EXTRACTION_PROMPT, EXTRACTION_RESPONSE_FORMAT } from './extractor.js';
export type { OpenAIExtractor, OpenAIExtractorOptions } from './extractor.js';
export { CLIENT_DEFAULTS } from './client.js';
export type { ClientOptions, ModelCall, ModelPrice, UsageTotals } from './client.js';
export { ModelRequestError, ModelResponseError } from './errors.js';
