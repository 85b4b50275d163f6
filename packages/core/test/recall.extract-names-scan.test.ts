/**
 * The extractor's name reading has quick paths: a turn's sentences keep only their first word and their
 * capitalised words (one scan of the turn for capitals, extract/names.ts `sentences`), folding skips words
 * without an apostrophe, and an assistant's sentence is read for names only when one of its capitalised
 * words could start a known name (SpeakerBook.mayHear). These tests hold each to the plain path it replaced,
 * on random text and on the suites' turns.
 */
import { describe, expect, it } from 'vitest';
import { loadLocomo, loadLongMemEval } from '@palimpsest/datasets';
import { bare, folded, midSentenceCaps, namesIn, opensSentence, sentences, tokens, type Sentence } from '../src/recall/extract/names.js';
import { SpeakerBook } from '../src/recall/extract/speakers.js';
import { mulberry32 } from '../src/util/random.js';

/** The sentences as they were cut before: every word of each sentence. */
function everyWordSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const SENTENCE = /[^.!?\n]+[.!?]*/g;
  for (let m = SENTENCE.exec(text); m !== null; m = SENTENCE.exec(text)) out.push({ start: m.index, end: m.index + m[0].length, toks: tokens(m[0], m.index) });
  return out;
}

const plainFolded = (w: string): string => bare(w).toLowerCase().replace(/['’]/g, '');

/** The suites' dev turns: LoCoMo's two dev conversations and the LongMemEval oracle dev questions' sessions. */
async function suiteTexts(): Promise<string[]> {
  const out: string[] = [];
  for (const conv of await loadLocomo({ split: 'dev' })) for (const s of conv.sessions) for (const t of s.turns) out.push(t.text);
  for (const q of await loadLongMemEval('oracle', { split: 'dev' })) for (const s of q.sessions) for (const t of s.turns) out.push(t.content);
  return out.map((t) => t.replace(/’/g, "'"));
}

const PIECES = [
  'Ana', 'ana', 'Jean-Luc', "O'Brien's", "Sam's's", 'I', "I'm", "i'd", 'x-Men', "a'-B", 'a--C', "b'C", 'É', 'Élodie', 'élan', 'ΣΑΣ', 'σας',
  "Sam's's", 'Sam', 'İstanbul', '𝐀lpha', '𝐚', 'Dr.', 'St.', 'NASA', 'New', 'York', 'of', 'the', 'The', 'Mom', '2024', '3rd', 'May', 'Monday', 'Hey', 'Thanks',
  '.', '!', '?', '...', '\n', ',', ';', ' - ', "'", '’', '-', '  ', '\t', 'é', 'Ǆ', 'ǅ', 'Ⅻ', 'ſ', 'K', 'Google', 'google', 'Mia', 'MIA',
];

function randomTexts(seed: number, count: number): string[] {
  const rnd = mulberry32(seed);
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let s = '';
    const len = Math.floor(rnd() * 24);
    for (let i = 0; i < len; i++) s += PIECES[Math.floor(rnd() * PIECES.length)]! + (rnd() < 0.6 ? ' ' : '');
    out.push(s);
  }
  return out;
}

/** Each sentence's names, whether each opens its sentence, and the turn's mid-sentence capitals, by both cuts. */
function expectSameNames(texts: readonly string[], known: (f: string) => boolean): void {
  for (const text of texts) {
    const quick = sentences(text);
    const plain = everyWordSentences(text);
    expect(quick.map((s) => [s.start, s.end]), text).toEqual(plain.map((s) => [s.start, s.end]));
    const quickCaps = midSentenceCaps(quick);
    const plainCaps = midSentenceCaps(plain);
    expect([...quickCaps].sort(), text).toEqual([...plainCaps].sort());
    quick.forEach((s, i) => {
      const names = namesIn(text, s, quickCaps, known);
      expect(names, text).toEqual(namesIn(text, plain[i]!, plainCaps, known));
      expect(names.map((n) => opensSentence(s, n))).toEqual(names.map((n) => opensSentence(plain[i]!, n)));
    });
  }
}

describe('the quick name reading reads what the plain one did', () => {
  it('finds the same names in random text of capitals, joiners, scripts and sentence ends', () => {
    const texts = randomTexts(7, 6000);
    expectSameNames(texts, () => false);
    expectSameNames(texts, (f) => f.length % 2 === 0);
  });

  it('finds the same names in every dev turn of the suites', async () => {
    const texts = await suiteTexts();
    expect(texts.length).toBeGreaterThan(1000);
    expectSameNames(texts, (f) => f.length % 3 === 0);
  });

  it('folds every word as the plain folding did', async () => {
    const words = [...randomTexts(11, 2000), ...(await suiteTexts())].flatMap((t) => tokens(t).map((w) => w.text));
    for (const w of [...words, "Sam's's", "it's", 'Ǆ', 'İ', '', "'s"]) expect(folded(w), w).toBe(plainFolded(w));
  });

  it('passes every sentence holding a name the book knows (a necessary condition)', async () => {
    const texts = [...randomTexts(13, 4000), ...(await suiteTexts())];
    const rnd = mulberry32(17);
    const book = new SpeakerBook();
    book.addSpeaker('Maya Chen');
    book.alias('Maya Chen', "O'Brien's");
    // "Sam's's" names "Sam's", folded "sam": known only through its twice-cut form
    book.learn('Sam');
    let heard = 0;
    for (const text of texts) {
      const ss = sentences(text);
      const caps = midSentenceCaps(ss);
      for (const s of ss) {
        const names = namesIn(text, s, caps, (f) => book.isKnown(f));
        if (names.some((n) => book.isKnown(folded(n.name)))) {
          heard++;
          expect(book.mayHear(s), text).toBe(true);
        }
        // the book learns some of the names it reads, as the extractor does from other speakers' turns
        for (const n of names) if (rnd() < 0.3) book.learn(n.name);
      }
    }
    expect(heard).toBeGreaterThan(500);
  });
});
