import { HAS_NOUNS } from './objects.js';

/** Reading a turn's text as the state reader needs it: its sentences, and the thing an "it" stands for. */

// a sentence runs to its end mark; a title's or a company's abbreviation ("St. Mary's", "Dr. Lee", "Acme Inc.") is no end
const SENTENCE = /[^.!?\n]+[.!?]*/g;
const ABBREVIATION = /\b(?:St|Dr|Mr|Mrs|Ms|Mt|Jr|Sr|Inc|Corp|Ltd|Ave)\.\s/;
const ENDS_ABBREVIATED = /\b(?:St|Dr|Mr|Mrs|Ms|Mt|Jr|Sr|Inc|Corp|Ltd|Ave)\.$/;

/** The turn's sentences; a piece cut after an abbreviation joins the next (most turns have none: one scan). */
export function sentences(text: string): string[] {
  const parts = text.match(SENTENCE) ?? [];
  if (!ABBREVIATION.test(text)) return parts;
  const out: string[] = [];
  for (const part of parts) {
    if (out.length > 0 && ENDS_ABBREVIATED.test(out[out.length - 1]!)) out[out.length - 1] += part;
    else out.push(part);
  }
  return out;
}

// "my car broke down so I sold it": an ending whose object is "it"
export const IT_GONE = /\b(?:sold|gave away|gave|got rid of|traded in|rehomed|lost|scrapped)\s+(?:it|them)\b/i;
const THING_MENTION = new RegExp(`\\b(?:my|our|the|a|an)\\s+(?:[a-z-]+\\s+)?(${Object.keys(HAS_NOUNS).filter((w) => HAS_NOUNS[w] === 'thing').join('|')})\\b`, 'gi');

/** The last thing had ("my car", "the boat") the text names, or undefined. */
export function lastThing(text: string): string | undefined {
  let thing: string | undefined;
  for (const m of text.matchAll(THING_MENTION)) thing = m[1]!.toLowerCase();
  return thing;
}
