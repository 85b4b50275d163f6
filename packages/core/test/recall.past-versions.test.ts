import { describe, expect, it } from 'vitest';
import { MemoryGraph, ingestEpisode } from '../src/index.js';

const day = (iso: string): number => Date.parse(`${iso}T12:00:00Z`);

/** Maya lived in Boston, then moved to Austin: two turns, each recorded when it was said. */
function movedMemory(): { mem: MemoryGraph; at: (iso: string) => void } {
  let now = day('2024-01-10');
  const mem = new MemoryGraph({ now: () => now, defaultSpeaker: 'Maya' });
  const at = (iso: string): void => {
    now = day(iso);
  };
  ingestEpisode(mem, { id: 'boston', text: 'I live in Boston.', at: now });
  at('2025-03-01');
  ingestEpisode(mem, { id: 'austin', text: 'I just moved to Austin last week.', at: day('2025-03-01') });
  at('2025-06-01');
  return { mem, at };
}

describe('recall: the packed text says which version is current', () => {
  it('marks the episode stating the earlier home as past, and gives the current home as the fact', () => {
    const { mem } = movedMemory();
    expect(mem.facts({ subject: 'Maya', predicate: 'lives_in' }).map((f) => ('name' in f.object ? f.object.name : ''))).toEqual(['Austin']);
    const r = mem.recall('where does Maya live');
    const lines = r.text.split('\n');
    const boston = lines.find((l) => l.includes('I live in Boston'));
    expect(boston).toBeDefined();
    expect(boston).toMatch(/\[until 2025-0[23]-\d\d: Maya lives in Boston\]/);
    // the current home is the fact line, open-ended; no fact line gives Boston as a home
    expect(lines.some((l) => /^- Maya lives in Austin \(.* – now\)$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('- ') && l.includes('lives in Boston'))).toBe(false);
    // the episodes of the result keep their own words
    expect(r.episodes.find((e) => e.id === 'boston')?.text).toBe('I live in Boston.');
  });

  it('does not mark anything at a cut before the move, when Boston is the current home', () => {
    const { mem } = movedMemory();
    const r = mem.recall('where does Maya live', { validAt: day('2024-06-01'), knownAt: day('2024-06-01') });
    expect(r.text).toContain('I live in Boston');
    expect(r.text).not.toContain('until');
  });

  it('marks nothing for a predicate that holds many values at once', () => {
    let now = day('2024-01-10');
    const mem = new MemoryGraph({ now: () => now });
    mem.assert({ subject: 'Maya', predicate: 'likes', object: 'jazz', validFrom: now, validTo: day('2024-05-01'), evidence: ['e1'] });
    mem.episode({ id: 'e1', text: 'Maya likes jazz', at: now });
    now = day('2024-06-01');
    mem.assert({ subject: 'Maya', predicate: 'likes', object: 'opera', validFrom: day('2024-05-01'), evidence: ['e2'] });
    mem.episode({ id: 'e2', text: 'Maya likes opera', at: now });
    expect(mem.recall('what does Maya like').text).not.toContain('until');
  });
});
