/**
 * The dense signal of a model embedder inside the lexical episode ranking (`denseWeight`), and the defaults a
 * memory with a model embedder gets (MODEL_EMBEDDER_DEFAULTS), beside the built-in HashEmbedder's.
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { MODEL_EMBEDDER_DEFAULTS } from '../src/recall/options.js';
import type { Embedder } from '../src/recall/embedder.js';
import { tablesOf } from '../src/graph/tables.js';

const JAN1 = Date.UTC(2024, 0, 1);
const LATER = JAN1 + 365 * 86_400_000;
const CUT = { validAt: LATER, knownAt: LATER };

/** A stand-in model: one dimension per concept, so "automobile" and "car" point the same way with no shared word. */
const CONCEPTS = [/\b(car|automobile|vehicle)\b/g, /\b(lake|water|swim)\b/g, /\b(budget|money|cost)\b/g, /\b(song|music|guitar)\b/g];
const conceptModel: Embedder = {
  id: 'concepts-4',
  dimensions: 4,
  embed: (texts) => texts.map((t) => Float32Array.from(CONCEPTS, (re) => (t.toLowerCase().match(re) ?? []).length + 0.01)),
};

function memoryWith(embedder?: Embedder): MemoryGraph {
  let t = JAN1 + 10 * 86_400_000;
  const mem = new MemoryGraph({ now: () => ++t, ...(embedder === undefined ? {} : { embedder }) });
  const lines: Array<[string, string]> = [
    ['car', 'I bought a new car yesterday'],
    ['meeting', 'the budget meeting ran long'],
    ['song', 'she played a song on the guitar'],
    ['lake-house', 'the budget for the lake house is tight'],
    ['swim', 'we went for a swim in the lake'],
  ];
  lines.forEach(([id, text], i) => mem.episode({ id, text, at: JAN1 + i * 60_000 }));
  return mem;
}

describe('dense similarity in the episode ranking', () => {
  it('finds a turn that shares no word with the question when a model embedder is used', () => {
    const mem = memoryWith(conceptModel);
    const q = 'Did anyone purchase an automobile?';
    const withDense = mem.recall(q, { k: 3, ...CUT });
    expect(withDense.episodes[0]).toMatchObject({ id: 'car' });
    expect(withDense.episodes[0]!.score).toBeGreaterThan(0);
    // the model defaults are what recall used
    expect(mem.recall(q, { k: 3, ...CUT, ...MODEL_EMBEDDER_DEFAULTS })).toEqual(withDense);
    // without the dense weight nothing matches: the latest turns fill the list, unscored
    const lexicalOnly = mem.recall(q, { k: 3, ...CUT, denseWeight: 0 });
    expect(lexicalOnly.episodes.map((e) => e.score)).toEqual([0, 0, 0]);
    expect(lexicalOnly.episodes[0]!.id).toBe('swim');
  });

  it('adds to the lexical score: the more weight, the more the dense-similar lexical match rises', () => {
    const mem = memoryWith(conceptModel);
    // "budget" matches two turns by word (the shorter scores higher); the question's concepts are budget and
    // water, which only the lake house has both of
    const q = 'what was the budget near the water';
    const top = (denseWeight: number): string => mem.recall(q, { k: 2, ...CUT, denseWeight }).episodes[0]!.id;
    expect(top(0)).toBe('meeting');
    expect(top(2)).toBe('lake-house');
  });

  it('weighs a dense hit by its rank, so a model whose cosines bunch together ranks as one that spreads them', () => {
    // the same concepts, unit length, plus a large shared component: every cosine is squeezed into [0.9, 1]
    // in the same order ((cos + 9) / 10)
    const squeezed: Embedder = {
      id: 'concepts-squeezed',
      dimensions: 5,
      embed: (texts) =>
        (conceptModel.embed(texts) as Float32Array[]).map((v) => {
          const norm = Math.hypot(...v);
          return Float32Array.from([...Array.from(v, (x) => x / norm), 3]);
        }),
    };
    const q = 'what was the budget near the water';
    const order = (embedder: Embedder, denseWeight: number): string[] =>
      memoryWith(embedder)
        .recall(q, { k: 5, ...CUT, denseWeight, minSimilarity: -1 })
        .episodes.map((e) => e.id);
    for (const w of [0.5, 2]) expect(order(squeezed, w)).toEqual(order(conceptModel, w));
    expect(order(squeezed, 2)[0]).toBe('lake-house');
  });

  it('leaves the built-in HashEmbedder memory as it was (denseWeight 0 by default there)', () => {
    const mem = memoryWith();
    const q = 'the budget for the lake';
    expect(mem.recall(q, { k: 5, ...CUT })).toEqual(mem.recall(q, { k: 5, ...CUT, denseWeight: 0 }));
  });

  it('weighs the feedback terms of turns by denseFeedback when the dense share is on, by feedback when it is off', () => {
    // "budget meeting" matches the meeting turn by word; its other words ("zebra", "stripes") reach the zebra
    // turn only through the feedback terms
    const mem = memoryWith(conceptModel);
    mem.episode({ id: 'zebra', text: 'zebra stripes everywhere', at: JAN1 + 9 * 60_000 });
    mem.episode({ id: 'zoo', text: 'the budget meeting was about zebra stripes', at: JAN1 + 10 * 60_000 });
    const q = 'budget meeting';
    const zebra = (options: Record<string, number>): number => mem.recall(q, { k: 10, ...CUT, ...options }).episodes.find((e) => e.id === 'zebra')?.score ?? 0;
    expect(zebra({ denseFeedback: 0.5 })).toBeGreaterThan(zebra({ denseFeedback: 0 }));
    // with the dense share on, a turn's feedback weight is denseFeedback (feedback is for whole-session
    // documents, which this memory has none of); with it off, denseFeedback is not read
    expect(mem.recall(q, { k: 10, ...CUT, denseFeedback: 0, feedback: 0.9 })).toEqual(mem.recall(q, { k: 10, ...CUT, denseFeedback: 0, feedback: 0 }));
    expect(mem.recall(q, { k: 10, ...CUT, denseWeight: 0, denseFeedback: 0 })).toEqual(mem.recall(q, { k: 10, ...CUT, denseWeight: 0, denseFeedback: 0.9 }));
    expect(zebra({ denseWeight: 0, feedback: 0.5 })).toBeGreaterThan(zebra({ denseWeight: 0, feedback: 0 }));
  });

  it('refuses a bad denseFeedback by name', () => {
    const mem = memoryWith(conceptModel);
    expect(() => mem.recall('car', { denseFeedback: 2 })).toThrow(/^MemoryGraph\.recall: denseFeedback \(2\) must be in \[0, 1\]/);
    expect(() => mem.recall('car', { denseFeedback: -0.1 })).toThrow(InvalidArgumentError);
  });

  it('refuses a bad denseWeight by name', () => {
    const mem = memoryWith(conceptModel);
    expect(() => mem.recall('car', { denseWeight: -1 })).toThrow(InvalidArgumentError);
    expect(() => mem.recall('car', { denseWeight: Infinity })).toThrow(/^MemoryGraph\.recall: denseWeight \(Infinity\) must be a finite number ≥ 0/);
  });
});

describe('which turns carry vectors in the recall index', () => {
  const indexed = (mem: MemoryGraph): { episodes: number; entities: number } => {
    const engine = tablesOf(mem).recallIndex();
    engine.catchUp();
    return { episodes: engine.episodeVectors.size, entities: engine.entityVectors.size };
  };

  it('the built-in embedder indexes no turn vectors (they ranked nothing differently) but keeps entity-name vectors', () => {
    const mem = memoryWith();
    mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Austin', validFrom: JAN1 });
    expect(mem.recall('the lake house budget', CUT).episodes.map((e) => e.id)).toContain('lake-house');
    expect(indexed(mem)).toEqual({ episodes: 0, entities: 2 });
  });

  it('a model embedder indexes every turn, and a turn written with its own vector is indexed by it under the built-in one too', () => {
    expect(indexed(memoryWith(conceptModel)).episodes).toBe(5);
    let t = JAN1;
    const mem = new MemoryGraph({ now: () => ++t, dimensions: 256 });
    mem.episode({ id: 'v', text: 'a turn with a vector', at: JAN1, vector: Array.from({ length: 256 }, (_, i) => (i === 3 ? 1 : 0)) });
    mem.episode({ id: 'w', text: 'a turn without one', at: JAN1 + 1 });
    expect(indexed(mem).episodes).toBe(1);
  });
});
