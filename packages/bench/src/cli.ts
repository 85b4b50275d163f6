#!/usr/bin/env node
/**
 * `node packages/bench/dist/cli.js [--full | --quick | --tiny] [--out DIR] [--generated]`
 * Runs the benchmark (the standard suite unless told otherwise) with a progress bar per phase on stderr,
 * prints a summary table, and prints the report folder LAST (so scripts can take the last line).
 * `--scale [--sizes N,N] [--questions N] [--split dev|test]` runs the scale bench instead (scale-report.ts).
 */
import { parseArgs as parseNodeArgs } from 'node:util';
import { InvalidArgumentError } from '@palimpsest/core';
import { MODE_DESCRIPTIONS, runPipeline, type Mode } from './pipeline.js';
import type { WorkloadResult } from './report/types.js';
import { runScale, SCALE_DEFAULT_SIZES } from './scale-report.js';
import { join } from 'node:path';

export interface CliArgs {
  mode: Mode;
  out?: string;
  generated?: boolean;
  help?: boolean;
  /** The scale bench instead of the suite, at these memory sizes (turns) and with this many M-like haystacks. */
  scale?: { sizes: number[]; questions: number; split: 'dev' | 'test' };
}

export const USAGE = `Usage: npm run bench [-- --full | --quick | --tiny] [--out DIR] [--generated]

  (default)     ${MODE_DESCRIPTIONS.standard}; about 4 minutes on 2 idle cores
  --full        ${MODE_DESCRIPTIONS.full}; about 25 minutes on 2 idle cores
  --quick       ${MODE_DESCRIPTIONS.quick}; about 2 minutes
  --tiny        ${MODE_DESCRIPTIONS.tiny}
  --out DIR     write the report there (default bench-results/<timestamp>)
  --generated   use the seeded LoCoMo-shaped generator even when ../shared/datasets is present
  --scale       the scale bench instead: memories of 10k, 50k and 200k LongMemEval_S turns (minutes, GBs),
                then M-like haystacks of ≈ 500 sessions per test question, beside plain BM25
  --sizes N,N   with --scale: these memory sizes in turns (e.g. --sizes 10000,50000)
  --questions N with --scale: this many M-like haystacks (default 100; 0: none)
  --split S     with --scale: the haystacks' LongMemEval split, dev (tune on it) or test (report; default)
  -h, --help    this help`;

export function parseArgs(argv: readonly string[]): CliArgs {
  let values;
  try {
    ({ values } = parseNodeArgs({
      args: [...argv],
      options: {
        full: { type: 'boolean' },
        quick: { type: 'boolean' },
        tiny: { type: 'boolean' },
        out: { type: 'string' },
        generated: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        scale: { type: 'boolean' },
        sizes: { type: 'string' },
        questions: { type: 'string' },
        split: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    const m = (e as Error).message;
    if (/--out/.test(m) && /argument missing|requires an argument/i.test(m)) throw new InvalidArgumentError('bench: --out needs a folder');
    throw new InvalidArgumentError(`bench: unknown argument (${m.split('\n')[0]})\n${USAGE}`);
  }
  const modes = (['full', 'quick', 'tiny'] as const).filter((m) => values[m]);
  if (modes.length > 1) throw new InvalidArgumentError(`bench: choose one of --${modes.join(', --')}`);
  if (values.out !== undefined && (values.out === '' || values.out.startsWith('--'))) throw new InvalidArgumentError('bench: --out needs a folder');
  const scale = readScale(values);
  return {
    mode: modes[0] ?? 'standard',
    ...(scale === undefined ? {} : { scale }),
    ...(values.out !== undefined ? { out: values.out } : {}),
    ...(values.generated ? { generated: true } : {}),
    ...(values.help ? { help: true } : {}),
  };
}

/** --scale with its --sizes, --questions and --split (refused without --scale). */
function readScale(values: { scale?: boolean; sizes?: string; questions?: string; split?: string }): CliArgs['scale'] {
  if (!values.scale) {
    if (values.sizes !== undefined || values.questions !== undefined || values.split !== undefined) throw new InvalidArgumentError('bench: --sizes, --questions and --split go with --scale');
    return undefined;
  }
  const whole = (x: string, min: number) => /^\d+$/.test(x.trim()) && Number(x) >= min;
  const sizes = values.sizes === undefined ? SCALE_DEFAULT_SIZES : values.sizes.split(',');
  if (!sizes.every((x) => whole(String(x), 1))) throw new InvalidArgumentError(`bench: --sizes must be whole numbers of turns separated by commas, got ${JSON.stringify(values.sizes)}`);
  if (values.questions !== undefined && !whole(values.questions, 0)) throw new InvalidArgumentError(`bench: --questions must be a whole number, got ${JSON.stringify(values.questions)}`);
  const split = values.split ?? 'test';
  if (split !== 'dev' && split !== 'test') throw new InvalidArgumentError(`bench: --split must be dev or test, got ${JSON.stringify(values.split)}`);
  return { sizes: sizes.map(Number), questions: values.questions === undefined ? 100 : Number(values.questions), split };
}

const ms = (x: number | undefined) => (x === undefined ? '' : x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toPrecision(3));
const mb = (b: number | undefined) => (b === undefined ? '' : (b / 2 ** 20).toFixed(0));

/** The console summary: one row per workload, each unit in its own column. */
export function summaryRows(rows: readonly WorkloadResult[]): Array<Record<string, string>> {
  return rows.map((w) => ({
    workload: w.workload,
    name: w.name,
    system: w.system,
    'p50 ms': ms(w.latency?.p50),
    'p95 ms': ms(w.latency?.p95),
    'p99 ms': ms(w.latency?.p99),
    throughput: w.throughput === undefined ? '' : w.throughput < 10 ? w.throughput.toFixed(2) : Math.round(w.throughput).toLocaleString('en-US'),
    'per second': w.throughput === undefined ? '' : `${w.unit ?? 'op'}/s`,
    'peak RSS MB': mb(w.memory?.peakRss),
  }));
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  if (args.scale !== undefined) {
    const outDir = args.out ?? join('bench-results', `scale-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    console.log(await runScale({ ...args.scale, outDir, command: ['node', ...process.argv.slice(1)].join(' ') }));
    console.log(outDir);
    return;
  }
  const { report, written } = await runPipeline({
    mode: args.mode,
    ...(args.out !== undefined ? { outDir: args.out } : {}),
    ...(args.generated !== undefined ? { generated: args.generated } : {}),
    command: ['node', ...process.argv.slice(1)].join(' '),
  });
  console.log(`${report.title}: ${report.suite ?? ''}`);
  console.table(summaryRows(report.workloads));
  const q = report.quality.filter((r) => r.group === 'all' && !r.published && /@(5|10)$/.test(r.metric));
  if (q.length > 0) console.table(q.map((r) => ({ dataset: r.dataset, metric: r.metric, system: r.system, value: r.value.toFixed(3), n: r.n })));
  const la = report.environment.loadAverage;
  if (la) console.log(`load average (1 min) ${la.before[0]!.toFixed(2)} at the start, ${la.after[0]!.toFixed(2)} at the end, on ${report.environment.cpuCount} cores`);
  for (const n of report.notes) if (/DISAGREE|FAILED|not available|not run/.test(n)) console.log(n);
  console.log(written.dir);
}

// Run only as a program, not when imported (tests import parseArgs).
if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((err: unknown) => {
    // a bad command line gets its message; anything else its stack
    console.error(err instanceof InvalidArgumentError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exitCode = 1;
  });
}
