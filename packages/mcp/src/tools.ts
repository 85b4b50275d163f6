/**
 * The memory tools an agent calls, in one table (MEMORY_TOOLS): names, descriptions written for an LLM,
 * argument schemas (zod, as the MCP SDK wants), hints and handlers. The stdio/HTTP server and the Cloudflare
 * Worker (which imports `@palimpsest/mcp/tools`) serve exactly this table, so this file stays free of Node
 * built-ins. Arguments are strict everywhere: an unknown or misspelt key is refused by name (a tool error),
 * never ignored. A refused call comes back as a tool result with `isError: true` whose text is
 * "<ErrorName>: <message>"; the server keeps serving.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { InvalidArgumentError } from '@palimpsest/core';
import { serialise } from './reply.js';
import type { ReplyFormat } from './reply.js';
import type { MemoryTool, ToolContext } from './tool-kit.js';
import { READ_TOOLS } from './tools-read.js';
import { WRITE_TOOLS } from './tools-write.js';
import { FORGET_TOOLS } from './forget-tools.js';

export type { MemoryTool, ToolContext, ToolHints, ToolMemories, ToolMemory } from './tool-kit.js';

/** The memory tools, in the order a client lists them. */
export const MEMORY_TOOLS: readonly MemoryTool[] = [
  WRITE_TOOLS[0]!, // remember
  READ_TOOLS[0]!, // recall
  ...READ_TOOLS.slice(1),
  ...WRITE_TOOLS.slice(1),
  // ---- erasure: forget, delete_memory (forget-tools.ts) ----
  ...FORGET_TOOLS,
];

/** What the server tells a client about itself (MCP `instructions`), for the agent's system prompt. */
export const SERVER_INSTRUCTIONS = [
  'palimpsest is a long-term memory that keeps two clocks: when a fact was true in the world (validAt) and when the memory learned it (knownAt).',
  'Call `remember` with each user turn worth keeping (or `remember_many` for several; recordAsSaid backfills old turns at the time they were said).',
  'Call `recall` with a question before answering from memory; its `text` is ready to read. Use `facts`/`history` for exact lookups, `changes` for what changed.',
  'Nothing is erased: `retract_fact` ends a fact (by factId or subject/predicate/object), `merge_entities` joins duplicates; reads at earlier times still see the past.',
  'Only when a person asks the memory to forget something, `forget` erases it for good (an episode, entity, source or fact), and `delete_memory` a whole memory.',
  'Replies are compact JSON by default; pass format "text" for lines, ids true for entity ids, tokenBudget to bound a read.',
].join('\n');

/**
 * The tool's arguments as one strict object. An unknown key is refused with a message naming the tool and
 * the key: the MCP SDK checks calls with this schema and passes the message on in its tool error.
 */
export function strictSchema(t: MemoryTool): z.ZodObject<z.ZodRawShape, 'strict'> {
  const errorMap: z.ZodErrorMap = (issue, ctx) =>
    issue.code === 'unrecognized_keys' ? { message: `InvalidArgumentError: ${unknownMessage(t, issue.keys)}` } : { message: ctx.defaultError };
  return z.object(t.inputSchema, { errorMap }).strict();
}

function unknownMessage(t: MemoryTool, keys: readonly string[]): string {
  const list = keys.map((k) => JSON.stringify(k)).join(', ');
  return `${t.name}: unknown argument${keys.length > 1 ? 's' : ''} ${list}; the arguments are ${Object.keys(t.inputSchema).join(', ')}`;
}

function unknownKeys(t: MemoryTool, input: unknown): string[] {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return [];
  return Object.keys(input).filter((k) => !(k in t.inputSchema));
}

/** The named error for arguments that do not match the tool's schema (unknown keys first, by name). */
function argumentError(t: MemoryTool, input: unknown, error: z.ZodError): InvalidArgumentError {
  const unknown = unknownKeys(t, input);
  if (unknown.length > 0) return new InvalidArgumentError(unknownMessage(t, unknown));
  const issue = error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
  return new InvalidArgumentError(`${t.name}: ${where}: ${issue.message}`);
}

/** The checked arguments, or the named error. */
function checked(t: MemoryTool, input: unknown): Record<string, unknown> {
  const parsed = strictSchema(t).safeParse(input ?? {});
  if (!parsed.success) throw argumentError(t, input, parsed.error);
  return parsed.data;
}

function failed(e: unknown): CallToolResult {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return { content: [{ type: 'text', text }], isError: true };
}

/** Registers every memory tool on an MCP server (strict arguments, hints, replies in the format asked). */
export function registerTools(server: McpServer, ctx: ToolContext): void {
  for (const t of MEMORY_TOOLS) {
    const config = { title: t.title, description: t.description, inputSchema: strictSchema(t), annotations: { ...t.annotations, openWorldHint: false } };
    server.registerTool(t.name, config, async (args: Record<string, unknown>): Promise<CallToolResult> => {
      try {
        const result = await t.run(args, ctx);
        const format = (args['format'] as ReplyFormat | undefined) ?? 'json';
        const text = serialise(result, format);
        return format === 'json' ? { content: [{ type: 'text', text }], structuredContent: result } : { content: [{ type: 'text', text }] };
      } catch (e) {
        return failed(e);
      }
    });
  }
}

/**
 * Runs a tool on JSON arguments outside MCP (a plain HTTP route): the arguments are checked against the
 * tool's schema first, and a mismatch is refused with InvalidArgumentError naming the tool and the field.
 * Named errors from the memory are thrown as they are; the result is the tool's structured result (format
 * "text": `{ text }`).
 */
export async function runTool(t: MemoryTool, input: unknown, ctx: ToolContext): Promise<Record<string, unknown>> {
  const args = checked(t, input);
  const result = await t.run(args, ctx);
  return args['format'] === 'text' ? { text: serialise(result, 'text') } : result;
}

export { ONE_MEMORY_NAME, inProcessMemory, oneMemoryContext, toolArguments } from './one-memory.js';
export { MEMORY_HEADING, exchangeOptions, recallContext, rememberExchange } from './exchange.js';
export type { Exchange, ExchangeOptions } from './exchange.js';
