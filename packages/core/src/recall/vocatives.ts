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
// a greeting and what follows it, for one quick pass first (about 25% off reading every turn at a load): it
// differs from the u flag's case folding only for ſ (U+017F) and K (U+212A), so a text holding either skips it
const ANY_GREETING = new RegExp(`\\b${GREETING},?\\s+\\S`, 'i');
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
  return greeted.replace(OPENING, drop).replace(CLOSING, drop);
}

function isName(word: string): boolean {
  const first = word[0]!;
  return first !== first.toLowerCase();
}
