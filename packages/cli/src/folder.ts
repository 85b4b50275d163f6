/**
 * A live memory folder as palimpsest-mcp writes it (snapshot-<g>.plmp, then log-<g>.jsonl tails of that
 * generation or later), read without changing anything: the newest snapshot plus every operation logged
 * after it. A log tail given on its own (log-<g>.jsonl with g ≥ 1 starts after a snapshot, not with 'init')
 * is read together with the snapshot beside it.
 */
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import type { Embedder, Operation } from '@palimpsest/core';
import { folderFiles, generationsIn, isMemoryFileName, LOG_FILE, logName, SNAPSHOT_FILE, snapshotName } from '@palimpsest/persist';
import { loadSnapshot, readLog } from '@palimpsest/persist/node';

export interface FolderRead {
  mem: MemoryGraph;
  /** Generation of the snapshot read (-1: none), and the logs replayed after it. */
  snapshot: number;
  logs: number[];
  /** Lines cut off by a crash at the end of a log, left out. */
  torn: Array<{ log: number; line: number }>;
}

/** Reads the memory folder `dir`; up to log generation `upTo` when given (a tail opened on its own). */
export async function readMemoryFolder(dir: string, embedder?: Embedder, upTo = Infinity): Promise<FolderRead> {
  const { base, logs } = folderFiles(await readdir(dir), upTo);
  if (base < 0 && logs.length === 0) {
    const inside = await memoriesIn(dir);
    if (inside.length > 0) {
      const list = inside.slice(0, 8).map((m) => JSON.stringify(m)).join(', ') + (inside.length > 8 ? `, … (${inside.length})` : '');
      throw new InvalidArgumentError(`palimpsest: ${dir} is palimpsest-mcp's data folder, holding the memories ${list}: give one of them, e.g. ${join(dir, inside[0]!)}`);
    }
    throw new InvalidArgumentError(`palimpsest: ${dir} is a folder without a memory in it (no snapshot-<n>.plmp or log-<n>.jsonl)`);
  }
  const tail: Operation[] = [];
  const torn: FolderRead['torn'] = [];
  for (const g of logs) {
    const { ops, torn: cut } = await readLog(join(dir, logName(g)));
    if (cut) torn.push({ log: g, line: cut.line });
    for (const op of ops) tail.push(op);
  }
  const withEmbedder = embedder === undefined ? {} : { embedder };
  let mem: MemoryGraph;
  if (base >= 0) {
    mem = await loadSnapshot(join(dir, snapshotName(base)), withEmbedder);
    mem.applyOps(tail);
  } else {
    mem = MemoryGraph.replay(tail, withEmbedder);
  }
  return { mem, snapshot: base, logs, torn };
}

/** The sub-folders of `dir` that hold a memory (palimpsest-mcp's --data folder keeps one per memory id), sorted. */
async function memoriesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const found: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const names = await readdir(join(dir, e.name)).catch(() => [] as string[]);
    if (names.some(isMemoryFileName)) found.push(e.name);
  }
  return found.sort();
}

/** For a log tail file `log-<g>.jsonl`: the folder and generation to read it with, if it has a snapshot beside it. */
export async function tailOf(path: string): Promise<{ dir: string; generation: number } | undefined> {
  const m = LOG_FILE.exec(basename(path));
  if (!m) return undefined;
  const dir = dirname(path);
  const names = await readdir(dir).catch(() => [] as string[]);
  const g = Number(m[1]);
  return generationsIn(names, SNAPSHOT_FILE).some((s) => s <= g) ? { dir, generation: g } : undefined;
}
