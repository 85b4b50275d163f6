/**
 * Timing with tinybench (v2): repeatable operations (reads, searches, snapshot encode/decode) run as
 * tinybench tasks; their raw samples go through our own `summarize`, so every percentile in the report is
 * computed one way. One-shot work (ingesting a stream, one recall per question) is timed per operation
 * with a SampleRecorder instead, since repeating it would measure a different state.
 */
import { Bench } from 'tinybench';
import { InvalidArgumentError, PalimpsestError } from '@palimpsest/core';
import { summarize, type LatencySummary } from './stats.js';

export interface TimingOptions {
  /** Minimum time per task in ms. @default 1000 */
  time?: number;
  /** Minimum iterations per task. @default 10 */
  iterations?: number;
  /** Warm-up time in ms. @default 100 */
  warmupTime?: number;
}

export interface TimedTask {
  name: string;
  fn: () => unknown;
}

/** Runs the tasks (after a warm-up) and returns each one's latency summary, in order. */
export async function runTasks(tasks: readonly TimedTask[], options: TimingOptions = {}): Promise<Array<{ name: string; latency: LatencySummary }>> {
  const bench = new Bench({
    time: options.time ?? 1000,
    iterations: options.iterations ?? 10,
    warmupTime: options.warmupTime ?? 100,
    warmupIterations: 3,
    throws: true,
  });
  for (const t of tasks) bench.add(t.name, t.fn);
  await bench.warmup();
  await bench.run();
  return bench.tasks.map((task) => {
    const samples = task.result?.samples;
    if (task.result?.error !== undefined) throw task.result.error;
    if (samples === undefined || samples.length === 0) throw new PalimpsestError(`runTasks: task ${task.name} produced no samples`);
    return { name: task.name, latency: summarize(samples) };
  });
}

/** A round-robin cursor over a fixed list, so a tinybench task walks a seeded query list. */
export function cycle<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new InvalidArgumentError('cycle: the list is empty');
  let i = 0;
  return () => {
    const x = items[i] as T;
    i = i + 1 === items.length ? 0 : i + 1;
    return x;
  };
}
