/**
 * Retrieval-quality metrics.
 *
 * LongMemEval (Wu et al., ICLR 2025), as in their `src/retrieval/eval_utils.py`:
 * - recall_any@k: 1 if any relevant unit is in the top k, else 0;
 * - recall_all@k: 1 if every relevant unit is in the top k, else 0;
 * - ndcg_any@k: binary-relevance NDCG with their DCG (rel[0] + Σ_{i≥1} rel[i] / log2(i + 1), 0-based i), the
 *   ideal DCG taken over every unit of the corpus (so it saturates at min(k, #relevant units));
 * - turn→session: turn ids are mapped to their session, and k grows until the top k' turns cover k distinct
 *   sessions, then the three metrics above are taken at k' over the mapped list (duplicates kept).
 * Averages exclude abstention questions (`_abs`), as in the paper.
 *
 * LoCoMo (Maharana et al., ACL 2024): evidence recall@k = the fraction of a question's evidence dia_ids
 * found among the top k retrieved dialog turns.
 */
import { InvalidArgumentError } from '@palimpsest/core';

export interface RetrievalScores {
  recallAny: number;
  recallAll: number;
  ndcgAny: number;
}

/** DCG as in LongMemEval's eval_utils.dcg: the first position is not discounted, position i (0-based) by log2(i+1). */
export function dcg(relevances: ArrayLike<number>, k: number): number {
  const n = Math.min(k, relevances.length);
  if (n <= 0) return 0;
  let s = relevances[0] as number;
  for (let i = 1; i < n; i++) s += (relevances[i] as number) / Math.log2(i + 1);
  return s;
}

/**
 * The paper's evaluate_retrieval. `ranked`: unit ids best first (it may be a prefix of the full ranking);
 * `relevant`: the relevant unit ids; `relevantInCorpus`: how many corpus entries are relevant (the ideal
 * ranking's length; with duplicate ids, as after turn→session mapping, count entries, not ids).
 */
export function evaluateRetrieval(ranked: readonly string[], relevant: ReadonlySet<string>, k: number, relevantInCorpus = relevant.size): RetrievalScores {
  if (!Number.isInteger(k) || k < 1) throw new InvalidArgumentError(`evaluateRetrieval: k (${k}) must be a positive integer`);
  const top = ranked.slice(0, k);
  const seen = new Set(top);
  let any = false;
  let all = true;
  for (const r of relevant) {
    if (seen.has(r)) any = true;
    else all = false;
  }
  const rel = top.map((id) => (relevant.has(id) ? 1 : 0));
  const ideal = new Array<number>(Math.min(k, relevantInCorpus)).fill(1);
  const idcg = dcg(ideal, k);
  return { recallAny: any ? 1 : 0, recallAll: all ? 1 : 0, ndcgAny: idcg === 0 ? 0 : dcg(rel, k) / idcg };
}

/**
 * The paper's evaluate_retrieval_turn2session: `rankedTurns` best first, `sessionOf` maps a turn id to its
 * session id, `relevantSessions` the evidence sessions, `turnsInRelevantSessions` how many corpus turns
 * belong to a relevant session (their ideal DCG counts turn entries), `corpusSize` the number of turns.
 */
export function evaluateTurnToSession(
  rankedTurns: readonly string[],
  sessionOf: (turnId: string) => string,
  relevantSessions: ReadonlySet<string>,
  k: number,
  turnsInRelevantSessions: number,
  corpusSize: number,
): RetrievalScores {
  const mapped = rankedTurns.map(sessionOf);
  let effectiveK = k;
  const distinct = (n: number) => new Set(mapped.slice(0, n)).size;
  // As in the paper: grow k' until the top k' cover k sessions (or the corpus runs out).
  while (effectiveK <= corpusSize && effectiveK < mapped.length && distinct(effectiveK) < k) effectiveK++;
  return evaluateRetrieval(mapped, relevantSessions, effectiveK, turnsInRelevantSessions);
}

/** LoCoMo evidence recall@k: the fraction of `evidence` found in the first k of `ranked`. NaN if no evidence. */
export function evidenceRecall(ranked: readonly string[], evidence: readonly string[], k: number): number {
  if (!Number.isInteger(k) || k < 1) throw new InvalidArgumentError(`evidenceRecall: k (${k}) must be a positive integer`);
  const want = new Set(evidence);
  if (want.size === 0) return NaN;
  const top = new Set(ranked.slice(0, k));
  let hit = 0;
  for (const e of want) if (top.has(e)) hit++;
  return hit / want.size;
}

/** Mean of the finite values of xs (NaN when none). */
export function mean(xs: readonly number[]): number {
  let s = 0;
  let n = 0;
  for (const x of xs) {
    if (Number.isFinite(x)) {
      s += x;
      n++;
    }
  }
  return n === 0 ? NaN : s / n;
}

/** Lower-cased alphanumeric tokens (Unicode letters and digits). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Flat Okapi BM25 over a fixed list of documents, as rank_bm25's BM25Okapi (the library the LongMemEval
 * paper's BM25 baseline uses): k1 = 1.5, b = 0.75, idf = ln((N - df + 0.5)/(df + 0.5)), negative idf
 * floored at epsilon · mean idf with epsilon = 0.25. Tokens: lower-cased letters and digits.
 */
export class FlatBm25 {
  private readonly ids: string[] = [];
  private readonly lengths: number[] = [];
  private readonly postings = new Map<string, Array<[doc: number, tf: number]>>();
  private idf = new Map<string, number>();
  private avgdl = 0;
  private sealed = false;

  constructor(private readonly k1 = 1.5, private readonly b = 0.75, private readonly epsilon = 0.25) {}

  add(id: string, text: string): void {
    if (this.sealed) throw new InvalidArgumentError('FlatBm25.add: the index is sealed (search was called)');
    const doc = this.ids.length;
    this.ids.push(id);
    const toks = tokenize(text);
    this.lengths.push(toks.length);
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

  private seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    const n = this.ids.length;
    let total = 0;
    for (const l of this.lengths) total += l;
    this.avgdl = n === 0 ? 0 : total / n;
    let idfSum = 0;
    const negatives: string[] = [];
    for (const [t, p] of this.postings) {
      const v = Math.log((n - p.length + 0.5) / (p.length + 0.5));
      this.idf.set(t, v);
      idfSum += v;
      if (v < 0) negatives.push(t);
    }
    const floor = this.epsilon * (this.postings.size === 0 ? 0 : idfSum / this.postings.size);
    for (const t of negatives) this.idf.set(t, floor);
  }

  /** The top k ids for the query, best first; ties keep insertion order (as a stable sort would). */
  search(query: string, k: number): Array<{ id: string; score: number }> {
    this.seal();
    const scores = new Float64Array(this.ids.length);
    const mark = new Uint8Array(this.ids.length);
    const touched: number[] = [];
    for (const t of tokenize(query)) {
      const p = this.postings.get(t);
      if (p === undefined) continue;
      const idf = this.idf.get(t) ?? 0;
      for (const [doc, tf] of p) {
        if (mark[doc] === 0) {
          mark[doc] = 1;
          touched.push(doc);
        }
        const dl = this.lengths[doc] as number;
        scores[doc] = (scores[doc] as number) + (idf * (tf * (this.k1 + 1))) / (tf + this.k1 * (1 - this.b + (this.b * dl) / this.avgdl));
      }
    }
    touched.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
    // The paper ranks the whole corpus: documents without a query term follow, in corpus order.
    for (let d = 0; touched.length < k && d < this.ids.length; d++) if (mark[d] === 0) touched.push(d);
    return touched.slice(0, k).map((d) => ({ id: this.ids[d] as string, score: scores[d] as number }));
  }
}
