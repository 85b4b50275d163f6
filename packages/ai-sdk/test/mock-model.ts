/**
 * Scripted AI SDK models for the tests (no network): results shaped as LanguageModelV4 answers, and a
 * model that answers each call with what a script function returns for the prompt it was given.
 */
import { MockLanguageModelV4 } from 'ai/test';

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

export type Step = { text: string } | { call: string; input: Record<string, unknown> };

let calls = 0;

/** A generate result: text, or one tool call. */
export function answer(step: Step) {
  if ('text' in step) {
    return { content: [{ type: 'text' as const, text: step.text }], finishReason: { unified: 'stop' as const, raw: undefined }, usage, warnings: [] };
  }
  const toolCallId = `call-${++calls}`;
  return {
    content: [{ type: 'tool-call' as const, toolCallId, toolName: step.call, input: JSON.stringify(step.input) }],
    finishReason: { unified: 'tool-calls' as const, raw: undefined },
    usage,
    warnings: [],
  };
}

/** A model whose every generate call answers `script(prompt)`. */
export function scriptedModel(script: (prompt: any[]) => Step): MockLanguageModelV4 {
  return new MockLanguageModelV4({ doGenerate: async (options) => answer(script(options.prompt as any[])) });
}

/** The JSON results of the tool calls in a prompt, by tool name (the last of each). */
export function toolResults(prompt: any[]): Record<string, any> {
  const out: Record<string, any> = {};
  for (const message of prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) if (part.type === 'tool-result') out[part.toolName] = part.output.value;
  }
  return out;
}

/** The text of the prompt's system messages. */
export function systemText(prompt: any[]): string {
  return prompt.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
}
