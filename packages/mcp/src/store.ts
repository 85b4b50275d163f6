/**
 * A memory folder on disk: every file read or written for a memory goes through this module and
 * folder-files.ts.
 *
 * Layout of one folder (one memory; the folder 0700, its files 0600):
 *   snapshot-<g>.plmp   the whole memory after generation g-1 was compacted (written atomically)
 *   log-<g>.jsonl       the operations applied after snapshot-<g> (log-0: everything since the memory began);
 *                       its header names the operation it starts after, so a gap is seen (LOG-FORMAT.md, format 4)
 * One process at a time: open takes the folder's write lock (released by the kernel if the process dies) and
 * holds it until close; a second opener is refused with LogLockedError. Opening loads the newest snapshot
 * and replays every log of that generation or later, in order, refusing what lost acknowledged operations
 * (folder-files.ts). Writes run one at a time: a change is applied, its operations appended and fsynced,
 * and only then does `write` resolve; if they cannot be stored (a full disk), the memory is reloaded from
 * its files, so reads show nothing of the failed write and a restart gives the same reads, and the next
 * write is tried afresh. Compaction opens log-<g+1> for new writes, saves snapshot-<g+1>, and only then
 * deletes older files, so a kill at any point leaves a set of files from which every acknowledged operation
 * is restored.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError, LogWriteError, MemoryGraph, NotFoundError } from '@palimpsest/core';
import type { Embedder, ForgetOptions, ForgetResult, ForgetScope } from '@palimpsest/core';
import { lockFile, openLogAppender, saveSnapshot } from '@palimpsest/persist/node';
import type { FileLock, LogAppender } from '@palimpsest/persist/node';
import { isMemoryFileName, logName, snapshotName } from '@palimpsest/persist';
import { readFolder, removeSuperseded } from './folder-files.js';
import type { FolderRecovery } from './folder-files.js';
import { removeOlderGenerations, rewriteFolder } from './forget-folder.js';
import { OpenBound } from './open-bound.js';

export type { FolderRecovery } from './folder-files.js';

export interface MemoryFolderOptions {
  /** Embeds texts for recall; the memory's default (HashEmbedder) when absent. */
  embedder?: Embedder;
  /** Compact (snapshot + new log) once this many operations have been logged since the last snapshot. @default 1000 */
  compactEvery?: number;
  /** The wall clock; record times never go backwards even if it does. @default Date.now */
  clock?: () => number;
  /**
   * Open a memory whose files lost acknowledged operations (a log cut short or damaged, a log that does not
   * continue the snapshot before it) with what is left, listing the loss in `recovery`. Without it such a
   * memory is refused by name (LogTruncatedError, CorruptLogError, LogGapError) and no file is changed.
   * @default false
   */
  acceptLoss?: boolean;
}

/** The record time of the newest operation that has one (the init operation has none). */
function lastRecordedAt(mem: MemoryGraph): number {
  const n = mem.size.operations;
  for (let i = n - 1; i >= Math.max(0, n - 8); i--) {
    const op = mem.log(i)[0] as { recordedAt?: number } | undefined;
    if (typeof op?.recordedAt === 'number') return op.recordedAt;
  }
  return -Infinity;
}

export class MemoryFolder {
  private graph!: MemoryGraph;
  private appender!: LogAppender;
  private generation = 0;
  /** Operations in the memory that are already in a log file (or the snapshot). */
  private logged = 0;
  private sinceSnapshot = 0;
  /** Writes, compactions and close, one at a time. */
  private turn: Promise<unknown> = Promise.resolve();
  private compacting: Promise<void> | undefined;
  /** Set when a failed write could not be undone by reloading the files: the next write reloads first. */
  private stale: Error | undefined;
  private closed = false;

  private constructor(
    readonly dir: string,
    private readonly lock: FileLock,
    private readonly options: MemoryFolderOptions,
    private readonly compactEvery: number,
    private readonly now: () => number,
    private readonly setFloor: (recordedAt: number) => void,
    /** What opening found: torn appends cut off; with acceptLoss, what was lost. */
    readonly recovery: FolderRecovery,
  ) {}

  /** The memory: read it directly; change it only through `write`. */
  get mem(): MemoryGraph {
    return this.graph;
  }

  /** Opens (or creates) the memory kept in `dir`, restoring every acknowledged operation. */
  static async open(dir: string, options: MemoryFolderOptions = {}): Promise<MemoryFolder> {
    const compactEvery = options.compactEvery ?? 1000;
    if (!Number.isInteger(compactEvery) || compactEvery < 1) {
      throw new InvalidArgumentError(`MemoryFolder.open: compactEvery (${compactEvery}) must be a whole number ≥ 1`);
    }
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const lock = await lockFile(dir, { caller: 'MemoryFolder.open' });
    let floor = -Infinity;
    const wall = options.clock ?? Date.now;
    const now = (): number => (floor = Math.max(wall(), floor));
    const recovery: FolderRecovery = { torn: [], lost: [], gaps: [] };
    const folder = new MemoryFolder(dir, lock, options, compactEvery, now, (t) => (floor = t), recovery);
    try {
      const { names, base } = await folder.load();
      // Files older than the newest snapshot are superseded (a kill after it was saved may have left them).
      await removeSuperseded(dir, names, base);
      // A forget killed after its snapshot was renamed into place: its erasure is completed here.
      if (base > 0) await removeOlderGenerations(dir, base);
    } catch (e) {
      await folder.appender?.close().catch(() => undefined);
      await lock.release();
      throw e;
    }
    if (recovery.torn.length + recovery.lost.length + recovery.gaps.length > 0) {
      process.emitWarning(`palimpsest: ${dir} was repaired on open: ${JSON.stringify(recovery)}`);
    }
    return folder;
  }

  /**
   * (Re)reads the files into the memory and opens the current log for appending; a new memory's init
   * operation (its configuration) becomes the log's first record. Resolves to the folder's file names and
   * the newest snapshot's generation.
   */
  private async load(): Promise<{ names: string[]; base: number }> {
    const embed = this.options.embedder === undefined ? {} : { embedder: this.options.embedder };
    const read = await readFolder(this.dir, { now: this.now, ...embed }, this.options.acceptLoss === true, this.recovery);
    this.setFloor(lastRecordedAt(read.mem));
    // A log that does not exist yet starts after every operation read (0 for a new memory).
    this.appender = await openLogAppender(join(this.dir, logName(read.generation)), { base: read.fresh ? 0 : read.mem.size.operations });
    this.graph = read.mem;
    this.generation = read.generation;
    this.logged = read.fresh ? 0 : read.mem.size.operations;
    this.sinceSnapshot = read.sinceSnapshot;
    if (read.fresh) await this.flushNew();
    return { names: read.names, base: read.base };
  }

  /** Runs `work` after every earlier write, compaction and close. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  /**
   * Runs a change on the memory and resolves once its operations are on disk. A change that throws (a
   * named error) is passed on and the memory is as before it. A change whose operations cannot be stored
   * rejects with LogWriteError, and the memory is reloaded from its files first, so that reads never show
   * what a restart would not; later writes are tried afresh (they succeed once space is freed).
   */
  async write<T>(change: (mem: MemoryGraph) => T): Promise<T> {
    if (this.closed) throw new InvalidArgumentError('MemoryFolder.write: the memory is closed');
    const result = await this.exclusive(async () => {
      if (this.stale) await this.reload();
      let value: T;
      try {
        value = change(this.graph);
      } catch (e) {
        // A named refusal changes nothing; anything that left operations behind is undone.
        if (this.graph.size.operations !== this.logged) await this.undo(e);
        throw e;
      }
      try {
        await this.flushNew();
      } catch (e) {
        await this.undo(e);
        const cause = e instanceof Error ? e.message.replace(/^LogAppender\.\w+: /, '') : String(e);
        const err = new LogWriteError(
          `MemoryFolder.write: the change could not be stored (${cause}); ${this.stale ? `reloading the memory failed too (${this.stale.message}); the next write reloads it first` : 'the memory is as it was before it'}`,
        );
        err.cause = e;
        throw err;
      }
      return value;
    });
    if (this.sinceSnapshot >= this.compactEvery && this.compacting === undefined && !this.closed) {
      this.compacting = this.compact().finally(() => (this.compacting = undefined));
      this.compacting.catch((e: unknown) => process.emitWarning(`palimpsest: compaction of ${this.dir} failed: ${String(e)}`));
    }
    return result;
  }

  /** Drops what was applied but not stored: the failed appender is closed and the files are read again. */
  private async undo(cause: unknown): Promise<void> {
    await this.appender.close().catch(() => undefined);
    try {
      await this.reload();
    } catch (e) {
      this.stale = e instanceof Error ? e : new Error(String(e));
      this.stale.cause = cause;
    }
  }

  private async reload(): Promise<void> {
    await this.load();
    this.stale = undefined;
  }

  /** Appends the operations not yet logged and fsyncs them. */
  private async flushNew(): Promise<void> {
    const total = this.graph.size.operations;
    if (total > this.logged) {
      for (const op of this.graph.opsSince(this.logged)) this.appender.append(op);
    }
    await this.appender.flush();
    this.sinceSnapshot += total - this.logged;
    this.logged = total;
  }

  /**
   * Snapshot + new log. Writes wait while the files are swapped and the snapshot is saved (reads go on);
   * older files are deleted only once the snapshot is on disk. If the new log cannot be started, nothing
   * changes; if the snapshot cannot be saved, the logs still hold every operation.
   */
  compact(): Promise<void> {
    return this.exclusive(async () => {
      if (this.stale) await this.reload();
      const next = this.generation + 1;
      const appender = await openLogAppender(join(this.dir, logName(next)), { base: this.graph.size.operations });
      // Every write flushed before its turn ended, so the old log holds all it will: a failure of its closing
      // fsync loses nothing acknowledged, and must not leave the folder without a log to append to.
      await this.appender.close().catch(() => undefined);
      this.appender = appender;
      this.generation = next;
      this.sinceSnapshot = 0;
      await saveSnapshot(join(this.dir, snapshotName(next)), this.graph);
      await removeSuperseded(this.dir, await readdir(this.dir), next);
    });
  }

  /**
   * Forgets (MemoryGraph.forget) in the memory and in every file of the folder (forget-folder.ts): the
   * rebuilt memory is saved as the next snapshot and older files deleted before readers see it. Writes wait.
   */
  forget(scope: ForgetScope, options: ForgetOptions = {}): Promise<ForgetResult> {
    if (this.closed) return Promise.reject(new InvalidArgumentError('MemoryFolder.forget: the memory is closed'));
    return this.exclusive(async () => {
      if (this.stale) await this.reload();
      const plan = this.graph.planForget(scope, options); // refused input throws here, before any file changes
      await this.appender.close().catch(() => undefined); // every write flushed before its turn ended
      const next = this.generation + 1;
      try {
        await rewriteFolder(this.dir, plan.memory, next);
      } finally {
        // Once the new snapshot is in place the forget is stored (even if deleting older files failed: the next
        // open finishes that), so readers see it; else nothing was forgotten and the old generation goes on.
        const saved = await stat(join(this.dir, snapshotName(next))).then(() => true, () => false);
        if (saved) {
          this.generation = next;
          this.graph.adoptForget(plan);
          this.logged = this.graph.size.operations;
          this.sinceSnapshot = 0;
        }
        this.appender = await openLogAppender(join(this.dir, logName(this.generation)), { base: this.graph.size.operations });
      }
      return { tombstone: plan.tombstone, counts: plan.counts };
    });
  }

  /** Waits for any compaction and write, closes the log and releases the folder's lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.compacting?.catch(() => undefined);
    try {
      await this.exclusive(() => this.appender.close());
    } finally {
      await this.lock.release();
    }
  }
}

const MEMORY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface MemoryShelfOptions extends MemoryFolderOptions {
  /** Most memories open at once; the least recently used is closed to open another (open-bound.ts). @default 64 */
  maxOpen?: number;
}

/** The memories under one data folder, each opened on first use, at most `maxOpen` at once. */
export class MemoryShelf {
  private readonly open: OpenBound<MemoryFolder>;

  constructor(
    readonly dataDir: string,
    private readonly options: MemoryShelfOptions = {},
  ) {
    this.open = new OpenBound(options.maxOpen);
  }

  /**
   * The memory named `id` (a folder under the data folder). Created on first use, unless `create` is false
   * (reads): then a memory with no folder is refused with NotFoundError and nothing is created.
   */
  async get(id: string, call = 'memory', options: { create?: boolean } = {}): Promise<MemoryFolder> {
    if (typeof id !== 'string' || !MEMORY_ID.test(id)) {
      throw new InvalidArgumentError(`${call}: memory ${JSON.stringify(id)} must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`);
    }
    let folder = this.open.get(id);
    if (folder === undefined && options.create === false && !(await this.exists(id))) {
      const known = await this.list();
      throw new NotFoundError(`${call}: no memory "${id}"; the memories are ${known.length === 0 ? 'none yet' : known.map((n) => `"${n}"`).join(', ')}`);
    }
    folder = this.open.get(id); // another call may have opened it meanwhile
    if (folder === undefined) {
      folder = this.open.open(id, call, () => MemoryFolder.open(join(this.dataDir, id), this.options));
      folder.catch(() => this.open.delete(id)); // a failed open (a damaged file) is retried on the next call
    }
    return folder;
  }

  /** Whether the memory `id` has a folder holding a snapshot or a log. */
  private async exists(id: string): Promise<boolean> {
    const names = await readdir(join(this.dataDir, id)).catch(() => [] as string[]);
    return names.some(isMemoryFileName);
  }

  /** The names of the memories under the data folder (open or on disk), sorted. */
  async list(): Promise<string[]> {
    const entries = await readdir(this.dataDir).catch(() => [] as string[]);
    const onDisk: string[] = [];
    for (const n of entries) {
      if (MEMORY_ID.test(n) && (await stat(join(this.dataDir, n)).catch(() => undefined))?.isDirectory() && (await this.exists(n))) onDisk.push(n);
    }
    return [...new Set([...onDisk, ...this.open.keys()])].sort();
  }

  /**
   * Deletes the memory `id`: closes it and removes its folder with every file in it. NotFoundError when
   * there is no such memory on disk.
   */
  async delete(id: string, call = 'delete_memory'): Promise<void> {
    if (typeof id !== 'string' || !MEMORY_ID.test(id)) {
      throw new InvalidArgumentError(`${call}: memory ${JSON.stringify(id)} must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`);
    }
    const dir = join(this.dataDir, id);
    const pending = this.open.get(id);
    this.open.delete(id);
    await (await pending?.catch(() => undefined))?.close();
    await this.open.settled(); // a close made to make room, of this memory too
    const exists = await stat(dir).then(() => true, () => false);
    if (!exists) throw new NotFoundError(`${call}: there is no memory ${JSON.stringify(id)}`);
    await rm(dir, { recursive: true, force: true });
  }

  async close(): Promise<void> {
    const folders = [...this.open.values()];
    this.open.clear();
    await Promise.all(folders.map(async (f) => (await f.catch(() => undefined))?.close()));
    await this.open.settled();
  }
}
