/**
 * PalimpsestStore's bi-temporal side: a put supersedes and never overwrites, delete retracts, and get,
 * search and listNamespaces read at any cut (validAt / knownAt); search with a query goes through recall.
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import { inProcessMemory } from '@palimpsest/mcp/tools';
import type { ToolMemory } from '@palimpsest/mcp/tools';
import { PalimpsestStore } from '@palimpsest/langgraph';

const MAR = Date.parse('2026-03-10T00:00:00Z');
const APR = Date.parse('2026-04-20T00:00:00Z');
const MAY = Date.parse('2026-05-02T00:00:00Z');

function clocked() {
  let t = MAR;
  const mem = new MemoryGraph({ now: () => t });
  return { mem, store: new PalimpsestStore(mem), to: (at: number) => (t = at) };
}

describe('PalimpsestStore over time', () => {
  it('keeps every put of a key: the value known at an earlier time stays readable', async () => {
    const { store, to } = clocked();
    await store.put(['user', 'u1'], 'home', { city: 'Boston' });
    to(APR);
    await store.put(['user', 'u1'], 'home', { city: 'Austin' });
    expect((await store.get(['user', 'u1'], 'home'))?.value).toEqual({ city: 'Austin' });
    expect((await store.get(['user', 'u1'], 'home', { knownAt: '2026-03-31' }))?.value).toEqual({ city: 'Boston' });
    expect(await store.get(['user', 'u1'], 'home', { knownAt: '2026-03-01' })).toBeNull();
    const versions = await store.history(['user', 'u1'], 'home');
    expect(versions.map((v) => [v.value.city, v.recordedAt, v.invalidAt])).toEqual(
      expect.arrayContaining([
        ['Boston', MAR, APR],
        ['Austin', APR, Infinity],
      ]),
    );
    expect(versions[0]!.value).toEqual({ city: 'Boston' });
    expect(versions.at(-1)!.value).toEqual({ city: 'Austin' });
  });

  it('dates a correction in world time with validFrom, and reads it at validAt', async () => {
    const { store, to } = clocked();
    await store.put(['user', 'u1'], 'home', { city: 'Boston' }, undefined, { validFrom: '2026-03-01' });
    to(APR);
    // "Actually it was Austin" (from March 1 on): the record of March still says Boston.
    await store.put(['user', 'u1'], 'home', { city: 'Austin' }, undefined, { validFrom: '2026-03-01' });
    expect((await store.get(['user', 'u1'], 'home', { validAt: '2026-03-15' }))?.value).toEqual({ city: 'Austin' });
    expect((await store.get(['user', 'u1'], 'home', { validAt: '2026-03-15', knownAt: '2026-03-31' }))?.value).toEqual({ city: 'Boston' });
    expect(await store.get(['user', 'u1'], 'home', { validAt: '2026-02-15' })).toBeNull();
  });

  it('deletes by retracting: gone now, still there at a cut before the delete', async () => {
    const { store, to } = clocked();
    await store.put(['notes'], 'n1', { text: 'buy milk' });
    to(APR);
    await store.delete(['notes'], 'n1');
    expect(await store.get(['notes'], 'n1')).toBeNull();
    expect((await store.get(['notes'], 'n1', { knownAt: MAR + 1 }))?.value).toEqual({ text: 'buy milk' });
    expect((await store.get(['notes'], 'n1', { validAt: MAR + 1 }))?.value).toEqual({ text: 'buy milk' });
    expect(await store.listNamespaces()).toEqual([]);
    expect(await store.listNamespaces({ knownAt: MAR + 1 })).toEqual([['notes']]);
    expect(await store.search(['notes'], { knownAt: MAR + 1 })).toHaveLength(1);
    const versions = await store.history(['notes'], 'n1');
    expect(versions.every((v) => v.invalidAt !== Infinity || v.validTo !== Infinity)).toBe(true);
  });

  it('starts createdAt over after a delete, as a new item', async () => {
    const { store, to } = clocked();
    await store.put(['n'], 'k', { v: 1 });
    to(APR);
    await store.delete(['n'], 'k');
    to(MAY);
    await store.put(['n'], 'k', { v: 2 });
    const now = (await store.get(['n'], 'k'))!;
    expect([now.createdAt.getTime(), now.updatedAt.getTime()]).toEqual([MAY, MAY]);
    const before = (await store.get(['n'], 'k', { knownAt: MAR }))!;
    expect([before.createdAt.getTime(), before.value]).toEqual([MAR, { v: 1 }]);
  });

  it('searches with a query through recall: matching values first, scored, inside the prefix, at the cut', async () => {
    const { store, to } = clocked();
    await store.put(['mem', 'food'], 'likes', { text: 'loves spicy ramen and dumplings' });
    await store.put(['mem', 'travel'], 'plan', { text: 'wants to visit Kyoto in autumn' });
    await store.put(['other'], 'ramen', { text: 'a ramen shop list' });
    to(APR);
    await store.put(['mem', 'food'], 'likes', { text: 'now prefers tacos' });
    const hits = await store.search(['mem'], { query: 'ramen' });
    expect(hits.map((h) => h.key)).not.toContain('ramen');
    expect(hits.map((h) => h.value.text)).not.toContain('loves spicy ramen and dumplings');
    const past = await store.search(['mem'], { query: 'ramen', knownAt: MAR });
    expect(past.map((h) => h.value.text)).toEqual(['loves spicy ramen and dumplings']);
    expect(past[0]!.score).toBeGreaterThan(0);
    const kyoto = await store.search(['mem'], { query: 'Kyoto autumn' });
    expect(kyoto[0]!.key).toBe('plan');
    expect(await store.search(['mem', 'food'], { query: 'Kyoto autumn' })).toEqual([]);
  });

  it('reads the same from a replay of the memory\'s log', async () => {
    const { mem, store, to } = clocked();
    await store.put(['a'], 'k', { v: 1 });
    to(APR);
    await store.put(['a'], 'k', { v: 2 });
    await store.put(['b', 'c'], 'K', { v: 3 });
    const again = new PalimpsestStore(MemoryGraph.replay(mem.log(), { now: () => APR }));
    for (const cut of [{}, { knownAt: MAR }]) {
      expect(await again.search([], cut)).toEqual(await store.search([], cut));
      expect(await again.listNamespaces(cut)).toEqual(await store.listNamespaces(cut));
    }
    expect(await again.history(['a'], 'k')).toEqual(await store.history(['a'], 'k'));
  });

  it('sends each batch\'s puts through one write of a ToolMemory', async () => {
    const { mem } = clocked();
    let writes = 0;
    const stored: ToolMemory = { mem, write: (change) => { writes++; return inProcessMemory(mem).write(change); } };
    const store = new PalimpsestStore(stored);
    await store.batch([
      { namespace: ['x'], key: '1', value: { v: 1 } },
      { namespace: ['x'], key: '2', value: { v: 2 } },
    ]);
    await store.get(['x'], '1');
    expect(writes).toBe(1);
    expect(await store.listNamespaces()).toEqual([['x']]);
  });

  it('refuses a memory whose store predicate is many-valued', () => {
    const mem = new MemoryGraph({ predicates: { store_value: { cardinality: 'many' } } });
    expect(() => new PalimpsestStore(mem)).toThrow(InvalidArgumentError);
    expect(() => new PalimpsestStore(mem)).toThrow(/^PalimpsestStore: predicate "store_value" is many-valued/);
    expect(() => new PalimpsestStore(new MemoryGraph({ predicates: { kv: { cardinality: 'one' } } }), { predicate: 'kv' })).not.toThrow();
  });
});
