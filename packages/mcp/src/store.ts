/**
 * A memory folder on disk: every file read or written for a memory goes through this module.
 *
 * Layout of one folder (one memory):
 *   snapshot-<g>.plmp   the whole memory after generation g-1 was compacted (written atomically)
 *   log-<g>.jsonl       the operations applied after snapshot-<g> (log-0: everything since the memory began)
 * Opening loads the newest snapshot and replays every log of that generation or later, in order. Each
 * accepted write is appended to the current log and flushed (fsync) before `write` resolves. Compaction
 * opens log-<g+1> for new writes, saves snapshot-<g+1>, and only then deletes older files, so a kill at any
 * point leaves a set of files from which every acknowledged operation is restored.
 */
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError, MemoryGraph, NotFoundError } from '@palimpsest/core';
import type { Embedder, Operation } from '@palimpsest/core';
import { loadSnapshot, openLogAppender, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';
import type { LogAppender } from '@palimpsest/persist/node';

export interface MemoryFolderOptions {
  /** Embeds texts for recall; the memory's default (HashEmbedder) when absent. */
  embedder?: Embedder;
  /** Compact (snapshot + new log) once this many operations have been logged since the last snapshot. @default 1000 */
  compactEvery?: number;
  /** The wall clock; record times never go backwards even if it does. @default Date.now */
  clock?: () => number;
}

const SNAPSHOT = /^snapshot-(\d+)\.plmp$/;
const LOG = /^log-(\d+)\.jsonl$/;
/** The lock file beside a log (persist's appender); a killed writer leaves its lock behind. */
const LOG_LOCK = /^log-(\d+)\.jsonl\.lock$/;

/** Deletes snapshots, logs and log locks of generations below `generation`: a newer snapshot covers them. */
async function removeSuperseded(dir: string, names: readonly string[], generation: number): Promise<void> {
  for (const n of names) {
    const m = SNAPSHOT.exec(n) ?? LOG.exec(n) ?? LOG_LOCK.exec(n);
    if (m && Number(m[1]) < generation) await unlink(join(dir, n)).catch(() => undefined);
  }
}
const snapshotName = (g: number): string => `snapshot-${g}.plmp`;
const logName = (g: number): string => `log-${g}.jsonl`;

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
  private appender: LogAppender;
  private generation: number;
  /** Operations in `mem` that are already in a log file (or the snapshot). */
  private logged: number;
  private sinceSnapshot: number;
  /** Closed while compaction swaps files: writes wait for it. */
  private gate: Promise<void> = Promise.resolve();
  private compacting: Promise<void> | undefined;
  private closed = false;
  private readonly compactEvery: number;

  private constructor(
    readonly dir: string,
    readonly mem: MemoryGraph,
    state: { appender: LogAppender; generation: number; sinceSnapshot: number },
    compactEvery: number,
  ) {
    this.appender = state.appender;
    this.generation = state.generation;
    this.logged = mem.size.operations;
    this.sinceSnapshot = state.sinceSnapshot;
    this.compactEvery = compactEvery;
  }

  /** Opens (or creates) the memory kept in `dir`, restoring every operation that reached a log. */
  static async open(dir: string, options: MemoryFolderOptions = {}): Promise<MemoryFolder> {
    const compactEvery = options.compactEvery ?? 1000;
    if (!Number.isInteger(compactEvery) || compactEvery < 1) {
      throw new InvalidArgumentError(`MemoryFolder.open: compactEvery (${compactEvery}) must be a whole number ≥ 1`);
    }
    await mkdir(dir, { recursive: true });
    const names = await readdir(dir);
    const generations = (re: RegExp): number[] =>
      names.flatMap((n) => {
        const m = re.exec(n);
        return m ? [Number(m[1])] : [];
      }).sort((a, b) => a - b);
    const snapshots = generations(SNAPSHOT);
    const base = snapshots.length > 0 ? snapshots[snapshots.length - 1]! : -1;
    const logs = generations(LOG).filter((g) => g >= base);

    // The tail: every operation logged since the newest snapshot. Only the newest log can end torn (a kill
    // mid-append, never acknowledged); it is rewritten without that line so appending can resume.
    const tail: Operation[] = [];
    for (const g of logs) {
      const path = join(dir, logName(g));
      const { ops, torn, format } = await readLog(path);
      if (torn) await writeLog(path, ops, { format: format === 3 ? 3 : 2 }); // in its own format (1 becomes 2, as an appender would)
      for (const op of ops) tail.push(op);
    }

    let floor = -Infinity;
    const wall = options.clock ?? Date.now;
    const now = (): number => (floor = Math.max(wall(), floor));
    const embed = options.embedder === undefined ? {} : { embedder: options.embedder };
    let mem: MemoryGraph;
    if (base >= 0) {
      // The snapshot, then the operations logged after it (not a replay of the snapshot's history).
      mem = await loadSnapshot(join(dir, snapshotName(base)), { now, ...embed });
      mem.applyOps(tail);
    } else if (tail.length > 0) {
      mem = MemoryGraph.replay(tail, { now, ...embed });
    } else {
      mem = new MemoryGraph({ now, ...embed });
    }
    floor = lastRecordedAt(mem);

    const generation = Math.max(base, logs[logs.length - 1] ?? 0, 0);
    const appender = await openLogAppender(join(dir, logName(generation)));
    const folder = new MemoryFolder(dir, mem, { appender, generation, sinceSnapshot: tail.length }, compactEvery);
    if (base < 0 && tail.length === 0) {
      // A new memory: its init operation (the configuration) is the log's first line.
      folder.logged = 0;
      await folder.flushNew();
    }
    // Files older than the newest snapshot are superseded (a kill after it was saved may have left them).
    await removeSuperseded(dir, names, base);
    return folder;
  }

  /**
   * Runs a change on the memory and resolves once its operations are on disk. A change that throws
   * (a named error) has changed nothing, so nothing is logged and the error is passed on.
   */
  async write<T>(change: (mem: MemoryGraph) => T): Promise<T> {
    if (this.closed) throw new InvalidArgumentError('MemoryFolder.write: the memory is closed');
    await this.gate;
    const result = change(this.mem);
    await this.flushNew();
    if (this.sinceSnapshot >= this.compactEvery && this.compacting === undefined) {
      this.compacting = this.compact().finally(() => (this.compacting = undefined));
      this.compacting.catch((e: unknown) => process.emitWarning(`palimpsest: compaction of ${this.dir} failed: ${String(e)}`));
    }
    return result;
  }

  /** Appends the operations not yet logged and fsyncs them. */
  private async flushNew(): Promise<void> {
    const total = this.mem.size.operations;
    if (total > this.logged) {
      for (const op of this.mem.opsSince(this.logged)) this.appender.append(op);
      this.sinceSnapshot += total - this.logged;
      this.logged = total;
    }
    await this.appender.flush();
  }

  /**
   * Snapshot + new log. New writes wait while the files are swapped and the snapshot is saved (reads go on);
   * older files are deleted only once the snapshot is on disk.
   */
  async compact(): Promise<void> {
    let open!: () => void;
    const previousGate = this.gate;
    this.gate = new Promise<void>((resolve) => (open = resolve));
    try {
      await previousGate;
      await this.appender.close(); // everything already acknowledged is flushed; nothing new can arrive
      const next = this.generation + 1;
      this.appender = await openLogAppender(join(this.dir, logName(next)));
      this.generation = next;
      this.sinceSnapshot = 0;
      await saveSnapshot(join(this.dir, snapshotName(next)), this.mem);
      await removeSuperseded(this.dir, await readdir(this.dir), next);
    } finally {
      open();
    }
  }

  /** Waits for any compaction, flushes and closes the log. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.compacting?.catch(() => undefined);
    await this.gate;
    await this.appender.close();
  }
}

const MEMORY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The memories under one data folder, each opened on first use. */
export class MemoryShelf {
  private readonly open = new Map<string, Promise<MemoryFolder>>();

  constructor(
    readonly dataDir: string,
    private readonly options: MemoryFolderOptions = {},
  ) {}

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
      folder = MemoryFolder.open(join(this.dataDir, id), this.options);
      folder.catch(() => this.open.delete(id)); // a failed open (a damaged file) is retried on the next call
      this.open.set(id, folder);
    }
    return folder;
  }

  /** Whether the memory `id` has a folder holding a snapshot or a log. */
  private async exists(id: string): Promise<boolean> {
    const names = await readdir(join(this.dataDir, id)).catch(() => [] as string[]);
    return names.some((n) => SNAPSHOT.test(n) || LOG.test(n));
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

  async close(): Promise<void> {
    const folders = [...this.open.values()];
    this.open.clear();
    await Promise.all(folders.map(async (f) => (await f.catch(() => undefined))?.close()));
  }
}
