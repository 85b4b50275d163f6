/**
 * Forgetting in a memory folder (store.ts): after a forget the folder holds one new snapshot of the memory
 * as rewritten (its log included) and nothing older, so no byte of the forgotten content is left in any
 * file of the folder — superseded snapshots, logs, their locks and any temporaries of earlier saves go.
 *
 * Atomic by rename: the new snapshot is written to a temporary, fsynced and renamed into place as the next
 * generation; a kill before the rename leaves the old files (and the forget unacknowledged), a kill after it
 * leaves a newer snapshot, and the next open deletes what it supersedes (`removeSuperseded`), completing
 * the erasure. Unlinked files may still sit in free disk blocks and in copies a user made elsewhere: those
 * are outside the folder (README, "Forgetting").
 */
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { MemoryGraph } from '@palimpsest/core';
import { saveSnapshot } from '@palimpsest/persist/node';

/** Any file of a generation: its snapshot or log, a log's lock, a temporary of either, or a log set aside after a gap. */
const GENERATION_FILE = /^(?:snapshot|log)-(\d+)\.(?:plmp|jsonl)(?:\.lock(?:\..*)?|\.tmp-.*|\.gap)?$/;

/** Deletes every file of a generation below `generation` (temporaries and locks included); returns their names. */
export async function removeOlderGenerations(dir: string, generation: number): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    const m = GENERATION_FILE.exec(name);
    if (m === null || Number(m[1]) >= generation) continue;
    await unlink(join(dir, name)).then(
      () => removed.push(name),
      () => undefined, // gone already
    );
  }
  return removed;
}

/**
 * Writes `mem` (a forget's rebuilt memory, not yet shown to readers) as snapshot-<generation> and deletes
 * every older file. The caller holds the folder's write gate and has closed its log.
 */
export async function rewriteFolder(dir: string, mem: MemoryGraph, generation: number): Promise<void> {
  await saveSnapshot(join(dir, `snapshot-${generation}.plmp`), mem);
  await removeOlderGenerations(dir, generation);
}
