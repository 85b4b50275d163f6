import { CorruptSnapshotError, InvalidArgumentError } from '../errors.js';
import { simdAvailable, vectorMemory, type DistanceKernel, type VectorMemory } from '../simd/kernel.js';
import { dotScalar } from '../simd/scalar.js';
import { growU32, isCount, isU32, TopK, type Hit } from './grow.js';
import { grow } from '../util/arrays.js';
import { CandidateHeap, ResultHeap } from './sim-heap.js';

export type { DistanceKernel } from '../simd/kernel.js';

export type HnswMetric = 'cosine' | 'dot';

export interface HnswOptions {
  /** Vector length; every vector added or searched must have it. */
  dimensions: number;
  /** `cosine` normalises vectors on insert and queries on search; `dot` uses them as given. @default 'cosine' */
  metric?: HnswMetric;
  /** Links per node on upper levels; level 0 keeps 2·M. @default 16 */
  M?: number;
  /** Candidate list size while inserting. @default 200 */
  efConstruction?: number;
  /** Candidate list size while searching (raised to k when smaller). @default 64 */
  efSearch?: number;
  /** Seed of the level generator: same seed and same inserts give the same graph, byte for byte. @default 42 */
  seed?: number;
  /**
   * Who computes distances: the WASM SIMD kernel (`simd`), its TypeScript twin (`scalar`), or the kernel
   * where the engine has WASM SIMD (`auto`). Speed only: both give bit-identical scores and graphs.
   * @default 'auto'
   */
  kernel?: DistanceKernel;
}

export const HNSW_DEFAULTS = { metric: 'cosine' as HnswMetric, M: 16, efConstruction: 200, efSearch: 64, seed: 42, kernel: 'auto' as DistanceKernel };

export interface HnswSearchOptions {
  /** Candidate list size for this query. @default efSearch */
  ef?: number;
  /** Only labels it accepts are returned; the walk still passes through rejected nodes (hnswlib's filter). */
  accept?: (id: number) => boolean;
}

/** The whole graph as typed arrays, for snapshot files; arrays are trimmed to `labels.length` nodes. */
export interface HnswState {
  dimensions: number;
  metric: HnswMetric;
  M: number;
  efConstruction: number;
  efSearch: number;
  seed: number;
  /** mulberry32 state, so inserts after a reload draw the same levels as without it. */
  rngState: number;
  /** Slot of the entry point, -1 when empty. */
  entryPoint: number;
  maxLevel: number;
  /** External label of each slot. */
  labels: Uint32Array;
  /** Top level of each slot. */
  levels: Uint8Array;
  /** Vectors by slot, stride `dimensions` (normalised for cosine). */
  vectors: Float32Array;
  /** Level-0 links by slot, stride 2·M + 1: [count, n1 … n2M]. */
  links0: Uint32Array;
  /** Where a slot's level-1 block starts in `upperLinks`; level l is at offset + (l−1)·(M+1). */
  upperOffsets: Uint32Array;
  /** Upper-level links, blocks of M + 1: [count, n1 … nM]. */
  upperLinks: Uint32Array;
}

function checkVector(call: string, vector: ArrayLike<number>, dim: number, metric: HnswMetric): number {
  if (vector === null || typeof vector !== 'object' || typeof vector.length !== 'number') {
    throw new InvalidArgumentError(`${call}: vector must be an array or typed array of numbers`);
  }
  if (vector.length !== dim) throw new InvalidArgumentError(`${call}: vector has ${vector.length} dimensions, expected ${dim}`);
  let norm = 0;
  for (let i = 0; i < dim; i++) {
    const x = vector[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidArgumentError(`${call}: vector[${i}] (${x}) is not a finite number`);
    norm += x * x;
  }
  if (metric === 'cosine' && norm === 0) throw new InvalidArgumentError(`${call}: a zero vector has no cosine similarity`);
  return Math.sqrt(norm);
}

function validOptions(o: HnswOptions, call: string): Required<HnswOptions> {
  if (o === null || typeof o !== 'object') throw new InvalidArgumentError(`${call}: options with dimensions are required`);
  const r = { ...HNSW_DEFAULTS, ...o } as Required<HnswOptions>;
  for (const k of Object.keys(HNSW_DEFAULTS) as (keyof typeof HNSW_DEFAULTS)[]) if (o[k] === undefined) (r as unknown as Record<string, unknown>)[k] = HNSW_DEFAULTS[k];
  if (!Number.isInteger(r.dimensions) || r.dimensions < 1) throw new InvalidArgumentError(`${call}: dimensions (${r.dimensions}) must be a positive integer`);
  if (r.metric !== 'cosine' && r.metric !== 'dot') throw new InvalidArgumentError(`${call}: metric (${String(r.metric)}) must be 'cosine' or 'dot'`);
  if (!Number.isInteger(r.M) || r.M < 2 || r.M > 1024) throw new InvalidArgumentError(`${call}: M (${r.M}) must be an integer in [2, 1024]`);
  if (!Number.isInteger(r.efConstruction) || r.efConstruction < 1) throw new InvalidArgumentError(`${call}: efConstruction (${r.efConstruction}) must be a positive integer`);
  if (!Number.isInteger(r.efSearch) || r.efSearch < 1) throw new InvalidArgumentError(`${call}: efSearch (${r.efSearch}) must be a positive integer`);
  if (!isU32(r.seed)) throw new InvalidArgumentError(`${call}: seed (${r.seed}) must be an integer in [0, 2^32)`);
  if (r.kernel !== 'auto' && r.kernel !== 'simd' && r.kernel !== 'scalar') throw new InvalidArgumentError(`${call}: kernel (${String(r.kernel)}) must be 'auto', 'simd' or 'scalar'`);
  return r;
}

/**
 * Hierarchical navigable small-world graph (Malkov & Yashunin 2016) in hnswlib's flat layout:
 * vectors in one Float32Array, level-0 links in one Uint32Array of fixed stride, upper levels in a
 * second pool, visited marks as epoch stamps. Insert-only; labels are caller integers below 2^32.
 * Scores are similarities (dot product; cosine vectors are normalised), higher is better.
 *
 * The vectors live in a VectorMemory (a WASM linear memory when the SIMD kernel runs) after a small
 * scratch area: the query, a list of slots to score, and their scores. A walk gathers a node's unvisited
 * neighbours into that list and scores them in one kernel call. Scores are f32 dot products summed in
 * one fixed order (simd/distances.wat), so both kernels build the same graph and return the same hits.
 */
export class Hnsw {
  readonly dimensions: number;
  readonly metric: HnswMetric;
  readonly M: number;
  readonly efConstruction: number;
  readonly efSearch: number;
  readonly seed: number;
  private readonly maxM0: number;
  private readonly stride0: number;
  private readonly strideU: number;
  private readonly levelMult: number;
  private rng: number;
  private count = 0;
  private entry = -1;
  private maxLevel = 0;
  private readonly mem: VectorMemory;
  /** Word offsets in `mem`: the query, the slots to score (u32), their scores (f32), and slot 0's vector. */
  private readonly qAt = 0;
  private readonly idsAt: number;
  private readonly outAt: number;
  private readonly vbase: number;
  private labels = new Uint32Array(0);
  private levels = new Uint8Array(0);
  private links0 = new Uint32Array(0);
  private upperOffsets = new Uint32Array(0);
  private upper = new Uint32Array(0);
  private upperUsed = 0;
  private readonly slotOf = new Map<number, number>();
  // scratch, reused across calls
  private visited = new Uint32Array(0);
  private epoch = 0;
  private readonly cand = new CandidateHeap();
  private readonly res = new ResultHeap();
  private wIds = new Uint32Array(0);
  private wSims = new Float64Array(0);
  private readonly sel: Uint32Array;
  private readonly pIds: Uint32Array;
  private readonly pSims: Float64Array;
  /** Similarity of the node greedy() last returned. */
  private greedySim = 0;

  constructor(options: HnswOptions) {
    const o = validOptions(options, 'Hnsw');
    this.dimensions = o.dimensions;
    this.metric = o.metric;
    this.M = o.M;
    this.efConstruction = o.efConstruction;
    this.efSearch = o.efSearch;
    this.seed = o.seed;
    this.rng = o.seed >>> 0;
    this.maxM0 = 2 * o.M;
    this.stride0 = this.maxM0 + 1;
    this.strideU = o.M + 1;
    this.levelMult = 1 / Math.log(o.M);
    // scratch rounded to 4 words, so every vector starts 16-byte aligned when dimensions is a multiple of 4
    const up4 = (x: number): number => (x + 3) & ~3;
    this.idsAt = this.qAt + up4(o.dimensions);
    this.outAt = this.idsAt + up4(this.maxM0 + 1);
    this.vbase = this.outAt + up4(this.maxM0 + 1);
    this.mem = vectorMemory(o.kernel, 'Hnsw');
    this.mem.reserve(this.vbase);
    this.pIds = new Uint32Array(this.maxM0 + 1);
    this.pSims = new Float64Array(this.maxM0 + 1);
    this.sel = new Uint32Array(this.maxM0 + 1);
  }

  /** The kernel in use (`auto` resolved). */
  get kernel(): 'simd' | 'scalar' {
    return this.mem.simd ? 'simd' : 'scalar';
  }

  /** Number of vectors. */
  get size(): number {
    return this.count;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** mulberry32: small, fast, and good enough to draw levels. */
  private random(): number {
    let t = (this.rng = (this.rng + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  private randomLevel(): number {
    return Math.min(255, Math.floor(-Math.log(1 - this.random()) * this.levelMult));
  }

  private ensureCapacity(n: number): void {
    if (n <= this.labels.length) return;
    let cap = Math.max(64, this.labels.length);
    while (cap < n) cap *= 2;
    this.mem.reserve(this.vbase + cap * this.dimensions);
    // exactly `cap` slots each: the check above reads the labels' length for all of them
    this.labels = grow(this.labels, cap);
    this.levels = grow(this.levels, cap);
    this.links0 = grow(this.links0, cap * this.stride0);
    this.upperOffsets = grow(this.upperOffsets, cap);
    const v = new Uint32Array(cap);
    v.set(this.visited);
    this.visited = v;
  }

  private nextEpoch(): number {
    if (++this.epoch === 0xffffffff) {
      this.visited.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }

  /** Adds a vector under an external label (an integer in [0, 2^32), each added once). */
  add(id: number, vector: ArrayLike<number>): void {
    if (!isU32(id)) throw new InvalidArgumentError(`Hnsw.add: id (${id}) must be an integer in [0, 2^32)`);
    if (this.slotOf.has(id)) throw new InvalidArgumentError(`Hnsw.add: id ${id} was already added`);
    const norm = checkVector('Hnsw.add', vector, this.dimensions, this.metric);
    const dim = this.dimensions;
    const slot = this.count;
    this.ensureCapacity(slot + 1);
    const scale = this.metric === 'cosine' ? 1 / norm : 1;
    const vo = this.vbase + slot * dim;
    const f32 = this.mem.f32;
    for (let i = 0; i < dim; i++) f32[vo + i] = vector[i]! * scale;
    const level = this.randomLevel();
    this.labels[slot] = id;
    this.levels[slot] = level;
    if (level > 0) {
      this.upperOffsets[slot] = this.upperUsed;
      this.upperUsed += level * this.strideU;
      this.upper = growU32(this.upper, this.upperUsed);
    }
    this.slotOf.set(id, slot);
    this.count++;
    if (this.entry < 0) {
      this.entry = slot;
      this.maxLevel = level;
      return;
    }
    let cur = this.entry;
    let curSim = this.mem.dot(vo, this.vbase + cur * dim, dim);
    for (let l = this.maxLevel; l > level; l--) {
      cur = this.greedy(vo, cur, curSim, l);
      curSim = this.greedySim;
    }
    for (let l = Math.min(level, this.maxLevel); l >= 0; l--) {
      this.searchLayer(vo, cur, this.efConstruction, l, undefined);
      const n = this.drainResults();
      cur = this.wIds[0]!;
      this.connect(slot, l, n);
    }
    if (level > this.maxLevel) {
      this.entry = slot;
      this.maxLevel = level;
    }
  }

  /** Where a slot's link block of `level` starts (in links0 for level 0, else in upper). */
  private linkBase(slot: number, level: number): number {
    return level === 0 ? slot * this.stride0 : this.upperOffsets[slot]! + (level - 1) * this.strideU;
  }

  /** Greedy descent on one level from `start` towards the vector at word `qo`; sets greedySim. */
  private greedy(qo: number, start: number, startSim: number, level: number): number {
    const mem = this.mem;
    const f32 = mem.f32;
    const u32 = mem.u32;
    const { idsAt, outAt } = this;
    const arr = level === 0 ? this.links0 : this.upper;
    let cur = start;
    let curSim = startSim;
    let changed = true;
    while (changed) {
      changed = false;
      const base = this.linkBase(cur, level);
      const n = arr[base]!;
      for (let i = 0; i < n; i++) u32[idsAt + i] = arr[base + 1 + i]!;
      mem.dots(qo, this.vbase, idsAt, n, outAt, this.dimensions);
      for (let i = 0; i < n; i++) {
        const nb = u32[idsAt + i]!;
        const s = f32[outAt + i]!;
        if (s > curSim || (s === curSim && nb < cur)) {
          curSim = s;
          cur = nb;
          changed = true;
        }
      }
    }
    this.greedySim = curSim;
    return cur;
  }

  /** Best-first search of one level; leaves up to ef results in `this.res` (worst on top). */
  private searchLayer(qo: number, start: number, ef: number, level: number, accept: ((id: number) => boolean) | undefined): void {
    const dim = this.dimensions;
    const mem = this.mem;
    const f32 = mem.f32;
    const u32 = mem.u32;
    const { idsAt, outAt, vbase } = this;
    const visited = this.visited;
    const epoch = this.nextEpoch();
    const cand = this.cand;
    const res = this.res;
    cand.size = 0;
    res.size = 0;
    const arr = level === 0 ? this.links0 : this.upper;
    visited[start] = epoch;
    const s0 = mem.dot(qo, vbase + start * dim, dim);
    let lower = -Infinity;
    if (accept === undefined || accept(this.labels[start]!)) {
      res.push(s0, start);
      lower = s0;
    }
    cand.push(s0, start);
    while (cand.size > 0) {
      const cs = cand.topSim();
      // with a filter the walk goes on until ef accepted results are held (hnswlib's rule)
      if (cs < lower && (res.size === ef || accept === undefined)) break;
      const c = cand.topId();
      cand.pop();
      // the unvisited neighbours, scored in one kernel call
      const base = this.linkBase(c, level);
      const n = arr[base]!;
      let m = 0;
      for (let i = 1; i <= n; i++) {
        const nb = arr[base + i]!;
        if (visited[nb] === epoch) continue;
        visited[nb] = epoch;
        u32[idsAt + m++] = nb;
      }
      if (m === 0) continue;
      mem.dots(qo, vbase, idsAt, m, outAt, dim);
      for (let j = 0; j < m; j++) {
        const s = f32[outAt + j]!;
        if (res.size < ef || s > lower) {
          const nb = u32[idsAt + j]!;
          cand.push(s, nb);
          if (accept === undefined || accept(this.labels[nb]!)) {
            res.push(s, nb);
            if (res.size > ef) res.pop();
          }
          if (res.size > 0) lower = res.topSim();
        }
      }
    }
  }

  /** Moves `this.res` into wIds/wSims, best first; returns the count. */
  private drainResults(): number {
    const res = this.res;
    const n = res.size;
    if (this.wIds.length < n) {
      this.wIds = new Uint32Array(Math.max(n, this.wIds.length * 2));
      this.wSims = new Float64Array(this.wIds.length);
    }
    for (let i = n - 1; i >= 0; i--) {
      this.wIds[i] = res.topId();
      this.wSims[i] = res.topSim();
      res.pop();
    }
    return n;
  }

  /**
   * The paper's neighbour heuristic (Algorithm 4, as hnswlib's getNeighborsByHeuristic2): walk the
   * candidates best first and keep one only if it is closer to the base than to every one already kept,
   * which spreads links across directions instead of into one cluster. Writes to `this.sel`.
   */
  private selectNeighbors(ids: Uint32Array, sims: Float64Array, n: number, max: number): number {
    const sel = this.sel;
    if (n <= max) {
      for (let i = 0; i < n; i++) sel[i] = ids[i]!;
      return n;
    }
    const dim = this.dimensions;
    const mem = this.mem;
    const vbase = this.vbase;
    let kept = 0;
    for (let i = 0; i < n && kept < max; i++) {
      const c = ids[i]!;
      const toBase = sims[i]!;
      const co = vbase + c * dim;
      let good = true;
      for (let j = 0; j < kept; j++) {
        if (mem.dot(co, vbase + sel[j]! * dim, dim) > toBase) {
          good = false;
          break;
        }
      }
      if (good) sel[kept++] = c;
    }
    return kept;
  }

  private connect(slot: number, level: number, n: number): void {
    const maxL = level === 0 ? this.maxM0 : this.M;
    const arr = level === 0 ? this.links0 : this.upper;
    const kept = this.selectNeighbors(this.wIds, this.wSims, n, this.M);
    const base = this.linkBase(slot, level);
    arr[base] = kept;
    // copy out now: sel is reused when a neighbour's list is pruned below
    for (let j = 0; j < kept; j++) arr[base + 1 + j] = this.sel[j]!;
    for (let j = 0; j < kept; j++) {
      const nb = arr[base + 1 + j]!;
      const nbase = this.linkBase(nb, level);
      const cnt = arr[nbase]!;
      if (cnt < maxL) {
        arr[nbase + 1 + cnt] = slot;
        arr[nbase] = cnt + 1;
        continue;
      }
      // full: re-select among the new node and the old links, by similarity to the neighbour
      const m = this.rankByNeighbour(nb, slot, arr, nbase, cnt);
      const k = this.selectNeighbors(this.pIds, this.pSims, m, maxL);
      arr[nbase] = k;
      for (let i = 0; i < k; i++) arr[nbase + 1 + i] = this.sel[i]!;
    }
  }

  /** Scores `slot` and the `cnt` links at arr[nbase + 1 …] against `nb`'s vector; into pIds/pSims, best first. */
  private rankByNeighbour(nb: number, slot: number, arr: Uint32Array, nbase: number, cnt: number): number {
    const mem = this.mem;
    const u32 = mem.u32;
    const f32 = mem.f32;
    const { idsAt, outAt } = this;
    u32[idsAt] = slot;
    for (let i = 1; i <= cnt; i++) u32[idsAt + i] = arr[nbase + i]!;
    const m = cnt + 1;
    mem.dots(this.vbase + nb * this.dimensions, this.vbase, idsAt, m, outAt, this.dimensions);
    // insertion sort: higher similarity first, ties by lower slot
    const pIds = this.pIds;
    const pSims = this.pSims;
    for (let k = 0; k < m; k++) {
      const id = u32[idsAt + k]!;
      const s = f32[outAt + k]!;
      let i = k;
      while (i > 0 && (pSims[i - 1]! < s || (pSims[i - 1]! === s && pIds[i - 1]! > id))) {
        pIds[i] = pIds[i - 1]!;
        pSims[i] = pSims[i - 1]!;
        i--;
      }
      pIds[i] = id;
      pSims[i] = s;
    }
    return m;
  }

  /** The k most similar labels, best first (ties by lower label). */
  search(query: ArrayLike<number>, k: number, options: HnswSearchOptions = {}): Hit[] {
    const norm = checkVector('Hnsw.search', query, this.dimensions, this.metric);
    if (!isCount(k)) throw new InvalidArgumentError(`Hnsw.search: k (${k}) must be a non-negative integer`);
    const ef0 = options.ef ?? this.efSearch;
    if (!Number.isInteger(ef0) || ef0 < 1) throw new InvalidArgumentError(`Hnsw.search: ef (${ef0}) must be a positive integer`);
    const accept = options.accept;
    if (accept !== undefined && typeof accept !== 'function') throw new InvalidArgumentError('Hnsw.search: accept must be a function');
    if (k === 0 || this.count === 0) return [];
    const dim = this.dimensions;
    const qo = this.qAt;
    const f32 = this.mem.f32;
    const scale = this.metric === 'cosine' ? 1 / norm : 1;
    for (let i = 0; i < dim; i++) f32[qo + i] = query[i]! * scale;
    let cur = this.entry;
    for (let l = this.maxLevel; l > 0; l--) cur = this.greedy(qo, cur, this.mem.dot(qo, this.vbase + cur * dim, dim), l);
    this.searchLayer(qo, cur, Math.max(ef0, k), 0, accept);
    const n = this.drainResults();
    const out: Hit[] = [];
    for (let i = 0; i < n && out.length < k; i++) out.push({ id: this.labels[this.wIds[i]!]!, score: this.wSims[i]! });
    // slots broke ties inside the graph; callers get ties broken by label
    out.sort((a, b) => b.score - a.score || a.id - b.id);
    return out;
  }

  /** The stored (normalised, for cosine) vector of a label, or undefined. A copy. */
  vector(id: number): Float32Array | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    const o = this.vbase + slot * this.dimensions;
    return this.mem.f32.slice(o, o + this.dimensions);
  }

  toState(): HnswState {
    const n = this.count;
    return {
      dimensions: this.dimensions,
      metric: this.metric,
      M: this.M,
      efConstruction: this.efConstruction,
      efSearch: this.efSearch,
      seed: this.seed,
      rngState: this.rng,
      entryPoint: this.entry,
      maxLevel: this.maxLevel,
      labels: this.labels.slice(0, n),
      levels: this.levels.slice(0, n),
      vectors: this.mem.f32.slice(this.vbase, this.vbase + n * this.dimensions),
      links0: this.links0.slice(0, n * this.stride0),
      upperOffsets: this.upperOffsets.slice(0, n),
      upperLinks: this.upper.slice(0, this.upperUsed),
    };
  }

  /** Rebuilds a graph from `toState()` output; checks every length, label and link. */
  static fromState(state: HnswState, options: { kernel?: DistanceKernel } = {}): Hnsw {
    const bad = (why: string): never => {
      throw new CorruptSnapshotError(`Hnsw.fromState: ${why}`);
    };
    // the kernel is the caller's choice, not the state's: an unusable one is bad input, not corruption
    const kernel = options?.kernel ?? 'auto';
    if (kernel !== 'auto' && kernel !== 'scalar' && !(kernel === 'simd' && simdAvailable())) {
      throw new InvalidArgumentError(`Hnsw.fromState: kernel (${String(kernel)}) must be 'auto', 'scalar', or 'simd' where WebAssembly SIMD runs`);
    }
    if (state === null || typeof state !== 'object') bad('state must be an object');
    let h: Hnsw;
    try {
      h = new Hnsw({ dimensions: state.dimensions, metric: state.metric, M: state.M, efConstruction: state.efConstruction, efSearch: state.efSearch, seed: state.seed, kernel });
    } catch (e) {
      return bad((e as Error).message);
    }
    const { labels, levels, vectors, links0, upperOffsets, upperLinks } = state;
    if (!(labels instanceof Uint32Array) || !(levels instanceof Uint8Array) || !(vectors instanceof Float32Array)) bad('labels/levels/vectors have the wrong array types');
    if (!(links0 instanceof Uint32Array) || !(upperOffsets instanceof Uint32Array) || !(upperLinks instanceof Uint32Array)) bad('link arrays must be Uint32Arrays');
    if (!isU32(state.rngState)) bad('rngState must be a uint32');
    const n = labels.length;
    const dim = h.dimensions;
    if (levels.length !== n || upperOffsets.length !== n) bad('levels/upperOffsets do not match labels in length');
    if (vectors.length !== n * dim) bad(`vectors has ${vectors.length} values, expected ${n * dim}`);
    if (links0.length !== n * h.stride0) bad(`links0 has ${links0.length} values, expected ${n * h.stride0}`);
    if (n === 0 ? state.entryPoint !== -1 : !(Number.isInteger(state.entryPoint) && state.entryPoint >= 0 && state.entryPoint < n)) bad(`entryPoint ${state.entryPoint} is out of range`);
    if (n > 0 && state.maxLevel !== levels[state.entryPoint]) bad('maxLevel is not the entry point level');
    for (let i = 0; i < vectors.length; i++) if (!Number.isFinite(vectors[i]!)) bad(`vector value ${i} is not finite`);
    const checkBlock = (arr: Uint32Array, base: number, max: number, what: string): void => {
      const c = arr[base]!;
      if (c > max) bad(`${what} has ${c} links, more than ${max}`);
      for (let i = 1; i <= c; i++) if (arr[base + i]! >= n) bad(`${what} links to slot ${arr[base + i]} of ${n}`);
    };
    let used = 0;
    for (let s = 0; s < n; s++) {
      const label = labels[s]!;
      if (h.slotOf.has(label)) bad(`label ${label} appears twice`);
      h.slotOf.set(label, s);
      if (levels[s]! > state.maxLevel) bad(`slot ${s} is above maxLevel`);
      checkBlock(links0, s * h.stride0, h.maxM0, `slot ${s} level 0`);
      const lv = levels[s]!;
      if (lv > 0) {
        const off = upperOffsets[s]!;
        if (off + lv * h.strideU > upperLinks.length) bad(`slot ${s} upper links run past the pool`);
        for (let l = 1; l <= lv; l++) checkBlock(upperLinks, off + (l - 1) * h.strideU, h.M, `slot ${s} level ${l}`);
        used = Math.max(used, off + lv * h.strideU);
      }
    }
    if (used !== upperLinks.length) bad('upperLinks has unused trailing space');
    h.ensureCapacity(n);
    h.mem.f32.set(vectors, h.vbase);
    h.labels.set(labels);
    h.levels.set(levels);
    h.links0.set(links0);
    h.upperOffsets.set(upperOffsets);
    h.upper = upperLinks.slice();
    h.upperUsed = upperLinks.length;
    h.count = n;
    h.entry = state.entryPoint;
    h.maxLevel = n === 0 ? 0 : state.maxLevel;
    h.rng = state.rngState;
    return h;
  }
}

/**
 * Exact k nearest rows of `vectors` (row-major, stride `dimensions`) by similarity; ids are row numbers.
 * For tests and benchmarks: the ground truth HNSW is measured against.
 */
export function bruteForceSearch(vectors: Float32Array, dimensions: number, query: ArrayLike<number>, k: number, metric: HnswMetric = 'cosine'): Hit[] {
  if (!Number.isInteger(dimensions) || dimensions < 1 || vectors.length % dimensions !== 0) {
    throw new InvalidArgumentError(`bruteForceSearch: vectors length ${vectors.length} is not a multiple of dimensions ${dimensions}`);
  }
  const qn = checkVector('bruteForceSearch', query, dimensions, metric);
  if (!isCount(k)) throw new InvalidArgumentError(`bruteForceSearch: k (${k}) must be a non-negative integer`);
  const rows = vectors.length / dimensions;
  const q = Float32Array.from(query as ArrayLike<number>);
  const top = new TopK();
  top.reset(k);
  for (let r = 0; r < rows; r++) {
    let s = dotScalar(q, 0, vectors, r * dimensions, dimensions);
    if (metric === 'cosine') {
      const vn = Math.sqrt(dotScalar(vectors, r * dimensions, vectors, r * dimensions, dimensions));
      s = vn === 0 ? 0 : s / (vn * qn);
    }
    top.push(s, r);
  }
  return top.drain();
}
