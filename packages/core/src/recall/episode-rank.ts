/**
 * Lexical episode ranking, the stage that finds the raw evidence:
 * 1. BM25 over every episode (turns as `speaker: text`, whole sessions as their own documents);
 * 2. pseudo-relevance feedback (RM3-style): the best few turns lend their distinctive terms to a second pass;
 * 3. session aggregation: a session scores by its own document and its best turn, and every turn is lifted
 *    by its session (evidence sits in the conversation where the topic was discussed), and by its
 *    neighbours (answers come a turn after the question) and its speaker's previous turn (what "they" are);
 * 4. time: sessions inside a window named by the question are lifted; "first"/"latest" prefer the
 *    earliest/latest of the sessions that match, any other question the latest, less strongly (what was said
 *    last holds now); a question asking "when" lifts the turns that say when;
 * 5. diversity: the n-th turn of a session is damped, so a multi-session question reaches every session;
 * 6. speaker: the turns of the participant a question names are lifted, when its best match is theirs.
 * Scores do not depend on k; ties break by episode index, so every top-k is a prefix of a deeper one.
 */
import type { Bm25Index } from './bm25.js';
import type { SessionMap } from './sessions.js';
import type { TemporalIntent } from './temporal.js';
import { windowCloseness } from './temporal.js';
import { TopK, type Hit } from './grow.js';
import { Accumulator } from './accumulator.js';
import { splitFeedback } from './dense-feedback.js';
import { BoundedSessionDocs } from './session-docs.js';
import type { VisibleCut } from './session-docs.js';
import { CANDIDATE_SESSIONS, RankCandidates } from './rank-candidates.js';

export interface EpisodeRankOptions {
  /** Weight of the feedback terms against the question's own (0: no feedback). */
  feedback: number;
  /**
   * The feedback terms' weight for turns when the dense share is on (`denseWeight` > 0 and the question's
   * vector hits): the model's hits already bring the turns worded unlike the question, which is what the
   * feedback terms were for, and the terms of the top lexical turns then pull towards the session that
   * matched best. Whole-session documents, which the dense share does not reach, keep `feedback`
   * (recall/dense-feedback.ts).
   */
  denseFeedback: number;
  /** How many top turns feed the feedback terms. */
  feedbackDocs: number;
  /** How many feedback terms are added. */
  feedbackTerms: number;
  /** How much a turn is lifted by its session's score (0: turns stand alone). */
  sessionWeight: number;
  /** Share of a session's score from its whole-session document (the rest from its best turn). */
  sessionDoc: number;
  /**
   * Share of a session's score from its own document — its visible turns' text taken together
   * (recall/session-docs.ts) — for a session written turn by turn (the rest from its best turn; 0: off).
   */
  sessionText: number;
  /** How much a turn takes from its best neighbour in the session. */
  neighbour: number;
  /**
   * A turn longer than this many terms takes its neighbours' lift in proportion (terms / its length): a long
   * turn (an assistant's answer) says what it is about itself, while a short reply ("Yes, last May!") is
   * about the turn before it (0: every turn takes it in full).
   */
  neighbourTerms: number;
  /**
   * How much a turn takes from its speaker's previous turn in the session: what a speaker goes on about
   * ("They loved the dinosaurs") is often named in their own previous turn ("I took the kids to the
   * museum"), with the other's reply between (0: off).
   */
  speakerNeighbour: number;
  /**
   * Factor applied per better turn of the same session to what a turn takes from its session and neighbours
   * (its own match is left whole; 1: no diversification).
   */
  diversity: number;
  /**
   * `diversity` for a question that gathers across conversations (recall/across-sessions.ts: counting,
   * totals, "between", "each"): its evidence sits in several sessions.
   */
  spreadDiversity: number;
  /** Use the question's time expressions. */
  temporal: boolean;
  /** Lift of a session inside a question's time window. */
  windowBoost: number;
  /** Lift towards the earliest/latest matching session for "first"/"latest" questions. */
  orderBoost: number;
  /** Lift of the turns that say when something happened, for a question that asks when (0: off). */
  whenLift: number;
  /**
   * Lift towards the latest of the matching sessions for a question that names no order: what was said last
   * is what holds now ("How many followers do I have?" after two updates), so of two sessions that answer
   * alike the newer comes first (0: off; "first"/"latest" questions take `orderBoost` instead).
   */
  recentBoost: number;
  /**
   * Weight of a turn's dense rank (its place among the vector hits: the best adds the full weight) beside its
   * lexical score, before sessions and neighbours are scored, so the dense signal is aggregated like the
   * lexical one (0: off).
   */
  denseWeight: number;
  /** Lift of the turns of the one speaker a question names (recall/named-speakers.ts; 0: off). */
  speakerLift: number;
  /** Weight of the other names of an entity the question names (recall/name-expansion.ts; 0: off). */
  aliasWeight: number;
  /**
   * In a chat between speakers named "user" and "assistant": lift of the turns of the one a question is about,
   * the user's for a question in the first person ("How many bikes did I service?": what they said about
   * themselves, not the assistant's long replies), the assistant's for one about what "you" said (0: off).
   */
  askerLift: number;
}

export const EPISODE_RANK_DEFAULTS: EpisodeRankOptions = {
  feedback: 0.3,
  // with USE lite (dev, `quality.js --split dev --dataset locomo --embedder use-lite --cached-only`): LoCoMo
  // R@5/@10/@25 0.720/0.835/0.903 -> 0.739/0.846/0.905 at denseWeight 0.5 (0.743/0.847/0.906 with session
  // documents at 0.1 too); 0.05–0.15 and weights 0.4–0.6 all lift R@5 by 0.015–0.026
  denseFeedback: 0.1,
  feedbackDocs: 5,
  feedbackTerms: 10,
  sessionWeight: 2,
  // the whole session's words count for more than its best turn (dev, `quality.js --split dev --grid
  // sessionDoc=0.5,…,0.9`: LoCoMo R@10 0.782 -> 0.792; LongMemEval_S question-date recall_all@3 0.761 -> 0.783,
  // all@5 unchanged at 0.913; 0.9 lost a LongMemEval temporal question)
  sessionDoc: 0.7,
  // a session written turn by turn scores half by its own document (dev, public path, `quality.js --split dev
  // --grid sessionText=0,0.5,0.8`): LoCoMo R@10 0.782 -> 0.792, LongMemEval question-day turn recall_all@5
  // 0.630 -> 0.717; 0.8 alike on LoCoMo, one LongMemEval session lost at all@5
  sessionText: 0.5,
  neighbour: 0.7,
  // dev (`quality.js --split dev --grid neighbourTerms=0,15,30,60`): LongMemEval question-day turn recall_all@5
  // 0.739 -> 0.783, answer-in-context 0.643 -> 0.714; LoCoMo R@10 0.801 unchanged at 30 (its turns run ~13 terms)
  neighbourTerms: 30,
  speakerNeighbour: 0.2,
  diversity: 0.9,
  // dev (`--grid spreadDiversity=0.9,0.5,0.3`): LongMemEval turn recall_all@5 0.696 -> 0.739 (multi-session and
  // temporal-reasoning questions), LoCoMo R@10 0.798 -> 0.801; one diversity for all questions could not have
  // both (0.5 everywhere: LoCoMo 0.752, its single-hop evidence sits together in one session)
  spreadDiversity: 0.5,
  temporal: true,
  windowBoost: 0.5,
  orderBoost: 0.3,
  whenLift: 0.4,
  // dev (`quality.js --split dev --grid recentBoost=0,0.05,0.1,0.2,0.3`): LongMemEval knowledge-update newer
  // answer session first 3 -> 4 of 6, LoCoMo R@10 0.805 and turn recall_all@5 0.783 unchanged, session all@2
  // 0.761 -> 0.739; 0.2 and up cost LoCoMo R@10 (0.798) and turn recall_all@5 (0.761); ordering only the
  // sessions within 0.7 or 0.85 of the best (instead of 0.5) changed nothing on knowledge updates
  recentBoost: 0.1,
  denseWeight: 0,
  speakerLift: 0.1,
  aliasWeight: 0.5,
  // the asker's own turns weigh 3× for a question about them (dev, `--grid askerLift=0,0.6,1.5,2,3`: LongMemEval
  // question-date session recall_all@3 0.783 -> 0.804, turn recall_all@10 0.696 -> 0.717 (plain BM25's), turn
  // recall_any@10 0.848 -> 0.870; 0.6 and 1.5 lift the sessions alike and the turns less; LoCoMo has no "user")
  askerLift: 2,
};

export interface EpisodeSource {
  index: Bm25Index;
  sessions: SessionMap;
  /** How many episodes there are (their indices are below it). */
  count: number;
  at: ArrayLike<number>;
  /** A turn's factor (≥ 1) for what the question names about it beyond its words (its speaker). */
  lift?: (i: number) => number;
  /** Who said a turn (any number that tells speakers apart; NONE unknown), for `speakerNeighbour`. */
  speaker?: ArrayLike<number>;
  /** Whether a turn says when something happened (recall/dated-turns.ts), for `whenLift`. */
  dated?: (i: number) => boolean;
  /** Whether a turn is by the speaker the question is about, user or assistant (`askerLift`). */
  asker?: (i: number) => boolean;
  /** The cut the ranker's `accept` is, when it is one (recall/session-docs.ts: sessions visible whole). */
  cut?: VisibleCut;
}

const DAY = 86_400_000;

/** Scores by episode (or session root) index, in scratch reused from call to call. */
type Scores = Accumulator<Float64Array>;
const scratch = (): Scores => new Accumulator((n) => new Float64Array(n));

/**
 * Ranks episodes for recall: `rank` scores them into the caller's accumulator. Every per-call table (turn
 * scores, each session's best turn, document and score, a session's turns being diversified) is a typed
 * array indexed by episode, reused from call to call: a recall ranks several times (the question, its
 * parts), over every episode that shares a word with it, and maps and pairs made per episode cost more
 * than the scoring (and the collections they leave behind land on later calls).
 */
export class EpisodeRanker {
  private readonly scores = scratch();
  private readonly bestTurn = scratch();
  private readonly docOf = scratch();
  private readonly sessionScore = scratch();
  /** Sessions' own documents (turns taken together), the best of them and the candidates' only. */
  private readonly sessionText = scratch();
  private readonly sessionDocs = new BoundedSessionDocs();
  /** The sessions scored in full (recall/rank-candidates.ts). */
  private readonly candidates = new RankCandidates();
  /** This call's best turn score (a scored episode's share of it: `norm`). */
  private topTurn = 0;
  /** The feedback's top turns. */
  private readonly feedbackTop = new TopK();
  // a session's turns being diversified: episode, score, and their order
  private listIds = new Uint32Array(64);
  private listScores = new Float64Array(64);
  /** The part of a listed turn's score from its own words (diversity leaves it whole). */
  private listOwn = new Float64Array(64);
  private listOrder = new Uint32Array(64);

  /**
   * Scores of the episodes (index → score > 0) that `accept` lets through, for the weighted query terms and,
   * with `dense` (episode index → cosine of the vector hits), the dense signal: added to `out` (each episode
   * at most once), which the caller began; the caller ranks.
   */
  rank(
    src: EpisodeSource,
    terms: ReadonlyMap<string, number>,
    accept: (i: number) => boolean,
    time: TemporalIntent | undefined,
    o: EpisodeRankOptions,
    out: Scores,
    dense?: ReadonlyMap<number, number>,
  ): void {
    const { sessions } = src;
    const scores = this.scores;
    const size = src.count;
    this.turnScores(src, terms, accept, o, dense);
    if (scores.count === 0) return;
    const { values, touched, count } = scores;
    const asker = o.askerLift > 0 ? src.asker : undefined;
    const askerF = 1 + o.askerLift;
    // ---- session aggregation, over the candidate sessions ----
    let topTurn = 0;
    let topTurnAt = -1;
    let topDoc = 0;
    const candidates = this.candidates;
    candidates.begin();
    for (let j = 0; j < count; j++) {
      const i = touched[j]!;
      // the asker's turns lifted first: every later read takes the lifted score
      if (asker !== undefined && asker(i)) values[i] = values[i]! * askerF;
      const s = values[i]!;
      const whole = sessions.isWhole(i);
      candidates.offer(s, i, whole);
      if (whole) topDoc = Math.max(topDoc, s);
      else if (s > topTurn || (s === topTurn && i < topTurnAt)) {
        topTurn = s;
        topTurnAt = i;
      }
    }
    this.topTurn = topTurn;
    // The speaker lift holds only when the best-matching turn is the named speaker's own: a question whose
    // words match the other participant best is about what that one said, whoever it names (dev: LoCoMo
    // R@25 0.858 -> 0.883, its questions that name the wrong speaker on purpose 0.817 -> 0.845 at @10).
    const lift = src.lift !== undefined && topTurnAt >= 0 && src.lift(topTurnAt) > 1 ? src.lift : undefined;
    // a question asking when is answered by a turn that says when ("yesterday I went …"): on the LoCoMo dev
    // split 46 of 60 evidence turns of "when" questions carry a date, against 84 of 788 turns in all
    const dated = o.temporal && time?.asksWhen === true && o.whenLift > 0 ? src.dated : undefined;
    const whenLift = 1 + o.whenLift;
    const factor = (i: number): number => (lift === undefined ? 1 : lift(i)) * (dated !== undefined && dated(i) ? whenLift : 1);
    const roots = candidates.choose(sessions, size);
    // the matching episodes outside the candidate sessions keep their own match only (added as sessions are read)
    const ownOnly = (i: number): void => {
      const own = sessions.isWhole(i) ? (1 + o.sessionWeight) * o.sessionDoc * (topDoc > 0 ? values[i]! / topDoc : 0) : this.norm(i) * factor(i);
      if (own > 0) out.add(i, own);
    };
    const sessionScore = this.scoreSessions(src, terms, accept, time, o, topDoc, roots, ownOnly);
    for (let r = 0; r < sessionScore.count; r++) {
      const root = sessionScore.touched[r]!;
      const ss = sessionScore.values[root]!;
      if (!(ss > 0)) continue;
      this.scoreMembers(src, root, ss, accept, o, factor, out);
      // the whole-session episode ranks with its session's best turn
      if (sessions.isWhole(root) && accept(root)) out.add(root, (1 + o.sessionWeight) * ss);
    }
  }

  /** A scored episode's share of this call's best turn. */
  private norm(i: number): number {
    return this.topTurn > 0 ? this.scores.values[i]! / this.topTurn : 0;
  }

  /** One session's turns into `out`: own score, neighbour, session; diversified within the session. */
  private scoreMembers(src: EpisodeSource, root: number, ss: number, accept: (i: number) => boolean, o: EpisodeRankOptions, factor: (i: number) => number, out: Scores): void {
    const { sessions } = src;
    const scores = this.scores;
    const turnScore = (i: number): number => (scores.has(i) ? this.norm(i) : 0);
    const members = sessions.membersOf(root);
    this.reserve(members.length);
    const { listIds, listScores, listOwn } = this;
    let n = 0;
    for (let j = 0; j < members.length; j++) {
      const i = members[j]!;
      if (sessions.isWhole(i) || !accept(i)) continue;
      const own = turnScore(i);
      const prev = j > 0 && !sessions.isWhole(members[j - 1]!) ? turnScore(members[j - 1]!) : 0;
      const next = j + 1 < members.length ? turnScore(members[j + 1]!) : 0;
      const same = o.speakerNeighbour > 0 && src.speaker !== undefined ? previousOwnTurn(members, j, src.speaker, scores, turnScore, src.index) : 0;
      const reach = o.neighbourTerms > 0 ? Math.min(1, o.neighbourTerms / Math.max(1, src.index.lengthOf(i))) : 1;
      const near = own + o.neighbour * reach * Math.max(prev, next) + o.speakerNeighbour * same;
      const base = near + o.sessionWeight * ss;
      const f = factor(i);
      if (own > 0 || o.sessionWeight > 0 || o.neighbour > 0) {
        listIds[n] = i;
        listOwn[n] = near * f;
        listScores[n++] = base * f;
      }
    }
    this.addDiversified(n, o.diversity, out);
  }

  /**
   * The listed turns of one session into `out`, best first, each damped by `diversity` per better turn of
   * its session — only what it takes from its session and neighbours, never its own match: the n-th turn of
   * a session leans less on the session, so other sessions' turns come up, while a session's second evidence
   * turn (one that matches the question itself) keeps its place.
   */
  private addDiversified(n: number, diversity: number, out: Scores): void {
    const { listIds, listScores, listOwn, listOrder: order } = this;
    orderByScore(listIds, listScores, n, order);
    let damp = 1;
    for (let j = 0; j < n; j++) {
      const s = listScores[order[j]!]!;
      const own = listOwn[order[j]!]!;
      if (s > 0) out.add(listIds[order[j]!]!, own + (s - own) * damp);
      damp *= diversity;
    }
  }

  /**
   * Each session's score (by root) from its best turn's share and its document — a whole-session episode's,
   * or its visible turns taken together (sessionText) — lifted by the question's time; needs `scores` and
   * `topTurn` of this call; each scored episode outside the candidate sessions goes to `ownOnly`.
   */
  private scoreSessions(src: EpisodeSource, terms: ReadonlyMap<string, number>, accept: (i: number) => boolean, time: TemporalIntent | undefined, o: EpisodeRankOptions, topDoc: number, roots: Scores, ownOnly: (i: number) => void): Scores {
    const { sessions } = src;
    const size = src.count;
    const { values, touched, count } = this.scores;
    const bestTurn = this.bestTurn;
    const docOf = this.docOf;
    // a session written turn by turn: its own document, its visible turns taken together (the best of them
    // join the candidates)
    const text = this.sessionText;
    text.begin(size);
    if (o.sessionText > 0) {
      this.sessionDocs.score(src.index, sessions, terms, accept, size, CANDIDATE_SESSIONS, roots, text, src.cut);
      for (let j = 0; j < text.count; j++) if (!roots.has(text.touched[j]!)) roots.set(text.touched[j]!, 1);
    }
    bestTurn.begin(size);
    docOf.begin(size);
    for (let j = 0; j < count; j++) {
      const i = touched[j]!;
      const root = sessions.sessionOf(i);
      if (!roots.has(root)) {
        ownOnly(i);
        continue;
      }
      const s = values[i]!;
      if (sessions.isWhole(i)) docOf.set(root, topDoc > 0 ? s / topDoc : 0);
      else bestTurn.set(root, Math.max(bestTurn.get(root), this.norm(i)));
    }
    let topText = 0;
    for (let j = 0; j < text.count; j++) topText = Math.max(topText, text.values[text.touched[j]!]!);
    // every candidate session with a scored turn or document (turns' sessions first, as they were met)
    const sessionScore = this.sessionScore;
    sessionScore.begin(size);
    const sessionOf = (root: number): void => {
      if (sessionScore.has(root)) return;
      const best = bestTurn.get(root);
      const s = sessions.isWhole(root)
        ? o.sessionDoc * docOf.get(root) + (1 - o.sessionDoc) * best
        : topText > 0 && text.has(root) ? o.sessionText * (text.get(root) / topText) + (1 - o.sessionText) * best : best;
      sessionScore.set(root, s);
    };
    for (let j = 0; j < bestTurn.count; j++) sessionOf(bestTurn.touched[j]!);
    for (let j = 0; j < docOf.count; j++) sessionOf(docOf.touched[j]!);
    if (o.temporal && time !== undefined) applyTime(sessionScore, src.at, time, o);
    return sessionScore;
  }

  /** Each accepted episode's own score into `scores`: BM25, then with the feedback terms, and the dense share. */
  private turnScores(src: EpisodeSource, terms: ReadonlyMap<string, number>, accept: (i: number) => boolean, o: EpisodeRankOptions, dense: ReadonlyMap<number, number> | undefined): void {
    const { sessions } = src;
    const scores = this.scores;
    const size = src.count;
    const all = src.cut !== undefined && sessions.allVisible(src.cut.validAt, src.cut.knownAt);
    const withDenseShare = dense !== undefined && o.denseWeight > 0;
    const denseFed = withDenseShare && dense.size > 0;
    if (!denseFed && o.feedback > 0) {
      // the question's own pass only picks the feedback turns: its scores are not kept unless no term is added
      // (no turn matched: feedbackTerms keeps the question's terms alone)
      const picked = src.index.topWeighted(terms, o.feedbackDocs, (i) => !sessions.isWhole(i) && (all || accept(i)));
      const expanded = feedbackTerms(src, terms, picked, o, o.feedback);
      lexical(src.index, expanded.size > terms.size ? expanded : terms, accept, scores, size, all);
    } else lexical(src.index, terms, accept, scores, size, all);
    if (denseFed) {
      // turns at denseFeedback, whole-session documents at feedback (recall/dense-feedback.ts)
      if ((o.feedback > 0 || o.denseFeedback > 0) && scores.count > 0) {
        const fed = feedbackTerms(src, terms, bestTurns(src, scores, o, this.feedbackTop), o, 1);
        if (fed.size > terms.size) {
          const asked = mapOf(scores);
          lexical(src.index, fed, accept, scores, size, all);
          load(scores, splitFeedback(asked, mapOf(scores), sessions, o.denseFeedback, o.feedback), size);
        }
      }
    }
    if (withDenseShare) load(scores, withDense(mapOf(scores), dense, sessions, o.denseWeight), size);
  }

  /** Room for a session of n turns in the diversification scratch. */
  private reserve(n: number): void {
    if (this.listIds.length >= n) return;
    const cap = Math.max(n, this.listIds.length * 2);
    this.listIds = new Uint32Array(cap);
    this.listScores = new Float64Array(cap);
    this.listOwn = new Float64Array(cap);
    this.listOrder = new Uint32Array(cap);
  }
}

/**
 * Fills order[0, n) with the places 0..n-1 of (ids, scores), best score first, ties by lower id. A session of
 * a few dozen turns (most are) is sorted by insertion, where calling a comparator costs more than the moves.
 */
export function orderByScore(ids: Uint32Array, scores: Float64Array, n: number, order: Uint32Array): void {
  if (n > 32) {
    const part = order.subarray(0, n);
    for (let j = 0; j < n; j++) part[j] = j;
    part.sort((a, b) => scores[b]! - scores[a]! || ids[a]! - ids[b]!);
    return;
  }
  for (let j = 0; j < n; j++) {
    const s = scores[j]!;
    const id = ids[j]!;
    let at = j;
    // move up past every placed turn that ranks below (lower score, or the same score and a higher id)
    while (at > 0) {
      const o = order[at - 1]!;
      const so = scores[o]!;
      if (!(so < s || (so === s && ids[o]! > id))) break;
      order[at] = o;
      at--;
    }
    order[at] = j;
  }
}

/** How far back a turn looks for its speaker's previous turn (the other participant's reply lies between). */
const SPEAKER_REACH = 3;

/**
 * A turn takes its speaker's previous turn in full when it and the replies between hold at most this many
 * terms, in proportion beyond: a short remark across a short reply continues a thread ("They loved the
 * dinosaurs"); a long turn, or one after a long reply (an assistant's answer), stands on its own. Chosen on
 * the dev split: LoCoMo R@10 stays 0.800 (its turns: median 13 terms); on LongMemEval, where user and
 * assistant alternate and assistant turns run to 160 terms, lifting every assistant turn by the one two back
 * crowded the other sessions' answer turns out (turn recall_any@10 0.826 → 0.848 at the question-date cut, with askerLift 0.6).
 */
const SPEAKER_THREAD_TERMS = 30;

/**
 * The score of the same speaker's previous turn in the session, within reach (0 when none), scaled down when
 * the turn and the replies between are long (SPEAKER_THREAD_TERMS). Only backwards: a turn continues what its
 * speaker said before it; lifting the turns after a match as well crowded the other sessions out of
 * multi-session questions (LongMemEval dev, turn recall_all@10).
 */
function previousOwnTurn(members: readonly number[], j: number, speaker: ArrayLike<number>, scores: Scores, turnScore: (i: number) => number, index: Bm25Index): number {
  const who = speaker[members[j]!]!;
  if (who < 0) return 0;
  // the adjacent turn is the plain neighbour's: from two back
  for (let d = 2; d <= SPEAKER_REACH && j - d >= 0; d++) {
    const m = members[j - d]!;
    if (speaker[m] !== who) continue;
    if (!scores.has(m)) return 0;
    let terms = 0;
    for (let b = j - d + 1; b <= j; b++) terms += index.lengthOf(members[b]!);
    return turnScore(m) * Math.min(1, SPEAKER_THREAD_TERMS / Math.max(1, terms));
  }
  return 0;
}

/**
 * How fast a dense hit's share falls with its rank: the best hit adds the full `denseWeight`, the 11th half
 * of it. Ranks, not cosines: a model's cosines bunch together (USE lite: the 1st and the 50th hit of a
 * LoCoMo question within ~0.15), so cosine over best cosine barely told them apart. Chosen on LoCoMo dev
 * (conv-26, conv-30) with USE lite: evidence recall@10 0.784 with cosine ratios → 0.816 (lexical alone
 * 0.785; constants 5–20 and 100 hits instead of 50 within 0.01).
 */
const DENSE_RANK_HALF = 10;

/** Turn scores as (lexical / best lexical) + weight × (h + 1) / (h + 1 + the turn's rank among the dense hits); whole-session documents unchanged. */
function withDense(scores: Map<number, number>, dense: ReadonlyMap<number, number>, sessions: SessionMap, weight: number): Map<number, number> {
  let topTurn = 0;
  for (const [i, s] of scores) if (!sessions.isWhole(i)) topTurn = Math.max(topTurn, s);
  const out = new Map<number, number>();
  for (const [i, s] of scores) out.set(i, sessions.isWhole(i) ? s : topTurn > 0 ? s / topTurn : 0);
  const hits: Array<[number, number]> = [];
  for (const [i, c] of dense) if (!sessions.isWhole(i) && c > 0) hits.push([i, c]);
  hits.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  hits.forEach(([i], rank) => out.set(i, (out.get(i) ?? 0) + (weight * (DENSE_RANK_HALF + 1)) / (DENSE_RANK_HALF + 1 + rank)));
  return out;
}

/**
 * BM25 scores > 0 of the accepted episodes into `into` (begun anew, for `size` episodes); `all`: `accept`
 * takes every episode (the cut shows them all), so it is not called.
 */
function lexical(index: Bm25Index, terms: ReadonlyMap<string, number>, accept: (i: number) => boolean, into: Scores, size: number, all: boolean): void {
  into.begin(size);
  index.scoreWeightedInto(terms, all ? undefined : accept, into);
}

/** The scores as a map (index → score), in the order they were set: the dense share's steps take maps. */
function mapOf(scores: Scores): Map<number, number> {
  const m = new Map<number, number>();
  for (let j = 0; j < scores.count; j++) m.set(scores.touched[j]!, scores.values[scores.touched[j]!]!);
  return m;
}

/** `scores` begun anew with a map's entries. */
function load(scores: Scores, from: ReadonlyMap<number, number>, size: number): void {
  scores.begin(size);
  from.forEach((s, i) => scores.set(i, s));
}

/** The feedback's turns: the `feedbackDocs` best scored turns, best score first, ties by lower index. */
function bestTurns(src: EpisodeSource, scores: Scores, o: EpisodeRankOptions, top: TopK): Hit[] {
  top.reset(o.feedbackDocs);
  for (let j = 0; j < scores.count; j++) {
    const i = scores.touched[j]!;
    if (!src.sessions.isWhole(i)) top.push(scores.values[i]!, i);
  }
  return top.drain();
}

/** RM3: the query's terms plus the top turns' most distinctive terms (together `feedback` of the weight), weighted by how much those turns matched. */
function feedbackTerms(src: EpisodeSource, terms: ReadonlyMap<string, number>, docs: Hit[], o: EpisodeRankOptions, feedback: number): Map<string, number> {
  if (docs.length === 0) return new Map(terms);
  const best = docs[0]!.score;
  for (const d of docs) d.score /= best;
  const index = src.index;
  const asked = new Set<number>();
  for (const t of terms.keys()) {
    const id = index.termId(t);
    if (id !== undefined) asked.add(id);
  }
  const ranked = index.distinctiveTerms(docs, asked, o.feedbackTerms);
  const out = new Map<string, number>();
  for (const [t, w] of terms) out.set(t, w * (1 - feedback));
  const max = ranked[0]?.[1] ?? 1;
  for (const [t, w] of ranked) out.set(t, (feedback * w) / max);
  return out;
}

function applyTime(sessionScore: Scores, at: ArrayLike<number>, time: TemporalIntent, o: EpisodeRankOptions): void {
  const { values, touched, count } = sessionScore;
  if (time.windows.length > 0) {
    for (let j = 0; j < count; j++) {
      const root = touched[j]!;
      values[root] = values[root]! * (1 + o.windowBoost * windowCloseness(at[root]!, time.windows, 3 * DAY));
    }
  }
  // a question naming no order prefers the latest of the sessions that match well, less strongly
  const order = time.order ?? (o.recentBoost > 0 ? 'last' : undefined);
  const boost = time.order === undefined ? o.recentBoost : o.orderBoost;
  if (order !== undefined) {
    // among sessions that match well, lift the earliest (or latest) in proportion to its place in time
    let top = 0;
    for (let j = 0; j < count; j++) top = Math.max(top, values[touched[j]!]!);
    const floor = 0.5 * top;
    let lo = Infinity;
    let hi = -Infinity;
    for (let j = 0; j < count; j++) {
      const root = touched[j]!;
      if (values[root]! < floor) continue;
      lo = Math.min(lo, at[root]!);
      hi = Math.max(hi, at[root]!);
    }
    if (hi > lo) {
      for (let j = 0; j < count; j++) {
        const root = touched[j]!;
        const s = values[root]!;
        if (s < floor) continue;
        const place = (at[root]! - lo) / (hi - lo);
        values[root] = s * (1 + boost * (order === 'last' ? place : 1 - place));
      }
    }
  }
}
