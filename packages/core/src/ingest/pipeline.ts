/**
 * `ingest(mem, turns, options)`: conversation turns into a memory through models that may answer
 * asynchronously. Model calls run in batches, several at once; writes happen one turn at a time, in the
 * turns' order, each turn whole or not at all.
 */
import { AbortError, EmbedderMismatchError, IngestError, InvalidArgumentError, TimeOrderError } from '../errors.js';
import type { AbortSignalLike, Embedder } from '../recall/embedder.js';
import { episodeEmbeddingText } from '../recall/embedding-text.js';
import type { Extraction, Extractor, Turn } from '../recall/extractor.js';
import { NONE } from '../store/fact-store.js';
import type { TimeInput } from '../types.js';
import { canonicalName, displayName } from '../util/names.js';
import { showTime, toMillis } from '../util/time.js';
import { MissingEmbedder, refuseMismatch } from '../recall/embedder-config.js';
import { checkTurnSize, defaultExtractor, readEpisodeInput, readExtraction, writeTurn } from './episode.js';
import type { MemoryGraph } from '../graph/memory-graph.js';
import { tablesOf } from '../graph/tables.js';
import type { MemoryTables } from '../graph/tables.js';
import { checkSignal, checkVectors, extractBatch, throwIfAborted } from '../recall/model-calls.js';

/** A turn to ingest: recorded as episode `id`, said at `at` (its valid time). */
export interface IngestTurn {
  id: string;
  text: string;
  /** When it was said: the episode's time and the default valid time of its facts. */
  at: TimeInput;
  speaker?: string;
  /** The conversation or thread it belongs to (see EpisodeInput.session). */
  session?: string;
  /** When the memory learnt it. @default the memory's clock when the turn is written */
  recordedAt?: TimeInput;
}

export interface IngestProgress {
  /** Turns written so far by this call. */
  written: number;
  /** Turns skipped because the memory already has their episode. */
  skipped: number;
  /** Turns given. */
  total: number;
  /** The last turn written. */
  lastTurnId: string | undefined;
}

export interface IngestTurnsOptions {
  /** Embeds episode texts and new entity names; must be the memory's embedder (same id). @default the memory's */
  embedder?: Embedder;
  /** Finds entities and facts; `null`: episodes only. @default the memory's RuleExtractor */
  extractor?: Extractor | null;
  /** Turns per model call. @default 32 */
  batchSize?: number;
  /** Batches whose model calls may be in flight at once. @default 4 */
  concurrency?: number;
  /** Stops the ingestion: turns written stay written, the rest are not started (AbortError). */
  signal?: AbortSignalLike;
  /** Called after each batch is written. */
  onProgress?: (progress: IngestProgress) => void;
  /** `source` stamped on every extracted fact. @default 'extractor' */
  source?: string;
}

export interface IngestSummary {
  written: number;
  skipped: number;
  /** Fact assertions made (added, reinforced or rejected by a gate). */
  facts: number;
  /** Of which rejected by a grounding gate. */
  rejected: number;
}

export const INGEST_DEFAULTS = { batchSize: 32, concurrency: 4 };

interface Pending {
  turn: Turn;
  /** The turn's session, written on its episode (the extractor reads the turn alone). */
  session: string | undefined;
  index: number;
  recordedAt: number | undefined;
}

/** A batch's model answers: extractions, and with an embedder each turn's vector and each new name's (keyed as the extraction spells it). */
type BatchResult =
  | { ok: true; extractions: Extraction[]; episodes: Float32Array[] | undefined; names: Map<string, Float32Array> | undefined }
  | { ok: false; error: unknown; what: string };

/**
 * Ingests turns in order. Turns whose episode id the memory already has are skipped, so after a failure or
 * an abort the same call with the same turns resumes where it stopped (also on a memory replayed from the
 * log or loaded from a snapshot). A failed or unusable model answer writes nothing of the turns it was for
 * and stops with IngestError naming the first turn not written. When the memory keeps vectors
 * (`dimensions`), each new episode and entity is written with the embedder's vector, so recall does not
 * embed them again; otherwise recall embeds lazily.
 */
export async function ingest(memory: MemoryGraph, turns: readonly IngestTurn[], options: IngestTurnsOptions = {}): Promise<IngestSummary> {
  const call = 'ingest';
  const mem = tablesOf(memory);
  if (mem === undefined) throw new InvalidArgumentError(`${call}: mem must be a MemoryGraph`);
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${call}: options must be an object`);
  const batchSize = positiveInteger(options.batchSize ?? INGEST_DEFAULTS.batchSize, call, 'batchSize');
  const concurrency = positiveInteger(options.concurrency ?? INGEST_DEFAULTS.concurrency, call, 'concurrency');
  const signal = checkSignal(options.signal, call);
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function') throw new InvalidArgumentError(`${call}: onProgress must be a function`);
  if (options.source !== undefined && typeof options.source !== 'string') throw new InvalidArgumentError(`${call}: source must be a string`);
  const extractor = options.extractor === null ? undefined : (options.extractor ?? defaultExtractor(mem));
  if (extractor !== undefined && (typeof extractor !== 'object' || typeof extractor.extract !== 'function')) {
    throw new InvalidArgumentError(`${call}: extractor must have an extract(turns) method`);
  }
  if (options.embedder !== undefined) refuseMismatch(call, mem.embedderConfig, mem.dimensions, options.embedder);
  const embedder = mem.dimensions > 0 ? (options.embedder ?? mem.recallIndex().embedder) : undefined;
  if (embedder instanceof MissingEmbedder) {
    throw new EmbedderMismatchError(`${call}: this memory's vectors come from embedder "${embedder.id}", and it was opened without it; pass it as options.embedder`);
  }
  const source = options.source ?? 'extractor';

  const { pending, skipped } = checkTurns(mem, turns, call);
  const summary: IngestSummary = { written: 0, skipped, facts: 0, rejected: 0 };
  const batches: Pending[][] = [];
  for (let i = 0; i < pending.length; i += batchSize) batches.push(pending.slice(i, i + batchSize));

  // Model calls of up to `concurrency` batches run ahead of the writes; results never reject (settled).
  const inFlight: Array<Promise<BatchResult> | undefined> = [];
  let launched = 0;
  for (let b = 0; b < batches.length; b++) {
    for (; launched < Math.min(batches.length, b + concurrency) && !signal?.aborted; launched++) {
      inFlight[launched] = runModels(mem, batches[launched]!.map((p) => p.turn), extractor, embedder, signal);
    }
    throwIfStopped(signal, batches[b]![0]!, summary);
    const result = await raceAbort(inFlight[b]!, signal);
    throwIfStopped(signal, batches[b]![0]!, summary);
    inFlight[b] = undefined; // let the batch's data go
    if (!result.ok) throw modelFailure(result, batches[b]!, turns.length);
    writeBatch(mem, batches[b]!, result, source, summary);
    options.onProgress?.({ written: summary.written, skipped, total: turns.length, lastTurnId: batches[b]![batches[b]!.length - 1]!.turn.id });
  }
  return summary;
}

/** Every turn checked before the first model call; turns the memory already has are skipped (resume). */
function checkTurns(mem: MemoryTables, turns: readonly IngestTurn[], call: string): { pending: Pending[]; skipped: number } {
  if (!Array.isArray(turns)) throw new InvalidArgumentError(`${call}: turns must be an array`);
  const pending: Pending[] = [];
  const ids = new Set<string>();
  let skipped = 0;
  let lastExplicit = mem.lastRecordedAt;
  turns.forEach((t, index) => {
    const where = `${call}: turns[${index}]`;
    if (t !== null && typeof t === 'object' && typeof t.id === 'string') {
      if (ids.has(t.id)) throw new InvalidArgumentError(`${where}: episode id "${t.id}" appears twice`);
      ids.add(t.id);
      if (mem.episodes.find(t.id) !== NONE) return void skipped++;
    }
    const { input, at } = readEpisodeInput(mem, t, where);
    if (input.vector !== undefined || input.entities !== undefined) throw new InvalidArgumentError(`${where}: a turn has no vector or entities (the models make them)`);
    let recordedAt: number | undefined;
    if (input.recordedAt !== undefined) {
      recordedAt = toMillis(input.recordedAt, where, 'recordedAt');
      if (recordedAt < lastExplicit) {
        throw new TimeOrderError(`${where}: recordedAt (${showTime(recordedAt)}) is before ${showTime(lastExplicit)}; turns are written in the order given, and record time only moves forward`);
      }
      lastExplicit = recordedAt;
    }
    pending.push({ turn: { id: input.id, text: input.text, at, ...(input.speaker === undefined ? {} : { speaker: input.speaker }) }, session: input.session, index, recordedAt });
  });
  return { pending, skipped };
}

/** Writes a batch's turns in order, each whole; an unusable extraction stops at its turn (IngestError). */
function writeBatch(mem: MemoryTables, batch: Pending[], result: BatchResult & { ok: true }, source: string, summary: IngestSummary): void {
  const call = 'ingest';
  const { episodes, names } = result;
  batch.forEach((p, j) => {
    let extraction: Extraction;
    try {
      extraction = readExtraction(mem, result.extractions[j], p.turn.at, call);
      checkTurnSize(mem, call, p.turn, extraction, source);
    } catch (error) {
      throw new IngestError(`${call}: turn "${p.turn.id}" (turns[${p.index}]) was not written: ${(error as Error).message}`, p.turn.id, p.index, { cause: error });
    }
    const recordedAt = p.recordedAt ?? mem.clockAt('MemoryGraph.now');
    if (!Number.isInteger(recordedAt)) throw new InvalidArgumentError(`${call}: the clock returned ${recordedAt}, not whole milliseconds`);
    if (recordedAt < mem.lastRecordedAt) {
      throw new TimeOrderError(`${call}: turn "${p.turn.id}" (turns[${p.index}]): recordedAt (${showTime(recordedAt)}) is before the latest operation (${showTime(mem.lastRecordedAt)}); nothing of it was written`);
    }
    const out = writeTurn(mem, p.session === undefined ? p.turn : { ...p.turn, session: p.session }, recordedAt, extraction, source, episodes === undefined ? undefined : { episode: episodes[j]!, names: names! });
    summary.written++;
    summary.facts += out.facts.length;
    for (const f of out.facts) if (f.status === 'rejected') summary.rejected++;
  });
}

/** The model calls of one batch: extraction, then one embedding call for episode texts and new names. */
async function runModels(mem: MemoryTables, turns: Turn[], extractor: Extractor | undefined, embedder: Embedder | undefined, signal: AbortSignalLike | undefined): Promise<BatchResult> {
  let what = 'extractor';
  try {
    // a turn without a speaker is the memory's default speaker's (the episode itself keeps none)
    const spoken = turns.map((t) => (t.speaker === undefined ? { ...t, speaker: mem.defaultSpeaker } : t));
    const extractions = extractor === undefined ? turns.map(() => ({ entities: [], facts: [] })) : await extractBatch(extractor, spoken, 'ingest', signal);
    if (embedder === undefined) return { ok: true, extractions, episodes: undefined, names: undefined };
    what = 'embedder';
    // One call for the batch: each distinct text once (turn texts first, then new names' display forms).
    const slot = new Map<string, number>();
    const list: string[] = [];
    const slotOf = (text: string): number => {
      let i = slot.get(text);
      if (i === undefined) slot.set(text, (i = list.push(text) - 1));
      return i;
    };
    const episodeSlots = turns.map((t) => slotOf(episodeEmbeddingText(t.text, t.speaker)));
    const nameSlots = new Map<string, number>();
    for (const x of extractions) {
      for (const name of namesOf(x)) if (!nameSlots.has(name) && mem.entities.lookup(canonicalName(name)) === NONE) nameSlots.set(name, slotOf(displayName(name)));
    }
    const vectors = checkVectors(await embedder.embed(list, signal === undefined ? undefined : { signal }), list.length, embedder.dimensions, `the embedder "${embedder.id}"`);
    const names = new Map<string, Float32Array>();
    for (const [name, i] of nameSlots) names.set(name, vectors[i]!);
    return { ok: true, extractions, episodes: episodeSlots.map((i) => vectors[i]!), names };
  } catch (error) {
    return { ok: false, error, what };
  }
}

/** Entity names an extraction may create (read defensively: it is checked only when its turn is written). */
function namesOf(x: Extraction): string[] {
  const out: string[] = [];
  if (x === null || typeof x !== 'object') return out;
  if (Array.isArray(x.entities)) for (const e of x.entities) if (e !== null && typeof e === 'object' && typeof e.name === 'string') out.push(e.name);
  if (Array.isArray(x.facts)) {
    for (const f of x.facts) {
      if (f === null || typeof f !== 'object') continue;
      if (typeof f.subject === 'string') out.push(f.subject);
      if (typeof f.object === 'string') out.push(f.object);
    }
  }
  return out.filter((n) => canonicalName(n).length > 0);
}

function modelFailure(result: { error: unknown; what: string }, batch: Pending[], total: number): IngestError {
  const first = batch[0]!;
  const last = batch[batch.length - 1]!;
  const message = result.error instanceof Error ? `${result.error.name}: ${result.error.message}` : String(result.error);
  return new IngestError(
    `ingest: the ${result.what} failed on turns "${first.turn.id}" to "${last.turn.id}" (turns[${first.index}..${last.index}] of ${total}); nothing of turn "${first.turn.id}" or later was written: ${message}`,
    first.turn.id,
    first.index,
    { cause: result.error },
  );
}

function throwIfStopped(signal: AbortSignalLike | undefined, next: Pending, summary: IngestSummary): void {
  if (!signal?.aborted) return;
  throw new AbortError(`ingest: aborted after writing ${summary.written} turns; turn "${next.turn.id}" (turns[${next.index}]) and later were not written`, { cause: signal.reason });
}

/** Resolves with the batch, or as soon as the signal aborts (the caller then throws AbortError). */
function raceAbort(p: Promise<BatchResult>, signal: AbortSignalLike | undefined): Promise<BatchResult> {
  if (signal === undefined) return p;
  return new Promise((resolve) => {
    const onAbort = (): void => resolve({ ok: false, error: signal.reason, what: 'abort' });
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void p.then((r) => {
      signal.removeEventListener('abort', onAbort);
      resolve(r);
    });
  });
}

function positiveInteger(value: unknown, call: string, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new InvalidArgumentError(`${call}: ${field} (${String(value)}) must be a whole number ≥ 1`);
  return value;
}
