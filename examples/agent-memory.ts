/**
 * An agent's memory of one user over four weeks of chat, with a correction, then the three questions a
 * bi-temporal memory answers and a plain key-value memory cannot:
 *   1. What do you know now?
 *   2. What did you believe then?  (and: what was actually true then, as you know now)
 *   3. What changed since last week?
 * and finally the memory saved to a snapshot file and loaded back.
 *
 * Run it: `npx tsc -b examples && node examples/dist/agent-memory.js` (see examples/README.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MemoryGraph } from '@palimpsest/core';
import type { AssertInput, Fact } from '@palimpsest/core';
import { loadSnapshot, saveSnapshot } from '@palimpsest/persist/node';

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string): number => Date.parse(`${iso}T12:00:00Z`);
const date = (ms: number): string => (ms === Infinity ? '…' : new Date(ms).toISOString().slice(0, 10));

/** One chat turn: what the user said, and what the agent's extractor made of it. */
interface Turn {
  at: string;
  said: string;
  facts: Array<Omit<AssertInput, 'subject' | 'episode' | 'evidence'>>;
}

// The scripted conversation. `validFrom` is when a fact became true in the user's life; the turn's own
// time is when the agent learned it (record time). They differ, and that is the point.
export const CONVERSATION: Turn[] = [
  {
    at: '2025-06-02',
    said: "Hi! I'm Sam. I live in Lisbon and I work at Acme as a product designer.",
    facts: [
      { predicate: 'lives_in', object: 'Lisbon', validFrom: '2021-09-01' },
      { predicate: 'works_at', object: 'Acme', validFrom: '2023-02-01' },
      { predicate: 'role', object: { value: 'product designer' }, validFrom: '2023-02-01' },
    ],
  },
  {
    at: '2025-06-09',
    said: 'We adopted a dog last weekend, his name is Rex. My sister Ana says hi.',
    facts: [
      { predicate: 'dog_name', object: { value: 'Rex' }, validFrom: '2025-06-07' },
      { predicate: 'sibling', object: 'Ana' },
    ],
  },
  {
    at: '2025-06-16',
    said: 'Big news I forgot to mention: I left Acme, I have been at Globex since June 1.',
    facts: [{ predicate: 'works_at', object: 'Globex', validFrom: '2025-06-01' }],
  },
  {
    at: '2025-06-23',
    said: 'Sorry, I misspoke about the dog: his name is Rey, not Rex. Also, we moved to Porto on the 20th.',
    facts: [
      // A correction: the name was always Rey. Same valid start; the memory keeps that it once believed Rex.
      { predicate: 'dog_name', object: { value: 'Rey' }, validFrom: '2025-06-07', reason: 'user corrected the name' },
      { predicate: 'lives_in', object: 'Porto', validFrom: '2025-06-20' },
    ],
  },
];

/** Builds the memory from the conversation, on a clock that follows the turns. */
export function remember(): { mem: MemoryGraph; now: number } {
  let clock = at(CONVERSATION[0]!.at);
  const mem = new MemoryGraph({
    now: () => clock,
    // A person lives in one place, works at one company, has one role; a dog has one name.
    predicates: {
      lives_in: { cardinality: 'one' },
      works_at: { cardinality: 'one' },
      role: { cardinality: 'one' },
      dog_name: { cardinality: 'one' },
    },
  });
  mem.entity({ name: 'Sam', type: 'person' });
  const known = new Set(['Sam']);
  for (const [i, turn] of CONVERSATION.entries()) {
    clock = at(turn.at);
    const episode = `turn-${i + 1}`;
    mem.episode({ id: episode, text: turn.said, at: clock, speaker: 'Sam', entities: ['Sam'] });
    for (const fact of turn.facts) {
      if (typeof fact.object === 'string' && !known.has(fact.object)) {
        mem.entity({ name: fact.object });
        known.add(fact.object);
      }
      mem.assert({ ...fact, subject: 'Sam', episode, evidence: [episode], source: 'chat' });
    }
  }
  clock += DAY; // "now" is the day after the last turn
  return { mem, now: clock };
}

const show = (f: Fact): string => `${f.predicate} = ${'value' in f.object ? f.object.value : f.object.name}`;
const line = (f: Fact): string => `${show(f)}  (valid ${date(f.validFrom)} → ${date(f.validTo)}, learned ${date(f.recordedAt)})`;

export interface Answers {
  knowNow: string[];
  believedThen: string[];
  trueThenAsKnownNow: string[];
  changedSinceLastWeek: { added: string[]; removed: string[] };
  snapshot: { bytes: number; sameAnswers: boolean; knowNow: string[] };
}

/** Runs the example; returns the answers (the test checks them) and prints them through `print`. */
export async function main(print: (text: string) => void = console.log): Promise<Answers> {
  const { mem, now } = remember();
  const then = at('2025-06-10');

  const knowNow = mem.facts({ subject: 'Sam' }).map(show).sort();
  const believedThen = mem.facts({ subject: 'Sam', validAt: then, knownAt: then }).map(show).sort();
  const trueThenAsKnownNow = mem.facts({ subject: 'Sam', validAt: then, knownAt: now }).map(show).sort();
  const changes = mem.changes({ since: now - 7 * DAY, until: now });
  const changedSinceLastWeek = { added: changes.added.map(line).sort(), removed: changes.removed.map(line).sort() };

  // Save to a file and load it back: the loaded memory must answer exactly as the original.
  const dir = mkdtempSync(join(tmpdir(), 'palimpsest-example-'));
  let snapshot: Answers['snapshot'];
  try {
    const file = join(dir, 'sam.plmp');
    const bytes = await saveSnapshot(file, mem);
    // The loaded memory gets the same clock, so its default cut ("now") is the same too.
    const loaded = await loadSnapshot(file, { now: () => now });
    const again = loaded.facts({ subject: 'Sam' }).map(show).sort();
    const sameThen = loaded.facts({ subject: 'Sam', validAt: then, knownAt: then }).map(show).sort();
    snapshot = {
      bytes,
      sameAnswers: JSON.stringify([again, sameThen]) === JSON.stringify([knowNow, believedThen]),
      knowNow: again,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  print(`Conversation: ${CONVERSATION.length} turns, ${date(at(CONVERSATION[0]!.at))} to ${date(now - DAY)}; today is ${date(now)}.\n`);
  print('What do you know now?');
  for (const s of knowNow) print(`  ${s}`);
  print(`\nWhat did you believe on ${date(then)}?`);
  for (const s of believedThen) print(`  ${s}`);
  print(`\nWhat was actually true on ${date(then)}, as you know now?`);
  for (const s of trueThenAsKnownNow) print(`  ${s}`);
  print(`\nWhat changed since last week (${date(now - 7 * DAY)})?`);
  for (const s of changedSinceLastWeek.added) print(`  + ${s}`);
  for (const s of changedSinceLastWeek.removed) print(`  - ${s}`);
  print(`\nSaved a ${snapshot.bytes}-byte snapshot and loaded it back: ${snapshot.sameAnswers ? 'same answers' : 'DIFFERENT answers'}.`);
  print('\nFull history of the dog name (nothing is overwritten):');
  for (const f of mem.history({ subject: 'Sam', predicate: 'dog_name' })) {
    const closed = f.invalidAt === Infinity ? 'still believed' : `stopped believing ${date(f.invalidAt)}`;
    print(`  ${line(f)}, ${closed}${f.reason ? `: ${f.reason}` : ''}`);
  }
  return { knowNow, believedThen, trueThenAsKnownNow, changedSinceLastWeek, snapshot };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
