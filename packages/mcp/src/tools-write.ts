/**
 * The tools that change a memory: remember, remember_many, assert_fact, retract_fact, merge_entities,
 * define_predicate. Each change is stored before the tool answers; a refused call changes nothing.
 */
import { z } from 'zod';
import { EDGE_TYPES, InvalidArgumentError, TimeOrderError, ingestEpisode, parseIsoTime } from '@palimpsest/core';
import type { AssertResult, Fact, IngestResult, MemoryGraph, ObjectRef, RetractResult } from '@palimpsest/core';
import { askModels } from './model-turn.js';
import type { AskedModels } from './model-turn.js';
import { factOut, when } from './reply.js';
import type { ReplyShape } from './reply.js';
import { OPEN_NOTE, memory, object, objectRef, predicate, replyOptions, shapeOf, subject, time, tool, value, writable } from './tool-kit.js';
import type { ToolContext } from './tool-kit.js';

const ADDS = { readOnlyHint: false, destructiveHint: false } as const;
const opt = <K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } => (v === undefined ? {} : ({ [key]: v } as { [P in K]: V }));

function nextEpisodeId(mem: MemoryGraph, taken: ReadonlySet<string> = new Set()): string {
  let n = mem.size.episodes + 1;
  while (mem.getEpisode(`turn-${n}`) !== undefined || taken.has(`turn-${n}`)) n++;
  return `turn-${n}`;
}

interface TurnArgs {
  text: string;
  speaker?: string | undefined;
  session?: string | undefined;
  at?: string | undefined;
  id?: string | undefined;
}

const turnShape = {
  text: z.string().min(1).describe('What was said or written.'),
  speaker: z.string().optional().describe('Who said it, e.g. "user" or a person\'s name.'),
  session: z.string().optional().describe('The conversation or thread it belongs to (any id you keep); recall groups its turns.'),
  at: time('When it was said. Default: now').optional(),
  id: z.string().optional().describe('A unique id for the episode. Default: "turn-<n>".'),
};
const recordAsSaid = z
  .boolean()
  .optional()
  .describe(
    'Backfill: record the turn at the time it was said (`at`), as if the memory had heard it live, so reads at an ' +
      'earlier knownAt see it. Record time only moves forward: turns must come oldest first, never before what the memory already holds.',
  );

/**
 * The record time of a turn: the memory's clock, or with recordAsSaid the time it was said. A backfill
 * before the memory's latest record time, or in the future, is refused by name before anything is asked.
 */
function recordTimeOf(mem: MemoryGraph, at: number, asSaid: boolean, call: string, floor: number): number | undefined {
  if (!asSaid) return undefined;
  if (at > mem.now()) throw new InvalidArgumentError(`${call}: recordAsSaid: at (${when(at)}) is in the future; a turn cannot be recorded before it is said`);
  if (at < floor) {
    throw new TimeOrderError(
      `${call}: recordAsSaid: at (${when(at)}) is before the memory's latest record time (${when(floor)}); record time only moves forward, so backfill oldest first, or leave recordAsSaid off`,
    );
  }
  return at;
}

function timeOf(mem: MemoryGraph, at: string | undefined, call: string): number {
  if (at === undefined) return mem.now();
  return parseIsoTime(at, call, 'at'); // a time without a zone is UTC, as everywhere
}

function turnReply(mem: MemoryGraph, r: IngestResult, shape: ReplyShape): Record<string, unknown> {
  return {
    episode: { id: r.episode.id, at: when(r.episode.at), recordedAt: when(r.episode.recordedAt), ...opt('speaker', r.episode.speaker), ...opt('session', r.episode.session) },
    entities: r.entities.map((e) => (shape.ids ? { name: e.displayName, id: e.id } : e.displayName)),
    facts: r.facts.map((x) => assertReply(mem, x, shape)),
    // what the turn ended or corrected ("I left Acme"), as the closed versions now read
    ...(r.retractions.length === 0 ? {} : { retractions: r.retractions.map((x) => retractReply(mem, x, shape)) }),
    ...(r.rules.length === 0 ? {} : { rules: r.rules.map((x) => assertReply(mem, x, shape)) }),
  };
}

function retractReply(mem: MemoryGraph, r: RetractResult, shape: ReplyShape): Record<string, unknown> {
  return {
    closed: r.closed.map((id) => factOut(mem.fact(id), shape)),
    ...(r.added.length === 0 ? {} : { kept: r.added.map((id) => factOut(mem.fact(id), shape)) }),
  };
}

function assertReply(mem: MemoryGraph, r: AssertResult, shape: ReplyShape): Record<string, unknown> {
  return {
    status: r.status,
    ...(r.id === undefined ? {} : { fact: factOut(mem.fact(r.id), shape) }),
    ...(r.closed.length === 0 ? {} : { closed: r.closed }),
    ...(r.added.length === 0 ? {} : { added: r.added }),
  };
}

interface PlannedTurn {
  turn: { id: string; text: string; at: number; speaker?: string };
  recordedAt: number | undefined;
  asked: AskedModels;
}

/** Checks every turn (times, ids, backfill order) and asks the models, before anything is written. */
async function planTurns(mem: MemoryGraph, turns: readonly TurnArgs[], asSaid: boolean, call: string, ctx: ToolContext): Promise<PlannedTurn[]> {
  const planned: PlannedTurn[] = [];
  const ids = new Set<string>();
  let floor = latestRecordTime(mem);
  for (const [i, t] of turns.entries()) {
    const where = turns.length === 1 ? call : `${call}: turns[${i}]`;
    const at = timeOf(mem, t.at, where);
    const recordedAt = recordTimeOf(mem, at, asSaid, where, floor);
    if (recordedAt !== undefined) floor = recordedAt;
    const id = t.id ?? nextEpisodeId(mem, ids);
    if (ids.has(id)) throw new InvalidArgumentError(`${where}: episode id "${id}" is given twice`);
    ids.add(id);
    const turn = { id, text: t.text, at, ...opt('speaker', t.speaker), ...opt('session', t.session) };
    planned.push({ turn, recordedAt, asked: await askModels(turn, ctx) });
  }
  return planned;
}

/** The record time of the newest operation that has one (the init operation has none). */
function latestRecordTime(mem: MemoryGraph): number {
  const n = mem.size.operations;
  for (const op of mem.log(Math.max(0, n - 8)).reverse()) {
    const at = (op as { recordedAt?: unknown }).recordedAt;
    if (typeof at === 'number') return at;
  }
  return -Infinity;
}

const writeTurn = (mem: MemoryGraph, p: PlannedTurn): IngestResult =>
  ingestEpisode(mem, { ...p.turn, ...opt('recordedAt', p.recordedAt), ...p.asked.vector }, p.asked.options);

export const WRITE_TOOLS = [
  tool({
    name: 'remember',
    title: 'Remember a conversation turn',
    annotations: ADDS,
    description:
      'Store one turn of conversation (or any short text) in long-term memory. The text is kept as an episode, and ' +
      'the entities and facts found in it are recorded as facts valid from `at`. Call it for every user turn worth ' +
      'keeping. Returns the episode, the entities found and each extracted fact with its status ' +
      `(added, reinforced or rejected). ${OPEN_NOTE}`,
    inputSchema: { ...turnShape, recordAsSaid, ...replyOptions, memory },
    run: async (args, ctx) => {
      const f = await writable(ctx, args.memory, 'remember');
      // Model answers come first: a write never waits on a model (compaction would wait behind it).
      const [p] = await planTurns(f.mem, [args], args.recordAsSaid === true, 'remember', ctx);
      const r = await f.write((mem) => writeTurn(mem, p!));
      return turnReply(f.mem, r, shapeOf(args));
    },
  }),
  tool({
    name: 'remember_many',
    title: 'Remember many turns at once',
    annotations: ADDS,
    description:
      'Store several turns in the order given (a conversation, or a backfill of old turns with recordAsSaid). ' +
      'Every turn is checked before any is written. Returns, per turn, its episode id and the facts found.',
    inputSchema: {
      turns: z.array(z.object(turnShape).strict()).min(1).max(1000).describe('The turns, oldest first.'),
      recordAsSaid,
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await writable(ctx, args.memory, 'remember_many');
      const planned = await planTurns(f.mem, args.turns, args.recordAsSaid === true, 'remember_many', ctx);
      const results = await f.write((mem) => planned.map((p) => writeTurn(mem, p)));
      const shape = shapeOf(args);
      return {
        turns: results.map((r) => ({ episode: r.episode.id, at: when(r.episode.at), facts: r.facts.map((x) => assertReply(f.mem, x, shape)) })),
      };
    },
  }),
  tool({
    name: 'assert_fact',
    title: 'Record a fact',
    annotations: ADDS,
    description:
      'Record one fact: subject -predicate-> object (an entity name) or value (a literal). validFrom/validTo bound ' +
      'when it is true in the world (default: from now, open-ended). A predicate declared single-valued closes the ' +
      `previous value. Returns the status (added, reinforced or rejected) and the fact version. ${OPEN_NOTE}`,
    inputSchema: {
      subject,
      predicate,
      object: object.optional(),
      value: value.optional(),
      validFrom: time('When it became true. Default: now').optional(),
      validTo: time('When it stopped being true. Default: open (still true)').optional(),
      confidence: z.number().min(0).max(1).optional().describe('How sure, 0 to 1. Default 1.'),
      source: z.string().optional().describe('Where it came from, e.g. "user" or a document name.'),
      reason: z.string().optional().describe('Why it is recorded, in a few words.'),
      evidence: z.array(z.string()).optional().describe('Ids of the episodes that support it.'),
      episode: z.string().optional().describe('Id of the episode it was extracted from.'),
      edgeType: z.enum(EDGE_TYPES).optional().describe('The kind of relation, for recall weighting.'),
      dependsOn: z
        .array(z.number().int().min(0))
        .optional()
        .describe('Ids of the facts this one rests on ("takes the bus" because "lives in Boston"): when one of them stops being believed, this fact is marked unsupported.'),
      alongside: z
        .boolean()
        .optional()
        .describe('Held besides the subject\'s current value of a single-valued predicate (a second job): closes none of them.'),
      onPremiseChange: z
        // fresh copies: a schema used twice becomes a "$ref" in the MCP server's JSON Schema, which other hosts inline
        .object({ object: object.describe(object.description ?? '').optional(), value: value.describe(value.description ?? '').optional() })
        .strict()
        .optional()
        .describe(
          'A stated rule, with dependsOn ("if the team lead changes, the weekly report goes to James Lee"): when a premise stops being believed, ' +
            'this fact ends from the change and the given object (or value) takes its place, instead of being marked unsupported.',
        ),
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await writable(ctx, args.memory, 'assert_fact');
      const o = objectRef(args, 'assert_fact');
      if (o === undefined) throw new InvalidArgumentError('assert_fact: give an object (an entity name) or a value');
      const { memory: _m, format: _f, ids: _i, object: _o, value: _v, onPremiseChange: rule, ...rest } = args;
      const replacement = rule === undefined ? undefined : objectRef(rule, 'assert_fact: onPremiseChange');
      if (rule !== undefined && replacement === undefined) throw new InvalidArgumentError('assert_fact: onPremiseChange needs an object (an entity name) or a value');
      const r = await f.write((mem) => mem.assert({ ...rest, object: o, ...(replacement === undefined ? {} : { onPremiseChange: { object: replacement } }) }));
      return assertReply(f.mem, r, shapeOf(args));
    },
  }),
  tool({
    name: 'retract_fact',
    title: 'Say a fact is no longer true',
    annotations: { readOnlyHint: false, destructiveHint: true },
    description:
      'Retract a fact from validFrom (default: now) to validTo (default: open): by `factId` (a fact\'s id from any ' +
      'reply), or by subject -predicate-> object or value (all objects when neither is given). History keeps the ' +
      `old versions; reads at earlier times still see them. Returns the ids of the versions closed and added. ${OPEN_NOTE}`,
    inputSchema: {
      factId: z.number().int().min(0).optional().describe('The id of the fact version to retract (instead of subject/predicate/object).'),
      subject: subject.optional(),
      predicate: predicate.optional(),
      object: object.optional(),
      value: value.optional(),
      validFrom: time('From when it is no longer true. Default: now').optional(),
      validTo: time('Until when. Default: open').optional(),
      reason: z.string().optional().describe('Why, in a few words.'),
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await writable(ctx, args.memory, 'retract_fact');
      const target = retractTarget(f.mem, args);
      const r = await f.write((mem) =>
        mem.retract({ ...target, ...opt('validFrom', args.validFrom), ...opt('validTo', args.validTo), ...opt('reason', args.reason) }),
      );
      return { closed: r.closed, added: r.added };
    },
  }),
  tool({
    name: 'merge_entities',
    title: 'Merge two entities that are the same',
    annotations: { readOnlyHint: false, destructiveHint: true },
    description:
      'Say two entities are one (e.g. "Bob" and "Robert"): `from` joins `into`, its names become aliases of `into`, ' +
      'and reads from now on see its facts under `into`. Reads at an earlier knownAt still see them apart.',
    inputSchema: {
      into: z.string().min(1).describe('The entity that stays, by name.'),
      from: z.string().min(1).describe('The entity merged into it, by name.'),
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await writable(ctx, args.memory, 'merge_entities');
      const e = await f.write((mem) => mem.merge({ into: args.into, from: args.from }));
      return { entity: e.displayName, ...(shapeOf(args).ids ? { id: e.id } : {}), aliases: e.aliases };
    },
  }),
  tool({
    name: 'define_predicate',
    title: 'Declare how a relation behaves',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    description:
      'Declare a predicate\'s cardinality: "one" (a new value closes the old one, e.g. lives_in, price) or "many" ' +
      '(values add up, e.g. likes), and optionally the least confidence its facts need. Applies to later writes.',
    inputSchema: {
      name: predicate,
      cardinality: z.enum(['one', 'many']).describe('"one": a single value at a time; "many": several at once.'),
      minConfidence: z.number().min(0).max(1).optional().describe('Facts below this confidence are rejected. Default: the memory\'s.'),
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await writable(ctx, args.memory, 'define_predicate');
      await f.write((mem) => mem.definePredicate(args.name, { cardinality: args.cardinality, ...opt('minConfidence', args.minConfidence) }));
      return { predicate: args.name, cardinality: args.cardinality, ...opt('minConfidence', args.minConfidence) };
    },
  }),
];

/** What retract_fact retracts: the fact `factId`'s triple, or the subject/predicate/object given. */
function retractTarget(
  mem: MemoryGraph,
  args: { factId?: number | undefined; subject?: string | undefined; predicate?: string | undefined; object?: string | undefined; value?: string | number | boolean | undefined },
): { subject: string | { id: number }; predicate: string; object?: ObjectRef } {
  if (args.factId !== undefined) {
    const extra = (['subject', 'predicate', 'object', 'value'] as const).filter((k) => args[k] !== undefined);
    if (extra.length > 0) throw new InvalidArgumentError(`retract_fact: give factId or subject/predicate/object, not both (also given: ${extra.join(', ')})`);
    let fact: Fact;
    try {
      fact = mem.fact(args.factId);
    } catch (e) {
      throw Object.assign(e as Error, { message: `retract_fact: no fact #${args.factId}` });
    }
    const o = fact.object;
    return { subject: { id: fact.subject.id }, predicate: fact.predicate, object: 'name' in o ? { id: o.id } : { value: o.value } };
  }
  if (args.subject === undefined || args.predicate === undefined) throw new InvalidArgumentError('retract_fact: give factId, or subject and predicate');
  const o = objectRef(args, 'retract_fact');
  return { subject: args.subject, predicate: args.predicate, ...opt('object', o) };
}
