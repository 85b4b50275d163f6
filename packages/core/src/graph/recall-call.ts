// `MemoryGraph.recall` as a call: its arguments read once (recall/read-options.ts: unknown names refused, every
// value checked and defaulted, the cut settled by the clock or fixed by a view), `track` stamped before the
// read; then the recall engine (recall-engine.ts) answers with the options as numbers.
import { InvalidArgumentError } from '../errors.js';
import { HashEmbedder } from '../recall/embedder.js';
import { readRecallInput, resolveRecall } from '../recall/read-options.js';
import type { RecallOptions, RecallResult } from './recall-engine.js';
import type { MemoryTables } from './tables.js';
import { writeTouch } from './write-calls.js';

export function readAndRecall(mem: MemoryTables, query: string, options: RecallOptions | unknown = {}, call = 'MemoryGraph.recall', fixedCut?: { validAt: number; knownAt: number }): RecallResult {
  const engine = mem.recallIndex();
  const read = { now: () => mem.clockAt(call), modelEmbedder: !(engine.embedder instanceof HashEmbedder), dimensions: engine.embedder.dimensions, ...(fixedCut === undefined ? {} : { fixedCut }) };
  const plain = readRecallInput(call, options, read);
  if (typeof query !== 'string') throw new InvalidArgumentError(`${call}: query must be a string`);
  // track: the stamp is checked before the read, so the logged touch cannot be refused after it.
  const trackedAt = plain.track === true ? mem.stamp(undefined, call) : undefined;
  const request = resolveRecall(call, plain, read);
  request.o.track = false;
  const result = engine.recall(query, request);
  if (trackedAt !== undefined && result.facts.length > 0) writeTouch(mem, result.facts.map((f) => f.id), { recordedAt: trackedAt });
  return result;
}
