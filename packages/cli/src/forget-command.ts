/**
 * `palimpsest forget FILE --episode ID | --entity NAME | --source S | --fact N [--reason TEXT]`: forgets in
 * the memory file (MemoryGraph.forget) and rewrites the file atomically, as its own kind and log format, so
 * the forgotten content is in no byte of it. Copies of the file made elsewhere are not touched.
 */
import { InvalidArgumentError } from '@palimpsest/core';
import type { ForgetScope } from '@palimpsest/core';
import { isoTime } from '@palimpsest/persist';
import type { Command, RunContext } from './commands.js';
import { lockForWrite, openMemory, saveMemory } from './files.js';

const str = { type: 'string' } as const;
const KINDS = ['episode', 'entity', 'source', 'fact'] as const;

function scopeFrom(ctx: RunContext): ForgetScope {
  const given = KINDS.filter((k) => typeof ctx.values[k] === 'string');
  if (given.length !== 1) throw new InvalidArgumentError(`palimpsest forget: give exactly one of --episode, --entity, --source or --fact (got ${given.length === 0 ? 'none' : given.map((k) => `--${k}`).join(', ')})`);
  const kind = given[0]!;
  const value = ctx.values[kind] as string;
  if (kind !== 'fact') return { [kind]: value } as ForgetScope;
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`palimpsest forget: --fact must be a fact id (a whole number), got "${value}"`);
  return { fact: Number(value) };
}

export const forgetCommand: Command = {
  name: 'forget',
  summary: 'forget an episode, an entity, a source or a fact for good, rewriting FILE',
  usage: 'palimpsest forget FILE (--episode ID | --entity NAME | --source S | --fact N) [--reason TEXT] [--json]',
  details: [
    'Removes the content and what was derived only from it from every read at every time, and rewrites FILE',
    'atomically without it; a tombstone (time, kind, reason, counts) stays. Copies of FILE elsewhere are yours to delete.',
  ],
  options: { episode: str, entity: str, source: str, fact: str, reason: str, json: { type: 'boolean' } },
  positionals: 1,
  async run(ctx) {
    const path = ctx.positionals[0]!;
    const scope = scopeFrom(ctx);
    const reason = typeof ctx.values.reason === 'string' ? { reason: ctx.values.reason } : {};
    const lock = await lockForWrite(path, 'forget'); // held from reading FILE to rewriting it
    let tombstone, counts;
    try {
      const opened = await openMemory(path);
      ({ tombstone, counts } = opened.mem.forget(scope, reason));
      await saveMemory(path, opened.mem, lock, opened.kind, opened.logFormat);
    } finally {
      await lock.release();
    }
    if (ctx.values.json) return ctx.io.out(JSON.stringify({ tombstone: { ...tombstone, recordedAt: isoTime(tombstone.recordedAt) }, counts }, null, 2));
    ctx.io.out(
      `forgot ${tombstone.scope}: ${counts.episodes} episode(s), ${counts.entities} entit(ies), ${counts.facts} fact operation(s) removed, ` +
        `${counts.evidence} fact(s) kept with other evidence; ${path} rewritten`,
    );
  },
};
