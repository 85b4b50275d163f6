import { describe, expect, it } from 'vitest';
import { AbortError, EmbedderMismatchError, IngestError, InvalidArgumentError, TimeOrderError } from '../src/errors.js';
import { ingestEpisode } from '../src/ingest/episode.js';
import { ingest } from '../src/ingest/pipeline.js';
import type { IngestProgress, IngestTurn } from '../src/ingest/pipeline.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { HashEmbedder, builtInEmbedderId } from '../src/recall/embedder.js';
import type { Embedder } from '../src/recall/embedder.js';
import { episodeEmbeddingText } from '../src/recall/embedding-text.js';
import { RuleExtractor } from '../src/recall/extractor.js';
import type { Extraction, Extractor, Turn } from '../src/recall/extractor.js';
import { mulberry32 } from '../src/util/random.js';
import { vectorToText } from '../src/util/vector-text.js';
import { tablesOf } from '@palimpsest/core/internal';

const JAN1 = Date.UTC(2024, 0, 1);
const MIN = 60_000;
/** A cut after everything the tests write (their clocks start ten days after JAN1 and tick by 1 ms). */
const LATER = JAN1 + 365 * 24 * 60 * MIN;
const CUT = { validAt: LATER, knownAt: LATER };

const LINES: Array<[string, string]> = [
  ['Alice', 'I moved to Lisbon last month and started at Acme.'],
  ['Bob', 'Nice! Does Acme still build the climbing app?'],
  ['Alice', 'Yes, with Carol. We use PostgreSQL and Kafka.'],
  ['Bob', 'I went hiking with Dana in the Alps yesterday.'],
  ['Alice', 'Dana told me about the trip. Was the weather good?'],
  ['Bob', 'Great weather. My sister Erin joined us too.'],
  ['Alice', 'Say hi to Erin. Is she still at the museum in Porto?'],
  ['Bob', 'She left the museum and now teaches painting.'],
  ['Alice', 'I would love a painting class. Carol paints too.'],
  ['Bob', 'Then let us all go to a class next Friday.'],
];

function turns(n = LINES.length): IngestTurn[] {
  return LINES.slice(0, n).map(([speaker, text], i) => ({ id: `D1:${i + 1}`, speaker, text, at: JAN1 + i * MIN }));
}

/** A counter clock: every memory built the same way gets the same record times. */
function clock(): () => number {
  let t = JAN1 + 10 * 24 * 60 * MIN;
  return () => ++t;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An async embedder over HashEmbedder vectors: answers after a random short delay, so batches finish out of order. */
class SlowEmbedder implements Embedder {
  readonly dimensions = 32;
  readonly id: string;
  readonly inner = new HashEmbedder({ dimensions: 32 });
  readonly calls: string[][] = [];
  inFlight = 0;
  maxInFlight = 0;
  failWhen: ((texts: readonly string[]) => boolean) | undefined;
  private readonly random = mulberry32(7);
  constructor(id = 'slow-hash-32') {
    this.id = id;
  }
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls.push([...texts]);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await sleep(Math.floor(this.random() * 6));
      if (this.failWhen?.(texts)) throw new Error('model server said no');
      return this.inner.embed(texts);
    } finally {
      this.inFlight--;
    }
  }
}

/** A stateless async extractor: the speaker mentions every capitalised word after the first. */
class SlowExtractor implements Extractor {
  readonly id = 'slow-caps';
  readonly batches: string[][] = [];
  inFlight = 0;
  maxInFlight = 0;
  bad: string | undefined;
  failOn: string | undefined;
  private readonly random = mulberry32(11);
  async extract(batch: readonly Turn[]): Promise<Extraction[]> {
    this.batches.push(batch.map((t) => t.id));
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await sleep(Math.floor(this.random() * 6));
      if (batch.some((t) => t.id === this.failOn)) throw new Error('rate limited');
      return batch.map((t) => {
        const names = [...new Set(t.text.split(/\W+/).slice(1).filter((w) => /^[A-Z][a-z]+$/.test(w)))];
        const facts: Extraction['facts'] = names.map((n) => ({ subject: t.speaker!, predicate: 'mentions', object: n, confidence: t.id === this.bad ? 7 : 0.9, evidence: t.text }));
        // a fact whose object the extractor did not list as an entity
        facts.push({ subject: t.speaker!, predicate: 'said_at', object: `Place ${t.id}`, confidence: 0.8 });
        return { entities: [{ name: t.speaker!, type: 'person' }, ...names.map((name) => ({ name }))], facts };
      });
    } finally {
      this.inFlight--;
    }
  }
}

function episodeOrder(mem: MemoryGraph): string[] {
  return mem.log().flatMap((op) => (op.type === 'episode' ? [op.id] : []));
}

describe('ingest: the default models', () => {
  it('with the built-in RuleExtractor writes exactly what ingestEpisode turn by turn writes', async () => {
    const a = new MemoryGraph({ now: clock() });
    const b = new MemoryGraph({ now: clock() });
    const summary = await ingest(a, turns(), { batchSize: 3, concurrency: 2 });
    for (const t of turns()) ingestEpisode(b, t);
    expect(a.log()).toEqual(b.log());
    expect(summary.written).toBe(10);
    expect(summary.facts).toBe(a.log().filter((op) => op.type === 'assert').length);
  });

  it('RuleExtractor.extract takes a batch and answers per turn, in order', () => {
    const batch = turns(4).map((t) => ({ ...t, at: t.at as number }));
    const one = new RuleExtractor();
    const each = batch.map((t) => one.extract([t])[0]!); // the same extractor, one turn a call
    expect(new RuleExtractor().extract(batch)).toEqual(each);
    expect(() => new RuleExtractor().extract('x' as never)).toThrow(/^RuleExtractor\.extract: turns must be an array/);
  });
});

describe('ingest: asynchronous models, batches and order', () => {
  it('batches the model calls, keeps at most `concurrency` in flight, and writes in the turns order', async () => {
    const embedder = new SlowEmbedder();
    const extractor = new SlowExtractor();
    const mem = new MemoryGraph({ now: clock(), embedder });
    const progress: IngestProgress[] = [];
    const summary = await ingest(mem, turns(), { extractor, batchSize: 3, concurrency: 2, onProgress: (p) => progress.push(p) });
    expect(extractor.batches).toEqual([['D1:1', 'D1:2', 'D1:3'], ['D1:4', 'D1:5', 'D1:6'], ['D1:7', 'D1:8', 'D1:9'], ['D1:10']]);
    expect(extractor.maxInFlight).toBeLessThanOrEqual(2);
    expect(embedder.maxInFlight).toBeLessThanOrEqual(2);
    expect(embedder.calls).toHaveLength(4); // one embedding call per batch: episode texts and new names together
    expect(episodeOrder(mem)).toEqual(turns().map((t) => t.id));
    // record time never goes back in the log
    const stamps = mem.log().flatMap((op) => ('recordedAt' in op ? [op.recordedAt] : []));
    expect(stamps).toEqual([...stamps].sort((x, y) => x - y));
    expect(progress.map((p) => p.written)).toEqual([3, 6, 9, 10]);
    expect(progress.at(-1)).toEqual({ written: 10, skipped: 0, total: 10, lastTurnId: 'D1:10' });
    expect(summary).toMatchObject({ written: 10, skipped: 0, rejected: 0 });
  });

  it('stores the embedder vectors with episodes and new entities (fact ends included), and evidence as reason', async () => {
    const embedder = new SlowEmbedder();
    const mem = new MemoryGraph({ now: clock(), embedder });
    await ingest(mem, turns(3), { extractor: new SlowExtractor(), batchSize: 2 });
    const hash = embedder.inner;
    for (const t of turns(3)) {
      const ep = mem.log().find((op) => op.type === 'episode' && op.id === t.id) as { vector?: string };
      expect(ep.vector).toEqual(vectorToText(hash.embedText(episodeEmbeddingText(t.text, t.speaker))));
    }
    const place = mem.log().find((op) => op.type === 'entity' && op.name === 'Place D1:2') as { vector?: string } | undefined;
    expect(place?.vector).toEqual(vectorToText(hash.embedText('Place D1:2')));
    for (let e = 0; e < tablesOf(mem)!.entities.count; e++) expect(tablesOf(mem)!.entities.vectorOf(e)).toBeDefined();
    const lisbon = mem.facts({ subject: 'Alice', object: 'Lisbon' });
    expect(lisbon).toHaveLength(1);
    expect(lisbon[0]).toMatchObject({ reason: LINES[0]![1], evidence: ['D1:1'], episode: 'D1:1', validFrom: JAN1 });
  });

  it('recallAsync embeds the query and equals recall with that vector; sync recall works from stored vectors', async () => {
    const embedder = new SlowEmbedder();
    const mem = new MemoryGraph({ now: clock(), embedder });
    await ingest(mem, turns(), { extractor: new SlowExtractor() });
    const q = 'Where does Erin teach painting?';
    const vector = embedder.inner.embedText(q);
    const viaAsync = await mem.recallAsync(q, { k: 5, ...CUT });
    expect(viaAsync.episodes.length).toBeGreaterThan(0);
    expect(mem.recall(q, { k: 5, vector, ...CUT })).toEqual(viaAsync);
    // the same memory built with a synchronous embedder of the same id recalls the same
    const sync: Embedder = { id: embedder.id, dimensions: 32, embed: (t) => embedder.inner.embed(t) };
    const twin = new MemoryGraph({ now: clock(), embedder: sync });
    await ingest(twin, turns(), { extractor: new SlowExtractor() });
    expect(twin.recall(q, { k: 5, ...CUT })).toEqual(viaAsync);
    // without a vector, sync recall would have to embed the query: refused by name
    expect(() => mem.recall(q)).toThrow(/^MemoryGraph\.recall: the embedder "slow-hash-32" answers asynchronously; use recallAsync/);
  });

  it('recallAsync embeds what was written without vectors (episode() calls) before recalling', async () => {
    const embedder = new SlowEmbedder();
    const mem = new MemoryGraph({ now: clock(), embedder });
    mem.episode({ id: 'a', text: 'the lake at sunrise', at: JAN1 });
    mem.entity({ name: 'Lake Geneva' });
    const r = await mem.recallAsync('sunrise over a lake');
    expect(r.episodes[0]!.id).toBe('a');
    expect(embedder.calls.flat()).toEqual(expect.arrayContaining(['sunrise over a lake', 'the lake at sunrise', 'Lake Geneva']));
    const sync = new MemoryGraph({ now: clock(), embedder: new HashEmbedder({ dimensions: 32 }) });
    sync.episode({ id: 'a', text: 'the lake at sunrise', at: JAN1 });
    sync.entity({ name: 'Lake Geneva' });
    expect(await sync.recallAsync('sunrise over a lake', CUT)).toEqual(sync.recall('sunrise over a lake', CUT));
  });
});

describe('ingest: failures write nothing of the failed turn', () => {
  it('a failed embedder call stops at its batch: earlier turns whole, nothing of the batch or later', async () => {
    const embedder = new SlowEmbedder();
    embedder.failWhen = (texts) => texts.some((t) => t.includes('Great weather'));
    const mem = new MemoryGraph({ now: clock(), embedder });
    const error = await ingest(mem, turns(), { extractor: new SlowExtractor(), batchSize: 2, concurrency: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).turnId).toBe('D1:5');
    expect((error as IngestError).turnIndex).toBe(4);
    expect((error as Error).message).toMatch(/^ingest: the embedder failed on turns "D1:5" to "D1:6".*nothing of turn "D1:5" or later was written: Error: model server said no/);
    expect(episodeOrder(mem)).toEqual(['D1:1', 'D1:2', 'D1:3', 'D1:4']);
    // exactly what a run over the first four turns writes
    const four = new MemoryGraph({ now: clock(), embedder: new SlowEmbedder() });
    await ingest(four, turns(4), { extractor: new SlowExtractor(), batchSize: 2 });
    expect(mem.log()).toEqual(four.log());
  });

  it('an unusable extraction for one turn writes the turns before it in its batch, and names it', async () => {
    const extractor = new SlowExtractor();
    extractor.bad = 'D1:3';
    const mem = new MemoryGraph({ now: clock() });
    const error = await ingest(mem, turns(), { extractor, batchSize: 4 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as Error).message).toMatch(/^ingest: turn "D1:3" \(turns\[2\]\) was not written: ingest: the extractor returned confidence 7/);
    expect(episodeOrder(mem)).toEqual(['D1:1', 'D1:2']);
    expect(mem.getEntity('Place D1:3')).toBeUndefined();
  });

  it('a failed extractor call, an answer of the wrong length and vectors of the wrong size are refused alike', async () => {
    const extractor = new SlowExtractor();
    extractor.failOn = 'D1:1';
    const mem = new MemoryGraph({ now: clock() });
    await expect(ingest(mem, turns(), { extractor })).rejects.toThrow(/^ingest: the extractor failed on turns "D1:1" to "D1:10".*rate limited/);
    const short: Extractor = { id: 'short', extract: (b) => b.slice(1).map(() => ({ entities: [], facts: [] })) };
    await expect(ingest(mem, turns(), { extractor: short })).rejects.toThrow(/returned 9 extractions for 10 turns/);
    const wrong: Embedder = { id: 'wrong', dimensions: 8, embed: (t) => t.map(() => new Float32Array(4)) };
    const m8 = new MemoryGraph({ now: clock(), embedder: wrong });
    await expect(ingest(m8, turns(2), { extractor: null })).rejects.toThrow(IngestError);
    expect(mem.log()).toHaveLength(1);
    expect(m8.log()).toHaveLength(1);
  });

  it('bad turns and options are refused before any model call, with named errors', async () => {
    const extractor = new SlowExtractor();
    const mem = new MemoryGraph({ now: clock() });
    const cases: Array<[unknown, unknown, RegExp]> = [
      ['nope', {}, /^ingest: turns must be an array/],
      [[{ id: '', text: 'x', at: JAN1 }], {}, /^ingest: turns\[0\]: id must be a non-empty string/],
      [[{ id: 'a', text: 'x', at: 'soon' }], {}, /^ingest: turns\[0\]: at/],
      [[{ id: 'a', text: 'x', at: JAN1 }, { id: 'a', text: 'y', at: JAN1 }], {}, /appears twice/],
      [[{ id: 'a', text: 'x', at: JAN1, vector: [1] }], {}, /no vector or entities|keeps no vectors/],
      [turns(2), { batchSize: 0 }, /^ingest: batchSize \(0\)/],
      [turns(2), { concurrency: 1.5 }, /^ingest: concurrency \(1\.5\)/],
      [turns(2), { signal: {} }, /^ingest: signal must be an AbortSignal/],
      [turns(2), { extractor: { extract: 3 } }, /^ingest: extractor must have an extract\(turns\) method/],
    ];
    for (const [t, o, re] of cases) {
      await expect(ingest(mem, t as IngestTurn[], { extractor, ...(o as object) }), String(re)).rejects.toThrow(re);
    }
    const late = [{ id: 'a', text: 'x', at: JAN1, recordedAt: JAN1 + 5 }, { id: 'b', text: 'y', at: JAN1, recordedAt: JAN1 + 1 }];
    await expect(ingest(mem, late, { extractor })).rejects.toThrow(TimeOrderError);
    expect(extractor.batches).toEqual([]);
    expect(mem.log()).toHaveLength(1);
  });
});

describe('ingest: abort and resume', () => {
  it('an abort keeps the batches written; the same call again skips them and finishes like an uninterrupted run', async () => {
    const whole = new MemoryGraph({ now: clock(), embedder: new SlowEmbedder() });
    await ingest(whole, turns(), { extractor: new SlowExtractor(), batchSize: 3 });

    const embedder = new SlowEmbedder();
    const mem = new MemoryGraph({ now: clock(), embedder });
    const controller = new AbortController();
    const error = await ingest(mem, turns(), {
      extractor: new SlowExtractor(),
      batchSize: 3,
      signal: controller.signal,
      onProgress: (p) => p.written >= 3 && controller.abort(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).message).toMatch(/^ingest: aborted after writing 3 turns; turn "D1:4" \(turns\[3\]\) and later were not written/);
    expect(episodeOrder(mem)).toEqual(['D1:1', 'D1:2', 'D1:3']);
    const again = await ingest(mem, turns(), { extractor: new SlowExtractor(), batchSize: 3 });
    expect(again).toMatchObject({ written: 7, skipped: 3 });
    expect(mem.log()).toEqual(whole.log());
  });

  it('resumes after a failure from the log: replay, then the same turns again', async () => {
    const whole = new MemoryGraph({ now: clock(), embedder: new SlowEmbedder() });
    await ingest(whole, turns(), { extractor: new SlowExtractor(), batchSize: 2 });

    const failing = new SlowEmbedder();
    failing.failWhen = (texts) => texts.some((t) => t.includes('museum in Porto'));
    const now = clock();
    const mem = new MemoryGraph({ now, embedder: failing });
    await expect(ingest(mem, turns(), { extractor: new SlowExtractor(), batchSize: 2 })).rejects.toThrow(IngestError);
    const resumed = MemoryGraph.replay(mem.log(), { embedder: new SlowEmbedder(), now });
    const summary = await ingest(resumed, turns(), { extractor: new SlowExtractor(), batchSize: 2 });
    expect(summary.skipped).toBe(6);
    expect(episodeOrder(resumed)).toEqual(turns().map((t) => t.id));
    expect(resumed.facts({ knownAt: LATER }).length).toBe(whole.facts({ knownAt: LATER }).length);
  });

  it('an already aborted signal starts nothing', async () => {
    const extractor = new SlowExtractor();
    const mem = new MemoryGraph({ now: clock() });
    await expect(ingest(mem, turns(), { extractor, signal: AbortSignal.abort() })).rejects.toThrow(AbortError);
    expect(extractor.batches).toEqual([]);
    expect(mem.log()).toHaveLength(1);
  });
});

describe('the embedder is part of the memory configuration', () => {
  it('is logged in the init op and refused by name on replay and fromState when another is given', () => {
    const mem = new MemoryGraph({ now: clock(), embedder: new SlowEmbedder('model-a') });
    mem.episode({ id: 'a', text: 'hello', at: JAN1 });
    expect(mem.log()[0]).toMatchObject({ type: 'init', dimensions: 32, embedder: { id: 'model-a', dimensions: 32 } });
    const other = new SlowEmbedder('model-b');
    for (const open of [() => MemoryGraph.replay(mem.log(), { embedder: other }), () => MemoryGraph.fromState(mem.exportState(), { embedder: other })]) {
      expect(open).toThrow(EmbedderMismatchError);
      expect(open).toThrow(/embedder "model-a" \(32 dimensions\), not from the embedder given, "model-b" \(32 dimensions\)/);
    }
    expect(() => MemoryGraph.replay(mem.log(), { embedder: other })).toThrow(/^MemoryGraph\.replay: /);
    expect(() => MemoryGraph.fromState(mem.exportState(), { embedder: other })).toThrow(/^MemoryGraph\.fromState: /);
    // the same model opens it; it keeps its configuration through replay and export
    const same = MemoryGraph.replay(mem.log(), { embedder: new SlowEmbedder('model-a') });
    expect(same.log()).toEqual(mem.log());
    expect(MemoryGraph.fromState(mem.exportState(), { embedder: new SlowEmbedder('model-a') }).exportState()).toEqual(mem.exportState());
  });

  it('opened without its embedder, every read works and recall refuses by name when it would embed', async () => {
    const mem = new MemoryGraph({ now: clock(), embedder: new SlowEmbedder('model-a') });
    await ingest(mem, turns(3), { extractor: new SlowExtractor() });
    const bare = MemoryGraph.replay(mem.log());
    expect(bare.embedderConfig).toEqual({ id: 'model-a', dimensions: 32 });
    expect(bare.facts({ knownAt: LATER })).toEqual(mem.facts({ knownAt: LATER }));
    expect(bare.log()).toEqual(mem.log());
    expect(() => bare.recall('Lisbon')).toThrow(EmbedderMismatchError);
    await expect(bare.recallAsync('Lisbon')).rejects.toThrow(EmbedderMismatchError);
    await expect(ingest(bare, turns(), { extractor: new SlowExtractor() })).rejects.toThrow(/^ingest: this memory's vectors come from embedder "model-a", and it was opened without it/);
    expect(bare.log()).toEqual(mem.log());
    expect(() => bare.recall('Lisbon')).toThrow(/^MemoryGraph\.recall: this memory's vectors come from embedder "model-a".*opened without it/);
    // every vector is stored: with a query vector recall needs no model
    const vector = new HashEmbedder({ dimensions: 32 }).embedText('Lisbon');
    expect(bare.recall('Lisbon', { vector }).episodes.map((e) => e.id)).toEqual(mem.recall('Lisbon', { vector }).episodes.map((e) => e.id));
  });

  it('an old log without an embedder means the built-in one: same logs, and another model is refused', async () => {
    const mem = new MemoryGraph({ now: clock(), dimensions: 64 });
    mem.episode({ id: 'a', text: 'hello', at: JAN1 });
    expect(mem.log()[0]).not.toHaveProperty('embedder');
    expect(mem.embedderConfig).toBeUndefined();
    // a HashEmbedder with the default settings is the built-in one: nothing extra is logged
    expect(new MemoryGraph({ now: clock(), embedder: new HashEmbedder({ dimensions: 64 }) }).log()[0]).toEqual(mem.log()[0]);
    expect(MemoryGraph.replay(mem.log(), { embedder: new HashEmbedder({ dimensions: 64 }) }).log()).toEqual(mem.log());
    const open = () => MemoryGraph.replay(mem.log(), { embedder: new SlowEmbedder('model-a') });
    expect(open).toThrow(EmbedderMismatchError);
    expect(open).toThrow(new RegExp(`embedder "${builtInEmbedderId(64).replace(/[.]/g, '\\.')}" \\(64 dimensions\\)`));
    await expect(ingest(mem, turns(1), { embedder: new SlowEmbedder('model-a') })).rejects.toThrow(EmbedderMismatchError);
  });

  it('HashEmbedder ids name every parameter; bad embedders are refused by name', () => {
    expect(new HashEmbedder().id).toBe('hash-ngram-v1:d=256,u=1,b=0.5,t=0.25');
    expect(new HashEmbedder({ dimensions: 64, trigramWeight: 0 }).id).toBe('hash-ngram-v1:d=64,u=1,b=0.5,t=0');
    expect(builtInEmbedderId(0)).toBe(new HashEmbedder().id);
    expect(() => new MemoryGraph({ embedder: { dimensions: 8, embed: () => [] } as unknown as Embedder })).toThrow(/^new MemoryGraph: embedder\.id must be a non-empty string/);
    expect(() => new MemoryGraph({ embedder: { id: 'x', dimensions: 0, embed: () => [] } })).toThrow(InvalidArgumentError);
  });
});

describe('sync recall with an asynchronous embedder', () => {
  it('refuses by name without changing the recall index, and recallAsync then finds everything', async () => {
    const embedder = new SlowEmbedder();
    const mem = new MemoryGraph({ now: clock(), embedder });
    mem.episode({ id: 'a', text: 'the lake at sunrise', at: JAN1, vector: embedder.inner.embedText('the lake at sunrise') });
    mem.episode({ id: 'b', text: 'a quarterly budget review', at: JAN1 });
    const vector = embedder.inner.embedText('budget review');
    for (let i = 0; i < 2; i++) expect(() => mem.recall('budget review', { vector, ...CUT })).toThrow(/answers asynchronously; use recallAsync/);
    const r = await mem.recallAsync('budget review', { vector, ...CUT });
    expect(r.episodes.map((e) => e.id)).toEqual(['b', 'a']); // the match first; recall returns k episodes when that many exist
    expect(mem.recall('budget review', { vector, ...CUT })).toEqual(r);
  });
});

describe('MemoryView.recallAsync', () => {
  it('embeds the question, then recalls at the view\'s cut exactly as recall with that vector does', async () => {
    const embedder = new SlowEmbedder();
    const mem = new MemoryGraph({ now: clock(), embedder });
    await ingest(mem, turns(5), { extractor: new SlowExtractor() });
    const knownThen = mem.log().at(-1)!.recordedAt;
    await ingest(mem, turns().slice(5), { extractor: new SlowExtractor() });
    const q = 'Where does Erin teach painting?';
    const calls = embedder.calls.length;
    const view = mem.at({ validAt: LATER, knownAt: knownThen });
    const past = await view.recallAsync(q, { k: 10 });
    expect(embedder.calls.slice(calls)).toEqual([[q]]);
    // only the five turns the memory knew at that record time come back
    expect(past.episodes.map((e) => e.id).sort()).toEqual(['D1:1', 'D1:2', 'D1:3', 'D1:4', 'D1:5']);
    const vector = embedder.inner.embedText(q);
    expect(mem.recall(q, { k: 10, vector, validAt: LATER, knownAt: knownThen })).toEqual(past);
    expect(await mem.recallAsync(q, { k: 10, validAt: LATER, knownAt: knownThen })).toEqual(past);
    // now the answer (D1:8) is known
    expect((await mem.at(CUT).recallAsync(q, { k: 1 })).episodes[0]!.id).toBe('D1:8');
    // a given vector is used as it is: no model call
    const before = embedder.calls.length;
    expect(await view.recallAsync(q, { k: 10, vector })).toEqual(past);
    expect(embedder.calls.length).toBe(before);
  });

  it('rejects (does not throw) a cut in its options or bad options, by name, and writes nothing', async () => {
    const mem = new MemoryGraph({ now: clock(), embedder: new SlowEmbedder() });
    await ingest(mem, turns(3), { extractor: new SlowExtractor() });
    const log = mem.log();
    const view = mem.at(CUT);
    const withCut = view.recallAsync('Lisbon', { knownAt: JAN1 } as never);
    expect(withCut).toBeInstanceOf(Promise);
    await expect(withCut).rejects.toThrow(InvalidArgumentError);
    await expect(view.recallAsync('Lisbon', { validAt: JAN1 } as never)).rejects.toThrow(/^MemoryGraph\.recallAsync: /);
    await expect(view.recallAsync('Lisbon', { k: -1 })).rejects.toThrow(InvalidArgumentError);
    await expect(view.recallAsync('Lisbon', { vector: new Float32Array(5) })).rejects.toThrow(InvalidArgumentError);
    expect(mem.log()).toEqual(log);
  });
});

describe('an asynchronous embedder behind synchronous writes', () => {
  it('is called synchronously once, its dropped promise never rejects unhandled, and later writes do not call it', async () => {
    const embedder = new SlowEmbedder();
    embedder.failWhen = () => true; // every promise it returns rejects
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown): void => void unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const mem = new MemoryGraph({ now: clock(), embedder });
      mem.episode({ id: 'a', text: 'the lake at sunrise', at: JAN1 });
      mem.entity({ name: 'Lake Geneva' });
      mem.episode({ id: 'b', text: 'a budget review', at: JAN1 });
      expect(embedder.calls).toHaveLength(1);
      await sleep(20);
      expect(unhandled).toEqual([]);
      expect(() => mem.recall('lake')).toThrow(/answers asynchronously; use recallAsync/);
      expect(embedder.calls).toHaveLength(1);
      await expect(mem.recallAsync('lake')).rejects.toThrow(/model server said no/);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
