/**
 * The words of a question that frame its time rather than name what happened: "How many days passed between
 * the day I …", "What did I do two weeks ago?", "Which event happened first, …". Matched as words they find
 * the wrong turns: "two weeks ago" lifts every turn that says "a few weeks ago", and "How many days ago" every
 * turn about days. The time itself is read elsewhere (recall/temporal.ts: windows, order, span); lexical
 * ranking weighs these words down (`timeWordWeight`) and searches what is left, the events.
 */
import { resolveRelativeDates } from './dates.js';
import type { ResolvedDate } from './dates.js';
import { tokenize } from './text.js';

const UNIT = '(?:days?|weeks?|months?|years?|hours?|minutes?)';
/** Phrases that say how the answer is measured or ordered in time, not what it is about. */
const FRAMES: readonly RegExp[] = [
  // "how many days (ago | passed | had passed | did it take me)", "how much time"
  new RegExp(`\\bhow\\s+(?:many|much)\\s+(?:${UNIT}|time)(?:\\s+(?:ago|(?:have|had|has)\\s+(?:passed|gone\\s+by|elapsed)|passed|went\\s+by|elapsed|did\\s+it\\s+take(?:\\s+me)?))?`, 'giu'),
  /\bhow\s+long(?:\s+ago)?/giu,
  new RegExp(`\\b${UNIT}\\s+(?:had\\s+|have\\s+|has\\s+)?(?:passed|elapsed|gone\\s+by)\\b`, 'giu'),
  // "which event happened first", "what came first"
  /\b(?:(?:which|what)\s+(?:events?\s+|one\s+)?)?(?:happened|came|occurred|took\s+place)\s+(?:first|last|earlier|later|before|after)\b/giu,
  // "the order of the three events", "in what order"
  /\b(?:the\s+)?order\s+of\s+(?:the\s+)?(?:\w+\s+)?events?\b|\bin\s+what\s+order\b/giu,
  // "between the day I …", "the date I …": the day is the answer's measure, the event follows
  /\bthe\s+(?:day|date|time|week|month)\s+(?=(?:i|we|my|you)\b)/giu,
  // "what date", "which month"
  /\b(?:what|which)\s+(?:date|day|week|month|year)\b/giu,
];

/** A date phrase tied to a calendar (a month, a year, a date): its words can appear in the turn that says it. */
const ABSOLUTE = /\d{4}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/iu;

export interface QuestionTime {
  /** The question without its time frame: what the question is about. */
  content: string;
  /** The search terms of the phrases taken out (possibly repeated). */
  frame: string[];
}

/**
 * `question` split into its content and its time frame: the framing phrases above and the relative date
 * phrases resolved against `at` ("two weeks ago", "last Saturday"; a calendar date such as "May 8" stays
 * content). Each phrase taken out leaves a space. `dates`: the question's `resolveRelativeDates` at `at`, when the
 * caller has them already (recall reads them for its time windows too).
 */
export function questionTime(question: string, at: number, dates?: readonly ResolvedDate[]): QuestionTime {
  const cuts: Array<[number, number]> = [];
  for (const re of FRAMES) {
    re.lastIndex = 0;
    for (let m = re.exec(question); m !== null; m = re.exec(question)) if (m[0].length > 0) cuts.push([m.index, m.index + m[0].length]);
  }
  if (Number.isFinite(at)) {
    for (const d of dates ?? resolveRelativeDates(question, at)) if (!ABSOLUTE.test(d.phrase)) cuts.push([d.index, d.index + d.phrase.length]);
  }
  if (cuts.length === 0) return { content: question, frame: [] };
  cuts.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let content = '';
  const frame: string[] = [];
  let from = 0;
  for (const [start, end] of cuts) {
    if (end <= from) continue;
    const s = Math.max(start, from);
    content += question.slice(from, s) + ' ';
    frame.push(...tokenize(question.slice(s, end)));
    from = end;
  }
  content += question.slice(from);
  return { content, frame };
}

/**
 * The weighted search terms of a question: its content's terms at 1, its time frame's at `frameWeight`
 * (left out at 0). A question that is all frame keeps its words at 1: they are all it has.
 */
export function questionTerms(q: QuestionTime, frameWeight: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tokenize(q.content)) out.set(t, 1);
  if (out.size === 0) {
    for (const t of q.frame) out.set(t, 1);
    return out;
  }
  if (frameWeight > 0) for (const t of q.frame) if (!out.has(t)) out.set(t, frameWeight);
  return out;
}
