/**
 * The tools that erase: `forget` (one episode, entity, source or fact, in the memory and every stored copy)
 * and `delete_memory` (a whole memory). Both are marked destructive for clients that ask before such calls.
 * A server whose store cannot erase its copies does not offer them as working tools: the call is refused.
 */
import { z } from 'zod';
import { InvalidArgumentError } from '@palimpsest/core';
import type { ForgetScope } from '@palimpsest/core';
import type { MemoryTool, ToolContext } from './tool-kit.js';

const memory = z
  .string()
  .optional()
  .describe('Which memory to use (a name of letters, digits, ".", "_" or "-"). Defaults to the server\'s default memory.');

const DESTRUCTIVE = { readOnlyHint: false, destructiveHint: true, idempotentHint: false } as const;

const forgetShape = {
  episode: z.string().optional().describe('The id of an episode (a remembered turn) to forget, e.g. "turn-3".'),
  entity: z.string().optional().describe('The name or alias of an entity (a person, place, thing) to forget with everything said about it.'),
  source: z.string().optional().describe('A source name: every fact recorded with that source is forgotten.'),
  fact: z.number().int().min(0).optional().describe('A fact id (from facts or recall): every version of that fact is forgotten.'),
  reason: z
    .string()
    .max(1000)
    .optional()
    .describe('Why, in a few words, e.g. "user asked". Kept in the tombstone, so do not repeat what is forgotten.'),
  memory,
};

function scopeOf(args: { episode?: string | undefined; entity?: string | undefined; source?: string | undefined; fact?: number | undefined }): ForgetScope {
  const given = (['episode', 'entity', 'source', 'fact'] as const).filter((k) => args[k] !== undefined);
  if (given.length !== 1) throw new InvalidArgumentError(`forget: give exactly one of episode, entity, source or fact (got ${given.length === 0 ? 'none' : given.join(', ')})`);
  const key = given[0]!;
  return { [key]: args[key] } as ForgetScope;
}

export const FORGET_TOOLS: readonly MemoryTool[] = [
  {
    name: 'forget',
    title: 'Forget something for good',
    description:
      'Erase one episode, one entity (with its names, its facts and the turns that mention it), every fact from a ' +
      'source, or one fact, when a person asks the memory to forget. Unlike retract_fact, nothing of it stays ' +
      'readable at any time, in recall or in the stored files; facts also supported by other turns are kept. ' +
      'What remains is a tombstone: when, what kind, the reason and counts. This cannot be undone.',
    inputSchema: forgetShape,
    annotations: DESTRUCTIVE,
    run: async (raw: Record<string, unknown>, ctx: ToolContext) => {
      const args = raw as z.objectOutputType<typeof forgetShape, z.ZodTypeAny>;
      const scope = scopeOf(args);
      const f = await ctx.shelf.get(args.memory ?? ctx.defaultMemory, 'forget', { create: false });
      if (f.forget === undefined) throw new InvalidArgumentError('forget: this server cannot erase its stored copies');
      const { tombstone, counts } = await f.forget(scope, args.reason === undefined ? {} : { reason: args.reason });
      return { tombstone: { ...tombstone, recordedAt: new Date(tombstone.recordedAt).toISOString() }, counts };
    },
  },
  {
    name: 'delete_memory',
    title: 'Delete a whole memory',
    description:
      'Delete one memory entirely: every episode, fact and stored file of it. Name the memory explicitly. ' +
      'This cannot be undone; to erase one thing, use forget.',
    inputSchema: { memory: z.string().describe('The memory to delete (required: there is no default here).') },
    annotations: DESTRUCTIVE,
    run: async (raw: Record<string, unknown>, ctx: ToolContext) => {
      const id = raw.memory as string;
      if (ctx.shelf.delete === undefined) throw new InvalidArgumentError('delete_memory: this server cannot delete memories');
      await ctx.shelf.delete(id, 'delete_memory');
      return { deleted: id };
    },
  },
];
