/**
 * Query expansion through entity names and aliases: a question that names an entity completely, by its
 * name or by one of its aliases ("Mel", "Maya Chen"), also searches the entity's other names ("Melanie",
 * "Maya"), at a lower weight, so turns that call it otherwise are found too. A partial mention (one word of
 * a two-word name) expands nothing: "Chen" alone may be someone else.
 */
import type { Bm25Index } from './bm25.js';

export interface NameIndex {
  /** The word index of entity names and aliases (documents are names). */
  text: Bm25Index;
  /** Document → entity. */
  entityOf: readonly number[];
  /** Entity → its name documents. */
  docsOf: ReadonlyMap<number, readonly number[]>;
}

/**
 * Adds to `terms` (term → weight) the words of every name of each entity that `matched` (name documents
 * hit by the question) names completely, at `weight`; the question's own terms keep theirs.
 */
export function expandNames(names: NameIndex, matched: readonly number[], terms: Map<string, number>, weight: number): void {
  if (weight <= 0) return;
  const own = new Set(terms.keys());
  const entities = new Set<number>();
  for (const doc of matched) {
    let complete = true;
    const len = names.text.termsOf(doc, (t) => {
      if (!own.has(t)) complete = false;
    });
    if (len > 0 && complete) entities.add(names.entityOf[doc]!);
  }
  // in entity order, so the map's order (and every sum over it) does not depend on the hits' order
  for (const e of [...entities].sort((a, b) => a - b)) {
    for (const doc of names.docsOf.get(e) ?? []) {
      names.text.termsOf(doc, (t) => {
        if (!own.has(t) && !terms.has(t)) terms.set(t, weight);
      });
    }
  }
}
