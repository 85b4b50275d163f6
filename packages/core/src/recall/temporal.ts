/**
 * What a question says about time, resolved against the question's own time (the recall's validAt):
 * windows ("last Saturday", "in May", "two weeks ago", "on 3 June") and an ordering ("the first time",
 * "most recently", "currently"). Recall uses windows to lift episodes dated inside them and the ordering
 * to prefer the earliest or latest of the matching sessions (the latest believed version for a
 * knowledge-update question), and `span` ("how many days between …") to keep both ends in the answer.
 */
import { resolveRelativeDates } from './dates.js';
import type { ResolvedDate } from './dates.js';

export interface TimeWindow {
  start: number;
  end: number;
}

export interface TemporalIntent {
  windows: TimeWindow[];
  /** 'first': the earliest matching events; 'last': the latest (current state). */
  order: 'first' | 'last' | undefined;
  /** The question relates two events in time (between, before, after, since, how long, how many days). */
  span: boolean;
  /** The question asks for a time ("When did …", "What year …", "How long ago …"): its answer is a turn that says when. */
  asksWhen: boolean;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
// "in May", "during March", "back in June": the latest such month that began before the question
const BARE_MONTH = new RegExp(`\\b(?:in|during|of|since)\\s+(${MONTHS.join('|')})\\b(?!\\s+\\d)`, 'giu');
const FIRST = /\b(?:the\s+first|first\s+time|earliest|initially|originally|at\s+first|to\s+begin\s+with)\b/iu;
// "last" as an ordinal, not "last Saturday/week/month/year/night"
const LAST = /\b(?:most\s+recent(?:ly)?|latest|currently|current|now|these\s+days|anymore|the\s+last\s+time|last\s+time|recently|nowadays)\b/iu;
// "when" as a question word (followed by its verb), not the conjunction ("what did she do when …")
const WHEN = /\b(?:when\s+(?:did|do|does|was|were|is|are|will|had|has|have)|what\s+(?:date|day|year|month|week|time\s+of\s+(?:day|year))|which\s+(?:date|day|year|month|week)|how\s+long\s+ago|how\s+many\s+(?:days|weeks|months|years)\s+ago)\b/iu;
const SPAN = /\b(?:between|how\s+(?:many|long)\s+(?:days?|weeks?|months?|years?)|how\s+long|before|after|since|until|which\s+(?:came|happened)\s+first|in\s+what\s+order|order\s+of)\b/iu;

/** The temporal reading of `question` asked at `at` (ms); `dates`: its `resolveRelativeDates` at `at`, when the caller has them. */
export function temporalIntent(question: string, at: number, dates?: readonly ResolvedDate[]): TemporalIntent {
  const windows: TimeWindow[] = [];
  if (Number.isFinite(at)) {
    for (const d of dates ?? resolveRelativeDates(question, at)) windows.push({ start: d.start, end: d.end });
    const now = new Date(at);
    for (const m of question.matchAll(BARE_MONTH)) {
      const month = MONTHS.indexOf(m[1]!.toLowerCase());
      let year = now.getUTCFullYear();
      if (Date.UTC(year, month, 1) > at) year--;
      const start = Date.UTC(year, month, 1);
      const end = Date.UTC(year, month + 1, 1);
      if (!windows.some((w) => w.start <= start && w.end >= end)) windows.push({ start, end });
    }
  }
  const order = FIRST.test(question) ? 'first' : LAST.test(question) ? 'last' : undefined;
  return { windows, order, span: SPAN.test(question), asksWhen: WHEN.test(question) };
}

/** 1 inside a window, falling off linearly over one window length (at least `minSlackMs`) outside it; 0 beyond. */
export function windowCloseness(t: number, windows: readonly TimeWindow[], minSlackMs: number): number {
  let best = 0;
  for (const w of windows) {
    if (t >= w.start && t < w.end) return 1;
    const slack = Math.max(minSlackMs, w.end - w.start);
    const dist = t < w.start ? w.start - t : t - w.end;
    best = Math.max(best, 1 - dist / slack);
  }
  return best;
}
