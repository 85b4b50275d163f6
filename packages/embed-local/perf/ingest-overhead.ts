/**
 * What `ingest` itself costs beyond its models (issue 10: goal ≤ 10% of the model's time), on LoCoMo
 * conversations of the test split:
 *
 *   node packages/embed-local/dist/perf/ingest-overhead.js [--model stand-in|use-lite] [--conversations N]
 *       [--rounds R] [--ms-per-call X] [--batch 32] [--concurrency 4]
 *
 * Three things are timed, by this process's CPU time (what the work costs, whatever else the machine runs):
 *   P  `ingest(mem, turns, { extractor, batchSize, concurrency })` into a memory that stores the vectors;
 *   M  the same model calls made directly: fresh models, exactly the inputs the pipeline sent, in its
 *      order, awaited one by one;
 *   W  the same writes made directly: the `mem.entity` / `mem.episode` / `mem.assert` calls the pipeline
 *      made (recorded once, arguments and all: precomputed extractions and vectors) replayed through the
 *      public API into a fresh memory; the run checks that this memory's log equals the pipeline's.
 * The pipeline's own cost is P − M − W: checking turns and model answers, batching, promises, bookkeeping.
 *   overhead = (P − M − W) / M    (goal ≤ 10%)
 * and, for comparison, the plain ratio P / M − 1, which also counts the memory's own writes.
 * Each round times P, M and W once, in alternating order (P M W, then W M P); figures are medians over
 * the rounds, after one untimed warm-up round that records the calls.
 *
 * Models: `stand-in` (default) is fast and deterministic so the pipeline's cost shows: the RuleExtractor
 * behind a promise and a 384-d embedder that hashes each text (HashEmbedder), projects it through a fixed
 * random matrix, and spends `--ms-per-call` of matrix-vector products per call (a model's per-batch cost,
 * default 0). `use-lite` is the real offline model (USE lite, 512-d) with the same extractor; its time
 * dwarfs everything else, so use one conversation (`--conversations 1`, ≈ 20 CPU-s per model pass).
 * Prints measurements only.
 */
import { loadLocomo } from '@palimpsest/datasets';
import { HashEmbedder, ingest, MemoryGraph, RuleExtractor, transcriptTurns } from '@palimpsest/core';
import { mulberry32 } from '@palimpsest/core/internal';
import type { Embedder, Extraction, Extractor, IngestTurn, Turn } from '@palimpsest/core';
import { useLiteEmbedder } from '@palimpsest/embed-local';

const args = process.argv.slice(2);
const opt = (name: string, def: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : def;
};
const model = opt('--model', 'stand-in');
if (model !== 'stand-in' && model !== 'use-lite') throw new Error('ingest-overhead: --model stand-in|use-lite');
const conversations = Number(opt('--conversations', model === 'use-lite' ? '1' : '8'));
const rounds = Number(opt('--rounds', '5'));
const msPerCall = Number(opt('--ms-per-call', '0'));
const batchSize = Number(opt('--batch', '32'));
const concurrency = Number(opt('--concurrency', '4'));

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// ---- the stand-in embedder ----
const DIM = 384;
const random = mulberry32(1);
const projection = Float32Array.from({ length: 256 * DIM }, () => random() - 0.5);
const square = Float32Array.from({ length: DIM * DIM }, () => (random() - 0.5) / 20);

function matvec(m: Float32Array, v: Float32Array, out: Float32Array): void {
  for (let r = 0; r < out.length; r++) {
    let s = 0;
    for (let c = 0; c < v.length; c++) s += m[r * v.length + c]! * v[c]!;
    out[r] = s;
  }
}

/** How many 384 × 384 matrix-vector products take `ms` of CPU time (after a warm-up). */
function calibrate(ms: number): number {
  if (ms <= 0) return 0;
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

class StandInEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions = DIM;
  private readonly hash = new HashEmbedder();
  constructor(private readonly workPerCall: number) {
    this.id = `stand-in-384:${msPerCall}ms`;
  }
  embed(texts: readonly string[]): Promise<Float32Array[]> {
    const v = new Float32Array(DIM).fill(0.1);
    const tmp = new Float32Array(DIM);
    for (let i = 0; i < this.workPerCall; i++) matvec(square, i % 2 ? tmp : v, i % 2 ? v : tmp);
    return Promise.resolve(
      texts.map((t) => {
        const h = this.hash.embedText(t);
        const x = new Float32Array(DIM);
        for (let k = 0; k < 256; k++) {
          const hk = h[k]!;
          if (hk !== 0) for (let d = 0; d < DIM; d++) x[d] = x[d]! + hk * projection[k * DIM + d]!;
        }
        return x;
      }),
    );
  }
}

const work = model === 'stand-in' ? calibrate(msPerCall) : 0;
const useLite = model === 'use-lite' ? useLiteEmbedder() : undefined;
if (useLite !== undefined) await useLite.load();
/** A fresh embedder per conversation (the stand-in is stateless; USE lite is loaded once and shared). */
const newEmbedder = (): Embedder => useLite ?? new StandInEmbedder(work);
const asyncRule = (): Extractor => {
  const rule = new RuleExtractor();
  return { id: rule.id, extract: (turns) => Promise.resolve(rule.extract(turns)) };
};

// ---- the data ----
const convs = (await loadLocomo({ split: 'test' })).slice(0, conversations);
const transcripts: IngestTurn[][] = convs.map((c) => transcriptTurns(c).turns);
const totalTurns = transcripts.reduce((n, t) => n + t.length, 0);
const START = Date.UTC(2030, 0, 1);
const newMemory = (embedder: Embedder): MemoryGraph => {
  let t = START;
  return new MemoryGraph({ now: () => ++t, embedder });
};

type ModelCall = { kind: 'extract'; turns: Turn[] } | { kind: 'embed'; texts: string[] };
type Write = { method: 'entity' | 'episode' | 'assert'; arg: unknown };
const WRITES = ['entity', 'episode', 'assert'] as const;

/** The warm-up: one pipeline pass that records every model call's inputs and every write the pipeline made. */
async function record(): Promise<{ calls: ModelCall[][]; writes: Write[][]; logs: string[] }> {
  const calls: ModelCall[][] = [];
  const writes: Write[][] = [];
  const logs: string[] = [];
  for (const turns of transcripts) {
    const c: ModelCall[] = [];
    const w: Write[] = [];
    const embedder = newEmbedder();
    const extractor = asyncRule();
    const mem = newMemory(embedder);
    for (const method of WRITES) {
      const original = mem[method].bind(mem) as (arg: unknown) => unknown;
      (mem as unknown as Record<string, unknown>)[method] = (arg: unknown) => {
        w.push({ method, arg });
        return original(arg);
      };
    }
    const recordingEmbedder: Embedder = {
      id: embedder.id,
      dimensions: embedder.dimensions,
      embed: (texts) => (c.push({ kind: 'embed', texts: [...texts] }), embedder.embed(texts)),
    };
    const recordingExtractor: Extractor = {
      id: extractor.id,
      extract: (ts) => (c.push({ kind: 'extract', turns: [...ts] }), extractor.extract(ts)),
    };
    await ingest(mem, turns, { embedder: recordingEmbedder, extractor: recordingExtractor, batchSize, concurrency });
    calls.push(c);
    writes.push(w);
    logs.push(logText(mem));
  }
  return { calls, writes, logs };
}

const logText = (mem: MemoryGraph): string => JSON.stringify(mem.log(), (_k, v: unknown) => (v instanceof Float32Array ? Array.from(v) : v));

async function timePipeline(): Promise<number> {
  let cpu = 0;
  for (const turns of transcripts) {
    const embedder = newEmbedder();
    const extractor = asyncRule();
    const mem = newMemory(embedder);
    const c0 = cpuMs();
    await ingest(mem, turns, { extractor, batchSize, concurrency });
    cpu += cpuMs() - c0;
  }
  return cpu;
}

async function timeModels(calls: ModelCall[][]): Promise<number> {
  let cpu = 0;
  for (const list of calls) {
    const embedder = newEmbedder();
    const extractor = asyncRule();
    const c0 = cpuMs();
    for (const call of list) {
      if (call.kind === 'extract') await extractor.extract(call.turns);
      else await embedder.embed(call.texts);
    }
    cpu += cpuMs() - c0;
  }
  return cpu;
}

function timeWrites(writes: Write[][], logs?: string[]): number {
  let cpu = 0;
  writes.forEach((list, n) => {
    const mem = newMemory(newEmbedder());
    const c0 = cpuMs();
    for (const { method, arg } of list) (mem[method] as (a: unknown) => unknown)(arg);
    cpu += cpuMs() - c0;
    if (logs !== undefined && logText(mem) !== logs[n]) throw new Error(`ingest-overhead: the direct writes of conversation ${n + 1} do not give the pipeline's log`);
  });
  return cpu;
}

console.log(
  `LoCoMo test split: ${convs.length} conversations, ${totalTurns} turns; batchSize ${batchSize}, concurrency ${concurrency}; model ${
    useLite?.id ?? `stand-in 384-d, ${msPerCall} ms of extra work per embed call (${work} matvecs)`
  } + RuleExtractor; ${rounds} rounds`,
);
const { calls, writes, logs } = await record();
timeWrites(writes, logs); // checks the replayed writes once: the same log as the pipeline's
const nCalls = calls.reduce((n, c) => n + c.length, 0);
const nWrites = writes.reduce((n, w) => n + w.length, 0);
console.log(`recorded: ${nCalls} model calls, ${nWrites} writes (entity/episode/assert); the direct writes give the pipeline's log, byte for byte`);

const P: number[] = [];
const M: number[] = [];
const W: number[] = [];
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? ['P', 'M', 'W'] : ['W', 'M', 'P'];
  for (const what of order) {
    if (what === 'P') P.push(await timePipeline());
    else if (what === 'M') M.push(await timeModels(calls));
    else W.push(timeWrites(writes));
  }
  console.log(`round ${r + 1} (${order.join(' ')}): P ${P[r]!.toFixed(0)} ms, M ${M[r]!.toFixed(0)} ms, W ${W[r]!.toFixed(0)} ms CPU; P − M − W ${(P[r]! - M[r]! - W[r]!).toFixed(0)} ms`);
}
const own = P.map((p, r) => p - M[r]! - W[r]!);
const m = median(M);
console.log(`medians (CPU): P ${median(P).toFixed(0)} ms, M ${m.toFixed(0)} ms, W ${median(W).toFixed(0)} ms`);
console.log(
  `pipeline's own cost P − M − W: ${median(own).toFixed(0)} ms = ${((median(own) * 1000) / totalTurns).toFixed(0)} µs per turn; overhead (P − M − W) / M = ${(
    median(own.map((o, r) => o / M[r]!)) * 100
  ).toFixed(1)}% (rounds: ${own.map((o, r) => ((o / M[r]!) * 100).toFixed(1)).join(' ')})`,
);
console.log(
  `plain ratio P / M − 1 (the memory's writes included): ${(median(P.map((p, r) => p / M[r]! - 1)) * 100).toFixed(1)}%; the model alone: ${((m * 1000) / totalTurns).toFixed(0)} µs per turn`,
);
