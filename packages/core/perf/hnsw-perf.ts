/**
 * HNSW benchmark: build time, queries per second and recall@10 against brute force, on seeded clustered
 * data. Run after a build: `npm run perf:hnsw -w @palimpsest/core -- [n] [dims] [queries] [auto|simd|scalar]`.
 * (hnswlib-node beside it, in one process: packages/bench/dist/hnsw-ab.js.)
 * Prints measurements only; nothing here asserts.
 */
import { bruteForceSearch, Hnsw, HNSW_DEFAULTS, type DistanceKernel } from '../src/recall/hnsw.js';
import { clustered } from './clustered.js';

const now = (): number => performance.now();
// CPU time of this process, ms: steadier than wall time on a shared machine
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};


const n = Number(process.argv[2] ?? 10_000);
const dim = Number(process.argv[3] ?? 128);
const nq = Number(process.argv[4] ?? 500);
const kernel = (process.argv[5] ?? 'auto') as DistanceKernel;
const data = clustered(n, dim, 100, 1);
const queries = clustered(nq, dim, 100, 2);
console.log(`HNSW perf: ${n} × ${dim} (100 clusters, seed 1), ${nq} queries, cosine, M ${HNSW_DEFAULTS.M}, efConstruction ${HNSW_DEFAULTS.efConstruction}, kernel ${new Hnsw({ dimensions: dim, kernel }).kernel}`);

let t = now();
let c = cpu();
const h = new Hnsw({ dimensions: dim, metric: 'cosine', kernel });
for (let i = 0; i < n; i++) h.add(i, data.subarray(i * dim, (i + 1) * dim));
const buildMs = now() - t;
const buildCpu = cpu() - c;
console.log(`build: ${buildMs.toFixed(0)} ms wall, ${buildCpu.toFixed(0)} ms CPU (${((n / buildCpu) * 1000).toFixed(0)} inserts per CPU-second)`);

t = now();
c = cpu();
const truth: Array<Set<number>> = [];
for (let q = 0; q < nq; q++) truth.push(new Set(bruteForceSearch(data, dim, queries.subarray(q * dim, (q + 1) * dim), 10, 'cosine').map((x) => x.id)));
const bruteMs = now() - t;
const bruteCpu = cpu() - c;
console.log(`brute force: ${((nq / bruteMs) * 1000).toFixed(0)} queries/s wall, ${((nq / bruteCpu) * 1000).toFixed(0)} per CPU-second, recall@10 1.000`);

for (const ef of [16, 32, 64, 128, 256]) {
  t = now();
  c = cpu();
  let found = 0;
  for (let q = 0; q < nq; q++) {
    for (const hit of h.search(queries.subarray(q * dim, (q + 1) * dim), 10, { ef })) if (truth[q]!.has(hit.id)) found++;
  }
  const ms = now() - t;
  const cms = cpu() - c;
  console.log(`hnsw ef ${String(ef).padStart(3)}: ${((nq / ms) * 1000).toFixed(0)} queries/s wall, ${((nq / cms) * 1000).toFixed(0)} per CPU-second, recall@10 ${(found / (nq * 10)).toFixed(3)}`);
}
const s = h.toState();
const bytes = s.vectors.byteLength + s.links0.byteLength + s.upperLinks.byteLength + s.labels.byteLength + s.levels.byteLength + s.upperOffsets.byteLength;
console.log(`state: ${(bytes / 1048576).toFixed(1)} MiB (vectors ${(s.vectors.byteLength / 1048576).toFixed(1)}, links0 ${(s.links0.byteLength / 1048576).toFixed(1)}), max level ${s.maxLevel}`);
