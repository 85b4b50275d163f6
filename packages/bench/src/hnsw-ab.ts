/**
 * Core's HNSW on both distance kernels (WASM SIMD and its TypeScript twin) against hnswlib-node, in one
 * process on the same seeded vectors and parameters: build time, and queries per second at equal recall@10.
 *
 *   node packages/bench/dist/hnsw-ab.js [count=100000] [dim=128] [queries=1000] [rounds=3] [scalarBuilds=1]
 *
 * Times are CPU time of this process (steadier than wall time on a shared machine; every system here is
 * single-threaded). Each round builds every index afresh and sweeps ef over the same queries, systems
 * interleaved; figures are medians over rounds. "At equal recall" interpolates our QPS-against-recall curve
 * at hnswlib's recall for each of its ef values. The scalar kernel builds the same graph byte for byte
 * (checked here), so it is built `scalarBuilds` times only: it is slow, and its search is timed on every round.
 * Prints measurements only; nothing here asserts.
 */
import type { HierarchicalNSW } from 'hnswlib-node';
import { bruteForceSearch, Hnsw, type HnswState } from '@palimpsest/core';
import { makeVectors, recallAtK } from './peers/hnswlib.js';
import { hnswlibNode, requirePeer } from './peers/native.js';

const [count = 100_000, dim = 128, nq = 1000, rounds = 3, scalarBuilds = 1] = process.argv.slice(2).map(Number);
const params = { m: 16, efConstruction: 200, efSearch: 64, seed: 42 };
const EFS = [10, 12, 16, 20, 24, 32, 48, 64, 96, 128, 192, 256];

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const all = makeVectors(count + nq, dim, params.seed);
const data = all.subarray(0, count * dim);
const queries = Array.from({ length: nq }, (_, q) => all.slice((count + q) * dim, (count + q + 1) * dim));
const t = cpu();
const truth = queries.map((q) => Int32Array.from(bruteForceSearch(data, dim, q, 10, 'cosine').map((h) => h.id)));
console.log(`hnsw A/B: ${count} × ${dim}, ${nq} queries, M ${params.m}, efConstruction ${params.efConstruction}; exact neighbours in ${(cpu() - t).toFixed(0)} ms CPU`);

interface System {
  name: string;
  build(): void;
  search(q: Float32Array, k: number, ef: number): ArrayLike<number>;
}

function ours(kernel: 'simd' | 'scalar'): System & { state(): HnswState } {
  let h: Hnsw | undefined;
  return {
    name: `palimpsest ${kernel}`,
    build() {
      h = new Hnsw({ dimensions: dim, metric: 'cosine', M: params.m, efConstruction: params.efConstruction, efSearch: params.efSearch, seed: params.seed, kernel });
      for (let i = 0; i < count; i++) h.add(i, data.subarray(i * dim, (i + 1) * dim));
    },
    search: (q, k, ef) => h!.search(q, k, { ef }).map((x) => x.id),
    state: () => h!.toState(),
  };
}

/** hnswlib-node as the bench's peer (peers/hnswlib.ts) drives it, with ef set per sweep step. */
function peer(): System {
  let index: HierarchicalNSW | undefined;
  return {
    name: 'hnswlib-node',
    build() {
      index = new (requirePeer(hnswlibNode()).HierarchicalNSW)('cosine', dim);
      index.initIndex(count, params.m, params.efConstruction, params.seed);
      // hnswlib-node takes number[]; the conversion is part of what a JS caller pays, so it is timed
      for (let i = 0; i < count; i++) index.addPoint(Array.from(data.subarray(i * dim, (i + 1) * dim)), i);
    },
    search(q, k, ef) {
      index!.setEf(ef);
      return index!.searchKnn(Array.from(q), k).neighbors;
    },
  };
}

const simd = ours('simd');
const scalar = ours('scalar');
const lib = peer();
const builds = new Map<string, number[]>();
const qps = new Map<string, number[][]>();
const recall = new Map<string, number>();

function timeBuild(sys: System, label: string): void {
  const t0 = cpu();
  sys.build();
  const ms = cpu() - t0;
  if (!builds.has(sys.name)) builds.set(sys.name, []);
  builds.get(sys.name)!.push(ms);
  console.log(`${label}: ${sys.name} build ${ms.toFixed(0)} ms CPU`);
}

/** One pass over every ef, the given systems interleaved at each ef, after an untimed pass (JIT warm-up). */
function sweep(systems: System[]): void {
  for (const sys of systems) for (let q = 0; q < nq; q++) sys.search(queries[q]!, 10, params.efSearch);
  for (let e = 0; e < EFS.length; e++) {
    const ef = EFS[e]!;
    for (const sys of systems) {
      let found = 0;
      const t0 = cpu();
      for (let q = 0; q < nq; q++) found += recallAtK(sys.search(queries[q]!, 10, ef), truth[q]!, 10);
      const ms = cpu() - t0;
      if (!qps.has(sys.name)) qps.set(sys.name, EFS.map(() => []));
      qps.get(sys.name)![e]!.push((nq * 1000) / ms);
      const key = `${sys.name}@${ef}`;
      const rec = found / nq;
      if (recall.has(key) && recall.get(key) !== rec) console.log(`note: ${key} recall changed between rounds`);
      recall.set(key, rec);
    }
  }
}

/** Prints the medians for `systems` (called after the fast systems, and again with the scalar twin). */
function report(systems: System[]): void {
  console.log('\nbuild (median ms CPU):');
  const peerBuild = median(builds.get(lib.name)!);
  for (const sys of systems) {
    const b = builds.get(sys.name)!;
    console.log(`  ${sys.name.padEnd(18)} ${median(b).toFixed(0).padStart(7)} ms  (${b.length} builds: ${b.map((x) => x.toFixed(0)).join(', ')})  ${(median(b) / peerBuild).toFixed(2)}× hnswlib's time`);
  }
  console.log('\nsearch k=10 (median QPS per CPU-second, recall@10):');
  const curve = (name: string): Array<[number, number]> => EFS.map((ef, e) => [recall.get(`${name}@${ef}`)!, median(qps.get(name)![e]!)]);
  for (let e = 0; e < EFS.length; e++) {
    const cells = systems.map((s) => `${s.name} ${median(qps.get(s.name)![e]!).toFixed(0).padStart(6)} @ ${recall.get(`${s.name}@${EFS[e]}`)!.toFixed(3)}`);
    console.log(`  ef ${String(EFS[e]).padStart(3)}: ${cells.join('   ')}`);
  }
  /** QPS of `name` at recall `target`, interpolated linearly between the two ef values around it (the cheapest such pair). */
  function qpsAtRecall(name: string, target: number): number | undefined {
    const c = curve(name);
    // below our lowest recall: our fastest setting already does better, so its QPS is a lower bound
    if (target < c[0]![0]) return c[0]![1];
    for (let i = 0; i + 1 < c.length; i++) {
      const [r0, q0] = c[i]!;
      const [r1, q1] = c[i + 1]!;
      if (target >= r0 && target <= r1) return r1 === r0 ? Math.max(q0, q1) : q0 + ((q1 - q0) * (target - r0)) / (r1 - r0);
    }
    return undefined;
  }
  console.log('\nat equal recall@10 (ours interpolated at hnswlib\'s recall):');
  for (const [rec, q] of curve(lib.name)) {
    const cells = systems.filter((s) => s !== lib).map((s) => {
      const ours = qpsAtRecall(s.name, rec);
      return `${s.name} ${ours === undefined ? 'out of range' : `${(ours / q).toFixed(2)}×`}`;
    });
    console.log(`  recall ${rec.toFixed(3)}: hnswlib ${q.toFixed(0)} QPS; ${cells.join(', ')}`);
  }
}

for (let r = 0; r < rounds; r++) {
  timeBuild(simd, `round ${r + 1}`);
  timeBuild(lib, `round ${r + 1}`);
  sweep([simd, lib]);
}
report([simd, lib]);
// the slow twin last, on its own: built scalarBuilds times, searched on as many rounds as the others
if (scalarBuilds > 0) {
  for (let b = 0; b < scalarBuilds; b++) timeBuild(scalar, `scalar ${b + 1}`);
  const a = simd.state();
  const s = scalar.state();
  const same = (x: ArrayLike<number>, y: ArrayLike<number>): boolean => x.length === y.length && Array.prototype.every.call(x, (v, i) => Object.is(v, y[i]));
  const identical = same(a.links0, s.links0) && same(a.upperLinks, s.upperLinks) && same(a.levels, s.levels) && same(a.vectors, s.vectors) && a.entryPoint === s.entryPoint;
  console.log(`simd and scalar graphs identical: ${identical}`);
  for (let r = 0; r < rounds; r++) sweep([scalar]);
  report([simd, scalar, lib]);
}

