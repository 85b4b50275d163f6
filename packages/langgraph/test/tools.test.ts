/** memoryTools: the tool table as LangChain tools, run by LangGraph's prebuilt ReAct agent. */
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { MEMORY_TOOLS, toolArguments } from '@palimpsest/mcp/tools';
import { memoryTools } from '@palimpsest/langgraph';
import { ScriptedChatModel, toolResultsSinceUser } from './scripted-chat-model.js';

function memory() {
  let t = Date.parse('2026-01-10T00:00:00Z');
  return new MemoryGraph({ now: () => (t += 1000) });
}

describe('memoryTools (LangChain)', () => {
  it('has one tool per entry of the tool table, with its name, description and argument schema', () => {
    const tools = memoryTools(memory());
    expect(tools.map((t) => t.name)).toEqual(MEMORY_TOOLS.map((t) => t.name));
    tools.forEach((mine, i) => {
      const t = MEMORY_TOOLS[i]!;
      expect(mine.description).toBe(t.description);
      expect(toJsonSchema(mine.schema)).toEqual(toJsonSchema(toolArguments(t)));
    });
  });

  it('serves a ReAct agent: the model writes and reads the memory through tool calls', async () => {
    const mem = memory();
    const model = new ScriptedChatModel((messages) => {
      const done = toolResultsSinceUser(messages);
      if (done.assert_fact === undefined) return { call: 'assert_fact', args: { subject: 'Alice', predicate: 'works_at', object: 'Acme' } };
      if (done.facts === undefined) return { call: 'facts', args: { subject: 'Alice' } };
      return { text: `Alice works at ${done.facts.facts[0].object}.` };
    });
    const agent = createReactAgent({ llm: model, tools: memoryTools(mem) });
    const out = await agent.invoke({ messages: [{ role: 'user', content: 'Where does Alice work?' }] });
    expect(model.boundTools).toEqual(MEMORY_TOOLS.map((t) => t.name));
    expect(String(out.messages.at(-1)!.content)).toBe('Alice works at Acme.');
    expect(mem.facts({ subject: 'Alice' })).toHaveLength(1);
  });

  it('hands a refused call back to the model as a tool message naming the error, and changes nothing', async () => {
    const mem = memory();
    const before = mem.log().length;
    const model = new ScriptedChatModel((messages) =>
      messages.at(-1)!.getType() === 'tool' ? { text: 'sorry' } : { call: 'assert_fact', args: { subject: 'Alice', predicate: 'likes' } },
    );
    const out = await createReactAgent({ llm: model, tools: memoryTools(mem) }).invoke({ messages: [{ role: 'user', content: 'x' }] });
    const toolMessage = out.messages.find((m) => m.getType() === 'tool')!;
    expect(String(toolMessage.content)).toMatch(/assert_fact: give an object/);
    expect(mem.log().length).toBe(before);
  });
});
