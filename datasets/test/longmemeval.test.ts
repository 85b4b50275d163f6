import { describe, expect, it } from 'vitest';
import { DatasetArgumentError, DatasetNotFoundError, LONGMEMEVAL_QUESTION_TYPES, loadLongMemEval } from '../src/index.js';
import type { LongMemEvalQuestion } from '../src/index.js';
import { hasOracle, hasS, longTests } from './helpers.js';

function countTypes(qs: LongMemEvalQuestion[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const q of qs) out[q.type] = (out[q.type] ?? 0) + 1;
  return out;
}

function checkShape(qs: LongMemEvalQuestion[]): void {
  for (const q of qs) {
    expect(LONGMEMEVAL_QUESTION_TYPES).toContain(q.type);
    expect(typeof q.answer).toBe('string');
    expect(Number.isInteger(q.questionDate)).toBe(true);
    expect(q.abstention).toBe(q.id.endsWith('_abs'));
    const ids = new Set(q.sessions.map((s) => s.id));
    for (const a of q.answerSessionIds) expect(ids.has(a)).toBe(true);
    for (const s of q.sessions) expect(Number.isInteger(s.date)).toBe(true);
  }
}

describe('loadLongMemEval', () => {
  it('refuses an unknown variant and reports a missing file with where to get it', async () => {
    await expect(loadLongMemEval('m' as 's')).rejects.toThrow(DatasetArgumentError);
    await expect(loadLongMemEval('m' as 's')).rejects.toThrow(/^loadLongMemEval: variant/);
    const err = await loadLongMemEval('s', { path: '/nonexistent/s.json.gz' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatasetNotFoundError);
    expect((err as Error).message).toContain('xiaowu0162/longmemeval-cleaned');
  });

  it.skipIf(!hasOracle)('oracle: 500 questions with the per-type counts (skips without the file)', async () => {
    const qs = await loadLongMemEval('oracle');
    expect(qs).toHaveLength(500);
    expect(qs.map((q) => q.position)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(countTypes(qs)).toEqual({
      'temporal-reasoning': 133, 'multi-session': 133, 'knowledge-update': 78,
      'single-session-user': 70, 'single-session-assistant': 56, 'single-session-preference': 30,
    });
    expect(qs.filter((q) => q.abstention)).toHaveLength(30);
    checkShape(qs);
    const first = qs[0]!;
    expect(first.questionDate).toBe(Date.UTC(2023, 3, 10, 23, 7)); // "2023/04/10 (Mon) 23:07"
    // Numeric answers arrive as strings; has_answer marks the evidence turns.
    expect(qs.some((q) => /^\d+(\.\d+)?$/.test(q.answer))).toBe(true);
    const turns = qs.flatMap((q) => q.sessions.flatMap((s) => s.turns));
    expect(turns).toHaveLength(10960);
    expect(turns.some((t) => t.hasAnswer)).toBe(true);
    expect(turns.every((t) => t.role === 'user' || t.role === 'assistant')).toBe(true);
  });

  it.skipIf(!hasS)('S dev split: 50 questions, positions 0, 10, … (skips without the file)', async () => {
    const qs = await loadLongMemEval('s', { split: 'dev' });
    expect(qs.map((q) => q.position)).toEqual(Array.from({ length: 50 }, (_, i) => i * 10));
    checkShape(qs);
    for (const q of qs) expect(q.sessions.length).toBeGreaterThanOrEqual(38);
  });

  it.skipIf(!hasS || !longTests)('S in full: 498 questions, per-type counts, 245,625 turns (PALIMPSEST_LONG_TESTS=1)', async () => {
    const qs = await loadLongMemEval('s');
    expect(qs).toHaveLength(498);
    expect(countTypes(qs)).toEqual({
      'temporal-reasoning': 132, 'multi-session': 133, 'knowledge-update': 78,
      'single-session-user': 70, 'single-session-assistant': 55, 'single-session-preference': 30,
    });
    expect(qs.filter((q) => q.abstention)).toHaveLength(30);
    expect(qs.reduce((n, q) => n + q.sessions.reduce((m, s) => m + s.turns.length, 0), 0)).toBe(245625);
    const sizes = qs.map((q) => q.sessions.length);
    expect(Math.min(...sizes)).toBe(38);
    expect(Math.max(...sizes)).toBe(58);
    expect(qs.some((q) => q.id === '7e00a6cb' || q.id === 'gpt4_7a0daae1')).toBe(false);
    checkShape(qs);
  });
});
