/**
 * The bi-temporal contract (core's contract/suite.ts) on persist's round trips: a memory decoded from its
 * snapshot bytes, one loaded from a snapshot file (columns adopted from the read buffer, not copied), and
 * one replayed from its operation log written and read back as a file, in text (format 2, JSON lines) and
 * binary (format 3), or appended operation by operation through a log appender as a server does. Each must
 * read like the live memory, equal it, and take the next write alike.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, openLogAppender, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';
import { contract, memorySubject } from '../../core/test/contract/suite.js';

// A tenth of core's sequences per check: the engine's reads are covered there, the round trips here.
const numRuns = Math.ceil(Number(process.env.PALIMPSEST_PROPERTY_RUNS ?? 150) / 10);
const dir = mkdtempSync(join(tmpdir(), 'plmp-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

contract({
  name: 'decodeSnapshot(encodeSnapshot(mem))',
  reads: 'all',
  sameAsLive: 'state',
  numRuns,
  make: (live) => memorySubject(decodeSnapshot(encodeSnapshot(live), { now: () => live.now() })),
});

contract({
  name: 'loadSnapshot of a saved snapshot file',
  reads: 'all',
  sameAsLive: 'state',
  numRuns,
  make: async (live) => {
    const path = join(dir, `m${files++}.plmp`);
    await saveSnapshot(path, live);
    const mem = await loadSnapshot(path, { now: () => live.now() });
    await rm(path);
    return memorySubject(mem);
  },
});

for (const format of [2, 3] as const) {
  contract({
    name: `MemoryGraph.replay of a log file written and read back (format ${format}, ${format === 2 ? 'JSON lines' : 'binary'})`,
    reads: 'all',
    sameAsLive: 'state and log',
    numRuns,
    make: async (live) => {
      const path = join(dir, `m${files++}.log`);
      await writeLog(path, live.log(), { format });
      const read = await readLog(path);
      await rm(path);
      if (read.format !== format) throw new Error(`readLog: read format ${read.format}, wrote ${format}`);
      return memorySubject(MemoryGraph.replay(read.ops, { now: () => live.now() }));
    },
  });
}

contract({
  name: 'MemoryGraph.replay of a log appended operation by operation (openLogAppender, flushed midway)',
  reads: 'all',
  sameAsLive: 'state and log',
  numRuns,
  make: async (live) => {
    const path = join(dir, `m${files++}.log`);
    const appender = await openLogAppender(path);
    const ops = live.log();
    for (const [i, op] of ops.entries()) {
      appender.append(op);
      if (i === Math.floor(ops.length / 2)) await appender.flush();
    }
    await appender.close();
    const read = await readLog(path);
    await rm(path);
    return memorySubject(MemoryGraph.replay(read.ops, { now: () => live.now() }));
  },
});
