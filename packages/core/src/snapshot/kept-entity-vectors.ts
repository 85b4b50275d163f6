// The entities' vectors of the built-in embedder in a snapshot, as recall's index stored them (unit-length
// sparse rows): a load reads them instead of hashing every entity's name again. Derived data: a state
// without them (an older file, another embedder's settings) loads by embedding the names, as before.
import { CorruptSnapshotError } from '../errors.js';
import type { ColumnArray, MemoryState } from '../state.js';
import type { ColumnWriter, SnapshotSource } from './snapshot-source.js';
import type { MemoryTables } from '../graph/tables.js';

/** What the kept rows were made by: the built-in embedder of this id (its dimensions and weights). */
export function keptEntityVectorsTag(embedderId: string): string {
  return `entity-vectors/${embedderId}/1`;
}

const TAG = 'recall.entityVectors';
const COLUMNS = {
  labels: 'recall.entityVectors.labels',
  starts: 'recall.entityVectors.starts',
  slots: 'recall.entityVectors.slots',
  values: 'recall.entityVectors.values',
} as const;

/** The state with the entities' kept vectors added, when recall has indexed every entity with the built-in embedder. */
export function withKeptEntityVectors<S extends SnapshotSource>(mem: MemoryTables, state: S): S {
  const engine = mem.recallIndexIfBuilt();
  const rows = engine?.exportEntityVectors();
  if (engine === undefined || rows === undefined) return state;
  const columns: Record<string, ColumnArray | ColumnWriter> = {
    ...state.columns,
    [COLUMNS.labels]: rows.labels,
    [COLUMNS.starts]: rows.starts,
    [COLUMNS.slots]: rows.slots,
    [COLUMNS.values]: rows.values,
  };
  return { ...state, columns, strings: { ...state.strings, [TAG]: [keptEntityVectorsTag(engine.embedder.id)] } };
}

/**
 * Hands a loaded memory's recall engine the entities' vectors its state kept, when they are there and were
 * made by the embedder it uses; damaged ones (lengths, labels, slots, values that do not fit) are
 * CorruptSnapshotError naming the columns.
 */
export function restoreKeptEntityVectors(mem: MemoryTables, state: MemoryState): void {
  const tag = state.strings[TAG];
  if (!Array.isArray(tag) || tag.length !== 1) return;
  const engine = mem.recallIndex();
  if (!engine.hashedVectors || tag[0] !== keptEntityVectorsTag(engine.embedder.id)) return;
  const bad = (why: string): never => {
    throw new CorruptSnapshotError(`MemoryGraph.fromState: recall's kept entity vectors: ${why}`);
  };
  const column = <T>(name: string, type: new (n: number) => T): T => {
    const c = state.columns[name];
    return c instanceof type ? c : bad(`column "${name}" is missing or not ${type.name}`);
  };
  const labels = column(COLUMNS.labels, Uint32Array);
  const starts = column(COLUMNS.starts, Uint32Array);
  const slots = column(COLUMNS.slots, Uint32Array);
  const values = column(COLUMNS.values, Float32Array);
  const entities = mem.entities.count;
  const dims = engine.entityVectors.dimensions;
  const where = `"${COLUMNS.labels}", "${COLUMNS.starts}", "${COLUMNS.slots}" and "${COLUMNS.values}" do not fit`;
  if (starts.length !== labels.length + 1 || starts[0] !== 0) bad(`${where}: ${starts.length} starts for ${labels.length} rows`);
  if (starts[labels.length] !== slots.length || slots.length !== values.length) bad(`${where}: ${slots.length} slots and ${values.length} values for ${starts[labels.length]}`);
  for (let r = 0; r < labels.length; r++) {
    if (labels[r]! >= entities || (r > 0 && labels[r]! <= labels[r - 1]!)) bad(`${where}: row ${r} is entity ${labels[r]} (of ${entities}, ascending)`);
    if (starts[r + 1]! < starts[r]!) bad(`${where}: row ${r} ends before it starts`);
    for (let j = starts[r]!; j < starts[r + 1]!; j++) {
      if (slots[j]! >= dims || (j > starts[r]! && slots[j]! <= slots[j - 1]!)) bad(`${where}: coordinate ${j} is slot ${slots[j]} (of ${dims}, ascending in its row)`);
      if (!Number.isFinite(values[j]!)) bad(`${where}: coordinate ${j} is ${values[j]}`);
    }
  }
  engine.restoreEntityVectors({ labels, starts, slots, values }, entities);
}
