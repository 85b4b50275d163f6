/**
 * Load time and texts per second of the embedder on this machine, single thread, on a fixed seeded sample
 * of LoCoMo turns ("speaker: text") and LongMemEval oracle user turns ("user: content").
 *
 *   nice -n 10 node packages/embed-local/dist/perf/throughput.js [--backend wasm|cpu] [--n 128] [--batch 16] [--max-tokens 128]
 */
import { loadLocomo, loadLongMemEval, Random } from '@palimpsest/datasets';
import { useLiteEmbedder, type Backend } from '@palimpsest/embed-local';

const args = process.argv.slice(2);
const opt = (name: string, def: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] as string) : def;
};
const n = Number(opt('--n', '128'));
const backend = opt('--backend', 'wasm') as Backend;
const batchSize = Number(opt('--batch', '16'));
const maxTokens = Number(opt('--max-tokens', '128'));

const locomo = (await loadLocomo()).flatMap((c) => c.sessions.flatMap((s) => s.turns.map((t) => `${t.speaker}: ${t.text}`)));
const lme = (await loadLongMemEval('oracle')).flatMap((q) => q.sessions.flatMap((s) => s.turns.filter((t) => t.role === 'user').map((t) => `user: ${t.content}`)));
const sample = (texts: string[]) => new Random(42).shuffle([...new Set(texts)]).slice(0, n);

const embedder = useLiteEmbedder({ backend, batchSize, maxTokens });
let t0 = performance.now();
await embedder.load();
console.log(`${embedder.id} backend=${backend} batch=${batchSize}: load ${(performance.now() - t0).toFixed(0)} ms`);
await embedder.embed(['warm-up']);
for (const [name, texts] of [['LoCoMo turns', sample(locomo)], ['LongMemEval user turns', sample(lme)]] as const) {
  const chars = texts.reduce((s, t) => s + t.length, 0) / texts.length;
  t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await embedder.embed(texts);
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  console.log(`${name}: ${texts.length} texts (mean ${chars.toFixed(0)} chars): ${(texts.length / wall).toFixed(1)} texts/s wall, ${(texts.length / cpuS).toFixed(1)} texts per CPU-second`);
}
