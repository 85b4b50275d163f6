/**
 * Limits at their real sizes: > 536M characters of text (V8's string ceiling, which a joined string
 * dictionary or log batch once hit) and a > 2 GiB operation log (where encodeInto once wrote nothing and
 * operations were dropped silently). They need several GB of memory and a few minutes, so they run only
 * with PALIMPSEST_LONG_TESTS=1:
 *   PALIMPSEST_LONG_TESTS=1 npx vitest run packages/persist/test/limit-long.test.ts
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { tablesOf } from '@palimpsest/core/internal';

const long = process.env.PALIMPSEST_LONG_TESTS === '1';
if (!long) console.log('limit-long tests skipped: set PALIMPSEST_LONG_TESTS=1 (they need ~8 GB of memory)');

/** Lets vitest's worker answer its RPC between long synchronous steps (it times out after a minute). */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

async function withEpisodes(count: number, text: string): Promise<MemoryGraph> {
  const mem = new MemoryGraph({ now: () => 1_700_000_000_000 });
  for (let i = 0; i < count; i++) {
    mem.episode({ id: `e${i}`, text, at: i });
    if (i % 50 === 0) await breathe();
  }
  return mem;
}

describe.skipIf(!long)('limits at full size', () => {
  it('520 episodes of 1.05M characters: every operation logged, a snapshot written and read back', async () => {
    const text = 'x'.repeat(1_050_000);
    const mem = await withEpisodes(520, text);
    expect(tablesOf(mem)!.logBuffer.length).toBe(521);
    expect(tablesOf(mem)!.logBuffer.get(520)).toMatchObject({ type: 'episode', id: 'e519', text });
    const bytes = encodeSnapshot(mem); // > 1 GB of body: two 546 MB string sets, no joined string
    console.log(`limit-long: 521 operations, log ${tablesOf(mem)!.logBuffer.byteLength()} bytes, snapshot ${bytes.length} bytes`);
    await breathe();
    const back = decodeSnapshot(bytes);
    expect(tablesOf(back)!.logBuffer.length).toBe(521);
    expect(tablesOf(back)!.logBuffer.get(520)).toEqual(tablesOf(mem)!.logBuffer.get(520));
  });

  it('a log past 2 GiB keeps every operation; a snapshot is refused by name and the memory is unchanged', async () => {
    const text = 'x'.repeat(1_050_000);
    const mem = await withEpisodes(2100, text);
    expect(tablesOf(mem)!.logBuffer.length).toBe(2101);
    expect(tablesOf(mem)!.logBuffer.byteLength()).toBeGreaterThan(2 ** 31);
    for (const i of [1, 1000, 2045, 2046, 2100]) expect(tablesOf(mem)!.logBuffer.get(i)).toMatchObject({ type: 'episode', id: `e${i - 1}`, text });
    console.log(`limit-long: ${tablesOf(mem)!.logBuffer.length} operations, log ${tablesOf(mem)!.logBuffer.byteLength()} bytes, all kept`);
    const before = mem.size;
    await breathe();
    expect(() => encodeSnapshot(mem)).toThrow(InvalidArgumentError);
    expect(() => encodeSnapshot(mem)).toThrow(/^encodeSnapshot: the operation log holds \d+ bytes, past the 2147483647-byte \(2 GiB\) limit/);
    expect(mem.size).toEqual(before);
    mem.episode({ id: 'after', text: 'still writable', at: 0 });
    expect(tablesOf(mem)!.logBuffer.get(2101)).toMatchObject({ id: 'after' });
  });
});
