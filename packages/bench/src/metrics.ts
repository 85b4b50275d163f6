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

/**
 * A dev proxy finer than recall_all@k: the 1-based rank of the lowest-ranked relevant id within the first
 * `depth` ids (`depth` + 1 when one is missing; 0 when nothing is relevant).
 */
export function worstRank(ranked: readonly string[], relevant: ReadonlySet<string>, depth: number): number {
  if (!Number.isInteger(depth) || depth < 1) throw new InvalidArgumentError(`worstRank: depth (${depth}) must be a positive integer`);
  let worst = 0;
  for (const r of relevant) {
    const at = ranked.slice(0, depth).indexOf(r);
    worst = Math.max(worst, at < 0 ? depth + 1 : at + 1);
  }
  return worst;
}

/**
 * Knowledge update: 1 when the newest of `dated` (id → time; the answer sessions of a question whose answer
 * changed) is ranked above every strictly older one in `ranked` (best first; an id missing ranks below all),
 * 0 otherwise; NaN when no two of them differ in time (nothing was superseded).
 */
export function newerRankedAbove(ranked: readonly string[], dated: ReadonlyMap<string, number>): number {
  let newest: string | undefined;
  for (const [id, at] of dated) if (newest === undefined || at > dated.get(newest)!) newest = id;
  if (newest === undefined) return NaN;
  const newestAt = dated.get(newest)!;
  const older = [...dated].filter(([, at]) => at < newestAt).map(([id]) => id);
  if (older.length === 0) return NaN;
  const rank = (id: string): number => {
    const i = ranked.indexOf(id);
    return i < 0 ? Infinity : i;
  };
  const top = rank(newest);
  return older.every((id) => top < rank(id)) ? 1 : 0;
}
