/**
 * Snapshot performance at scale: file bytes per fact version, encode and decode time, memory, beside
 * JSON.stringify of the operation log (the naive peer) measured in the same run.
 *
 *   npm run perf -w @palimpsest/persist                         # 1M versions
 *   PALIMPSEST_PERF_VERSIONS=100000 npm run perf -w @palimpsest/persist
 *
 * Times are medians of PALIMPSEST_PERF_RUNS runs (default 5); PALIMPSEST_PERF_PEERS=0 leaves out the JSON
 * peer and the fresh-process loads (the slow part) for a quick look at encode and load. Run with --expose-gc (the npm script does)
 * so each phase starts from a collected heap; in-process memory figures are RSS and ArrayBuffer growth
 * across a phase's first run. Peak memory of loading is measured in fresh child processes (peak RSS of a
 * process that only loads the snapshot file, or only reads and replays the JSON log).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryGraph } from '@palimpsest/core';
import { FACT_STREAM_DEFAULTS, factStreamPredicates, generateFactStream } from '@palimpsest/datasets';
import { decodeSnapshot, decodeState, encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';

const target = Number(process.env.PALIMPSEST_PERF_VERSIONS ?? 1_000_000);
const runs = Number(process.env.PALIMPSEST_PERF_RUNS ?? 5);
const peers = process.env.PALIMPSEST_PERF_PEERS !== '0';
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const MB = 2 ** 20;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Runs `fn` `runs` times; median ms, and RSS / ArrayBuffer growth over the first run (heap collected before). */
async function measure<T>(label: string, fn: () => T | Promise<T>): Promise<{ ms: number; result: Awaited<T> }> {
  // ArrayBuffer backing stores are released after the collection proper: collect, yield, collect.
  gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
  gc();
  const before = process.memoryUsage();
  let t = performance.now();
  let result = await fn();
  const first = performance.now() - t;
  const after = process.memoryUsage();
  const times = [first];
  for (let i = 1; i < runs; i++) {
    result = undefined as Awaited<T>; // let the previous result be collected
    gc();
    t = performance.now();
    result = await fn();
    times.push(performance.now() - t);
  }
  const ms = median(times);
  console.log(
    `${label.padEnd(34)} ${ms.toFixed(1).padStart(9)} ms   rss +${((after.rss - before.rss) / MB).toFixed(0).padStart(5)} MB   arrayBuffers +${((after.arrayBuffers - before.arrayBuffers) / MB).toFixed(0).padStart(5)} MB`,
  );
  return { ms, result };
}

/**
 * Peak RSS of this process in MB. On Linux from /proc (VmHWM): getrusage's maxRSS survives the fork and
 * exec that start a child, so a child would report its parent's size.
 */
function peakRssMB(): number {
  if (existsSync('/proc/self/status')) {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) / 1024;
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** Child mode: load one file, print the time and the process's peak RSS as JSON. */
async function child(mode: string, path: string): Promise<void> {
  const t = performance.now();
  const mem = mode === '--load-snapshot' ? await loadSnapshot(path) : MemoryGraph.replay((await readLog(path)).ops);
  const ms = performance.now() - t;
  console.log(JSON.stringify({ ms, versions: mem.size.versions, peakRssMB: peakRssMB() }));
}

function inChild(mode: string, path: string): { ms: number; versions: number; peakRssMB: number } {
  const out = execFileSync(process.execPath, [process.argv[1]!, mode, path], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number; versions: number; peakRssMB: number };
}

async function main(): Promise<void> {
  console.log(`@palimpsest/persist perf: ${target} operations from generateFactStream (seed 1), ${runs} runs per figure, node ${process.version}`);
  const mem = new MemoryGraph({ now: () => Date.UTC(2030, 0, 1), predicates: factStreamPredicates(FACT_STREAM_DEFAULTS.predicates) });
  let t = performance.now();
  for (const op of generateFactStream({ seed: 1, versions: target })) {
    const { kind, ...input } = op;
    if (kind === 'assert') mem.assert(input as Parameters<MemoryGraph['assert']>[0]);
    else mem.retract(input as Parameters<MemoryGraph['retract']>[0]);
  }
  const versions = mem.size.versions;
  console.log(`built memory: ${versions} fact versions, ${mem.size.entities} entities, ${mem.size.operations} operations in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const state = (await measure('exportState', () => mem.exportState())).result;
  const columnBytes = Object.values(state.columns).reduce((n, c) => n + c.byteLength, 0);
  await measure('copy every column (baseline)', () => Object.values(state.columns).map((c) => c.slice()));

  const { ms: encodeMs, result: bytes } = await measure('encodeSnapshot', () => encodeSnapshot(mem));
  const { ms: memcpyMs } = await measure('memcpy of the file (baseline)', () => bytes.slice());
  const { ms: decodeStateMs } = await measure('decodeState (bytes -> columns)', () => decodeState(bytes));
  await measure('decodeState, copy: false', () => decodeState(bytes, { copy: false }));
  const { ms: decodeMs } = await measure('decodeSnapshot (bytes -> memory)', () => decodeSnapshot(bytes));
  await measure("decodeSnapshot, recallIndex: 'first-recall'", () => decodeSnapshot(bytes, { recallIndex: 'first-recall' }));

  const dir = mkdtempSync(join(tmpdir(), 'palimpsest-perf-'));
  const path = join(dir, 'memory.plmp');
  const logPath = join(dir, 'memory.jsonl');
  let fresh: { snapshot: ReturnType<typeof inChild>; log: ReturnType<typeof inChild> } | undefined;
  let loadMs = 0;
  try {
    await measure('saveSnapshot (fsync, rename)', () => saveSnapshot(path, mem));
    // The default load also builds recall's indexes; 'first-recall' is the store alone.
    loadMs = (await measure('loadSnapshot', () => loadSnapshot(path))).ms;
    const storeMs = (await measure("loadSnapshot, recallIndex: 'first-recall'", () => loadSnapshot(path, { recallIndex: 'first-recall' }))).ms;
    console.log(`loadSnapshot / memcpy of the file   ${(loadMs / memcpyMs).toFixed(2)}x (${bytes.length} bytes)`);
    console.log(`  store only ('first-recall')       ${(storeMs / memcpyMs).toFixed(2)}x`);
    if (!peers) return;
    await writeLog(logPath, mem.log());
    fresh = { snapshot: inChild('--load-snapshot', path), log: inChild('--load-log', logPath) };
    if (fresh.snapshot.versions !== versions || fresh.log.versions !== versions) throw new Error('perf: a child loaded another memory');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (fresh === undefined) return;
  const ops = mem.log();
  const { ms: stringifyMs, result: json } = await measure('peer: JSON.stringify(mem.log())', () => JSON.stringify(ops));
  const { ms: parseMs, result: parsed } = await measure('peer: JSON.parse', () => JSON.parse(json) as typeof ops);
  const replayRuns = Math.min(runs, 1);
  gc();
  t = performance.now();
  for (let i = 0; i < replayRuns; i++) MemoryGraph.replay(parsed);
  const replayMs = (performance.now() - t) / replayRuns;
  console.log(`${'peer: MemoryGraph.replay(parsed)'.padEnd(34)} ${replayMs.toFixed(1).padStart(9)} ms   (1 run)`);

  const jsonBytes = Buffer.byteLength(json);
  console.log('');
  console.log(`fact versions                 ${versions}`);
  console.log(`snapshot bytes                ${bytes.length} (${(bytes.length / versions).toFixed(1)} bytes/version; columns ${columnBytes})`);
  console.log(`JSON log bytes (peer)         ${jsonBytes} (${(jsonBytes / versions).toFixed(1)} bytes/version)`);
  console.log(`encode                        ${encodeMs.toFixed(1)} ms   vs JSON.stringify ${stringifyMs.toFixed(1)} ms`);
  console.log(`decode to memory              ${decodeMs.toFixed(1)} ms   (codec ${decodeStateMs.toFixed(1)} ms)   vs JSON.parse + replay ${(parseMs + replayMs).toFixed(1)} ms`);
  console.log(`fresh process: loadSnapshot   ${fresh.snapshot.ms.toFixed(0)} ms, peak RSS ${fresh.snapshot.peakRssMB.toFixed(0)} MB`);
  console.log(`fresh process: readLog+replay ${fresh.log.ms.toFixed(0)} ms, peak RSS ${fresh.log.peakRssMB.toFixed(0)} MB (peer)`);
  console.log(`peak RSS of this process      ${peakRssMB().toFixed(0)} MB (memory, copies and peers together)`);
}

const [mode, file] = process.argv.slice(2);
(mode === '--load-snapshot' || mode === '--load-log' ? child(mode, file!) : main()).catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
