/**
 * Which packed episodes state an earlier version of a fact recall found current, so the context says so:
 * "I live in Boston" (2024), before "we moved to Austin" (2025), is packed as
 * "[until 2025-03-01: Maya lives in Boston] I live in Boston" — a model reading the context cannot restate
 * the stale version as the present one. Only for predicates of cardinality one (one value at a time): the
 * version just before a recalled one, as known at the recall's knownAt, and the episodes it cites.
 */
import { readFacts } from '../../graph/reads.js';
import type { MemoryTables } from '../../graph/tables.js';
import type { Fact } from '../../types.js';
import type { PackEpisode } from '../pack.js';
import { factLine } from './pack-context.js';

/** The episodes with a "[until …: earlier version]" lead before their text where they state one. */
export function markPastVersions(mem: MemoryTables, facts: readonly Fact[], knownAt: number, episodes: PackEpisode[]): PackEpisode[] {
  const leads = new Map<string, string[]>();
  for (const f of facts) {
    if (mem.predicateConfig.get(f.predicate)?.cardinality !== 'one' || !Number.isFinite(f.validFrom)) continue;
    // the version true just before this one began (cardinality one: at most one)
    const before = readFacts(mem, { subject: { id: f.subject.id }, predicate: f.predicate, validAt: f.validFrom - 1, knownAt });
    for (const p of before) {
      if (!(p.validTo <= f.validFrom) || sameObject(p, f)) continue;
      const lead = `until ${day(p.validTo)}: ${factLine({ ...p, validFrom: -Infinity, validTo: Infinity })}`;
      for (const id of new Set([...p.evidence, ...(p.episode === undefined ? [] : [p.episode])])) leads.set(id, [...(leads.get(id) ?? []), lead]);
    }
  }
  if (leads.size === 0) return episodes;
  return episodes.map((e) => (leads.has(e.id) ? { ...e, text: `[${leads.get(e.id)!.join('; ')}] ${e.text}` } : e));
}

const sameObject = (a: Fact, b: Fact): boolean => ('id' in a.object && 'id' in b.object ? a.object.id === b.object.id : 'value' in a.object && 'value' in b.object && a.object.value === b.object.value);

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
