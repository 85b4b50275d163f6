import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { Bm25Index } from '../src/recall/bm25.js';
import { porter2 } from '../src/recall/porter2.js';
import { queryParts } from '../src/recall/query-parts.js';
import { SessionMap } from '../src/recall/sessions.js';
import { temporalIntent, windowCloseness } from '../src/recall/temporal.js';
import { tokenize } from '../src/recall/text.js';
import { VectorSet } from '../src/recall/vectors.js';
import { withoutVocatives } from '../src/recall/vocatives.js';

const DAY = 86_400_000;

describe('Porter2 stemmer', () => {
  it('gives the published algorithm’s stems', () => {
    const cases: Record<string, string> = {
      caresses: 'caress', ponies: 'poni', ties: 'tie', cats: 'cat', feed: 'feed', agreed: 'agre', plastered: 'plaster',
      motoring: 'motor', sing: 'sing', conflated: 'conflat', troubled: 'troubl', sized: 'size', hopping: 'hop', filing: 'file',
      happy: 'happi', relational: 'relat', conditional: 'condit', generously: 'generous', running: 'run', painting: 'paint',
      paintings: 'paint', consigned: 'consign', consignment: 'consign', generate: 'generat', generation: 'generat',
      happiness: 'happi', communication: 'communic', arsenal: 'arsenal', gas: 'gas', gaps: 'gap', kiwis: 'kiwi', cry: 'cri',
      by: 'by', say: 'say', hopeful: 'hope', adjustable: 'adjust', cries: 'cri', dying: 'die', skating: 'skate',
      photography: 'photographi', adoption: 'adopt', counseling: 'counsel', tried: 'tri', playing: 'play', studies: 'studi',
      beautiful: 'beauti', national: 'nation', effective: 'effect', skies: 'sky', news: 'news', proceed: 'proceed',
    };
    for (const [w, s] of Object.entries(cases)) expect(porter2(w), w).toBe(s);
  });

  it("stems words that name Object.prototype's members as words (no inherited exception)", () => {
    expect(porter2('constructor')).toBe('constructor');
    expect(tokenize('The constructor, toString and valueOf')).toEqual(['constructor', 'tostr', 'valueof']);
    for (const w of tokenize('constructor hasownproperty isprototypeof propertyisenumerable tolocalestring')) expect(typeof w).toBe('string');
  });

  it('makes inflections of one word one search term; numbers stay whole', () => {
    expect(new Set(tokenize('paints painted painting paintings'))).toEqual(new Set(['paint']));
    expect(tokenize('2020s 3rd')).toEqual(['2020s', '3rd']);
  });
});

describe('temporal reading of a question', () => {
  const wed = Date.UTC(2023, 4, 31, 15); // Wednesday 31 May 2023
  it('resolves windows against the question time', () => {
    const sat = temporalIntent('What did I buy last Saturday?', wed);
    expect(sat.windows).toEqual([{ start: Date.UTC(2023, 4, 27), end: Date.UTC(2023, 4, 28) }]);
    expect(temporalIntent('Where did I travel in May?', wed).windows).toEqual([{ start: Date.UTC(2023, 4, 1), end: Date.UTC(2023, 5, 1) }]);
    // a month after the question's month is last year's
    expect(temporalIntent('What did I cook in July?', wed).windows).toEqual([{ start: Date.UTC(2022, 6, 1), end: Date.UTC(2022, 7, 1) }]);
    expect(temporalIntent('What did I do two weeks ago?', wed).windows.length).toBe(1);
    expect(temporalIntent('What is my favourite colour?', wed).windows).toEqual([]);
  });

  it('reads order and spans', () => {
    expect(temporalIntent('When was the first time I went hiking?', wed).order).toBe('first');
    expect(temporalIntent('What car do I currently drive?', wed).order).toBe('last');
    expect(temporalIntent('What did I buy last Saturday?', wed).order).toBeUndefined();
    expect(temporalIntent('How many days passed between my move and the party?', wed).span).toBe(true);
    expect(temporalIntent('What did I do before I moved?', wed).span).toBe(true);
    expect(temporalIntent('When did Melanie go camping?', wed).asksWhen).toBe(true);
    expect(temporalIntent('In which year did I graduate?', wed).asksWhen).toBe(true);
    expect(temporalIntent('How long ago was the party?', wed).asksWhen).toBe(true);
    expect(temporalIntent('How many days ago did I run the 5K?', wed).asksWhen).toBe(true);
    expect(temporalIntent('How many days did the trip last?', wed).asksWhen).toBe(false);
    expect(temporalIntent('What did she say when we met?', wed).asksWhen).toBe(false); // "when" as a conjunction
  });

  it('closeness is 1 inside a window and falls to 0 one window length away', () => {
    const w = [{ start: 10 * DAY, end: 11 * DAY }];
    expect(windowCloseness(10.5 * DAY, w, DAY)).toBe(1);
    expect(windowCloseness(11.5 * DAY, w, DAY)).toBeCloseTo(0.5, 12);
    expect(windowCloseness(20 * DAY, w, DAY)).toBe(0);
  });
});

describe('two-event questions', () => {
  it('split at their joints into parts with at least two search terms; one-event questions do not', () => {
    expect(queryParts('How many days passed between the day I bought the tomato plants and the day I repotted the orchid?')).toEqual([
      'How many days passed between the day I bought the tomato plants',
      'I repotted the orchid?',
    ]);
    expect(queryParts('Which did I visit first, the Louvre museum or the Tate gallery?')).toEqual(['Which did I visit first', 'the Louvre museum', 'the Tate gallery?']);
    expect(queryParts('What is my favourite colour?')).toEqual([]);
    expect(queryParts('What did Caroline and Melanie do?')).toEqual([]); // "Melanie do" is one search term
  });
});

describe('session map', () => {
  it('puts a turn in the session episode that holds its text, and turns recorded alone by their time gaps', () => {
    const m = new SessionMap();
    m.add(0, 'A: hello there\nB: I adopted a dog', 0);
    m.add(1, 'hello there', 1000);
    m.add(2, 'I adopted a dog', 2000);
    m.add(3, 'a new day begins', 5 * DAY);
    m.add(4, 'and goes on', 5 * DAY + 60_000);
    expect([0, 1, 2, 3, 4].map((i) => m.sessionOf(i))).toEqual([0, 0, 0, 3, 3]);
    expect(m.isWhole(0)).toBe(true);
    expect(m.isWhole(3)).toBe(false);
    expect(m.membersOf(0)).toEqual([0, 1, 2]);
  });
});

describe('dense exact vector search', () => {
  it('scans dense rows and returns what a brute-force cosine does', () => {
    const dims = 8;
    const set = new VectorSet(dims, 1 << 20, 64);
    const rows: number[][] = [];
    let seed = 7;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < 50; i++) {
      const v = Array.from({ length: dims }, rnd);
      rows.push(v);
      set.add(i, v);
    }
    const q = Float32Array.from(Array.from({ length: dims }, rnd));
    const qn = Math.hypot(...q);
    const unit = q.map((x) => x / qn);
    const cos = (v: number[]): number => v.reduce((s, x, d) => s + x * unit[d]!, 0) / Math.hypot(...v);
    const want = rows.map((v, i) => ({ id: i, score: cos(v) })).sort((a, b) => b.score - a.score || a.id - b.id).slice(0, 5);
    const got = set.search(unit, 5, -1, () => true);
    expect(got.map((h) => h.id)).toEqual(want.map((h) => h.id));
    for (let i = 0; i < 5; i++) expect(got[i]!.score).toBeCloseTo(want[i]!.score, 5);
  });

  it('scans rows rebuilt from its postings exactly as rows it stored (sparse first, then dense, then more)', () => {
    const dims = 8;
    const set = new VectorSet(dims, 1 << 20, 64);
    const rows: number[][] = [];
    let seed = 11;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const add = (v: number[]): void => {
      rows.push(v);
      set.add(rows.length - 1, v);
    };
    const unit = (v: number[]): Float32Array => Float32Array.from(v.map((x) => x / Math.hypot(...v)));
    // the expected ranking: float32 unit rows against the query, summed in dimension order as the scan does
    const want = (q: Float32Array, k: number): number[] =>
      rows
        .map((v, id) => ({ id, score: Array.from(unit(v)).reduce((s, x, d) => s + q[d]! * x, 0) }))
        .sort((a, b) => b.score - a.score || a.id - b.id)
        .slice(0, k)
        .map((h) => h.id);
    for (let i = 0; i < 30; i++) add(Array.from({ length: dims }, (_, d) => (d === i % dims || d === (i * 3) % dims ? rnd() : 0)));
    const q = unit(Array.from({ length: dims }, rnd));
    expect(set.search(q, 6, -1, () => true).map((h) => h.id)).toEqual(want(q, 6)); // through the postings
    for (let i = 0; i < 40; i++) add(Array.from({ length: dims }, rnd)); // now mostly dense: scanned
    expect(set.search(q, 6, -1, () => true).map((h) => h.id)).toEqual(want(q, 6));
    for (let i = 0; i < 5; i++) add(Array.from({ length: dims }, rnd)); // written to the dense rows as added
    expect(set.search(q, 10, -1, () => true).map((h) => h.id)).toEqual(want(q, 10));
  });

  it('scores a query with zero coordinates exactly as the sum over every dimension does (same floats, same order)', () => {
    const dims = 32;
    const set = new VectorSet(dims, 1 << 20, 64);
    const rows: Float32Array[] = [];
    let seed = 5;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < 60; i++) {
      const v = Array.from({ length: dims }, rnd);
      set.add(i, v);
      const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
      rows.push(Float32Array.from(v.map((x) => x * (1 / n))));
    }
    // a hashed question's shape: most coordinates 0, one of them -0
    const raw = Array.from({ length: dims }, (_, d) => (d % 5 === 1 || d === 30 ? rnd() : d === 7 ? -0 : 0));
    const qn = Math.hypot(...raw);
    const q = Float32Array.from(raw.map((x) => x / qn));
    const full = rows.map((row, id) => {
      let s = 0;
      for (let d = 0; d < dims; d++) s += q[d]! * row[d]!;
      return { id, score: s };
    });
    for (const floor of [-1, 0, 0.1]) {
      const want = full.filter((h) => h.score >= floor && h.id % 4 !== 0).sort((a, b) => b.score - a.score || a.id - b.id).slice(0, 12);
      expect(set.search(q, 12, floor, (l) => l % 4 !== 0)).toEqual(want);
    }
  });

  it('grows its HNSW only in bounded write steps past the threshold; searches never build it and stay exact until it is whole', () => {
    const dims = 8;
    const graphOf = (v: VectorSet): unknown => (v as unknown as { hnsw: unknown }).hnsw;
    const approx = new VectorSet(dims, 16, 64);
    const exact = new VectorSet(dims, 1 << 20, 64);
    let seed = 11;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < 40; i++) {
      const v = Array.from({ length: dims }, rnd);
      approx.add(i, v);
      exact.add(i, v);
    }
    const q = Float32Array.from(Array.from({ length: dims }, rnd));
    const unit = q.map((x) => x / Math.hypot(...q));
    const want = exact.search(unit, 40, -1, () => true);
    // a search past the threshold builds nothing and answers exactly
    expect(approx.search(unit, 40, -1, () => true)).toEqual(want);
    expect(graphOf(approx)).toBeUndefined();
    // bounded steps: 40 rows take five steps of 8; the graph is used only once it holds every row
    for (let step = 0; step < 4; step++) {
      expect(approx.grow(8)).toBe(false);
      expect(graphOf(approx)).toBeUndefined();
      expect(approx.search(unit, 40, -1, () => true)).toEqual(want);
    }
    expect(approx.grow(8)).toBe(true);
    expect(graphOf(approx)).toBeDefined();
    expect(approx.search(unit, 3, -1, () => true).map((h) => h.id)).toEqual(want.slice(0, 3).map((h) => h.id));
    approx.add(40, Array.from({ length: dims }, rnd)); // later vectors go into the graph
    expect(approx.search(unit, 41, -1, () => true)).toHaveLength(41);
    // below its threshold a set never grows a graph
    expect(exact.grow(1000)).toBe(false);
    expect(graphOf(exact)).toBeUndefined();
  });
});

const WORDS = ['dog', 'dogs', 'painting', 'paints', 'lake', 'hiking', 'moved', 'Berlin', 'sister', 'guitar', 'concert', 'bakery', 'bread'];

/** A memory of `sessions` sessions, each a session episode and its turns, from a seed. */
function conversation(seed: number, sessions: number): MemoryGraph {
  let s = seed;
  const pick = (n: number): number => ((s = (s * 48271) % 2147483647) % n);
  let t = Date.UTC(2023, 0, 1);
  const mem = new MemoryGraph({ now: () => t });
  for (let i = 0; i < sessions; i++) {
    const turns = Array.from({ length: 2 + pick(4) }, () => Array.from({ length: 3 + pick(5) }, () => WORDS[pick(WORDS.length)]!).join(' '));
    const at = t + i * 3 * DAY;
    t = at;
    mem.episode({ id: `S${i}`, text: turns.map((x, j) => `${j % 2 ? 'Bob' : 'Ann'}: ${x}`).join('\n'), at });
    turns.forEach((x, j) => mem.episode({ id: `D${i}:${j}`, text: x, at: at + (j + 1) * 1000, speaker: j % 2 ? 'Bob' : 'Ann' }));
    t = at + 60_000;
  }
  return mem;
}

describe('recall ranking properties', () => {
  it('top-k of any call is a prefix of top-k′ for k′ > k (episodes, facts, entities)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 20 }), (seed, q, k, more) => {
        const mem = conversation(seed, 6);
        const query = `When did Ann talk about ${q.join(' ')}?`;
        const small = mem.recall(query, { k, tokenBudget: Infinity });
        const big = mem.recall(query, { k: k + more, tokenBudget: Infinity });
        expect(big.episodes.slice(0, small.episodes.length).map((e) => e.id)).toEqual(small.episodes.map((e) => e.id));
        expect(big.facts.slice(0, small.facts.length).map((f) => f.id)).toEqual(small.facts.map((f) => f.id));
        expect(big.entities.slice(0, small.entities.length).map((e) => e.id)).toEqual(small.entities.map((e) => e.id));
      }),
      { numRuns: 40, seed: 9 },
    );
  });

  it('returns k episodes whenever that many are visible, and all of them when fewer', () => {
    const mem = conversation(3, 5);
    const visible = mem.log().filter((o) => o.type === 'episode').length;
    for (const k of [1, 5, 10, visible, visible + 5]) {
      expect(mem.recall('unrelated words entirely', { k }).episodes.length).toBe(Math.min(k, visible));
      expect(mem.recall('dog painting', { k }).episodes.length).toBe(Math.min(k, visible));
    }
    // at a cut, only what is visible counts
    const early = Date.UTC(2023, 0, 1) + 1000;
    expect(mem.recall('dog', { k: 50, validAt: early, knownAt: early }).episodes.every((e) => e.at <= early)).toBe(true);
  });

  it('is deterministic: two memories built alike, and one asked twice, answer identically', () => {
    const a = conversation(11, 8);
    const b = conversation(11, 8);
    for (const q of ['What did Bob say about the bakery?', 'the first time Ann went hiking', 'guitar concert in January']) {
      const ra = a.recall(q, { k: 15 });
      expect(b.recall(q, { k: 15 })).toEqual(ra);
      expect(a.recall(q, { k: 15 })).toEqual(ra);
    }
  });

  it('keeps indexes at write time: the incremental index answers as one rebuilt from a snapshot or a log', () => {
    const mem = conversation(5, 7);
    // recalls between writes exercise incremental catch-up
    mem.recall('dog', { k: 3 });
    mem.episode({ id: 'late', text: 'Ann bought bread at the bakery', at: Date.UTC(2023, 2, 1), speaker: 'Ann' });
    const rebuilt = MemoryGraph.fromState(mem.exportState(), { now: () => Date.UTC(2023, 5, 1) });
    const replayed = MemoryGraph.replay(mem.log(), { now: () => Date.UTC(2023, 5, 1) });
    const cut = { validAt: Date.UTC(2023, 5, 1), knownAt: Date.UTC(2023, 5, 1) };
    for (const q of ['bread bakery', 'painting dogs', 'Berlin sister moved']) {
      const want = mem.recall(q, { ...cut, k: 12 });
      expect(rebuilt.recall(q, { ...cut, k: 12 })).toEqual(want);
      expect(replayed.recall(q, { ...cut, k: 12 })).toEqual(want);
    }
  });

  it('lifts the session a question’s time window names', () => {
    const mem = new MemoryGraph({ now: () => Date.UTC(2023, 5, 1) });
    mem.episode({ id: 'march', text: 'I went to a concert with my sister', at: Date.UTC(2023, 2, 10), speaker: 'user' });
    mem.episode({ id: 'may', text: 'I went to a concert with my sister', at: Date.UTC(2023, 4, 10), speaker: 'user' });
    const q = 'Which concert did I go to in March?';
    const at = Date.UTC(2023, 5, 1);
    expect(mem.recall(q, { validAt: at, knownAt: at }).episodes[0]!.id).toBe('march');
    expect(mem.recall(q, { validAt: at, knownAt: at, temporal: false }).episodes[0]!.id).toBe('march'); // tie: lower index
    expect(mem.recall('Which concert did I go to in May?', { validAt: at, knownAt: at }).episodes[0]!.id).toBe('may');
    expect(mem.recall('Which concert did I go to most recently?', { validAt: at, knownAt: at }).episodes[0]!.id).toBe('may');
  });
});

describe('BM25 forward index', () => {
  it('a state round trip keeps each document’s terms', () => {
    const idx = new Bm25Index();
    idx.add(3, 'the dog chased the other dog');
    idx.add(9, 'painting lakes');
    const again = Bm25Index.fromState(idx.toState());
    for (const id of [3, 9]) {
      const a: Array<[string, number]> = [];
      const b: Array<[string, number]> = [];
      expect(again.termsOf(id, (t, f) => b.push([t, f]))).toBe(idx.termsOf(id, (t, f) => a.push([t, f])));
      expect(new Map(b)).toEqual(new Map(a));
    }
  });
});

describe('speakers in a question', () => {
  it('leaves names used in address out, and only those', () => {
    const names = new Set(['caroline', 'mel', 'melanie']);
    expect(withoutVocatives("Wow, Caroline! That's great!", names)).toBe("Wow, ! That's great!");
    expect(withoutVocatives('Hey Melanie, how are you? Thanks, Mel.', names)).toBe('Hey , how are you? Thanks, .');
    expect(withoutVocatives('Caroline, that is amazing.', names)).toBe(', that is amazing.');
    expect(withoutVocatives('I went hiking with Caroline, and Mel came too.', names)).toBe('I went hiking with Caroline, and Mel came too.');
    expect(withoutVocatives('I love Paris, France.', names)).toBe('I love Paris, France.'); // not a speaker
    expect(withoutVocatives('thanks, mel', names)).toBe('thanks, mel'); // not written as a name
    expect(withoutVocatives('Hey Jon! Good to see you, Jon.', new Set())).toBe('Hey ! Good to see you, Jon.'); // after a greeting, any name
    // a greeting spelled with U+212A KELVIN SIGN or U+017F LONG S, which fold to k and s: still a greeting
    expect(withoutVocatives('Than\u212As, Jon!', new Set())).toBe('Than\u212As, !');
    expect(withoutVocatives('\u017Forry, Jon.', new Set())).toBe('\u017Forry, .');
  });

  it('ranks the named speaker’s own turn above the other’s greeting and above the same words from the other', () => {
    const at = Date.UTC(2023, 4, 1);
    const mem = new MemoryGraph({ now: () => at + 60_000 });
    mem.episode({ id: 'c1', text: 'Wow, Melanie! Pottery sounds relaxing.', at, speaker: 'Caroline' });
    mem.episode({ id: 'c2', text: 'I find pottery relaxing after work.', at: at + 1000, speaker: 'Caroline' });
    mem.episode({ id: 'm1', text: 'I find pottery relaxing after work.', at: at + 2000, speaker: 'Melanie' });
    const cut = { validAt: at + 60_000, knownAt: at + 60_000, k: 3 };
    const ids = (q: string, o: object = {}): string[] => mem.recall(q, { ...cut, ...o }).episodes.map((e) => e.id);
    expect(ids('Why does Melanie like pottery?')[0]).toBe('m1');
    expect(ids('Why does Caroline like pottery?')[0]).not.toBe('m1');
    // the greeting does not name Melanie in the word index, lift or not
    expect(ids('Why does Melanie like pottery?', { speakerLift: 0 })).toEqual(['m1', 'c2', 'c1']);
    // the lift multiplies the named speaker's turns only
    const score = (q: string, id: string, o: object = {}): number => mem.recall(q, { ...cut, ...o }).episodes.find((e) => e.id === id)!.score;
    expect(score('Why does Melanie like pottery?', 'm1') / score('Why does Melanie like pottery?', 'm1', { speakerLift: 0 })).toBeCloseTo(1.1, 6);
    expect(score('Why does Melanie like pottery?', 'c2')).toBe(score('Why does Melanie like pottery?', 'c2', { speakerLift: 0 }));
    // both named side by side: no speaker is preferred
    expect(ids('Do Caroline and Melanie like pottery?')).toEqual(ids('Do Caroline and Melanie like pottery?', { speakerLift: 0 }));
  });
});

describe('query expansion through entity names', () => {
  it('searches the other names of an entity the question names completely, and only then', () => {
    const at = Date.UTC(2023, 4, 1);
    const mem = new MemoryGraph({ now: () => at + 60_000 });
    mem.entity({ name: 'Katherine Ross', aliases: ['Kate'] });
    mem.episode({ id: 'a', text: 'A guest gave a talk about volcanoes.', at });
    mem.episode({ id: 'b', text: 'Katherine Ross gave a talk about volcanoes.', at: at + 1000 });
    const cut = { validAt: at + 60_000, knownAt: at + 60_000, k: 2, vectorWeight: 0, feedback: 0 }; // the question's words only
    const ids = (q: string, o: object = {}): string[] => mem.recall(q, { ...cut, ...o }).episodes.map((e) => e.id);
    expect(ids('What did Kate talk about?')).toEqual(['b', 'a']);
    expect(ids('What did Kate talk about?', { aliasWeight: 0 })).toEqual(['a', 'b']); // a tie on words: the earlier first
    // "Ross" alone is not all of any name: nothing is added, the name's own word matches as it is
    expect(ids('What did Ross talk about?', { aliasWeight: 0 })).toEqual(ids('What did Ross talk about?'));
  });
});

describe('the same speaker’s neighbouring turn', () => {
  it('lifts a turn by its speaker’s previous turn across the other’s reply, and not by the other’s turns', () => {
    const at = Date.UTC(2023, 4, 1);
    const mem = new MemoryGraph({ now: () => at + 60_000 });
    const turns: Array<[string, string, string]> = [
      ['c0', 'Caroline', 'Hi there!'],
      ['m1', 'Melanie', 'I took the kids to the museum.'],
      ['c1', 'Caroline', 'How was it?'],
      ['m2', 'Melanie', 'They were stoked about the dinosaurs!'],
      ['c2', 'Caroline', 'Sounds like fun.'],
    ];
    turns.forEach(([id, speaker, text], i) => mem.episode({ id, text, speaker, at: at + i * 1000 }));
    // the question's words only, every turn of the session kept at its own score
    const cut = { validAt: at + 60_000, knownAt: at + 60_000, k: 5, vectorWeight: 0, feedback: 0, diversity: 1 };
    const run = (speakerNeighbour: number): Map<string, number> =>
      new Map(mem.recall('What happened at the museum?', { ...cut, speakerNeighbour }).episodes.map((e) => [e.id, e.score]));
    const off = run(0);
    const on = run(1);
    expect([...off.keys()]).toEqual(['m1', 'c0', 'c1', 'm2', 'c2']);
    expect(off.get('m2')).toBe(off.get('c2'));
    // "They" in m2 is what Melanie said before it: m2 now ranks next to m1; the other speaker's turns are unchanged
    expect([...on.keys()]).toEqual(['m1', 'm2', 'c0', 'c1', 'c2']);
    for (const id of ['c0', 'c1', 'c2']) expect(on.get(id)).toBe(off.get(id));
    // backwards only: a turn is not lifted by what its speaker says next
    const m1 = (speakerNeighbour: number): number => mem.recall('dinosaurs', { ...cut, speakerNeighbour }).episodes.find((e) => e.id === 'm1')!.score;
    expect(m1(1)).toBe(m1(0));
    expect(() => mem.recall('museum', { speakerNeighbour: -1 })).toThrow(/MemoryGraph.recall: speakerNeighbour/);
  });
});

describe('a question asking when', () => {
  it('lifts the turns that say when, only for such a question', () => {
    const at = Date.UTC(2023, 4, 10, 12);
    const mem = new MemoryGraph({ now: () => at + 60_000 });
    mem.episode({ id: 'plain', text: 'The pottery class was so relaxing.', speaker: 'Mel', at });
    mem.episode({ id: 'other', text: 'Sounds lovely!', speaker: 'Caro', at: at + 1000 });
    mem.episode({ id: 'dated', text: 'I went to a pottery class yesterday, so relaxing.', speaker: 'Mel', at: at + 2000 });
    const cut = { validAt: at + 60_000, knownAt: at + 60_000, k: 3, vectorWeight: 0, feedback: 0, diversity: 1, speakerNeighbour: 0 };
    const score = (q: string, id: string, o: object = {}): number => mem.recall(q, { ...cut, ...o }).episodes.find((e) => e.id === id)!.score;
    const q = 'When did Mel go to the pottery class?';
    expect(score(q, 'dated', { whenLift: 0.5 }) / score(q, 'dated', { whenLift: 0 })).toBeCloseTo(1.5, 9);
    expect(score(q, 'plain', { whenLift: 0.5 })).toBe(score(q, 'plain', { whenLift: 0 }));
    // the same words without asking when, or with the question's time switched off: nothing is lifted
    const what = 'What did Mel say about the pottery class?';
    expect(score(what, 'dated', { whenLift: 0.5 })).toBe(score(what, 'dated', { whenLift: 0 }));
    expect(score(q, 'dated', { whenLift: 0.5, temporal: false })).toBe(score(q, 'dated', { whenLift: 0, temporal: false }));
    expect(() => mem.recall(q, { whenLift: Number.NaN })).toThrow(/MemoryGraph.recall: whenLift/);
  });
});
