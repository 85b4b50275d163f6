/**
 * Which episodes say when something happened: a date expression ("yesterday", "two weeks ago", "on 8 May")
 * that resolves against the episode's own time (recall/dates.ts). Decided once as each episode is indexed;
 * a question asking "when" lifts these turns (`whenLift` in recall/episode-rank.ts).
 */
import { resolveRelativeDates } from './dates.js';
import { growU8 } from './grow.js';

export class DatedTurns {
  private flags = new Uint8Array(64);
  private count = 0;

  /** Reads episode `index` (they come in order 0, 1, 2 …); a whole session's text is not a turn and is not read. */
  add(index: number, text: string, at: number, whole: boolean): void {
    this.addFlag(index, !whole && Number.isFinite(at) && resolveRelativeDates(text, at).length > 0);
  }

  /** `add` for an episode whose answer is known (a snapshot's recall index stores it). */
  addFlag(index: number, dated: boolean): void {
    if (index !== this.count) throw new Error(`DatedTurns.add: episode ${index} out of order (expected ${this.count})`);
    this.flags = growU8(this.flags, index + 1);
    this.flags[index] = dated ? 1 : 0;
    this.count++;
  }

  /** Episodes read so far. */
  get size(): number {
    return this.count;
  }

  has(index: number): boolean {
    return this.flags[index] === 1;
  }
}
