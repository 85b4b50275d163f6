/**
 * Same operations, same memory: a seeded mixed write stream (cardinality-one updates, backdated and bounded
 * ones, reinforcements, evidence and confidence, many-valued facts, retractions with and without an object,
 * merges, touches, archiving, and reads in between) through another build of core (`--base`, e.g. main's
 * dist/index.js) and through this one. Every call's result or error, the reads, the log's tail and the
 * exported state (every column, string list and the config) must be identical; the write path's
 * speed-ups are checked by this before they are timed (ingest-ab.ts).
 *
 *   npx tsc -p packages/core/perf && node packages/core/dist/perf-node/perf/same-ops.js --base /path/to/core/dist/index.js [--ops 60000] [--seed 7]
 *
 * Prints "identical" or what differs, and exits 1 when something does.
 */
import { pathToFileURL } from 'node:url';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import type { MemoryState } from '../src/state.js';
import { mulberry32 } from '../src/util/random.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};

const DAY = 86_400_000;
const ONE = ['status', 'works_at', 'lives_in'];
const MANY = ['knows', 'likes'];

/** The stream's calls and reads, as JSON text, and the memory's exported state. */
function run(Graph: typeof MemoryGraph, ops: number, seed: number): { calls: string; state: MemoryState } {
  const random = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  let now = Date.parse('2020-01-01T00:00:00Z');
  const mem = new Graph({
    now: () => now,
    predicates: { status: { cardinality: 'one' }, works_at: { cardinality: 'one' }, lives_in: { cardinality: 'one' }, rumour: { cardinality: 'many', minConfidence: 0.5 } },
  });
  const entities = 300;
  for (let i = 0; i < entities; i++) mem.entity({ name: `e${i}` });
  const out: unknown[] = [];
  for (let i = 0; i < ops; i++) {
    if (random() < 0.3) now += Math.floor(random() * 60_000);
    const subject = { id: Math.floor(random() * entities) };
    const r = random();
    try {
      if (r < 0.5) {
        // Few values, so reinforcements and coalescing happen; some backdated, bounded, weighted, with evidence.
        const q = random();
        const a: Record<string, unknown> = { subject, predicate: pick(ONE), object: { value: Math.floor(random() * 6) } };
        if (q < 0.3) a.validFrom = now - Math.floor(random() * 30) * DAY;
        else if (q >= 0.35) a.validFrom = now;
        if (random() < 0.2) a.validTo = now + Math.floor(random() * 40) * DAY;
        if (random() < 0.1) a.confidence = random();
        if (random() < 0.1) a.evidence = [`ev${Math.floor(random() * 5)}`];
        out.push(mem.assert(a as never));
      } else if (r < 0.55) {
        // By name (known, new, or refused), against a gated predicate (some rejected, naming new entities).
        const name = (k: number) => (random() < 0.5 ? `e${k}` : random() < 0.9 ? `new ${k}` : ' \u0000bad');
        const a = { subject: name(Math.floor(random() * entities)), predicate: 'rumour', object: random() < 0.5 ? name(Math.floor(random() * 400)) : { value: 'x' }, confidence: random() };
        out.push(mem.assert(a as never));
      } else if (r < 0.85) {
        const a: Record<string, unknown> = { subject, predicate: pick(MANY), object: { id: Math.floor(random() * entities) }, validFrom: now - Math.floor(random() * 365) * DAY };
        if (random() < 0.3) a.validTo = now + Math.floor(random() * 365) * DAY;
        if (random() < 0.1) a.source = `src${Math.floor(random() * 3)}`;
        out.push(mem.assert(a as never));
      } else if (r < 0.95) {
        const predicate = random() < 0.5 ? pick(MANY) : pick(ONE);
        const a: Record<string, unknown> = { subject, predicate, validFrom: now - Math.floor(random() * 10) * DAY };
        if (random() < 0.4) a.object = MANY.includes(predicate) ? { id: Math.floor(random() * entities) } : { value: Math.floor(random() * 6) };
        if (random() < 0.3) a.validTo = now + Math.floor(random() * 10) * DAY;
        out.push(mem.retract(a as never));
      } else if (r < 0.953) {
        out.push(mem.merge({ into: { id: Math.floor(random() * entities) }, from: { id: Math.floor(random() * entities) } }));
      } else if (r < 0.97) {
        const ids = mem.factIds({ subject, validAt: now, knownAt: now });
        if (ids.length > 0) mem.touch(ids.slice(0, 2));
        if (ids.length > 0 && random() < 0.3) mem.archive(ids.slice(0, 1));
        out.push(mem.facts({ subject, validAt: now - Math.floor(random() * 100) * DAY, knownAt: now - Math.floor(random() * 3) * 60_000 }));
      } else {
        out.push(mem.changes({ since: now - 3_600_000, until: now }).added.length);
        out.push(mem.factIds({ validAt: now - Math.floor(random() * 50) * DAY, knownAt: now - Math.floor(random() * 1000) * 60_000 }).length);
      }
    } catch (error) {
      out.push(`${(error as Error).name}: ${(error as Error).message}`);
    }
  }
  out.push(mem.facts({ validAt: now, knownAt: now }));
  out.push(mem.log(Math.max(0, mem.log().length - 50)));
  return { calls: JSON.stringify(out), state: mem.exportState() };
}

/** What differs between two exported states (empty when nothing does). */
function stateDiff(a: MemoryState, b: MemoryState): string[] {
  const diff: string[] = [];
  if (JSON.stringify(a.config) !== JSON.stringify(b.config) || a.formatVersion !== b.formatVersion) diff.push('config');
  for (const name of new Set([...Object.keys(a.columns), ...Object.keys(b.columns)])) {
    const x = a.columns[name];
    const y = b.columns[name];
    if (x === undefined || y === undefined || x.constructor !== y.constructor || x.length !== y.length) {
      diff.push(`column ${name}`);
      continue;
    }
    const bx = new Uint8Array(x.buffer, x.byteOffset, x.byteLength);
    const by = new Uint8Array(y.buffer, y.byteOffset, y.byteLength);
    for (let i = 0; i < bx.length; i++) {
      if (bx[i] !== by[i]) {
        diff.push(`column ${name}`);
        break;
      }
    }
  }
  if (JSON.stringify(a.strings) !== JSON.stringify(b.strings)) diff.push('strings');
  return diff;
}

async function main(): Promise<void> {
  const basePath = arg('base', '');
  if (basePath === '') throw new Error('same-ops: usage: same-ops.js --base /path/to/core/dist/index.js [--ops 60000] [--seed 7]');
  const base = (await import(pathToFileURL(basePath).href)) as { MemoryGraph: typeof MemoryGraph };
  const ops = Number(arg('ops', '60000'));
  const seed = Number(arg('seed', '7'));
  const a = run(base.MemoryGraph, ops, seed);
  const b = run(MemoryGraph, ops, seed);
  const diff = stateDiff(a.state, b.state);
  if (a.calls !== b.calls) diff.unshift('calls and reads');
  const versions = (a.state.columns['fact.triple'] as Int32Array).length;
  console.log(`${ops.toLocaleString('en')} operations, seed ${seed}, ${versions.toLocaleString('en')} versions: ${diff.length === 0 ? 'identical' : `DIFFER in ${diff.join(', ')}`}`);
  if (diff.length > 0) process.exitCode = 1;
}

await main();
