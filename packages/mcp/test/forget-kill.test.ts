/**
 * A forget killed by SIGKILL at various points (the built `palimpsest-mcp`, driven by the SDK client over
 * stdio): the folder then holds the old memory whole or the new one, and opening it again completes the
 * erasure. Needs `npm run build` (it spawns dist/bin.js).
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { saveSnapshot } from '@palimpsest/persist/node';
import { MemoryFolder } from '../src/store.js';
import { leaks } from './leaks.js';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const SECRET = 'Zorblatt Quennington';

/** A memory of a few thousand operations with one secret episode in the middle, as a folder's snapshot. */
async function folderWithSecret(dir: string): Promise<number> {
  let t = Date.UTC(2024, 0, 1);
  const mem = new MemoryGraph({ now: () => (t += 1000) });
  for (let i = 0; i < 1500; i++) {
    const text = i === 700 ? `My neighbour ${SECRET} gave me the vault code.` : `Person ${i % 50} talked about topic ${i}.`;
    mem.episode({ id: `e${i}`, text, at: t });
    mem.assert({ subject: `Person ${i % 50}`, predicate: 'likes', object: { value: `topic ${i}` }, evidence: [`e${i}`] });
  }
  await saveSnapshot(join(dir, 'snapshot-1.plmp'), mem);
  return mem.size.operations;
}

async function anyFileLeaks(dir: string): Promise<boolean> {
  for (const n of await readdir(dir)) if (leaks(await readFile(join(dir, n)), SECRET)) return true;
  return false;
}

describe('a forget killed by SIGKILL', () => {
  for (const delay of [0, 30, 120, 400]) {
    it(`killed ${delay} ms after the call: the old memory whole or the new one; a restart completes it`, async () => {
      const data = await mkdtemp(join(tmpdir(), 'plmp-forget-kill-'));
      const dir = join(data, 'default');
      await mkdir(dir);
      const operations = await folderWithSecret(dir);
      const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, '--data', data], stderr: 'pipe' });
      const client = new Client({ name: 'kill-test', version: '0.0.0' });
      await client.connect(transport);
      await client.callTool({ name: 'facts', arguments: { limit: 1 } }); // the memory is open
      const pid = transport.pid!;
      const call = client.callTool({ name: 'forget', arguments: { episode: 'e700' } }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, delay));
      process.kill(pid, 'SIGKILL');
      await call;
      await client.close().catch(() => undefined);

      const folder = await MemoryFolder.open(dir);
      const forgotten = folder.mem.getEpisode('e700') === undefined;
      if (forgotten) {
        expect(folder.mem.tombstones()).toHaveLength(1);
        expect(await anyFileLeaks(dir)).toBe(false);
      } else {
        expect(folder.mem.size.operations).toBe(operations);
        expect(folder.mem.getEpisode('e700')!.text).toContain(SECRET);
        // Not acknowledged, so not done: asking again finishes it.
        await folder.forget({ episode: 'e700' });
        expect(await anyFileLeaks(dir)).toBe(false);
      }
      await folder.close();
      await rm(data, { recursive: true, force: true });
    });
  }
});
