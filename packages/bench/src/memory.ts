/**
 * Peak memory around a workload: process.memoryUsage() sampled on an interval (the timer only fires when
 * the workload yields, so synchronous work is also sampled at start and stop). When Node runs with
 * --expose-gc, a full collection before the baseline makes the baseline and the deltas comparable.
 */
import { InvalidArgumentError } from '@palimpsest/core';

export interface MemoryPeak {
  /** Bytes, at the start (after gc when available). */
  baselineRss: number;
  baselineHeapUsed: number;
  /** Highest values seen while the workload ran. */
  peakRss: number;
  peakHeapUsed: number;
  /** Peak minus baseline. */
  deltaRss: number;
  deltaHeapUsed: number;
  samples: number;
  /** Whether a gc ran before the baseline (node --expose-gc). */
  gcExposed: boolean;
}

export function gcIfExposed(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc === 'function') {
    gc();
    return true;
  }
  return false;
}

export class MemorySampler {
  private timer: ReturnType<typeof setInterval> | undefined;
  private baseRss = 0;
  private baseHeap = 0;
  private peakRss = 0;
  private peakHeap = 0;
  private count = 0;
  private gcExposed = false;

  constructor(private readonly intervalMs = 20) {
    if (!(intervalMs > 0)) throw new InvalidArgumentError(`MemorySampler: intervalMs (${intervalMs}) must be > 0`);
  }

  start(): void {
    if (this.timer !== undefined) throw new InvalidArgumentError('MemorySampler.start: already started');
    this.gcExposed = gcIfExposed();
    const m = process.memoryUsage();
    this.baseRss = this.peakRss = m.rss;
    this.baseHeap = this.peakHeap = m.heapUsed;
    this.count = 1;
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  /** Takes one sample now; workloads may call it inside long synchronous loops. */
  sample(): void {
    const m = process.memoryUsage();
    if (m.rss > this.peakRss) this.peakRss = m.rss;
    if (m.heapUsed > this.peakHeap) this.peakHeap = m.heapUsed;
    this.count++;
  }

  stop(): MemoryPeak {
    if (this.timer === undefined) throw new InvalidArgumentError('MemorySampler.stop: not started');
    clearInterval(this.timer);
    this.timer = undefined;
    this.sample();
    return {
      baselineRss: this.baseRss,
      baselineHeapUsed: this.baseHeap,
      peakRss: this.peakRss,
      peakHeapUsed: this.peakHeap,
      deltaRss: this.peakRss - this.baseRss,
      deltaHeapUsed: this.peakHeap - this.baseHeap,
      samples: this.count,
      gcExposed: this.gcExposed,
    };
  }
}

/** Runs fn (sync or async) under a sampler; fn may call the sampler's `sample()` in hot loops. */
export async function withMemory<T>(fn: (sampler: MemorySampler) => T | Promise<T>, intervalMs = 20): Promise<{ result: T; memory: MemoryPeak }> {
  const sampler = new MemorySampler(intervalMs);
  sampler.start();
  try {
    const result = await fn(sampler);
    return { result, memory: sampler.stop() };
  } catch (err) {
    sampler.stop();
    throw err;
  }
}
