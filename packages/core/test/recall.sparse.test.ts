import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../src/recall/embedder.js';
import { VectorSet } from '../src/recall/vectors.js';

const TEXTS = [
  'Caroline went to the LGBTQ support group yesterday',
  "Melanie's kids loved the dinosaurs at the museum",
  'member 17 of staff',
  'a a a the of', // stop words only: the zero vector
  '',
  'ab ba ab ba ab ba abab baba', // repeated features, sums that may cancel
  'Zürich café naïve 東京 2024-05-01',
];

describe('sparse hashed vectors (what recall indexes with the built-in embedder)', () => {
  it('embedSparse gives embedText’s coordinates, ascending, the rest exactly 0', () => {
    for (const options of [{}, { dimensions: 16 }, { dimensions: 7, trigramWeight: 0.3, bigramWeight: 0 }]) {
      const h = new HashEmbedder(options);
      for (const text of TEXTS) {
        const dense = h.embedText(text);
        const sparse = h.embedSparse(text);
        const rebuilt = new Float32Array(h.dimensions);
        for (let j = 0; j < sparse.length; j++) {
          if (j > 0) expect(sparse.index[j]!).toBeGreaterThan(sparse.index[j - 1]!);
          rebuilt[sparse.index[j]!] = sparse.value[j]!;
        }
        expect(rebuilt).toEqual(dense);
      }
    }
  });

  it('VectorSet.addSparse stores what add stores: the same hits and scores, before and after the rows are kept', () => {
    const h = new HashEmbedder({ dimensions: 64 });
    const dense = new VectorSet(64, 1000, 32);
    const sparse = new VectorSet(64, 1000, 32);
    const texts = Array.from({ length: 200 }, (_, i) => `${TEXTS[i % TEXTS.length]} item ${i % 13} group ${i % 7}`);
    const q = h.embedText('support group item 3');
    texts.forEach((t, i) => {
      dense.add(i, h.embedText(t));
      sparse.addSparse(i, h.embedSparse(t));
      if (i === 100) expect(sparse.search(q, 10, -1, () => true)).toEqual(dense.search(q, 10, -1, () => true));
    });
    for (const floor of [-1, 0, 0.2]) expect(sparse.search(q, 25, floor, (l) => l % 3 !== 0)).toEqual(dense.search(q, 25, floor, (l) => l % 3 !== 0));
  });
});
