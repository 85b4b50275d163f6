/** memoryTools: the tool table as AI SDK tools, run by generateText with a scripted model. */
import { asSchema, generateText, isStepCount } from 'ai';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { MEMORY_TOOLS, inProcessMemory, toolArguments } from '@palimpsest/mcp/tools';
import type { ToolMemory } from '@palimpsest/mcp/tools';
import { memoryTools } from '@palimpsest/ai-sdk';
import { scriptedModel, toolResults } from './mock-model.js';

const JAN = Date.parse('2026-01-10T00:00:00Z');

function memory() {
  let t = JAN;
  return new MemoryGraph({ now: () => (t += 1000) });
}

describe('memoryTools', () => {
  it('has one tool per entry of the tool table, with its description and argument schema', async () => {
    const tools = memoryTools(memory());
    expect(Object.keys(tools)).toEqual(MEMORY_TOOLS.map((t) => t.name));
    for (const t of MEMORY_TOOLS) {
      const mine = tools[t.name]!;
      expect(mine.description).toBe(t.description);
      expect(await asSchema(mine.inputSchema).jsonSchema).toEqual(await asSchema(toolArguments(t)).jsonSchema);
    }
  });

  it('lets a model write and read the memory through tool calls', async () => {
    const mem = memory();
    const model = scriptedModel((prompt) => {
      const done = toolResults(prompt);
      if (done.assert_fact === undefined) return { call: 'assert_fact', input: { subject: 'Alice', predicate: 'works_at', object: 'Acme' } };
      if (done.facts === undefined) return { call: 'facts', input: { subject: 'Alice' } };
      return { text: `Alice works at ${done.facts.facts[0].object}.` };
    });
    const result = await generateText({ model, prompt: 'Where does Alice work?', tools: memoryTools(mem), stopWhen: isStepCount(5) });
    expect(result.text).toBe('Alice works at Acme.');
    expect(mem.facts({ subject: 'Alice' }).map((f) => [f.predicate, 'name' in f.object ? f.object.name : f.object.value])).toEqual([['works_at', 'Acme']]);
    expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({ status: 'added' });
  });

  it('hands a refused call to the model as a tool error naming the error, and changes nothing', async () => {
    const mem = memory();
    const before = mem.log().length;
    const model = scriptedModel((prompt) =>
      prompt.some((m) => m.role === 'tool') ? { text: 'sorry' } : { call: 'assert_fact', input: { subject: 'Alice', predicate: 'likes' } },
    );
    const result = await generateText({ model, prompt: 'x', tools: memoryTools(mem), stopWhen: isStepCount(3) });
    const errors = result.steps[0]!.content.filter((part) => part.type === 'tool-error');
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as { error: unknown }).error)).toMatch(/InvalidArgumentError: assert_fact: give an object/);
    expect(mem.log().length).toBe(before);
  });

  it('tells the model an argument it made up by name, as the MCP server does', async () => {
    const model = scriptedModel((prompt) =>
      prompt.some((m) => m.role === 'tool') ? { text: 'sorry' } : { call: 'facts', input: { subject: 'Alice', colour: 'red' } },
    );
    const result = await generateText({ model, prompt: 'x', tools: memoryTools(memory()), stopWhen: isStepCount(3) });
    const errors = result.steps[0]!.content.filter((part) => part.type === 'tool-error');
    // The AI SDK checks the input against the table's strict schema and quotes its message (JSON-escaped).
    expect(String((errors[0] as { error: unknown }).error)).toMatch(/InvalidArgumentError: facts: unknown argument \\?"colour\\?"/);
  });

  it('refuses arguments the table does not know, and a memory other than its one', async () => {
    const tools = memoryTools(memory());
    const run = (name: string, input: unknown) => tools[name]!.execute!(input as never, { toolCallId: 'x', messages: [], context: {} } as never);
    await expect(run('facts', { subject: 'Alice', colour: 'red' })).rejects.toThrow(/^facts: .*colour/);
    await expect(run('facts', { memory: 'elsewhere' })).rejects.toMatchObject({ name: 'NotFoundError', message: expect.stringMatching(/^facts: no memory "elsewhere"/) });
  });

  it('sends every change through the write of a ToolMemory', async () => {
    const mem = memory();
    const writes: string[] = [];
    const stored: ToolMemory = { mem, write: async (change) => { writes.push('write'); return inProcessMemory(mem).write(change); } };
    const tools = memoryTools(stored);
    const run = (name: string, input: unknown) => tools[name]!.execute!(input as never, { toolCallId: 'x', messages: [], context: {} } as never);
    await run('assert_fact', { subject: 'Bob', predicate: 'lives_in', object: 'Oslo' });
    await run('facts', {});
    expect(writes).toEqual(['write']);
    expect(mem.facts({ subject: 'Bob' })).toHaveLength(1);
  });
});
