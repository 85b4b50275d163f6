/**
 * The ingest pipeline's overhead beyond the models' own time (issue 10: goal ≤ 10%), on LoCoMo
 * conversations of the test split:
 *
 *   npx tsc -p packages/core/perf && node packages/core/dist/perf-node/perf/ingest-overhead.js [perBatchMs] [batchSize] [concurrency] [conversations]
 *
 * The models are stand-ins that do real work: the extractor is the RuleExtractor behind a promise; the
 * embedder hashes each text (HashEmbedder, 256-d), projects it to 384-d through a fixed random matrix,
 * and spends a fixed extra time per call doing matrix-vector products (a model's per-batch cost). Both
 * answer with a resolved promise, so they are asynchronous to the pipeline.
 *
 * 1. pipeline: `ingest(mem, turns, { extractor, batchSize, concurrency })` into a memory that stores the
 *    vectors, every model call recorded (its inputs) and timed;
 * 2. direct: fresh models called with exactly the recorded inputs, in the same order, awaited one by one.
 * Overhead = pipeline / direct − 1, by wall time and by this process's CPU time; median of 3 rounds.
 * Prints measurements only.
 */
import { loadLocomo } from '@palimpsest/datasets';
import { ingest } from '../src/graph/ingest-pipeline.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { transcriptTurns } from '../src/graph/transcript.js';
import { HashEmbedder } from '../src/recall/embedder.js';
import type { Embedder } from '../src/recall/embedder.js';
import { RuleExtractor } from '../src/recall/extractor.js';
import type { Extraction, Extractor, Turn } from '../src/recall/extractor.js';
import { mulberry32 } from '../src/util/random.js';

const perBatchMs = Number(process.argv[2] ?? 20);
const batchSize = Number(process.argv[3] ?? 32);
const concurrency = Number(process.argv[4] ?? 4);
const DIM = 384;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A fixed random 256 → 384 projection and a 384 × 384 matrix for the per-call work. */
const random = mulberry32(1);
const projection = Float32Array.from({ length: 256 * DIM }, () => random() - 0.5);
const square = Float32Array.from({ length: DIM * DIM }, () => (random() - 0.5) / 20);

/** How many 384 × 384 matrix-vector products take `ms` of this process's CPU time (calibrated once, after a warm-up). */
function calibrate(ms: number): number {
  const v = new Float32Array(DIM).fill(0.1);
  const out = new Float32Array(DIM);
  for (let i = 0; i < 200; i++) matvec(square, v, out);
  let n = 0;
  const c0 = cpuMs();
  while (cpuMs() - c0 < 300) {
    for (let i = 0; i < 20; i++) matvec(square, v, out);
    n += 20;
  }
  return Math.max(1, Math.round((n / (cpuMs() - c0)) * ms));
}

function matvec(m: Float32Array, v: Float32Array, out: Float32Array): void {
  const cols = v.length;
  for (let r = 0; r < out.length; r++) {
    let s = 0;
    for (let c = 0; c < cols; c++) s += m[r * cols + c]! * v[c]!;
    out[r] = s;
  }
}

class FakeModelEmbedder implements Embedder {
  readonly id = `fake-model-384:${perBatchMs}ms`;
  readonly dimensions = DIM;
  private readonly hash = new HashEmbedder();
  constructor(private readonly workPerCall: number) {}
  embed(texts: readonly string[]): Promise<Float32Array[]> {
    const v = new Float32Array(DIM).fill(0.1);
    const tmp = new Float32Array(DIM);
    for (let i = 0; i < this.workPerCall; i++) matvec(square, i % 2 ? tmp : v, i % 2 ? v : tmp);
    const out = texts.map((t) => {
      const h = this.hash.embedText(t);
      const x = new Float32Array(DIM);
      for (let k = 0; k < 256; k++) {
        const hk = h[k]!;
        if (hk === 0) continue;
        for (let d = 0; d < DIM; d++) x[d] = x[d]! + hk * projection[k * DIM + d]!;
      }
      return x;
    });
    return Promise.resolve(out);
  }
}

const asyncRule = (): Extractor => {
  const rule = new RuleExtractor();
  return { id: rule.id, extract: (turns) => Promise.resolve(rule.extract(turns)) };
};

type Call = { kind: 'extract'; turns: Turn[] } | { kind: 'embed'; texts: string[] };

/** Wraps the models to record every call's inputs. */
function recording(embedder: Embedder, extractor: Extractor, calls: Call[]): { embedder: Embedder; extractor: Extractor } {
  return {
    embedder: {
      id: embedder.id,
      dimensions: embedder.dimensions,
      embed: async (texts) => {
        calls.push({ kind: 'embed', texts: [...texts] });
        return embedder.embed(texts);
      },
    },
    extractor: {
      id: extractor.id,
      extract: async (turns): Promise<Extraction[]> => {
        calls.push({ kind: 'extract', turns: [...turns] });
        return extractor.extract(turns);
      },
    },
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const conversations = (await loadLocomo({ split: 'test' })).slice(0, Number(process.argv[5] ?? Infinity));
const transcripts = conversations.map((c) => transcriptTurns(c).turns);
const totalTurns = transcripts.reduce((n, t) => n + t.length, 0);
const work = calibrate(perBatchMs);
console.log(
  `LoCoMo test split: ${conversations.length} conversations, ${totalTurns} turns; batchSize ${batchSize}, concurrency ${concurrency}; fake embedder ${DIM}-d, ${perBatchMs} ms of extra work per call (${work} matvecs)`,
);

const rounds: Array<{ pipeWall: number; pipeCpu: number; directWall: number; directCpu: number; calls: number }> = [];
for (let round = 0; round < 3; round++) {
  const calls: Call[] = [];
  let pipeWall = 0;
  let pipeCpu = 0;
  for (const turns of transcripts) {
    const m = recording(new FakeModelEmbedder(work), asyncRule(), calls);
    let t = Date.UTC(2030, 0, 1);
    const mem = new MemoryGraph({ now: () => ++t, embedder: m.embedder });
    const w0 = performance.now();
    const c0 = cpuMs();
    await ingest(mem, turns, { extractor: m.extractor, batchSize, concurrency });
    pipeWall += performance.now() - w0;
    pipeCpu += cpuMs() - c0;
  }
  // the same calls, straight to fresh models (a fresh RuleExtractor per conversation, as above)
  let directWall = 0;
  let directCpu = 0;
  let embedder = new FakeModelEmbedder(work);
  let extractor = asyncRule();
  for (const call of calls) {
    if (call.kind === 'extract' && call.turns[0]!.id === 'D1:1') {
      embedder = new FakeModelEmbedder(work);
      extractor = asyncRule();
    }
    const w0 = performance.now();
    const c0 = cpuMs();
    if (call.kind === 'extract') await extractor.extract(call.turns);
    else await embedder.embed(call.texts);
    directWall += performance.now() - w0;
    directCpu += cpuMs() - c0;
  }
  rounds.push({ pipeWall, pipeCpu, directWall, directCpu, calls: calls.length });
  const r = rounds[rounds.length - 1]!;
  console.log(
    `round ${round + 1}: pipeline ${r.pipeWall.toFixed(0)} ms wall / ${r.pipeCpu.toFixed(0)} ms CPU (${r.calls} model calls); direct ${r.directWall.toFixed(0)} ms wall / ${r.directCpu.toFixed(0)} ms CPU`,
  );
}
const wall = median(rounds.map((r) => r.pipeWall / r.directWall - 1));
const cpu = median(rounds.map((r) => r.pipeCpu / r.directCpu - 1));
const perTurn = median(rounds.map((r) => ((r.pipeCpu - r.directCpu) * 1000) / totalTurns));
console.log(`overhead beyond the models' own time (median of 3): ${(wall * 100).toFixed(1)}% wall, ${(cpu * 100).toFixed(1)}% CPU; ${perTurn.toFixed(0)} µs of CPU per turn`);
