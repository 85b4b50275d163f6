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
import { textCounts, textCountsByRegex, textPrefixCounts } from '../src/recall/text.js';
import { isoMinute } from '../src/util/time.js';

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

describe('textPrefixCounts', () => {
  it('gives textCounts of every prefix, one that splits a surrogate pair included', () => {
    const check = (s: string): void => {
      const pieces = new Uint32Array(s.length + 1);
      const dense = new Uint32Array(s.length + 1);
      textPrefixCounts(s, pieces, dense);
      for (let m = 0; m <= s.length; m++) {
        const c = textCounts(s.slice(0, m));
        expect([m, pieces[m], dense[m]]).toEqual([m, c.pieces, c.dense]);
      }
    };
    for (const s of ['', 'Hello, world!', 'naïve café 東京タワー 서울', 'a😀b 😀😀 x𝐀𝐁y 𠀀𠀁', '\uD800x\uDC00 \uDBFF']) check(s);
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), check), { numRuns: 1000 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), check), { numRuns: 500 });
  });
});

describe('textPrefixCounts with limits', () => {
  it('stops at a prefix over a limit, and every longer prefix is over one too', () => {
    const piece = fc.constantFrom('a', 'bc', 'word', '漢字', '😀', '𝐀𝐁', '\uD800', '\uDC00', ' ', '\n', '.', '!!', 'é');
    const text = fc.array(piece, { maxLength: 40 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 60 }), fc.integer({ min: -2, max: 30 }), fc.integer({ min: -2, max: 8 }), (s, maxChars, maxPieces, maxDense) => {
        const pieces = new Uint32Array(s.length + 1);
        const dense = new Uint32Array(s.length + 1);
        const end = textPrefixCounts(s, pieces, dense, maxChars, maxPieces, maxDense);
        expect(end).toBeLessThanOrEqual(s.length);
        for (let m = 0; m <= s.length; m++) {
          const c = textCounts(s.slice(0, m));
          if (m <= end) expect([m, pieces[m], dense[m]]).toEqual([m, c.pieces, c.dense]);
          if (m >= end && end < s.length) expect(c.chars > maxChars || c.pieces > maxPieces || c.dense > maxDense).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isoMinute', () => {
  it("is Date's ISO text to the minute, or undefined where Date has none", () => {
    const want = (ms: number): string | undefined => {
      const d = new Date(ms);
      return Number.isNaN(d.getTime()) ? undefined : d.toISOString().slice(0, 16);
    };
    const edges = [0, -0, 1, -1, 59_999, 60_000, 86_399_999, 86_400_000, Date.UTC(2000, 1, 29, 23, 59), Date.UTC(2100, 2, 1), Date.UTC(1969, 11, 31, 23, 59),
      253_402_300_799_999, 253_402_300_800_000, 8.64e15, 8.64e15 + 1, -8.64e15, NaN, Infinity, -Infinity, 1.5e12 + 0.7, -62_198_755_200_000];
    for (const ms of edges) expect([ms, isoMinute(ms)]).toEqual([ms, want(ms)]);
    fc.assert(fc.property(fc.double({ min: -1e14, max: 2.6e14, noNaN: true }).map(Math.floor), (ms) => {
      expect(isoMinute(ms)).toBe(want(ms));
    }), { numRuns: 5000 });
    fc.assert(fc.property(fc.double({ min: -9e15, max: 9e15 }), (ms) => {
      expect(isoMinute(ms)).toBe(want(ms));
    }), { numRuns: 2000 });
  });
});
