/**
 * MemoryShelf's bound on open memories (open-bound.ts): idle ones are closed to open others, their writes
 * kept on disk; a call that would pass the bound while every open memory is still opening is refused by name.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryGraph } from '@palimpsest/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShelfFullError } from '../src/open-bound.js';
import { MemoryShelf } from '../src/store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-shelf-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const likes = (object: string) => (mem: MemoryGraph) => mem.assert({ subject: 'Ann', predicate: 'likes', object });
const objects = (mem: MemoryGraph) => mem.facts().map((f) => (f.object as { name: string }).name).sort();

describe('MemoryShelf', () => {
  it('keeps at most maxOpen memories open, closing the least recently used one', async () => {
    const shelf = new MemoryShelf(dir, { maxOpen: 2 });
    const a = await shelf.get('a');
    await a.write(likes('tea'));
    await (await shelf.get('b')).write(likes('jam'));
    expect(await shelf.get('a')).toBe(a); // a is now the most recently used: b is closed next
    await (await shelf.get('c')).write(likes('figs'));
    expect(await shelf.get('a')).toBe(a);
    // b was closed with its write on disk (its log released); it opens again with it, closing c.
    const b = await shelf.get('b');
    expect(objects(b.mem)).toEqual(['jam']);
    await b.write(likes('plums'));
    const c = await shelf.get('c');
    expect(objects(c.mem)).toEqual(['figs']);
    // a (least recently used) was closed for c: a write through the old folder is refused, not lost.
    await expect(a.write(likes('pears'))).rejects.toThrow(/the memory is closed/);
    expect(objects((await shelf.get('a')).mem)).toEqual(['tea']);
    await shelf.close();
    for (const m of ['a', 'b', 'c']) expect((await readdir(join(dir, m))).filter((f) => f.endsWith('.lock'))).toEqual([]);
    const again = new MemoryShelf(dir);
    expect(objects((await again.get('b')).mem)).toEqual(['jam', 'plums']);
    await again.close();
  });

  it('refuses by name, changing nothing, when the bound is reached and every memory is still opening', async () => {
    const shelf = new MemoryShelf(dir, { maxOpen: 2 });
    const opening = [shelf.get('a', 'facts'), shelf.get('b', 'facts')];
    const third = () => Promise.resolve().then(() => shelf.get('c', 'facts')); // thrown or rejected alike
    await expect(third()).rejects.toThrow(ShelfFullError);
    await expect(third()).rejects.toThrow(/^facts: 2 memories are opening at once \(the bound is 2\)/);
    await Promise.all(opening);
    expect((await readdir(dir)).sort()).toEqual(['a', 'b']);
    // Once they are open, the next call makes room.
    await (await shelf.get('c', 'facts')).write(likes('tea'));
    await shelf.close();
  });
});
