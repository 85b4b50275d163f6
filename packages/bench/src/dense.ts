/**
 * The offline dense model for quality.ts (`--embedder use-lite`): USE-lite vectors from
 * @palimpsest/embed-local, kept in the on-disk cache `.tmp/vectors` (VectorCache) so a rerun embeds nothing
 * twice. The memory gets an Embedder with the model's own id that answers asynchronously (from the cache,
 * embedding what is missing), so the engine sees exactly what a user's `recallAsync` would give it.
 */
import { join } from 'node:path';
import type { Embedder } from '@palimpsest/core';
import { VectorCache } from './vector-cache.js';

export interface DenseModel {
  /** For `new MemoryGraph({ embedder })`: the model's id and dimensions; embeds through the cache. */
  embedder: Embedder;
  /** Whether the text's vector is cached. */
  has(text: string): boolean;
  /** A cached text's vector (fill it first). */
  vectorOf(text: string): Float32Array;
  /** Embeds the texts not cached yet, with progress on stderr every 30 s. */
  fill(texts: Iterable<string>, label: string): Promise<void>;
  /** Texts embedded by this process and the CPU seconds the process spent meanwhile. */
  readonly embedded: { texts: number; cpuSeconds: number };
  readonly cacheFile: string;
  /** What to embed for each turn of one session in order, with the turn before it (embed-local's turnTextsInContext). */
  inContext(turns: ReadonlyArray<{ text: string; speaker?: string }>): string[];
}

export async function useLiteDense(cacheDir = join(process.cwd(), '.tmp', 'vectors')): Promise<DenseModel> {
  // Optional: loaded only when asked for (+120 MB install).
  const { useLiteEmbedder, turnTextsInContext } = await import('@palimpsest/embed-local');
  const model = useLiteEmbedder();
  const cache = new VectorCache(model, cacheDir);
  const embedded = { texts: 0, cpuSeconds: 0 };
  const fill = async (texts: Iterable<string>, label: string): Promise<void> => {
    const c0 = process.cpuUsage();
    let last = performance.now();
    const n = await cache.fill(texts, 64, (done, todo) => {
      if (performance.now() - last < 30_000) return;
      last = performance.now();
      process.stderr.write(`${label}: ${done}/${todo} texts embedded\n`);
    });
    const c = process.cpuUsage(c0);
    if (n > 0) {
      embedded.texts += n;
      embedded.cpuSeconds += (c.user + c.system) / 1e6;
    }
  };
  const vectorOf = (text: string): Float32Array => {
    const v = cache.get(text);
    if (v === undefined) throw new Error(`dense: no cached vector for ${JSON.stringify(text.slice(0, 60))}`);
    return v;
  };
  const embedder: Embedder = {
    id: model.id,
    dimensions: model.dimensions,
    async embed(texts: readonly string[]): Promise<Float32Array[]> {
      await fill(texts, 'catch-up');
      return texts.map(vectorOf);
    },
  };
  return { embedder, has: (text) => cache.get(text) !== undefined, vectorOf, fill, embedded, cacheFile: cache.file, inContext: turnTextsInContext };
}
