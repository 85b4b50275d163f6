/** Runs examples/agents/ai-sdk-agent.ts and checks that the answers come from the memory. */
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from './ai-sdk-agent.js';
import type { AgentRun } from './ai-sdk-agent.js';

describe('examples/agents/ai-sdk-agent', () => {
  let run: AgentRun;
  beforeAll(async () => {
    run = await main(() => {});
  });

  it('answers where the user lives now with the correction, and what it believed in March', () => {
    expect(run.transcript.map((t) => t.assistant)).toEqual([
      'Noted: you live in Boston.',
      'Sorry about that: Austin, noted.',
      'You live in Austin.',
      'In March I thought you lived in Boston.',
    ]);
  });

  it('got both answers from the memory through its tools, the past one at a cut in March', () => {
    const lives = { subject: 'user', predicate: 'lives_in' };
    expect(run.toolCalls).toEqual([
      { name: 'assert_fact', args: { ...lives, object: 'Boston', validFrom: '2026-03-01' } },
      { name: 'facts', args: lives },
      // The correction holds from when Boston was said to (as the facts call returned it): March 1.
      { name: 'assert_fact', args: { ...lives, object: 'Austin', validFrom: expect.stringMatching(/^2026-03-01/), reason: 'the user corrected it' } },
      { name: 'facts', args: lives },
      { name: 'facts', args: { ...lives, validAt: '2026-03-31T23:59:59.999Z', knownAt: '2026-03-31T23:59:59.999Z' } },
    ]);
  });

  it('was given the remembered context by withMemory in the second session', () => {
    expect(run.recalled[0]).toBe('');
    // "Where do I live now?": recall at now carries the corrected fact.
    expect(run.recalled[2]).toContain('Austin');
  });
});
