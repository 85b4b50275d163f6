/**
 * Seeded suite through the API: many memories, each with a secret of every kind, each scope forgotten in
 * turn; the secret must be in no read at any cut, in no log record and in no exported state, and a replay
 * of the rewritten log must be the same memory.
 */
import { describe, expect, it } from 'vitest';
import { ingestEpisode, MemoryGraph } from '../src/index.js';
import { mulberry32 } from '../src/internal.js';
import type { ForgetScope } from '../src/index.js';
import { DAY, everyRead, everything, leaks, utf8 } from './forget-fixtures.js';

// PALIMPSEST_FORGET_MEMORIES=200 runs the full size of the leak goal (as the MCP and Worker suites do).
const MEMORIES = Number(process.env.PALIMPSEST_FORGET_MEMORIES ?? 50);
const PEOPLE = ['Maria', 'Tom', 'Alice', 'Bob', 'Priya', 'Kenji', 'Lena', 'Omar'];
const PLACES = ['Paris', 'Lyon', 'Berlin', 'Oslo', 'Lisbon', 'Kyoto'];
const THINGS = ['chess', 'tea', 'hiking', 'jazz', 'painting', 'tennis'];

/** A pronounceable word no ordinary sentence holds, e.g. "Zorvekul". */
function word(rand: () => number): string {
  const c = 'bdfgklmnprstvz';
  const v = 'aeiou';
  let w = '';
  for (let i = 0; i < 4; i++) w += c[Math.floor(rand() * c.length)]! + v[Math.floor(rand() * v.length)]!;
  return w[0]!.toUpperCase() + w.slice(1) + 'x';
}

interface Secrets {
  name: string;
  code: string;
  sourceValue: string;
  factValue: string;
}

/** A seeded memory: ordinary turns and facts, one secret episode, a secret entity, a secret source and fact. */
export function seededMemory(seed: number): { mem: MemoryGraph; secrets: Secrets; cuts: number[]; clock: { t: number } } {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const clock = { t: Date.UTC(2025, 0, 1) };
  const mem = new MemoryGraph({ now: () => clock.t, predicates: { lives_in: { cardinality: 'one' } } });
  const secrets: Secrets = { name: `${word(rand)} ${word(rand)}`, code: `code ${word(rand)}`, sourceValue: word(rand), factValue: word(rand) };
  const turns = 4 + Math.floor(rand() * 6);
  const secretAt = Math.floor(rand() * turns);
  const cuts: number[] = [];
  for (let i = 0; i < turns; i++) {
    clock.t += DAY;
    cuts.push(clock.t + 1);
    const text =
      i === secretAt
        ? `My neighbour ${secrets.name} gave me the ${secrets.code} for the safe.`
        : `${pick(PEOPLE)} lives in ${pick(PLACES)}. I like ${pick(THINGS)}.`;
    ingestEpisode(mem, { id: `t${i}`, text, at: clock.t, speaker: 'user' });
    if (i === secretAt) mem.assert({ subject: secrets.name, predicate: 'knows', object: pick(PEOPLE), evidence: [`t${i}`], episode: `t${i}` });
    if (rand() < 0.5) mem.assert({ subject: pick(PEOPLE), predicate: 'likes', object: pick(THINGS), evidence: [`t${i}`, `t${Math.max(0, i - 1)}`] });
  }
  clock.t += DAY;
  mem.assert({ subject: pick(PEOPLE), predicate: 'note', object: { value: secrets.sourceValue }, source: `import ${secrets.sourceValue}` });
  mem.assert({ subject: pick(PEOPLE), predicate: 'pin', object: { value: secrets.factValue } });
  cuts.push(clock.t + 1);
  clock.t += DAY;
  return { mem, secrets, cuts, clock };
}

const QUERIES = ['neighbour safe code', 'who lives in Paris'];

function scopes(mem: MemoryGraph, s: Secrets): Array<[ForgetScope, string[]]> {
  const episode = mem.log().find((op) => op.type === 'episode' && op.text.includes(s.name));
  const fact = mem.facts({ predicate: 'pin' })[0]!.id;
  return [
    [{ episode: (episode as { id: string }).id }, [s.code, s.name]],
    [{ entity: s.name }, [s.name, s.code]],
    [{ source: `import ${s.sourceValue}` }, [s.sourceValue]],
    [{ fact }, [s.factValue]],
  ];
}

/** Lets vitest's worker answer its RPC between memories (it times out after a minute of synchronous work). */
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('forget, seeded', () => {
  it(`${MEMORIES} memories × every scope: 0 leaks, and a replay of the rewritten log is the same memory`, async () => {
    let leaked = 0;
    for (let seed = 1; seed <= MEMORIES; seed++) {
      for (let k = 0; k < 4; k++) {
        const { mem, secrets, cuts, clock } = seededMemory(seed);
        const [scope, gone] = scopes(mem, secrets)[k]!;
        expect(gone.some((g) => leaks(utf8(everything(mem, cuts, QUERIES)), g))).toBe(true);
        mem.forget(scope, { reason: 'asked' });
        clock.t += DAY;
        const all = utf8(everything(mem, [...cuts, clock.t], QUERIES));
        for (const g of gone) if (leaks(all, g)) leaked++;
        if (k % 2 === seed % 2) {
          const again = MemoryGraph.replay(mem.log(), { now: () => clock.t });
          expect(everyRead(again, cuts, QUERIES)).toBe(everyRead(mem, cuts, QUERIES));
        }
      }
      await breathe();
    }
    expect(leaked).toBe(0);
  }, Math.max(120_000, MEMORIES * 2_000));
});
