/**
 * withMemory: an AI SDK language-model middleware that gives a model the memory's context and keeps the
 * conversation. Before a generation it recalls what the memory knows about the user's last message (cut:
 * now, within a token budget) and puts it in a system message; after the generation it remembers the
 * exchange: the user's turn through the `remember` tool (kept as an episode, its facts extracted) and the
 * model's reply as an episode only, so a model's guess never becomes a belief.
 * Both go through the tool table's `recall` and `remember`, the same calls an agent makes over MCP.
 */
import { wrapLanguageModel } from 'ai';
import type { LanguageModelMiddleware } from 'ai';
import type { Embedder, Extractor, MemoryGraph } from '@palimpsest/core';
import { InvalidArgumentError } from '@palimpsest/core';
import { MEMORY_TOOLS, oneMemoryContext, runTool, toolArguments } from '@palimpsest/mcp/tools';
import type { MemoryTool, ToolContext, ToolMemory } from '@palimpsest/mcp/tools';

type CallOptions = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params'];
type Prompt = CallOptions['prompt'];
type Model = Parameters<typeof wrapLanguageModel>[0]['model'];

export interface WithMemoryOptions {
  /** Upper bound on the recalled context's size, in tokens. @default 512 */
  tokenBudget?: number;
  /** How many facts, entities and episodes recall returns (each). @default 10 */
  k?: number;
  /** Who the user's turns are from, as stored with each turn. @default 'user' */
  speaker?: string;
  /** Keep the model's replies as episodes (speaker "assistant"). @default true */
  rememberReplies?: boolean;
  /** Extracts facts from the user's turns. @default the built-in rule extractor */
  extractor?: Extractor;
  /** The memory's embedder, when it is a model. */
  embedder?: Embedder;
}

const DEFAULTS = { tokenBudget: 512, k: 10, speaker: 'user', rememberReplies: true };

/** The heading of the system message that carries the recalled context. */
export const MEMORY_HEADING = 'What you remember about this conversation (from long-term memory; use it when relevant):';

function tableTool(name: string): MemoryTool {
  const t = MEMORY_TOOLS.find((x) => x.name === name);
  if (t === undefined) throw new InvalidArgumentError(`withMemory: the tool table has no "${name}" tool`);
  return t;
}

/** The text of a user message's text parts, or undefined when it has none. */
function textOf(message: Prompt[number] | undefined): string | undefined {
  if (message === undefined || message.role !== 'user') return undefined;
  const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('').trim();
  return text === '' ? undefined : text;
}

/**
 * Where a model call stands in the exchange: the user's latest message (what recall is asked about) and
 * whether this call answers it first-hand (`fresh`: the prompt ends with it) or continues a tool loop
 * (the prompt ends with tool results; the user's turn was remembered by the first call).
 */
export function userTurnOf(prompt: Prompt): { text: string; fresh: boolean } | undefined {
  for (let i = prompt.length - 1; i >= 0; i--) {
    if (prompt[i]!.role !== 'user') continue;
    const text = textOf(prompt[i]);
    return text === undefined ? undefined : { text, fresh: i === prompt.length - 1 };
  }
  return undefined;
}

/** The prompt with `system` placed after its leading system messages (providers want those first). */
function withSystem(prompt: Prompt, system: string): Prompt {
  let at = 0;
  while (at < prompt.length && prompt[at]!.role === 'system') at++;
  return [...prompt.slice(0, at), { role: 'system', content: system }, ...prompt.slice(at)];
}

function nextReplyId(mem: MemoryGraph): string {
  let n = mem.size.episodes + 1;
  while (mem.getEpisode(`reply-${n}`) !== undefined) n++;
  return `reply-${n}`;
}

/** The middleware over one memory (a MemoryGraph, or a ToolMemory whose `write` stores each change). */
export function memoryMiddleware(memory: MemoryGraph | ToolMemory, options: WithMemoryOptions = {}): LanguageModelMiddleware {
  const o = { ...DEFAULTS, ...options };
  if (!Number.isInteger(o.tokenBudget) || o.tokenBudget < 1) throw new InvalidArgumentError(`withMemory: tokenBudget must be a positive integer, got ${String(o.tokenBudget)}`);
  if (!Number.isInteger(o.k) || o.k < 1) throw new InvalidArgumentError(`withMemory: k must be a positive integer, got ${String(o.k)}`);
  const ctx: ToolContext = oneMemoryContext(memory, options);
  const recall = tableTool('recall');
  const remember = tableTool('remember');
  // The recall tool's own bounds (e.g. k ≤ 200) are checked now, not at the first generation.
  const probe = toolArguments(recall).safeParse({ question: 'withMemory', tokenBudget: o.tokenBudget, k: o.k });
  if (!probe.success) throw new InvalidArgumentError(`withMemory: ${probe.error.issues[0]!.path.join('.')}: ${probe.error.issues[0]!.message}`);

  /** After a call: the user's turn if this call answered it first-hand, then the model's reply text. */
  const rememberExchange = async (turn: { text: string; fresh: boolean }, reply: string): Promise<void> => {
    if (turn.fresh) await runTool(remember, { text: turn.text, speaker: o.speaker }, ctx);
    if (!o.rememberReplies || reply.trim() === '') return;
    const one = await ctx.shelf.get(ctx.defaultMemory, 'withMemory');
    await one.write((mem) => mem.episode({ id: nextReplyId(mem), text: reply, at: mem.now(), speaker: 'assistant' }));
  };

  return {
    // Every call of a tool loop recalls: the AI SDK rebuilds each step's prompt from the messages it was given.
    transformParams: async ({ params }) => {
      const turn = userTurnOf(params.prompt);
      if (turn === undefined) return params;
      const r = (await runTool(recall, { question: turn.text, tokenBudget: o.tokenBudget, k: o.k }, ctx)) as { text: string };
      if (r.text.trim() === '') return params;
      return { ...params, prompt: withSystem(params.prompt, `${MEMORY_HEADING}\n${r.text}`) };
    },
    wrapGenerate: async ({ doGenerate, params }) => {
      const result = await doGenerate();
      const turn = userTurnOf(params.prompt);
      if (turn !== undefined) await rememberExchange(turn, result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''));
      return result;
    },
    wrapStream: async ({ doStream, params }) => {
      const result = await doStream();
      const turn = userTurnOf(params.prompt);
      if (turn === undefined) return result;
      type Part = typeof result.stream extends ReadableStream<infer P> ? P : never;
      let reply = '';
      // The exchange is remembered once the stream has ended whole (flush), before the consumer sees its end.
      const keep = new TransformStream<Part, Part>({
        transform(part, controller) {
          if (part.type === 'text-delta') reply += part.delta;
          controller.enqueue(part);
        },
        flush: () => rememberExchange(turn, reply),
      });
      return { ...result, stream: result.stream.pipeThrough(keep) };
    },
  };
}

/**
 * `model` with memory: recalls before each generation and remembers each exchange after it (see
 * memoryMiddleware). Use it wherever the AI SDK takes a model (generateText, streamText, agents).
 */
export function withMemory<M extends Model>(model: M, memory: MemoryGraph | ToolMemory, options: WithMemoryOptions = {}): ReturnType<typeof wrapLanguageModel> {
  return wrapLanguageModel({ model, middleware: memoryMiddleware(memory, options) });
}
