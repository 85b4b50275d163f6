import { describe, expect, it } from 'vitest';
import { CorruptSnapshotError } from '../src/errors.js';
import { checkPostings, forwardIndex } from '../src/recall/bm25-load.js';

/** Random CSR postings over n documents: each term in a random, ascending set of documents. */
function postings(seed: number, n: number, nTerms: number): { termOffsets: Uint32Array; docs: Uint32Array; freqs: Uint32Array } {
  let s = seed;
  const rand = (k: number) => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) % k;
  const offsets = [0];
  const docs: number[] = [];
  const freqs: number[] = [];
  for (let t = 0; t < nTerms; t++) {
    // a few frequent terms, many rare ones, some with no document at all
    const every = t < 5 ? 1 + rand(3) : 1 + rand(n);
    for (let d = rand(every + 1); d < n; d += 1 + rand(every * 2)) {
      docs.push(d);
      freqs.push(1 + (rand(10) === 0 ? rand(300) : 0));
    }
    offsets.push(docs.length);
  }
  return { termOffsets: Uint32Array.from(offsets), docs: Uint32Array.from(docs), freqs: Uint32Array.from(freqs) };
}

/** The forward index by the definition: each document's (term, frequency) pairs, terms ascending. */
function reference(n: number, p: ReturnType<typeof postings>): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = Array.from({ length: n }, () => []);
  for (let t = 0; t + 1 < p.termOffsets.length; t++) {
    for (let i = p.termOffsets[t]!; i < p.termOffsets[t + 1]!; i++) out[p.docs[i]!]!.push([t, p.freqs[i]!]);
  }
  return out;
}

const bad = (why: string): never => {
  throw new CorruptSnapshotError(why);
};

describe('the forward index a load transposes from kept postings', () => {
  for (const [n, nTerms] of [[1, 3], [700, 60], [5000, 900]] as const) {
    it(`is each document's terms and counts, packed or not (${n} documents, ${nTerms} terms)`, () => {
      const p = postings(n + nTerms, n, nTerms);
      const want = reference(n, p);
      const starts = checkPostings(n, nTerms, p.termOffsets, p.docs, p.freqs, bad);
      for (const packedTerms of [undefined, nTerms - 1]) {
        const { terms, freqs } = forwardIndex(n, nTerms, starts, p.termOffsets, p.docs, p.freqs, 16, packedTerms);
        expect(terms.length).toBeGreaterThanOrEqual(Math.max(16, p.docs.length));
        for (let d = 0; d < n; d++) {
          const got: Array<[number, number]> = [];
          for (let j = starts[d]!; j < starts[d + 1]!; j++) got.push([terms[j]!, freqs[j]!]);
          expect(got).toEqual(want[d]);
        }
      }
    });
  }

  it('refuses postings out of range, unsorted, of zero frequency or with decreasing offsets', () => {
    const p = postings(3, 50, 20);
    const check = (q: Partial<ReturnType<typeof postings>>) => () => checkPostings(50, 20, q.termOffsets ?? p.termOffsets, q.docs ?? p.docs, q.freqs ?? p.freqs, bad);
    expect(check({})).not.toThrow();
    const t = p.termOffsets.findIndex((o, i) => i + 1 < p.termOffsets.length && p.termOffsets[i + 1]! - o >= 2);
    const at = p.termOffsets[t]!;
    const docs = p.docs.slice();
    docs[at] = 50;
    expect(check({ docs })).toThrow(`postings of term ${t} are out of range or unsorted`);
    const unsorted = p.docs.slice();
    unsorted[at + 1] = unsorted[at]!;
    expect(check({ docs: unsorted })).toThrow(`postings of term ${t} are out of range or unsorted`);
    const freqs = p.freqs.slice();
    freqs[at] = 0;
    expect(check({ freqs })).toThrow(`zero frequency in postings of term ${t}`);
    const offsets = p.termOffsets.slice();
    offsets[t + 2] = offsets[t + 1]! - 1;
    expect(check({ termOffsets: offsets })).toThrow(`termOffsets decrease at term ${t + 1}`);
  });
});
