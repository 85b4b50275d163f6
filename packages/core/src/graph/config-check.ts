/**
 * Configuration given when loading (`MemoryGraph.replay`, `MemoryGraph.fromState`, and through them
 * persist's `decodeSnapshot` / `loadSnapshot`) against the configuration the log or snapshot stores.
 * The stored one always wins; a given key that disagrees is refused by name rather than ignored, since
 * a caller who passes `predicates: { born: { cardinality: 'one' } }` expects reads to follow it.
 *
 * The one place that compares the stored keys named here; the embedder a memory was made with is compared
 * apart, by `refuseMismatch` in embedder-config.ts, before a replay builds anything (EmbedderMismatchError).
 */
import { ConfigMismatchError, InvalidArgumentError } from '../errors.js';
import type { Cardinality, PredicateOptions } from '../types.js';

/** Configuration keys a load call may repeat; each must equal what is stored. */
export interface LoadConfigOptions {
  minConfidence?: number;
  dimensions?: number;
  predicates?: Record<string, PredicateOptions>;
}

/** What a memory stores: the memory-wide gate, vector dimensions (0: none), every defined predicate. */
export interface StoredConfig {
  minConfidence: number;
  dimensions: number;
  predicates: ReadonlyMap<string, { cardinality: Cardinality; minConfidence: number | undefined }>;
}

const show = (v: unknown): string => (v === undefined ? 'unset' : typeof v === 'string' ? `'${v}'` : String(v));

function mismatch(call: string, key: string, given: unknown, stored: unknown): never {
  throw new ConfigMismatchError(
    `${call}: option ${key} (${show(given)}) differs from the stored configuration (${show(stored)}); ` +
      'the stored configuration applies: leave the option out, or give the stored value',
    key,
  );
}

/** Throws ConfigMismatchError naming the first key of `given` that differs from `stored`. */
export function checkLoadConfig(call: string, stored: StoredConfig, given: LoadConfigOptions): void {
  if (given.minConfidence !== undefined && !Object.is(given.minConfidence, stored.minConfidence)) {
    mismatch(call, 'minConfidence', given.minConfidence, stored.minConfidence);
  }
  if (given.dimensions !== undefined && given.dimensions !== stored.dimensions) {
    mismatch(call, 'dimensions', given.dimensions, stored.dimensions === 0 ? undefined : stored.dimensions);
  }
  const predicates = given.predicates;
  if (predicates === undefined) return;
  if (predicates === null || typeof predicates !== 'object') throw new InvalidArgumentError(`${call}: predicates must be an object`);
  for (const name of Object.keys(predicates)) {
    const p: unknown = (predicates as Record<string, unknown>)[name];
    if (p === null || typeof p !== 'object') throw new InvalidArgumentError(`${call}: options of predicate "${name}" must be an object`);
    const { cardinality, minConfidence } = p as PredicateOptions;
    // A predicate the memory never defined reads as the defaults: cardinality 'many', the memory-wide gate.
    const have = stored.predicates.get(name) ?? { cardinality: 'many', minConfidence: undefined };
    if (cardinality !== undefined && cardinality !== have.cardinality) {
      mismatch(call, `predicates.${name}.cardinality`, cardinality, have.cardinality);
    }
    if (minConfidence !== undefined && !Object.is(minConfidence, have.minConfidence)) {
      mismatch(call, `predicates.${name}.minConfidence`, minConfidence, have.minConfidence);
    }
  }
}
