import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';

const at = Date.UTC(2023, 2, 1, 12);
// only the question's words and the turn's own speaker: no neighbours, sessions, feedback or vectors
const plain = { validAt: at + 60_000, knownAt: at + 60_000, k: 4, vectorWeight: 0, feedback: 0, diversity: 1, neighbour: 0, sessionWeight: 0, speakerNeighbour: 0, partWeight: 0, weights: { evidence: 0 } };

function chat(user: string, assistant: string): MemoryGraph {
  const mem = new MemoryGraph({ now: () => at + 60_000 });
  mem.episode({ id: 'u1', text: 'I took my road bike in for a service this week.', speaker: user, at });
  mem.episode({ id: 'a1', text: 'A bike service is a good habit: the shop checks the bike chain, the bike brakes and the bike tyres.', speaker: assistant, at: at + 1000 });
  mem.episode({ id: 'u2', text: 'Thanks! What should I cook tonight?', speaker: user, at: at + 2000 });
  mem.episode({ id: 'a2', text: 'A quick pasta with tomatoes and basil.', speaker: assistant, at: at + 3000 });
  return mem;
}

const ids = (mem: MemoryGraph, q: string, o: object = {}): string[] => mem.recall(q, { ...plain, ...o }).episodes.map((e) => e.id);
/** How many times `a` outscores `b`. */
const ratio = (mem: MemoryGraph, q: string, a: string, b: string, o: object): number => score(mem, q, a, o) / score(mem, q, b, o);
const score = (mem: MemoryGraph, q: string, id: string, o: object = {}): number => mem.recall(q, { ...plain, ...o }).episodes.find((e) => e.id === id)!.score;

describe('askerLift', () => {
  it('lifts the user’s own turns for a question in the first person', () => {
    const mem = chat('user', 'assistant');
    const q = 'How many bikes did I service?';
    // the assistant's reply repeats "bike" and wins on words alone
    expect(ids(mem, q, { askerLift: 0 })[0]).toBe('a1');
    expect(ids(mem, q, { askerLift: 2 })[0]).toBe('u1');
    // scores are relative to the best turn: the user's turn gains 3× on the assistant's
    expect(ratio(mem, q, 'u1', 'a1', { askerLift: 2 }) / ratio(mem, q, 'u1', 'a1', { askerLift: 0 })).toBeCloseTo(3, 9);
  });

  it('lifts the assistant’s turns for a question about what “you” said', () => {
    const mem = chat('user', 'assistant');
    const q = 'Can you remind me what you said about the bike service?';
    expect(ratio(mem, q, 'a1', 'u1', { askerLift: 2 }) / ratio(mem, q, 'a1', 'u1', { askerLift: 0 })).toBeCloseTo(3, 9);
  });

  it('changes nothing for a question in the third person, or where no speaker is named "user"', () => {
    const third = chat('user', 'assistant');
    const q3 = 'How many bikes were serviced?';
    expect(third.recall(q3, { ...plain, askerLift: 2 }).episodes).toEqual(third.recall(q3, { ...plain, askerLift: 0 }).episodes);
    const named = chat('Maya', 'Tom');
    const q1 = 'How many bikes did I service?';
    expect(named.recall(q1, { ...plain, askerLift: 2 }).episodes).toEqual(named.recall(q1, { ...plain, askerLift: 0 }).episodes);
  });

  it('is on by default and refuses a bad value', () => {
    const mem = chat('user', 'assistant');
    const { askerLift: _, ...defaults } = { ...plain, askerLift: 0 };
    expect(ids(mem, 'How many bikes did I service?', defaults)[0]).toBe('u1');
    expect(() => mem.recall('bike', { askerLift: -1 })).toThrow(InvalidArgumentError);
    expect(() => mem.recall('bike', { askerLift: Number.NaN })).toThrow(/^MemoryGraph\.recall: askerLift/);
  });
});

describe('the speaker’s previous turn, by length', () => {
  it('is taken in full across a short reply and in part across a long one', () => {
    const lift = (reply: string): number => {
      const mem = new MemoryGraph({ now: () => at + 60_000 });
      const turns: Array<[string, string, string]> = [
        ['m1', 'Melanie', 'I took the kids to the museum.'],
        ['c1', 'Caroline', reply],
        ['m2', 'Melanie', 'They were stoked about the dinosaurs!'],
      ];
      turns.forEach(([id, speaker, text], i) => mem.episode({ id, text, speaker, at: at + i * 1000 }));
      const q = 'What happened at the museum?';
      return score(mem, q, 'm2', { sessionWeight: 2, speakerNeighbour: 1 }) - score(mem, q, 'm2', { sessionWeight: 2, speakerNeighbour: 0 });
    };
    const short = lift('How was it?');
    const long = lift(
      'Oh that sounds wonderful, I always loved taking trips like that when I was younger, my parents used to drive us ' +
        'out every summer holiday to see old castles, gardens, lakes, zoos, aquariums, planetariums and long sandy beaches ' +
        'with cold water, ice cream stands, fishing boats, lighthouses, seagulls and crowded parking lots everywhere. ' +
        'We never stayed anywhere longer than two nights, slept in tents or cheap motels, ate sandwiches in the car, ' +
        'sang along to old records and counted windmills, cows and church towers until everybody fell asleep.',
    );
    // m1 is the best turn: its normalised score is 1, taken in full across the short reply
    expect(short).toBeCloseTo(1, 9);
    expect(long).toBeGreaterThan(0);
    expect(long).toBeLessThan(0.5); // a reply of some 50 terms: the thread is broken
  });
});
