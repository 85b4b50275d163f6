/**
 * `palimpsest define-predicate FILE NAME --cardinality one|many [--min-confidence X]`: declares how a relation
 * behaves in the memory file (MemoryGraph.definePredicate, as MCP's define_predicate does) and rewrites the
 * file atomically, as its own kind and log format; a missing FILE is created, so predicates can be declared
 * before the first ingest. Applies to later writes: with "one", a new value closes the old one.
 */
import { MemoryGraph } from '@palimpsest/core';
import type { PredicateOptions } from '@palimpsest/core';
import { UsageError } from './commands.js';
import type { Command, RunContext } from './commands.js';
import { fileExists, kindForPath, lockForWrite, openMemory, saveMemory } from './files.js';

/** The predicate's options from the flags; a missing or malformed one is a usage error (exit 2), before FILE is touched. */
function optionsFrom(ctx: RunContext): PredicateOptions {
  const cardinality = ctx.values.cardinality;
  if (cardinality !== 'one' && cardinality !== 'many') {
    const got = typeof cardinality === 'string' ? `"${cardinality}"` : 'nothing';
    throw new UsageError(`--cardinality must be "one" or "many", got ${got}`);
  }
  const raw = ctx.values['min-confidence'];
  if (raw === undefined) return { cardinality };
  const minConfidence = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!(minConfidence >= 0 && minConfidence <= 1)) throw new UsageError(`--min-confidence must be a number from 0 to 1, got "${String(raw)}"`);
  return { cardinality, minConfidence };
}

export const definePredicateCommand: Command = {
  name: 'define-predicate',
  summary: 'declare a predicate\'s cardinality (one: a new value closes the old) and least confidence in FILE',
  usage: 'palimpsest define-predicate FILE NAME --cardinality one|many [--min-confidence X] [--json]',
  details: [
    '"one": a single value at a time (lives_in, works_at): a later assert with another object closes the earlier',
    'one at its validFrom. "many": values add up (likes). --min-confidence (0 to 1): facts below it are rejected.',
    'Applies to later writes. FILE is rewritten atomically, as its own kind and log format; a missing FILE is created.',
  ],
  options: { cardinality: { type: 'string' }, 'min-confidence': { type: 'string' }, json: { type: 'boolean' } },
  positionals: 2,
  async run(ctx) {
    const [path, name] = ctx.positionals as [string, string];
    const options = optionsFrom(ctx);
    const lock = await lockForWrite(path, 'define-predicate'); // held from reading FILE to rewriting it
    let created: boolean;
    try {
      created = !(await fileExists(path));
      const opened = created ? undefined : await openMemory(path);
      const mem = opened?.mem ?? new MemoryGraph();
      mem.definePredicate(name, options);
      await saveMemory(path, mem, lock, opened?.kind ?? kindForPath(path), opened?.logFormat);
    } finally {
      await lock.release();
    }
    if (ctx.values.json) return ctx.io.out(JSON.stringify({ file: path, created, predicate: name, ...options }, null, 2));
    const least = options.minConfidence === undefined ? '' : `, least confidence ${options.minConfidence}`;
    ctx.io.out(`${name}: cardinality ${options.cardinality}${least}; ${path} ${created ? 'created' : 'rewritten'}`);
  },
};
