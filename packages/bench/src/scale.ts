/**
 * The scale bench (`npm run bench -- --scale [--sizes 10000,50000] [--questions 100]`): one memory of N
 * turns from the LongMemEval_S session pool, built as a user builds it (public-path.ts: every turn through
 * `ingestEpisode`, user defaults, the default extractor), for each size; then M-like haystacks
 * (scale-haystacks.ts). Per size: ingest turns/s (CPU), heap + buffers per turn after a full GC, bytes per
 * turn by structure (`memorySizeReport`), recall p50/p95 at k = 10 over test questions, the first recall,
 * snapshot bytes, decode time beside a memcpy of the snapshot (both in a fresh process: scale-load.ts), and the
 * first recall after the load.
 *
 * The pool: every distinct session id of LongMemEval_S (its turns as the file has them), a seeded shuffle;
 * a size takes sessions from its front until it holds N turns, and ingests them in date order (a memory
 * that listened live). Timings are wall and CPU of this one process on a shared machine: read the ratios.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryGraph } from '@palimpsest/core';
import { memorySizeReport, tablesOf } from '@palimpsest/core/internal';
import type { MemorySizeReport } from '@palimpsest/core/internal';
import { Random } from '@palimpsest/datasets';
import type { LongMemEvalQuestion, LongMemEvalSession } from '@palimpsest/datasets';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { buildMemory, lmeTurnId } from './public-path.js';
import { timeLoadInChild } from './scale-load.js';
import type { LoadTiming } from './scale-load.js';
import type { PublicTurn } from './public-path.js';

export interface SizeResult extends LoadTiming {
  turns: number;
  sessions: number;
  facts: number;
  refused: number;
  ingestTurnsPerCpuSecond: number;
  ingestTurnsPerWallSecond: number;
  heapPlusBuffersPerTurn: number;
  sizes: MemorySizeReport;
  recallP50: number;
  recallP95: number;
  firstRecall: number;
  snapshotBytes: number;
  encodeMs: number;
  /** Wall ms of the decode in this process (the built memory and the data set alive), before the recalls after it. */
  decodeInProcessMs: number;
  firstRecallAfterLoad: number;
  recallP95AfterLoad: number;
  queries: number;
}

/** A full GC (the flag is set at run time so the bench needs no node option). */
export function fullGc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  (runInNewContext('gc') as () => void)();
}

/** Heap in use plus ArrayBuffer memory (typed-array columns live outside the V8 heap). */
export function retainedBytes(): number {
  fullGc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Every distinct session of the file (first occurrence), in a seeded order. */
export function sessionPool(questions: readonly LongMemEvalQuestion[], seed: number): LongMemEvalSession[] {
  const byId = new Map<string, LongMemEvalSession>();
  for (const q of questions) for (const s of q.sessions) if (!byId.has(s.id)) byId.set(s.id, s);
  return new Random(seed).shuffle([...byId.values()]);
}

/** A session's turns as a user writes them: its date, the role as speaker, the session id. */
export function sessionTurns(s: LongMemEvalSession, sessionId = s.id, at = s.date): PublicTurn[] {
  return s.turns.map((t, i) => ({ id: lmeTurnId(sessionId, i), text: t.content, at, speaker: t.role, session: sessionId }));
}

/** The pool's first sessions holding `turns` turns in all (the last one cut), in date order. */
function turnsOfSize(pool: readonly LongMemEvalSession[], turns: number): { turns: PublicTurn[]; sessions: number } {
  const chosen: LongMemEvalSession[] = [];
  let n = 0;
  for (const s of pool) {
    if (n >= turns) break;
    chosen.push(s);
    n += s.turns.length;
  }
  const out = chosen.sort((a, b) => a.date - b.date).flatMap((s) => sessionTurns(s));
  return { turns: out.slice(0, turns), sessions: chosen.length };
}

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

/** Latency in ms of one recall at k = 10 with the defaults. */
function timedRecall(mem: MemoryGraph, query: string): number {
  const t0 = performance.now();
  mem.recall(query, { k: 10 });
  return performance.now() - t0;
}

/** One size: build, size, recall, snapshot, load. `queries`: the test questions' texts (warm recalls). */
export function measureSize(pool: readonly LongMemEvalSession[], size: number, queries: readonly string[], log: (s: string) => void): SizeResult {
  const { turns, sessions } = turnsOfSize(pool, size);
  const before = retainedBytes();
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const built = buildMemory(turns);
  const wallS = (performance.now() - w0) / 1000;
  const c = process.cpuUsage(c0);
  const cpuS = (c.user + c.system) / 1e6;
  log(`  ${turns.length} turns ingested in ${wallS.toFixed(1)} s wall, ${cpuS.toFixed(1)} s CPU`);
  const mem = built.mem;
  const retained = retainedBytes() - before;
  const firstRecall = timedRecall(mem, queries[0]!);
  const warm = queries.map((q) => timedRecall(mem, q));
  const sizes = memorySizeReport(tablesOf(mem)!);
  const e0 = performance.now();
  const bytes = encodeSnapshot(mem);
  const encodeMs = performance.now() - e0;
  const load = timeLoadInChild(bytes, built.lastRecorded);
  const d0 = performance.now();
  const loaded = decodeSnapshot(bytes, { now: () => built.lastRecorded });
  const decodeInProcessMs = performance.now() - d0;
  const firstRecallAfterLoad = timedRecall(loaded, queries[0]!);
  const warmAfterLoad = queries.map((q) => timedRecall(loaded, q));
  log(`  snapshot ${(bytes.length / 2 ** 20).toFixed(1)} MiB, decode ${load.decodeMs.toFixed(0)} ms (CPU ${load.decodeCpuMs.toFixed(0)}, first ${load.firstDecodeMs.toFixed(0)}; in this process ${decodeInProcessMs.toFixed(0)}), memcpy ${load.memcpyMs.toFixed(1)} ms (warm ${load.memcpyWarmMs.toFixed(1)}), first recall after the load ${firstRecallAfterLoad.toFixed(1)} ms`);
  return {
    turns: turns.length,
    sessions,
    facts: built.facts,
    refused: built.refused.length,
    ingestTurnsPerCpuSecond: turns.length / cpuS,
    ingestTurnsPerWallSecond: turns.length / wallS,
    heapPlusBuffersPerTurn: retained / turns.length,
    sizes,
    recallP50: quantile(warm, 0.5),
    recallP95: quantile(warm, 0.95),
    firstRecall,
    snapshotBytes: bytes.length,
    encodeMs,
    ...load,
    decodeInProcessMs,
    firstRecallAfterLoad,
    recallP95AfterLoad: quantile(warmAfterLoad, 0.95),
    queries: queries.length,
  };
}
