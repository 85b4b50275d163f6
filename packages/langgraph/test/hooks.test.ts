/** memoryHooks: a ReAct agent recalls before its model answers and remembers the exchange after. */
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { MEMORY_HEADING, memoryHooks, memoryTools } from '@palimpsest/langgraph';
import { ScriptedChatModel, toolResultsSinceUser } from './scripted-chat-model.js';

function memory() {
  let t = Date.parse('2026-01-10T00:00:00Z');
  return new MemoryGraph({ now: () => (t += 1) });
}

/** The episodes in the order they were written, from the memory's log. */
const episodes = (mem: MemoryGraph) =>
  (mem.log().filter((op) => op.type === 'episode') as Array<{ text: string; speaker?: string }>).map((e) => [e.speaker, e.text]);

const systemOf = (messages: Array<{ getType(): string; text: string }>) => messages.filter((m) => m.getType() === 'system').map((m) => m.text).join('\n');

describe('memoryHooks', () => {
  it('gives the model what the memory knows now, before the conversation', async () => {
    const mem = memory();
    mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Initech', validFrom: '2024-01-01', validTo: '2025-06-01' });
    mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme', validFrom: '2025-06-01' });
    const model = new ScriptedChatModel(() => ({ text: 'ok' }));
    await createReactAgent({ llm: model, tools: [], ...memoryHooks(mem, { tokenBudget: 200 }) }).invoke({ messages: [{ role: 'user', content: 'Where does Alice work?' }] });
    const seen = model.calls[0]!;
    expect(seen[0]!.getType()).toBe('system');
    expect(seen[0]!.text.startsWith(MEMORY_HEADING)).toBe(true);
    expect(systemOf(seen)).toContain('Acme');
    expect(systemOf(seen)).not.toContain('Initech');
  });

  it('remembers the user turn once and the final answer, across a tool loop', async () => {
    const mem = memory();
    const model = new ScriptedChatModel((messages) =>
      toolResultsSinceUser(messages).assert_fact === undefined
        ? { call: 'assert_fact', args: { subject: 'user', predicate: 'likes', object: 'tea' } }
        : { text: 'I will remember that you like tea.' },
    );
    await createReactAgent({ llm: model, tools: memoryTools(mem), ...memoryHooks(mem) }).invoke({ messages: [{ role: 'user', content: 'I like tea.' }] });
    expect(model.calls).toHaveLength(2);
    expect(episodes(mem)).toEqual([
      ['user', 'I like tea.'],
      ['assistant', 'I will remember that you like tea.'],
    ]);
  });

  it('leaves the conversation alone when the memory has nothing, and refuses bad options by name', async () => {
    const mem = memory();
    const model = new ScriptedChatModel(() => ({ text: 'hello' }));
    await createReactAgent({ llm: model, tools: [], ...memoryHooks(mem, { rememberReplies: false, speaker: 'Ada' }) }).invoke({ messages: [{ role: 'user', content: 'Hi there' }] });
    expect(model.calls[0]!.map((m) => m.getType())).toEqual(['human']);
    expect(episodes(mem)).toEqual([['Ada', 'Hi there']]);
    expect(() => memoryHooks(mem, { tokenBudget: 0 })).toThrow(/^memoryHooks: tokenBudget must be a positive integer, got 0$/);
    expect(() => memoryHooks(mem, { k: 500 })).toThrow(/^memoryHooks: k: /);
  });
});
