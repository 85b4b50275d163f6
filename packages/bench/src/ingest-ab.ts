#!/usr/bin/env node
/**
 * Ingest A/B on the scale bench's turns: N turns of the LongMemEval_S session pool (the scale bench's seeded
 * pool, in date order) through the public `ingestEpisode` (public-path.ts: user defaults, the default
 * extractor), by this workspace's core and, with `--base`, by another build's core, alternating which goes
 * first each round. Prints CPU turns/s per round and the medians, and whether the two memories are the same
 * (exportSnapshotState deep-equal: the content and recall's kept indexes; recall of test questions equal).
 *
 *   node packages/bench/dist/ingest-ab.js [--turns 10000] [--rounds 3] [--base /path/to/core/dist] [--only this|base] [--extractor none|only] [--dataset locomo]
 *
 * `--extractor none`: every turn through `ingestEpisode` with an extractor that finds nothing (the write and
 * recall's indexing alone, without the default extractor's time); `--extractor only`: the default extractor
 * alone (a RuleExtractor reading every turn in order, as `ingestEpisode` calls it), no memory written; the two
 * builds' extractions are compared turn by turn. `--dataset locomo`: every LoCoMo conversation instead (one
 * memory, or one extractor, per conversation, as the quality bench builds them; `--turns` is ignored).
 *
 * `--only this` ingests once with this core (to profile: node --cpu-prof packages/bench/dist/ingest-ab.js --only this).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import * as here from '@palimpsest/core';
import * as hereInternal from '@palimpsest/core/internal';
import { loadLocomo, loadLongMemEval } from '@palimpsest/datasets';
import { buildMemory, locomoTurns, NO_EXTRACTION } from './public-path.js';
import type { CoreEntryPoints, PublicTurn } from './public-path.js';
import { sessionPool, sessionTurns, fullGc } from './scale.js';
import { seededQuestions } from './sample.js';

interface Build {
  name: string;
  core: CoreEntryPoints;
  exportSnapshotState: (tables: unknown) => unknown;
  tablesOf: (mem: unknown) => unknown;
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

/** The pool's first sessions holding `n` turns (the last one cut), in date order: as the scale bench takes them. */
function poolTurns(pool: ReturnType<typeof sessionPool>, n: number): PublicTurn[] {
  const chosen = [];
  let count = 0;
  for (const s of pool) {
    if (count >= n) break;
    chosen.push(s);
    count += s.turns.length;
  }
  return chosen.sort((a, b) => a.date - b.date).flatMap((s) => sessionTurns(s)).slice(0, n);
}

/** Deep equality of exported states: typed arrays by their bytes, objects key by key; the first difference's path. */
function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    if (a.constructor !== b.constructor || a.byteLength !== b.byteLength) return `${path}: ${a.constructor.name}(${a.byteLength}) vs ${b.constructor.name}(${b.byteLength})`;
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `${path}: byte ${i} differs`;
    return undefined;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: length ${a.length} vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (ka.join('\0') !== kb.join('\0')) return `${path}: keys ${ka.join(',')} vs ${kb.join(',')}`;
    for (const k of ka) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return `${path}: ${String(a)} vs ${String(b)}`;
}

/** CPU seconds of the process (every thread: the collector's and compiler's helpers too) while f runs; `lastWall`: its wall seconds. */
let lastWall = 0;
function cpuOf<T>(f: () => T): [number, T] {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const r = f();
  lastWall = (performance.now() - w0) / 1000;
  const c = process.cpuUsage(c0);
  return [(c.user + c.system) / 1e6, r];
}

async function loadBuild(dir: string): Promise<Build> {
  const core = await import(pathToFileURL(join(dir, 'index.js')).href);
  const internal = await import(pathToFileURL(join(dir, 'internal.js')).href);
  return { name: 'base', core, exportSnapshotState: internal.exportSnapshotState, tablesOf: internal.tablesOf };
}

async function main(): Promise<void> {
  const n = Number(arg('turns', '10000'));
  const rounds = Number(arg('rounds', '3'));
  const only = arg('only', '');
  const basePath = arg('base', '');
  const noExtract = arg('extractor', 'default') === 'none';
  const extractOnly = arg('extractor', 'default') === 'only';
  const all = await loadLongMemEval('s');
  const locomo = arg('dataset', 'longmemeval') === 'locomo' ? await loadLocomo() : undefined;
  // one list of turns per memory: the pool's first n, or each LoCoMo conversation
  const sets = locomo === undefined ? [poolTurns(sessionPool(all, 1), n)] : locomo.map(locomoTurns);
  const turns = sets.flat();
  const queries = locomo === undefined ? seededQuestions(all, 'test', 50, 1).map((q) => q.question) : locomo.flatMap((c) => c.questions.slice(0, 5).map((q) => q.question));
  const THIS: Build = { name: 'this', core: here, exportSnapshotState: hereInternal.exportSnapshotState as Build['exportSnapshotState'], tablesOf: hereInternal.tablesOf as Build['tablesOf'] };
  const builds: Build[] = only === 'this' || basePath === '' ? [THIS] : only === 'base' ? [await loadBuild(basePath)] : [THIS, await loadBuild(basePath)];
  process.stderr.write(`ingest-ab: ${turns.length} turns, ${builds.map((b) => b.name).join(' vs ')}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  const times = new Map<string, number[]>(builds.map((b) => [b.name, []]));
  for (let r = 0; r < (only === '' ? rounds : 1); r++) {
    const order = r % 2 === 0 ? builds : [...builds].reverse();
    const mems = new Map<string, Array<ReturnType<typeof buildMemory>>>();
    const extractions = new Map<string, unknown[]>();
    for (const b of order) {
      fullGc();
      if (extractOnly) {
        const out: unknown[] = [];
        const [s, facts] = cpuOf(() =>
          sets.reduce((n, set) => {
            const x = new (b.core as unknown as typeof here).RuleExtractor();
            for (const t of set) {
              const e = x.extract([{ id: t.id, text: t.text, at: t.at, speaker: t.speaker }])[0]!;
              // kept for the comparison in the first round only (keeping them all costs collection time)
              if (r === 0) out.push(e);
              n += e.facts.length;
            }
            return n;
          }, 0),
        );
        times.get(b.name)!.push(s);
        extractions.set(b.name, out);
        process.stderr.write(`  round ${r} ${b.name}: extractor alone ${(turns.length / s).toFixed(0)} turns/s CPU (${s.toFixed(2)} s CPU, ${lastWall.toFixed(2)} s wall, ${facts} facts)\n`);
        continue;
      }
      const [s, built] = cpuOf(() => sets.map((set) => buildMemory(set, { core: b.core, ...(noExtract ? { extractor: NO_EXTRACTION } : {}) })));
      times.get(b.name)!.push(s);
      mems.set(b.name, built);
      const facts = built.reduce((n, m) => n + m.facts, 0);
      const refused = built.reduce((n, m) => n + m.refused.length, 0);
      process.stderr.write(`  round ${r} ${b.name}: ${(turns.length / s).toFixed(0)} turns/s CPU (${s.toFixed(2)} s CPU, ${lastWall.toFixed(2)} s wall, ${facts} facts, ${refused} refused)\n`);
    }
    if (extractions.size === 2 && r === 0) {
      const [a, b] = builds.map((x) => extractions.get(x.name)!);
      const at = a!.findIndex((e, i) => JSON.stringify(e) !== JSON.stringify(b![i]));
      process.stderr.write(`  same extractions: ${at < 0 ? `all ${a!.length} turns equal` : `DIFFER at turn ${at} (${turns[at]!.id})`}\n`);
      if (at >= 0) process.exitCode = 1;
    }
    if (mems.size === 2 && r === 0) {
      const [as, bs] = builds.map((x) => mems.get(x.name)!);
      let diff: string | undefined;
      let recallsEqual = true;
      for (let i = 0; i < as!.length && diff === undefined; i++) {
        const recallOf = (m: ReturnType<typeof buildMemory>) => JSON.stringify(queries.map((q) => m.mem.recall(q, { k: 10 })));
        recallsEqual &&= recallOf(as![i]!) === recallOf(bs![i]!);
        const sa = builds[0]!.exportSnapshotState(builds[0]!.tablesOf(as![i]!.mem));
        const sb = builds[1]!.exportSnapshotState(builds[1]!.tablesOf(bs![i]!.mem));
        diff = firstDifference(sa, sb, `memory ${i}`);
      }
      process.stderr.write(`  same memory (${as!.length}): snapshot state ${diff === undefined ? 'equal' : `DIFFERS at ${diff}`}; recall of ${queries.length} questions ${recallsEqual ? 'equal' : 'DIFFERS'}\n`);
      if (diff !== undefined || !recallsEqual) process.exitCode = 1;
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
  for (const [name, xs] of times) process.stderr.write(`${name}: median ${(turns.length / median(xs)).toFixed(0)} turns/s CPU (${(median(xs) * 1e6 / turns.length).toFixed(0)} µs/turn)\n`);
  process.stderr.write(`load ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
