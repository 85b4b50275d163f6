/**
 * The expansion stage of recall: from seed entities over the edges visible at the cut, either spreading
 * activation (decay, fan-out damping, lateral inhibition, a node cap and a fire cap per hop) or BFS. Bounded
 * by work only (hops × fireCap nodes fired, nodeCap nodes reached), never by wall-clock time, so a call is
 * deterministic; hubs (the speakers) pass on activation divided by degree^fan and fire at most once.
 */
import { NONE } from '../store/fact-store.js';
import { TopK } from './grow.js';

/** What the expansion reads of the graph at the caller's cut. */
export interface ExpandGraph {
  /**
   * Visible edges of entity u: fills the rows and, per row, the neighbour (NONE for a literal object), at
   * most a bounded number of them (a hub's newest); returns how many are visible in all (its degree).
   */
  edgesOf(u: number, rows: number[], others: number[]): number;
  /** How much activation an edge carries: its edge-type weight × confidence. */
  strength(row: number): number;
  /** Every row the expansion walks (the fact candidates). */
  reached(row: number): void;
}

export interface ExpandOptions {
  strategy: 'activation' | 'bfs';
  hops: number;
  decay: number;
  threshold: number;
  nodeCap: number;
  fireCap: number;
  fan: number;
  inhibitors: number;
  inhibition: number;
}

export class Expansion {
  /** Entities reached in this call, in the order they joined (seeds first). */
  readonly active: number[] = [];
  // per-call scratch, indexed by entity id; `mark` stamps which entries belong to the current call
  private act = new Float64Array(0);
  private incoming = new Float64Array(0);
  private bestIn = new Float64Array(0);
  private parent = new Int32Array(0);
  private mark = new Uint32Array(0);
  private inMark = new Uint32Array(0);
  private fired = new Uint32Array(0);
  private depth = new Uint8Array(0);
  /** A reused bounded heap for partial selections (inhibitors, newcomers). */
  private readonly select = new TopK();
  private epoch = 0;
  private readonly edgeRows: number[] = [];
  private readonly edgeOther: number[] = [];
  // a hop's scratch, kept from call to call: the nodes that fire, the nodes they reach, the new ones among them
  private readonly firing: number[] = [];
  private readonly touched: number[] = [];
  private readonly fresh: number[] = [];
  private readonly byAct = (a: number, b: number): number => this.act[b]! - this.act[a]! || a - b;

  /** Starts a call over `entities` entity ids. */
  begin(entities: number): void {
    this.reserve(entities);
    if (++this.epoch === 0xffffffff) {
      this.mark.fill(0);
      this.inMark.fill(0);
      this.fired.fill(0);
      this.epoch = 1;
    }
    this.active.length = 0;
  }

  /** Adds activation `a` to seed entity `id`. */
  seed(id: number, a: number): void {
    if (this.mark[id] !== this.epoch) {
      this.mark[id] = this.epoch;
      this.act[id] = 0;
      this.parent[id] = NONE;
      this.depth[id] = 0;
      this.active.push(id);
    }
    this.act[id] = this.act[id]! + a;
  }

  run(g: ExpandGraph, o: ExpandOptions): void {
    if (o.strategy === 'activation') this.activate(g, o);
    else this.breadthFirst(g, o);
  }

  /** Spreading activation: each hop the strongest nodes fire along their edges; newcomers join strongest first. */
  private activate(g: ExpandGraph, o: ExpandOptions): void {
    const active = this.active;
    const epoch = this.epoch;
    const edgeRows = this.edgeRows;
    const edgeOther = this.edgeOther;
    for (let hop = 1; hop <= o.hops; hop++) {
      // The strongest nodes fire, at most fireCap of them a hop: the budget that keeps recall sub-millisecond.
      const firing = this.firing;
      firing.length = 0;
      for (const u of active) if (this.fired[u] !== epoch && this.act[u]! >= o.threshold) firing.push(u);
      firing.sort(this.byAct);
      if (firing.length > o.fireCap) firing.length = o.fireCap;
      const touched = this.touched;
      touched.length = 0;
      for (const u of firing) {
        this.fired[u] = epoch;
        // the share is damped by the whole degree, whether or not every edge is walked
        const degree = g.edgesOf(u, edgeRows, edgeOther);
        const share = (this.act[u]! * o.decay) / Math.pow(Math.max(1, degree), o.fan);
        for (let i = 0; i < edgeRows.length; i++) {
          const r = edgeRows[i]!;
          g.reached(r);
          const w = edgeOther[i]!;
          if (w === NONE) continue;
          const d = share * g.strength(r);
          if (this.inMark[w] !== epoch) {
            this.inMark[w] = epoch;
            this.incoming[w] = 0;
            this.bestIn[w] = -1;
            touched.push(w);
          }
          this.incoming[w] = this.incoming[w]! + d;
          if (d > this.bestIn[w]! || (d === this.bestIn[w]! && u < this.parent[w]!)) {
            this.bestIn[w] = d;
            if (this.mark[w] !== epoch) this.parent[w] = u; // a node's parent is fixed when it joins
          }
        }
      }
      // Existing nodes take their increment; new ones join strongest first, up to the cap.
      const fresh = this.fresh;
      fresh.length = 0;
      for (const w of touched) {
        this.inMark[w] = 0;
        if (this.mark[w] === epoch) this.act[w] = this.act[w]! + this.incoming[w]!;
        else if (this.incoming[w]! >= o.threshold) fresh.push(w);
      }
      // Only the strongest `room` newcomers can join: select them with a bounded heap when there are more.
      const room = Math.max(0, o.nodeCap - active.length);
      let joining = fresh;
      if (fresh.length > room) {
        this.select.reset(room);
        for (const w of fresh) this.select.push(this.incoming[w]!, w);
        joining = this.select.drain().map((h) => h.id);
      } else {
        fresh.sort((a, b) => this.incoming[b]! - this.incoming[a]! || a - b);
      }
      for (const w of joining) {
        if (active.length >= o.nodeCap) break;
        this.mark[w] = epoch;
        this.act[w] = this.incoming[w]!;
        this.depth[w] = hop;
        active.push(w);
      }
      this.inhibit(active, o.inhibitors, o.inhibition);
    }
  }

  private breadthFirst(g: ExpandGraph, o: ExpandOptions): void {
    const active = this.active;
    const epoch = this.epoch;
    const edgeRows = this.edgeRows;
    const edgeOther = this.edgeOther;
    // BFS: each entity once, at its shortest distance; score = best seed score × Π(decay · weight · confidence).
    let frontier = active.slice().sort(this.byAct);
    for (let hop = 1; hop <= o.hops && frontier.length > 0; hop++) {
      const next: number[] = [];
      for (const u of frontier) {
        this.fired[u] = epoch;
        g.edgesOf(u, edgeRows, edgeOther);
        for (let i = 0; i < edgeRows.length; i++) {
          const r = edgeRows[i]!;
          g.reached(r);
          const w = edgeOther[i]!;
          if (w === NONE) continue;
          const s = this.act[u]! * o.decay * g.strength(r);
          if (this.mark[w] === epoch) {
            // same depth, better path: keep the better score and its parent
            if (this.depth[w] === hop && s > this.act[w]!) {
              this.act[w] = s;
              this.parent[w] = u;
            }
            continue;
          }
          if (active.length >= o.nodeCap || s < o.threshold) continue;
          this.mark[w] = epoch;
          this.act[w] = s;
          this.parent[w] = u;
          this.depth[w] = hop;
          active.push(w);
          next.push(w);
        }
      }
      frontier = next.sort(this.byAct);
    }
  }

  /** Activation of an entity relative to the strongest one reached (0 when not reached). */
  normalised(): (e: number) => number {
    let max = 0;
    for (const u of this.active) if (this.act[u]! > max) max = this.act[u]!;
    const epoch = this.epoch;
    return (e: number): number => (e >= 0 && this.mark[e] === epoch && max > 0 ? this.act[e]! / max : 0);
  }

  /** Whether entity e walked its edges in this call. */
  hasFired(e: number): boolean {
    return e >= 0 && this.fired[e] === this.epoch;
  }

  firedCount(): number {
    let n = 0;
    for (const u of this.active) if (this.fired[u] === this.epoch) n++;
    return n;
  }

  /** Entity ids from the seed that reached `e` down to `e`. */
  pathTo(e: number): number[] {
    const path = [e];
    let cur = e;
    // parents are set only when a node joins, to a node that joined earlier: the chain ends at a seed
    while (this.mark[cur] === this.epoch && this.parent[cur] !== NONE && path.length < 256) {
      cur = this.parent[cur]!;
      path.push(cur);
    }
    return path.reverse();
  }

  /** Lateral inhibition: nodes below the mean of the strongest few lose a share of the gap. */
  private inhibit(active: number[], inhibitors: number, inhibition: number): void {
    if (inhibition === 0 || active.length <= inhibitors) return;
    // The strongest few by a bounded heap (ties to the lower id), not a sort of every active node.
    const strongest = this.select;
    strongest.reset(inhibitors);
    for (const u of active) strongest.push(this.act[u]!, u);
    const top = strongest.drain();
    let mean = 0;
    for (const h of top) mean += h.score;
    mean /= inhibitors;
    const inTop = new Set(top.map((h) => h.id));
    for (const u of active) {
      if (inTop.has(u)) continue;
      const a = this.act[u]!;
      if (a < mean) this.act[u] = Math.max(0, a - inhibition * (mean - a));
    }
  }

  private reserve(n: number): void {
    if (this.act.length >= n) return;
    const cap = Math.max(n, this.act.length * 2, 64);
    const grow = <T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a as never);
      return b;
    };
    this.act = grow(this.act, (m) => new Float64Array(m));
    this.incoming = grow(this.incoming, (m) => new Float64Array(m));
    this.bestIn = grow(this.bestIn, (m) => new Float64Array(m));
    this.parent = grow(this.parent, (m) => new Int32Array(m));
    this.mark = grow(this.mark, (m) => new Uint32Array(m));
    this.inMark = grow(this.inMark, (m) => new Uint32Array(m));
    this.fired = grow(this.fired, (m) => new Uint32Array(m));
    this.depth = grow(this.depth, (m) => new Uint8Array(m));
  }
}
