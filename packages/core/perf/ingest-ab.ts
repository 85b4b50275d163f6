/**
 * Ingest A/B in one process: the write stream of `npm run perf` (perf-stream.ts) through another build of core
 * (`--base`, e.g. a copy of main's dist/index.js) and through this one, alternating which goes first each
 * round; CPU time (process.cpuUsage) of the operations, median over the rounds; then each side's counted bytes
 * per version (FactStore.memoryBytes) from its last memory. With `--memory`, instead: each side once, and the
 * heap + array buffers its memory holds after full collections (the process's growth from before the
 * stream to after it, per version: everything the memory keeps, strings, log and capacity slack included).
 *
 *   npx tsc -p packages/core/perf && node --expose-gc packages/core/dist/perf-node/perf/ingest-ab.js --base /path/to/core/dist/index.js [--versions 1000000] [--rounds 3] [--memory]
 *
 * Prints measurements only; nothing here asserts.
 */
import { pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { tablesOf } from '../src/internal.js';
import { PERF_PREDICATES, writePerfStream } from './perf-stream.js';

type Store = { memoryBytes(): Record<string, number> };

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const collect = (): void => (globalThis as { gc?: () => void }).gc?.();

async function main(): Promise<void> {
  const basePath = arg('base', '');
  if (basePath === '') throw new Error('ingest-ab: usage: ingest-ab.js --base /path/to/core/dist/index.js [--versions 1000000] [--rounds 3]');
  const base = (await import(pathToFileURL(basePath).href)) as { MemoryGraph: typeof MemoryGraph };
  const versions = Number(arg('versions', '1000000'));
  const rounds = Number(arg('rounds', '3'));
  const sides = [
    { name: 'base', Graph: base.MemoryGraph, cpu: [] as number[], wall: [] as number[], ops: 0, bytes: {} as Record<string, number>, count: 0 },
    { name: 'this', Graph: MemoryGraph, cpu: [] as number[], wall: [] as number[], ops: 0, bytes: {} as Record<string, number>, count: 0 },
  ];
  if (process.argv.includes('--memory')) {
    for (const side of sides) {
      collect();
      collect();
      const m0 = process.memoryUsage();
      let run: ReturnType<typeof writePerfStream> | undefined = writePerfStream((now) => new side.Graph({ now, predicates: PERF_PREDICATES }), versions);
      collect();
      collect();
      const m1 = process.memoryUsage();
      const held = (x: NodeJS.MemoryUsage) => x.heapUsed + x.arrayBuffers;
      console.log(
        `${side.name}: ${run.mem.size.versions.toLocaleString('en')} versions; heap + array buffers held ${((held(m1) - held(m0)) / 2 ** 20).toFixed(0)} MiB = ` +
          `${((held(m1) - held(m0)) / run.mem.size.versions).toFixed(1)} bytes/version (heap ${((m1.heapUsed - m0.heapUsed) / 2 ** 20).toFixed(0)} MiB, array buffers ${((m1.arrayBuffers - m0.arrayBuffers) / 2 ** 20).toFixed(0)} MiB)`,
      );
      run = undefined;
    }
    return;
  }
  for (const side of sides) writePerfStream((now) => new side.Graph({ now, predicates: PERF_PREDICATES }), 50_000); // JIT warm-up
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
      collect();
      const run = writePerfStream((now) => new side.Graph({ now, predicates: PERF_PREDICATES }), versions);
      side.cpu.push(run.cpuMs);
      side.wall.push(run.wallMs);
      side.ops = run.ops;
      side.count = run.mem.size.versions;
      // This build's memory keeps its store in its tables; an older base build kept it on the memory itself.
      side.bytes = ((tablesOf(run.mem)?.store as Store | undefined) ?? (run.mem as unknown as { store: Store }).store).memoryBytes();
    }
  }
  for (const side of sides) {
    const c = median(side.cpu);
    const parts = Object.entries(side.bytes).map(([k, v]) => `${k} ${(v / side.count).toFixed(1)}`);
    const total = Object.values(side.bytes).reduce((a, b) => a + b, 0) / side.count;
    console.log(
      `${side.name}: ${side.ops.toLocaleString('en')} ops, ${side.count.toLocaleString('en')} versions; CPU median ${c.toFixed(0)} ms = ${Math.round(side.ops / (c / 1000)).toLocaleString('en')} ops/s ` +
        `(rounds ${side.cpu.map((x) => x.toFixed(0)).join(', ')}; wall ${side.wall.map((x) => x.toFixed(0)).join(', ')}); bytes/version ${parts.join(' + ')} = ${total.toFixed(1)}`,
    );
  }
  console.log(`this / base CPU ${(median(sides[1]!.cpu) / median(sides[0]!.cpu)).toFixed(3)}; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}

await main();
