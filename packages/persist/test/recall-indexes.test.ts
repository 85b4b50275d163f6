/**
 * Recall's episode indexes kept in a snapshot (core snapshot/recall-indexes.ts): a memory loaded from its
 * snapshot reads its turns' BM25 postings and date flags instead of re-indexing them, and must recall exactly
 * as the live memory does — at several cuts, and again after both take the same new turns. A state whose
 * indexes were made by another tokenizer loads by rebuilding them; damaged ones are CorruptSnapshotError.
 */
import { describe, expect, it } from 'vitest';
import { CorruptSnapshotError, ingestEpisode, MemoryGraph } from '@palimpsest/core';
import type { RecallOptions } from '@palimpsest/core';
import { mulberry32 } from '@palimpsest/core/internal';
import { decodeSnapshot, decodeState, encodeSnapshot } from '@palimpsest/persist';

const DAY = 86_400_000;
const NAMES = ['Maya', 'Tom', 'Ana', 'Kenji', 'Lena'];
const WORDS = ['tea', 'hiking', 'Porto', 'guitar', 'marathon', 'café', 'résumé', 'Zürich', 'budget', 'garden', 'jazz', 'sushi'];
const TIMES = ['yesterday', 'last week', 'two days ago', 'on 8 May', 'next Friday', 'in 2022', ''];

/** A seeded conversation: turns with names, curly quotes, accents and date words, through ingestEpisode. */
function conversation(seed: number, turns: number, from = 0): Array<{ id: string; text: string; at: number; speaker: string; session: string }> {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const out = [];
  for (let i = from; i < from + turns; i++) {
    const who = pick(NAMES);
    const text = `${pick(['I', `My friend ${pick(NAMES)}`, 'We'])} ${pick(['went', 'talked about', 'can’t stop thinking about', 'loved'])} ${pick(WORDS)} ${pick(TIMES)}, ${pick(NAMES)}! It’s ${pick(WORDS)} and ${pick(WORDS)}.`;
    out.push({ id: `t${i}`, text, at: Date.UTC(2024, 0, 1) + i * DAY, speaker: who, session: `s${Math.floor(i / 6)}` });
  }
  return out;
}

function build(seed: number, turns: number): { mem: MemoryGraph; clock: { t: number } } {
  const clock = { t: 0 };
  const mem = new MemoryGraph({ now: () => clock.t });
  for (const turn of conversation(seed, turns)) {
    clock.t = turn.at;
    ingestEpisode(mem, { ...turn, recordedAt: turn.at });
  }
  return { mem, clock };
}

const QUESTIONS = ['What did Maya say about tea?', 'When did we go hiking?', 'Who loved the café in Zürich?', 'What happened last week?', 'jazz guitar marathon'];

function recalls(mem: MemoryGraph, last: number): unknown[] {
  const cuts: RecallOptions[] = [{ k: 10 }, { k: 5, validAt: last - 10 * DAY, knownAt: last - 5 * DAY }, { k: 20, tokenBudget: 300 }];
  return QUESTIONS.flatMap((q) => cuts.map((c) => mem.recall(q, c)));
}

describe("recall's episode indexes kept in a snapshot", () => {
  it('a loaded memory reads them, and recalls as the live memory does, before and after the same new turns', () => {
    for (const seed of [1, 2, 3, 4]) {
      const { mem, clock } = build(seed, 40 + seed * 15);
      const bytes = encodeSnapshot(mem);
      const state = decodeState(bytes);
      expect(state.columns['recall.episodeText.postingDocs']).toBeInstanceOf(Uint32Array);
      expect(state.columns['recall.datedTurns']).toHaveLength(mem.size.episodes);
      const loaded = decodeSnapshot(bytes, { now: () => clock.t });
      expect(recalls(loaded, clock.t)).toEqual(recalls(mem, clock.t));
      expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(bytes))).toBe(true);
      // the same turns written to both: the loaded index grows as the live one did
      for (const turn of conversation(seed + 100, 12, 1000)) {
        clock.t = turn.at;
        ingestEpisode(mem, { ...turn, recordedAt: turn.at });
        ingestEpisode(loaded, { ...turn, recordedAt: turn.at });
      }
      expect(recalls(loaded, clock.t)).toEqual(recalls(mem, clock.t));
      expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(encodeSnapshot(mem)))).toBe(true);
    }
  });

  it('indexes another tokenizer made are rebuilt, not used', () => {
    const { mem, clock } = build(7, 50);
    const state = decodeState(encodeSnapshot(mem));
    state.strings['recall.indexes'] = ['episode-bm25/some-other-stemmer/1'];
    // postings that would be wrong if read: every turn seemingly holding the first term only
    state.columns['recall.episodeText.postingFreqs'] = new Uint32Array((state.columns['recall.episodeText.postingFreqs'] as Uint32Array).length).fill(7);
    const loaded = MemoryGraph.fromState(state, { now: () => clock.t });
    expect(recalls(loaded, clock.t)).toEqual(recalls(mem, clock.t));
  });

  it('damaged kept indexes are CorruptSnapshotError, naming them', () => {
    const { mem, clock } = build(8, 30);
    const damage: Array<(s: ReturnType<typeof decodeState>) => void> = [
      (s) => ((s.columns['recall.episodeText.postingDocs'] as Uint32Array)[0] = 1e6),
      (s) => (s.columns['recall.datedTurns'] = new Uint8Array(3)),
      (s) => ((s.columns['recall.datedTurns'] as Uint8Array)[0] = 9),
      (s) => (s.columns['recall.episodeText.docIds'] = new Uint32Array(mem.size.episodes).fill(0)),
      (s) => delete s.strings['recall.episodeText.terms'],
    ];
    for (const hurt of damage) {
      const state = decodeState(encodeSnapshot(mem));
      hurt(state);
      expect(() => MemoryGraph.fromState(state, { now: () => clock.t })).toThrow(CorruptSnapshotError);
      expect(() => MemoryGraph.fromState(state, { now: () => clock.t })).toThrow(/recall's kept indexes|Bm25Index\.fromState/);
    }
  });
});
