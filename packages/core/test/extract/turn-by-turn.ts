// The extractor's conversation tests share this: turns fed in order through ingestEpisode, the memory's
// record clock at each turn's time, as a memory that listened live.
import { MemoryGraph, ingestEpisode } from '../../src/index.js';

/** Noon UTC of an ISO date. */
export const day = (iso: string): number => Date.parse(`${iso}T12:00:00Z`);

/**
 * Feeds the turns ([date, text]) in order, the memory's clock at each turn's time; a `null` speaker gives
 * none, so the memory's default speaker ('user') says them.
 */
export function conversation(turns: Array<[string, string]>, speaker: string | null = 'Maya'): MemoryGraph {
  let now = day(turns[0]![0]);
  const mem = new MemoryGraph({ now: () => now });
  turns.forEach(([date, text], i) => {
    now = day(date);
    ingestEpisode(mem, { id: `t${i}`, text, at: now, ...(speaker === null ? {} : { speaker }) });
  });
  return mem;
}
