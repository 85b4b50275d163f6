/**
 * What the Worker's forget tests look at: a byte search for a secret in every encoding a file could hold it
 * in, the memory's R2 snapshots, and every file under a folder (the objects' SQLite databases).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Local } from './worker-client.js';

/** Whether `secret` is in `bytes` as UTF-8 or UTF-16 (either byte order), ASCII case ignored. */
export function leaks(bytes: Uint8Array, secret: string): boolean {
  const hay = Buffer.from(bytes.map((c) => (c >= 0x41 && c <= 0x5a ? c + 32 : c)));
  const le = Buffer.from(secret.toLowerCase(), 'utf16le');
  return hay.includes(Buffer.from(secret.toLowerCase())) || hay.includes(le) || hay.includes(Buffer.from(le).swap16());
}

/** The keys under `prefix` in the SNAPSHOTS bucket, and their bytes end to end. */
export async function r2Bytes(local: Local, prefix: string): Promise<{ keys: string[]; bytes: Buffer }> {
  const bucket = await local.mf.getR2Bucket('SNAPSHOTS');
  const keys = ((await bucket.list({ prefix })).objects as Array<{ key: string }>).map((o) => o.key);
  const parts = await Promise.all(keys.map(async (k) => Buffer.from(await (await bucket.get(k)).arrayBuffer())));
  return { keys, bytes: Buffer.concat(parts) };
}

/** Every file under `dir`, at any depth. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) out.push(...(e.isDirectory() ? await filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
  return out;
}
