// The write calls: each reads and checks its input, stamps a record time, logs the operation and then
// applies it (write-apply.ts), so a refused call leaves the memory and its log as they were.
import { InvalidArgumentError, NotFoundError } from '../errors.js';
import { literalCode, NONE } from '../store/fact-store.js';
import type {
  AssertInput,
  AssertResult,
  Entity,
  EntityInput,
  EntityRef,
  Episode,
  EpisodeInput,
  LiteralValue,
  MergeInput,
  ObjectRef,
  PredicateOptions,
  RetractInput,
  RetractResult,
  TimeInput,
} from '../types.js';
import { checkName, displayName } from '../util/names.js';
import { showTime, toMillis } from '../util/time.js';
import { vectorToText } from '../util/vector-text.js';
import type { AssertOp, ObjectSpec, Operation } from '../log/log.js';
import type { MemoryTables } from './tables.js';
import { checkPredicateOptions, DEFAULTS, MAX_PREDICATES } from './predicates.js';
import { entityInfo, episodeInfo } from './reads.js';
import { checkFactIds, existingEntity, existingEpisode, findEntity, findObject, literalId, literalKey, pendingEntity, provenanceId } from './resolve.js';
import type { PendingEntity } from './resolve.js';
import { checkConfidence, checkEdgeType, checkPredicateName, checkText, readInput, readList, readOptions, SHAPES, show } from './validate.js';
import { checkPremises } from './dependencies.js';
import { applyAssert, applyMerge, applyRetract } from './write-apply.js';
import { readAssertInput, readRetractInput } from './write-input.js';
import { checkLineSize, ID_UNITS, LINE_SLACK, NUMBER_UNITS, quickUnits, vectorUnits } from '../log/log-size.js';

/** Creates an entity, or returns the existing one of that name (adding any new aliases). */
export function writeEntity(mem: MemoryTables, raw: EntityInput): Entity {
  const call = 'MemoryGraph.entity';
  const input = readInput<EntityInput>(call, raw, SHAPES.entity);
  const canonical = checkName(input.name, call, 'name');
  const aliases = (input.aliases ?? []).map((a, i) => checkName(a, call, `aliases[${i}]`));
  const vector = input.vector === undefined ? undefined : mem.checkVector(input.vector, call);
  const at = mem.stamp(input.recordedAt, call);
  // The entity or alias operation's line, bounded before an alias or entity is added.
  checkLineSize(call, mem.logBuffer.maxLineUnits, [input.name, input.type, aliases], vector === undefined ? 0 : vectorUnits(mem.dimensions));
  const existing = mem.entities.lookup(canonical);
  const owner = existing === NONE ? NONE : mem.entities.resolveAt(existing, Infinity);
  for (const alias of aliases) {
    const other = mem.entities.lookup(alias);
    if (other !== NONE && mem.entities.resolveAt(other, Infinity) !== owner) {
      throw new InvalidArgumentError(
        `${call}: alias "${alias}" already names entity #${other} ("${mem.entities.displayName(other)}"); merge the entities instead`,
      );
    }
  }
  if (owner !== NONE) {
    const fresh = [...new Set(aliases.filter((a) => mem.entities.lookup(a) === NONE))];
    if (fresh.length > 0) {
      for (const a of fresh) mem.entities.addAlias(owner, a);
      commit(mem, { type: 'alias', recordedAt: at, entity: owner, aliases: fresh }, at);
    }
    return entityInfo(mem, owner);
  }
  const id = createEntity(mem, canonical, displayName(input.name), input.type, at, aliases, vector);
  return entityInfo(mem, id);
}

/** Merges `from` into `into`: from then on (in record time) both are one entity. */
export function writeMerge(mem: MemoryTables, raw: MergeInput): Entity {
  const call = 'MemoryGraph.merge';
  const input = readInput<MergeInput>(call, raw, SHAPES.merge);
  const at = mem.stamp(input.recordedAt, call);
  const into = existingEntity(mem, input.into, call, 'into', at);
  const from = existingEntity(mem, input.from, call, 'from', at);
  if (into === from) throw new InvalidArgumentError(`${call}: into and from are the same entity (#${into})`);
  commit(mem, { type: 'merge', recordedAt: at, into, from }, at);
  const firstNew = mem.store.rowCount;
  applyMerge(mem, into, from, at);
  mem.dependencies.settle(mem, at, firstNew);
  return entityInfo(mem, into);
}

/** Declares or re-declares a predicate; its cardinality cannot change once it has facts. */
export function writeDefinePredicate(mem: MemoryTables, name: string, options: PredicateOptions, recordedAt?: TimeInput): void {
  const call = 'MemoryGraph.definePredicate';
  checkPredicateName(name, call);
  const config = checkPredicateOptions(options, call, name);
  const at = mem.stamp(recordedAt, call);
  const current = mem.predicateConfig.get(name);
  const used = mem.predicateNames.find(name) !== NONE;
  if (used && (current?.cardinality ?? DEFAULTS.cardinality) !== config.cardinality) {
    throw new InvalidArgumentError(`${call}: predicate "${name}" already has facts; its cardinality cannot change`);
  }
  mem.predicateConfig.set(name, config);
  mem.predicateUse.delete(name);
  commit(
    mem,
    {
      type: 'predicate',
      recordedAt: at,
      name,
      cardinality: config.cardinality,
      ...(config.minConfidence === undefined ? {} : { minConfidence: config.minConfidence }),
    },
    at,
  );
}

/** The evidence ids of an assertion without evidence: shared, never written (the write path only reads it). */
const NO_EVIDENCE: number[] = [];
/** No evidence strings: shared, never written. */
const NO_TEXTS: readonly string[] = [];

/** Asserts that subject —predicate→ object holds over [validFrom, validTo). See SEMANTICS.md. */
export function writeAssert(mem: MemoryTables, raw: AssertInput): AssertResult {
  const call = 'MemoryGraph.assert';
  const input = readAssertInput(call, raw);
  const at = mem.stamp(input.recordedAt, call);
  const subject = pendingEntity(mem, input.subject, call, 'subject', at);
  // A name an accepted assertion used was checked then (a Map key matches only the same string).
  const use = mem.predicateUse.get(input.predicate);
  if (use === undefined) checkPredicateName(input.predicate, call);
  // A literal is the `{ value }` copy readAssertInput made, its value checked there; anything else names an entity.
  const objectRef = input.object as unknown;
  const literal = objectRef !== null && typeof objectRef === 'object' && 'value' in objectRef ? (objectRef as { value: LiteralValue }).value : undefined;
  const object = literal !== undefined ? undefined : pendingEntity(mem, input.object as EntityRef, call, 'object', at);
  const validFrom = input.validFrom === undefined ? at : toMillis(input.validFrom, call, 'validFrom', 'past');
  const validTo = input.validTo === undefined ? Infinity : toMillis(input.validTo, call, 'validTo', 'future');
  if (!(validFrom < validTo)) {
    throw new InvalidArgumentError(`${call}: validFrom (${showTime(validFrom)}) must be before validTo (${showTime(validTo)})`);
  }
  const confidence = checkConfidence(input.confidence ?? DEFAULTS.confidence, call, 'confidence');
  const source = input.source;
  const reason = input.reason;
  const evidence = input.evidence === undefined ? NO_TEXTS : [...new Set(input.evidence)];
  checkEdgeType(input.edgeType, call);
  const episode = input.episode === undefined ? NONE : existingEpisode(mem, input.episode, call);
  const premises = input.dependsOn === undefined ? NO_EVIDENCE : checkPremises(mem, input.dependsOn, call);
  const rule = input.onPremiseChange === undefined ? undefined : ruleObject(mem, input.onPremiseChange.object, premises, literal !== undefined ? { literal } : { entity: object! }, call, at);
  const known = use !== undefined ? use.id : mem.predicateNames.find(input.predicate);
  if (known === NONE && mem.predicateNames.size >= MAX_PREDICATES) {
    throw new InvalidArgumentError(`${call}: too many distinct predicates (at most ${MAX_PREDICATES})`);
  }
  // The assertion's line, bounded before the entities it names are created (their own lines are small);
  // a quick bound first, so the common call builds no list of its strings.
  let units = quickUnits(input.predicate) + quickUnits(source) + quickUnits(reason) + quickUnits(input.edgeType) + quickUnits(input.episode);
  units += premises.length * 4 + (rule === undefined ? 0 : quickUnits(JSON.stringify(ruleSpec(rule))));
  units += (typeof literal === 'string' ? quickUnits(literal) : 0) + (typeof subject === 'object' ? quickUnits(subject.display) : 0) + (typeof object === 'object' ? quickUnits(object.display) : 0);
  for (let i = 0; i < evidence.length; i++) units += quickUnits(evidence[i]);
  if (units + LINE_SLACK > mem.logBuffer.maxLineUnits) {
    const names = [typeof literal === 'string' ? literal : undefined, typeof subject === 'object' ? subject.display : undefined, typeof object === 'object' ? object.display : undefined];
    checkLineSize(call, mem.logBuffer.maxLineUnits, [input.predicate, source, reason, input.edgeType, input.episode, ...names, evidence, rule && JSON.stringify(ruleSpec(rule))]);
  }

  // Everything is checked: from here on the call cannot fail, so the memory changes all or nothing.
  const config = use !== undefined ? use.config : mem.predicateConfig.get(input.predicate);
  const gate = config?.minConfidence ?? mem.minConfidence;
  const rejected = confidence < gate;
  // A rejected assertion creates no entity: it names new ones by name in the log.
  const s = refer(mem, subject, rejected, at);
  const objectEntity = object === undefined ? undefined : refer(mem, object, rejected, at);
  if (rejected || typeof s !== 'number' || (objectEntity !== undefined && typeof objectEntity !== 'number')) {
    const objectSpec: ObjectSpec | { name: string } =
      literal !== undefined ? { value: literal } : typeof objectEntity === 'number' ? { id: objectEntity } : objectEntity!;
    const op = assertOp(at, s, objectSpec, validFrom, validTo, confidence, evidence, premises, input, rule && ruleSpec(rule));
    op.rejected = true;
    commit(mem, op, at);
    return { status: 'rejected', closed: [], added: [] };
  }
  // The hot path of ingestion: the ids are interned first and logged as one record (no JSON, no op object).
  const p = known !== NONE ? known : mem.predicateNames.intern(input.predicate);
  if (use === undefined) mem.predicateUse.set(input.predicate, { id: p, config });
  const o = objectEntity === undefined ? literalCode(literalId(mem, literal!)) : objectEntity;
  const prov = provenanceId(mem, source, reason, input.edgeType);
  const evidenceIds = evidence.length === 0 ? NO_EVIDENCE : evidence.map((e) => mem.strings.intern(e));
  // A dependent belief is rare: logged as a JSON operation, which has room for its premises and rule.
  const replacement = rule === undefined ? undefined : rule.literal !== undefined ? literalCode(literalId(mem, rule.literal)) : materialise(mem, rule.entity!, at);
  const spec = rule && ruleSpec(rule, replacement);
  // An assertion held alongside the others is rare too: its JSON operation carries the flag replay needs.
  const alongside = input.alongside === true;
  if (premises.length > 0 || alongside) commit(mem, assertOp(at, s, literal !== undefined ? { value: literal } : { id: o }, validFrom, validTo, confidence, evidence, premises, input, spec), at);
  else {
    mem.logBuffer.appendAssert(at, validFrom, validTo, confidence, s, p, o, prov, episode, evidenceIds);
    mem.lastRecordedAt = at;
  }
  const firstNew = mem.store.rowCount;
  const result = applyAssert(mem, s, p, o, validFrom, validTo, at, confidence, prov, episode, evidenceIds, config?.cardinality === 'one' && !alongside);
  if (premises.length > 0) mem.dependencies.link(mem, result.id!, premises); // accepted: it has an id
  if (replacement !== undefined) mem.dependencies.setRule(result.id!, replacement);
  mem.dependencies.settle(mem, at, firstNew);
  return result;
}

/**
 * An assertion's onPremiseChange object, checked: it needs premises to answer, and must differ from the
 * assertion's own object. Returns it as a literal or a pending entity (made when the assertion is accepted).
 */
function ruleObject(mem: MemoryTables, ref: ObjectRef, premises: readonly number[], own: RuleObject, call: string, at: number): RuleObject {
  if (premises.length === 0) throw new InvalidArgumentError(`${call}: onPremiseChange needs dependsOn: the premises whose change it answers`);
  const literal = typeof ref === 'object' && 'value' in ref ? ref.value : undefined;
  const entity = literal !== undefined ? undefined : pendingEntity(mem, ref as EntityRef, call, 'onPremiseChange.object', at);
  const sameEntity = (a: PendingEntity, b: PendingEntity): boolean => a === b || (typeof a === 'object' && typeof b === 'object' && a.create === b.create);
  const same = literal !== undefined ? own.literal !== undefined && literalKey(literal) === literalKey(own.literal) : own.entity !== undefined && sameEntity(entity!, own.entity);
  if (same) throw new InvalidArgumentError(`${call}: onPremiseChange.object is the assertion's own object; a rule must say what the belief becomes`);
  return literal !== undefined ? { literal } : { entity: entity! };
}

/** A rule's object: a literal, or an entity made when the assertion is accepted. */
interface RuleObject {
  literal?: LiteralValue;
  entity?: PendingEntity;
}

/** A rule's object as the log writes it: `{ value }`, `{ id }` (once made: `made`), or `{ name }` (a rejected assertion's). */
function ruleSpec(rule: RuleObject, made?: number): ObjectSpec | { name: string } {
  if (rule.literal !== undefined) return { value: rule.literal };
  const id = made ?? rule.entity;
  return typeof id === 'number' ? { id } : { name: (rule.entity as { display: string }).display };
}

/** An assertion's JSON operation (a rejected one, or one with premises): the fields in the log's order. */
function assertOp(
  at: number,
  subject: number | { name: string },
  object: ObjectSpec | { name: string },
  validFrom: number,
  validTo: number,
  confidence: number,
  evidence: readonly string[],
  premises: number[],
  input: AssertInput,
  rule?: ObjectSpec | { name: string },
): AssertOp {
  const op: AssertOp = { type: 'assert', recordedAt: at, subject, predicate: input.predicate, object, validFrom: validFrom === -Infinity ? null : validFrom };
  if (validTo !== Infinity) op.validTo = validTo;
  op.confidence = confidence;
  if (input.source !== undefined) op.source = input.source;
  if (evidence.length > 0) op.evidence = [...evidence];
  if (input.reason !== undefined) op.reason = input.reason;
  if (input.edgeType !== undefined) op.edgeType = input.edgeType;
  if (input.episode !== undefined) op.episode = input.episode;
  if (premises.length > 0) op.dependsOn = premises;
  if (rule !== undefined) op.onPremiseChange = { object: rule };
  if (input.alongside === true) op.alongside = true;
  return op;
}

/** An assertion as `MemoryGraph.assert` makes it: written, then the entities it made indexed for recall. */
export function assertFact(mem: MemoryTables, raw: AssertInput): AssertResult {
  // Recall indexes the entities an assert makes now (with the built-in embedder: no model call per assert),
  // its fact at the next episode or recall, where a fact costs two pushes and a sum (recall/bm25-facts.ts).
  // So a memory written by asserts alone has no first-recall cliff and an assert naming known entities
  // pays nothing here.
  const entities = mem.entities.count;
  const out = writeAssert(mem, raw);
  if (mem.entities.count !== entities && mem.embedder === undefined) mem.recallIndex().indexNewEntities();
  return out;
}

/** Stops believing subject —predicate→ object (every object when omitted) over [validFrom, validTo). */
export function writeRetract(mem: MemoryTables, raw: RetractInput): RetractResult {
  const call = 'MemoryGraph.retract';
  const input = readRetractInput(call, raw);
  const at = mem.stamp(input.recordedAt, call);
  checkPredicateName(input.predicate, call);
  const validFrom = input.validFrom === undefined ? at : toMillis(input.validFrom, call, 'validFrom', 'past');
  const validTo = input.validTo === undefined ? Infinity : toMillis(input.validTo, call, 'validTo', 'future');
  if (!(validFrom < validTo)) {
    throw new InvalidArgumentError(`${call}: validFrom (${showTime(validFrom)}) must be before validTo (${showTime(validTo)})`);
  }
  const reason = input.reason;
  const subject = findEntity(mem, input.subject, call, 'subject', at);
  let object: number | undefined;
  let objectSpec: ObjectSpec | undefined;
  if (input.object !== undefined) {
    const found = findObject(mem, input.object, call, 'object', at);
    object = found.code;
    if (found.literal !== undefined) objectSpec = { value: found.literal };
    else if (object === NONE) throw new NotFoundError(`${call}: object "${show(input.object)}" is not a known entity`);
    else objectSpec = { id: object };
  }
  // Retracting what was never believed changes nothing, but it is still an accepted, logged operation
  // (an agent's "that is not so" is part of what it did).
  if (subject === NONE) throw new NotFoundError(`${call}: subject "${show(input.subject)}" is not a known entity`);
  const literal = objectSpec !== undefined && 'value' in objectSpec && typeof objectSpec.value === 'string' ? objectSpec.value : undefined;
  // A quick bound first, as for an assertion: the common call builds no list of its strings.
  if (quickUnits(input.predicate) + quickUnits(reason) + quickUnits(literal) + LINE_SLACK > mem.logBuffer.maxLineUnits) {
    checkLineSize(call, mem.logBuffer.maxLineUnits, [input.predicate, reason, literal]);
  }
  const subjectSpec = subject;
  const p = mem.predicateNames.find(input.predicate);
  if (reason === undefined && p !== NONE && object !== NONE) {
    // The common retraction is logged as a record of ids (log-records.ts); object NONE there means every object.
    mem.logBuffer.appendRetract(at, validFrom, validTo, subjectSpec, p, object === undefined ? NONE : object);
    mem.lastRecordedAt = at;
  } else {
    commit(
      mem,
      {
        type: 'retract',
        recordedAt: at,
        subject: subjectSpec,
        predicate: input.predicate,
        ...(objectSpec === undefined ? {} : { object: objectSpec }),
        validFrom: validFrom === -Infinity ? null : validFrom,
        ...(validTo === Infinity ? {} : { validTo }),
        ...(reason === undefined ? {} : { reason }),
      },
      at,
    );
  }
  if (p === NONE || object === NONE) return { closed: [], added: [] };
  const firstNew = mem.store.rowCount;
  const result = applyRetract(mem, subjectSpec, p, object, validFrom, validTo, at);
  mem.dependencies.settle(mem, at, firstNew);
  return result;
}

/** Records an episode: raw evidence (a turn, a session, a document) at its time `at`. */
export function writeEpisode(mem: MemoryTables, raw: EpisodeInput): Episode {
  const call = 'MemoryGraph.episode';
  const input = readInput<EpisodeInput>(call, raw, SHAPES.episode);
  mem.checkEpisodeId(input.id, call);
  checkText(input.text, call, 'text');
  const at = toMillis(input.at, call, 'at');
  const speaker = input.speaker;
  const session = input.session;
  const vector = input.vector === undefined ? undefined : mem.checkVector(input.vector, call);
  const recordedAt = mem.stamp(input.recordedAt, call);
  const listed = input.entities?.length ?? 0;
  // The episode's line, bounded before the entities it names are created (their own lines are small).
  checkLineSize(call, mem.logBuffer.maxLineUnits, [input.id, input.text, speaker, session], listed * ID_UNITS + (vector === undefined ? 0 : vectorUnits(mem.dimensions)));
  const pending = (input.entities ?? []).map((e, i) => pendingEntity(mem, e, call, `entities[${i}]`, recordedAt));
  const entities = [...new Set(pending.map((p) => materialise(mem, p, recordedAt)))];
  // logged as the index the episode takes (its text is kept by the table alone: log-records.ts)
  const index = mem.episodes.count;
  mem.logBuffer.appendEpisode(
    {
      type: 'episode',
      recordedAt,
      id: input.id,
      text: input.text,
      at,
      ...(speaker === undefined ? {} : { speaker }),
      ...(session === undefined ? {} : { session }),
      ...(entities.length === 0 ? {} : { entities }),
      ...(vector === undefined ? {} : { vector: vectorToText(vector) }),
    },
    index,
  );
  mem.lastRecordedAt = recordedAt;
  mem.episodes.add(input.id, input.text, at, recordedAt, speaker, entities, vector, session);
  mem.indexForRecall();
  return episodeInfo(mem, index);
}

export function setArchived(mem: MemoryTables, type: 'archive' | 'unarchive', ids: readonly number[], options: { recordedAt?: TimeInput }): void {
  const call = `MemoryGraph.${type}`;
  const facts = checkFactIds(mem, ids, call);
  const at = mem.stamp(readOptions<{ recordedAt?: TimeInput }>(call, options, SHAPES.recordedAt).recordedAt, call);
  checkLineSize(call, mem.logBuffer.maxLineUnits, [], facts.length * ID_UNITS);
  commit(mem, { type, recordedAt: at, facts }, at);
  for (const row of facts) mem.store.meta.setArchivedAt(row, type === 'archive' ? at : NaN, mem.store.rowCount);
}

/** Records that versions were retrieved (use count and last use drive salience). */
export function writeTouch(mem: MemoryTables, ids: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
  const call = 'MemoryGraph.touch';
  const facts = checkFactIds(mem, ids, call);
  const at = mem.stamp(readOptions<{ recordedAt?: TimeInput }>(call, options, SHAPES.recordedAt).recordedAt, call);
  checkLineSize(call, mem.logBuffer.maxLineUnits, [], facts.length * ID_UNITS);
  commit(mem, { type: 'retrieved', recordedAt: at, facts }, at);
  for (const row of facts) mem.store.meta.touch(row, at, mem.store.rowCount);
}

/** Sets salience values in [0, 1] (used by consolidation); a logged operation. */
export function writeSalience(mem: MemoryTables, ids: readonly number[], values: readonly number[], options: { recordedAt?: TimeInput } = {}): void {
  const call = 'MemoryGraph.setSalience';
  const facts = checkFactIds(mem, ids, call);
  const given = readList(call, values, 'values');
  if (given.length !== facts.length) throw new InvalidArgumentError(`${call}: values must be an array as long as ids (${facts.length})`);
  const checked = given.map((v, i) => checkConfidence(v, call, `values[${i}]`));
  const at = mem.stamp(readOptions<{ recordedAt?: TimeInput }>(call, options, SHAPES.recordedAt).recordedAt, call);
  // Stored as float32: log the stored value so a replay stores the same bits.
  const stored = checked.map((v) => Math.fround(v));
  checkLineSize(call, mem.logBuffer.maxLineUnits, [], facts.length * (ID_UNITS + NUMBER_UNITS));
  commit(mem, { type: 'salience', recordedAt: at, facts, values: stored }, at);
  facts.forEach((row, i) => mem.store.meta.setSalience(row, stored[i]!, mem.store.rowCount));
}

/** Appends an accepted operation to the log and moves the record clock. */
export function commit(mem: MemoryTables, op: Operation, at: number): void {
  mem.logBuffer.append(op);
  mem.lastRecordedAt = at;
}

export function createEntity(
  mem: MemoryTables,
  canonical: string,
  display: string,
  type: string | undefined,
  at: number,
  aliases: readonly string[],
  vector: Float32Array | undefined,
): number {
  const id = mem.entities.add(canonical, display, type, at);
  const fresh = [...new Set(aliases)].filter((a) => a !== canonical && mem.entities.lookup(a) === NONE);
  for (const a of fresh) mem.entities.addAlias(id, a);
  if (vector !== undefined) mem.entities.setVector(id, vector);
  mem.store.reserveEntities(id + 1);
  commit(
    mem,
    {
      type: 'entity',
      recordedAt: at,
      id,
      name: display,
      ...(type === undefined ? {} : { entityType: type }),
      ...(fresh.length === 0 ? {} : { aliases: fresh }),
      ...(vector === undefined ? {} : { vector: vectorToText(vector) }),
    },
    at,
  );
  return id;
}

export function refer(mem: MemoryTables, pending: PendingEntity, rejected: boolean, at: number): number | { name: string } {
  if (typeof pending === 'number') return pending;
  return rejected ? { name: pending.display } : materialise(mem, pending, at);
}

export function materialise(mem: MemoryTables, pending: PendingEntity, at: number): number {
  if (typeof pending === 'number') return pending;
  const existing = mem.entities.lookup(pending.create);
  // Two references to one new name in a single call create it once.
  if (existing !== NONE) return mem.entities.resolveAt(existing, at);
  return createEntity(mem, pending.create, pending.display, undefined, at, [], undefined);
}
