import { InvalidArgumentError } from '../errors.js';
import { DISTANCES_WASM } from './distances-wasm.js';
import { dotScalar } from './scalar.js';

/**
 * Which code computes distances: `simd` the WASM kernel (distances.wat), `scalar` its TypeScript twin,
 * `auto` the kernel where the engine runs WASM SIMD. Both give bit-identical results, so the choice
 * changes speed only: graphs, scores and snapshots are the same.
 */
export type DistanceKernel = 'auto' | 'simd' | 'scalar';

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where WebAssembly, its SIMD, or compiling code at run time is unavailable. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = typeof WebAssembly === 'object' && WebAssembly.validate(DISTANCES_WASM) ? new WebAssembly.Module(DISTANCES_WASM) : null;
    } catch {
      compiled = null; // e.g. a Content-Security-Policy without 'wasm-unsafe-eval'
    }
  }
  return compiled;
}

/** Whether this engine runs the WASM SIMD kernel (`kernel: 'simd'` works, and `auto` picks it). */
export function simdAvailable(): boolean {
  return kernelModule() !== null;
}

/**
 * Float32 storage (vectors and scratch) and the dot products over it, addressed in 4-byte words.
 * `f32` and `u32` view the same words; `reserve` may replace both (growing a WASM memory detaches the
 * old views), so callers re-read them after it and never hold them across one.
 */
export abstract class VectorMemory {
  f32: Float32Array = new Float32Array(0);
  u32: Uint32Array = new Uint32Array(0);
  abstract readonly simd: boolean;
  /** Makes room for at least `words` words; existing words keep their values and positions. */
  abstract reserve(words: number): void;
  /** Dot product of the `dim` words at `a` and at `b`. */
  abstract dot(a: number, b: number, dim: number): number;
  /** For k < n: f32[out + k] = dot(q, base + u32[ids + k]·dim). */
  abstract dots(q: number, base: number, ids: number, n: number, out: number, dim: number): void;
}

type DotFn = (a: number, b: number, dim: number) => number;
type DotsFn = (q: number, base: number, ids: number, n: number, out: number, dim: number) => void;

/** Vectors in a WASM linear memory, distances by the SIMD kernel; arguments are turned into byte offsets. */
class SimdMemory extends VectorMemory {
  readonly simd = true;
  private readonly memory: WebAssembly.Memory;
  private readonly wdot: DotFn;
  private readonly wdots: DotsFn;

  constructor(module: WebAssembly.Module) {
    super();
    const exports = new WebAssembly.Instance(module, {}).exports;
    this.memory = exports.memory as WebAssembly.Memory;
    this.wdot = exports.dot as DotFn;
    this.wdots = exports.dots as DotsFn;
    this.views();
  }

  private views(): void {
    this.f32 = new Float32Array(this.memory.buffer);
    this.u32 = new Uint32Array(this.memory.buffer);
  }

  reserve(words: number): void {
    const pages = this.memory.buffer.byteLength >>> 16;
    const need = Math.ceil((words * 4) / 65536);
    if (need <= pages) return;
    this.memory.grow(Math.max(need, pages * 2) - pages);
    this.views();
  }

  dot(a: number, b: number, dim: number): number {
    return this.wdot(a * 4, b * 4, dim);
  }

  dots(q: number, base: number, ids: number, n: number, out: number, dim: number): void {
    this.wdots(q * 4, base * 4, ids * 4, n, out * 4, dim);
  }
}

/** Vectors in an ordinary ArrayBuffer, distances by dotScalar. */
class ScalarMemory extends VectorMemory {
  readonly simd = false;

  reserve(words: number): void {
    if (words <= this.f32.length) return;
    const buf = new ArrayBuffer(Math.max(words, this.f32.length * 2, 1024) * 4);
    const f32 = new Float32Array(buf);
    f32.set(this.f32);
    this.f32 = f32;
    this.u32 = new Uint32Array(buf);
  }

  dot(a: number, b: number, dim: number): number {
    return dotScalar(this.f32, a, this.f32, b, dim);
  }

  dots(q: number, base: number, ids: number, n: number, out: number, dim: number): void {
    const f32 = this.f32;
    const u32 = this.u32;
    for (let k = 0; k < n; k++) f32[out + k] = dotScalar(f32, q, f32, base + u32[ids + k]! * dim, dim);
  }
}

/** A new, empty vector memory on the chosen kernel; `simd` throws where the engine lacks WASM SIMD. */
export function vectorMemory(kernel: DistanceKernel, call: string): VectorMemory {
  const module = kernel === 'scalar' ? null : kernelModule();
  if (kernel === 'simd' && module === null) throw new InvalidArgumentError(`${call}: kernel 'simd' is not available here (no WebAssembly SIMD)`);
  return module === null ? new ScalarMemory() : new SimdMemory(module);
}
