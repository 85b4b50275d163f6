/**
 * The WASM SIMD distance kernel (src/simd/distances.wat) and its TypeScript twin (src/simd/scalar.ts):
 * the committed bytes are what the .wat assembles to, and both give bit-identical dot products on inputs
 * chosen to expose any difference in rounding or summation order, so HNSW graphs are the same on either.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { Hnsw } from '../src/recall/hnsw.js';
import { simdAvailable, vectorMemory } from '../src/simd/kernel.js';
import { dotScalar } from '../src/simd/scalar.js';
import { mulberry32 } from '../src/util/random.js';
// @ts-expect-error: a Node script without type declarations
import { GENERATED, generate } from '../scripts/wasm.mjs';

const f = Math.fround;

/** The documented order written out plainly (lane = index mod 8, tail to lanes 0–2), as a third opinion. */
function dotByTheBook(a: Float32Array, b: Float32Array): number {
  const dim = a.length;
  const lanes = new Array<number>(8).fill(0);
  const whole8 = dim - (dim % 8);
  for (let i = 0; i < whole8; i++) lanes[i % 8] = f(lanes[i % 8]! + f(a[i]! * b[i]!));
  let i = whole8;
  if (dim - whole8 >= 4) for (; i < whole8 + 4; i++) lanes[i % 4] = f(lanes[i % 4]! + f(a[i]! * b[i]!));
  const t = [0, 1, 2, 3].map((l) => f(lanes[l]! + lanes[l + 4]!));
  for (let l = 0; i < dim; i++, l++) t[l] = f(t[l]! + f(a[i]! * b[i]!));
  return f(f(t[0]! + t[1]!) + f(t[2]! + t[3]!));
}

type Kind = 'gauss' | 'denormal' | 'zeros' | 'large' | 'mixed';
/** f32 values of one kind: ordinary, subnormal, ±0 heavy, near overflow, or wildly mixed magnitudes. */
function values(kind: Kind, n: number, rand: () => number): Float32Array {
  const out = new Float32Array(n);
  const sign = (): number => (rand() < 0.5 ? -1 : 1);
  for (let i = 0; i < n; i++) {
    const u = rand();
    if (kind === 'gauss') out[i] = sign() * Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * rand());
    else if (kind === 'denormal') out[i] = sign() * u * 1.1754942e-38 * (rand() < 0.3 ? 1e-6 : 1); // below the smallest normal f32
    else if (kind === 'zeros') out[i] = u < 0.4 ? 0 : u < 0.8 ? -0 : sign() * rand();
    else if (kind === 'large') out[i] = sign() * (1 + rand()) * (rand() < 0.5 ? 1e19 : 1.8e19); // products near f32 max, some overflow
    else out[i] = sign() * rand() * 10 ** Math.floor(rand() * 60 - 30);
  }
  return out;
}

const DIMS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17, 31, 37, 64, 100, 127, 128, 129, 384];
const KINDS: Kind[] = ['gauss', 'denormal', 'zeros', 'large', 'mixed'];

describe('the WASM kernel module', () => {
  it('is what distances.wat assembles to (run `npm run wasm -w @palimpsest/core` after editing the .wat)', async () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(await generate());
  });

  it('runs here: Node 20 has WebAssembly SIMD, so these tests exercise both kernels', () => {
    expect(simdAvailable()).toBe(true);
    expect(new Hnsw({ dimensions: 3 }).kernel).toBe('simd');
    expect(new Hnsw({ dimensions: 3, kernel: 'scalar' }).kernel).toBe('scalar');
  });
});

describe('dot products', () => {
  it('are bit-identical on both kernels and follow the documented order, for every dimension and kind of value', () => {
    const rand = mulberry32(2026);
    let checked = 0;
    let nonFinite = 0;
    for (const dim of DIMS) {
      for (const ka of KINDS) {
        for (const kb of KINDS) {
          const simd = vectorMemory('simd', 'test');
          const scalar = vectorMemory('scalar', 'test');
          for (const m of [simd, scalar]) m.reserve(2 * dim + 8);
          const a = values(ka, dim, rand);
          const b = values(kb, dim, rand);
          // offsets 1 and dim + 3: unaligned, so the SIMD loads are not all 16-byte aligned
          simd.f32.set(a, 1);
          simd.f32.set(b, dim + 3);
          scalar.f32.set(a, 1);
          scalar.f32.set(b, dim + 3);
          const x = simd.dot(1, dim + 3, dim);
          const y = scalar.dot(1, dim + 3, dim);
          const z = dotScalar(a, 0, b, 0, dim);
          const label = `dim ${dim}, ${ka} · ${kb}`;
          expect(Object.is(x, y), `${label}: simd ${x} scalar ${y}`).toBe(true);
          expect(Object.is(z, y), label).toBe(true);
          expect(Object.is(dotByTheBook(a, b), y), label).toBe(true);
          expect(Object.is(f(x), x), `${label}: an f32 value`).toBe(true);
          if (!Number.isFinite(x)) nonFinite++;
          checked++;
        }
      }
    }
    expect(checked).toBe(DIMS.length * KINDS.length * KINDS.length);
    expect(nonFinite).toBeGreaterThan(0); // the 'large' cases did reach overflow, and agreed there too
  });

  it('see signed zeros and subnormals exactly as IEEE f32 does', () => {
    for (const kind of ['simd', 'scalar'] as const) {
      const m = vectorMemory(kind, 'test');
      m.reserve(16);
      m.f32.set([-0, -0, -0, -0, -0], 0);
      m.f32.set([1, 1, 1, 1, 1], 5);
      // (-0·1) summed from +0 lanes: +0
      expect(Object.is(m.dot(0, 5, 5), 0), kind).toBe(true);
      m.f32.set([1e-45, 0, 0, 0, 0], 0);
      m.f32.set([1, 0, 0, 0, 0], 5);
      expect(m.dot(0, 5, 5), kind).toBe(f(1e-45));
      m.f32.set([1e-20, 0, 0, 0, 0], 0);
      m.f32.set([1e-20, 0, 0, 0, 0], 5);
      expect(m.dot(0, 5, 5), kind).toBe(f(f(1e-20) * f(1e-20))); // a subnormal product (≈1e-40), not flushed to zero
      expect(m.dot(0, 5, 5), kind).toBeGreaterThan(0);
    }
  });

  it('dots() scores a list of rows as dot() does one by one', () => {
    const rand = mulberry32(7);
    for (const kind of ['simd', 'scalar'] as const) {
      for (const dim of [3, 8, 37, 128]) {
        const m = vectorMemory(kind, 'test');
        const rows = 50;
        const base = 200; // past the query, ids and outputs
        m.reserve(base + rows * dim);
        m.f32.set(values('gauss', dim, rand), 0);
        m.f32.set(values('mixed', rows * dim, rand), base);
        const ids = [49, 0, 7, 7, 13, 31];
        m.u32.set(ids, 100);
        m.dots(0, base, 100, ids.length, 150, dim);
        ids.forEach((r, k) => expect(Object.is(m.f32[150 + k], m.dot(0, base + r * dim, dim)), `${kind} dim ${dim} row ${r}`).toBe(true));
      }
    }
  });

  it('keep every stored value across memory growth (a grown WASM memory detaches the old views)', () => {
    for (const kind of ['simd', 'scalar'] as const) {
      const m = vectorMemory(kind, 'test');
      m.reserve(8);
      m.f32.set([1, 2, 3, 4, 5, 6, 7, 8]);
      const before = m.dot(0, 4, 4);
      const old = m.f32;
      m.reserve(3 * 65536); // more than one 64 KiB page
      expect(Array.from(m.f32.subarray(0, 8))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(m.f32.length).toBeGreaterThanOrEqual(3 * 65536);
      m.f32[3 * 65536 - 1] = 9;
      expect(m.dot(0, 4, 4)).toBe(before);
      expect(m.f32[3 * 65536 - 1]).toBe(9);
      if (kind === 'simd') expect(old.length).toBe(0); // detached: why callers must re-read the views
    }
  });
});

describe('Hnsw on both kernels', () => {
  function build(kernel: 'simd' | 'scalar', dim: number, metric: 'cosine' | 'dot', n: number, seed: number) {
    const rand = mulberry32(seed);
    const h = new Hnsw({ dimensions: dim, metric, seed, efConstruction: 48, M: 6, kernel });
    const centres = Array.from({ length: 8 }, () => values('gauss', dim, rand));
    for (let i = 0; i < n; i++) {
      const c = centres[i % 8]!;
      const v = values(i % 5 === 0 ? 'mixed' : 'gauss', dim, rand).map((x, d) => c[d]! + 0.4 * x);
      if (i % 11 === 0) v[i % dim] = 0;
      h.add(i * 2 + 1, v);
    }
    const hits = [];
    for (let q = 0; q < 25; q++) hits.push(h.search(values('gauss', dim, rand), 10, { ef: 20 + q }));
    return { h, hits };
  }

  it('builds byte-identical graphs and returns identical hits and scores (odd and even dimensions, both metrics)', () => {
    for (const [dim, metric] of [[37, 'dot'], [64, 'cosine'], [5, 'cosine'], [130, 'dot']] as const) {
      const a = build('simd', dim, metric, 400, dim);
      const b = build('scalar', dim, metric, 400, dim);
      expect(a.h.kernel).toBe('simd');
      expect(b.h.kernel).toBe('scalar');
      const sa = a.h.toState();
      const sb = b.h.toState();
      expect(sb).toEqual(sa);
      expect(Buffer.from(sb.links0.buffer).equals(Buffer.from(sa.links0.buffer)), `links0 dim ${dim}`).toBe(true);
      expect(Buffer.from(sb.vectors.buffer).equals(Buffer.from(sa.vectors.buffer)), `vectors dim ${dim}`).toBe(true);
      expect(b.hits).toEqual(a.hits);
      expect(a.hits.flat().length).toBe(250);
    }
  });

  it('reloads a state on either kernel, and later inserts build the same graph', () => {
    const dim = 19;
    const { h } = build('simd', dim, 'cosine', 300, 3);
    const state = h.toState();
    const rand = mulberry32(99);
    const more = Array.from({ length: 100 }, () => values('gauss', dim, rand));
    const states = (['simd', 'scalar', 'auto'] as const).map((kernel) => {
      const g = Hnsw.fromState(state, { kernel });
      more.forEach((v, i) => g.add(10_000 + i, v));
      return g.toState();
    });
    expect(states[1]).toEqual(states[0]);
    expect(states[2]).toEqual(states[0]);
  });

  it('rejects an unknown kernel with a named error that leaves nothing behind', () => {
    expect(() => new Hnsw({ dimensions: 3, kernel: 'gpu' as never })).toThrow(InvalidArgumentError);
    expect(() => new Hnsw({ dimensions: 3, kernel: 'gpu' as never })).toThrow(/^Hnsw: kernel \(gpu\)/);
    const s = new Hnsw({ dimensions: 3 }).toState();
    expect(() => Hnsw.fromState(s, { kernel: 'fast' as never })).toThrow(/^Hnsw\.fromState: kernel \(fast\)/);
  });
});
