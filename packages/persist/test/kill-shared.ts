/** What the kill test's child writes, computed the same way on both sides. */
import { MemoryGraph } from '@palimpsest/core';

/** Operation i: deterministic, from a few bytes to a few kilobytes. */
export function killOp(i: number): { type: string; i: number; text: string } {
  return { type: 'note', i, text: 'é'.repeat((i * 7919) % 3000) };
}

/** The k-th memory a saving child writes: k assertions and one sizable episode, so saves take a while. */
export function killMemory(k: number): MemoryGraph {
  const mem = new MemoryGraph({ now: () => 1_700_000_000_000 });
  for (let i = 0; i < k; i++) mem.assert({ subject: `s${i % 7}`, predicate: 'p', object: `o${i}`, validFrom: i });
  mem.episode({ id: 'e', text: 'z'.repeat(200_000 + k), at: 0 });
  return mem;
}
