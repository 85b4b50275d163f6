/**
 * The scale bench's load timing (scale.ts), in a fresh child process as a user's load runs: the snapshot is
 * written to a temporary file, and the child reads it and times, in this order,
 *
 * - memcpy: a copy of the bytes into a new buffer (`slice`), the median of 7, each after a full GC, so
 *   that no collection of anything else lands inside a copy. A load must at least bring the bytes into
 *   memory of its own, page faults included; this is the baseline of the ratio;
 * - memcpy into a warm buffer: the same copy into one already-touched buffer (`set`), the median of 7:
 *   memory bandwidth alone, the strictest baseline, reported beside it;
 * - decode: `decodeSnapshot` with every check, wall and CPU, 3 times (the previous memory dropped and
 *   collected first); the median, and the first (cold code, as in a process that loads once).
 *
 * In the parent process the built memory, the data set and the recall caches are alive, so every full
 * GC during a decode there also marks them: the ratio was measured alongside that before, and moved ±40%.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PalimpsestError } from '@palimpsest/core';
import { decodeSnapshot } from '@palimpsest/persist';

export interface LoadTiming {
  /** Median ms of a copy of the snapshot into a new buffer. */
  memcpyMs: number;
  /** Median ms of a copy into an already-touched buffer. */
  memcpyWarmMs: number;
  /** Median wall ms of 3 decodes. */
  decodeMs: number;
  /** Median CPU ms of the same decodes. */
  decodeCpuMs: number;
  /** Wall ms of the first decode. */
  firstDecodeMs: number;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function gc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The child's side: times the file's copies and decodes, prints a LoadTiming as JSON. */
function timeLoad(path: string, recordedUntil: number): LoadTiming {
  const bytes = new Uint8Array(readFileSync(path));
  const copies: number[] = [];
  for (let i = 0; i < 7; i++) {
    gc();
    const t0 = performance.now();
    const copy = bytes.slice();
    copies.push(performance.now() - t0);
    if (copy.length !== bytes.length) throw new PalimpsestError('scale-load: a copy lost bytes');
  }
  const warm = new Uint8Array(bytes.length);
  warm.set(bytes);
  const warmCopies: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    warm.set(bytes);
    warmCopies.push(performance.now() - t0);
  }
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < 3; i++) {
    gc();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const loaded = decodeSnapshot(bytes, { now: () => recordedUntil });
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
    if (loaded.size.episodes < 0) throw new PalimpsestError('scale-load: the decode gave no memory');
  }
  return { memcpyMs: median(copies), memcpyWarmMs: median(warmCopies), decodeMs: median(walls), decodeCpuMs: median(cpus), firstDecodeMs: walls[0]! };
}

/** Times the load of `bytes` in a fresh Node process (see the file comment). */
export function timeLoadInChild(bytes: Uint8Array, recordedUntil: number): LoadTiming {
  const dir = mkdtempSync(join(tmpdir(), 'palimpsest-scale-'));
  try {
    const file = join(dir, 'snapshot.plmp');
    writeFileSync(file, bytes);
    const heapMb = Math.max(4096, Math.ceil((bytes.length * 12) / 2 ** 20));
    const run = spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, fileURLToPath(import.meta.url), file, String(recordedUntil)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.status !== 0) throw new PalimpsestError(`scale-load: the load child failed (${run.status ?? run.signal}): ${run.stderr.slice(-2000)}`);
    return JSON.parse(run.stdout) as LoadTiming;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(timeLoad(process.argv[2]!, Number(process.argv[3]))));
}
