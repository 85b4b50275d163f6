// An extraction's stated rules ("if the team lead changes, the weekly report goes to James Lee"), for
// `ingestEpisode` and `ingest`. A rule names its premise and its dependent by what they are about (subject,
// predicate), not by id: the extractor reads text and does not know the memory. The turn's writer finds the
// versions believed at the turn's time and re-asserts each dependent version as it stands (a reinforcement),
// now resting on the premise with `onPremiseChange: { object }` (graph/premise-rules.ts does the rest).
import { InvalidArgumentError } from '../errors.js';
import { checkPredicateName, checkText, readInput } from '../graph/validate.js';
import type { MemoryTables } from '../graph/tables.js';
import { writeAssert } from '../graph/write-calls.js';
import { literalCode, NONE } from '../store/fact-store.js';
import type { AssertResult, ExtractedBeliefRef, ExtractedRule } from '../types.js';
import { canonicalName, checkName } from '../util/names.js';
import { checkLineSize } from '../log/log-size.js';

const RULE = { premise: 'list', dependent: 'any', object: 'objectRef', evidence: 'text' } as const;
const REF = { subject: 'any', predicate: 'any', object: 'any' } as const;

/** The extraction's `rules`, checked whole before the turn's first write. */
export function readRules(given: unknown, call: string): ExtractedRule[] | undefined {
  if (given === undefined) return undefined;
  if (!Array.isArray(given)) throw new InvalidArgumentError(`${call}: the extractor's rules must be an array`);
  return given.map((raw, i) => {
    const field = `extracted rules[${i}]`;
    const r = readInput<ExtractedRule>(call, raw, RULE, field, false);
    if (r.premise === undefined || r.premise.length === 0) throw new InvalidArgumentError(`${call}: ${field}.premise must list at least one belief`);
    const premise = r.premise.map((p, j) => readRef(p, `${field}.premise[${j}]`, call));
    const dependent = readRef(r.dependent, `${field}.dependent`, call);
    if (dependent.predicate === undefined) throw new InvalidArgumentError(`${call}: ${field}.dependent needs a predicate`);
    if (typeof r.object === 'string') checkName(r.object, call, `${field}.object`);
    else if (r.object === null || typeof r.object !== 'object' || !('value' in r.object)) throw new InvalidArgumentError(`${call}: ${field}.object must be a name or { value }`);
    if (r.evidence !== undefined) checkText(r.evidence, call, `${field}.evidence`);
    return { premise, dependent: { subject: dependent.subject, predicate: dependent.predicate }, object: r.object, ...(r.evidence === undefined ? {} : { evidence: r.evidence }) };
  });
}

function readRef(raw: unknown, field: string, call: string): ExtractedBeliefRef {
  const r = readInput<ExtractedBeliefRef>(call, raw, REF, field, false);
  checkName(r.subject, call, `${field}.subject`);
  if (r.predicate !== undefined) checkPredicateName(r.predicate, call);
  if (r.object !== undefined) checkName(r.object, call, `${field}.object`);
  if (r.predicate === undefined && r.object === undefined) throw new InvalidArgumentError(`${call}: ${field} needs a predicate or an object`);
  return r;
}

/** Bounds the lines the rules may log (a dependent's line is its own, already logged, plus the rule's object). */
export function checkRuleSizes(mem: MemoryTables, call: string, rules: readonly ExtractedRule[] | undefined, source: string, episode: string): void {
  for (const r of rules ?? []) {
    const object = typeof r.object === 'string' ? r.object : typeof r.object.value === 'string' ? r.object.value : undefined;
    checkLineSize(call, mem.logBuffer.maxLineUnits, [r.dependent.subject, r.dependent.predicate, object, source, episode, episode]);
  }
}

/**
 * The open versions about `ref` valid at `at`: its subject's versions of the predicate (or of one ending in
 * `_predicate`), with the object when one is named.
 */
function believed(mem: MemoryTables, ref: ExtractedBeliefRef, at: number, except = NONE): number[] {
  const st = mem.store;
  const found = mem.entities.lookup(canonicalName(ref.subject));
  if (found === NONE) return [];
  const s = mem.entities.resolveAt(found, Infinity);
  const o = ref.object === undefined ? NONE : mem.entities.lookup(canonicalName(ref.object));
  if (ref.object !== undefined && o === NONE) return [];
  const out: number[] = [];
  const rows: number[] = [];
  for (let p = 0; p < mem.predicateNames.size; p++) {
    const name = mem.predicateNames.get(p);
    if (p === except || (ref.predicate !== undefined && name !== ref.predicate && !name.endsWith(`_${ref.predicate}`))) continue;
    for (const t of st.liveTriples(s, p)) {
      if (o !== NONE && st.tObject[t] !== mem.entities.resolveAt(o, Infinity)) continue;
      rows.length = 0;
      st.openRowsOf(t, rows);
      for (const r of rows) if (st.validFromOf(r) <= at && at < st.validToOf(r)) out.push(r);
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * Applies the rules at record time `recordedAt` (after the turn's facts): for each, the premise versions of
 * its first alternative the memory believes at the turn's time `at`, and each dependent version believed
 * then, re-asserted as it stands with the premises and the rule. Returns those re-assertions.
 */
export function applyRules(mem: MemoryTables, rules: readonly ExtractedRule[] | undefined, at: number, recordedAt: number, source: string, episode: string): AssertResult[] {
  const taken: AssertResult[] = [];
  for (const rule of rules ?? []) {
    const dependents = believed(mem, rule.dependent, at);
    if (dependents.length === 0) continue;
    const dependentPredicate = mem.store.tPredicate[mem.store.triple[dependents[0]!]!]!;
    let premises: number[] = [];
    for (const alternative of rule.premise) {
      premises = believed(mem, alternative, at, dependentPredicate);
      if (premises.length > 0) break;
    }
    if (premises.length === 0) continue;
    const st = mem.store;
    for (const d of dependents) {
      const t = st.triple[d]!;
      const o = st.tObject[t]!;
      const same = typeof rule.object === 'string' ? o >= 0 && mem.entities.lookup(canonicalName(rule.object)) === o : o < 0 && mem.literals[literalCode(o)] === rule.object.value;
      if (same || premises.includes(d)) continue;
      const done = writeAssert(mem, {
        subject: { id: st.tSubject[t]! },
        predicate: mem.predicateNames.get(st.tPredicate[t]!),
        object: o >= 0 ? { id: o } : { value: mem.literals[literalCode(o)]! },
        validFrom: st.validFromOf(d),
        validTo: st.validToOf(d),
        recordedAt,
        confidence: st.confidenceOf(d),
        source,
        evidence: [episode],
        episode,
        dependsOn: premises,
        onPremiseChange: { object: rule.object },
      });
      taken.push(done);
    }
  }
  return taken;
}
