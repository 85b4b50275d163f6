/**
 * A whole log file already in memory (a file opened in a browser, a fetched body) read into its operations,
 * verified as readLog verifies a file on disk: browser-safe, no Node built-ins.
 */
import { InvalidArgumentError } from '@palimpsest/core';
import type { Operation } from '@palimpsest/core';
import { damageError, Scanner, truncatedError } from './log-scanner.js';
import type { LogFailure } from './log-scanner.js';

export interface DecodedLog {
  /** The verified operations, in order, ready for MemoryGraph.replay (or applyOps after a snapshot). */
  ops: Operation[];
  /** 1: unframed JSONL; 2: framed JSON lines; 3: binary frames; 4: binary frames with base and commit block. */
  format: 1 | 2 | 3 | 4;
  /** Format 4: operations before this log's first one (0 for a log that starts with 'init'). */
  base?: number;
  /** Present when the last record is a torn append (never acknowledged); `ops` holds everything before it. */
  torn?: LogFailure;
}

/**
 * Verifies and decodes the bytes of a log file. A torn last append is reported in `torn`; damage before
 * the end rejects with CorruptLogError, a format-4 log cut short with LogTruncatedError, a newer format with
 * SnapshotVersionError, each naming `name` (the file's name, for the message).
 */
export function decodeLog(bytes: Uint8Array, name = 'log'): DecodedLog {
  if (!(bytes instanceof Uint8Array)) throw new InvalidArgumentError(`decodeLog: bytes must be a Uint8Array, not ${typeof bytes}`);
  const scanner = new Scanner('decodeLog', name, true);
  let from = 0;
  while (from < bytes.length && !scanner.framed()) {
    const nl = bytes.indexOf(0x0a, from);
    if (nl < 0) {
      scanner.feed(bytes.subarray(from), false);
      from = bytes.length;
      break;
    }
    scanner.feed(bytes.subarray(from, nl), true);
    from = nl + 1;
  }
  if (scanner.framed()) {
    scanner.feedFrames(bytes.subarray(from));
    scanner.finishFrames();
  }
  const scan = scanner.result();
  if (scan.truncated) throw truncatedError('decodeLog', name, scan.truncated);
  const f = scan.failure;
  if (f && f.kind !== 'torn') throw damageError('decodeLog', name, scan);
  const out: DecodedLog = { ops: scan.ops, format: scan.format };
  if (scan.base !== undefined) out.base = scan.base;
  if (f) out.torn = f;
  return out;
}
