/**
 * Transcripts into turns in time order, for `ingest`: plain `{ speaker, text, at }` turns, or sessions
 * shaped like LoCoMo's and LongMemEval's (as `@palimpsest/datasets` loads them: sessions with a `date` and
 * turns with `speaker`/`text` or `role`/`content`).
 */
import { InvalidArgumentError } from '../errors.js';
import type { TimeInput } from '../types.js';
import { toMillis } from '../util/time.js';
import { ingest } from './pipeline.js';
import type { IngestSummary, IngestTurn, IngestTurnsOptions } from './pipeline.js';
import type { MemoryGraph } from '../graph/memory-graph.js';

export interface TranscriptTurn {
  /** @default `${session id}:${position in the session, from 1}`, or `T${position}` for plain turns */
  id?: string;
  /** Who said it (LongMemEval: `role`). */
  speaker?: string;
  role?: string;
  /** What was said (LongMemEval: `content`). */
  text?: string;
  content?: string;
  /** When it was said. @default for a session's turns: the session's date plus one second per turn before it */
  at?: TimeInput;
  /** A plain turn's conversation or thread (a session's turns take the session's id). */
  session?: string;
}

export interface TranscriptSession {
  /** @default `S${index}` when `index` is given (LoCoMo), else `S${position, from 1}` */
  id?: string;
  index?: number;
  /** When the session started. */
  date: TimeInput;
  turns: readonly TranscriptTurn[];
}

export type Transcript = readonly TranscriptTurn[] | { sessions: readonly TranscriptSession[] };

/** How `transcriptTurns` ordered what it was given. */
export interface TranscriptOrder {
  /** The rule applied, in words. */
  rule: string;
  /** Sessions in the order their turns were put (empty for plain turns). */
  sessions: Array<{ id: string; date: number; turns: number; givenPosition: number }>;
  /** False when the input was already in that order. */
  reordered: boolean;
}

export interface TranscriptOptions {
  /**
   * Record each turn at the time it was said (`recordedAt = at`), as a memory that listened live would
   * have; otherwise the memory's clock stamps each turn when it is written. @default false
   */
  recordAsSaid?: boolean;
}

const SESSIONS_RULE =
  'sessions by date (ties keep the given order); a turn without a time is one second after the one before it in its session; then every turn by its time (ties keep session order)';
const TURNS_RULE = 'turns by their time `at` (ties keep the given order)';

/** The transcript's turns in time order, and how they were ordered. Nothing is written. */
export function transcriptTurns(transcript: Transcript, options: TranscriptOptions = {}): { turns: IngestTurn[]; order: TranscriptOrder } {
  const call = 'transcriptTurns';
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${call}: options must be an object`);
  let turns: Array<IngestTurn & { at: number }>;
  let order: TranscriptOrder;
  if (Array.isArray(transcript)) {
    turns = (transcript as readonly TranscriptTurn[]).map((t, i) => turnOf(t, `T${i + 1}`, undefined, `${call}: turns[${i}]`));
    order = { rule: TURNS_RULE, sessions: [], reordered: false };
  } else if (transcript !== null && typeof transcript === 'object' && Array.isArray((transcript as { sessions?: unknown }).sessions)) {
    const given = (transcript as { sessions: readonly TranscriptSession[] }).sessions.map((s, i) => {
      const where = `${call}: sessions[${i}]`;
      if (s === null || typeof s !== 'object' || !Array.isArray(s.turns)) throw new InvalidArgumentError(`${where} must be an object with a turns array`);
      if (s.id !== undefined && (typeof s.id !== 'string' || s.id === '')) throw new InvalidArgumentError(`${where}.id must be a non-empty string`);
      const id = s.id ?? (Number.isInteger(s.index) ? `S${s.index}` : `S${i + 1}`);
      return { s, id, date: toMillis(s.date, where, 'date'), givenPosition: i, where };
    });
    const sorted = [...given].sort((a, b) => a.date - b.date || a.givenPosition - b.givenPosition);
    turns = [];
    for (const { s, id, date, where } of sorted) {
      // each turn keeps its session's id (EpisodeInput.session): recall groups the conversation by it
      s.turns.forEach((t, j) => turns.push({ ...turnOf(t, `${id}:${j + 1}`, date + j * 1000, `${where}.turns[${j}]`), session: id }));
    }
    order = {
      rule: SESSIONS_RULE,
      sessions: sorted.map(({ id, date, s, givenPosition }) => ({ id, date, turns: s.turns.length, givenPosition })),
      reordered: sorted.some((x, i) => x.givenPosition !== i),
    };
  } else {
    throw new InvalidArgumentError(`${call}: expected an array of turns or { sessions: [...] }`);
  }
  const byTime = turns.map((t, i) => ({ t, i })).sort((a, b) => a.t.at - b.t.at || a.i - b.i);
  if (byTime.some((x, i) => x.i !== i)) order.reordered = true;
  const out = byTime.map(({ t }) => (options.recordAsSaid === true ? { ...t, recordedAt: t.at } : t));
  return { turns: out, order };
}

function turnOf(t: TranscriptTurn, defaultId: string, defaultAt: number | undefined, where: string): IngestTurn & { at: number } {
  if (t === null || typeof t !== 'object') throw new InvalidArgumentError(`${where} must be an object`);
  const speaker = t.speaker ?? t.role;
  const text = t.text ?? t.content;
  if (typeof text !== 'string') throw new InvalidArgumentError(`${where}: text (or content) must be a string`);
  if (speaker !== undefined && (typeof speaker !== 'string' || speaker.trim() === '')) throw new InvalidArgumentError(`${where}: speaker (or role) must be a non-empty string`);
  if (t.id !== undefined && (typeof t.id !== 'string' || t.id === '')) throw new InvalidArgumentError(`${where}: id must be a non-empty string`);
  if (t.session !== undefined && typeof t.session !== 'string') throw new InvalidArgumentError(`${where}: session must be a string`);
  if (t.at === undefined && defaultAt === undefined) throw new InvalidArgumentError(`${where}: at (when it was said) is missing`);
  const at = t.at === undefined ? defaultAt! : toMillis(t.at, where, 'at');
  return { id: t.id ?? defaultId, text, at, ...(speaker === undefined ? {} : { speaker }), ...(t.session === undefined ? {} : { session: t.session }) };
}

/**
 * Ingests a transcript in time order (see `transcriptTurns`) and says how it ordered it. Two clocks are
 * set: each turn's valid time is when it was said (`at`); its record time is when the memory learnt it —
 * the memory's clock as the turn is written, or `at` itself with `recordAsSaid`.
 */
export async function ingestTranscript(
  mem: MemoryGraph,
  transcript: Transcript,
  options: IngestTurnsOptions & TranscriptOptions = {},
): Promise<IngestSummary & { order: TranscriptOrder }> {
  const { recordAsSaid, ...rest } = options ?? {};
  const { turns, order } = transcriptTurns(transcript, recordAsSaid === undefined ? {} : { recordAsSaid });
  const summary = await ingest(mem, turns, rest);
  return { ...summary, order };
}
