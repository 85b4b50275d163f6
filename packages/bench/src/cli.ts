#!/usr/bin/env node
/**
 * `node packages/bench/dist/cli.js [--quick | --tiny] [--out DIR] [--generated]`
 * Runs the benchmark, prints a summary table, and prints the report folder LAST (so scripts can take the
 * last line). --quick: subsets, under two minutes; default: the full run (under an hour on 2 cores).
 */
import { InvalidArgumentError } from '@palimpsest/core';
import { runPipeline, type Mode } from './pipeline.js';
import type { WorkloadResult } from './report/types.js';

export interface CliArgs {
  mode: Mode;
  out?: string;
  generated?: boolean;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { mode: 'full' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--quick') args.mode = 'quick';
    else if (a === '--tiny') args.mode = 'tiny';
    else if (a === '--generated') args.generated = true;
    else if (a === '--out') {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new InvalidArgumentError('bench: --out needs a folder');
      args.out = v;
    } else if (a.startsWith('--out=')) args.out = a.slice(6);
    else if (a === '--help' || a === '-h') throw new InvalidArgumentError('bench: usage: cli.js [--quick | --tiny] [--out DIR] [--generated]');
    else throw new InvalidArgumentError(`bench: unknown argument ${JSON.stringify(a)} (usage: cli.js [--quick | --tiny] [--out DIR] [--generated])`);
  }
  return args;
}

const ms = (x: number | undefined) => (x === undefined ? '' : x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toPrecision(3));
const mb = (b: number | undefined) => (b === undefined ? '' : (b / 2 ** 20).toFixed(0));

export function summaryRows(rows: readonly WorkloadResult[]): Array<Record<string, string>> {
  return rows.map((w) => ({
    workload: w.workload,
    name: w.name,
    system: w.system,
    'p50 ms': ms(w.latency?.p50),
    'p95 ms': ms(w.latency?.p95),
    'p99 ms': ms(w.latency?.p99),
    'ops/s': w.throughput === undefined ? '' : `${w.throughput < 10 ? w.throughput.toFixed(2) : Math.round(w.throughput).toLocaleString('en-US')}${w.unit ? ` ${w.unit}` : ''}`,
    'peak RSS MB': mb(w.memory?.peakRss),
  }));
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const { report, written } = await runPipeline({
    mode: args.mode,
    ...(args.out !== undefined ? { outDir: args.out } : {}),
    ...(args.generated !== undefined ? { generated: args.generated } : {}),
    command: ['node', ...process.argv.slice(1)].join(' '),
  });
  console.table(summaryRows(report.workloads));
  const q = report.quality.filter((r) => r.group === 'all' && !r.published && /@(5|10)$/.test(r.metric));
  if (q.length > 0) console.table(q.map((r) => ({ dataset: r.dataset, metric: r.metric, system: r.system, value: r.value.toFixed(3), n: r.n })));
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
