import { fold } from './speakers.js';
import type { StateFact, TurnState } from './state.js';

/**
 * The last passes over one turn's state facts and retractions, once every sentence is read: where the
 * turn's endings and starts date each other ("I left Oracle last year, I'm at SAP now"; a notice and the next
 * job's start), and what the memory's order of applying them (retractions first) would otherwise undo.
 */

const DAY = 86_400_000;

/** A fact's object as the reader compares it: a folded name, or "=" and the literal. */
export const objectKey = (o: StateFact['object'] | string): string => (typeof o === 'string' ? fold(o) : 'name' in o ? fold(o.name) : `=${o.value.toLowerCase()}`);

/** "I left Oracle last year, I'm at SAP now": an undated new job or home starts when the turn's dated ending was. */
export function startAtTheEnd(out: TurnState, at: number): void {
  for (const f of out.facts) {
    if (f.validFrom !== undefined || f.edgeType !== 'semantic' || (f.predicate !== 'works_at' && f.predicate !== 'lives_in')) continue;
    const end = out.retractions.find((r) => r.subject === f.subject && r.predicate === f.predicate && r.validTo === undefined && Number.isFinite(r.validFrom) && r.validFrom < at - DAY && (r.object === undefined || objectKey(r.object) !== objectKey(f.object)));
    if (end !== undefined) f.validFrom = end.validFrom;
  }
}

/** "I handed in my notice at Acme. Starting at Globex on March 2nd": a notice ends the job when the next one starts. */
export function endAtTheStart(out: TurnState, at: number): void {
  for (const r of out.retractions) {
    if (r.predicate !== 'works_at' || r.validTo !== undefined || Math.abs(r.validFrom - at) >= DAY || !/\b(?:notice|resign)/i.test(r.reason)) continue;
    const next = out.facts.find((f) => f.subject === r.subject && f.predicate === 'works_at' && f.edgeType === 'semantic' && (f.validFrom ?? at) > at + DAY);
    if (next !== undefined) r.validFrom = next.validFrom!;
  }
}

/**
 * Within one turn the memory applies retractions before assertions; a fact the same turn both starts and
 * ends ("my dog Rex died") keeps only what held before the end.
 */
export function settle(out: TurnState, at: number): void {
  for (const r of out.retractions) {
    if (r.object !== undefined || r.validTo !== undefined || !(r.validFrom > at)) continue;
    for (const f of out.facts) if (f.subject === r.subject && f.predicate === r.predicate && f.edgeType === 'semantic' && (f.validFrom ?? at) < r.validFrom) f.validTo = Math.min(f.validTo ?? Infinity, r.validFrom);
  }
  out.facts = out.facts.filter((f) => {
    const end = out.retractions.find(
      (r) => r.subject === f.subject && r.predicate === f.predicate && r.validTo === undefined && r.object !== undefined && objectKey(r.object) === objectKey(f.object),
    );
    if (end === undefined) return true;
    const start = f.validFrom ?? -Infinity;
    if (end.validFrom === -Infinity || start >= end.validFrom || f.validFrom === undefined) return false;
    f.validTo = Math.min(f.validTo ?? Infinity, end.validFrom);
    return true;
  });
}
