/**
 * The two native peers (better-sqlite3, hnswlib-node) are optional dependencies: `npm ci` skips them when
 * they cannot be built (no C/C++ toolchain). They are loaded on first use, and a run without them says so
 * in its report instead of failing to start.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type * as Hnswlib from 'hnswlib-node';

const require = createRequire(import.meta.url);

let sqlite: typeof BetterSqlite3 | string | undefined;
let hnswlib: typeof Hnswlib | string | undefined;

function reason(name: string, e: unknown): string {
  return `${name} is not installed or not built (${(e instanceof Error ? e.message : String(e)).split('\n')[0]})`;
}

/** better-sqlite3's Database class, or why it cannot be used. */
export function betterSqlite3(): typeof BetterSqlite3 | string {
  if (sqlite === undefined) {
    try {
      const Database = require('better-sqlite3') as typeof BetterSqlite3;
      new Database(':memory:').close(); // the native binding loads on first open
      sqlite = Database;
    } catch (e) {
      sqlite = reason('better-sqlite3', e);
    }
  }
  return sqlite;
}

/** The hnswlib-node module, or why it cannot be used. */
export function hnswlibNode(): typeof Hnswlib | string {
  if (hnswlib === undefined) {
    try {
      hnswlib = require('hnswlib-node') as typeof Hnswlib;
    } catch (e) {
      hnswlib = reason('hnswlib-node', e);
    }
  }
  return hnswlib;
}

/** The module, or a PeerUnavailableError naming what is missing. */
export function requirePeer<T>(loaded: T | string): T {
  if (typeof loaded === 'string') throw new PeerUnavailableError(loaded);
  return loaded;
}

export class PeerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PeerUnavailableError';
  }
}
