import { describe, expect, it, vi } from 'vitest';
import { CorruptSnapshotError, InvalidArgumentError } from '../src/errors.js';
import { Accumulator } from '../src/recall/accumulator.js';
import { BM25_DEFAULTS, Bm25Index } from '../src/recall/bm25.js';
import { tokenize } from '../src/recall/text.js';

const DOCS: Array<[number, string]> = [
  [10, 'I went to a LGBTQ support group yesterday and it was so powerful.'],
  [3, 'The support group has made me feel accepted.'],
  [42, 'I painted that lake sunrise last year!'],
  [7, 'Painting is a fun way to express my feelings.'],
  [1000, 'I ran a charity race for mental health last Saturday.'],
  [5, 'Swimming with the kids at the lake.'],
];

function build(): Bm25Index {
  const idx = new Bm25Index();
  for (const [id, text] of DOCS) idx.add(id, text);
  return idx;
}

/** Okapi BM25 written out directly, to check the index against. */
function reference(query: string, k1 = BM25_DEFAULTS.k1, b = BM25_DEFAULTS.b): Map<number, number> {
  const docs = DOCS.map(([id, t]) => [id, tokenize(t)] as const);
  const avgdl = docs.reduce((s, [, t]) => s + t.length, 0) / docs.length;
  const out = new Map<number, number>();
  for (const term of new Set(tokenize(query))) {
    const n = docs.filter(([, t]) => t.includes(term)).length;
    const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
    for (const [id, t] of docs) {
      const f = t.filter((x) => x === term).length;
      if (f === 0) continue;
      out.set(id, (out.get(id) ?? 0) + (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * t.length) / avgdl)));
    }
  }
  return out;
}

describe('Bm25Index', () => {
  it('scores exactly as Okapi BM25 with k1 = 1.2, b = 0.75, best first', () => {
    const idx = build();
    for (const q of ['support group', 'painting the lake', 'charity race Saturday', 'kids swimming']) {
      const hits = idx.search(q, 10);
      const ref = [...reference(q)].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      expect(hits.map((h) => h.id)).toEqual(ref.map(([id]) => id));
      hits.forEach((h, i) => expect(h.score).toBeCloseTo(ref[i]![1], 12));
    }
    expect(idx.search('support group', 1)[0]!.id).toBe(3); // shorter document, same terms
  });

  it('breaks ties by lower id and returns nothing for unknown or stop-word queries', () => {
    const idx = new Bm25Index();
    idx.add(9, 'apple');
    idx.add(2, 'apple');
    idx.add(5, 'apple');
    expect(idx.search('apples', 3).map((h) => h.id)).toEqual([2, 5, 9]);
    expect(idx.search('the and of', 3)).toEqual([]);
    expect(idx.search('zebra', 3)).toEqual([]);
    expect(idx.search('apple', 0)).toEqual([]);
  });

  it('applies accept before taking the top k', () => {
    const idx = build();
    const hits = idx.search('support group lake', 2, (id) => id !== 3 && id !== 10);
    expect(hits.map((h) => h.id).sort()).toEqual([42, 5]);
  });

  it('round-trips through toState/fromState and keeps growing the same way', () => {
    const idx = build();
    const again = Bm25Index.fromState(idx.toState());
    expect(again.size).toBe(DOCS.length);
    for (const q of ['support group', 'lake', 'mental health race']) expect(again.search(q, 5)).toEqual(idx.search(q, 5));
    idx.add(77, 'a new lake by the support office');
    again.add(77, 'a new lake by the support office');
    expect(again.toState()).toEqual(idx.toState());
    expect(again.search('lake support', 5)).toEqual(idx.search('lake support', 5));
  });

  it('a loaded index, its arrays adopted or copied, has every document\'s terms and counts of the live one (thousands of documents)', () => {
    // Enough documents for the load's transpose to run in several buckets, a few with no terms.
    const live = new Bm25Index();
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
    const words = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}x`);
    for (let d = 0; d < 3500; d++) live.add(d * 3 + 1, d % 500 === 0 ? '' : Array.from({ length: 1 + rand(30) }, () => words[Math.min(rand(400), rand(400))]).join(' '));
    const pairs = (idx: Bm25Index, id: number) => {
      const out: Array<[number, number]> = [];
      idx.termIdsOfDoc(id, (t, tf) => out.push([t, tf]));
      return out.sort((a, b) => a[0] - b[0]);
    };
    for (const adopt of [false, true]) {
      const state = live.toState();
      const loaded = Bm25Index.fromState(state, adopt);
      expect(loaded.size).toBe(live.size);
      for (let d = 0; d < 3500; d++) {
        expect(pairs(loaded, d * 3 + 1)).toEqual(pairs(live, d * 3 + 1));
        expect(loaded.lengthOf(d * 3 + 1)).toBe(live.lengthOf(d * 3 + 1));
      }
      for (const q of ['w1x w2x', 'w3x', 'wax w9x w10x']) expect(loaded.search(q, 20)).toEqual(live.search(q, 20));
      loaded.add(99_999, 'w1x w5x w5x');
      expect(pairs(loaded, 99_999)).toEqual(([[live.termId('w1x')!, 1], [live.termId('w5x')!, 2]] as Array<[number, number]>).sort((a, b) => a[0] - b[0]));
      expect(loaded.size).toBe(live.size + 1);
    }
  });

  it('refuses bad input with InvalidArgumentError and changes nothing', () => {
    const idx = build();
    const before = idx.toState();
    expect(() => idx.add(10, 'again')).toThrow(/^Bm25Index\.add: docId 10 was already added/);
    expect(() => idx.add(-1, 'x')).toThrow(InvalidArgumentError);
    expect(() => idx.add(1.5, 'x')).toThrow(/^Bm25Index\.add:/);
    expect(() => idx.add(1, 5 as unknown as string)).toThrow(/^Bm25Index\.add:/);
    expect(() => idx.search('x', -1)).toThrow(/^Bm25Index\.search:/);
    expect(() => new Bm25Index({ b: 2 })).toThrow(InvalidArgumentError);
    expect(idx.toState()).toEqual(before);
  });

  it('rejects a damaged state with CorruptSnapshotError', () => {
    const s = build().toState();
    expect(() => Bm25Index.fromState({ ...s, docLengths: s.docLengths.subarray(1) })).toThrow(CorruptSnapshotError);
    const docs = s.postingDocs.slice();
    docs[0] = 999;
    expect(() => Bm25Index.fromState({ ...s, postingDocs: docs })).toThrow(/^Bm25Index\.fromState: postings of term 0/);
    expect(() => Bm25Index.fromState({ ...s, terms: s.terms.slice(1) })).toThrow(CorruptSnapshotError);
  });

  it('indexes a document given as tokens exactly as its text', () => {
    const byText = build();
    const byTokens = new Bm25Index();
    for (const [id, text] of DOCS) byTokens.addTokens(id, tokenize(text));
    for (const q of ['support group', 'lake painting', 'charity race health', 'nothing here']) {
      expect(byTokens.search(q, 10)).toEqual(byText.search(q, 10));
    }
    expect(byTokens.toState()).toEqual(byText.toState());
    const terms = (idx: Bm25Index, id: number): Array<[string, number]> => {
      const out: Array<[string, number]> = [];
      idx.termsOf(id, (t, tf) => out.push([t, tf]));
      return out;
    };
    for (const [id] of DOCS) expect(terms(byTokens, id)).toEqual(terms(byText, id));
  });

  it('finds documents by id whether or not ids follow insertion order', () => {
    const inOrder = new Bm25Index();
    inOrder.add(0, 'red apple');
    inOrder.add(1, 'green apple');
    expect(inOrder.has(0) && inOrder.has(1)).toBe(true);
    expect(inOrder.has(2) || inOrder.has(-1) || inOrder.has(0.5)).toBe(false);
    inOrder.add(7, 'yellow apple'); // the first id that is not its slot
    inOrder.add(2, 'apple pie');
    expect([0, 1, 7, 2].every((id) => inOrder.has(id))).toBe(true);
    expect(inOrder.has(3)).toBe(false);
    expect(() => inOrder.add(1, 'again')).toThrow(/^Bm25Index\.add: docId 1 was already added/);
    expect(() => inOrder.add(7, 'again')).toThrow(/^Bm25Index\.add: docId 7 was already added/);
    expect(inOrder.search('yellow', 5)).toEqual([{ id: 7, score: expect.any(Number) }]);
    expect(Bm25Index.fromState(inOrder.toState()).search('apple pie', 5)).toEqual(inOrder.search('apple pie', 5));
    expect(() => Bm25Index.fromState({ ...inOrder.toState(), docIds: Uint32Array.from([0, 1, 0, 2]) })).toThrow(/^Bm25Index\.fromState: docId 0 appears twice/);
  });
});

describe('Bm25Index postings: a bulk base, then tails', () => {
  // docs from a small vocabulary so terms repeat across docs and within one
  const VOCAB = ['lake', 'support', 'group', 'paint', 'race', 'kids', 'swim', 'year', 'sunrise', 'feel'];
  const docs = Array.from({ length: 120 }, (_, d) => {
    const words: string[] = [];
    for (let i = 0; i < 1 + ((d * 7) % 9); i++) words.push(VOCAB[(d * 13 + i * i * 5) % VOCAB.length]!);
    if (d % 11 === 0) words.push(`rare${d}`); // a term of one document, made after the base
    return words.join(' ');
  });
  const QUERIES = [['lake'], ['support', 'group'], ['rare0', 'rare55', 'kids'], VOCAB, ['absent']];
  const observe = (index: Bm25Index): unknown => [
    QUERIES.map((q) => index.searchTerms(q, 200)),
    QUERIES.map((q) => index.topWeighted(new Map(q.map((t, i) => [t, 1 + i / 10])), 200, (id) => id % 3 !== 1)),
    VOCAB.map((t) => index.idf(t)),
    index.toState(),
  ];

  it('gives the same hits, scores, idf and state whether postings are written at once or between searches', () => {
    const once = new Bm25Index();
    docs.forEach((text, d) => once.add(d, text));
    for (const step of [1, 7, 40]) {
      const stepped = new Bm25Index();
      docs.forEach((text, d) => {
        stepped.add(d, text);
        if (d % step === 0) stepped.searchTerms(['lake'], 1); // writes the pending postings: base first, then tails
      });
      expect(observe(stepped)).toEqual(observe(once));
    }
  });

  it('keeps a loaded index and its later documents equal to one built by adds', () => {
    const all = new Bm25Index();
    docs.forEach((text, d) => all.add(d, text));
    const half = new Bm25Index();
    docs.slice(0, 60).forEach((text, d) => half.add(d, text));
    const loaded = Bm25Index.fromState(half.toState());
    docs.slice(60).forEach((text, i) => {
      loaded.add(60 + i, text);
      if (i % 5 === 0) loaded.idf('lake');
    });
    expect(observe(loaded)).toEqual(observe(all));
  });
});

describe('Bm25Index.distinctiveTerms (pseudo-relevance feedback)', () => {
  /** The rule written out with a map and a full sort, as episode ranking had it. */
  function model(idx: Bm25Index, docs: Array<{ id: number; score: number }>, skip: Set<number>, n: number): Array<[string, number]> {
    const weight = new Map<number, number>();
    for (const { id, score: w } of docs) {
      const len = idx.lengthOf(id);
      if (len === 0) continue;
      idx.termIdsOfDoc(id, (t, tf) => {
        if (!skip.has(t)) weight.set(t, (weight.get(t) ?? 0) + (w * tf) / len);
      });
    }
    const ranked = [...weight].map(([t, w]) => [idx.term(t), w * idx.idfOf(t)] as [string, number]).filter(([, w]) => w > 0);
    ranked.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return ranked.slice(0, n);
  }

  it('gives the terms, weights and order of a full sort, for random documents, weights, skips and n', () => {
    let seed = 3;
    const pick = (m: number): number => ((seed = (seed * 48271) % 2147483647) % m);
    const vocab = ['lake', 'paint', 'sister', 'guitar', 'bread', 'concert', 'berlin', 'hike', 'dog', 'race', 'group', 'support'];
    for (let round = 0; round < 20; round++) {
      const idx = new Bm25Index();
      const count = 5 + pick(30);
      for (let d = 0; d < count; d++) idx.add(d * 2, Array.from({ length: pick(12) }, () => vocab[pick(vocab.length)]).join(' '));
      if (round % 2 === 0) idx.search('lake', 1); // some later documents in the tails
      for (let d = count; d < count + 4; d++) idx.add(d * 2, Array.from({ length: 1 + pick(8) }, () => vocab[pick(vocab.length)]).join(' '));
      const docs = Array.from({ length: pick(6) }, () => ({ id: 2 * pick(count + 4), score: (1 + pick(100)) / 100 }));
      const skip = new Set(vocab.filter(() => pick(4) === 0).map((t) => idx.termId(tokenize(t)[0]!)).filter((x): x is number => x !== undefined));
      for (const n of [0, 1, 3, 10, 50]) expect(idx.distinctiveTerms(docs, skip, n)).toEqual(model(idx, docs, skip, n));
    }
  });
});

describe('Bm25Index weighted sums, as recall reads them', () => {
  const VOCAB = ['trip', 'europe', 'family', 'solo', 'thailand', 'gym', 'weight', 'cocktail', 'party', 'remind'];
  const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const make = (seed: number, gappedIds: boolean): Bm25Index => {
    const next = random(seed);
    const index = new Bm25Index();
    for (let d = 0; d < 150; d++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 12) }, () => VOCAB[Math.floor(next() * next() * VOCAB.length)]!);
      index.add(gappedIds ? d * 3 + 1 : d, words.join(' '));
      if (d === 90) index.search('trip', 1); // the rest go to the postings' tails
    }
    return index;
  };
  // ids below the index's size, or up to three times it (gapped)
  const copied = (index: Bm25Index, terms: Map<string, number>, accept?: (id: number) => boolean): Array<[number, number]> => {
    const into = new Accumulator((n) => new Float64Array(n));
    into.begin(index.has(1) && !index.has(0) ? 3 * index.size : index.size);
    index.scoreWeightedInto(terms, accept, into);
    return [...into.touched.subarray(0, into.count)].map((id) => [id, into.values[id]!]);
  };

  it('hands its sums over whole exactly when a copy would hold the same ids, order and values', () => {
    const swap = vi.spyOn(Accumulator.prototype, 'swap');
    for (const seed of [1, 2, 3]) {
      for (const gapped of [false, true]) {
        const index = make(seed, gapped);
        for (const q of [['trip', 'europe'], VOCAB, ['remind', 'absent'], ['family', 'gym']]) {
          // the last: a weight so small that its parts round to 0, which are left out, copied or not
          const terms = new Map(q.map((t, i) => [t, q[0] === 'family' ? 1e-322 * (i + 1) : 1 + i / 7] as [string, number]));
          // accept given: always the copy; none: the hand-over where ids are slots
          expect(copied(index, terms)).toEqual(copied(index, terms, () => true));
          // the index's next search is unharmed by the hand-over
          expect(index.search('family trip', 5)).toEqual(make(seed, gapped).search('family trip', 5));
        }
      }
    }
    // handed over for the ids that are slots (3 seeds × 3 queries), copied for the others
    expect(swap).toHaveBeenCalledTimes(9);
    swap.mockRestore();
  });

  it('gives the k best weighted hits of a full sort, asking accept only of hits the top would keep', () => {
    for (const seed of [4, 5, 6]) {
      const index = make(seed, seed === 5);
      for (const q of [['trip', 'solo'], VOCAB, ['gym']]) {
        const terms = new Map(q.map((t, i) => [t, 2 - i / 9] as [string, number]));
        const accept = (id: number): boolean => id % 4 !== 2;
        const all = copied(index, terms).filter(([id]) => accept(id));
        all.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
        for (const k of [1, 5, 40, 500]) {
          let asked = 0;
          const got = index.topWeighted(terms, k, (id) => (asked++, accept(id)));
          expect(got).toEqual(all.slice(0, k).map(([id, score]) => ({ id, score })));
          if (k === 1 && all.length > 20) expect(asked).toBeLessThan(all.length);
        }
      }
    }
  });
});
