/**
 * @palimpsest/persist/node: snapshot files and operation logs on a Node file system.
 *
 * - Snapshots and whole logs are written atomically: a temporary file in the same directory, fsync,
 *   rename over the target, fsync of the directory. A crash leaves the old file or the new one, never half;
 *   the next save of the same path removes temporaries that crashed saves left behind.
 * - Logs are framed, checksummed binary records (format 3, the default) or JSON lines (format 2), LOG-FORMAT.md:
 *   log-file.ts, log-appender.ts.
 * - I/O failures (permissions, a missing directory, a full disk) reject with Node's own fs error after the
 *   temporary file is removed; a missing file to read rejects with NotFoundError.
 */
import { readFile } from 'node:fs/promises';
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import type { TranscriptTurn } from '@palimpsest/core';
import { isErrno, notFound, readWholeFile, writeFileAtomic } from './fs-util.js';
import { encodeStateAs } from './snapshot-encode.js';
import { decodeSnapshotAs, exportStateAs } from './snapshot.js';
import type { SnapshotOptions } from './snapshot.js';

export { writeFileAtomic, removeStaleTemps } from './fs-util.js';
export { writeLog, readLog, repairLog } from './log-file.js';
export { lockFile } from './file-lock.js';
export type { FileLock } from './file-lock.js';
export type { ReadLogOptions, ReadLogResult, TornLine, WriteLogOptions } from './log-file.js';
export type { LogFailure, LogTruncation } from './log-scan.js';
export { LogGapError, LogTruncatedError } from './log-errors.js';
export { openLogAppender } from './log-appender.js';
export type { LogAppender } from './log-appender.js';
export { LOG_FORMAT_VERSION, LOG_HEADER } from './log-format.js';

/** Saves the memory's snapshot to `path` atomically. Resolves to the file's size in bytes. */
export async function saveSnapshot(path: string, mem: MemoryGraph): Promise<number> {
  if (!(mem instanceof MemoryGraph)) {
    throw new InvalidArgumentError(`saveSnapshot: expected a MemoryGraph, got ${mem === null ? 'null' : typeof mem}`);
  }
  const bytes = encodeStateAs('saveSnapshot', exportStateAs('saveSnapshot', mem), true);
  await writeFileAtomic(path, bytes);
  return bytes.length;
}

/**
 * Loads a snapshot file. A path that is not a regular file (a device, a FIFO, a directory) is refused
 * with InvalidArgumentError before anything is read. Damaged, truncated or foreign files reject with CorruptSnapshotError, a newer
 * format with SnapshotVersionError, a missing file with NotFoundError. The memory wraps the columns in
 * the buffer it read (nobody else holds it), so loading copies nothing twice.
 */
export async function loadSnapshot(path: string, options: Omit<SnapshotOptions, 'copy'> = {}): Promise<MemoryGraph> {
  let bytes: Uint8Array;
  try {
    bytes = await readWholeFile(path, 'loadSnapshot');
  } catch (e) {
    if (isErrno(e, 'ENOENT')) throw notFound('loadSnapshot', path, e);
    throw e;
  }
  return decodeSnapshotAs(`loadSnapshot: ${path}`, bytes, { ...options, copy: false }, true);
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
