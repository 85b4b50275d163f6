/**
 * Long (about a minute, a memory filled to the default limit), not in the default suite: PALIMPSEST_WORKERD_CAPACITY=1 npx vitest run packages/cloudflare/test/capacity-workerd.test.ts
 * (after `npm run build`). One memory filled with LoCoMo turns in workerd, the Worker's default limits, V8's
 * heap bounded (workerd aborts the whole process past it), until the object refuses a write by name; it keeps
 * serving reads, and wakes after a restart with the same answers. scripts/measure-workerd.mjs does the work
 * and prints the process's memory figures.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config.js';
// @ts-expect-error plain ESM script
import { measureInWorkerd } from '../scripts/measure-workerd.mjs';

/**
 * The JS heap's share of 128 MiB: at the default limit the memory's ArrayBuffers (typed-array columns and
 * the snapshot bytes while saving) take about 58 MiB in Node's V8 (README "Limits"), which V8's heap bound
 * does not count; this bound leaves them that and a margin.
 */
const HEAP_MIB = 64;

describe.runIf(process.env.PALIMPSEST_WORKERD_CAPACITY === '1')('a memory filled to the default limit in workerd', () => {
  it('is refused by name at the limit, keeps serving, and wakes with the same answers', async () => {
    const out = await measureInWorkerd({ data: 'locomo', turns: 200_000, heapMib: HEAP_MIB, log: () => undefined });
    console.log(JSON.stringify(out));
    expect(out.refusal).toMatch(/^MemoryLimitError: remember_many: memory "capacity" holds \d+ bytes; this write \(\d+ bytes\) would pass its limit of \d+ bytes/);
    expect(out.refusal).toContain(`limit of ${DEFAULT_LIMITS.maxMemoryBytes} bytes`);
    // Filled to the limit, not stopped early; past it by no more than the last admitted call's operations
    // beyond its body (a write is admitted on its body's size; LoCoMo turns' operations are 2.4× it).
    expect(out.storedBytes).toBeGreaterThan(DEFAULT_LIMITS.maxMemoryBytes - DEFAULT_LIMITS.maxRequestBytes);
    expect(out.storedBytes).toBeLessThanOrEqual(DEFAULT_LIMITS.maxMemoryBytes + 1.5 * DEFAULT_LIMITS.maxRequestBytes);
    expect(out.recallServed).toBe(true);
    expect(out.refusedAgain).toBe(true);
    expect(out.recallAfterWake).toBe(true);
    expect(out.sameRecallAfterWake).toBe(true);
  }, 30 * 60_000);
});
