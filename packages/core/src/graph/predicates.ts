import { InvalidArgumentError } from '../errors.js';
import type { Cardinality, PredicateOptions } from '../types.js';
import { checkConfidence, readInput, SHAPES } from './validate.js';

/** Defaults of `MemoryGraphOptions`. */
export const DEFAULTS = {
  minConfidence: 0,
  cardinality: 'many' as Cardinality,
  confidence: 1,
};

/** A predicate's configuration as the memory keeps it. */
export interface PredicateConfig {
  cardinality: Cardinality;
  /** undefined: the memory-wide gate applies. */
  minConfidence: number | undefined;
}

/** A predicate as an accepted assertion found it: its id in `predicateNames` and its configuration (undefined: the defaults). */
export interface PredicateUse {
  readonly id: number;
  readonly config: PredicateConfig | undefined;
}

export const MAX_PREDICATES = 4_194_304; // the live-triple key packs predicate ids into 22 bits

export function checkPredicateOptions(options: unknown, call: string, name: string): PredicateConfig {
  const o = readInput<PredicateOptions>(call, options, SHAPES.predicateOptions, `the options of predicate "${name}"`);
  const cardinality = o.cardinality ?? DEFAULTS.cardinality;
  if (cardinality !== 'one' && cardinality !== 'many') {
    throw new InvalidArgumentError(`${call}: cardinality of predicate "${name}" must be 'one' or 'many'`);
  }
  const minConfidence = o.minConfidence === undefined ? undefined : checkConfidence(o.minConfidence, call, `predicates.${name}.minConfidence`);
  return { cardinality, minConfidence };
}

