/**
 * Workload 2: bi-temporal reads on a memory of N versions (1M in the full run), the SQLite peer answering
 * the same queries. Before anything is timed, every query of every kind is answered by both and the
 * answers compared as multisets of (subject, predicate, object, four stamps); a kind whose answers differ
 * is reported as disagreeing and its timings are not reported.
 */
import type { Fact, MemoryGraph } from '@palimpsest/core';
import { compareAnswers, factToRow, SqlitePeer, type Agreement, type EdgeRow } from '../peers/sqlite.js';
import { mulberry32, randInt } from '../rng.js';
import { cycle, runTasks, type TimingOptions } from '../timing.js';
import { withMemory } from '../memory.js';
import type { WorkloadResult } from '../report/types.js';

export interface ReadsInput {
  mem: MemoryGraph;
  /** Every subject name the stream used. */
  subjects: readonly string[];
  /** The record-time span of the stream, [first, last]. */
  recordSpan: [number, number];
  /** The valid-time span to draw cuts from. */
  validSpan: [number, number];
  seed: number;
  /** Queries per kind (the same list is checked for agreement, then timed round-robin). */
  queries: { local: number; cut: number; history: number; changes: number };
  timing: TimingOptions;
  /** Time whole-graph cuts with fewer iterations: each returns every live version. */
  cutTiming?: TimingOptions;
  /** Called after each of the READS_STEPS steps (two peer loads, five read kinds): for a progress bar. */
  onStep?: () => void;
}

/** Steps runReads reports through onStep. */
export const READS_STEPS = 7;

export interface ReadsOutput {
  results: WorkloadResult[];
  agreement: Record<string, Agreement & { queries: number }>;
  notes: string[];
}

const rows = (fs: readonly Fact[]): EdgeRow[] => fs.map(factToRow);

export async function runReads(input: ReadsInput): Promise<ReadsOutput> {
  const { mem, subjects, seed } = input;
  const rand = mulberry32(seed);
  const notes: string[] = [];
  const results: WorkloadResult[] = [];

  // The peer is loaded from the engine's own versions, so both hold exactly the same rows.
  const allRows: EdgeRow[] = [];
  for (const s of subjects) for (const f of mem.history({ subject: s })) allRows.push(factToRow(f));
  const versions = allRows.length;

  const peers: SqlitePeer[] = [];
  for (const subjectIndex of [true, false]) {
    const t0 = performance.now();
    const { memory } = await withMemory(() => {
      const p = new SqlitePeer({ subjectIndex });
      p.load(allRows);
      peers.push(p);
    });
    const ms = performance.now() - t0;
    results.push({
      workload: '2 reads',
      name: `load ${versions.toLocaleString('en-US')} versions + indexes`,
      system: peerName(peers[peers.length - 1]!),
      throughput: (versions * 1000) / ms,
      unit: 'version',
      memory,
      extra: { ms: Math.round(ms), plan: peers[peers.length - 1]!.planLocal() },
    });
    input.onStep?.();
  }

  const [v0, v1] = input.validSpan;
  const [k0, k1] = input.recordSpan;
  const pickSubject = () => subjects[randInt(rand, 0, subjects.length)] as string;
  const pickV = () => randInt(rand, v0, v1 + 1);
  const pickK = () => randInt(rand, k0, k1 + 1);
  const localQ = Array.from({ length: input.queries.local }, () => ({ s: pickSubject(), v: pickV(), k: pickK() }));
  const cutQ = Array.from({ length: input.queries.cut }, () => ({ v: pickV(), k: pickK() }));
  const histQ = Array.from({ length: input.queries.history }, () => pickSubject());
  const span = Math.max(1, Math.floor((k1 - k0) / 100));
  const changesQ = Array.from({ length: input.queries.changes }, () => {
    const since = randInt(rand, k0 - 1, k1);
    return { since, until: since + span };
  });

  const kinds = {
    'facts (entity-local cut)': {
      engine: (q: (typeof localQ)[number]) => rows(mem.facts({ subject: q.s, validAt: q.v, knownAt: q.k })),
      peer: (p: SqlitePeer, q: (typeof localQ)[number]) => p.facts(q.s, q.v, q.k),
      list: localQ,
    },
    'facts (whole-graph cut)': {
      engine: (q: (typeof cutQ)[number]) => rows(mem.facts({ validAt: q.v, knownAt: q.k })),
      peer: (p: SqlitePeer, q: (typeof cutQ)[number]) => p.cut(q.v, q.k),
      list: cutQ,
    },
    history: {
      engine: (s: string) => rows(mem.history({ subject: s })),
      peer: (p: SqlitePeer, s: string) => p.history(s),
      list: histQ,
    },
    'changes (record axis)': {
      engine: (q: (typeof changesQ)[number]) => {
        const c = mem.changes({ since: q.since, until: q.until, axis: 'record' });
        return [...rows(c.added).map((r) => ({ ...r, predicate: '+' + r.predicate })), ...rows(c.removed).map((r) => ({ ...r, predicate: '-' + r.predicate }))];
      },
      peer: (p: SqlitePeer, q: (typeof changesQ)[number]) => {
        const c = p.changes(q.since, q.until);
        return [...c.added.map((r) => ({ ...r, predicate: '+' + r.predicate })), ...c.removed.map((r) => ({ ...r, predicate: '-' + r.predicate }))];
      },
      list: changesQ,
    },
  } as const;

  const agreement: ReadsOutput['agreement'] = {};
  /** One result row per timed system of a read kind. */
  const pushTimed = (kind: string, timed: Awaited<ReturnType<typeof runTasks>>, meanRows: number): void => {
    for (const t of timed) {
      results.push({
        workload: '2 reads',
        name: kind,
        system: t.name,
        latency: t.latency,
        throughput: t.latency.throughput,
        unit: 'query',
        extra: { versions, meanRows },
      });
    }
  };
  for (const [kind, spec] of Object.entries(kinds) as Array<[string, { engine: (q: unknown) => EdgeRow[]; peer: (p: SqlitePeer, q: unknown) => EdgeRow[]; list: readonly unknown[] }]>) {
    // Agreement first: every query of the list, against both peer variants.
    let agg: Agreement & { queries: number } = { agree: true, left: 0, right: 0, onlyLeft: [], onlyRight: [], queries: spec.list.length };
    for (const q of spec.list) {
      const mine = spec.engine(q);
      for (const p of peers) {
        const a = compareAnswers(mine, spec.peer(p, q));
        agg.left += a.left;
        agg.right += a.right;
        if (!a.agree && agg.agree) agg = { ...agg, ...a, left: agg.left, right: agg.right, agree: false };
      }
    }
    agreement[kind] = agg;
    if (!agg.agree) {
      notes.push(`reads: ${kind}: engine and SQLite DISAGREE (e.g. engine only: ${agg.onlyLeft[0] ?? '—'}; SQLite only: ${agg.onlyRight[0] ?? '—'}); timings not reported`);
      input.onStep?.();
      continue;
    }
    notes.push(`reads: ${kind}: engine and SQLite agree on all ${spec.list.length} queries (${agg.left.toLocaleString('en-US')} rows compared per peer variant)`);
    const timing = kind.includes('whole-graph') ? (input.cutTiming ?? input.timing) : input.timing;
    const nextE = cycle(spec.list);
    const nextP = peers.map((p) => ({ p, next: cycle(spec.list) }));
    const timed = await runTasks(
      [
        { name: 'palimpsest', fn: () => spec.engine(nextE()) },
        ...nextP.map(({ p, next }) => ({ name: peerName(p), fn: () => spec.peer(p, next()) })),
      ],
      timing,
    );
    pushTimed(kind, timed, agg.left / Math.max(1, spec.list.length * peers.length));
    input.onStep?.();
  }
  // The same whole-graph cuts as version ids only, on both sides: the cost of the cut itself, without
  // building a row object per answer (which dominates the row-level timing above).
  {
    const kind = 'fact ids (whole-graph cut)';
    let agree = true;
    let compared = 0;
    for (const q of cutQ) {
      const mine = mem.factIds({ validAt: q.v, knownAt: q.k });
      compared += mine.length;
      for (const p of peers) {
        const theirs = p.cutIds(q.v, q.k).sort((a, b) => a - b);
        if (theirs.length !== mine.length || theirs.some((id, i) => id !== mine[i])) agree = false;
      }
    }
    agreement[kind] = { agree, left: compared, right: compared, onlyLeft: [], onlyRight: [], queries: cutQ.length };
    if (!agree) notes.push(`reads: ${kind}: engine and SQLite DISAGREE on the version ids; timings not reported`);
    else {
      notes.push(`reads: ${kind}: engine and SQLite agree on all ${cutQ.length} queries (${compared.toLocaleString('en-US')} ids)`);
      const nextE = cycle(cutQ);
      const nextP = peers.map((p) => ({ p, next: cycle(cutQ) }));
      const timed = await runTasks(
        [
          { name: 'palimpsest', fn: () => (({ v, k }) => mem.factIds({ validAt: v, knownAt: k }))(nextE()) },
          ...nextP.map(({ p, next }) => ({ name: peerName(p), fn: () => (({ v, k }) => p.cutIds(v, k))(next()) })),
        ],
        input.cutTiming ?? input.timing,
      );
      pushTimed(kind, timed, compared / Math.max(1, cutQ.length));
    }
    input.onStep?.();
  }
  for (const p of peers) p.close();
  return { results, agreement, notes };
}

export function peerName(peer: Pick<SqlitePeer, 'subjectIndex' | 'unique'>): string {
  const schema = peer.unique ? 'seed schema' : 'seed indexes, no UNIQUE';
  return peer.subjectIndex ? `SQLite (${schema} + subject index)` : `SQLite (${schema})`;
}
