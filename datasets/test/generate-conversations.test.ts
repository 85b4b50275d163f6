import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_ANSWER, DatasetArgumentError, formatDay, generateConversations } from '../src/index.js';

const DAY = 86_400_000;

describe('generateConversations', () => {
  const options = { seed: 5, conversations: 6, sessionsPerConversation: 12, turnsPerSession: 14 };
  const convs = generateConversations(options);

  it('is deterministic for a seed; conversation n depends only on (seed, n)', () => {
    expect(generateConversations(options)).toEqual(convs);
    expect(generateConversations({ ...options, conversations: 2 })).toEqual(convs.slice(0, 2));
    expect(generateConversations({ ...options, seed: 6 })[0]).not.toEqual(convs[0]);
  });

  it('has the asked shape: two speakers, dated sessions days apart, turns with dia_ids in time order', () => {
    expect(convs).toHaveLength(6);
    for (const c of convs) {
      expect(c.speakers[0]).not.toBe(c.speakers[1]);
      expect(c.sessions).toHaveLength(12);
      c.sessions.forEach((s, i) => {
        expect(s.index).toBe(i + 1);
        if (i > 0) {
          const gap = Math.floor(s.date / DAY) - Math.floor(c.sessions[i - 1]!.date / DAY);
          expect(gap >= 3 && gap <= 21).toBe(true);
        }
        expect(s.turns).toHaveLength(14);
        s.turns.forEach((t, j) => {
          expect(t.id).toBe(`D${s.index}:${j + 1}`);
          expect(t.at).toBe(s.date + j * 1000);
          expect(c.speakers).toContain(t.speaker);
          if (j > 0) expect(t.speaker).not.toBe(s.turns[j - 1]!.speaker);
        });
      });
    }
  });

  it('asks questions of all five categories whose evidence turns exist and mention the answer', () => {
    const categories = new Set<number>();
    for (const c of convs) {
      const turns = new Map(c.sessions.flatMap((s) => s.turns.map((t) => [t.id, t] as const)));
      for (const q of c.questions) {
        categories.add(q.category);
        expect(q.evidence.length).toBeGreaterThan(0);
        for (const e of q.evidence) expect(turns.has(e)).toBe(true);
        if (q.category === 5) {
          expect(q.answer).toBe(ADVERSARIAL_ANSWER);
          expect(q.adversarialAnswer).toBeDefined();
        }
        if (q.category === 4 && q.question.startsWith('What is the name of')) {
          expect(turns.get(q.evidence[0]!)!.text).toContain(q.answer);
        }
      }
    }
    expect([...categories].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('tells events with relative dates that the temporal answers resolve correctly', () => {
    let checked = 0;
    for (const c of convs) {
      const turns = new Map(c.sessions.flatMap((s) => s.turns.map((t) => [t.id, t] as const)));
      for (const q of c.questions.filter((x) => x.category === 2)) {
        const turn = turns.get(q.evidence[0]!)!;
        const day = Math.floor(turn.at / DAY) * DAY;
        if (turn.text.includes('yesterday')) expect(q.answer).toBe(formatDay(day - DAY));
        if (turn.text.includes('two days ago')) expect(q.answer).toBe(formatDay(day - 2 * DAY));
        if (/last week\b/.test(turn.text)) expect(q.answer).toBe(`the week before ${formatDay(turn.at)}`);
        if (turn.text.includes('last weekend')) expect(q.answer).toBe(`the weekend before ${formatDay(turn.at)}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('changes state over time: cardinality-one facts of a person never overlap, and moves close the old city', () => {
    let moves = 0;
    for (const c of convs) {
      const ids = new Set(c.sessions.flatMap((s) => s.turns.map((t) => t.id)));
      for (const f of c.facts!) {
        expect(ids.has(f.evidence)).toBe(true);
        if (f.validTo !== undefined) expect(f.validTo).toBeGreaterThan(f.validFrom);
      }
      for (const who of c.speakers) {
        for (const predicate of ['lives_in', 'works_at']) {
          const fs = c.facts!.filter((f) => f.subject === who && f.predicate === predicate);
          expect(fs.filter((f) => f.validTo === undefined)).toHaveLength(1);
          for (let i = 1; i < fs.length; i++) expect(fs[i - 1]!.validTo).toBe(fs[i]!.validFrom);
          if (predicate === 'lives_in') moves += fs.length - 1;
        }
        // "Where does X live now?" answers the one open lives_in fact.
        const now = c.questions.find((q) => q.question === `Where does ${who} live now?`)!;
        expect(now.answer).toBe(c.facts!.find((f) => f.subject === who && f.predicate === 'lives_in' && f.validTo === undefined)!.object);
      }
    }
    expect(moves).toBeGreaterThan(0);
  });

  it('refuses bad options with a named error', () => {
    expect(() => generateConversations({ turnsPerSession: 6 })).toThrow(DatasetArgumentError);
    expect(() => generateConversations({ sessionsPerConversation: 0 })).toThrow(/^generateConversations: sessionsPerConversation/);
    expect(() => generateConversations({ minGapDays: 5, maxGapDays: 2 })).toThrow(/^generateConversations: maxGapDays/);
    expect(() => generateConversations({ seed: Number.NaN })).toThrow(/^generateConversations: seed/);
  });
});
