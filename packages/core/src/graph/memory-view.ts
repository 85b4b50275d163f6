import type { Fact, FactQuery, EntityRef, Neighbor, NeighborQuery } from '../types.js';
import type { GraphologyOptions, MemoryGraphology } from './graphology.js';
import type { MemoryGraph } from './memory-graph.js';
import type { RecallOptions, RecallResult } from './recall-engine.js';
import { RECALL_SHAPE, readInput, SHAPES, withoutCut } from './validate.js';

const VIEW_SHAPES = {
  facts: withoutCut(SHAPES.facts),
  neighbors: withoutCut(SHAPES.neighbors),
  recall: withoutCut(RECALL_SHAPE),
  graphology: withoutCut(SHAPES.graphology),
};

/** A read-only view of a memory at a fixed cut: every read through it applies the cut. */
export class MemoryView {
  constructor(
    readonly memory: MemoryGraph,
    readonly validAt: number,
    readonly knownAt: number,
  ) {}

  // Each read copies its query once (refusing validAt/knownAt: the view fixes them) and reports errors
  // under the MemoryGraph call it makes.
  facts(query: Omit<FactQuery, 'validAt' | 'knownAt'> = {}): Fact[] {
    const plain = readInput<FactQuery>('MemoryGraph.facts', query, VIEW_SHAPES.facts);
    return this.memory.facts({ ...plain, validAt: this.validAt, knownAt: this.knownAt });
  }

  neighbors(entity: EntityRef, query: Omit<NeighborQuery, 'validAt' | 'knownAt'> = {}): Neighbor[] {
    const plain = readInput<NeighborQuery>('MemoryGraph.neighbors', query, VIEW_SHAPES.neighbors);
    return this.memory.neighbors(entity, { ...plain, validAt: this.validAt, knownAt: this.knownAt });
  }

  // ---- recall and graph interop at the view's cut ----
  recall(query: string, options: Omit<RecallOptions, 'validAt' | 'knownAt'> = {}): RecallResult {
    return this.memory.recallWith('MemoryGraph.recall', query, options, { validAt: this.validAt, knownAt: this.knownAt });
  }

  /** `MemoryGraph.recallAsync` at the view's cut: embeds the question (unless `options.vector`), then recalls. */
  async recallAsync(query: string, options: Omit<RecallOptions, 'validAt' | 'knownAt'> = {}): Promise<RecallResult> {
    const plain = readInput<RecallOptions>('MemoryGraph.recallAsync', options, VIEW_SHAPES.recall, 'options');
    return this.memory.recallAsync(query, { ...plain, validAt: this.validAt, knownAt: this.knownAt });
  }

  toGraphology(options: GraphologyOptions = {}): MemoryGraphology {
    const plain = readInput<GraphologyOptions>('MemoryGraph.toGraphology', options, VIEW_SHAPES.graphology);
    return this.memory.toGraphology({ ...plain, validAt: this.validAt, knownAt: this.knownAt });
  }
}

