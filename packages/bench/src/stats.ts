/**
 * Latency statistics. Percentiles use linear interpolation between closest ranks (the "type 7" estimator of
 * R and NumPy's default): for a sorted sample x[0..n-1], p-quantile = x[h0] + (h - h0)(x[h0+1] - x[h0]) with
 * h = (n - 1)·p. Chosen over nearest-rank because it is what NumPy-based papers we compare against report.
 */
import { InvalidArgumentError } from '@palimpsest/core';

export interface LatencySummary {
  /** Number of samples. */
  n: number;
  /** All in milliseconds. */
  min: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Operations per second, n divided by the summed sample time. */
  throughput: number;
  /** Summed sample time in milliseconds. */
  totalMs: number;
}

/** The p-quantile (p in [0,1]) of an ascending-sorted sample, by linear interpolation. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  if (!(p >= 0 && p <= 1)) throw new InvalidArgumentError(`quantileSorted: p (${p}) must be in [0, 1]`);
  const n = sorted.length;
  if (n === 0) throw new InvalidArgumentError('quantileSorted: the sample is empty');
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  if (lo + 1 >= n) return a;
  const b = sorted[lo + 1] as number;
  return a + (h - lo) * (b - a);
}

/** The p-quantile of an unsorted sample (copied, not modified). */
export function percentile(samples: ArrayLike<number>, p: number): number {
  if (samples.length === 0) throw new InvalidArgumentError('percentile: the sample is empty');
  return quantileSorted(Float64Array.from(samples).sort(), p);
}

/** Summary of latency samples in milliseconds. */
export function summarize(samples: ArrayLike<number>): LatencySummary {
  const n = samples.length;
  if (n === 0) throw new InvalidArgumentError('summarize: the sample is empty');
  const sorted = Float64Array.from(samples).sort();
  let total = 0;
  for (let i = 0; i < n; i++) {
    const x = sorted[i] as number;
    if (!Number.isFinite(x) || x < 0) {
      throw new InvalidArgumentError(`summarize: sample ${i} (${x}) is not a finite non-negative duration`);
    }
    total += x;
  }
  return {
    n,
    min: sorted[0] as number,
    mean: total / n,
    p50: quantileSorted(sorted, 0.5),
    p95: quantileSorted(sorted, 0.95),
    p99: quantileSorted(sorted, 0.99),
    max: sorted[n - 1] as number,
    throughput: total > 0 ? (n * 1000) / total : Infinity,
    totalMs: total,
  };
}

/** Operations per second for `count` operations done in `ms` milliseconds of wall time. */
export function throughput(count: number, ms: number): number {
  if (!(count >= 0) || !(ms >= 0)) throw new InvalidArgumentError(`throughput: count (${count}) and ms (${ms}) must be ≥ 0`);
  return ms > 0 ? (count * 1000) / ms : Infinity;
}

/** Collects latency samples (ms) in a growable Float64Array. */
export class SampleRecorder {
  private buf = new Float64Array(1024);
  private n = 0;

  get size(): number {
    return this.n;
  }

  record(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) {
      throw new InvalidArgumentError(`SampleRecorder.record: ${ms} is not a finite non-negative duration`);
    }
    if (this.n === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.n++] = ms;
  }

  /** Runs fn, records its duration and returns its result. */
  time<T>(fn: () => T): T {
    const t0 = performance.now();
    const out = fn();
    this.record(performance.now() - t0);
    return out;
  }

  samples(): Float64Array {
    return this.buf.slice(0, this.n);
  }

  summary(): LatencySummary {
    return summarize(this.samples());
  }
}
