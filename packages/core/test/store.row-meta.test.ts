import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { RowMeta, SparseColumn } from '../src/store/row-meta.js';
import { mulberry32 } from '../src/util/random.js';
import { stateBytes } from './state-bytes.js';

describe('SparseColumn', () => {
  it('reads as the dense column it stands for, before and after it turns dense', () => {
    const rows = 4000;
    const col = new SparseColumn((n) => new Float32Array(n), 1);
    const model = new Float32Array(rows).fill(1);
    const rand = mulberry32(3);
    for (let step = 0; step < 1500; step++) {
      const r = Math.floor(rand() * rows);
      const v = rand() < 0.1 ? 1 : rand();
      col.set(r, v, rows);
      model[r] = v;
      if (step % 100 === 0) for (let x = 0; x < rows; x++) expect(col.get(x)).toBe(model[x]);
    }
    // A Map entry is counted at 48 bytes, a float32 slot at 4: with this many rows set the column went dense.
    const set = model.filter((v) => v !== 1).length;
    expect(set * 48).toBeGreaterThan(rows * 4 * 2);
    expect(col.byteLength).toBeLessThanOrEqual(rows * 4 * 2);
    expect(col.toDense(rows)).toEqual(model);
    expect(col.get(rows + 10)).toBe(1);
  });

  it('stores values as its type does (float32, uint32) and drops entries set back to the default', () => {
    const col = new SparseColumn((n) => new Float32Array(n), 1);
    col.set(5, 0.1, 1_000_000);
    expect(col.get(5)).toBe(Math.fround(0.1));
    col.set(5, 1, 1_000_000);
    expect(col.byteLength).toBe(0);
    const nan = new SparseColumn((n) => new Float64Array(n), NaN);
    nan.set(2, 7, 1_000_000);
    nan.set(2, NaN, 1_000_000);
    expect(nan.byteLength).toBe(0);
    expect(nan.get(2)).toBeNaN();
  });
});

describe('RowMeta', () => {
  it('copies a row and round-trips through dense columns', () => {
    const meta = new RowMeta();
    meta.reserve(10);
    meta.setSalience(1, 0.5, 10);
    meta.touch(1, 100, 10);
    meta.touch(1, 200, 10);
    meta.setArchivedAt(1, 300, 10);
    meta.setArchivedAt(2, 400, 10);
    meta.setArchivedAt(2, NaN, 10);
    meta.setEpisode(1, 7, 10);
    meta.setEvidenceHead(2, 3, 10);
    meta.setEvidenceHead(5, 4, 10);
    meta.setEvidenceHead(5, -1, 10);
    meta.setConfidence(2, 0.25, 10);
    meta.setConfidence(4, 0.5, 10);
    meta.setConfidence(4, 1, 10);
    meta.setProvenance(1, 6, 10);
    meta.copy(1, 3, 10);
    meta.copy(0, 4, 10);
    const dense = {
      salience: meta.salience.toDense(10) as Float32Array,
      retrievals: meta.retrievals.toDense(10) as Uint32Array,
      lastRetrievedAt: meta.lastRetrievedAt.toDense(10) as Float64Array,
      archivedAt: meta.archivedAt.toDense(10) as Float64Array,
      episode: meta.episode.toDense(10) as Int32Array,
      evidenceHead: meta.evidenceHead.toDense(10) as Int32Array,
      confidence: meta.confidence.toDense(10) as Float32Array,
      provenance: meta.provenance.toDense(10) as Int32Array,
    };
    const loaded = new RowMeta();
    loaded.load(dense, 10);
    for (const m of [meta, loaded]) {
      for (const r of [1, 3]) {
        expect([m.salienceOf(r), m.retrievalsOf(r), m.lastRetrievedAtOf(r), m.archivedAtOf(r), m.isArchived(r)]).toEqual([0.5, 2, 200, 300, true]);
      }
      for (const r of [0, 2, 4]) {
        expect([m.salienceOf(r), m.retrievalsOf(r), m.lastRetrievedAtOf(r), m.archivedAtOf(r), m.isArchived(r)]).toEqual([1, 0, NaN, NaN, false]);
      }
      // Episode, evidence, confidence and provenance are the row's own: `copy` leaves them (an appended row is given its own).
      expect([0, 1, 2, 3, 4, 5].map((r) => [m.episodeOf(r), m.evidenceHeadOf(r), m.confidenceOf(r), m.provenanceOf(r)])).toEqual([
        [-1, -1, 1, 0],
        [7, -1, 1, 6],
        [-1, 3, 0.25, 0],
        [-1, -1, 1, 0],
        [-1, -1, 1, 0],
        [-1, -1, 1, 0],
      ]);
      expect(m.bits[4]).toBe(0); // confidence set back to its default: no flag, no entry
    }
  });

  it('keeps a memory whose metadata went dense byte-identical through exportState and fromState', () => {
    let now = Date.UTC(2024, 0, 1);
    const mem = new MemoryGraph({ now: () => now, predicates: { status: { cardinality: 'one' } } });
    for (let i = 0; i < 400; i++) {
      now += 1000;
      mem.assert({ subject: `e${i % 37}`, predicate: i % 3 === 0 ? 'status' : 'knows', object: i % 3 === 0 ? { value: i % 5 } : `e${(i * 7) % 41}` });
    }
    now += 1000;
    mem.touch([1, 2, 3]); // few: stays sparse
    now += 1000;
    mem.archive([5]);
    now += 86_400_000 * 90;
    mem.consolidate(); // salience of every version: dense
    now += 1000;
    mem.assert({ subject: 'e1', predicate: 'status', object: { value: 99 }, validFrom: Date.UTC(2023, 0, 1) }); // splits rows: copies
    const copy = MemoryGraph.fromState(mem.exportState());
    expect(stateBytes(copy.exportState()).equals(stateBytes(mem.exportState()))).toBe(true);
    const replayed = MemoryGraph.replay(mem.log(), { now: () => now, predicates: { status: { cardinality: 'one' } } });
    expect(replayed.facts({ knownAt: now })).toEqual(mem.facts({ knownAt: now }));
    expect(copy.facts({ knownAt: now, includeArchived: false })).toEqual(mem.facts({ knownAt: now, includeArchived: false }));
    expect(mem.fact(5).archivedAt).toBeDefined();
    expect(mem.fact(1).retrievals).toBe(1);
  });
});
