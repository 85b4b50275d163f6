import { Random, splitOf } from '@palimpsest/datasets';
import type { LongMemEvalQuestion } from '@palimpsest/datasets';

/**
 * Seeded choice of non-abstention LongMemEval questions of one split, in file order: items [from, from + n)
 * of a seeded shuffle of the split's pool, so a larger n keeps the questions of a smaller one (and the
 * vectors cached for them).
 */
export function seededQuestions(questions: readonly LongMemEvalQuestion[], split: 'dev' | 'test', n: number, seed: number, from = 0): LongMemEvalQuestion[] {
  const pool = questions.filter((q) => !q.abstention && splitOf('longmemeval', q.position) === split);
  return new Random(seed).shuffle([...pool]).slice(from, from + n).sort((a, b) => a.position - b.position);
}
