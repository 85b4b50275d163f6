/**
 * Reads of two builds of core in one process, on the same rows: this checkout's `@palimpsest/core` against
 * another build's `dist/index.js` (for example a copy of main's `packages/core/dist`), to see what a change to
 * the read path did on a loaded machine, where separate runs cannot be compared.
 *
 *   node packages/bench/dist/read-ab.js <other core dist/index.js> [versions=1000000] [rounds=7] [tests=lf,li,wf,wi]
 *
 * Tests: lf / li / lc = 20,000 entity-local cuts as Facts / ids / factColumns; wf / wi / wc = 3 whole-graph cuts
 * as Facts / ids (5 times) / factColumns. Both memories are built from the same generateFactStream (20 versions
 * per entity, as read-scale.js); each reads with its own subject strings (a string object shared with one
 * memory's name map would favour that memory). Answers are compared first. Each round runs every test on both
 * builds, the order flipped each round; printed: median CPU time per call over rounds and the ratio, and
 * each side's garbage collections per call (scavenges, mark-compacts): a whole-graph read's cost depends on
 * whether V8 has chosen to allocate its Facts in the old generation (few scavenges, about half the CPU) or
 * not (many scavenges, each copying every Fact made so far), a choice it remakes after major GCs, so a
 * ratio between two sides in different regimes says nothing about the code. A measurement, not a test.
 */
import * as here from '@palimpsest/core';
import { factStreamPredicates, FACT_STREAM_DEFAULTS, generateFactStream } from '@palimpsest/datasets';
import { loadavg } from 'node:os';
import { constants, PerformanceObserver, performance, type PerformanceEntry } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { mulberry32, randInt } from './rng.js';

type Core = typeof here;
type Memory = InstanceType<Core['MemoryGraph']>;
interface Side {
  mem: Memory;
  subjects: string[];
  first: number;
  last: number;
}

const [otherPath, versionsArg, roundsArg, testsArg] = process.argv.slice(2);
if (otherPath === undefined) throw new Error('read-ab: give the path of the other build of core (its dist/index.js)');
const VERSIONS = Number(versionsArg ?? 1_000_000);
const ROUNDS = Number(roundsArg ?? 7);
const TESTS = (testsArg ?? 'lf,li,wf,wi').split(',');

function build(core: Core): Side {
  const mem = new core.MemoryGraph({ now: () => Date.UTC(2035, 0, 1), predicates: factStreamPredicates(FACT_STREAM_DEFAULTS.predicates) });
  const subjects = new Set<string>();
  let first = Infinity;
  let last = -Infinity;
  for (const op of generateFactStream({ seed: 1, versions: VERSIONS, entities: Math.max(10, Math.round(VERSIONS / 20)) })) {
    const { kind, ...input } = op;
    subjects.add(input.subject as string);
    first = Math.min(first, input.recordedAt as number);
    last = Math.max(last, input.recordedAt as number);
    if (kind === 'assert') mem.assert(input as Parameters<Memory['assert']>[0]);
    else mem.retract(input as Parameters<Memory['retract']>[0]);
  }
  return { mem, subjects: [...subjects], first, last };
}

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const other = (await import(pathToFileURL(otherPath).href)) as Core;
const sides = { other: build(other), here: build(here) };
const rand = mulberry32(7);
const { first, last, subjects } = sides.here;
const [vlo, vhi] = [first - 30 * 86_400_000, last + 30 * 86_400_000];
const spec = Array.from({ length: 20_000 }, () => [randInt(rand, 0, subjects.length), randInt(rand, vlo, vhi), randInt(rand, first, last)] as const);
const localOf = (side: Side) => spec.map(([s, v, k]) => ({ subject: side.subjects[s]!, validAt: v, knownAt: k }));
const local = { other: localOf(sides.other), here: localOf(sides.here) };
const cuts = Array.from({ length: 3 }, () => ({ validAt: randInt(rand, vlo, vhi), knownAt: randInt(rand, first, last) }));

for (let i = 0; i < 3000; i++) {
  if (JSON.stringify(sides.other.mem.facts(local.other[i])) !== JSON.stringify(sides.here.mem.facts(local.here[i]))) throw new Error('read-ab: entity-local answers differ');
}
for (const q of cuts) {
  if (JSON.stringify(sides.other.mem.factIds(q)) !== JSON.stringify(sides.here.mem.factIds(q))) throw new Error('read-ab: whole-graph ids differ');
  if (JSON.stringify(sides.other.mem.facts(q)) !== JSON.stringify(sides.here.mem.facts(q))) throw new Error('read-ab: whole-graph answers differ');
}

type Query = (typeof local.here)[number];
const tests: Record<string, (mem: Memory, qs: Query[]) => number> = {
  lf: (mem, qs) => (qs.forEach((q) => mem.facts(q)), qs.length),
  li: (mem, qs) => (qs.forEach((q) => mem.factIds(q)), qs.length),
  lc: (mem, qs) => (qs.forEach((q) => mem.factColumns(q)), qs.length),
  wf: (mem) => (cuts.forEach((q) => mem.facts(q)), cuts.length),
  wi: (mem) => {
    for (let r = 0; r < 5; r++) cuts.forEach((q) => mem.factIds(q));
    return 5 * cuts.length;
  },
  wc: (mem) => (cuts.forEach((q) => mem.factColumns(q)), cuts.length),
};
/** GC events seen (delivered by a timer after the code that caused them), placed in their test's window after each test. */
const gcs: PerformanceEntry[] = [];
new PerformanceObserver((list) => gcs.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
const gcKind = (e: PerformanceEntry): number => (e as unknown as { detail: { kind: number } }).detail.kind;
const scavenges: Record<string, number> = {};
const majors: Record<string, number> = {};
const ms: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const t of TESTS) {
    const test = tests[t];
    if (test === undefined) throw new Error(`read-ab: no test ${t} (${Object.keys(tests).join(', ')})`);
    for (const name of round % 2 === 0 ? (['here', 'other'] as const) : (['other', 'here'] as const)) {
      const [c0, t0] = [cpu(), performance.now()];
      const calls = test(sides[name].mem, local[name]);
      const [c1, t1] = [cpu(), performance.now()];
      (ms[`${t} ${name}`] ??= []).push((c1 - c0) / calls);
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const e of gcs.splice(0)) {
        if (e.startTime < t0 || e.startTime > t1) continue;
        const key = `${t} ${name}`;
        if (gcKind(e) === constants.NODE_PERFORMANCE_GC_MINOR) scavenges[key] = (scavenges[key] ?? 0) + 1 / (calls * ROUNDS);
        if (gcKind(e) === constants.NODE_PERFORMANCE_GC_MAJOR) majors[key] = (majors[key] ?? 0) + 1 / (calls * ROUNDS);
      }
    }
  }
}
console.log(`${sides.here.mem.size.versions.toLocaleString('en-US')} versions; ${ROUNDS} rounds; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (const t of TESTS) {
  const [o, h] = [median(ms[`${t} other`]!), median(ms[`${t} here`]!)];
  const gc = (name: string): string => `${(scavenges[`${t} ${name}`] ?? 0).toPrecision(2)} / ${(majors[`${t} ${name}`] ?? 0).toPrecision(2)}`;
  console.log(
    `${t}  other ${(o * 1000).toFixed(2)} µs  here ${(h * 1000).toFixed(2)} µs  here/other ${(h / o).toFixed(3)}` +
      `  scavenges / mark-compacts per call: other ${gc('other')}  here ${gc('here')}`,
  );
}
