/**
 * Extraction time per turn of the default extractor on LoCoMo (all 10 conversations, every turn, speaker
 * as given): each round makes a fresh `RuleExtractor` per conversation and extracts the turns one by one
 * in order (as `ingestEpisode` calls it), timing each call with performance.now(). Prints the median,
 * 90th percentile and mean microseconds per turn over all rounds, and the same for the state rules alone
 * (`StateReader.read`, the part that reads homes, jobs, partners, possessions and their changes), and the
 * mean CPU time per turn (steadier than wall time when the machine is loaded).
 *
 *   npx tsc -p packages/core/perf && node packages/core/dist/perf-node/perf/extract-turn-us.js [rounds=5]
 *
 * Prints measurements only; nothing here asserts. Wall-clock times on whatever machine runs it.
 */
import { loadavg } from 'node:os';
import { loadLocomo } from '@palimpsest/datasets';
import { RuleExtractor } from '../src/recall/extractor.js';
import { StateReader } from '../src/recall/extract/state.js';

const rounds = Number(process.argv[2] ?? 5);
const conversations = await loadLocomo();
const turns = conversations.map((c) => c.sessions.flatMap((s) => s.turns.map((t) => ({ id: t.id, text: t.text, at: t.at, speaker: t.speaker }))));

const summary = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `median ${q(0.5).toFixed(1)} µs, p90 ${q(0.9).toFixed(1)} µs, mean ${mean.toFixed(1)} µs over ${s.length} turn extractions`;
};

const whole: number[] = [];
const state: number[] = [];
// CPU time of the extractor calls, summed (process.cpuUsage around each conversation): steadier than wall time on a loaded machine
let cpuMicros = 0;
for (let r = 0; r < rounds; r++) {
  for (const conv of turns) {
    const x = new RuleExtractor();
    const reader = new StateReader();
    const x2 = new RuleExtractor();
    const c0 = process.cpuUsage();
    for (const t of conv) x2.extract([t]);
    const c = process.cpuUsage(c0);
    if (r > 0) cpuMicros += c.user + c.system;
    for (const t of conv) {
      const t0 = performance.now();
      x.extract([t]);
      const t1 = performance.now();
      reader.read(t.text, t.at, t.speaker, () => undefined);
      const t2 = performance.now();
      if (r > 0) {
        // the first round warms the JIT up
        whole.push(1000 * (t1 - t0));
        state.push(1000 * (t2 - t1));
      }
    }
  }
}
console.log(`LoCoMo, ${turns.reduce((a, c) => a + c.length, 0)} turns, ${rounds - 1} timed rounds`);
console.log(`RuleExtractor.extract, one turn: ${summary(whole)}`);
console.log(`state rules alone (StateReader.read): ${summary(state)}`);
console.log(`RuleExtractor.extract CPU time: mean ${(cpuMicros / whole.length).toFixed(1)} µs per turn (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
