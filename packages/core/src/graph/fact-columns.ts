// The columnar form of a fact read: one array per field, no object per version.
import { InvalidArgumentError, NotFoundError } from '../errors.js';
import { literalCode } from '../store/fact-store.js';
import type { Fact, FactQuery, LiteralValue } from '../types.js';
import { factAt } from './fact-objects.js';
import type { MemoryTables } from './tables.js';
import { cutOf, factMatches } from './reads.js';
import { readFactQuery } from './validate.js';

/**
 * The versions `facts(query)` returns, in the same order, as columns: for callers that scan many versions
 * and want no object per version. The columns are copies taken at the read (later writes do not change
 * them); `fact(i)` builds the plain `Fact` of the i-th version as the memory holds it when called (the
 * same object `mem.fact(id[i])` gives).
 */
export interface FactColumns {
  readonly length: number;
  /** Version ids, ascending. */
  readonly id: Int32Array;
  /** Subject entity ids. */
  readonly subject: Int32Array;
  /** Predicate names (interned strings: no string is made per version). */
  readonly predicate: readonly string[];
  /** Object entity ids; -1 where the object is a literal. */
  readonly objectEntity: Int32Array;
  /** Literal objects; null where the object is an entity. */
  readonly objectValue: ReadonlyArray<LiteralValue | null>;
  readonly validFrom: Float64Array;
  readonly validTo: Float64Array;
  readonly recordedAt: Float64Array;
  readonly invalidAt: Float64Array;
  readonly confidence: Float32Array;
  /** The display name of an entity id found in `subject` or `objectEntity`. */
  entityName(id: number): string;
  /** The plain Fact of the i-th version (0 ≤ i < length). */
  fact(i: number): Fact;
}

export function readFactColumns(mem: MemoryTables, raw: FactQuery = {}): FactColumns {
  const call = 'MemoryGraph.factColumns';
  const query = readFactQuery(call, raw);
  const { v, k } = cutOf(mem, query, call);
  const m = factMatches(mem, query, v, k, call, true);
  return columnsOfRows(mem, m.rows, m.times);
}

/** The columns of `rows`; an entity-local cut passes its slot times (three a row), read by the scan. */
function columnsOfRows(mem: MemoryTables, rows: readonly number[], times: readonly number[] | undefined): FactColumns {
  const st = mem.store;
  const n = rows.length;
  const id = Int32Array.from(rows);
  const subject = new Int32Array(n);
  const predicate = new Array<string>(n);
  const objectEntity = new Int32Array(n);
  const objectValue = new Array<LiteralValue | null>(n);
  const validFrom = new Float64Array(n);
  const validTo = new Float64Array(n);
  const recordedAt = new Float64Array(n);
  const invalidAt = new Float64Array(n);
  const confidence = new Float32Array(n);
  // One column per loop, as fact-objects.ts builds Facts: the loads of a loop are independent, so their cache
  // misses overlap; `subject` holds the triples until the second loop reads them.
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    subject[i] = st.triple[r]!;
    recordedAt[i] = st.recordedAtOf(r);
    confidence[i] = st.confidenceOf(r);
    if (times === undefined) {
      validFrom[i] = st.validFromOf(r);
      validTo[i] = st.validToOf(r);
      invalidAt[i] = st.invalidAtOf(r);
    }
  }
  if (times !== undefined) {
    for (let i = 0, j = 0; i < n; i++, j += 3) {
      validFrom[i] = times[j]!;
      validTo[i] = times[j + 1]!;
      invalidAt[i] = times[j + 2]!;
    }
  }
  for (let i = 0; i < n; i++) {
    const t = subject[i]!;
    const o = st.tObject[t]!;
    subject[i] = st.tSubject[t]!;
    predicate[i] = mem.predicateNames.get(st.tPredicate[t]!);
    objectEntity[i] = o >= 0 ? o : -1;
    objectValue[i] = o >= 0 ? null : mem.literals[literalCode(o)]!;
  }
  return {
    length: n,
    id,
    subject,
    predicate,
    objectEntity,
    objectValue,
    validFrom,
    validTo,
    recordedAt,
    invalidAt,
    confidence,
    entityName: (entity: number) => {
      if (!Number.isInteger(entity) || entity < 0 || entity >= mem.entities.count) {
        throw new NotFoundError(`FactColumns.entityName: no entity #${String(entity)}`);
      }
      return mem.entities.displayName(entity);
    },
    fact: (i: number) => {
      if (!Number.isInteger(i) || i < 0 || i >= n) throw new InvalidArgumentError(`FactColumns.fact: index ${String(i)} is outside [0, ${n})`);
      return factAt(mem, id[i]!);
    },
  };
}
