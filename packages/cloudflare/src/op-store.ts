/**
 * The operations of one memory in its Durable Object's SQLite storage, and what the latest snapshot covers.
 *
 *   ops(seq, op)   one row per operation not yet covered by a snapshot; seq is its index in the memory's log
 *   meta(key, v)   'memory' (the id), 'snapshotKey', 'snapshotOps' (operations it covers), 'snapshotBytes'
 *
 * SQLite calls are synchronous and the platform holds each reply until the writes made for it are durable,
 * so an acknowledged write is stored.
 */
import type { Operation } from '@palimpsest/core';

export interface SnapshotRef {
  key: string;
  /** The number of operations the snapshot holds (the memory's log length when it was taken). */
  ops: number;
  bytes: number;
}

const encoder = new TextEncoder();

export class OpStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS ops (seq INTEGER PRIMARY KEY, op TEXT NOT NULL)');
    sql.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  }

  private get(key: string): string | undefined {
    const rows = this.sql.exec<{ value: string }>('SELECT value FROM meta WHERE key = ?', key).toArray();
    return rows[0]?.value;
  }

  private set(key: string, value: string): void {
    this.sql.exec('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', key, value);
  }

  /** The memory id this object serves, once its first request named it. */
  memoryId(): string | undefined {
    return this.get('memory');
  }

  setMemoryId(id: string): void {
    this.set('memory', id);
  }

  snapshot(): SnapshotRef | undefined {
    const key = this.get('snapshotKey');
    if (key === undefined) return undefined;
    return { key, ops: Number(this.get('snapshotOps')), bytes: Number(this.get('snapshotBytes')) };
  }

  /** Stored operations from `from` (a log index) on, oldest first. */
  tail(from: number): Operation[] {
    return this.sql.exec<{ op: string }>('SELECT op FROM ops WHERE seq >= ? ORDER BY seq', from).toArray().map((r) => JSON.parse(r.op) as Operation);
  }

  /** Stores operations `first`, `first + 1`, … and returns their size in bytes (UTF-8 JSON). */
  append(first: number, ops: readonly Operation[]): number {
    let bytes = 0;
    ops.forEach((op, i) => {
      const text = JSON.stringify(op);
      bytes += encoder.encode(text).byteLength;
      this.sql.exec('INSERT INTO ops (seq, op) VALUES (?, ?)', first + i, text);
    });
    return bytes;
  }

  /** Operation count and bytes stored beyond the snapshot. */
  pending(): { ops: number; bytes: number } {
    const row = this.sql.exec<{ n: number; b: number | null }>('SELECT count(*) AS n, sum(length(CAST(op AS BLOB))) AS b FROM ops').one();
    return { ops: row.n, bytes: row.b ?? 0 };
  }

  /**
   * After a forget: `ref` (the rewritten memory) is the latest snapshot and no stored operation is kept (they
   * may hold forgotten content); `erasing` stays set until older snapshots are deleted from R2.
   */
  rewrittenAs(ref: SnapshotRef): void {
    this.sql.exec('DELETE FROM ops');
    this.coveredBy(ref);
    this.set('erasing', '1');
  }

  /** Whether a forget's deletion of older snapshots may not have finished. */
  erasing(): boolean {
    return this.get('erasing') === '1';
  }

  erased(): void {
    this.sql.exec("DELETE FROM meta WHERE key = 'erasing'");
  }

  /** Records a snapshot as the latest and drops the stored operations it covers, in one transaction. */
  coveredBy(ref: SnapshotRef): void {
    this.sql.exec('DELETE FROM ops WHERE seq < ?', ref.ops);
    this.set('snapshotKey', ref.key);
    this.set('snapshotOps', String(ref.ops));
    this.set('snapshotBytes', String(ref.bytes));
  }
}
