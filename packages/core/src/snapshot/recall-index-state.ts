/**
 * Recall's episode indexes in a snapshot, so a load reads them instead of re-reading every turn: the word
 * index of the episodes (BM25's forward index: each turn's distinct terms, in first-occurrence order, with
 * their frequencies, and the term dictionary in id order) and which turns say when something happened
 * (recall/dated-turns.ts). These were most of a load's time (tokenizing, stemming and interning every turn,
 * and the date patterns); what is left to rebuild (sessions, speakers, entities, facts) is cheap.
 *
 * Stored as ordinary columns and string lists (names below), so the snapshot format is unchanged and a
 * reader that does not know them ignores them. `recall.episodes.meta` is [version, fingerprint, covered]:
 * the index covers episodes 0 … covered − 1 and a load indexes the rest as written. Another version or
 * fingerprint (the tokenizer, stemmer, stop words, name-of-address rule or date patterns changed) or no
 * index at all: the load rebuilds as before. An index that is there, of this version, but does not fit the
 * episodes (lengths, term ids, frequencies, flags) is a damaged snapshot: CorruptSnapshotError, never used.
 */
import { CorruptSnapshotError } from '../errors.js';
import type { ColumnArray, MemoryState } from '../state.js';
import type { Bm25Index } from '../recall/bm25.js';
import type { DatedTurns } from '../recall/dated-turns.js';
import { resolveRelativeDates } from '../recall/dates.js';
import { episodeEmbeddingText } from '../recall/embedding-text.js';
import { tokenize, TOKENIZE } from '../recall/text.js';
import { withoutVocatives } from '../recall/vocatives.js';
import { isWellFormed } from '../util/well-formed.js';

/** Bump when what a turn's index holds changes in a way the fingerprint's probe might not show. */
export const RECALL_INDEX_VERSION = 1;

const META = 'recall.episodes.meta';
const TERMS = 'recall.episodes.terms';
const DOC_START = 'recall.episodes.docStart';
const DOC_TERMS = 'recall.episodes.docTerms';
const DOC_FREQS = 'recall.episodes.docFreqs';
const DATED = 'recall.episodes.dated';

/** The episode indexes as read from a state: BM25's forward index and the dated flags of episodes 0 … covered − 1. */
export interface EpisodeIndexState {
  covered: number;
  terms: string[];
  /** Document d's terms are docTerms/docFreqs[docStart[d] .. docStart[d + 1]). */
  docStart: Uint32Array;
  docTerms: Uint32Array;
  /** docTerms as stored: unsigned LEB128 varints (kept to write the same column again). */
  termBytes: Uint8Array;
  docFreqs: Uint8Array | Uint32Array;
  dated: Uint8Array;
}

// A probe through every step that makes a turn's index entry: words, stop words, stems, names of address
// (a greeting's and a known speaker's), the speaker prefix, date expressions.
const PROBE_TEXTS = [
  "Hey Maya, I've been running marathons since 2019 and my runner's knees aren't happy — the physio's advice?",
  'Caroline, we visited the Musée d’Orsay two weeks ago; yesterday the kids were painting sunflowers happily.',
  'On 8 May I bought 3 cheaper bikes, and next Friday I am servicing them. Thanks, Jon!',
];
const PROBE_AT = Date.UTC(2023, 4, 20);
let fingerprintOf: { stemmer: string; value: number } | undefined;

/** A hash of what the probe texts index to with the code running now: another stemmer or tokenizer gives another. */
export function recallIndexFingerprint(): number {
  if (fingerprintOf?.stemmer === TOKENIZE.stemmer) return fingerprintOf.value;
  let h = 0x811c9dc5;
  const mix = (s: string): void => {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x1f, 0x01000193);
  };
  const names = new Set(['maya', 'jon']);
  for (const text of PROBE_TEXTS) {
    for (const t of tokenize(episodeEmbeddingText(withoutVocatives(text, names), 'user'))) mix(t);
    mix(String(resolveRelativeDates(text, PROBE_AT).length));
  }
  fingerprintOf = { stemmer: TOKENIZE.stemmer, value: h >>> 0 };
  return fingerprintOf.value;
}

/**
 * The columns and string list holding the first `covered` documents of `text` (episode i is document i) and
 * their dated flags; nothing when no episode is indexed.
 */
export function episodeIndexColumns(text: Bm25Index, dated: DatedTurns, covered: number): Pick<MemoryState, 'columns' | 'strings'> {
  const terms: string[] = [];
  for (let t = 0; t < text.termCount; t++) terms.push(text.term(t));
  // a term a snapshot cannot write (a lone surrogate has no UTF-8 form; seen once in a 50k-turn build, cause
  // not yet found): no index is stored, and the load rebuilds it as before
  if (covered === 0 || !terms.every(isWellFormed)) return { columns: {}, strings: {} };
  const docStart = new Uint32Array(covered + 1);
  let total = 0;
  for (let d = 0; d < covered; d++) {
    total += countTerms(text, d);
    docStart[d + 1] = total;
  }
  const docTerms = new Uint32Array(total);
  const wide = new Uint32Array(total);
  let at = 0;
  let maxFreq = 0;
  for (let d = 0; d < covered; d++) {
    text.termIdsOfDoc(d, (id, tf) => {
      docTerms[at] = id;
      wide[at++] = tf;
      if (tf > maxFreq) maxFreq = tf;
    });
  }
  const flags = new Uint8Array(covered);
  for (let d = 0; d < covered; d++) flags[d] = dated.has(d) ? 1 : 0;
  const columns: Record<string, ColumnArray> = {
    [META]: Uint32Array.of(RECALL_INDEX_VERSION, recallIndexFingerprint(), covered),
    [DOC_START]: docStart,
    [DOC_TERMS]: toVarints(docTerms),
    // most frequencies fit a byte (a quarter of the bytes); the column's type says which was written
    [DOC_FREQS]: maxFreq <= 0xff ? Uint8Array.from(wide) : wide,
    [DATED]: flags,
  };
  return { columns, strings: { [TERMS]: terms } };
}

function countTerms(text: Bm25Index, d: number): number {
  let n = 0;
  text.termIdsOfDoc(d, () => n++);
  return n;
}

/** The same columns (copies) for an index read from a snapshot and not yet handed to a recall engine. */
export function heldIndexColumns(held: EpisodeIndexState): Pick<MemoryState, 'columns' | 'strings'> {
  const columns: Record<string, ColumnArray> = {
    [META]: Uint32Array.of(RECALL_INDEX_VERSION, recallIndexFingerprint(), held.covered),
    [DOC_START]: held.docStart.slice(),
    [DOC_TERMS]: held.termBytes.slice(),
    [DOC_FREQS]: held.docFreqs.slice(),
    [DATED]: held.dated.slice(),
  };
  return { columns, strings: { [TERMS]: held.terms.slice() } };
}

/**
 * The episode index a state holds, checked against its `episodes` episodes; undefined when there is none or
 * it was made by another version or tokenizer (the load then rebuilds). Linear in the index's size.
 */
export function readEpisodeIndex(state: MemoryState, episodes: number): EpisodeIndexState | undefined {
  const cols = state.columns;
  const meta = cols[META];
  if (meta === undefined) return undefined;
  const bad = (why: string): never => {
    throw new CorruptSnapshotError(`MemoryGraph.fromState: the recall index ${why}`);
  };
  if (!(meta instanceof Uint32Array) || meta.length !== 3) return bad(`column "${META}" is not 3 Uint32 values`);
  if (meta[0] !== RECALL_INDEX_VERSION || meta[1] !== recallIndexFingerprint()) return undefined;
  const covered = meta[2]!;
  if (covered > episodes) bad(`covers ${covered} episodes; the snapshot holds ${episodes}`);
  const terms = state.strings[TERMS];
  const docStart = cols[DOC_START];
  const termBytes = cols[DOC_TERMS];
  const docFreqs = cols[DOC_FREQS];
  const dated = cols[DATED];
  if (!Array.isArray(terms)) return bad(`string list "${TERMS}" is missing`);
  if (!(docStart instanceof Uint32Array) || docStart.length !== covered + 1) return bad(`column "${DOC_START}" is not ${covered + 1} Uint32 values`);
  if (!(termBytes instanceof Uint8Array)) return bad(`column "${DOC_TERMS}" is not Uint8`);
  if (!(docFreqs instanceof Uint8Array || docFreqs instanceof Uint32Array) || docFreqs.length !== docStart[covered]) return bad(`column "${DOC_FREQS}" does not match "${DOC_START}"`);
  if (!(dated instanceof Uint8Array) || dated.length !== covered) return bad(`column "${DATED}" is not ${covered} Uint8 values`);
  if (docStart[0] !== 0) bad(`column "${DOC_START}" does not start at 0`);
  const docTerms = fromVarints(termBytes, docFreqs.length, bad);
  for (let i = 0; i < terms.length; i++) if (typeof terms[i] !== 'string') bad(`term ${i} is not a string`);
  if (new Set(terms).size !== terms.length) bad(`string list "${TERMS}" has duplicates`);
  checkDocuments(docStart, docTerms, docFreqs, terms.length, covered, bad);
  for (let d = 0; d < covered; d++) if (dated[d]! > 1) bad(`dated flag ${d} is ${dated[d]}`);
  return { covered, terms, docStart, docTerms, termBytes, docFreqs, dated };
}

/** Unsigned LEB128: 7 bits a byte, low first, the high bit set on all but the last (most term ids take 1–2 bytes, not 4). */
function toVarints(values: Uint32Array): Uint8Array {
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    n += v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    let v = values[i]!;
    while (v >= 0x80) {
      out[at++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    out[at++] = v;
  }
  return out;
}

/** Exactly `count` varints filling `bytes`, each below 2^32. */
function fromVarints(bytes: Uint8Array, count: number, bad: (why: string) => never): Uint32Array {
  const out = new Uint32Array(count);
  let at = 0;
  const end = bytes.length;
  for (let i = 0; i < count; i++) {
    // one or two bytes: most ids (integer arithmetic, no loop)
    const b0 = at < end ? bytes[at]! : 0x100;
    if (b0 < 0x80) {
      out[i] = b0;
      at++;
      continue;
    }
    const b1 = at + 1 < end ? bytes[at + 1]! : 0x100;
    if (b0 < 0x100 && b1 < 0x80) {
      out[i] = (b0 & 0x7f) | (b1 << 7);
      at += 2;
      continue;
    }
    let v = 0;
    let shift = 0;
    let b: number;
    do {
      if (at >= bytes.length || shift > 28) bad(`column "${DOC_TERMS}" does not hold ${count} term ids`);
      b = bytes[at++]!;
      v += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b >= 0x80);
    if (v > 0xffffffff) bad(`column "${DOC_TERMS}" holds a term id past 2^32`);
    out[i] = v;
  }
  if (at !== bytes.length) bad(`column "${DOC_TERMS}" holds more than ${count} term ids`);
  return out;
}

/** Each document's terms: in range, each once, with frequencies of at least 1. */
function checkDocuments(docStart: Uint32Array, docTerms: Uint32Array, docFreqs: ArrayLike<number>, nTerms: number, covered: number, bad: (why: string) => never): void {
  const seenIn = new Uint32Array(nTerms);
  for (let d = 0; d < covered; d++) {
    const from = docStart[d]!;
    const to = docStart[d + 1]!;
    if (to < from) bad(`document ${d} ends before it starts`);
    for (let i = from; i < to; i++) {
      const t = docTerms[i]!;
      if (t >= nTerms) bad(`document ${d} names term ${t} of ${nTerms}`);
      if (seenIn[t] === d + 1) bad(`document ${d} holds term ${t} twice`);
      seenIn[t] = d + 1;
      if (docFreqs[i] === 0) bad(`document ${d} holds term ${t} zero times`);
    }
  }
}

/**
 * Fills an empty word index and dated-turn table from a checked state: the same documents, term ids and
 * flags the indexing of those episodes made (each document's tokens in first-occurrence order, so the forward
 * index is the one `add` builds).
 */
export function restoreEpisodeIndex(held: EpisodeIndexState, text: Bm25Index, dated: DatedTurns): void {
  // distinct terms (checked by readEpisodeIndex) into an empty index: term t gets id t
  text.termIdsOf(held.terms);
  const { docStart, docTerms, docFreqs } = held;
  let tokens = new Uint32Array(64);
  for (let d = 0; d < held.covered; d++) {
    let n = 0;
    for (let i = docStart[d]!; i < docStart[d + 1]!; i++) n += docFreqs[i]!;
    if (tokens.length < n) tokens = new Uint32Array(Math.max(n, tokens.length * 2));
    let at = 0;
    for (let i = docStart[d]!; i < docStart[d + 1]!; i++) tokens.fill(docTerms[i]!, at, (at += docFreqs[i]!));
    text.addTermIds(d, tokens, n);
    dated.addFlag(d, held.dated[d] === 1);
  }
}
