/**
 * A memory for the command line: a snapshot (`.plmp`), an operation log (any other name, e.g. `.jsonl`; in
 * any of persist's log formats), a memory folder as palimpsest-mcp keeps it, or a log tail inside such a
 * folder. Reading detects the kind by content (a snapshot starts with its magic bytes; anything else is read
 * as a log); writing picks it by the file name: `.plmp` is a snapshot, any other name an operation log.
 */
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import type { Embedder } from '@palimpsest/core';
import { logName, SNAPSHOT_MAGIC, snapshotName } from '@palimpsest/persist';
import { loadSnapshot, lockFile, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';
import type { FileLock } from '@palimpsest/persist/node';
import { readMemoryFolder, tailOf } from './folder.js';

export type FileKind = 'snapshot' | 'log' | 'folder';

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
  const info = await stat(path);
  if (info.isDirectory()) return fromFolder(path, embedder);
  if (await startsWithMagic(path)) return { mem: await loadSnapshot(path, withEmbedder), kind: 'snapshot', bytes: info.size };
  let read;
  try {
    read = await readLog(path);
  } catch (e) {
    throw (await transcriptRefusal(path)) ?? e;
  }
  const { ops, torn, format } = read;
  if (ops.length === 0) throw new InvalidArgumentError(`palimpsest: ${path} is empty: neither a snapshot nor an operation log`);
  if ((ops[0] as { type?: string }).type !== 'init') {
    // A tail: the operations after a snapshot. Read with that snapshot, as the folder it sits in.
    const tail = await tailOf(path);
    if (tail === undefined) {
      const transcript = await transcriptRefusal(path);
      if (transcript !== undefined) throw transcript;
      throw new InvalidArgumentError(`palimpsest: ${path} is a log tail (it does not start with the memory's 'init' operation) and no snapshot-<n>.plmp is beside it; open the memory folder that holds both`);
    }
    return fromFolder(tail.dir, embedder, tail.generation);
  }
  return { mem: MemoryGraph.replay(ops, withEmbedder), kind: 'log', bytes: info.size, logFormat: format, ...(torn ? { tornLine: torn.line } : {}) };
}

async function fromFolder(dir: string, embedder: Embedder | undefined, upTo?: number): Promise<OpenedMemory> {
  const r = await readMemoryFolder(dir, embedder, upTo);
  let bytes = 0;
  for (const name of [...(r.snapshot >= 0 ? [snapshotName(r.snapshot)] : []), ...r.logs.map(logName)]) bytes += (await stat(join(dir, name))).size;
  const torn = r.torn.at(-1);
  return { mem: r.mem, kind: 'folder', bytes, ...(torn === undefined ? {} : { tornLine: torn.line }) };
}

/** A transcript given where a memory is expected: the error that says so and points to `ingest`. */
async function transcriptRefusal(path: string): Promise<InvalidArgumentError | undefined> {
  const fh = await open(path, 'r');
  const buf = Buffer.alloc(4096);
  const { bytesRead } = await fh.read(buf, 0, buf.length, 0).finally(() => fh.close());
  const head = buf.subarray(0, bytesRead).toString('utf8').trimStart();
  const looksLikeTurns = /^[[{]/.test(head) && /"(text|content|conversation|haystack_sessions|sessions)"\s*:/.test(head) && !/"type"\s*:\s*"init"/.test(head);
  if (!looksLikeTurns) return undefined;
  return new InvalidArgumentError(`palimpsest: ${path} is a transcript, not a memory; add it to one with \`palimpsest ingest MEMORY.plmp ${path}\``);
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
  if (kind === 'folder') {
    throw new InvalidArgumentError(`palimpsest: ${path} is a memory folder; the command line writes files only (a running palimpsest-mcp owns the folder): write to a .plmp or log file instead`);
  }
  if (kind === 'snapshot') return saveSnapshot(path, mem);
  const format: { format?: 2 | 3 | 4 } = logFormat === undefined ? {} : { format: logFormat === 4 || logFormat === 3 ? logFormat : 2 };
  await writeLog(path, mem.log(), { ...format, lock });
  return (await stat(path)).size;
}
