/**
 * withMemory: an AI SDK language-model middleware that gives a model the memory's context and keeps the
 * conversation. Before a generation it recalls what the memory knows about the user's last message (cut:
 * now, within a token budget) and puts it in a system message; after the generation it remembers the
 * exchange: the user's turn through the `remember` tool (kept as an episode, its facts extracted) and the
 * model's reply as an episode only, so a model's guess never becomes a belief. Both steps are the tool
 * table's (`recallContext`, `rememberExchange` in `@palimpsest/mcp/tools`), shared with LangGraph's hooks.
 */
import { wrapLanguageModel } from 'ai';
import type { LanguageModelMiddleware } from 'ai';
import type { Embedder, Extractor, MemoryGraph } from '@palimpsest/core';
import { exchangeOptions, oneMemoryContext, recallContext, rememberExchange } from '@palimpsest/mcp/tools';
import type { ExchangeOptions, ToolMemory } from '@palimpsest/mcp/tools';

type CallOptions = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params'];
type Prompt = CallOptions['prompt'];
type Model = Parameters<typeof wrapLanguageModel>[0]['model'];

export interface WithMemoryOptions extends ExchangeOptions {
  /** Extracts facts from the user's turns. @default the built-in rule extractor */
  extractor?: Extractor;
  /** The memory's embedder, when it is a model. */
  embedder?: Embedder;
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

/** The middleware over one memory (a MemoryGraph, or a ToolMemory whose `write` stores each change). */
export function memoryMiddleware(memory: MemoryGraph | ToolMemory, options: WithMemoryOptions = {}): LanguageModelMiddleware {
  const o = exchangeOptions(options, 'withMemory');
  const ctx = oneMemoryContext(memory, options);
  return {
    // Every call of a tool loop recalls: the AI SDK rebuilds each step's prompt from the messages it was given.
    transformParams: async ({ params }) => {
      const turn = userTurnOf(params.prompt);
      const context = turn === undefined ? undefined : await recallContext(ctx, turn.text, o);
      return context === undefined ? params : { ...params, prompt: withSystem(params.prompt, context) };
    },
    wrapGenerate: async ({ doGenerate, params }) => {
      const result = await doGenerate();
      const turn = userTurnOf(params.prompt);
      if (turn !== undefined) await rememberExchange(ctx, turn, result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''), o);
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
        flush: () => rememberExchange(ctx, turn, reply, o),
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
