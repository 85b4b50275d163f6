// The load path of Bm25Index.fromState (recall/bm25.ts): the kept CSR postings checked, and the forward
// index (each document's terms in term-id order) transposed from them. Both are linear in the postings; the
// transpose is done in two cache-sized passes because one pass of scattered writes over the whole forward
// index was most of a 200,000-turn load's BM25 time.

/**
 * Checks CSR postings of `nTerms` terms over `n` documents (slots below n, ascending within a term, no zero
 * frequency, offsets not decreasing) and counts each document's distinct terms as it goes. Returns the
 * forward index's starts (document d's terms are at [starts[d], starts[d + 1])); `bad` throws.
 */
export function checkPostings(n: number, nTerms: number, termOffsets: Uint32Array, postingDocs: Uint32Array, postingFreqs: Uint32Array, bad: (why: string) => never): Uint32Array<ArrayBuffer> {
  const starts = new Uint32Array(n + 1);
  for (let t = 0; t < nTerms; t++) {
    const from = termOffsets[t]!;
    const to = termOffsets[t + 1]!;
    if (to < from) bad(`termOffsets decrease at term ${t}`);
    let prev = -1;
    for (let i = from; i < to; i++) {
      const d = postingDocs[i]!;
      if (d >= n || d <= prev) bad(`postings of term ${t} are out of range or unsorted`);
      if (postingFreqs[i]! === 0) bad(`zero frequency in postings of term ${t}`);
      starts[d + 1]!++;
      prev = d;
    }
  }
  for (let d = 0; d < n; d++) starts[d + 1] = starts[d + 1]! + starts[d]!;
  return starts;
}

/** Documents per bucket of the first pass (a bucket's part of the forward index stays in cache). */
const BUCKET_SHIFT = 10;
/** Term ids below this leave room for a document's place in its bucket in the same 32 bits. */
const PACKED_TERMS = 2 ** (32 - BUCKET_SHIFT);

/**
 * The forward index of checked postings: document d's term ids (ascending) and frequencies at
 * [starts[d], starts[d + 1]) of the two arrays, each at least `capacity` long. First pass: every posting
 * goes, in term order, to its document's bucket of 2^BUCKET_SHIFT documents (a write stream per bucket),
 * its term id packed with its document's place in the bucket; second pass: each bucket, now small, is
 * scattered to its documents. Same result as one scatter, which a vocabulary too large to pack still takes
 * (`packedTerms`: that size, lowered by tests to take both ways).
 */
export function forwardIndex(
  n: number,
  nTerms: number,
  starts: Uint32Array<ArrayBuffer>,
  termOffsets: Uint32Array,
  postingDocs: Uint32Array,
  postingFreqs: Uint32Array,
  capacity: number,
  packedTerms = PACKED_TERMS,
): { terms: Uint32Array<ArrayBuffer>; freqs: Uint32Array<ArrayBuffer> } {
  const total = starts[n]!;
  const terms = new Uint32Array(Math.max(capacity, total));
  const freqs = new Uint32Array(Math.max(capacity, total));
  if (nTerms > Math.min(packedTerms, PACKED_TERMS)) {
    const cursor = starts.slice(0, n);
    for (let t = 0; t < nTerms; t++) {
      for (let i = termOffsets[t]!; i < termOffsets[t + 1]!; i++) {
        const at = cursor[postingDocs[i]!]!++;
        terms[at] = t;
        freqs[at] = postingFreqs[i]!;
      }
    }
    return { terms, freqs };
  }
  const buckets = (n >>> BUCKET_SHIFT) + 1;
  const next = new Uint32Array(buckets);
  for (let b = 0; b < buckets; b++) next[b] = starts[Math.min(n, b << BUCKET_SHIFT)]!;
  const mask = (1 << BUCKET_SHIFT) - 1;
  const termBits = 32 - BUCKET_SHIFT;
  for (let t = 0; t < nTerms; t++) {
    const to = termOffsets[t + 1]!;
    for (let i = termOffsets[t]!; i < to; i++) {
      const d = postingDocs[i]!;
      const at = next[d >>> BUCKET_SHIFT]!++;
      terms[at] = t | ((d & mask) << termBits);
      freqs[at] = postingFreqs[i]!;
    }
  }
  const cursor = starts.slice(0, n);
  const termMask = PACKED_TERMS - 1;
  let bucketTerms = new Uint32Array(0);
  let bucketFreqs = new Uint32Array(0);
  for (let b = 0; b < buckets; b++) {
    const d0 = Math.min(n, b << BUCKET_SHIFT);
    const from = starts[d0]!;
    const to = starts[Math.min(n, (b + 1) << BUCKET_SHIFT)]!;
    if (to - from > bucketTerms.length) {
      bucketTerms = new Uint32Array(to - from);
      bucketFreqs = new Uint32Array(to - from);
    }
    bucketTerms.set(terms.subarray(from, to));
    bucketFreqs.set(freqs.subarray(from, to));
    for (let k = 0; k < to - from; k++) {
      const packed = bucketTerms[k]!;
      const at = cursor[d0 + (packed >>> termBits)]!++;
      terms[at] = packed & termMask;
      freqs[at] = bucketFreqs[k]!;
    }
  }
  return { terms, freqs };
}
