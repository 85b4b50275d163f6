/**
 * memorySizeReport (core/internal): bytes per structure of a memory, each object counted once. A turn's
 * text is counted under episode text alone (the log keeps its index, not a copy), and each structure grows
 * with what is written to it.
 */
import { describe, expect, it } from 'vitest';
import { ingestEpisode, MemoryGraph } from '@palimpsest/core';
import { memorySizeReport, tablesOf } from '@palimpsest/core/internal';

const T0 = Date.parse('2025-03-01T00:00:00Z');
const bytesOf = (mem: MemoryGraph, name: RegExp): number => memorySizeReport(tablesOf(mem)!).structures.find((s) => name.test(s.name))!.bytes;

describe('memorySizeReport', () => {
  it('sums its structures, and a turn grows episode text by its characters while the log grows by far less', () => {
    const mem = new MemoryGraph({ now: () => T0 });
    ingestEpisode(mem, { id: 't1', text: 'Alice moved to Lisbon in May.', at: T0, speaker: 'Bob', session: 's1' });
    const before = memorySizeReport(tablesOf(mem)!);
    expect(before.total).toBe(before.structures.reduce((n, s) => n + s.bytes, 0));
    expect(before.structures.every((s) => Number.isInteger(s.bytes) && s.bytes >= 0)).toBe(true);
    const text = 'x'.repeat(20_000);
    const textBefore = bytesOf(mem, /^episode text/);
    const logBefore = bytesOf(mem, /^log$/);
    mem.episode({ id: 't2', text, at: T0 });
    expect(bytesOf(mem, /^episode text/) - textBefore).toBeGreaterThanOrEqual(text.length);
    // the log holds the episode's index and its other fields, not the 20,000 characters again
    expect(bytesOf(mem, /^log$/) - logBefore).toBeLessThan(text.length / 2);
    expect(mem.log().at(-1)).toMatchObject({ type: 'episode', id: 't2', text });
  });

  it('counts a two-byte string at two bytes a character', () => {
    const mem = new MemoryGraph({ now: () => T0 });
    mem.episode({ id: 'a', text: 'a'.repeat(1000), at: T0 });
    const narrow = bytesOf(mem, /^episode text/);
    const wide = new MemoryGraph({ now: () => T0 });
    wide.episode({ id: 'a', text: '語'.repeat(1000), at: T0 });
    expect(bytesOf(wide, /^episode text/) - narrow).toBe(1000);
  });
});
