/**
 * Forgetting one episode in a memory folder of ~100k operations, against saving that memory's snapshot.
 * A seeded memory (episodes, each with three facts) is written as the folder's snapshot; then, three times
 * each: saveSnapshot of the memory to a file beside it, and MemoryFolder.forget of one episode (a different
 * one each time, spread over the log). Prints each time and the median ratio, and the time of a recall just
 * before each forget and of the first recall after it (a forget must leave no index for a read to build).
 *
 *   npx vite-node --config vitest.config.ts packages/mcp/perf/forget-perf.ts [OPERATIONS]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryGraph } from '@palimpsest/core';
import { saveSnapshot } from '@palimpsest/persist/node';
import { MemoryFolder } from '../src/store.js';

const target = Number(process.argv[2] ?? 100_000);
let t = Date.UTC(2024, 0, 1);
const mem = new MemoryGraph({ now: () => t });
const people = Array.from({ length: 2000 }, (_, i) => `Person ${i}`);
let episodes = 0;
while (mem.size.operations < target) {
  t += 1000;
  const id = `ep-${episodes}`;
  mem.episode({ id, text: `${people[episodes % 2000]} talked about topic ${episodes} with ${people[(episodes * 7) % 2000]}`, at: t });
  for (let j = 0; j < 3; j++) {
    const object = j === 2 ? { value: `thing ${episodes}` } : people[(episodes * 3 + j) % 2000]!;
    mem.assert({ subject: people[(episodes + j) % 2000]!, predicate: j === 0 ? 'likes' : 'knows', object, evidence: [id], episode: id });
  }
  episodes++;
}
const dir = await mkdtemp(join(tmpdir(), 'plmp-forget-perf-'));
await saveSnapshot(join(dir, 'snapshot-1.plmp'), mem);
const folder = await MemoryFolder.open(dir, { compactEvery: 1e9, clock: () => (t += 1000) });
console.log(`folder: ${folder.mem.size.operations} operations, ${folder.mem.size.episodes} episodes`);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const saves: number[] = [];
const forgets: number[] = [];
// CPU time of this process too (user + system, ms): on a shared machine it moves less with the load than wall time
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
const saveCpu: number[] = [];
const forgetCpu: number[] = [];
const recallsBefore: number[] = [];
const recallsAfter: number[] = [];
/** One recall of the folder's memory, in ms (a different person each time, so nothing is cached by query). */
function timeRecall(person: number): number {
  const start = performance.now();
  folder.mem.recall(`What did ${people[person % 2000]} talk about?`);
  return performance.now() - start;
}
for (let run = 0; run < 3; run++) {
  let start = performance.now();
  let cpu = process.cpuUsage();
  await saveSnapshot(join(dir, `copy-${run}.plmp`), folder.mem);
  saves.push(performance.now() - start);
  saveCpu.push(cpuMs(cpu));
  await rm(join(dir, `copy-${run}.plmp`));
  recallsBefore.push(timeRecall(run * 2 + 1));
  start = performance.now();
  cpu = process.cpuUsage();
  await folder.forget({ episode: `ep-${Math.floor(((run + 1) * episodes) / 4)}` });
  forgets.push(performance.now() - start);
  forgetCpu.push(cpuMs(cpu));
  recallsAfter.push(timeRecall(run * 2 + 2));
  console.log(
    `run ${run}: snapshot save ${saves[run]!.toFixed(0)} ms, forget one episode ${forgets[run]!.toFixed(0)} ms; ` +
      `recall before it ${recallsBefore[run]!.toFixed(0)} ms, first recall after it ${recallsAfter[run]!.toFixed(0)} ms`,
  );
}
console.log(`median: save ${median(saves).toFixed(0)} ms, forget ${median(forgets).toFixed(0)} ms, ratio ${(median(forgets) / median(saves)).toFixed(2)}×`);
console.log(`median CPU time: save ${median(saveCpu).toFixed(0)} ms, forget ${median(forgetCpu).toFixed(0)} ms, ratio ${(median(forgetCpu) / median(saveCpu)).toFixed(2)}×`);
console.log(`median recall: before a forget ${median(recallsBefore).toFixed(0)} ms, first after it ${median(recallsAfter).toFixed(0)} ms`);
await folder.close();
await rm(dir, { recursive: true, force: true });
