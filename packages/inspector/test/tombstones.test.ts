import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { describeTombstones } from '../src/tombstones.js';

describe('inspector tombstones', () => {
  it('names how many forgets and the latest, kind and counts, never the content', () => {
    let t = Date.UTC(2025, 0, 1);
    const mem = new MemoryGraph({ now: () => (t += 1000) });
    expect(describeTombstones(mem)).toBe('');
    mem.episode({ id: 'e1', text: 'Zorblatt Quennington gave me the vault code', at: t });
    mem.assert({ subject: 'Zorblatt Quennington', predicate: 'knows', object: 'Maria', evidence: ['e1'] });
    mem.forget({ episode: 'e1' }, { reason: 'asked by the user' });
    const text = describeTombstones(mem);
    expect(text).toMatch(/^1 forget\(s\); latest 2025-01-01T00:00:\d\d\.000Z forgot episode: 1 episode\(s\), 2 entit\(ies\), 1 fact operation\(s\) — "asked by the user"$/);
    expect(text).not.toMatch(/Zorblatt|e1/);
  });
});
