/**
 * The scenario the browser test runs, bundled once for the page and once for a module Web Worker:
 * the worked example of SEMANTICS.md, recall at two cuts, a snapshot round trip, and the decoding of
 * snapshot files written by Node (served by the test server). Every result is plain JSON so the page
 * (`window.__result`) and the worker (`postMessage`) hand back the same thing; times are ISO strings
 * and open ends are '∞', so the Node side can assert them readably.
 *
 * The Node side imports `buildContractMemory` and `digest` from here too, so the snapshot it writes and
 * the digest it expects come from the same code the browser runs.
 */
import { Hnsw, MemoryGraph, simdAvailable } from '@palimpsest/core';
import { mulberry32 } from '@palimpsest/core/internal';
import type { Fact } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);
export const T = {
  DEC31: day('2024-12-31'),
  JAN1: day('2025-01-01'),
  JAN15: day('2025-01-15'),
  FEB1: day('2025-02-01'),
  FEB3: day('2025-02-03'),
  FEB5: day('2025-02-05'),
  FEB6: day('2025-02-06'),
  MAR1: day('2025-03-01'),
  MAR5: day('2025-03-05'),
  MAR15: day('2025-03-15'),
  APR1: day('2025-04-01'),
};

export const iso = (ms: number): string => (ms === Infinity ? '∞' : ms === -Infinity ? '-∞' : new Date(ms).toISOString());

export type Section<V> = { ok: true; value: V } | { ok: false; error: string };

function section<V>(run: () => V): Section<V> {
  try {
    return { ok: true, value: run() };
  } catch (err) {
    const e = err as Error;
    return { ok: false, error: `${e?.name ?? 'Error'}: ${e?.message ?? String(err)}` };
  }
}

async function sectionAsync<V>(run: () => Promise<V>): Promise<Section<V>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    const e = err as Error;
    return { ok: false, error: `${e?.name ?? 'Error'}: ${e?.message ?? String(err)}` };
  }
}

const objectOf = (f: Fact): string | number | boolean => ('value' in f.object ? f.object.value : f.object.name);

export interface VersionSummary {
  object: string | number | boolean;
  validFrom: string;
  validTo: string;
  recordedAt: string;
  invalidAt: string;
  supersededBy: number;
}

const summary = (f: Fact): VersionSummary => ({
  object: objectOf(f),
  validFrom: iso(f.validFrom),
  validTo: iso(f.validTo),
  recordedAt: iso(f.recordedAt),
  invalidAt: iso(f.invalidAt),
  supersededBy: f.supersededBy?.length ?? 0,
});

/** The worked example of SEMANTICS.md plus a little context for recall, on a fake clock. */
export function buildPricingMemory(): MemoryGraph {
  let clock = T.JAN1;
  const mem = new MemoryGraph({ now: () => clock, predicates: { price: { cardinality: 'one' } } });
  mem.entity({ name: 'Pro plan', type: 'plan' });
  mem.entity({ name: 'Acme', type: 'company' });
  mem.entity({ name: 'Alice', type: 'person' });
  mem.episode({ id: 'e1', text: 'Pricing page: the Pro plan costs $40 per month.', at: T.JAN1, entities: ['Pro plan'] });
  mem.assert({ subject: 'Pro plan', predicate: 'price', object: { value: 40 }, validFrom: T.JAN1, evidence: ['e1'] });
  mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme', validFrom: T.JAN1 });
  mem.assert({ subject: 'Acme', predicate: 'subscribes_to', object: 'Pro plan', validFrom: T.JAN1 });
  clock = T.MAR15;
  mem.episode({ id: 'e2', text: 'Billing update: since March 1 the Pro plan costs $50 per month.', at: T.MAR15, entities: ['Pro plan'] });
  mem.assert({ subject: 'Pro plan', predicate: 'price', object: { value: 50 }, validFrom: T.MAR1, evidence: ['e2'] });
  clock = T.APR1;
  return mem;
}

/** The seed's contract-tier example: the tier changes on Feb 1 and the memory learns it on Feb 5. */
export function buildContractMemory(): MemoryGraph {
  let clock = T.JAN1;
  const mem = new MemoryGraph({ now: () => clock, predicates: { tier: { cardinality: 'one' } } });
  for (const name of ['Acme', 'Alice', 'Bob']) mem.entity({ name, type: name === 'Acme' ? 'company' : 'person' });
  mem.assert({ subject: 'Acme', predicate: 'tier', object: { value: 'gold' }, validFrom: T.JAN1 });
  mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme', validFrom: T.JAN1 });
  clock = T.FEB5;
  mem.assert({ subject: 'Acme', predicate: 'tier', object: { value: 'platinum' }, validFrom: T.FEB1 });
  mem.assert({ subject: 'Bob', predicate: 'works_at', object: 'Acme', validFrom: T.FEB1 });
  clock = T.MAR1;
  return mem;
}

/** A canonical text of what a memory answers at one instant: equal texts, equal memories (for reads). */
export function digest(mem: MemoryGraph, at: number): { text: string; facts: number } {
  const facts = mem.facts({ validAt: at, knownAt: at });
  const changes = mem.changes({ since: 0, until: at });
  return { text: JSON.stringify({ facts, changes }), facts: facts.length };
}

const values = (facts: Fact[]): Array<string | number | boolean> => facts.map(objectOf).sort();

export function workedExample(mem: MemoryGraph) {
  const price = (validAt: number, knownAt: number) =>
    values(mem.facts({ subject: 'Pro plan', predicate: 'price', validAt, knownAt }));
  return {
    mar5KnownMar5: price(T.MAR5, T.MAR5),
    mar5KnownNow: price(T.MAR5, T.APR1),
    feb1KnownNow: price(T.FEB1, T.APR1),
    history: mem
      .history({ subject: 'Pro plan', predicate: 'price' })
      .map(summary)
      .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt) || a.validFrom.localeCompare(b.validFrom)),
  };
}

export function recallAt(mem: MemoryGraph, validAt: number, knownAt: number) {
  const r = mem.recall('How much does the Pro plan cost?', { k: 5, validAt, knownAt });
  return {
    facts: r.facts.map((f) => ({ ...summary(f), predicate: f.predicate, subject: f.subject.name, score: f.score })),
    // Whether every returned fact honours the cut (valid at validAt, believed at knownAt).
    allInCut: r.facts.every(
      (f) => f.validFrom <= validAt && validAt < f.validTo && f.recordedAt <= knownAt && knownAt < f.invalidAt,
    ),
    episodes: r.episodes.map((e) => e.id),
    entities: r.entities.map((e) => e.name),
    textLength: r.text.length,
    tokens: r.tokens,
  };
}

/** Encode, decode, and compare every read over a grid of cuts, plus a re-encode. */
export function roundTrip(mem: MemoryGraph) {
  const bytes = encodeSnapshot(mem);
  const back = decodeSnapshot(bytes);
  const grid = [T.DEC31, T.JAN1, T.FEB1, T.MAR1, T.MAR5, T.MAR15, T.APR1];
  const differing: string[] = [];
  let compared = 0;
  for (const validAt of grid) {
    for (const knownAt of grid) {
      compared++;
      const a = JSON.stringify(mem.facts({ validAt, knownAt }));
      const b = JSON.stringify(back.facts({ validAt, knownAt }));
      if (a !== b) differing.push(`validAt ${iso(validAt)} knownAt ${iso(knownAt)}`);
    }
  }
  const historyEqual =
    JSON.stringify(mem.history({ subject: 'Pro plan' })) === JSON.stringify(back.history({ subject: 'Pro plan' }));
  const again = encodeSnapshot(back);
  const reencodeEqual = again.length === bytes.length && again.every((b, i) => b === bytes[i]);
  return { bytes: bytes.length, compared, differing, historyEqual, reencodeEqual, decodedWorkedExample: workedExample(back) };
}

/** Decodes the snapshot Node wrote from `buildContractMemory` and reads the contract-tier example. */
export function readContract(bytes: Uint8Array, at: number) {
  const mem = decodeSnapshot(bytes);
  const tier = (validAt: number, knownAt: number) => values(mem.facts({ subject: 'Acme', predicate: 'tier', validAt, knownAt }));
  return {
    feb3KnownFeb3: tier(T.FEB3, T.FEB3),
    feb3KnownFeb6: tier(T.FEB3, T.FEB6),
    jan15KnownFeb6: tier(T.JAN15, T.FEB6),
    employees: mem
      .facts({ predicate: 'works_at', object: 'Acme', validAt: T.FEB6, knownAt: T.FEB6 })
      .map((f) => f.subject.name)
      .sort(),
    digest: digest(mem, at),
  };
}

/** FNV-1a over the bytes of typed arrays: a short fingerprint of an HNSW state. */
function fnv(arrays: ArrayBufferView[]): string {
  let h = 0x811c9dc5;
  for (const a of arrays) {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * A seeded HNSW (odd dimension, dot metric, wide value range) built on each distance kernel this engine
 * has: the WASM SIMD kernel and its TypeScript twin must give the same graph bytes and the same hits,
 * and the same as Node's (the Node side runs this function too).
 */
export function hnswKernels() {
  const dim = 37;
  const rand = mulberry32(12);
  const vec = (): number[] => Array.from({ length: dim }, () => (rand() - 0.5) * 10 ** Math.floor(rand() * 6 - 3));
  const data = Array.from({ length: 300 }, vec);
  const queries = Array.from({ length: 10 }, vec);
  const runs: Record<string, { kernel: string; state: string; hits: string }> = {};
  for (const kernel of simdAvailable() ? (['simd', 'scalar'] as const) : (['scalar'] as const)) {
    const h = new Hnsw({ dimensions: dim, metric: 'dot', M: 8, efConstruction: 40, seed: 3, kernel });
    data.forEach((v, i) => h.add(i, v));
    const s = h.toState();
    runs[kernel] = {
      kernel: h.kernel,
      state: fnv([s.links0, s.upperLinks, s.levels, s.vectors, s.labels]),
      // String(score) round-trips a double exactly
      hits: queries.map((q) => h.search(q, 5).map((x) => `${x.id}:${String(x.score)}`).join(',')).join(' | '),
    };
  }
  return { simd: simdAvailable(), runs };
}

export interface ScenarioConfig {
  /** The instant at which digests are taken (the same on the Node side). */
  at: number;
  /** Snapshot fixtures written by the persist package, served under /fixtures/. */
  fixtures: string[];
}

async function fetchBytes(path: string): Promise<Uint8Array> {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Runs everything; never throws, each part reports its own error. */
export async function runScenario(where: 'page' | 'worker') {
  const config = await sectionAsync(async () => (await (await fetch('/config.json')).json()) as ScenarioConfig);
  const built = section(buildPricingMemory);
  const mem = built.ok ? built.value : null;
  const need = <V>(run: (m: MemoryGraph) => V) => () => {
    if (!mem) throw new Error(`the pricing memory was not built: ${built.ok ? '' : built.error}`);
    return run(mem);
  };
  const result = {
    where,
    userAgent: navigator.userAgent,
    hasWindow: typeof (globalThis as { document?: unknown }).document !== 'undefined',
    build: built.ok ? ({ ok: true, value: null } as const) : built,
    workedExample: section(need(workedExample)),
    // Before recall: recall may touch non-temporal metadata (retrieval counts), which is not the point here.
    roundTrip: section(need(roundTrip)),
    recallThen: section(need((m) => recallAt(m, T.MAR5, T.MAR5))),
    recallNow: section(need((m) => recallAt(m, T.MAR5, T.APR1))),
    hnswKernels: section(hnswKernels),
    nodeSnapshot: await sectionAsync(async () => {
      if (!config.ok) throw new Error(config.error);
      return readContract(await fetchBytes('/node.plmp'), config.value.at);
    }),
    fixtures: await sectionAsync(async () => {
      if (!config.ok) throw new Error(config.error);
      const out: Array<{ name: string; digest: Section<{ text: string; facts: number }> }> = [];
      for (const name of config.value.fixtures) {
        const bytes = await fetchBytes(`/fixtures/${encodeURIComponent(name)}`);
        out.push({ name, digest: section(() => digest(decodeSnapshot(bytes), config.value.at)) });
      }
      return out;
    }),
  };
  return result;
}

export type ScenarioResult = Awaited<ReturnType<typeof runScenario>>;
