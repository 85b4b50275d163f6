/**
 * How much of its isolate a memory takes, from its stored size: the default MAX_MEMORY_BYTES.
 *
 * One memory lives in one isolate of 128 MB. Its largest moment is saving a snapshot: the live graph and the
 * snapshot bytes beside it (encoding reads the graph's own arrays and writes straight into the snapshot, so
 * it leaves little behind), or the first write after a wake (the bytes read from R2, the decoded graph and
 * what it allocates to grow). Measured in Node's V8 with scripts/measure-capacity.mjs (README "Limits"), the
 * peak per snapshot byte near the limit is higher for LongMemEval_S turns (long assistant answers: 4.5× at a
 * 23.5 MiB snapshot) than for LoCoMo turns (4.1× at 23.1 MiB), so the default is set from LongMemEval_S.
 * (At smaller sizes the multiple is higher, from fixed costs, but the peak is far below the budget.)
 *
 * The stored size the object bounds runs a little behind the snapshot it would save: the operation JSON
 * stored since the last snapshot is about 0.7–0.8 of the snapshot bytes the same turns add (≤ 0.43 MiB
 * short at SNAPSHOT_EVERY_BYTES), and a write is admitted on its body's size while its operations can be
 * 2.4× that (≤ 0.35 MiB past the limit at MAX_REQUEST_BYTES). So a memory stopped at 22 MiB saves
 * snapshots of up to about 22.8 MiB; LongMemEval_S turns peaked at 105.4 MiB at a larger one (23.5 MiB).
 */

const MiB = 1024 * 1024;

/** A Durable Object's isolate: "the 128 MB of memory your Durable Object is allocated" (pricing page). */
export const ISOLATE_BYTES = 128 * MiB;

/** Left for the Worker's code (the bundle, the MCP SDK, zod) and the request being served. */
export const RESERVED_BYTES = 20 * MiB;

/**
 * The isolate's peak (saving a snapshot, or the first write after a wake) per stored byte near the limit, on
 * the worst data set measured: LongMemEval_S's 105.4 MiB at a 23.5 MiB snapshot, over the 22 MiB of stored
 * size a snapshot up to 22.8 MiB can come from (105.4 / 22 = 4.79).
 */
export const PEAK_PER_STORED_BYTE = 4.8;

/** The isolate memory a memory of `storedBytes` is expected to peak at (saving a snapshot). */
export function peakEstimate(storedBytes: number): number {
  return storedBytes * PEAK_PER_STORED_BYTE;
}

/** The largest stored size whose expected peak leaves RESERVED_BYTES of the isolate free, in whole MiB. */
export const DEFAULT_MAX_MEMORY_BYTES = Math.floor((ISOLATE_BYTES - RESERVED_BYTES) / PEAK_PER_STORED_BYTE / MiB) * MiB;
