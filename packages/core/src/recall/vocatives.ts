/**
 * Names used in address ("Wow, Caroline!", "Thanks, Mel.", "Hey Melanie, …", "That's great, Jon!") say
 * whom a turn is spoken to, not what it is about; in a conversation every other turn addresses the other
 * participant by name, so a question about that person ("What did Caroline paint?") would match the
 * other speaker's greetings as strongly as her own words. Recall's word index leaves out the names of the
 * conversation's speakers (and their aliases) where they are used in address, and only there.
 */

const GREETING = '(?:hey|hi|hello|thanks|thank\\s+you|wow|oh|yeah|yes|aw+|congrats|congratulations|sorry|bye|ok|okay|dear|haha|omg|yay|ooh|hmm|sure|cheers|welcome|love\\s+you)';
const NAME = "(\\p{L}[\\p{L}'’-]*)";
// a greeting then a name, then punctuation or the end: "Wow, Caroline!", "Hey Mel," (the greeting stays)
const AFTER_GREETING = new RegExp(`(\\b${GREETING},?\\s+)${NAME}(?=\\s*[,!?.;:]|\\s*$)`, 'giu');
// a name before a comma at the start of a sentence: "Caroline, that's great"
const OPENING = new RegExp(`(^|[.!?]\\s+)${NAME}(?=,)`, 'gu');
// a name between a comma and the end of a sentence: "That's great, Jon!"
const CLOSING = new RegExp(`(,\\s*)${NAME}(?=\\s*[!?.]|\\s*$)`, 'gu');

/**
 * `text` without the names in `names` (lower case) where they are used in address; the rest as it was.
 * Only a capitalised word is a name.
 */
export function withoutVocatives(text: string, names: ReadonlySet<string>): string {
  if (names.size === 0) return text;
  const drop = (whole: string, before: string, name: string): string => (isName(name) && names.has(name.toLowerCase()) ? before : whole);
  return text.replace(AFTER_GREETING, drop).replace(OPENING, drop).replace(CLOSING, drop);
}

function isName(word: string): boolean {
  const first = word[0]!;
  return first !== first.toLowerCase();
}
