// Jobs held besides another ("a second job at Kumon", "I also work at Lidl on weekends", "I work two jobs, at X
// and at Y"): the state reader marks such a job `alongside`, so the memory's assertion of it closes none of the
// subject's other jobs (docs/ALONGSIDE.md). A job told as a change ("started at", "switched to") still replaces.
import { readName } from './objects.js';
import { fold } from './speakers.js';
import type { StateHit } from './state-rules.js';
import type { StateFact, TurnState } from './state.js';

/** A name's or a literal's key, as the state reader compares objects. */
const objectKey = (o: StateFact['object']): string => ('name' in o ? fold(o.name) : `=${o.value.toLowerCase()}`);

/** Whether a sentence may count its jobs ("two jobs", "both my jobs"): one cheap test first. */
export function maySaySeveralJobs(sentence: string): boolean {
  return sentence.includes('jobs') && SEVERAL_JOBS.test(sentence);
}

// A job held besides another: said of the job itself ("a second job", "a side gig", "on the side", "moonlighting",
// "a weekend job"), or "also" / "too" / "as well" where the turn changed nothing else ("I moved to Denver and also
// started at Globex" is a new job), told no one else's job ("my sister works at Google, I also do") and no new job.
const SIDE_JOB = /\b(?:second|side|weekend|evening|night|extra|other)\s+(?:job|gig|hustle)|\bon\s+the\s+side\b|\bmoonlight|\b(?:in\s+addition\s+to|on\s+top\s+of|alongside|besides|as\s+well\s+as)\s+(?:my|the)\b/i;
const ALSO = /\b(?:also|as\s+well|too)\b/i;
const THIRD_PERSON_WORKS = /\b(?:works|is\s+working|has\s+worked|has\s+been\s+working)\b/i;
const NEW_JOB = /\bnew\s+(?:job|role|position|employer|company)\b|\binstead\b/i;
// "I work two jobs", "juggling three jobs", "both my jobs"
const SEVERAL_JOBS = /\b(?:two|2|three|3|both|multiple|several|a\s+couple\s+of)\s+(?:my\s+)?(?:part-time\s+|different\s+|separate\s+)?jobs\b/i;
const JOBS_BY = /\b(?:at|for|with)\s+(?:the\s+)?(\p{Lu}[\p{L}'&-]*(?:\s+\p{Lu}[\p{L}'&-]*)*)/gu;

/**
 * Whether a job the clause tells is held besides the subject's others (then it supersedes none): its clause
 * says so (SIDE_JOB, or ALSO in a turn that told no other change), or the turn already told another job
 * and ended none, and this one is told as held ("By day I'm a barista at Costa, on weekends I wait tables
 * at Wagamama") — a second job told as a change ("…but I start at Globex in May") still replaces.
 */
export function heldBesides(hit: StateHit, object: NonNullable<StateHit['object']>, subject: string, clause: string, sentence: string, out: TurnState): boolean {
  if (SIDE_JOB.test(clause)) return true;
  const key = objectKey(object);
  const before = out.facts.some((f) => f.subject === subject && f.predicate === 'works_at' && f.edgeType === 'semantic' && objectKey(f.object) !== key);
  const ended = out.retractions.some((r) => r.subject === subject && r.predicate === 'works_at');
  if (ALSO.test(clause) && !NEW_JOB.test(clause) && !ended) {
    // "my sister works at Google and I also work at Google": "also" compares with someone else's job
    const compared = THIRD_PERSON_WORKS.test(sentence) || out.facts.some((f) => f.subject !== subject && f.predicate === 'works_at');
    const otherChange = out.retractions.length > 0 || out.facts.some((f) => f.subject === subject && f.predicate !== 'works_at' && f.predicate !== 'job_title');
    if (!compared && (before || !otherChange)) return true;
  }
  return before && !ended && hit.change !== true;
}

/**
 * "I work two jobs, mornings at Blue Bottle and evenings at Kumon", "I have two jobs: one at Acme and one at
 * Kumon": each employer named after the count is the speaker's job, the first as any job, the others besides
 * it. Only when the words before the count are the speaker's ("my sister works two jobs" is not).
 */
export function severalJobs(sentence: string, speaker: string, confidence: number, out: TurnState): void {
  const m = SEVERAL_JOBS.exec(sentence)!;
  const lead = sentence.slice(0, m.index);
  // "I work two jobs", "I've been juggling two jobs"; never "I applied for two jobs"
  if (!(/(?:^|[\s,])(?:I|i|we|We)\s+(?:(?:have|am|are|been|now|currently|still|also|actually|basically)\s+)*(?:work|working|have|hold|holding|juggle|juggling|do|doing|got|manage|managing)\s+$/.test(lead) || /^\W*(?:(?:now|currently|still)\s+)?(?:working\s+|juggling\s+)?$/i.test(lead))) return;
  // "two jobs: Starbucks in the mornings and Target at night": the list's items open with the names
  const listed = /^\s*(?:(?:right\s+)?now|currently|these\s+days)?\s*(?::|\s-)\s*(.*)$/.exec(sentence.slice(m.index + m[0].length));
  const names = listed === null ? [] : listed[1]!.split(/\s*(?:,|;|\band\b|&)\s*/).map((item) => readName(item.replace(/^(?:one\s+)?(?:at|for|with)\s+(?:the\s+)?/i, '')));
  JOBS_BY.lastIndex = m.index;
  let first = true;
  for (let j = listed === null ? JOBS_BY.exec(sentence) : null; names.length > 0 || j !== null; j = listed === null ? JOBS_BY.exec(sentence) : null) {
    const name = listed === null ? readName(j![1]!) : names.shift();
    if (name === undefined) continue;
    const key = fold(name.value);
    const had = out.facts.find((f) => f.subject === speaker && f.predicate === 'works_at' && objectKey(f.object) === key);
    if (had === undefined) out.facts.push({ subject: speaker, predicate: 'works_at', object: { name: name.value, type: 'organization' }, confidence, edgeType: 'semantic', ...(first ? {} : { alongside: true }) });
    else if (!first) had.alongside = true;
    first = false;
  }
}
