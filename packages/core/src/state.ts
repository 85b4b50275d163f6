import type { DependencyState } from './graph/dependencies.js';
/**
 * The whole memory as plain named arrays: what a snapshot file stores and what `MemoryGraph.fromState`
 * wraps back. The persist package encodes this generically (named typed vectors, named string lists,
 * one JSON config), so the engine's internals can grow a column without a schema change.
 *
 * Contract:
 * - `columns` arrays are exactly as long as their used part (no spare capacity) and are little-endian
 *   when written out; `fromState` takes ownership of them (it may wrap them without copying).
 * - `strings` hold the string dictionaries in id order.
 * - `config` is JSON-serialisable (no Infinity, no undefined values).
 * - `fromState` checks every length and cross-reference and throws `CorruptSnapshotError` (never another
 *   exception) when something does not fit; it throws `SnapshotVersionError` for another `formatVersion`.
 */
export type ColumnArray = Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array;

/**
 * 3: an episode's log record holds its index in the episode table, not its text (log-records.ts); 2: the log (`log.bytes`, `log.ends`) holds binary records (log/log-records.ts); 1: JSON lines, each
 * ending with a newline (still read: its lines become JSON records).
 */
export const STATE_FORMAT_VERSION = 3;

export interface StateConfig {
  minConfidence: number;
  /** 0 when the memory keeps no vectors. */
  dimensions: number;
  predicates: Array<{ name: string; cardinality: 'one' | 'many'; minConfidence: number | null }>;
  /** The latest record time applied (record time only moves forward). -Infinity is written as null. */
  lastRecordedAt: number | null;
  /** The embedder the memory's vectors come from; absent: the built-in HashEmbedder of `dimensions`. */
  embedder?: { id: string; dimensions: number };
  /** Who "I" is in a turn without a speaker; absent in snapshots written before it was kept (then 'user'). */
  defaultSpeaker?: string;
  /** Which fact versions rest on which (graph/dependencies.ts); absent when none do. */
  dependencies?: DependencyState;
}

export interface MemoryState {
  formatVersion: number;
  config: StateConfig;
  columns: Record<string, ColumnArray>;
  strings: Record<string, string[]>;
}
