/**
 * What the offline dense model gives retrieval on its own, before the engine uses it:
 * - LoCoMo evidence recall@10 (every turn "speaker: text" ranked for each question with evidence);
 * - LongMemEval_S session recall_any@5 and recall_all@5 (user turns "user: content" ranked, the first 5 distinct
 *   sessions kept) with every session visible, and at the question-date cut (sessions dated after the
 *   question are hidden; the answer sessions stay what must be found);
 * each for vector-only (cosine), BM25 (core's Bm25Index) and their reciprocal-rank fusion. The fusion
 * constant is chosen on the dev split (LoCoMo conv-26/conv-30, and any LongMemEval dev questions run);
 * figures are reported on test. Vectors are cached in .tmp/vectors (see vector-cache.ts).
 *
 *   node packages/bench/dist/embedder-quality.js [--locomo] [--lme N] [--lme-from F] [--lme-dev N] [--seed S] [--max-tokens T]
 */
import { join } from 'node:path';
import { evaluateRetrieval, evidenceRecall, mean } from './metrics.js';
import { seededQuestions } from './sample.js';
import { loadLocomo, loadLongMemEval, splitOf, type Conversation } from '@palimpsest/datasets';
import { useLiteEmbedder } from '@palimpsest/embed-local';
import { bm25Over, bm25Top, cosineTop, firstOccurrences, rrf } from './embedder-rank.js';
import { VectorCache } from './vector-cache.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const num = (name: string, def: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : def;
};
// fusion settings tried on dev: the constant c, and the vector list's weight (BM25's is 1 − w), ×2 so that
// w = 0.5 is plain RRF
const RRF_CANDIDATES = [1, 5, 10, 30, 60].flatMap((c) => [0.3, 0.5, 0.7].map((w) => `c=${c} w=${w}`));
const fuse = (setting: string, v: number[], b: number[], k: number) => {
  const [, c, w] = /c=(\S+) w=(\S+)/.exec(setting) as RegExpExecArray;
  return rrf([v, b], Number(c), k, [2 * Number(w), 2 * (1 - Number(w))]);
};
const DEPTH = 100; // list depth fed to the fusion

const embedder = useLiteEmbedder({ maxTokens: num('--max-tokens', 128) });
const cache = new VectorCache(embedder, join(process.cwd(), '.tmp', 'vectors'));
let embedded = 0;
let embedMs = 0;

async function fill(texts: string[], label: string): Promise<void> {
  const t0 = performance.now();
  let last = t0;
  const n = await cache.fill(texts, 64, (done, todo) => {
    if (performance.now() - last > 30_000) {
      last = performance.now();
      console.error(`${label}: ${done}/${todo} embedded, ${((done / (last - t0)) * 1000).toFixed(1)} texts/s`);
    }
  });
  if (n > 0) {
    embedded += n;
    embedMs += performance.now() - t0;
  }
}
const vec = (text: string) => cache.get(text) as Float32Array;

type Scores = Map<string, number[]>; // "system|metric|split" → per-question values
function push(s: Scores, key: string, v: number): void {
  let a = s.get(key);
  if (!a) s.set(key, (a = []));
  a.push(v);
}

async function locomo(scores: Scores): Promise<void> {
  const convs: Conversation[] = await loadLocomo();
  const texts: string[] = [];
  for (const c of convs) {
    for (const s of c.sessions) for (const t of s.turns) texts.push(`${t.speaker}: ${t.text}`);
    for (const q of c.questions) texts.push(q.question);
  }
  await fill(texts, 'LoCoMo');
  for (const c of convs) {
    const split = splitOf('locomo', c.id);
    const turns = c.sessions.flatMap((s) => s.turns);
    const docTexts = turns.map((t) => `${t.speaker}: ${t.text}`);
    const docVecs = docTexts.map(vec);
    const bm = bm25Over(docTexts);
    for (const q of c.questions) {
      if (q.evidence.length === 0) continue;
      const v = cosineTop(vec(q.question), docVecs, DEPTH);
      const b = bm25Top(bm, q.question, DEPTH);
      const ids = (xs: number[]) => xs.map((i) => (turns[i] as { id: string }).id);
      push(scores, `vector|LoCoMo evidence recall@10|${split}`, evidenceRecall(ids(v), q.evidence, 10));
      push(scores, `BM25|LoCoMo evidence recall@10|${split}`, evidenceRecall(ids(b), q.evidence, 10));
      for (const f of RRF_CANDIDATES) push(scores, `hybrid ${f}|LoCoMo evidence recall@10|${split}`, evidenceRecall(ids(fuse(f, v, b, 10)), q.evidence, 10));
    }
  }
}

async function longMemEval(scores: Scores, nTest: number, nDev: number, seed: number, from: number): Promise<string> {
  const all = await loadLongMemEval('s');
  const chosen = [...seededQuestions(all, 'dev', nDev, seed), ...seededQuestions(all, 'test', nTest, seed, from)];
  const texts = new Set<string>();
  for (const q of chosen) {
    texts.add(q.question);
    for (const s of q.sessions) for (const t of s.turns) if (t.role === 'user') texts.add(`${t.role}: ${t.content}`);
  }
  const distinctTurns = texts.size;
  await fill([...texts], 'LongMemEval_S');
  for (const q of chosen) {
    const split = splitOf('longmemeval', q.position);
    const docs: Array<{ session: string; date: number; text: string }> = [];
    for (const s of [...q.sessions].sort((a, b) => a.date - b.date)) {
      // user turns only (as the LongMemEval paper's turn keys): they hold the evidence and halve the cost
      for (const t of s.turns) if (t.role === 'user') docs.push({ session: s.id, date: s.date, text: `${t.role}: ${t.content}` });
    }
    const relevant = new Set(q.answerSessionIds.filter((id) => q.sessions.some((s) => s.id === id)));
    const docVecs = docs.map((d) => vec(d.text));
    const bm = bm25Over(docs.map((d) => d.text));
    const qv = vec(q.question);
    for (const [cut, accept] of [
      ['all sessions', undefined],
      ['question-date cut', (i: number) => (docs[i] as { date: number }).date <= q.questionDate],
    ] as const) {
      const v = cosineTop(qv, docVecs, DEPTH, accept);
      const b = bm25Top(bm, q.question, DEPTH, accept);
      const sessions = (xs: number[]) => firstOccurrences(xs.map((i) => (docs[i] as { session: string }).session));
      const score = (system: string, ranked: number[]) => {
        const r = evaluateRetrieval(sessions(ranked), relevant, 5);
        push(scores, `${system}|LME_S session recall_any@5 (${cut})|${split}`, r.recallAny);
        push(scores, `${system}|LME_S session recall_all@5 (${cut})|${split}`, r.recallAll);
      };
      score('vector', v);
      score('BM25', b);
      for (const f of RRF_CANDIDATES) score(`hybrid ${f}`, fuse(f, v, b, DEPTH));
    }
  }
  const test = chosen.length - Math.min(nDev, chosen.length);
  return `LongMemEval_S: ${chosen.length} non-abstention questions (${test} test: items ${from}…${from + test - 1} of the seed-${seed} shuffle of the test pool; ${chosen.length - test} dev), ${distinctTurns} distinct texts (user turns and questions)`;
}

function report(scores: Scores): void {
  const metrics = [...new Set([...scores.keys()].map((k) => k.split('|')[1] as string))];
  // the fusion constant: best mean over every dev metric measured
  const devMean = (f: string) => mean(metrics.map((m) => mean(scores.get(`hybrid ${f}|${m}|dev`) ?? [])));
  const withDev = RRF_CANDIDATES.filter((f) => Number.isFinite(devMean(f)));
  // the best dev mean; on a tie, the first in the list
  const chosen = withDev.length ? withDev.reduce((a, b) => (devMean(b) > devMean(a) ? b : a)) : 'c=60 w=0.5';
  console.log(`fusion chosen on dev: ${chosen} (dev means: ${RRF_CANDIDATES.map((f) => `${f}: ${devMean(f).toFixed(4)}`).join(', ')})`);
  console.log('| metric | split | n | vector | BM25 | hybrid (dev-chosen) | hybrid (plain RRF c=60) |\n|---|---|---|---|---|---|---|');
  for (const m of metrics) {
    for (const split of ['test', 'dev']) {
      const a = scores.get(`vector|${m}|${split}`);
      if (!a) continue;
      const f = (sys: string) => mean(scores.get(`${sys}|${m}|${split}`) ?? []).toFixed(3);
      console.log(`| ${m} | ${split} | ${a.length} | ${f('vector')} | ${f('BM25')} | ${f(`hybrid ${chosen}`)} | ${f('hybrid c=60 w=0.5')} |`);
    }
  }
}

const scores: Scores = new Map();
const notes: string[] = [`model: ${embedder.id}, backend ${embedder.backend}, cache ${cache.file} (${cache.size} vectors at start)`];
if (flag('--locomo')) await locomo(scores);
if (flag('--lme')) notes.push(await longMemEval(scores, num('--lme', 20), num('--lme-dev', 0), num('--seed', 1), num('--lme-from', 0)));
notes.push(embedded > 0 ? `embedded ${embedded} new texts in ${(embedMs / 1000).toFixed(0)} s wall = ${((embedded / embedMs) * 1000).toFixed(1)} texts/s` : 'all vectors came from the cache');
for (const n of notes) console.log(n);
report(scores);
