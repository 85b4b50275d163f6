/**
 * Names used in address ("Wow, Caroline!", "Thanks, Mel.", "Hey Melanie, …", "That's great, Jon!") say
 * whom a turn is spoken to, not what it is about; in a conversation every other turn addresses the other
 * participant by name, so a question about that person ("What did Caroline paint?") would match the
 * other speaker's greetings as strongly as her own words. Recall's word index leaves such names out.
 */

const GREETING = '(?:hey|hi|hello|thanks|thank\\s+you|wow|oh|yeah|yes|aw+|congrats|congratulations|sorry|bye|ok|okay|dear|haha|omg|yay|ooh|hmm|sure|cheers|welcome|love\\s+you)';
const NAME = "(\\p{L}[\\p{L}'’-]*)";
// a greeting then a name, then punctuation or the end: "Wow, Caroline!", "Hey Mel," (the greeting stays)
const AFTER_GREETING = new RegExp(`(\\b${GREETING},?\\s+)${NAME}(?=\\s*[,!?.;:]|\\s*$)`, 'giu');
// A greeting then what can start a name dropped after it (an ASCII capital or any other character: isName),
// for one quick pass first: most turns hold a greeting word ("oh", "yes", "sure"), few a name after it. The
// greeting's letters are written in both cases (a case-insensitive flag would let [A-Z] match lower case). It
// differs from the u flag's case folding only for ſ (U+017F) and K (U+212A), so a text holding either skips it.
const GREETING_BOTH_CASES = GREETING.replace(/(\\)?([a-z])/g, (m, escaped: string | undefined, c: string) => (escaped ? m : `[${c}${c.toUpperCase()}]`));
const ANY_GREETING = new RegExp(`\\b${GREETING_BOTH_CASES},?\\s+[^\\x00-\\x40\\x5b-\\x7f]`);
const UNICODE_FOLDS = /[\u017f\u212a]/;
// a name before a comma at the start of a sentence: "Caroline, that's great"
const OPENING = new RegExp(`(^|[.!?]\\s+)${NAME}(?=,)`, 'gu');
// a name between a comma and the end of a sentence: "That's great, Jon!"
const CLOSING = new RegExp(`(,\\s*)${NAME}(?=\\s*[!?.]|\\s*$)`, 'gu');

/**
 * `text` without names used in address: any capitalised word between a greeting and punctuation, and the
 * names in `names` (lower case) alone before a comma at a sentence's start or after a comma at its end.
 */
export function withoutVocatives(text: string, names: ReadonlySet<string>): string {
  const drop = (whole: string, before: string, name: string): string => (isName(name) && names.has(name.toLowerCase()) ? before : whole);
  // after a greeting any name is one of address, also of a participant who has not spoken yet ("Hey Mel!")
  const dropAny = (whole: string, before: string, name: string): string => (isName(name) ? before : whole);
  const greeted = UNICODE_FOLDS.test(text) || ANY_GREETING.test(text) ? text.replace(AFTER_GREETING, dropAny) : text;
  if (!mayHoldAny(greeted, names)) return greeted;
  return greeted.replace(OPENING, drop).replace(CLOSING, drop);
}

/** Above this many names, `mayHoldAny` does not look for each one (it answers true). */
const MAX_NAMES_LOOKED_FOR = 16;
/** A name of ASCII letters, apostrophes and hyphens: one `NAME` can match. */
const ASCII_NAME = /^[a-z'-]+$/;

/**
 * False only when no name of `names` can be dropped from `text` by OPENING or CLOSING (each drops a word
 * whose lower case is in `names`): in a conversation of two speakers most turns hold neither name, and
 * those two passes were most of a turn's cost here. A word whose lower case is ASCII lower-cases the same in
 * place within the whole text (only Σ's lower case depends on its neighbours, and only İ's is longer, neither
 * ASCII), so the lower-cased text holds such a name whenever a word of it does; any other name, or many
 * names, answers true.
 */
function mayHoldAny(text: string, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  if (names.size > MAX_NAMES_LOOKED_FOR) return true;
  const lower = text.toLowerCase();
  for (const name of names) {
    if (!ASCII_NAME.test(name)) {
      if (/\s/u.test(name)) continue; // a NAME match holds no space: "maya chen" is dropped by its words
      return true;
    }
    if (lower.includes(name)) return true;
  }
  return false;
}

function isName(word: string): boolean {
  const first = word[0]!;
  return first !== first.toLowerCase();
}
