/**
 * Reads against SQLite as the memory grows, in one process on the same rows:
 *
 *   npm run perf:reads -w @palimpsest/bench                    # 100k, 1M, 3M versions
 *   node packages/bench/dist/read-scale.js 100000 300000       # chosen sizes
 *
 * At each size: a memory from generateFactStream with 20 versions per entity (so an entity's history is the
 * same size at every scale), the SQLite peer with the seed's schema (UNIQUE constraint led by subject, the
 * two seed indexes) loaded with the memory's own versions, and answers compared before anything is timed.
 * Then, in PALIMPSEST_READ_ROUNDS rounds (default 5), engine and peer alternate query by query over the
 * same list of entity-local cuts (engine as Fact objects and as ids, SQLite as row objects); then, in
 * PALIMPSEST_CUT_ROUNDS rounds (default 3), whole-graph cuts at PALIMPSEST_CUT_QUERIES cuts (default 3;
 * Fact objects and rows; per-row cost). Printed: medians over rounds of each round's p50 and p95.
 * A measurement, not a test.
 */
import { MemoryGraph } from '@palimpsest/core';
import { factStreamPredicates, FACT_STREAM_DEFAULTS, generateFactStream } from '@palimpsest/datasets';
import { compareAnswers, factToRow, SqlitePeer, type EdgeRow } from './peers/sqlite.js';
import { mulberry32, randInt } from './rng.js';

const ROUNDS = Number(process.env.PALIMPSEST_READ_ROUNDS ?? 5);
const LOCAL_QUERIES = 2000;
const CUT_ROUNDS = Number(process.env.PALIMPSEST_CUT_ROUNDS ?? 3);
const CUT_QUERIES = Number(process.env.PALIMPSEST_CUT_QUERIES ?? 3);
const VERSIONS_PER_ENTITY = 20;

function percentile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Builds the memory; returns it with its subjects and time spans. */
function build(versions: number): { mem: MemoryGraph; subjects: string[]; record: [number, number]; valid: [number, number] } {
  const entities = Math.max(10, Math.round(versions / VERSIONS_PER_ENTITY));
  const mem = new MemoryGraph({ now: () => Date.UTC(2035, 0, 1), predicates: factStreamPredicates(FACT_STREAM_DEFAULTS.predicates) });
  const subjects = new Set<string>();
  let first = Infinity;
  let last = -Infinity;
  for (const op of generateFactStream({ seed: 1, versions, entities })) {
    const { kind, ...input } = op;
    subjects.add(input.subject as string);
    const at = input.recordedAt as number;
    if (at < first) first = at;
    if (at > last) last = at;
    if (kind === 'assert') mem.assert(input as Parameters<MemoryGraph['assert']>[0]);
    else mem.retract(input as Parameters<MemoryGraph['retract']>[0]);
  }
  return { mem, subjects: [...subjects], record: [first, last], valid: [first - 30 * 86_400_000, last + 30 * 86_400_000] };
}

function* engineRows(mem: MemoryGraph, subjects: readonly string[]): Generator<EdgeRow> {
  for (const s of subjects) for (const f of mem.history({ subject: s })) yield factToRow(f);
}

/** Alternates `a` and `b` over the same inputs; returns each one's sorted latencies in ms. */
function alternate<Q>(list: readonly Q[], a: (q: Q) => unknown, b: (q: Q) => unknown): [Float64Array, Float64Array] {
  const ta = new Float64Array(list.length);
  const tb = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const q = list[i]!;
    let t = performance.now();
    a(q);
    ta[i] = performance.now() - t;
    t = performance.now();
    b(q);
    tb[i] = performance.now() - t;
  }
  return [ta.sort(), tb.sort()];
}

function scale(versions: number): void {
  const t0 = performance.now();
  const { mem, subjects, record, valid } = build(versions);
  const peer = new SqlitePeer({ subjectIndex: false });
  const loaded = peer.load(engineRows(mem, subjects));
  if (loaded !== mem.size.versions) throw new Error(`read-scale: SQLite holds ${loaded} rows, the memory ${mem.size.versions}`);
  const rand = mulberry32(versions);
  const local = Array.from({ length: LOCAL_QUERIES }, () => ({
    s: subjects[randInt(rand, 0, subjects.length)]!,
    v: randInt(rand, valid[0], valid[1] + 1),
    k: randInt(rand, record[0], record[1] + 1),
  }));
  const cuts = Array.from({ length: CUT_QUERIES }, () => ({ v: randInt(rand, valid[0], valid[1] + 1), k: randInt(rand, record[0], record[1] + 1) }));
  // Answers first: every query, both sides.
  for (const q of local) {
    const a = compareAnswers(mem.facts({ subject: q.s, validAt: q.v, knownAt: q.k }).map(factToRow), peer.facts(q.s, q.v, q.k));
    if (!a.agree) throw new Error(`read-scale: entity-local answers differ (${a.onlyLeft[0] ?? '—'} / ${a.onlyRight[0] ?? '—'})`);
  }
  let cutRows = 0;
  for (const q of cuts) {
    const mine = mem.facts({ validAt: q.v, knownAt: q.k });
    cutRows += mine.length;
    if (!compareAnswers(mine.map(factToRow), peer.cut(q.v, q.k)).agree) throw new Error('read-scale: whole-graph answers differ');
  }
  const meanCutRows = cutRows / cuts.length;
  const setupS = (performance.now() - t0) / 1000;

  const fig: Record<string, number[]> = {};
  const add = (name: string, value: number) => (fig[name] ??= []).push(value);
  for (let round = 0; round < ROUNDS; round++) {
    const [facts, sqlLocal] = alternate(local, (q) => mem.facts({ subject: q.s, validAt: q.v, knownAt: q.k }), (q) => peer.facts(q.s, q.v, q.k));
    const [ids] = alternate(local, (q) => mem.factIds({ subject: q.s, validAt: q.v, knownAt: q.k }), () => undefined);
    add('local facts p50', percentile(facts, 0.5));
    add('local facts p95', percentile(facts, 0.95));
    add('local ids p50', percentile(ids, 0.5));
    add('local ids p95', percentile(ids, 0.95));
    add('local sqlite p50', percentile(sqlLocal, 0.5));
    add('local sqlite p95', percentile(sqlLocal, 0.95));
  }
  const m = (name: string) => median(fig[name]!);
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  const size = mem.size;
  console.log(`\n${size.versions.toLocaleString('en-US')} versions, ${size.entities.toLocaleString('en-US')} entities (setup ${setupS.toFixed(0)} s; ${ROUNDS} rounds, medians of round p50/p95)`);
  console.log(`  entity-local, Fact objects   p50 ${us(m('local facts p50'))}  p95 ${us(m('local facts p95'))}`);
  console.log(`  entity-local, ids            p50 ${us(m('local ids p50'))}  p95 ${us(m('local ids p95'))}`);
  console.log(`  entity-local, SQLite rows    p50 ${us(m('local sqlite p50'))}  p95 ${us(m('local sqlite p95'))}   (plan: ${peer.planLocal()})`);
  console.log(
    `  entity-local ratio SQLite/engine: Facts p50 ${(m('local sqlite p50') / m('local facts p50')).toFixed(1)}×  p95 ${(m('local sqlite p95') / m('local facts p95')).toFixed(1)}×; ids p95 ${(m('local sqlite p95') / m('local ids p95')).toFixed(1)}×`,
  );
  if (CUT_ROUNDS === 0 || cuts.length === 0) {
    peer.close();
    return;
  }
  for (let round = 0; round < CUT_ROUNDS; round++) {
    const [cutFacts, cutSql] = alternate(cuts, (q) => mem.facts({ validAt: q.v, knownAt: q.k }), (q) => peer.cut(q.v, q.k));
    add('cut facts p50', percentile(cutFacts, 0.5));
    add('cut sqlite p50', percentile(cutSql, 0.5));
  }
  console.log(
    `  whole-graph cut (${Math.round(meanCutRows).toLocaleString('en-US')} rows): Fact objects ${m('cut facts p50').toFixed(1)} ms (${us(m('cut facts p50') / meanCutRows)}/row), SQLite ${m('cut sqlite p50').toFixed(1)} ms (${us(m('cut sqlite p50') / meanCutRows)}/row); ratio ${(m('cut sqlite p50') / m('cut facts p50')).toFixed(1)}×`,
  );
  peer.close();
}

const sizes = process.argv.slice(2).map(Number);
for (const n of sizes.length > 0 ? sizes : [100_000, 1_000_000, 3_000_000]) scale(n);
