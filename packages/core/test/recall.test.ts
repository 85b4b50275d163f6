import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { ingestEpisode } from '../src/ingest/episode.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { RECALL_DEFAULTS } from '../src/graph/recall-engine.js';
import type { RecallResult } from '../src/graph/recall-engine.js';
import type { Embedder } from '../src/recall/embedder.js';
import { HashEmbedder } from '../src/recall/embedder.js';
import { estimateTokens } from '../src/recall/text.js';
import type { Fact } from '../src/types.js';
import { tablesOf } from '@palimpsest/core/internal';

const JAN1 = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;
const QUESTION = "What technologies does Alex's team use?";

const objectName = (f: Fact): string => ('name' in f.object ? f.object.name : String(f.object.value));
const line = (f: Fact): string => `${f.subject.name} ${f.predicate} ${objectName(f)}`;

/** Alex's team and two distractor teams; distractors are written first, so ties by id would favour them. */
function twoHopMemory(): MemoryGraph {
  let t = JAN1;
  const mem = new MemoryGraph({ now: () => t });
  const a = (s: string, p: string, o: string): void => {
    mem.assert({ subject: s, predicate: p, object: o });
    t += 1000;
  };
  a('Bob', 'works_on', 'ProjectY');
  for (const x of ['MongoDB', 'Redis', 'Kafka']) a('ProjectY', 'uses', x);
  a('Carol', 'works_on', 'ProjectZ');
  for (const x of ['MySQL', 'RabbitMQ']) a('ProjectZ', 'uses', x);
  a('Alex', 'works_on', 'ProjectX');
  for (const x of ['PostgreSQL', 'Typesense', 'Node.js']) a('ProjectX', 'uses', x);
  return mem;
}

describe('recall: the two-hop example', () => {
  for (const strategy of ['activation', 'bfs'] as const) {
    it(`${strategy}: Alex's project's technologies rank above every distractor's`, () => {
      const mem = twoHopMemory();
      const r = mem.recall(QUESTION, { strategy, k: 20 });
      const uses = r.facts.filter((f) => f.predicate === 'uses');
      const ranked = uses.map(objectName);
      expect(ranked.slice(0, 3).sort()).toEqual(['Node.js', 'PostgreSQL', 'Typesense']);
      expect(ranked).toHaveLength(8); // the distractors are found, just ranked lower
      // scores strictly separate the two groups
      const ours = uses.filter((f) => f.subject.name === 'ProjectX').map((f) => f.score);
      const theirs = uses.filter((f) => f.subject.name !== 'ProjectX').map((f) => f.score);
      expect(Math.min(...ours)).toBeGreaterThan(Math.max(...theirs));
      // best first, and Alex's own fact is found too
      for (let i = 1; i < r.facts.length; i++) expect(r.facts[i]!.score).toBeLessThanOrEqual(r.facts[i - 1]!.score);
      expect(r.facts.some((f) => line(f) === 'Alex works_on ProjectX')).toBe(true);
      // every path is a chain of entity ids that ends at one of the fact's endpoints
      for (const f of r.facts) {
        expect(f.path.length).toBeGreaterThan(0);
        const ends = [f.subject.id, ...('id' in f.object ? [f.object.id] : [])];
        expect(ends).toContain(f.path[f.path.length - 1]);
      }
    });
  }

  it('a path reaches a fact two hops from the only seed', () => {
    // Only an episode matches the query; it mentions Alex, so Alex is the one seed.
    const mem = twoHopMemory();
    mem.episode({ id: 'kickoff', text: 'Kickoff in the spring, welcome aboard', at: JAN1, entities: ['Alex'] });
    const alex = mem.getEntity('Alex')!.id;
    const projectX = mem.getEntity('ProjectX')!.id;
    const r = mem.recall('spring kickoff', { k: 20 });
    expect(r.episodes.map((e) => e.id)).toEqual(['kickoff']);
    expect(r.entities[0]!.id).toBe(alex);
    const pg = r.facts.find((f) => objectName(f) === 'PostgreSQL');
    expect(pg?.path).toEqual([alex, projectX]);
    expect(r.facts.find((f) => line(f) === 'Alex works_on ProjectX')?.path).toEqual([alex]);
    // the distractor teams are not connected to Alex: nothing of theirs is recalled
    expect(r.facts.filter((f) => f.subject.name !== 'Alex' && f.subject.name !== 'ProjectX')).toEqual([]);
  });
});

describe('recall at a cut', () => {
  // The worked example's shape: the database changed on Mar 1 and the memory learned it on Mar 15.
  const MAR1 = Date.UTC(2024, 2, 1);
  const MAR5 = Date.UTC(2024, 2, 5);
  const MAR15 = Date.UTC(2024, 2, 15);
  function build(): MemoryGraph {
    let t = JAN1;
    const mem = new MemoryGraph({ now: () => t, predicates: { database: { cardinality: 'one' } } });
    mem.assert({ subject: 'ProjectX', predicate: 'database', object: 'PostgreSQL', validFrom: JAN1 });
    mem.assert({ subject: 'ProjectX', predicate: 'owner', object: 'Alex', validFrom: JAN1 });
    t = MAR15;
    mem.assert({ subject: 'ProjectX', predicate: 'database', object: 'MySQL', validFrom: MAR1 });
    t = MAR15 + DAY;
    return mem;
  }
  const dbs = (r: RecallResult): string[] => r.facts.filter((f) => f.predicate === 'database').map(objectName);

  it('a superseded fact is recalled at a cut before its supersession and not after', () => {
    const mem = build();
    const q = 'Which database does ProjectX use?';
    expect(dbs(mem.recall(q, { validAt: MAR5, knownAt: MAR5 }))).toEqual(['PostgreSQL']);
    expect(dbs(mem.recall(q, { validAt: MAR5 }))).toEqual(['MySQL']);
    expect(dbs(mem.recall(q, { validAt: Date.UTC(2024, 1, 1) }))).toEqual(['PostgreSQL']);
    expect(dbs(mem.recall(q))).toEqual(['MySQL']);
    // before anything was recorded there is nothing to recall
    const empty = mem.recall(q, { validAt: JAN1 - DAY, knownAt: JAN1 - 1 });
    expect(empty.facts).toEqual([]);
    expect(empty.entities).toEqual([]);
    expect(empty.text).toBe('');
    // a view applies its cut
    expect(mem.at({ validAt: MAR5, knownAt: MAR5 }).recall(q)).toEqual(mem.recall(q, { validAt: MAR5, knownAt: MAR5 }));
  });

  it('archived versions are skipped unless includeArchived', () => {
    const mem = build();
    const id = mem.facts({ predicate: 'database' })[0]!.id;
    mem.archive([id]);
    const q = 'Which database does ProjectX use?';
    expect(dbs(mem.recall(q))).toEqual([]);
    expect(dbs(mem.recall(q, { includeArchived: true }))).toEqual(['MySQL']);
  });
});

describe('recall: episodes and ingestion', () => {
  function conversation(): { mem: MemoryGraph; set: (t: number) => void } {
    let t = JAN1;
    const mem = new MemoryGraph({ now: () => t });
    const turns = [
      ['Caroline', 'I went to the LGBTQ support group yesterday and it was so powerful.'],
      ['Melanie', 'That sounds great! I painted a lake sunrise last week for my kids.'],
      ['Caroline', 'I am thinking about a career in counseling, maybe at a mental health clinic.'],
      ['Melanie', 'Camping with the kids in the Rockies was the best trip this summer.'],
    ] as const;
    turns.forEach(([speaker, text], i) => {
      ingestEpisode(mem, { id: `D1:${i + 1}`, text, at: t, speaker });
      t += 60_000;
    });
    return { mem, set: (x) => (t = x) };
  }

  it('ingestEpisode records the episode and facts that point at it, at its record time', () => {
    const { mem } = conversation();
    const ep = mem.getEpisode('D1:3')!;
    expect(ep.recordedAt).toBe(JAN1 + 2 * 60_000);
    const facts = mem.facts().filter((f) => f.episode === 'D1:3');
    expect(facts.length).toBeGreaterThan(0);
    for (const f of facts) {
      expect(f.evidence).toContain('D1:3');
      expect(f.recordedAt).toBe(ep.recordedAt);
      expect(f.source).toBe('extractor');
    }
    expect(facts.some((f) => f.subject.name === 'Caroline' && f.predicate === 'plans')).toBe(true);
    // the episode mentions what was extracted from it
    const names = ep.entities.map((id) => mem.getEntity({ id })!.name);
    expect(names).toContain('caroline');
  });

  it('recall returns the episodes that answer, and none recorded after knownAt', () => {
    const { mem } = conversation();
    const r = mem.recall('What did Melanie paint?');
    expect(r.episodes[0]!.id).toBe('D1:2');
    expect(r.text).toContain('lake sunrise');
    const q = 'support group with the kids';
    expect(mem.recall(q).episodes.map((e) => e.id)).toEqual(expect.arrayContaining(['D1:1', 'D1:2', 'D1:4']));
    const before = mem.recall(q, { knownAt: JAN1 + 30_000 });
    expect(before.episodes.map((e) => e.id)).toEqual(['D1:1']);
    for (const f of before.facts) expect(f.recordedAt).toBeLessThanOrEqual(JAN1 + 30_000);
  });

  it('ingestEpisode refuses bad input and changes nothing', () => {
    const { mem } = conversation();
    const log = mem.log().length;
    expect(() => ingestEpisode(mem, { id: 'D1:1', text: 'again', at: JAN1 })).toThrow(/^ingestEpisode: episode "D1:1" already exists/);
    expect(() => ingestEpisode(mem, { id: 'x', text: 'Hi Bob', at: 'soon' })).toThrow(InvalidArgumentError);
    const bad = { id: 'bad', extract: () => [{ entities: [{ name: 'Ok' }], facts: [{ subject: 'Ok', predicate: 'p', object: 'Q', confidence: 2 }] }] };
    expect(() => ingestEpisode(mem, { id: 'y', text: 'Hi', at: JAN1 }, { extractor: bad })).toThrow(/^ingestEpisode: the extractor returned confidence 2/);
    expect(mem.log().length).toBe(log);
    expect(mem.getEpisode('y')).toBeUndefined();
    expect(mem.getEntity('Ok')).toBeUndefined();
  });
});

describe('recall: determinism, budget, options', () => {
  it('the same memory and query give the same ranking, built twice or asked twice', () => {
    const a = twoHopMemory();
    const b = twoHopMemory();
    for (const strategy of ['activation', 'bfs'] as const) {
      const first = a.recall(QUESTION, { strategy });
      expect(a.recall(QUESTION, { strategy })).toEqual(first);
      expect(b.recall(QUESTION, { strategy })).toEqual(first);
    }
  });

  it('the packed text never exceeds the token budget', () => {
    const mem = twoHopMemory();
    for (let i = 0; i < 6; i++) mem.episode({ id: `e${i}`, text: `Standup ${i}: Alex said ProjectX moved its search to Typesense and keeps PostgreSQL for billing.`, at: JAN1 + i });
    let prev = -1;
    for (const budget of [0, 3, 10, 25, 60, 120, 400, 5000]) {
      const r = mem.recall(QUESTION, { tokenBudget: budget });
      expect(r.tokens).toBeLessThanOrEqual(budget);
      expect(estimateTokens(r.text)).toBe(r.tokens);
      expect(r.tokens).toBeGreaterThanOrEqual(prev); // more room never packs less
      prev = r.tokens;
    }
    expect(mem.recall(QUESTION, { tokenBudget: 0 }).text).toBe('');
    expect(mem.recall(QUESTION, { tokenBudget: 5000 }).text).toContain('ProjectX uses PostgreSQL');
  });

  it('is a read unless track is set; track logs one touch of the returned facts', () => {
    const mem = twoHopMemory();
    const before = mem.log().length;
    mem.recall(QUESTION);
    expect(mem.log().length).toBe(before);
    const r = mem.recall(QUESTION, { track: true, k: 3 });
    const ops = mem.log().slice(before);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ type: 'retrieved', facts: r.facts.map((f) => f.id) });
    for (const f of r.facts) expect(mem.fact(f.id).retrievals).toBe(1);
  });

  it('k limits each list; hops 0 keeps to the seeds', () => {
    const mem = twoHopMemory();
    const r = mem.recall(QUESTION, { k: 2 });
    expect(r.facts).toHaveLength(2);
    expect(r.entities.length).toBeLessThanOrEqual(2);
    const flat = mem.recall('Alex', { hops: 0, k: 20 });
    expect(flat.facts.map(line)).toEqual(['Alex works_on ProjectX']);
  });

  it('uses the memory embedder and query vectors of the right length', () => {
    let calls = 0;
    const inner = new HashEmbedder({ dimensions: 32 });
    const counting: Embedder = { id: 'counting-32', dimensions: 32, embed: (t) => ((calls += t.length), inner.embed(t)) };
    let t = JAN1;
    const mem = new MemoryGraph({ now: () => ++t, dimensions: 32, embedder: counting });
    mem.episode({ id: 'a', text: 'the lake at sunrise', at: JAN1 });
    mem.episode({ id: 'b', text: 'quarterly budget review', at: JAN1, vector: inner.embedText('budget review') });
    expect(mem.recall('sunrise over a lake').episodes[0]!.id).toBe('a');
    expect(calls).toBe(2); // episode a and the query: b brought its own vector
    // 'budget' against 'budget review' is a partial match (cosine below the default floor of 0.5).
    const byVector = mem.recall('', { vector: inner.embedText('budget'), minSimilarity: 0.3 });
    expect(byVector.episodes[0]!.id).toBe('b');
    expect(() => mem.recall('x', { vector: [1, 2, 3] })).toThrow(/^MemoryGraph\.recall: vector must have 32 dimensions/);
    expect(() => new MemoryGraph({ dimensions: 16, embedder: counting })).toThrow(/^new MemoryGraph: the embedder makes 32-dimensional vectors; this memory uses 16/);
  });

  it('refuses bad arguments with named errors and changes nothing', () => {
    const mem = twoHopMemory();
    const log = mem.log().length;
    const bad: Array<[unknown, unknown, RegExp]> = [
      [42, {}, /query must be a string/],
      ['q', null, /options must be an object/],
      ['q', { k: -1 }, /k \(-1\)/],
      ['q', { k: 1.5 }, /k \(1\.5\)/],
      ['q', { tokenBudget: NaN }, /tokenBudget/],
      ['q', { strategy: 'dfs' }, /strategy must be/],
      ['q', { decay: 2 }, /decay \(2\)/],
      ['q', { edgeTypeWeights: { causal: -1 } }, /edgeTypeWeights\.causal/],
      ['q', { edgeTypeWeights: { friendly: 1 } }, /friendly is not an edge type/],
      ['q', { weights: { fame: 1 } }, /weights\.fame/],
      ['q', { validAt: 'yesterday' }, /validAt/],
      ['q', { track: 'yes' }, /track must be a boolean/],
    ];
    for (const [q, o, re] of bad) {
      let error: unknown;
      try {
        mem.recall(q as string, o as object);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(o)).toBeInstanceOf(InvalidArgumentError);
      expect((error as Error).message).toMatch(/^MemoryGraph\.recall: /);
      expect((error as Error).message).toMatch(re);
    }
    expect(mem.log().length).toBe(log);
    expect(RECALL_DEFAULTS.k).toBe(10);
  });
});

describe('a custom embedder survives replay and state export', () => {
  it('replay and fromState take the embedder, and recall uses it', () => {
    let calls = 0;
    const inner = new HashEmbedder({ dimensions: 16 });
    const counting: Embedder = { id: 'counting-16', dimensions: 16, embed: (t) => ((calls += t.length), inner.embed(t)) };
    let t = JAN1;
    const mem = new MemoryGraph({ now: () => ++t, dimensions: 16, embedder: counting });
    mem.episode({ id: 'a', text: 'the lake at sunrise', at: JAN1 });
    mem.assert({ subject: 'Ann', predicate: 'likes', object: 'Lake Constance' });
    // Loads index everything in their own pass, so the first recall embeds only the query. Deferred, a replay
    // still indexes each episode as it applies it (the assert's entities wait); a state load embeds nothing.
    const loads = [
      { load: () => MemoryGraph.replay(mem.log(), { embedder: counting }), atLoad: 3 },
      { load: () => MemoryGraph.fromState(mem.exportState(), { embedder: counting }), atLoad: 3 },
      { load: () => MemoryGraph.replay(mem.log(), { embedder: counting, recallIndex: 'first-recall' }), atLoad: 1 },
      { load: () => MemoryGraph.fromState(mem.exportState(), { embedder: counting, recallIndex: 'first-recall' }), atLoad: 0 },
    ];
    for (const { load, atLoad } of loads) {
      calls = 0;
      const again = load();
      expect(calls).toBe(atLoad); // the episode, and for a state load the two entities
      expect(again.recall('sunrise over a lake').episodes[0]!.id).toBe('a');
      expect(calls).toBe(4); // and the query
    }
  });

  it('refuses an unknown recallIndex by name', () => {
    const mem = new MemoryGraph({ now: () => JAN1 });
    mem.episode({ id: 'a', text: 'the lake', at: JAN1 });
    const state = mem.exportState();
    expect(() => MemoryGraph.fromState(state, { recallIndex: 'eager' as never })).toThrow(InvalidArgumentError);
    expect(() => MemoryGraph.fromState(state, { recallIndex: 'eager' as never })).toThrow(/^MemoryGraph\.fromState: recallIndex/);
    expect(() => MemoryGraph.replay(mem.log(), { recallIndex: 'eager' as never })).toThrow(/^MemoryGraph\.replay: recallIndex/);
  });

  it('indexes what asserts add at the next recall, not as each assert is written', () => {
    let calls = 0;
    const inner = new HashEmbedder({ dimensions: 16 });
    const counting: Embedder = { id: 'counting-16', dimensions: 16, embed: (t) => ((calls += t.length), inner.embed(t)) };
    let t = JAN1;
    const mem = new MemoryGraph({ now: () => ++t, dimensions: 16, embedder: counting });
    mem.assert({ subject: 'Ann', predicate: 'works_at', object: 'Zalando' });
    mem.assert({ subject: 'Ann', predicate: 'lives_in', object: 'Berlin' });
    expect(calls).toBe(0);
    expect(tablesOf(mem)!.recallIndex().pending()).toBe(5); // three entities, two facts
    expect(mem.recall('Where does Ann work?').facts[0]!.object).toMatchObject({ name: 'Zalando' });
    expect(calls).toBe(4); // the three entities and the query
    mem.recall('Where does Ann live?');
    expect(calls).toBe(5); // only the query
  });
});
