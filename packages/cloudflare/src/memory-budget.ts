/**
 * How much of its isolate a memory takes, from its stored size: the default MAX_MEMORY_BYTES.
 *
 * One memory lives in one isolate of 128 MB. Its largest moment is saving a snapshot: the live graph, the
 * snapshot bytes beside it and what encoding leaves behind before a GC (waking, the bytes and the decoded
 * graph, takes less). Measured in Node's V8 with scripts/measure-capacity.mjs (README "Limits"), that peak
 * is about the same multiple of the snapshot's size near the limit on LoCoMo turns (short) and LongMemEval_S
 * turns (long assistant answers), since the snapshot holds the structures the graph does (episode text, the
 * log, recall's indexes): at a 17.8–19 MiB snapshot, 5.6× for LoCoMo and 6.0× for LongMemEval_S. (At smaller
 * sizes the multiple is higher, from fixed costs, but the peak is far below the budget.)
 *
 * The stored size the object bounds runs a little behind the snapshot it would save: the operation JSON
 * stored since the last snapshot is about 0.7–0.8 of the snapshot bytes the same turns add (≤ 0.43 MiB
 * short at SNAPSHOT_EVERY_BYTES), and a write is admitted on its body's size while its operations can be
 * 2.4× that (≤ 0.35 MiB past the limit at MAX_REQUEST_BYTES). So a memory stopped at 17 MiB saves
 * snapshots of up to about 17.8 MiB, where LongMemEval_S turns peaked at 106.2–107.1 MiB.
 */

const MiB = 1024 * 1024;

/** A Durable Object's isolate: "the 128 MB of memory your Durable Object is allocated" (pricing page). */
export const ISOLATE_BYTES = 128 * MiB;

/** Left for the Worker's code (the bundle, the MCP SDK, zod) and the request being served. */
export const RESERVED_BYTES = 20 * MiB;

/**
 * The isolate's peak, saving a snapshot, per stored byte near the limit, on the worst data set measured:
 * LongMemEval_S's 107.1 MiB at a 17.8 MiB snapshot, over the 17 MiB of stored size it can come from.
 */
export const PEAK_PER_STORED_BYTE = 6.3;

/** The isolate memory a memory of `storedBytes` is expected to peak at (saving a snapshot). */
export function peakEstimate(storedBytes: number): number {
  return storedBytes * PEAK_PER_STORED_BYTE;
}

/** The largest stored size whose expected peak leaves RESERVED_BYTES of the isolate free, in whole MiB. */
export const DEFAULT_MAX_MEMORY_BYTES = Math.floor((ISOLATE_BYTES - RESERVED_BYTES) / PEAK_PER_STORED_BYTE / MiB) * MiB;
