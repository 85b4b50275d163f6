#!/usr/bin/env node
/**
 * Retrieval quality, fast: `npm run quality -- --split dev|test [--dataset locomo|lme|both] [--limit N]
 * [--set option=value …] [--grid name=v1,v2 …] [--ablations] [--no-<component> …]` (or
 * `node packages/bench/dist/quality.js …` after a build).
 *
 * Every memory is built as a user builds it (public-path.ts): each turn through `ingestEpisode` with its
 * speaker (LoCoMo's name, LongMemEval's role), time (LongMemEval: its session's date), session id and the
 * default extractor; nothing else is written. Every question is recalled and scored beside the plain BM25
 * of `../shared/datasets/README.md` (plain-bm25.ts), per category / question type. LongMemEval is scored at
 * the question-day cut (knownAt = validAt = the last millisecond of the question's UTC day) and with every
 * session visible; session recall_all@k ranks turns and takes the first k distinct sessions. Also counted:
 * questions whose k = 10 call is not the first ten of the k = 50 call, or differs when repeated (0
 * expected), and answer-in-context (the gold answer inside `text` at a 1,024-token budget, LongMemEval
 * questions with short literal answers) beside BM25's top turns packed to the same budget, and on knowledge-update
 * questions whether the newer answer session (the later date) ranks above the superseded one. Recall latency is
 * timed at k = 10 (first recall of each memory apart from the rest). `--set name=value` passes a recall
 * option; `--no-X` switches a component off (see ABLATIONS). Tune with `--split dev` only.
 *
 * `--embedder use-lite` builds every memory with the offline dense model (dense.ts): episodes are written
 * with their vectors, entity names are embedded by the first `recallAsync`, and every question is recalled
 * with its vector. On LongMemEval only user turns carry a vector (assistant turns and whole-session
 * documents are written with a zero vector, which matches nothing): the protocol of the cached vectors.
 * `--sample N [--seed S]` scores a seeded sample of the LongMemEval questions (bench/src/sample.ts);
 * `--cached-only` scores only the LongMemEval questions whose texts are all in the vector cache already, so
 * the run embeds nothing of LongMemEval. `--turn-context previous|none` (LoCoMo, dense model): each turn's
 * vector is made from the turn before it and the turn (embed-local's turnTextsInContext; the default), or
 * from the turn alone as recall would embed it.
 */
import { appendFileSync } from 'node:fs';
import { estimateTokens, InvalidArgumentError, MemoryGraph, TOKENIZE } from '@palimpsest/core';
import type { RecallOptions } from '@palimpsest/core';
import { loadLocomo, loadLongMemEval, QUESTION_CATEGORY_NAMES } from '@palimpsest/datasets';
import type { Split } from '@palimpsest/datasets';
import { useLiteDense } from './dense.js';
import type { DenseModel } from './dense.js';
import { evaluateRetrieval, evidenceRecall, mean, newerRankedAbove, worstRank } from './metrics.js';
import { PlainBm25 } from './plain-bm25.js';
import { summarize } from './stats.js';
import { buildMemory, locomoTurns, longMemEvalTurns, NO_EXTRACTION, questionDayEnd } from './public-path.js';
import { SampleRecorder } from './stats.js';
import { seededQuestions } from './sample.js';

/** Components that `--no-<name>` switches off, as recall options. */
export const ABLATIONS: Record<string, Partial<RecallOptions> & Record<string, unknown>> = {
  activation: { hops: 0 },
  prf: { feedback: 0, denseFeedback: 0 },
  parts: { partWeight: 0 },
  'time-words': { timeWordWeight: 1 },
  sessions: { sessionWeight: 0 },
  diversity: { diversity: 1, spreadDiversity: 1 },
  spread: { spreadDiversity: 0.9 },
  'session-text': { sessionText: 0 },
  'fact-floor': { factFloor: 0 },
  neighbours: { neighbour: 0 },
  'speaker-neighbour': { speakerNeighbour: 0 },
  temporal: { temporal: false },
  when: { whenLift: 0 },
  recency: { recentBoost: 0 },
  vectors: { vectorWeight: 0, minSimilarity: 1 },
  facts: { weights: { evidence: 0 } },
  speaker: { speakerLift: 0 },
  aliases: { aliasWeight: 0 },
  asker: { askerLift: 0 },
};

interface Args {
  split: Split;
  dataset: 'locomo' | 'lme' | 'both';
  limit: number;
  options: Record<string, unknown>;
  extract: boolean;
  label: string;
  /** Further settings scored on the same memories (`--grid name=v1,v2`), each a column. */
  variants: Array<{ label: string; options: Record<string, unknown> }>;
  embedder: 'hash' | 'use-lite';
  /** LongMemEval: a seeded sample of this many questions instead of all (with `seed`). */
  sample: number | undefined;
  seed: number;
  /**
   * Write one JSON line per question and variant to this file: LongMemEval per cut (answer sessions' ranks and
   * dates), LoCoMo with its evidence turns' ranks and the top 10.
   */
  details: string | undefined;
  /** LongMemEval with a dense model: only the questions whose texts are all cached (nothing embedded). */
  cachedOnly: boolean;
  /** LoCoMo with a dense model: embed each turn after the turn before it ('previous') or alone ('none'). */
  turnContext: 'previous' | 'none';
}

function parse(argv: readonly string[]): Args {
  const a: Args = { split: 'dev', dataset: 'both', limit: Infinity, options: {}, extract: true, label: 'ours', variants: [], embedder: 'hash', sample: undefined, seed: 1, details: undefined, cachedOnly: false, turnContext: 'previous' };
  const grids: Array<[string, unknown[]]> = [];
  let ablate = false;
  const usage = 'quality: usage: quality.js --split dev|test [--dataset locomo|lme|both] [--limit N] [--embedder hash|use-lite] [--sample N] [--seed S] [--cached-only] [--turn-context previous|none] [--details out.jsonl] [--no-extract] [--stemmer porter2|light|none] [--set name=value] [--grid name=v1,v2] [--ablations] [--no-' + Object.keys(ABLATIONS).join(' | --no-') + ']';
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i]!;
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new InvalidArgumentError(`${usage}: ${x} needs a value`);
      return v;
    };
    if (x === '--split') {
      const v = next();
      if (v !== 'dev' && v !== 'test') throw new InvalidArgumentError(usage);
      a.split = v;
    } else if (x === '--dataset') {
      const v = next();
      if (v !== 'locomo' && v !== 'lme' && v !== 'both') throw new InvalidArgumentError(usage);
      a.dataset = v;
    } else if (x === '--limit') a.limit = Number(next());
    else if (x === '--embedder') {
      const v = next();
      if (v !== 'hash' && v !== 'use-lite') throw new InvalidArgumentError(`${usage}: --embedder hash|use-lite`);
      a.embedder = v;
    } else if (x === '--sample') a.sample = Number(next());
    else if (x === '--seed') a.seed = Number(next());
    else if (x === '--details') a.details = next();
    else if (x === '--cached-only') a.cachedOnly = true;
    else if (x === '--turn-context') {
      const v = next();
      if (v !== 'previous' && v !== 'none') throw new InvalidArgumentError(`${usage}: --turn-context previous|none`);
      a.turnContext = v;
    }
    else if (x === '--no-extract') a.extract = false;
    else if (x === '--stemmer') {
      // index-time: set before any memory is built
      const v = next();
      if (v !== 'porter2' && v !== 'light' && v !== 'none') throw new InvalidArgumentError(`${usage}: --stemmer porter2|light|none`);
      TOKENIZE.stemmer = v;
    }
    else if (x === '--set') {
      const [name, raw] = next().split('=');
      if (name === undefined || raw === undefined) throw new InvalidArgumentError(usage);
      a.options[name] = JSON.parse(raw);
    } else if (x === '--grid') {
      const [name, raw] = next().split('=');
      if (name === undefined || raw === undefined) throw new InvalidArgumentError(usage);
      grids.push([name, raw.split(',').map((v) => JSON.parse(v) as unknown)]);
    } else if (x === '--ablations') {
      ablate = true;
    } else if (x.startsWith('--no-') && ABLATIONS[x.slice(5)] !== undefined) {
      Object.assign(a.options, ABLATIONS[x.slice(5)]);
    } else throw new InvalidArgumentError(`${usage} (got ${x})`);
  }
  a.label = Object.keys(a.options).length === 0 ? 'ours' : `ours ${JSON.stringify(a.options)}`;
  let sets: Array<Record<string, unknown>> = [a.options];
  for (const [name, values] of grids) sets = sets.flatMap((o) => values.map((v) => ({ ...o, [name]: v })));
  a.variants = grids.length === 0 ? [{ label: 'ours', options: a.options }] : sets.map((o) => ({ label: JSON.stringify(o), options: o }));
  // --ablations: the defaults, then each component off on its own (one column each)
  if (ablate) for (const [name, o] of Object.entries(ABLATIONS)) a.variants.push({ label: `no ${name}`, options: { ...a.options, ...o } });
  return a;
}

/** metric → group → system → per-question values */
type Table = Map<string, Map<string, Map<string, number[]>>>;
function put(t: Table, metric: string, group: string, system: string, v: number): void {
  for (const g of [group, 'all']) {
    let m = t.get(metric);
    if (!m) t.set(metric, (m = new Map()));
    let gg = m.get(g);
    if (!gg) m.set(g, (gg = new Map()));
    let xs = gg.get(system);
    if (!xs) gg.set(system, (xs = []));
    xs.push(v);
  }
}

function print(title: string, t: Table, systems: readonly string[]): void {
  console.log(`\n## ${title}`);
  console.log(`| metric | group | n | ${systems.join(' | ')} | plain BM25 |`);
  console.log(`|---|---|---|${systems.map(() => '---|').join('')}---|`);
  for (const [metric, byGroup] of t) {
    const groups = [...byGroup.keys()].sort((x, y) => (x === 'all' ? -1 : y === 'all' ? 1 : x.localeCompare(y)));
    for (const g of groups) {
      const bySys = byGroup.get(g)!;
      const bm = bySys.get('bm25') ?? [];
      const f = (xs: number[]): string => (xs.length === 0 ? '' : mean(xs).toFixed(3));
      const cols = systems.map((sys) => f(bySys.get(sys) ?? []));
      console.log(`| ${metric} | ${g} | ${bm.filter(Number.isFinite).length} | ${cols.join(' | ')} | ${f(bm)} |`);
    }
  }
}

interface Latency {
  first: SampleRecorder;
  warm: SampleRecorder;
  /** The same calls in this process's CPU time (steadier when other processes share the cores). */
  firstCpu: SampleRecorder;
  warmCpu: SampleRecorder;
}

const newLatency = (): Latency => ({ first: new SampleRecorder(), warm: new SampleRecorder(), firstCpu: new SampleRecorder(), warmCpu: new SampleRecorder() });

/** The question's vector, when the memory has a dense model. */
function queryVector(dense: DenseModel | undefined, question: string): { vector?: Float32Array } {
  return dense === undefined ? {} : { vector: dense.vectorOf(question) };
}

/** A dense memory embeds what was written without a vector (entity names) at its first recallAsync. */
async function catchUp(mem: MemoryGraph, dense: DenseModel | undefined, question: string | undefined, cut: number): Promise<void> {
  if (dense !== undefined && question !== undefined) await mem.recallAsync(question, { ...queryVector(dense, question), k: 1, validAt: cut, knownAt: cut });
}

function timeRecall(mem: MemoryGraph, query: string, cut: number, options: Record<string, unknown>, lat: Latency, first: boolean): void {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  mem.recall(query, { ...options, k: 10, validAt: cut, knownAt: cut } as RecallOptions);
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  (first ? lat.first : lat.warm).record(wall);
  (first ? lat.firstCpu : lat.warmCpu).record((c.user + c.system) / 1000);
}

function episodesOf(mem: MemoryGraph, query: string, cut: number, options: Record<string, unknown>, k: number): string[] {
  return mem.recall(query, { ...options, k, validAt: cut, knownAt: cut } as RecallOptions).episodes.map((e) => e.id);
}

/**
 * Ranking as a pure function (memory, question, cut, options): the top 10 of a k = 50 call must be the k = 10
 * call's list, and a repeated call the same list. Counted per question (0 expected).
 */
function checkPurity(t: Table, mem: MemoryGraph, query: string, cut: number, options: Record<string, unknown>, deep: readonly string[], label: string): void {
  const ten = episodesOf(mem, query, cut, options, 10);
  const again = episodesOf(mem, query, cut, options, 10);
  put(t, 'top 10 of k=50 differs from k=10 (count)', 'all', label, ten.join('\n') === deep.slice(0, 10).join('\n') ? 0 : 1);
  put(t, 'repeated k=10 call differs (count)', 'all', label, ten.join('\n') === again.join('\n') ? 0 : 1);
}

const DIA = /^D\d+:\d+$/;

/** Turns ingestEpisode refused while the memories were built (what a user would have been told), by data set. */
const refused: Record<string, string[]> = { LoCoMo: [], LongMemEval_S: [] };

async function locomo(a: Args, lat: Latency, dense: DenseModel | undefined): Promise<Table> {
  const t: Table = new Map();
  const convs = await loadLocomo({ split: a.split });
  for (const conv of convs) {
    // what each turn's vector is made from (see --turn-context)
    const turnTexts = (s: (typeof conv.sessions)[number]): string[] =>
      dense !== undefined && a.turnContext === 'previous' ? dense.inContext(s.turns) : s.turns.map((x) => `${x.speaker}: ${x.text}`);
    await dense?.fill([...conv.sessions.flatMap((s) => turnTexts(s)), ...conv.questions.map((q) => q.question)], conv.id);
    const turns = locomoTurns(conv);
    if (dense !== undefined) {
      const texts = conv.sessions.flatMap((s) => turnTexts(s));
      turns.forEach((x, j) => (x.vector = dense.vectorOf(texts[j]!)));
    }
    const built = buildMemory(turns, { ...(dense === undefined ? {} : { embedder: dense.embedder }), ...(a.extract ? {} : { extractor: NO_EXTRACTION }) });
    refused['LoCoMo']!.push(...built.refused);
    // the README's baseline document: `speaker: text`, an image turn with its caption (text holds it)
    const bm = new PlainBm25();
    for (const x of turns) bm.add(x.id, `${x.speaker}: ${x.text}`);
    const cut = built.lastRecorded;
    await catchUp(built.mem, dense, conv.questions[0]?.question, cut);
    let first = true;
    for (const q of conv.questions) {
      const qv = queryVector(dense, q.question);
      timeRecall(built.mem, q.question, cut, { ...a.options, ...qv }, lat, first);
      first = false;
      if (q.evidence.length === 0) continue;
      const group = QUESTION_CATEGORY_NAMES[q.category];
      const base = bm.search(q.question, 25).map((h) => h.id);
      for (const k of [5, 10, 25]) put(t, `evidence recall@${k}`, group, 'bm25', evidenceRecall(base, q.evidence, k));
      for (const variant of a.variants) {
        const deep = episodesOf(built.mem, q.question, cut, { ...variant.options, ...qv }, 50);
        const ours = deep.filter((id) => DIA.test(id));
        for (const k of [5, 10, 25]) put(t, `evidence recall@${k}`, group, variant.label, evidenceRecall(ours, q.evidence, k));
        checkPurity(t, built.mem, q.question, cut, { ...variant.options, ...qv }, deep, variant.label);
        if (a.details !== undefined) {
          // each evidence turn's 1-based rank among the first 50 (0: not there), for reading misses
          const evidence = q.evidence.map((id) => ({ id, rank: ours.indexOf(id) + 1 }));
          const line = { variant: variant.label, conversation: conv.id, category: group, question: q.question, evidence, top: ours.slice(0, 10) };
          appendFileSync(a.details, JSON.stringify(line) + '\n');
        }
      }
    }
  }
  return t;
}

function firstDistinct(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** A LongMemEval answer short and literal enough to be looked for as a string in a context (≤ 5 words, not a sentence). */
function shortLiteral(answer: string): boolean {
  const a = answer.trim();
  return a.length > 0 && a.split(/\s+/u).length <= 5 && !/[.!?]$/u.test(a);
}

/** BM25's top turns packed to a token budget as plain lines (best first, whole turns while they fit). */
function packTurns(turns: ReadonlyArray<{ text: string }>, budget: number): string {
  const lines: string[] = [];
  let used = 0;
  for (const x of turns) {
    const n = estimateTokens(x.text) + 1;
    if (used + n > budget) break;
    lines.push(x.text);
    used += n;
  }
  return lines.join('\n');
}

const includesAnswer = (text: string, answer: string): number => (text.toLowerCase().includes(answer.trim().toLowerCase()) ? 1 : 0);

/** Answer-in-context: the gold answer inside what an agent reads at a 1,024-token budget, ours and BM25's top turns packed alike. */
function answerInContext(t: Table, mem: MemoryGraph, q: { question: string; answer: string; type: string }, cut: number, variants: Array<{ label: string; options: Record<string, unknown> }>, bmTurns: Array<{ text: string }>): void {
  for (const variant of variants) {
    const text = mem.recall(q.question, { ...variant.options, tokenBudget: 1024, validAt: cut, knownAt: cut } as RecallOptions).text;
    put(t, 'answer in context @1024 tokens', q.type, variant.label, includesAnswer(text, q.answer));
  }
  put(t, 'answer in context @1024 tokens', q.type, 'bm25', includesAnswer(packTurns(bmTurns, 1024), q.answer));
}

async function longMemEval(a: Args, lat: Latency, dense: DenseModel | undefined): Promise<{ dated: Table; all: Table; note: string }> {
  const dated: Table = new Map();
  const all: Table = new Map();
  const loaded = await loadLongMemEval('s', { split: a.split });
  const userText = (content: string): string => `user: ${content}`;
  const textsOf = (q: (typeof loaded)[number]): string[] => [q.question, ...q.sessions.flatMap((s) => s.turns.filter((x) => x.role === 'user').map((x) => userText(x.content)))];
  const cached = (q: (typeof loaded)[number]): boolean => !a.cachedOnly || (dense !== undefined && textsOf(q).every((t) => dense.has(t)));
  const questions = (a.sample === undefined ? loaded.filter((q) => !q.abstention) : seededQuestions(loaded, a.split, a.sample, a.seed)).filter(cached).slice(0, a.limit);
  const note = `LongMemEval_S questions scored (${questions.length}): positions ${questions.map((q) => q.position).join(' ')}`;
  for (const [n, q] of questions.entries()) {
    if (n % 10 === 0) process.stderr.write(`LongMemEval_S: question ${n + 1} of ${questions.length}\n`);
    // user turns carry the dense signal; assistant turns a zero vector (see the header)
    await dense?.fill(textsOf(q), `question ${q.position}`);
    const turns = longMemEvalTurns(q);
    if (dense !== undefined) for (const x of turns) x.vector = x.role === 'user' ? dense.vectorOf(userText(x.text)) : new Float32Array(dense.embedder.dimensions);
    const built = buildMemory(turns, { ...(dense === undefined ? {} : { embedder: dense.embedder }), ...(a.extract ? {} : { extractor: NO_EXTRACTION }) });
    refused['LongMemEval_S']!.push(...built.refused);
    const bm = new PlainBm25();
    const sessionOf = new Map<string, string>();
    const turnOf = new Map<string, (typeof turns)[number]>();
    const relevantTurns = new Set<string>();
    for (const x of turns) {
      sessionOf.set(x.id, x.sessionId);
      turnOf.set(x.id, x);
      if (x.hasAnswer && q.answerSessionIds.includes(x.sessionId)) relevantTurns.add(x.id);
      bm.add(x.id, `${x.speaker}: ${x.text}`);
    }
    const dayEnd = questionDayEnd(q.questionDate);
    const cuts: Array<[Table, number]> = [
      [dated, dayEnd],
      [all, Math.max(dayEnd, built.lastRecorded)],
    ];
    const qv = queryVector(dense, q.question);
    await catchUp(built.mem, dense, q.question, Math.max(dayEnd, built.lastRecorded));
    timeRecall(built.mem, q.question, dayEnd, { ...a.options, ...qv }, lat, true);
    timeRecall(built.mem, q.question, dayEnd, { ...a.options, ...qv }, lat, false);
    for (const [t, cut] of cuts) {
      const relevantSessions = new Set(q.answerSessionIds.filter((id) => q.sessions.some((s) => s.id === id)));
      const runs: Array<[string, string[], string[]]> = a.variants.map((variant) => {
        const ours = episodesOf(built.mem, q.question, cut, { ...variant.options, ...qv }, 50);
        if (t === dated) checkPurity(t, built.mem, q.question, cut, { ...variant.options, ...qv }, ours, variant.label);
        return [variant.label, firstDistinct(ours.map((id) => sessionOf.get(id) ?? id)), ours.filter((id) => turnOf.has(id))];
      });
      const baseHits = bm.search(q.question, 200, (id) => turnOf.get(id)!.at <= cut).map((h) => h.id);
      const baseSessions = firstDistinct(baseHits.map((id) => sessionOf.get(id)!));
      if (t === dated && shortLiteral(q.answer)) {
        const bmTurns = baseHits.map((id) => ({ text: `${turnOf.get(id)!.speaker}: ${turnOf.get(id)!.text}` }));
        answerInContext(t, built.mem, q, cut, a.variants.map((v) => ({ label: v.label, options: { ...v.options, ...qv } })), bmTurns);
      }
      if (a.details !== undefined) {
        for (const [variant, ss, ts] of runs) {
          const rank = (id: string): number => ss.indexOf(id) + 1;
          const turnRanks = [...relevantTurns].map((id) => ts.indexOf(id) + 1);
          const answers = [...relevantSessions].map((id) => ({ id, rank: rank(id) }));
          const line = { variant, position: q.position, type: q.type, question: q.question, cut: t === dated ? 'question-day' : 'all', answers, turnRanks, top: ss.slice(0, 5), topTurns: ts.slice(0, 10) };
          appendFileSync(a.details, JSON.stringify(line) + '\n');
        }
      }
      const group = q.type;
      // knowledge update: the answer sessions' dates (the newer one holds the current answer)
      // by calendar day: LongMemEval's times of day are arbitrary (data sets README), so two answer sessions of one day are not ordered
      const answerDates = new Map([...relevantSessions].map((id) => [id, Math.floor(q.sessions.find((s) => s.id === id)!.date / 86_400_000)] as [string, number]));
      for (const [system, ss, ts] of [...runs, ['bm25', baseSessions, baseHits] as [string, string[], string[]]]) {
        if (group === 'knowledge-update') put(t, 'newer answer session ranked above the superseded', group, system, newerRankedAbove(ss, answerDates));
        if (relevantSessions.size > 0) {
          for (const k of [2, 3]) put(t, `session recall_all@${k}`, group, system, evaluateRetrieval(ss, relevantSessions, k).recallAll);
          put(t, 'session worst answer rank', group, system, worstRank(ss, relevantSessions, 50));
          const s5 = evaluateRetrieval(ss, relevantSessions, 5);
          put(t, 'session recall_any@5', group, system, s5.recallAny);
          put(t, 'session recall_all@5', group, system, s5.recallAll);
          put(t, 'session recall_all@10', group, system, evaluateRetrieval(ss, relevantSessions, 10).recallAll);
        }
        if (relevantTurns.size > 0) {
          put(t, 'turn recall_all@5', group, system, evaluateRetrieval(ts, relevantTurns, 5).recallAll);
          put(t, 'turn recall_all@10', group, system, evaluateRetrieval(ts, relevantTurns, 10).recallAll);
          put(t, 'turn recall_any@10', group, system, evaluateRetrieval(ts, relevantTurns, 10).recallAny);
        }
      }
    }
  }
  return { dated, all, note };
}

function printLatency(name: string, lat: Latency): void {
  if (lat.warm.size === 0) return;
  for (const [clock, warm, first] of [['wall', lat.warm, lat.first], ['cpu', lat.warmCpu, lat.firstCpu]] as const) {
    const w = summarize(warm.samples());
    const f = summarize(first.samples());
    console.log(`\n${name} recall latency at k=10 (${clock}): warm p50 ${w.p50.toFixed(2)} ms, p95 ${w.p95.toFixed(2)} ms (n ${w.n}); first recall per memory p50 ${f.p50.toFixed(2)} ms, p95 ${f.p95.toFixed(2)} ms (n ${f.n})`);
  }
}

async function main(): Promise<void> {
  const a = parse(process.argv.slice(2));
  const dense = a.embedder === 'use-lite' ? await useLiteDense() : undefined;
  const context = dense === undefined || a.dataset === 'lme' ? '' : `, LoCoMo turns embedded ${a.turnContext === 'previous' ? 'after the turn before them' : 'alone'}`;
  console.log(`# retrieval quality, ${a.split} split, ${a.label}${a.extract ? '' : ', no extractor'}, stemmer ${TOKENIZE.stemmer}, embedder ${dense?.embedder.id ?? 'built-in hash'}${context}`);
  if (a.dataset !== 'lme') {
    const lat = newLatency();
    print('LoCoMo', await locomo(a, lat, dense), a.variants.map((v) => v.label));
    printLatency('LoCoMo', lat);
  }
  if (a.dataset !== 'locomo') {
    const lat = newLatency();
    const r = await longMemEval(a, lat, dense);
    console.log(`\n${r.note}`);
    print('LongMemEval_S, question-day cut', r.dated, a.variants.map((v) => v.label));
    print('LongMemEval_S, all sessions visible', r.all, a.variants.map((v) => v.label));
    printLatency('LongMemEval_S', lat);
  }
  for (const [name, list] of Object.entries(refused)) if (list.length > 0) console.log(`\n${name}: ${list.length} turns refused by ingestEpisode, e.g. ${list[0]}`);
  if (dense !== undefined) console.log(`\ndense vectors: cache ${dense.cacheFile}; embedded by this run: ${dense.embedded.texts} texts in ${dense.embedded.cpuSeconds.toFixed(0)} CPU s`);
}

await main();
