/** withMemory: recall before a generation (cut now, token budget), remember the exchange after it. */
import { generateText, isStepCount, simulateReadableStream, streamText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { MEMORY_HEADING, memoryTools, withMemory } from '@palimpsest/ai-sdk';
import { answer, scriptedModel, systemText, toolResults, usage } from './mock-model.js';

const JAN = Date.parse('2026-01-10T00:00:00Z');

function memory() {
  let t = JAN;
  const mem = new MemoryGraph({ now: () => (t += 1) });
  return { mem };
}

/** The episodes in the order they were written, from the memory's log. */
const written = (mem: MemoryGraph) => mem.log().filter((op) => op.type === 'episode') as Array<{ id: string; text: string; speaker?: string }>;
const episodes = (mem: MemoryGraph) => written(mem).map((e) => [e.speaker, e.text]);

describe('withMemory', () => {
  it('puts what the memory knows now about the question in a system message, within the budget', async () => {
    const { mem } = memory();
    mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Initech', validFrom: '2024-01-01', validTo: '2025-06-01' });
    mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme', validFrom: '2025-06-01' });
    for (const hobby of ['chess', 'sailing', 'tennis', 'pottery', 'jazz', 'hiking', 'baking', 'cycling']) mem.assert({ subject: 'Alice', predicate: 'likes', object: hobby });
    const model = scriptedModel(() => ({ text: 'ok' }));
    await generateText({ model: withMemory(model, mem, { tokenBudget: 200 }), system: 'Be brief.', prompt: 'Where does Alice work?' });
    const prompt = model.doGenerateCalls[0]!.prompt as any[];
    expect(prompt.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(prompt[0].content).toBe('Be brief.');
    expect(prompt[1].content.startsWith(MEMORY_HEADING)).toBe(true);
    expect(prompt[1].content).toContain('Acme');
    // Recall at now: the job that ended is not valid any more.
    expect(prompt[1].content).not.toContain('Initech');
    const tiny = scriptedModel(() => ({ text: 'ok' }));
    await generateText({ model: withMemory(tiny, mem, { tokenBudget: 20 }), prompt: 'Where does Alice work?' });
    const packed = systemText(tiny.doGenerateCalls[0]!.prompt as any[]);
    expect(packed.length).toBeLessThan(prompt[1].content.length);
  });

  it('leaves the prompt alone when the memory has nothing on the question', async () => {
    const { mem } = memory();
    const model = scriptedModel(() => ({ text: 'hello' }));
    await generateText({ model: withMemory(model, mem), prompt: 'Hi there' });
    expect((model.doGenerateCalls[0]!.prompt as any[]).map((m) => m.role)).toEqual(['user']);
  });

  it('remembers the exchange: the user turn with its speaker, the reply as an episode only', async () => {
    const { mem } = memory();
    const model = scriptedModel(() => ({ text: 'Noted, you live in Lisbon.' }));
    await generateText({ model: withMemory(model, mem), prompt: 'I live in Lisbon.' });
    expect(episodes(mem)).toEqual([
      ['user', 'I live in Lisbon.'],
      ['assistant', 'Noted, you live in Lisbon.'],
    ]);
    // The reply added no facts: only the user's turn went through the extractor.
    const fromReply = mem.facts({}).filter((f) => f.episode === written(mem)[1]!.id);
    expect(fromReply).toEqual([]);
  });

  it('remembers each user turn once across a tool loop, and the final reply', async () => {
    const { mem } = memory();
    const model = scriptedModel((prompt) => {
      const done = toolResults(prompt);
      if (done.assert_fact === undefined) return { call: 'assert_fact', input: { subject: 'user', predicate: 'likes', object: 'tea' } };
      return { text: 'I will remember that you like tea.' };
    });
    const tools = memoryTools(mem);
    await generateText({ model: withMemory(model, mem, { rememberReplies: true }), prompt: 'I like tea.', tools, stopWhen: isStepCount(4) });
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(episodes(mem)).toEqual([
      ['user', 'I like tea.'],
      ['assistant', 'I will remember that you like tea.'],
    ]);
  });

  it('remembers a streamed exchange once the stream has ended', async () => {
    const { mem } = memory();
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: simulateReadableStream({
          chunks: [
            { type: 'text-start' as const, id: 't' },
            { type: 'text-delta' as const, id: 't', delta: 'Hello ' },
            { type: 'text-delta' as const, id: 't', delta: 'Ada.' },
            { type: 'text-end' as const, id: 't' },
            { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: undefined }, usage },
          ],
        }),
      }),
    });
    const result = streamText({ model: withMemory(model, mem, { speaker: 'Ada' }), prompt: 'My name is Ada.' });
    expect(await result.text).toBe('Hello Ada.');
    expect(episodes(mem)).toEqual([
      ['Ada', 'My name is Ada.'],
      ['assistant', 'Hello Ada.'],
    ]);
  });

  it('remembers nothing when the generation fails', async () => {
    const { mem } = memory();
    const model = new MockLanguageModelV4({ doGenerate: async () => { throw new Error('the provider is down'); } });
    await expect(generateText({ model: withMemory(model, mem), prompt: 'I live in Oslo.', maxRetries: 0 })).rejects.toThrow(/the provider is down/);
    expect(written(mem)).toEqual([]);
    expect(mem.facts({})).toEqual([]);
  });

  it('keeps replies out when rememberReplies is false', async () => {
    const { mem } = memory();
    await generateText({ model: withMemory(scriptedModel(() => ({ text: 'ok' })), mem, { rememberReplies: false }), prompt: 'I like chess.' });
    expect(episodes(mem)).toEqual([['user', 'I like chess.']]);
  });

  it('refuses bad options by name', () => {
    const { mem } = memory();
    const model = scriptedModel(() => answer({ text: 'x' }) as never);
    expect(() => withMemory(model, mem, { tokenBudget: 0 })).toThrow(/^withMemory: tokenBudget must be a positive integer, got 0$/);
    expect(() => withMemory(model, mem, { k: 1.5 })).toThrow(/^withMemory: k must be a positive integer/);
    expect(() => withMemory(model, mem, { k: 500 })).toThrow(/^withMemory: k: Number must be less than or equal to 200/);
  });
});
