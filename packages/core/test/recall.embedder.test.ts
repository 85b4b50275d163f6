import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { cosineSimilarity, HashEmbedder } from '../src/recall/embedder.js';

const e = new HashEmbedder();
const sim = (a: string, b: string): number => cosineSimilarity(e.embedText(a), e.embedText(b));

describe('HashEmbedder', () => {
  it('gives unit vectors of the configured length, the same for the same text', () => {
    const v = e.embedText('I went to a support group yesterday');
    expect(v).toBeInstanceOf(Float32Array);
    expect(v.length).toBe(256);
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect(e.embedText('I went to a support group yesterday')).toEqual(v);
    expect(new HashEmbedder({ dimensions: 64 }).embedText('hello').length).toBe(64);
    expect(new HashEmbedder().embedText('x y')).toEqual(new HashEmbedder().embedText('x y')); // no hidden state
  });

  it('puts paraphrases that share words closer than unrelated text', () => {
    const pairs: Array<[string, string, string]> = [
      ['I went to a LGBTQ support group yesterday', 'Yesterday I attended the LGBTQ support group meeting', 'The stock market fell sharply on Tuesday'],
      ['Melanie painted a lake sunrise last year', 'Last year Melanie made a painting of a sunrise over the lake', 'I ran a charity race for mental health'],
      ['We are going camping next month', 'Next month we go on a camping trip', 'My violin needs new strings'],
    ];
    for (const [a, para, other] of pairs) {
      expect(sim(a, para), a).toBeGreaterThan(sim(a, other) + 0.2);
    }
  });

  it('tolerates morphology and misspellings through character 3-grams', () => {
    expect(sim('painting', 'paintings')).toBeGreaterThan(0.5);
    expect(sim('counselor', 'counsellor')).toBeGreaterThan(0.3);
    expect(sim('counselor', 'violin')).toBeLessThan(0.2);
  });

  it('embeds text without words to the zero vector and refuses bad options', () => {
    expect([...e.embedText('the and of !!')].every((x) => x === 0)).toBe(true);
    expect(() => new HashEmbedder({ dimensions: 0 })).toThrow(InvalidArgumentError);
    expect(() => new HashEmbedder({ bigramWeight: -1 })).toThrow(/^HashEmbedder:/);
    expect(() => e.embedText(3 as unknown as string)).toThrow(/^HashEmbedder\.embed:/);
  });

  it('writes the same vector into a reused buffer (embedInto) as embedText returns', () => {
    const buffer = new Float32Array(256);
    for (const text of ['I went to a support group yesterday', 'Melanie painted a lake sunrise', '', 'x']) {
      expect(e.embedInto(text, buffer)).toBe(buffer);
      expect(buffer).toEqual(e.embedText(text)); // nothing of the previous text is left
    }
    expect(() => e.embedInto('x', new Float32Array(8))).toThrow(/^HashEmbedder\.embedInto:/);
  });
});
