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
 * ("I quit", "I'm a designer", "we broke up", "started on Monday") needs one of STATE_WORD, JOB_TITLE or
 * AT_UNNAMED_ORG; every other rule needs a light verb (LIGHT_VERB: "am in", "have", "work at", "left")
 * and an object only a proper name, "there"/"here" or a thing had can be. Words match from their start
 * ("mov": moved, moving); "home" and "where" anywhere (a home told from the place, "Lagos is where I live").
 */
const STATE_WORD =
  /\b(?:mov|relocat|start|began|begin|(?:hired|poached|headhunted|offered|took|brought)\s+me|my\s+(?:first|last|final)\s+day|job|position|role|work\w*\s+as|out\s+of\s+work|unemploy|between\s+jobs|jobless|retir|quit|resign|notice|let\s+(?:me\s+)?go|laid\s+(?:me\s+)?off|fired|terminat|sacked|redundant|longer|any\s*more|broke\s+up|split\s+up|separat|divorc|ended\s+things|married|engaged|tied\s+the\s+knot|promot|bec[oa]me|passed|died|ran\s+away|put\s+down|rainbow|went\s+missing|stolen|totall?ed|written\s+off|destroyed|repossessed|wrecked)|home|where/i;
// "I'm a designer": a job title's head within four words of its article
const JOB_TITLE = new RegExp(`\\ban?\\s+(?:[a-z-]+\\s+){0,3}(?:${[...JOB_HEADS].join('|')})(?![a-z-])`, 'i');
// "a nurse at the children's hospital", "I work for a small startup"
const AT_UNNAMED_ORG = new RegExp(`\\b(?:at|for|with|by)\\s+${UNNAMED_ORG.source.slice(1)}`, 'i');
const LIGHT_VERB =
  /\b(?:at|with|for|in|by|have|has|had|got|own|owns|keep|keeps|ride|rides|adopted|bought|picked|welcomed|rescued|took|brought|liv|resid|based|settled|staying|rent|shar|work|employ|teach|taught|cook|bartend|tutor|driv|intern|volunteer|join|hire|poach|headhunt|offer|sign|gig|team|department|group|division|staff|left|leav|walked|stopped|stole|gave|give|sold|sell|rehom|rid|traded|lost|put|dating|seeing)/i;
// a capital past the sentence's first character that is not the word "I": where a name may start
const CAPITAL = /(?!^)(?:[A-HJ-Z\u0080-\uffff]|I(?!\s|$))/;
const THERE = /\b(?:there|here)\b/i;
const THING_HAD = new RegExp(`\\b(?:${Object.keys(HAS_NOUNS).join('|')})\\b`, 'i');

/** Whether any state rule could read something in this normalised sentence. */
export function mayTellState(sentence: string): boolean {
  if (STATE_WORD.test(sentence) || JOB_TITLE.test(sentence) || AT_UNNAMED_ORG.test(sentence)) return true;
  return LIGHT_VERB.test(sentence) && (CAPITAL.test(sentence.trimStart()) || THERE.test(sentence) || THING_HAD.test(sentence));
}
