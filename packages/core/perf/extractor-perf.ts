/**
 * What the built-in extractor makes of real conversations, through the public ingest path:
 * every turn goes through `ingestEpisode` with one `RuleExtractor` per memory, as an agent developer would.
 * - LoCoMo, all 10 conversations: entities and facts per turn (facts by predicate), extraction time per turn,
 *   entities in the memory, first recall time;
 * - LongMemEval_S, the first N dev haystacks (positions that are multiples of 10), every turn (user and
 *   assistant, speaker = role), sessions in date order: the same, plus the largest haystack's entity count and
 *   first recall time;
 * - a seeded sample of typed facts (not mentions / co-occurrence / event) from LoCoMo's dev conversations
 *   (conv-26, conv-30) with their turns, written out to be judged by hand.
 *
 *   npx tsc -p packages/core/perf && node packages/core/dist/perf-node/perf/extractor-perf.js [out.json] [haystacks=20] [sample=50]
 *
 * Prints measurements only; nothing here asserts. Times are wall-clock (performance.now) on a shared machine.
 */
import { writeFileSync } from 'node:fs';
import { loadLocomo, loadLongMemEval } from '@palimpsest/datasets';
import { ingestEpisode } from '../src/ingest/episode.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { RuleExtractor } from '../src/recall/extractor.js';
import { mulberry32 } from '../src/util/random.js';

const outFile = process.argv[2] ?? 'extractor-perf.json';
const haystacks = Number(process.argv[3] ?? 20);
const sampleSize = Number(process.argv[4] ?? 50);
const TYPED_SKIP = new Set(['mentions', 'co_occurs_with', 'event']);

interface Out {
  entities: Array<{ name: string }>;
  facts: Array<{ subject: string; predicate: string; object: string | { value: unknown }; validFrom?: number; validTo?: number; confidence: number }>;
}
interface Stats {
  turns: number;
  entities: number;
  facts: number;
  byPredicate: Record<string, number>;
  extractMs: number;
  /** this process's CPU time in the extractor (steadier than wall time on a shared machine) */
  extractCpuMs: number;
  memoryEntities: number;
  firstRecallMs: number[];
}
const newStats = (): Stats => ({ turns: 0, entities: 0, facts: 0, byPredicate: {}, extractMs: 0, extractCpuMs: 0, memoryEntities: 0, firstRecallMs: [] });

/**
 * Wraps the extractor to time it and keep what it returned. Works with either extractor shape (one episode
 * in, one extraction out; or the batched API.md shape), so the same script measures before and after.
 */
function timed(inner: RuleExtractor, stats: Stats, keep: (turnText: string, out: Out) => void): RuleExtractor {
  const call = inner.extract as unknown as (x: unknown) => Out | Out[];
  const wrapper = {
    id: (inner as unknown as { id?: string }).id ?? 'rule-extractor@1',
    extract(arg: unknown): Out | Out[] {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = call.call(inner, arg);
      stats.extractMs += performance.now() - t0;
      const c = process.cpuUsage(c0);
      stats.extractCpuMs += (c.user + c.system) / 1000;
      const one = Array.isArray(r) ? r[0]! : r;
      const turn = (Array.isArray(arg) ? arg[0] : arg) as { text: string };
      stats.turns++;
      stats.entities += one.entities.length;
      stats.facts += one.facts.length;
      for (const f of one.facts) stats.byPredicate[f.predicate] = (stats.byPredicate[f.predicate] ?? 0) + 1;
      keep(turn.text, one);
      return r;
    },
  };
  return wrapper as unknown as RuleExtractor;
}

/** Wall and CPU ms of the memory's first recall (which builds its indexes). */
function firstRecall(mem: MemoryGraph, at: number, stats: Stats): { ms: number; cpuMs: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  mem.recall('what did I do last weekend', { validAt: at, knownAt: at, k: 10 });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  stats.firstRecallMs.push(ms);
  return { ms, cpuMs: (c.user + c.system) / 1000 };
}


const showObject = (o: Out['facts'][number]['object']): string => (typeof o === 'string' ? o : JSON.stringify(o));
const day = (ms: number | undefined): string => (ms === undefined ? '' : Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : '∞');

// ---- LoCoMo ----
const locomo = newStats();
const devTyped: Array<{ conv: string; speaker: string; text: string; fact: string }> = [];
for (const conv of await loadLocomo()) {
  const mem = new MemoryGraph({ now: () => 0 });
  const dev = conv.id === 'conv-26' || conv.id === 'conv-30';
  let speaker = '';
  const extractor = timed(new RuleExtractor(), locomo, (text, out) => {
    if (!dev) return;
    for (const f of out.facts) {
      if (TYPED_SKIP.has(f.predicate)) continue;
      const when = f.validFrom === undefined && f.validTo === undefined ? '' : ` [${day(f.validFrom)} – ${day(f.validTo)})`;
      devTyped.push({ conv: conv.id, speaker, text, fact: `${f.subject} —${f.predicate}→ ${showObject(f.object)}${when} @${f.confidence}` });
    }
  });
  let last = 0;
  for (const s of conv.sessions) {
    for (const t of s.turns) {
      speaker = t.speaker;
      last = Math.max(last, t.at);
      ingestEpisode(mem, { id: t.id, text: t.text, at: t.at, speaker: t.speaker, recordedAt: last }, { extractor });
    }
  }
  locomo.memoryEntities += mem.size.entities;
  const fr = firstRecall(mem, last, locomo);
  console.log(`LoCoMo ${conv.id}: ${mem.size.entities} entities, ${mem.size.triples} triples; first recall ${fr.ms.toFixed(0)} ms (CPU ${fr.cpuMs.toFixed(0)} ms)`);
}

// ---- LongMemEval_S dev haystacks ----
const lme = newStats();
const largest = { id: '', turns: 0, entities: 0, firstRecallMs: 0, firstRecallCpuMs: 0 };
const questions = (await loadLongMemEval('s', { split: 'dev' })).slice(0, haystacks);
for (const q of questions) {
  const mem = new MemoryGraph({ now: () => 0 });
  const extractor = timed(new RuleExtractor(), lme, () => {});
  let last = 0;
  let turns = 0;
  const seen = new Set<string>();
  for (const s of [...q.sessions].sort((a, b) => a.date - b.date)) {
    let sid = s.id;
    for (let n = 2; seen.has(sid); n++) sid = `${s.id}#${n}`;
    seen.add(sid);
    s.turns.forEach((t, i) => {
      const at = s.date + (i + 1) * 1000;
      last = Math.max(last, at);
      turns++;
      ingestEpisode(mem, { id: `${sid}_${i + 1}`, text: t.content, at, speaker: t.role, recordedAt: last }, { extractor });
    });
  }
  lme.memoryEntities += mem.size.entities;
  const fr = firstRecall(mem, last, lme);
  console.log(`LongMemEval_S #${q.position} (${q.id}): ${turns} turns, ${mem.size.entities} entities, ${mem.size.triples} triples; first recall ${fr.ms.toFixed(0)} ms (CPU ${fr.cpuMs.toFixed(0)} ms)`);
  if (turns > largest.turns) Object.assign(largest, { id: `${q.position} ${q.id}`, turns, entities: mem.size.entities, firstRecallMs: Math.round(fr.ms), firstRecallCpuMs: Math.round(fr.cpuMs) });
}

function summary(name: string, s: Stats): Record<string, unknown> {
  const per = (x: number): number => Number((x / s.turns).toFixed(3));
  const byPredicate = Object.fromEntries(Object.entries(s.byPredicate).sort((a, b) => b[1] - a[1]).map(([p, n]) => [p, per(n)]));
  const r = {
    name,
    turns: s.turns,
    entitiesPerTurn: per(s.entities),
    factsPerTurn: per(s.facts),
    factsPerTurnByPredicate: byPredicate,
    factsByPredicate: Object.fromEntries(Object.entries(s.byPredicate).sort((a, b) => b[1] - a[1])),
    extractMicrosPerTurn: Number(((1000 * s.extractMs) / s.turns).toFixed(1)),
    extractCpuMicrosPerTurn: Number(((1000 * s.extractCpuMs) / s.turns).toFixed(1)),
    memoryEntities: s.memoryEntities,
    firstRecallMsTotal: Number(s.firstRecallMs.reduce((a, b) => a + b, 0).toFixed(0)),
  };
  console.log(JSON.stringify(r));
  return r;
}

const random = mulberry32(9); // seeded, so the hand-judged sample is reproducible
const pool = [...devTyped];
const sample: typeof devTyped = [];
while (sample.length < sampleSize && pool.length > 0) sample.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
const result = {
  locomo: summary('LoCoMo (10 conversations)', locomo),
  longmemeval: summary(`LongMemEval_S (${questions.length} dev haystacks)`, lme),
  largestHaystack: largest,
  devTypedFacts: devTyped.length,
  sample,
};
console.log(`largest haystack ${JSON.stringify(largest)}; typed facts in LoCoMo dev: ${devTyped.length}`);
writeFileSync(outFile, JSON.stringify(result, null, 1));
