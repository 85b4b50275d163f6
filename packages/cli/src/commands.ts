/**
 * The commands of `palimpsest`: what each accepts (node:util parseArgs options), its help, and what it prints.
 * Reads print a table by default and JSON with --json (times as ISO strings, open ends as null).
 */
import type { ParseArgsConfig } from 'node:util';
import { InvalidArgumentError, MemoryGraph, ingest as ingestTurns, transcriptTurns } from '@palimpsest/core';
import type { Embedder, Fact, FactQuery, Transcript, TranscriptTurn } from '@palimpsest/core';
import { readLog, repairLog } from '@palimpsest/persist/node';
import { changesJson, factJson, isoTime, recallJson } from '@palimpsest/persist';
import { fileExists, kindForPath, lockForWrite, openMemory, saveMemory } from './files.js';
import type { FileLock } from '@palimpsest/persist/node';
import type { OpenedMemory } from './files.js';
import { MODEL_HELP, MODEL_OPTIONS, describeModels, modelsFromFlags } from '@palimpsest/model-flags';
import { Progress } from '@palimpsest/progress';
import { FACT_COLUMNS, shortTime, table } from './table.js';
import { readTranscriptFile } from './transcript.js';
import { forgetCommand } from './forget-command.js';
import { definePredicateCommand } from './define-predicate-command.js';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Where progress bars go. */
  stderr: NodeJS.WriteStream;
}

export interface RunContext {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  io: Io;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** Lines after the usage in --help. */
  details: string[];
  options: NonNullable<ParseArgsConfig['options']>;
  /** Positional arguments after the command name: exactly this many. */
  positionals: number;
  run(ctx: RunContext): Promise<void>;
}

/** The command line itself is wrong (a missing or malformed option): exit code 2, with the usage. */
export class UsageError extends Error {}

const TIME_HELP = 'Times are ISO-8601, e.g. 2024-05-01 or 2024-05-01T09:30:00Z; both cuts default to now.';
const json = { type: 'boolean' } as const;
const str = { type: 'string' } as const;

function option(ctx: RunContext, name: string): string | undefined {
  const v = ctx.values[name];
  return typeof v === 'string' ? v : undefined;
}

function wholeNumber(ctx: RunContext, name: string, fallback: number): number {
  const v = option(ctx, name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new UsageError(`--${name} must be a whole number ≥ 1, got "${v}"`);
  return Number(v);
}

function printJson(ctx: RunContext, value: unknown): void {
  ctx.io.out(JSON.stringify(value, null, 2));
}

/** A yes/no flag; absent: undefined. */
function yesNo(ctx: RunContext, name: string): boolean | undefined {
  const v = option(ctx, name);
  if (v === undefined) return undefined;
  if (v === 'yes' || v === 'true') return true;
  if (v === 'no' || v === 'false') return false;
  throw new UsageError(`--${name} must be yes or no, got "${v}"`);
}

function cut(ctx: RunContext): Pick<FactQuery, 'validAt' | 'knownAt'> {
  const validAt = option(ctx, 'valid-at');
  const knownAt = option(ctx, 'known-at');
  return { ...(validAt === undefined ? {} : { validAt }), ...(knownAt === undefined ? {} : { knownAt }) };
}

/** The model flags read; a malformed one is wrong usage. */
async function models(ctx: RunContext): ReturnType<typeof modelsFromFlags> {
  try {
    return await modelsFromFlags(ctx.values);
  } catch (e) {
    if (e instanceof InvalidArgumentError) throw new UsageError(e.message.replace(/^palimpsest: /, ''));
    throw e;
  }
}

async function load(ctx: RunContext, path: string, embedder?: Embedder): Promise<OpenedMemory> {
  const opened = await openMemory(path, embedder);
  if (opened.tornLine !== undefined) ctx.io.err(`palimpsest: warning: ${path}: line ${opened.tornLine} is torn (a cut-off append); read without it`);
  return opened;
}

function printFacts(ctx: RunContext, facts: Fact[], limit: number, what: string): void {
  const rows = facts.slice(0, limit).map(factJson);
  if (ctx.values.json) return printJson(ctx, { total: facts.length, facts: rows });
  if (facts.length === 0) return ctx.io.out(`no ${what}`);
  ctx.io.out(table(rows, FACT_COLUMNS));
  ctx.io.out(`${facts.length} ${what}${facts.length > limit ? ` (first ${limit} shown; --limit N for more)` : ''}`);
}

/** Record times of the first and last operations that carry one. */
function recordSpan(mem: MemoryGraph): { first: number; last: number } {
  const n = mem.size.operations;
  let first = NaN;
  let last = NaN;
  for (let i = 1; i < Math.min(n, 8) && Number.isNaN(first); i++) first = (mem.log(i)[0] as { recordedAt?: number }).recordedAt ?? NaN;
  for (let i = n - 1; i > 0 && Number.isNaN(last); i--) last = (mem.log(i)[0] as { recordedAt?: number }).recordedAt ?? NaN;
  return { first, last };
}

const stats: Command = {
  name: 'stats',
  summary: 'sizes and counts of a memory file',
  usage: 'palimpsest stats FILE [--json]',
  details: ['Prints the file kind and size, the operation, fact version, entity and episode counts, and the most used predicates.'],
  options: { json },
  positionals: 1,
  async run(ctx) {
    const path = ctx.positionals[0]!;
    const { mem, kind, bytes } = await load(ctx, path);
    const size = mem.size;
    const current = mem.facts();
    const counts = new Map<string, number>();
    for (const f of current) counts.set(f.predicate, (counts.get(f.predicate) ?? 0) + 1);
    const predicates = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
    const span = recordSpan(mem);
    const result = {
      file: path,
      kind,
      bytes,
      operations: size.operations,
      versions: size.versions,
      triples: size.triples,
      entities: size.entities,
      episodes: size.episodes,
      currentFacts: current.length,
      firstRecordedAt: Number.isNaN(span.first) ? null : isoTime(span.first),
      lastRecordedAt: Number.isNaN(span.last) ? null : isoTime(span.last),
      topPredicates: predicates.map(([predicate, facts]) => ({ predicate, facts })),
    };
    if (ctx.values.json) return printJson(ctx, result);
    const rows: Array<[string, string]> = [
      ['file', path],
      ['kind', kind === 'snapshot' ? 'snapshot' : kind === 'folder' ? 'memory folder (snapshot + log tail)' : 'operation log'],
      ['bytes', String(bytes)],
      ['operations', String(size.operations)],
      ['fact versions', String(size.versions)],
      ['triples', String(size.triples)],
      ['entities', String(size.entities)],
      ['episodes', String(size.episodes)],
      ['facts true now', String(current.length)],
      ['first recorded', shortTime(result.firstRecordedAt)],
      ['last recorded', shortTime(result.lastRecordedAt)],
    ];
    ctx.io.out(table(rows, [{ header: 'field', cell: (r) => r[0] }, { header: 'value', cell: (r) => r[1], max: 80 }]));
    if (predicates.length > 0) {
      ctx.io.out('');
      ctx.io.out(table(predicates, [{ header: 'predicate', cell: (r) => r[0] }, { header: 'facts now', cell: (r) => String(r[1]), right: true }]));
    }
  },
};

const facts: Command = {
  name: 'facts',
  summary: 'the facts true at a time, as known at a time',
  usage: 'palimpsest facts FILE [--valid-at T] [--known-at T] [--subject S] [--predicate P] [--object O] [--supported yes|no] [--limit N] [--json]',
  details: [
    TIME_HELP,
    '--object names an entity; --limit caps the rows shown (default 100).',
    '--supported yes leaves out facts resting on a premise the memory no longer believed at --known-at; no shows only those. Either way they are listed below the table.',
  ],
  options: { 'valid-at': str, 'known-at': str, subject: str, predicate: str, object: str, supported: str, limit: str, json },
  positionals: 1,
  async run(ctx) {
    // Usage first: wrong usage is exit 2 whatever the file.
    const limit = wholeNumber(ctx, 'limit', 100);
    const supported = yesNo(ctx, 'supported');
    const { mem } = await load(ctx, ctx.positionals[0]!);
    const subject = option(ctx, 'subject');
    const predicate = option(ctx, 'predicate');
    const object = option(ctx, 'object');
    const query = {
      ...cut(ctx),
      ...(subject === undefined ? {} : { subject }),
      ...(predicate === undefined ? {} : { predicate }),
      ...(object === undefined ? {} : { object }),
    };
    const found = mem.facts({ ...query, ...(supported === undefined ? {} : { supported }) });
    printFacts(ctx, found, limit, 'facts');
    // Beliefs whose premise the memory had stopped believing at the cut, said in so many words.
    if (ctx.values.json || supported === true) return;
    const shown = new Set(found.slice(0, limit).map((f) => f.id));
    for (const f of mem.facts({ ...query, supported: false })) {
      if (shown.has(f.id)) ctx.io.out(`#${f.id} unsupported since ${shortTime(isoTime(f.unsupportedSince!))}: premise #${f.unsupportedPremise!} closed`);
    }
  },
};

const history: Command = {
  name: 'history',
  summary: 'every version of the facts about a subject',
  usage: 'palimpsest history FILE --subject S [--predicate P] [--limit N] [--json]',
  details: ['Superseded and retracted versions included: "invalidated" is when the memory stopped believing one.'],
  options: { subject: str, predicate: str, limit: str, json },
  positionals: 1,
  async run(ctx) {
    const subject = option(ctx, 'subject');
    if (subject === undefined) throw new UsageError('--subject S is required');
    const limit = wholeNumber(ctx, 'limit', 100);
    const { mem } = await load(ctx, ctx.positionals[0]!);
    const predicate = option(ctx, 'predicate');
    printFacts(ctx, mem.history({ subject, ...(predicate === undefined ? {} : { predicate }) }), limit, 'versions');
  },
};

const changes: Command = {
  name: 'changes',
  summary: 'facts added and removed between two times',
  usage: 'palimpsest changes FILE --since T [--until T] [--axis record|valid] [--known-at T] [--limit N] [--json]',
  details: ['--axis record (default): what the memory learned or dropped in the span; valid: what became or stopped being true in the world.', TIME_HELP],
  options: { since: str, until: str, axis: str, 'known-at': str, limit: str, json },
  positionals: 1,
  async run(ctx) {
    const since = option(ctx, 'since');
    if (since === undefined) throw new UsageError('--since T is required');
    const axis = option(ctx, 'axis');
    if (axis !== undefined && axis !== 'record' && axis !== 'valid') throw new UsageError(`--axis must be record or valid, got "${axis}"`);
    const limit = wholeNumber(ctx, 'limit', 100);
    const { mem } = await load(ctx, ctx.positionals[0]!);
    const until = option(ctx, 'until');
    const knownAt = option(ctx, 'known-at');
    const c = mem.changes({ since, ...(until === undefined ? {} : { until }), ...(axis === undefined ? {} : { axis }), ...(knownAt === undefined ? {} : { knownAt }) });
    if (ctx.values.json) return printJson(ctx, changesJson(c));
    ctx.io.out(`added (${c.added.length})`);
    ctx.io.out(c.added.length === 0 ? '  none' : table(c.added.slice(0, limit).map(factJson), FACT_COLUMNS));
    ctx.io.out('');
    ctx.io.out(`removed (${c.removed.length})`);
    ctx.io.out(c.removed.length === 0 ? '  none' : table(c.removed.slice(0, limit).map(factJson), FACT_COLUMNS));
  },
};

const recall: Command = {
  name: 'recall',
  summary: 'what the memory recalls for a question',
  usage: 'palimpsest recall FILE "question" [--valid-at T] [--known-at T] [--k N] [--token-budget N] [model flags] [--json]',
  details: [
    'Prints the packed context an agent would read, then the facts with their scores. A memory made with a',
    'model embedder needs the same embedder here (it embeds the question).',
    TIME_HELP,
    '',
    ...MODEL_HELP.filter((line) => !line.includes('--extract')),
  ],
  options: { 'valid-at': str, 'known-at': str, k: str, 'token-budget': str, json, embedder: str, 'embed-url': str, 'embed-model': str, 'embed-dimensions': str },
  positionals: 2,
  async run(ctx) {
    const k = wholeNumber(ctx, 'k', 10);
    const tokenBudget = wholeNumber(ctx, 'token-budget', 1024);
    const { embedder } = await models(ctx);
    const { mem } = await load(ctx, ctx.positionals[0]!, embedder);
    const r = recallJson(await mem.recallAsync(ctx.positionals[1]!, { ...cut(ctx), k, tokenBudget }));
    if (ctx.values.json) return printJson(ctx, r);
    ctx.io.out(r.text === '' ? '(nothing recalled)' : r.text);
    ctx.io.out(`\n${r.tokens} tokens`);
    if (r.facts.length > 0) {
      ctx.io.out('');
      ctx.io.out(
        table(r.facts, [
          { header: 'score', cell: (f) => f.score.toFixed(3), right: true },
          ...FACT_COLUMNS.slice(1, 6),
          // The entities that led to the fact, by name (ids mean nothing to a reader).
          { header: 'path', cell: (f) => f.path.map((id) => mem.getEntity({ id })?.displayName ?? `#${id}`).join(' → ') },
        ]),
      );
    }
  },
};

const ingest: Command = {
  name: 'ingest',
  summary: 'add a transcript\'s turns to a memory file (created if absent)',
  usage: 'palimpsest ingest FILE TRANSCRIPT [--record-as-said] [--conversation ID] [--source S] [model flags] [--json]',
  details: [
    'TRANSCRIPT is JSONL (or a JSON array) of turns {"speaker": "...", "text": "...", "at": "<ISO time>"} (speaker',
    'and "id" optional, default turn-<n>; "session" optional, the conversation it belongs to), {"sessions": [...]}, or a LoCoMo or LongMemEval file as published',
    '(JSON or JSONL; --conversation picks one sample_id / question_id when it holds several). Turns go in time',
    'order; every turn becomes an episode plus the facts the extractor finds (the built-in rules unless',
    '--extract-url is given), valid from when it was said.',
    '--record-as-said records each turn at the time it was said, as a memory listening live would have (reads',
    'at an earlier --known-at then see it); without it the memory learns everything now. Record time only moves',
    'forward, so a backfill must come after what FILE already holds.',
    'FILE is rewritten atomically, as a snapshot when it ends in .plmp, else as an operation log; a refused turn',
    'or a failed model call leaves FILE as it was.',
    '',
    ...MODEL_HELP,
  ],
  options: { source: str, json, 'record-as-said': { type: 'boolean' }, conversation: str, ...MODEL_OPTIONS },
  positionals: 2,
  async run(ctx) {
    const [path, transcriptPath] = ctx.positionals as [string, string];
    const flags = await models(ctx);
    const conversation = option(ctx, 'conversation');
    const transcript = await readTranscriptFile(transcriptPath, conversation === undefined ? {} : { conversation });
    const lock = await lockForWrite(path, 'ingest'); // held from reading FILE to rewriting it
    try {
      await ingestLocked(ctx, path, transcript, flags, lock);
    } finally {
      await lock.release();
    }
  },
};

async function ingestLocked(ctx: Parameters<Command['run']>[0], path: string, transcript: Transcript, flags: Awaited<ReturnType<typeof models>>, lock: FileLock): Promise<void> {
    const existing = await fileExists(path);
    const opened = existing ? await load(ctx, path, flags.embedder) : undefined;
    const mem = opened?.mem ?? new MemoryGraph(flags.embedder === undefined ? {} : { embedder: flags.embedder });
    const source = option(ctx, 'source');
    const { turns } = transcriptTurns(withTurnIds(mem, transcript), { recordAsSaid: ctx.values['record-as-said'] === true });
    const bar = new Progress({ label: 'ingest', total: turns.length, unit: 'turns', delayMs: 1000, stream: ctx.io.stderr });
    let summary;
    try {
      summary = await ingestTurns(mem, turns, {
        ...(flags.extractor === undefined ? {} : { extractor: flags.extractor }),
        ...(source === undefined ? {} : { source }),
        onProgress: (p) => bar.update(p.written + p.skipped),
      });
    } catch (e) {
      bar.abort();
      throw e;
    }
    const added = summary.facts - summary.rejected;
    const bytes = await saveMemory(path, mem, lock, opened?.kind ?? kindForPath(path), opened?.logFormat); // a log keeps its format
    bar.finish(`${added} facts`);
    const result = {
      file: path,
      kind: opened?.kind ?? kindForPath(path),
      bytes,
      created: !existing,
      turns: turns.length,
      facts: added,
      episodes: mem.size.episodes,
      operations: mem.size.operations,
      models: describeModels(flags),
    };
    if (ctx.values.json) return printJson(ctx, result);
    ctx.io.out(`${existing ? 'updated' : 'created'} ${path}: ${turns.length} turns, ${added} facts added or reinforced; now ${result.episodes} episodes, ${result.operations} operations, ${bytes} bytes`);
}

/** Plain turns without an id get the next free turn-<n>; sessions keep core's "<session>:<n>" ids. */
function withTurnIds(mem: MemoryGraph, transcript: Transcript): Transcript {
  if (!Array.isArray(transcript)) return transcript;
  const plain = transcript as readonly TranscriptTurn[];
  const taken = new Set(plain.flatMap((t) => (t.id === undefined ? [] : [t.id])));
  let n = mem.size.episodes;
  return plain.map((t) => {
    let id = t.id;
    while (id === undefined || (t.id === undefined && (taken.has(id) || mem.getEpisode(id) !== undefined))) id = `turn-${++n}`;
    taken.add(id);
    return { ...t, id };
  });
}

const repair: Command = {
  name: 'repair',
  summary: 'cut a damaged operation log back to its last whole record',
  usage: 'palimpsest repair LOG [--json]',
  details: [
    'A log whose end was cut off by a crash, or whose tail is damaged, is truncated to the last record that verifies,',
    'so appending can resume; every operation before it is kept. A whole log is left as it is. Stop any writer of',
    'the log (palimpsest-mcp) first. Prints what was cut.',
  ],
  options: { json },
  positionals: 1,
  async run(ctx) {
    const path = ctx.positionals[0]!;
    if (!(await fileExists(path))) await readLog(path); // persist names the missing file (NotFoundError)
    const failure = await repairLog(path);
    const { ops } = await readLog(path);
    // A format-4 log cut short is accepted here, explicitly, with the acknowledged operations it lost.
    const cut = failure === undefined ? undefined : { line: failure.line, offset: failure.offset, ...(failure.lost === undefined ? {} : { lost: failure.lost }) };
    const result = { file: path, repaired: cut !== undefined, operations: ops.length, ...(cut === undefined ? {} : { cut }) };
    if (ctx.values.json) return printJson(ctx, result);
    ctx.io.out(
      cut === undefined
        ? `${path}: whole, ${ops.length} operations; nothing to repair`
        : `${path}: cut from line ${cut.line} (byte ${cut.offset}); ${ops.length} operations kept${cut.lost === undefined ? '' : `; ${cut.lost} acknowledged operations were already missing (the log had been cut short)`}`,
    );
  },
};

const convert: Command = {
  name: 'convert',
  summary: 'rewrite a memory as a snapshot or an operation log',
  usage: 'palimpsest convert IN OUT [--to snapshot|log] [--json]',
  details: ['OUT is a snapshot when it ends in .plmp, else an operation log (--to overrides); it is written atomically.', 'Both hold the whole memory: converting back and forth loses nothing.'],
  options: { to: str, json },
  positionals: 2,
  async run(ctx) {
    const [input, output] = ctx.positionals as [string, string];
    const to = option(ctx, 'to');
    if (to !== undefined && to !== 'snapshot' && to !== 'log') throw new UsageError(`--to must be snapshot or log, got "${to}"`);
    const kind = to ?? kindForPath(output);
    const lock = await lockForWrite(output, 'convert');
    let loaded, bytes;
    try {
      loaded = await load(ctx, input);
      bytes = await saveMemory(output, loaded.mem, lock, kind);
    } finally {
      await lock.release();
    }
    const { mem, kind: from, bytes: inBytes } = loaded;
    const result = { input, from, inputBytes: inBytes, output, to: kind, outputBytes: bytes, operations: mem.size.operations };
    if (ctx.values.json) return printJson(ctx, result);
    ctx.io.out(`${input} (${from}, ${inBytes} bytes) → ${output} (${kind}, ${bytes} bytes), ${result.operations} operations`);
  },
};

export const COMMANDS: readonly Command[] = [stats, facts, history, changes, recall, ingest, convert, repair, forgetCommand, definePredicateCommand];
