/**
 * Log format 4 (LOG-FORMAT.md): format 3's binary frames behind a header that says where the log starts
 * and how far it was acknowledged, so that a log cut short, or a log that does not continue the snapshot
 * before it, is seen instead of read as a shorter history.
 *
 *   line 1   {"palimpsest":"log","version":4,"base":<N>}\n     N: operations before this log's first record
 *   commit   acknowledged records u32 (low) | u32 (high) | CRC-32C of those 8 bytes (12 bytes, rewritten in place)
 *   frames   as format 3, the chain seeded with the CRC-32C of line 1
 *
 * Record k of the file (1-based) is operation N + k of the memory. A writer rewrites the commit block after
 * every fsync that acknowledged records (never before: it never claims more than is on disk), so a file with
 * fewer whole records than its commit block names was cut: those operations are lost, and readers say so.
 * Browser-safe: pure functions over bytes.
 */
import { crc32c } from './crc32c.js';

export const COMMIT_BYTES = 12;
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

/** The 12-byte commit block naming `acknowledged` records. */
export function commitBlock(acknowledged: number): Uint8Array {
  const out = new Uint8Array(COMMIT_BYTES);
  const view = new DataView(out.buffer);
  view.setUint32(0, acknowledged % 2 ** 32, true);
  view.setUint32(4, Math.floor(acknowledged / 2 ** 32), true);
  view.setUint32(8, crc32c(out.subarray(0, 8)), true);
  return out;
}

/** The count a commit block names, or undefined when its check fails (damage). */
export function readCommitBlock(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, COMMIT_BYTES);
  if (crc32c(bytes.subarray(0, 8)) !== view.getUint32(8, true)) return undefined;
  return view.getUint32(0, true) + view.getUint32(4, true) * 2 ** 32;
}
