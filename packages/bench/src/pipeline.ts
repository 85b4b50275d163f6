/**
 * The whole benchmark run: data → workloads 1–5 and retrieval quality → report folder.
 * `cli.ts` is a thin shell around `runPipeline`; the pipeline test runs it in `tiny` mode on generated input.
 */
import { join, resolve } from 'node:path';
import type { MemoryGraph } from '@palimpsest/core';
import { MemoryGraph as MemoryGraphClass, PalimpsestError } from '@palimpsest/core';
import * as datasets from '@palimpsest/datasets';
import type { Conversation, LongMemEvalQuestion } from '@palimpsest/datasets';
import { environment } from './report/env.js';
import { timestampFolder, writeReport, type WrittenReport } from './report/write.js';
import type { BenchReport, PublishedLatency, QualityRow, WorkloadResult } from './report/types.js';
import { runLocomo, runLongMemEval, OURS, BM25 } from './workloads/conversations.js';
import { runStream } from './workloads/stream.js';
import { runReads } from './workloads/reads.js';
import { runVectors, vectorsAvailable } from './workloads/vectors.js';
import { runSnapshots } from './workloads/snapshots.js';
import type { TimingOptions } from './timing.js';

export type Mode = 'full' | 'quick' | 'tiny';

export interface PipelineOptions {
  mode: Mode;
  /** Exact output folder; default `<outRoot>/<ISO timestamp>`. */
  outDir?: string;
  /** @default 'bench-results' (relative to the working directory) */
  outRoot?: string;
  /** Use the seeded generator even when the real data sets are present. @default true in tiny mode */
  generated?: boolean;
  /** @default console.log */
  log?: (line: string) => void;
  /** Recorded in the report. @default process.argv */
  command?: string;
  /** @default 42 */
  seed?: number;
}

export interface PipelineResult {
  report: BenchReport;
  written: WrittenReport;
}

interface Sizes {
  /** LoCoMo conversations (real: test-split first); Infinity = all. */
  locomo: number;
  /** LongMemEval_S questions (test split first); Infinity = all. */
  longmemeval: number;
  /** Generated conversations when the real data is absent. */
  generatedConversations: number;
  stream: number;
  streamEntities: number;
  readsQueries: { local: number; cut: number; history: number; changes: number };
  vectors: { count: number; dim: number; queries: number };
  timing: TimingOptions;
  cutTiming: TimingOptions;
  snapshotTiming: TimingOptions;
}

export const SIZES: Record<Mode, Sizes> = {
  full: {
    locomo: Infinity,
    longmemeval: Infinity,
    generatedConversations: 10,
    stream: 1_000_000,
    streamEntities: 50_000,
    readsQueries: { local: 500, cut: 20, history: 300, changes: 200 },
    vectors: { count: 100_000, dim: 128, queries: 1000 },
    timing: { time: 3000, iterations: 50 },
    cutTiming: { time: 3000, iterations: 10 },
    snapshotTiming: { time: 0, iterations: 5, warmupTime: 0 },
  },
  quick: {
    locomo: 2,
    longmemeval: 50,
    generatedConversations: 2,
    stream: 100_000,
    streamEntities: 10_000,
    readsQueries: { local: 300, cut: 10, history: 200, changes: 100 },
    vectors: { count: 5_000, dim: 128, queries: 200 },
    timing: { time: 500, iterations: 20 },
    cutTiming: { time: 500, iterations: 5 },
    snapshotTiming: { time: 0, iterations: 3, warmupTime: 0 },
  },
  tiny: {
    locomo: 2,
    longmemeval: 5,
    generatedConversations: 2,
    stream: 2_000,
    streamEntities: 200,
    readsQueries: { local: 50, cut: 5, history: 20, changes: 20 },
    vectors: { count: 500, dim: 16, queries: 20 },
    timing: { time: 20, iterations: 5, warmupTime: 5 },
    cutTiming: { time: 10, iterations: 3, warmupTime: 5 },
    snapshotTiming: { time: 0, iterations: 2, warmupTime: 0 },
  },
};

/** Published figures, shown beside ours and never re-run. */
export const PUBLISHED_QUALITY: QualityRow[] = [
  {
    dataset: 'LongMemEval_S', metric: 'session recall_all@5', group: 'all', system: 'BM25 (LongMemEval paper App. E.2)', value: 0.634, n: 0, published: true,
    note: 'published, not re-run; measured on LongMemEval_M (not S), the paper\'s "R@5" at session level',
  },
  {
    dataset: 'LongMemEval_S', metric: 'session recall_all@5', group: 'all', system: 'Contriever K=V+fact (LongMemEval paper App. E.2)', value: 0.762, n: 0, published: true,
    note: 'published, not re-run; measured on LongMemEval_M (not S), the paper\'s "R@5" at session level',
  },
  ...([[5, 0.588], [10, 0.675], [25, 0.799]] as const).map(([k, v]): QualityRow => ({
    dataset: 'LoCoMo', metric: `evidence recall@${k}`, group: 'all', system: 'DRAGON, dialog units (LoCoMo paper Table 3)', value: v, n: 0, published: true,
    note: 'published, not re-run; all categories of the 10 conversations as published',
  })),
];

export const PUBLISHED_LATENCY: PublishedLatency[] = [
  { system: 'Mem0', p50Ms: 148, p95Ms: 200, source: 'Mem0 paper (arXiv 2504.19413) Table 2, search latency — published, not re-run' },
  { system: 'Zep', p50Ms: 513, p95Ms: 778, source: 'Mem0 paper (arXiv 2504.19413) Table 2, search latency — published, not re-run' },
];

/** Up to n questions, one of each type in turn (file order within a type). */
export function stratified(questions: readonly LongMemEvalQuestion[], n: number): LongMemEvalQuestion[] {
  const byType = new Map<string, LongMemEvalQuestion[]>();
  for (const q of questions) {
    let xs = byType.get(q.type);
    if (!xs) byType.set(q.type, (xs = []));
    xs.push(q);
  }
  const queues = [...byType.values()];
  const out: LongMemEvalQuestion[] = [];
  for (let i = 0; out.length < n && queues.some((xs) => i < xs.length); i++) {
    for (const xs of queues) if (i < xs.length && out.length < n) out.push(xs[i]!);
  }
  return out;
}

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const mode = options.mode;
  const sizes = SIZES[mode];
  const seed = options.seed ?? 42;
  const log = options.log ?? ((line: string) => console.log(line));
  const startedAt = new Date();
  const workloads: WorkloadResult[] = [];
  const quality: QualityRow[] = [];
  const notes: string[] = [];
  const snapshotMems: Array<{ scale: string; mem: MemoryGraph }> = [];
  const step = (s: string) => log(`[bench] ${s}`);

  if (typeof MemoryGraphClass !== 'function') throw new PalimpsestError('runPipeline: MemoryGraph is missing from @palimpsest/core in this build');

  // ---- data
  const wantGenerated = options.generated ?? mode === 'tiny';
  const avail = datasets.datasetsAvailable();
  let source: 'real' | 'generated' = 'real';
  let dataNote: string;
  let conversations: Conversation[] = [];
  let lme: LongMemEvalQuestion[] = [];
  if (!wantGenerated && avail.locomo) {
    const all = await datasets.loadLocomo();
    // test-split conversations first, so subsets still score quality
    const ordered = [...all.filter((c) => datasets.splitOf('locomo', c.id) === 'test'), ...all.filter((c) => datasets.splitOf('locomo', c.id) === 'dev')];
    conversations = Number.isFinite(sizes.locomo) ? ordered.slice(0, sizes.locomo) : all;
    dataNote = `LoCoMo: ${conversations.length} of ${all.length} conversations (${conversations.map((c) => c.id).join(', ')})`;
  } else {
    source = 'generated';
    const folders = datasets.datasetFolders().join(', ');
    if (!wantGenerated) log(`datasets not found in ${folders}: using the seeded generator (LoCoMo-shaped)`);
    conversations = datasets.generateConversations({ seed, conversations: sizes.generatedConversations, ...(mode === 'tiny' ? { sessionsPerConversation: 4, turnsPerSession: 8 } : {}) });
    dataNote = `generated: ${conversations.length} LoCoMo-shaped conversations, seed ${seed}${wantGenerated ? ' (generated input requested)' : ` (datasets not found in ${folders})`}`;
  }
  if (source === 'real' && avail['longmemeval-s']) {
    step('loading LongMemEval_S …');
    const all = await datasets.loadLongMemEval('s');
    // The file is grouped by question type: a subset takes test-split questions from every type in turn.
    lme = Number.isFinite(sizes.longmemeval) ? stratified(all.filter((q) => datasets.splitOf('longmemeval', q.position) === 'test'), sizes.longmemeval) : all;
    dataNote += `; LongMemEval_S: ${lme.length} of ${all.length} questions`;
  } else {
    notes.push('LongMemEval_S: not run (the data set is absent or generated input was requested; the generator is LoCoMo-shaped only)');
  }

  // ---- workload 1 + 3 + quality: conversations
  step(`LoCoMo${source === 'generated' ? '-shaped (generated)' : ''}: ingest, recall, quality …`);
  const locomoName = source === 'real' ? 'LoCoMo' : 'generated LoCoMo-shaped';
  const lo = await runLocomo(conversations, locomoName, { keepLast: true });
  workloads.push(...lo.results);
  quality.push(...lo.quality);
  notes.push(...lo.notes);
  if (lo.lastMemory) snapshotMems.push({ scale: `${locomoName} (1 conversation)`, mem: lo.lastMemory });
  if (lme.length > 0) {
    step(`LongMemEval_S: ${lme.length} haystacks: ingest, recall, quality …`);
    const lm = await runLongMemEval(lme, 'LongMemEval_S', { keepLast: true });
    workloads.push(...lm.results);
    quality.push(...lm.quality);
    notes.push(...lm.notes);
    if (lm.lastMemory) snapshotMems.push({ scale: 'LongMemEval_S (1 haystack)', mem: lm.lastMemory });
  }
  const datasetsInRun = new Set(quality.map((q) => q.dataset));
  for (const p of PUBLISHED_QUALITY) if (datasetsInRun.has(p.dataset)) quality.push(p);

  // ---- workload 1c + 2: stream and reads
  step(`synthetic stream: ${sizes.stream.toLocaleString('en-US')} operations …`);
  const stream = await runStream({ versions: sizes.stream, seed, entities: sizes.streamEntities });
  workloads.push(stream.result);
  step('bi-temporal reads vs SQLite …');
  const reads = await runReads({
    mem: stream.mem,
    subjects: stream.subjects,
    recordSpan: stream.recordSpan,
    validSpan: stream.validSpan,
    seed,
    queries: sizes.readsQueries,
    timing: sizes.timing,
    cutTiming: sizes.cutTiming,
  });
  workloads.push(...reads.results);
  notes.push(...reads.notes);
  snapshotMems.push({ scale: `stream (${sizes.stream.toLocaleString('en-US')} ops)`, mem: stream.mem });

  // ---- workload 4: vectors
  if (vectorsAvailable()) {
    step(`vectors: ${sizes.vectors.count.toLocaleString('en-US')} × ${sizes.vectors.dim} …`);
    const v = await runVectors({ ...sizes.vectors, params: { m: 16, efConstruction: 200, efSearch: 64, seed }, timing: sizes.timing });
    workloads.push(...v.results);
    notes.push(...v.notes);
  } else {
    notes.push('vectors: not available in this build (Hnsw / bruteForceSearch are not exported from @palimpsest/core)');
  }

  // ---- workload 5: snapshots
  step('snapshots …');
  const snaps = await runSnapshots(snapshotMems, sizes.snapshotTiming);
  workloads.push(...snaps.results);
  notes.push(...snaps.notes);

  // ---- report
  const checksums: Record<string, string> = {};
  if (source === 'real') {
    for (const c of await datasets.datasetChecksums()) {
      if (c.sha256 !== undefined) checksums[c.dataset] = `${c.sha256}${c.matches ? ' (matches the published hash)' : ' (DIFFERS from the published hash)'}`;
    }
  }
  const finishedAt = new Date();
  const report: BenchReport = {
    title: `palimpsest benchmark${mode === 'full' ? '' : ` (${mode})`}`,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    quick: mode !== 'full',
    environment: environment(options.command),
    datasets: { source, note: dataNote, checksums },
    workloads,
    quality,
    publishedLatency: PUBLISHED_LATENCY,
    notes: [
      `timing: repeatable operations with tinybench 2 (${JSON.stringify(sizes.timing)}); ingest and per-question recall timed once per operation; percentiles by linear interpolation`,
      `quality series: "${OURS}" is MemoryGraph.recall; "${BM25}" is the data sets README's plain Okapi BM25 (k1 1.2, b 0.75, stop list, no stemming, one document per turn "speaker: text"; LongMemEval sessions ranked by their first turn, at the question's cut)`,
      ...notes,
    ],
  };
  const dir = options.outDir ?? join(resolve(options.outRoot ?? 'bench-results'), timestampFolder(startedAt));
  const written = writeReport(report, dir);
  return { report, written };
}
