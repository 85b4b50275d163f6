/**
 * The newer of two conflicting pieces of evidence first, marked current. Two episodes said at different
 * times are read as two versions of one answer when they match the question with mostly the same words
 * (at least two of its terms in common, and half of the terms either matched): "I was pre-approved for
 * $350,000 by Wells Fargo" and, later, "Wells Fargo pre-approved me for $400,000" for "What amount was I
 * pre-approved for by Wells Fargo?". The later one takes the place of the best-ranked of them and says
 * "(current)"; the others follow it, newest first. Episodes that match nothing alike keep their order.
 */
import type { PackEpisode } from '../pack.js';
import { tokenize } from '../text.js';

/** Marks the text of the newest episode of a conflicting group. */
export const CURRENT_MARK = '(current) ';

/** The episodes in the order they should be packed, the newest of each conflicting group marked. */
export function currentFirst(question: string, episodes: readonly PackEpisode[]): PackEpisode[] {
  const asked = new Set(tokenize(question));
  const matched = episodes.map((e) => (e.score > 0 ? new Set(tokenize(e.text).filter((t) => asked.has(t))) : new Set<string>()));
  const conflict = (a: number, b: number): boolean => {
    if (episodes[a]!.at === episodes[b]!.at) return false;
    let both = 0;
    for (const t of matched[a]!) if (matched[b]!.has(t)) both++;
    const either = matched[a]!.size + matched[b]!.size - both;
    return both >= 2 && both * 2 >= either;
  };
  // each episode joins the group of the first better-ranked episode it conflicts with
  const groupOf = episodes.map((_, i) => i);
  for (let i = 0; i < episodes.length; i++) {
    for (let j = 0; j < i; j++) {
      if (groupOf[j] === j && conflict(j, i)) {
        groupOf[i] = j;
        break;
      }
    }
  }
  const out: PackEpisode[] = [];
  for (let g = 0; g < episodes.length; g++) {
    if (groupOf[g] !== g) continue;
    const members = episodes.map((_, i) => i).filter((i) => groupOf[i] === g);
    if (members.length === 1) {
      out.push(episodes[g]!);
      continue;
    }
    members.sort((a, b) => episodes[b]!.at - episodes[a]!.at || a - b);
    members.forEach((i, n) => out.push(n === 0 ? { ...episodes[i]!, text: CURRENT_MARK + episodes[i]!.text } : episodes[i]!));
  }
  return out;
}
