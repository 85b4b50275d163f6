// What a snapshot encoder reads when it saves a live memory: the state's columns as views of the memory's
// own arrays where they are laid out as stored, and as writers where a column is held in pieces (the log's
// segments, BM25's base and tail postings), so a save builds no second copy of the memory beside the graph
// and the output. Valid only until the memory's next write: the encoder reads it at once, synchronously.
import type { ColumnArray, MemoryState } from '../state.js';

/** The typed-array kinds a snapshot column can be, by their Symbol.toStringTag. */
export type ColumnTag = 'Float64Array' | 'Float32Array' | 'Int32Array' | 'Uint32Array' | 'Uint8Array';

/**
 * A column written straight into the encoder's output: `length` elements of the kind `tag` names, put into
 * `out` (an array of exactly that kind and length) by `write`, the same values a copy would have held.
 */
export interface ColumnWriter {
  readonly tag: ColumnTag;
  readonly length: number;
  write(out: ColumnArray): void;
}

/** A MemoryState whose columns may also be writers: the input of persist's snapshot encoders, never kept. */
export interface SnapshotSource extends Omit<MemoryState, 'columns'> {
  columns: Record<string, ColumnArray | ColumnWriter>;
}

/** A column written from pieces of one kind, in order (each a view the writer copies once, into `out`). */
export function piecesWriter(tag: ColumnTag, pieces: readonly ColumnArray[]): ColumnWriter {
  let length = 0;
  for (const p of pieces) length += p.length;
  return {
    tag,
    length,
    write(out: ColumnArray): void {
      let at = 0;
      for (const p of pieces) {
        (out as Uint8Array).set(p as Uint8Array, at);
        at += p.length;
      }
    },
  };
}
