/**
 * Which session (conversation) each episode belongs to, decided once when the episode is indexed.
 *
 * An episode written with a `session` (EpisodeInput.session) belongs to it: every episode of that id joins
 * the session its first one opened, whatever came between. Only an episode without one is placed by
 * inference from what was written, in two rules:
 * 1. an episode whose text is part of the current container's text (a turn recorded after the session
 *    that holds it) belongs to that container's session;
 * 2. otherwise an episode at most `gapMs` after the previous one, in time order, continues its session
 *    (turns recorded one by one, with no session episode); anything else opens a new session.
 * A container is a multi-line episode that opened a session. Deterministic, O(text) per episode.
 */
export const SESSION_DEFAULTS = {
  /** Longest pause inside one conversation (turns recorded without a session episode). */
  gapMs: 30 * 60_000,
};

export class SessionMap {
  /** Session of each episode: the index of the episode that opened it. */
  private root = new Int32Array(64);
  /** 1 for an episode that holds a whole session (multi-line, opened one): scored as the session's document. */
  private whole = new Uint8Array(64);
  private count = 0;
  private container = -1;
  private containerText = '';
  private lastAt = -Infinity;
  /** Members of each session root, in episode order (the root first). */
  private readonly members = new Map<number, number[]>();

  constructor(private readonly gapMs = SESSION_DEFAULTS.gapMs) {}

  get size(): number {
    return this.count;
  }

  /** Given session id → the index of its first episode (the session's root). */
  private readonly given = new Map<number, number>();
  /** Whether the previous episode was placed by a given session (inference does not continue it). */
  private lastGiven = false;

  /**
   * Per session root, kept as turns join (whole-session episodes left out, as a session's own document
   * leaves them out): its turns' token count, and the latest time and record time among them. A session
   * whose latest turn is visible at a cut is visible whole, and its document length is then this count,
   * with no walk over its turns at question time (recall/session-docs.ts). A turn added without its token
   * count makes its session's record time NaN: never known visible whole, always walked.
   */
  private tokens = new Float64Array(64);
  private latestAt = new Float64Array(64).fill(-Infinity);
  private latestRecorded = new Float64Array(64).fill(-Infinity);

  /**
   * Assigns episode `index` (they come in order 0, 1, 2 …); `session`: its given session's string id, or -1;
   * `tokens` and `recordedAt`: its indexed length and record time, for the session's totals.
   */
  add(index: number, text: string, at: number, session = -1, tokens?: number, recordedAt?: number): void {
    if (index !== this.count) throw new Error(`SessionMap.add: episode ${index} out of order (expected ${this.count})`);
    if (at > this.latestAnyAt) this.latestAnyAt = at;
    if (recordedAt === undefined) this.latestAnyRecorded = NaN;
    else if (recordedAt > this.latestAnyRecorded) this.latestAnyRecorded = recordedAt;
    if (this.root.length <= index) this.growTo(this.root.length * 2);
    let root: number;
    if (session >= 0) {
      root = this.given.get(session) ?? index;
      this.given.set(session, root);
      this.place(index, root, at);
      this.lastGiven = true;
      this.total(index, root, at, tokens, recordedAt);
      return;
    }
    const inside = this.container >= 0 && at >= this.lastAt - this.gapMs && this.containerText.includes(text.trim());
    if (inside) root = this.root[this.container]!;
    else if (this.count > 0 && !this.lastGiven && at >= this.lastAt && at - this.lastAt <= this.gapMs && !text.includes('\n')) root = this.root[this.count - 1]!;
    else {
      root = index;
      // a multi-line episode (a whole session or document) is what later turns are looked up in;
      // a single turn opening a session is not a container (a repeated line is not a part of it)
      const whole = text.includes('\n');
      this.container = whole ? index : -1;
      this.containerText = whole ? text : '';
      if (whole) this.whole[index] = 1;
    }
    this.place(index, root, at);
    this.lastGiven = false;
    this.total(index, root, at, tokens, recordedAt);
  }

  private growTo(cap: number): void {
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(a: T, fill: number): T => {
      const b = new (a.constructor as new (n: number) => T)(cap);
      b.set(a as never);
      if (fill !== 0) b.fill(fill, a.length);
      return b;
    };
    this.root = grown(this.root, 0);
    this.whole = grown(this.whole, 0);
    this.tokens = grown(this.tokens, 0);
    this.latestAt = grown(this.latestAt, -Infinity);
    this.latestRecorded = grown(this.latestRecorded, -Infinity);
  }

  /** A turn's share of its session's totals (see `tokens`). */
  private total(index: number, root: number, at: number, tokens: number | undefined, recordedAt: number | undefined): void {
    if (this.whole[index] === 1) return;
    this.tokens[root] = this.tokens[root]! + (tokens ?? 0);
    if (at > this.latestAt[root]!) this.latestAt[root] = at;
    if (at > this.latestTurnAt) this.latestTurnAt = at;
    // NaN: not known (no cut is at or after it, and no later turn's time replaces it)
    if (tokens === undefined || recordedAt === undefined) this.latestRecorded[root] = this.latestTurnRecorded = NaN;
    else {
      if (recordedAt > this.latestRecorded[root]!) this.latestRecorded[root] = recordedAt;
      if (recordedAt > this.latestTurnRecorded) this.latestTurnRecorded = recordedAt;
    }
  }

  /** The latest time and record time of any turn (whole-session episodes left out; NaN: a turn's not known). */
  private latestTurnAt = -Infinity;
  private latestTurnRecorded = -Infinity;

  /** The latest time and record time of any episode (NaN: one came without its record time). */
  private latestAnyAt = -Infinity;
  private latestAnyRecorded = -Infinity;

  /** Whether every episode is visible at the cut (recorded by `knownAt`, said by `validAt`). */
  allVisible(validAt: number, knownAt: number): boolean {
    return this.latestAnyRecorded <= knownAt && this.latestAnyAt <= validAt;
  }

  /** Whether every turn (every episode but whole-session ones) is visible at the cut, its session's totals known. */
  turnsVisible(validAt: number, knownAt: number): boolean {
    return this.latestTurnRecorded <= knownAt && this.latestTurnAt <= validAt;
  }

  /**
   * The token count of a session's turns when every one is visible at the cut (recorded by `knownAt`, said
   * by `validAt`), else -1 (some turn is not, or the session's totals are not known).
   */
  tokensIfVisible(root: number, validAt: number, knownAt: number): number {
    return this.latestRecorded[root]! <= knownAt && this.latestAt[root]! <= validAt ? this.tokens[root]! : -1;
  }

  private place(index: number, root: number, at: number): void {
    this.root[index] = root;
    let m = this.members.get(root);
    if (m === undefined) this.members.set(root, (m = []));
    m.push(index);
    this.count++;
    if (at > this.lastAt || !Number.isFinite(this.lastAt)) this.lastAt = at;
  }

  /** How many sessions there are (given or inferred). */
  get sessionCount(): number {
    return this.members.size;
  }

  /** @internal Episode → its session's root, for loops over many episodes (valid below `size`; replaced as it grows). */
  get roots(): Int32Array {
    return this.root;
  }

  /** @internal Episode → 1 when it is a whole session's text (`isWhole`), for loops over many episodes. */
  get wholes(): Uint8Array {
    return this.whole;
  }

  sessionOf(index: number): number {
    return this.root[index]!;
  }

  /** Whether the episode is a whole session's text (its session's document), not a turn. */
  isWhole(index: number): boolean {
    return this.whole[index] === 1;
  }

  membersOf(root: number): readonly number[] {
    return this.members.get(root) ?? [];
  }
}
