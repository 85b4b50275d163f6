#!/usr/bin/env node
/**
 * Recall latency A/B in one process (issue 9): the same dev memories built by two builds of core — `--base`
 * (another build's `dist/index.js`, e.g. a copy of main's) and this workspace's `@palimpsest/core` — then the
 * same recalls on both, alternating which goes first each round, so both see the same load. Prints wall and
 * CPU p50/p95 per side, the first recall of each memory against the same question asked warm, and whether every result
 * (episodes, facts, entities, scores) is identical on both sides (a latency change must not change ranking).
 *
 *   node packages/bench/dist/recall-ab.js --base /path/to/core/dist/index.js [--dataset lme|locomo] [--limit N] [--rounds R]
 *
 * LongMemEval_S: each dev question's haystack is one memory, recalled at the end of the question's day (what the
 * quality run times). LoCoMo: each dev conversation is one memory, every question recalled at its last turn.
 * Memories are built as quality.ts builds them, through the public path (public-path.ts: each turn through
 * `ingestEpisode` with its speaker, time and session, the default extractor). Dev split only.
 */
import { pathToFileURL } from 'node:url';
import * as here from '@palimpsest/core';
import { loadLocomo, loadLongMemEval } from '@palimpsest/datasets';
import { quantileSorted } from './stats.js';
import { buildMemory, locomoTurns, longMemEvalTurns, questionDayEnd } from './public-path.js';
import type { PublicTurn } from './public-path.js';

type Core = typeof here;
type Memory = InstanceType<Core['MemoryGraph']>;
interface Item { name: string; turns: PublicTurn[]; questions: Array<{ text: string; cut: number }> }

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

/** The dev memories' turns as a user writes them (public-path.ts), with the questions and cuts quality.ts asks. */
async function items(dataset: string, limit: number): Promise<Item[]> {
  if (dataset === 'locomo') {
    const convs = await loadLocomo({ split: 'dev' });
    return convs.slice(0, limit).map((conv) => {
      const turns = locomoTurns(conv);
      let last = -Infinity;
      for (const t of turns) last = Math.max(last, t.at);
      return { name: conv.id, turns, questions: conv.questions.map((q) => ({ text: q.question, cut: last })) };
    });
  }
  const loaded = (await loadLongMemEval('s', { split: 'dev' })).filter((q) => !q.abstention).slice(0, limit);
  return loaded.map((q) => ({ name: `position ${q.position}`, turns: longMemEvalTurns(q), questions: [{ text: q.question, cut: questionDayEnd(q.questionDate) }] }));
}

/** The memory of one item, built through one build of core's public entry points as quality.ts builds it. */
function build(core: Core, item: Item): Memory {
  return buildMemory(item.turns, { core }).mem as unknown as Memory;
}

interface Side {
  label: string; core: Core; mems: Memory[]; wall: number[]; cpu: number[]; first: number[]; results: string[];
  /** Per memory, the warm CPU times of the question its first recall asked: a first call is compared with the same question warm. */
  firstQuestionWarm: number[][];
}

/** One timed recall; its result as a string, to compare the two builds. */
function timed(side: Side, mem: Memory, q: { text: string; cut: number }): { wall: number; cpu: number; result: string } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = mem.recall(q.text, { k: 10, validAt: q.cut, knownAt: q.cut });
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  void side;
  return { wall, cpu: (c.user + c.system) / 1000, result: JSON.stringify([r.episodes, r.facts.map((f) => [f.id, f.score, f.path]), r.entities, r.text]) };
}

const pct = (xs: number[], p: number): number => quantileSorted(Float64Array.from(xs).sort(), p);
const f2 = (x: number): string => x.toFixed(2);

async function main(): Promise<void> {
  const basePath = arg('base', '');
  if (basePath === '') throw new here.InvalidArgumentError('recall-ab: usage: recall-ab.js --base /path/to/core/dist/index.js [--dataset lme|locomo] [--limit N] [--rounds R]');
  const base = (await import(pathToFileURL(basePath).href)) as Core;
  const dataset = arg('dataset', 'lme');
  const limit = Number(arg('limit', dataset === 'lme' ? '20' : '2'));
  const rounds = Number(arg('rounds', dataset === 'lme' ? '10' : '3'));
  const list = await items(dataset, limit);
  const sides: Side[] = [
    { label: 'base', core: base, mems: [], wall: [], cpu: [], first: [], results: [], firstQuestionWarm: [] },
    { label: 'this', core: here, mems: [], wall: [], cpu: [], first: [], results: [], firstQuestionWarm: [] },
  ];
  // Warm each build's JIT on a throwaway copy of the first memory, so a first recall measures what a fresh
  // memory costs, not compiling recall's code (with LoCoMo's two dev memories that compile was the whole figure).
  for (const side of sides) {
    const warm = build(side.core, list[0]!);
    for (const q of list[0]!.questions) timed(side, warm, q);
  }
  // build, then the first recall of each memory (alternating which build goes first)
  list.forEach((item, n) => {
    const order = n % 2 === 0 ? sides : [sides[1]!, sides[0]!];
    for (const side of order) {
      const mem = build(side.core, item);
      side.mems.push(mem);
      side.first.push(timed(side, mem, item.questions[0]!).cpu);
      side.firstQuestionWarm.push([]);
    }
  });
  let differ = 0;
  let compared = 0;
  for (let round = 0; round < rounds; round++) {
    list.forEach((item, n) => {
      item.questions.forEach((q, qi) => {
        const order = (round + n) % 2 === 0 ? sides : [sides[1]!, sides[0]!];
        const got = new Map<Side, string>();
        for (const side of order) {
          const t = timed(side, side.mems[n]!, q);
          side.wall.push(t.wall);
          side.cpu.push(t.cpu);
          if (qi === 0) side.firstQuestionWarm[n]!.push(t.cpu);
          got.set(side, t.result);
        }
        compared++;
        if (got.get(sides[0]!) !== got.get(sides[1]!)) differ++;
      });
    });
  }
  const load = (await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log(`recall A/B on ${dataset} dev: ${list.length} memories, ${sides[0]!.wall.length} warm calls per side over ${rounds} rounds; load average ${load}`);
  for (const s of sides) {
    const warmCpu = pct(s.cpu, 0.5);
    // each memory's first call over the same question's warm median (the first question may be a dear one)
    const firstRatios = s.first.map((cpu, n) => cpu / pct(s.firstQuestionWarm[n]!, 0.5));
    console.log(
      `${s.label.padEnd(5)} warm wall p50 ${f2(pct(s.wall, 0.5))} / p95 ${f2(pct(s.wall, 0.95))} / max ${f2(Math.max(...s.wall))} ms; CPU p50 ${f2(warmCpu)} / p95 ${f2(pct(s.cpu, 0.95))} ms; ` +
        `first recall CPU median ${f2(pct(s.first, 0.5))} / max ${f2(Math.max(...s.first))} ms; ` +
        `first / the same question warm: median ${f2(pct(firstRatios, 0.5))}×, max ${f2(Math.max(...firstRatios))}×`,
    );
  }
  console.log(`results identical on both builds: ${compared - differ} of ${compared} calls${differ > 0 ? ' — RANKING DIFFERS' : ''}`);
}

await main();
