// `MemoryGraph.recall` as a call: its arguments read once (unknown names refused), the cut settled by the
// clock, `track` stamped before the read; then the recall engine (recall-engine.ts) answers.
import { InvalidArgumentError } from '../errors.js';
import { RECALL_DEFAULTS } from './recall-engine.js';
import type { RecallOptions, RecallResult } from './recall-engine.js';
import type { MemoryTables } from './tables.js';
import { readInput, RECALL_SHAPE } from './validate.js';
import { writeTouch } from './write-calls.js';

export function readAndRecall(mem: MemoryTables, query: string, options: RecallOptions = {}): RecallResult {
  const call = 'MemoryGraph.recall';
  // Here the arguments are read (each field once, unknown names refused); recall/options.ts checks their values.
  const plain = readInput<RecallOptions>(call, options, RECALL_SHAPE, 'options');
  if (typeof query !== 'string') throw new InvalidArgumentError(`${call}: query must be a string`);
  // Weights by name: only the known names (a "toString" or "__proto__" key is refused, not inherited).
  if (plain.weights !== undefined) plain.weights = readInput(call, plain.weights, WEIGHT_SHAPE, 'weights', true, 'a weight');
  if (plain.edgeTypeWeights !== undefined) plain.edgeTypeWeights = readInput(call, plain.edgeTypeWeights, EDGE_WEIGHT_SHAPE, 'edgeTypeWeights', true, 'an edge type');
  if (plain.validAt === undefined || plain.knownAt === undefined) {
    const now = mem.clockAt(call);
    plain.validAt ??= now;
    plain.knownAt ??= now;
  }
  // track: the stamp is checked before the read, so the logged touch cannot be refused after it.
  const trackedAt = plain.track === true ? mem.stamp(undefined, call) : undefined;
  if (trackedAt !== undefined) plain.track = false;
  const result = mem.recallIndex().recall(query, plain);
  if (trackedAt !== undefined && result.facts.length > 0) writeTouch(mem, result.facts.map((f) => f.id), { recordedAt: trackedAt });
  return result;
}

/** The shape of a weights option: exactly the names its defaults have. */
function weightShape(defaults: object): Record<string, 'any'> {
  const shape = Object.create(null) as Record<string, 'any'>;
  for (const key of Object.keys(defaults)) shape[key] = 'any';
  return shape;
}
const WEIGHT_SHAPE = weightShape(RECALL_DEFAULTS.weights);
const EDGE_WEIGHT_SHAPE = weightShape(RECALL_DEFAULTS.edgeTypeWeights);

