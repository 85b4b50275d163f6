/**
 * The parts of a model's answer beyond its facts: endings and corrections (`retractions`), stated rules
 * (`rules`), and the default ontology's declarations for the predicates the facts use, so a new home told to
 * a model supersedes the old one as it does through the rule extractor. An unusable item is dropped and
 * counted, as an unusable fact is.
 */
import { DEFAULT_ONTOLOGY, parseIsoTime } from '@palimpsest/core';
import type { ExtractedFact, ExtractedRetraction, ExtractedRule, Extraction, PredicateOptions } from '@palimpsest/core';

export interface RawRetraction {
  subject: unknown;
  predicate: unknown;
  object: unknown;
  object_is_entity: unknown;
  ended_at: unknown;
  never_held: unknown;
  evidence: unknown;
}

export interface RawRule {
  premise_subject: unknown;
  premise_predicate: unknown;
  premise_object: unknown;
  dependent_subject: unknown;
  dependent_predicate: unknown;
  object: unknown;
  object_is_entity: unknown;
  evidence: unknown;
}

const RETRACTION_FIELDS = {
  subject: { type: 'string' },
  predicate: { type: 'string' },
  object: { type: ['string', 'null'] },
  object_is_entity: { type: 'boolean' },
  ended_at: { type: ['string', 'null'] },
  never_held: { type: 'boolean' },
  evidence: { type: 'string' },
} as const;

const RULE_FIELDS = {
  premise_subject: { type: 'string' },
  premise_predicate: { type: 'string' },
  premise_object: { type: ['string', 'null'] },
  dependent_subject: { type: 'string' },
  dependent_predicate: { type: 'string' },
  object: { type: 'string' },
  object_is_entity: { type: 'boolean' },
  evidence: { type: 'string' },
} as const;

const strictItems = <T extends Record<string, unknown>>(properties: T) =>
  ({ type: 'array', items: { type: 'object', additionalProperties: false, required: Object.keys(properties) as Array<keyof T>, properties } }) as const;

/** The schema of a turn's `retractions` and `rules` (every field required, as strict JSON schemas need). */
export const CHANGE_SCHEMAS = { retractions: strictItems(RETRACTION_FIELDS), rules: strictItems(RULE_FIELDS) };

export const CHANGES_PROMPT = `- one_at_a_time: true when the subject holds one object of this predicate at a time, so a new one replaces the old (a home, an employer, a manager, a team lead, where a report goes); false when several may hold at once (friends, pets, likes).
- alongside: true when the turn says this one is held besides the subject's current one of a one-at-a-time predicate, so it replaces nothing ("I got a second job at Kumon", "I also work weekends at Lidl", "I have two jobs, at X and at Y": the second); false otherwise.
- Use these predicates where they fit: lives_in, works_at, job_title, partner (one at a time: a new one replaces the old); studies_at, has (pets by name, possessions, family members), likes, dislikes, plans; moved_to and visited (events, valid over their dates; a move also gives lives_in from the move's time).
- retractions: what the turn says stopped holding or was never true. An ending ("I left Acme", "we broke up", "Rex passed away", "I sold my car"): ended_at is when it stopped (null: when it was said), never_held false. A correction ("I misspoke, I never lived in Denver", "it was Porto, not Lisbon"): the wrong version with never_held true, and the right one as a fact with its own valid time. object null: every object of that subject and predicate.
- rules: what the turn says a belief becomes when another changes ("if the team lead changes, the weekly report goes to James Lee": premise Maya team_lead, dependent Maya weekly_report, object James Lee). premise_object null: whichever object the premise has.`;

/** A model's text field, trimmed, or undefined when it is no text or empty. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** A model's predicate as the memory spells predicates (lower_snake_case), or undefined. */
export function predicateOf(v: unknown): string | undefined {
  const p = str(v)
    ?.toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  return p === '' ? undefined : p;
}

/** A model's ISO-8601 time as the memory reads it (no zone: UTC, on every machine), or undefined when unusable. */
export function isoTime(text: string): number | undefined {
  try {
    return parseIsoTime(text, 'extract', 'time');
  } catch {
    return undefined;
  }
}

function toRetraction(r: RawRetraction | null, at: number): ExtractedRetraction | undefined {
  if (r === null || typeof r !== 'object') return undefined;
  const subject = str(r.subject);
  const predicate = predicateOf(r.predicate);
  if (subject === undefined || predicate === undefined) return undefined;
  const object = str(r.object);
  const endedAt = r.never_held === true || r.ended_at === null || r.ended_at === undefined ? at : typeof r.ended_at === 'string' ? isoTime(r.ended_at) : undefined;
  if (endedAt === undefined) return undefined;
  const evidence = str(r.evidence);
  return {
    subject,
    predicate,
    ...(object === undefined ? {} : { object: r.object_is_entity === false ? { value: object } : object }),
    validFrom: r.never_held === true ? -Infinity : endedAt,
    ...(evidence === undefined ? {} : { evidence }),
  };
}

function toRule(r: RawRule | null): ExtractedRule | undefined {
  if (r === null || typeof r !== 'object') return undefined;
  const premiseSubject = str(r.premise_subject);
  const premisePredicate = predicateOf(r.premise_predicate);
  const dependentSubject = str(r.dependent_subject);
  const dependentPredicate = predicateOf(r.dependent_predicate);
  const object = str(r.object);
  if (premiseSubject === undefined || premisePredicate === undefined || dependentSubject === undefined || dependentPredicate === undefined || object === undefined) return undefined;
  const premiseObject = str(r.premise_object);
  const evidence = str(r.evidence);
  return {
    premise: [{ subject: premiseSubject, predicate: premisePredicate, ...(premiseObject === undefined ? {} : { object: premiseObject }) }],
    dependent: { subject: dependentSubject, predicate: dependentPredicate },
    object: r.object_is_entity === false ? { value: object } : object,
    ...(evidence === undefined ? {} : { evidence }),
  };
}

/**
 * Declarations for the predicates used that are one at a time: the default ontology's say, else the model's
 * (a fact it marked `one_at_a_time`: a team lead, a manager, where the report goes).
 */
function ontologyOf(predicates: Iterable<string>, single: ReadonlySet<string>): Record<string, PredicateOptions> | undefined {
  let out: Record<string, PredicateOptions> | undefined;
  for (const p of predicates) {
    const o = DEFAULT_ONTOLOGY[p];
    if (o === undefined ? single.has(p) : o.cardinality === 'one') (out ??= {})[p] = { cardinality: 'one' };
  }
  return out;
}

/**
 * The turn's retractions, rules and predicate declarations (each key only when it has something), counting
 * the items dropped. Answers without `retractions` or `rules` (older schemas) give none.
 */
export function changesOf(
  raw: { retractions?: unknown; rules?: unknown },
  facts: readonly ExtractedFact[],
  single: ReadonlySet<string>,
  at: number,
  dropped: { retractions: number; rules: number },
): Pick<Extraction, 'retractions' | 'rules' | 'predicates'> {
  const retractions: ExtractedRetraction[] = [];
  for (const r of Array.isArray(raw.retractions) ? (raw.retractions as Array<RawRetraction | null>) : []) {
    const x = toRetraction(r, at);
    if (x === undefined) dropped.retractions++;
    else retractions.push(x);
  }
  const rules: ExtractedRule[] = [];
  for (const r of Array.isArray(raw.rules) ? (raw.rules as Array<RawRule | null>) : []) {
    const x = toRule(r);
    if (x === undefined) dropped.rules++;
    else rules.push(x);
  }
  const predicates = ontologyOf(new Set([...facts.map((f) => f.predicate), ...retractions.map((r) => r.predicate)]), single);
  return {
    ...(retractions.length === 0 ? {} : { retractions }),
    ...(rules.length === 0 ? {} : { rules }),
    ...(predicates === undefined ? {} : { predicates }),
  };
}
