/**
 * The snapshot bytes of seeded memories are exactly what the encoder wrote before it encoded from views
 * of the live arrays and wrote strings straight into its output: a SHA-256 and length per memory, recorded
 * from that earlier encoder. The memories cover what the view-based path touches: non-ASCII text (2-, 3-
 * and 4-byte UTF-8), empty strings, a log of several segments, recall postings written in two rounds (a
 * base and per-term tails), writes after a save, and a memory whose recall index was never built.
 * If the snapshot format changes on purpose, print the new values with PALIMPSEST_PRINT_SNAPSHOT_HASHES=1.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ingestEpisode, MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot, encodeState } from '@palimpsest/persist';
import { mulberry32 } from './helpers.js';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const WORDS = ('bike servicing garden painted sunflowers recipe marathon physio knee Paris museum flights hotel guitar ' +
  'daughter school rent coffee espresso camera hiking vegetarian lasagna birthday café naïve Zürich 東京 ラーメン 😀 🚲 ' +
  'Ωmega señor').split(' ');
const NAMES = ['Maya', 'Jon', 'Zoë', '李雷'];

function turnText(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const words = Array.from({ length: 2 + Math.floor(rand() * 18) }, () => pick(WORDS));
  if (rand() < 0.2) words.unshift(`Hey ${pick(NAMES)},`);
  if (rand() < 0.2) words.push('yesterday');
  return words.join(' ') + '.';
}

/** `count` seeded turns through ingestEpisode, a recall after `recallAt` of them (0: none). */
function seededMemory(seed: number, count: number, recallAt: number): MemoryGraph {
  const rand = mulberry32(seed);
  const mem = new MemoryGraph({ now: () => START + 10_000 * DAY });
  for (let n = 0; n < count; n++) {
    const at = START + n * 3_600_000;
    const session = rand() < 0.8 ? `s${Math.floor(n / 7)}` : undefined;
    ingestEpisode(mem, { id: `t${n}-${NAMES[n % 4]}`, text: turnText(rand), at, recordedAt: at, speaker: n % 2 === 0 ? 'user' : 'assistant', ...(session === undefined ? {} : { session }) });
    if (n + 1 === recallAt) mem.recall('where did Maya go hiking', { k: 5 });
    if (n % 97 === 0) mem.assert({ subject: NAMES[n % 4]!, predicate: 'likes', object: { value: n % 3 === 0 ? '' : `thing ${n} ✓` }, validFrom: at, recordedAt: at });
  }
  if (recallAt > 0) mem.recall('café in Zürich', { k: 3 });
  return mem;
}

function digest(bytes: Uint8Array): string {
  return `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** [seed, turns, recall after] → bytes and SHA-256 of the snapshot, as the earlier encoder wrote it. */
const CASES: Array<[number, number, number, string]> = [
  [1, 1500, 600, '688016:eadae035beca8724e6c53887583add74040b327f9759bcf98805a0be455abd10'],
  [2, 400, 0, '183976:765acad4a823584d940dd080588065867b594bc55754a10ab2294316d631cfac'],
  [3, 2500, 2500, '1146320:a0f16007cdbb3a1a50452178b91d1b62891fa67ceb470fc8bb63f4fa35302258'],
];

describe('snapshot bytes of seeded memories', () => {
  it.each(CASES)('seed %i, %i turns, recall after %i: the same bytes as before', (seed, count, recallAt, expected) => {
    const mem = seededMemory(seed, count, recallAt);
    const bytes = encodeSnapshot(mem);
    if (process.env.PALIMPSEST_PRINT_SNAPSHOT_HASHES === '1') console.log(`[${seed}, ${count}, ${recallAt}, '${digest(bytes)}'],`);
    expect(digest(bytes)).toBe(expected);
    // the bytes read back, and the public state path writes the same bytes
    const back = decodeSnapshot(bytes, { now: () => START + 10_000 * DAY });
    expect(Buffer.from(encodeSnapshot(back)).equals(Buffer.from(bytes))).toBe(true);
    expect(Buffer.from(encodeState(mem.exportState())).length).toBeGreaterThan(0);
  });

  it('a save leaves the memory writable, and the next save holds the later writes', () => {
    const mem = seededMemory(4, 300, 300);
    const first = encodeSnapshot(mem);
    ingestEpisode(mem, { id: 'after', text: 'after the save: Paris museum 😀', at: START + 400 * 3_600_000, recordedAt: START + 400 * 3_600_000 });
    const second = encodeSnapshot(mem);
    expect(second.length).toBeGreaterThan(first.length);
    expect(decodeSnapshot(second).recall('Paris museum after the save', { k: 1 }).episodes[0]?.id).toBe('after');
  });
});
