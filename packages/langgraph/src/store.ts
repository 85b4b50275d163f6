/**
 * PalimpsestStore: LangGraph's long-term memory store (`BaseStore`) over a palimpsest memory. An item
 * (namespace, key) is an entity (item-names.ts) whose value is one fact of a single-valued predicate, so a
 * `put` supersedes the previous value instead of overwriting it and `delete` retracts it: every read can
 * be made at a cut (`validAt`: what held then; `knownAt`: what the store had been told by then), and
 * `history` lists every value a key ever had. `search` with a query goes through the memory's recall.
 */
import { BaseStore, InvalidNamespaceError, validateNamespace } from '@langchain/langgraph-checkpoint';
import type { GetOperation, Item, ListNamespacesOperation, Operation, OperationResults, PutOperation, SearchItem, SearchOperation } from '@langchain/langgraph-checkpoint';
import { InvalidArgumentError, MemoryGraph, PalimpsestError } from '@palimpsest/core';
import type { Fact, MemoryView, TimeInput } from '@palimpsest/core';
import { inProcessMemory } from '@palimpsest/mcp/tools';
import type { ToolMemory } from '@palimpsest/mcp/tools';
import { checkFilter, matchesFilter } from './filter.js';
import { hasPrefix, hasSuffix, itemName, parseItemName } from './item-names.js';

/** The cut a read is made at; both default to the memory's clock `now()`. */
export interface StoreCut {
  /** World time: what held then. */
  validAt?: TimeInput;
  /** Record time: what the store had been told by then. */
  knownAt?: TimeInput;
}

export type PalimpsestGetOperation = GetOperation & StoreCut;
export type PalimpsestSearchOperation = SearchOperation & StoreCut;
export type PalimpsestListNamespacesOperation = ListNamespacesOperation & StoreCut;
/** A put (or, with `value: null`, a delete) from `validFrom` on (default: now). */
export type PalimpsestPutOperation = PutOperation & { validFrom?: TimeInput };

/** One value a key had: the item as it then read, with its two time intervals (`Infinity`: open). */
export interface ItemVersion extends Item {
  validFrom: number;
  validTo: number;
  recordedAt: number;
  invalidAt: number;
}

export interface PalimpsestStoreOptions {
  /** The single-valued predicate that holds items' values. @default 'store_value' */
  predicate?: string;
}

const isGet = (op: Operation): op is PalimpsestGetOperation => 'key' in op && 'namespace' in op && !('value' in op);
const isPut = (op: Operation): op is PalimpsestPutOperation => 'value' in op;
const isSearch = (op: Operation): op is PalimpsestSearchOperation => 'namespacePrefix' in op;
const isList = (op: Operation): op is PalimpsestListNamespacesOperation => 'matchConditions' in op || ('limit' in op && !('namespacePrefix' in op));

function checkCount(value: unknown, call: string, what: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new InvalidArgumentError(`${call}: ${what} must be a whole number ≥ 0, got ${String(value)}`);
  return value;
}

/** LangGraph's checks on a namespace, failing with its InvalidNamespaceError, the message naming this call. */
function checkNamespace(namespace: unknown, call: string, options: { allowEmpty?: boolean; allowReservedRoot?: boolean } = {}): string[] {
  if (!Array.isArray(namespace)) throw new InvalidNamespaceError(`${call}: namespace must be an array of labels`);
  try {
    validateNamespace(namespace, { allowReservedRoot: true, ...options });
  } catch (e) {
    throw new InvalidNamespaceError(`${call}: ${(e as Error).message}`);
  }
  return namespace;
}

/** The cardinality the memory's log declares for `predicate` (the latest declaration), if any. */
function declaredCardinality(mem: MemoryGraph, predicate: string): string | undefined {
  let found: string | undefined;
  for (const op of mem.opsSince(0)) {
    const o = op as { type: string; name?: string; cardinality?: string; predicates?: Record<string, { cardinality: string }> };
    if (o.type === 'init' && o.predicates !== undefined && Object.hasOwn(o.predicates, predicate)) found = o.predicates[predicate]!.cardinality;
    else if (o.type === 'predicate' && o.name === predicate) found = o.cardinality;
  }
  return found;
}

export class PalimpsestStore extends BaseStore {
  readonly memory: ToolMemory;
  readonly predicate: string;
  /** Whether the memory already declares the predicate single-valued (else the first put declares it). */
  private declared: boolean;

  /** A store over `memory`: a MemoryGraph (changes applied in process) or a ToolMemory that stores each change. */
  constructor(memory: MemoryGraph | ToolMemory, options: PalimpsestStoreOptions = {}) {
    super();
    this.memory = memory instanceof MemoryGraph ? inProcessMemory(memory) : memory;
    this.predicate = options.predicate ?? 'store_value';
    const declared = declaredCardinality(this.memory.mem, this.predicate);
    this.declared = declared === 'one';
    if (declared !== undefined && declared !== 'one') {
      throw new InvalidArgumentError(`PalimpsestStore: predicate "${this.predicate}" is many-valued in this memory; a store needs a single-valued one`);
    }
  }

  /**
   * Runs the operations: reads see the memory as it was before the batch, then the puts are applied in
   * order (the last put of a key wins). Every operation is checked first; a refused batch changes nothing.
   */
  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    if (!Array.isArray(operations)) throw new InvalidArgumentError('PalimpsestStore.batch: operations must be an array');
    const puts = new Map<string, PalimpsestPutOperation & { name: string }>();
    operations.forEach((op, i) => this.check(op, `PalimpsestStore.batch: operation ${i}`, puts));
    const results: unknown[] = [];
    for (const op of operations) {
      if (isGet(op)) results.push(this.read(op.namespace, op.key, this.view(op, 'PalimpsestStore.get')));
      else if (isSearch(op)) results.push(await this.find(op));
      else if (isPut(op)) results.push(undefined);
      else results.push(this.namespaces(op as PalimpsestListNamespacesOperation));
    }
    if (puts.size > 0) await this.memory.write((mem) => { for (const put of puts.values()) this.apply(mem, put); });
    return results as OperationResults<Op>;
  }

  override async get(namespace: string[], key: string, cut: StoreCut = {}): Promise<Item | null> {
    return this.batch([{ namespace, key, ...cut }]).then((r) => r[0]!);
  }

  override async search(
    namespacePrefix: string[],
    options: { filter?: Record<string, unknown>; limit?: number; offset?: number; query?: string } & StoreCut = {},
  ): Promise<SearchItem[]> {
    const { limit = 10, offset = 0, ...rest } = options;
    return this.batch([{ namespacePrefix, limit, offset, ...rest }]).then((r) => r[0]!);
  }

  /** Puts `value` under (namespace, key), superseding the value before; `validFrom` dates the change (default now). */
  override async put(namespace: string[], key: string, value: Record<string, unknown>, index?: false | string[], options: { validFrom?: TimeInput } = {}): Promise<void> {
    // put, unlike batch, keeps the root label "langgraph" for LangGraph's own use (as BaseStore.put does).
    checkNamespace(namespace, 'PalimpsestStore.put', { allowReservedRoot: false });
    return this.batch([{ namespace, key, value, ...(index === undefined ? {} : { index }), ...options }]).then(() => undefined);
  }

  /** Retracts the value from `validFrom` (default now); reads at earlier cuts still see it. */
  override async delete(namespace: string[], key: string, options: { validFrom?: TimeInput } = {}): Promise<void> {
    return this.batch([{ namespace, key, value: null, ...options }]).then(() => undefined);
  }

  override async listNamespaces(options: { prefix?: string[]; suffix?: string[]; maxDepth?: number; limit?: number; offset?: number } & StoreCut = {}): Promise<string[][]> {
    const { prefix, suffix, maxDepth, limit = 100, offset = 0, validAt, knownAt } = options;
    const matchConditions = [
      ...(prefix === undefined ? [] : [{ matchType: 'prefix' as const, path: prefix }]),
      ...(suffix === undefined ? [] : [{ matchType: 'suffix' as const, path: suffix }]),
    ];
    const op: PalimpsestListNamespacesOperation = { matchConditions, limit, offset, ...(maxDepth === undefined ? {} : { maxDepth }), ...(validAt === undefined ? {} : { validAt }), ...(knownAt === undefined ? {} : { knownAt }) };
    return this.batch([op]).then((r) => r[0]!);
  }

  /** Every value the key ever had, oldest record first, superseded and deleted ones included. */
  async history(namespace: string[], key: string): Promise<ItemVersion[]> {
    const call = 'PalimpsestStore.history';
    const name = itemName(checkNamespace(namespace, call, { allowEmpty: true }), key, call);
    const mem = this.memory.mem;
    if (mem.getEntity(name) === undefined) return [];
    return mem
      .history({ subject: name, predicate: this.predicate })
      .sort((a, b) => a.recordedAt - b.recordedAt || a.validFrom - b.validFrom)
      .map((f) => ({ ...this.itemOf(f, namespace, key, new Date(f.recordedAt)), validFrom: f.validFrom, validTo: f.validTo, recordedAt: f.recordedAt, invalidAt: f.invalidAt }));
  }

  // ------------------------------------------------------------------------------------------------

  /** Checks one operation; a put is kept (by item) for after the reads. */
  private check(op: Operation, call: string, puts: Map<string, PalimpsestPutOperation & { name: string }>): void {
    if (op === null || typeof op !== 'object') throw new InvalidArgumentError(`${call}: an operation must be an object`);
    if (isPut(op)) {
      const name = itemName(checkNamespace(op.namespace, call), op.key, call);
      if (op.value !== null && (typeof op.value !== 'object' || Array.isArray(op.value))) throw new InvalidArgumentError(`${call}: value must be an object (or null to delete)`);
      if (op.value !== null) this.encodeValue(op.value, call);
      puts.delete(name);
      puts.set(name, { ...op, name });
    } else if (isGet(op)) {
      itemName(checkNamespace(op.namespace, call, { allowEmpty: true }), op.key, call);
      this.view(op, call);
    } else if (isSearch(op)) {
      checkNamespace(op.namespacePrefix, call, { allowEmpty: true });
      checkFilter(op.filter, call);
      checkCount(op.limit, call, 'limit', 10);
      checkCount(op.offset, call, 'offset', 0);
      if (op.query !== undefined && typeof op.query !== 'string') throw new InvalidArgumentError(`${call}: query must be a string`);
      this.view(op, call);
    } else if (isList(op)) {
      checkCount(op.limit, call, 'limit', 100);
      checkCount(op.offset, call, 'offset', 0);
      if (op.maxDepth !== undefined) checkCount(op.maxDepth, call, 'maxDepth', 0);
      this.view(op, call);
    } else {
      throw new InvalidArgumentError(`${call}: not a get, search, put or listNamespaces operation`);
    }
  }

  private encodeValue(value: Record<string, unknown>, call: string): string {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch (e) {
      throw new InvalidArgumentError(`${call}: value is not JSON (${(e as Error).message})`);
    }
    if (text === undefined) throw new InvalidArgumentError(`${call}: value is not JSON`);
    return text;
  }

  /** The memory at the operation's cut; a bad time is refused as this call's error. */
  private view(cut: StoreCut, call: string): MemoryView {
    try {
      return this.memory.mem.at({ ...(cut.validAt === undefined ? {} : { validAt: cut.validAt }), ...(cut.knownAt === undefined ? {} : { knownAt: cut.knownAt }) });
    } catch (e) {
      if (e instanceof PalimpsestError) throw new InvalidArgumentError(`${call}: ${e.message}`);
      throw e;
    }
  }

  private apply(mem: MemoryGraph, put: PalimpsestPutOperation & { name: string }): void {
    if (!this.declared) {
      mem.definePredicate(this.predicate, { cardinality: 'one' });
      this.declared = true;
    }
    const validFrom = put.validFrom === undefined ? {} : { validFrom: put.validFrom };
    if (put.value !== null) {
      mem.entity({ name: put.name, type: 'store_item' });
      mem.assert({ subject: put.name, predicate: this.predicate, object: { value: JSON.stringify(put.value) }, source: 'langgraph-store', ...validFrom });
    } else if (mem.getEntity(put.name) !== undefined && mem.facts({ subject: put.name, predicate: this.predicate }).length > 0) {
      mem.retract({ subject: put.name, predicate: this.predicate, ...validFrom, reason: 'deleted from the store' });
    }
  }

  /** The item at a cut, or null. */
  private read(namespace: string[], key: string, view: MemoryView): Item | null {
    const name = itemName(namespace, key, 'PalimpsestStore.get');
    const fact = view.facts({ subject: name, predicate: this.predicate })[0];
    return fact === undefined ? null : this.itemAt(fact, namespace, key, view);
  }

  /** An item from its current fact: createdAt is when its unbroken run of values began (as known at the cut). */
  private itemAt(fact: Fact, namespace: string[], key: string, view: MemoryView): Item {
    const known = this.memory.mem
      .history({ subject: { id: fact.subject.id }, predicate: this.predicate })
      .filter((f) => f.recordedAt <= view.knownAt && view.knownAt < f.invalidAt && f.validFrom < f.validTo);
    let start = fact;
    for (let earlier = known.find((f) => f.validTo === start.validFrom); earlier !== undefined; earlier = known.find((f) => f.validTo === start.validFrom)) start = earlier;
    return this.itemOf(fact, namespace, key, new Date(Math.min(start.validFrom, start.recordedAt)));
  }

  private itemOf(fact: Fact, namespace: string[], key: string, createdAt: Date): Item {
    const value = 'value' in fact.object ? JSON.parse(String(fact.object.value)) : {};
    return { value, key, namespace: [...namespace], createdAt, updatedAt: new Date(fact.recordedAt) };
  }

  /** The current fact of every item at the cut, with its namespace and key. */
  private items(view: MemoryView): Array<{ fact: Fact; namespace: string[]; key: string }> {
    const out: Array<{ fact: Fact; namespace: string[]; key: string }> = [];
    for (const fact of view.facts({ predicate: this.predicate })) {
      const where = parseItemName(fact.subject.name);
      if (where !== undefined) out.push({ fact, ...where });
    }
    return out;
  }

  private async find(op: PalimpsestSearchOperation): Promise<SearchItem[]> {
    const call = 'PalimpsestStore.search';
    const view = this.view(op, call);
    const filter = checkFilter(op.filter, call);
    const limit = checkCount(op.limit, call, 'limit', 10);
    const offset = checkCount(op.offset, call, 'offset', 0);
    const inScope = (namespace: string[]) => hasPrefix(namespace, op.namespacePrefix);
    let found: SearchItem[];
    if (op.query === undefined || op.query.trim() === '') {
      // No query: newest update first, then by namespace and key.
      found = this.items(view)
        .filter((x) => inScope(x.namespace))
        .map((x) => this.itemAt(x.fact, x.namespace, x.key, view))
        .filter((item) => matchesFilter(item.value, filter))
        .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || [...a.namespace, a.key].join('\u0000').localeCompare([...b.namespace, b.key].join('\u0000')));
    } else {
      found = await this.recallItems(op.query, view, inScope, filter, offset + limit);
    }
    return found.slice(offset, offset + limit);
  }

  /** Items whose value recall finds for `query` at the cut, best first, with recall's score. */
  private async recallItems(query: string, view: MemoryView, inScope: (ns: string[]) => boolean, filter: Record<string, unknown> | undefined, wanted: number): Promise<SearchItem[]> {
    const r = await this.memory.mem.recallAsync(query, { validAt: view.validAt, knownAt: view.knownAt, k: Math.min(200, Math.max(50, wanted * 4)) });
    const seen = new Set<number>();
    const out: SearchItem[] = [];
    for (const fact of r.facts) {
      if (fact.predicate !== this.predicate || seen.has(fact.subject.id)) continue;
      seen.add(fact.subject.id);
      const where = parseItemName(fact.subject.name);
      if (where === undefined || !inScope(where.namespace)) continue;
      const item = this.itemAt(fact, where.namespace, where.key, view);
      if (matchesFilter(item.value, filter)) out.push({ ...item, score: fact.score });
    }
    return out;
  }

  private namespaces(op: PalimpsestListNamespacesOperation): string[][] {
    const view = this.view(op, 'PalimpsestStore.listNamespaces');
    const conditions = op.matchConditions ?? [];
    const found = new Map<string, string[]>();
    for (const { namespace } of this.items(view)) {
      if (!conditions.every((c) => (c.matchType === 'prefix' ? hasPrefix(namespace, c.path) : hasSuffix(namespace, c.path)))) continue;
      const shown = op.maxDepth === undefined ? namespace : namespace.slice(0, op.maxDepth);
      found.set(shown.join('\u0000'), shown);
    }
    const sorted = [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, ns]) => ns);
    const offset = op.offset ?? 0;
    return sorted.slice(offset, offset + (op.limit ?? 100));
  }
}
