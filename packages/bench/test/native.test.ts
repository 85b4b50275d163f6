import { describe, expect, it } from 'vitest';
import { betterSqlite3, hnswlibNode, PeerUnavailableError, requirePeer } from '../src/peers/native.js';
import { runVectors, vectorsAvailable, vectorsSteps } from '../src/workloads/vectors.js';

describe('optional native peers', () => {
  it('load when installed (this checkout builds them) and name what is missing otherwise', () => {
    expect(typeof betterSqlite3()).toBe('function');
    expect(typeof (hnswlibNode() as { HierarchicalNSW?: unknown }).HierarchicalNSW).toBe('function');
    expect(() => requirePeer('better-sqlite3 is not installed or not built (x)')).toThrow(PeerUnavailableError);
    expect(() => requirePeer('better-sqlite3 is not installed or not built (x)')).toThrow(/^better-sqlite3 is not installed/);
  });

  it('measures our HNSW alone when hnswlib-node is left out, reporting every step', async () => {
    expect(vectorsAvailable()).toBe(true);
    let steps = 0;
    const { results } = await runVectors({
      count: 300,
      dim: 8,
      queries: 10,
      params: { m: 8, efConstruction: 32, efSearch: 16, seed: 5 },
      timing: { time: 5, iterations: 3, warmupTime: 1 },
      peer: false,
      onStep: () => steps++,
    });
    expect(new Set(results.map((r) => r.system))).toEqual(new Set(['palimpsest Hnsw (TypeScript)']));
    expect(steps).toBe(vectorsSteps(false));
    expect(vectorsSteps(true)).toBe(5);
  });
});
