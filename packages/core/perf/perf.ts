/**
 * `npm run perf -w @palimpsest/core`: the engine's own numbers on a seeded history of about 1M fact
 * versions (PALIMPSEST_PERF_VERSIONS to change it). Prints assert throughput, entity-local and
 * whole-graph cut latencies, and bytes per version. A measurement, not a test: nothing here asserts.
 */
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { mulberry32 } from '../src/util/random.js';
import { DAY, PERF_PREDICATES, writePerfStream } from './perf-stream.js';
import { tablesOf } from '../src/internal.js';

const TARGET = Number(process.env.PALIMPSEST_PERF_VERSIONS ?? 1_000_000);
const ENTITIES = Math.max(100, Math.round(TARGET / 20));

function percentile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function timeEach(n: number, fn: (i: number) => void): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn(i);
    out[i] = performance.now() - t0;
  }
  return out.sort();
}

const fmtUs = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

function main(): void {
  const random = mulberry32(42);
  const stream = writePerfStream((now) => new MemoryGraph({ now, predicates: PERF_PREDICATES }), TARGET, random);
  const { mem, ids, ops, start, end } = stream;
  const buildMs = stream.wallMs;
  const buildCpuMs = stream.cpuMs;
  const size = mem.size;
  const cut = () => ({ validAt: start + Math.floor(random() * (end - start + 30 * DAY)), knownAt: start + Math.floor(random() * (end - start)) });
  const subjects = Array.from({ length: 20_000 }, () => ({ id: ids[Math.floor(random() * ENTITIES)]! }));
  const cuts = Array.from({ length: 20_000 }, cut);
  // Warm up, then time: entity-local reads with Fact objects, and the id-only form.
  for (let i = 0; i < 2000; i++) mem.facts({ subject: subjects[i]!, ...cuts[i]! });
  const local = timeEach(20_000, (i) => mem.facts({ subject: subjects[i]!, ...cuts[i]! }));
  const localIds = timeEach(20_000, (i) => mem.factIds({ subject: subjects[i]!, ...cuts[i]! }));
  const localNow = timeEach(20_000, (i) => mem.facts({ subject: subjects[i]!, validAt: end, knownAt: end }));
  let rows = 0;
  const whole = timeEach(30, (i) => (rows += mem.factIds(cuts[i]!).length));
  const wholeNow = timeEach(30, () => mem.factIds({ validAt: end, knownAt: end }));
  const wholeObjects = timeEach(5, (i) => mem.facts(cuts[i]!));
  const history = timeEach(5000, (i) => mem.history({ subject: subjects[i]! }));
  const changes = timeEach(200, (i) => {
    const since = start + Math.floor(random() * (end - start));
    mem.changes({ since, until: since + 3_600_000 });
  });
  const bytes = tablesOf(mem)!.store.memoryBytes();
  // After a full collection when run with --expose-gc, so the figure is what the memory holds, not garbage.
  (globalThis as { gc?: () => void }).gc?.();
  const rss = process.memoryUsage();

  const lines = [
    `palimpsest core perf: ${size.versions.toLocaleString()} fact versions, ${size.triples.toLocaleString()} triples, ${ENTITIES.toLocaleString()} entities, ${ops.toLocaleString()} operations`,
    `assert/retract throughput     ${Math.round(ops / (buildMs / 1000)).toLocaleString()} ops/s wall, ${Math.round(ops / (buildCpuMs / 1000)).toLocaleString()} ops/s of CPU time (${Math.round(size.versions / (buildMs / 1000)).toLocaleString()} versions/s wall; build ${(buildMs / 1000).toFixed(2)} s wall, ${(buildCpuMs / 1000).toFixed(2)} s CPU, GC included)`,
    `entity-local cut, Fact[]      p50 ${fmtUs(percentile(local, 0.5))}  p95 ${fmtUs(percentile(local, 0.95))}  p99 ${fmtUs(percentile(local, 0.99))}`,
    `entity-local cut, ids only    p50 ${fmtUs(percentile(localIds, 0.5))}  p95 ${fmtUs(percentile(localIds, 0.95))}`,
    `entity-local cut at now       p50 ${fmtUs(percentile(localNow, 0.5))}  p95 ${fmtUs(percentile(localNow, 0.95))}`,
    `whole-graph cut, ids (random) p50 ${percentile(whole, 0.5).toFixed(2)} ms  p95 ${percentile(whole, 0.95).toFixed(2)} ms  (mean ${Math.round(rows / 30).toLocaleString()} rows)`,
    `whole-graph cut, ids (now)    p50 ${percentile(wholeNow, 0.5).toFixed(2)} ms`,
    `whole-graph cut, Fact[]       p50 ${percentile(wholeObjects, 0.5).toFixed(1)} ms`,
    `history(subject)              p50 ${fmtUs(percentile(history, 0.5))}  p95 ${fmtUs(percentile(history, 0.95))}`,
    `changes (one hour, record)     p50 ${percentile(changes, 0.5).toFixed(2)} ms  p95 ${percentile(changes, 0.95).toFixed(2)} ms`,
    `bytes per version             row columns ${(bytes.rowColumns / size.versions).toFixed(1)}, + triples ${(bytes.triples / size.versions).toFixed(1)}, + zone index ${(bytes.zones / size.versions).toFixed(1)}, + subject index ${(bytes.subjects / size.versions).toFixed(1)}, + pools ${(bytes.pools / size.versions).toFixed(1)} = ${((bytes.rowColumns + bytes.triples + bytes.zones + bytes.subjects + bytes.pools) / size.versions).toFixed(1)} (strings excluded)`,
    `operation log                 ${(tablesOf(mem)!.logBuffer.trimmed().bytes.length / ops).toFixed(1)} bytes/op as binary records (written by the build above: no deferred encoding)`,
    `process                       rss ${(rss.rss / 2 ** 20).toFixed(0)} MiB, heap ${(rss.heapUsed / 2 ** 20).toFixed(0)} MiB, array buffers ${(rss.arrayBuffers / 2 ** 20).toFixed(0)} MiB; heap + array buffers ${((rss.heapUsed + rss.arrayBuffers) / size.versions).toFixed(0)} bytes/version (the log, strings and capacity slack included)`,
  ];
  console.log(lines.join('\n'));
}

main();
