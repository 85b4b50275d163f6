/**
 * @palimpsest/persist/node: snapshot files and JSONL operation logs on a Node file system.
 *
 * - Snapshots and whole logs are written atomically: a temporary file in the same directory, fsync,
 *   rename over the target, fsync of the directory. A crash leaves the old file or the new one, never half.
 * - Logs are one JSON object per line (UTF-8, '\n'), read and written as streams.
 * - I/O failures (permissions, a missing directory, a full disk) reject with Node's own fs error after the
 *   temporary file is removed; a missing file to read rejects with NotFoundError.
 */
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as zlib from 'node:zlib';
import { CorruptSnapshotError, InvalidArgumentError, MemoryGraph, NotFoundError } from '@palimpsest/core';
import type { Operation, TranscriptTurn } from '@palimpsest/core';
import { encodeStateAs } from './codec.js';
import { crc32 } from './crc32.js';
import { decodeSnapshotAs } from './snapshot.js';
import type { SnapshotOptions } from './snapshot.js';

let tempCounter = 0;

/** zlib's native CRC-32 where Node has it (20.15+, 22.2+): the same checksum as crc32, faster. */
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
const checksum = typeof nativeCrc32 === 'function' ? (b: Uint8Array) => nativeCrc32(b) >>> 0 : crc32;

function isErrno(e: unknown, ...codes: string[]): boolean {
  return e instanceof Error && codes.includes((e as NodeJS.ErrnoException).code ?? '');
}

async function syncDirectory(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch (e) {
    // Some platforms and file systems cannot open or fsync a directory; the rename itself already happened.
    if (!isErrno(e, 'EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'EBADF', 'ENOTSUP')) throw e;
  } finally {
    await fh?.close();
  }
}

/**
 * Writes `path` atomically: `write` fills a temporary file beside it, which is fsynced and renamed over
 * `path`. If anything fails, the temporary file is removed and `path` is untouched.
 */
export async function writeFileAtomic(path: string, write: Uint8Array | ((fh: FileHandle) => Promise<void>)): Promise<void> {
  let tmp = '';
  let fh: FileHandle | undefined;
  for (let attempt = 0; !fh; attempt++) {
    tmp = `${path}.tmp-${process.pid}-${++tempCounter}`;
    try {
      fh = await open(tmp, 'wx', 0o644);
    } catch (e) {
      if (!isErrno(e, 'EEXIST') || attempt > 100) throw e; // a stale temporary of a crashed run: next name
    }
  }
  let done = false;
  try {
    if (typeof write === 'function') await write(fh);
    else await fh.writeFile(write);
    await fh.sync();
    await fh.close();
    fh = undefined;
    await rename(tmp, path);
    done = true;
  } finally {
    if (fh) await fh.close().catch(() => undefined);
    if (!done) await unlink(tmp).catch(() => undefined);
  }
  await syncDirectory(dirname(path));
}

function notFound(caller: string, path: string, e: unknown): NotFoundError {
  const err = new NotFoundError(`${caller}: no file at ${path}`);
  err.cause = e;
  return err;
}

/** Saves the memory's snapshot to `path` atomically. Resolves to the file's size in bytes. */
export async function saveSnapshot(path: string, mem: MemoryGraph): Promise<number> {
  if (!(mem instanceof MemoryGraph)) {
    throw new InvalidArgumentError(`saveSnapshot: expected a MemoryGraph, got ${mem === null ? 'null' : typeof mem}`);
  }
  const bytes = encodeStateAs('saveSnapshot', mem.exportState(), checksum);
  await writeFileAtomic(path, bytes);
  return bytes.length;
}

/**
 * Loads a snapshot file. Damaged, truncated or foreign files reject with CorruptSnapshotError, a newer
 * format with SnapshotVersionError, a missing file with NotFoundError. The memory wraps the columns in
 * the buffer it read (nobody else holds it), so loading copies nothing twice.
 */
export async function loadSnapshot(path: string, options: Pick<SnapshotOptions, 'now' | 'embedder'> = {}): Promise<MemoryGraph> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (e) {
    if (isErrno(e, 'ENOENT')) throw notFound('loadSnapshot', path, e);
    throw e;
  }
  return decodeSnapshotAs(`loadSnapshot: ${path}`, bytes, { ...options, copy: false }, checksum);
}

// ------------------------------------------------------------------------------------------ transcripts

/**
 * Reads a transcript written as JSON lines, one turn per line: `{ "speaker": …, "text": …, "at": … }`
 * (`id` optional; `at` as ISO-8601 or milliseconds). Blank lines are skipped; a line that is not a JSON
 * object is refused with its number. Give the result to `ingestTranscript` (or `transcriptTurns`), which
 * puts the turns in time order.
 */
export async function readTranscript(path: string): Promise<TranscriptTurn[]> {
  const call = 'readTranscript';
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if (isErrno(e, 'ENOENT')) throw notFound(call, path, e);
    throw e;
  }
  const turns: TranscriptTurn[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new InvalidArgumentError(`${call}: ${path}:${i + 1} is not valid JSON`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InvalidArgumentError(`${call}: ${path}:${i + 1} is not a JSON object`);
    turns.push(value as TranscriptTurn);
  });
  return turns;
}

// ------------------------------------------------------------------------------------------------ logs

function opLine(caller: string, op: unknown, index: number): string {
  let line: string | undefined;
  try {
    line = typeof op === 'object' && op !== null && !Array.isArray(op) ? JSON.stringify(op) : undefined;
  } catch (e) {
    throw new InvalidArgumentError(`${caller}: operation ${index} is not JSON-serialisable (${(e as Error).message})`);
  }
  if (line === undefined || line.charCodeAt(0) !== 0x7b) {
    throw new InvalidArgumentError(`${caller}: operation ${index} must be a JSON object`);
  }
  return line;
}

/** Flush a chunk to disk once this many UTF-16 code units are buffered. */
const CHUNK = 1 << 20;

/**
 * Writes `ops` as a JSONL log at `path`, atomically (the old file stays whole until the new one is
 * complete). `ops` may be any iterable or async iterable; it is streamed, never joined into one string.
 * Resolves to the number of operations written.
 */
export async function writeLog(path: string, ops: Iterable<unknown> | AsyncIterable<unknown>): Promise<number> {
  if (ops === null || typeof ops !== 'object' || (!(Symbol.iterator in ops) && !(Symbol.asyncIterator in ops))) {
    throw new InvalidArgumentError('writeLog: ops must be an iterable of operations');
  }
  let count = 0;
  await writeFileAtomic(path, async (fh) => {
    let chunk = '';
    for await (const op of ops as AsyncIterable<unknown>) {
      chunk += opLine('writeLog', op, count++) + '\n';
      if (chunk.length >= CHUNK) {
        await fh.write(chunk);
        chunk = '';
      }
    }
    if (chunk.length > 0) await fh.write(chunk);
  });
  return count;
}

/** A last line cut off by a crash mid-append. */
export interface TornLine {
  /** 1-based line number. */
  line: number;
  /** Its text, as far as it got (undecodable bytes become U+FFFD). */
  text: string;
  /** Byte offset where it starts: the length of the good prefix. */
  offset: number;
}

export interface ReadLogResult {
  /** The operations of every complete line, in order (not checked beyond being JSON objects). */
  ops: Operation[];
  /** Present when the last line is torn; `ops` then holds the good prefix, ready to replay. */
  torn?: TornLine;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

function parseLine(bytes: Uint8Array): { op?: object; error?: string; blank?: boolean } {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { error: 'invalid UTF-8' };
  }
  if (text.trim() === '') return { blank: true };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { op: value };
    return { error: 'not a JSON object' };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/**
 * Reads a JSONL log as a stream. Blank lines are skipped. A last line without a newline that does not
 * parse is a torn append: it is reported in `torn` and the good prefix is returned. A bad line anywhere
 * else is damage, not a crash, and rejects with CorruptSnapshotError naming the line.
 */
export async function readLog(path: string): Promise<ReadLogResult> {
  const ops: Operation[] = [];
  let torn: TornLine | undefined;
  let line = 0;
  let offset = 0;
  let pending: Buffer[] = [];
  const handle = (bytes: Uint8Array, terminated: boolean): void => {
    line++;
    const parsed = parseLine(bytes);
    if (parsed.op) ops.push(parsed.op as Operation);
    else if (!parsed.blank) {
      if (terminated) throw new CorruptSnapshotError(`readLog: ${path}: line ${line} is damaged (${parsed.error})`);
      torn = { line, text: lenientUtf8.decode(bytes), offset };
    }
    offset += bytes.length + (terminated ? 1 : 0);
  };
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      let from = 0;
      for (;;) {
        const nl = chunk.indexOf(0x0a, from);
        if (nl < 0) {
          if (from < chunk.length) pending.push(chunk.subarray(from));
          break;
        }
        const piece = chunk.subarray(from, nl);
        handle(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece, true);
        pending = [];
        from = nl + 1;
      }
    }
  } catch (e) {
    if (isErrno(e, 'ENOENT')) throw notFound('readLog', path, e);
    throw e;
  }
  if (pending.length > 0) handle(Buffer.concat(pending), false);
  return torn ? { ops, torn } : { ops };
}

/**
 * Makes a log whole again after a crash: cuts a torn last line off (returning it) and ends a complete
 * last line with its missing newline. Rejects with CorruptSnapshotError when damage is not at the end.
 */
export async function repairLog(path: string): Promise<TornLine | undefined> {
  const { torn } = await readLog(path);
  const fh = await open(path, 'r+');
  try {
    if (torn) await fh.truncate(torn.offset);
    const { size } = await fh.stat();
    if (size > 0) {
      const last = Buffer.alloc(1);
      await fh.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) await fh.write('\n', size);
    }
    await fh.sync();
  } finally {
    await fh.close();
  }
  return torn;
}

export interface LogAppender {
  /** Queues one operation (a JSON object) as a line. Throws InvalidArgumentError for anything else. */
  append(op: unknown): void;
  /** Writes everything queued and fsyncs: once this resolves, the lines survive a crash. */
  flush(): Promise<void>;
  /** Flushes and closes the file; later appends throw. */
  close(): Promise<void>;
}

/** Reads the bytes after the last newline of an open file (the unterminated tail, if any). */
async function unterminatedTail(fh: FileHandle, size: number): Promise<Uint8Array> {
  const block = 1 << 16;
  let end = size;
  const parts: Buffer[] = [];
  while (end > 0) {
    const start = Math.max(0, end - block);
    const buf = Buffer.alloc(end - start);
    await fh.read(buf, 0, buf.length, start);
    const nl = buf.lastIndexOf(0x0a);
    if (nl >= 0) {
      parts.unshift(buf.subarray(nl + 1));
      break;
    }
    parts.unshift(buf);
    end = start;
  }
  return Buffer.concat(parts);
}

/**
 * Opens `path` (created if missing) for appending operations as JSON lines. A file whose last line is
 * torn is refused with CorruptSnapshotError (appending would bury the damage mid-file): run repairLog.
 */
export async function openLogAppender(path: string): Promise<LogAppender> {
  const fh = await open(path, 'a+');
  let chain: Promise<void> = Promise.resolve();
  let queued = '';
  let closed = false;
  let count = 0;
  try {
    const { size } = await fh.stat();
    if (size > 0) {
      const tail = await unterminatedTail(fh, size);
      if (tail.length > 0) {
        const parsed = parseLine(tail);
        if (!parsed.op && !parsed.blank) {
          throw new CorruptSnapshotError(
            `openLogAppender: ${path}: the last line is torn (${parsed.error}); call repairLog(path) before appending`,
          );
        }
        queued = '\n'; // a complete last line that only lacks its newline
      }
    }
  } catch (e) {
    await fh.close();
    throw e;
  }
  const write = (text: string): void => {
    chain = chain.then(async () => {
      await fh.write(text);
    });
    // Keep the rejection for the next flush/close without an unhandled-rejection crash in between.
    chain.catch(() => undefined);
  };
  const flush = async (): Promise<void> => {
    if (closed) return;
    if (queued.length > 0) {
      write(queued);
      queued = '';
    }
    await chain;
    await fh.datasync();
  };
  return {
    append(op: unknown): void {
      if (closed) throw new InvalidArgumentError('LogAppender.append: the appender is closed');
      queued += opLine('LogAppender.append', op, count) + '\n';
      count++;
      if (queued.length >= CHUNK) {
        write(queued);
        queued = '';
      }
    },
    flush,
    async close(): Promise<void> {
      if (closed) return;
      try {
        await flush();
      } finally {
        closed = true;
        await fh.close();
      }
    },
  };
}
