/**
 * PalimpsestStore against BaseStore's documented contract: the cases LangGraph's own store tests check on
 * InMemoryStore (get, put, delete, search, listNamespaces with prefix, suffix, wildcards, maxDepth, limit
 * and offset, reserved and malformed namespaces), written here for this store.
 */
import { InvalidNamespaceError } from '@langchain/langgraph-checkpoint';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { PalimpsestStore } from '@palimpsest/langgraph';

const item = (namespace: string[], key: string, value: Record<string, unknown>) => ({
  value,
  key,
  namespace,
  createdAt: expect.any(Date),
  updatedAt: expect.any(Date),
});

describe('PalimpsestStore: the BaseStore contract', () => {
  let store: PalimpsestStore;
  beforeEach(() => {
    let t = Date.parse('2026-02-01T00:00:00Z');
    store = new PalimpsestStore(new MemoryGraph({ now: () => (t += 1000) }));
  });

  it('gets what was put, as an item with exactly the documented fields', async () => {
    await store.put(['test'], '123', { value: 1 });
    expect(await store.get(['test'], '123')).toEqual(item(['test'], '123', { value: 1 }));
    expect(await store.get(['test'], 'other')).toBeNull();
    expect(await store.get(['elsewhere'], '123')).toBeNull();
  });

  it('keeps nested values, lists and the key and labels exactly as given', async () => {
    const value = { profile: { name: 'Ada', tags: ['x', 'Y'], ok: true, n: 1.5, none: null } };
    await store.put(['Users', 'ada/lovelace', 'Prefs'], 'Key With/Slash%', value);
    await store.put(['users', 'ada/lovelace', 'prefs'], 'key with/slash%', { other: 1 });
    expect(await store.get(['Users', 'ada/lovelace', 'Prefs'], 'Key With/Slash%')).toEqual(item(['Users', 'ada/lovelace', 'Prefs'], 'Key With/Slash%', value));
    expect((await store.get(['users', 'ada/lovelace', 'prefs'], 'key with/slash%'))?.value).toEqual({ other: 1 });
  });

  it('updates the value on a second put, keeping createdAt and moving updatedAt', async () => {
    await store.put(['test'], 'k', { v: 1 });
    const first = (await store.get(['test'], 'k'))!;
    await store.put(['test'], 'k', { v: 2 });
    const second = (await store.get(['test'], 'k'))!;
    expect(second.value).toEqual({ v: 2 });
    expect(second.createdAt).toEqual(first.createdAt);
    expect(second.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
  });

  it('deletes: get answers null, search and listNamespaces leave it out, deleting again is harmless', async () => {
    await store.put(['test'], '123', { value: 1 });
    await store.delete(['test'], '123');
    expect(await store.get(['test'], '123')).toBeNull();
    expect(await store.search(['test'])).toEqual([]);
    expect(await store.listNamespaces()).toEqual([]);
    await expect(store.delete(['test'], '123')).resolves.toBeUndefined();
    await expect(store.delete(['never'], 'there')).resolves.toBeUndefined();
    await store.put(['test'], '123', { value: 3 });
    expect((await store.get(['test'], '123'))?.value).toEqual({ value: 3 });
  });

  it('searches a namespace prefix: every item under it, with limit and offset', async () => {
    await store.put(['test'], '123', { value: 1 });
    await store.put(['test'], '456', { value: 2 });
    await store.put(['test', 'deeper'], '789', { value: 3 });
    await store.put(['tested'], 'no', { value: 4 });
    const all = await store.search(['test']);
    expect(all.map((i) => [i.namespace, i.key, i.value]).sort()).toEqual([
      [['test'], '123', { value: 1 }],
      [['test'], '456', { value: 2 }],
      [['test', 'deeper'], '789', { value: 3 }],
    ]);
    expect(await store.search([])).toHaveLength(4);
    const page = await store.search(['test'], { limit: 2, offset: 1 });
    expect(page).toEqual(all.slice(1, 3));
  });

  it('filters search results on the value\'s fields, with equality and comparison operators', async () => {
    await store.put(['docs'], 'a', { kind: 'note', size: 3, tags: ['x'] });
    await store.put(['docs'], 'b', { kind: 'note', size: 10, tags: ['y'] });
    await store.put(['docs'], 'c', { kind: 'todo', size: 5, tags: ['x'] });
    const keys = async (filter: Record<string, unknown>) => (await store.search(['docs'], { filter })).map((i) => i.key).sort();
    expect(await keys({ kind: 'note' })).toEqual(['a', 'b']);
    expect(await keys({ kind: { $ne: 'note' } })).toEqual(['c']);
    expect(await keys({ size: { $gt: 3 } })).toEqual(['b', 'c']);
    expect(await keys({ size: { $gte: 3, $lt: 10 } })).toEqual(['a', 'c']);
    expect(await keys({ kind: { $in: ['todo', 'other'] } })).toEqual(['c']);
    expect(await keys({ kind: { $nin: ['todo'] } })).toEqual(['a', 'b']);
    expect(await keys({ tags: ['x'] })).toEqual(['a', 'c']);
    expect(await keys({ kind: 'note', size: 10 })).toEqual(['b']);
    await expect(store.search(['docs'], { filter: { size: { $near: 3 } } })).rejects.toThrow(/^PalimpsestStore\.batch: operation 0: filter\.size: unknown operator \$near/);
  });

  describe('listNamespaces', () => {
    beforeEach(async () => {
      await store.put(['a', 'b', 'c'], '1', { value: 1 });
      await store.put(['a', 'b', 'd'], '2', { value: 2 });
      await store.put(['a', 'c', 'e'], '3', { value: 3 });
      await store.put(['x', 'y', 'z'], '4', { value: 4 });
      await store.put(['x', 'y', 'z'], '5', { value: 5 });
    });

    it('lists each namespace once, sorted', async () => {
      expect(await store.listNamespaces()).toEqual([['a', 'b', 'c'], ['a', 'b', 'd'], ['a', 'c', 'e'], ['x', 'y', 'z']]);
    });

    it('matches a prefix and a suffix, with "*" for any one label', async () => {
      expect(await store.listNamespaces({ prefix: ['a'] })).toEqual([['a', 'b', 'c'], ['a', 'b', 'd'], ['a', 'c', 'e']]);
      expect(await store.listNamespaces({ suffix: ['d'] })).toEqual([['a', 'b', 'd']]);
      expect(await store.listNamespaces({ prefix: ['a', '*', 'c'] })).toEqual([['a', 'b', 'c']]);
      expect(await store.listNamespaces({ suffix: ['*', 'z'] })).toEqual([['x', 'y', 'z']]);
      expect(await store.listNamespaces({ prefix: ['non', 'existent'] })).toEqual([]);
    });

    it('cuts namespaces to maxDepth and lists each cut once', async () => {
      expect(await store.listNamespaces({ maxDepth: 2 })).toEqual([['a', 'b'], ['a', 'c'], ['x', 'y']]);
      expect(await store.listNamespaces({ prefix: ['a'], suffix: ['c'], maxDepth: 2 })).toEqual([['a', 'b']]);
    });

    it('pages with limit and offset', async () => {
      expect(await store.listNamespaces({ limit: 2, offset: 1 })).toEqual([['a', 'b', 'd'], ['a', 'c', 'e']]);
    });
  });

  it('refuses malformed namespaces with InvalidNamespaceError, and the root "langgraph" in put only', async () => {
    const doc = { foo: 'bar' };
    for (const bad of [[], ['the', 'thing.about'], ['some', 'fun', ''], ['a:b'], ['langgraph', 'foo']]) {
      await expect(store.put(bad, 'foo', doc)).rejects.toThrow(InvalidNamespaceError);
    }
    await expect(store.put(['the', 'thing.about'], 'foo', doc)).rejects.toThrow(/^PalimpsestStore\.put: /);
    await expect(store.put(['valid', 123 as unknown as string], 'key', doc)).rejects.toThrow('Namespace labels must be strings');
    await expect(store.put(['langgraph'], 'key', doc)).rejects.toThrow('Root label for namespace cannot be "langgraph"');
    await store.put(['foo', 'langgraph', 'foo'], 'bar', doc);
    expect((await store.get(['foo', 'langgraph', 'foo'], 'bar'))?.value).toEqual(doc);
    expect((await store.search(['foo', 'langgraph', 'foo']))[0]?.value).toEqual(doc);
    // LangGraph writes under its reserved root through batch.
    await store.batch([{ namespace: ['langgraph', 'foo'], key: 'bar', value: doc }]);
    expect((await store.get(['langgraph', 'foo'], 'bar'))?.value).toEqual(doc);
    expect((await store.search(['langgraph', 'foo']))[0]?.value).toEqual(doc);
    await store.delete(['langgraph', 'foo'], 'bar');
    expect(await store.get(['langgraph', 'foo'], 'bar')).toBeNull();
  });

  it('runs a batch: reads see the store before it, the last put of a key wins, results line up', async () => {
    await store.put(['b'], 'k', { v: 0 });
    const results = await store.batch([
      { namespace: ['b'], key: 'k', value: { v: 1 } },
      { namespace: ['b'], key: 'k' },
      { namespace: ['b'], key: 'k', value: { v: 2 } },
      { namespacePrefix: ['b'], limit: 10, offset: 0 },
      { matchConditions: [], limit: 10, offset: 0 },
    ]);
    expect(results[0]).toBeUndefined();
    expect((results[1] as { value: unknown }).value).toEqual({ v: 0 });
    expect((results[3] as Array<{ value: unknown }>).map((i) => i.value)).toEqual([{ v: 0 }]);
    expect(results[4]).toEqual([['b']]);
    expect((await store.get(['b'], 'k'))?.value).toEqual({ v: 2 });
  });

  it('refuses a batch with one bad operation whole: nothing is written', async () => {
    const mem = store.memory.mem;
    const before = mem.log().length;
    await expect(
      store.batch([
        { namespace: ['batch'], key: 'item1', value: { data: 'first' } },
        { namespace: [], key: 'item2', value: { data: 'invalid' } },
        { namespace: ['batch'], key: 'item1' },
      ]),
    ).rejects.toThrow(/^PalimpsestStore\.batch: operation 1: Namespace cannot be empty/);
    await expect(
      store.batch([
        { namespace: ['ok'], key: 'a', value: { v: 1 } },
        { namespace: ['ok'], key: 'b', value: [1, 2] as never },
      ]),
    ).rejects.toThrow(/^PalimpsestStore\.batch: operation 1: value must be an object/);
    await expect(store.batch([{ namespace: ['ok'], key: 'a', value: { v: 1 } }, { namespace: ['ok'], key: 'x', knownAt: 'soon' } as never])).rejects.toThrow(
      /^PalimpsestStore\.batch: operation 1: MemoryGraph\.at: /,
    );
    await expect(store.search(['ok'], { limit: -1 })).rejects.toThrow(/limit must be a whole number/);
    await expect(store.put(['ok'], 'k'.repeat(600), { v: 1 })).rejects.toThrow(/^PalimpsestStore\.batch: operation 0: namespace and key encode to \d+ bytes/);
    expect(mem.log().length).toBe(before);
  });
});
