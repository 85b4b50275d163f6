/**
 * The graph of the cut, drawn by sigma.js. One graphology graph holds every entity and every fact version
 * the memory ever had, laid out once (ForceAtlas2 from a seeded start, so a node keeps its place while the
 * clocks move); a cut only decides what is shown, through sigma's reducers. Moving a clock therefore costs
 * one `factIds` read, one pass over the visible versions and one sigma refresh — no graph rebuild.
 */
import { literalKey } from '@palimpsest/core';
import { mulberry32 } from '@palimpsest/core/internal';
import { MultiDirectedGraph, UndirectedGraph } from 'graphology';
import forceAtlas2Module, { inferSettings } from 'graphology-layout-forceatlas2';
import Sigma from 'sigma';
import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import type { Cut } from './cut.js';
import { literalText, type Inspected } from './model.js';

// A CommonJS package: TypeScript (NodeNext) sees its `default` under the namespace, esbuild unwraps it.
type ForceAtlas2 = typeof forceAtlas2Module.default;
const forceAtlas2: ForceAtlas2 = (forceAtlas2Module as unknown as { default?: ForceAtlas2 }).default ?? (forceAtlas2Module as unknown as ForceAtlas2);

export interface NodeAttrs {
  label: string;
  x: number;
  y: number;
  size: number;
  color: string;
  /** Entity id, or -1 for a literal value. */
  entity: number;
  kind: string;
}
export interface EdgeAttrs {
  label: string;
  size: number;
  color: string;
  version: number;
}

/** Colours for entity types, in order of first use; literals are always grey. */
const TYPE_PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#76b7b2', '#edc948', '#9c755f', '#ff9da7'];
const LITERAL_COLOR = '#9a9a9a';
const UNTYPED = '(no type)';
const EDGE_COLOR = '#c9c4b8';
const DIM_NODE = '#e6e3dc';
const DIM_EDGE = '#efece6';
/** Camera ratio below which every edge's label is drawn (at 1 the whole graph is in view). */
const ZOOMED_IN = 0.3;
/** Labels forced on the open entity's edges or on lit edges, when there are no more than this many. */
const FORCED_EDGE_LABELS = 40;

/** Why an edge or node is lit: a change list or a recall result. */
export interface Highlight {
  /** Version id → colour; drawn even when the version is not visible at the cut (a removal). */
  edges: Map<number, string>;
  /** Node keys to light (recall paths). */
  nodes: Set<string>;
}

export class GraphView {
  readonly graph = new MultiDirectedGraph<NodeAttrs, EdgeAttrs>();
  readonly sigma: Sigma<NodeAttrs, EdgeAttrs>;
  /** Entity type → colour, for the legend. */
  readonly typeColors = new Map<string, string>();
  private readonly visibleEdge: Uint8Array;
  private readonly nodeIndex = new Map<string, number>();
  private visibleNode: Uint8Array;
  private degree: Uint32Array;
  private highlight: Highlight | null = null;
  /**
   * Labels of edges drawn over each other (several facts between the same two nodes at the cut): the first
   * carries every predicate ("works_at · ← manages"), the rest none, so the labels never overlap.
   */
  private sharedLabel = new Map<number, string>();
  private selected: string | null = null;
  /** Edge labels are drawn for every edge only when zoomed in; otherwise for the open entity and lit edges. */
  private zoomedIn = false;
  /** Milliseconds spent laying the graph out at load. */
  layoutMs = 0;
  counts = { facts: 0, entities: 0, literals: 0 };

  constructor(
    private readonly model: Inspected,
    container: HTMLElement,
    onClickEntity: (id: number) => void,
  ) {
    this.build();
    const t0 = performance.now();
    this.layout();
    this.layoutMs = performance.now() - t0;
    this.visibleEdge = new Uint8Array(model.versions.length);
    this.visibleNode = new Uint8Array(this.graph.order);
    this.degree = new Uint32Array(this.graph.order);
    this.sigma = new Sigma(this.graph, container, {
      renderEdgeLabels: false,
      defaultEdgeType: 'arrow',
      // Every node may carry its label at any zoom; the label grid (one cell per 90 px, a few labels per
      // cell, the biggest nodes first) keeps them from overlapping.
      labelRenderedSizeThreshold: 0,
      labelDensity: 1.2,
      labelGridCellSize: 90,
      edgeLabelSize: 10,
      edgeLabelColor: { color: '#6b675e' },
      zIndex: true,
      nodeReducer: (key, data) => this.reduceNode(key, data),
      edgeReducer: (key, data) => this.reduceEdge(key, data),
    });
    this.sigma.getCamera().on('updated', (state) => {
      const zoomedIn = state.ratio < ZOOMED_IN;
      if (zoomedIn === this.zoomedIn) return;
      this.zoomedIn = zoomedIn;
      this.edgeLabels();
      this.sigma.refresh({ schedule: true });
    });
    this.sigma.on('clickNode', ({ node }) => {
      const entity = this.graph.getNodeAttribute(node, 'entity');
      if (entity >= 0) onClickEntity(entity);
    });
  }

  private colorOf(type: string | undefined): string {
    const key = type ?? UNTYPED;
    let c = this.typeColors.get(key);
    if (c === undefined) {
      c = TYPE_PALETTE[this.typeColors.size % TYPE_PALETTE.length]!;
      this.typeColors.set(key, c);
    }
    return c;
  }

  private build(): void {
    for (const e of this.model.entities) {
      if (!e) continue;
      this.graph.addNode(String(e.id), { label: e.displayName, x: 0, y: 0, size: 3, color: this.colorOf(e.type), entity: e.id, kind: e.type ?? UNTYPED });
    }
    for (const f of this.model.versions) {
      const target = 'value' in f.object ? literalKey(f.object.value) : String(f.object.id);
      if ('value' in f.object && !this.graph.hasNode(target)) {
        this.graph.addNode(target, { label: literalText(f.object.value), x: 0, y: 0, size: 2, color: LITERAL_COLOR, entity: -1, kind: 'literal' });
      }
      this.graph.addDirectedEdgeWithKey(String(f.id), String(f.subject.id), target, { label: f.predicate, size: 1, color: EDGE_COLOR, version: f.id });
    }
    let i = 0;
    this.graph.forEachNode((key) => this.nodeIndex.set(key, i++));
  }

  /** ForceAtlas2 over the distinct pairs of the whole history, from seeded random positions. */
  private layout(): void {
    const rand = mulberry32(0x5eed);
    const pairs = new UndirectedGraph();
    this.graph.forEachNode((key) => pairs.addNode(key, { x: rand() * 100, y: rand() * 100 }));
    this.graph.forEachEdge((_e, _a, s, t) => {
      if (s !== t) pairs.mergeEdge(s, t);
    });
    const iterations = this.graph.order > 2000 ? 50 : 100;
    forceAtlas2.assign(pairs, { iterations, settings: { ...inferSettings(pairs), barnesHutOptimize: pairs.order > 300 } });
    pairs.forEachNode((key, a) => {
      this.graph.setNodeAttribute(key, 'x', a.x as number);
      this.graph.setNodeAttribute(key, 'y', a.y as number);
    });
  }

  /** Shows the cut; returns the ids of the visible versions (as `factIds` gave them). */
  setCut(cut: Cut): number[] {
    const ids = this.model.mem.factIds({ validAt: cut.validAt, knownAt: cut.knownAt });
    this.visibleEdge.fill(0);
    this.visibleNode.fill(0);
    this.degree.fill(0);
    let entities = 0;
    for (const e of this.model.entities) {
      if (!e || e.recordedAt > cut.knownAt || e.mergedAt <= cut.knownAt) continue;
      this.visibleNode[this.nodeIndex.get(String(e.id))!] = 1;
      entities++;
    }
    let literals = 0;
    for (const id of ids) {
      this.visibleEdge[id] = 1;
      const key = String(id);
      const s = this.nodeIndex.get(this.graph.source(key))!;
      const t = this.nodeIndex.get(this.graph.target(key))!;
      this.degree[s]!++;
      this.degree[t]!++;
      if (this.visibleNode[t] === 0) {
        this.visibleNode[t] = 1; // a literal value, shown while a visible fact points at it
        literals++;
      }
    }
    this.counts = { facts: ids.length, entities, literals };
    this.shareParallelLabels(ids);
    this.edgeLabels();
    this.sigma.refresh();
    return ids;
  }

  /** Fills sharedLabel for the visible edges that share their two nodes with another visible edge. */
  private shareParallelLabels(ids: readonly number[]): void {
    this.sharedLabel.clear();
    const groups = new Map<string, number[]>();
    for (const id of ids) {
      const s = this.graph.source(String(id));
      const t = this.graph.target(String(id));
      const pair = s < t ? `${s}\u0000${t}` : `${t}\u0000${s}`;
      const group = groups.get(pair);
      if (group) group.push(id);
      else groups.set(pair, [id]);
    }
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      group.sort((a, b) => a - b);
      const first = String(group[0]);
      const from = this.graph.source(first);
      const labels = new Set<string>();
      for (const id of group) {
        const key = String(id);
        const predicate = this.graph.getEdgeAttribute(key, 'label');
        labels.add(this.graph.source(key) === from ? predicate : `← ${predicate}`);
        this.sharedLabel.set(id, '');
      }
      this.sharedLabel.set(group[0]!, [...labels].join(' · '));
    }
  }

  /** Version ids of the facts visible at the cut between two entities, either way round. */
  visibleBetween(a: number, b: number): number[] {
    const x = String(a);
    const y = String(b);
    if (!this.graph.hasNode(x) || !this.graph.hasNode(y)) return [];
    return [...this.graph.edges(x, y), ...this.graph.edges(y, x)].map(Number).filter((id) => this.visibleEdge[id] === 1);
  }

  /**
   * Sigma's edge-label pass visits every edge between labelled nodes even when its label is empty, so it
   * is switched off unless something would draw: zoomed in, an open entity or lit edges.
   */
  private edgeLabels(): void {
    const few = (n: number): boolean => n <= FORCED_EDGE_LABELS;
    const selectedDegree = this.selected === null ? Infinity : this.degree[this.nodeIndex.get(this.selected)!]!;
    const on = this.zoomedIn || few(selectedDegree) || (this.highlight !== null && few(this.highlight.edges.size));
    if (this.sigma.getSetting('renderEdgeLabels') !== on) this.sigma.setSetting('renderEdgeLabels', on);
  }

  setHighlight(h: Highlight | null): void {
    this.highlight = h;
    this.edgeLabels();
    this.sigma.refresh();
    if (h && h.nodes.size > 0) this.frame(h.nodes);
  }

  /** Moves the camera so that every given node is in view (sigma's camera works in its framed [0, 1] space). */
  private frame(keys: Iterable<string>): void {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const key of keys) {
      const d = this.sigma.getNodeDisplayData(key);
      if (!d) continue;
      x0 = Math.min(x0, d.x);
      y0 = Math.min(y0, d.y);
      x1 = Math.max(x1, d.x);
      y1 = Math.max(y1, d.y);
    }
    if (!Number.isFinite(x0)) return;
    const ratio = Math.min(1.2, Math.max(0.15, 1.25 * Math.max(x1 - x0, y1 - y0)));
    void this.sigma.getCamera().animate({ x: (x0 + x1) / 2, y: (y0 + y1) / 2, ratio }, { duration: 300 });
  }

  select(entity: number | null): void {
    this.selected = entity === null ? null : String(entity);
    this.edgeLabels();
    this.sigma.refresh();
    if (this.selected === null) return;
    // The entity and its neighbours visible at the cut, all in view; alone, centred at no more than half the graph.
    const shown = [this.selected, ...this.graph.neighbors(this.selected).filter((n) => this.visibleNode[this.nodeIndex.get(n)!] === 1)];
    if (shown.length > 1) return this.frame(shown);
    const pos = this.sigma.getNodeDisplayData(this.selected);
    const camera = this.sigma.getCamera();
    if (pos) void camera.animate({ x: pos.x, y: pos.y, ratio: Math.min(camera.ratio, 0.5) }, { duration: 300 });
  }

  // Sigma hands reducers a shallow copy of the attributes: they change it in place (no allocation per item).
  private reduceNode(key: string, data: NodeAttrs & Partial<NodeDisplayData>): Partial<NodeDisplayData> {
    const i = this.nodeIndex.get(key)!;
    const lit = this.highlight?.nodes.has(key) ?? false;
    if (this.visibleNode[i] === 0 && !lit) {
      data.hidden = true;
      return data;
    }
    data.size = Math.min(18, 2.5 + 1.6 * Math.sqrt(this.degree[i]!));
    if (key === this.selected) {
      data.size += 3;
      data.highlighted = true;
      data.forceLabel = true;
      data.zIndex = 3;
    } else if (this.highlight) {
      if (lit) {
        data.size += 2;
        data.forceLabel = true;
        data.zIndex = 2;
      } else {
        data.color = DIM_NODE;
        data.label = '';
        data.zIndex = 0;
      }
    } else data.zIndex = 1;
    return data;
  }

  private reduceEdge(key: string, data: EdgeAttrs & Partial<EdgeDisplayData>): Partial<EdgeDisplayData> {
    const lit = this.highlight?.edges.get(data.version);
    const shared = this.sharedLabel.get(data.version);
    if (shared !== undefined && lit === undefined) data.label = shared;
    if (lit !== undefined) {
      data.color = lit;
      data.size = 2.5;
      data.zIndex = 2;
      // Many lit edges: their labels only when zoomed in, like the rest.
      if (this.highlight!.edges.size <= FORCED_EDGE_LABELS) data.forceLabel = true;
      else if (!this.zoomedIn) data.label = '';
    } else if (this.visibleEdge[data.version] === 0) data.hidden = true;
    else if (this.highlight) {
      data.color = DIM_EDGE;
      data.label = '';
      data.zIndex = 0;
    } else if (this.selected !== null && (this.graph.source(key) === this.selected || this.graph.target(key) === this.selected)) {
      data.color = '#6b675e';
      data.size = 1.5;
      data.zIndex = 1;
      data.forceLabel = this.degree[this.nodeIndex.get(this.selected)!]! <= FORCED_EDGE_LABELS;
    } else if (!this.zoomedIn) data.label = '';
    return data;
  }
}
