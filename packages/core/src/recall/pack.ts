import { InvalidArgumentError } from '../errors.js';
import { isoMinute } from '../util/time.js';
import { textCounts, textPrefixCounts, tokensFromCounts, type TextCounts } from './text.js';

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
  /** Episode ids packed before the others, in this order (the evidence of facts packed elsewhere). */
  cited?: readonly string[];
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

/** The counts "…" adds after a space: one char, a piece of its own. */
const ELLIPSIS: TextCounts = { chars: 1, pieces: 1, dense: 0 };

const plus = (a: TextCounts, b: TextCounts): TextCounts => ({ chars: a.chars + b.chars, pieces: a.pieces + b.pieces, dense: a.dense + b.dense });

/** The whitespace runs `oneLine` rewrites: two or more whitespace chars, or one that is not a plain space. */
const RUNS = /\s{2,}|[^\S ]/g;

/**
 * One line per item: newlines and runs of spaces collapse, so the packed text stays line-oriented.
 * `s.replace(/\s+/g, ' ').trim()`, with only the runs that change replaced: a session's text is mostly
 * single spaces, which stay as they are (the engine's own scan of the text, 3-4× faster than a char loop).
 */
export function oneLine(s: string): string {
  return s.trim().replace(RUNS, ' ');
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

// the counts of the prefixes of the body being cut (textPrefixCounts), reused from call to call
let prefixPieces = new Uint32Array(0);
let prefixDense = new Uint32Array(0);

/**
 * Counts the prefixes of `body` after a lead whose line holds `atLead`, as far as one could fit in `budget`
 * (prefixPieces/prefixDense[0 .. the returned length]): a longer prefix, with or without a "…" after it, is
 * over the budget (textPrefixCounts stops at the first prefix whose line would be).
 */
function countPrefixes(body: string, atLead: TextCounts, budget: number): number {
  if (prefixPieces.length <= body.length) {
    prefixPieces = new Uint32Array(body.length + 1);
    prefixDense = new Uint32Array(body.length + 1);
  }
  // the line's estimate is over an integer budget B once its chars exceed 4B, its pieces 3B/4 or its dense chars B
  return textPrefixCounts(body, prefixPieces, prefixDense, 4 * budget - atLead.chars, Math.floor((3 * budget) / 4) - atLead.pieces, budget - atLead.dense);
}

/** `at` and the counts of the body's first `m` chars: what a line gains from `body.slice(0, m)` after a lead that ends in a space. */
function withPrefix(at: TextCounts, m: number): TextCounts {
  return { chars: at.chars + m, pieces: at.pieces + prefixPieces[m]!, dense: at.dense + prefixDense[m]! };
}

/**
 * The longest `m` such that `body.slice(0, m)` between an episode's lead and its "…" keeps the estimate within
 * `budget`, from the prefixes `countPrefixes` counted (`counted` of them: the longer ones are over). `bare` is
 * the running total with the lead and "…" alone: the lead ends in a space and "…" is a piece of its own, so a
 * prefix adds exactly its own counts. A binary search: the estimate only grows with the prefix (it may fall
 * by one piece where a prefix stops inside a surrogate pair; the search is the one the packer always made
 * there, and on an ASCII prefix, where the estimate never falls, it finds the last prefix within the budget
 * as a scan would).
 */
function longestFittingPrefix(length: number, counted: number, bare: TextCounts, budget: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (mid <= counted && tokensFromCounts(withPrefix(bare, mid)) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** `longestFittingPrefix` of a body after a lead (`bare`: its line's counts with "…"), counting it first (for tests). */
export function longestPrefixBySearch(body: string, bare: TextCounts, budget: number): number {
  const counted = countPrefixes(body, plus(bare, { chars: -1, pieces: -1, dense: 0 }), budget);
  return longestFittingPrefix(body.length, counted, bare, budget);
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
  for (const id of [...(input.cited ?? []), ...cited]) {
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
    // made once per episode (a date's ISO text is not cheap); it ends in a space, so the body's counts add to its own
    const lead = episodeLead(e);
    const atLead = withLines([...head, lead]);
    // a body longer than 4 chars per token of room does not fit whole (the estimate is at least chars / 4);
    // one longer than the room in chars may not: its prefixes are counted at once, as far as one could fit,
    // one pass for the whole line and the cut alike (a short body is counted by textCounts, which stores nothing)
    const cannotFit = Math.ceil((atLead.chars + body.length) / 4) > tokenBudget;
    let counted = cannotFit || body.length > room ? countPrefixes(body, atLead, tokenBudget) : -1;
    if (!cannotFit && (counted < 0 || counted === body.length)) {
      const whole = counted >= 0 ? withPrefix(atLead, body.length) : plus(atLead, textCounts(body));
      if (tokensFromCounts(whole) <= tokenBudget) {
        lines.push(...head, lead + body);
        Object.assign(total, whole);
        episodeCount++;
        continue;
      }
    }
    const bare = plus(atLead, ELLIPSIS);
    if (tokenBudget - tokensFromCounts(bare) < MIN_TRUNCATED_TOKENS) continue;
    if (counted < 0) counted = countPrefixes(body, atLead, tokenBudget);
    let lo = longestFittingPrefix(body.length, counted, bare, tokenBudget);
    if (lo > 0 && /[\uD800-\uDBFF]/.test(body[lo - 1]!)) lo--; // never split a surrogate pair
    const cut = body.lastIndexOf(' ', lo);
    const prefix = (cut > 0 ? body.slice(0, cut) : body.slice(0, lo)).trimEnd();
    if (prefix.length === 0) continue;
    const line = withPrefix(bare, prefix.length); // the prefix is the body's first prefix.length chars
    if (tokensFromCounts(line) <= tokenBudget) {
      lines.push(...head, lead + prefix + '…');
      Object.assign(total, line);
      episodeCount++;
    }
  }

  const text = lines.join('\n');
  return { text, tokens: tokensFromCounts(total), factCount, episodeCount };
}
