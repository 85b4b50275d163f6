/**
 * Stage 2, expand: the seeds' entities activated (a seed episode: the entities it mentions; a seed fact:
 * its ends), spreading activation or BFS over the edges visible at the cut (recall/expand.ts), and every
 * fact row reached on the way (and the seed facts' own rows) collected as a candidate. A firing entity walks
 * at most `edgeCap` of its edges per side, newest first, so a hub (the speaker, with thousands of facts)
 * costs the same in a year-long memory as in a week's; its older facts whose text matches the question
 * (the facts' BM25 list) are candidates all the same.
 */
import { EDGE_TYPES } from '../../types.js';
import { NONE } from '../../store/fact-store.js';
import type { RecallContext, RecallScratch } from './context.js';
import { EPISODE, ENTITY } from './seeds.js';
import type { Seeds } from './seeds.js';

export interface Expanded {
  /** Fact rows reached, in the order they were reached. */
  candidates: number[];
  /** The epoch that stamped this call's marks. */
  epoch: number;
}

/** Activates the seeds' entities in `scratch.expansion` (which holds them for the later stages). */
function activateSeeds(ctx: RecallContext, scratch: RecallScratch, seeds: Seeds): number[] {
  const { mem, knownAt: k, entityOk } = ctx;
  const { entities: en, episodes: ep, store: st } = mem;
  const expansion = scratch.expansion;
  const topFused = seeds.fused[0]?.score ?? 1;
  const seedTriples: number[] = [];
  const activate = (e: number, a: number): void => {
    const id = en.resolveAt(e, k);
    if (entityOk(id)) expansion.seed(id, a);
  };
  for (const h of seeds.fused) {
    const a = h.score / topFused;
    const id = Math.floor(h.id / 3);
    const kind = h.id - id * 3;
    if (kind === EPISODE) {
      for (let j = ep.entityStart[id]!; j < ep.entityStart[id + 1]!; j++) activate(ep.entityIds[j]!, a);
    } else if (kind === ENTITY) activate(id, a);
    else {
      seedTriples.push(id);
      activate(st.tSubject[id]!, a);
      if (st.tObject[id]! >= 0) activate(st.tObject[id]!, a);
    }
  }
  return seedTriples;
}

export function expandSeeds(ctx: RecallContext, scratch: RecallScratch, seeds: Seeds): Expanded {
  const { mem, o, rowOk } = ctx;
  const st = mem.store;
  scratch.expansion.begin(mem.entities.count);
  const epoch = scratch.nextEpoch();
  const seedTriples = activateSeeds(ctx, scratch, seeds);
  const candidates: number[] = [];
  if (scratch.rowMark.length < st.rowCount) scratch.rowMark = new Uint32Array(Math.max(st.rowCount, scratch.rowMark.length * 2));
  const rowMark = scratch.rowMark;
  const addCandidate = (r: number): void => {
    if (rowMark[r] !== epoch) {
      rowMark[r] = epoch;
      candidates.push(r);
    }
  };
  /** Every version of triple t visible at the cut. */
  const addTriple = (t: number): void => {
    for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) if (rowOk(r)) addCandidate(r);
  };
  for (const t of seedTriples) addTriple(t);
  const edgeWeight = new Float64Array(EDGE_TYPES.length + 1);
  EDGE_TYPES.forEach((name, i) => (edgeWeight[i] = o.edgeTypeWeights[name]));
  edgeWeight[EDGE_TYPES.length] = o.edgeTypeWeights.none;
  const weightOf = (r: number): number => {
    const e = mem.provenance.edgeType[st.provenanceOf(r)]!;
    return edgeWeight[e === NONE ? EDGE_TYPES.length : e]!;
  };
  scratch.expansion.run({ edgesOf: edgesAt(ctx), strength: (r) => weightOf(r) * st.confidenceOf(r), reached: addCandidate }, o);
  // the text-matched facts of an entity that fired: reached whether or not within its edgeCap newest
  for (const { id: t } of seeds.bm25Triples) {
    if (scratch.expansion.hasFired(st.tSubject[t]!) || scratch.expansion.hasFired(st.tObject[t]!)) addTriple(t);
  }
  return { candidates, epoch };
}

/**
 * Visible edges of an entity: rows and the neighbour (NONE for a literal object), into the given arrays, at
 * most `edgeCap` per side; returns the visible degree. The lists run newest triple first (a row's triple is
 * linked at its head when first seen), so the rows kept are the newest.
 */
function edgesAt(ctx: RecallContext): (u: number, edgeRows: number[], edgeOther: number[]) => number {
  const st = ctx.mem.store;
  const rowOk = ctx.rowOk;
  const cap = ctx.o.edgeCap;
  return (u, edgeRows, edgeOther) => {
    edgeRows.length = 0;
    edgeOther.length = 0;
    let degree = 0;
    for (let t = st.subjectHead[u] ?? NONE; t !== NONE; t = st.tSubjectNext[t]!) {
      const other = st.tObject[t]!;
      for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) {
        if (!rowOk(r)) continue;
        if (degree++ >= cap) continue;
        edgeRows.push(r);
        edgeOther.push(other >= 0 ? other : NONE);
      }
    }
    const subjectSide = degree;
    for (let t = st.objectHead[u] ?? NONE; t !== NONE; t = st.tObjectNext[t]!) {
      const other = st.tSubject[t]!;
      if (other === u) continue; // a self-loop was seen as subject
      for (let r = st.tHead[t]!; r !== NONE; r = st.tripleNext[r]!) {
        if (!rowOk(r)) continue;
        if (degree++ - subjectSide >= cap) continue;
        edgeRows.push(r);
        edgeOther.push(other);
      }
    }
    return degree;
  };
}
