/**
 * A recall's arguments read once, into what its stages use: every option checked and defaulted as a plain
 * number (recall/options.ts), the cut in milliseconds, the question's vector if one was given. MemoryGraph.recall
 * and MemoryView.recall (whose cut is fixed) call this, then hand the result to the recall engine.
 */
import { InvalidArgumentError } from '../errors.js';
import { readInput, RECALL_SHAPE, withoutCut } from '../graph/validate.js';
import { toMillis } from '../util/time.js';
import { MODEL_EMBEDDER_DEFAULTS, RECALL_DEFAULTS, resolveOptions, withDefaults } from './options.js';
import type { RecallOptions, Resolved } from './options.js';

export interface RecallRequest {
  o: Resolved;
  validAt: number;
  knownAt: number;
  /** The question's vector, when the caller gave one (checked: the embedder's dimensions, finite). */
  vector: Float32Array | undefined;
}

export interface RecallReadContext {
  /** The memory's clock, read only when the cut leaves a time out. */
  now: () => number;
  /** Whether the embedder is a model (its defaults, MODEL_EMBEDDER_DEFAULTS, apply). */
  modelEmbedder: boolean;
  dimensions: number;
  /** A view's cut: the options may not name one. */
  fixedCut?: { validAt: number; knownAt: number };
}

const VIEW_RECALL_SHAPE = withoutCut(RECALL_SHAPE);

/** The shape of a weights option: exactly the names its defaults have. */
function weightShape(defaults: object): Record<string, 'any'> {
  const shape = Object.create(null) as Record<string, 'any'>;
  for (const key of Object.keys(defaults)) shape[key] = 'any';
  return shape;
}
const WEIGHT_SHAPE = weightShape(RECALL_DEFAULTS.weights);
const EDGE_WEIGHT_SHAPE = weightShape(RECALL_DEFAULTS.edgeTypeWeights);

/** The plain options (each field read once, unknown names refused), with the cut filled in. */
export function readRecallInput(call: string, raw: unknown, ctx: Pick<RecallReadContext, 'now' | 'fixedCut'>): RecallOptions {
  const plain = readInput<RecallOptions>(call, raw, ctx.fixedCut === undefined ? RECALL_SHAPE : VIEW_RECALL_SHAPE, 'options');
  // Weights by name: only the known names (a "toString" or "__proto__" key is refused, not inherited).
  if (plain.weights !== undefined) plain.weights = readInput(call, plain.weights, WEIGHT_SHAPE, 'weights', true, 'a weight');
  if (plain.edgeTypeWeights !== undefined) plain.edgeTypeWeights = readInput(call, plain.edgeTypeWeights, EDGE_WEIGHT_SHAPE, 'edgeTypeWeights', true, 'an edge type');
  if (ctx.fixedCut !== undefined) {
    plain.validAt = ctx.fixedCut.validAt;
    plain.knownAt = ctx.fixedCut.knownAt;
  } else if (plain.validAt === undefined || plain.knownAt === undefined) {
    const now = ctx.now();
    plain.validAt ??= now;
    plain.knownAt ??= now;
  }
  return plain;
}

/** The options' values checked and defaulted, the cut in milliseconds, the vector checked. */
export function resolveRecall(call: string, plain: RecallOptions, ctx: Pick<RecallReadContext, 'modelEmbedder' | 'dimensions'>): RecallRequest {
  // A model embedder's vectors join the lexical ranking (MODEL_EMBEDDER_DEFAULTS); hashed n-grams only add a little.
  const o = resolveOptions(ctx.modelEmbedder ? withDefaults(plain, MODEL_EMBEDDER_DEFAULTS) : plain, call);
  const validAt = toMillis(plain.validAt!, call, 'validAt');
  const knownAt = toMillis(plain.knownAt!, call, 'knownAt');
  let vector: Float32Array | undefined;
  if (plain.vector !== undefined) {
    const vec = plain.vector;
    if (vec === null || typeof vec !== 'object' || vec.length !== ctx.dimensions) {
      throw new InvalidArgumentError(`${call}: vector must have ${ctx.dimensions} dimensions`);
    }
    vector = Float32Array.from(vec);
    if (vector.some((x) => !Number.isFinite(x))) throw new InvalidArgumentError(`${call}: vector holds a non-finite number`);
  }
  return { o, validAt, knownAt, vector };
}

/** `readRecallInput` then `resolveRecall`: the whole reading, for a caller with nothing to do between. */
export function readRecallOptions(call: string, raw: unknown, ctx: RecallReadContext): RecallRequest {
  return resolveRecall(call, readRecallInput(call, raw, ctx), ctx);
}
