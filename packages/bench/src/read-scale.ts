/**
 * Reads against SQLite as the memory grows, in one process on the same rows:
 *
 *   npm run perf:reads -w @palimpsest/bench                    # 100k, 1M, 3M versions
 *   node packages/bench/dist/read-scale.js 100000 300000       # chosen sizes
 *
 * At each size: a memory from generateFactStream with 20 versions per entity (so an entity's history is the
 * same size at every scale) and two SQLite peers loaded with the memory's own versions: the seed's schema
 * (its UNIQUE constraint led by subject, whose automatic index serves subject lookups, and the two seed
 * indexes) and the same table without the UNIQUE constraint but with a plain (subject, valid_at) index;
 * answers compared before anything is timed. Then, in PALIMPSEST_READ_ROUNDS rounds (default 5), engine
 * and peers alternate query by query over the same list of entity-local cuts, in two passes (engine Fact
 * objects with the seed-schema peer, engine ids with the other; SQLite returns row objects); then, in
 * PALIMPSEST_CUT_ROUNDS rounds (default 3), whole-graph cuts at PALIMPSEST_CUT_QUERIES cuts (default 3;
 * Fact objects against rows, ids against SQLite's ids; per-row cost). Printed: medians over rounds of each round's p50 and p95. A measurement, not a test.
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

/** Runs every function on each input in turn (query by query); returns each one's sorted latencies in ms. */
function interleave<Q>(list: readonly Q[], fns: ReadonlyArray<(q: Q) => unknown>): Float64Array[] {
  const times = fns.map(() => new Float64Array(list.length));
  for (let i = 0; i < list.length; i++) {
    const q = list[i]!;
    for (let f = 0; f < fns.length; f++) {
      const t = performance.now();
      fns[f]!(q);
      times[f]![i] = performance.now() - t;
    }
  }
  return times.map((t) => t.sort());
}

/** The two SQL peers: the seed's schema, and the same table with a plain subject index instead of UNIQUE. */
const PEERS = [
  { name: 'SQLite, seed schema (UNIQUE)', options: { subjectIndex: false, unique: true } },
  { name: 'SQLite, no UNIQUE, (subject, valid_at) index', options: { subjectIndex: true, unique: false } },
] as const;

function scale(versions: number): void {
  const t0 = performance.now();
  const { mem, subjects, record, valid } = build(versions);
  const peers = PEERS.map(({ name, options }) => {
    const peer = new SqlitePeer(options);
    const loaded = peer.load(engineRows(mem, subjects));
    if (loaded !== mem.size.versions) throw new Error(`read-scale: SQLite holds ${loaded} rows, the memory ${mem.size.versions}`);
    return { name, peer };
  });
  const rand = mulberry32(versions);
  const local = Array.from({ length: LOCAL_QUERIES }, () => ({
    s: subjects[randInt(rand, 0, subjects.length)]!,
    v: randInt(rand, valid[0], valid[1] + 1),
    k: randInt(rand, record[0], record[1] + 1),
  }));
  const cuts = Array.from({ length: CUT_QUERIES }, () => ({ v: randInt(rand, valid[0], valid[1] + 1), k: randInt(rand, record[0], record[1] + 1) }));
  // Answers first: every query, every side.
  for (const { peer } of peers) {
    for (const q of local) {
      const a = compareAnswers(mem.facts({ subject: q.s, validAt: q.v, knownAt: q.k }).map(factToRow), peer.facts(q.s, q.v, q.k));
      if (!a.agree) throw new Error(`read-scale: entity-local answers differ (${a.onlyLeft[0] ?? '—'} / ${a.onlyRight[0] ?? '—'})`);
    }
  }
  let cutRows = 0;
  for (const q of cuts) {
    const mine = mem.facts({ validAt: q.v, knownAt: q.k });
    cutRows += mine.length;
    for (const { peer } of peers) if (!compareAnswers(mine.map(factToRow), peer.cut(q.v, q.k)).agree) throw new Error('read-scale: whole-graph answers differ');
    const ids = mem.factIds({ validAt: q.v, knownAt: q.k });
    if (ids.length !== mine.length || ids.some((id, i) => id !== mine[i]!.id)) throw new Error('read-scale: whole-graph ids differ from the Facts');
  }
  const meanCutRows = cutRows / cuts.length;
  const setupS = (performance.now() - t0) / 1000;

  const fig: Record<string, number[]> = {};
  const add = (name: string, value: number) => (fig[name] ??= []).push(value);
  for (let round = 0; round < ROUNDS; round++) {
    // Two passes, each pairing an engine read with a peer's: a read right after another of the same entity
    // finds its data in cache, so the two engine forms never follow each other on a query.
    const [facts, sql0] = interleave(local, [(q) => mem.facts({ subject: q.s, validAt: q.v, knownAt: q.k }), (q) => peers[0]!.peer.facts(q.s, q.v, q.k)]);
    const [ids, sql1] = interleave(local, [(q) => mem.factIds({ subject: q.s, validAt: q.v, knownAt: q.k }), (q) => peers[1]!.peer.facts(q.s, q.v, q.k)]);
    add('local facts p50', percentile(facts!, 0.5));
    add('local facts p95', percentile(facts!, 0.95));
    add('local ids p50', percentile(ids!, 0.5));
    add('local ids p95', percentile(ids!, 0.95));
    for (const [i, t] of [sql0!, sql1!].entries()) {
      add(`local sqlite${i} p50`, percentile(t, 0.5));
      add(`local sqlite${i} p95`, percentile(t, 0.95));
    }
  }
  const m = (name: string) => median(fig[name]!);
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  const x = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
  const size = mem.size;
  console.log(`\n${size.versions.toLocaleString('en-US')} versions, ${size.entities.toLocaleString('en-US')} entities (setup ${setupS.toFixed(0)} s; ${ROUNDS} rounds, medians of round p50/p95)`);
  console.log(`  entity-local, Fact objects   p50 ${us(m('local facts p50'))}  p95 ${us(m('local facts p95'))}`);
  console.log(`  entity-local, ids            p50 ${us(m('local ids p50'))}  p95 ${us(m('local ids p95'))}`);
  for (const [i, { name, peer }] of peers.entries()) {
    const s50 = m(`local sqlite${i} p50`);
    const s95 = m(`local sqlite${i} p95`);
    console.log(`  ${name}: rows p50 ${us(s50)}  p95 ${us(s95)}   (plan: ${peer.planLocal()})`);
    console.log(
      `    ratio SQLite/engine: Facts p50 ${x(s50, m('local facts p50'))}  p95 ${x(s95, m('local facts p95'))}; ids p50 ${x(s50, m('local ids p50'))}  p95 ${x(s95, m('local ids p95'))}`,
    );
  }
  if (CUT_ROUNDS === 0 || cuts.length === 0) {
    for (const { peer } of peers) peer.close();
    return;
  }
  // The whole-graph cut scans the table whatever its indexes: the seed-schema peer alone.
  const peer = peers[0]!.peer;
  for (let round = 0; round < CUT_ROUNDS; round++) {
    const [cutFacts, cutSql] = interleave(cuts, [(q) => mem.facts({ validAt: q.v, knownAt: q.k }), (q) => peer.cut(q.v, q.k)]);
    const [cutIds, cutSqlIds] = interleave(cuts, [(q) => mem.factIds({ validAt: q.v, knownAt: q.k }), (q) => peer.cutIds(q.v, q.k)]);
    add('cut facts p50', percentile(cutFacts!, 0.5));
    add('cut sqlite p50', percentile(cutSql!, 0.5));
    add('cut ids p50', percentile(cutIds!, 0.5));
    add('cut sqlite ids p50', percentile(cutSqlIds!, 0.5));
  }
  const perRow = (ms: number) => us(ms / meanCutRows);
  console.log(
    `  whole-graph cut (${Math.round(meanCutRows).toLocaleString('en-US')} rows): Fact objects ${m('cut facts p50').toFixed(1)} ms (${perRow(m('cut facts p50'))}/row), SQLite rows ${m('cut sqlite p50').toFixed(1)} ms (${perRow(m('cut sqlite p50'))}/row); ratio ${x(m('cut sqlite p50'), m('cut facts p50'))}`,
  );
  console.log(
    `  whole-graph cut, ids: engine ${m('cut ids p50').toFixed(2)} ms (${perRow(m('cut ids p50'))}/row), SQLite ids ${m('cut sqlite ids p50').toFixed(1)} ms (${perRow(m('cut sqlite ids p50'))}/row); ratio ${x(m('cut sqlite ids p50'), m('cut ids p50'))}`,
  );
  for (const { peer: p } of peers) p.close();
}

const sizes = process.argv.slice(2).map(Number);
for (const n of sizes.length > 0 ? sizes : [100_000, 1_000_000, 3_000_000]) scale(n);
