/**
 * Recall reads every turn as it is written: its words (recall/term-reader.ts), whether it names a date
 * (`hasRelativeDate`), the names it uses in address (`withoutVocatives`). Each has a quick path; these tests
 * hold each to the plain path it replaced, on random text and on the suites' turns.
 */
import { describe, expect, it } from 'vitest';
import { loadLocomo, loadLongMemEval } from '@palimpsest/datasets';
import { Bm25Index } from '../src/recall/bm25.js';
import { hasRelativeDate, resolveRelativeDates } from '../src/recall/dates.js';
import { TermReader } from '../src/recall/term-reader.js';
import { tokenize, TOKENIZE } from '../src/recall/text.js';
import { withoutVocatives } from '../src/recall/vocatives.js';
import { mulberry32 } from '../src/util/random.js';

/** The suites' dev turns: LoCoMo's two dev conversations and the LongMemEval oracle dev questions' sessions. */
async function suiteTurns(): Promise<Array<{ text: string; at: number; speaker: string }>> {
  const out: Array<{ text: string; at: number; speaker: string }> = [];
  for (const conv of await loadLocomo({ split: 'dev' })) for (const s of conv.sessions) for (const t of s.turns) out.push({ text: t.text, at: t.at, speaker: t.speaker });
  for (const q of await loadLongMemEval('oracle', { split: 'dev' })) for (const s of q.sessions) for (const t of s.turns) out.push({ text: t.content, at: s.date, speaker: t.role });
  return out;
}

/** Random text from these pieces, joined by spaces or not. */
function randomTexts(seed: number, pieces: readonly string[], count: number, maxPieces: number): string[] {
  const rnd = mulberry32(seed);
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let s = '';
    const len = Math.floor(rnd() * maxPieces);
    for (let i = 0; i < len; i++) s += pieces[Math.floor(rnd() * pieces.length)]! + (rnd() < 0.6 ? ' ' : '');
    out.push(s);
  }
  return out;
}

/** tokenize(text) interned in order into a dictionary, as Bm25Index did before the reader. */
function referenceIds(dictionary: Map<string, number>, text: string): number[] {
  return tokenize(text).map((t) => {
    let id = dictionary.get(t);
    if (id === undefined) dictionary.set(t, (id = dictionary.size));
    return id;
  });
}

function readerFor(dictionary: Map<string, number>): TermReader {
  return new TermReader((t) => {
    let id = dictionary.get(t);
    if (id === undefined) dictionary.set(t, (id = dictionary.size));
    return id;
  });
}

/** Both paths over the same texts, in order; each keeps its own dictionary (the ids must agree). */
function expectSameIds(texts: readonly string[]): void {
  const refDictionary = new Map<string, number>();
  const dictionary = new Map<string, number>();
  const reader = readerFor(dictionary);
  const first = texts.findIndex((text) => {
    const n = reader.read(text);
    const ref = referenceIds(refDictionary, text);
    return n !== ref.length || ref.some((id, i) => reader.ids[i] !== id);
  });
  expect(first === -1 ? 'all equal' : JSON.stringify(texts[first])).toBe('all equal');
  expect([...dictionary]).toEqual([...refDictionary]);
}

const WORD_PIECES = [
  'the', 'The', 'and', 'I', "I'm", "don't", "DON'T", 'running', 'Runs', 'ran', 'paintings', 'painted', "Caroline's", 'Caroline\u2019s',
  "rock'n'roll", "'quoted'", 'x\u2019', 'café', 'ZÜRICH', 'İstanbul', 'ΟΔΟΣ', 'σοφία', '東京', '😀', '𝐀b', '\ud800', '\udc00', '2023-05-08',
  '10:30am', 'a1b2', 'x'.repeat(70), 'y'.repeat(64) + 'ing', 'K\u212aelvin', 'ſtop', '.', ',', '!', '-', '\u2014', '\n', '\t', "'", '\u2019',
];

describe('TermReader: the ids of tokenize, interned in order', () => {
  it('on random text of any script, read twice (the second time from its table)', () => {
    const texts = randomTexts(11, WORD_PIECES, 3000, 30);
    expectSameIds([...texts, ...texts]);
  });

  it('past the table size, where it starts again', () => {
    // 140,000 distinct words (more than the runs it keeps), the first 30,000 seen again, with common words between
    const letters = (n: number): string => {
      let s = '';
      for (let k = n; k > 0; k = Math.floor(k / 26)) s += String.fromCharCode(97 + (k % 26));
      return `w${s}`;
    };
    const texts: string[] = [];
    for (let t = 0; t < 1400 + 300; t++) {
      const words: string[] = [];
      for (let i = 0; i < 100; i++) words.push(letters((t % 1400) * 100 + i + 1), i % 7 === 0 ? 'the running' : '');
      texts.push(words.join(' '));
    }
    expectSameIds(texts);
  });

  it('with each stemmer setting, switched between reads', () => {
    const texts = randomTexts(12, WORD_PIECES, 300, 20);
    const refDictionary = new Map<string, number>();
    const dictionary = new Map<string, number>();
    const reader = readerFor(dictionary);
    const before = TOKENIZE.stemmer;
    try {
      for (const mode of ['porter2', 'light', 'none', 'porter2'] as const) {
        TOKENIZE.stemmer = mode;
        for (const text of texts) {
          const n = reader.read(text);
          expect([...reader.ids.subarray(0, n)]).toEqual(referenceIds(refDictionary, text));
        }
      }
    } finally {
      TOKENIZE.stemmer = before;
    }
  });

  it("on the suites' dev turns; and Bm25Index.add gives the index addTokens(tokenize(text)) gives", async () => {
    const turns = await suiteTurns();
    expect(turns.length).toBeGreaterThan(1000);
    expectSameIds(turns.map((t) => `${t.speaker}: ${t.text}`));
    const added = new Bm25Index();
    const fromTokens = new Bm25Index();
    turns.forEach((t, i) => {
      added.add(i, t.text);
      fromTokens.addTokens(i, tokenize(t.text));
    });
    expect(added.toState()).toEqual(fromTokens.toState());
  });
});

const DATE_PIECES = [
  'last', 'Last', 'this', 'THIS', 'past', 'next', 'coming', 'earlier', 'later', 'the', 'day', 'before', 'after', 'yesterday', 'tomorrow',
  'today', 'tonight', 'night', 'morning', 'evening', 'monday', 'Friday', 'week', 'weekend', 'month', 'year', 'years', 'days', 'ago', 'in',
  'during', 'of', 'a', 'an', 'couple', 'few', 'two', 'twelve', '3', '31', '30st', '8th', '29', 'May', 'feb', 'February', 'sept.', 'Dec',
  '2023', '1999', '2024-02-30', '2023-05-08', ',', '.', ':', 'time', "'", 'maybe', 'market', 'ſ', 'K', 'Monday\u212a',
];

describe('hasRelativeDate: whether resolveRelativeDates finds anything', () => {
  it('on random text of date words (invalid days, unicode case folds included), at several times', () => {
    const rnd = mulberry32(13);
    for (const text of randomTexts(14, DATE_PIECES, 6000, 14)) {
      const at = Date.UTC(2020, 0, 1) + Math.floor(rnd() * 4 * 365) * 86_400_000 + Math.floor(rnd() * 86_400_000);
      expect(hasRelativeDate(text, at), JSON.stringify(text)).toBe(resolveRelativeDates(text, at).length > 0);
    }
  });

  it("on the suites' dev turns", async () => {
    let dated = 0;
    for (const t of await suiteTurns()) {
      const has = hasRelativeDate(t.text, t.at);
      expect(has, t.text).toBe(resolveRelativeDates(t.text, t.at).length > 0);
      if (has) dated++;
    }
    expect(dated).toBeGreaterThan(50);
  });
});

// withoutVocatives as it was before its quick tests: the three passes over every text
const GREETING = '(?:hey|hi|hello|thanks|thank\\s+you|wow|oh|yeah|yes|aw+|congrats|congratulations|sorry|bye|ok|okay|dear|haha|omg|yay|ooh|hmm|sure|cheers|welcome|love\\s+you)';
const NAME = "(\\p{L}[\\p{L}'’-]*)";
const AFTER_GREETING = new RegExp(`(\\b${GREETING},?\\s+)${NAME}(?=\\s*[,!?.;:]|\\s*$)`, 'giu');
const OPENING = new RegExp(`(^|[.!?]\\s+)${NAME}(?=,)`, 'gu');
const CLOSING = new RegExp(`(,\\s*)${NAME}(?=\\s*[!?.]|\\s*$)`, 'gu');
function plainWithoutVocatives(text: string, names: ReadonlySet<string>): string {
  const isName = (w: string): boolean => w[0] !== w[0]!.toLowerCase();
  const drop = (whole: string, before: string, name: string): string => (isName(name) && names.has(name.toLowerCase()) ? before : whole);
  const dropAny = (whole: string, before: string, name: string): string => (isName(name) ? before : whole);
  return text.replace(AFTER_GREETING, dropAny).replace(OPENING, drop).replace(CLOSING, drop);
}

const VOCATIVE_PIECES = [
  'Hey', 'hey', 'HEY', 'hi', 'Thanks,', 'thank you', 'Wow,', 'oh', 'aww', 'Sorry', 'ſorry', 'than\u212as', 'love you', 'Caroline', 'caroline',
  'CAROLINE', 'Mel', 'Mel.', 'Melanie!', 'Jon', 'Ólafur', 'ólafur', 'Ὀδυσσεύς', 'ΟΔΥΣΣΕΥΣ', 'İlker', 'O\u2019Brien', "O'Brien", 'Anne-Marie',
  'user', 'User', 'assistant', 'Assistant', ',', '.', '!', '?', ';', ':', 'that', 'is', 'great', '\n', '  ', '😀', 'Maya Chen', 'maya',
];

describe('withoutVocatives: the three passes, skipped only where they change nothing', () => {
  const nameSets: Array<Set<string>> = [
    new Set(),
    new Set(['user', 'assistant']),
    new Set(['caroline', 'melanie', 'mel']),
    new Set(['maya chen', 'maya', 'chen']),
    new Set(['ólafur', 'o\u2019brien', "o'brien", 'anne-marie', 'ὀδυσσεύς', 'i̇lker']),
    new Set(Array.from({ length: 20 }, (_, i) => `name${i}`).concat(['jon'])),
  ];

  it('on random text with greetings, names in any case and script, and punctuation', () => {
    const texts = randomTexts(15, VOCATIVE_PIECES, 4000, 12);
    for (const names of nameSets) for (const text of texts) expect(withoutVocatives(text, names), JSON.stringify([text, [...names]])).toBe(plainWithoutVocatives(text, names));
  });

  it("on the suites' dev turns, with their speakers' names", async () => {
    const turns = await suiteTurns();
    const speakers = new Set<string>();
    for (const t of turns) {
      const lower = t.speaker.toLowerCase();
      speakers.add(lower);
      for (const w of lower.split(/\s+/u)) if (w.length > 1) speakers.add(w);
    }
    let changed = 0;
    for (const t of turns) {
      const out = withoutVocatives(t.text, speakers);
      expect(out, t.text).toBe(plainWithoutVocatives(t.text, speakers));
      if (out !== t.text) changed++;
    }
    expect(changed).toBeGreaterThan(10);
  });
});
