import { test, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryFolder } from '../src/store.js';
test('a folder forgets, takes later writes in its new log, and reopens with both the forget and the writes', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'fw-')), 'm');
  let f = await MemoryFolder.open(dir);
  await f.write((m) => m.episode({ id: 'e1', text: 'secret Zorblatt', at: 1000 }));
  await f.write((m) => m.assert({ subject: 'A', predicate: 'likes', object: 'tea' }));
  await f.forget({ episode: 'e1' }, { reason: 'asked' });
  await f.write((m) => m.assert({ subject: 'B', predicate: 'likes', object: 'coffee' }));
  const before = f.mem.facts().length;
  await f.close();
  f = await MemoryFolder.open(dir);
  expect(f.mem.facts().length).toBe(before);
  expect(f.mem.getEpisode('e1')).toBeUndefined();
  await f.close();
});
