/** The progress line: plain lines off a terminal, one redrawn line on it, silence for quick work. */
import { describe, expect, it } from 'vitest';
import { clockTime, Progress } from '@palimpsest/progress';

describe('Progress', () => {
  function sink(isTTY: boolean) {
    const chunks: string[] = [];
    const stream = { isTTY, write: (s: string) => chunks.push(s) } as unknown as NodeJS.WriteStream;
    return { stream, chunks };
  }

  it('prints plain lines with step, counts, elapsed and ETA when not a terminal', () => {
    let t = 0;
    const { stream, chunks } = sink(false);
    const p = new Progress({ label: 'ingest', total: 20, unit: 'turns', step: { n: 2, of: 5 }, stream, now: () => t });
    for (let i = 0; i < 20; i++) {
      t += 500;
      p.tick();
    }
    p.finish('0.42 recall@10');
    expect(chunks[0]).toBe('[2/5] ingest: 20 turns\n');
    expect(chunks).toContain('[2/5] ingest  ############............ 10/20 turns  50%  elapsed 0:05  eta 0:05\n');
    expect(chunks.at(-1)).toBe('[2/5] ingest: done, 20 turns in 0:10 — 0.42 recall@10\n');
    expect(chunks.length).toBeLessThanOrEqual(12);
  });

  it('redraws one terminal line and stays silent for quick work under its delay', () => {
    let t = 0;
    const tty = sink(true);
    const p = new Progress({ label: 'load', total: 4, stream: tty.stream, now: () => t });
    for (let i = 0; i < 4; i++) {
      t += 200;
      p.tick();
    }
    p.finish();
    expect(tty.chunks.every((c) => c.startsWith('\r'))).toBe(true);
    expect(tty.chunks.at(-1)).toMatch(/^\rload: done, 4 items in 0:01\x1b\[K\n$/);
    const quiet = sink(true);
    const q = new Progress({ label: 'quick', total: 3, stream: quiet.stream, delayMs: 1000, now: () => t });
    q.tick(3);
    q.finish();
    expect(quiet.chunks).toEqual([]);
  });
});

describe('clockTime', () => {
  it('writes minutes and seconds, hours when needed, and dashes for an unknown time', () => {
    expect(clockTime(65_000)).toBe('1:05');
    expect(clockTime(43_207_000)).toBe('12:00:07');
    expect(clockTime(NaN)).toBe('--:--');
    expect(clockTime(-1)).toBe('--:--');
  });
});
