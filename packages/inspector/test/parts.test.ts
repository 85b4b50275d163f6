/**
 * The inspector's DOM-free parts, in Node: the cut's minute arithmetic and its URL form, what `inspect`
 * reads from a memory (entities with types, aliases and merges; episodes; the clocks' marks), entity search,
 * and the history diagram's rectangles, drawn for the worked example of SEMANTICS.md.
 */
import { MemoryGraph } from '@palimpsest/core';
import { describe, expect, it } from 'vitest';
import { cutToHash, endOfMinute, hashToCut, minuteOf, parseMinute, snap } from '../src/cut.js';
import { historySvg } from '../src/history-svg.js';
import { inspect, searchEntities } from '../src/model.js';

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);

/** The worked example: 40 from Jan 1; on Mar 15 the memory learns it became 50 on Mar 1. */
function pricing(): MemoryGraph {
  let clock = day('2025-01-01');
  const mem = new MemoryGraph({ now: () => clock, predicates: { price: { cardinality: 'one' } } });
  mem.entity({ name: 'Pro plan', type: 'plan', aliases: ['Pro'] });
  mem.entity({ name: 'Acme', type: 'company' });
  mem.episode({ id: 'e1', text: 'The Pro plan costs $40.', at: clock, entities: ['Pro plan'] });
  mem.assert({ subject: 'Pro plan', predicate: 'price', object: { value: 40 }, validFrom: clock, evidence: ['e1'] });
  mem.assert({ subject: 'Acme', predicate: 'subscribes_to', object: 'Pro plan', validFrom: clock });
  clock = day('2025-03-15');
  mem.episode({ id: 'e2', text: 'Since March 1 the Pro plan costs $50.', at: clock, entities: ['Pro plan'] });
  mem.assert({ subject: 'Pro plan', predicate: 'price', object: { value: 50 }, validFrom: day('2025-03-01'), evidence: ['e2'] });
  mem.entity({ name: 'ACME Inc', type: 'company' });
  mem.merge({ into: 'Acme', from: 'ACME Inc' });
  clock = day('2025-04-01');
  return mem;
}

describe('the cut', () => {
  it('a minute stands for its last millisecond; the hash round-trips the cut and the entity', () => {
    const t = Date.parse('2023-05-08T13:56:07.123Z');
    expect(snap(t)).toBe(Date.parse('2023-05-08T13:56:59.999Z'));
    expect(endOfMinute(minuteOf(t))).toBe(snap(t));
    expect(parseMinute('2023-05-08T13:56')).toBe(snap(t));
    expect(parseMinute('nonsense')).toBeNaN();
    const cut = { validAt: snap(t), knownAt: snap(t + 86_400_000) };
    const hash = cutToHash(cut, 12);
    expect(hash).toBe('#valid=2023-05-08T13%3A56Z&known=2023-05-09T13%3A56Z&entity=12');
    expect(hashToCut(hash)).toEqual({ ...cut, entity: 12 });
    expect(hashToCut('#valid=garbage&entity=')).toEqual({});
  });
});

describe('inspect', () => {
  it('reads entities (types, aliases, merges), episodes, versions and the marks of both clocks', () => {
    const mem = pricing();
    const m = inspect(mem);
    expect(m.entities.map((e) => [e.displayName, e.type, e.aliases])).toEqual([
      ['Pro plan', 'plan', ['pro']], // aliases are kept canonical (lower case)
      ['Acme', 'company', []],
      ['ACME Inc', 'company', []],
    ]);
    expect(m.entities[2]!.mergedAt).toBe(day('2025-03-15'));
    expect(m.entities[1]!.mergedAt).toBe(Infinity);
    expect([...m.episodes.keys()]).toEqual(['e1', 'e2']);
    expect(m.versions.map((f) => f.id)).toEqual(mem.history({ subject: 'Pro plan' }).concat(mem.history({ subject: 'Acme' })).map((f) => f.id).sort((a, b) => a - b));
    expect(m.validMarks).toEqual([day('2025-01-01'), day('2025-03-15')]);
    expect(m.recordMarks).toEqual([day('2025-01-01'), day('2025-03-15')]);
    expect(m.validExtent).toEqual([day('2025-01-01'), day('2025-03-15')]);
  });

  it('search: by name or alias, case-insensitive, exact matches first', () => {
    const m = inspect(pricing());
    expect(searchEntities(m, 'acme').map((e) => e.displayName)).toEqual(['Acme', 'ACME Inc']);
    expect(searchEntities(m, 'PRO').map((e) => e.displayName)).toEqual(['Pro plan']);
    expect(searchEntities(m, '  ')).toEqual([]);
  });
});

describe('the history diagram', () => {
  it('one rectangle per version with its stamps, closed ones hatched, a supersession arrow, the crosshair', () => {
    const mem = pricing();
    const history = mem.history({ subject: 'Pro plan', predicate: 'price' });
    expect(history).toHaveLength(3); // SEMANTICS.md: the Jan 1 version closed, 40 [Jan 1, Mar 1), 50 [Mar 1, ∞)
    const svg = historySvg(history, { validAt: day('2025-03-05'), knownAt: day('2025-03-05') });
    const groups = [...svg.matchAll(/<g class="version (open|closed)" data-version="(\d+)" data-valid-from="([^"]+)" data-valid-to="([^"]+)" data-recorded-at="([^"]+)" data-invalid-at="([^"]+)"/g)].map((m) => ({
      id: Number(m[2]),
      closed: m[1] === 'closed',
      stamps: [m[3], m[4], m[5], m[6]].map(Number),
    }));
    expect(groups.sort((a, b) => a.id - b.id)).toEqual(
      history.map((f) => ({ id: f.id, closed: f.invalidAt !== Infinity, stamps: [f.validFrom, f.validTo, f.recordedAt, f.invalidAt] })),
    );
    expect(svg.match(/url\(#closed-hatch\)/g)).toHaveLength(1);
    const closed = history.find((f) => f.invalidAt !== Infinity)!;
    expect(closed.supersededBy?.length).toBeGreaterThan(0);
    expect(svg.match(/class="supersedes"/g)).toHaveLength(closed.supersededBy!.length);
    expect(svg).toContain('class="crosshair"');
    // Open ends are Infinity only in the data attributes; every coordinate is finite.
    expect(svg.replace(/ data-[a-z-]+="[^"]*"/g, '')).not.toMatch(/NaN|Infinity/);
  });

  it('names each value in its own lane: three moves recorded at once are three labelled rectangles, apart', () => {
    const mem = new MemoryGraph({ now: () => day('2025-01-01') });
    for (const [city, from] of [['Boston', '2019-01-01'], ['Denver', '2021-01-01'], ['Austin', '2023-01-01']] as const) {
      mem.assert({ subject: 'Maya', predicate: 'lived_in', object: city, validFrom: from });
    }
    const history = mem.history({ subject: 'Maya' });
    const svg = historySvg(history, { validAt: day('2024-01-01'), knownAt: day('2025-01-01') });
    const labels = [...svg.matchAll(/<text class="object-label" data-version="(\d+)" x="([^"]+)" y="([^"]+)"[^>]*>([^<]*)</g)].map((m) => ({ text: m[4], y: Number(m[3]) }));
    expect(labels.map((l) => l.text).sort()).toEqual(['Austin', 'Boston', 'Denver']);
    // Same record time, so the same bottom edge: the names sit a line (11 px, font 10 px) apart.
    const ys = labels.map((l) => l.y).sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(11);
    // And the rectangles differ (inset by lane) instead of being drawn identically.
    const rects = [...svg.matchAll(/<g class="version open"[^>]*><rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"/g)].map((m) => m.slice(1).join(','));
    expect(new Set(rects).size).toBe(3);
  });
});
