import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPipeline, type PipelineResult } from '../src/pipeline.js';
import { parseArgs, summaryRows } from '../src/cli.js';
import { OURS, recallAvailable } from '../src/workloads/conversations.js';

const root = mkdtempSync(join(tmpdir(), 'palimpsest-bench-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the whole pipeline on a tiny generated input', () => {
  let run: PipelineResult;
  const lines: string[] = [];
  const progress: string[] = [];
  const progressStream = { isTTY: false, write: (s: string) => progress.push(s) } as unknown as NodeJS.WriteStream;

  it('runs end to end and writes a report folder', async () => {
    run = await runPipeline({ mode: 'tiny', outRoot: root, log: (l) => lines.push(l), progress: progressStream, command: 'vitest pipeline' });
    expect(run.written.dir.startsWith(root)).toBe(true);
    const files = readdirSync(run.written.dir);
    expect(files).toContain('report.md');
    expect(files).toContain('report.json');
    expect(files.some((f) => f.endsWith('.svg'))).toBe(true);
  }, 60_000);

  it('report.json parses and records the machine, node and the data source', () => {
    const json = JSON.parse(readFileSync(join(run.written.dir, 'report.json'), 'utf8')) as typeof run.report;
    expect(json.environment.node).toBe(process.version);
    expect(json.environment.cpuCount).toBeGreaterThan(0);
    expect(json.environment.command).toBe('vitest pipeline');
    expect(json.datasets.source).toBe('generated');
    expect(json.workloads.length).toBe(run.report.workloads.length);
    const md = readFileSync(join(run.written.dir, 'report.md'), 'utf8');
    expect(md).toContain('## Workloads');
    expect(md).toContain('## Retrieval quality');
  });

  it('every SVG is a well-formed svg document', () => {
    for (const f of readdirSync(run.written.dir).filter((x) => x.endsWith('.svg'))) {
      const svg = readFileSync(join(run.written.dir, f), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });

  it('has the ingest, reads and snapshot workloads with sane latency summaries', () => {
    const names = run.report.workloads.map((w) => `${w.workload} ${w.name} ${w.system}`);
    expect(names.some((n) => n.startsWith('1 ingest generated LoCoMo-shaped ingest'))).toBe(true);
    expect(names.some((n) => n.startsWith('1 ingest synthetic stream 2,000 ops'))).toBe(true);
    // snapshots at both scales of the tiny run, encode and decode, each with a size
    const snaps = run.report.workloads.filter((w) => w.workload === '5 snapshots');
    expect(snaps.map((w) => w.name)).toEqual([
      'encode generated LoCoMo-shaped (1 conversation)',
      'decode generated LoCoMo-shaped (1 conversation)',
      'encode stream (2,000 ops)',
      'decode stream (2,000 ops)',
    ]);
    for (const w of snaps) expect(w.extra?.['bytes']).toBeGreaterThan(0);
    // vectors: ours and hnswlib-node, build and search
    const vec = run.report.workloads.filter((w) => w.workload === '4 vectors').map((w) => `${w.name.split(' ')[0]} ${w.system}`);
    expect(vec).toEqual(['build palimpsest Hnsw (TypeScript)', 'search palimpsest Hnsw (TypeScript)', 'build hnswlib-node (C++)', 'search hnswlib-node (C++)']);
    for (const w of run.report.workloads) {
      if (!w.latency) continue;
      expect(w.latency.n).toBeGreaterThan(0);
      expect(w.latency.p50).toBeLessThanOrEqual(w.latency.p95);
      expect(w.latency.p95).toBeLessThanOrEqual(w.latency.p99);
      expect(w.latency.p99).toBeLessThanOrEqual(w.latency.max);
    }
  });

  it('the SQLite peer agrees with the engine on every read kind, and both were timed', () => {
    const agree = run.report.notes.filter((n) => n.startsWith('reads: '));
    expect(agree).toHaveLength(5); // entity-local, whole-graph (rows and ids), history, changes
    for (const n of agree) expect(n).toMatch(/engine and SQLite agree on all \d+ queries/);
    const systems = new Set(run.report.workloads.filter((w) => w.workload === '2 reads' && w.latency).map((w) => w.system));
    expect(systems).toEqual(new Set(['palimpsest', 'SQLite (seed schema + subject index)', 'SQLite (seed schema)']));
  });

  it('quality figures are numbers in [0, 1], with the BM25 baseline present', () => {
    expect(run.report.quality.length).toBeGreaterThan(0);
    for (const q of run.report.quality) {
      expect(Number.isFinite(q.value)).toBe(true);
      expect(q.value).toBeGreaterThanOrEqual(0);
      expect(q.value).toBeLessThanOrEqual(1);
    }
    expect(run.report.quality.some((q) => q.system.startsWith('plain BM25') && q.metric === 'evidence recall@10' && q.group === 'all')).toBe(true);
  });

  it('recall is scored beside BM25 when the build has it, and said to be unavailable otherwise', () => {
    const ours = run.report.quality.filter((q) => q.system === OURS);
    const latency = run.report.workloads.filter((w) => w.workload === '3 recall');
    if (recallAvailable()) {
      expect(ours.some((q) => q.metric === 'evidence recall@10' && q.group === 'all')).toBe(true);
      // every question of the generated conversations is recalled once
      const questions = latency.find((w) => w.name.endsWith('recall — all'))!.latency!.n;
      expect(questions).toBeGreaterThan(0);
    } else {
      expect(ours).toHaveLength(0);
      expect(latency).toHaveLength(0);
      expect(run.report.notes.some((n) => n.includes('recall: not available in this build'))).toBe(true);
    }
  });

  it('shows every phase as step n/N with counts, and ends each with a one-line result', () => {
    const ends = progress.filter((l) => /^\[\d+\/\d+\] .*: done, /.test(l));
    const n = Number(/^\[\d+\/(\d+)\]/.exec(ends[0]!)![1]);
    expect(ends).toHaveLength(n);
    expect(ends.map((l) => Number(/^\[(\d+)\//.exec(l)![1]))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(ends.find((l) => l.includes('synthetic stream ingest'))).toMatch(/done, 2000 operations in \d+:\d\d — synthetic stream 2,000 ops palimpsest: p50 /);
    expect(progress.some((l) => /[#.]{24} \d+\/7 steps +\d+%  elapsed \d+:\d\d  eta \d+:\d\d/.test(l))).toBe(true);
    expect(ends.at(-1)).toContain(run.written.dir);
  });

  it('records the load average before and after, and keeps units in their own columns', () => {
    const la = run.report.environment.loadAverage!;
    expect(la.before).toHaveLength(3);
    expect(la.after).toHaveLength(3);
    const md = readFileSync(join(run.written.dir, 'report.md'), 'utf8');
    expect(md).toMatch(/load average \(1 \/ 5 \/ 15 min\) on \d+ cores: [\d.]+ \/ [\d.]+ \/ [\d.]+ at the start/);
    expect(md).toContain('| p50 ms | p95 ms | p99 ms | throughput | throughput unit | peak RSS MB |');
    const streamRow = md.split('\n').find((l) => l.includes('synthetic stream 2,000 ops'))!;
    expect(streamRow).toMatch(/\| [\d,.]+ \| operation\/s \|/);
    expect(run.report.suite).toMatch(/tiny/);
  });

  it('the summary table has one row per workload result', () => {
    expect(summaryRows(run.report.workloads)).toHaveLength(run.report.workloads.length);
  });
});

describe('cli arguments', () => {
  it('parses --quick and --out, and refuses unknown ones by name', () => {
    expect(parseArgs([])).toEqual({ mode: 'standard' });
    expect(parseArgs(['--full'])).toEqual({ mode: 'full' });
    expect(parseArgs(['--quick', '--out', 'x'])).toEqual({ mode: 'quick', out: 'x' });
    expect(parseArgs(['--out=y', '--generated'])).toEqual({ mode: 'standard', out: 'y', generated: true });
    expect(parseArgs(['--help'])).toEqual({ mode: 'standard', help: true });
    expect(() => parseArgs(['--fast'])).toThrow(/^bench: unknown argument/);
    expect(() => parseArgs(['--out'])).toThrow(/^bench: --out needs a folder/);
    expect(() => parseArgs(['--full', '--quick'])).toThrow(/^bench: choose one of --full, --quick/);
  });

  it('parses --scale with its sizes and haystack count, and refuses bad ones by name', () => {
    expect(parseArgs(['--scale'])).toEqual({ mode: 'standard', scale: { sizes: [10_000, 50_000, 200_000], questions: 100, split: 'test' } });
    expect(parseArgs(['--scale', '--sizes', '10000,50000', '--questions', '0'])).toEqual({ mode: 'standard', scale: { sizes: [10_000, 50_000], questions: 0, split: 'test' } });
    expect(parseArgs(['--scale', '--questions', '20', '--split', 'dev'])).toEqual({ mode: 'standard', scale: { sizes: [10_000, 50_000, 200_000], questions: 20, split: 'dev' } });
    expect(() => parseArgs(['--scale', '--split', 'train'])).toThrow(/^bench: --split must be dev or test/);
    expect(() => parseArgs(['--split', 'dev'])).toThrow(/^bench: --sizes, --questions and --split go with --scale/);
    expect(() => parseArgs(['--scale', '--sizes', '10k'])).toThrow(/^bench: --sizes must be whole numbers/);
    expect(() => parseArgs(['--scale', '--sizes', '0'])).toThrow(/^bench: --sizes must be whole numbers/);
    expect(() => parseArgs(['--scale', '--questions=-1'])).toThrow(/^bench: --questions must be a whole number/);
    expect(() => parseArgs(['--sizes', '10000'])).toThrow(/^bench: --sizes, --questions and --split go with --scale/);
  });
});
