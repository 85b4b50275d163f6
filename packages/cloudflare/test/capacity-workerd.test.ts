/**
 * Long (about a minute, a memory filled to the default limit), not in the default suite: PALIMPSEST_WORKERD_CAPACITY=1 npx vitest run packages/cloudflare/test/capacity-workerd.test.ts
 * (after `npm run build`). One memory filled with LoCoMo turns, then one with LongMemEval_S turns, in workerd,
 * the Worker's default limits, V8's heap bounded (workerd aborts the whole process past it), until the object
 * refuses a write by name; it keeps serving reads, forgets a turn at that size, and wakes after a restart
 * with the same answers as after the forget. scripts/measure-workerd.mjs does the work
 * and prints the process's memory figures.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config.js';
import { OPS_TO_SNAPSHOT, PEAK_BUDGET_BYTES, peakEstimate } from '../src/memory-budget.js';
// @ts-expect-error plain ESM script
import { measureInWorkerd } from '../scripts/measure-workerd.mjs';

/**
 * The JS heap's share of 128 MiB: near the budget the memory's ArrayBuffers (typed-array columns, recall's
 * scratch and the snapshot bytes while saving) take about 70 MiB in Node's V8 (README "Limits"), which V8's
 * heap bound does not count; this bound leaves them that and a margin.
 */
const HEAP_MIB = 64;
/** The batches the fill sends (measure-workerd's default): what a refused call could have added. */
const BATCH_BYTES = 200_000;

async function fill(data: 'locomo' | 'longmemeval'): Promise<Record<string, unknown> & { turns: number; storedBytes: number; projectedPeakBytes: number; refusal: string | null }> {
  const out = await measureInWorkerd({ data, turns: 200_000, heapMib: HEAP_MIB, batchBytes: BATCH_BYTES, log: () => undefined });
  console.log(JSON.stringify(out));
  // refused by the projection, not by the stored size, with the refusal's own figures
  expect(out.refusal).toMatch(/^MemoryLimitError: remember_many: memory "capacity" holds \d+ bytes and \d+ bytes of text; with this write \(\d+ bytes\) it would be projected to peak near [\d.]+ MiB while saving a snapshot, past the 108\.0 MiB of the isolate's 128 MiB a memory may use$/);
  expect(out.storedBytes).toBeLessThanOrEqual(DEFAULT_LIMITS.maxMemoryBytes);
  // filled to the budget, not stopped early: the refused call (a body of at most BATCH_BYTES plus the
  // JSON-RPC wrapper) would have added at most this much to the projection
  const body = 1.1 * BATCH_BYTES;
  const step = peakEstimate(OPS_TO_SNAPSHOT * body, 2 * body) - peakEstimate(0, 0);
  expect(out.projectedPeakBytes).toBeLessThanOrEqual(PEAK_BUDGET_BYTES);
  expect(out.projectedPeakBytes).toBeGreaterThan(PEAK_BUDGET_BYTES - step);
  expect(out.recallServed).toBe(true);
  expect(out.refusedAgain).toBe(true);
  expect(out.recallAfterWake).toBe(true);
  expect(out.sameRecallAfterWake).toBe(true);
  // at the budget a forget is done (it lets the live memory go before rebuilding), recall is served after it,
  // and the restart above read the memory as it answered after the forget
  expect(out.forget).toBe('forgotten');
  expect(out.recallAfterForget).toBe(true);
  return out;
}

describe.runIf(process.env.PALIMPSEST_WORKERD_CAPACITY === '1')('a memory filled to the default limits in workerd', () => {
  it('LoCoMo: serves 50,000 turns and more, is refused by name at the budget, keeps serving, and wakes with the same answers', async () => {
    const out = await fill('locomo');
    expect(out.turns).toBeGreaterThanOrEqual(50_000);
  }, 30 * 60_000);

  it('LongMemEval_S: is refused by name at the budget (far fewer turns, long ones), keeps serving, and wakes with the same answers', async () => {
    const out = await fill('longmemeval');
    expect(out.turns).toBeGreaterThan(10_000);
  }, 30 * 60_000);
});
