import { InvalidArgumentError } from '../errors.js';
import { isoMinute } from '../util/time.js';
import { isAsciiSpace, isAsciiWordChar, textCounts, textPrefixCounts, tokensFromCounts, type TextCounts } from './text.js';

export interface PackFact {
  /** The fact already rendered as one line of text (the caller knows its dates and names). */
  text: string;
  score: number;
  /** Ids of the episodes it came from; they are packed right after the facts. */
  evidence?: readonly string[];
}

export interface PackEpisode {
  id: string;
  text: string;
  at: number;
  score: number;
}

export interface PackInput {
  facts: readonly PackFact[];
  episodes: readonly PackEpisode[];
  /** Upper bound on `estimateTokens(text)`; Infinity packs everything. */
  tokenBudget: number;
}

export interface PackedContext {
  text: string;
  /** `estimateTokens(text)`, never above the budget. */
  tokens: number;
  factCount: number;
  episodeCount: number;
}

export const PACK_HEADERS = { facts: 'Facts:', episodes: 'Episodes:' };
// an episode is cut (with an ellipsis) only if at least this many tokens of room remain
const MIN_TRUNCATED_TOKENS = 12;

const SPACE = /^\s$/u;

/** Whether the UTF-16 unit at `i` is whitespace as `\s` sees it (a char-code test for ASCII). */
function isSpaceAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return isAsciiSpace(c);
  return SPACE.test(s[i]!); // every \s character is one UTF-16 unit
}

/**
 * One line per item: newlines and runs of spaces collapse, so the packed text stays line-oriented.
 * `s.replace(/\s+/g, ' ').trim()` by a char-code scan that copies the text between whitespace runs
 * (a session's text is mostly single spaces, which are kept as they are).
 */
export function oneLine(s: string): string {
  let out = '';
  let from = 0; // start of the text not yet copied
  let i = 0;
  const n = s.length;
  while (i < n && isSpaceAt(s, i)) i++;
  from = i;
  while (i < n) {
    if (!isSpaceAt(s, i)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && isSpaceAt(s, j)) j++;
    if (j === n) break; // a trailing run is trimmed
    if (j === i + 1 && s.charCodeAt(i) === 32) {
      i = j; // a single space stays in the uncopied text
      continue;
    }
    out += s.slice(from, i) + ' ';
    from = j;
    i = j;
  }
  return out + s.slice(from, i);
}

/**
 * The first characters of `oneLine(s)`, at least `n` of them (all of it when it is shorter): collapsing a
 * prefix gives the same characters as collapsing the whole, except for a whitespace run cut at its end.
 */
function collapsedPrefix(s: string, n: number): string {
  for (let len = n; ; len *= 2) {
    if (len >= s.length) return oneLine(s);
    const c = oneLine(s.slice(0, len));
    if (c.length >= n) return c;
  }
}

/** What an episode's line starts with, before its text: "[2023-05-08T13:56Z id] " (minute precision is enough for conversation turns and saves tokens). */
function episodeLead(e: PackEpisode): string {
  const minute = isoMinute(e.at);
  return `[${minute === undefined ? '?' : minute + 'Z'} ${oneLine(e.id)}] `;
}

/**
 * The longest `n` such that `body.slice(0, n)` put between an episode's lead and its "…" keeps the estimate
 * within `budget`, or -1 when a non-ASCII char comes first (the caller then searches with `textCounts`). `bare` is
 * the running total with the lead and "…" alone: the lead ends in a space and "…" is a piece of its own, so
 * a prefix adds exactly its own counts — its length in chars, its piece starts in pieces, no dense chars
 * (ASCII). One pass over the body instead of a full count of the line at every step of a binary search.
 */
function longestAsciiPrefix(body: string, bare: TextCounts, budget: number): number {
  let pieces = 0;
  let inRun = false;
  let best = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c >= 128) return -1;
    // the same piece rule as textCounts' ASCII branch: a run of letters and digits, or any other non-space
    if (isAsciiWordChar(c)) {
      if (!inRun) pieces++;
      inRun = true;
    } else {
      inRun = false;
      if (!isAsciiSpace(c)) pieces++;
    }
    // prefix i + 1; the estimate never falls as the prefix grows, so the first one over the budget ends it
    if (tokensFromCounts({ chars: bare.chars + i + 1, pieces: bare.pieces + pieces, dense: bare.dense }) > budget) return best;
    best = i + 1;
  }
  return best;
}

// longestPrefixBySearch's scratch: the counts of every prefix of the body
let prefixPieces = new Uint32Array(0);
let prefixDense = new Uint32Array(0);

/**
 * The longest prefix of a body with non-ASCII text that fits (see longestAsciiPrefix: `bare` is the running
 * total with the lead and "…" alone, and a prefix adds exactly its own counts): a binary search over the
 * prefix length — the estimate only grows with the prefix — whose steps read the prefix counts made in one
 * pass (textPrefixCounts) instead of counting the whole line again at each.
 */
export function longestPrefixBySearch(body: string, bare: TextCounts, budget: number): number {
  if (prefixPieces.length <= body.length) {
    prefixPieces = new Uint32Array(body.length + 1);
    prefixDense = new Uint32Array(body.length + 1);
  }
  const pieces = prefixPieces;
  const dense = prefixDense;
  textPrefixCounts(body, pieces, dense);
  let lo = 0;
  let hi = body.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tokensFromCounts({ chars: bare.chars + mid, pieces: bare.pieces + pieces[mid]!, dense: bare.dense + dense[mid]! }) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Packs recall results into a context for an LLM under a token budget (measured with `estimateTokens`):
 * facts best first, then the episodes the packed facts cite (in fact order), then the other episodes best
 * first. Items that do not fit are skipped so smaller later ones can still use the room; an episode may be
 * cut at a word boundary (ending in "…") when enough room is left. Section headers count against the
 * budget and appear only above a non-empty section.
 */
export function packContext(input: PackInput): PackedContext {
  if (input === null || typeof input !== 'object') throw new InvalidArgumentError('packContext: input must be an object');
  const { facts, episodes, tokenBudget } = input;
  if (!Array.isArray(facts) || !Array.isArray(episodes)) throw new InvalidArgumentError('packContext: facts and episodes must be arrays');
  if (typeof tokenBudget !== 'number' || Number.isNaN(tokenBudget) || tokenBudget < 0 || (tokenBudget !== Infinity && !Number.isInteger(tokenBudget))) {
    throw new InvalidArgumentError(`packContext: tokenBudget (${tokenBudget}) must be a non-negative integer or Infinity`);
  }
  facts.forEach((f, i) => {
    if (typeof f?.text !== 'string' || typeof f.score !== 'number' || Number.isNaN(f.score)) throw new InvalidArgumentError(`packContext: facts[${i}] needs text and a numeric score`);
  });
  episodes.forEach((e, i) => {
    if (typeof e?.id !== 'string' || typeof e.text !== 'string' || typeof e.at !== 'number' || typeof e.score !== 'number' || Number.isNaN(e.score)) {
      throw new InvalidArgumentError(`packContext: episodes[${i}] needs id, text, at and a numeric score`);
    }
  });

  const lines: string[] = [];
  const total: TextCounts = { chars: 0, pieces: 0, dense: 0 };
  const withLines = (extra: string[]): TextCounts => {
    const c = { ...total };
    for (const l of extra) {
      const x = textCounts(l);
      // a newline joins each line to the previous one: one more char, no pieces
      c.chars += x.chars + (c.chars > 0 || lines.length > 0 ? 1 : 0);
      c.pieces += x.pieces;
      c.dense += x.dense;
    }
    return c;
  };
  const tryAdd = (extra: string[]): boolean => {
    // the estimate is at least chars / 4: lines that long are refused without counting their pieces
    // (an episode's text read up to 4 chars per token of room, longer than the room, never fits)
    let chars = total.chars;
    for (const l of extra) chars += l.length + (chars > 0 || lines.length > 0 ? 1 : 0);
    if (Math.ceil(chars / 4) > tokenBudget) return false;
    const c = withLines(extra);
    if (tokensFromCounts(c) > tokenBudget) return false;
    lines.push(...extra);
    Object.assign(total, c);
    return true;
  };

  const order = (a: { score: number }, ai: number, b: { score: number }, bi: number): number => b.score - a.score || ai - bi;
  const factOrder = facts.map((_, i) => i).sort((a, b) => order(facts[a]!, a, facts[b]!, b));
  let factCount = 0;
  const cited: string[] = [];
  for (const i of factOrder) {
    const f = facts[i]!;
    const line = `- ${oneLine(f.text)}`;
    if (tryAdd(factCount === 0 ? [PACK_HEADERS.facts, line] : [line])) {
      factCount++;
      for (const id of f.evidence ?? []) cited.push(id);
    }
  }

  const byId = new Map<string, number>();
  episodes.forEach((e, i) => {
    if (!byId.has(e.id)) byId.set(e.id, i);
  });
  const episodeOrder: number[] = [];
  const queued = new Set<number>();
  for (const id of cited) {
    const i = byId.get(id);
    if (i !== undefined && !queued.has(i)) {
      queued.add(i);
      episodeOrder.push(i);
    }
  }
  const rest = episodes.map((_, i) => i).filter((i) => !queued.has(i) && byId.get(episodes[i]!.id) === i);
  rest.sort((a, b) => order(episodes[a]!, a, episodes[b]!, b));
  episodeOrder.push(...rest);

  let episodeCount = 0;
  for (const i of episodeOrder) {
    const e = episodes[i]!;
    // A line of more than 4 characters per token of room left cannot fit (the estimate is at least
    // chars / 4), so only a prefix that long is ever read: a whole session's text is not scanned to add "…".
    const room = tokenBudget - tokensFromCounts(total);
    const body = room === Infinity ? oneLine(e.text) : collapsedPrefix(e.text, 4 * room + 16);
    const head = episodeCount === 0 ? [PACK_HEADERS.episodes] : [];
    // made once per episode, not at each step of the search for a prefix below (a date's ISO text is not cheap)
    const lead = episodeLead(e);
    if (tryAdd([...head, lead + body])) {
      episodeCount++;
      continue;
    }
    const bare = withLines([...head, lead + '…']);
    if (tokenBudget - tokensFromCounts(bare) < MIN_TRUNCATED_TOKENS) continue;
    let lo = longestAsciiPrefix(body, bare, tokenBudget);
    if (lo < 0) lo = longestPrefixBySearch(body, bare, tokenBudget);
    if (lo > 0 && /[\uD800-\uDBFF]/.test(body[lo - 1]!)) lo--; // never split a surrogate pair
    const cut = body.lastIndexOf(' ', lo);
    const prefix = (cut > 0 ? body.slice(0, cut) : body.slice(0, lo)).trimEnd();
    if (prefix.length > 0 && tryAdd([...head, lead + prefix + '…'])) episodeCount++;
  }

  const text = lines.join('\n');
  return { text, tokens: tokensFromCounts(total), factCount, episodeCount };
}
