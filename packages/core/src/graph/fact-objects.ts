// Fact objects: the plain `Fact` of a row, one at a time or for a whole result.
import { literalCode, NONE } from '../store/fact-store.js';
import { EDGE_TYPES } from '../types.js';
import type { EdgeType, Fact } from '../types.js';
import type { MemoryTables } from './tables.js';

/**
 * Building Facts column by column. In a large memory each of a Fact's row columns is a cache miss at a row
 * far from the last one, and the names sit behind a chain of them (row → triple → object → name). Built one
 * Fact at a time, each Fact waits for its chain in turn; gathered a column at a time over a chunk of rows
 * first, the loads of one loop are independent and the processor overlaps their misses (an entity-local cut
 * at 1.17M versions built its Facts in 0.55× the time). The scratch columns are reused by every read (reads
 * are synchronous and run no caller code while building).
 */
const CHUNK = 256;
const g = {
  triple: new Int32Array(CHUNK),
  subject: new Int32Array(CHUNK),
  predicate: new Int32Array(CHUNK),
  object: new Int32Array(CHUNK),
  validFrom: new Float64Array(CHUNK),
  validTo: new Float64Array(CHUNK),
  recordedAt: new Float64Array(CHUNK),
  invalidAt: new Float64Array(CHUNK),
  confidence: new Float32Array(CHUNK),
  lastSeenAt: new Float64Array(CHUNK),
  evidence: new Int32Array(CHUNK),
  provenance: new Int32Array(CHUNK),
  episode: new Int32Array(CHUNK),
  superseded: new Int32Array(CHUNK),
  meta: new Uint8Array(CHUNK),
};

/** Fact objects of row ids known to exist (no per-id check), in their order. */
export function factsOfRows(mem: MemoryTables, rows: readonly number[]): Fact[] {
  return buildFacts(mem, rows, NONE, undefined);
}

/**
 * The Facts of an entity-local cut: every row has `subject` as its subject (its name is read once) and its
 * validFrom, validTo and invalidAt come three a row in `times`, as the subject index's scan read them.
 */
export function factsOfSubject(mem: MemoryTables, subject: number, rows: readonly number[], times: readonly number[]): Fact[] {
  return buildFacts(mem, rows, subject, times);
}

/** The plain Fact of a row that exists. */
export function factAt(mem: MemoryTables, id: number): Fact {
  return buildFacts(mem, [id], NONE, undefined)[0]!;
}

function buildFacts(mem: MemoryTables, rows: readonly number[], subject: number, times: readonly number[] | undefined): Fact[] {
  const out = new Array<Fact>(rows.length);
  const subjectName = subject === NONE ? '' : mem.entities.displayName(subject);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const n = Math.min(CHUNK, rows.length - start);
    gather(mem, rows, start, n, subject, times);
    for (let i = 0; i < n; i++) out[start + i] = makeFact(mem, rows[start + i]!, i, subject === NONE ? mem.entities.displayName(g.subject[i]!) : subjectName);
  }
  return out;
}

/** Reads rows[start, start + n)'s columns into the scratch, one column per loop. */
function gather(mem: MemoryTables, rows: readonly number[], start: number, n: number, subject: number, times: readonly number[] | undefined): void {
  const st = mem.store;
  for (let i = 0; i < n; i++) {
    const r = rows[start + i]!;
    g.triple[i] = st.triple[r]!;
    g.recordedAt[i] = st.recordedAtOf(r);
    g.confidence[i] = st.confidenceOf(r);
    g.lastSeenAt[i] = st.lastSeenAtOf(r);
    g.evidence[i] = st.evidenceHeadOf(r);
    g.provenance[i] = st.provenanceOf(r);
    g.episode[i] = st.episodeOf(r);
    g.superseded[i] = st.supersededHead[r]!;
    g.meta[i] = st.meta.bits[r]!;
  }
  if (times === undefined) {
    for (let i = 0; i < n; i++) {
      const r = rows[start + i]!;
      g.validFrom[i] = st.validFromOf(r);
      g.validTo[i] = st.validToOf(r);
      g.invalidAt[i] = st.invalidAtOf(r);
    }
  } else {
    for (let i = 0, j = 3 * start; i < n; i++, j += 3) {
      g.validFrom[i] = times[j]!;
      g.validTo[i] = times[j + 1]!;
      g.invalidAt[i] = times[j + 2]!;
    }
  }
  for (let i = 0; i < n; i++) {
    const t = g.triple[i]!;
    g.subject[i] = subject === NONE ? st.tSubject[t]! : subject;
    g.predicate[i] = st.tPredicate[t]!;
    g.object[i] = st.tObject[t]!;
  }
}

/**
 * The Fact of scratch entry i (row `id`). Built as one object literal (one hidden class for every fact), the
 * optional fields added after it in a fixed order; evidence strings are read straight off their chain. A row
 * whose metadata bits are all clear has every rarely set field at its default (row-meta.ts).
 *
 * Measured and left (whole-graph cut at 117k versions, 41k Facts, 0.64–0.70 µs a Fact): a constructor whose
 * prototype is Object.prototype is never pretenured by V8, so every Fact is copied by scavenges (0.94–1.05
 * µs); tagged time fields holding a shared Infinity box the other times in the young generation behind an
 * old Fact (0.58–1.24); literals that hold source and episode in-object gave nothing on a memory whose
 * Facts all carry them. The cost is allocation and GC of ten objects a Fact (the Fact, subject, object,
 * evidence array, six boxed doubles): without the boxed doubles 0.50–0.54, without the nested objects
 * 0.48–0.52, without either 0.34–0.38 (each a visible change), and 0.17 making no Fact at all.
 */
function makeFact(mem: MemoryTables, id: number, i: number, subjectName: string): Fact {
  const st = mem.store;
  const o = g.object[i]!;
  const meta = g.meta[i]!;
  const fact: Fact = {
    id,
    subject: { id: g.subject[i]!, name: subjectName },
    predicate: mem.predicateNames.get(g.predicate[i]!),
    object: o >= 0 ? { id: o, name: mem.entities.displayName(o) } : { value: mem.literals[literalCode(o)]! },
    validFrom: g.validFrom[i]!,
    validTo: g.validTo[i]!,
    recordedAt: g.recordedAt[i]!,
    invalidAt: g.invalidAt[i]!,
    confidence: g.confidence[i]!,
    evidence: evidenceOf(mem, g.evidence[i]!),
    salience: meta === 0 ? 1 : st.meta.salienceOf(id),
    retrievals: meta === 0 ? 0 : st.meta.retrievalsOf(id),
    lastSeenAt: g.lastSeenAt[i]!,
  };
  const prov = g.provenance[i]!;
  const source = mem.provenance.source[prov]!;
  const reason = mem.provenance.reason[prov]!;
  const edgeType = mem.provenance.edgeType[prov]!;
  if (source !== NONE) fact.source = mem.strings.get(source);
  if (reason !== NONE) fact.reason = mem.strings.get(reason);
  if (edgeType !== NONE) fact.edgeType = EDGE_TYPES[edgeType] as EdgeType;
  const episode = g.episode[i]!;
  if (episode !== NONE) fact.episode = mem.episodes.ids[episode]!;
  if (meta !== 0) {
    const archivedAt = st.meta.archivedAtOf(id);
    if (!Number.isNaN(archivedAt)) fact.archivedAt = archivedAt;
    const lastRetrievedAt = st.meta.lastRetrievedAtOf(id);
    if (!Number.isNaN(lastRetrievedAt)) fact.lastRetrievedAt = lastRetrievedAt;
  }
  if (g.superseded[i] !== NONE) fact.supersededBy = st.supersededBy(id);
  if (!mem.dependencies.empty) markDependencies(mem, id, fact);
  return fact;
}

/** A version's premises and, once a premise closed, since when it is unsupported and by which premise. */
function markDependencies(mem: MemoryTables, id: number, fact: Fact): void {
  const premises = mem.dependencies.of.get(id);
  if (premises !== undefined) fact.dependsOn = [...premises];
  const rule = mem.dependencies.rules.get(id);
  if (rule !== undefined) fact.onPremiseChange = { object: rule >= 0 ? { id: rule, name: mem.entities.displayName(rule) } : { value: mem.literals[literalCode(rule)]! } };
  const u = mem.dependencies.unsupported.get(id);
  if (u !== undefined) {
    fact.unsupportedSince = u.since;
    fact.unsupportedPremise = u.premise;
  }
}

/** Evidence strings of a chain, oldest first (the chain is newest first). */
function evidenceOf(mem: MemoryTables, head: number): string[] {
  if (head === NONE) return [];
  const st = mem.store;
  let n = 0;
  for (let e = head; e !== NONE; e = st.evidenceNext.data[e]!) n++;
  const out = new Array<string>(n);
  for (let e = head; e !== NONE; e = st.evidenceNext.data[e]!) out[--n] = mem.strings.get(st.evidenceValue.data[e]!);
  return out;
}

