import { describe, expect, it } from 'vitest';
import { UnigramTokenizer, type Vocabulary } from '../src/tokenizer.js';

// Six control entries first, as in the USE-lite vocabulary.
const CONTROL: Vocabulary = [['<unk>', 0], ['<s>', 0], ['</s>', 0], ['x1', 0], ['x2', 0], ['x3', 0]];

describe('UnigramTokenizer', () => {
  it('picks the segmentation with the highest total score, not the greedy longest match', () => {
    // "▁abc" alone scores -10; "▁a" + "bc" scores -2 - 2 = -4 and must win
    const vocab: Vocabulary = [...CONTROL, ['▁abc', -10], ['▁a', -2], ['bc', -2], ['b', -5], ['c', -5]];
    const t = new UnigramTokenizer(vocab);
    expect(t.encode('abc')).toEqual([7, 8]);
  });

  it('marks word starts with ▁ and uncovered characters as one <unk> per run', () => {
    const vocab: Vocabulary = [...CONTROL, ['▁hi', -1], ['▁', -3], ['!', -2]];
    const t = new UnigramTokenizer(vocab);
    expect(t.encode('hi hi')).toEqual([6, 6]);
    // "☃☃" is covered by nothing: one unknown token between "▁" and "!"
    expect(t.encode('hi ☃☃!')).toEqual([6, 7, 0, 8]);
  });

  it('normalises with NFKC before segmenting', () => {
    const vocab: Vocabulary = [...CONTROL, ['▁fi', -1]];
    expect(new UnigramTokenizer(vocab).encode('\uFB01')).toEqual([6]); // the "ﬁ" ligature
  });
});
