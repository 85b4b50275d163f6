/**
 * What each structure of a memory holds, in bytes: for the scale bench's "bytes per turn by structure".
 * It walks each structure's objects (typed arrays by their buffer's capacity, strings by their characters,
 * arrays, Maps and Sets by their slots) and counts every object once, in the order of `STRUCTURES`, so
 * a string or buffer two structures share is counted under the first. Typed arrays and strings are exact
 * (a one-byte string counts 1 byte a character, a two-byte string 2, each plus V8's 16-byte header);
 * the slots of arrays, objects, Maps and Sets are V8's usual sizes, an estimate (heap snapshots give the
 * truth; this gives the split).
 */
import type { MemoryTables } from './tables.js';

export interface MemorySizeReport {
  /** Bytes per structure, in report order. */
  structures: Array<{ name: string; bytes: number }>;
  total: number;
}

/** Slot sizes V8 uses on 64-bit with pointer compression off (an upper estimate with it on). */
const SLOT = 8;
const OBJECT_HEADER = 24;
const STRING_HEADER = 16;
const MAP_ENTRY = 3 * SLOT;
const SET_ENTRY = 2 * SLOT;

/** One walk: every object it has seen (shared across structures so nothing counts twice). */
class SizeWalk {
  private readonly seen = new Set<unknown>();

  constructor(skip: readonly unknown[]) {
    for (const s of skip) this.seen.add(s);
  }

  /** The bytes `root` holds that no earlier call counted. Iterative: structures hold long arrays. */
  bytesOf(root: unknown): number {
    let total = 0;
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const v = stack.pop();
      if (typeof v === 'string') {
        if (this.seen.has(v)) continue; // identical strings are one string to V8 when interned; count once
        this.seen.add(v);
        total += stringBytes(v);
        continue;
      }
      if (v === null || typeof v !== 'object' || this.seen.has(v)) continue;
      this.seen.add(v);
      total += this.shallow(v, stack);
    }
    return total;
  }

  /** The object's own bytes; what it refers to goes on the stack. */
  private shallow(v: object, stack: unknown[]): number {
    if (ArrayBuffer.isView(v)) {
      if (this.seen.has(v.buffer)) return OBJECT_HEADER;
      this.seen.add(v.buffer);
      return OBJECT_HEADER + v.buffer.byteLength;
    }
    if (v instanceof ArrayBuffer) return v.byteLength;
    if (Array.isArray(v)) {
      for (const x of v) if (x !== null && (typeof x === 'object' || typeof x === 'string')) stack.push(x);
      return OBJECT_HEADER + v.length * SLOT;
    }
    if (v instanceof Map) {
      for (const [k, x] of v) stack.push(k, x);
      return OBJECT_HEADER + v.size * MAP_ENTRY;
    }
    if (v instanceof Set) {
      for (const x of v) stack.push(x);
      return OBJECT_HEADER + v.size * SET_ENTRY;
    }
    if (typeof (v as { then?: unknown }).then === 'function' || v instanceof WeakMap || v instanceof WeakSet) return OBJECT_HEADER;
    let n = OBJECT_HEADER;
    for (const key of Object.keys(v)) {
      n += SLOT;
      stack.push((v as Record<string, unknown>)[key]);
    }
    return n;
  }
}

/** A V8 string's bytes: one byte a character when every character is Latin-1, else two. */
function stringBytes(s: string): number {
  let wide = false;
  for (let i = 0; i < s.length && !wide; i++) if (s.charCodeAt(i) > 0xff) wide = true;
  return STRING_HEADER + s.length * (wide ? 2 : 1);
}

/**
 * Bytes per structure of a memory: fact columns (the fact store, literals, provenance, predicates), the
 * string dictionary, entities (table and vectors), episode text, episodes' other columns (ids, times,
 * speakers, vectors), the log, then recall's indexes: episode BM25, entity BM25, fact BM25, vectors (episode
 * and entity sets), sessions and dated turns. Recall's indexes are created if the memory has none yet.
 */
export function memorySizeReport(tables: MemoryTables): MemorySizeReport {
  const engine = tables.recallIndex();
  const ep = tables.episodes;
  const en = tables.entities;
  // back-references (the log's tables, the engine's memory) are not walked; the shared dictionary counts once, in its own row
  const walk = new SizeWalk([tables, engine]);
  const parts: Array<[string, () => unknown[]]> = [
    ['episode text', () => [ep.texts]],
    ['episode columns (ids, times, speakers, sessions, entity links)', () => [ep.ids, ep.at, ep.recordedAt, ep.speaker, ep.session, ep.entityStart, ep.entityIds, ep.hasVector, (ep as unknown as { byId: unknown }).byId]],
    ['episode vectors (stored)', () => [ep.vectors]],
    ['fact columns (store, literals, provenance, predicates)', () => [tables.store, tables.literals, tables.provenance, tables.literalIds, tables.numberLiteralIds, tables.provenanceIds, tables.predicateNames, tables.predicateConfig, tables.predicateUse, tables.mergedFrom]],
    ['string dictionary (names, speakers, sessions)', () => [tables.strings]],
    ['entities', () => [en]],
    ['log', () => [tables.logBuffer]],
    ['BM25 episodes', () => [engine.episodeText]],
    ['BM25 entities', () => [engine.entityText, engine.entityDoc, engine.entityDocs]],
    ['BM25 facts', () => [engine.tripleText, engine.names]],
    ['vectors (recall: episodes)', () => [engine.episodeVectors]],
    ['vectors (recall: entities)', () => [engine.entityVectors]],
    ['sessions, dated turns, speakers', () => [engine.sessions, engine.dated, engine.speakerNames]],
    ['recall scratch and the rest of the engine', () => [{ ...engine }]],
  ];
  const structures = parts.map(([name, roots]) => ({ name, bytes: roots().reduce<number>((n, r) => n + walk.bytesOf(r), 0) }));
  return { structures, total: structures.reduce((n, s) => n + s.bytes, 0) };
}
