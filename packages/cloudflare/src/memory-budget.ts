/**
 * How much of its isolate a memory takes, from its stored size: the default MAX_MEMORY_BYTES.
 *
 * One memory lives in one isolate of 128 MB. Its largest moment is saving a snapshot: the live graph, the
 * snapshot bytes beside it and what encoding leaves behind before a GC (waking, the bytes and the decoded
 * graph, takes less). Measured in Node's V8 with scripts/measure-capacity.mjs (README "Limits"), that peak
 * is a steady multiple of the snapshot's size near the limit, on LoCoMo turns (short) and LongMemEval_S
 * turns (long assistant answers) alike, since the snapshot holds the same structures the graph does
 * (episode text, the log, recall's indexes): at a 17–18 MiB snapshot, 5.7× for LoCoMo and 6.0–6.1× for
 * LongMemEval_S. The stored size the object bounds is the snapshot plus the operation JSON stored since,
 * which runs at about 0.7–0.8 of the snapshot bytes the same turns add, so up to SNAPSHOT_EVERY_BYTES of
 * it counts a little short; the factor below covers that too.
 */

const MiB = 1024 * 1024;

/** A Durable Object's isolate: "the 128 MB of memory your Durable Object is allocated" (pricing page). */
export const ISOLATE_BYTES = 128 * MiB;

/** Left for the Worker's code (the bundle, the MCP SDK, zod) and the request being served. */
export const RESERVED_BYTES = 20 * MiB;

/**
 * The isolate's peak, saving a snapshot, per stored byte near the limit: the worst data set measured
 * (LongMemEval_S, 6.06× at 17 MiB interpolated), plus the pending operations' undercount (≤ 0.43 MiB of
 * snapshot at the default SNAPSHOT_EVERY_BYTES, about 2.6 MiB of peak), rounded up.
 */
export const PEAK_PER_STORED_BYTE = 6.25;

/** The isolate memory a memory of `storedBytes` is expected to peak at (saving a snapshot). */
export function peakEstimate(storedBytes: number): number {
  return storedBytes * PEAK_PER_STORED_BYTE;
}

/** The largest stored size whose expected peak leaves RESERVED_BYTES of the isolate free, in whole MiB. */
export const DEFAULT_MAX_MEMORY_BYTES = Math.floor((ISOLATE_BYTES - RESERVED_BYTES) / PEAK_PER_STORED_BYTE / MiB) * MiB;
