// Runs the fifth blind suite's checks: each conversation fed turn by turn, each check one facts() read.
import type { MemoryGraph } from '../../src/index.js';
import { conversation, day } from './turn-by-turn.js';
import { FIFTH, type FifthCheck, type FifthConversation } from './blind-fifth.data.js';
import { FIFTH_PROBES } from './blind-fifth-probes.data.js';

/** Names compared as a reader would: case, a leading article or possessive, and spaces ignored. */
const norm = (name: string): string =>
  name.toLowerCase().replace(/^(?:a|an|the|my|our)\s+/, '').replace(/\s+/g, ' ').trim();

function objectsAt(mem: MemoryGraph, conv: FifthConversation, check: FifthCheck): string[] {
  const knownAt = day(check.after === 'end' ? conv.turns[conv.turns.length - 1]![0] : conv.turns[check.after]![0]);
  let facts;
  try {
    facts = mem.facts({ subject: check.subject ?? 'Maya', predicate: check.predicate, validAt: day(check.validAt), knownAt });
  } catch {
    return []; // a subject the memory never heard of holds nothing
  }
  return facts.map((f) => ('name' in f.object ? norm(f.object.name) : norm(String(f.object.value))));
}

export interface CheckResult { conversation: string; category: string; index: number; ok: boolean; got: string[] }

/** Whether the read matches: the exact set for `is`, inclusion and exclusion for `has`/`lacks`. */
export function judge(check: FifthCheck, got: string[]): boolean {
  const set = new Set(got);
  if (check.is) {
    const want = new Set(check.is.map(norm));
    if (want.size !== set.size || [...want].some((w) => !set.has(w))) return false;
  }
  if (check.has?.some((h) => !set.has(norm(h)))) return false;
  if (check.lacks?.some((l) => set.has(norm(l)))) return false;
  return true;
}

export function runFifth(): CheckResult[] {
  const results: CheckResult[] = [];
  for (const conv of FIFTH) {
    const mem = conversation(conv.turns);
    conv.checks.forEach((check, index) => {
      const got = objectsAt(mem, conv, check);
      results.push({ conversation: conv.name, category: conv.category, index, ok: judge(check, got), got });
    });
  }
  return results;
}

/** The probes written after reading the extractor, each one read after its last turn. */
export function runProbes(): CheckResult[] {
  return FIFTH_PROBES.map((probe, index) => {
    const conv: FifthConversation = { name: `probe ${index}`, category: 'jobs', turns: probe.turns, checks: [probe.check] };
    const got = objectsAt(conversation(probe.turns), conv, probe.check);
    return { conversation: probe.turns.map((t) => t[1]).join(' | '), category: 'probe', index, ok: judge(probe.check, got), got };
  });
}
