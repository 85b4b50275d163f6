/**
 * Workloads 1 (conversation ingest), 3 (recall) and the retrieval-quality figures, on LoCoMo-shaped
 * conversations and on LongMemEval_S haystacks. Each conversation (LoCoMo) or question haystack
 * (LongMemEval) is its own memory, written as a user writes one (../shared/datasets/README.md, "Measure
 * what a user gets"): every turn through `ingestEpisode` with its speaker, time and session and the default
 * extractor, recorded in time order (record time = the turn's time, as if the memory had listened live).
 * Episode ids are what the data sets use for evidence — LoCoMo dia_ids, LongMemEval `<session id>_<n>`
 * turns (n 1-based, the paper's turn ids) — so recall's episodes can be scored directly.
 *
 * Quality is computed only on the test split; latency and ingest on everything run. The flat BM25 baseline
 * indexes the very same units (sessions; turns) and is scored by the same functions in the same run.
 */
import * as core from '@palimpsest/core';
import { MemoryGraph } from '@palimpsest/core';
import type { EdgeType, LiteralValue } from '@palimpsest/core';
import { QUESTION_CATEGORY_NAMES, splitOf } from '@palimpsest/datasets';
import type { Conversation, LongMemEvalQuestion } from '@palimpsest/datasets';
import { evaluateRetrieval, evidenceRecall, mean, type RetrievalScores } from '../metrics.js';
import { PlainBm25 } from '../plain-bm25.js';
import { SampleRecorder } from '../stats.js';
import { withMemory, type MemoryPeak } from '../memory.js';
import type { QualityRow, WorkloadResult } from '../report/types.js';

/** The engine's extractor interface (packages/core/src/recall/extractor.ts): a batch of turns → one extraction each. */
export interface Extractor {
  extract(turns: ReadonlyArray<{ id: string; text: string; at: number; speaker?: string }>): Array<{
    entities: Array<{ name: string }>;
    facts: Array<{ subject: string; predicate: string; object: string | { value: LiteralValue }; validFrom?: number; validTo?: number; confidence: number; edgeType?: EdgeType }>;
  }>;
}


export interface ConversationRunOptions {
  /** Episodes requested from recall per question. @default 50 */
  recallK?: number;
  /** Run the built-in extractor on turns (when the build has one). @default true */
  extract?: boolean;
  /** Makes one extractor per memory (ingestEpisode's `extractor` option). @default the memory's default extractor */
  makeExtractor?: () => Extractor;
  /** Keep the last memory built (for the snapshot workload). */
  keepLast?: boolean;
  /** Called after each conversation (LoCoMo) or question haystack (LongMemEval): for a progress bar. */
  onItem?: () => void;
}

export interface ConversationRunOutput {
  results: WorkloadResult[];
  quality: QualityRow[];
  notes: string[];
  lastMemory?: MemoryGraph;
  /** Raw recall latencies by group, for tests and the report. */
  recallAvailable: boolean;
}

export const OURS = 'palimpsest recall';
export const BM25 = 'plain BM25 (this run)';

/** Whether this build's MemoryGraph has recall. */
export function recallAvailable(): boolean {
  return typeof MemoryGraph === 'function' && typeof (MemoryGraph.prototype as { recall?: unknown }).recall === 'function';
}

export interface Ingestor {
  mem: MemoryGraph;
  episodes: number;
  facts: number;
  /** Extracted entities and facts dropped because a name is over the engine's 512-byte limit. */
  dropped: number;
  lastRecorded: number;
}

export function newIngestor(embedder?: core.Embedder): Ingestor {
  const ing: Ingestor = { mem: undefined as unknown as MemoryGraph, episodes: 0, facts: 0, dropped: 0, lastRecorded: -Infinity };
  // The record clock follows the data: reads default to the end of what was heard.
  ing.mem = new MemoryGraph({ now: () => (Number.isFinite(ing.lastRecorded) ? ing.lastRecorded : 0), ...(embedder === undefined ? {} : { embedder }) });
  return ing;
}

/** An extractor that finds nothing (`extract: false`): episodes only. */
const NOTHING: Extractor = { extract: (turns) => turns.map(() => ({ entities: [], facts: [] })) };

/** One turn through `ingestEpisode`, as a user writes it, timed as one operation. */
export function addEpisode(ing: Ingestor, rec: SampleRecorder, ep: { id: string; text: string; at: number; speaker?: string; session?: string }, extractor?: Extractor): void {
  const recordedAt = Math.max(ing.lastRecorded, ep.at);
  const t0 = performance.now();
  const r = core.ingestEpisode(ing.mem, { ...ep, recordedAt }, extractor === undefined ? {} : { extractor: extractor as unknown as core.Extractor });
  rec.record(performance.now() - t0);
  for (const f of r.facts) if (f.status !== 'rejected') ing.facts++;
  ing.lastRecorded = recordedAt;
  ing.episodes++;
}

interface QualityAcc {
  /** system → metric → group → per-question values */
  values: Map<string, Map<string, Map<string, number[]>>>;
}

function push(acc: QualityAcc, system: string, metric: string, group: string, v: number): void {
  let bySys = acc.values.get(system);
  if (!bySys) acc.values.set(system, (bySys = new Map()));
  let byMetric = bySys.get(metric);
  if (!byMetric) bySys.set(metric, (byMetric = new Map()));
  for (const g of [group, 'all']) {
    let xs = byMetric.get(g);
    if (!xs) byMetric.set(g, (xs = []));
    xs.push(v);
  }
}

function qualityRows(acc: QualityAcc, dataset: string, note: Record<string, string>): QualityRow[] {
  const out: QualityRow[] = [];
  for (const [system, byMetric] of acc.values) {
    for (const [metric, byGroup] of byMetric) {
      for (const [group, xs] of byGroup) {
        const finite = xs.filter(Number.isFinite);
        if (finite.length === 0) continue;
        out.push({ dataset, metric, group, system, value: mean(finite), n: finite.length, published: false, ...(note[system] ? { note: note[system] } : {}) });
      }
    }
  }
  return out;
}

function recallLatencyRows(dataset: string, byGroup: Map<string, SampleRecorder>, first: SampleRecorder, memoryUnit: string): WorkloadResult[] {
  const out: WorkloadResult[] = [];
  if (first.size > 0) {
    const s = first.summary();
    out.push({ workload: '3 recall', name: `${dataset} first recall (builds recall indexes)`, system: 'palimpsest', latency: s, throughput: s.throughput, unit: memoryUnit });
  }
  const all = new SampleRecorder();
  for (const [group, rec] of byGroup) {
    if (rec.size === 0) continue;
    for (const x of rec.samples()) all.record(x);
    const s = rec.summary();
    out.push({ workload: '3 recall', name: `${dataset} recall — ${group}`, system: 'palimpsest', latency: s, throughput: s.throughput, unit: 'question' });
  }
  if (all.size > 0) {
    const s = all.summary();
    out.splice(first.size > 0 ? 1 : 0, 0, { workload: '3 recall', name: `${dataset} recall — all`, system: 'palimpsest', latency: s, throughput: s.throughput, unit: 'question' });
  }
  return out;
}

function ingestRow(dataset: string, rec: SampleRecorder, memory: MemoryPeak, extra: Record<string, number | string | boolean>): WorkloadResult {
  const s = rec.summary();
  return { workload: '1 ingest', name: `${dataset} ingest`, system: 'palimpsest', latency: s, throughput: s.throughput, unit: 'episode', memory, extra };
}

/** `MemoryGraph.recall` as API.md fixes it (typed here so the bench builds before recall lands). */
type Recall = (query: string, options: { k?: number; validAt?: number; knownAt?: number }) => { episodes: Array<{ id: string; score: number }> };

/**
 * The first recall on a memory builds its recall indexes (lazily, over everything written so far). That
 * one-off cost is timed on its own, with a fixed query, so the per-question latencies are query latencies.
 */
function warmRecall(mem: MemoryGraph, at: number, rec: SampleRecorder): void {
  rec.time(() => recallEpisodes(mem, 'what happened', at, 1));
}

/** Episode ids best first, as recall returned them. */
function recallEpisodes(mem: MemoryGraph, query: string, at: number, k: number): string[] {
  const r = (mem as unknown as { recall: Recall }).recall(query, { k, validAt: at, knownAt: at });
  return r.episodes.map((e) => e.id);
}

const LOCOMO_KS = [5, 10, 25] as const;
/** Recall latency is measured at what an agent asks for before an answer: the engine's default k (10). */
const AGENT_K = 10;
const DIA = /^D\d+:\d+$/;

/** LoCoMo-shaped conversations: ingest every one; recall and quality on test-split ones. */
export async function runLocomo(conversations: readonly Conversation[], dataset: string, options: ConversationRunOptions = {}): Promise<ConversationRunOutput> {
  const k = options.recallK ?? 50;
  const canRecall = recallAvailable();
  const ingestRec = new SampleRecorder();
  const recallByCat = new Map<string, SampleRecorder>();
  const firstRecall = new SampleRecorder();
  const acc: QualityAcc = { values: new Map() };
  const notes: string[] = [];
  let episodes = 0;
  let facts = 0;
  let questionsScored = 0;
  let noEvidence = 0;
  let hasExtractor = false;
  let dropped = 0;
  let last: MemoryGraph | undefined;

  const { memory } = await withMemory(async (sampler) => {
    for (const conv of conversations) {
      const ing = newIngestor();
      const extractor = options.extract === false ? NOTHING : options.makeExtractor?.();
      hasExtractor ||= options.extract !== false;
      for (const session of conv.sessions) {
        for (const t of session.turns) addEpisode(ing, ingestRec, { id: t.id, text: t.text, at: t.at, speaker: t.speaker, session: `S${session.index}` }, extractor);
      }
      sampler.sample();
      episodes += ing.episodes;
      facts += ing.facts;
      dropped += ing.dropped;
      // Real conversation ids decide the split; generated ones ("gen-…") are all test.
      const test = !/^conv-/.test(conv.id) || splitOf('locomo', conv.id) === 'test';
      let bm: PlainBm25 | undefined;
      if (test) {
        // the data sets README's baseline: one document per turn, `speaker: text` (image turns carry their caption)
        bm = new PlainBm25();
        for (const s of conv.sessions) for (const t of s.turns) bm.add(t.id, `${t.speaker}: ${t.text}`);
      }
      // knownAt: the end of the conversation's last session (its last turn's time).
      const at = ing.lastRecorded;
      if (canRecall) warmRecall(ing.mem, at, firstRecall);
      // Every question is recalled (latency); test-split questions with evidence are also scored.
      for (const q of conv.questions) {
        const group = QUESTION_CATEGORY_NAMES[q.category];
        let ranked: string[] | undefined;
        if (canRecall) {
          let rec = recallByCat.get(group);
          if (!rec) recallByCat.set(group, (rec = new SampleRecorder()));
          // Timed as an agent calls it (the default k); ranked deeper, untimed, for recall@25.
          rec.time(() => recallEpisodes(ing.mem, q.question, at, AGENT_K));
          ranked = recallEpisodes(ing.mem, q.question, at, k).filter((id) => DIA.test(id));
        }
        if (bm === undefined) continue;
        if (q.evidence.length === 0) {
          noEvidence++;
          continue;
        }
        questionsScored++;
        const base = bm.search(q.question, 25).map((h) => h.id);
        for (const kk of LOCOMO_KS) push(acc, BM25, `evidence recall@${kk}`, group, evidenceRecall(base, q.evidence, kk));
        if (ranked !== undefined) for (const kk of LOCOMO_KS) push(acc, OURS, `evidence recall@${kk}`, group, evidenceRecall(ranked, q.evidence, kk));
      }
      sampler.sample();
      if (options.keepLast) last = ing.mem;
      options.onItem?.();
    }
  });

  const results: WorkloadResult[] = [ingestRow(dataset, ingestRec, memory, { conversations: conversations.length, episodes, facts })];
  notes.push(
    hasExtractor
      ? `${dataset}: every turn through ingestEpisode with the default extractor (${facts} facts asserted); its cost is inside the per-episode ingest time`
      : `${dataset}: no facts asserted (extraction off): episodes only`,
  );
  if (canRecall) {
    results.push(...recallLatencyRows(dataset, recallByCat, firstRecall, 'conversation'));
    notes.push(`${dataset}: recall latency is timed at k = ${AGENT_K} (the default an agent calls); quality ranks k = ${k} episodes in a separate, untimed call`);
  }
  else notes.push(`${dataset}: recall: not available in this build (MemoryGraph.recall missing); only the BM25 baseline is scored`);
  notes.push(`${dataset}: ${questionsScored} test-split questions scored (${noEvidence} without evidence skipped); units: dialog turns (dia_ids); session episodes in recall's answer are not counted`);
  return { results, quality: qualityRows(acc, dataset, {}), notes, recallAvailable: canRecall, ...(last ? { lastMemory: last } : {}) };
}

const LME_KS = [5, 10] as const;

/** The list without repeats, each id at its first position. */
function firstOccurrences(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of ids) {
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}

function lmeScores(acc: QualityAcc, system: string, level: 'session' | 'turn', group: string, ranked: readonly string[], relevant: ReadonlySet<string>): void {
  for (const kk of LME_KS) {
    const s: RetrievalScores = evaluateRetrieval(ranked, relevant, kk);
    push(acc, system, `${level} recall_any@${kk}`, group, s.recallAny);
    push(acc, system, `${level} recall_all@${kk}`, group, s.recallAll);
    push(acc, system, `${level} ndcg_any@${kk}`, group, s.ndcgAny);
  }
}

/** LongMemEval questions: one memory per haystack; quality on test-split, non-abstention questions. */
export async function runLongMemEval(questions: readonly LongMemEvalQuestion[], dataset: string, options: ConversationRunOptions = {}): Promise<ConversationRunOutput> {
  const k = options.recallK ?? 50;
  const canRecall = recallAvailable();
  const ingestRec = new SampleRecorder();
  const recallByType = new Map<string, SampleRecorder>();
  const firstRecall = new SampleRecorder();
  const acc: QualityAcc = { values: new Map() };
  const notes: string[] = [];
  let episodes = 0;
  let facts = 0;
  let scored = 0;
  let noTurnEvidence = 0;
  let repeatedSessions = 0;
  let hasExtractor = false;
  let dropped = 0;
  let last: MemoryGraph | undefined;

  const { memory } = await withMemory(async (sampler) => {
    for (const q of questions) {
      const ing = newIngestor();
      const extractor = options.extract === false ? NOTHING : options.makeExtractor?.();
      hasExtractor ||= options.extract !== false;
      const sessionOf = new Map<string, string>();
      const turnIds = new Set<string>();
      const sessions = [...q.sessions].sort((a, b) => a.date - b.date);
      const bmTurns = new PlainBm25();
      const relevantTurns = new Set<string>();
      const sessionDate = new Map<string, number>();
      for (const s of sessions) {
        // A few haystacks list one session id twice (at two dates): the repeat gets its own episode id
        // and is scored as the same session.
        let epId = s.id;
        for (let n = 2; ing.mem.getEpisode(`${epId}_1`) !== undefined; n++) epId = `${s.id}#${n}`;
        if (epId !== s.id) repeatedSessions++;
        s.turns.forEach((t, i) => {
          const id = `${epId}_${i + 1}`;
          sessionOf.set(id, s.id);
          sessionDate.set(id, s.date);
          turnIds.add(id);
          if (t.hasAnswer && q.answerSessionIds.includes(s.id)) relevantTurns.add(id);
          // a session's turns share its date (the data sets README); the speaker is the turn's role
          addEpisode(ing, ingestRec, { id, text: t.content, at: s.date, speaker: t.role, session: epId }, extractor);
          bmTurns.add(id, `${t.role}: ${t.content}`);
        });
      }
      sampler.sample();
      episodes += ing.episodes;
      facts += ing.facts;
      dropped += ing.dropped;
      const test = splitOf('longmemeval', q.position) === 'test' && !q.abstention;
      const group = q.type;
      let ranked: string[] | undefined;
      // the question-day cut: the end of the question's UTC calendar day (the data sets README)
      const cut = Math.floor(q.questionDate / 86_400_000) * 86_400_000 + 86_400_000 - 1;
      if (canRecall) {
        warmRecall(ing.mem, cut, firstRecall);
        let rec = recallByType.get(group);
        if (!rec) recallByType.set(group, (rec = new SampleRecorder()));
        rec.time(() => recallEpisodes(ing.mem, q.question, cut, AGENT_K));
        ranked = recallEpisodes(ing.mem, q.question, cut, k);
      }
      if (test) {
        scored++;
        const relevantSessions = new Set(q.answerSessionIds.filter((id) => sessions.some((s) => s.id === id)));
        // at the question's cut: only turns of sessions dated up to the question
        const visibleTurns = bmTurns.search(q.question, 500, (id) => (sessionDate.get(id) ?? Infinity) <= cut).map((h) => h.id);
        lmeScores(acc, BM25, 'session', group, firstOccurrences(visibleTurns.map((id) => sessionOf.get(id) ?? id)), relevantSessions);
        if (relevantTurns.size > 0) lmeScores(acc, BM25, 'turn', group, visibleTurns, relevantTurns);
        else noTurnEvidence++;
        if (ranked !== undefined) {
          // session level: each episode stands for its session (a turn for the session it belongs to)
          lmeScores(acc, OURS, 'session', group, firstOccurrences(ranked.map((id) => sessionOf.get(id) ?? id)), relevantSessions);
          if (relevantTurns.size > 0) lmeScores(acc, OURS, 'turn', group, ranked.filter((id) => turnIds.has(id)), relevantTurns);
        }
      }
      if (options.keepLast) last = ing.mem;
      options.onItem?.();
    }
  });

  const results: WorkloadResult[] = [ingestRow(dataset, ingestRec, memory, { questions: questions.length, episodes, facts })];
  notes.push(
    hasExtractor
      ? `${dataset}: every turn through ingestEpisode with the default extractor (${facts} facts asserted); its cost is inside the per-episode ingest time`
      : `${dataset}: no facts asserted (extraction off): episodes only`,
  );
  if (canRecall) {
    results.push(...recallLatencyRows(dataset, recallByType, firstRecall, 'haystack'));
    notes.push(`${dataset}: recall latency is timed at k = ${AGENT_K} (the default an agent calls); quality ranks k = ${k} episodes in a separate, untimed call`);
  }
  else notes.push(`${dataset}: recall: not available in this build (MemoryGraph.recall missing); only the BM25 baseline is scored`);
  notes.push(
    `${dataset}: ${scored} test-split non-abstention questions scored; turn level skips ${noTurnEvidence} without a has_answer turn. ` +
      `Units: single turns (user and assistant), each session's turns at its date, cut at the end of the question's day; ` +
      `session level ranks each session at its first turn in the answer (k = ${k} episodes requested). ` +
      `${repeatedSessions} repeated session ids inside a haystack (a data quirk) were ingested as "<id>#2" and scored as one session.`,
  );
  return { results, quality: qualityRows(acc, dataset, {}), notes, recallAvailable: canRecall, ...(last ? { lastMemory: last } : {}) };
}
