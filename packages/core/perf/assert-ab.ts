/**
 * Assert throughput A/B in one process (indexing each assert for recall as it is written must cost
 * ≤ 10% of assert throughput): the same asserts written through another build of core (`--base`, e.g. a copy
 * of main's dist/index.js) and through this one, alternating which goes first each round; CPU time
 * (process.cpuUsage), median over the rounds. Two workloads:
 *   - shared: `--asserts` (100,000) asserts over 5,000 subjects and 7 predicates, objects among the same 5,000
 *     names (three in four) or numbers;
 *   - fresh: every assert names a new subject (12,000 asserts), the shape where a new entity is indexed each time;
 *   - engine: the stream `npm run perf` times (perf.ts): `--asserts` operations over entities made first with
 *     `entity` (not timed), 60% cardinality-one updates with literal objects, 35% many-valued facts, 5% retractions.
 * Then, on each side's last memory, the first recall's CPU time against the same question asked again.
 *
 *   npx tsc -p packages/core/perf && node packages/core/dist/perf-node/perf/assert-ab.js --base /path/to/core/dist/index.js [--rounds 5] [--asserts 100000]
 *
 * Prints measurements only; nothing here asserts.
 */
import { pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { mulberry32 } from '../src/util/random.js';

type Graph = Pick<MemoryGraph, 'assert' | 'retract' | 'entity' | 'recall'>;
type Make = (now: () => number, engine: boolean) => Graph;

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const cpu = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

interface Op { subject: string | { id: number }; predicate: string; object?: string | { value: number } | { id: number }; validFrom: number; validTo?: number; retract?: true }

function sharedOps(n: number): Op[] {
  const rnd = mulberry32(12);
  const preds = ['works_at', 'lives_in', 'knows', 'visited', 'likes', 'owns', 'met'];
  const ops: Op[] = [];
  for (let i = 0; i < n; i++) {
    const object = rnd() < 0.75 ? `person ${Math.floor(rnd() * 5000)}` : { value: Math.floor(rnd() * 1000) };
    ops.push({ subject: `person ${Math.floor(rnd() * 5000)}`, predicate: preds[Math.floor(rnd() * preds.length)]!, object, validFrom: Date.UTC(2024, 0, 1) + i * 60_000 });
  }
  return ops;
}

function freshOps(n: number): Op[] {
  const rnd = mulberry32(7);
  const ops: Op[] = [];
  for (let i = 0; i < n; i++) ops.push({ subject: `member ${i} of staff`, predicate: 'works_with', object: `member ${Math.floor(rnd() * n)} of staff`, validFrom: Date.UTC(2024, 0, 1) + i * 60_000 });
  return ops;
}

const DAY = 86_400_000;
const ENGINE_ENTITIES = 10_000;

/** perf.ts's stream, its subjects and objects by id (entity i is the i-th made by `entity`). */
function engineOps(n: number): Op[] {
  const random = mulberry32(42);
  let now = Date.parse('2020-01-01T00:00:00Z');
  const one = ['status', 'works_at', 'lives_in'];
  const many = ['knows', 'likes', 'visited', 'mentions'];
  const ops: Op[] = [];
  for (let i = 0; i < n; i++) {
    if (random() < 0.3) now += Math.floor(random() * 60_000);
    const subject = { id: Math.floor(random() * ENGINE_ENTITIES) };
    const r = random();
    if (r < 0.6) {
      const backdated = random() < 0.2;
      ops.push({ subject, predicate: one[Math.floor(random() * 3)]!, object: { value: Math.floor(random() * 50) }, validFrom: backdated ? now - Math.floor(random() * 30) * DAY : now });
    } else if (r < 0.95) {
      const object = { id: Math.floor(random() * ENGINE_ENTITIES) };
      const validFrom = now - Math.floor(random() * 365) * DAY;
      ops.push({ subject, predicate: many[Math.floor(random() * 4)]!, object, validFrom, ...(random() < 0.3 ? { validTo: now + Math.floor(random() * 365) * DAY } : {}) });
    } else ops.push({ subject, predicate: many[Math.floor(random() * 4)]!, validFrom: now - Math.floor(random() * 10) * DAY, retract: true });
  }
  return ops;
}

/** Writes every op into a fresh memory; CPU ms of the writes, and the memory. */
function write(make: Make, ops: readonly Op[]): { ms: number; mem: Graph; at: number } {
  let clock = Date.parse('2020-01-01T00:00:00Z');
  const engine = ops.some((op) => typeof op.subject === 'object');
  const mem = make(() => clock, engine);
  // the engine stream's entities, made before the timed writes (as perf.ts does)
  if (engine) for (let i = 0; i < ENGINE_ENTITIES; i++) mem.entity({ name: `entity-${i}` });
  const c0 = cpu();
  for (const op of ops) {
    clock = Math.max(clock, op.validFrom);
    if (op.retract === true) mem.retract({ subject: op.subject, predicate: op.predicate, validFrom: op.validFrom });
    else mem.assert(op as Parameters<Graph['assert']>[0]);
  }
  return { ms: cpu() - c0, mem, at: clock };
}

/** perf.ts's cardinality-one predicates. */
const ONE = { status: { cardinality: 'one' as const }, works_at: { cardinality: 'one' as const }, lives_in: { cardinality: 'one' as const } };

async function main(): Promise<void> {
  const basePath = arg('base', '');
  if (basePath === '') throw new Error('assert-ab: usage: assert-ab.js --base /path/to/core/dist/index.js [--rounds 5] [--asserts 100000]');
  const base = (await import(pathToFileURL(basePath).href)) as { MemoryGraph: typeof MemoryGraph };
  const sides: Array<[string, Make]> = [
    ['base', (now, engine) => new base.MemoryGraph({ now, ...(engine ? { predicates: ONE } : {}) })],
    ['this', (now, engine) => new MemoryGraph({ now, ...(engine ? { predicates: ONE } : {}) })],
  ];
  const rounds = Number(arg('rounds', '5'));
  for (const [name, ops] of [
    ['shared', sharedOps(Number(arg('asserts', '100000')))],
    ['fresh', freshOps(12_000)],
    ['engine', engineOps(Number(arg('asserts', '100000')))],
  ] as const) {
    write(sides[0]![1], ops.slice(0, 2000)); // JIT warm-up, both sides
    write(sides[1]![1], ops.slice(0, 2000));
    const times: number[][] = [[], []];
    const firsts: number[][] = [[], []];
    for (let r = 0; r < rounds; r++) {
      for (const s of r % 2 === 0 ? [0, 1] : [1, 0]) {
        const { ms, mem, at } = write(sides[s]![1], ops);
        times[s]!.push(ms);
        const q = 'Who does member 17 of staff work with, and where does person 3 live?';
        const c1 = cpu();
        mem.recall(q, { validAt: at, knownAt: at });
        const first = cpu() - c1;
        const c2 = cpu();
        mem.recall(q, { validAt: at, knownAt: at });
        firsts[s]!.push(first / (cpu() - c2));
      }
    }
    const [a, b] = [median(times[0]!), median(times[1]!)];
    console.log(
      `${name.padEnd(6)} ${ops.length} asserts, ${rounds} rounds, CPU median: base ${a.toFixed(0)} ms (${Math.round(ops.length / (a / 1000)).toLocaleString('en')} ops/s), ` +
        `this ${b.toFixed(0)} ms (${Math.round(ops.length / (b / 1000)).toLocaleString('en')} ops/s), this / base ${(b / a).toFixed(3)}; ` +
        `first recall / the same question again: base ${median(firsts[0]!).toFixed(1)}×, this ${median(firsts[1]!).toFixed(1)}×`,
    );
  }
  console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}

await main();
