/**
 * The sessions the episode ranker scores in full, bounded by work rather than by the memory's size.
 *
 * Scoring a session in full walks all its turns (each takes its neighbours', its speaker's and its session's
 * lift) and reads its own document's length; over every session that holds a question word, that is most of
 * a large memory. The sessions that can reach the top are the ones holding one of the best-matching turns, or
 * whose own document (its turns taken together) matches best: a fixed number of each is scored in full, the
 * rest of the matching turns keep their own match only. The bounds are counts, never time, so the ranking is a
 * pure function of the memory, the question, the cut and the options; a memory with fewer matching sessions
 * than the bounds is ranked exactly as with no bound.
 */
import { Accumulator } from './accumulator.js';
import { TopK } from './grow.js';
import type { SessionMap } from './sessions.js';

/** How many best-matching turns (and whole-session episodes) bring their sessions into full scoring. */
export const CANDIDATE_TURNS = 200;
/** How many sessions, best by their own document, are scored in full beside them. */
export const CANDIDATE_SESSIONS = 100;

export class RankCandidates {
  /** This call's candidate sessions, by root. */
  readonly roots = new Accumulator((n) => new Float64Array(n));
  private readonly turns = new TopK();
  private readonly wholes = new TopK();

  /** Starts a choice keeping the `turns` best turns and the `turns` best whole-session episodes. */
  begin(turns = CANDIDATE_TURNS): void {
    this.turns.reset(turns);
    this.wholes.reset(turns);
  }

  /** Offers scored episode i (its `whole`: a whole-session episode), in the caller's walk over the scores. */
  offer(score: number, i: number, whole: boolean): void {
    (whole ? this.wholes : this.turns).push(score, i);
  }

  /** Begins `roots` with the sessions of the offered best turns and whole-session episodes (ties by lower index). */
  choose(sessions: SessionMap, size: number): Accumulator<Float64Array> {
    const roots = this.roots;
    roots.begin(size);
    for (const h of this.turns.drain()) roots.set(sessions.sessionOf(h.id), 1);
    for (const h of this.wholes.drain()) roots.set(sessions.sessionOf(h.id), 1);
    return roots;
  }
}
