/**
 * The memory tools an agent calls: their JSON schemas (zod, as the MCP SDK wants), descriptions written for
 * an LLM, and handlers that read or write a memory. A refused call (a named error) comes back as a
 * tool result with `isError: true` whose text is "<ErrorName>: <message>"; the server keeps serving.
 * The definitions (MEMORY_TOOLS) are free of Node built-ins, so other servers (the Cloudflare Worker in
 * @palimpsest/cloudflare) serve the same tools; import them from `@palimpsest/mcp/tools`.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { EDGE_TYPES, InvalidArgumentError, ingestEpisode } from '@palimpsest/core';
import type { Embedder, Extractor, MemoryGraph, ObjectRef } from '@palimpsest/core';
import { assertJson, changesJson, entityJson, episodeJson, factJson, recallJson, retractJson } from '@palimpsest/persist';
import { askModels } from './model-turn.js';

/** One memory as the tools use it: read `mem` directly; every change goes through `write`, which stores it. */
export interface ToolMemory {
  readonly mem: MemoryGraph;
  /** Runs `change` on the memory and resolves once its operations are stored. */
  write<T>(change: (mem: MemoryGraph) => T): Promise<T>;
}

/** Where the tools find a memory by name (MemoryShelf on disk; a Durable Object's own memory on Cloudflare). */
export interface ToolMemories {
  /** The memory `id`; refuses a malformed or foreign id with a named error whose message starts with `call`. */
  get(id: string, call: string): Promise<ToolMemory>;
}

export interface ToolContext {
  shelf: ToolMemories;
  /** The memory used when a call names none. */
  defaultMemory: string;
  /** Extracts entities and facts from `remember`ed turns; the built-in RuleExtractor when absent. */
  extractor?: Extractor;
  /** The memories' embedder, when it is a model: `remember` embeds the turn before writing it. */
  embedder?: Embedder;
}

const TIME_NOTE = 'ISO-8601 time, e.g. "2024-05-01" or "2024-05-01T09:30:00Z"';
const OPEN_NOTE = 'Times in results are ISO-8601 strings; null means open (a fact still valid, or never invalidated).';

const time = (what: string) => z.string().describe(`${what} (${TIME_NOTE}).`);
const memory = z
  .string()
  .optional()
  .describe('Which memory to use (a name of letters, digits, ".", "_" or "-"). Defaults to the server\'s default memory.');
const validAt = time('The world time to read at: what was true then. Default: now').optional();
const knownAt = time('The record time to read at: what the memory knew then. Default: now').optional();
const subject = z.string().describe('The subject entity\'s name, e.g. "Alice".');
const predicate = z.string().describe('The relation, snake_case, e.g. "works_at", "lives_in", "likes".');
const object = z.string().describe('The object entity\'s name, e.g. "Acme". Use `value` instead for a literal.');
const value = z
  .union([z.string(), z.number(), z.boolean()])
  .describe('A literal object (a number, flag or free text such as a price) instead of an entity `object`.');
const limit = z.number().int().min(1).max(10000).optional().describe('Most facts to return. Default 100.');

function objectRef(args: { object?: string | undefined; value?: string | number | boolean | undefined }, call: string): ObjectRef | undefined {
  if (args.object !== undefined && args.value !== undefined) throw new InvalidArgumentError(`${call}: give either object or value, not both`);
  if (args.object !== undefined) return args.object;
  if (args.value !== undefined) return { value: args.value };
  return undefined;
}

function ok(result: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result, null, 1) }], structuredContent: result };
}

function failed(e: unknown): CallToolResult {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return { content: [{ type: 'text', text }], isError: true };
}

/** Runs a handler, turning any thrown error into an error result. */
async function guarded(run: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return ok(await run());
  } catch (e) {
    return failed(e);
  }
}

/** `facts` and `history` return at most `limit` facts, with the total so the agent knows when it got less. */
function capped<T>(items: T[], max: number | undefined): { total: number; facts: T[] } {
  return { total: items.length, facts: items.slice(0, max ?? 100) };
}

function nextEpisodeId(mem: MemoryGraph): string {
  let n = mem.size.episodes + 1;
  while (mem.getEpisode(`turn-${n}`) !== undefined) n++;
  return `turn-${n}`;
}

const folder = (ctx: ToolContext, id: string | undefined, call: string): Promise<ToolMemory> => ctx.shelf.get(id ?? ctx.defaultMemory, call);

/** One tool: what an MCP client lists (name, title, description, input schema) and what a call does. */
export interface MemoryTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodRawShape;
  /** Runs the call on arguments already checked against `inputSchema`; a refusal throws a named error. */
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<Record<string, unknown>>;
}

/** A tool whose `run` sees its arguments typed from its schema. */
function tool<S extends z.ZodRawShape>(def: {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  run: (args: z.objectOutputType<S, z.ZodTypeAny>, ctx: ToolContext) => Promise<Record<string, unknown>>;
}): MemoryTool {
  return def as unknown as MemoryTool;
}

/** The memory tools, in the order a client lists them. */
export const MEMORY_TOOLS: readonly MemoryTool[] = [
  tool({
    name: 'remember',
    title: 'Remember a conversation turn',
    description:
      'Store one turn of conversation (or any short text) in long-term memory. The text is kept as an episode, and ' +
      'the entities and facts found in it are recorded as facts valid from `at`. Call it for every user turn worth ' +
      'keeping. Returns the episode, the entities found and each extracted fact with its status ' +
      `(added, reinforced or rejected). ${OPEN_NOTE}`,
    inputSchema: {
      text: z.string().min(1).describe('What was said or written.'),
      speaker: z.string().optional().describe('Who said it, e.g. "user" or a person\'s name.'),
      session: z.string().optional().describe('The conversation or thread it belongs to (any id you keep); recall groups its turns.'),
      at: time('When it was said. Default: now').optional(),
      id: z.string().optional().describe('A unique id for the episode. Default: "turn-<n>".'),
      memory,
    },
    run: async (args, ctx) => {
      const f = await folder(ctx, args.memory, 'remember');
      const at = args.at ?? f.mem.now();
      const speaker = args.speaker === undefined ? {} : { speaker: args.speaker };
      const session = args.session === undefined ? {} : { session: args.session };
      // Model answers come first: a write never waits on a model (compaction would wait behind it).
      const asked = await askModels({ id: args.id ?? nextEpisodeId(f.mem), text: args.text, at, ...speaker }, ctx);
      const r = await f.write((mem) =>
        ingestEpisode(mem, { id: args.id ?? nextEpisodeId(mem), text: args.text, at, ...speaker, ...session, ...asked.vector }, asked.options),
      );
      return { episode: episodeJson(r.episode), entities: r.entities.map(entityJson), facts: r.facts.map((x) => assertJson(f.mem, x)) };
    },
  }),
  tool({
    name: 'recall',
    title: 'Recall what the memory knows about a question',
    description:
      'Retrieve the memory relevant to a question: `text` is a packed context (facts, then the conversation turns ' +
      'they came from) ready to read, within `tokenBudget`; `facts` lists each fact with its relevance `score` and ' +
      'the `path` of entity ids that led to it. Use validAt to ask about the past ("where did Alice work in 2021?") ' +
      `and knownAt to see what the memory knew at an earlier time. ${OPEN_NOTE}`,
    inputSchema: {
      question: z.string().min(1).describe('The question or topic, in natural language.'),
      validAt,
      knownAt,
      k: z.number().int().min(1).max(200).optional().describe('How many facts, entities and episodes to return (each). Default 10.'),
      tokenBudget: z.number().int().min(1).optional().describe('Upper bound on the packed text\'s size in tokens. Default 1024.'),
      memory,
    },
    run: async (args, ctx) => {
      const f = await folder(ctx, args.memory, 'recall');
      const r = await f.mem.recallAsync(args.question, {
        ...(args.validAt === undefined ? {} : { validAt: args.validAt }),
        ...(args.knownAt === undefined ? {} : { knownAt: args.knownAt }),
        ...(args.k === undefined ? {} : { k: args.k }),
        ...(args.tokenBudget === undefined ? {} : { tokenBudget: args.tokenBudget }),
      });
      return recallJson(r);
    },
  }),
  tool({
    name: 'facts',
    title: 'List facts at a point in time',
    description:
      'List the facts true at `validAt` as known at `knownAt` (both default to now), optionally only those about ' +
      `a subject, with a predicate, or with an object. Exact lookup, no ranking: use recall for questions. ${OPEN_NOTE}`,
    inputSchema: { subject: subject.optional(), predicate: predicate.optional(), object: object.optional(), value: value.optional(), validAt, knownAt, limit, memory },
    run: async (args, ctx) => {
      const f = await folder(ctx, args.memory, 'facts');
      const o = objectRef(args, 'facts');
      const found = f.mem.facts({
        ...(args.subject === undefined ? {} : { subject: args.subject }),
        ...(args.predicate === undefined ? {} : { predicate: args.predicate }),
        ...(o === undefined ? {} : { object: o }),
        ...(args.validAt === undefined ? {} : { validAt: args.validAt }),
        ...(args.knownAt === undefined ? {} : { knownAt: args.knownAt }),
      });
      return capped(found.map(factJson), args.limit);
    },
  }),
  tool({
    name: 'history',
    title: 'Every version of the facts about a subject',
    description:
      'Every version ever recorded of the facts about a subject (optionally one predicate or object), including ' +
      'superseded and retracted ones: validFrom/validTo say when each was true in the world, recordedAt/invalidAt ' +
      `when the memory believed it. Use it to answer "how did this change?". ${OPEN_NOTE}`,
    inputSchema: { subject, predicate: predicate.optional(), object: object.optional(), value: value.optional(), limit, memory },
    run: async (args, ctx) => {
      const f = await folder(ctx, args.memory, 'history');
      const o = objectRef(args, 'history');
      const found = f.mem.history({
        subject: args.subject,
        ...(args.predicate === undefined ? {} : { predicate: args.predicate }),
        ...(o === undefined ? {} : { object: o }),
      });
      return capped(found.map(factJson), args.limit);
    },
  }),
  tool({
    name: 'changes',
    title: 'What changed between two times',
    description:
      'Facts added and removed between `since` and `until`. axis "record" (default): what the memory learned or ' +
      'stopped believing in that span. axis "valid": what became true or stopped being true in the world in that ' +
      `span, as known at knownAt. ${OPEN_NOTE}`,
    inputSchema: {
      since: time('Start of the span'),
      until: time('End of the span. Default: now').optional(),
      axis: z.enum(['record', 'valid']).optional().describe('"record" (what the memory learned; default) or "valid" (what changed in the world).'),
      knownAt,
      limit,
      memory,
    },
    run: async (args, ctx) => {
      const f = await folder(ctx, args.memory, 'changes');
      const c = changesJson(
        f.mem.changes({
          since: args.since,
          ...(args.until === undefined ? {} : { until: args.until }),
          ...(args.axis === undefined ? {} : { axis: args.axis }),
          ...(args.knownAt === undefined ? {} : { knownAt: args.knownAt }),
        }),
      );
      const max = args.limit ?? 100;
      return { totalAdded: c.added.length, totalRemoved: c.removed.length, added: c.added.slice(0, max), removed: c.removed.slice(0, max) };
    },
  }),
  tool({
    name: 'assert_fact',
    title: 'Record a fact',
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
      memory,
    },
    run: async (args, ctx) => {
      const f = await folder(ctx, args.memory, 'assert_fact');
      const o = objectRef(args, 'assert_fact');
      if (o === undefined) throw new InvalidArgumentError('assert_fact: give an object (an entity name) or a value');
      const r = await f.write((mem) =>
        mem.assert({
          subject: args.subject,
          predicate: args.predicate,
          object: o,
          ...(args.validFrom === undefined ? {} : { validFrom: args.validFrom }),
          ...(args.validTo === undefined ? {} : { validTo: args.validTo }),
          ...(args.confidence === undefined ? {} : { confidence: args.confidence }),
          ...(args.source === undefined ? {} : { source: args.source }),
          ...(args.reason === undefined ? {} : { reason: args.reason }),
          ...(args.evidence === undefined ? {} : { evidence: args.evidence }),
          ...(args.episode === undefined ? {} : { episode: args.episode }),
          ...(args.edgeType === undefined ? {} : { edgeType: args.edgeType }),
        }),
      );
      return assertJson(f.mem, r);
    },
  }),
  tool({
    name: 'retract_fact',
    title: 'Say a fact is no longer true',
    description:
      'Retract facts about subject -predicate-> (object or value; all objects when neither is given) from validFrom ' +
      '(default: now) to validTo (default: open). History keeps the old versions; reads at earlier times still see ' +
      `them. Returns the ids of the versions closed and added. ${OPEN_NOTE}`,
    inputSchema: {
      subject,
      predicate,
      object: object.optional(),
      value: value.optional(),
      validFrom: time('From when it is no longer true. Default: now').optional(),
      validTo: time('Until when. Default: open').optional(),
      reason: z.string().optional().describe('Why, in a few words.'),
      memory,
    },
    run: async (args, ctx) => {
      const f = await folder(ctx, args.memory, 'retract_fact');
      const o = objectRef(args, 'retract_fact');
      const r = await f.write((mem) =>
        mem.retract({
          subject: args.subject,
          predicate: args.predicate,
          ...(o === undefined ? {} : { object: o }),
          ...(args.validFrom === undefined ? {} : { validFrom: args.validFrom }),
          ...(args.validTo === undefined ? {} : { validTo: args.validTo }),
          ...(args.reason === undefined ? {} : { reason: args.reason }),
        }),
      );
      return retractJson(r);
    },
  }),
];

/** Registers every memory tool on an MCP server. */
export function registerTools(server: McpServer, ctx: ToolContext): void {
  for (const t of MEMORY_TOOLS) {
    server.registerTool(t.name, { title: t.title, description: t.description, inputSchema: t.inputSchema }, (args: Record<string, unknown>) =>
      guarded(() => t.run(args, ctx)),
    );
  }
}

/**
 * Runs a tool on JSON arguments outside MCP (a plain HTTP route): the arguments are checked against the
 * tool's schema first, and a mismatch is refused with InvalidArgumentError naming the tool and the field.
 * Named errors from the memory are thrown as they are; the result is the tool's structured result.
 */
export async function runTool(t: MemoryTool, input: unknown, ctx: ToolContext): Promise<Record<string, unknown>> {
  const parsed = z.object(t.inputSchema).strict().safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
    throw new InvalidArgumentError(`${t.name}: ${where}: ${issue.message}`);
  }
  return t.run(parsed.data, ctx);
}
