/**
 * Sessions as users give them (EpisodeInput.session) and recall as a pure function of (memory, question,
 * cut, options), on memories written the way a user writes them: `ingestEpisode` turn by turn with the
 * default extractor, so extracted facts take part in the ranking.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { ingestEpisode } from '../src/ingest/episode.js';
import { ingestTranscript } from '../src/ingest/transcript.js';
import { InvalidArgumentError } from '../src/errors.js';
import { SessionMap } from '../src/recall/sessions.js';
import { Bm25Index } from '../src/recall/bm25.js';
import { Accumulator } from '../src/recall/accumulator.js';
import { sessionDocScores } from '../src/recall/session-docs.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2023, 4, 1);
const LINES = [
  'I live in Paris now',
  'My sister Ana works at Acme',
  'I adopted a dog named Rex',
  'We moved to Berlin last spring',
  'I like hiking by the lake',
  'My brother plays the guitar at concerts',
  'I started painting watercolours',
  'The bakery near me sells great bread',
  'I work at Globex as an engineer',
  'I visited Lisbon with my sister',
];

/** A chat of `sessions` sessions written turn by turn through ingestEpisode, as a user would, from a seed. */
function chat(seed: number, sessions: number): MemoryGraph {
  let s = seed;
  const pick = (n: number): number => ((s = (s * 48271) % 2147483647) % n);
  let clock = T0;
  const mem = new MemoryGraph({ now: () => clock });
  for (let i = 0; i < sessions; i++) {
    const at = T0 + i * 2 * DAY;
    clock = at;
    const turns = 2 + pick(4);
    for (let j = 0; j < turns; j++) {
      const speaker = j % 2 ? 'assistant' : 'user';
      ingestEpisode(mem, { id: `s${i}_${j + 1}`, text: `${LINES[pick(LINES.length)]} and ${LINES[pick(LINES.length)]!.toLowerCase()}`, at, speaker, session: `s${i}` });
    }
  }
  return mem;
}

const QUESTION_WORDS = ['sister', 'dog', 'Paris', 'Berlin', 'work', 'guitar', 'painting', 'bread', 'Lisbon', 'hiking', 'live', 'Acme'];

describe('recall is a pure function of (memory, question, cut, options)', () => {
  it('the top k of any call is the prefix of the top k′ for k′ > k, with extracted facts lifting episodes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.array(fc.constantFrom(...QUESTION_WORDS), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 30 }), (seed, q, k, more) => {
        const mem = chat(seed, 8);
        expect(mem.facts({}).length).toBeGreaterThan(0);
        const query = `Where does my ${q.join(' ')} come up?`;
        const small = mem.recall(query, { k });
        const big = mem.recall(query, { k: k + more });
        expect(big.episodes.slice(0, small.episodes.length).map((e) => e.id)).toEqual(small.episodes.map((e) => e.id));
        expect(big.facts.slice(0, small.facts.length).map((f) => f.id)).toEqual(small.facts.map((f) => f.id));
      }),
      { numRuns: 40, seed: 27 },
    );
  });

  it('a repeated call returns the same list', () => {
    for (const seed of [3, 17, 99]) {
      const mem = chat(seed, 8);
      for (const word of QUESTION_WORDS) {
        const first = mem.recall(`What about my ${word}?`, { k: 10 });
        const again = mem.recall(`What about my ${word}?`, { k: 10 });
        expect(again.episodes).toEqual(first.episodes);
        expect(again.text).toBe(first.text);
      }
    }
  });
});

describe('episode sessions', () => {
  it('are kept on the episode, in the log (replay) and in the state (fromState)', () => {
    const mem = new MemoryGraph({ now: () => T0 });
    mem.episode({ id: 'a1', text: 'hello there', at: T0, speaker: 'user', session: 'chat-1' });
    mem.episode({ id: 'a2', text: 'no session here', at: T0 });
    expect(mem.getEpisode('a1')?.session).toBe('chat-1');
    expect(mem.getEpisode('a2')?.session).toBeUndefined();
    expect(mem.log().find((o) => o.type === 'episode' && o.id === 'a1')).toMatchObject({ session: 'chat-1' });
    const replayed = MemoryGraph.replay(mem.log());
    expect(replayed.getEpisode('a1')?.session).toBe('chat-1');
    const restored = MemoryGraph.fromState(mem.exportState());
    expect(restored.getEpisode('a1')?.session).toBe('chat-1');
    expect(restored.getEpisode('a2')?.session).toBeUndefined();
  });

  it('a state written before sessions were kept (no episode.session column) still loads', () => {
    const mem = new MemoryGraph({ now: () => T0 });
    mem.episode({ id: 'a1', text: 'hello there', at: T0, speaker: 'user' });
    const state = mem.exportState();
    delete (state.columns as Record<string, unknown>)['episode.session'];
    const old = MemoryGraph.fromState(state);
    expect(old.getEpisode('a1')?.text).toBe('hello there');
    expect(old.getEpisode('a1')?.session).toBeUndefined();
  });

  it('a session that is not a string is refused by name, and nothing is written', () => {
    const mem = new MemoryGraph({ now: () => T0 });
    const before = mem.log().length;
    expect(() => mem.episode({ id: 'a1', text: 'x', at: T0, session: 7 as unknown as string })).toThrow(InvalidArgumentError);
    expect(() => mem.episode({ id: 'a1', text: 'x', at: T0, session: 7 as unknown as string })).toThrow(/^MemoryGraph\.episode: .*session/);
    expect(() => ingestEpisode(mem, { id: 'a1', text: 'x', at: T0, session: null as unknown as string })).toThrow(/^ingestEpisode: .*session/);
    expect(mem.getEpisode('a1')).toBeUndefined();
    expect(mem.log()).toHaveLength(before);
  });

  it('ingestTranscript gives each turn its session id', async () => {
    const mem = new MemoryGraph({ now: () => T0 + DAY });
    await ingestTranscript(mem, { sessions: [{ id: 'morning', date: T0, turns: [{ speaker: 'user', text: 'I live in Paris' }, { speaker: 'assistant', text: 'Nice city' }] }] });
    expect(mem.getEpisode('morning:1')?.session).toBe('morning');
    expect(mem.getEpisode('morning:2')?.session).toBe('morning');
  });

  it('group turns given one session, whatever the time between them; inference only where none is given', () => {
    const map = new SessionMap();
    // two conversations interleaved in time: a, b, a, b (ids 1 and 2), then two turns without one, a minute apart
    map.add(0, 'a one', T0, 1);
    map.add(1, 'b one', T0 + 1000, 2);
    map.add(2, 'a two', T0 + 2 * DAY, 1);
    map.add(3, 'b two', T0 + 2 * DAY + 1000, 2);
    map.add(4, 'plain one', T0 + 3 * DAY);
    map.add(5, 'plain two', T0 + 3 * DAY + 60_000);
    expect([0, 1, 2, 3, 4, 5].map((i) => map.sessionOf(i))).toEqual([0, 1, 0, 1, 4, 4]);
    expect(map.sessionCount).toBe(3);
  });

  it("lift a turn by its session's other turns: words spread over one conversation find it", () => {
    const mem = new MemoryGraph({ now: () => T0 + 10 * DAY });
    const turn = (id: string, text: string, session: string, day: number): void => void ingestEpisode(mem, { id, text, at: T0 + day * DAY, speaker: 'user', session });
    turn('a1', 'I talked to them about the mortgage', 'A', 0);
    turn('c1', 'we had a picnic by the water', 'C', 0.5);
    turn('a2', 'they pre-approved me for 400,000', 'A', 0);
    turn('b1', 'the bank of the river, the bank by the old mill', 'B', 1);
    turn('b2', 'we had a picnic', 'B', 1);
    const question = 'How much was my mortgage pre-approved for at the bank?';
    // a1 and a2 (the one conversation holding the question's words together) come before b1's repeated "bank"
    expect(mem.recall(question, { k: 2 }).episodes.map((e) => e.id).sort()).toEqual(['a1', 'a2']);
  });
});

describe('the packed context', () => {
  it('holds only facts that bear on the question, after the evidence', () => {
    const mem = new MemoryGraph({ now: () => T0 + DAY });
    ingestEpisode(mem, { id: 't1', text: 'I have a car and I like warm weather', at: T0, speaker: 'user', session: 's' });
    ingestEpisode(mem, { id: 't2', text: 'I was pre-approved for $400,000 by Wells Fargo', at: T0, speaker: 'user', session: 's' });
    const r = mem.recall('What amount was I pre-approved for by Wells Fargo?', { k: 10, tokenBudget: 600 });
    expect(r.text).toContain('$400,000');
    expect(r.text).not.toMatch(/^- user (has|likes) /mu);
    if (r.text.includes('Facts:')) expect(r.text.indexOf('Episodes:')).toBeLessThan(r.text.indexOf('Facts:'));
  });
});

describe('conflicting evidence in the packed context', () => {
  it('puts the newer of two conflicting turns first and marks it current', () => {
    const mem = new MemoryGraph({ now: () => T0 + 40 * DAY });
    ingestEpisode(mem, { id: 'old', text: 'Wells Fargo pre-approved me for a mortgage of $350,000', at: T0, speaker: 'user', session: 'a' });
    ingestEpisode(mem, { id: 'walk', text: 'I went for a long walk by the river', at: T0 + DAY, speaker: 'user', session: 'b' });
    ingestEpisode(mem, { id: 'new', text: 'Update: Wells Fargo pre-approved my mortgage for $400,000 now', at: T0 + 30 * DAY, speaker: 'user', session: 'c' });
    const text = mem.recall('What amount was I pre-approved for by Wells Fargo for my mortgage?', { k: 10, tokenBudget: 600 }).text;
    expect(text).toContain('(current) Update: Wells Fargo pre-approved my mortgage for $400,000');
    expect(text.indexOf('$400,000')).toBeLessThan(text.indexOf('$350,000'));
    expect(text).not.toContain('(current) Wells Fargo pre-approved me');
    expect(text).not.toContain('(current) I went');
  });
});

describe("a session's own document", () => {
  it('holds only the turns visible at the cut', () => {
    const index = new Bm25Index();
    const sessions = new SessionMap();
    const turns = ['we talked about the mortgage', 'the bank approved the loan', 'a zebra crossed the road'];
    // turns 0 and 2 in session 1, turn 1 in session 2; turn 2 is said after the cut
    turns.forEach((t, i) => {
      index.add(i, t);
      sessions.add(i, t, T0 + i, i === 1 ? 2 : 1);
    });
    const accept = (i: number): boolean => i !== 2;
    const out = new Accumulator((n) => new Float64Array(n));
    out.begin(3);
    sessionDocScores(index, sessions, new Map([['zebra', 1]]), accept, out, new Accumulator((n) => new Float64Array(n)), 3);
    expect(out.count).toBe(0);
    out.begin(3);
    sessionDocScores(index, sessions, new Map([['mortgag', 1], ['bank', 1]]), accept, out, new Accumulator((n) => new Float64Array(n)), 3);
    expect(out.count).toBe(2);
    expect(out.get(0)).toBeGreaterThan(0);
    expect(out.get(1)).toBeGreaterThan(0);
  });
});
