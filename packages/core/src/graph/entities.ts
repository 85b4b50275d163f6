import { grow, nextCapacity } from '../util/arrays.js';
import { StringDictionary } from '../store/strings.js';
import { NONE } from '../store/fact-store.js';

/**
 * Entities in columns: id → canonical name, display name, type, record time, merge, vector slot.
 * Names and aliases resolve through one map of canonical strings; merges are time-aware (a name of the
 * merged entity resolves to the survivor only for reads at or after the merge).
 */
export class EntityTable {
  count = 0;
  private capacity = 0;
  /** Canonical name (string id in `strings`). */
  name = new Int32Array(0);
  display = new Int32Array(0);
  /**
   * Display names by entity id, the strings themselves (a read's hot path: a Fact names its subject and
   * object, and going through `display` and the dictionary costs a second cache miss per name in a large
   * memory). Filled by `add`; `displayName` falls back to the dictionary for any id it lacks.
   */
  private displayNames: string[] = [];
  /** Type string id or NONE. */
  type = new Int32Array(0);
  recordedAt = new Float64Array(0);
  mergedInto = new Int32Array(0);
  mergedAt = new Float64Array(0);
  /** 1 when the entity has a vector (stored at id · dimensions in `vectors`). */
  hasVector = new Uint8Array(0);
  vectors = new Float32Array(0);
  /** Aliases as (entity, canonical string id) pairs, in the order they were added. */
  aliasEntity: number[] = [];
  aliasName: number[] = [];
  /**
   * Canonical name or alias → entity id. Its own map, not the dictionary's: every write and read resolves
   * names here, and the dictionary also holds every source, evidence and literal string (a lookup in that
   * larger map made entity-local reads by id 16% dearer at 117k versions).
   */
  private byName = new Map<string, number>();
  /** Merges made: while none, every id resolves to itself (no read of `mergedInto` at a random id). */
  private merges = 0;

  constructor(
    readonly strings: StringDictionary,
    readonly dimensions: number,
  ) {}

  private reserve(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = nextCapacity(this.capacity, needed);
    this.name = grow(this.name, cap);
    this.display = grow(this.display, cap);
    this.type = grow(this.type, cap, NONE);
    this.recordedAt = grow(this.recordedAt, cap);
    this.mergedInto = grow(this.mergedInto, cap, NONE);
    this.mergedAt = grow(this.mergedAt, cap, Infinity);
    this.hasVector = grow(this.hasVector, cap);
    if (this.dimensions > 0) this.vectors = grow(this.vectors, cap * this.dimensions);
    this.capacity = cap;
  }

  add(canonical: string, display: string, type: string | undefined, recordedAt: number): number {
    const id = this.count;
    this.reserve(id + 1);
    this.name[id] = this.strings.intern(canonical);
    this.display[id] = this.strings.intern(display);
    this.displayNames[id] = this.strings.get(this.display[id]!);
    this.type[id] = type === undefined ? NONE : this.strings.intern(type);
    this.recordedAt[id] = recordedAt;
    this.mergedInto[id] = NONE;
    this.mergedAt[id] = Infinity;
    this.byName.set(canonical, id);
    this.count = id + 1;
    return id;
  }

  /**
   * Bulk load into an empty table: entity `id` gets the name, display name, type (NONE: none) and record time
   * at `id` of the checked columns, as `add` would give it, with no merges yet. Names are ids in `strings`,
   * the table's own dictionary, already loaded.
   */
  load(c: { name: Int32Array; display: Int32Array; type: Int32Array; recordedAt: Float64Array }): void {
    const n = c.name.length;
    if (this.count !== 0) throw new RangeError('EntityTable.load: the table is not empty');
    this.reserve(n);
    this.name.set(c.name);
    this.display.set(c.display);
    this.type.set(c.type);
    this.recordedAt.set(c.recordedAt);
    this.mergedInto.fill(NONE, 0, n);
    this.mergedAt.fill(Infinity, 0, n);
    const values = this.strings.values;
    for (let id = 0; id < n; id++) this.displayNames[id] = values[c.display[id]!]!;
    for (let id = 0; id < n; id++) this.byName.set(values[c.name[id]!]!, id);
    this.count = n;
  }

  addAlias(id: number, canonical: string): void {
    this.aliasEntity.push(id);
    this.aliasName.push(this.strings.intern(canonical));
    this.byName.set(canonical, id);
  }

  setVector(id: number, vector: ArrayLike<number>): void {
    this.vectors.set(vector, id * this.dimensions);
    this.hasVector[id] = 1;
  }

  vectorOf(id: number): Float32Array | undefined {
    if (this.hasVector[id] !== 1) return undefined;
    return this.vectors.subarray(id * this.dimensions, (id + 1) * this.dimensions);
  }

  merge(from: number, into: number, at: number): void {
    this.mergedInto[from] = into;
    this.mergedAt[from] = at;
    this.merges++;
  }

  /** The entity a canonical name or alias names, before following merges; NONE if unknown. */
  lookup(canonical: string): number {
    return this.byName.get(canonical) ?? NONE;
  }

  /** Follows merges made at or before record time `k`. */
  resolveAt(id: number, k: number): number {
    if (this.merges === 0) return id;
    let cur = id;
    while (this.mergedInto[cur] !== NONE && this.mergedAt[cur]! <= k) cur = this.mergedInto[cur]!;
    return cur;
  }

  aliasesOf(id: number): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.aliasEntity.length; i++) if (this.aliasEntity[i] === id) out.push(this.strings.get(this.aliasName[i]!));
    return out;
  }

  displayName(id: number): string {
    return this.displayNames[id] ?? this.strings.get(this.display[id]!);
  }

  canonical(id: number): string {
    return this.strings.get(this.name[id]!);
  }

  typeOf(id: number): string | undefined {
    const t = this.type[id]!;
    return t === NONE ? undefined : this.strings.get(t);
  }
}
