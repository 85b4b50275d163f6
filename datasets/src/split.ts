import { DatasetArgumentError } from './errors.js';
import type { Split, SplitOption } from './types.js';

/** The LoCoMo conversations of the dev split; every other conversation is test. */
export const LOCOMO_DEV_CONVERSATIONS: readonly string[] = ['conv-26', 'conv-30'];

/** LongMemEval questions whose 0-based position in their file is a multiple of this are dev. */
export const LONGMEMEVAL_DEV_STRIDE = 10;

/**
 * The split an item belongs to (shared/datasets/README.md): tune only on `dev`, report every figure on `test`.
 * - LoCoMo: by conversation id — `conv-26` and `conv-30` are dev.
 * - LongMemEval: by position in the file — positions 0, 10, 20, … are dev. The oracle and S files list the
 *   questions in different orders, so a question's split depends on the file it was read from.
 */
export function splitOf(dataset: 'locomo', conversationId: string): Split;
export function splitOf(dataset: 'longmemeval', position: number): Split;
export function splitOf(dataset: 'locomo' | 'longmemeval', key: string | number): Split {
  if (dataset === 'locomo') {
    if (typeof key !== 'string' || key === '') {
      throw new DatasetArgumentError(`splitOf: a LoCoMo conversation id must be a non-empty string, got ${String(key)}`);
    }
    return LOCOMO_DEV_CONVERSATIONS.includes(key) ? 'dev' : 'test';
  }
  if (dataset === 'longmemeval') {
    if (typeof key !== 'number' || !Number.isInteger(key) || key < 0) {
      throw new DatasetArgumentError(`splitOf: a LongMemEval position must be an integer ≥ 0, got ${String(key)}`);
    }
    return key % LONGMEMEVAL_DEV_STRIDE === 0 ? 'dev' : 'test';
  }
  throw new DatasetArgumentError(`splitOf: unknown data set ${JSON.stringify(dataset)} (expected 'locomo' or 'longmemeval')`);
}

/** Validates a loader's `split` option. */
export function checkSplit(call: string, split: unknown): SplitOption {
  if (split === undefined) return 'all';
  if (split === 'dev' || split === 'test' || split === 'all') return split;
  throw new DatasetArgumentError(`${call}: split must be 'dev', 'test' or 'all', got ${JSON.stringify(split)}`);
}
