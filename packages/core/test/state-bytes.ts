import type { MemoryState } from '@palimpsest/core';

/**
 * The whole memory as bytes: config, string lists and every column, the log's bytes among them (the
 * `log.bytes` column is the log, one JSON line per operation). Equal bytes: nothing changed.
 */
export function stateBytes(state: MemoryState): Buffer {
  const parts = [Buffer.from(JSON.stringify(state.config)), Buffer.from(JSON.stringify(state.strings))];
  for (const name of Object.keys(state.columns).sort()) {
    const col = state.columns[name]!;
    parts.push(Buffer.from(`\n${name}:${col.byteLength}:`), Buffer.from(col.buffer, col.byteOffset, col.byteLength));
  }
  return Buffer.concat(parts);
}
