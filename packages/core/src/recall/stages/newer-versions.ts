/**
 * Stage 4b, newer versions first: among the best `versionDepth` ranked episodes, two that state versions of
 * one answer said at different times are put in time order, newest first, in the places the group already
 * holds (every other episode keeps its place). "I was pre-approved for $350,000 by Wells Fargo" and, a
 * month later, "Wells Fargo pre-approved me for $400,000" answer "What amount was I pre-approved for?" alike
 * in words, and the later one is what holds now. Two episodes are versions of one answer when
 * - the memory closed a fact one cites because a later one replaced it (a predicate of cardinality one:
 *   "I live in Boston", then "we moved to Austin"), the later one cited by the other episode; or
 * - they are in different sessions, said at different times, and match the question with mostly the same
 *   words (at least two of its terms in common, and half of the terms either matched).
 * Only the first `versionDepth` places are reordered, and which episodes hold them does not depend on k,
 * so the top k of any call stays the prefix of a deeper call's.
 */
import type { Hit } from '../grow.js';
import type { SessionMap } from '../sessions.js';
import { tokenize } from '../text.js';
import { temporalIntent } from '../temporal.js';
import { readFacts } from '../../graph/reads.js';
import { factAt } from '../../graph/fact-objects.js';
import type { MemoryTables } from '../../graph/tables.js';
import type { Fact } from '../../types.js';
import type { RecallContext } from './context.js';

/**
 * Pairs (newer episode → the episodes of the version it replaced), from the scored facts of a predicate of
 * cardinality one: each one's version just before it, as known at the cut, and the episodes both cite.
 */
export function replacedEvidence(ctx: RecallContext, scored: readonly Hit[]): Map<number, Set<number>> {
  const { mem, knownAt } = ctx;
  const st = mem.store;
  const out = new Map<number, Set<number>>();
  const seen = new Set<number>();
  for (const h of scored) {
    const t = st.triple[h.id]!;
    if (seen.has(t)) continue;
    seen.add(t);
    if (mem.predicateConfig.get(mem.predicateNames.get(st.tPredicate[t]!))?.cardinality !== 'one') continue;
    const f = factAt(mem, h.id);
    if (!Number.isFinite(f.validFrom)) continue;
    const newer = episodesCited(mem, f);
    if (newer.length === 0) continue;
    for (const p of readFacts(mem, { subject: { id: f.subject.id }, predicate: f.predicate, validAt: f.validFrom - 1, knownAt })) {
      if (!(p.validTo <= f.validFrom) || sameObject(p, f)) continue;
      for (const n of newer) {
        const older = out.get(n) ?? new Set<number>();
        for (const o of episodesCited(mem, p)) if (o !== n) older.add(o);
        out.set(n, older);
      }
    }
  }
  return out;
}

/**
 * The ranked episodes with each group of versions among the first `depth` in time order: newest first, or
 * oldest first for a question that asks for the first time ("When did I first …").
 */
export function newerVersionsFirst(ctx: RecallContext, sessions: SessionMap, ranked: Hit[], depth: number, replaced: ReadonlyMap<number, ReadonlySet<number>>): Hit[] {
  const n = Math.min(depth, ranked.length);
  if (n < 2) return ranked;
  const { mem, query } = ctx;
  const ep = mem.episodes;
  const asked = new Set(tokenize(query));
  const pool = ranked.slice(0, n);
  const matched = pool.map((h) => (h.score > 0 ? new Set(tokenize(ep.texts[h.id]!).filter((t) => asked.has(t))) : new Set<string>()));
  const versions = (a: number, b: number): boolean => {
    const x = pool[a]!.id;
    const y = pool[b]!.id;
    if (pool[a]!.score <= 0 || pool[b]!.score <= 0 || ep.at[x] === ep.at[y]) return false;
    if (replaced.get(x)?.has(y) === true || replaced.get(y)?.has(x) === true) return true;
    if (sessions.sessionOf(x) === sessions.sessionOf(y)) return false;
    let both = 0;
    for (const t of matched[a]!) if (matched[b]!.has(t)) both++;
    const either = matched[a]!.size + matched[b]!.size - both;
    return both >= 2 && both * 2 >= either;
  };
  // each episode joins the group of the first better-ranked group head it is a version of
  const groupOf = pool.map((_, i) => i);
  for (let i = 1; i < n; i++) {
    for (let j = 0; j < i; j++) {
      if (groupOf[j] === j && versions(j, i)) {
        groupOf[i] = j;
        break;
      }
    }
  }
  // the question's order words only (no cut: its dated windows are the episode ranking's business)
  const sign = temporalIntent(query, NaN).order === 'first' ? -1 : 1;
  const out = ranked.slice();
  for (let g = 0; g < n; g++) {
    if (groupOf[g] !== g) continue;
    const places = pool.map((_, i) => i).filter((i) => groupOf[i] === g);
    if (places.length < 2) continue;
    const byTime = places.slice().sort((a, b) => sign * (ep.at[pool[b]!.id]! - ep.at[pool[a]!.id]!) || a - b);
    // each place keeps its score, so the list stays best first
    places.forEach((place, r) => (out[place] = { id: pool[byTime[r]!]!.id, score: pool[place]!.score }));
  }
  return out;
}

/** The episode indexes a fact cites: its own episode and its evidence. */
function episodesCited(mem: MemoryTables, f: Fact): number[] {
  const out: number[] = [];
  for (const id of new Set([...(f.episode === undefined ? [] : [f.episode]), ...f.evidence])) {
    const i = mem.episodes.find(id);
    if (i >= 0) out.push(i);
  }
  return out;
}

const sameObject = (a: Fact, b: Fact): boolean => ('id' in a.object && 'id' in b.object ? a.object.id === b.object.id : 'value' in a.object && 'value' in b.object && a.object.value === b.object.value);
