/**
 * The scale bench's run and its report section (`npm run bench -- --scale`): sizes, then M-like haystacks;
 * written as scale.md and scale.json in the report folder, and printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { loadLongMemEval } from '@palimpsest/datasets';
import { seededQuestions } from './sample.js';
import { measureSize, sessionPool } from './scale.js';
import type { SizeResult } from './scale.js';
import { HAYSTACK_SESSIONS, scoreHaystacks } from './scale-haystacks.js';
import type { HaystackScores } from './scale-haystacks.js';

export const SCALE_DEFAULT_SIZES = [10_000, 50_000, 200_000];
const SEED = 1;
const RECALL_QUERIES = 200;

export interface ScaleOptions {
  sizes: number[];
  /** Questions with an M-like haystack (0: none). */
  questions: number;
  /** The haystack questions' split: dev to tune on, test to report (the size rows always recall test questions). */
  split: 'dev' | 'test';
  outDir: string;
  command: string;
}

const kib = (b: number) => `${(b / 1024).toFixed(2)} KiB`;
const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');

/** The report section: one row per size, bytes per turn by structure, the haystack scores. */
export function scaleMarkdown(sizes: readonly SizeResult[], hay: HaystackScores | undefined, o: ScaleOptions, load: [number, number]): string {
  const lines = [
    '## Scale: one memory of N LongMemEval_S turns',
    '',
    `Command: \`${o.command}\`. ${cpus().length} cores (shared: read ratios, not absolutes); load average ${f(load[0], 2)} at the start, ${f(load[1], 2)} at the end.`,
    '',
    '| turns | sessions | facts | ingest turns/s (CPU) | ingest turns/s (wall) | heap+buffers / turn | structures / turn | recall p50 / p95 (k=10) | first recall | snapshot | encode | decode (first) | decode CPU | memcpy (warm) | decode/memcpy (/warm) | decode in-process | first recall after load | p95 after load |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of sizes) {
    lines.push(
      `| ${r.turns} | ${r.sessions} | ${r.facts} | ${f(r.ingestTurnsPerCpuSecond, 0)} | ${f(r.ingestTurnsPerWallSecond, 0)} | ${kib(r.heapPlusBuffersPerTurn)} | ${kib(r.sizes.total / r.turns)} | ${f(r.recallP50, 2)} / ${f(r.recallP95, 2)} ms | ${f(r.firstRecall, 2)} ms | ${f(r.snapshotBytes / 2 ** 20, 1)} MiB | ${f(r.encodeMs, 0)} ms | ${f(r.decodeMs, 0)} (${f(r.firstDecodeMs, 0)}) ms | ${f(r.decodeCpuMs, 0)} ms | ${f(r.memcpyMs, 1)} (${f(r.memcpyWarmMs, 1)}) ms | ${f(r.decodeMs / r.memcpyMs, 1)}× (${f(r.decodeMs / r.memcpyWarmMs, 0)}×) | ${f(r.decodeInProcessMs, 0)} ms | ${f(r.firstRecallAfterLoad, 2)} ms | ${f(r.recallP95AfterLoad, 2)} ms |`,
    );
  }
  if (sizes.length > 0) {
    lines.push('', `Bytes per turn by structure (memorySizeReport: typed arrays and strings exact, object/array/Map slots estimated; warm recalls: ${sizes[0]!.queries} test questions):`, '');
    lines.push(`| structure | ${sizes.map((r) => `${r.turns} turns`).join(' | ')} |`, `|---|${sizes.map(() => '---').join('|')}|`);
    for (const [i, s] of sizes[0]!.sizes.structures.entries()) {
      lines.push(`| ${s.name} | ${sizes.map((r) => f(r.sizes.structures[i]!.bytes / r.turns, 0)).join(' | ')} |`);
    }
    lines.push(`| total | ${sizes.map((r) => f(r.sizes.total / r.turns, 0)).join(' | ')} |`);
    lines.push('', 'Decode and memcpy are timed in a fresh process reading the snapshot file (scale-load.ts): decode is the median wall of 3 `decodeSnapshot` calls with every check (the first, cold, in brackets); memcpy the median of 7 copies into a new buffer after a full GC each (in brackets: into an already-touched buffer, bandwidth alone). The ratio is decode over the new-buffer copy (over the warm copy in brackets). "decode in-process" is the same decode in the bench process, whose full GCs also mark the built memory and the data set.');
  }
  if (hay !== undefined) {
    lines.push('', `## M-like haystacks (${hay.questions} LongMemEval_S ${o.split} questions, ≈ ${HAYSTACK_SESSIONS} sessions each: mean ${f(hay.meanSessions, 0)} sessions, ${f(hay.meanTurns, 0)} turns; question-day cut)`, '');
    lines.push('| metric | palimpsest | plain BM25 |', '|---|---|---|');
    for (const [m, v] of Object.entries(hay.metrics)) lines.push(`| ${m} | ${f(v.palimpsest, 3)} | ${f(v.bm25, 3)} |`);
    lines.push('', `Recall latency on these haystacks (k = 10, first recall per memory): p50 ${f(hay.recallP50, 2)} ms, p95 ${f(hay.recallP95, 2)} ms.`);
  }
  return lines.join('\n') + '\n';
}

/** Runs the sizes, then the haystacks; writes scale.md and scale.json into outDir; returns the markdown. */
export async function runScale(o: ScaleOptions): Promise<string> {
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const load0 = loadavg()[0]!;
  log('scale: reading LongMemEval_S');
  const all = await loadLongMemEval('s');
  const pool = sessionPool(all, SEED);
  log(`scale: pool of ${pool.length} sessions, ${pool.reduce((n, s) => n + s.turns.length, 0)} turns`);
  const test = seededQuestions(all, 'test', Math.max(o.questions, RECALL_QUERIES), SEED);
  const queries = test.slice(0, RECALL_QUERIES).map((q) => q.question);
  const sizes: SizeResult[] = [];
  for (const n of o.sizes) {
    log(`scale: ${n} turns`);
    sizes.push(measureSize(pool, n, queries, log));
  }
  const hayQuestions = o.split === 'test' ? test.slice(0, o.questions) : seededQuestions(all, 'dev', o.questions, SEED);
  const hay = o.questions > 0 ? scoreHaystacks(hayQuestions, pool, SEED, log) : undefined;
  const md = scaleMarkdown(sizes, hay, o, [load0, loadavg()[0]!]);
  mkdirSync(o.outDir, { recursive: true });
  writeFileSync(join(o.outDir, 'scale.md'), md);
  writeFileSync(join(o.outDir, 'scale.json'), JSON.stringify({ command: o.command, sizes, haystacks: hay }, null, 2));
  return md;
}
