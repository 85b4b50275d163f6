// Stated rules and the standing arrangements they are about. "If the team lead changes, the weekly report
// goes to James Lee", "Should my manager change, send reports to Dan instead", "If I move, my gym will be
// Planet Fitness", "When Sara leaves, Tom takes over the budget": a condition clause names a premise (a role
// of the speaker's, the speaker's home or job, a person leaving), the other clause what then becomes of an
// arrangement (who gets a thing, who holds a role). The arrangements themselves are facts of the speaker's,
// one at a time: "Sara Kim is our team lead" (team_lead), "I send the weekly report to Sara" (weekly_report),
// "Sara handles the budget" (budget), "My gym is Iron Temple" (gym). The rule is written by ingest against
// the versions the memory believes at the turn (extract/ingest-rules.ts).
import type { ExtractedBeliefRef, ExtractedFact, ExtractedRule } from '../../types.js';
import type { Sentence } from './names.js';
import { mayStateRule } from './triggers.js';

// A proper name (two letters at least, so never "I"); a thing (one to three lower-case words); a role.
const PROPER = String.raw`[A-Z][\p{L}'’.-]+(?:\s+(?:[A-Z][\p{L}'’.-]+|de|van|von|da|del)){0,3}`;
const NAME = `(${PROPER})`;
// what something becomes may be the speaker ("the budget goes to me")
const TO = `(${PROPER}|me)`;
const THING = String.raw`([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)`;
const HEADS =
  'lead|manager|boss|supervisor|mentor|landlord|landlady|doctor|dentist|therapist|coach|trainer|teacher|tutor|advisor|adviser|accountant|lawyer|contact|assistant|babysitter|nanny|vet|reviewer|approver|gym|bank|pharmacy|hairdresser|barber|director|editor|agent|owner';
const ROLE = String.raw`((?:[a-z]+\s+)?(?:${HEADS}))`;
const DET = String.raw`(?:the|my|our)\s+`;
const WILL = String.raw`(?:'ll|\s+will|\s+should|\s+would|'d|\s+shall)`;
const END = String.raw`(?=$|[\s,;])`;

/** An arrangement stated as it stands: [pattern, index of the thing, index of the name]. */
const STANDING: ReadonlyArray<[RegExp, number, number]> = [
  [new RegExp(String.raw`^${DET}(?:new\s+|current\s+)?${ROLE}\s+is\s+(?:now\s+)?${NAME}${END}`, 'u'), 1, 2],
  [new RegExp(String.raw`^${NAME}\s+is\s+(?:now\s+)?${DET}(?:new\s+)?${ROLE}$`, 'u'), 2, 1],
  [new RegExp(String.raw`^${DET}${THING}\s+(?:goes|go|is sent|are sent|gets sent|get sent)\s+to\s+${NAME}${END}`, 'u'), 1, 2],
  [new RegExp(String.raw`^(?:i|we)\s+(?:always\s+|usually\s+|currently\s+|now\s+)?(?:send|give|hand in|hand|email|submit|forward)\s+(?:the\s+|my\s+|our\s+)?${THING}\s+to\s+${NAME}${END}`, 'u'), 1, 2],
  [new RegExp(String.raw`^${NAME}\s+(?:handles|runs|manages|owns|approves|takes care of|looks after|is in charge of|is responsible for)\s+(?:the|my|our)\s+${THING}$`, 'u'), 2, 1],
  [new RegExp(String.raw`^${DET}${THING}\s+(?:is|are)\s+(?:handled|run|managed|owned|approved)\s+by\s+${NAME}${END}`, 'u'), 1, 2],
  [new RegExp(String.raw`^(?:i|we)\s+(?:go to|train at|work out at)\s+(?:the gym at\s+)?${NAME}(\s+gym)?$`, 'u'), 0, 1],
];

/** What a consequence clause makes of an arrangement: [pattern, index of the thing, index of the name]. */
const BECOMES: ReadonlyArray<[RegExp, number, number]> = [
  [new RegExp(String.raw`^${DET}${THING}\s+(?:goes|go|is going|gets sent|is sent|is to go|(?:will|should|would|shall)\s+(?:go|be sent))\s+to\s+${TO}$`, 'u'), 1, 2],
  [new RegExp(String.raw`^(?:(?:i|we)${WILL}\s+)?(?:send|give|hand|email|submit|forward)\s+(?:the\s+|my\s+|our\s+)?${THING}\s+to\s+${TO}$`, 'u'), 1, 2],
  [new RegExp(String.raw`^${DET}(?:new\s+)?${THING}\s+(?:will be|would be|should be|is|becomes|will become|changes to|switches to)\s+${NAME}$`, 'u'), 1, 2],
  [new RegExp(String.raw`^${NAME}(?:${WILL})?\s+(?:takes?|gets?|inherits?|handles?|runs?|owns?)\s+(?:over\s+)?(?:the|my|our)\s+${THING}$`, 'u'), 2, 1],
];

// a change of the premise: a role or thing that changes, a person who leaves
const CHANGES = String.raw`(?:ever\s+)?(?:changes?|leaves?|quits?|retires?|resigns?|moves?\s+on|is\s+replaced|gets?\s+replaced|is\s+gone|departs?|steps?\s+down|switch(?:es)?)`;
const I_MOVE = /^(?:i|we)\s+(?:ever\s+|do\s+|end\s+up\s+|have\s+to\s+)?(?:move|relocate|change\s+(?:address|cities|city))\b/;
const I_CHANGE_JOB = /^(?:i|we)\s+(?:ever\s+|do\s+|end\s+up\s+)?(?:change|switch|leave|quit|lose)\s+(?:my\s+|our\s+|this\s+)?(?:jobs?|employers?|companies|company)\b/;
const I_LEAVE = new RegExp(String.raw`^(?:i|we)\s+(?:ever\s+)?(?:leave|quit)\s+${NAME}$`, 'u');
const ROLE_CHANGES = new RegExp(String.raw`^${DET}(?:current\s+)?${THING}\s+${CHANGES}(?:\s|$)`, 'u');
const NEW_ROLE = new RegExp(String.raw`^(?:(?:i|we)\s+(?:get|have|find)|there(?:'s|\s+is))\s+a\s+new\s+${THING}$`, 'u');
const PERSON_LEAVES = new RegExp(String.raw`^${NAME}\s+${CHANGES}(?:\s|$)`, 'u');

// Cheap tests first: an arrangement names a role, a recipient ("to Sara"), a holder ("Sara handles", "by Sara")
// or a gym; a rule has a condition word and a change word.
const ARRANGED = new RegExp(String.raw`\b(?:[Mm]y|[Oo]ur|[Tt]he) (?:[a-z]+ ){0,2}(?:${HEADS})\b|\bgym\b|\bto (?:[A-Z]|me\b)|\b(?:handles|runs|manages|owns|approves|takes care of|looks after|in charge of|responsible for)\b|\bby [A-Z]`);
const CHANGE_WORD = /\b(?:chang|leav|left|quit|retir|resign|mov|replac|gone|depart|step|switch|new|relocat)/i;
/** A condition word and a change word in one sentence, either order: the one test of a turn before any sentence is read. */
const MAYBE_RULE = /\b(?:if|when|whenever|once|in case|as soon as|should)\b[^.!?]*?\b(?:chang|leav|quit|retir|resign|mov|replac|gone|depart|step|switch|new|relocat)|\b(?:chang|leav|quit|retir|resign|mov|replac|gone|depart|step|switch|new|relocat)[^.!?]*?\b(?:if|when|whenever|once|in case|as soon as|should)\b/i;
const CONDITIONAL = /\b(?:if|when|whenever|once|in case|as soon as|should|unless|would)\b/i;
const CONDITION_FIRST = /^(?:if|when|whenever|once|in case|as soon as|should)\s+(.+?)(?:,\s*|\s+then\s+)(?:then\s+)?(.+)$/i;
const CONDITION_AFTER = /^(.+?),?\s+(?:if|when|whenever|once|in case|as soon as|should)\s+(.+)$/i;
const OPENERS = /^(?:(?:oh|also|and|so|btw|by the way|fyi|just so you know|heads up|note|remember|for the record|ok|okay)[,:]?\s+)+/i;
const TAIL = /\s+(?:instead|from then on|from now on|going forward|after that|then)$/i;

/** A thing's predicate: "weekly reports" → weekly_report; a home or job → the ontology's own. */
export function thingPredicate(thing: string): string {
  const words = thing.toLowerCase().trim().split(/\s+/);
  const last = words[words.length - 1]!;
  words[words.length - 1] = last.endsWith('ies') ? `${last.slice(0, -3)}y` : /[^su]s$/.test(last) && last.length > 3 ? last.slice(0, -1) : last;
  const slug = words.join('_');
  if (/^(?:home|address|apartment|place|city|flat|house)$/.test(slug)) return 'lives_in';
  if (/^(?:job|employer|company|workplace)$/.test(slug)) return 'works_at';
  return slug;
}

/** The sentence's last part after a colon or semicolon ("Big news at work: our new lead is Omar"), without openers. */
const clauseOf = (text: string, s: Sentence): string => {
  const whole = text.slice(s.start, s.end).trim().replace(/[.!?]+$/, '');
  return whole.slice(Math.max(whole.lastIndexOf(': '), whole.lastIndexOf('; ')) + 1).trim().replace(OPENERS, '');
};

/** The arrangements a turn states as they stand: facts of the speaker's, one at a time (their predicates in `one`). */
export function readArrangements(text: string, sentences: readonly Sentence[], speaker: string, one: Set<string>): ExtractedFact[] {
  const out: ExtractedFact[] = [];
  if (!ARRANGED.test(text)) return out; // most turns: one test of the whole text
  for (const s of sentences) {
    if (!ARRANGED.test(text.slice(s.start, s.end))) continue;
    const clause = clauseOf(text, s);
    if (CONDITIONAL.test(clause)) continue; // "…goes to James if the lead changes" is a rule, not how it stands
    const lower = clause.replace(/^\S+/, (w) => (/^(?:My|Our|The|I|We)$/.test(w) ? w.toLowerCase() : w));
    for (const [re, thing, name] of STANDING) {
      const m = re.exec(lower);
      if (m === null) continue;
      const predicate = thing === 0 ? 'gym' : thingPredicate(m[thing]!);
      if (predicate === 'lives_in' || predicate === 'works_at') break;
      one.add(predicate);
      out.push({ subject: speaker, predicate, object: m[name]!, confidence: 0.7, evidence: clause });
      break;
    }
  }
  return out;
}

/** The premise a condition clause names (alternatives, first believed wins), or undefined. */
function premiseOf(clause: string, speaker: string): ExtractedBeliefRef[] | undefined {
  if (I_MOVE.test(clause)) return [{ subject: speaker, predicate: 'lives_in' }];
  if (I_CHANGE_JOB.test(clause)) return [{ subject: speaker, predicate: 'works_at' }];
  let m = I_LEAVE.exec(clause);
  if (m !== null) return [{ subject: speaker, predicate: 'works_at', object: m[1]! }];
  m = ROLE_CHANGES.exec(clause) ?? NEW_ROLE.exec(clause);
  if (m !== null) return [{ subject: speaker, predicate: thingPredicate(m[1]!) }];
  m = PERSON_LEAVES.exec(clause);
  // a person leaving: their job if the memory knows it, else what the speaker has them as (a role)
  if (m !== null) return [{ subject: m[1]!, predicate: 'works_at' }, { subject: speaker, object: m[1]! }];
  return undefined;
}

/** What a consequence clause makes of an arrangement, or undefined. */
function becomes(clause: string, speaker: string): { predicate: string; object: string } | undefined {
  const c = clause.replace(/^(?:then|please)\s+/i, '').replace(TAIL, '').replace(/^(?:My|Our|The|I|We|Send|Give|Hand|Email|Forward|Submit)\b/, (w) => w.toLowerCase());
  for (const [re, thing, name] of BECOMES) {
    const m = re.exec(c);
    if (m !== null) return { predicate: thingPredicate(m[thing]!), object: m[name] === 'me' ? speaker : m[name]! };
  }
  return undefined;
}

/** The turn's stated rules: "if/when/once/should P, C" and "C if P", where P names a premise and C what an arrangement becomes. */
export function readRules(text: string, sentences: readonly Sentence[], speaker: string): ExtractedRule[] {
  const out: ExtractedRule[] = [];
  if (!mayStateRule(text) || !MAYBE_RULE.test(text)) return out; // most turns: two word tests of the whole text
  for (const s of sentences) {
    const sentence = text.slice(s.start, s.end);
    if (!CONDITIONAL.test(sentence) || !CHANGE_WORD.test(sentence)) continue;
    const clause = clauseOf(text, s);
    const parts = [CONDITION_FIRST.exec(clause), CONDITION_AFTER.exec(clause)];
    for (const [i, m] of parts.entries()) {
      if (m === null) continue;
      const [condition, consequence] = i === 0 ? [m[1]!, m[2]!] : [m[2]!, m[1]!];
      const premise = premiseOf(condition.replace(/^(?:My|Our|The|I|We)\b/, (w) => w.toLowerCase()), speaker);
      const then = premise === undefined ? undefined : becomes(consequence, speaker);
      if (premise === undefined || then === undefined) continue;
      if (premise.some((p) => p.predicate === then.predicate && p.subject === speaker)) continue;
      out.push({ premise, dependent: { subject: speaker, predicate: then.predicate }, object: then.object, evidence: clause.slice(0, 240) });
      break;
    }
  }
  return out;
}
