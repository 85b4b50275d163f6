/**
 * Recall latency on a memory built from one whole LoCoMo conversation: every turn is
 * ingested as an episode with the RuleExtractor, then every question of that conversation is recalled at
 * knownAt = validAt = the last turn's time, with both strategies. Also: HNSW build time, queries per
 * second and recall@10 beside brute force on the conversation's episode vectors.
 *
 *   npx tsc -p packages/core/perf && node packages/core/dist/perf-node/perf/recall-perf.js [sample_id] [path/to/locomo10.json.gz]
 *
 * Prints measurements only; nothing here asserts. Latencies are per `recall` call, after one warm-up pass
 * over the same questions: wall time (performance.now) and this process's CPU time (process.cpuUsage, µs
 * resolution), which is steadier when other processes share the cores.
 */
import { ingestEpisode } from '../src/ingest/episode.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { HashEmbedder } from '../src/recall/embedder.js';
import { bruteForceSearch, Hnsw } from '../src/recall/hnsw.js';
import { RuleExtractor } from '../src/recall/extractor.js';
import { LOCOMO_FILE, readConversation, turnText } from './locomo-sample.js';

const sampleId = process.argv[2] ?? 'conv-26';
const { sessions, questions } = readConversation(sampleId, process.argv[3] ?? LOCOMO_FILE, 'recall-perf');

// ---- build the memory ----
let clock = 0;
const mem = new MemoryGraph({ now: () => clock });
const extractor = new RuleExtractor();
let turns = 0;
const t0 = performance.now();
for (const s of sessions) {
  s.turns.forEach((turn, i) => {
    const at = s.at + i * 30_000; // turns half a minute apart within a session
    clock = Math.max(clock, at);
    ingestEpisode(mem, { id: turn.dia_id, text: turnText(turn), at, speaker: turn.speaker, recordedAt: clock }, { extractor });
    turns++;
  });
}
const ingestMs = performance.now() - t0;
const size = mem.size;
const knownAt = clock;
const t1 = performance.now();
mem.recall('warm up the indexes', { knownAt, validAt: knownAt });
const indexMs = performance.now() - t1;

const pct = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const f3 = (x: number): string => x.toFixed(3);

console.log(`LoCoMo ${sampleId}: ${sessions.length} sessions, ${turns} turns → ${size.entities} entities, ${size.triples} triples, ${size.versions} fact versions, ${size.episodes} episodes`);
console.log(`ingest (RuleExtractor + assert): ${ingestMs.toFixed(0)} ms = ${((ingestMs * 1000) / turns).toFixed(0)} µs/turn; first recall (lazy indexing): ${indexMs.toFixed(1)} ms`);

for (const strategy of ['activation', 'bfs'] as const) {
  for (const q of questions) mem.recall(q.question, { knownAt, validAt: knownAt, strategy }); // warm-up
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let found = 0;
  let wanted = 0;
  let tokens = 0;
  for (const q of questions) {
    const c = process.cpuUsage();
    const a = performance.now();
    const r = mem.recall(q.question, { knownAt, validAt: knownAt, strategy });
    times.push(performance.now() - a);
    const cu = process.cpuUsage(c);
    cpuTimes.push((cu.user + cu.system) / 1000);
    tokens += r.tokens;
    // LoCoMo's retrieval recall on the returned episodes (k = 10), a by-product: evidence ids may be "D8:6; D9:17"
    const evidence = (q.evidence ?? []).flatMap((e) => e.split(/[;,\s]+/)).filter((e) => /^D\d+:\d+$/.test(e));
    const got = new Set(r.episodes.map((e) => e.id));
    wanted += evidence.length;
    found += evidence.filter((e) => got.has(e)).length;
  }
  console.log(
    `recall ${strategy.padEnd(10)} over ${questions.length} questions: wall p50 ${f3(pct(times, 0.5))} ms, p95 ${f3(pct(times, 0.95))} ms, p99 ${f3(pct(times, 0.99))} ms, max ${f3(pct(times, 1))} ms; ` +
      `CPU p50 ${f3(pct(cpuTimes, 0.5))} ms, p95 ${f3(pct(cpuTimes, 0.95))} ms; ` +
      `mean packed tokens ${(tokens / questions.length).toFixed(0)}; evidence recall of the 10 episodes ${((100 * found) / Math.max(1, wanted)).toFixed(1)}%`,
  );
}

// ---- HNSW beside brute force on this conversation's episode vectors ----
const embedder = new HashEmbedder();
const texts = mem.log().flatMap((op) => (op.type === 'episode' ? [op.text] : []));
const dim = embedder.dimensions;
const vectors = new Float32Array(texts.length * dim);
texts.forEach((t, i) => vectors.set(embedder.embedText(t), i * dim));
const queries = questions.map((q) => embedder.embedText(q.question)).filter((v) => v.some((x) => x !== 0));
const tb = performance.now();
const hnsw = new Hnsw({ dimensions: dim, efSearch: 128 });
for (let i = 0; i < texts.length; i++) if (vectors.subarray(i * dim, (i + 1) * dim).some((x) => x !== 0)) hnsw.add(i, vectors.subarray(i * dim, (i + 1) * dim));
const buildMs = performance.now() - tb;
const truth = queries.map((q) => bruteForceSearch(vectors, dim, q, 10));
const tq = performance.now();
const approx = queries.map((q) => hnsw.search(q, 10));
const hnswMs = performance.now() - tq;
const tbf = performance.now();
for (const q of queries) bruteForceSearch(vectors, dim, q, 10);
const bruteMs = performance.now() - tbf;
let hit = 0;
let all = 0;
truth.forEach((t, i) => {
  const got = new Set(approx[i]!.map((h) => h.id));
  // zero vectors were not indexed: score them out of the truth as well
  const want = t.filter((h) => h.score > 0);
  all += want.length;
  hit += want.filter((h) => got.has(h.id)).length;
});
console.log(
  `HNSW (M 16, efConstruction 200, ef 128) on ${hnsw.size} episode vectors × ${dim}: build ${buildMs.toFixed(1)} ms; ` +
    `${((queries.length / hnswMs) * 1000).toFixed(0)} queries/s vs brute force ${((queries.length / bruteMs) * 1000).toFixed(0)} queries/s; recall@10 ${(hit / Math.max(1, all)).toFixed(3)}`,
);
