import { EmbedderMismatchError, InvalidArgumentError } from '../errors.js';
import { builtInEmbedderId } from './embedder.js';
import type { Embedder } from './embedder.js';

/** The embedder a memory's vectors come from, as its configuration records it (init op, snapshot config). */
export interface EmbedderConfig {
  id: string;
  dimensions: number;
}

/**
 * Set by `replay` and `fromState`: the embedder configuration read from the log or snapshot, which the new
 * memory keeps as it was (an absent one stays absent, so logs and snapshots round-trip byte for byte).
 */
export const RESTORED_EMBEDDER: unique symbol = Symbol('palimpsest.restoredEmbedder');

export function checkEmbedderShape(embedder: unknown, call: string): asserts embedder is Embedder {
  const e = embedder as Partial<Embedder> | null;
  if (e === null || typeof e !== 'object' || typeof e.embed !== 'function') {
    throw new InvalidArgumentError(`${call}: embedder must be an object with an embed(texts) method`);
  }
  if (typeof e.id !== 'string' || e.id.length === 0) throw new InvalidArgumentError(`${call}: embedder.id must be a non-empty string`);
  if (!Number.isInteger(e.dimensions) || e.dimensions! < 1 || e.dimensions! > 65536) {
    throw new InvalidArgumentError(`${call}: embedder.dimensions (${String(e.dimensions)}) must be a whole number from 1 to 65536`);
  }
}

/** A configuration read from a log or snapshot, or a message saying what is wrong with it. */
export function readEmbedderConfig(value: unknown): EmbedderConfig | undefined | string {
  if (value === undefined) return undefined;
  const v = value as Partial<EmbedderConfig> | null;
  if (v === null || typeof v !== 'object' || typeof v.id !== 'string' || v.id.length === 0) return 'embedder.id is not a non-empty string';
  if (!Number.isInteger(v.dimensions) || v.dimensions! < 1 || v.dimensions! > 65536) return 'embedder.dimensions is not a valid length';
  return { id: v.id, dimensions: v.dimensions! };
}

/** What a memory made with `embedder` records: nothing for the built-in embedder (or one with its id). */
export function configOf(embedder: Embedder | undefined, memoryDimensions: number): EmbedderConfig | undefined {
  if (embedder === undefined) return undefined;
  const builtIn = effectiveConfig(undefined, memoryDimensions);
  if (embedder.id === builtIn.id && embedder.dimensions === builtIn.dimensions) return undefined;
  return { id: embedder.id, dimensions: embedder.dimensions };
}

/** The embedder a configuration means: an absent one is the built-in HashEmbedder of the memory's dimensions. */
export function effectiveConfig(config: EmbedderConfig | undefined, memoryDimensions: number): EmbedderConfig {
  return config ?? { id: builtInEmbedderId(memoryDimensions), dimensions: memoryDimensions > 0 ? memoryDimensions : 256 };
}

/** Refuses, by name, to open a memory whose vectors came from one embedder with another. */
export function refuseMismatch(call: string, stored: EmbedderConfig | undefined, memoryDimensions: number, given: Embedder | undefined): void {
  if (given === undefined) return;
  checkEmbedderShape(given, call);
  const want = effectiveConfig(stored, memoryDimensions);
  if (given.id !== want.id || given.dimensions !== want.dimensions) {
    throw new EmbedderMismatchError(
      `${call}: this memory's vectors come from embedder "${want.id}" (${want.dimensions} dimensions), not from the embedder given, "${given.id}" (${given.dimensions} dimensions); open it with the embedder it was made with`,
    );
  }
}

/**
 * Stands in for the embedder of a memory opened without it (facts, history and the other reads need no
 * model): recall works from stored vectors and query vectors, and refuses by name when it would embed.
 */
export class MissingEmbedder implements Embedder {
  constructor(private readonly config: EmbedderConfig) {}
  get id(): string {
    return this.config.id;
  }
  get dimensions(): number {
    return this.config.dimensions;
  }
  embed(): never {
    throw new EmbedderMismatchError(
      `MemoryGraph.recall: this memory's vectors come from embedder "${this.config.id}" (${this.config.dimensions} dimensions), and it was opened without it; pass it as options.embedder to replay, fromState or decodeSnapshot`,
    );
  }
}
