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
import { loadSnapshot, readLog } from '@palimpsest/persist/node';

const SNAPSHOT = /^snapshot-(\d+)\.plmp$/;
const LOG = /^log-(\d+)\.jsonl$/;

export interface FolderRead {
  mem: MemoryGraph;
  /** Generation of the snapshot read (-1: none), and the logs replayed after it. */
  snapshot: number;
  logs: number[];
  /** Lines cut off by a crash at the end of a log, left out. */
  torn: Array<{ log: number; line: number }>;
}

/** The generations of the files in `names` matching `re`, ascending. */
function generations(names: readonly string[], re: RegExp): number[] {
  return names.flatMap((n) => {
    const m = re.exec(n);
    return m ? [Number(m[1])] : [];
  }).sort((a, b) => a - b);
}

/** Reads the memory folder `dir`; up to log generation `upTo` when given (a tail opened on its own). */
export async function readMemoryFolder(dir: string, embedder?: Embedder, upTo = Infinity): Promise<FolderRead> {
  const names = await readdir(dir);
  const snapshots = generations(names, SNAPSHOT).filter((g) => g <= upTo);
  const base = snapshots.length > 0 ? snapshots[snapshots.length - 1]! : -1;
  const logs = generations(names, LOG).filter((g) => g >= base && g <= upTo);
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
    const { ops, torn: cut } = await readLog(join(dir, `log-${g}.jsonl`));
    if (cut) torn.push({ log: g, line: cut.line });
    for (const op of ops) tail.push(op);
  }
  const withEmbedder = embedder === undefined ? {} : { embedder };
  let mem: MemoryGraph;
  if (base >= 0) {
    mem = await loadSnapshot(join(dir, `snapshot-${base}.plmp`), withEmbedder);
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
    if (names.some((n) => SNAPSHOT.test(n) || LOG.test(n))) found.push(e.name);
  }
  return found.sort();
}

/** For a log tail file `log-<g>.jsonl`: the folder and generation to read it with, if it has a snapshot beside it. */
export async function tailOf(path: string): Promise<{ dir: string; generation: number } | undefined> {
  const m = LOG.exec(basename(path));
  if (!m) return undefined;
  const dir = dirname(path);
  const names = await readdir(dir).catch(() => [] as string[]);
  const g = Number(m[1]);
  return generations(names, SNAPSHOT).some((s) => s <= g) ? { dir, generation: g } : undefined;
}
