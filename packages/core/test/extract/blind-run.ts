// Runs a blind suite (the fifth, the sixth): each conversation fed turn by turn (record clock at each turn's
// date), each check one facts() read. A conversation with `speaker: null` gives no speaker (the memory's
// default 'user').
import type { MemoryGraph } from '../../src/index.js';
import { conversation, day } from './turn-by-turn.js';

/** One read: the speaker's (or `subject`'s) objects of `predicate` at `validAt`, as known after turn `after`. */
export interface BlindCheck {
  subject?: string;
  predicate: 'lives_in' | 'works_at' | 'has';
  validAt: string;
  after: number | 'end';
  is?: string[];
  has?: string[];
  lacks?: string[];
}

export interface BlindConversation {
  name: string;
  category: string;
  speaker?: null;
  turns: Array<[string, string]>;
  checks: BlindCheck[];
}

export interface BlindResult { conversation: string; category: string; index: number; ok: boolean; got: string[]; earlier: boolean }

/** Names compared as a reader would: case, a leading article or possessive, and spaces ignored. */
const norm = (name: string): string =>
  name.toLowerCase().replace(/^(?:a|an|the|my|our)\s+/, '').replace(/\s+/g, ' ').trim();

function objectsAt(mem: MemoryGraph, conv: BlindConversation, check: BlindCheck): string[] {
  const knownAt = day(check.after === 'end' ? conv.turns[conv.turns.length - 1]![0] : conv.turns[check.after]![0]);
  const subject = check.subject ?? (conv.speaker === null ? 'user' : 'Maya');
  if (mem.getEntity(subject) === undefined) return []; // a subject the memory never heard of holds nothing
  return mem
    .facts({ subject, predicate: check.predicate, validAt: day(check.validAt), knownAt })
    .map((f) => ('name' in f.object ? norm(f.object.name) : norm(String(f.object.value))));
}

/** Whether the read matches: the exact set (each object once) for `is`, inclusion and exclusion for `has`/`lacks`. */
export function judge(check: BlindCheck, got: string[]): boolean {
  const set = new Set(got);
  if (check.is) {
    const want = new Set(check.is.map(norm));
    if (want.size !== set.size || got.length !== set.size || [...want].some((w) => !set.has(w))) return false;
  }
  if (check.has?.some((h) => !set.has(norm(h)))) return false;
  if (check.lacks?.some((l) => set.has(norm(l)))) return false;
  return true;
}

/** Every check of every conversation; `earlier` marks a read before the conversation's last turn. */
export function runBlind(conversations: readonly BlindConversation[]): BlindResult[] {
  const results: BlindResult[] = [];
  for (const conv of conversations) {
    const mem = conversation(conv.turns, conv.speaker === null ? null : 'Maya');
    conv.checks.forEach((check, index) => {
      const got = objectsAt(mem, conv, check);
      const earlier = check.after !== 'end' && check.after !== conv.turns.length - 1;
      results.push({ conversation: conv.name, category: conv.category, index, ok: judge(check, got), got, earlier });
    });
  }
  return results;
}

/** Probes written after reading the extractor ([date, text] turns and one check), each read after its last turn. */
export function runProbes(probes: ReadonlyArray<{ turns: Array<[string, string]>; check: BlindCheck }>): BlindResult[] {
  return probes.map((probe, index) => {
    const conv: BlindConversation = { name: `probe ${index}`, category: 'probe', turns: probe.turns, checks: [probe.check] };
    const got = objectsAt(conversation(probe.turns), conv, probe.check);
    return { conversation: probe.turns.map((t) => t[1]).join(' | '), category: 'probe', index, ok: judge(probe.check, got), got, earlier: false };
  });
}
