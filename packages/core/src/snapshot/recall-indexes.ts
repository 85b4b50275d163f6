// Recall's episode indexes in a snapshot: the BM25 postings of every turn and which turns name a date, kept
// so that a load reads them instead of tokenizing, stemming and date-reading every turn again (that was
// nearly all of a load's time). They are derived data: a state without them (an older file, a memory saved
// before its indexes caught up, another tokenizer) loads by rebuilding them, as before.
import { CorruptSnapshotError } from '../errors.js';
import { BM25_DEFAULTS, Bm25Index } from '../recall/bm25.js';
import { TOKENIZE } from '../recall/text.js';
import type { ColumnArray, MemoryState } from '../state.js';
import type { ColumnWriter, SnapshotSource } from './snapshot-source.js';
import type { MemoryTables } from '../graph/tables.js';
import { exportMemoryState } from './state-io.js';
import { withKeptNames } from './kept-names.js';
import { withKeptEntityVectors } from './kept-entity-vectors.js';

/**
 * What the kept postings were made by: a different tokenizer (stemmer, stop words, word rules) or text
 * given to BM25 makes different terms, so they are rebuilt. Raise the number when tokenize() or the text
 * recall indexes per episode changes.
 */
export function recallIndexTag(): string {
  return `episode-bm25/${TOKENIZE.stemmer}/1`;
}

const TAG = 'recall.indexes';
const TERMS = 'recall.episodeText.terms';
const COLUMNS = {
  docIds: 'recall.episodeText.docIds',
  docLengths: 'recall.episodeText.docLengths',
  termOffsets: 'recall.episodeText.termOffsets',
  postingDocs: 'recall.episodeText.postingDocs',
  postingFreqs: 'recall.episodeText.postingFreqs',
} as const;
const DATED = 'recall.datedTurns';

/**
 * `exportState()` plus recall's episode indexes, the names' terms (kept-names.ts) and the entities' vectors
 * (kept-entity-vectors.ts), what a snapshot file
 * stores (persist's encoders call it): the episode indexes only once they have caught up with every episode. exportState() itself stays the memory's content
 * alone, so two memories that hold the same things export equal states however their indexes were made.
 */
export function exportSnapshotState(mem: MemoryTables): MemoryState;
/** `views`: the same as views of the memory's arrays and writers (snapshot-source.ts), valid until its next write. */
export function exportSnapshotState(mem: MemoryTables, views: true): SnapshotSource;
export function exportSnapshotState(mem: MemoryTables, views = false): SnapshotSource {
  const state = withKeptEntityVectors(mem, withKeptNames(mem, views ? exportMemoryState(mem, true) : exportMemoryState(mem)));
  const engine = mem.recallIndexIfBuilt();
  const kept = views ? engine?.episodeIndexViews() : engine?.exportEpisodeIndexes();
  if (kept === undefined) return state;
  const { text, dated } = kept;
  const columns: Record<string, ColumnArray | ColumnWriter> = {
    ...state.columns,
    [COLUMNS.docIds]: text.docIds,
    [COLUMNS.docLengths]: text.docLengths,
    [COLUMNS.termOffsets]: text.termOffsets,
    [COLUMNS.postingDocs]: text.postingDocs,
    [COLUMNS.postingFreqs]: text.postingFreqs,
    [DATED]: dated,
  };
  return { ...state, columns, strings: { ...state.strings, [TERMS]: text.terms, [TAG]: [recallIndexTag()] } };
}

/**
 * Hands a loaded memory's recall engine the indexes its state kept, when they are there and were made by
 * this tokenizer; damaged ones (lengths, references, an episode they do not match) are CorruptSnapshotError.
 * `adopt`: the state's arrays were made by the loader and are handed over (kept, not copied).
 */
export function restoreRecallIndexes(mem: MemoryTables, state: MemoryState, adopt = false): void {
  const tag = state.strings[TAG];
  if (!Array.isArray(tag) || tag.length !== 1 || tag[0] !== recallIndexTag()) return;
  const bad = (why: string): never => {
    throw new CorruptSnapshotError(`MemoryGraph.fromState: recall's kept indexes: ${why}`);
  };
  const u32 = (name: string): Uint32Array => {
    const c = state.columns[name];
    return c instanceof Uint32Array ? c : bad(`column "${name}" is missing or not Uint32Array`);
  };
  const terms = state.strings[TERMS];
  if (!Array.isArray(terms)) bad(`string list "${TERMS}" is missing`);
  const dated = state.columns[DATED];
  if (!(dated instanceof Uint8Array)) return bad(`column "${DATED}" is missing or not Uint8Array`);
  const ids = u32(COLUMNS.docIds);
  const text = Bm25Index.fromState({
    ...BM25_DEFAULTS, // postings do not depend on k1 and b
    docIds: ids,
    docLengths: u32(COLUMNS.docLengths),
    terms: terms as string[],
    termOffsets: u32(COLUMNS.termOffsets),
    postingDocs: u32(COLUMNS.postingDocs),
    postingFreqs: u32(COLUMNS.postingFreqs),
  }, adopt);
  const n = text.size;
  if (n > mem.episodes.count) bad(`${n} documents for ${mem.episodes.count} episodes`);
  if (dated.length !== n) bad(`${dated.length} date flags for ${n} documents`);
  for (let i = 0; i < n; i++) {
    if (ids[i] !== i) bad(`document ${i} is episode ${ids[i]}`);
    if (dated[i]! > 1) bad(`date flag ${i} is ${dated[i]}`);
  }
  mem.recallIndex().restoreEpisodeIndexes(text, dated);
}
