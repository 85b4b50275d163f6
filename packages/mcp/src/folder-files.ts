/**
 * The files of one memory folder (store.ts) and how they are read back into a memory: the newest snapshot,
 * then every log of its generation or later, each checked to start where the one before it ended (format-4
 * logs name their base). What cannot be read as acknowledged is refused by name, or, when the caller
 * accepts the loss, opened with what is left and reported; a torn last append (a crash mid-append, never
 * acknowledged) is the one repair made without asking, and it is reported too.
 */
import { readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { CorruptLogError, MemoryGraph } from '@palimpsest/core';
import type { Embedder, Operation } from '@palimpsest/core';
import { folderFiles, LOG_FILE, logName, SNAPSHOT_FILE, snapshotName } from '@palimpsest/persist';
import { LogGapError, LogTruncatedError, loadSnapshot, readLog, repairLog } from '@palimpsest/persist/node';

/** The lock file beside a log of earlier releases (a pid file; locks are no longer files on Linux). */
const LOG_LOCK = /^log-(\d+)\.jsonl\.lock$/;

/** What opening a folder found and did about it. Empty lists: the files were whole. */
export interface FolderRecovery {
  /** Torn last appends cut off (a crash mid-append: nothing in them was acknowledged). */
  torn: { file: string; droppedBytes: number }[];
  /** With `acceptLoss`: logs cut short or damaged, and how many acknowledged operations they lost (undefined: unknown). */
  lost: { file: string; reason: string; operations: number | undefined }[];
  /**
   * With `acceptLoss`: logs that do not start where the files before them end. `missing` < 0: operations
   * repeated, skipped. `missing` > 0: the later operations cannot apply (they name what the missing ones
   * made), so this log and every later one are renamed aside (`<name>.gap`), kept for inspection, in `setAside`.
   */
  gaps: { file: string; missing: number; setAside?: string[] }[];
}

/** Deletes snapshots, logs and old lock files of generations below `generation`: a newer snapshot covers them. */
export async function removeSuperseded(dir: string, names: readonly string[], generation: number): Promise<void> {
  for (const n of names) {
    const m = SNAPSHOT_FILE.exec(n) ?? LOG_FILE.exec(n) ?? LOG_LOCK.exec(n);
    if (m && Number(m[1]) < generation) await unlink(join(dir, n)).catch(() => undefined);
  }
}

export interface FolderContents {
  mem: MemoryGraph;
  /** The newest snapshot's generation (-1 without one). */
  base: number;
  /** The generation new operations are appended to. */
  generation: number;
  /** Operations logged since the newest snapshot. */
  sinceSnapshot: number;
  names: string[];
  /** No snapshot and no logged operation: a new memory, whose init operation is not in a file yet. */
  fresh: boolean;
}

/**
 * Reads the memory kept in `dir` (the caller holds the folder's lock). Refuses a log cut short
 * (LogTruncatedError), damaged (CorruptLogError) or not continuing what comes before it (LogGapError),
 * unless `acceptLoss`, which opens what is left and lists the loss in `recovery`.
 */
export async function readFolder(
  dir: string,
  load: { now: () => number; embedder?: Embedder },
  acceptLoss: boolean,
  recovery: FolderRecovery,
): Promise<FolderContents> {
  const names = await readdir(dir);
  const { base, logs } = folderFiles(names);
  const embed = load.embedder === undefined ? {} : { embedder: load.embedder };
  const snapshot = base >= 0 ? await loadSnapshot(join(dir, snapshotName(base)), { now: load.now, ...embed }) : undefined;
  let expected = snapshot?.size.operations ?? 0;
  const tail: Operation[] = [];
  for (let k = 0; k < logs.length; k++) {
    const file = logName(logs[k]!);
    const ops = await readTail(join(dir, file), file, expected, acceptLoss, recovery);
    if (ops === 'gap') {
      const setAside = logs.splice(k).map(logName);
      for (const name of setAside) await rename(join(dir, name), join(dir, `${name}.gap`));
      recovery.gaps[recovery.gaps.length - 1]!.setAside = setAside.map((n) => `${n}.gap`);
      break;
    }
    for (const op of ops) tail.push(op);
    expected += ops.length;
  }
  let mem: MemoryGraph;
  if (snapshot !== undefined) {
    // The snapshot, then the operations logged after it (not a replay of the snapshot's history).
    mem = snapshot;
    mem.applyOps(tail);
  } else if (tail.length > 0) mem = MemoryGraph.replay(tail, { now: load.now, ...embed });
  else mem = new MemoryGraph({ now: load.now, ...embed });
  const generation = Math.max(base, logs[logs.length - 1] ?? 0, 0);
  return { mem, base, generation, sinceSnapshot: tail.length, names, fresh: snapshot === undefined && tail.length === 0 };
}

/** One log's operations after `expected` operations, checked; a torn tail cut off, losses refused or reported. */
async function readTail(path: string, file: string, expected: number, acceptLoss: boolean, recovery: FolderRecovery): Promise<Operation[] | 'gap'> {
  const r = await readLog(path, { recover: true });
  if (r.truncated || r.damage) {
    const reason = r.truncated ? `cut short: ${r.truncated.lost} acknowledged operations missing` : `damaged at record ${r.damage!.line - 1}: ${r.damage!.reason}`;
    if (!acceptLoss) {
      const message = `MemoryFolder.open: ${path} is ${reason}; open with { acceptLoss: true } to keep the ${r.ops.length} operations before it`;
      throw r.truncated ? new LogTruncatedError(message, r.truncated.lost) : new CorruptLogError(message);
    }
    await repairLog(path); // the caller asked for this: the log is made whole at what is left
    recovery.lost.push({ file, reason, operations: r.truncated?.lost });
  } else if (r.torn) {
    await repairLog(path);
    recovery.torn.push({ file, droppedBytes: r.torn.droppedBytes });
  }
  if (r.base === undefined || r.base === expected) return r.ops;
  const missing = r.base - expected;
  if (!acceptLoss) {
    throw new LogGapError(
      `MemoryFolder.open: ${path} starts after operation ${r.base}, but the files before it end at operation ${expected}: ` +
        `${missing > 0 ? `${missing} operations are missing` : `${-missing} operations are repeated`}; open with { acceptLoss: true } to continue anyway`,
      missing,
    );
  }
  recovery.gaps.push({ file, missing });
  return missing < 0 ? r.ops.slice(-missing) : 'gap';
}
