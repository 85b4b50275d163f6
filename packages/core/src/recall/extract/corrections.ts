/**
 * Corrections a speaker makes of what they said before: "not Initech but Initrode", "Buster, not Biscuit",
 * "in June, not July", "I never lived in Denver", "Actually…", "I misspoke". The sentence says what was
 * wrong; the beliefs the extractor recorded from earlier turns (state.ts) say which fact that was and from
 * when it held, so the right version can take its place with that same valid time.
 */

/** A marker that the sentence revises an earlier statement. */
export const CORRECTION_MARKER = /\b(?:actually|i misspoke|misspoke|i meant|i mean|sorry|oops|correction|my bad|i was wrong|scratch that|to be clear|wait|i\s+should\s+(?:say|have\s+said)|(?:i|we)\s+said|not\s+\p{Lu}[\p{L}'-]*\s*,?\s+but|^\W*not\s+\p{Lu}[\p{L}'-]*\s*[-–—:]|wrong\s+(?:company|job|employer|city|town|place|name)|,\s*not\s+(?:in\s+)?\p{Lu})/iu;

const NAME = "(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*){0,2})";
const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
// "not Initech but Initrode"
const NOT_BUT = new RegExp(`\\bnot\\s+(?:in\\s+|at\\s+)?${NAME}\\s*,?\\s+but\\s+(?:in\\s+|at\\s+)?${NAME}`, 'gu');
// "Buster, not Biscuit", "in Somerville, not Cambridge", "it's Salesforce not Oracle"
const RIGHT_NOT = new RegExp(`${NAME}\\s*,?\\s+not\\s+(?:in\\s+|at\\s+)?${NAME}`, 'gu');
// "I never lived in Denver", "we never worked at Initech"
const NEVER = /\b(?:I|we)\s+(?:have\s+|had\s+)?never\s+(?:actually\s+|really\s+)?(lived|moved|worked|been living|been working|had|owned)\s+(?:in|to|at|for|with)?\s*(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})/gu;
const NOT_DASH = new RegExp(`^\\W*[Nn]ot\\s+${NAME}\\s*[-–—:]\\s*(?:it(?:'s|\\s+is|\\s+was)\\s+)?${NAME}`, 'u');
const NOT_AFTER = new RegExp(`,\\s*not\\s+(?:in\\s+|at\\s+)?${NAME}`, 'gu');
const CAPITAL = /\p{Lu}[\p{L}'-]*/gu;
const SAID = new RegExp(`\\b(?:I|we)\\s+(?:said|told you|wrote|mentioned)\\s+(?:(?:I|we)\\s+(?:live|work|worked|lived|moved)\\s+(?:in\\s+|at\\s+|to\\s+)?)?(?:in\\s+|at\\s+)?${NAME}(?:\\s+(?:earlier|before|last time))?\\s*,?\\s*but\\b`, 'gu');
const INTERJECTION = /^(?:sorry|oops|actually|wait|no|yes|well|ok|okay|sure|hmm|um|so|oh|ah|correction|again)$/i;
const MONTH_ONLY = new RegExp(`^${MONTH}$`, 'i');

export interface NamePair {
  right: string;
  wrong: string;
}

/** Name pairs the sentence corrects (month pairs are left to the dated facts themselves). */
export function correctedNames(sentence: string): NamePair[] {
  const out: NamePair[] = [];
  for (const m of sentence.matchAll(NOT_BUT)) out.push({ wrong: m[1]!, right: m[2]! });
  const dash = NOT_DASH.exec(sentence);
  if (dash !== null) out.push({ wrong: dash[1]!, right: dash[2]! });
  for (const m of sentence.matchAll(RIGHT_NOT)) {
    // "the puppy is Buster, not Biscuit": the right name is the last capitalised word before the comma
    const right = m[1]!.split(/\s+/).pop()!;
    if (INTERJECTION.test(right) || out.some((p) => p.wrong === m[2])) continue;
    out.push({ right, wrong: m[2]! });
  }
  // "it was Seville I moved to, not Valencia": the right name is the last one before ", not"
  for (const m of sentence.matchAll(NOT_AFTER)) {
    if (out.some((p) => p.wrong === m[1])) continue;
    const before = [...sentence.slice(0, m.index).matchAll(CAPITAL)].map((c) => c[0]).filter((w) => w !== 'I' && !INTERJECTION.test(w) && !MONTH_ONLY.test(w));
    if (before.length > 0) out.push({ right: before[before.length - 1]!, wrong: m[1]! });
  }
  // "I said Accra earlier, but …": the right name is whatever the sentence restates (left '' for the reader)
  for (const m of sentence.matchAll(SAID)) if (!out.some((p) => p.wrong === m[1])) out.push({ right: '', wrong: m[1]! });
  return out.filter((p) => !MONTH_ONLY.test(p.right) && !MONTH_ONLY.test(p.wrong) && p.right !== 'I' && p.wrong !== p.right);
}

export interface Never {
  predicate: 'lives_in' | 'works_at' | 'has';
  name: string;
}

/** "I never lived in Denver": that fact never held. */
export function neverHeld(sentence: string): Never[] {
  const out: Never[] = [];
  for (const m of sentence.matchAll(NEVER)) {
    const verb = m[1]!.toLowerCase();
    const predicate = /lived|moved|living/.test(verb) ? 'lives_in' : /work/.test(verb) ? 'works_at' : 'has';
    out.push({ predicate, name: m[2]! });
  }
  return out;
}
