/**
 * Text normalisation shared by BM25, the hash embedder and the token estimate.
 * Deterministic, dependency-free, Unicode-aware.
 */

import { porter2 } from './porter2.js';

// Letter/digit runs, optionally joined by an apostrophe inside a word ("don't", "Caroline's").
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const APOSTROPHES = /['’]/g;

/**
 * English stop words, apostrophe-free (tokenize strips apostrophes before the lookup,
 * so "don't" is looked up as "dont").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are arent as at be because been before being below ' +
    'between both but by can cant cannot could couldnt did didnt do does doesnt doing dont down during each few ' +
    'for from further had hadnt has hasnt have havent having he hed hell hes her here heres hers herself him ' +
    'himself his how hows i id ill im ive if in into is isnt it its itself lets me more most mustnt my myself no ' +
    'nor not of off on once only or other ought our ours ourselves out over own same shant she shed shell shes ' +
    'should shouldnt so some such than that thats the their theirs them themselves then there theres these they ' +
    'theyd theyll theyre theyve this those through to too under until up very was wasnt we wed well were weve ' +
    'werent what whats when whens where wheres which while who whos whom why whys will with wont would wouldnt ' +
    'you youd youll youre youve your yours yourself yourselves just also s t'
  ).split(' '),
);

/** Splits text into lower-cased words with apostrophes removed; a possessive "'s" is dropped. */
export function words(text: string): string[] {
  // A char-code scan, the WORD expression's meaning (the test checks the two agree on any text): ASCII by
  // its codes, other characters by one cached test each. Matching WORD itself is several times slower, and
  // most real text holds a curly quote or a dash that would send all of it there.
  const lower = text.toLowerCase();
  const out: string[] = [];
  const n = lower.length;
  let i = 0;
  while (i < n) {
    const first = wordCharLength(lower, i);
    if (first === 0) {
      i++;
      continue;
    }
    const start = i;
    let apostrophe = false;
    i += first;
    for (;;) {
      for (let k = wordCharLength(lower, i); k > 0; k = wordCharLength(lower, i)) i += k;
      // an apostrophe joins two runs ("don't"); one at a run's end is not part of the word
      const c = i < n ? lower.charCodeAt(i) : 0;
      if ((c === 39 || c === 0x2019) && wordCharLength(lower, i + 1) > 0) {
        apostrophe = true;
        i++;
      } else break;
    }
    out.push(wordOf(lower.slice(start, i), apostrophe));
  }
  return out;
}

/** A word as `words` gives it, from its run in the lower-cased text (`apostrophe`: the run joins parts by one). */
export function wordOf(run: string, apostrophe: boolean): string {
  if (!apostrophe) return run;
  const w = run.endsWith("'s") || run.endsWith('\u2019s') ? run.slice(0, -2) : run;
  return w.replace(APOSTROPHES, '');
}

/** Whether a code point ≥ 128 is a letter or digit, as the WORD expression judges it (WORD_CHAR below). */
const IS_WORD_CODE = new Map<number, boolean>();

/** UTF-16 units of the letter or digit at `i` (0: none there; 2: a letter outside the BMP). */
export function wordCharLength(s: string, i: number): number {
  if (i >= s.length) return 0;
  const c = s.charCodeAt(i);
  if (c < 128) return isAsciiWordChar(c) ? 1 : 0;
  const cp = s.codePointAt(i)!;
  let yes = IS_WORD_CODE.get(cp);
  if (yes === undefined) {
    yes = WORD_CHAR.test(String.fromCodePoint(cp));
    if (IS_WORD_CODE.size < 65_536) IS_WORD_CODE.set(cp, yes);
  }
  return yes ? (cp > 0xffff ? 2 : 1) : 0;
}

/** [\p{L}\p{N}] for an ASCII code: a letter or a digit. */
export function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
}

/** \s for an ASCII code: tab, newline, vertical tab, form feed, carriage return, space. */
export function isAsciiSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** `words` by its definition, the WORD expression (any text; the test checks the ASCII scan against it). */
export function wordsByRegex(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    let w = m[0];
    if (w.endsWith("'s") || w.endsWith('’s')) w = w.slice(0, -2);
    out.push(w.includes("'") || w.includes('’') ? w.replace(APOSTROPHES, '') : w);
  }
  return out;
}

/**
 * Which stemmer `tokenize` applies: Porter2 (the default), the light `stem` below, or none. A switch for
 * ablation studies only: set it before anything is indexed (documents and queries must agree).
 */
export const TOKENIZE = { stemmer: 'porter2' as 'porter2' | 'light' | 'none' };

/** Longer "words" (a pasted hash, a run of one letter) are kept whole: Porter2's suffix search is quadratic in a word's length. */
const MAX_STEMMED_LENGTH = 64;

/**
 * Words → search terms: lower-cased, apostrophes removed, stop words dropped, stemmed (Porter2; words
 * with digits, or longer than MAX_STEMMED_LENGTH, are kept whole). The same function must be used for
 * documents and queries.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    const t = termOfWord(w);
    if (t !== undefined) out.push(t);
  }
  return out;
}

/** The search term of one of `words`' outputs, or undefined for a stop word: `tokenize` word by word. */
export function termOfWord(w: string): string | undefined {
  if (STOP_WORDS.has(w)) return undefined;
  const mode = TOKENIZE.stemmer;
  return mode === 'none' || w.length > MAX_STEMMED_LENGTH || hasDigit(w) ? w : mode === 'light' ? stem(w) : porter2Cached(w);
}

/** /\d/.test(w) (an ASCII digit) by a char-code loop: called for every word indexed, where the regex cost more than the stem lookup. */
function hasDigit(w: string): boolean {
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

// Stems of recent words: a conversation reuses a small vocabulary, and Porter2 is the cost of indexing.
const STEMS = new Map<string, string>();
const STEM_CACHE_SIZE = 50_000;

function porter2Cached(w: string): string {
  let s = STEMS.get(w);
  if (s === undefined) {
    if (STEMS.size >= STEM_CACHE_SIZE) STEMS.clear(); // a pure function: forgetting changes nothing but speed
    s = porter2(w);
    STEMS.set(w, s);
  }
  return s;
}

const VOWEL = /[aeiouy]/;

function isVowel(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  // a e i o u, and y after a consonant
  if (c === 97 || c === 101 || c === 105 || c === 111 || c === 117) return true;
  return c === 121 && i > 0 && !isVowel(s, i - 1);
}

/** Porter's *o with m = 1: one vowel group, ending consonant-vowel-consonant, the last not w/x/y ("mak" → "make"). */
function endsShortCvc(s: string): boolean {
  const n = s.length;
  if (n < 3) return false;
  const last = s[n - 1]!;
  if (last === 'w' || last === 'x' || last === 'y') return false;
  if (isVowel(s, n - 1) || !isVowel(s, n - 2) || isVowel(s, n - 3)) return false;
  for (let i = 0; i < n - 3; i++) if (isVowel(s, i)) return false; // "visit", "open": longer stems keep no e
  return true;
}

/** -ing / -ed removal, with Porter's clean-ups: undouble "runn" → "run", restore "mak" → "make". */
function stripVerbSuffix(w: string, suffix: number): string | undefined {
  const base = w.slice(0, w.length - suffix);
  // stems must keep a vowel and three characters, so "sing", "bed", "need" are left alone
  if (base.length < 3 || !VOWEL.test(base)) return undefined;
  const n = base.length;
  const last = base[n - 1]!;
  if (last === base[n - 2] && !isVowel(base, n - 1) && last !== 'l' && last !== 's' && last !== 'z') {
    return base.slice(0, -1);
  }
  if (endsShortCvc(base)) return base + 'e';
  return base;
}

/**
 * A conservative English suffix stemmer in two steps, as Porter's 1a/1b: plurals (-s, -es, -ies), then
 * -ied, -ing, -ed ("paintings" → "painting" → "paint", like "painted"). A suffix is removed only when a
 * stem of at least three characters with a vowel remains; words of three characters or fewer and words
 * with digits are left alone. Deliberately lighter than Porter: over-stemming merges unrelated words,
 * which hurts BM25 precision more than a missed merge hurts recall.
 */
export function stem(word: string): string {
  if (word.length <= 3 || hasDigit(word)) return word;
  let w = word;
  // step 1: plurals
  if (w.length >= 5 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('es')) {
    const before = w[w.length - 3];
    w = before === 'x' || before === 'z' || w.endsWith('ches') || w.endsWith('shes') ? w.slice(0, -2) : w.slice(0, -1);
  } else if (w.endsWith('s')) {
    const before = w[w.length - 2];
    // "glass", "status", "analysis": not plurals
    if (before !== 's' && before !== 'u' && before !== 'i') w = w.slice(0, -1);
  }
  // step 2: verb endings
  if (w.length >= 5 && w.endsWith('ied')) return w.slice(0, -3) + 'y';
  if (w.endsWith('eed')) return w; // "need", "agreed": not a past tense of "ne"/"agre"
  if (w.endsWith('ing')) return stripVerbSuffix(w, 3) ?? w;
  if (w.endsWith('ed')) return stripVerbSuffix(w, 2) ?? w;
  return w;
}

// Pieces an LLM tokenizer will at least split on: letter/digit runs and single punctuation marks.
const PIECE = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;
// Scripts written without spaces, where BPE vocabularies spend about one token per character.
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu;

/**
 * A cheap upper-leaning estimate of LLM tokens (BPE vocabularies such as cl100k/o200k):
 * `max(ceil(chars / 4), ceil(pieces * 4 / 3), denseChars)`, where `pieces` counts letter/digit runs and
 * punctuation marks and `denseChars` counts CJK/Thai characters.
 * Why: ~4 characters per token is the usual English average, but short words, numbers and punctuation
 * cost more than that, which the 4/3-tokens-per-piece term catches; scripts without spaces cost about a
 * token per character. Taking the maximum errs on the side of over-counting, so packing under a budget
 * computed with it leaves real headroom. Monotone: appending text never lowers the estimate.
 */
export function estimateTokens(text: string): number {
  return tokensFromCounts(textCounts(text));
}

/** The parts of `estimateTokens`. They add up exactly over texts joined by whitespace, which lets a packer
 * keep running totals instead of re-measuring the whole context after every line. */
export interface TextCounts {
  chars: number;
  pieces: number;
  dense: number;
}

export function textCounts(text: string): TextCounts {
  // A char-code test for ASCII (nearly all of an English context); the Unicode regexes decide only for other
  // characters (charClass), so the counts equal PIECE's and DENSE_SCRIPT's.
  let pieces = 0;
  let dense = 0;
  let inRun = false;
  for (let i = 0; i < text.length; ) {
    const k = charClass(text, i);
    pieces += opensPiece(k, inRun);
    inRun = (k & IS_WORD) !== 0;
    if (k & IS_DENSE) dense++;
    i += k & IS_PAIR ? 2 : 1;
  }
  return { chars: text.length, pieces, dense };
}

// What the estimate needs of a char, as bits: a letter or digit (a run of them is one piece), whitespace,
// a dense-script char; IS_PAIR: a surrogate pair, one char of two units.
const IS_WORD = 1;
const IS_SPACE = 2;
const IS_DENSE = 4;
const IS_PAIR = 8;

/**
 * 1 when a char of class `k` starts a piece, else 0: a letter or digit after a char outside a word run
 * (`inRun` false), or any char that is neither a letter, a digit nor whitespace. The one piece rule of
 * `textCounts` and `textPrefixCounts`.
 */
function opensPiece(k: number, inRun: boolean): number {
  return k & IS_WORD ? (inRun ? 0 : 1) : k & IS_SPACE ? 0 : 1;
}

/** The class bits of the char at `i` (with the unit after it when they make a surrogate pair). */
function charClass(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return isAsciiWordChar(c) ? IS_WORD : isAsciiSpace(c) ? IS_SPACE : 0;
  const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
  const wide = c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
  const ch = wide ? text.slice(i, i + 2) : text[i]!;
  return (wide ? IS_PAIR : 0) | (WORD_CHAR.test(ch) ? IS_WORD : SPACE_CHAR.test(ch) ? IS_SPACE : 0) | (DENSE_CHAR.test(ch) ? IS_DENSE : 0);
}

/**
 * `textCounts(text.slice(0, m))` for every m from 0 to the returned length (text.length, or less): its
 * pieces and dense chars in `pieces[m]` and `dense[m]` (chars is m), which must hold text.length + 1 entries.
 * A prefix that ends between a surrogate pair holds a lone high surrogate, a piece of its own. The count stops
 * at the first prefix that does not end inside a pair and holds more than `maxChars` chars, `maxPieces` pieces
 * or `maxDense` dense chars: no longer prefix holds fewer (only a pair's high surrogate alone counts one piece
 * more than the pair), so a caller that only needs the prefixes within a budget reads no further. For the
 * packer, which cuts an episode at its longest prefix that fits (recall/pack.ts).
 */
export function textPrefixCounts(text: string, pieces: Uint32Array, dense: Uint32Array, maxChars = Infinity, maxPieces = Infinity, maxDense = Infinity): number {
  let p = 0;
  let d = 0;
  let inRun = false;
  pieces[0] = 0;
  dense[0] = 0;
  let i = 0;
  while (i < text.length) {
    const k = charClass(text, i);
    if (k & IS_PAIR) {
      // the prefix that stops inside the pair ends in a lone high surrogate: no letter, no space, not dense
      pieces[i + 1] = p + 1;
      dense[i + 1] = d;
    }
    p += opensPiece(k, inRun);
    inRun = (k & IS_WORD) !== 0;
    if (k & IS_DENSE) d++;
    i += k & IS_PAIR ? 2 : 1;
    pieces[i] = p;
    dense[i] = d;
    if (i > maxChars || p > maxPieces || d > maxDense) return i;
  }
  return i;
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const SPACE_CHAR = /^\s$/u;
const DENSE_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]$/u;

/** The regex definition `textCounts` must agree with (kept for the test that checks it). */
export function textCountsByRegex(text: string): TextCounts {
  let pieces = 0;
  for (const _ of text.matchAll(PIECE)) pieces++;
  let dense = 0;
  for (const _ of text.matchAll(DENSE_SCRIPT)) dense++;
  return { chars: text.length, pieces, dense };
}

export function tokensFromCounts(c: TextCounts): number {
  if (c.chars === 0) return 0;
  return Math.max(Math.ceil(c.chars / 4), Math.ceil((c.pieces * 4) / 3), c.dense);
}
