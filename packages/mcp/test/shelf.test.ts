/**
 * MemoryShelf's bound on open memories: idle ones are closed to open others (their writes kept), busy ones
 * never are, and a call that would pass the bound with every memory busy is refused by name.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryShelf, ShelfFullError } from '../src/shelf.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-shelf-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const likes = (object: string) => (mem: import('@palimpsest/core').MemoryGraph) => mem.assert({ subject: 'Ann', predicate: 'likes', object });

describe('MemoryShelf', () => {
  it('keeps at most maxOpen memories open, closing the least recently used idle one', async () => {
    const shelf = new MemoryShelf(dir, { maxOpen: 2 });
    const a = await shelf.get('a');
    await a.write(likes('tea'));
    await (await shelf.get('b')).write(likes('jam'));
    await shelf.get('a'); // a is now the most recently used: b is closed next
    await (await shelf.get('c')).write(likes('figs'));
    expect(shelf.size).toBe(2);
    // b was closed with its write on disk; it opens again with it.
    const objects = (m: { mem: import('@palimpsest/core').MemoryGraph }) => m.mem.facts().map((f) => (f.object as { name: string }).name).sort();
    expect(objects(await shelf.get('b'))).toEqual(['jam']);
    // A handle whose memory was closed meanwhile writes to it again (opened anew), and reads through it see the write.
    await shelf.get('c');
    await shelf.get('b'); // closes a
    await a.write(likes('plums'));
    expect(objects(a)).toEqual(['plums', 'tea']);
    await shelf.close();
    expect((await readdir(join(dir, 'a'))).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });

  it('refuses by name, changing nothing, when the bound is reached and every open memory is busy', async () => {
    const shelf = new MemoryShelf(dir, { maxOpen: 2 });
    const opening = [shelf.get('a', 'facts'), shelf.get('b', 'facts')];
    await expect(shelf.get('c', 'facts')).rejects.toThrow(ShelfFullError);
    await expect(shelf.get('c', 'facts')).rejects.toThrow(/^facts: 2 memories are open and all are in use \(the bound is 2\)/);
    await Promise.all(opening);
    expect((await readdir(dir)).sort()).toEqual(['a', 'b']);
    // Once they are idle, the next call makes room.
    await (await shelf.get('c', 'facts')).write(likes('tea'));
    expect(shelf.size).toBe(2);
    await shelf.close();
    await expect(shelf.get('a', 'facts')).rejects.toThrow(/^facts: the server is shutting down/);
  });
});
