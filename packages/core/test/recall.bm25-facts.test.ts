import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { Bm25Index } from '../src/recall/bm25.js';
import { FactText } from '../src/recall/bm25-facts.js';
import { tokenize } from '../src/recall/text.js';
import { literalCode } from '../src/store/fact-store.js';
import { mulberry32 } from '../src/util/random.js';
import { tablesOf } from '@palimpsest/core/internal';

/** A memory of random facts over names that share words, with repeated words, self-loops and literal objects. */
function randomMemory(seed: number, asserts: number): MemoryGraph {
  const rnd = mulberry32(seed);
  const words = ['maya', 'chen', 'lake', 'berlin', 'painting', 'support', 'group', 'run', 'running', 'works'];
  const name = (): string => {
    const n = 1 + Math.floor(rnd() * 3);
    return Array.from({ length: n }, () => words[Math.floor(rnd() * words.length)]!).join(' ');
  };
  const predicates = ['works_at', 'lives_in', 'knows', 'likes_running', 'painting_of'];
  let clock = Date.UTC(2024, 0, 1);
  const mem = new MemoryGraph({ now: () => clock });
  for (let i = 0; i < asserts; i++) {
    clock += 60_000;
    const subject = name();
    const r = rnd();
    const object = r < 0.1 ? subject : r < 0.35 ? { value: r < 0.2 ? 'lake berlin lake' : Math.floor(rnd() * 5) } : name();
    mem.assert({ subject, predicate: predicates[Math.floor(rnd() * predicates.length)]!, object, validFrom: clock });
  }
  return mem;
}

/** FactText over a memory's triples, and a Bm25Index holding "subject predicate object" per triple. */
function both(mem: MemoryGraph): { facts: FactText; reference: Bm25Index } {
  const st = tablesOf(mem)!.store;
  const en = tablesOf(mem)!.entities;
  const facts = new FactText();
  for (let e = 0; e < en.count; e++) facts.addEntity(e, tokenize(en.displayName(e)));
  const reference = new Bm25Index();
  for (let t = 0; t < st.tripleCount; t++) {
    const p = st.tPredicate[t]!;
    const o = st.tObject[t]!;
    const predicate = tablesOf(mem)!.predicateNames.get(p).replace(/_/g, ' ');
    const object = o >= 0 ? en.displayName(o) : String(tablesOf(mem)!.literals[literalCode(o)]);
    if (!facts.hasPredicate(p)) facts.setPredicate(p, tokenize(predicate));
    if (o < 0 && !facts.hasLiteral(literalCode(o))) facts.setLiteral(literalCode(o), tokenize(object));
    facts.addTriple(t, st);
    reference.add(t, `${en.displayName(st.tSubject[t]!)} ${predicate} ${object}`);
  }
  return { facts, reference };
}

describe('FactText (facts BM25 without postings per fact)', () => {
  it('gives the hits, scores and ties a Bm25Index over "subject predicate object" gives', () => {
    for (const seed of [1, 2, 3]) {
      const mem = randomMemory(seed, 300);
      const { facts, reference } = both(mem);
      expect(facts.size).toBe(tablesOf(mem)!.store.tripleCount);
      const queries = ['maya', 'Where does Maya Chen work?', 'lake berlin', 'who likes running in the support group', 'painting of the lake', '3', 'nothing here', 'works works maya'];
      for (const q of queries) {
        const terms = tokenize(q);
        for (const k of [1, 5, 50, 1000]) {
          expect(facts.searchTerms(terms, k, () => true, tablesOf(mem)!.store)).toEqual(reference.searchTerms(terms, k, () => true));
          const odd = (t: number): boolean => t % 2 === 1;
          expect(facts.searchTerms(terms, k, odd, tablesOf(mem)!.store)).toEqual(reference.searchTerms(terms, k, odd));
        }
      }
    }
  });

  it('an assert that makes entities leaves only its fact for the next recall to index', () => {
    let clock = Date.UTC(2024, 0, 1);
    const mem = new MemoryGraph({ now: () => clock });
    mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Berlin', validFrom: clock });
    clock += 1000;
    mem.assert({ subject: 'Maya', predicate: 'works_at', object: { value: 3 }, validFrom: clock });
    // two entities indexed as they were made; the two facts wait
    expect(tablesOf(mem)!.recallIndex().pending()).toBe(2);
    const result = mem.recall('Where does Maya live?');
    expect(tablesOf(mem)!.recallIndex().pending()).toBe(0);
    expect(result.facts.map((f) => f.predicate)).toContain('lives_in');
    // the same memory replayed (indexed in one pass at load) recalls the same
    const replayed = MemoryGraph.replay(mem.log(), { now: () => clock });
    expect(replayed.recall('Where does Maya live?')).toEqual(mem.recall('Where does Maya live?'));
  });
});
