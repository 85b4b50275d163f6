/**
 * Recall's episode indexes kept in a snapshot (core snapshot/recall-indexes.ts), over seeded memories of
 * varied turns (speakers, sessions, dates, names in address): a loaded memory must answer every recall as the
 * live one does, also when its load deferred indexing, and its own snapshot must be the same bytes; further
 * writes extend the kept index as the live one was; a snapshot without them, or made by another tokenizer,
 * rebuilds; a damaged one is CorruptSnapshotError.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CorruptSnapshotError, ingestEpisode, MemoryGraph } from '@palimpsest/core';
import type { MemoryState } from '@palimpsest/core';
import { decodeSnapshot, decodeState, encodeSnapshot, encodeState } from '@palimpsest/persist';
import { buildFixtureMemory, FIXTURE_NOW } from './fixtures/build.js';
import { mulberry32 } from './helpers.js';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const END = START + 400 * DAY;
const now = () => END;

const WORDS = ('bike bikes servicing serviced garden gardening painted painting sunflowers recipe recipes cheaper marathon ' +
  'running runner physio knee Paris museum trip flights hotel budget guitar lessons daughter school apartment rent ' +
  'coffee beans espresso camera lens hiking boots vegetarian lasagna birthday party').split(' ');
const DATES = ['yesterday', 'two weeks ago', 'last Friday', 'on 8 May', 'next month', 'this morning', 'a few days ago'];
const NAMES = ['Maya', 'Jon', 'Caroline', 'Mel'];

/** One seeded turn: words, sometimes a date expression, a greeting or a name in address. */
function turnText(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const words = Array.from({ length: 3 + Math.floor(rand() * 14) }, () => pick(WORDS));
  if (rand() < 0.3) words.splice(Math.floor(rand() * words.length), 0, pick(DATES));
  const text = words.join(' ') + '.';
  const r = rand();
  if (r < 0.15) return `Hey ${pick(NAMES)}, ${text}`;
  if (r < 0.25) return `${text} Thanks, ${pick(NAMES)}!`;
  if (r < 0.3) return `${pick(NAMES)}, I ${text}`;
  return text;
}

/**
 * Seeded turns in sessions, each with a speaker (two named people or user/assistant), through ingestEpisode
 * (its extractor asserts facts), or as plain episodes naming their entities (`plain`).
 */
function writeTurns(mem: MemoryGraph, seed: number, count: number, from: number, plain = false): void {
  const rand = mulberry32(seed);
  const speakers = rand() < 0.5 ? ['user', 'assistant'] : ['Maya', 'Jon'];
  for (let i = 0; i < count; i++) {
    const n = from + i;
    const at = START + n * DAY;
    const session = rand() < 0.8 ? `s${Math.floor(n / 5)}` : undefined;
    const episode = { id: `t${n}`, text: turnText(rand), at, recordedAt: at, speaker: speakers[n % 2]!, ...(session === undefined ? {} : { session }) };
    if (plain) mem.episode({ ...episode, entities: NAMES.filter((name) => episode.text.includes(name)) });
    else ingestEpisode(mem, episode);
  }
}

const QUERIES = ['when did I service the bikes', 'what painting did Maya do', 'Paris museum trip budget', 'what did you recommend for my knee', 'Jon guitar lessons', 'vegetarian lasagna recipe for the birthday party'];

/** Every answer recall gives, at several k and one earlier cut. */
function recalls(mem: MemoryGraph): unknown[] {
  const out: unknown[] = [];
  for (const q of QUERIES) {
    out.push(mem.recall(q, { k: 5 }));
    out.push(mem.recall(q, { k: 20, validAt: START + 30 * DAY, knownAt: START + 30 * DAY }));
  }
  return out;
}

/** The state without the stored recall index, as a writer before it encoded it. */
function withoutIndex(state: MemoryState): MemoryState {
  const columns = Object.fromEntries(Object.entries(state.columns).filter(([k]) => !k.startsWith('recall.')));
  const strings = Object.fromEntries(Object.entries(state.strings).filter(([k]) => !k.startsWith('recall.')));
  return { ...state, columns, strings };
}

/** The episode index columns and dictionary, the names' terms and the entities' vectors, of two memories' snapshots are the same. */
function expectSameEpisodeIndex(a: MemoryGraph, b: MemoryGraph): void {
  const [x, y] = [a, b].map((m) => decodeState(encodeSnapshot(m)));
  const names = Object.keys(y!.columns).filter((k) => k.startsWith('recall.'));
  expect(names.length).toBe(12); // six of the episodes' index, two of the names' terms, four of the entities' vectors
  for (const name of names) expect(x!.columns[name], name).toEqual(y!.columns[name]);
  expect(x!.strings['recall.episodeText.terms']).toEqual(y!.strings['recall.episodeText.terms']);
  expect(x!.strings['recall.names.terms']).toEqual(y!.strings['recall.names.terms']);
}

function newMemory(): MemoryGraph {
  return new MemoryGraph({ now });
}

describe('a snapshot with recall indexes, over seeded memories', () => {
  it('loads into a memory that answers every recall as the live one does, before and after more writes', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const live = newMemory();
      writeTurns(live, seed, 40 + seed * 7, 0);
      const bytes = encodeSnapshot(live);
      expect(Object.keys(decodeState(bytes).columns)).toContain('recall.episodeText.postingDocs');
      const loaded = decodeSnapshot(bytes, { now });
      const rebuilt = decodeSnapshot(encodeState(withoutIndex(decodeState(bytes))), { now });
      const expected = recalls(live);
      expect(recalls(loaded)).toEqual(expected);
      expect(recalls(rebuilt)).toEqual(expected);
      // the loaded memory's own snapshot is the same bytes, and so is one that deferred indexing to its
      // first recall, once that recall has run (before it, its snapshot keeps no index)
      expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(bytes))).toBe(true);
      const deferred = decodeSnapshot(bytes, { now, recallIndex: 'first-recall' });
      expect(recalls(deferred)).toEqual(expected);
      expect(Buffer.from(encodeSnapshot(deferred)).equals(Buffer.from(bytes))).toBe(true);
      // Further writes to each: the stored episode index is extended as the live one was. (A loaded memory,
      // stored index or not, numbers its facts' terms in load order, not in the live memory's write order,
      // so after more writes its answers are compared with the memory that rebuilt every index at the load,
      // as before indexes were stored.)
      const plain = seed % 2 === 0;
      for (const mem of [live, loaded, rebuilt]) writeTurns(mem, seed + 100, 25, 200, plain);
      expect(recalls(loaded)).toEqual(recalls(rebuilt));
      // (ingestEpisode links a turn's entities differently in any loaded memory: compared after plain episodes)
      if (plain) expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(encodeSnapshot(live)))).toBe(true);
      expectSameEpisodeIndex(loaded, rebuilt);
    }
  });

  it("of turns holding words that name Object.prototype's members is written and read back", () => {
    const live = newMemory();
    live.episode({ id: 'c1', text: 'The constructor of the class calls toString and valueOf.', at: START, recordedAt: START, speaker: 'user' });
    live.episode({ id: 'c2', text: 'Then the constructor hasOwnProperty check runs.', at: START + DAY, recordedAt: START + DAY, speaker: 'assistant' });
    const loaded = decodeSnapshot(encodeSnapshot(live), { now });
    for (const q of ['which constructor calls toString', 'hasOwnProperty check']) expect(loaded.recall(q, { k: 5 })).toEqual(live.recall(q, { k: 5 }));
  });

  it('made by another tokenizer is rebuilt at the load, with the same answers', () => {
    const live = newMemory();
    writeTurns(live, 7, 60, 0);
    const changed = decodeState(encodeSnapshot(live));
    // the other writer's postings are also wrong for this tokenizer: they must not be read
    changed.strings['recall.indexes'] = ['episode-bm25/another-stemmer/1'];
    (changed.columns['recall.episodeText.postingFreqs'] as Uint32Array).reverse();
    const loaded = decodeSnapshot(encodeState(changed), { now });
    expect(recalls(loaded)).toEqual(recalls(live));
    // its own snapshot carries the index this build makes
    expectSameEpisodeIndex(loaded, live);
  });

  it('whose index does not fit its episodes is refused with CorruptSnapshotError', () => {
    const live = newMemory();
    writeTurns(live, 8, 30, 0);
    const bytes = encodeSnapshot(live);
    const col = (s: MemoryState, name: string) => s.columns[`recall.episodeText.${name}`] as Uint32Array;
    const damages: Array<[string, (s: MemoryState) => void]> = [
      ['a posting past the documents', (s) => (col(s, 'postingDocs')[3] = 1e6)],
      ['postings out of order', (s) => {
        const d = col(s, 'postingDocs');
        d.set([d[1]!, d[0]!]);
      }],
      ['a zero frequency', (s) => (col(s, 'postingFreqs')[2] = 0)],
      ['term offsets past the postings', (s) => (col(s, 'termOffsets')[1] = 1e6)],
      ['a document that is not its episode', (s) => (col(s, 'docIds')[0] = 7)],
      ['a dated flag that is not 0 or 1', (s) => ((s.columns['recall.datedTurns'] as Uint8Array)[0] = 2)],
      ['dated flags of another length', (s) => (s.columns['recall.datedTurns'] = new Uint8Array(3))],
      ['a repeated term', (s) => {
        const terms = s.strings['recall.episodeText.terms']!;
        terms[1] = terms[0]!;
      }],
      ['a missing column', (s) => delete s.columns['recall.episodeText.postingFreqs']],
      ['a missing dictionary', (s) => delete s.strings['recall.episodeText.terms']],
      ['a column of the wrong type', (s) => (s.columns['recall.episodeText.docLengths'] = Float64Array.of(1, 2, 3))],
    ];
    for (const [what, damage] of damages) {
      const state = decodeState(bytes);
      damage(state);
      for (const recallIndex of ['load', 'first-recall'] as const) {
        let caught: unknown;
        try {
          decodeSnapshot(encodeState(state), { now, recallIndex });
        } catch (e) {
          caught = e;
        }
        expect(caught, what).toBeInstanceOf(CorruptSnapshotError);
        expect((caught as Error).message, what).toMatch(/^decodeSnapshot: /);
      }
    }
  });

  it('is absent from a format-3 snapshot written before it: that one loads and rebuilds, answering alike', () => {
    const old = readFileSync(fileURLToPath(new URL('./fixtures/small-no-indexes.plmp', import.meta.url)));
    expect(Object.keys(decodeState(old).columns).some((k) => k.startsWith('recall.'))).toBe(false);
    const fixtureNow = () => FIXTURE_NOW;
    const loaded = decodeSnapshot(old, { now: fixtureNow });
    const live = buildFixtureMemory();
    for (const q of ['Alice at Acme since June', 'Pro plan price', 'who works at Acme']) {
      expect(loaded.recall(q, { k: 5 })).toEqual(live.recall(q, { k: 5 }));
    }
    // re-encoded, it carries the episode index this build makes
    expectSameEpisodeIndex(loaded, live);
  });
});
