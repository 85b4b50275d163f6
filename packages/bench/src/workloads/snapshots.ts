/**
 * Workload 5: snapshot encode, decode and size (@palimpsest/persist) at LoCoMo, LongMemEval_S and stream
 * scale. Loaded lazily: a build without the persist package reports the workload as unavailable.
 */
import type { MemoryGraph } from '@palimpsest/core';
import { runTasks, type TimingOptions } from '../timing.js';
import type { WorkloadResult } from '../report/types.js';

type Persist = { encodeSnapshot: (mem: MemoryGraph) => Uint8Array; decodeSnapshot: (bytes: Uint8Array) => MemoryGraph };

export async function loadPersist(): Promise<Persist | string> {
  try {
    const mod = (await import('@palimpsest/persist')) as Partial<Persist>;
    if (typeof mod.encodeSnapshot !== 'function' || typeof mod.decodeSnapshot !== 'function') return 'encodeSnapshot/decodeSnapshot missing';
    return mod as Persist;
  } catch (err) {
    return (err as Error).message.split('\n')[0] ?? 'import failed';
  }
}

/** `onItem` is called after each memory (for a progress bar). */
export async function runSnapshots(
  memories: ReadonlyArray<{ scale: string; mem: MemoryGraph }>,
  timing: TimingOptions,
  onItem?: () => void,
): Promise<{ results: WorkloadResult[]; notes: string[] }> {
  const persist = await loadPersist();
  if (typeof persist === 'string') return { results: [], notes: [`snapshots: not available in this build (@palimpsest/persist: ${persist})`] };
  const codec: Persist = persist;
  const results: WorkloadResult[] = [];
  const notes: string[] = [];
  for (const { scale, mem } of memories) {
    await runOne(scale, mem);
    onItem?.();
  }
  return { results, notes };

  async function runOne(scale: string, mem: MemoryGraph): Promise<void> {
    let bytes: Uint8Array;
    let again: MemoryGraph;
    try {
      bytes = codec.encodeSnapshot(mem);
      // A decoded snapshot must answer as the original did before its timings mean anything.
      again = codec.decodeSnapshot(bytes);
    } catch (err) {
      notes.push(`snapshots: ${scale}: FAILED in this build: ${(err as Error).message.split('\n')[0]}`);
      return;
    }
    // Compared at the original's clock: a decoded memory keeps its own `now` (the wall clock by default).
    const t = mem.now();
    const same = again.log().length === mem.log().length && again.factIds({ validAt: t, knownAt: t }).length === mem.factIds({ validAt: t, knownAt: t }).length;
    if (!same) {
      notes.push(`snapshots: ${scale}: decoded memory differs from the original (log or current facts); timings not reported`);
      return;
    }
    const timed = await runTasks(
      [
        { name: 'encode', fn: () => codec.encodeSnapshot(mem) },
        { name: 'decode', fn: () => codec.decodeSnapshot(bytes) },
      ],
      timing,
    );
    for (const t of timed) {
      results.push({
        workload: '5 snapshots',
        name: `${t.name} ${scale}`,
        system: 'palimpsest',
        latency: t.latency,
        throughput: (bytes.length / 2 ** 20) * (1000 / t.latency.mean),
        unit: 'MB',
        extra: { bytes: bytes.length },
      });
    }
  }
}
