/** Runs examples/agent-memory.ts and checks every answer it gives. */
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from './agent-memory.js';
import type { Answers } from './agent-memory.js';

describe('examples/agent-memory', () => {
  const printed: string[] = [];
  let answers: Answers;
  beforeAll(async () => {
    answers = await main((text) => printed.push(text));
  });

  it('knows the corrected, current state now', () => {
    expect(answers.knowNow).toEqual([
      'dog_name = Rey',
      'lives_in = Porto',
      'role = product designer',
      'sibling = Ana',
      'works_at = Globex',
    ]);
  });

  it('remembers what it believed on Jun 10, mistakes included', () => {
    expect(answers.believedThen).toEqual([
      'dog_name = Rex',
      'lives_in = Lisbon',
      'role = product designer',
      'sibling = Ana',
      'works_at = Acme',
    ]);
  });

  it('tells what was actually true on Jun 10, as known now (the late news and the correction applied)', () => {
    expect(answers.trueThenAsKnownNow).toEqual([
      'dog_name = Rey',
      'lives_in = Lisbon',
      'role = product designer',
      'sibling = Ana',
      'works_at = Globex',
    ]);
  });

  it("lists last week's changes: the move and the correction, not the older job change", () => {
    const { added, removed } = answers.changedSinceLastWeek;
    expect(added.some((s) => s.startsWith('dog_name = Rey'))).toBe(true);
    expect(added.some((s) => s.startsWith('lives_in = Porto'))).toBe(true);
    expect(removed.some((s) => s.startsWith('dog_name = Rex'))).toBe(true);
    expect(removed.some((s) => s.startsWith('lives_in = Lisbon'))).toBe(true);
    expect([...added, ...removed].some((s) => s.startsWith('works_at'))).toBe(false);
  });

  it('saves a snapshot file and loads it back with the same answers', () => {
    expect(answers.snapshot.bytes).toBeGreaterThan(0);
    expect(answers.snapshot.knowNow).toEqual(answers.knowNow);
    expect(answers.snapshot.sameAnswers).toBe(true);
  });

  it('prints the three questions and the history of the corrected fact', () => {
    const out = printed.join('\n');
    expect(out).toMatch(/What do you know now\?/);
    expect(out).toMatch(/What did you believe on 2025-06-10\?/);
    expect(out).toMatch(/What changed since last week/);
    expect(out).toMatch(/dog_name = Rex .*stopped believing 2025-06-23/);
    expect(out).toMatch(/same answers/);
  });
});
