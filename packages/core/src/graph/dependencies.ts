// Dependent beliefs: a version may rest on other versions (its premises, `assert({ dependsOn })`). When a
// premise stops being believed as it was (superseded, retracted, ended), each of its open dependents is
// flagged unsupported at that record time; a read at an earlier knownAt still sees it supported. Physical
// row changes that keep the belief (coalescing, a merge moving it, the re-split of a version) carry the
// links onto the new rows. DEPENDENT-BELIEFS.md (docs/) states the semantics.
import { InvalidArgumentError, NotFoundError } from '../errors.js';
import type { MemoryTables } from './tables.js';
import { changeTime, replaceDependent } from './premise-rules.js';

/** Why a version is unsupported: since when (record time) and which premise version closed. */
export interface Unsupported {
  since: number;
  premise: number;
}

/** The snapshot form (a section of the state's config; absent in memories without dependencies). */
export interface DependencyState {
  /** [dependent version, ...premise ids as asserted] */
  dependsOn: number[][];
  /** [premise version now standing for the belief, then per dependent: version, from, to (the premise's valid interval it needs; null: open)] */
  watching: Array<Array<number | null>>;
  /** [version, since, premise] */
  unsupported: number[][];
  /** [version, replacement object code] (assert's onPremiseChange); absent in snapshots written before rules were kept. */
  rules?: number[][];
}

export class Dependencies {
  /** Dependent version → the premise ids it was asserted with (inherited by its re-written rows). */
  readonly of = new Map<number, number[]>();
  /** Premise version → the dependents resting on it, each with the valid interval of the premise it needs. */
  readonly watching = new Map<number, Watch[]>();
  readonly unsupported = new Map<number, Unsupported>();
  /** Dependent version → the object it becomes when a premise changes (a stated rule; premise-rules.ts). */
  readonly rules = new Map<number, number>();
  /** Dependents replaced by their rule in the settle under way: their kept earlier parts carry no rule or watch. */
  private readonly replaced = new Set<number>();
  /** Closed dependent versions whose links were already carried on (several operations may share a time). */
  private readonly carried = new Set<number>();

  get empty(): boolean {
    return this.of.size === 0;
  }

  /** Links `dependent` to `premises` (open versions, checked by checkPremises): each must keep its valid interval. */
  link(mem: MemoryTables, dependent: number, premises: readonly number[]): void {
    const st = mem.store;
    this.remember(dependent, premises);
    for (const p of premises) watch(this.watching, p, { dependent, from: st.validFromOf(p), to: st.validToOf(p) });
  }

  /** Gives `dependent` (linked to its premises) the replacement `object` (an object code) for when one changes. */
  setRule(dependent: number, object: number): void {
    this.rules.set(dependent, object);
  }

  /** Adds `premises` to the ids `dependent` lists. */
  private remember(dependent: number, premises: readonly number[]): void {
    const list = this.of.get(dependent) ?? [];
    for (const p of premises) if (!list.includes(p)) list.push(p);
    this.of.set(dependent, list);
  }

  /** Is version `row` unsupported at record time k? */
  unsupportedAt(row: number, k: number): boolean {
    const u = this.unsupported.get(row);
    return u !== undefined && u.since <= k;
  }

  exportState(): DependencyState | undefined {
    if (this.empty) return undefined;
    return {
      dependsOn: [...this.of].map(([d, ps]) => [d, ...ps]),
      watching: [...this.watching].map(([p, ws]) => [p, ...ws.flatMap((w) => [w.dependent, w.from === -Infinity ? null : w.from, w.to === Infinity ? null : w.to])]),
      unsupported: [...this.unsupported].map(([r, u]) => [r, u.since, u.premise]),
      ...(this.rules.size === 0 ? {} : { rules: [...this.rules].map(([r, o]) => [r, o]) }),
    };
  }

  /** Loads a snapshot's section, checking every id against the store (a bad one: `fail`). */
  loadState(raw: unknown, rowCount: number, fail: (why: string) => never, isObject: (code: number) => boolean): void {
    if (raw === undefined) return;
    const state = raw as Partial<DependencyState>;
    const rows = (list: unknown, name: string, min: number): number[][] => {
      if (!Array.isArray(list)) fail(`config.dependencies.${name} is not a list`);
      for (const entry of list as unknown[]) {
        if (!Array.isArray(entry) || entry.length < min) fail(`config.dependencies.${name} has a malformed entry`);
      }
      return list as number[][];
    };
    const row = (x: unknown): number => {
      if (!Number.isInteger(x) || (x as number) < 0 || (x as number) >= rowCount) fail(`config.dependencies names no fact version ${String(x)}`);
      return x as number;
    };
    if (raw === null || typeof raw !== 'object') fail('config.dependencies is not an object');
    for (const [d, ...ps] of rows(state.dependsOn, 'dependsOn', 2)) this.of.set(row(d), ps.map(row));
    for (const [p, ...rest] of rows(state.watching, 'watching', 4) as unknown[][]) {
      if (rest.length % 3 !== 0) fail('config.dependencies.watching has a malformed entry');
      const time = (x: unknown, open: number): number => {
        if (x === null) return open;
        if (!Number.isFinite(x)) fail('config.dependencies.watching has a time that is not a number');
        return x as number;
      };
      const list: Watch[] = [];
      for (let i = 0; i < rest.length; i += 3) list.push({ dependent: row(rest[i]), from: time(rest[i + 1], -Infinity), to: time(rest[i + 2], Infinity) });
      this.watching.set(row(p), list);
    }
    for (const [r, since, premise] of rows(state.unsupported, 'unsupported', 3)) {
      if (!Number.isFinite(since)) fail('config.dependencies.unsupported has a time that is not a number');
      this.unsupported.set(row(r), { since: since!, premise: row(premise) });
    }
    for (const [r, object] of state.rules === undefined ? [] : rows(state.rules, 'rules', 2)) {
      if (!isObject(object!)) fail(`config.dependencies.rules names no object ${String(object)}`);
      this.rules.set(row(r), object!);
    }
  }

  /**
   * After an operation recorded at `at` (rows from `firstNew` on are the ones it appended): links of closed
   * versions carried onto the versions that keep their belief; dependents of premises that lost it flagged.
   */
  settle(mem: MemoryTables, at: number, firstNew: number): void {
    if (this.empty) return;
    const st = mem.store;
    for (const [d, premises] of [...this.of]) {
      if (st.invalidAtOf(d) === Infinity || this.carried.has(d)) continue;
      this.carried.add(d);
      const flag = this.unsupported.get(d);
      const rule = this.replaced.has(d) ? undefined : this.rules.get(d);
      for (const s of sameBelief(mem, d, firstNew)) {
        // The new version rests on what d rested on: d's watches, copied.
        this.remember(s, premises);
        for (const list of [...this.watching.values()]) {
          for (const w of [...list]) if (w.dependent === d) list.push({ ...w, dependent: s });
        }
        if (flag !== undefined && !this.unsupported.has(s)) this.unsupported.set(s, flag);
        if (rule !== undefined && !this.rules.has(s)) this.rules.set(s, rule);
      }
    }
    const replacements = new Map<number, number>();
    for (const [p, watches] of [...this.watching]) {
      if (st.invalidAtOf(p) === Infinity) continue;
      this.watching.delete(p);
      const successors = sameBelief(mem, p, firstNew);
      for (const w of watches) {
        // The belief is kept where a new version of it still covers the interval this dependent needs.
        const keeper = successors.find((s) => st.validFromOf(s) <= w.from && w.to <= st.validToOf(s));
        if (keeper !== undefined) watch(this.watching, keeper, w);
        else if (st.invalidAtOf(w.dependent) === Infinity && !this.unsupported.has(w.dependent)) {
          // A stated rule replaces the dependent from the change on; a change past its end leaves it flagged.
          const d = w.dependent;
          const from = this.rules.has(d) ? Math.max(changeTime(mem, successors, w.from, w.to), st.validFromOf(d)) : Infinity;
          if (from < st.validToOf(d)) replacements.set(d, Math.min(from, replacements.get(d) ?? Infinity));
          else this.unsupported.set(d, { since: at, premise: p });
        }
      }
    }
    for (const [d, from] of replacements) this.replace(mem, d, from, at);
  }

  /**
   * Applies dependent d's rule from valid time `from`, at record time `at`: d stops being watched, is
   * replaced, and the writes are settled in turn (d may be the premise of others: a cascade).
   */
  private replace(mem: MemoryTables, d: number, from: number, at: number): void {
    const st = mem.store;
    if (st.invalidAtOf(d) !== Infinity || this.unsupported.has(d)) return; // settled by an earlier replacement
    for (const list of this.watching.values()) {
      for (let i = list.length - 1; i >= 0; i--) if (list[i]!.dependent === d) list.splice(i, 1);
    }
    this.replaced.add(d);
    const firstNew = st.rowCount;
    replaceDependent(mem, d, this.rules.get(d)!, from, at);
    this.settle(mem, at, firstNew);
  }
}

/** A dependent resting on a premise, and the premise's valid interval it needs believed. */
interface Watch {
  dependent: number;
  from: number;
  to: number;
}

function watch(watching: Map<number, Watch[]>, premise: number, w: Watch): void {
  const list = watching.get(premise);
  if (list === undefined) watching.set(premise, [w]);
  else if (!list.some((x) => x.dependent === w.dependent && x.from === w.from && x.to === w.to)) list.push(w);
}

/**
 * The open versions that superseded `row` and state the same belief: the same predicate, subject and
 * object (through merges), appended by the operation just applied.
 */
function sameBelief(mem: MemoryTables, row: number, firstNew: number): number[] {
  const st = mem.store;
  const t = st.triple[row]!;
  const k = st.invalidAtOf(row);
  const entity = (id: number): number => (id >= 0 ? mem.entities.resolveAt(id, k) : id);
  const out: number[] = [];
  for (const s of st.supersededBy(row)) {
    if (s < firstNew || st.invalidAtOf(s) !== Infinity) continue;
    const u = st.triple[s]!;
    if (st.tPredicate[u] !== st.tPredicate[t]) continue;
    if (entity(st.tSubject[u]!) !== entity(st.tSubject[t]!) || entity(st.tObject[u]!) !== entity(st.tObject[t]!)) continue;
    out.push(s);
  }
  return out;
}

/**
 * An assertion's `dependsOn`, checked: fact version ids the memory has and still believes (a closed version
 * is no premise to rest on now). Returns them without repeats.
 */
export function checkPremises(mem: MemoryTables, raw: unknown, call: string): number[] {
  if (!Array.isArray(raw)) throw new InvalidArgumentError(`${call}: dependsOn must be an array of fact ids`);
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const id: unknown = raw[i];
    if (!Number.isInteger(id) || (id as number) < 0) throw new InvalidArgumentError(`${call}: dependsOn[${i}] is ${String(id)}, not a fact id`);
    if ((id as number) >= mem.store.rowCount) throw new NotFoundError(`${call}: dependsOn[${i}] names no fact: #${String(id)}`);
    const at = mem.store.invalidAtOf(id as number);
    if (at !== Infinity) {
      throw new InvalidArgumentError(`${call}: dependsOn[${i}] names fact #${String(id)}, no longer believed since ${new Date(at).toISOString()}; rest on the version that replaced it`);
    }
    if (!out.includes(id as number)) out.push(id as number);
  }
  return out;
}
