/**
 * First recall against warm recalls, for the same memory reached three ways (the goal: no first-recall
 * cliff, ≤ 2× a warm call): written turn by turn, replayed from its log, and decoded from its state
 * (`exportState` → `fromState`, what a snapshot load does). Two memories: one LoCoMo conversation
 * (ingested with the RuleExtractor), and a synthetic entity-heavy one (`--entities N` distinct entities
 * named in asserted facts, the shape that made a snapshot load build an HNSW over every entity vector).
 *
 *   npx tsc -p packages/core/perf && node packages/core/dist/perf-node/perf/first-recall.js [--sample conv-26] [--entities 12000] [--reps 5]
 *
 * Prints CPU time (process.cpuUsage) and wall time; asserts nothing. Each origin is loaded `--reps` times; the
 * first recall of each fresh memory is timed (median reported), then warm calls on the last one. The JIT is
 * warmed first on a small memory, so no origin pays for compiling recall's code.
 */
import { ingestEpisode } from '../src/ingest/episode.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { RuleExtractor } from '../src/recall/extractor.js';
import { mulberry32 } from '../src/util/random.js';
import { LOCOMO_FILE, readConversation, turnText } from './locomo-sample.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const sampleId = arg('sample', 'conv-26');
const entityCount = Number(arg('entities', '12000'));

function locomoMemory(): { mem: MemoryGraph; questions: string[]; at: number } {
  const { sessions, questions } = readConversation(sampleId, LOCOMO_FILE, 'first-recall');
  let clock = 0;
  const mem = new MemoryGraph({ now: () => clock });
  const extractor = new RuleExtractor();
  for (const session of sessions) {
    session.turns.forEach((turn, i) => {
      clock = Math.max(clock, session.at + i * 30_000);
      ingestEpisode(mem, { id: turn.dia_id, text: turnText(turn), at: clock, speaker: turn.speaker, recordedAt: clock }, { extractor });
    });
  }
  return { mem, questions: questions.map((q) => q.question), at: clock };
}

/** N entities named in facts (people working at companies, living in cities, knowing each other). */
function entityMemory(n: number): { mem: MemoryGraph; questions: string[]; at: number } {
  const rnd = mulberry32(7);
  let clock = Date.UTC(2024, 0, 1);
  const mem = new MemoryGraph({ now: () => clock });
  const syll = ['ka', 'lo', 'mi', 'ren', 'sa', 'tor', 'vi', 'dan', 'el', 'mar', 'no', 'pe', 'qui', 'ru', 'zen'];
  const name = (i: number): string => {
    let s = '';
    for (let x = i + 1; x > 0; x = Math.floor(x / syll.length)) s += syll[x % syll.length];
    return s[0]!.toUpperCase() + s.slice(1);
  };
  const preds = ['works_at', 'lives_in', 'knows', 'visited'];
  for (let i = 0; i < n; i++) {
    clock += 60_000;
    const other = Math.floor(rnd() * n);
    mem.assert({ subject: name(i), predicate: preds[i % preds.length]!, object: name(other), validFrom: clock });
  }
  const questions: string[] = [];
  for (let q = 0; q < 100; q++) questions.push(`Where does ${name(Math.floor(rnd() * n))} work and whom does ${name(Math.floor(rnd() * n))} know?`);
  return { mem, questions, at: clock };
}

const cpu = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const pct = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

const median = (xs: number[]): number => pct(xs, 0.5);

/** `reps` fresh memories from `make`: the load, the first recall on each, then warm calls on the last. */
function measure(label: string, make: () => MemoryGraph, questions: string[], at: number, reps: number): void {
  const opts = { k: 10, validAt: at, knownAt: at };
  const loads: number[] = [];
  const firsts: number[] = [];
  const firstWalls: number[] = [];
  /** The same question again right after (the like-for-like warm call). */
  const seconds: number[] = [];
  let mem: MemoryGraph | undefined;
  for (let r = 0; r < reps; r++) {
    const c0 = cpu();
    mem = make();
    loads.push(cpu() - c0);
    const q = questions[r % questions.length]!;
    const c1 = cpu();
    const w1 = performance.now();
    mem.recall(q, opts);
    firsts.push(cpu() - c1);
    firstWalls.push(performance.now() - w1);
    const c2 = cpu();
    mem.recall(q, opts);
    seconds.push(cpu() - c2);
  }
  const warmCpu: number[] = [];
  const warmWall: number[] = [];
  for (const q of questions) mem!.recall(q, opts); // steady state before timing
  for (const q of questions) {
    const c = cpu();
    const w = performance.now();
    mem!.recall(q, opts);
    warmCpu.push(cpu() - c);
    warmWall.push(performance.now() - w);
  }
  const warm = median(warmCpu);
  console.log(
    `${label.padEnd(30)} load median ${median(loads).toFixed(0).padStart(5)} ms CPU | first recall median ${median(firsts).toFixed(2)} ms CPU (max ${Math.max(...firsts).toFixed(2)}; wall median ${median(firstWalls).toFixed(2)}) over ${reps} loads; ` +
      `warm p50 ${warm.toFixed(2)} / p95 ${pct(warmCpu, 0.95).toFixed(2)} ms CPU (wall ${median(warmWall).toFixed(2)} / ${pct(warmWall, 0.95).toFixed(2)}); first / warm p50 ${(median(firsts) / warm).toFixed(2)}×; first / same question again: median ${median(firsts.map((f, i) => f / seconds[i]!)).toFixed(2)}×`,
  );
}

for (const [name, build] of [
  [`LoCoMo ${sampleId}`, locomoMemory],
  [`${entityCount} entities`, () => entityMemory(entityCount)],
] as const) {
  const t0 = cpu();
  const { mem, questions, at } = build();
  console.log(`\n${name}: ${mem.size.entities} entities, ${mem.size.triples} triples, ${mem.size.episodes} episodes; written in ${(cpu() - t0).toFixed(0)} ms CPU`);
  const log = mem.log();
  const state = mem.exportState();
  // the JIT is warmed on a small memory (the first 300 ops) so no origin pays for compiling recall
  const small = MemoryGraph.replay(log.slice(0, 300), { now: () => at });
  for (let pass = 0; pass < 3; pass++) for (const q of questions) small.recall(q, { validAt: at, knownAt: at });
  const reps = Number(arg('reps', '5'));
  measure('written (built again)', () => build().mem, questions, at, reps);
  measure('replayed (MemoryGraph.replay)', () => MemoryGraph.replay(log, { now: () => at }), questions, at, reps);
  measure('decoded (fromState)', () => MemoryGraph.fromState(state, { now: () => at }), questions, at, reps);
}
