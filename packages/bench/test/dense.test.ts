/** The quality runner's dense helpers: the seeded LongMemEval sample and the on-disk vector cache. */
import { mkdtemp, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LongMemEvalQuestion } from '@palimpsest/datasets';
import { seededQuestions } from '../src/sample.js';
import { VectorCache } from '../src/vector-cache.js';

const question = (position: number, abstention = false): LongMemEvalQuestion =>
  ({ id: `q${position}`, position, type: 'multi-session', question: `question ${position}`, answer: '', questionDate: 0, abstention, sessions: [], answerSessionIds: [] }) as LongMemEvalQuestion;

describe('seededQuestions', () => {
  const pool = Array.from({ length: 200 }, (_, i) => question(i, i % 7 === 3));
  it('takes one split, no abstentions, in file order; a larger sample keeps the smaller one', () => {
    const small = seededQuestions(pool, 'test', 20, 1);
    const large = seededQuestions(pool, 'test', 60, 1);
    expect(small).toHaveLength(20);
    expect(small.every((q) => q.position % 10 !== 0 && !q.abstention)).toBe(true);
    expect(small.map((q) => q.position)).toEqual([...small.map((q) => q.position)].sort((a, b) => a - b));
    expect(large.map((q) => q.id)).toEqual(expect.arrayContaining(small.map((q) => q.id)));
    expect(seededQuestions(pool, 'dev', 100, 1).every((q) => q.position % 10 === 0)).toBe(true);
    expect(seededQuestions(pool, 'test', 20, 2).map((q) => q.id)).not.toEqual(small.map((q) => q.id));
    // items [from, from + n) of the same shuffle
    const rest = seededQuestions(pool, 'test', 40, 1, 20);
    expect(new Set([...small, ...rest].map((q) => q.id))).toEqual(new Set(large.map((q) => q.id)));
  });
});

describe('VectorCache', () => {
  it('embeds each missing text once, keeps vectors across instances, and cuts a torn last record off', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plmp-vectors-'));
    try {
      const calls: string[][] = [];
      const embedder = { id: 'fake:3', dimensions: 3, embed: (texts: readonly string[]) => (calls.push([...texts]), texts.map((t) => Float32Array.of(t.length, 1, -1))) };
      const cache = new VectorCache(embedder, dir);
      expect(await cache.fill(['a', 'bb', 'a'], 64)).toBe(2);
      expect(await cache.fill(['bb', 'ccc'], 64)).toBe(1);
      expect(calls).toEqual([['a', 'bb'], ['ccc']]);
      const again = new VectorCache(embedder, dir);
      expect(again.size).toBe(3);
      expect([...again.get('ccc')!]).toEqual([3, 1, -1]);
      await truncate(cache.file, (await stat(cache.file)).size - 5);
      const torn = new VectorCache(embedder, dir);
      expect(torn.size).toBe(2);
      expect(torn.get('ccc')).toBeUndefined();
      // appending after the cut keeps every record readable
      await torn.fill(['ccc', 'dddd'], 64);
      const reopened = new VectorCache(embedder, dir);
      expect(reopened.size).toBe(4);
      expect([...reopened.get('dddd')!]).toEqual([4, 1, -1]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
