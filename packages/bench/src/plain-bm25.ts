/**
 * The plain baseline of `../shared/datasets/README.md`, written to its definition and nothing more: Okapi
 * BM25 with k1 = 1.2, b = 0.75, idf = ln(1 + (N − df + 0.5) / (df + 0.5)), lower-cased alphanumeric tokens,
 * an English stop list, no stemming. The caller decides the documents (one per turn, `speaker: text`).
 */
import { InvalidArgumentError, STOP_WORDS } from '@palimpsest/core';

/** Lower-cased runs of ASCII letters and digits, stop words removed. */
export function plainTokens(text: string): string[] {
  const out: string[] = [];
  for (const t of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) if (!STOP_WORDS.has(t)) out.push(t);
  return out;
}

export class PlainBm25 {
  private readonly ids: string[] = [];
  private readonly lengths: number[] = [];
  private readonly postings = new Map<string, Array<[doc: number, tf: number]>>();
  private totalLength = 0;

  constructor(private readonly k1 = 1.2, private readonly b = 0.75) {}

  add(id: string, text: string): void {
    const doc = this.ids.length;
    this.ids.push(id);
    const toks = plainTokens(text);
    this.lengths.push(toks.length);
    this.totalLength += toks.length;
    const tf = new Map<string, number>();
    for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, c] of tf) {
      let p = this.postings.get(t);
      if (p === undefined) this.postings.set(t, (p = []));
      p.push([doc, c]);
    }
  }

  get size(): number {
    return this.ids.length;
  }

  /**
   * The top k ids among the documents `accept` lets through, best first; ties by insertion order. Documents
   * that share no term with the query are not returned. N and avgdl are those of the accepted documents.
   */
  search(query: string, k: number, accept: (id: string) => boolean = () => true): Array<{ id: string; score: number }> {
    if (!Number.isInteger(k) || k < 0) throw new InvalidArgumentError(`PlainBm25.search: k (${k}) must be a whole number`);
    const ok = this.ids.map(accept);
    let n = 0;
    let total = 0;
    for (let d = 0; d < this.ids.length; d++) {
      if (!ok[d]) continue;
      n++;
      total += this.lengths[d]!;
    }
    const avgdl = n === 0 ? 1 : total / n || 1;
    const scores = new Map<number, number>();
    for (const t of new Set(plainTokens(query))) {
      const p = this.postings.get(t);
      if (p === undefined) continue;
      let df = 0;
      for (const [doc] of p) if (ok[doc]) df++;
      if (df === 0) continue;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (const [doc, tf] of p) {
        if (!ok[doc]) continue;
        const s = (idf * tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + (this.b * this.lengths[doc]!) / avgdl));
        scores.set(doc, (scores.get(doc) ?? 0) + s);
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, k)
      .map(([d, s]) => ({ id: this.ids[d]!, score: s }));
  }
}
