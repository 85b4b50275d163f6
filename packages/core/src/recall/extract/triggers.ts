import { HAS_NOUNS, JOB_HEADS } from './objects.js';
import { UNNAMED_ORG } from './state-rules.js';

/**
 * Cheap tests that tell which rule families could fire on a sentence, so that the families that cannot are
 * never run: most turns of a conversation say nothing about homes, jobs, reasons or arrangements, and the
 * rules' regular expressions cost far more than one scan for the words every rule of a family needs. Each
 * test is a necessary condition only (it may pass a sentence the rules then find nothing in, never the
 * other way round), so a family's output is the same with or without it. A rule added to a family must keep
 * its test true: the extractor's tests compare every suite turn, and variants of it, with and without them.
 */

/**
 * State rules (state-rules.ts), on a normalised sentence. A rule whose object may be a common noun or none
 * ("I quit", "left acme", "sold it", "I'm a designer", "we broke up", "started on Monday") needs STATE_WORD, JOB_TITLE or
 * AT_UNNAMED_ORG; every other rule needs a light verb (LIGHT_VERB: "am in", "have", "work at", "left") and
 * after it an OBJECT. Words match from their start ("relocat": relocated, relocating).
 */
const STATE_WORD =
  /\b(?:mov(?:e|ed|es|ing)\b|relocat|start|began|begin|(?:hired|poached|headhunted|offered|took|brought)\s+me|my\s+(?:first|last|final)\s+day|work\w*\s+as|out\s+of\s+work|unemploy|between\s+jobs|jobless|retir|quits?\b|left\b|(?:sold|gave|gave away|got rid of|traded in|rehomed|lost|scrapped)\s+(?:it|them)\b|resign|notice\b|let\s+(?:me\s+)?go|laid\s+(?:me\s+)?off|fired|terminat|sacked|redundant|longer|any\s*more|broke\s+up|split\s+up|separat|divorc|ended\s+things|married|engaged|tied\s+the\s+knot|promot|passed|died|ran\s+away|put\s+down|rainbow|went\s+missing|stolen|totall?ed|written\s+off|destroyed|repossessed|wrecked|where\s+(?:I|we)\s+(?:live|am\s+living|are\s+living)|(?:last|final)\s+day|freelanc|self-employed|(?:dropp(?:ed|ing)|stopped|gave\s+up)\s+(?:my|the)\b|(?:talked|convinced|persuaded|pushed|nagged|guilted|sweet-talked)\s+(?:me|us)\b|(?:ended|wound)\s+up\s+(?:with|getting|adopting|buying)|(?:came|went)\s+(?:home|back)\s+with|own\s+boss|work\w*\s+for\s+(?:myself|himself|herself)\b|(?:job|internship|contract|placement|apprenticeship|residency|gig)(?:'s|\s+\w+){0,2}\s+(?:over|done|finished|ended|ending|ends|wrapped|came))|home/i;
// "I'm a designer", "became head nurse": a job title's head within four words
const JOB_TITLE = `\\b(?:an?|bec[oa]me(?:\\s+the)?)\\s+(?:[a-z-]+\\s+){0,3}(?:${[...JOB_HEADS].join('|')})(?![a-z-])`;
// "a nurse at the children's hospital", "I work for a small startup"
const AT_UNNAMED_ORG = `\\b(?:at|for|with|by)\\s+${UNNAMED_ORG.source.slice(1)}`;
// one scan for the three
const NEEDS_NO_NAME = new RegExp(`${STATE_WORD.source}|${JOB_TITLE}|${AT_UNNAMED_ORG}`, 'i');
const LIGHT_VERB =
  /\b(?:at|with|for|in|by|have|has|had|got|own|owns|keep|keeps|ride|rides|adopted|bought|picked|welcomed|rescued|took|brought|liv|resid|based|settled|staying|rent|shar|work|employ|teach|taught|cook|bartend|tutor|driv|intern|volunteer|join|hire|poach|headhunt|offer|sign|job|position|role|gig|team|department|group|division|staff|left|leav|walked|stopped|switch|transfer|jump|hopp|stole|gave|give|sold|sell|rehom|rid|traded|lost|put|dating|seeing)/i;
/**
 * What may follow a light verb as its object: a capital that is not the word "I" (where a name may start),
 * "there"/"here", a thing had, or a job that ended ("I left my job"). Written in lower case: a word of
 * these with any capital in it is a capital already.
 */
const OBJECT = new RegExp(`[A-HJ-Z\\u0080-\\uffff]|I(?!\\s|$)|\\b(?:there|here|job|position|role|${Object.keys(HAS_NOUNS).join('|')})\\b`);

/** Whether any state rule could read something in this normalised sentence. */
export function mayTellState(sentence: string): boolean {
  if (NEEDS_NO_NAME.test(sentence)) return true;
  const light = LIGHT_VERB.exec(sentence);
  // the object comes after the verb, so a name before the first light verb ("Thanks, Caroline, for …") is none
  return light !== null && OBJECT.test(sentence.slice(light.index + light[0].length));
}

// every form of a stated reason (because.ts) says one of these words; most sentences say none
const REASON_WORD = /\b(?:because|since|so|why)\b/i;

/** Whether the sentence may state a reason ("…because I live in Boston", "…, so I …"). */
export function mayGiveReason(sentence: string): boolean {
  return REASON_WORD.test(sentence);
}

// every form of a speaker giving their name (the extractor's INTRODUCTION) says one of these
const INTRODUCING = /I'm|I am|[Mm]y name|[Cc]all me/;

/** Whether the turn may give the speaker's name ("my name is Sam", "call me Sam", "I'm Maya Chen"). */
export function mayIntroduce(text: string): boolean {
  return INTRODUCING.test(text);
}

// a stated rule (if-changes.ts) has a condition word and a change word, in either order
const CONDITION = /\b(?:if|when|whenever|once|in case|as soon as|should)\b/i;
const CHANGE = /\b(?:chang|leav|quit|retir|resign|mov|replac|gone|depart|step|switch|new|relocat)/i;

/** Whether the turn may state a rule ("if the team lead changes, the weekly report goes to James Lee"). */
export function mayStateRule(text: string): boolean {
  return CHANGE.test(text) && CONDITION.test(text);
}
