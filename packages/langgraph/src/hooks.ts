/**
 * Memory around the model of a LangGraph ReAct agent: `prompt` recalls what the memory knows about the
 * user's last message (cut: now, within a token budget) and puts it before the conversation as a system
 * message; `postModelHook` remembers the exchange once the model has answered without tool calls (the
 * user's turn through `remember`, facts extracted; the reply as an episode only). The same steps as the AI
 * SDK's withMemory, from the tool table (`recallContext`, `rememberExchange` in `@palimpsest/mcp/tools`).
 *
 *   createReactAgent({ llm, tools: memoryTools(mem), ...memoryHooks(mem) })
 */
import { SystemMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import type { Embedder, Extractor, MemoryGraph } from '@palimpsest/core';
import { exchangeOptions, oneMemoryContext, recallContext, rememberExchange } from '@palimpsest/mcp/tools';
import type { ExchangeOptions, ToolMemory } from '@palimpsest/mcp/tools';

export interface MemoryHooksOptions extends ExchangeOptions {
  /** Extracts facts from the user's turns. @default the built-in rule extractor */
  extractor?: Extractor;
  /** The memory's embedder, when it is a model. */
  embedder?: Embedder;
}

export interface MemoryHooks {
  /** For createReactAgent's `prompt`: the conversation, after the recalled context when there is any. */
  prompt: (state: { messages: BaseMessage[] }) => Promise<BaseMessage[]>;
  /** For createReactAgent's `postModelHook`: remembers the exchange when the model has given its answer. */
  postModelHook: (state: { messages: BaseMessage[] }) => Promise<Record<string, never>>;
}

/** The text of the last human message, or undefined. */
function lastHumanText(messages: readonly BaseMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.getType() !== 'human') continue;
    const text = messages[i]!.text.trim();
    return text === '' ? undefined : text;
  }
  return undefined;
}

/** The recall and remember hooks over one memory (a MemoryGraph, or a ToolMemory whose `write` stores each change). */
export function memoryHooks(memory: MemoryGraph | ToolMemory, options: MemoryHooksOptions = {}): MemoryHooks {
  const o = exchangeOptions(options, 'memoryHooks');
  const ctx = oneMemoryContext(memory, options);
  return {
    prompt: async ({ messages }) => {
      const question = lastHumanText(messages);
      const context = question === undefined ? undefined : await recallContext(ctx, question, o);
      return context === undefined ? messages : [new SystemMessage(context), ...messages];
    },
    postModelHook: async ({ messages }) => {
      const last = messages[messages.length - 1];
      const calls = (last as { tool_calls?: unknown[] } | undefined)?.tool_calls ?? [];
      const question = lastHumanText(messages);
      // An answer with tool calls is a step of the loop; the exchange is remembered at its final answer.
      if (last === undefined || last.getType() !== 'ai' || calls.length > 0 || question === undefined) return {};
      await rememberExchange(ctx, { text: question, fresh: true }, last.text, o);
      return {};
    },
  };
}
