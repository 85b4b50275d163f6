/**
 * The benchmark's phases as a newcomer sees them: each shows step n/N, a progress bar with counts, elapsed
 * time and ETA on stderr (plain lines when stderr is not a terminal), and ends with a one-line result.
 */
import { Progress } from '@palimpsest/progress';
import type { QualityRow, WorkloadResult } from './report/types.js';

export interface PhaseOptions {
  /** Where progress goes. @default process.stderr */
  stream?: NodeJS.WriteStream;
}

export class Phases {
  private n = 0;

  constructor(
    /** How many phases the run has (the N of "n/N"). */
    readonly total: number,
    private readonly options: PhaseOptions = {},
  ) {}

  /**
   * Runs one phase: `work` gets the phase's Progress to tick; `summary` turns its outcome into the
   * one-line result printed when it ends.
   */
  async run<T>(label: string, total: number, unit: string, work: (p: Progress) => Promise<T> | T, summary: (result: T) => string): Promise<T> {
    const p = new Progress({ label, total, unit, step: { n: ++this.n, of: this.total }, ...(this.options.stream ? { stream: this.options.stream } : {}) });
    p.update(0);
    let result: T;
    try {
      result = await work(p);
    } catch (e) {
      p.abort();
      throw e;
    }
    p.finish(summary(result), true);
    return result;
  }
}

const fmt = (x: number, digits = 2): string =>
  !Number.isFinite(x) ? String(x) : Math.abs(x) >= 1000 ? Math.round(x).toLocaleString('en-US') : x >= 100 ? x.toFixed(0) : x.toFixed(digits);

/** "ingest 1,234 episode/s, recall p50 0.81 ms, evidence recall@10 0.623 (BM25 0.551)". */
export function conversationSummary(dataset: string, results: readonly WorkloadResult[], quality: readonly QualityRow[], metric: string): string {
  const parts: string[] = [];
  const ingest = results.find((r) => r.workload === '1 ingest');
  if (ingest?.throughput !== undefined) parts.push(`ingest ${fmt(ingest.throughput)} ${ingest.unit ?? 'op'}/s`);
  const recall = results.find((r) => r.name === `${dataset} recall — all`);
  if (recall?.latency) parts.push(`recall p50 ${fmt(recall.latency.p50)} ms, p95 ${fmt(recall.latency.p95)} ms`);
  const q = (system: string) => quality.find((r) => r.metric === metric && r.group === 'all' && r.system === system && !r.published);
  const ours = q('palimpsest recall');
  const bm25 = q('flat BM25 (this run)');
  if (ours) parts.push(`${metric} ${ours.value.toFixed(3)}${bm25 ? ` (BM25 ${bm25.value.toFixed(3)})` : ''}, n=${ours.n}`);
  else if (bm25) parts.push(`${metric} BM25 ${bm25.value.toFixed(3)}, n=${bm25.n}`);
  return parts.join('; ') || 'no figures';
}

/** Throughput or p50 of each row, "name system: value" joined. */
export function rowsSummary(results: readonly WorkloadResult[], pick: (r: WorkloadResult) => boolean = () => true): string {
  return (
    results
      .filter(pick)
      .map((r) =>
        r.latency && r.latency.n > 1
          ? `${r.name} ${r.system}: p50 ${fmt(r.latency.p50, 3)} ms`
          : r.throughput !== undefined
            ? `${r.name} ${r.system}: ${fmt(r.throughput)} ${r.unit ?? 'op'}/s`
            : `${r.name} ${r.system}`,
      )
      .join('; ') || 'no figures'
  );
}
