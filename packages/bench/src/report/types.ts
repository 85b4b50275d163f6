/** The shape of report.json. Every number in it was measured in this run, except rows marked `published`. */
import type { LatencySummary } from '../stats.js';
import type { MemoryPeak } from '../memory.js';

export interface Environment {
  os: string;
  cpuModel: string;
  cpuCount: number;
  totalMemoryBytes: number;
  node: string;
  v8: string;
  gitCommit: string | null;
  command: string;
  gcExposed: boolean;
  /** os.loadavg() (1, 5 and 15 minutes) when the run started and when it ended: how busy the machine was. */
  loadAverage?: { before: number[]; after: number[] };
}

export interface WorkloadResult {
  /** 1 ingest, 2 reads, 3 recall, 4 vectors, 5 snapshots. */
  workload: string;
  /** What was measured, e.g. "LoCoMo ingest" or "facts (entity-local)". */
  name: string;
  /** Who answered: "palimpsest", "SQLite (better-sqlite3)", "hnswlib-node", … */
  system: string;
  /** Per-operation latency in ms, when the workload is a repeated operation. */
  latency?: LatencySummary;
  /** Operations per second (for bulk work: units per second of wall time). */
  throughput?: number;
  /** What one operation is ("episode", "query", "version", …). */
  unit?: string;
  memory?: MemoryPeak;
  /** Workload-specific figures (sizes, counts, recall@10, agreement). */
  extra?: Record<string, number | string | boolean>;
}

export interface QualityRow {
  dataset: string;
  /** e.g. "session recall_all@5", "evidence recall@10". */
  metric: string;
  /** Question type / category, or "all". */
  group: string;
  system: string;
  value: number;
  /** Questions averaged. 0 for published rows. */
  n: number;
  published: boolean;
  note?: string;
}

export interface PublishedLatency {
  system: string;
  p50Ms: number;
  p95Ms: number;
  source: string;
}

export interface BenchReport {
  title: string;
  /** What was run (which suite and subsets), in words. */
  suite?: string;
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  environment: Environment;
  datasets: { source: 'real' | 'generated'; note: string; checksums: Record<string, string> };
  workloads: WorkloadResult[];
  quality: QualityRow[];
  publishedLatency: PublishedLatency[];
  /** Lines worth reading: what was skipped or unavailable and why, agreement results, deviations. */
  notes: string[];
}
