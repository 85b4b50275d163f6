/**
 * The tools that read a memory (readOnlyHint): recall, facts, history, changes, list_memories,
 * get_episodes, search_entities. None of them creates or changes anything.
 */
import { z } from 'zod';
import { InvalidArgumentError, NotFoundError, estimateTokens, parseIsoTime } from '@palimpsest/core';
import type { MemoryGraph, RecallResult } from '@palimpsest/core';
import { tablesOf } from '@palimpsest/core/internal';
import { factOut, fitted, recalledOut, scored, serialise, when } from './reply.js';
import type { ReplyFormat, ReplyShape } from './reply.js';
import {
  OPEN_NOTE,
  capped,
  formatOf,
  knownAt,
  limit,
  memory,
  object,
  objectRef,
  predicate,
  readable,
  replyBudget,
  replyOptions,
  shapeOf,
  subject,
  time,
  tool,
  validAt,
  value,
} from './tool-kit.js';

const READ = { readOnlyHint: true, idempotentHint: true } as const;
const opt = <K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } => (v === undefined ? {} : ({ [key]: v } as { [P in K]: V }));

function recallReply(mem: MemoryGraph, r: RecallResult, shape: ReplyShape, knownAt?: number): Record<string, unknown> {
  return {
    text: r.text,
    facts: r.facts.map((f) => recalledOut(mem, f, shape, knownAt)),
    entities: r.entities.map((e) => ({ name: e.name, ...(shape.ids ? { id: e.id } : {}), score: scored(e.score) })),
    episodes: r.episodes.map((e) => ({ id: e.id, at: when(e.at), score: scored(e.score) })),
  };
}

/**
 * recall bounded as a whole: the packed text is asked for within the budget, lists are cut to fit, and if the
 * text alone (with its JSON quoting) is still over, it is packed again smaller.
 */
async function boundedRecall(mem: MemoryGraph, question: string, options: Record<string, unknown>, budget: number, format: ReplyFormat, shape: ReplyShape) {
  // In JSON the packed text leaves room for the lists beside it (they name the facts, entities and turns).
  let textBudget = format === 'text' ? budget : Math.max(16, Math.floor(budget * 0.6));
  for (let attempt = 0; ; attempt++) {
    const r = await mem.recallAsync(question, { ...options, tokenBudget: textBudget });
    const knownAt = typeof options['knownAt'] === 'string' ? parseIsoTime(options['knownAt'], 'recall', 'knownAt') : undefined;
    const reply = fitted(format === 'text' ? { text: r.text } : recallReply(mem, r, shape, knownAt), format, budget);
    const size = estimateTokens(serialise(reply, format));
    if (size <= budget || attempt === 3 || textBudget <= 1) return reply;
    textBudget = Math.max(1, Math.floor((textBudget * budget) / size) - 8);
  }
}

export const READ_TOOLS = [
  tool({
    name: 'recall',
    title: 'Recall what the memory knows about a question',
    annotations: READ,
    description:
      'Retrieve the memory relevant to a question. format "json" (default): `text` is a packed context (facts, then ' +
      'the conversation turns they came from) ready to read; `facts` lists each fact with its relevance `score` and ' +
      'the `path` of entities that led to it. format "text": the packed context alone. The whole reply stays within ' +
      '`tokenBudget`. Use validAt to ask about the past ("where did Alice work in 2021?") and knownAt to see what the ' +
      `memory knew at an earlier time. ${OPEN_NOTE}`,
    inputSchema: {
      question: z.string().min(1).describe('The question or topic, in natural language.'),
      validAt,
      knownAt,
      k: z.number().int().min(1).max(200).optional().describe('How many facts, entities and episodes to return (each). Default 10.'),
      tokenBudget: z.number().int().min(16).optional().describe('Upper bound on the whole reply, in tokens. Default 1024.'),
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await readable(ctx, args.memory, 'recall');
      const options = { ...opt('validAt', args.validAt), ...opt('knownAt', args.knownAt), ...opt('k', args.k) };
      return boundedRecall(f.mem, args.question, options, args.tokenBudget ?? 1024, formatOf(args), shapeOf(args));
    },
  }),
  tool({
    name: 'facts',
    title: 'List facts at a point in time',
    annotations: READ,
    description:
      'List the facts true at `validAt` as known at `knownAt` (both default to now), optionally only those about ' +
      `a subject, with a predicate, or with an object. Exact lookup, no ranking: use recall for questions. ${OPEN_NOTE}`,
    inputSchema: {
      subject: subject.optional(),
      predicate: predicate.optional(),
      object: object.optional(),
      value: value.optional(),
      validAt,
      knownAt,
      supported: z
        .boolean()
        .optional()
        .describe('true: leave out facts resting on a premise the memory no longer believes (as of knownAt); false: only those. Default: both, the unsupported ones marked.'),
      limit,
      tokenBudget: replyBudget,
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await readable(ctx, args.memory, 'facts');
      const o = objectRef(args, 'facts');
      const found = f.mem.facts({
        ...opt('subject', args.subject),
        ...opt('predicate', args.predicate),
        ...opt('object', o),
        ...opt('validAt', args.validAt),
        ...opt('knownAt', args.knownAt),
        ...opt('supported', args.supported),
      });
      const { total, items } = capped(found, args.limit);
      const knownAt = args.knownAt === undefined ? undefined : parseIsoTime(args.knownAt, 'facts', 'knownAt');
      return fitted({ total, facts: items.map((x) => factOut(x, shapeOf(args), knownAt)) }, formatOf(args), args.tokenBudget);
    },
  }),
  tool({
    name: 'history',
    title: 'Every version of the facts about a subject',
    annotations: READ,
    description:
      'Every version ever recorded of the facts about a subject (optionally one predicate or object), including ' +
      'superseded and retracted ones: validFrom/validTo say when each was true in the world, recordedAt/invalidAt ' +
      `when the memory believed it. Use it to answer "how did this change?". ${OPEN_NOTE}`,
    inputSchema: { subject, predicate: predicate.optional(), object: object.optional(), value: value.optional(), limit, tokenBudget: replyBudget, ...replyOptions, memory },
    run: async (args, ctx) => {
      const f = await readable(ctx, args.memory, 'history');
      const o = objectRef(args, 'history');
      const { total, items } = capped(f.mem.history({ subject: args.subject, ...opt('predicate', args.predicate), ...opt('object', o) }), args.limit);
      return fitted({ total, facts: items.map((x) => factOut(x, shapeOf(args))) }, formatOf(args), args.tokenBudget);
    },
  }),
  tool({
    name: 'changes',
    title: 'What changed between two times',
    annotations: READ,
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
      tokenBudget: replyBudget,
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await readable(ctx, args.memory, 'changes');
      const c = f.mem.changes({ since: args.since, ...opt('until', args.until), ...opt('axis', args.axis), ...opt('knownAt', args.knownAt) });
      const max = args.limit ?? 100;
      const out = (xs: typeof c.added) => xs.slice(0, max).map((x) => factOut(x, shapeOf(args)));
      return fitted({ totalAdded: c.added.length, totalRemoved: c.removed.length, added: out(c.added), removed: out(c.removed) }, formatOf(args), args.tokenBudget);
    },
  }),
  tool({
    name: 'list_memories',
    title: 'List the memories',
    annotations: READ,
    description: 'The names of the memories this server holds (pass one as `memory` to any tool), and the default one.',
    inputSchema: { ...replyOptions },
    run: async (args, ctx) => {
      void args;
      return { default: ctx.defaultMemory, memories: await ctx.shelf.list() };
    },
  }),
  tool({
    name: 'get_episodes',
    title: 'Read stored conversation turns',
    annotations: READ,
    description:
      'The conversation turns (episodes) the memory keeps, oldest first: by id, or those said between `since` and ' +
      `\`until\`, optionally by one speaker. Facts name their episode; use this to read what was actually said. ${OPEN_NOTE}`,
    inputSchema: {
      episodeIds: z.array(z.string()).min(1).max(1000).optional().describe('Episode ids, e.g. from a fact\'s `episode`.'),
      speaker: z.string().optional().describe('Only turns by this speaker.'),
      since: time('Only turns said at or after this time').optional(),
      until: time('Only turns said before this time').optional(),
      limit,
      tokenBudget: replyBudget,
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await readable(ctx, args.memory, 'get_episodes');
      const from = args.since === undefined ? -Infinity : parseTime(args.since, 'get_episodes', 'since');
      const to = args.until === undefined ? Infinity : parseTime(args.until, 'get_episodes', 'until');
      const episodes = args.episodeIds === undefined ? allEpisodes(f.mem) : args.episodeIds.map((id) => episodeOrThrow(f.mem, id));
      const picked = episodes
        .filter((e) => e.at >= from && e.at < to && (args.speaker === undefined || e.speaker === args.speaker))
        .sort((a, b) => a.at - b.at);
      const { total, items } = capped(picked, args.limit);
      const out = items.map((e) => ({ id: e.id, at: when(e.at), ...(e.speaker === undefined ? {} : { speaker: e.speaker }), ...(e.session === undefined ? {} : { session: e.session }), text: e.text }));
      return fitted({ total, episodes: out }, formatOf(args), args.tokenBudget);
    },
  }),
  tool({
    name: 'search_entities',
    title: 'Find entities by name',
    annotations: READ,
    description:
      'Entities (people, places, things) whose name or alias contains `query`, case-insensitive; exact names first. ' +
      'Each with its type, aliases and how many facts are true about it now. Use it to find the name to pass to facts or history.',
    inputSchema: {
      query: z.string().min(1).describe('Part of a name, e.g. "ali".'),
      limit: z.number().int().min(1).max(1000).optional().describe('Most entities to return. Default 20.'),
      knownAt,
      tokenBudget: replyBudget,
      ...replyOptions,
      memory,
    },
    run: async (args, ctx) => {
      const f = await readable(ctx, args.memory, 'search_entities');
      const found = searchEntities(f.mem, args.query, args.knownAt);
      const { total, items } = capped(found, args.limit ?? 20);
      const out = items.map((e) => ({
        name: e.displayName,
        ...(shapeOf(args).ids ? { id: e.id } : {}),
        ...(e.type === undefined ? {} : { type: e.type }),
        ...(e.aliases.length === 0 ? {} : { aliases: e.aliases }),
        facts: f.mem.factIds({ subject: { id: e.id }, ...opt('knownAt', args.knownAt) }).length,
      }));
      return fitted({ total, entities: out }, formatOf(args), args.tokenBudget);
    },
  }),
];

/** As the memory reads a time (a time without a zone is UTC; impossible dates refused by name). */
const parseTime = (text: string, call: string, field: string): number => parseIsoTime(text, call, field);

function episodeOrThrow(mem: MemoryGraph, id: string) {
  const e = mem.getEpisode(id);
  if (e === undefined) throw new NotFoundError(`get_episodes: no episode "${id}"`);
  return e;
}

/** Every episode. The memory has no public listing of episodes; its episode table keeps their ids in order. */
function allEpisodes(mem: MemoryGraph) {
  return (tablesOf(mem)?.episodes.ids ?? []).map((id) => mem.getEpisode(id)!);
}

function searchEntities(mem: MemoryGraph, query: string, knownAtText: string | undefined) {
  const q = query.trim().toLowerCase();
  const given = knownAtText === undefined ? {} : { knownAt: knownAtText };
  const seen = new Set<number>();
  const hits: Array<{ rank: number; e: NonNullable<ReturnType<MemoryGraph['getEntity']>> }> = [];
  for (let id = 0; id < mem.size.entities; id++) {
    const e = mem.getEntity({ id }, given);
    if (e === undefined || seen.has(e.id)) continue; // a merged entity answers as the one it joined
    seen.add(e.id);
    const names = [e.name, ...e.aliases.map((a) => a.toLowerCase())];
    const rank = names.includes(q) ? 0 : names.some((n) => n.startsWith(q)) ? 1 : names.some((n) => n.includes(q)) ? 2 : -1;
    if (rank >= 0) hits.push({ rank, e });
  }
  return hits.sort((a, b) => a.rank - b.rank || a.e.name.localeCompare(b.e.name)).map((h) => h.e);
}

