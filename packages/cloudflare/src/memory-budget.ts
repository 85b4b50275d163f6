/**
 * How much of its isolate a memory takes, projected from what it holds: the limit a Durable Object's writes
 * are refused by (memory-object.ts), before the isolate could run out.
 *
 * One memory lives in one isolate of 128 MB. Its largest moment is saving a snapshot (the live graph and the
 * snapshot bytes beside it) or the first write after a wake (the bytes read from R2, the decoded graph and
 * what it allocates to grow). Measured in Node's V8 with scripts/measure-capacity.mjs (README "Limits"), the
 * peak is not one multiple of the stored size: a memory of long turns holds more per stored byte (its text
 * as V8 strings, its larger vocabulary) than one of short turns. So the projection has two terms, each
 * measured: the stored size (the snapshot it would save) and the bytes its episodes' text takes as V8
 * strings. The line through them is the smallest at or above every peak measured near the budget on LoCoMo
 * (short chat turns) and LongMemEval_S (long assistant answers), and a margin is added (PEAK_MARGIN), so
 * both data sets, and memories between them, are refused before their peak passes the budget.
 *
 * The stored size runs a little behind the snapshot the memory would save: the operation JSON stored since
 * the last snapshot is about 0.7–0.8 of the snapshot bytes the same turns add, so it is counted at
 * OPS_TO_SNAPSHOT times its bytes.
 *
 * A forget needs no line of its own: it lets the live memory go before it rebuilds the memory without what
 * it forgets, and what it holds (the live memory beside the rewritten log, then the rebuilt memory beside
 * its snapshot) measured below the save's peak at every size (scripts/measure-capacity.mjs --forget).
 */
import type { Operation } from '@palimpsest/core';

const MiB = 1024 * 1024;

/** A Durable Object's isolate: "the 128 MB of memory your Durable Object is allocated" (pricing page). */
export const ISOLATE_BYTES = 128 * MiB;

/** Left for the Worker's code (the bundle, the MCP SDK, zod) and the request being served. */
export const RESERVED_BYTES = 20 * MiB;

/** What one memory may peak at: the isolate less RESERVED_BYTES. */
export const PEAK_BUDGET_BYTES = ISOLATE_BYTES - RESERVED_BYTES;

/**
 * The fitted line (scripts/measure-capacity.mjs, LoCoMo to 58,000 turns and LongMemEval_S to 16,000 in steps
 * of 2,000 and 1,000; the smallest line at or above every peak from 50 MiB up): a fixed part, then per byte
 * of the snapshot the memory would save, then per byte of its episodes' text as V8 holds it (one byte a
 * character, two when any is past Latin-1). Each is rounded up.
 */
export const PEAK_FIXED_BYTES = 23.1 * MiB;
export const PEAK_PER_STORED_BYTE = 2.41;
export const PEAK_PER_TEXT_BYTE = 2.18;

/** The projection is this much above the fitted line, for what the measured runs did not vary. */
export const PEAK_MARGIN = 1.03;

/** Operation JSON stored since the last snapshot, counted as snapshot bytes (their ratio is 0.7–0.8). */
export const OPS_TO_SNAPSHOT = 1.5;

/** The isolate memory a memory is projected to peak at, from its snapshot bytes and its text's V8 bytes. */
export function peakEstimate(snapshotBytes: number, textBytes: number): number {
  return (PEAK_FIXED_BYTES + snapshotBytes * PEAK_PER_STORED_BYTE + textBytes * PEAK_PER_TEXT_BYTE) * PEAK_MARGIN;
}

/**
 * The default MAX_MEMORY_BYTES: the stored size whose projection, for a memory with no text at all, reaches
 * the budget, in whole MiB. Memories with text are refused earlier, by the projection.
 */
export const DEFAULT_MAX_MEMORY_BYTES = Math.floor((PEAK_BUDGET_BYTES / PEAK_MARGIN - PEAK_FIXED_BYTES) / PEAK_PER_STORED_BYTE / MiB) * MiB;

/** The bytes V8 holds a string's characters in: one a character when all are Latin-1, else two. */
export function textBytes(text: string): number {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return 2 * text.length;
  return text.length;
}

/** The text bytes (textBytes) the episodes among `ops` add to a memory. */
export function opsTextBytes(ops: Iterable<Operation>): number {
  let n = 0;
  for (const op of ops) if (op.type === 'episode' && typeof op.text === 'string') n += textBytes(op.text);
  return n;
}
