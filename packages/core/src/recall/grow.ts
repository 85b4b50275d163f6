import { ensureCapacity } from '../util/arrays.js';

/**
 * Recall's growable typed arrays (postings, forward index, per-document columns): `a` itself when it holds
 * `needed` slots, else a copy grown by steps of 1.5× (from 8 slots). Appends stay amortised O(1); the spare
 * room is at most a third of the array, not half as with doubling (memory a Durable Object holds for nothing).
 */
export const growU32 = (a: Uint32Array<ArrayBuffer>, needed: number): Uint32Array<ArrayBuffer> => ensureCapacity(a, needed, 8, 1.5);
export const growF32 = (a: Float32Array<ArrayBuffer>, needed: number): Float32Array<ArrayBuffer> => ensureCapacity(a, needed, 8, 1.5);
export const growU8 = (a: Uint8Array<ArrayBuffer>, needed: number): Uint8Array<ArrayBuffer> => ensureCapacity(a, needed, 8, 1.5);

/** A label usable as a Uint32 slot: a non-negative integer below 2^32. */
export function isU32(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffffffff;
}

export function isCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

export interface Hit {
  id: number;
  score: number;
}

/**
 * A bounded "keep the best k" heap over (score, id) pairs in typed arrays: worst on top, so a new hit
 * replaces it when better. Order: higher score first, then lower id (deterministic ties).
 */
export class TopK {
  private scores = new Float64Array(16);
  private ids = new Uint32Array(16);
  private n = 0;
  private k = 0;

  reset(k: number): void {
    this.k = k;
    this.n = 0;
    if (this.scores.length < k) {
      this.scores = new Float64Array(k);
      this.ids = new Uint32Array(k);
    }
  }

  get size(): number {
    return this.n;
  }

  /** true when (sa, ia) ranks worse than (sb, ib). */
  private static worse(sa: number, ia: number, sb: number, ib: number): boolean {
    return sa < sb || (sa === sb && ia > ib);
  }

  /** Whether `push(score, id)` would keep the hit now: a caller can skip a costly check on hits that cannot enter. */
  admits(score: number, id: number): boolean {
    return this.n < this.k || TopK.worse(this.scores[0]!, this.ids[0]!, score, id);
  }

  push(score: number, id: number): void {
    if (this.k === 0) return;
    const s = this.scores;
    const d = this.ids;
    if (this.n < this.k) {
      let i = this.n++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!TopK.worse(score, id, s[p]!, d[p]!)) break;
        s[i] = s[p]!;
        d[i] = d[p]!;
        i = p;
      }
      s[i] = score;
      d[i] = id;
      return;
    }
    if (!TopK.worse(s[0]!, d[0]!, score, id)) return;
    // replace the root and sift down
    let i = 0;
    const n = this.n;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      let c = l;
      if (r < n && TopK.worse(s[r]!, d[r]!, s[l]!, d[l]!)) c = r;
      if (!TopK.worse(s[c]!, d[c]!, score, id)) break;
      s[i] = s[c]!;
      d[i] = d[c]!;
      i = c;
    }
    s[i] = score;
    d[i] = id;
  }

  /** The kept hits, best first; `mapId` turns internal slots into caller ids. */
  drain(mapId: (slot: number) => number = (x) => x): Hit[] {
    const out: Hit[] = [];
    for (let i = 0; i < this.n; i++) out.push({ id: mapId(this.ids[i]!), score: this.scores[i]! });
    out.sort((a, b) => b.score - a.score || a.id - b.id);
    this.n = 0;
    return out;
  }
}
