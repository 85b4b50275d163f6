import { MultiDirectedGraph } from 'graphology';
import { InvalidArgumentError } from '../errors.js';
import { literalCode, NONE } from '../store/fact-store.js';
import { EDGE_TYPES } from '../types.js';
import type { EdgeType, LiteralValue } from '../types.js';
import type { MemoryTables } from './tables.js';

/** Node attributes: an entity (keyed by its id as a string) or a literal (keyed `literal:` + JSON of the value). */
export type GraphNodeAttributes =
  | { kind: 'entity'; name: string; displayName: string; type?: string }
  | { kind: 'literal'; value: LiteralValue };

/** Edge attributes: one fact version, keyed by its id as a string. */
export interface GraphEdgeAttributes {
  predicate: string;
  validFrom: number;
  validTo: number;
  recordedAt: number;
  invalidAt: number;
  confidence: number;
  salience: number;
  edgeType?: EdgeType;
  archivedAt?: number;
}

export interface GraphologyOptions {
  /** Archived versions answer bi-temporal reads, so they are edges too unless this is false. @default true */
  includeArchived?: boolean;
  /** Literal objects as nodes keyed `literal:<JSON value>`; false leaves those facts out. @default true */
  literals?: boolean;
}

export type MemoryGraphology = MultiDirectedGraph<GraphNodeAttributes, GraphEdgeAttributes>;

/** The key of a literal node: `literal:` + the value as JSON, so "1", 1 and true stay distinct. */
export function literalKey(value: LiteralValue): string {
  return `literal:${JSON.stringify(value)}`;
}

/**
 * The memory at the cut (v, k) as a graphology multi directed graph: every entity recorded by k (and not
 * merged away by k), and every fact version visible at the cut as an edge subject → object.
 */
export function buildGraphology(mem: MemoryTables, v: number, k: number, options: GraphologyOptions, call: string): MemoryGraphology {
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${call}: options must be an object`);
  for (const flag of ['includeArchived', 'literals'] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== 'boolean') throw new InvalidArgumentError(`${call}: ${flag} must be a boolean`);
  }
  const includeArchived = options.includeArchived ?? true;
  const literals = options.literals ?? true;
  const graph: MemoryGraphology = new MultiDirectedGraph<GraphNodeAttributes, GraphEdgeAttributes>();
  const en = mem.entities;
  for (let e = 0; e < en.count; e++) {
    if (en.recordedAt[e]! > k || en.resolveAt(e, k) !== e) continue;
    const type = en.typeOf(e);
    graph.addNode(String(e), { kind: 'entity', name: en.canonical(e), displayName: en.displayName(e), ...(type === undefined ? {} : { type }) });
  }
  const st = mem.store;
  const end = st.recordedPrefix(k);
  for (let r = 0; r < end; r++) {
    if (!st.visible(r, v, k) || (!includeArchived && st.meta.isArchived(r))) continue;
    const t = st.triple[r]!;
    const o = st.tObject[t]!;
    let target: string;
    if (o >= 0) target = String(o);
    else {
      if (!literals) continue;
      const value = mem.literals[literalCode(o)]!;
      target = literalKey(value);
      if (!graph.hasNode(target)) graph.addNode(target, { kind: 'literal', value });
    }
    const source = String(st.tSubject[t]!);
    // Rows visible at k name entities recorded by k; a merge closes the old rows, so both ends exist.
    if (!graph.hasNode(source) || !graph.hasNode(target)) continue;
    const attrs: GraphEdgeAttributes = {
      predicate: mem.predicateNames.get(st.tPredicate[t]!),
      validFrom: st.validFromOf(r),
      validTo: st.validToOf(r),
      recordedAt: st.recordedAtOf(r),
      invalidAt: st.invalidAtOf(r),
      confidence: st.confidenceOf(r),
      salience: st.meta.salienceOf(r),
    };
    const edgeType = mem.provenance.edgeType[st.provenanceOf(r)]!;
    if (edgeType !== NONE) attrs.edgeType = EDGE_TYPES[edgeType]!;
    if (st.meta.isArchived(r)) attrs.archivedAt = st.meta.archivedAtOf(r);
    graph.addDirectedEdgeWithKey(String(r), source, target, attrs);
  }
  return graph;
}
