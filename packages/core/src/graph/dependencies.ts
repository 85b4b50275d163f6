// Dependent beliefs: a version may rest on other versions (its premises, `assert({ dependsOn })`). When a
// premise stops being believed as it was (superseded, retracted, ended), each of its open dependents is
// flagged unsupported at that record time; a read at an earlier knownAt still sees it supported. Physical
// row changes that keep the belief (coalescing, a merge moving it, the re-split of a version) carry the
// links onto the new rows. DEPENDENT-BELIEFS.md (docs/) states the semantics.
import { InvalidArgumentError, NotFoundError } from '../errors.js';
import type { FactStore } from '../store/fact-store.js';
import type { MemoryTables } from './tables.js';

/** Why a version is unsupported: since when (record time) and which premise version closed. */
export interface Unsupported {
  since: number;
  premise: number;
}

/** The snapshot form (a section of the state's config; absent in memories without dependencies). */
export interface DependencyState {
  /** [dependent version, ...premise ids as asserted] */
  dependsOn: number[][];
  /** [premise version now standing for the belief, ...dependent versions] */
  watching: number[][];
  /** [version, since, premise] */
  unsupported: number[][];
}

export class Dependencies {
  /** Dependent version → the premise ids it was asserted with (inherited by its re-written rows). */
  readonly of = new Map<number, number[]>();
  /** Premise version → the dependent versions resting on it. */
  readonly watching = new Map<number, number[]>();
  readonly unsupported = new Map<number, Unsupported>();
  /** Closed dependent versions whose links were already carried on (several operations may share a time). */
  private readonly carried = new Set<number>();

  get empty(): boolean {
    return this.of.size === 0;
  }

  /** Links `dependent` to `premises` (ids checked by checkPremises). */
  link(dependent: number, premises: readonly number[]): void {
    const own = this.of.get(dependent);
    const list = own === undefined ? [] : own;
    for (const p of premises) {
      if (!list.includes(p)) list.push(p);
      watch(this.watching, p, dependent);
    }
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
      watching: [...this.watching].map(([p, ds]) => [p, ...ds]),
      unsupported: [...this.unsupported].map(([r, u]) => [r, u.since, u.premise]),
    };
  }

  /** Loads a snapshot's section, checking every id against the store (a bad one: `fail`). */
  loadState(raw: unknown, rowCount: number, fail: (why: string) => never): void {
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
    for (const [p, ...ds] of rows(state.watching, 'watching', 2)) this.watching.set(row(p), ds.map(row));
    for (const [r, since, premise] of rows(state.unsupported, 'unsupported', 3)) {
      if (!Number.isFinite(since)) fail('config.dependencies.unsupported has a time that is not a number');
      this.unsupported.set(row(r), { since: since!, premise: row(premise) });
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
      for (const s of sameBelief(mem, d, firstNew)) {
        this.link(s, premises);
        if (flag !== undefined && !this.unsupported.has(s)) this.unsupported.set(s, flag);
      }
    }
    for (const [p, dependents] of [...this.watching]) {
      if (st.invalidAtOf(p) === Infinity) continue;
      this.watching.delete(p);
      const keeper = sameBelief(mem, p, firstNew).find((s) => covers(st, s, p));
      if (keeper !== undefined) {
        for (const d of dependents) watch(this.watching, keeper, d);
        continue;
      }
      for (const d of dependents) {
        if (st.invalidAtOf(d) === Infinity && !this.unsupported.has(d)) this.unsupported.set(d, { since: at, premise: p });
      }
    }
  }
}

function watch(watching: Map<number, number[]>, premise: number, dependent: number): void {
  const list = watching.get(premise);
  if (list === undefined) watching.set(premise, [dependent]);
  else if (!list.includes(dependent)) list.push(dependent);
}

/** Does version s's valid interval cover version r's? */
function covers(st: FactStore, s: number, r: number): boolean {
  return st.validFromOf(s) <= st.validFromOf(r) && st.validToOf(r) <= st.validToOf(s);
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
