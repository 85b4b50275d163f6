import { InvalidArgumentError } from '../errors.js';
import { checkPredicateOptions } from '../graph/predicates.js';
import type { MemoryTables } from '../graph/tables.js';
import { writeDefinePredicate, writeRetract } from '../graph/write-calls.js';
import { NONE } from '../store/fact-store.js';
import { checkPredicateName, checkText, readInput, show } from '../graph/validate.js';
import type { ExtractedRetraction, Extraction } from '../recall/extractor.js';
import type { PredicateOptions, RetractResult } from '../types.js';
import { canonicalName, checkName } from '../util/names.js';
import { toMillis } from '../util/time.js';
import { checkLineSize } from '../log/log-size.js';

/**
 * The parts of an extraction beyond entities and facts, for `ingestEpisode` and `ingest`: the predicates
 * the extractor declares (its ontology, e.g. `lives_in` is one at a time) and the retractions a turn
 * makes (endings, corrections). Read and checked whole before the first write; then written at the
 * turn's record time: declarations first, retractions next, facts last.
 */

const RETRACTION = { subject: 'any', predicate: 'any', object: 'objectRef', validFrom: 'time', validTo: 'time', evidence: 'text' } as const;

/** The extraction's `retractions` and `predicates`, checked by the rules `retract` and `definePredicate` apply. */
export function readChanges(given: { retractions?: unknown; predicates?: unknown }, call: string): Pick<Extraction, 'retractions' | 'predicates'> {
  const out: Pick<Extraction, 'retractions' | 'predicates'> = {};
  if (given.retractions !== undefined) {
    if (!Array.isArray(given.retractions)) throw new InvalidArgumentError(`${call}: the extractor's retractions must be an array`);
    out.retractions = given.retractions.map((raw, i) => readRetraction(raw, i, call));
  }
  if (given.predicates !== undefined) {
    const p = given.predicates;
    if (p === null || typeof p !== 'object' || Array.isArray(p)) throw new InvalidArgumentError(`${call}: the extractor's predicates must be an object of predicate options`);
    const predicates: Record<string, PredicateOptions> = Object.create(null) as Record<string, PredicateOptions>;
    for (const [name, options] of Object.entries(p)) {
      checkPredicateName(name, call);
      const c = checkPredicateOptions(options, call, name);
      predicates[name] = { cardinality: c.cardinality, ...(c.minConfidence === undefined ? {} : { minConfidence: c.minConfidence }) };
    }
    out.predicates = predicates;
  }
  return out;
}

function readRetraction(raw: unknown, i: number, call: string): ExtractedRetraction {
  const field = `extracted retractions[${i}]`;
  const r = readInput<ExtractedRetraction>(call, raw, RETRACTION, field, false);
  checkName(r.subject, call, `${field}.subject`);
  checkPredicateName(r.predicate, call);
  if (typeof r.object === 'string') checkName(r.object, call, `${field}.object`);
  else if (r.object !== undefined && (r.object === null || typeof r.object !== 'object' || !('value' in r.object))) {
    throw new InvalidArgumentError(`${call}: ${field}.object must be a name or { value } when given`);
  }
  if (r.validFrom === undefined) throw new InvalidArgumentError(`${call}: ${field} has no validFrom`);
  const from = toMillis(r.validFrom, call, `${field}.validFrom`, 'past');
  const to = r.validTo === undefined ? Infinity : toMillis(r.validTo, call, `${field}.validTo`, 'future');
  if (!(from < to)) throw new InvalidArgumentError(`${call}: ${field} has validFrom (${show(from)}) not before validTo (${show(to)})`);
  if (r.evidence !== undefined) checkText(r.evidence, call, `${field}.evidence`);
  return { ...r, validFrom: from, ...(to === Infinity ? {} : { validTo: to }) };
}

/** Declares each predicate the memory has neither declared nor used yet (a predicate in use keeps its configuration). */
export function declarePredicates(mem: MemoryTables, predicates: Extraction['predicates'], recordedAt: number): void {
  if (predicates === undefined) return;
  for (const [name, options] of Object.entries(predicates)) {
    if (mem.predicateConfig.has(name) || mem.predicateNames.find(name) !== NONE) continue;
    writeDefinePredicate(mem, name, options, recordedAt);
  }
}

/** Whether a name or alias names an entity the memory knows. */
const known = (mem: MemoryTables, name: string): boolean => mem.entities.lookup(canonicalName(name)) !== NONE;

/**
 * Applies the turn's retractions; one about an entity the memory does not know changes nothing and is skipped.
 * Returns what each applied one closed and added (the part of a version kept outside the retracted span).
 */
export function applyRetractions(mem: MemoryTables, retractions: Extraction['retractions'], recordedAt: number): RetractResult[] {
  const out: RetractResult[] = [];
  for (const r of retractions ?? []) {
    if (!known(mem, r.subject)) continue;
    if (typeof r.object === 'string' && !known(mem, r.object)) continue;
    if (mem.predicateNames.find(r.predicate) === NONE) continue; // nothing was ever said with it
    const done = writeRetract(mem, {
      subject: r.subject,
      predicate: r.predicate,
      ...(r.object === undefined ? {} : { object: r.object }),
      validFrom: r.validFrom,
      ...(r.validTo === undefined ? {} : { validTo: r.validTo }),
      recordedAt,
      ...(r.evidence === undefined ? {} : { reason: r.evidence }),
    });
    if (done.closed.length > 0) out.push(done);
  }
  return out;
}

/** Bounds each retraction's log line before the turn's first write, as checkTurnSize does for facts. */
export function checkRetractionSizes(mem: MemoryTables, call: string, retractions: Extraction['retractions']): void {
  for (const r of retractions ?? []) {
    const object = typeof r.object === 'string' ? r.object : typeof r.object?.value === 'string' ? r.object.value : undefined;
    checkLineSize(call, mem.logBuffer.maxLineUnits, [r.subject, r.predicate, object, r.evidence]);
  }
}
