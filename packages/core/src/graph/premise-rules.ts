// Stated rules on dependent beliefs: "if the team lead changes, the weekly report goes to James Lee".
// `assert({ …, dependsOn, onPremiseChange: { object } })` gives the dependent a replacement; when one of its
// premises stops being believed, the dependent is not flagged but replaced: from the premise's change on
// (the first valid instant the premise no longer holds, never before the dependent's own start) its triple
// is retracted and the replacement asserted, both at the record time of the change. The writes are a
// consequence of the logged operation that closed the premise, so a replay makes them again, identically.
// DEPENDENT-BELIEFS.md (docs/) states the semantics.
import { InvalidArgumentError } from '../errors.js';
import type { ObjectRef } from '../types.js';
import { readInput } from './validate.js';
import type { MemoryTables } from './tables.js';
import { applyAssert, applyRetract } from './write-apply.js';

const RULE_SHAPE = { object: 'objectRef' } as const;

/** An assertion's `onPremiseChange`, copied: `{ object }` and nothing else. */
export function readPremiseRule(call: string, raw: unknown): { object: ObjectRef } {
  const rule = readInput<{ object?: ObjectRef }>(call, raw, RULE_SHAPE, 'onPremiseChange');
  if (rule.object === undefined) throw new InvalidArgumentError(`${call}: onPremiseChange needs an object: what the belief becomes when a premise changes`);
  return { object: rule.object };
}

/**
 * The first valid instant of [from, to) (the premise's interval a dependent needs) that the versions
 * keeping the premise's belief (`keepers`: open, the same triple) no longer cover: where the change falls.
 */
export function changeTime(mem: MemoryTables, keepers: readonly number[], from: number, to: number): number {
  const st = mem.store;
  let x = from;
  for (let moved = true; moved && x < to; ) {
    moved = false;
    for (const k of keepers) {
      if (st.validFromOf(k) <= x && x < st.validToOf(k)) {
        x = st.validToOf(k);
        moved = true;
      }
    }
  }
  return x;
}

/**
 * Replaces dependent version `d` from valid time `from` (inside its interval) by `object` (an object code):
 * its triple is retracted over [from, d's end) and the replacement asserted there, at record time `at`,
 * with d's confidence, provenance, episode and evidence. The closed d links to the replacement.
 */
export function replaceDependent(mem: MemoryTables, d: number, object: number, from: number, at: number): void {
  const st = mem.store;
  const t = st.triple[d]!;
  const s = st.tSubject[t]!;
  const p = st.tPredicate[t]!;
  const to = st.validToOf(d);
  applyRetract(mem, s, p, st.tObject[t]!, from, to, at);
  const one = mem.predicateConfig.get(mem.predicateNames.get(p))?.cardinality === 'one';
  const result = applyAssert(mem, s, p, object, from, to, at, st.confidenceOf(d), st.provenanceOf(d), st.episodeOf(d), st.evidenceIds(st.evidenceHeadOf(d)), one);
  if (result.id !== undefined) st.addSupersededBy(d, result.id);
}

/** Is `code` an object the memory has (an entity id, or a literal's code)? For a snapshot's check. */
export function knownObject(mem: MemoryTables, code: number): boolean {
  return Number.isInteger(code) && (code >= 0 ? code < mem.entities.count : -2 - code < mem.literals.length);
}
