/**
 * The stand-in for an LLM in the agent examples: a fixed policy that understands exactly the user's lines
 * of the script and answers only from what the memory tools return. With a real model the framework code
 * around it is the same; only this function is replaced by the model.
 */
export type Step = { call: string; args: Record<string, unknown> } | { text: string };

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const YEAR = 2026;

/** "March 1" → "2026-03-01". */
function isoDay(month: string, day: string): string {
  const m = MONTHS.indexOf(month.toLowerCase()) + 1;
  return `${YEAR}-${String(m).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The last instant of a month, as an ISO time ("March" → "2026-03-31T23:59:59.999Z"). */
function endOfMonth(month: string): string {
  const m = MONTHS.indexOf(month.toLowerCase());
  return new Date(Date.UTC(YEAR, m + 1, 1) - 1).toISOString();
}

/** The first fact a `facts` result holds, or undefined. */
const first = (result: { facts: Array<{ object: string; validFrom: string }> } | undefined) => result?.facts[0];

/**
 * What the assistant does next, given the user's last line and the results of the tools it has called
 * since (by tool name).
 */
export function assistantStep(user: string, results: Record<string, any>): Step {
  const moved = /I moved to (\w+) on (\w+) (\d+)/i.exec(user);
  if (moved !== null) {
    if (results.assert_fact === undefined) {
      return { call: 'assert_fact', args: { subject: 'user', predicate: 'lives_in', object: moved[1], validFrom: isoDay(moved[2]!, moved[3]!) } };
    }
    return { text: `Noted: you live in ${moved[1]}.` };
  }
  const corrected = /actually it was (\w+)/i.exec(user);
  if (corrected !== null) {
    // A correction: the new city holds from when the old one was said to, so the old belief stays on record.
    if (results.facts === undefined) return { call: 'facts', args: { subject: 'user', predicate: 'lives_in' } };
    if (results.assert_fact === undefined) {
      const since = first(results.facts)?.validFrom;
      return { call: 'assert_fact', args: { subject: 'user', predicate: 'lives_in', object: corrected[1], ...(since === undefined ? {} : { validFrom: since }), reason: 'the user corrected it' } };
    }
    return { text: `Sorry about that: ${corrected[1]}, noted.` };
  }
  if (/where do I live now/i.test(user)) {
    if (results.facts === undefined) return { call: 'facts', args: { subject: 'user', predicate: 'lives_in' } };
    const f = first(results.facts);
    return { text: f === undefined ? 'I do not know where you live.' : `You live in ${f.object}.` };
  }
  const past = /where did you think I lived in (\w+)/i.exec(user);
  if (past !== null) {
    // What the memory believed at the end of that month, about that time.
    const then = endOfMonth(past[1]!);
    if (results.facts === undefined) return { call: 'facts', args: { subject: 'user', predicate: 'lives_in', validAt: then, knownAt: then } };
    const f = first(results.facts);
    return { text: f === undefined ? `In ${past[1]} I did not know where you lived.` : `In ${past[1]} I thought you lived in ${f.object}.` };
  }
  return { text: 'OK.' };
}

/** The two sessions of the examples: a move in March, then (in April) a correction and two questions. */
export const SESSIONS = [
  { at: '2026-03-10T09:00:00Z', lines: ['I moved to Boston on March 1.'] },
  { at: '2026-04-20T09:00:00Z', lines: ['Actually it was Austin, not Boston.', 'Where do I live now?', 'Where did you think I lived in March?'] },
];
