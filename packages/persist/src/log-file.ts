/** Whole-log operations on a Node file system: writeLog, readLog, repairLog (format: LOG-FORMAT.md). */
import { open } from 'node:fs/promises';
import { InvalidArgumentError } from '@palimpsest/core';
import type { Operation } from '@palimpsest/core';
import { encodeFrame, encodePayload, V3_CHAIN_SEED, v3HeaderLine } from './log-binary.js';
import { encodeRecord, CHAIN_SEED, headerLine } from './log-format.js';
import { commitBlock, v4HeaderLine } from './log-commit.js';
import { crc32c } from './crc32c.js';
import { damageError, scanLog, truncatedError } from './log-scan.js';
import type { LogFailure, LogTruncation } from './log-scan.js';
import { writeAll, writeFileAtomic } from './fs-util.js';
import { withLock } from './file-lock.js';
import type { FileLock } from './file-lock.js';

const utf8 = new TextEncoder();

/** An operation's JSON bytes; anything but a JSON object is refused with InvalidArgumentError. */
export function opBytes(caller: string, op: unknown, index: number): Uint8Array {
  let line: string | undefined;
  try {
    line = typeof op === 'object' && op !== null && !Array.isArray(op) ? JSON.stringify(op) : undefined;
  } catch (e) {
    throw new InvalidArgumentError(`${caller}: operation ${index} is not JSON-serialisable (${(e as Error).message})`);
  }
  if (line === undefined || line.charCodeAt(0) !== 0x7b) {
    throw new InvalidArgumentError(`${caller}: operation ${index} must be a JSON object`);
  }
  return utf8.encode(line);
}

/** Flush a chunk to disk once this many bytes are buffered. */
const CHUNK = 1 << 20;

/** One operation's v3 frame (log-binary.ts): a binary payload where its shape allows, else its JSON. */
export function v3Frame(caller: string, op: unknown, index: number, chain: number): { frame: Uint8Array; crc: number } {
  if (op === null || typeof op !== 'object' || Array.isArray(op)) throw new InvalidArgumentError(`${caller}: operation ${index} must be a JSON object`);
  return encodeFrame(
    encodePayload(op as Record<string, unknown>, () => opBytes(caller, op, index)),
    chain,
  );
}

export interface WriteLogOptions {
  /**
   * The file format: 4 (framed, checksummed binary records behind a header naming the log's base and a
   * commit block, the default: LOG-FORMAT.md), 3 (the same frames without them, as earlier releases wrote)
   * or 2 (framed JSON lines: a text file jq and grep read). @default 4
   */
  format?: 2 | 3 | 4;
  /**
   * Format 4: how many operations come before this log's first one (a log that continues a snapshot of
   * `base` operations). Readers of the pair check that the log starts where the snapshot ends. @default 0
   */
  base?: number;
  /**
   * The write lock of `path` that the caller already holds (lockFile), e.g. across a read-modify-write.
   * Without it writeLog takes the lock for the write, and refuses with LogLockedError while another writer
   * (an appender, a memory folder, another writeLog) holds it.
   */
  lock?: FileLock;
}

/** The header (with its newline and, for format 4, the commit block) and the chain seed of a new log. */
export function newLogStart(format: 2 | 3 | 4, base: number, acknowledged: number): { head: Uint8Array; chain: number; commitAt: number } {
  if (format === 2) return { head: Buffer.concat([headerLine(), Uint8Array.of(0x0a)]), chain: CHAIN_SEED, commitAt: -1 };
  if (format === 3) return { head: Buffer.concat([v3HeaderLine(), Uint8Array.of(0x0a)]), chain: V3_CHAIN_SEED, commitAt: -1 };
  const line = v4HeaderLine(base);
  return { head: Buffer.concat([line, Uint8Array.of(0x0a), commitBlock(acknowledged)]), chain: crc32c(line), commitAt: line.length + 1 };
}

/** Checks writeLog's and openLogAppender's format and base options. */
export function checkFormatOptions(caller: string, options: { format?: unknown; base?: unknown }): void {
  if (options.format !== undefined && options.format !== 2 && options.format !== 3 && options.format !== 4) {
    throw new InvalidArgumentError(`${caller}: format must be 2, 3 or 4, got ${String(options.format)}`);
  }
  if (options.base !== undefined && (!Number.isSafeInteger(options.base) || (options.base as number) < 0)) {
    throw new InvalidArgumentError(`${caller}: base must be a whole number of operations ≥ 0, got ${String(options.base)}`);
  }
  if (options.base !== undefined && options.base !== 0 && options.format !== undefined && options.format !== 4) {
    throw new InvalidArgumentError(`${caller}: base needs format 4 (formats 2 and 3 do not record it)`);
  }
}

/**
 * Writes `ops` as a log at `path` (format 4, or 3 or 2 on request), atomically (the old file stays whole
 * until the new one is complete), holding the log's write lock. `ops` may be any iterable or async
 * iterable; it is streamed, never joined into one string. Resolves to the number of operations written.
 */
export async function writeLog(path: string, ops: Iterable<unknown> | AsyncIterable<unknown>, options: WriteLogOptions = {}): Promise<number> {
  if (ops === null || typeof ops !== 'object' || (!(Symbol.iterator in ops) && !(Symbol.asyncIterator in ops))) {
    throw new InvalidArgumentError('writeLog: ops must be an iterable of operations');
  }
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError('writeLog: options must be an object');
  checkFormatOptions('writeLog', options);
  const format = options.format ?? 4;
  let count = 0;
  await withLock('writeLog', path, options.lock, () =>
    writeFileAtomic(path, async (fh) => {
      const start = newLogStart(format, options.base ?? 0, 0);
      const parts: Uint8Array[] = [start.head];
      let size = 0;
      let position = 0;
      let chain = start.chain;
      for await (const op of ops as AsyncIterable<unknown>) {
        const record = format === 2 ? encodeRecord(count + 1, chain, opBytes('writeLog', op, count)) : v3Frame('writeLog', op, count, chain);
        const bytes = 'line' in record ? record.line : record.frame;
        count++;
        chain = record.crc;
        parts.push(bytes);
        size += bytes.length;
        if (size >= CHUNK) {
          position = await writeAll(fh, Buffer.concat(parts.splice(0)), position);
          size = 0;
        }
      }
      if (parts.length > 0) await writeAll(fh, Buffer.concat(parts), position);
      if (start.commitAt >= 0) await writeAll(fh, commitBlock(count), start.commitAt); // fsynced with the rest before the rename
    }, true),
  );
  return count;
}

/** Where a log stopped verifying; `line`, `text` and `offset` as in earlier releases. */
export type TornLine = LogFailure;

export interface ReadLogResult {
  /** The verified operations, in order, ready for MemoryGraph.replay. */
  ops: Operation[];
  /**
   * 4 for binary frames with base and commit block, 3 for binary frames, 2 for a framed JSON-lines log, 1
   * for an unframed JSONL log of earlier releases (nothing but JSON is checked).
   */
  format: 1 | 2 | 3 | 4;
  /** Format 4: operations before this log's first one; `ops[k]` is the memory's operation base + k + 1. */
  base?: number;
  /** Present when the last line is a torn append (never acknowledged); `ops` then holds everything before it. */
  torn?: LogFailure;
  /** With `{ recover: true }`: present when a line before the end fails; `ops` is the verified prefix. */
  damage?: LogFailure;
  /** With `{ recover: true }`: present when a format-4 log was cut short (acknowledged operations are missing). */
  truncated?: LogTruncation;
}

export interface ReadLogOptions {
  /**
   * Return the verified prefix when a line before the end is damaged, or when acknowledged records are
   * missing from the end, reporting it in `damage` or `truncated`, instead of rejecting with
   * CorruptLogError (LogTruncatedError for a log cut short). @default false
   */
  recover?: boolean;
}

/**
 * Reads a log as a stream, verifying every record (version 2: frame, checksum chain, sequence numbers;
 * version 1: JSON objects). A torn last append is reported in `torn` with the prefix before it. A line
 * that fails anywhere else is damage or tampering: CorruptLogError naming the line, unless `recover`; a
 * format-4 log with fewer records than it acknowledged was cut short: LogTruncatedError, unless `recover`.
 * A missing file rejects with NotFoundError, a newer format with SnapshotVersionError.
 */
export async function readLog(path: string, options: ReadLogOptions = {}): Promise<ReadLogResult> {
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError('readLog: options must be an object');
  const scan = await scanLog('readLog', path);
  const out: ReadLogResult = { ops: scan.ops, format: scan.format };
  if (scan.base !== undefined) out.base = scan.base;
  if (scan.truncated) {
    if (options.recover !== true) throw truncatedError('readLog', path, scan.truncated);
    out.truncated = scan.truncated;
  }
  const f = scan.failure;
  if (f?.kind === 'torn' && !scan.truncated) out.torn = f;
  else if (f && f.kind !== 'torn') {
    if (options.recover !== true) throw damageError('readLog', path, scan);
    out.damage = f;
  }
  return out;
}

/**
 * Makes a log whole again: keeps the longest verified prefix, cutting off a torn last append or
 * everything from the first damaged line on, and resolves to what it dropped (undefined when nothing).
 * A format-4 log cut short (fewer records than it acknowledged) is accepted as it is, its commit block
 * rewritten, and reported as `kind: 'truncated'` with the operations `lost`. An unframed version-1 log
 * whose complete last line lacks its newline gets one. Takes the log's write lock (refused with
 * LogLockedError beside a live appender) unless `lock` is the caller's.
 */
export async function repairLog(path: string, options: { lock?: FileLock } = {}): Promise<LogFailure | undefined> {
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError('repairLog: options must be an object');
  return withLock('repairLog', path, options.lock, () => repairLocked(path));
}

async function repairLocked(path: string): Promise<LogFailure | undefined> {
  const scan = await scanLog('repairLog', path, false);
  const fh = await open(path, 'r+');
  try {
    if (scan.failure) await fh.truncate(scan.goodBytes);
    if (scan.format === 4) {
      // The commit block names what the file now holds (also when the block itself was incomplete).
      const at = scan.commit?.offset ?? scan.goodBytes;
      await writeAll(fh, commitBlock(scan.lastSeq), at);
    } else if (!scan.terminated && scan.goodBytes > 0) await fh.write('\n', scan.goodBytes);
    await fh.sync();
  } finally {
    await fh.close();
  }
  if (scan.truncated) {
    const t = scan.truncated;
    return {
      kind: 'truncated',
      line: t.present + 2,
      offset: scan.goodBytes,
      reason: `the log holds ${t.present} records, ${t.acknowledged} were acknowledged: it was cut short`,
      text: '',
      droppedLines: scan.failure ? 1 : 0,
      droppedBytes: scan.failure?.droppedBytes ?? 0,
      lost: t.lost,
    };
  }
  return scan.failure;
}
