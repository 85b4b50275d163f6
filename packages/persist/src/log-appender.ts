/**
 * Appending to a log file: one writer per log (a lock file), nothing acknowledged before it is written
 * and fsynced, and after any write error the file cut back to what was acknowledged and the appender
 * refusing every later append.
 */
import type { FileHandle } from 'node:fs/promises';
import { open, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CorruptLogError, InvalidArgumentError, LogLockedError, LogWriteError, NotFoundError } from '@palimpsest/core';
import { encodeRecord } from './log-format.js';
import { COMMIT_SLOT, commitSlot } from './log-commit.js';
import { checkFormatOptions, newLogStart, opBytes, v3Frame, writeLog } from './log-file.js';
import { damageError, scanLog, truncatedError } from './log-scan.js';
import { NEW_FILE_MODE, syncDirectory, writeAll } from './fs-util.js';
import { lockFile } from './file-lock.js';
import type { FileLock } from './file-lock.js';

export interface LogAppender {
  /** Queues one operation (a JSON object) as a record. Throws InvalidArgumentError for anything else, LogWriteError after a failed write. */
  append(op: unknown): void;
  /**
   * Writes everything queued and fsyncs. Once this resolves those records survive a crash; if it rejects
   * (LogWriteError), none of the operations appended since the last resolved flush are in the file.
   */
  flush(): Promise<void>;
  /** Flushes, closes the file and releases the lock; later appends throw. Rejects like flush, releasing anyway. */
  close(): Promise<void>;
  /** Operations appended through this appender that a resolved flush put on disk. */
  readonly acknowledged: number;
}

/** Flush a chunk in the background once this many bytes are queued (flush() still decides what is acknowledged). */
const CHUNK = 1 << 20;

interface Start {
  size: number;
  seq: number;
  chain: number;
  created: boolean;
  format: 2 | 3 | 4;
  /** Format 4: where the commit block is (-1 for other formats). */
  commitAt: number;
}

/** Verifies the log and returns where appending continues; converts a version-1 log to version 2 first. */
async function prepare(path: string, lock: FileLock): Promise<Start> {
  let scan;
  try {
    scan = await scanLog('openLogAppender', path, false);
  } catch (e) {
    if (e instanceof NotFoundError) return { size: 0, seq: 0, chain: 0, created: true, format: 4, commitAt: -1 };
    throw e;
  }
  if (scan.truncated) throw truncatedError('openLogAppender', path, scan.truncated);
  if (scan.failure?.kind === 'torn') {
    throw new CorruptLogError(`openLogAppender: ${path}: the last line is torn (${scan.failure.reason}); call repairLog(path) before appending`);
  }
  if (scan.failure) throw damageError('openLogAppender', path, scan);
  if (scan.format === 1) {
    // An unframed log of an earlier release: rewritten once, atomically, as version 2 (text stays text).
    const { ops } = await scanLog('openLogAppender', path);
    await writeLog(path, ops, { format: 2, lock });
    return prepare(path, lock);
  }
  return { size: scan.goodBytes, seq: scan.lastSeq, chain: scan.chain, created: false, format: scan.format, commitAt: scan.commit?.offset ?? -1 };
}

/**
 * Opens `path` (created if missing) for appending operations, holding its write lock until close(). The
 * whole log is verified first: a torn or damaged one is refused with CorruptLogError, one cut short with
 * LogTruncatedError (run repairLog), a log another writer holds with LogLockedError. A new or empty log
 * is written in `format` (4 by default) starting after `base` operations; an existing one keeps its own.
 */
export async function openLogAppender(path: string, options: { format?: 2 | 3 | 4; base?: number } = {}): Promise<LogAppender> {
  if (typeof path !== 'string' || path.length === 0) throw new InvalidArgumentError('openLogAppender: path must be a non-empty string');
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError('openLogAppender: options must be an object');
  checkFormatOptions('openLogAppender', options);
  const lock = await lockFile(path, { caller: 'openLogAppender' });
  const release = () => lock.release();
  let fh: FileHandle | undefined;
  let start: Start;
  try {
    start = await prepare(path, lock);
    fh = await open(path, start.created ? 'wx' : 'r+', NEW_FILE_MODE);
    if (start.size === 0) {
      // A new or empty log takes the format asked for (4 by default); an existing one keeps its own.
      start.format = options.format ?? 4;
      const fresh = newLogStart(start.format, options.base ?? 0, 0);
      start.size = await writeAll(fh, fresh.head, 0);
      await fh.datasync();
      start.seq = 0;
      start.chain = fresh.chain;
      start.commitAt = fresh.commitAt;
    }
    if (start.created) await syncDirectory(dirname(path)); // the new name survives a crash too
  } catch (e) {
    await fh?.close().catch(() => undefined);
    // A log this call created and could not start (a full disk) is removed, not left half-made.
    if (fh !== undefined && start! !== undefined && start.created) await unlink(path).catch(() => undefined);
    await release();
    throw e;
  }
  return new Appender(path, fh, release, start);
}

class Appender implements LogAppender {
  private queue: Uint8Array[] = [];
  private queuedBytes = 0;
  private appended = 0;
  private acked = 0;
  /** Bytes in the file that a flush fsynced (every later byte is unacknowledged). */
  private synced: number;
  /** Where the next write goes. */
  private position: number;
  private busy: Promise<void> = Promise.resolve();
  private failed: LogWriteError | undefined;
  private closed = false;
  private seq: number;
  private chain: number;
  private readonly format: 2 | 3 | 4;
  /** Format 4: where the commit block is; -1 for formats without one. */
  private readonly commitAt: number;
  /** Commit-block rewrites so far: they alternate between its two slots. */
  private commits = 0;
  /** Records the file held when it was opened (all durable: acknowledged by an earlier writer, or synced with our first flush). */
  private readonly startSeq: number;

  constructor(
    private readonly path: string,
    private readonly fh: FileHandle,
    private readonly release: () => Promise<void>,
    start: Start,
  ) {
    this.synced = start.size;
    this.position = start.size;
    this.seq = start.seq;
    this.chain = start.chain;
    this.format = start.format;
    this.commitAt = start.commitAt;
    this.startSeq = start.seq;
  }

  get acknowledged(): number {
    return this.acked;
  }

  append(op: unknown): void {
    if (this.closed) throw new InvalidArgumentError('LogAppender.append: the appender is closed');
    if (this.failed) throw this.refusal('LogAppender.append');
    const record = this.format === 2 ? encodeRecord(this.seq + 1, this.chain, opBytes('LogAppender.append', op, this.appended)) : v3Frame('LogAppender.append', op, this.appended, this.chain);
    const bytes = 'line' in record ? record.line : record.frame;
    this.seq++;
    this.chain = record.crc;
    this.appended++;
    this.queue.push(bytes);
    this.queuedBytes += bytes.length;
    if (this.queuedBytes >= CHUNK) {
      this.busy = this.busy.then(() => this.writeQueued());
      this.busy.catch(() => undefined); // surfaced by the next flush/append, not as an unhandled rejection
    }
  }

  flush(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.failed) return Promise.reject(this.refusal('LogAppender.flush'));
    const count = this.appended;
    this.busy = this.busy.then(async () => {
      await this.writeQueued();
      const end = this.position;
      try {
        await this.fh.datasync();
      } catch (e) {
        await this.fail(e);
      }
      this.synced = end;
      this.acked = Math.max(this.acked, count);
      if (this.commitAt >= 0) await this.commit(this.startSeq + this.acked);
    });
    const done = this.busy;
    this.busy.catch(() => undefined);
    return done.catch(() => {
      throw this.refusal('LogAppender.flush');
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.flush();
      if (this.commits > 0) {
        // Both slots name the final count (a closed log's bytes are writeLog's), made durable with it.
        await this.commit(this.startSeq + this.acked);
        await this.fh.datasync().catch(() => undefined);
      }
    } finally {
      this.closed = true;
      await this.fh.close().catch(() => undefined);
      await this.release();
    }
  }

  private async writeQueued(): Promise<void> {
    if (this.failed) throw this.failed;
    if (this.queue.length === 0) return;
    const bytes = Buffer.concat(this.queue);
    this.queue = [];
    this.queuedBytes = 0;
    try {
      this.position = await writeAll(this.fh, bytes, this.position);
    } catch (e) {
      await this.fail(e);
    }
  }

  /**
   * Format 4: names `records` as acknowledged in the commit block, only after the fsync that made them so
   * (the block is a lower bound: it lags by one flush after a power cut, and a failed rewrite of it changes
   * nothing acknowledged, so it is not a write failure).
   */
  private async commit(records: number): Promise<void> {
    const slot = this.commits++ % 2;
    try {
      await writeAll(this.fh, commitSlot(records), this.commitAt + slot * COMMIT_SLOT);
    } catch {
      // The next flush rewrites it.
    }
  }

  /** Cuts the file back to what was acknowledged, remembers the error, and throws it. */
  private async fail(cause: unknown): Promise<never> {
    if (!this.failed) {
      let cut = 'the file was cut back to the last acknowledged record';
      try {
        await this.fh.truncate(this.synced);
        await this.fh.datasync();
        this.position = this.synced;
      } catch (e) {
        cut = `cutting the file back failed too (${(e as Error).message}); run repairLog(path) before the next appender`;
      }
      const err = new LogWriteError(
        `LogAppender: writing ${this.path} failed (${cause instanceof Error ? cause.message : String(cause)}); ${cut}. ` +
          `${this.acked} operations are acknowledged; later appends are refused`,
      );
      err.cause = cause;
      this.failed = err;
      this.queue = [];
      this.queuedBytes = 0;
    }
    throw this.failed;
  }

  private refusal(call: string): LogWriteError {
    const err = new LogWriteError(`${call}: ${this.failed!.message.replace(/^LogAppender: /, '')}`);
    err.cause = this.failed!.cause;
    return err;
  }
}
