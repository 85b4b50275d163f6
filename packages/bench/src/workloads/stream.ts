/**
 * Workload 1c: ingest of the synthetic fact stream (1M operations in the full run) — the seeded
 * assert/retract stream of @palimpsest/datasets, generated into typed-array columns first so that the
 * generator's cost is not timed. Each operation is timed on its own.
 */
import { MemoryGraph } from '@palimpsest/core';
import { factStreamPredicates, generateFactColumns, type FactStreamOptions } from '@palimpsest/datasets';
import { SampleRecorder } from '../stats.js';
import { withMemory } from '../memory.js';
import type { WorkloadResult } from '../report/types.js';

export interface StreamOutput {
  mem: MemoryGraph;
  result: WorkloadResult;
  subjects: string[];
  recordSpan: [number, number];
  validSpan: [number, number];
  /** Fact versions in the memory after ingest (rows written, closed ones included). */
  versions: number;
}

export async function runStream(
  options: Required<Pick<FactStreamOptions, 'versions' | 'seed'>> & FactStreamOptions & { /** Operations done so far, every 16,384. */ onProgress?: (done: number) => void },
): Promise<StreamOutput> {
  const predicates = options.predicates ?? 16;
  const cols = generateFactColumns({ ...options, predicates });
  const n = cols.length;
  let clock = n > 0 ? (cols.recordedAt[0] as number) : 0;
  const mem = new MemoryGraph({ predicates: factStreamPredicates(predicates), now: () => clock });
  const rec = new SampleRecorder();
  const seen = new Uint8Array(cols.entityNames.length);
  let minValid = Infinity;
  let rejected = 0;
  let versions = 0;

  const { memory } = await withMemory((sampler) => {
    for (let i = 0; i < n; i++) {
      const op = cols.op(i);
      clock = op.recordedAt;
      if (op.validFrom < minValid) minValid = op.validFrom;
      seen[cols.subject[i] as number] = 1;
      const t0 = performance.now();
      if (op.kind === 'assert') {
        const r = mem.assert({ subject: op.subject, predicate: op.predicate, object: op.object, validFrom: op.validFrom, ...(op.validTo !== undefined ? { validTo: op.validTo } : {}), recordedAt: op.recordedAt, confidence: op.confidence });
        rec.record(performance.now() - t0);
        if (r.status === 'rejected') rejected++;
        versions += r.added.length;
      } else {
        const r = mem.retract({ subject: op.subject, predicate: op.predicate, ...(op.object !== undefined ? { object: op.object } : {}), validFrom: op.validFrom, ...(op.validTo !== undefined ? { validTo: op.validTo } : {}), recordedAt: op.recordedAt });
        rec.record(performance.now() - t0);
        versions += r.added.length;
      }
      if ((i & 0xffff) === 0) sampler.sample();
      if ((i & 0x3fff) === 0x3fff) options.onProgress?.(i + 1);
    }
  });

  options.onProgress?.(n);
  const subjects: string[] = [];
  seen.forEach((s, i) => {
    if (s === 1) subjects.push(cols.entityNames[i] as string);
  });
  const first = n > 0 ? (cols.recordedAt[0] as number) : 0;
  const last = n > 0 ? (cols.recordedAt[n - 1] as number) : 0;
  const s = rec.summary();
  return {
    mem,
    subjects,
    recordSpan: [first, last],
    validSpan: [Math.min(minValid, first), last],
    versions,
    result: {
      workload: '1 ingest',
      name: `synthetic stream ${n.toLocaleString('en-US')} ops`,
      system: 'palimpsest',
      latency: s,
      throughput: s.throughput,
      unit: 'operation',
      memory,
      extra: { operations: n, versionsWritten: versions, rejected, seed: options.seed },
    },
  };
}
