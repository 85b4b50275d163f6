/**
 * `@palimpsest/core/communities`: Louvain communities of the entity graph at a cut. A separate entry so
 * that the main bundle stays free of graphology-communities-louvain.
 */
import { UndirectedGraph } from 'graphology';
import louvainImport from 'graphology-communities-louvain';
import { InvalidArgumentError } from './errors.js';
import { MemoryGraph, MemoryView } from './graph/memory-graph.js';
import type { Cut } from './types.js';
import { mulberry32 } from './util/random.js';

export interface CommunityOptions extends Cut {
  /** Louvain resolution: above 1 gives more, smaller communities. @default 1 */
  resolution?: number;
  /** Seed of Louvain's random choices, so runs repeat. @default 42 */
  seed?: number;
  /** Count archived versions as edges (they still answer bi-temporal reads). @default true */
  includeArchived?: boolean;
}

export interface Communities {
  /** Entity id → community number. Communities are numbered by their smallest entity id. */
  byEntity: Map<number, number>;
  /** Entity ids of each community, ascending. */
  members: number[][];
  count: number;
  /** Modularity of the partition (NaN for a graph without edges). */
  modularity: number;
}

export const COMMUNITY_DEFAULTS = { resolution: 1, seed: 42 };

// The package is CommonJS with an `export default` typing: TypeScript sees the default import as the module
// (with `.default`), while Node's loader and bundlers hand over module.exports itself. Accept both.
type LouvainFn = typeof louvainImport extends { default: infer D } ? D : typeof louvainImport;
const louvain: LouvainFn = ((louvainImport as unknown as { default?: LouvainFn }).default ?? louvainImport) as LouvainFn;

/**
 * Louvain communities of the entities visible at a cut (a view's cut, or `options`' for a memory): an
 * undirected graph of entities whose edge weights are the summed confidences of the facts between them
 * (literal objects and self-loops left out).
 */
export function communities(source: MemoryGraph | MemoryView, options: CommunityOptions = {}): Communities {
  const call = 'communities';
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${call}: options must be an object`);
  const resolution = options.resolution ?? COMMUNITY_DEFAULTS.resolution;
  if (typeof resolution !== 'number' || !(resolution > 0) || !Number.isFinite(resolution)) {
    throw new InvalidArgumentError(`${call}: resolution (${String(resolution)}) must be a finite number > 0`);
  }
  const seed = options.seed ?? COMMUNITY_DEFAULTS.seed;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new InvalidArgumentError(`${call}: seed (${String(seed)}) must be an integer in [0, 2^32)`);
  const graphOptions = options.includeArchived === undefined ? { literals: false } : { literals: false, includeArchived: options.includeArchived };
  let full;
  if (source instanceof MemoryView) {
    if (options.validAt !== undefined || options.knownAt !== undefined) throw new InvalidArgumentError(`${call}: a view has its own cut; pass validAt/knownAt only with a memory`);
    full = source.toGraphology(graphOptions);
  } else if (source instanceof MemoryGraph) {
    full = source.toGraphology({ ...graphOptions, ...(options.validAt === undefined ? {} : { validAt: options.validAt }), ...(options.knownAt === undefined ? {} : { knownAt: options.knownAt }) });
  } else {
    throw new InvalidArgumentError(`${call}: source must be a MemoryGraph or a MemoryView`);
  }
  const graph = new UndirectedGraph<Record<string, never>, { weight: number }>();
  // Nodes in id order, so Louvain sees the same graph every time.
  const nodes = full.nodes().map(Number).sort((a, b) => a - b);
  for (const n of nodes) graph.addNode(String(n));
  full.forEachEdge((_key, attrs, source_, target) => {
    if (source_ === target) return;
    const a = Number(source_) < Number(target) ? source_ : target;
    const b = a === source_ ? target : source_;
    const existing = graph.edge(a, b);
    if (existing === undefined) graph.addEdge(a, b, { weight: attrs.confidence });
    else graph.updateEdgeAttribute(existing, 'weight', (w) => (w ?? 0) + attrs.confidence);
  });
  const detailed = louvain.detailed(graph, { resolution, rng: mulberry32(seed), getEdgeWeight: 'weight' });
  const groups = new Map<number, number[]>();
  for (const n of nodes) {
    const c = detailed.communities[String(n)]!;
    const list = groups.get(c);
    if (list === undefined) groups.set(c, [n]);
    else list.push(n);
  }
  const members = [...groups.values()].sort((a, b) => a[0]! - b[0]!);
  const byEntity = new Map<number, number>();
  members.forEach((list, i) => list.forEach((n) => byEntity.set(n, i)));
  return { byEntity, members, count: members.length, modularity: detailed.modularity };
}

