/**
 * M-like haystacks for the scale bench: each LongMemEval_S test question's own sessions plus filler sessions
 * drawn (seeded, per question) from the S session pool until the haystack holds ≈ 500 sessions, as
 * LongMemEval_M is built from S-style filler. A filler session keeps its turns and gets a date drawn
 * uniformly between the question's first and last own session dates (so it is as visible at the cut as the
 * question's own sessions; its own date belongs to another user's timeline). Built through `ingestEpisode`
 * (public-path.ts), evaluated at the question-day cut beside the plain BM25 over the same turns.
 */
import type { LongMemEvalQuestion, LongMemEvalSession } from '@palimpsest/datasets';
import { Random } from '@palimpsest/datasets';
import { evaluateRetrieval } from './metrics.js';
import { PlainBm25 } from './plain-bm25.js';
import { buildMemory, longMemEvalTurns, questionDayEnd } from './public-path.js';
import type { PublicTurn } from './public-path.js';
import { sessionTurns } from './scale.js';

export const HAYSTACK_SESSIONS = 500;
const DAY = 86_400_000;

export interface HaystackScores {
  questions: number;
  meanSessions: number;
  meanTurns: number;
  /** metric → system → mean over the questions that have the metric's relevant units. */
  metrics: Record<string, Record<'palimpsest' | 'bm25', number>>;
  /** Recall latency (ms, k = 10, question-day cut) on these haystacks: p50, p95. */
  recallP50: number;
  recallP95: number;
  /** Per question (its id): ours' session recall_all@5 and turn recall_all@10 (NaN: no relevant units), to compare runs. */
  perQuestion: Array<{ id: string; sessionAll5: number; turnAll10: number }>;
}

/** The question's haystack as turns in date order: own sessions (public-path's rule) plus the filler. */
export function haystackTurns(q: LongMemEvalQuestion, pool: readonly LongMemEvalSession[], seed: number): Array<PublicTurn & { sessionId: string; hasAnswer: boolean }> {
  const own = longMemEvalTurns(q);
  const ownIds = new Set(q.sessions.map((s) => s.id));
  const dates = q.sessions.map((s) => s.date);
  const lo = Math.floor(Math.min(...dates) / DAY);
  const hi = Math.floor(Math.max(...dates) / DAY);
  const rand = new Random(seed * 100_003 + q.position);
  const want = Math.max(0, HAYSTACK_SESSIONS - q.sessions.length);
  const filler: Array<PublicTurn & { sessionId: string; hasAnswer: boolean }> = [];
  const taken = new Set<string>();
  for (let tries = 0; taken.size < want && tries < want * 20; tries++) {
    const s = rand.pick(pool);
    if (ownIds.has(s.id) || taken.has(s.id) || s.turns.length === 0) continue;
    taken.add(s.id);
    const at = rand.between(lo, hi) * DAY + (s.date % DAY);
    for (const t of sessionTurns(s, s.id, at)) filler.push({ ...t, sessionId: s.id, hasAnswer: false });
  }
  // stable: a session's turns stay together and in order
  return [...own.map((t) => ({ ...t, sessionId: t.sessionId, hasAnswer: t.hasAnswer })), ...filler].sort((a, b) => a.at - b.at);
}

function add(sums: Map<string, { palimpsest: number; bm25: number; n: number }>, metric: string, ours: number, bm25: number): void {
  const s = sums.get(metric) ?? { palimpsest: 0, bm25: 0, n: 0 };
  s.palimpsest += ours;
  s.bm25 += bm25;
  s.n++;
  sums.set(metric, s);
}

/** Builds each question's haystack and scores ours beside BM25 at the question-day cut. */
export function scoreHaystacks(questions: readonly LongMemEvalQuestion[], pool: readonly LongMemEvalSession[], seed: number, log: (s: string) => void): HaystackScores {
  const sums = new Map<string, { palimpsest: number; bm25: number; n: number }>();
  const lat: number[] = [];
  const perQuestion: HaystackScores['perQuestion'] = [];
  let sessions = 0;
  let turnsSeen = 0;
  for (const [n, q] of questions.entries()) {
    if (n % 10 === 0) log(`  M-like haystack ${n + 1} of ${questions.length}`);
    const turns = haystackTurns(q, pool, seed);
    sessions += new Set(turns.map((t) => t.session)).size;
    turnsSeen += turns.length;
    const built = buildMemory(turns);
    const bm = new PlainBm25();
    const byId = new Map(turns.map((t) => [t.id, t]));
    for (const t of turns) bm.add(t.id, `${t.speaker}: ${t.text}`);
    const cut = questionDayEnd(q.questionDate);
    const relevantSessions = new Set(q.answerSessionIds.filter((id) => q.sessions.some((s) => s.id === id)));
    const relevantTurns = new Set(turns.filter((t) => t.hasAnswer && relevantSessions.has(t.sessionId)).map((t) => t.id));
    const t0 = performance.now();
    built.mem.recall(q.question, { k: 10, validAt: cut, knownAt: cut });
    lat.push(performance.now() - t0);
    const oursTurns = built.mem.recall(q.question, { k: 50, validAt: cut, knownAt: cut }).episodes.map((e) => e.id);
    const bmTurns = bm.search(q.question, 200, (id) => byId.get(id)!.at <= cut).map((h) => h.id);
    const sessionsOf = (ids: readonly string[]) => [...new Set(ids.map((id) => byId.get(id)?.sessionId ?? id))];
    const [os, bs] = [sessionsOf(oursTurns), sessionsOf(bmTurns)];
    perQuestion.push({
      id: q.id,
      sessionAll5: relevantSessions.size > 0 ? evaluateRetrieval(os, relevantSessions, 5).recallAll : NaN,
      turnAll10: relevantTurns.size > 0 ? evaluateRetrieval(oursTurns, relevantTurns, 10).recallAll : NaN,
    });
    if (relevantSessions.size > 0) {
      add(sums, 'session recall_all@5', evaluateRetrieval(os, relevantSessions, 5).recallAll, evaluateRetrieval(bs, relevantSessions, 5).recallAll);
      add(sums, 'session recall_any@5', evaluateRetrieval(os, relevantSessions, 5).recallAny, evaluateRetrieval(bs, relevantSessions, 5).recallAny);
    }
    if (relevantTurns.size > 0) {
      add(sums, 'turn recall_all@10', evaluateRetrieval(oursTurns, relevantTurns, 10).recallAll, evaluateRetrieval(bmTurns, relevantTurns, 10).recallAll);
    }
  }
  const metrics: HaystackScores['metrics'] = {};
  for (const [m, s] of sums) metrics[`${m} (n=${s.n})`] = { palimpsest: s.palimpsest / s.n, bm25: s.bm25 / s.n };
  const sorted = [...lat].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  return { questions: questions.length, meanSessions: sessions / Math.max(1, questions.length), meanTurns: turnsSeen / Math.max(1, questions.length), metrics, recallP50: at(0.5), recallP95: at(0.95), perQuestion };
}
