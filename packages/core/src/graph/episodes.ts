import { grow, nextCapacity } from '../util/arrays.js';
import { StringDictionary } from '../store/strings.js';
import { NONE } from '../store/fact-store.js';
import type { CheckedState } from '../snapshot/state-check.js';

/** Episodes (raw evidence: a turn, a session, a document) in columns, found by their string id. */
export class EpisodeTable {
  count = 0;
  private capacity = 0;
  readonly ids: string[] = [];
  readonly texts: string[] = [];
  at = new Float64Array(0);
  recordedAt = new Float64Array(0);
  /** Speaker string id or NONE. */
  speaker = new Int32Array(0);
  /** Session (conversation / thread) string id or NONE. */
  session = new Int32Array(0);
  /** Mentioned entities: episode i owns entityIds[entityStart[i] .. entityStart[i + 1]). */
  entityStart = new Uint32Array(1);
  entityIds: number[] = [];
  hasVector = new Uint8Array(0);
  vectors = new Float32Array(0);
  private byId = new Map<string, number>();

  constructor(
    readonly strings: StringDictionary,
    readonly dimensions: number,
  ) {}

  private reserve(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = nextCapacity(this.capacity, needed);
    this.at = grow(this.at, cap);
    this.recordedAt = grow(this.recordedAt, cap);
    this.speaker = grow(this.speaker, cap, NONE);
    this.session = grow(this.session, cap, NONE);
    this.entityStart = grow(this.entityStart, cap + 1);
    this.hasVector = grow(this.hasVector, cap);
    if (this.dimensions > 0) this.vectors = grow(this.vectors, cap * this.dimensions);
    this.capacity = cap;
  }

  add(
    id: string,
    text: string,
    at: number,
    recordedAt: number,
    speaker: string | undefined,
    entities: readonly number[],
    vector: ArrayLike<number> | undefined,
    session?: string,
  ): number {
    const index = this.count;
    this.reserve(index + 1);
    this.ids.push(id);
    this.texts.push(text);
    this.at[index] = at;
    this.recordedAt[index] = recordedAt;
    this.speaker[index] = speaker === undefined ? NONE : this.strings.intern(speaker);
    this.session[index] = session === undefined ? NONE : this.strings.intern(session);
    for (const e of entities) this.entityIds.push(e);
    this.entityStart[index + 1] = this.entityIds.length;
    if (vector !== undefined) {
      this.vectors.set(vector, index * this.dimensions);
      this.hasVector[index] = 1;
    }
    this.byId.set(id, index);
    this.count = index + 1;
    return index;
  }

  /**
   * Bulk load into an empty table whose string dictionary numbers strings as the state did (a load's): the
   * table `add` of each episode in order makes, from checked columns (no strings to intern, no array per
   * episode). `byId` becomes the table's own map.
   */
  load(e: CheckedState['episode']): void {
    if (this.count !== 0) throw new Error('EpisodeTable.load: the table is not empty');
    const n = e.ids.length;
    this.reserve(n);
    for (let i = 0; i < n; i++) this.ids.push(e.ids[i]!);
    for (let i = 0; i < n; i++) this.texts.push(e.texts[i]!);
    this.at.set(e.at.subarray(0, n));
    this.recordedAt.set(e.recordedAt.subarray(0, n));
    this.speaker.set(e.speaker.subarray(0, n));
    this.session.set(e.session.subarray(0, n));
    this.entityStart.set(e.entityStart.subarray(0, n + 1));
    for (let i = 0; i < e.entityIds.length; i++) this.entityIds.push(e.entityIds[i]!);
    const d = this.dimensions;
    for (let i = 0; i < n; i++) {
      if (e.hasVector[i] !== 1) continue;
      this.vectors.set(e.vectors.subarray(i * d, (i + 1) * d), i * d);
      this.hasVector[i] = 1;
    }
    this.byId = e.byId;
    this.count = n;
  }

  find(id: string): number {
    return this.byId.get(id) ?? NONE;
  }

  /**
   * String id → episode index + 1 (0: not looked up yet, or no episode had that id then). Recall looks up
   * every scored fact's evidence, thousands of interned ids per call; a hash lookup of each was a tenth of
   * a recall at 50,000 turns. Exact: an episode id, once written, keeps its index (ids are unique, the
   * table only grows), and a miss is not kept (an episode of that id may come later).
   */
  private byString = new Int32Array(0);

  /** The episode whose id is the string `s` of this table's dictionary, or NONE (`find` of that string). */
  findString(s: number): number {
    const known = this.byString[s];
    if (known !== undefined && known > 0) return known - 1;
    const index = this.find(this.strings.get(s));
    if (index === NONE) return NONE;
    if (s >= this.byString.length) this.byString = grow(this.byString, nextCapacity(this.byString.length, s + 1));
    this.byString[s] = index + 1;
    return index;
  }

  entitiesOf(index: number): number[] {
    return this.entityIds.slice(this.entityStart[index]!, this.entityStart[index + 1]!);
  }

  speakerOf(index: number): string | undefined {
    const s = this.speaker[index]!;
    return s === NONE ? undefined : this.strings.get(s);
  }

  sessionOf(index: number): string | undefined {
    const s = this.session[index]!;
    return s === NONE ? undefined : this.strings.get(s);
  }

  vectorOf(index: number): Float32Array | undefined {
    if (this.hasVector[index] !== 1) return undefined;
    return this.vectors.subarray(index * this.dimensions, (index + 1) * this.dimensions);
  }
}
