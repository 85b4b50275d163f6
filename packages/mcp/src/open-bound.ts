/**
 * The open memories of a MemoryShelf, at most `max` at once (each holds its graph in memory and its log's
 * file descriptor and lock). A Map of id → opening folder to its user, plus:
 *   - `get` marks the memory most recently used;
 *   - `open` first closes least recently used memories that have finished opening, and refuses with
 *     ShelfFullError when all `max` are still opening; it waits for a close of the same memory still in
 *     progress (its log must be released first), and when the process is out of file descriptors (EMFILE)
 *     it closes every other open memory and tries once more before refusing by name.
 * A memory closed to make room is opened again from disk by its next call. A caller that still holds a
 * closed one (more than `max` other memories used while it waited) has its write refused by
 * MemoryFolder ("the memory is closed"), never lost.
 */
import { PalimpsestError } from '@palimpsest/core';

/** Refused: the bound on open memories is reached and none can be closed now, or no file descriptor is left. */
export class ShelfFullError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'ShelfFullError';
  }
}

/** 64 open memories: each costs one file descriptor and its graph's memory (about 0.45 MiB when small). */
export const DEFAULT_MAX_OPEN_MEMORIES = 64;

interface Closable {
  close(): Promise<void>;
}

interface Slot<T> {
  opening: Promise<T>;
  /** Set once open: only an open memory can be closed to make room. */
  value?: T;
}

const outOfFiles = (e: unknown): boolean => ['EMFILE', 'ENFILE'].includes((e as { code?: string } | null)?.code ?? '');

export class OpenBound<T extends Closable> {
  /** Least recently used first: a Map keeps insertion order, and a use moves an id to the end. */
  private readonly slots = new Map<string, Slot<T>>();
  /** Closes in progress (made to make room), by id. */
  private readonly closing = new Map<string, Promise<void>>();

  constructor(readonly max: number = DEFAULT_MAX_OPEN_MEMORIES) {
    if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`OpenBound: max (${max}) must be a whole number ≥ 1`);
  }

  get size(): number {
    return this.slots.size;
  }

  /** The memory `id` if open or opening, now the most recently used. */
  get(id: string): Promise<T> | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined) return undefined;
    this.slots.delete(id);
    this.slots.set(id, slot);
    return slot.opening;
  }

  /** Opens `id` with `opener` after making room for it (see the module comment). */
  open(id: string, call: string, opener: () => Promise<T>): Promise<T> {
    this.makeRoom(this.max - 1);
    if (this.slots.size >= this.max) {
      throw new ShelfFullError(`${call}: ${this.slots.size} memories are opening at once (the bound is ${this.max}); try again once a call has finished`);
    }
    const slot: Slot<T> = { opening: this.openOnce(id, call, opener) };
    slot.opening.then((value) => (slot.value = value), () => undefined);
    this.slots.set(id, slot);
    return slot.opening;
  }

  private async openOnce(id: string, call: string, opener: () => Promise<T>): Promise<T> {
    await this.closing.get(id);
    try {
      return await opener();
    } catch (e) {
      if (!outOfFiles(e)) throw e;
      this.makeRoom(1);
      await Promise.all(this.closing.values());
      try {
        return await opener();
      } catch (again) {
        if (!outOfFiles(again)) throw again;
        throw new ShelfFullError(`${call}: no file descriptor is left to open memory "${id}" (${this.slots.size} memories open; lower --max-open-memories or raise \`ulimit -n\`)`);
      }
    }
  }

  /** Closes least recently used open memories until at most `keep` remain (those still opening stay). */
  private makeRoom(keep: number): void {
    for (const [id, slot] of this.slots) {
      if (this.slots.size <= keep) return;
      if (slot.value === undefined) continue;
      this.slots.delete(id);
      const done: Promise<void> = slot.value
        .close()
        .catch((e: unknown) => process.emitWarning(`palimpsest: closing memory "${id}" failed: ${String(e)}`))
        .finally(() => {
          if (this.closing.get(id) === done) this.closing.delete(id);
        });
      this.closing.set(id, done);
    }
  }

  /** Forgets `id` without closing it (a failed open). */
  delete(id: string): boolean {
    return this.slots.delete(id);
  }

  keys(): IterableIterator<string> {
    return this.slots.keys();
  }

  /** The memories open or opening. */
  values(): Array<Promise<T>> {
    return [...this.slots.values()].map((s) => s.opening);
  }

  /** Forgets every memory without closing it (the caller closes `values()`); closes made to make room are awaited by `settled`. */
  clear(): void {
    this.slots.clear();
  }

  /** Resolves once every close made to make room has finished. */
  async settled(): Promise<void> {
    await Promise.all(this.closing.values());
  }
}
