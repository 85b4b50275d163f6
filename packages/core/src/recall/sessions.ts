/**
 * Which session (conversation) each episode belongs to, decided once when the episode is indexed.
 *
 * Episodes carry no session field, so membership is read from what was written, in two rules:
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

  /** Assigns episode `index` (they come in order 0, 1, 2 …). */
  add(index: number, text: string, at: number): void {
    if (index !== this.count) throw new Error(`SessionMap.add: episode ${index} out of order (expected ${this.count})`);
    if (this.root.length <= index) {
      const next = new Int32Array(this.root.length * 2);
      next.set(this.root);
      this.root = next;
      const w = new Uint8Array(next.length);
      w.set(this.whole);
      this.whole = w;
    }
    let root: number;
    const inside = this.container >= 0 && at >= this.lastAt - this.gapMs && this.containerText.includes(text.trim());
    if (inside) root = this.root[this.container]!;
    else if (this.count > 0 && at >= this.lastAt && at - this.lastAt <= this.gapMs && !text.includes('\n')) root = this.root[this.count - 1]!;
    else {
      root = index;
      // a multi-line episode (a whole session or document) is what later turns are looked up in;
      // a single turn opening a session is not a container (a repeated line is not a part of it)
      const whole = text.includes('\n');
      this.container = whole ? index : -1;
      this.containerText = whole ? text : '';
      if (whole) this.whole[index] = 1;
    }
    this.root[index] = root;
    let m = this.members.get(root);
    if (m === undefined) this.members.set(root, (m = []));
    m.push(index);
    this.count++;
    if (at > this.lastAt || !Number.isFinite(this.lastAt)) this.lastAt = at;
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
