// The episode ranker scores in full only a bounded set of candidate sessions (recall/rank-candidates.ts):
// the sessions of the best-matching turns and the sessions whose own document matches best. These tests
// build memories larger than the bounds and check what the bound must not lose.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { Accumulator } from '../src/recall/accumulator.js';
import { Bm25Index } from '../src/recall/bm25.js';
import { CANDIDATE_SESSIONS, CANDIDATE_TURNS } from '../src/recall/rank-candidates.js';
import { BoundedSessionDocs, sessionDocScores } from '../src/recall/session-docs.js';
import { SessionMap } from '../src/recall/sessions.js';

const T0 = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;
const scratch = (): Accumulator<Float64Array> => new Accumulator((n) => new Float64Array(n));

/** `sessions` sessions of three turns each, an hour apart, every turn about recipes (far more than the bounds). */
function busyMemory(sessions: number, extra: (mem: MemoryGraph, at: number) => void): MemoryGraph {
  const mem = new MemoryGraph({ now: () => T0 + (sessions + 10) * HOUR });
  for (let s = 0; s < sessions; s++) {
    const at = T0 + s * HOUR;
    mem.episode({ id: `s${s}:0`, text: `A recipe for soup number ${s}, a good recipe.`, speaker: 'user', at, session: `s${s}` });
    mem.episode({ id: `s${s}:1`, text: `That recipe sounds nice, I cooked it on day ${s}.`, speaker: 'assistant', at: at + 1000, session: `s${s}` });
    mem.episode({ id: `s${s}:2`, text: `Thanks, see you tomorrow.`, speaker: 'user', at: at + 2000, session: `s${s}` });
  }
  extra(mem, T0 + sessions * HOUR);
  return mem;
}

const ids = (mem: MemoryGraph, q: string, k: number): string[] => mem.recall(q, { k, vectorWeight: 0 }).episodes.map((e) => e.id);

describe('the bounded candidate sessions', () => {
  const sessions = CANDIDATE_TURNS + CANDIDATE_SESSIONS + 150;

  it("keeps a session's second evidence turn, whose own match is below hundreds of others", () => {
    const mem = busyMemory(sessions, (m, at) => {
      m.episode({ id: 'q:0', text: 'I finally bought quinoa at the farmers market.', speaker: 'user', at, session: 'q' });
      m.episode({ id: 'q:1', text: 'Great, you could try it in the salad, the one with lemon and mint and feta from that old recipe card of your aunt.', speaker: 'assistant', at: at + 1000, session: 'q' });
    });
    // "recipe" is in hundreds of shorter turns that outscore q:1 on its own words; q:1 rises with its session
    const top = ids(mem, 'Which recipe did I want for the quinoa?', 5);
    expect(top.slice(0, 2).sort()).toEqual(['q:0', 'q:1']);
  });

  it('finds a rare-term turn said long before hundreds of matching sessions', () => {
    const mem = new MemoryGraph({ now: () => T0 + (sessions + 10) * HOUR });
    mem.episode({ id: 'old:0', text: 'We flew over the city in a zeppelin once, it was a soup of clouds.', speaker: 'user', at: T0 - HOUR, session: 'old' });
    // hundreds of later sessions about soup
    for (let s = 0; s < sessions; s++) {
      const at = T0 + s * HOUR;
      mem.episode({ id: `s${s}:0`, text: `A recipe for soup number ${s}, a good recipe.`, speaker: 'user', at, session: `s${s}` });
      mem.episode({ id: `s${s}:1`, text: `That soup sounds nice, I cooked it on day ${s}.`, speaker: 'assistant', at: at + 1000, session: `s${s}` });
    }
    expect(ids(mem, 'When did we see the soup of clouds from the zeppelin?', 3)[0]).toBe('old:0');
  });

  it('returns every top k as the prefix of a deeper one, scores and all', () => {
    const mem = busyMemory(sessions, (m, at) => {
      m.episode({ id: 'q:0', text: 'I finally bought quinoa for the soup recipe.', speaker: 'user', at, session: 'q' });
    });
    for (const q of ['Which soup recipe did I cook on day 7?', 'What did I buy for the soup?', 'recipe', 'see you tomorrow']) {
      const deep = mem.recall(q, { k: 400, vectorWeight: 0 }).episodes.map((e) => [e.id, e.score]);
      for (const k of [1, 5, 10, 60, 250]) {
        const shallow = mem.recall(q, { k, vectorWeight: 0 }).episodes.map((e) => [e.id, e.score]);
        expect(shallow).toEqual(deep.slice(0, k));
      }
    }
  });
});

describe('BoundedSessionDocs', () => {
  const words = ['mortgag', 'bank', 'loan', 'zebra', 'road', 'rate', 'hous', 'paint'];

  it('scores the best `keep` sessions and the named ones exactly as the full session-document scoring does', () => {
    const memory = fc.record({
      turns: fc.array(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 })), { minLength: 1, maxLength: 300 }),
      hidden: fc.integer({ min: 1, max: 7 }),
      keep: fc.constantFrom(0, 1, 3, 10, 100),
      must: fc.array(fc.integer({ min: 0, max: 299 }), { maxLength: 5 }),
      asked: fc.subarray(words, { minLength: 1 }),
    });
    const bounded = new BoundedSessionDocs();
    fc.assert(
      fc.property(memory, ({ turns, hidden, keep, must, asked }) => {
        const index = new Bm25Index();
        const sessions = new SessionMap();
        turns.forEach(([session, tokens], i) => {
          index.addTokens(i, tokens);
          sessions.add(i, tokens.join(' '), T0 + i, session);
        });
        const size = turns.length;
        // a cut: every `hidden`-th turn is not visible
        const accept = (i: number): boolean => i % (hidden + 1) !== hidden;
        const terms = new Map(asked.map((t, j) => [t, 1 / (j + 1)] as [string, number]));
        const full = scratch();
        full.begin(size);
        sessionDocScores(index, sessions, terms, accept, full, scratch(), size);
        const named = scratch();
        named.begin(size);
        for (const i of must) if (i < size) named.set(sessions.sessionOf(i), 1);
        const out = scratch();
        out.begin(size);
        bounded.score(index, sessions, terms, accept, size, keep, named, out);
        const rank = (a: Accumulator<Float64Array>): Array<[number, number]> =>
          [...a.touched.subarray(0, a.count)].map((r) => [r, a.values[r]!] as [number, number]).sort((x, y) => y[1] - x[1] || x[0] - y[0]);
        const best = rank(full).slice(0, keep);
        for (const [root, s] of best) expect(out.get(root)).toBe(s);
        for (const [root, s] of rank(out)) {
          expect(full.get(root)).toBe(s);
          expect(named.has(root) || best.some(([r]) => r === root)).toBe(true);
        }
        for (const root of named.touched.subarray(0, named.count)) expect(out.get(root)).toBe(full.get(root));
      }),
      { numRuns: 300 },
    );
  });

  it('takes a session visible whole at a time cut from its totals, scoring exactly as the walk over its turns', () => {
    // turns said and recorded at random times (not in order), some whole-session documents; a cut in time
    const memory = fc.record({
      turns: fc.array(
        fc.tuple(fc.integer({ min: 0, max: 9 }), fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), fc.boolean()),
        { minLength: 1, maxLength: 200 },
      ),
      // often a cut after every turn (a question asked now: no test per posting)
      validAt: fc.oneof(fc.integer({ min: -1, max: 11 }), fc.constant(11)),
      knownAt: fc.oneof(fc.integer({ min: -1, max: 11 }), fc.constant(11)),
      keep: fc.constantFrom(0, 1, 3, 10, 100),
      asked: fc.subarray(words, { minLength: 1 }),
    });
    const bounded = new BoundedSessionDocs();
    fc.assert(
      fc.property(memory, ({ turns, validAt, knownAt, keep, asked }) => {
        const index = new Bm25Index();
        const sessions = new SessionMap();
        const at = turns.map(([, , a]) => T0 + a * HOUR);
        const recorded = turns.map(([, , , r]) => T0 + r * HOUR);
        turns.forEach(([session, tokens, , , whole], i) => {
          index.addTokens(i, tokens);
          // a multi-line text without a given session opens a whole-session document
          if (whole) sessions.add(i, tokens.join('\n'), at[i]!, -1, index.lengthOf(i), recorded[i]!);
          else sessions.add(i, tokens.join(' '), at[i]!, session, index.lengthOf(i), recorded[i]!);
        });
        const size = turns.length;
        const cut = { validAt: T0 + validAt * HOUR, knownAt: T0 + knownAt * HOUR };
        const accept = (i: number): boolean => recorded[i]! <= cut.knownAt && at[i]! <= cut.validAt;
        const terms = new Map(asked.map((t, j) => [t, 1 / (j + 1)] as [string, number]));
        const full = scratch();
        full.begin(size);
        sessionDocScores(index, sessions, terms, accept, full, scratch(), size);
        const none = scratch();
        none.begin(size);
        const out = scratch();
        out.begin(size);
        bounded.score(index, sessions, terms, accept, size, keep, none, out, cut);
        const rank = (a: Accumulator<Float64Array>): Array<[number, number]> =>
          [...a.touched.subarray(0, a.count)].map((r) => [r, a.values[r]!] as [number, number]).sort((x, y) => y[1] - x[1] || x[0] - y[0]);
        expect(rank(out)).toEqual(rank(full).slice(0, keep));
      }),
      { numRuns: 300 },
    );
  });

  it('knows a session is visible whole only when its latest turn is, and never when a turn came without its length', () => {
    const sessions = new SessionMap();
    sessions.add(0, 'a b c', T0, 7, 3, T0 + 5 * HOUR);
    sessions.add(1, 'd e', T0 + 2 * HOUR, 7, 2, T0 + HOUR);
    sessions.add(2, 'one\ntwo', T0 + 9 * HOUR, -1, 2, T0 + 9 * HOUR); // a whole-session document: its own
    sessions.add(3, 'f', T0, 8);
    expect(sessions.tokensIfVisible(0, T0 + 2 * HOUR, T0 + 5 * HOUR)).toBe(5);
    expect(sessions.tokensIfVisible(0, T0 + HOUR, T0 + 5 * HOUR)).toBe(-1);
    expect(sessions.tokensIfVisible(0, T0 + 2 * HOUR, T0 + 4 * HOUR)).toBe(-1);
    expect(sessions.tokensIfVisible(2, T0, T0)).toBe(0);
    expect(sessions.tokensIfVisible(3, Infinity, Infinity)).toBe(-1);
  });
});
