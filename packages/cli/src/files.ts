/**
 * A memory file for the command line: a snapshot (`.plmp`) or an operation log (any other name, e.g.
 * `.jsonl`; in any of persist's log formats). Reading
 * detects the kind by content (a snapshot starts with its magic bytes; anything else is read as a log);
 * writing picks it by the file name: `.plmp` is a snapshot, any other name an operation log.
 */
import { open, stat } from 'node:fs/promises';
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import type { Embedder } from '@palimpsest/core';
import { SNAPSHOT_MAGIC } from '@palimpsest/persist';
import { loadSnapshot, lockFile, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';
import type { FileLock } from '@palimpsest/persist/node';

export type FileKind = 'snapshot' | 'log';

export interface OpenedMemory {
  mem: MemoryGraph;
  kind: FileKind;
  bytes: number;
  /** A log's last line cut off by a crash, left out of the memory. */
  tornLine?: number;
  /** A log's file format (LOG-FORMAT.md): 4 and 3 binary, 2 framed JSON lines, 1 unframed JSON lines. */
  logFormat?: 1 | 2 | 3 | 4;
}

/** The kind a file is written as, from its name. */
export function kindForPath(path: string): FileKind {
  return path.toLowerCase().endsWith('.plmp') ? 'snapshot' : 'log';
}

async function startsWithMagic(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNAPSHOT_MAGIC.length);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.toString('latin1') === SNAPSHOT_MAGIC;
  } finally {
    await fh.close();
  }
}

export async function fileExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/**
 * Loads the memory in `path`; a missing file rejects with NotFoundError, a damaged one with
 * CorruptSnapshotError, a memory made with another embedder than `embedder` with EmbedderMismatchError.
 */
export async function openMemory(path: string, embedder?: Embedder): Promise<OpenedMemory> {
  const withEmbedder = embedder === undefined ? {} : { embedder };
  if (!(await fileExists(path))) {
    // Let persist name the error (NotFoundError) as it does for every missing file.
    await (kindForPath(path) === 'snapshot' ? loadSnapshot(path) : readLog(path));
  }
  const { size } = await stat(path);
  if (await startsWithMagic(path)) return { mem: await loadSnapshot(path, withEmbedder), kind: 'snapshot', bytes: size };
  const { ops, torn, format } = await readLog(path);
  if (ops.length === 0) throw new InvalidArgumentError(`palimpsest: ${path} is empty: neither a snapshot nor an operation log`);
  return { mem: MemoryGraph.replay(ops, withEmbedder), kind: 'log', bytes: size, logFormat: format, ...(torn ? { tornLine: torn.line } : {}) };
}

/**
 * Takes the write lock of `path` for a command that rewrites it: another writer (an appender, a memory
 * server, another command) is refused with LogLockedError instead of losing its writes to this one.
 */
export function lockForWrite(path: string, command: string): Promise<FileLock> {
  return lockFile(path, { caller: `palimpsest ${command}` });
}

/**
 * Writes `mem` to `path` atomically, as `kind`, under `lock` (the caller's write lock of `path`). Resolves
 * to the file's size in bytes. A log is written in the default format (4) unless `logFormat` names the
 * format of the log it replaces: a text log (1 or 2) stays text (2), a binary one keeps its format.
 */
export async function saveMemory(path: string, mem: MemoryGraph, lock: FileLock, kind: FileKind = kindForPath(path), logFormat?: 1 | 2 | 3 | 4): Promise<number> {
  if (kind === 'snapshot') return saveSnapshot(path, mem);
  const format: { format?: 2 | 3 | 4 } = logFormat === undefined ? {} : { format: logFormat === 4 || logFormat === 3 ? logFormat : 2 };
  await writeLog(path, mem.log(), { ...format, lock });
  return (await stat(path)).size;
}
