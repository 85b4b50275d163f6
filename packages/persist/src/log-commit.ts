/**
 * Log format 4 (LOG-FORMAT.md): format 3's binary frames behind a header that says where the log starts
 * and how far it was acknowledged, so that a log cut short, or a log that does not continue the snapshot
 * before it, is seen instead of read as a shorter history.
 *
 *   line 1   {"palimpsest":"log","version":4,"base":<N>}\n     N: operations before this log's first record
 *   commit   two slots of 12 bytes, each: acknowledged records u32 (low) | u32 (high) | CRC-32C of those 8 bytes
 *   frames   as format 3, the chain seeded with the CRC-32C of line 1
 *
 * Record k of the file (1-based) is operation N + k of the memory. A writer rewrites one slot of the commit
 * block after every fsync that acknowledged records, the two slots in turn (never before the fsync: it never
 * claims more than is on disk). Readers take the larger count of the slots that verify, so a write torn
 * inside a slot leaves the other's, older count: a lower bound still. A file with fewer whole records than
 * that count was cut: those operations are lost, and readers say so.
 * Browser-safe: pure functions over bytes.
 */
import { crc32c } from './crc32c.js';

export const COMMIT_SLOT = 12;
export const COMMIT_BYTES = 2 * COMMIT_SLOT;
const utf8 = new TextEncoder();
const PREFIX = '{"palimpsest":"log","version":4,"base":';

/** The header line (without its newline) of a format-4 log whose first record is operation `base` + 1. */
export function v4HeaderLine(base: number): Uint8Array {
  return utf8.encode(`${PREFIX}${base}}`);
}

/** `base` from a format-4 header line, or undefined when the line is not one, byte for byte. */
export function readV4Header(line: Uint8Array): number | undefined {
  if (line.length <= PREFIX.length + 1 || line[line.length - 1] !== 0x7d) return undefined;
  for (let i = 0; i < PREFIX.length; i++) if (line[i] !== PREFIX.charCodeAt(i)) return undefined;
  let base = 0;
  const end = line.length - 1;
  if (end - PREFIX.length > 15 || (line[PREFIX.length] === 0x30 && end - PREFIX.length > 1)) return undefined;
  for (let i = PREFIX.length; i < end; i++) {
    const c = line[i]!;
    if (c < 0x30 || c > 0x39) return undefined;
    base = base * 10 + (c - 0x30);
  }
  return base;
}

/** One 12-byte slot naming `acknowledged` records. */
export function commitSlot(acknowledged: number): Uint8Array {
  const out = new Uint8Array(COMMIT_SLOT);
  const view = new DataView(out.buffer);
  view.setUint32(0, acknowledged % 2 ** 32, true);
  view.setUint32(4, Math.floor(acknowledged / 2 ** 32), true);
  view.setUint32(8, crc32c(out.subarray(0, 8)), true);
  return out;
}

/** The whole commit block, both slots naming `acknowledged` records (a new or rewritten log). */
export function commitBlock(acknowledged: number): Uint8Array {
  const slot = commitSlot(acknowledged);
  const out = new Uint8Array(COMMIT_BYTES);
  out.set(slot, 0);
  out.set(slot, COMMIT_SLOT);
  return out;
}

/** The count the commit block names (the larger of its slots that verify), or undefined when neither does (damage). */
export function readCommitBlock(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, COMMIT_BYTES);
  let best: number | undefined;
  for (const at of [0, COMMIT_SLOT]) {
    if (crc32c(bytes.subarray(at, at + 8)) !== view.getUint32(at + 8, true)) continue;
    const n = view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
    best = Math.max(best ?? 0, n);
  }
  return best;
}
