// A memory rebuilt from a rewritten log (rewrite.ts): each kept operation applied through the public calls, as
// a replay does, so the rebuilt memory and a replay of its log are the same memory. Operations naming fact
// versions by id are mapped onto the rebuilt versions (the same triple, validity and record time).
import { InvalidArgumentError } from '../errors.js';
import { literalCode } from '../store/fact-store.js';
import type { ArchiveOp, AssertOp, Operation, RetrievedOp, SalienceOp } from '../log/log.js';
import type { MemoryTables } from '../graph/tables.js';
import { MissingEmbedder } from '../recall/embedder-config.js';
import type { Embedder } from '../types.js';
import { applyOp, replayLog } from '../log/replay.js';
import { describeError } from '../graph/validate.js';
import type { Rewritten } from './rewrite.js';

/** A fact version's identity across the two memories: triple (entities in new ids), validity, record time. */
function rowKey(mem: MemoryTables, row: number, entity: (id: number) => number): string | undefined {
  const st = mem.store;
  const t = st.triple[row]!;
  const s = entity(st.tSubject[t]!);
  const o = st.tObject[t]!;
  let object: string;
  if (o >= 0) {
    const id = entity(o);
    if (id < 0) return undefined;
    object = `e${id}`;
  } else {
    const v = mem.literals[literalCode(o)]!;
    object = `${typeof v}:${String(v)}`;
  }
  if (s < 0) return undefined;
  return `${s}\u0000${mem.predicateNames.get(st.tPredicate[t]!)}\u0000${object}\u0000${st.validFromOf(row)}\u0000${st.validToOf(row)}\u0000${st.recordedAtOf(row)}`;
}

/** Old version ids → rebuilt ones, the rebuilt versions indexed as the replay creates them. */
class RowMap {
  private readonly keys = new Map<string, number>();
  private indexed = 0;

  constructor(
    private readonly oldKeys: ReadonlyMap<number, string | undefined>,
    private readonly fresh: MemoryTables,
  ) {}

  /** The rebuilt version of old version `row`, or undefined (forgotten, or not rebuilt as such). */
  map(row: number): number | undefined {
    for (; this.indexed < this.fresh.store.rowCount; this.indexed++) {
      const key = rowKey(this.fresh, this.indexed, (id) => id);
      if (key !== undefined && !this.keys.has(key)) this.keys.set(key, this.indexed);
    }
    const key = this.oldKeys.get(row);
    return key === undefined ? undefined : this.keys.get(key);
  }
}

/** A fact-id operation with its ids mapped; undefined when none is left. `changed`: some id was dropped. */
function mapFactOp(op: ArchiveOp | RetrievedOp | SalienceOp, rows: RowMap): { op: Operation | undefined; changed: boolean } {
  const facts: number[] = [];
  const values: number[] = [];
  op.facts.forEach((row, i) => {
    const mapped = rows.map(row);
    if (mapped === undefined) return;
    facts.push(mapped);
    if (op.type === 'salience') values.push(op.values[i]!);
  });
  const changed = facts.length !== op.facts.length;
  if (facts.length === 0) return { op: undefined, changed };
  return { op: op.type === 'salience' ? { ...op, facts, values } : { ...op, facts }, changed };
}

/**
 * An assertion's premises mapped onto the rebuilt versions. A forgotten premise is dropped from the list:
 * the memory is the one never told it, and a memory never told a premise recorded no link to it.
 */
function mapPremises(op: AssertOp, rows: RowMap, rewritten: Rewritten): AssertOp {
  const kept: number[] = [];
  for (const id of op.dependsOn!) {
    const mapped = rows.map(id);
    if (mapped !== undefined) kept.push(mapped);
  }
  if (kept.length !== op.dependsOn!.length) rewritten.counts.operations++;
  // A rule answers a change of the premises: with none left it has nothing to answer.
  const { dependsOn: _, onPremiseChange: __, ...rest } = op;
  if (kept.length === 0) return rest;
  return op.onPremiseChange === undefined ? { ...rest, dependsOn: kept } : { ...rest, dependsOn: kept, onPremiseChange: op.onPremiseChange };
}

/**
 * What a rebuild reads of the memory it forgets from, taken before it starts: none of its tables, so a store
 * that cannot hold two memories may let the old one go first. `oldKeys`: each fact version the kept
 * operations name, as its identity in the rebuilt memory's entity ids (rowKey).
 */
export interface RebuildSource {
  clock: () => number;
  embedder: Embedder | undefined;
  indexAtEnd: boolean;
  oldKeys: Map<number, string | undefined>;
}

export function rebuildSource(old: MemoryTables, rewritten: Rewritten): RebuildSource {
  const oldKeys = new Map<number, string | undefined>();
  const named = (rows: readonly number[]): void => {
    for (const row of rows) if (!oldKeys.has(row)) oldKeys.set(row, rowKey(old, row, (id) => rewritten.entityMap[id] ?? -1));
  };
  for (const op of rewritten.ops) {
    if (op.type === 'archive' || op.type === 'unarchive' || op.type === 'retrieved' || op.type === 'salience') named(op.facts);
    else if (op.type === 'assert' && op.dependsOn !== undefined) named(op.dependsOn);
  }
  // The old memory's embedder: a model, not the stand-in a load without one gets.
  const embedder = old.embedder instanceof MissingEmbedder ? undefined : old.embedder;
  return { clock: old.clock, embedder, indexAtEnd: indexAtEnd(old), oldKeys };
}

/**
 * The memory the rewritten log describes. Adds fact-id operations it rewrote to the counts. Consumes
 * `rewritten.ops`: each is let go once applied (the rebuilt memory logs its own copy).
 */
export function rebuildMemory(old: RebuildSource, rewritten: Rewritten, call: string): MemoryTables {
  // A forget only removes: a memory without aliases rebuilds without them, so indexing at the end builds
  // what indexing write by write would (indexAtEnd).
  const fresh = replayRewritten(old, rewritten, call, old.indexAtEnd);
  // Recall's indexes completed here (all of them, or what the last writes left, as a replay's load does):
  // the first recall after a forget builds nothing.
  fresh.indexForRecall();
  return fresh;
}

/**
 * Whether the rebuild may index for recall once at its end instead of write by write: only where both build
 * the same indexes. Without aliases (a speaker's aliases join the words left out of later turns as the writes
 * meet them, which an index built at the end sees only after every turn) and without vectors or a model (a
 * model's HNSW grows a step per write), they do: each index takes episodes, entities and facts in the order
 * written either way.
 */
function indexAtEnd(old: MemoryTables): boolean {
  return old.embedder === undefined && old.dimensions === 0 && old.entities.aliasEntity.length === 0;
}

function replayRewritten(old: RebuildSource, rewritten: Rewritten, call: string, deferIndexing: boolean): MemoryTables {
  const ops = rewritten.ops;
  const embedder = old.embedder === undefined ? {} : { embedder: old.embedder };
  const fresh = replayLog(ops.slice(0, 1), { now: old.clock, ...embedder, recallIndex: 'first-recall' });
  const rows = new RowMap(old.oldKeys, fresh);
  fresh.recallIndexDeferred = deferIndexing;
  try {
    applyRewritten(fresh, ops, rows, rewritten, call);
  } finally {
    fresh.recallIndexDeferred = false;
  }
  return fresh;
}

function applyRewritten(fresh: MemoryTables, ops: readonly Operation[], rows: RowMap, rewritten: Rewritten, call: string): void {
  for (let i = 1; i < ops.length; i++) {
    let op: Operation | undefined = ops[i]!;
    (ops as (Operation | undefined)[])[i] = undefined;
    if (op.type === 'archive' || op.type === 'unarchive' || op.type === 'retrieved' || op.type === 'salience') {
      const mapped = mapFactOp(op, rows);
      if (mapped.changed) rewritten.counts.operations++;
      op = mapped.op;
      if (op === undefined) continue;
    } else if (op.type === 'assert' && op.dependsOn !== undefined) {
      op = mapPremises(op, rows, rewritten);
    }
    try {
      applyOp(fresh, op);
    } catch (error) {
      // The rewritten log is one a memory could have written; a refusal here is a fault in this module.
      throw new InvalidArgumentError(`${call}: the rewritten log did not apply at operation ${i} (${op.type}): ${describeError(error)}; nothing was forgotten`);
    }
  }
}
