/**
 * Memories built as a user builds them (`../shared/datasets/README.md`, "Measure what a user gets"): every
 * turn through `ingestEpisode`, one call per turn in time order, with the options a user passes — the turn's
 * speaker (LoCoMo's name, LongMemEval's role), its time (LongMemEval: the session's date, shared by its
 * turns), its session id — and the default extractor. Nothing else is written: no whole-session documents,
 * no name lists. Every reported quality figure of the bench reads memories made here.
 *
 * The record clock follows the data (a memory that listened live): each turn is recorded at the latest of
 * its own time and the last record time, so a cut at a time sees what had been said by then.
 */
import * as thisCore from '@palimpsest/core';
import type { Embedder, Extractor } from '@palimpsest/core';
import type { Conversation, LongMemEvalQuestion } from '@palimpsest/datasets';

export interface PublicTurn {
  id: string;
  text: string;
  at: number;
  speaker: string;
  session: string;
  vector?: Float32Array;
}

export interface PublicMemory {
  mem: thisCore.MemoryGraph;
  /** The latest record time written (the end of what was heard). */
  lastRecorded: number;
  /** Milliseconds spent in ingestEpisode, per turn. */
  ingestMs: number[];
  facts: number;
  /** Turns ingestEpisode refused (an InvalidArgumentError, e.g. an extracted name over the engine's limit), with the reasons. */
  refused: string[];
}

/** An extractor that finds nothing: the `--no-extract` ablation (a user's choice too: `ingestEpisode`'s option). */
export const NO_EXTRACTION: Extractor = { id: 'none', extract: (turns) => turns.map(() => ({ entities: [], facts: [] })) } as Extractor;

/** The entry points a memory is built through: this workspace's core, or another build of it (recall-ab.ts). */
export type CoreEntryPoints = Pick<typeof thisCore, 'MemoryGraph' | 'ingestEpisode' | 'InvalidArgumentError'>;

export interface BuildOptions {
  embedder?: Embedder;
  /** @default this workspace's `@palimpsest/core` */
  core?: CoreEntryPoints;
  /** @default the memory's default extractor */
  extractor?: Extractor;
}

/** A memory of these turns, each through `ingestEpisode` in the order given. */
export function buildMemory(turns: Iterable<PublicTurn>, options: BuildOptions = {}): PublicMemory {
  const { MemoryGraph, ingestEpisode, InvalidArgumentError } = options.core ?? thisCore;
  const out: PublicMemory = { mem: undefined as unknown as thisCore.MemoryGraph, lastRecorded: -Infinity, ingestMs: [], facts: 0, refused: [] };
  out.mem = new MemoryGraph({ now: () => (Number.isFinite(out.lastRecorded) ? out.lastRecorded : 0), ...(options.embedder === undefined ? {} : { embedder: options.embedder }) });
  const ingestOptions = options.extractor === undefined ? {} : { extractor: options.extractor };
  for (const t of turns) {
    const recordedAt = Math.max(out.lastRecorded, t.at);
    const t0 = performance.now();
    try {
      const r = ingestEpisode(out.mem, { id: t.id, text: t.text, at: t.at, speaker: t.speaker, session: t.session, recordedAt, ...(t.vector === undefined ? {} : { vector: t.vector }) }, ingestOptions);
      out.facts += r.facts.filter((f) => f.status !== 'rejected').length;
    } catch (error) {
      // what a user would get back: the turn is not written; counted and reported, the run goes on
      if (!(error instanceof InvalidArgumentError)) throw error;
      out.refused.push(`${t.id}: ${error.message}`);
    }
    out.ingestMs.push(performance.now() - t0);
    out.lastRecorded = recordedAt;
  }
  return out;
}

/** LoCoMo's turns as a user writes them: dia_id, the speaker's name, the turn's time, `S{n}` sessions. */
export function locomoTurns(conv: Conversation): PublicTurn[] {
  return conv.sessions.flatMap((s) => s.turns.map((t) => ({ id: t.id, text: t.text, at: t.at, speaker: t.speaker, session: `S${s.index}` })));
}

/** A LongMemEval turn's episode id: `<session id>_<n>`, n from 1 (the paper's turn ids). */
export const lmeTurnId = (sessionId: string, i: number): string => `${sessionId}_${i + 1}`;

/**
 * A LongMemEval haystack as a user writes it: sessions by date (the haystack is not in date order), each
 * turn at its session's date with its role as speaker. A session id repeated in the haystack gets `#2`, …
 */
export function longMemEvalTurns(q: LongMemEvalQuestion): Array<PublicTurn & { sessionId: string; hasAnswer: boolean; role: string }> {
  const out: Array<PublicTurn & { sessionId: string; hasAnswer: boolean; role: string }> = [];
  const seen = new Set<string>();
  for (const s of [...q.sessions].sort((x, y) => x.date - y.date)) {
    let id = s.id;
    for (let n = 2; seen.has(id); n++) id = `${s.id}#${n}`;
    seen.add(id);
    s.turns.forEach((t, i) => {
      out.push({ id: lmeTurnId(id, i), text: t.content, at: s.date, speaker: t.role, session: id, sessionId: s.id, hasAnswer: t.hasAnswer, role: t.role });
    });
  }
  return out;
}

/** LongMemEval's question-day cut: the last millisecond of the UTC calendar day of the question's date. */
export function questionDayEnd(questionDate: number): number {
  const DAY = 86_400_000;
  return Math.floor(questionDate / DAY) * DAY + DAY - 1;
}
