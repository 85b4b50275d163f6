import { InvalidArgumentError } from '../errors.js';
import { STOP_WORDS, stem, words } from './text.js';

export type { ModelCallOptions, AbortSignalLike, Embedder } from '../types.js';
import type { Embedder, ModelCallOptions } from '../types.js';

export interface HashEmbedderOptions {
  /** Vector length. @default 256 */
  dimensions?: number;
  /** Weight of each stemmed content word. @default 1 */
  unigramWeight?: number;
  /** Weight of each pair of adjacent content words (word order, phrases). @default 0.5 */
  bigramWeight?: number;
  /** Weight of each character 3-gram of a word, boundaries included (spelling variants, morphology). @default 0.25 */
  trigramWeight?: number;
}

export const HASH_EMBEDDER_DEFAULTS: Required<HashEmbedderOptions> = {
  dimensions: 256,
  unigramWeight: 1,
  bigramWeight: 0.5,
  trigramWeight: 0.25,
};

/** FNV-1a over UTF-16 code units, finished with murmur3's fmix32 so low bits are well mixed. */
function hash32(s: string, seed: number, from = 0, to = s.length): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = from; i < to; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// a different seed per feature kind, so "ab" the word and "ab" the 3-gram do not collide on purpose
const SEED_UNIGRAM = 0x1b873593;
const SEED_BIGRAM = 0x5bd1e995;
const SEED_TRIGRAM = 0x27d4eb2f;

/**
 * A model-free embedder: signed feature hashing (Weinberger et al. 2009) of stemmed content words, adjacent
 * content-word pairs and character 3-grams of each word ("<painting>" → "<pa", "pai", …, "ng>"), weighted
 * and L2-normalised. The sign bit makes collisions cancel in expectation instead of piling up. Texts that
 * share words or word pieces come out close in cosine; it knows no synonyms. Text with no words embeds to
 * the zero vector.
 */
export class HashEmbedder implements Embedder {
  /** `hash-ngram-v1` and every parameter: two HashEmbedders with the same id make the same vectors. */
  readonly id: string;
  readonly dimensions: number;
  private readonly weights: Required<HashEmbedderOptions>;

  constructor(options: HashEmbedderOptions = {}) {
    const o = { ...HASH_EMBEDDER_DEFAULTS };
    for (const [k, v] of Object.entries(options)) if (v !== undefined) (o as Record<string, number>)[k] = v as number;
    if (!Number.isInteger(o.dimensions) || o.dimensions < 1) {
      throw new InvalidArgumentError(`HashEmbedder: dimensions (${o.dimensions}) must be a positive integer`);
    }
    for (const k of ['unigramWeight', 'bigramWeight', 'trigramWeight'] as const) {
      if (!Number.isFinite(o[k]) || o[k] < 0) throw new InvalidArgumentError(`HashEmbedder: ${k} (${o[k]}) must be a finite number ≥ 0`);
    }
    this.dimensions = o.dimensions;
    this.weights = o;
    this.id = hashEmbedderId(o);
  }

  /** One vector per text, synchronously. */
  embed(texts: readonly string[]): Float32Array[] {
    if (!Array.isArray(texts)) throw new InvalidArgumentError(`HashEmbedder.embed: texts must be an array of strings, got ${typeof texts}`);
    return texts.map((t) => this.embedText(t));
  }

  /** The vector of one text. */
  embedText(text: string): Float32Array {
    return this.embedInto(text, new Float32Array(this.dimensions));
  }

  /**
   * The vector of one text written into `v` (`dimensions` long; its contents are replaced): a caller that
   * copies the vector anyway reuses one buffer instead of allocating one per text.
   */
  embedInto(text: string, v: Float32Array): Float32Array {
    if (typeof text !== 'string') throw new InvalidArgumentError(`HashEmbedder.embed: text must be a string, got ${typeof text}`);
    if (!(v instanceof Float32Array) || v.length !== this.dimensions) throw new InvalidArgumentError(`HashEmbedder.embedInto: v must be a Float32Array of ${this.dimensions} numbers`);
    v.fill(0);
    this.features(text, (h, weight) => addFeature(v, h, weight));
    let norm = 0;
    for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let i = 0; i < v.length; i++) v[i] = v[i]! * inv;
    }
    return v;
  }

  /**
   * Calls `add(hash, weight)` for each feature of `text`, in order: per word (stop words left out) its
   * stem's unigram, the bigram with the previous stem, and the character trigrams of "<word>". Features of
   * weight 0 are not called. One walk for `embedInto` and `embedSparse`, so both sum the same in the same order.
   */
  private features(text: string, add: (h: number, weight: number) => void): void {
    const { unigramWeight, bigramWeight, trigramWeight } = this.weights;
    let prev: string | undefined;
    for (const w of words(text)) {
      if (STOP_WORDS.has(w)) continue;
      const term = stem(w);
      if (unigramWeight !== 0) add(hash32(term, SEED_UNIGRAM), unigramWeight);
      if (prev !== undefined && bigramWeight !== 0) add(hash32(prev + ' ' + term, SEED_BIGRAM), bigramWeight);
      prev = term;
      if (trigramWeight === 0) continue;
      const padded = '<' + w + '>';
      for (let i = 0; i + 3 <= padded.length; i++) add(hash32(padded, SEED_TRIGRAM, i, i + 3), trigramWeight);
    }
  }

  // embedSparse's scratch: the sums (zero between calls), and the slots touched
  private sums: Float32Array | undefined;
  private readonly sparse: SparseVector = { index: new Uint32Array(64), value: new Float32Array(64), length: 0 };

  /**
   * `embedText(text)` as its coordinates that features touched, by ascending slot (the rest are 0), in
   * arrays reused by the next call: what recall's index stores (VectorSet.addSparse) without a pass over
   * every dimension. The same sums in the same order, so the same float32 values as `embedText`.
   */
  embedSparse(text: string): SparseVector {
    if (typeof text !== 'string') throw new InvalidArgumentError(`HashEmbedder.embed: text must be a string, got ${typeof text}`);
    const v = (this.sums ??= new Float32Array(this.dimensions));
    const out = this.sparse;
    let n = 0;
    const touch = (h: number, weight: number): void => {
      const slot = (h & 0x7fffffff) % v.length;
      if (v[slot] === 0) {
        // a slot whose sum came back to 0 is listed again: duplicates are removed after the sort
        if (n === out.index.length) {
          const index = new Uint32Array(n * 2);
          index.set(out.index);
          out.index = index;
          out.value = new Float32Array(n * 2);
        }
        out.index[n++] = slot;
      }
      v[slot] = v[slot]! + (h & 0x80000000 ? -weight : weight);
    };
    this.features(text, touch);
    const index = out.index.subarray(0, n).sort();
    // distinct slots, and the norm summed in ascending slot order as embedInto sums it (its zeros add nothing)
    let m = 0;
    let norm = 0;
    for (let j = 0; j < n; j++) {
      const slot = index[j]!;
      if (m > 0 && out.index[m - 1] === slot) continue;
      out.index[m++] = slot;
      norm += v[slot]! * v[slot]!;
    }
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let j = 0; j < m; j++) {
      const slot = out.index[j]!;
      out.value[j] = norm > 0 ? v[slot]! * inv : 0;
      v[slot] = 0;
    }
    out.length = m;
    return out;
  }
}

/** A vector's non-zero-able coordinates: `index[j]` holds `value[j]` for j < length, ascending by index. */
export interface SparseVector {
  index: Uint32Array;
  value: Float32Array;
  length: number;
}

/** Signed feature hashing: the top bit of the hash gives the sign, the rest the bucket. */
function addFeature(v: Float32Array, h: number, weight: number): void {
  const slot = (h & 0x7fffffff) % v.length;
  v[slot] = v[slot]! + (h & 0x80000000 ? -weight : weight);
}

function hashEmbedderId(o: Required<HashEmbedderOptions>): string {
  return `hash-ngram-v1:d=${o.dimensions},u=${o.unigramWeight},b=${o.bigramWeight},t=${o.trigramWeight}`;
}

/** The id of the built-in embedder a memory without one uses: a default HashEmbedder of its dimensions (256 when it keeps none). */
export function builtInEmbedderId(dimensions: number): string {
  return hashEmbedderId({ ...HASH_EMBEDDER_DEFAULTS, ...(dimensions > 0 ? { dimensions } : {}) });
}

/** Cosine similarity of two equal-length vectors (0 when either is zero). */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new InvalidArgumentError(`cosineSimilarity: lengths differ (${a.length} vs ${b.length})`);
  let d = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    d += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : d / Math.sqrt(na * nb);
}
