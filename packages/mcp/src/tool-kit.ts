/**
 * What every memory tool is made of: the shape of a tool, the memories it reaches, and the argument
 * schemas the tools share (times, memory name, reply options). Free of Node built-ins (the Worker uses it).
 */
import { z } from 'zod';
import { InvalidArgumentError, MemoryGraph, NotFoundError } from '@palimpsest/core';
import type { Embedder, Extractor, ForgetOptions, ForgetResult, ForgetScope, ObjectRef } from '@palimpsest/core';
import type { ReplyFormat, ReplyShape } from './reply.js';

/** One memory as the tools use it: read `mem` directly; every change goes through `write`, which stores it. */
export interface ToolMemory {
  readonly mem: MemoryGraph;
  /** Runs `change` on the memory and resolves once its operations are stored. */
  write<T>(change: (mem: MemoryGraph) => T): Promise<T>;
  /** Forgets in the memory and in every stored copy (forget-tools.ts); absent: the store cannot erase. */
  forget?(scope: ForgetScope, options: ForgetOptions): Promise<ForgetResult>;
}

/** Where the tools find a memory by name (MemoryShelf on disk; a Durable Object's own memory on Cloudflare). */
export interface ToolMemories {
  /**
   * The memory `id`; refuses a malformed or foreign id with a named error whose message starts with `call`.
   * With `create: false` (reads) a memory that does not exist yet is refused with NotFoundError and nothing
   * is created.
   */
  get(id: string, call: string, options?: { create?: boolean }): Promise<ToolMemory>;
  /** The names of the memories that exist, sorted. */
  list(): Promise<string[]>;
  /** Deletes the memory `id` and everything stored of it (forget-tools.ts); absent: the store cannot. */
  delete?(id: string, call: string): Promise<void>;
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

/** Hints for clients (MCP tool annotations): may it change the memory, and can its change be taken back? */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
}

/** One tool: what an MCP client lists (name, title, description, input schema, hints) and what a call does. */
export interface MemoryTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodRawShape;
  readonly annotations: ToolHints;
  /** Runs the call on arguments already checked against `inputSchema`; a refusal throws a named error. */
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<Record<string, unknown>>;
}

/** A tool whose `run` sees its arguments typed from its schema. */
export function tool<S extends z.ZodRawShape>(def: {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  annotations: ToolHints;
  run: (args: z.objectOutputType<S, z.ZodTypeAny>, ctx: ToolContext) => Promise<Record<string, unknown>>;
}): MemoryTool {
  return def as unknown as MemoryTool;
}

const TIME_NOTE = 'ISO-8601 time, e.g. "2024-05-01" or "2024-05-01T09:30:00Z"';
export const OPEN_NOTE = 'Times in results are ISO-8601 (UTC); validTo null means still true.';

export const time = (what: string) => z.string().describe(`${what} (${TIME_NOTE}).`);
export const memory = z
  .string()
  .optional()
  .describe('Which memory to use (a name of letters, digits, ".", "_" or "-"). Defaults to the server\'s default memory.');
export const validAt = time('The world time to read at: what was true then. Default: now').optional();
export const knownAt = time('The record time to read at: what the memory knew then. Default: now').optional();
export const subject = z.string().describe('The subject entity\'s name, e.g. "Alice".');
export const predicate = z.string().describe('The relation, snake_case, e.g. "works_at", "lives_in", "likes".');
export const object = z.string().describe('The object entity\'s name, e.g. "Acme". Use `value` instead for a literal.');
export const value = z
  .union([z.string(), z.number(), z.boolean()])
  .describe('A literal object (a number, flag or free text such as a price) instead of an entity `object`.');
export const limit = z.number().int().min(1).max(10000).optional().describe('Most items to return. Default 100.');

/** How every tool writes its reply. */
export const replyOptions = {
  format: z.enum(['json', 'text']).optional().describe('"json" (default: compact JSON) or "text" (one line per item).'),
  ids: z.boolean().optional().describe('Also give entity ids beside names. Default false.'),
};
/** Reads may also bound the whole reply. */
export const replyBudget = z.number().int().min(16).optional().describe('Upper bound on the whole reply, in tokens; long lists are cut and `shown` says how many of how many.');

export const shapeOf = (args: { ids?: boolean | undefined }): ReplyShape => ({ ids: args.ids === true });
export const formatOf = (args: { format?: ReplyFormat | undefined }): ReplyFormat => args.format ?? 'json';

export function objectRef(args: { object?: string | undefined; value?: string | number | boolean | undefined }, call: string): ObjectRef | undefined {
  if (args.object !== undefined && args.value !== undefined) throw new InvalidArgumentError(`${call}: give either object or value, not both`);
  if (args.object !== undefined) return args.object;
  if (args.value !== undefined) return { value: args.value };
  return undefined;
}

/** `facts`, `history`, … return at most `limit` items, with the total so the agent knows when it got less. */
export function capped<T>(items: T[], max: number | undefined): { total: number; items: T[] } {
  return { total: items.length, items: items.slice(0, max ?? 100) };
}

/** The memory a write goes to (created on first write). */
export const writable = (ctx: ToolContext, id: string | undefined, call: string): Promise<ToolMemory> => ctx.shelf.get(id ?? ctx.defaultMemory, call);

/**
 * The memory a read looks at. A named memory that does not exist is refused (NotFoundError) and not created;
 * the default memory before its first write reads as empty, still without creating anything.
 */
export async function readable(ctx: ToolContext, id: string | undefined, call: string): Promise<ToolMemory> {
  try {
    return await ctx.shelf.get(id ?? ctx.defaultMemory, call, { create: false });
  } catch (e) {
    if (!(e instanceof NotFoundError) || id !== undefined) throw e;
    const empty = new MemoryGraph();
    return { mem: empty, write: () => Promise.reject(new InvalidArgumentError(`${call}: a read does not write`)) };
  }
}
