/**
 * A LangGraph.js ReAct agent with a palimpsest memory, over two sessions (two threads): the user says where
 * they moved in March, corrects it in April ("actually it was Austin"), then asks where they live now and
 * where the agent thought they lived in March. Its tools are the memory tools; memoryHooks recall before each
 * answer and remember each exchange; after each session it also keeps the user's home in a PalimpsestStore,
 * where the March value stays readable. The chat model is a scripted stand-in (scripted-assistant.ts), so
 * this runs with no network.
 *
 *   npx tsc -b examples && node examples/dist/agents/langgraph-agent.js
 */
import { pathToFileURL } from 'node:url';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { MemorySaver } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { MemoryGraph } from '@palimpsest/core';
import type { Extractor } from '@palimpsest/core';
import { MEMORY_HEADING, PalimpsestStore, memoryHooks, memoryTools } from '@palimpsest/langgraph';
import { SESSIONS, assistantStep } from './scripted-assistant.js';

export interface AgentRun {
  transcript: Array<{ user: string; assistant: string }>;
  /** The tool calls the agent made, in order. */
  toolCalls: Array<{ name: string; args: unknown }>;
  /** The memory context memoryHooks gave the model for each line. */
  recalled: string[];
  /** The home kept in the store: now, and as the store knew it at the end of March. */
  storedHome: { now: unknown; knownInMarch: unknown };
}

/** A chat model that answers with assistantStep: the user's last line and the tool results since it. */
class ScriptedChatModel extends BaseChatModel {
  private calls = 0;

  constructor(private readonly recalled: string[]) {
    super({});
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    let at = messages.length - 1;
    while (at > 0 && messages[at]!.getType() !== 'human') at--;
    const results: Record<string, unknown> = {};
    for (const m of messages.slice(at)) if (m.getType() === 'tool') results[String(m.name)] = JSON.parse(String(m.content));
    if (Object.keys(results).length === 0) {
      this.recalled.push(messages.filter((m) => m.getType() === 'system' && m.text.startsWith(MEMORY_HEADING)).map((m) => m.text).join('\n'));
    }
    const step = assistantStep(String(messages[at]!.content), results);
    const message =
      'text' in step ? new AIMessage(step.text) : new AIMessage({ content: '', tool_calls: [{ id: `call-${++this.calls}`, name: step.call, args: step.args, type: 'tool_call' }] });
    return { generations: [{ text: 'text' in step ? step.text : '', message }] };
  }
}

/** Facts come from the agent's tool calls here, so the turns are kept as episodes only. */
const turnsOnly: Extractor = { id: 'turns-only', extract: (turns) => turns.map(() => ({ entities: [], facts: [] })) };

export async function main(print: (line: string) => void = console.log): Promise<AgentRun> {
  let clock = Date.parse(SESSIONS[0]!.at);
  const mem = new MemoryGraph({ now: () => clock, predicates: { lives_in: { cardinality: 'one' } } });
  const store = new PalimpsestStore(mem);
  const run: AgentRun = { transcript: [], toolCalls: [], recalled: [], storedHome: { now: undefined, knownInMarch: undefined } };
  const hooks = memoryHooks(mem, { extractor: turnsOnly, tokenBudget: 300 });
  const agent = createReactAgent({ llm: new ScriptedChatModel(run.recalled), tools: memoryTools(mem), ...hooks, checkpointer: new MemorySaver(), store });
  for (const [i, session] of SESSIONS.entries()) {
    clock = Date.parse(session.at);
    // A new thread per session: the second one starts with no messages of the first.
    const config = { configurable: { thread_id: `session-${i + 1}` } };
    print(`-- session of ${session.at}`);
    for (const user of session.lines) {
      const before = (await agent.getState(config)).values.messages?.length ?? 0;
      const out = await agent.invoke({ messages: [{ role: 'user', content: user }] }, config);
      for (const m of out.messages.slice(before)) for (const call of (m as AIMessage).tool_calls ?? []) run.toolCalls.push({ name: call.name, args: call.args });
      const answer = String(out.messages.at(-1)!.content);
      run.transcript.push({ user, assistant: answer });
      print(`user: ${user}\nassistant: ${answer}`);
    }
    // After a session: keep the user's home in the store too (a put supersedes; the old value stays readable).
    const home = mem.facts({ subject: 'user', predicate: 'lives_in' })[0];
    if (home !== undefined && 'name' in home.object) await store.put(['users', 'user'], 'home', { city: home.object.name });
  }
  run.storedHome = {
    now: (await store.get(['users', 'user'], 'home'))?.value,
    knownInMarch: (await store.get(['users', 'user'], 'home', { knownAt: '2026-03-31T23:59:59Z' }))?.value,
  };
  return run;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
