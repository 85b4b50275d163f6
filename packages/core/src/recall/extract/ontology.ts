import type { PredicateOptions } from '../../types.js';

/**
 * The default extractor's vocabulary and each predicate's cardinality. `ingestEpisode` (and `ingest`)
 * declare a predicate of this list the first time an extraction uses it, if the memory has neither
 * declared nor used it yet, so a new home supersedes the old one and a new job the last. The declaration
 * is an ordinary logged `definePredicate`, so replays and snapshots keep it. A memory that declared a
 * predicate itself keeps its own configuration.
 *
 * - `lives_in`, `works_at`, `job_title`, `partner`: one at a time (a second job is told with `works_at`
 *   declared 'many' by the caller before the first turn);
 * - `studies_at`, `has` (pets by name, possessions, family), `likes`, `dislikes`, `plans`: many;
 * - `moved_to`, `visited`: events, valid over the date window the turn names (a move also sets `lives_in`).
 */
export const DEFAULT_ONTOLOGY: Readonly<Record<string, Readonly<PredicateOptions>>> = Object.freeze({
  lives_in: { cardinality: 'one' },
  works_at: { cardinality: 'one' },
  job_title: { cardinality: 'one' },
  partner: { cardinality: 'one' },
  studies_at: { cardinality: 'many' },
  has: { cardinality: 'many' },
  likes: { cardinality: 'many' },
  dislikes: { cardinality: 'many' },
  plans: { cardinality: 'many' },
  moved_to: { cardinality: 'many' },
  visited: { cardinality: 'many' },
});
