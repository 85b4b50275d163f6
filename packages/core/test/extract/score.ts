import { MemoryGraph, ingestEpisode } from '../../src/index.js';
import type { Check, Conversation } from './conversations.data.js';

/** A day 'YYYY-MM-DD' is noon UTC of that day. */
export const noon = (day: string): number => Date.parse(`${day}T12:00:00Z`);

export interface CheckResult {
  conversation: string;
  category: string;
  check: Check;
  got: string[];
  right: boolean;
}

const objectName = (o: { name: string } | { value: unknown }): string => ('name' in o ? o.name : String(o.value)).toLowerCase();

/** Builds the conversation's memory turn by turn (record clock at each turn's time), then reads every check. */
export function scoreConversation(c: Conversation): CheckResult[] {
  let clock = noon(c.turns[0]!.at);
  const mem = new MemoryGraph({ now: () => clock });
  c.turns.forEach((t, i) => {
    clock = noon(t.at);
    const speaker = t.speaker === undefined ? c.speaker : t.speaker;
    ingestEpisode(mem, { id: `t${i}`, text: t.text, at: clock, ...(speaker === null ? {} : { speaker }) });
  });
  return c.checks.map((check) => {
    const [subject, predicate, validAt, knownAt, want] = check;
    const known = mem.getEntity(subject) !== undefined;
    const got = known ? mem.facts({ subject, predicate, validAt: noon(validAt), knownAt: noon(knownAt) }).map((f) => objectName(f.object)) : [];
    const a = [...new Set(got)].sort();
    const b = want.map((w) => w.toLowerCase()).sort();
    return { conversation: c.name, category: c.category, check, got: a, right: a.length === got.length && a.join('|') === b.join('|') };
  });
}

/** Per category and overall: checks exactly right / total. */
export function summarise(results: ReadonlyArray<Pick<CheckResult, 'category' | 'right'>>): { total: [number, number]; byCategory: Map<string, [number, number]> } {
  const byCategory = new Map<string, [number, number]>();
  for (const r of results) {
    const cell = byCategory.get(r.category) ?? [0, 0];
    cell[0] += r.right ? 1 : 0;
    cell[1] += 1;
    byCategory.set(r.category, cell);
  }
  return { total: [results.filter((r) => r.right).length, results.length], byCategory };
}
