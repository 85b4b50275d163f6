import { STOP_WORDS } from '../text.js';

/** Proper names in a turn: runs of capitalised words, with the sentence openers and filler left out. */

// Words that open sentences in capitals without naming anything (besides stop words).
const STARTERS = new Set(
  ('hey hi hello wow yeah yes yep yup no nope thanks thank oh ok okay well so totally sure great cool awesome nice ' +
    'haha lol gonna wanna really definitely absolutely congrats congratulations sounds love glad sorry agreed right ' +
    'aww omg good bye see talk take lets let hope maybe please wait look anyway honestly actually also plus btw ' +
    'exactly true indeed cheers welcome dear gosh whoa ugh hmm um uh ah like woohoo woo yay hooray fyi go remember').split(' '),
);
export const DATE_WORDS: ReadonlySet<string> = new Set(
  ('monday tuesday wednesday thursday friday saturday sunday january february march april may june july august ' +
    'september october november december today tomorrow yesterday tonight mon tue tues wed thu thurs fri sat sun').split(' '),
);

const TITLES = new Set('dr mr mrs ms mx prof st sr jr'.split(' '));

// Words with inner apostrophes or hyphens ("Jean-Luc", "Caroline's").
const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const SENTENCE = /[^.!?\n]+[.!?]*/g;
/** A run of capitalised words longer than this is a title or shouting, not a name (the memory refuses names over 512 bytes). */
export const MAX_NAME_CHARS = 80;

export interface Tok {
  text: string;
  start: number;
  end: number;
}

export interface Sentence {
  start: number;
  end: number;
  /** The sentence's first word, then its capitalised words (all the names need: see `sentences`). */
  toks: Tok[];
}

export interface FoundName {
  name: string;
  /** Offset of the name's first character in the turn. */
  start: number;
}

// exec loops on the shared global expressions, not matchAll (which copies the expression on every call): every turn is cut here
export function tokens(s: string, offset = 0): Tok[] {
  const out: Tok[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(s); m !== null; m = TOKEN.exec(s)) out.push({ text: m[0], start: m.index + offset, end: m.index + offset + m[0].length });
  return out;
}

/**
 * A word of TOKEN that starts with a capital (`isCap`): a capital where TOKEN starts a word, i.e. not after a
 * letter or digit, nor after a letter or digit and one joiner (TOKEN would have taken it into the word before).
 */
export const CAP_WORD = /(?<![\p{L}\p{N}]|[\p{L}\p{N}]['’-])\p{Lu}[\p{L}\p{N}]*(?:['’-][\p{L}\p{N}]+)*/gu;

const tok = (m: RegExpExecArray): Tok => ({ text: m[0], start: m.index, end: m.index + m[0].length });

/**
 * The turn's sentences, each with its first word and its capitalised words: names are runs of capitalised
 * words joined by one space, so the lower-case words between them need not be cut out one by one (a
 * word left out between two capitalised ones leaves a gap over one character, which ends a run as the word
 * did). No word crosses a sentence's end (no word holds . ! ? or a line break), so the turn is scanned whole.
 */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  SENTENCE.lastIndex = 0;
  CAP_WORD.lastIndex = 0;
  let cap = CAP_WORD.exec(text);
  for (let m = SENTENCE.exec(text); m !== null; m = SENTENCE.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    const toks: Tok[] = [];
    TOKEN.lastIndex = start;
    const first = TOKEN.exec(text);
    if (first !== null && first.index < end) toks.push(tok(first));
    for (; cap !== null && cap.index < end; cap = CAP_WORD.exec(text)) if (cap.index >= start && (toks.length === 0 || cap.index > toks[0]!.start)) toks.push(tok(cap));
    out.push({ start, end, toks });
  }
  return out;
}

const UPPER = /^\p{Lu}/u;
// an ASCII first letter is told by its code (most words), any other by the Unicode class
export const isCap = (w: string): boolean => {
  const c = w.charCodeAt(0);
  return c < 128 ? c >= 65 && c <= 90 : UPPER.test(w);
};
export const isAcronym = (w: string): boolean => /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(w);
export const bare = (w: string): string => w.replace(/['’]s$/u, '');
// most words have no apostrophe: then folding is lower-casing
export const folded = (w: string): string => (w.indexOf("'") < 0 && w.indexOf('’') < 0 ? w.toLowerCase() : bare(w).toLowerCase().replace(/['’]/g, ''));
/** Whether a word ends in "'s" (either apostrophe): `bare` would cut it. */
const endsPossessive = (w: string): boolean => {
  const n = w.length;
  return n >= 2 && w.charCodeAt(n - 1) === 115 && (w.charCodeAt(n - 2) === 39 || w.charCodeAt(n - 2) === 0x2019);
};
// "I", "I'm", "I'd", "I've", "I'll" (a word has no line break, so the old /^I(?:['’].*)?$/ is this)
const isFirstPerson = (w: string): boolean => w.charCodeAt(0) === 73 && (w.length === 1 || w.charCodeAt(1) === 39 || w.charCodeAt(1) === 0x2019);

/** Capitalised words written after a sentence's first word, anywhere in the turn (folded). */
export function midSentenceCaps(ss: readonly Sentence[]): Set<string> {
  const out = new Set<string>();
  for (const s of ss) {
    const toks = s.toks;
    for (let i = 1; i < toks.length; i++) if (isCap(toks[i]!.text)) out.add(folded(toks[i]!.text));
  }
  return out;
}

/**
 * The names of one sentence, in order: runs of capitalised words joined by single spaces, without "I",
 * dates, stop words and interjections; a lone capitalised word opening the sentence ("Painting looks…")
 * counts only if the turn also writes it capitalised mid-sentence, or it is an acronym, or `isKnown` says so.
 */
export function namesIn(text: string, s: Sentence, midCaps: ReadonlySet<string>, isKnown: (folded: string) => boolean): FoundName[] {
  const toks = s.toks;
  const out: FoundName[] = [];
  let i = 0;
  while (i < toks.length) {
    if (!isCap(toks[i]!.text)) {
      i++;
      continue;
    }
    let j = i + 1;
    // joined by exactly one space, the word before not possessive
    while (j < toks.length && isCap(toks[j]!.text) && toks[j]!.start === toks[j - 1]!.end + 1 && text.charCodeAt(toks[j - 1]!.end) === 32 && !endsPossessive(toks[j - 1]!.text)) j++;
    let run = toks.slice(i, j);
    const initial = i === 0;
    i = j;
    // drop words that cannot be part of a name, from the front (sentence openers) and anywhere ("I")
    while (run.length > 0) {
      const f = folded(run[0]!.text);
      if (isFirstPerson(run[0]!.text) || STOP_WORDS.has(f) || DATE_WORDS.has(f) || (initial && STARTERS.has(f))) run = run.slice(1);
      else break;
    }
    run = run.filter((w) => !isFirstPerson(w.text) && !DATE_WORDS.has(folded(w.text)));
    if (run.length === 0) continue;
    if (run.length === 1) {
      const w = run[0]!.text;
      const f = folded(w);
      // stop words, interjections, numbers, lone letters ("M", "F") and titles cut off by a full stop ("Dr.")
      if (STOP_WORDS.has(f) || STARTERS.has(f) || /^\p{N}+$/u.test(f) || f.length < 2 || TITLES.has(f)) continue;
      const opensSentence = initial && toks[0] === run[0];
      if (opensSentence && !midCaps.has(f) && !isAcronym(w) && !isKnown(f)) continue;
    }
    const words = run.map((t) => t.text);
    words[words.length - 1] = bare(words[words.length - 1]!);
    const name = words.join(' ');
    if (name.length <= MAX_NAME_CHARS) out.push({ name, start: run[0]!.start });
  }
  return out;
}

/** Whether the name opens its sentence (so it was capitalised for the grammar, not surely for a name). */
export function opensSentence(s: Sentence, n: FoundName): boolean {
  return s.toks[0]?.start === n.start;
}
