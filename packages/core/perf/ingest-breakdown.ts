/**
 * Where ingest's CPU goes, per operation, on the write stream of `npm run perf` (perf-stream.ts). In one
 * process, each round running the parts in a rotated order after a full collection, CPU time
 * (process.cpuUsage) of:
 *
 * - stream: the same seeded stream with the memory replaced by a no-op that keeps each input (so none is
 *   optimised away) and answers `size.versions` as a recorded real run did, so it draws the same operations;
 * - whole: the stream through a MemoryGraph (what `npm run perf` times);
 * - log: the run's binary records appended to a fresh LogBuffer (their arguments read back from a real run's log);
 * - apply: the same operations applied to a fresh memory's store (applyAssert, applyRetract) from those ids;
 *
 * and the front (input reading, validation, resolution, stamping, the call's glue) as whole − stream − log − apply.
 * GC time inside each part (PerformanceObserver 'gc' entries: scavenges + the rest) is printed beside it. Medians over the rounds.
 *
 *   npx tsc -p packages/core/perf && node --expose-gc packages/core/dist/perf-node/perf/ingest-breakdown.js [--versions 1000000] [--rounds 5]
 *   … ingest-breakdown.js --base DIR   the same parts for another build's perf-node output too (DIR holds src/ and
 *                                        perf/ as dist/perf-node does), alternating, with this/base ratios per part
 *   … ingest-breakdown.js --profile   self time of the whole stream by source file and by function (a CPU profile)
 *   … ingest-breakdown.js --alloc     bytes allocated per operation by function (sampled, collected objects included)
 *
 * Prints measurements only; nothing here asserts (it throws when the replays disagree with the real run).
 */
import { Session } from 'node:inspector';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { NONE } from '../src/store/fact-store.js';
import { LogBuffer } from '../src/log/log.js';
import { ASSERT_BYTES, RECORD_ASSERT, RECORD_RETRACT } from '../src/log/log-records.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { applyAssert, applyRetract } from '../src/graph/write-apply.js';
import type { AssertInput, RetractInput } from '../src/types.js';
import { PERF_PREDICATES, writePerfStream } from './perf-stream.js';
import { tablesOf } from '../src/internal.js';
import type { MemoryTables } from '../src/internal.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const collect = (): void => (globalThis as { gc?: () => void }).gc?.();
const cpuNow = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** What the parts run: this build's, or another's (`--base`). */
interface Build {
  name: string;
  MemoryGraph: typeof MemoryGraph;
  LogBuffer: typeof LogBuffer;
  applyAssert: typeof applyAssert;
  applyRetract: typeof applyRetract;
}
const THIS: Build = { name: 'this', MemoryGraph, LogBuffer, applyAssert, applyRetract };

async function loadBuild(dir: string): Promise<Build> {
  const from = (file: string) => import(pathToFileURL(resolve(dir, file)).href);
  // The log moved from src/graph/ to src/log/: a base build from before has it in the old place.
  const [graph, log, apply] = await Promise.all([from('src/graph/memory-graph.js'), from('src/log/log.js').catch(() => from('src/graph/log.js')), from('src/graph/write-apply.js')]);
  return { name: 'base', MemoryGraph: graph.MemoryGraph, LogBuffer: log.LogBuffer, applyAssert: apply.applyAssert, applyRetract: apply.applyRetract };
}

const maker = (b: Build) => (now: () => number) => new b.MemoryGraph({ now, predicates: PERF_PREDICATES });
const make = maker(THIS);

/** The stream's operations as the log recorded them: one entry per assert or retract, in order. */
interface Recorded {
  n: number;
  kind: Uint8Array;
  at: Float64Array;
  validFrom: Float64Array;
  validTo: Float64Array;
  confidence: Float64Array;
  s: Int32Array;
  p: Int32Array;
  o: Int32Array;
  prov: Int32Array;
  episode: Int32Array;
  /** Versions after each operation (what the no-op memory answers). */
  versionsAfter: Int32Array;
  predicates: string[];
  entities: number;
  rows: number;
  triples: number;
}

/** One real run, recorded: the versions after each operation, and each operation's record read back. */
function record(versions: number): Recorded {
  let after: number[] = [];
  const run = writePerfStream((now) => {
    const mem = make(now);
    // Delegates, noting the versions after each write (not timed: this run only records).
    return {
      assert: (raw: AssertInput) => {
        const out = mem.assert(raw);
        after.push(tablesOf(mem)!.store.rowCount);
        return out;
      },
      retract: (raw: RetractInput) => {
        const out = mem.retract(raw);
        after.push(tablesOf(mem)!.store.rowCount);
        return out;
      },
      entity: mem.entity.bind(mem),
      get size() {
        return mem.size;
      },
      mem,
    };
  }, versions);
  const mem = run.mem.mem;
  const log = tablesOf(mem)!.logBuffer;
  const ops = after.length;
  const r: Recorded = {
    n: ops,
    kind: new Uint8Array(ops),
    at: new Float64Array(ops),
    validFrom: new Float64Array(ops),
    validTo: new Float64Array(ops),
    confidence: new Float64Array(ops),
    s: new Int32Array(ops),
    p: new Int32Array(ops),
    o: new Int32Array(ops),
    prov: new Int32Array(ops),
    episode: new Int32Array(ops),
    versionsAfter: Int32Array.from(after),
    predicates: [...tablesOf(mem)!.predicateNames.values],
    entities: tablesOf(mem)!.entities.count,
    rows: tablesOf(mem)!.store.rowCount,
    triples: tablesOf(mem)!.store.tripleCount,
  };
  after = [];
  let i = 0;
  for (let k = 0; k < log.length; k++) {
    const bytes = log.record(k);
    const kind = bytes[0]!;
    if (kind !== RECORD_ASSERT && kind !== RECORD_RETRACT) continue; // init and entity operations, before the stream
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    r.kind[i] = kind;
    r.at[i] = v.getFloat64(1, true);
    r.validFrom[i] = v.getFloat64(9, true);
    r.validTo[i] = v.getFloat64(17, true);
    if (kind === RECORD_ASSERT) {
      if (bytes.length !== ASSERT_BYTES) throw new Error('ingest-breakdown: the perf stream writes no evidence');
      r.confidence[i] = v.getFloat64(25, true);
      r.s[i] = v.getInt32(33, true);
      r.p[i] = v.getInt32(37, true);
      r.o[i] = v.getInt32(41, true);
      r.prov[i] = v.getInt32(45, true);
      r.episode[i] = v.getInt32(49, true);
    } else {
      r.s[i] = v.getInt32(25, true);
      r.p[i] = v.getInt32(29, true);
      r.o[i] = v.getInt32(33, true);
    }
    i++;
  }
  if (i !== ops) throw new Error(`ingest-breakdown: ${i} records for ${ops} operations`);
  return r;
}

/** Keeps what the no-op memory and the replays are given, so the calls cannot be optimised away. */
let sink: unknown;

function streamAlone(rec: Recorded, versions: number): { cpuMs: number; ops: number } {
  const run = writePerfStream(() => {
    let ops = 0;
    const none = { status: 'added', id: 0, closed: [], added: [] } as never;
    return {
      assert: (raw: AssertInput) => ((sink = raw), ops++, none),
      retract: (raw: RetractInput) => ((sink = raw), ops++, none),
      entity: (raw: { name: string }) => ({ id: Number(raw.name.slice('entity-'.length)) }) as never,
      // The real memory's size: a new object each read.
      get size() {
        return { versions: ops === 0 ? 0 : rec.versionsAfter[ops - 1]!, triples: 0, entities: 0, episodes: 0, operations: ops };
      },
    };
  }, versions);
  if (run.ops !== rec.n) throw new Error(`ingest-breakdown: the no-op stream wrote ${run.ops} operations, the real one ${rec.n}`);
  return { cpuMs: run.cpuMs, ops: run.ops };
}

function whole(versions: number, b = THIS): { cpuMs: number; ops: number } {
  const run = writePerfStream(maker(b), versions);
  return { cpuMs: run.cpuMs, ops: run.ops };
}

const NO_EVIDENCE: number[] = [];

function logAlone(rec: Recorded, b = THIS): number {
  const log = new b.LogBuffer();
  const t0 = cpuNow();
  for (let i = 0; i < rec.n; i++) {
    if (rec.kind[i] === RECORD_ASSERT) log.appendAssert(rec.at[i]!, rec.validFrom[i]!, rec.validTo[i]!, rec.confidence[i]!, rec.s[i]!, rec.p[i]!, rec.o[i]!, rec.prov[i]!, rec.episode[i]!, NO_EVIDENCE);
    else log.appendRetract(rec.at[i]!, rec.validFrom[i]!, rec.validTo[i]!, rec.s[i]!, rec.p[i]!, rec.o[i]!);
  }
  const ms = cpuNow() - t0;
  sink = log;
  return ms;
}

function applyAlone(rec: Recorded, b = THIS): number {
  let now = 0;
  const mem = maker(b)(() => now);
  const { applyAssert, applyRetract } = b;
  // This build keeps a memory's state in its tables; a base build from before kept it on the memory itself.
  const t = tablesOf(mem) ?? (mem as unknown as MemoryTables);
  for (let e = 0; e < rec.entities; e++) mem.entity({ name: `entity-${e}` });
  // The ids the real run gave: predicates interned in its order, the plain provenance first.
  for (const name of rec.predicates) t.predicateNames.intern(name);
  const one = rec.predicates.map((name) => t.predicateConfig.get(name)?.cardinality === 'one');
  const t0 = cpuNow();
  for (let i = 0; i < rec.n; i++) {
    const at = rec.at[i]!;
    if (rec.kind[i] === RECORD_ASSERT) {
      const p = rec.p[i]!;
      sink = applyAssert(t, rec.s[i]!, p, rec.o[i]!, rec.validFrom[i]!, rec.validTo[i]!, at, rec.confidence[i]!, rec.prov[i]!, rec.episode[i]!, NO_EVIDENCE, one[p]!);
    } else {
      const o = rec.o[i]!;
      sink = applyRetract(t, rec.s[i]!, rec.p[i]!, o === NONE ? undefined : o, rec.validFrom[i]!, rec.validTo[i]!, at);
    }
  }
  const ms = cpuNow() - t0;
  now = 1;
  if (t.store.rowCount !== rec.rows || t.store.tripleCount !== rec.triples) {
    throw new Error(`ingest-breakdown: the applied replay has ${t.store.rowCount} rows and ${t.store.tripleCount} triples, the real run ${rec.rows} and ${rec.triples}`);
  }
  return ms;
}

/** GC milliseconds by start time, for the parts' windows. */
const gcs: Array<{ start: number; ms: number; minor: boolean }> = [];
const observer = new PerformanceObserver((list) => {
  // kind 1 is a scavenge (constants.NODE_PERFORMANCE_GC_MINOR); the rest mark the whole heap or finish doing so.
  for (const e of list.getEntries()) gcs.push({ start: e.startTime, ms: e.duration, minor: (e as { detail?: { kind?: number } }).detail?.kind === 1 });
});
observer.observe({ entryTypes: ['gc'] });
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));
/** GC milliseconds that started inside [from, to) (entries arrive asynchronously: read after the rounds). */
const gcMsIn = (from: number, to: number, minor: boolean): number => gcs.filter((g) => g.minor === minor && g.start >= from && g.start < to).reduce((a, g) => a + g.ms, 0);

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  selfSize?: number;
  children?: Array<number | ProfileNode>;
}

/** Self time (CPU profile) or bytes allocated (sampling heap profile) by file and by function, per operation. */
function report(title: string, nodes: ProfileNode[], weight: (n: ProfileNode) => number, ops: number, unit: (x: number) => string): void {
  const total = nodes.reduce((a, n) => a + weight(n), 0);
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const n of nodes) {
    const w = weight(n);
    if (w === 0) continue;
    const file = n.callFrame.url === '' ? `(${n.callFrame.functionName || 'native'})` : n.callFrame.url.replace(/^.*\/perf-node\//, '');
    byFile.set(file, (byFile.get(file) ?? 0) + w);
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + w);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, w]) => `  ${((100 * w) / total).toFixed(1).padStart(5)}%  ${unit(w / ops).padStart(10)}  ${name}`)
      .join('\n');
  console.log(`${title}: ${unit(total / ops)} per operation\nby file:\n${top(byFile, 25)}\nby function:\n${top(byFunction, 40)}`);
}

async function profile(versions: number): Promise<void> {
  whole(50_000); // JIT warm-up
  collect();
  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 100 });
  await post(session, 'Profiler.start');
  const run = whole(versions);
  const { profile: p } = await post<{ profile: { nodes: ProfileNode[]; startTime: number; endTime: number } }>(session, 'Profiler.stop');
  const samples = p.nodes.reduce((a, n) => a + (n.hitCount ?? 0), 0);
  const usPerSample = (p.endTime - p.startTime) / samples;
  report(`CPU profile of the whole stream (${run.ops.toLocaleString('en')} operations, entity creation and warm-up included in the total)`, p.nodes, (n) => (n.hitCount ?? 0) * usPerSample, run.ops, (x) => `${x.toFixed(3)} µs`);
  session.disconnect();
}

async function alloc(versions: number): Promise<void> {
  whole(50_000);
  collect();
  const session = new Session();
  session.connect();
  await post(session, 'HeapProfiler.enable');
  await post(session, 'HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const run = whole(versions);
  const { profile: p } = await post<{ profile: { head: ProfileNode } }>(session, 'HeapProfiler.stopSampling');
  const nodes: ProfileNode[] = [];
  const walk = (n: ProfileNode): void => {
    nodes.push(n);
    for (const c of n.children ?? []) walk(c as ProfileNode);
  };
  walk(p.head);
  report(`Bytes allocated by the whole stream (${run.ops.toLocaleString('en')} operations; sampled every 4 KiB, collected objects included)`, nodes, (n) => n.selfSize ?? 0, run.ops, (x) => `${x.toFixed(1)} B`);
  session.disconnect();
}

async function main(): Promise<void> {
  const versions = Number(arg('versions', '1000000'));
  if (process.argv.includes('--profile')) return profile(versions);
  if (process.argv.includes('--alloc')) return alloc(versions);
  const rounds = Number(arg('rounds', '5'));
  const basePath = arg('base', '');
  const builds = basePath === '' ? [THIS] : [await loadBuild(basePath), THIS];
  const rec = record(versions);
  streamAlone(rec, versions); // JIT warm-up of the no-op stream and the replays (the whole stream warmed up while recording)
  for (const b of builds) {
    if (b !== THIS) whole(50_000, b);
    logAlone(rec, b);
  }
  type Part = { cpu: number[]; windows: Array<[number, number]>; gc: string[] };
  const parts = new Map<string, Part>();
  const jobs: Array<{ key: string; run: () => number }> = [{ key: 'stream', run: () => streamAlone(rec, versions).cpuMs }];
  for (const b of builds) {
    jobs.push({ key: `whole ${b.name}`, run: () => whole(versions, b).cpuMs });
    jobs.push({ key: `log ${b.name}`, run: () => logAlone(rec, b) });
    jobs.push({ key: `apply ${b.name}`, run: () => applyAlone(rec, b) });
  }
  for (const j of jobs) parts.set(j.key, { cpu: [], windows: [], gc: [] });
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < jobs.length; k++) {
      // Rotated, and reversed every other round, so no part always follows the same other part.
      const i = (k + r) % jobs.length;
      const job = jobs[r % 2 === 0 ? i : jobs.length - 1 - i]!;
      collect();
      await tick();
      const t0 = performance.now();
      const cpu = job.run();
      parts.get(job.key)!.cpu.push(cpu);
      parts.get(job.key)!.windows.push([t0, performance.now()]);
    }
  }
  await tick();
  await tick();
  for (const part of parts.values()) part.gc = part.windows.map(([from, to]) => `${gcMsIn(from, to, true).toFixed(0)}+${gcMsIn(from, to, false).toFixed(0)}`);
  const us = (ms: number) => (ms * 1000) / rec.n;
  const m = (key: string) => median(parts.get(key)!.cpu);
  console.log(`${rec.n.toLocaleString('en')} operations, ${rec.rows.toLocaleString('en')} versions; CPU µs per operation (median of ${rounds} rounds; GC ms inside each part, scavenges + the rest, in brackets)`);
  const line = (key: string, of: number, note = '') => {
    const part = parts.get(key);
    const value = part === undefined ? of : m(key);
    const rounds = part === undefined ? note : `(rounds ${part.cpu.map((x) => x.toFixed(0)).join(', ')} ms; gc ${part.gc.join(', ')})`;
    return `${key.padEnd(11)} ${us(value).toFixed(3).padStart(7)} µs  ${rounds}`;
  };
  console.log(line('stream', 0));
  for (const b of builds) {
    const w = m(`whole ${b.name}`);
    const front = w - m('stream') - m(`log ${b.name}`) - m(`apply ${b.name}`);
    for (const part of ['whole', 'log', 'apply']) console.log(`${line(`${part} ${b.name}`, 0)}  ${((100 * m(`${part} ${b.name}`)) / w).toFixed(1)}% of whole`);
    console.log(`${line(`front ${b.name}`, front, '(whole − stream − log − apply: reading, validation, resolution, stamping)')}  ${((100 * front) / w).toFixed(1)}% of whole`);
    console.log(`whole ${b.name} = ${Math.round(rec.n / (w / 1000)).toLocaleString('en')} ops/s of CPU; 300k ops/s is ${(1e6 / 300_000).toFixed(3)} µs per operation`);
  }
  if (builds.length === 2) {
    const ratio = (part: string) => (m(`${part} this`) / m(`${part} base`)).toFixed(3);
    const pairs = (part: string) => parts.get(`${part} this`)!.cpu.map((x, i) => (x / parts.get(`${part} base`)!.cpu[i]!).toFixed(2)).join(', ');
    for (const part of ['whole', 'log', 'apply']) console.log(`this / base ${part.padEnd(5)} ${ratio(part)} (per round ${pairs(part)})`);
  }
  console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  observer.disconnect();
}

await main();
