/**
 * The memories under one data folder, each opened on first use and kept open while used. At most
 * `maxOpen` are open at once (each holds its graph in memory and its log's file descriptor): opening one
 * more first closes the least recently used idle one. A memory is busy while it opens, closes or writes;
 * when every open memory is busy, the call is refused with ShelfFullError instead of opening past the bound.
 * A memory closed while a caller still holds it is opened again by that caller's next write.
 */
import { join } from 'node:path';
import { InvalidArgumentError, PalimpsestError } from '@palimpsest/core';
import type { MemoryGraph } from '@palimpsest/core';
import { MemoryFolder } from './store.js';
import type { MemoryFolderOptions } from './store.js';
import type { ToolMemories, ToolMemory } from './tools.js';

/** Refused: the bound on open memories is reached and none of them can be closed now, or the process is out of file descriptors. */
export class ShelfFullError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'ShelfFullError';
  }
}

export interface MemoryShelfOptions extends MemoryFolderOptions {
  /** Most memories open at once. @default DEFAULT_MAX_OPEN_MEMORIES */
  maxOpen?: number;
}

/** 64 open memories: each costs one file descriptor and its graph's memory (about 0.45 MiB when small). */
export const DEFAULT_MAX_OPEN_MEMORIES = 64;

const MEMORY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

interface Entry {
  opened: Promise<MemoryFolder>;
  /** The folder once open (what `mem` reads). */
  folder: MemoryFolder | undefined;
  /** Opens and writes in progress: a busy memory is never closed to make room. */
  busy: number;
}

const isOutOfFiles = (e: unknown): boolean => ['EMFILE', 'ENFILE'].includes((e as { code?: string } | null)?.code ?? '');

export class MemoryShelf implements ToolMemories {
  /** Open memories, least recently used first (a Map keeps insertion order; a use moves an id to the end). */
  private readonly open = new Map<string, Entry>();
  /** Memories being closed: opening one again waits for its close (its log is released then). */
  private readonly closing = new Map<string, Promise<void>>();
  private readonly maxOpen: number;
  private readonly folderOptions: MemoryFolderOptions;
  private closed = false;

  constructor(
    readonly dataDir: string,
    options: MemoryShelfOptions = {},
  ) {
    const { maxOpen = DEFAULT_MAX_OPEN_MEMORIES, ...folderOptions } = options;
    if (!Number.isSafeInteger(maxOpen) || maxOpen < 1) throw new InvalidArgumentError(`MemoryShelf: maxOpen (${maxOpen}) must be a whole number ≥ 1`);
    this.maxOpen = maxOpen;
    this.folderOptions = folderOptions;
  }

  /** How many memories are open now. */
  get size(): number {
    return this.open.size;
  }

  /** The memory named `id` (a folder under the data folder; created on first use). */
  async get(id: string, call = 'memory'): Promise<ToolMemory> {
    let last = await this.use(id, call, async (folder) => folder);
    const shelf = this;
    return {
      get mem(): MemoryGraph {
        return (shelf.open.get(id)?.folder ?? last).mem;
      },
      write: <T>(change: (mem: MemoryGraph) => T): Promise<T> =>
        this.use(id, call, (folder) => {
          last = folder;
          return folder.write(change);
        }),
    } satisfies ToolMemory & { mem: MemoryGraph };
  }

  /** Opens `id` if needed and runs `run` on it, the memory marked busy and most recently used meanwhile. */
  private async use<R>(id: string, call: string, run: (folder: MemoryFolder) => Promise<R>): Promise<R> {
    if (typeof id !== 'string' || !MEMORY_ID.test(id)) {
      throw new InvalidArgumentError(`${call}: memory ${JSON.stringify(id)} must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`);
    }
    if (this.closed) throw new InvalidArgumentError(`${call}: the server is shutting down`);
    const entry = this.entry(id, call);
    entry.busy++;
    try {
      return await run(await entry.opened);
    } finally {
      entry.busy--;
    }
  }

  /** The open entry of `id`, moved to most recently used; or a new one, after making room for it. */
  private entry(id: string, call: string): Entry {
    const found = this.open.get(id);
    if (found !== undefined) {
      this.open.delete(id);
      this.open.set(id, found);
      return found;
    }
    this.makeRoom(this.maxOpen - 1, call);
    const entry: Entry = { opened: this.openFolder(id, call), folder: undefined, busy: 0 };
    entry.opened.then(
      (folder) => (entry.folder = folder),
      () => {
        if (this.open.get(id) === entry) this.open.delete(id); // a failed open (a damaged file) is retried on the next call
      },
    );
    this.open.set(id, entry);
    return entry;
  }

  /** Closes least recently used idle memories until at most `keep` are open; refuses by name if it cannot. */
  private makeRoom(keep: number, call: string, refuse = true): void {
    for (const [id, entry] of this.open) {
      if (this.open.size <= keep) return;
      if (entry.busy === 0 && entry.folder !== undefined) this.evict(id, entry.folder);
    }
    if (refuse && this.open.size > keep) {
      throw new ShelfFullError(`${call}: ${this.open.size} memories are open and all are in use (the bound is ${this.maxOpen}); try again once a call has finished`);
    }
  }

  private evict(id: string, folder: MemoryFolder): void {
    this.open.delete(id);
    const done = folder
      .close()
      .catch((e: unknown) => process.emitWarning(`palimpsest: closing memory "${id}" failed: ${String(e)}`))
      .finally(() => {
        if (this.closing.get(id) === done) this.closing.delete(id);
      });
    this.closing.set(id, done);
  }

  /** Opens the folder once any close of it has finished; out of file descriptors, closes every idle memory and tries once more. */
  private async openFolder(id: string, call: string): Promise<MemoryFolder> {
    const open = async (): Promise<MemoryFolder> => {
      await this.closing.get(id);
      return MemoryFolder.open(join(this.dataDir, id), this.folderOptions);
    };
    try {
      return await open();
    } catch (e) {
      if (!isOutOfFiles(e)) throw e;
      this.makeRoom(1, call, false);
      await Promise.all(this.closing.values());
      try {
        return await open();
      } catch (again) {
        if (!isOutOfFiles(again)) throw again;
        throw new ShelfFullError(`${call}: the process has no file descriptor left to open memory "${id}" (${this.open.size} memories open; lower the bound or raise \`ulimit -n\`)`);
      }
    }
  }

  /** Closes every memory (flushing its log); later calls are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const entries = [...this.open.values()];
    this.open.clear();
    await Promise.all([
      ...entries.map(async (e) => (await e.opened.catch(() => undefined))?.close()),
      ...this.closing.values(),
    ]);
  }
}
