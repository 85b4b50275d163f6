/**
 * An AI SDK agent with a palimpsest memory, over two sessions: the user says where they moved in March,
 * corrects it in April ("actually it was Austin"), then asks where they live now and where the assistant
 * thought they lived in March. The model is a scripted stand-in (scripted-assistant.ts) run as an AI SDK
 * mock model, so this runs with no network; the memory tools and withMemory are the real ones.
 *
 *   npx tsc -b examples && node examples/dist/agents/ai-sdk-agent.js
 */
import { pathToFileURL } from 'node:url';
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { MemoryGraph } from '@palimpsest/core';
import type { Extractor } from '@palimpsest/core';
import { MEMORY_HEADING, memoryTools, withMemory } from '@palimpsest/ai-sdk';
import { SESSIONS, assistantStep } from './scripted-assistant.js';

export interface AgentRun {
  /** Each user line and the assistant's reply, in order. */
  transcript: Array<{ user: string; assistant: string }>;
  /** The tool calls the assistant made, in order. */
  toolCalls: Array<{ name: string; args: unknown }>;
  /** The memory context withMemory gave the model for each line. */
  recalled: string[];
}

/** Facts come from the assistant's tool calls here, so the turns are kept as episodes only. */
const turnsOnly: Extractor = { id: 'turns-only', extract: (turns) => turns.map(() => ({ entities: [], facts: [] })) };

/** The scripted model: reads the user's last line and the tool results since, answers with assistantStep. */
function scriptedModel(recalled: string[]): MockLanguageModelV4 {
  let calls = 0;
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      let lastUser = prompt.length - 1;
      while (lastUser > 0 && prompt[lastUser]!.role !== 'user') lastUser--;
      const message = prompt[lastUser]!;
      const user = message.role === 'user' ? message.content.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
      const results: Record<string, unknown> = {};
      for (const m of prompt.slice(lastUser)) {
        if (m.role !== 'tool') continue;
        for (const part of m.content) if (part.type === 'tool-result' && part.output.type === 'json') results[part.toolName] = part.output.value;
      }
      if (Object.keys(results).length === 0) recalled.push(prompt.filter((m) => m.role === 'system' && m.content.startsWith(MEMORY_HEADING)).map((m) => m.content as string).join('\n'));
      const step = assistantStep(user, results);
      const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 0, text: 0, reasoning: undefined } };
      if ('text' in step) return { content: [{ type: 'text', text: step.text }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
      return {
        content: [{ type: 'tool-call', toolCallId: `call-${++calls}`, toolName: step.call, input: JSON.stringify(step.args) }],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

export async function main(print: (line: string) => void = console.log): Promise<AgentRun> {
  let clock = Date.parse(SESSIONS[0]!.at);
  const mem = new MemoryGraph({ now: () => clock, predicates: { lives_in: { cardinality: 'one' } } });
  const run: AgentRun = { transcript: [], toolCalls: [], recalled: [] };
  const model = withMemory(scriptedModel(run.recalled), mem, { extractor: turnsOnly, tokenBudget: 300 });
  const tools = memoryTools(mem);
  for (const session of SESSIONS) {
    clock = Date.parse(session.at);
    print(`-- session of ${session.at}`);
    // Each line is a fresh call with no earlier messages: whatever the agent knows comes from the memory.
    for (const user of session.lines) {
      const result = await generateText({ model, tools, prompt: user, stopWhen: isStepCount(5) });
      for (const step of result.steps) for (const call of step.toolCalls) run.toolCalls.push({ name: call.toolName, args: call.input });
      run.transcript.push({ user, assistant: result.text });
      print(`user: ${user}\nassistant: ${result.text}`);
    }
  }
  return run;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
