/**
 * The vector peer: hnswlib-node's HierarchicalNSW (C++), measured against our pure-TypeScript HNSW on the
 * same vectors with the same M / efConstruction / efSearch: build time, queries per second and recall@10
 * against exact (brute-force) neighbours. Vectors are seeded, unit-length, drawn around a few hundred
 * centres so that neighbourhoods are not trivially uniform; distance is cosine (inner product of units).
 */
import type { HierarchicalNSW } from 'hnswlib-node';
import { InvalidArgumentError } from '@palimpsest/core';
import { gaussian, mulberry32 } from '../rng.js';
import { hnswlibNode, requirePeer } from './native.js';

export interface HnswParams {
  m: number;
  efConstruction: number;
  efSearch: number;
  seed: number;
}

/** An index under test: the same calls for ours and the peer. */
export interface VectorIndexUnderTest {
  name: string;
  /** Builds the index over vectors[i] (row-major, `dim` wide) labelled i. */
  build(vectors: Float32Array, dim: number, count: number, params: HnswParams): void;
  /** Ids of the k nearest to the query, best first. */
  search(query: Float32Array, k: number): ArrayLike<number>;
}

/** `count` unit vectors of `dim`, clustered around `centres` seeded centres. */
export function makeVectors(count: number, dim: number, seed: number, centres = 256): Float32Array {
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(dim) || dim < 1) {
    throw new InvalidArgumentError(`makeVectors: count (${count}) and dim (${dim}) must be positive integers`);
  }
  const rand = mulberry32(seed);
  const c = new Float32Array(centres * dim);
  for (let i = 0; i < c.length; i++) c[i] = gaussian(rand);
  const out = new Float32Array(count * dim);
  for (let i = 0; i < count; i++) {
    const base = Math.floor(rand() * centres) * dim;
    let norm = 0;
    for (let d = 0; d < dim; d++) {
      const x = (c[base + d] as number) + gaussian(rand);
      out[i * dim + d] = x;
      norm += x * x;
    }
    const inv = 1 / Math.sqrt(norm);
    for (let d = 0; d < dim; d++) out[i * dim + d] = (out[i * dim + d] as number) * inv;
  }
  return out;
}

/** Exact top k by inner product (cosine for unit vectors), ties by lower id. */
export function exactTopK(vectors: Float32Array, dim: number, count: number, query: Float32Array, k: number): Int32Array {
  const ids = new Int32Array(k).fill(-1);
  const best = new Float64Array(k).fill(-Infinity);
  for (let i = 0; i < count; i++) {
    let s = 0;
    const o = i * dim;
    for (let d = 0; d < dim; d++) s += (vectors[o + d] as number) * (query[d] as number);
    if (s <= (best[k - 1] as number)) continue;
    let j = k - 1;
    while (j > 0 && (best[j - 1] as number) < s) {
      best[j] = best[j - 1] as number;
      ids[j] = ids[j - 1] as number;
      j--;
    }
    best[j] = s;
    ids[j] = i;
  }
  return ids;
}

/** recall@k: |found ∩ truth| / |truth|, truth's -1 padding ignored. */
export function recallAtK(found: ArrayLike<number>, truth: ArrayLike<number>, k: number): number {
  const t = new Set<number>();
  for (let i = 0; i < Math.min(k, truth.length); i++) if ((truth[i] as number) >= 0) t.add(truth[i] as number);
  if (t.size === 0) return NaN;
  let hit = 0;
  for (let i = 0; i < Math.min(k, found.length); i++) if (t.has(found[i] as number)) hit++;
  return hit / t.size;
}

export class HnswlibPeer implements VectorIndexUnderTest {
  readonly name = 'hnswlib-node (C++)';
  private index: HierarchicalNSW | undefined;
  private dim = 0;

  build(vectors: Float32Array, dim: number, count: number, params: HnswParams): void {
    this.dim = dim;
    const index = new (requirePeer(hnswlibNode()).HierarchicalNSW)('cosine', dim);
    index.initIndex(count, params.m, params.efConstruction, params.seed);
    // hnswlib-node takes number[]; the conversion is part of what a JS caller pays, so it is timed.
    for (let i = 0; i < count; i++) index.addPoint(Array.from(vectors.subarray(i * dim, (i + 1) * dim)), i);
    index.setEf(params.efSearch);
    this.index = index;
  }

  search(query: Float32Array, k: number): number[] {
    if (this.index === undefined) throw new InvalidArgumentError('HnswlibPeer.search: build() first');
    if (query.length !== this.dim) throw new InvalidArgumentError(`HnswlibPeer.search: query has ${query.length} dimensions, not ${this.dim}`);
    return this.index.searchKnn(Array.from(query), k).neighbors;
  }
}
