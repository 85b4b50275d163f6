import { describe, expect, it } from 'vitest';
import { words, wordsByRegex } from '../src/recall/text.js';
import { mulberry32 } from '../src/util/random.js';

describe('words: the char-code scan agrees with the WORD expression', () => {
  it('on samples and on random ASCII text (letters, digits, apostrophes, punctuation, whitespace)', () => {
    const samples = [
      "Caroline's kids don't like rock'n'roll; it's 'quoted' and ends with an apostrophe'",
      "'s  ''x'' a'b'c 's' O'Brien's 3'4 DON'T STOP",
      'The LGBTQ support-group (2023-05-08) met at 10:30am!',
      '',
      "'''",
      'Zürich and café go to the regular expression',
      'tab\there\nnewline\r\nand\u000bvertical',
    ];
    for (const s of samples) expect(words(s)).toEqual(wordsByRegex(s));
    const rnd = mulberry32(5);
    const alphabet = "abcXYZ019'' -_.,;!?\t\n()";
    for (let n = 0; n < 2000; n++) {
      let s = '';
      const len = Math.floor(rnd() * 30);
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(rnd() * alphabet.length)];
      expect(words(s)).toEqual(wordsByRegex(s));
    }
  });

  it('on random text of any script: curly apostrophes, accents, CJK, emoji, letters outside the BMP, lone surrogates', () => {
    const rnd = mulberry32(7);
    const pieces = ['a', 'Z', '7', "'", '\u2019', ' ', '-', '.', '\u2014', 'é', 'Ü', 'ß', 'İ', 'ﬁ', 'Σ', 'ς', '東', '京', '١', 'ⅷ', '😀', '𝐀', '𠀀', '\ud800', '\udc00', '\u00a0', '\u0301', '\u200b'];
    for (let n = 0; n < 5000; n++) {
      let s = '';
      const len = Math.floor(rnd() * 24);
      for (let i = 0; i < len; i++) s += pieces[Math.floor(rnd() * pieces.length)];
      expect(words(s), JSON.stringify(s)).toEqual(wordsByRegex(s));
    }
    expect(words('Caroline\u2019s caf\u00e9 isn\u2019t \u201cfar\u201d \u2014 東京 𝐀b')).toEqual(['caroline', 'café', 'isnt', 'far', '東京', '𝐀b']);
  });
});
