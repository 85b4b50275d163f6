import { AbortError, InvalidArgumentError } from '../errors.js';
import type { AbortSignalLike, Embedder } from './embedder.js';
import type { Extraction, Extractor, Turn } from './extractor.js';

/** A model's answer is checked before anything is written: the right count, the right length, finite numbers. */
export function checkVectors(out: unknown, count: number, dimensions: number, who: string): Float32Array[] {
  if (!Array.isArray(out) || out.length !== count) {
    throw new InvalidArgumentError(`${who} returned ${Array.isArray(out) ? out.length : 'no array of'} vectors for ${count} texts`);
  }
  return out.map((v: unknown, i) => {
    if (!(v instanceof Float32Array) || v.length !== dimensions) {
      throw new InvalidArgumentError(`${who} returned a vector ${i} that is not a Float32Array of ${dimensions} numbers`);
    }
    for (let j = 0; j < v.length; j++) if (!Number.isFinite(v[j]!)) throw new InvalidArgumentError(`${who} returned a non-finite number in vector ${i}`);
    return v;
  });
}

/** Embeds texts in calls of at most `batchSize`, one after another; the vectors are checked. */
export async function embedAll(embedder: Embedder, texts: readonly string[], batchSize: number, call: string, signal?: AbortSignalLike): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batchSize) {
    throwIfAborted(signal, call);
    const batch = texts.slice(i, i + batchSize);
    const vectors = await embedder.embed(batch, signal === undefined ? undefined : { signal });
    out.push(...checkVectors(vectors, batch.length, embedder.dimensions, `${call}: the embedder "${embedder.id}"`));
  }
  return out;
}

/** Calls the extractor on a batch of turns and checks that it answered one Extraction per turn. */
export async function extractBatch(extractor: Extractor, turns: readonly Turn[], call: string, signal?: AbortSignalLike): Promise<Extraction[]> {
  const out = await extractor.extract(turns, signal === undefined ? undefined : { signal });
  if (!Array.isArray(out) || out.length !== turns.length) {
    throw new InvalidArgumentError(`${call}: the extractor "${extractor.id}" returned ${Array.isArray(out) ? out.length : 'no array of'} extractions for ${turns.length} turns`);
  }
  return out as Extraction[];
}

export function throwIfAborted(signal: AbortSignalLike | undefined, call: string): void {
  if (signal?.aborted) throw new AbortError(`${call}: aborted`, { cause: signal.reason });
}

export function checkSignal(signal: unknown, call: string): AbortSignalLike | undefined {
  if (signal === undefined) return undefined;
  const s = signal as Partial<AbortSignalLike> | null;
  if (s === null || typeof s !== 'object' || typeof s.aborted !== 'boolean' || typeof s.addEventListener !== 'function') {
    throw new InvalidArgumentError(`${call}: signal must be an AbortSignal`);
  }
  return s as AbortSignalLike;
}
