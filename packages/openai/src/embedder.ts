import { InvalidArgumentError } from '@palimpsest/core';
import type { Embedder, ModelCallOptions } from '@palimpsest/core';
import { Client, emptyTotals } from './client.js';
import type { ClientOptions, UsageTotals } from './client.js';
import { ModelResponseError } from './errors.js';

export interface OpenAIEmbedderOptions extends ClientOptions {
  /** e.g. 'text-embedding-3-small', or the model name your server serves. */
  model: string;
  /** The vector length the model makes (declared: a memory stores it with the embedder's id). */
  dimensions: number;
  /**
   * Send `dimensions` in the request (text-embedding-3 models shorten their vectors to it). Turn it off for
   * servers that refuse the field; the answer must still have `dimensions` numbers. @default true
   */
  sendDimensions?: boolean;
  /** Texts per request. @default 128 */
  batchSize?: number;
  /** @default `openai:${model}:${dimensions}` */
  id?: string;
}

export interface OpenAIEmbedder extends Embedder {
  embed(texts: readonly string[], options?: ModelCallOptions): Promise<Float32Array[]>;
  /** Tokens, requests and cost so far. */
  readonly usage: UsageTotals;
}

/**
 * An Embedder over POST /embeddings of any OpenAI-compatible server. `embed(texts)` sends the texts in
 * requests of `batchSize`, one after another, and resolves with every vector in the texts' order, or
 * rejects (ModelRequestError, ModelResponseError, AbortError) with nothing returned.
 */
export function openAIEmbedder(options: OpenAIEmbedderOptions): OpenAIEmbedder {
  const call = 'openAIEmbedder';
  const client = new Client(options, call);
  if (typeof options.model !== 'string' || options.model === '') throw new InvalidArgumentError(`${call}: model must be a non-empty string`);
  const dimensions = options.dimensions;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 65536) throw new InvalidArgumentError(`${call}: dimensions (${String(dimensions)}) must be a whole number from 1 to 65536`);
  const batchSize = options.batchSize ?? 128;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new InvalidArgumentError(`${call}: batchSize (${String(batchSize)}) must be a whole number ≥ 1`);
  const sendDimensions = options.sendDimensions ?? true;
  const model = options.model;
  const usage = emptyTotals();
  return {
    id: options.id ?? `openai:${model}:${dimensions}`,
    dimensions,
    usage,
    async embed(texts: readonly string[], callOptions?: ModelCallOptions): Promise<Float32Array[]> {
      const where = `${call}.embed`;
      if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string')) throw new InvalidArgumentError(`${where}: texts must be an array of strings`);
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        const input = texts.slice(i, i + batchSize);
        const body = { model, input, encoding_format: 'float', ...(sendDimensions ? { dimensions } : {}) };
        const { json, attempts } = await client.post(where, '/embeddings', body, callOptions?.signal as AbortSignal | undefined);
        out.push(...vectorsOf(json, input.length, dimensions, where));
        client.account(usage, 'embeddings', model, input.length, (json as { usage?: unknown }).usage, attempts);
      }
      return out;
    },
  };
}

/** The answer's vectors in input order, checked: one per input, each of `dimensions` finite numbers. */
function vectorsOf(json: unknown, count: number, dimensions: number, where: string): Float32Array[] {
  const bad = (why: string): never => {
    throw new ModelResponseError(`${where}: the embeddings answer ${why}`);
  };
  const data = (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return bad('has no data array');
  if (data.length !== count) bad(`has ${data.length} embeddings for ${count} inputs`);
  const out: Array<Float32Array | undefined> = new Array(count);
  data.forEach((d: unknown, i) => {
    const item = d as { index?: unknown; embedding?: unknown } | null;
    const index = item?.index ?? i;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count || out[index as number] !== undefined) bad(`has a bad or repeated index at data[${i}]`);
    const e = item?.embedding;
    if (!Array.isArray(e) || e.length !== dimensions) bad(`has an embedding of ${Array.isArray(e) ? e.length : 'no'} numbers at data[${i}], not ${dimensions}`);
    const v = Float32Array.from(e as number[]);
    for (let j = 0; j < v.length; j++) if (!Number.isFinite(v[j]!)) bad(`has a non-number in data[${i}].embedding`);
    out[index as number] = v;
  });
  return out as Float32Array[];
}
