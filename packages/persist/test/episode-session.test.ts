/** An episode's session survives a snapshot file and an operation log file, as a user saves and loads them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';

const T0 = Date.UTC(2024, 0, 1);
const dir = mkdtempSync(join(tmpdir(), 'plmp-session-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function memory(): MemoryGraph {
  const mem = new MemoryGraph({ now: () => T0 });
  mem.episode({ id: 't1', text: 'I moved to Porto', at: T0, speaker: 'user', session: 'chat-7' });
  mem.episode({ id: 't2', text: 'no thread here', at: T0 });
  return mem;
}

describe('episode sessions in files', () => {
  it('survive a snapshot (bytes and file)', async () => {
    const again = decodeSnapshot(encodeSnapshot(memory()));
    expect(again.getEpisode('t1')?.session).toBe('chat-7');
    expect(again.getEpisode('t2')?.session).toBeUndefined();
    const file = join(dir, 'm.plmp');
    await saveSnapshot(file, memory());
    expect((await loadSnapshot(file)).getEpisode('t1')?.session).toBe('chat-7');
  });

  it('survive an operation log file', async () => {
    const file = join(dir, 'm.jsonl');
    await writeLog(file, memory().log());
    expect(MemoryGraph.replay((await readLog(file)).ops).getEpisode('t1')?.session).toBe('chat-7');
  });
});
