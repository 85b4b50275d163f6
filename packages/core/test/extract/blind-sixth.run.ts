// Runs the sixth blind suite: each conversation fed turn by turn (record clock at each turn's date), each
// check one facts() read. A conversation with `speaker: null` gives no speaker (the memory's default 'user').
import { MemoryGraph, ingestEpisode } from '../../src/index.js';
import { day } from './turn-by-turn.js';
import { SIXTH, type SixthCheck, type SixthConversation } from './blind-sixth.data.js';

/** Names compared as a reader would: case, a leading article or possessive, and spaces ignored. */
const norm = (name: string): string =>
  name.toLowerCase().replace(/^(?:a|an|the|my|our)\s+/, '').replace(/\s+/g, ' ').trim();

function listen(conv: SixthConversation): MemoryGraph {
  let now = day(conv.turns[0]![0]);
  const mem = new MemoryGraph({ now: () => now });
  conv.turns.forEach(([date, text], i) => {
    now = day(date);
    ingestEpisode(mem, { id: `t${i}`, text, at: now, ...(conv.speaker === null ? {} : { speaker: 'Maya' }) });
  });
  return mem;
}

function objectsAt(mem: MemoryGraph, conv: SixthConversation, check: SixthCheck): string[] {
  const knownAt = day(check.after === 'end' ? conv.turns[conv.turns.length - 1]![0] : conv.turns[check.after]![0]);
  const subject = check.subject ?? (conv.speaker === null ? 'user' : 'Maya');
  if (mem.getEntity(subject) === undefined) return []; // a subject the memory never heard of holds nothing
  return mem
    .facts({ subject, predicate: check.predicate, validAt: day(check.validAt), knownAt })
    .map((f) => ('name' in f.object ? norm(f.object.name) : norm(String(f.object.value))));
}

export interface SixthResult { conversation: string; category: string; index: number; ok: boolean; got: string[]; earlier: boolean }

/** Whether the read matches: the exact set for `is`, inclusion and exclusion for `has`/`lacks`. */
export function judge(check: SixthCheck, got: string[]): boolean {
  const set = new Set(got);
  if (check.is) {
    const want = new Set(check.is.map(norm));
    if (want.size !== set.size || got.length !== set.size || [...want].some((w) => !set.has(w))) return false;
  }
  if (check.has?.some((h) => !set.has(norm(h)))) return false;
  if (check.lacks?.some((l) => set.has(norm(l)))) return false;
  return true;
}

export function runSixth(conversations: readonly SixthConversation[] = SIXTH): SixthResult[] {
  const results: SixthResult[] = [];
  for (const conv of conversations) {
    const mem = listen(conv);
    conv.checks.forEach((check, index) => {
      const got = objectsAt(mem, conv, check);
      const earlier = check.after !== 'end' && check.after !== conv.turns.length - 1;
      results.push({ conversation: conv.name, category: conv.category, index, ok: judge(check, got), got, earlier });
    });
  }
  return results;
}
