// The tombstones forgets left (mem.tombstones()), in words for the status line: what kind of thing was
// forgotten, when, why and how much; never what (a tombstone holds no content).
import type { MemoryGraph, Tombstone } from '@palimpsest/core';

function one(t: Tombstone): string {
  const c = t.counts;
  const parts = [`${c.episodes} episode(s)`, `${c.entities} entit(ies)`, `${c.facts} fact operation(s)`];
  const why = t.reason === undefined ? '' : ` — "${t.reason}"`;
  return `${new Date(t.recordedAt).toISOString()} forgot ${t.scope}: ${parts.join(', ')}${why}`;
}

/** '' when nothing was forgotten; else how many forgets and the latest, e.g. for the status line. */
export function describeTombstones(mem: MemoryGraph): string {
  const all = mem.tombstones();
  if (all.length === 0) return '';
  return `${all.length} forget(s); latest ${one(all[all.length - 1]!)}`;
}
