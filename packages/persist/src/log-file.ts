/** Whole-log operations on a Node file system: writeLog, readLog, repairLog (format: LOG-FORMAT.md). */
import { open } from 'node:fs/promises';
import { InvalidArgumentError } from '@palimpsest/core';
import type { Operation } from '@palimpsest/core';
import { encodeFrame, encodePayload, V3_CHAIN_SEED, v3HeaderLine } from './log-binary.js';
import { encodeRecord, CHAIN_SEED, headerLine } from './log-format.js';
import { damageError, scanLog } from './log-scan.js';
import type { LogFailure } from './log-scan.js';
import { writeAll, writeFileAtomic } from './fs-util.js';
import { lockCovers, lockFile } from './file-lock.js';
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
   * The file format: 3 (framed, checksummed binary records, the default: LOG-FORMAT.md; smaller, and read
   * without JSON for assertions) or 2 (framed JSON lines: a text file jq and grep read). @default 3
   */
  format?: 2 | 3;
  /**
   * The write lock of `path` that the caller already holds (lockFile), e.g. across a read-modify-write.
   * Without it writeLog takes the lock for the write, and refuses with LogLockedError while another writer
   * (an appender, a memory folder, another writeLog) holds it.
   */
  lock?: FileLock;
}

/** Runs `work` holding the write lock of `path`: the caller's (checked to be the same file) or one taken for it. */
export async function withLock<T>(caller: string, path: string, given: FileLock | undefined, work: () => Promise<T>): Promise<T> {
  if (given !== undefined) {
    if (!(await lockCovers(given, path, caller))) throw new InvalidArgumentError(`${caller}: options.lock must be a held lock of ${path} (lockFile)`);
    return work();
  }
  const lock = await lockFile(path, { caller });
  try {
    return await work();
  } finally {
    await lock.release();
  }
}

/**
 * Writes `ops` as a log at `path` (format 3, or 2 on request), atomically (the old file stays whole until
 * the new one is complete). `ops` may be any iterable or async iterable; it is streamed, never joined into
 * one string. Resolves to the number of operations written.
 */
export async function writeLog(path: string, ops: Iterable<unknown> | AsyncIterable<unknown>, options: WriteLogOptions = {}): Promise<number> {
  if (ops === null || typeof ops !== 'object' || (!(Symbol.iterator in ops) && !(Symbol.asyncIterator in ops))) {
    throw new InvalidArgumentError('writeLog: ops must be an iterable of operations');
  }
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError('writeLog: options must be an object');
  const format = options.format ?? 3;
  if (format !== 2 && format !== 3) throw new InvalidArgumentError(`writeLog: format must be 2 or 3, got ${String(format)}`);
  let count = 0;
  await withLock('writeLog', path, options.lock, () => writeFileAtomic(path, async (fh) => {
    const parts: Uint8Array[] = [format === 3 ? v3HeaderLine() : headerLine(), Uint8Array.of(0x0a)];
    let size = 0;
    let position = 0;
    let chain = format === 3 ? V3_CHAIN_SEED : CHAIN_SEED;
    for await (const op of ops as AsyncIterable<unknown>) {
      const record = format === 3 ? v3Frame('writeLog', op, count, chain) : encodeRecord(count + 1, chain, opBytes('writeLog', op, count));
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
  }));
  return count;
}

/** Where a log stopped verifying; `line`, `text` and `offset` as in earlier releases. */
export type TornLine = LogFailure;

export interface ReadLogResult {
  /** The verified operations, in order, ready for MemoryGraph.replay. */
  ops: Operation[];
  /** 3 for binary frames, 2 for a framed JSON-lines log, 1 for an unframed JSONL log of earlier releases (nothing but JSON is checked). */
  format: 1 | 2 | 3;
  /** Present when the last line is a torn append; `ops` then holds everything before it. */
  torn?: LogFailure;
  /** With `{ recover: true }`: present when a line before the end fails; `ops` is the verified prefix. */
  damage?: LogFailure;
}

export interface ReadLogOptions {
  /**
   * Return the verified prefix when a line before the end is damaged, reporting it in `damage`, instead
   * of rejecting with CorruptLogError. @default false
   */
  recover?: boolean;
}

/**
 * Reads a log as a stream, verifying every record (version 2: frame, checksum chain, sequence numbers;
 * version 1: JSON objects). A torn last append is reported in `torn` with the prefix before it. A line
 * that fails anywhere else is damage or tampering: CorruptLogError naming the line, unless `recover`.
 * A missing file rejects with NotFoundError, a newer format with SnapshotVersionError.
 */
export async function readLog(path: string, options: ReadLogOptions = {}): Promise<ReadLogResult> {
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError('readLog: options must be an object');
  const scan = await scanLog('readLog', path);
  const out: ReadLogResult = { ops: scan.ops, format: scan.format };
  const f = scan.failure;
  if (f?.kind === 'torn') out.torn = f;
  else if (f) {
    if (options.recover !== true) throw damageError('readLog', path, scan);
    out.damage = f;
  }
  return out;
}

/**
 * Makes a log whole again: keeps the longest verified prefix, cutting off a torn last append or
 * everything from the first damaged line on, and resolves to what it dropped (undefined when nothing).
 * An unframed version-1 log whose complete last line lacks its newline gets one. Takes the log's write
 * lock (refused with LogLockedError beside a live appender) unless `lock` is the caller's.
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
    if (!scan.terminated && scan.goodBytes > 0) await fh.write('\n', scan.goodBytes);
    await fh.sync();
  } finally {
    await fh.close();
  }
  return scan.failure;
}
