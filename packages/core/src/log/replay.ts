// Rebuilding a memory from its operation log: each logged operation goes through the public call that wrote it.
import { InvalidArgumentError } from '../errors.js';
import { NONE } from '../store/fact-store.js';
import type { EdgeType, MemoryGraphOptions } from '../types.js';
import { checkName, displayName } from '../util/names.js';
import { vectorFromText } from '../util/vector-text.js';
import { checkLoadConfig } from '../graph/config-check.js';
import type { LoadConfigOptions } from '../graph/config-check.js';
import { readEmbedderConfig, refuseMismatch, RESTORED_EMBEDDER } from '../recall/embedder-config.js';
import type { EntityOp, Operation } from './log.js';
import { checkOp, preview } from './replay-ops.js';
import { requireKnown } from '../graph/resolve.js';
import { checkText, describeError, readList, readOptions, SHAPES, show } from '../graph/validate.js';
import { MemoryTables } from '../graph/tables.js';
import {
  assertFact,
  createEntity,
  setArchived,
  writeDefinePredicate,
  writeEntity,
  writeEpisode,
  writeMerge,
  writeRetract,
  writeSalience,
  writeTouch,
} from '../graph/write-calls.js';
import { applyForgetOp } from '../forget/tombstone.js';

/**
 * The options every load (replay, fromState) takes; `recallIndex` says when recall's indexes are built: in the
 * load's own pass ('load', the default: the first recall costs like any other) or at the first recall.
 */
export type LoadOptions = Pick<MemoryGraphOptions, 'now' | 'embedder'> & LoadConfigOptions & { recallIndex?: 'load' | 'first-recall' };

/** The `recallIndex` option, checked. */
export function recallIndexOption(call: string, options: LoadOptions): 'load' | 'first-recall' {
  const value = options.recallIndex ?? 'load';
  if (value !== 'load' && value !== 'first-recall') throw new InvalidArgumentError(`${call}: recallIndex must be 'load' or 'first-recall'`);
  return value;
}

/**
 * Rebuilds a memory from a log. `options.now` sets the new memory's clock; the configuration comes from
 * the log, and a `predicates`/`minConfidence`/`dimensions` option that disagrees with it is refused
 * (ConfigMismatchError naming the key).
 */
export function replayLog(ops: readonly Operation[], given: LoadOptions): MemoryTables {
  const call = 'MemoryGraph.replay';
  const options = readOptions<LoadOptions>(call, given, SHAPES.loadOptions);
  const recallIndex = recallIndexOption(call, options);
  const plain = readOps(call, ops);
  const first = plain[0];
  if (first === undefined || first.type !== 'init') {
    throw new InvalidArgumentError(`${call}: a log starts with its 'init' operation (the memory's configuration)`);
  }
  if (first.version !== 1) throw new InvalidArgumentError(`${call}: log version ${show(first.version)} is not supported`);
  const stored = readEmbedderConfig(first.embedder);
  if (typeof stored === 'string') throw new InvalidArgumentError(`${call}: the init operation's ${stored}`);
  refuseMismatch(call, stored, first.dimensions ?? 0, options.embedder);
  let mem: MemoryTables;
  try {
    mem = new MemoryTables({
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
      ...(first.minConfidence === undefined ? {} : { minConfidence: first.minConfidence }),
      ...(first.dimensions === undefined ? {} : { dimensions: first.dimensions }),
      ...(first.predicates === undefined ? {} : { predicates: first.predicates }),
      ...(first.defaultSpeaker === undefined ? {} : { defaultSpeaker: first.defaultSpeaker }),
      [RESTORED_EMBEDDER]: stored,
    } as MemoryGraphOptions);
  } catch (error) {
    throw new InvalidArgumentError(`${call}: operation 0 (init) failed: ${describeError(error)}`);
  }
  // The new memory is returned only when every operation applied: a refusal leaves nothing behind.
  applyInOrder(call, mem, plain, 1);
  checkLoadConfig(call, mem.storedConfig(), options);
  // Episodes were indexed as they were applied; what asserts added is indexed here, so the first recall
  // after a replay costs like any other (asserts are indexed at the next episode or recall, not one by one).
  if (recallIndex === 'load') mem.indexForRecall();
  return mem;
}

/**
 * Applies a log's tail (the operations after a snapshot) to a memory, in order, with their own stamps. Every
 * operation is read and shape-checked before the first is applied; one that then fails throws
 * InvalidArgumentError naming its index, and those before it stay applied (each is all or nothing itself), so
 * a caller applies a tail to a memory it can discard — a freshly loaded snapshot.
 */
export function applyTail(mem: MemoryTables, ops: readonly Operation[]): void {
  const call = 'MemoryGraph.applyOps';
  applyInOrder(call, mem, readOps(call, ops), 0);
}

/** Every operation read once into plain JSON values and shape-checked, before the first is applied. */
function readOps(call: string, ops: readonly Operation[]): Operation[] {
  if (!Array.isArray(ops)) throw new InvalidArgumentError(`${call}: ops must be an array of operations`);
  return readList(call, ops, 'ops').map((op, i) => checkOp(call, op, i));
}

/** Applies `plain[from..]` in order; a failure names the operation by its index in `plain`. */
function applyInOrder(call: string, mem: MemoryTables, plain: readonly Operation[], from: number): void {
  for (let i = from; i < plain.length; i++) {
    try {
      applyOp(mem, plain[i]!);
    } catch (error) {
      const message = error instanceof Error ? error.message : describeError(error);
      throw new InvalidArgumentError(`${call}: operation ${i} (${preview(plain[i]!)}) failed: ${message}`);
    }
  }
}

/** Applies one logged operation through the public calls, with its own stamps. */
export function applyOp(mem: MemoryTables, op: Operation): void {
  switch (op.type) {
    case 'init':
      throw new InvalidArgumentError(`an 'init' operation may only come first`);
    case 'predicate':
      writeDefinePredicate(mem, op.name, { cardinality: op.cardinality, ...(op.minConfidence === undefined ? {} : { minConfidence: op.minConfidence }) }, op.recordedAt);
      return;
    case 'entity':
      applyEntity(mem, op);
      return;
    case 'alias':
      writeEntity(mem, { name: mem.entities.canonical(requireKnown(mem, { id: op.entity }, 'alias')), aliases: op.aliases, recordedAt: op.recordedAt });
      return;
    case 'merge':
      writeMerge(mem, { into: { id: op.into }, from: { id: op.from }, recordedAt: op.recordedAt });
      return;
    case 'assert': {
      const result = assertFact(mem, {
        subject: typeof op.subject === 'number' ? { id: op.subject } : op.subject.name,
        predicate: op.predicate,
        object: 'name' in op.object ? op.object.name : op.object,
        validFrom: op.validFrom ?? -Infinity,
        validTo: op.validTo === undefined ? Infinity : op.validTo, // the log leaves an open end out; null is refused
        recordedAt: op.recordedAt,
        confidence: op.confidence,
        ...(op.source === undefined ? {} : { source: op.source }),
        ...(op.evidence === undefined ? {} : { evidence: op.evidence }),
        ...(op.reason === undefined ? {} : { reason: op.reason }),
        ...(op.edgeType === undefined ? {} : { edgeType: op.edgeType as EdgeType }),
        ...(op.episode === undefined ? {} : { episode: op.episode }),
        ...(op.dependsOn === undefined ? {} : { dependsOn: op.dependsOn }),
        ...(op.onPremiseChange === undefined ? {} : { onPremiseChange: { object: 'name' in op.onPremiseChange.object ? op.onPremiseChange.object.name : op.onPremiseChange.object } }),
        ...(op.alongside === undefined ? {} : { alongside: op.alongside }),
      });
      if ((result.status === 'rejected') !== (op.rejected === true)) {
        throw new InvalidArgumentError(`the grounding gate decided differently than when the log was written`);
      }
      return;
    }
    case 'retract':
      writeRetract(mem, {
        subject: { id: op.subject },
        predicate: op.predicate,
        ...(op.object === undefined ? {} : { object: op.object }),
        validFrom: op.validFrom ?? -Infinity,
        validTo: op.validTo === undefined ? Infinity : op.validTo, // the log leaves an open end out; null is refused
        recordedAt: op.recordedAt,
        ...(op.reason === undefined ? {} : { reason: op.reason }),
      });
      return;
    case 'episode':
      writeEpisode(mem, {
        id: op.id,
        text: op.text,
        at: op.at,
        recordedAt: op.recordedAt,
        ...(op.speaker === undefined ? {} : { speaker: op.speaker }),
        ...(op.session === undefined ? {} : { session: op.session }),
        ...(op.vector === undefined ? {} : { vector: typeof op.vector === 'string' ? vectorFromText(op.vector, 'episode') : op.vector }),
        ...(op.entities === undefined ? {} : { entities: op.entities.map((id) => ({ id })) }),
      });
      return;
    case 'archive':
    case 'unarchive':
      setArchived(mem, op.type, op.facts, { recordedAt: op.recordedAt });
      return;
    case 'retrieved':
      writeTouch(mem, op.facts, { recordedAt: op.recordedAt });
      return;
    case 'salience':
      writeSalience(mem, op.facts, op.values, { recordedAt: op.recordedAt });
      return;
    case 'forget':
      applyForgetOp(mem, op);
      return;
    default:
      throw new InvalidArgumentError(`unknown operation type ${JSON.stringify((op as { type?: unknown }).type)}`);
  }
}

/** A logged entity, checked as logged (its id next in order, its name a display name) and created with its own stamp. */
function applyEntity(mem: MemoryTables, op: EntityOp): void {
  if (op.id !== mem.entities.count) throw new InvalidArgumentError(`entity id ${show(op.id)} is out of order (next is ${mem.entities.count})`);
  const canonical = checkName(op.name, 'entity', 'name');
  // The display name as logged (already stripped when it was first written): it must read back the same.
  if (displayName(op.name) !== op.name) throw new InvalidArgumentError(`entity name ${JSON.stringify(op.name)} is not a display name`);
  if (mem.entities.lookup(canonical) !== NONE) throw new InvalidArgumentError(`entity "${op.name}" exists already`);
  const aliases = readList('entity', op.aliases ?? [], 'aliases').map((a) => checkName(a, 'entity', 'alias'));
  if (op.entityType !== undefined) checkText(op.entityType, 'entity', 'entityType');
  const vector = op.vector === undefined ? undefined : mem.checkVector(typeof op.vector === 'string' ? vectorFromText(op.vector, 'entity') : (readList('entity', op.vector, 'vector') as number[]), 'entity');
  const at = mem.stamp(op.recordedAt, 'entity');
  createEntity(mem, canonical, op.name, op.entityType, at, aliases, vector);
}
