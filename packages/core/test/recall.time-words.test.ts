import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { questionTerms, questionTime } from '../src/recall/time-words.js';
import { queryParts } from '../src/recall/query-parts.js';
import { tokenize } from '../src/recall/text.js';

const DAY = 86_400_000;
const friday = Date.UTC(2023, 4, 5, 16);

describe('a question’s time frame', () => {
  it('takes out the words that measure or order time and keeps the events', () => {
    const between = questionTime('How many days passed between the day I replaced my spark plugs and the day I went to the race?', friday);
    expect(tokenize(between.content)).toEqual(tokenize('replaced my spark plugs went to the race'));
    expect(between.frame.sort()).toEqual(['day', 'day', 'day', 'mani', 'pass'].sort());
    // the two events still split at their joint
    expect(queryParts(between.content).map(tokenize)).toEqual([['replac', 'spark', 'plug'], ['went', 'race']]);
    const first = questionTime("Which event happened first, my cousin's wedding or Michael's engagement party?", friday);
    expect(first.frame).toEqual(['event', 'happen', 'first']);
    expect(queryParts(first.content).map((p) => p.trim())).toEqual(["my cousin's wedding", "Michael's engagement party?"]);
    expect(questionTime('How many days ago did I run the 5K?', friday).frame).toEqual(['mani', 'day', 'ago']);
    expect(questionTime('What is the order of the three events: A, B and C?', friday).frame).toEqual(['order', 'three', 'event']);
  });

  it('takes out relative dates, not calendar ones', () => {
    const ago = questionTime('What gardening activity did I do two weeks ago?', friday);
    expect(ago.frame).toEqual(['two', 'week', 'ago']);
    expect(tokenize(ago.content)).toEqual(['garden', 'activ']);
    expect(questionTime('What did I buy last Saturday?', friday).frame).toEqual(['last', 'saturday']);
    expect(questionTime('Where did I go on May 8?', friday)).toEqual({ content: 'Where did I go on May 8?', frame: [] });
    // no time to resolve against: only the framing phrases
    expect(questionTime('What did I do two weeks ago?', Number.NaN).frame).toEqual([]);
    expect(questionTime('What is my favourite colour?', friday)).toEqual({ content: 'What is my favourite colour?', frame: [] });
  });

  it('weighs the frame’s terms by the weight, and keeps them whole when they are all the question has', () => {
    const q = questionTime('How many days ago did I run the 5K?', friday);
    expect([...questionTerms(q, 0.5)]).toEqual([['run', 1], ['5k', 1], ['mani', 0.5], ['day', 0.5], ['ago', 0.5]]);
    expect([...questionTerms(q, 0)]).toEqual([['run', 1], ['5k', 1]]);
    expect([...questionTerms(questionTime('What did I do two weeks ago?', friday), 0)]).toEqual([['two', 1], ['week', 1], ['ago', 1]]);
  });
});

describe('timeWordWeight in recall', () => {
  // sessions of a chat: each a whole-session episode and its turns
  function memory(): MemoryGraph {
    const mem = new MemoryGraph({ now: () => friday });
    const session = (id: string, day: number, turns: string[]): void => {
      const at = friday - day * DAY;
      mem.episode({ id, text: turns.map((t) => `user: ${t}`).join('\n'), at });
      turns.forEach((t, i) => mem.episode({ id: `${id}_${i + 1}`, text: t, speaker: 'user', at: at + (i + 1) * 1000 }));
    };
    session('weeks', 30, ['My sister visited a few weeks ago and we talked for weeks about it.', 'Two weeks ago the weather turned, weeks of rain.']);
    session('garden', 14, ['I planted twelve tomato saplings in the garden today.', 'The garden soil needs compost.']);
    session('other', 3, ['I fixed the bike chain.', 'The bike needs new tyres.']);
    return mem;
  }
  const opts = { validAt: friday, knownAt: friday, k: 3, vectorWeight: 0, weights: { evidence: 0 } };

  it('ranks the event above turns that only share the question’s time words', () => {
    const mem = memory();
    const q = 'What did I plant in the garden two weeks ago?';
    expect(mem.recall(q, { ...opts, timeWordWeight: 1 }).episodes[0]!.id.startsWith('weeks')).toBe(true);
    expect(mem.recall(q, { ...opts, timeWordWeight: 0.6 }).episodes[0]!.id.startsWith('garden')).toBe(true);
  });

  it('is 0.6 by default and refuses a value outside [0, 1]', () => {
    const mem = memory();
    const q = 'What did I plant in the garden two weeks ago?';
    expect(mem.recall(q, opts).episodes).toEqual(mem.recall(q, { ...opts, timeWordWeight: 0.6 }).episodes);
    expect(mem.recall(q, opts).episodes).not.toEqual(mem.recall(q, { ...opts, timeWordWeight: 1 }).episodes);
    expect(() => mem.recall(q, { timeWordWeight: 2 })).toThrow(InvalidArgumentError);
    expect(() => mem.recall(q, { timeWordWeight: Number.NaN })).toThrow(/^MemoryGraph\.recall: timeWordWeight/);
  });
});

describe('a two-event question', () => {
  it('returns both events’ episodes first, not the turns that share its time words', () => {
    const mem = new MemoryGraph({ now: () => friday });
    const turn = (id: string, day: number, text: string): void => {
      mem.episode({ id, text, speaker: 'user', at: friday - day * DAY });
    };
    turn('plugs', 40, 'I replaced the spark plugs on my car today.');
    turn('days', 30, 'So many days passed, day after day, many days of rain; the days passed slowly.');
    turn('race', 20, 'I drove in the Turbocharged Tuesdays race today, ten laps.');
    turn('bike', 10, 'I fixed the chain of my bike today.');
    const q = 'How many days passed between the day I replaced the spark plugs and the day I drove in the race?';
    const opts = { validAt: friday, knownAt: friday, k: 2, vectorWeight: 0, weights: { evidence: 0 } };
    expect(mem.recall(q, { ...opts, timeWordWeight: 1 }).episodes.map((e) => e.id)).toContain('days');
    expect(mem.recall(q, opts).episodes.map((e) => e.id).sort()).toEqual(['plugs', 'race']);
  });
});
