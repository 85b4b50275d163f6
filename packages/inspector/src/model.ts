/**
 * What the page knows about a memory beyond its reads: every entity (with type, aliases, when it was
 * recorded and merged), every episode, every fact version, and the marks to put on the two clocks.
 * Read once, at load, from the public API (the operation log that a snapshot carries, and `fact(id)`),
 * so that a slider move only has to ask the memory which versions are visible.
 */
import type { Fact, LiteralValue, MemoryGraph, Operation } from '@palimpsest/core';

export interface EntityRow {
  id: number;
  displayName: string;
  type?: string;
  aliases: string[];
  recordedAt: number;
  /** Record time of the merge that folded this entity into another (Infinity when never merged). */
  mergedAt: number;
}

export interface EpisodeRow {
  id: string;
  text: string;
  at: number;
  recordedAt: number;
  speaker?: string;
}

export interface Inspected {
  mem: MemoryGraph;
  /** Indexed by entity id. */
  entities: EntityRow[];
  episodes: Map<string, EpisodeRow>;
  /** Indexed by version id. */
  versions: Fact[];
  /** Sorted distinct episode times: the marks on the valid-time clock. */
  validMarks: number[];
  /** Sorted distinct record times of versions and episodes: the marks on the record-time clock. */
  recordMarks: number[];
  /** Extent of each clock's finite stamps, [lo, hi]. */
  validExtent: [number, number];
  recordExtent: [number, number];
}

const sortedDistinct = (xs: Iterable<number>): number[] => [...new Set(xs)].filter(Number.isFinite).sort((a, b) => a - b);

/**
 * A clock's span: its marks' extent, widened to the other stamps that lie within one such span of it.
 * A few far stamps (an event resolved to years before the conversation) are left out, so they do not
 * squeeze every mark into one end of the slider; the datetime field still reaches them.
 */
function extent(marks: readonly number[], stamps: readonly number[], fallback: number): [number, number] {
  const base = marks.length > 0 ? marks : stamps;
  if (base.length === 0) return [fallback, fallback];
  let lo = base[0]!;
  let hi = base[base.length - 1]!;
  const reach = Math.max(hi - lo, 86_400_000);
  for (const t of stamps) {
    if (t < lo && t >= base[0]! - reach) lo = t;
    if (t > hi && t <= base[base.length - 1]! + reach) hi = t;
  }
  return [lo, hi];
}

export function inspect(mem: MemoryGraph): Inspected {
  const entities: EntityRow[] = [];
  const episodes = new Map<string, EpisodeRow>();
  for (const op of mem.log() as Operation[]) {
    if (op.type === 'entity') {
      entities[op.id] = {
        id: op.id,
        displayName: op.name,
        ...(op.entityType === undefined ? {} : { type: op.entityType }),
        aliases: [...(op.aliases ?? [])],
        recordedAt: op.recordedAt,
        mergedAt: Infinity,
      };
    } else if (op.type === 'alias') {
      entities[op.entity]?.aliases.push(...op.aliases);
    } else if (op.type === 'merge') {
      const from = entities[op.from];
      if (from) from.mergedAt = Math.min(from.mergedAt, op.recordedAt);
    } else if (op.type === 'episode') {
      episodes.set(op.id, { id: op.id, text: op.text, at: op.at, recordedAt: op.recordedAt, ...(op.speaker === undefined ? {} : { speaker: op.speaker }) });
    }
  }
  const versions: Fact[] = [];
  for (let id = 0; id < mem.size.versions; id++) versions.push(mem.fact(id));

  const validStamps: number[] = [];
  const recordStamps: number[] = [];
  for (const e of episodes.values()) {
    validStamps.push(e.at);
    recordStamps.push(e.recordedAt);
  }
  for (const f of versions) {
    validStamps.push(f.validFrom, f.validTo);
    recordStamps.push(f.recordedAt, f.invalidAt);
  }
  const now = mem.now();
  const validMarks = sortedDistinct([...episodes.values()].map((e) => e.at));
  const recordMarks = sortedDistinct([...versions.map((f) => f.recordedAt), ...[...episodes.values()].map((e) => e.recordedAt)]);
  return {
    mem,
    entities,
    episodes,
    versions,
    validMarks,
    recordMarks,
    validExtent: extent(validMarks, sortedDistinct(validStamps), now),
    recordExtent: extent(recordMarks, sortedDistinct(recordStamps), now),
  };
}

/** The object of a version as the page shows it. */
export function objectText(f: Fact): string {
  return 'value' in f.object ? JSON.stringify(f.object.value) : f.object.name;
}

export function literalText(value: LiteralValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Entities whose display name or an alias contains the query (case-insensitive), exact matches first. */
export function searchEntities(model: Inspected, query: string, limit = 12): EntityRow[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const scored: Array<[number, EntityRow]> = [];
  for (const e of model.entities) {
    if (!e) continue;
    const names = [e.displayName, ...e.aliases].map((n) => n.toLowerCase());
    let best = Infinity;
    for (const n of names) {
      const at = n.indexOf(q);
      if (at < 0) continue;
      best = Math.min(best, n === q ? 0 : at === 0 ? 1 : 2);
    }
    if (best < Infinity) scored.push([best, e]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].displayName.length - b[1].displayName.length || a[1].id - b[1].id);
  return scored.slice(0, limit).map(([, e]) => e);
}
