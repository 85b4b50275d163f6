/**
 * The inspector's DOM-free parts, in Node: the cut's minute arithmetic and its URL form, what `inspect`
 * reads from a memory (entities with types, aliases and merges; episodes; the clocks' marks), entity search,
 * and the history diagram's rectangles, drawn for the worked example of SEMANTICS.md.
 */
import { MemoryGraph } from '@palimpsest/core';
import { describe, expect, it } from 'vitest';
import { cutToHash, endOfMinute, hashToCut, minuteOf, parseMinute, snap } from '../src/cut.js';
import { historySvg, roundTicks } from '../src/history-svg.js';
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

describe('the history diagram\'s ticks', () => {
  const utc = (s: string): number => Date.parse(`${s}Z`);
  it('fall on round UTC dates, the finest step that fits: hours, days, Mondays, months, quarters, years', () => {
    const labels = (a: string, b: string, max: number): string[] => roundTicks(utc(a), utc(b), max).map((x) => x.label);
    expect(labels('2024-03-05T09:17', '2024-03-05T20:41', 4)).toEqual(['03-05 12:00', '03-05 15:00', '03-05 18:00']);
    expect(labels('2024-03-05T09:17', '2024-03-07T20:41', 4)).toEqual(['2024-03-06', '2024-03-07']);
    expect(labels('2024-03-02T09:17', '2024-03-20T20:41', 3)).toEqual(['2024-03-04', '2024-03-11', '2024-03-18']); // Mondays
    expect(labels('2023-11-13T10:00', '2024-02-20T10:00', 4)).toEqual(['2023-12', '2024-01', '2024-02']);
    expect(labels('2019-06-30T23:00', '2023-02-01T00:00', 4)).toEqual(['2020', '2021', '2022', '2023']);
    expect(labels('1990-01-01T00:00', '2030-01-01T00:00', 3)).toEqual(['2000', '2020']);
    for (const { t, label } of roundTicks(utc('2001-05-17T03:00'), utc('2026-09-09T00:00'), 4)) {
      const d = new Date(t);
      expect([d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()], label).toEqual([0, 1, 0, 0]);
    }
  });

  it('are what the diagram draws on both axes, never more than it asks for', () => {
    const mem = new MemoryGraph({ now: () => day('2025-01-01') });
    for (const [city, from] of [['Boston', '2019-01-17'], ['Denver', '2021-05-03'], ['Austin', '2023-09-28']] as const) {
      mem.assert({ subject: 'Maya', predicate: 'lived_in', object: city, validFrom: from });
    }
    const svg = historySvg(mem.history({ subject: 'Maya' }), { validAt: day('2024-01-01'), knownAt: day('2025-01-01') });
    const valid = [...svg.matchAll(/<text class="tick-valid" data-t="(\d+)"[^>]*>([^<]*)</g)].map((m) => m[2]);
    expect(valid.length).toBeGreaterThan(0);
    expect(valid.length).toBeLessThanOrEqual(3);
    for (const l of valid) expect(l).toMatch(/^\d{4}$/); // a span of years: ticks at 1 January
  });
});

