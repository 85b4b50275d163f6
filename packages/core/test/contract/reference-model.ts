/**
 * A small reference model of SEMANTICS.md, written for clarity and nothing else: after each operation
 * the whole belief state B (triple → sorted, disjoint, non-touching valid intervals) is copied, and a
 * read at (v, k) looks at the last copy recorded at or before k.
 */
export type Interval = [number, number];
export type Beliefs = Map<string, Interval[]>;

export function key(s: string, p: string, o: string): string {
  return `${s}|${p}|${o}`;
}

/** Adds an interval, merging overlapping or touching ones. */
export function unite(list: readonly Interval[], add: Interval): Interval[] {
  const all = [...list, add].sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [a, b] of all) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function subtract(list: readonly Interval[], [from, to]: Interval): Interval[] {
  const out: Interval[] = [];
  for (const [a, b] of list) {
    if (to <= a || b <= from) out.push([a, b]);
    else {
      if (a < from) out.push([a, from]);
      if (to < b) out.push([to, b]);
    }
  }
  return out;
}

export type ModelOp =
  | { kind: 'assert'; s: string; p: string; o: string; vf: number; vt: number; at: number; source?: string; alongside?: true }
  | { kind: 'retract'; s: string; p: string; o?: string; vf: number; vt: number; at: number };

export class ReferenceModel {
  private state: Beliefs = new Map();
  private snapshots: Array<{ at: number; state: Beliefs }> = [];
  /** Every operation applied and not forgotten, in order. */
  private ops: ModelOp[] = [];

  constructor(private readonly cardinalityOne: ReadonlySet<string>) {}

  /**
   * Forgetting: the memory becomes the one never told the operations `gone` picks (every belief state, at
   * every record instant, is recomputed from the operations kept, at their own instants). Returns how many
   * were dropped.
   */
  forget(gone: (op: ModelOp) => boolean): number {
    const kept = this.ops.filter((op) => !gone(op));
    const dropped = this.ops.length - kept.length;
    this.state = new Map();
    this.snapshots = [];
    this.ops = [];
    for (const op of kept) this.apply(op);
    return dropped;
  }

  /** Whether some kept operation is picked by `test`. */
  has(test: (op: ModelOp) => boolean): boolean {
    return this.ops.some(test);
  }

  apply(op: ModelOp): void {
    this.ops.push(op);
    const next: Beliefs = new Map([...this.state].map(([k, v]) => [k, v.map((i) => [...i] as Interval)]));
    const prefix = `${op.s}|${op.p}|`;
    if (op.kind === 'assert') {
      // a re-assertion already inside B changes nothing (once some object was held alongside, others may overlap it);
      // held alongside, the others keep their intervals, as under cardinality many
      const own = next.get(key(op.s, op.p, op.o)) ?? [];
      const inside = own.some(([a, b]) => a <= op.vf && op.vt <= b);
      if (this.cardinalityOne.has(op.p) && op.alongside !== true && !inside) {
        for (const [k, v] of next) if (k.startsWith(prefix) && k !== key(op.s, op.p, op.o)) next.set(k, subtract(v, [op.vf, op.vt]));
      }
      next.set(key(op.s, op.p, op.o), unite(next.get(key(op.s, op.p, op.o)) ?? [], [op.vf, op.vt]));
    } else {
      for (const [k, v] of next) {
        if (op.o === undefined ? k.startsWith(prefix) : k === key(op.s, op.p, op.o)) next.set(k, subtract(v, [op.vf, op.vt]));
      }
    }
    for (const [k, v] of next) if (v.length === 0) next.delete(k);
    this.state = next;
    this.snapshots.push({ at: op.at, state: next });
  }

  /** B_k: the belief state after every operation recorded at or before k. */
  beliefsAt(k: number): Beliefs {
    let found: Beliefs = new Map();
    for (const snap of this.snapshots) if (snap.at <= k) found = snap.state;
    return found;
  }

  /** Triples believed at k to hold at v, sorted. */
  factsAt(v: number, k: number): string[] {
    const out: string[] = [];
    for (const [k2, list] of this.beliefsAt(k)) if (list.some(([a, b]) => a <= v && v < b)) out.push(k2);
    return out.sort();
  }
}
