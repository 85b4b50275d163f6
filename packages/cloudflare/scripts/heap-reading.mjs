/**
 * Memory readings of the capacity scripts (measure-capacity.mjs, measure-save-stages.mjs), in bytes: V8's
 * heap in use plus ArrayBuffer memory. Run them with `node --expose-gc --single-threaded-gc`, so a GC frees
 * ArrayBuffer memory inside the call rather than on a background thread.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Exits with a usage line unless the process can be made to collect. */
export function requireGc(script) {
  if (typeof globalThis.gc === 'function') return;
  console.error(`${script}: run with node --expose-gc --single-threaded-gc`);
  process.exit(2);
}

/** Heap in use plus ArrayBuffer memory, without a GC first (garbage included). */
export const raw = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/** The same after full GCs: what is retained. */
export async function live() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await sleep(10);
  }
  return raw();
}
