// A memory rebuilt from a rewritten log (rewrite.ts): each kept operation applied through the public calls, as
// a replay does, so the rebuilt memory and a replay of its log are the same memory. Operations naming fact
// versions by id are mapped onto the rebuilt versions (the same triple, validity and record time).
import { InvalidArgumentError } from '../errors.js';
import { literalCode } from '../store/fact-store.js';
import type { ArchiveOp, AssertOp, Operation, RetrievedOp, SalienceOp } from '../log/log.js';
import type { MemoryTables } from '../graph/tables.js';
import { MissingEmbedder } from '../recall/embedder-config.js';
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
    private readonly old: MemoryTables,
    private readonly fresh: MemoryTables,
    private readonly entityMap: Int32Array,
  ) {}

  /** The rebuilt version of old version `row`, or undefined (forgotten, or not rebuilt as such). */
  map(row: number): number | undefined {
    for (; this.indexed < this.fresh.store.rowCount; this.indexed++) {
      const key = rowKey(this.fresh, this.indexed, (id) => id);
      if (key !== undefined && !this.keys.has(key)) this.keys.set(key, this.indexed);
    }
    const key = rowKey(this.old, row, (id) => this.entityMap[id] ?? -1);
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

/** The memory the rewritten log describes; `old` is only read. Adds fact-id operations it rewrote to the counts. */
export function rebuildMemory(old: MemoryTables, rewritten: Rewritten, call: string): MemoryTables {
  const ops = rewritten.ops;
  // The old memory's clock and embedder (a model, not the stand-in a load without one gets).
  const embedder = old.embedder === undefined || old.embedder instanceof MissingEmbedder ? {} : { embedder: old.embedder };
  const fresh = replayLog(ops.slice(0, 1), { now: old.clock, ...embedder, recallIndex: 'first-recall' });
  const rows = new RowMap(old, fresh, rewritten.entityMap);
  applyRewritten(fresh, ops, rows, rewritten, call);
  return fresh;
}

function applyRewritten(fresh: MemoryTables, ops: readonly Operation[], rows: RowMap, rewritten: Rewritten, call: string): void {
  for (let i = 1; i < ops.length; i++) {
    let op: Operation | undefined = ops[i]!;
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
