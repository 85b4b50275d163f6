import { describe, expect, it } from 'vitest';
import { estimateTokens, stem, tokenize } from '../src/recall/text.js';

describe('tokenize', () => {
  it('lower-cases, splits on letters/digits (any script), drops stop words and apostrophes', () => {
    expect(tokenize("I'm swamped with the kids & work. Don't forget Caroline's café in Zürich, 2023!")).toEqual([
      'swamp', 'kid', 'work', 'forget', 'carolin', 'café', 'zürich', '2023',
    ]);
    expect(tokenize('Привет МИР')).toEqual(['привет', 'мир']);
    expect(tokenize('')).toEqual([]);
  });

  it('keeps words over 64 characters whole (stemming them was quadratic in their length)', () => {
    const long = 'painting'.repeat(9); // 72 characters
    expect(tokenize(`${long} paintings`)).toEqual([long, 'paint']);
    expect(tokenize('y'.repeat(400_000))).toEqual(['y'.repeat(400_000)]);
  });

  it('stems plurals, -ing and -ed conservatively', () => {
    const cases: Record<string, string> = {
      kids: 'kid', stories: 'story', boxes: 'box', churches: 'church', games: 'game', classes: 'class',
      painting: 'paint', running: 'run', swimming: 'swim', making: 'make', hoping: 'hope', hopping: 'hop',
      painted: 'paint', stopped: 'stop', tried: 'try', opening: 'open', visited: 'visit',
      // left alone: too short, not a suffix, or not a plural
      thing: 'thing', sing: 'sing', need: 'need', bed: 'bed', glass: 'glass', status: 'status', analysis: 'analysis',
      gas: 'gas', used: 'used', falling: 'fall', '2020s': '2020s', paintings: 'paint', needs: 'need', things: 'thing', beds: 'bed',
    };
    for (const [w, s] of Object.entries(cases)) expect(stem(w), w).toBe(s);
  });
});

describe('estimateTokens', () => {
  it('is ceil(chars/4) for plain English prose and 0 for empty text', () => {
    const s = 'The support group has made me feel accepted and given me courage to embrace myself';
    expect(estimateTokens(s)).toBe(Math.max(Math.ceil(s.length / 4), Math.ceil((15 * 4) / 3)));
    expect(estimateTokens('')).toBe(0);
  });

  it('counts more for short pieces and punctuation, and a token per CJK character', () => {
    expect(estimateTokens('a, b, c, d, e')).toBe(Math.ceil((9 * 4) / 3)); // 5 letters + 4 commas
    expect(estimateTokens('我们今天去公园')).toBe(7);
  });

  it('never decreases when text is appended', () => {
    let s = '';
    let prev = 0;
    for (const piece of ['Hello', ' world', '!', ' 2023-05-08', ' 漢字', ' ok']) {
      s += piece;
      const t = estimateTokens(s);
      expect(t).toBeGreaterThanOrEqual(prev);
      prev = t;
    }
  });
});

import fc from 'fast-check';
import { textCounts, textCountsByRegex } from '../src/recall/text.js';

describe('textCounts fast path', () => {
  it('counts exactly what the Unicode regex definition counts', () => {
    const samples = ['', 'Hello, world!', "don't stop—now", 'naïve café 東京タワー 서울 ภาษาไทย', 'tab\there\r\nnew\u00a0nbsp', '😀 emoji 🎉!', 'x\u2028y'];
    for (const s of samples) expect(textCounts(s)).toEqual(textCountsByRegex(s));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
      expect(textCounts(s)).toEqual(textCountsByRegex(s));
    }), { numRuns: 3000 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => {
      expect(textCounts(s)).toEqual(textCountsByRegex(s));
    }), { numRuns: 2000 });
  });
});
