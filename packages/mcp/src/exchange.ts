/**
 * Memory around a model call, for the agent frameworks that host the tool table (the AI SDK's withMemory,
 * LangGraph's memory hooks): recall what the memory knows about the user's message before the call, and
 * remember the exchange after it (the user's turn through `remember`, facts extracted; the model's reply as
 * an episode only, so a model's guess never becomes a belief). Both go through the table's own tools.
 */
import { InvalidArgumentError } from '@palimpsest/core';
import type { MemoryGraph } from '@palimpsest/core';
import type { MemoryTool, ToolContext } from './tools.js';
import { MEMORY_TOOLS, runTool } from './tools.js';
import { toolArguments } from './one-memory.js';

export interface ExchangeOptions {
  /** Upper bound on the recalled context's size, in tokens. @default 512 */
  tokenBudget?: number;
  /** How many facts, entities and episodes recall returns (each). @default 10 */
  k?: number;
  /** Who the user's turns are from, as stored with each turn. @default 'user' */
  speaker?: string;
  /** Keep the model's replies as episodes (speaker "assistant"). @default true */
  rememberReplies?: boolean;
}

export type Exchange = Required<ExchangeOptions>;

/** The heading of the system message that carries the recalled context. */
export const MEMORY_HEADING = 'What you remember about this conversation (from long-term memory; use it when relevant):';

const DEFAULTS: Exchange = { tokenBudget: 512, k: 10, speaker: 'user', rememberReplies: true };

function tableTool(name: string, call: string): MemoryTool {
  const t = MEMORY_TOOLS.find((x) => x.name === name);
  if (t === undefined) throw new InvalidArgumentError(`${call}: the tool table has no "${name}" tool`);
  return t;
}

/** The options with their defaults, checked (against the recall tool's own bounds too) for the call `call`. */
export function exchangeOptions(options: ExchangeOptions, call: string): Exchange {
  const o = { ...DEFAULTS, ...options };
  if (!Number.isInteger(o.tokenBudget) || o.tokenBudget < 1) throw new InvalidArgumentError(`${call}: tokenBudget must be a positive integer, got ${String(o.tokenBudget)}`);
  if (!Number.isInteger(o.k) || o.k < 1) throw new InvalidArgumentError(`${call}: k must be a positive integer, got ${String(o.k)}`);
  if (typeof o.speaker !== 'string' || o.speaker.trim() === '') throw new InvalidArgumentError(`${call}: speaker must be a non-empty string`);
  const probe = toolArguments(tableTool('recall', call)).safeParse({ question: call, tokenBudget: o.tokenBudget, k: o.k });
  if (!probe.success) throw new InvalidArgumentError(`${call}: ${probe.error.issues[0]!.path.join('.')}: ${probe.error.issues[0]!.message}`);
  return o;
}

/** The system message text for `question`: the heading and the packed context, or undefined when nothing is known. */
export async function recallContext(ctx: ToolContext, question: string, o: Exchange): Promise<string | undefined> {
  const r = (await runTool(tableTool('recall', 'recall'), { question, tokenBudget: o.tokenBudget, k: o.k }, ctx)) as { text?: unknown };
  const text = typeof r.text === 'string' ? r.text.trim() : '';
  return text === '' ? undefined : `${MEMORY_HEADING}\n${text}`;
}

function nextReplyId(mem: MemoryGraph): string {
  let n = mem.size.episodes + 1;
  while (mem.getEpisode(`reply-${n}`) !== undefined) n++;
  return `reply-${n}`;
}

/**
 * After a model call: the user's turn when this call answered it first-hand (`fresh`; a later call of a
 * tool loop does not remember it again), then the model's reply text, if any.
 */
export async function rememberExchange(ctx: ToolContext, turn: { text: string; fresh: boolean }, reply: string, o: Exchange): Promise<void> {
  if (turn.fresh) await runTool(tableTool('remember', 'remember'), { text: turn.text, speaker: o.speaker }, ctx);
  if (!o.rememberReplies || reply.trim() === '') return;
  const one = await ctx.shelf.get(ctx.defaultMemory, 'remember');
  await one.write((mem) => mem.episode({ id: nextReplyId(mem), text: reply, at: mem.now(), speaker: 'assistant' }));
}
