/**
 * The whole benchmark run: data → workloads 1–5 and retrieval quality → report folder, each phase with a
 * progress bar and a one-line result on stderr (phases.ts).
 * `cli.ts` is a thin shell around `runPipeline`; the pipeline test runs it in `tiny` mode on generated input.
 */
import { loadavg } from 'node:os';
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
import { READS_STEPS, runReads } from './workloads/reads.js';
import { runVectors, vectorsAvailable, vectorsSteps } from './workloads/vectors.js';
import { betterSqlite3, hnswlibNode } from './peers/native.js';
import { runSnapshots } from './workloads/snapshots.js';
import type { TimingOptions } from './timing.js';
import { conversationSummary, Phases, rowsSummary } from './phases.js';

/** standard: what `npm run bench` runs (≤ 10 minutes on 2 idle cores); full: everything (--full). */
export type Mode = 'full' | 'standard' | 'quick' | 'tiny';

/** What each mode runs, in words, for the report and --help. */
export const MODE_DESCRIPTIONS: Record<Mode, string> = {
  full: 'full suite: all LoCoMo conversations, all 498 LongMemEval_S questions, a 1,000,000-operation stream, 100,000 vectors',
  standard:
    'standard suite: all 10 LoCoMo conversations, 60 LongMemEval_S test-split questions (every type in turn), a 200,000-operation stream, 20,000 vectors',
  quick: 'quick subset: 2 LoCoMo conversations, 50 LongMemEval_S test-split questions, a 100,000-operation stream, 5,000 vectors',
  tiny: 'tiny smoke run on generated input (for tests)',
};

export interface PipelineOptions {
  mode: Mode;
  /** Exact output folder; default `<outRoot>/<ISO timestamp>`. */
  outDir?: string;
  /** @default 'bench-results' (relative to the working directory) */
  outRoot?: string;
  /** Use the seeded generator even when the real data sets are present. @default true in tiny mode */
  generated?: boolean;
  /** Messages that are not progress (e.g. data sets not found). @default console.log */
  log?: (line: string) => void;
  /** Where the phases' progress bars and one-line results go. @default process.stderr */
  progress?: NodeJS.WriteStream;
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
  standard: {
    locomo: Infinity,
    longmemeval: 60,
    generatedConversations: 4,
    stream: 200_000,
    streamEntities: 20_000,
    readsQueries: { local: 500, cut: 10, history: 300, changes: 200 },
    vectors: { count: 20_000, dim: 128, queries: 500 },
    timing: { time: 1000, iterations: 20 },
    cutTiming: { time: 1000, iterations: 5 },
    snapshotTiming: { time: 0, iterations: 3, warmupTime: 0 },
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
  const loadBefore = loadavg();
  // Read at the start: the commit and machine the run's code came from, even if the tree changes meanwhile.
  const env = environment(options.command);
  const workloads: WorkloadResult[] = [];
  const quality: QualityRow[] = [];
  const notes: string[] = [];
  const snapshotMems: Array<{ scale: string; mem: MemoryGraph }> = [];

  if (typeof MemoryGraphClass !== 'function') throw new PalimpsestError('runPipeline: MemoryGraph is missing from @palimpsest/core in this build');

  // The phases are known before anything runs, so every progress line can say "n/N".
  const wantGenerated = options.generated ?? mode === 'tiny';
  const avail = datasets.datasetsAvailable();
  const realLocomo = !wantGenerated && avail.locomo;
  const withLme = realLocomo && avail['longmemeval-s'];
  const withVectors = vectorsAvailable();
  // The native peers are optional dependencies: without SQLite the reads (which must agree with it before
  // they are timed) are not run; without hnswlib-node our HNSW is measured alone.
  const sqlite = betterSqlite3();
  const hnswlib = hnswlibNode();
  const withReads = typeof sqlite !== 'string';
  const withHnswlib = typeof hnswlib !== 'string';
  if (!withReads) notes.push(`reads: not run: ${sqlite} — the engine's reads are timed only beside SQLite's agreeing answers`);
  if (withVectors && !withHnswlib) notes.push(`vectors: hnswlib-node not measured: ${hnswlib}`);
  const phases = new Phases(5 + Number(withLme) + Number(withReads) + Number(withVectors), options.progress ? { stream: options.progress } : {});

  // ---- data
  let source: 'real' | 'generated' = 'real';
  let dataNote = '';
  let conversations: Conversation[] = [];
  let lme: LongMemEvalQuestion[] = [];
  await phases.run('load data', withLme ? 2 : 1, 'files', async (p) => {
    if (realLocomo) {
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
    p.tick();
    if (withLme) {
      const all = await datasets.loadLongMemEval('s');
      // The file is grouped by question type: a subset takes test-split questions from every type in turn.
      lme = Number.isFinite(sizes.longmemeval) ? stratified(all.filter((q) => datasets.splitOf('longmemeval', q.position) === 'test'), sizes.longmemeval) : all;
      dataNote += `; LongMemEval_S: ${lme.length} of ${all.length} questions`;
      p.tick();
    } else {
      notes.push('LongMemEval_S: not run (the data set is absent or generated input was requested; the generator is LoCoMo-shaped only)');
    }
  }, () => dataNote);

  // ---- workload 1 + 3 + quality: conversations
  const locomoName = source === 'real' ? 'LoCoMo' : 'generated LoCoMo-shaped';
  const lo = await phases.run(
    `${locomoName}: ingest, recall, quality`,
    conversations.length,
    'conversations',
    (p) => runLocomo(conversations, locomoName, { keepLast: true, onItem: () => p.tick() }),
    (r) => conversationSummary(locomoName, r.results, r.quality, 'evidence recall@10'),
  );
  workloads.push(...lo.results);
  quality.push(...lo.quality);
  notes.push(...lo.notes);
  if (lo.lastMemory) snapshotMems.push({ scale: `${locomoName} (1 conversation)`, mem: lo.lastMemory });
  if (withLme) {
    const lm = await phases.run(
      'LongMemEval_S: ingest, recall, quality',
      lme.length,
      'haystacks',
      (p) => runLongMemEval(lme, 'LongMemEval_S', { keepLast: true, onItem: () => p.tick() }),
      (r) => conversationSummary('LongMemEval_S', r.results, r.quality, 'session recall_all@5'),
    );
    workloads.push(...lm.results);
    quality.push(...lm.quality);
    notes.push(...lm.notes);
    if (lm.lastMemory) snapshotMems.push({ scale: 'LongMemEval_S (1 haystack)', mem: lm.lastMemory });
  }
  const datasetsInRun = new Set(quality.map((q) => q.dataset));
  for (const p of PUBLISHED_QUALITY) if (datasetsInRun.has(p.dataset)) quality.push(p);

  // ---- workload 1c + 2: stream and reads
  const stream = await phases.run(
    'synthetic stream ingest',
    sizes.stream,
    'operations',
    (p) => runStream({ versions: sizes.stream, seed, entities: sizes.streamEntities, onProgress: (done) => p.update(done) }),
    (r) => rowsSummary([r.result]),
  );
  workloads.push(stream.result);
  if (withReads) {
    const reads = await phases.run(
      'bi-temporal reads vs SQLite',
      READS_STEPS,
      'steps',
      (p) =>
        runReads({
          mem: stream.mem,
          subjects: stream.subjects,
          recordSpan: stream.recordSpan,
          validSpan: stream.validSpan,
          seed,
          queries: sizes.readsQueries,
          timing: sizes.timing,
          cutTiming: sizes.cutTiming,
          onStep: () => p.tick(),
        }),
      (r) => `${Object.values(r.agreement).filter((a) => a.agree).length}/${Object.keys(r.agreement).length} read kinds agree with SQLite; ${rowsSummary(r.results, (w) => w.system === 'palimpsest')}`,
    );
    workloads.push(...reads.results);
    notes.push(...reads.notes);
  }
  snapshotMems.push({ scale: `stream (${sizes.stream.toLocaleString('en-US')} ops)`, mem: stream.mem });

  // ---- workload 4: vectors
  if (withVectors) {
    const v = await phases.run(
      `vectors ${sizes.vectors.count.toLocaleString('en-US')} × ${sizes.vectors.dim}`,
      vectorsSteps(withHnswlib),
      'steps',
      (p) => runVectors({ ...sizes.vectors, params: { m: 16, efConstruction: 200, efSearch: 64, seed }, timing: sizes.timing, peer: withHnswlib, onStep: () => p.tick() }),
      (r) => rowsSummary(r.results, (w) => w.name.startsWith('search')),
    );
    workloads.push(...v.results);
    notes.push(...v.notes);
  } else {
    notes.push('vectors: not available in this build (Hnsw / bruteForceSearch are not exported from @palimpsest/core)');
  }

  // ---- workload 5: snapshots
  const snaps = await phases.run(
    'snapshots encode/decode',
    snapshotMems.length,
    'memories',
    (p) => runSnapshots(snapshotMems, sizes.snapshotTiming, () => p.tick()),
    (r) => rowsSummary(r.results),
  );
  workloads.push(...snaps.results);
  notes.push(...snaps.notes);

  // ---- report
  return phases.run('report', 1, 'report', async (p) => {
    const checksums: Record<string, string> = {};
    if (source === 'real') {
      for (const c of await datasets.datasetChecksums()) {
        if (c.sha256 !== undefined) checksums[c.dataset] = `${c.sha256}${c.matches ? ' (matches the published hash)' : ' (DIFFERS from the published hash)'}`;
      }
    }
    const finishedAt = new Date();
    const report: BenchReport = {
      title: `palimpsest benchmark (${mode === 'full' ? 'full suite' : mode === 'standard' ? 'standard suite' : mode})`,
      suite: MODE_DESCRIPTIONS[mode],
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      quick: mode !== 'full',
      environment: { ...env, loadAverage: { before: loadBefore, after: loadavg() } },
      datasets: { source, note: dataNote, checksums },
      workloads,
      quality,
      publishedLatency: PUBLISHED_LATENCY,
      notes: [
        `suite: ${MODE_DESCRIPTIONS[mode]}${mode === 'full' ? '' : ' — a subset: figures are not those of the full suite (npm run bench -- --full)'}`,
        `timing: repeatable operations with tinybench 2 (${JSON.stringify(sizes.timing)}); ingest and per-question recall timed once per operation; percentiles by linear interpolation`,
        `quality series: "${OURS}" is MemoryGraph.recall; "${BM25}" is the data sets README's plain Okapi BM25 (k1 1.2, b 0.75, stop list, no stemming, one document per turn "speaker: text"; LongMemEval sessions ranked by their first turn, at the question's cut)`,
        ...notes,
      ],
    };
    const dir = options.outDir ?? join(resolve(options.outRoot ?? 'bench-results'), timestampFolder(startedAt));
    const written = writeReport(report, dir);
    p.tick();
    return { report, written };
  }, (r) => `${r.written.files.length} files in ${r.written.dir}`);
}
