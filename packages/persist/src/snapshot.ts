/** MemoryGraph <-> snapshot bytes (browser-safe). */
import { ConfigMismatchError, CorruptSnapshotError, EmbedderMismatchError, InvalidArgumentError, MemoryGraph, SnapshotVersionError } from '@palimpsest/core';
import type { Embedder, LoadConfigOptions } from '@palimpsest/core';
import { exportSnapshotState, tablesOf } from '@palimpsest/core/internal';
import type { SnapshotSource } from '@palimpsest/core/internal';
import { decodeStateAs } from './snapshot-decode.js';
import type { DecodeOptions } from './snapshot-decode.js';
import { encodeStateAs } from './snapshot-encode.js';

/**
 * Options for decodeSnapshot and loadSnapshot. `predicates`, `minConfidence` and `dimensions` may repeat
 * the stored configuration; one that differs is refused with ConfigMismatchError naming the key.
 */
export interface SnapshotOptions extends DecodeOptions, LoadConfigOptions {
  /** The decoded memory's record-time clock. @default () => Date.now() */
  now?: () => number;
  /**
   * The embedder the memory was made with: a snapshot stores its id and dimensions (and the vectors), not
   * the model. Another embedder is refused with EmbedderMismatchError; without one the memory opens for
   * every read, and recall refuses by name when it would have to embed. @default the built-in HashEmbedder
   */
  embedder?: Embedder;
  /**
   * When recall's indexes are built: in the load's pass ('load', so the first recall costs like any other), or
   * at the first recall ('first-recall': a faster load for callers that only read facts). @default 'load'
   */
  recallIndex?: 'load' | 'first-recall';
}

/**
 * The memory as snapshot bytes. Deterministic: the same memory (same state) always gives the same bytes.
 * Throws InvalidArgumentError past FlatBuffers' 2 GiB single-buffer limit.
 */
export function encodeSnapshot(mem: MemoryGraph): Uint8Array {
  if (!(mem instanceof MemoryGraph)) {
    throw new InvalidArgumentError(`encodeSnapshot: expected a MemoryGraph, got ${mem === null ? 'null' : typeof mem}`);
  }
  return encodeStateAs('encodeSnapshot', exportStateAs('encodeSnapshot', mem), true);
}

/**
 * mem.exportState() and recall's episode indexes (a load reads them instead of re-indexing every turn), as
 * a snapshot source valid until the memory's next write, with a size refusal re-prefixed by the call the user made.
 */
export function exportStateAs(caller: string, mem: MemoryGraph): SnapshotSource {
  try {
    const tables = tablesOf(mem);
    // views of the memory's arrays and column writers, read by the encoder at once (no copy beside the graph)
    return tables === undefined ? mem.exportState() : exportSnapshotState(tables, true);
  } catch (e) {
    if (e instanceof InvalidArgumentError) {
      const err = new InvalidArgumentError(`${caller}: ${e.message.replace(/^MemoryGraph\.exportState: /, '')}`);
      err.cause = e;
      throw err;
    }
    throw e;
  }
}

/**
 * A memory from snapshot bytes. Truncated, damaged, foreign or empty input throws CorruptSnapshotError,
 * a newer format SnapshotVersionError; nothing else is thrown for bad bytes and no half-loaded memory is
 * returned. Columns are copied out of `bytes` unless `{ copy: false }` (see DecodeOptions).
 */
export function decodeSnapshot(bytes: Uint8Array | ArrayBuffer, options?: SnapshotOptions): MemoryGraph {
  return decodeSnapshotAs('decodeSnapshot', bytes, options);
}

/** Core's fromState key for "the state's arrays are handed over; adopt them instead of copying". */
const ADOPT_COLUMNS = Symbol.for('palimpsest.adoptColumns');

/**
 * `ownsBytes`: the caller read `bytes` itself and nobody else holds them (loadSnapshot), so columns decoded
 * as views into them may become the memory's own. Copied columns (the default) always may.
 */
export function decodeSnapshotAs(
  caller: string,
  bytes: Uint8Array | ArrayBuffer,
  options: SnapshotOptions = {},
  ownsBytes = false,
): MemoryGraph {
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${caller}: options must be an object`);
  if (options.now !== undefined && typeof options.now !== 'function') {
    throw new InvalidArgumentError(`${caller}: now must be a function returning milliseconds`);
  }
  if (options.predicates !== undefined && (options.predicates === null || typeof options.predicates !== 'object')) {
    throw new InvalidArgumentError(`${caller}: predicates must be an object`);
  }
  const given = options.embedder as Partial<Embedder> | undefined | null;
  if (given !== undefined && (given === null || typeof given !== 'object' || typeof given.embed !== 'function' || typeof given.id !== 'string' || !Number.isInteger(given.dimensions))) {
    throw new InvalidArgumentError(`${caller}: embedder must have an id, integer dimensions and an embed(texts) method`);
  }
  const state = decodeStateAs(caller, bytes, options);
  try {
    return MemoryGraph.fromState(state, {
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
      ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
      ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }),
      ...(options.predicates === undefined ? {} : { predicates: options.predicates }),
      ...(options.recallIndex === undefined ? {} : { recallIndex: options.recallIndex }),
      [ADOPT_COLUMNS]: options.copy !== false || ownsBytes,
    } as Parameters<typeof MemoryGraph.fromState>[1]);
  } catch (e) {
    if (e instanceof ConfigMismatchError) {
      throw new ConfigMismatchError(`${caller}: ${e.message.replace(/^MemoryGraph\.fromState: /, '')}`, e.key);
    }

    // fromState names its own errors; keep their class, prefix the call the user made.
    const message = `${caller}: ${e instanceof Error ? e.message : String(e)}`;
    const err =
      e instanceof SnapshotVersionError
        ? new SnapshotVersionError(message)
        : e instanceof EmbedderMismatchError
          ? new EmbedderMismatchError(message)
          : new CorruptSnapshotError(message);
    err.cause = e;
    throw err;
  }
}
