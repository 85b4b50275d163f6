// Bm25Index's options, its snapshot form and the small functions around it (recall/bm25.ts), kept apart so
// the index's own file stays within the size rule; bm25.ts re-exports them.
import type { ColumnWriter } from '../snapshot/snapshot-source.js';

/** The ids of a query's terms that an index knows, each once, in the query's order. */
export function queryTermIds(terms: readonly string[], termIds: ReadonlyMap<string, number>): Set<number> {
  const ids = new Set<number>();
  for (const t of terms) {
    const id = termIds.get(t);
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

export interface Bm25Options {
  /** Term-frequency saturation. @default 1.2 */
  k1?: number;
  /** Length normalisation, 0 (none) to 1 (full). @default 0.75 */
  b?: number;
}

export const BM25_DEFAULTS: Required<Bm25Options> = { k1: 1.2, b: 0.75 };

/** The index as plain typed arrays and string lists, for snapshot files. Postings are in CSR form. */
export interface Bm25State {
  k1: number;
  b: number;
  /** Caller ids of the documents, in insertion order (the internal slot is the position). */
  docIds: Uint32Array;
  /** Tokens per document, by slot. */
  docLengths: Uint32Array;
  /** The term dictionary; a term's id is its position. */
  terms: string[];
  /** Postings of term t are positions [termOffsets[t], termOffsets[t+1]) of postingDocs/postingFreqs. */
  termOffsets: Uint32Array;
  /** Document slots, ascending within each term. */
  postingDocs: Uint32Array;
  /** Term frequency in that document. */
  postingFreqs: Uint32Array;
}

/** `toViews()`: Bm25State's fields, the postings as writers; valid until the index's next add. */
export type Bm25Views = Omit<Bm25State, 'postingDocs' | 'postingFreqs'> & { postingDocs: ColumnWriter; postingFreqs: ColumnWriter };

/** idf of a term held by n of N documents: ln(1 + (N − n + 0.5) / (n + 0.5)). */
export function idfFor(n: number, N: number): number {
  return Math.log(1 + (N - n + 0.5) / (n + 0.5));
}
