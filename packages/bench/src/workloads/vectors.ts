/**
 * Workload 4: vector seeds. Our pure-TypeScript HNSW (core) against hnswlib-node (C++) on the same seeded
 * vectors with the same M / efConstruction / efSearch: build time, queries per second, recall@10 against
 * exact neighbours (core's bruteForceSearch).
 */
import * as core from '@palimpsest/core';
import { PalimpsestError } from '@palimpsest/core';
import { HnswlibPeer, makeVectors, recallAtK, type HnswParams, type VectorIndexUnderTest } from '../peers/hnswlib.js';
import { withMemory } from '../memory.js';
import { cycle, runTasks, type TimingOptions } from '../timing.js';
import type { WorkloadResult } from '../report/types.js';

type Hit = { id: number; score: number };
interface HnswLike {
  add(id: number, vector: ArrayLike<number>): void;
  search(query: ArrayLike<number>, k: number): Hit[];
}
/**
 * Core's HNSW as packages/core/src/recall/hnsw.ts defines it, looked up at run time so that a build whose
 * index.ts does not export it yet reports the workload as unavailable instead of failing to load.
 */
export interface HnswLib {
  Hnsw?: new (o: { dimensions: number; metric: 'cosine'; M: number; efConstruction: number; efSearch: number; seed: number }) => HnswLike;
  bruteForceSearch?: (vectors: Float32Array, dimensions: number, query: ArrayLike<number>, k: number, metric: 'cosine') => Hit[];
}
const coreLib = core as unknown as HnswLib;

/** Core's Hnsw behind the common interface. */
export class PalimpsestHnsw implements VectorIndexUnderTest {
  readonly name = 'palimpsest Hnsw (TypeScript)';
  private index: HnswLike | undefined;

  constructor(private readonly lib: HnswLib = coreLib) {}

  build(vectors: Float32Array, dim: number, count: number, params: HnswParams): void {
    const h = new this.lib.Hnsw!({ dimensions: dim, metric: 'cosine', M: params.m, efConstruction: params.efConstruction, efSearch: params.efSearch, seed: params.seed });
    for (let i = 0; i < count; i++) h.add(i, vectors.subarray(i * dim, (i + 1) * dim));
    this.index = h;
  }

  search(query: Float32Array, k: number): number[] {
    return this.index!.search(query, k).map((h) => h.id);
  }
}

export interface VectorsInput {
  count: number;
  dim: number;
  queries: number;
  params: HnswParams;
  timing: TimingOptions;
  /** Measure hnswlib-node beside ours. @default true */
  peer?: boolean;
  /** Called after each of the vectorsSteps() steps: for a progress bar. */
  onStep?: () => void;
}

/** Steps runVectors reports through onStep: exact neighbours, then build and search per system. */
export function vectorsSteps(peer = true): number {
  return 1 + 2 * (peer ? 2 : 1);
}

export function vectorsAvailable(lib: HnswLib = coreLib): boolean {
  return typeof lib.Hnsw === 'function' && typeof lib.bruteForceSearch === 'function';
}

/** `lib`: where Hnsw and bruteForceSearch come from (core's exports; tests may pass core's recall module). */
export async function runVectors(input: VectorsInput, lib: HnswLib = coreLib): Promise<{ results: WorkloadResult[]; notes: string[] }> {
  if (!vectorsAvailable(lib)) throw new PalimpsestError('runVectors: Hnsw and bruteForceSearch are not available');
  const { count, dim, params } = input;
  // Queries come from the same distribution as the data but are not in the index.
  const all = makeVectors(count + input.queries, dim, params.seed);
  const data = all.subarray(0, count * dim);
  const queries = Array.from({ length: input.queries }, (_, q) => all.slice((count + q) * dim, (count + q + 1) * dim));
  const truth = queries.map((q) => Int32Array.from(lib.bruteForceSearch!(data, dim, q, 10, 'cosine').map((h) => h.id)));
  input.onStep?.();

  const systems: VectorIndexUnderTest[] = [new PalimpsestHnsw(lib), ...(input.peer === false ? [] : [new HnswlibPeer()])];
  const results: WorkloadResult[] = [];
  const notes: string[] = [];
  for (const sys of systems) {
    const t0 = performance.now();
    const { memory } = await withMemory(() => sys.build(data, dim, count, params));
    const buildMs = performance.now() - t0;
    input.onStep?.();
    let r = 0;
    for (let i = 0; i < queries.length; i++) r += recallAtK(sys.search(queries[i]!, 10), truth[i]!, 10);
    const recall10 = r / queries.length;
    const next = cycle(queries);
    const [timed] = await runTasks([{ name: sys.name, fn: () => sys.search(next(), 10) }], input.timing);
    results.push({
      workload: '4 vectors',
      name: `build ${count.toLocaleString('en-US')} × ${dim}`,
      system: sys.name,
      throughput: (count * 1000) / buildMs,
      unit: 'insert',
      memory,
      extra: { buildMs: Math.round(buildMs), M: params.m, efConstruction: params.efConstruction },
    });
    results.push({
      workload: '4 vectors',
      name: `search k=10, efSearch=${params.efSearch}`,
      system: sys.name,
      latency: timed!.latency,
      throughput: timed!.latency.throughput,
      unit: 'query',
      extra: { 'recall@10': recall10, queries: queries.length },
    });
    input.onStep?.();
  }
  notes.push(`vectors: ${count} seeded unit vectors of ${dim} dimensions around 256 centres; ${input.queries} held-out queries; recall@10 against exact cosine neighbours (core bruteForceSearch)`);
  return { results, notes };
}
