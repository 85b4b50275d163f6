/** The Worker's bindings and the limits read from its vars (wrangler.toml `[vars]`). */
import { InvalidArgumentError } from '@palimpsest/core';
import { DEFAULT_MAX_MEMORY_BYTES } from './memory-budget.js';

export interface Env {
  /** The Durable Object namespace of MemoryObject. */
  MEMORY: DurableObjectNamespace;
  /** The R2 bucket that holds snapshots. */
  SNAPSHOTS: R2Bucket;
  /** Snapshot after this many operations stored since the last snapshot. */
  SNAPSHOT_EVERY_OPS?: string;
  /** …or after this many bytes of operations stored since the last snapshot. */
  SNAPSHOT_EVERY_BYTES?: string;
  /**
   * Refuse writes once the memory's stored size (snapshot + operations since) would pass this. Writes are also
   * refused once the memory's projected peak in the isolate would pass what it may use (memory-budget.ts).
   */
  MAX_MEMORY_BYTES?: string;
  /** Origins (comma-separated) whose browser pages may call the Worker (CORS); unset: none. */
  CORS_ORIGINS?: string;
  /** Refuse request bodies larger than this. */
  MAX_REQUEST_BYTES?: string;
  /** How many snapshots to keep per memory in R2 (the newest first; at least 1). */
  KEEP_SNAPSHOTS?: string;
  /** Key prefix of snapshots in the bucket. */
  SNAPSHOT_PREFIX?: string;
  /** A secret: the bearer token that opens every memory (access.ts). */
  API_TOKEN?: string;
  /** A secret: a JSON object of bearer token → the memory-id prefix it opens (tenants; access.ts). */
  API_TOKENS?: string;
  /** "true": every memory open to anyone, no token (access.ts). Without it or a token, every request is refused. */
  PUBLIC_MEMORIES?: string;
}

export interface Limits {
  snapshotEveryOps: number;
  snapshotEveryBytes: number;
  maxMemoryBytes: number;
  maxRequestBytes: number;
  keepSnapshots: number;
  snapshotPrefix: string;
}

/**
 * Defaults. maxMemoryBytes, the stored size (snapshot bytes + operation JSON since) past which writes are
 * refused: the largest whose projected peak in the isolate, for a memory with no text, leaves room for the
 * code and a request in 128 MiB; memories with text are refused earlier by their projection (memory-budget.ts;
 * README "Limits" has the measurements).
 */
export const DEFAULT_LIMITS: Limits = {
  snapshotEveryOps: 2000,
  snapshotEveryBytes: 1024 * 1024,
  maxMemoryBytes: DEFAULT_MAX_MEMORY_BYTES,
  maxRequestBytes: 256 * 1024,
  keepSnapshots: 2,
  snapshotPrefix: 'memories/',
};

type NumberVar = 'SNAPSHOT_EVERY_OPS' | 'SNAPSHOT_EVERY_BYTES' | 'MAX_MEMORY_BYTES' | 'MAX_REQUEST_BYTES' | 'KEEP_SNAPSHOTS';

function whole(env: Env, key: NumberVar, fallback: number, min: number): number {
  const text = env[key];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(String(text)) || !Number.isSafeInteger(n) || n < min) {
    throw new InvalidArgumentError(`MemoryObject: ${key} must be a whole number ≥ ${min}, got ${JSON.stringify(text)}`);
  }
  return n;
}

/** The limits in force: each var that is set, else the default. A malformed var is refused by name. */
export function readLimits(env: Env): Limits {
  return {
    snapshotEveryOps: whole(env, 'SNAPSHOT_EVERY_OPS', DEFAULT_LIMITS.snapshotEveryOps, 1),
    snapshotEveryBytes: whole(env, 'SNAPSHOT_EVERY_BYTES', DEFAULT_LIMITS.snapshotEveryBytes, 1),
    maxMemoryBytes: whole(env, 'MAX_MEMORY_BYTES', DEFAULT_LIMITS.maxMemoryBytes, 1),
    maxRequestBytes: whole(env, 'MAX_REQUEST_BYTES', DEFAULT_LIMITS.maxRequestBytes, 1),
    keepSnapshots: whole(env, 'KEEP_SNAPSHOTS', DEFAULT_LIMITS.keepSnapshots, 1),
    snapshotPrefix: env.SNAPSHOT_PREFIX ?? DEFAULT_LIMITS.snapshotPrefix,
  };
}

/** A memory id: what `/memories/:id/` names (the same rule as the MCP server's memory folders). */
export const MEMORY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function checkMemoryId(id: string, call: string): void {
  if (!MEMORY_ID.test(id)) {
    throw new InvalidArgumentError(`${call}: memory ${JSON.stringify(id)} must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`);
  }
}
