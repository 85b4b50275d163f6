/**
 * Snapshots in R2. One memory's snapshots sit under `<prefix><memory id>/`, each named by the number of
 * operations it holds, zero-padded so that names sort in log order:
 *
 *   memories/alice/snapshot-000000004000.plmp
 *
 * The bytes are @palimpsest/persist's snapshot format (encodeSnapshot), so a downloaded snapshot loads in
 * Node with `loadSnapshot` or `decodeSnapshot` as it is. Older snapshots beyond `keep` are deleted once a
 * newer one is recorded as the latest.
 */
import { CorruptSnapshotError } from '@palimpsest/core';

export function snapshotPrefix(prefix: string, memoryId: string): string {
  return `${prefix}${memoryId}/`;
}

export function snapshotKey(prefix: string, memoryId: string, ops: number): string {
  return `${snapshotPrefix(prefix, memoryId)}snapshot-${String(ops).padStart(12, '0')}.plmp`;
}

export async function putSnapshot(bucket: R2Bucket, key: string, bytes: Uint8Array, memoryId: string, ops: number): Promise<void> {
  await bucket.put(key, bytes, {
    httpMetadata: { contentType: 'application/vnd.palimpsest.snapshot' },
    customMetadata: { memory: memoryId, operations: String(ops) },
  });
}

export async function getSnapshot(bucket: R2Bucket, key: string): Promise<Uint8Array> {
  const object = await bucket.get(key);
  if (object === null) throw new CorruptSnapshotError(`MemoryObject: the latest snapshot ${key} is missing from the bucket`);
  return new Uint8Array(await object.arrayBuffer());
}

/** Deletes this memory's snapshots other than the newest `keep` (by name, i.e. by operation count) up to `latest`. */
export async function pruneSnapshots(bucket: R2Bucket, prefix: string, latest: string, keep: number): Promise<void> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, ...(cursor === undefined ? {} : { cursor }) });
    for (const o of page.objects) keys.push(o.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor !== undefined);
  // Names past `latest` come from a snapshot written but never recorded (the object was stopped in between): left for the next one to overwrite.
  const older = keys.filter((k) => k <= latest).sort().reverse();
  const drop = older.slice(keep);
  if (drop.length > 0) await bucket.delete(drop);
}

/** Deletes every object under `prefix` but `keep` (a forget: no older snapshot may hold what was forgotten). */
export async function deleteSnapshotsExcept(bucket: R2Bucket, prefix: string, keep: string | undefined): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, ...(cursor === undefined ? {} : { cursor }) });
    const drop = page.objects.map((o) => o.key).filter((k) => k !== keep);
    if (drop.length > 0) await bucket.delete(drop);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor !== undefined);
}
