/** Seeded randomness for workloads (mulberry32, from the engine): the same seed gives the same run. */
export { mulberry32 } from '@palimpsest/core/internal';

/** Standard normal by Box–Muller. */
export function gaussian(rand: () => number): number {
  const u = 1 - rand();
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** An integer in [lo, hi). */
export function randInt(rand: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo));
}
