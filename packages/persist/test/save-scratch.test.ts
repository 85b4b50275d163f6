/**
 * A host may let go of recall's scratch (the score arrays recalls keep between calls, sized by the episodes)
 * before a save, so the snapshot's bytes are not held beside it (the Durable Object does); the next recall
 * makes it again with the same answers, and the bytes saved do not depend on it. A plain save keeps it.
 */
import { describe, expect, it } from 'vitest';
import { ingestEpisode, MemoryGraph } from '@palimpsest/core';
import { memorySizeReport, releaseRecallScratch, tablesOf } from '@palimpsest/core/internal';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { mulberry32 } from './helpers.js';

const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);
const WORDS = 'bike garden painted sunflowers recipe marathon physio knee Paris museum flights hotel guitar daughter school rent coffee camera hiking café Zürich 東京'.split(' ');
const QUESTIONS = ['where did Maya go hiking', 'what did Jon paint in the garden', 'when was the marathon', 'coffee in Zürich'];

function memory(turns: number): MemoryGraph {
  const rand = mulberry32(7);
  const mem = new MemoryGraph({ now: () => START + turns * HOUR });
  for (let n = 0; n < turns; n++) {
    const words = Array.from({ length: 3 + Math.floor(rand() * 15) }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
    ingestEpisode(mem, { id: `t${n}`, text: `${n % 3 === 0 ? 'Maya' : 'Jon'} ${words.join(' ')}.`, at: START + n * HOUR, speaker: n % 2 === 0 ? 'user' : 'assistant', session: `s${Math.floor(n / 20)}` });
  }
  return mem;
}

const scratchBytes = (mem: MemoryGraph): number => memorySizeReport(tablesOf(mem)!).structures.find((s) => /^recall scratch/.test(s.name))!.bytes;
const answers = (mem: MemoryGraph): unknown[] => QUESTIONS.map((q) => mem.recall(q, { k: 8 }));

describe('encodeSnapshot and recall scratch', () => {
  it('a save keeps the scratch; released before a save, recall answers the same and the next save writes the same bytes', () => {
    const mem = memory(4000);
    const before = answers(mem);
    const held = scratchBytes(mem);
    // score arrays sized by the episodes: well over a hundred bytes an episode in all
    expect(held).toBeGreaterThan(100 * 4000);
    encodeSnapshot(mem);
    expect(scratchBytes(mem)).toBe(held);
    releaseRecallScratch(mem);
    const bytes = encodeSnapshot(mem);
    expect(scratchBytes(mem)).toBeLessThan(held / 10);
    expect(answers(mem)).toEqual(before);
    expect(scratchBytes(mem)).toBeGreaterThan(held / 2); // made again by the recalls
    expect(Buffer.from(encodeSnapshot(mem)).equals(Buffer.from(bytes))).toBe(true);
    expect(answers(decodeSnapshot(bytes, { now: () => START + 4000 * HOUR }))).toEqual(before);
  });
});
