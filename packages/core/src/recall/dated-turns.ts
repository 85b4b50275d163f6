/**
 * Which episodes say when something happened: a date expression ("yesterday", "two weeks ago", "on 8 May")
 * that resolves against the episode's own time (recall/dates.ts, `hasRelativeDate`). Decided once as each episode is indexed;
 * a question asking "when" lifts these turns (`whenLift` in recall/episode-rank.ts).
 */
import { hasRelativeDate } from './dates.js';
import { growU8 } from './grow.js';

export class DatedTurns {
  private flags = new Uint8Array(64);
  private count = 0;

  /** Reads episode `index` (they come in order 0, 1, 2 …); a whole session's text is not a turn and is not read. */
  add(index: number, text: string, at: number, whole: boolean): void {
    if (index !== this.count) throw new Error(`DatedTurns.add: episode ${index} out of order (expected ${this.count})`);
    this.flags = growU8(this.flags, index + 1);
    this.flags[index] = !whole && Number.isFinite(at) && hasRelativeDate(text, at) ? 1 : 0;
    this.count++;
  }

  has(index: number): boolean {
    return this.flags[index] === 1;
  }

  /** The flags of the episodes read so far (1: dated), for a snapshot. */
  exportFlags(): Uint8Array {
    return this.flags.slice(0, this.count);
  }

  /** The same flags as a view, for a snapshot encoder (valid until the next add). */
  flagViews(): Uint8Array {
    return this.flags.subarray(0, this.count);
  }

  /** Before any add: the flags a snapshot kept (each 0 or 1); the next add reads episode `flags.length`. */
  loadFlags(flags: Uint8Array): void {
    if (this.count !== 0) throw new Error('DatedTurns.loadFlags: flags are loaded before any episode is read');
    this.flags = growU8(new Uint8Array(64), flags.length);
    this.flags.set(flags);
    this.count = flags.length;
  }
}
