import { InvalidArgumentError } from '../errors.js';
import type { MemoryTables } from '../graph/tables.js';
import type { RecallOptions, RecallResult } from '../graph/recall-engine.js';
import { readAndRecall } from '../graph/recall-call.js';
import { checkVectors, embedAll } from './model-calls.js';

/** Texts per embedder call when recall catches up on episodes and entities written without vectors. */
const CATCH_UP_BATCH = 64;

/**
 * `mem.recallAsync`: the query vector first (unless given), then every text the recall index has not
 * embedded yet, in batches; the vectors are handed to the index and recall runs synchronously right after
 * the last check, so writes made while a model call was in flight are embedded too.
 */
export async function recallAsync(mem: MemoryTables, query: string, options: RecallOptions = {}): Promise<RecallResult> {
  const call = 'MemoryGraph.recallAsync';
  if (typeof query !== 'string') throw new InvalidArgumentError(`${call}: query must be a string`);
  if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${call}: options must be an object`);
  const index = mem.recallIndex();
  const embedder = index.embedder;
  let vector = options.vector;
  if (vector === undefined) vector = checkVectors(await embedder.embed([query]), 1, embedder.dimensions, `${call}: the embedder "${embedder.id}"`)[0]!;
  for (let texts = index.textsToEmbed(); texts.length > 0; texts = index.textsToEmbed()) {
    index.supply(texts, await embedAll(embedder, texts, CATCH_UP_BATCH, call));
  }
  return readAndRecall(mem, query, { ...options, vector });
}
