/**
 * The write stream of `npm run perf` (perf.ts) and of its A/B (ingest-ab.ts): about `target` fact versions
 * over `target / 20` entities; 60% cardinality-one updates (some backdated), 35% many-valued facts, 5%
 * retractions. Seeded, so every run writes the same operations.
 */
import type { MemoryGraph } from '../src/graph/memory-graph.js';
import { mulberry32 } from '../src/util/random.js';

export const DAY = 86_400_000;
export const PERF_PREDICATES = { status: { cardinality: 'one' }, works_at: { cardinality: 'one' }, lives_in: { cardinality: 'one' } } as const;

type Writable = Pick<MemoryGraph, 'assert' | 'retract' | 'entity' | 'size'>;

export interface PerfStream {
  /** The entity ids, in creation order. */
  ids: number[];
  /** Operations written. */
  ops: number;
  /** The clock at the start and after the last operation. */
  start: number;
  end: number;
  /** CPU and wall milliseconds of the operations (the entities' creation excluded). */
  cpuMs: number;
  wallMs: number;
}

const cpuNow = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** Writes the stream into the memory `make(now)` returns (its clock is the stream's); `random` is left where the stream ends. */
export function writePerfStream<G extends Writable>(make: (now: () => number) => G, target: number, random = mulberry32(42)): PerfStream & { mem: G } {
  const entities = Math.max(100, Math.round(target / 20));
  let now = Date.parse('2020-01-01T00:00:00Z');
  const start = now;
  const mem = make(() => now);
  const ids: number[] = [];
  for (let i = 0; i < entities; i++) ids.push(mem.entity({ name: `entity-${i}` }).id);
  const onePredicates = ['status', 'works_at', 'lives_in'];
  const manyPredicates = ['knows', 'likes', 'visited', 'mentions'];
  let ops = 0;
  const cpu0 = cpuNow();
  const t0 = performance.now();
  while (mem.size.versions < target) {
    if (random() < 0.3) now += Math.floor(random() * 60_000);
    const s = ids[Math.floor(random() * entities)]!;
    const r = random();
    if (r < 0.6) {
      const backdated = random() < 0.2;
      mem.assert({
        subject: { id: s },
        predicate: onePredicates[Math.floor(random() * 3)]!,
        object: { value: Math.floor(random() * 50) },
        validFrom: backdated ? now - Math.floor(random() * 30) * DAY : now,
      });
    } else if (r < 0.95) {
      mem.assert({
        subject: { id: s },
        predicate: manyPredicates[Math.floor(random() * 4)]!,
        object: { id: ids[Math.floor(random() * entities)]! },
        validFrom: now - Math.floor(random() * 365) * DAY,
        ...(random() < 0.3 ? { validTo: now + Math.floor(random() * 365) * DAY } : {}),
      });
    } else {
      mem.retract({ subject: { id: s }, predicate: manyPredicates[Math.floor(random() * 4)]!, validFrom: now - Math.floor(random() * 10) * DAY });
    }
    ops++;
  }
  return { mem, ids, ops, start, end: now, cpuMs: cpuNow() - cpu0, wallMs: performance.now() - t0 };
}
