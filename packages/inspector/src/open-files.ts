/**
 * What the page can open: one snapshot, a log that starts with 'init', or a memory folder as palimpsest-mcp
 * writes it (snapshot-<g>.plmp, then log-<g>.jsonl tails of that generation or later), given as a set of
 * files (picked, dropped, or fetched). The memory is the newest snapshot plus every operation logged after
 * it, read as the CLI reads a folder; a tail without the snapshot it continues is refused by name.
 */
import { InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import type { Operation } from '@palimpsest/core';
import { decodeLog, decodeSnapshot, generationOf, LOG_FILE, SNAPSHOT_FILE, SNAPSHOT_MAGIC } from '@palimpsest/persist';

export interface NamedBytes {
  name: string;
  bytes: Uint8Array;
}

export interface Opened {
  mem: MemoryGraph;
  /** What was read, for the status line: "snapshot-2.plmp + log-2.jsonl, log-3.jsonl". */
  read: string;
  /** Torn last appends left out (never acknowledged), one phrase per log. */
  torn: string[];
}

/** By its magic, or by its name (so a damaged .plmp is refused as a snapshot, not read as a log). */
const isSnapshot = (f: NamedBytes): boolean =>
  /\.plmp$/i.test(f.name) || (f.bytes.length >= SNAPSHOT_MAGIC.length && [...SNAPSHOT_MAGIC].every((c, i) => f.bytes[i] === c.charCodeAt(0)));

/** The newest snapshot: by generation when the names carry one, else the only one given. */
function newestSnapshot(snapshots: NamedBytes[]): NamedBytes | undefined {
  if (snapshots.length <= 1) return snapshots[0];
  const named = snapshots.filter((f) => generationOf(f.name, SNAPSHOT_FILE) >= 0);
  if (named.length !== snapshots.length) {
    throw new InvalidArgumentError(`open: several snapshots given (${snapshots.map((f) => f.name).join(', ')}): open one, or a memory folder whose snapshots are named snapshot-<n>.plmp`);
  }
  return named.sort((a, b) => generationOf(b.name, SNAPSHOT_FILE) - generationOf(a.name, SNAPSHOT_FILE))[0];
}

/** Reads `files` (a snapshot, a log, or a folder's files) into one memory; nothing else is needed. */
export function openFiles(files: readonly NamedBytes[]): Opened {
  if (files.length === 0) throw new InvalidArgumentError('open: no file given: choose a snapshot (.plmp), a log (.jsonl) or a memory folder');
  const snapshots = files.filter(isSnapshot);
  const snapshot = newestSnapshot(snapshots);
  const base = snapshot === undefined ? -1 : Math.max(generationOf(snapshot.name, SNAPSHOT_FILE), 0);
  // A folder's older generations are history the newest snapshot already holds.
  const logs = files
    .filter((f) => !isSnapshot(f) && (snapshot === undefined || generationOf(f.name, LOG_FILE) < 0 || generationOf(f.name, LOG_FILE) >= base))
    .map((f) => ({ file: f, log: decodeLog(f.bytes, f.name) }))
    .sort((a, b) => (a.log.base ?? 0) - (b.log.base ?? 0) || generationOf(a.file.name, LOG_FILE) - generationOf(b.file.name, LOG_FILE));
  const torn: string[] = [];
  const tail: Operation[] = [];
  for (const { file, log } of logs) {
    if (log.torn) torn.push(`${file.name}: a torn last append (never acknowledged) left out`);
    for (const op of log.ops) tail.push(op);
  }
  let mem: MemoryGraph;
  if (snapshot !== undefined) {
    mem = decodeSnapshot(snapshot.bytes);
    const first = logs[0];
    if (first?.log.base !== undefined && first.log.base !== mem.size.operations) {
      throw new InvalidArgumentError(`open: ${first.file.name} continues a memory of ${first.log.base} operations, but ${snapshot.name} holds ${mem.size.operations}: open the folder's newest snapshot with the logs after it`);
    }
    mem.applyOps(tail);
  } else {
    const first = logs[0]!;
    if (first.log.ops.length > 0 && first.log.ops[0]!.type !== 'init') {
      const g = generationOf(first.file.name, LOG_FILE);
      const needed = g >= 0 ? `snapshot-${g}.plmp` : 'the snapshot it was written after';
      throw new InvalidArgumentError(`open: ${first.file.name} is a log tail that continues ${needed}: open it together with that snapshot, or the whole memory folder`);
    }
    mem = MemoryGraph.replay(tail);
  }
  const read = [snapshot?.name, logs.map((l) => l.file.name).join(', ')].filter((s) => s !== undefined && s !== '').join(' + ');
  return { mem, read, torn };
}
