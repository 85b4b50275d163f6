/**
 * A loaded memory's derived tables, rebuilt by the bulk passes of a load (fact-store.ts `loadColumns`,
 * entities and strings as columns), are the tables the live memory built by appends: compared field by
 * field, on a memory with odd values (valid times that no float32 holds, ±∞, record times repeated and closed
 * at, metadata dense in one field and sparse in others, aliases and merges), and again after both take the
 * same writes. (Times are whole milliseconds, -0 stored as 0: the API admits no others.)
 */
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { mulberry32 } from '../src/util/random.js';
import { stateBytes } from './state-bytes.js';
import { tablesOf } from '@palimpsest/core/internal';

type Internals = Record<string, unknown>;

function field(object: unknown, name: string): Internals {
  return (object as Internals)[name] as Internals;
}

/** The used part of each derived table (typed arrays as their bytes, so -0 and float32 bounds count). */
function derived(mem: MemoryGraph): Record<string, unknown> {
  const store = tablesOf(mem)!.store as unknown as Internals;
  const n = tablesOf(mem)!.store.rowCount;
  const tc = store.tripleCount as number;
  const bytes = (a: unknown, length?: number) => {
    const t = a as Int32Array;
    const view = new Uint8Array(t.buffer, t.byteOffset, (length ?? t.length) * t.BYTES_PER_ELEMENT);
    return Buffer.from(view).toString('hex');
  };
  const subjects = field(store, 'subjects');
  const times = field(store, 'times');
  const meta = field(store, 'meta');
  const timeCount = times.count as number;
  const metaColumns = ['salience', 'retrievals', 'lastRetrievedAt', 'archivedAt', 'episode', 'evidenceHead', 'confidence', 'provenance'];
  const entities = tablesOf(mem)!.entities;
  const names = [...tablesOf(mem)!.strings.values];
  return {
    hash: bytes(store.hash),
    subjectHead: bytes(store.subjectHead, entities.count),
    objectHead: bytes(store.objectHead, entities.count),
    tSubjectNext: bytes(store.tSubjectNext, tc),
    tObjectNext: bytes(store.tObjectNext, tc),
    tHead: bytes(store.tHead, tc),
    tripleNext: bytes(store.tripleNext, n),
    recordedId: bytes(store.recordedId, n),
    lastSeenId: bytes(store.lastSeenId, n),
    times: bytes(times.times, timeCount),
    rowsBefore: bytes(times.rowsBefore, (timeCount + 15) >> 4),
    samples: bytes(times.samples, (timeCount + 15) >> 4),
    subjectSlots: bytes(subjects.slotInts, 6 * (subjects.slotsUsed as number)),
    subjectBlocks: bytes(subjects.blockInts, 4 * (subjects.blocksUsed as number)),
    subjectRows: bytes(subjects.rowSlot, n),
    metaBits: bytes(meta.bits, n),
    // Values, not forms: a live column that went dense once stays dense, a load picks the form for its rows now.
    metaValues: metaColumns.map((c) => bytes((field(meta, c) as unknown as { toDense: (n: number) => Int32Array }).toDense(n))),
    // The live lists as sets: a load links a pair's triples in triple order, appends in the order they opened.
    live: Array.from({ length: entities.count }, (_, s) => tablesOf(mem)!.predicateNames.values.map((_p, p) => tablesOf(mem)!.store.liveTriples(s, p).sort((a, b) => a - b).join(','))),
    lookup: names.map((name) => entities.lookup(name)),
    display: Array.from({ length: entities.count }, (_, id) => entities.displayName(id)),
  };
}

function build(seed: number): { mem: MemoryGraph; writes: (m: MemoryGraph, from: number, count: number) => void } {
  // Whole milliseconds that no float32 holds (the subject index's summaries round them outwards), and -∞.
  const odd = [16_777_217, -16_777_217, 0, 2 ** 40 + 1, -(2 ** 53 - 1), 1, -Infinity];
  const predicates = { lives_in: { cardinality: 'one' as const }, knows: { cardinality: 'many' as const } };
  const writes = (m: MemoryGraph, from: number, count: number) => {
    const rand = mulberry32(seed + from);
    for (let i = from; i < from + count; i++) {
      const at = Math.floor(i / 3) * 1000; // three writes per record time
      const subject = `e${Math.floor(rand() * 40)}`;
      const validFrom = odd[Math.floor(rand() * odd.length)]!;
      const validTo = rand() < 0.5 ? Infinity : validFrom === -Infinity ? 7 : validFrom + 3;
      if (rand() < 0.15) m.retract({ subject, predicate: rand() < 0.5 ? 'lives_in' : 'knows', recordedAt: at });
      else {
        const ids = m.assert({
          subject,
          predicate: rand() < 0.4 ? 'lives_in' : 'knows',
          object: rand() < 0.2 ? { value: Math.floor(rand() * 5) } : `e${Math.floor(rand() * 40)}`,
          validFrom,
          validTo,
          recordedAt: at,
          confidence: rand() < 0.9 ? Math.fround(0.5 + rand() / 3) : 1,
        });
        if (rand() < 0.05) m.touch([ids.id], { recordedAt: at });
        if (rand() < 0.03) m.setSalience([ids.id], [0.25], { recordedAt: at });
      }
    }
  };
  const mem = new MemoryGraph({ now: () => 0, predicates });
  for (let i = 0; i < 40; i++) mem.entity({ name: `E${i}`, recordedAt: 0, ...(i % 7 === 0 ? { aliases: [`alias ${i}`] } : {}) });
  writes(mem, 0, 1500);
  mem.merge({ into: 'e1', from: 'e2', recordedAt: 500_000 });
  writes(mem, 1500, 500);
  return { mem, writes };
}

describe('a loaded memory', () => {
  it('has the derived tables the live memory built by appends, and keeps them alike through the same writes', () => {
    const { mem, writes } = build(17);
    const loaded = MemoryGraph.fromState(mem.exportState(), { now: () => 0 });
    expect(derived(loaded)).toEqual(derived(mem));
    writes(mem, 2000, 400);
    writes(loaded, 2000, 400);
    expect(derived(loaded)).toEqual(derived(mem));
    expect(stateBytes(loaded.exportState()).equals(stateBytes(mem.exportState()))).toBe(true);
  });
});
