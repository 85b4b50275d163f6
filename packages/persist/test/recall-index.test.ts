/**
 * Recall's episode indexes stored in a snapshot (core snapshot/recall-index-state.ts): a loaded memory reads
 * them instead of re-reading every turn, and must then answer every recall as the live memory does, also
 * after further writes; a snapshot without them (older writers), or made by another tokenizer, rebuilds; a
 * damaged one is refused by name.
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

/** The episode index columns and dictionary of two memories' snapshots are the same. */
function expectSameEpisodeIndex(a: MemoryGraph, b: MemoryGraph): void {
  const [x, y] = [a, b].map((m) => decodeState(encodeSnapshot(m)));
  const names = Object.keys(y!.columns).filter((k) => k.startsWith('recall.episodes.'));
  expect(names.length).toBe(5);
  for (const name of names) expect(x!.columns[name], name).toEqual(y!.columns[name]);
  expect(x!.strings['recall.episodes.terms']).toEqual(y!.strings['recall.episodes.terms']);
}

function newMemory(): MemoryGraph {
  return new MemoryGraph({ now });
}

describe('a snapshot with recall indexes', () => {
  it('loads into a memory that answers every recall as the live one does, before and after more writes', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const live = newMemory();
      writeTurns(live, seed, 40 + seed * 7, 0);
      const bytes = encodeSnapshot(live);
      expect(Object.keys(decodeState(bytes).columns)).toContain('recall.episodes.docTerms');
      const loaded = decodeSnapshot(bytes, { now });
      const rebuilt = decodeSnapshot(encodeState(withoutIndex(decodeState(bytes))), { now });
      const expected = recalls(live);
      expect(recalls(loaded)).toEqual(expected);
      expect(recalls(rebuilt)).toEqual(expected);
      // the loaded memory's own snapshot is the same bytes, and so is one loaded without indexing at the load
      expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(bytes))).toBe(true);
      const deferred = decodeSnapshot(bytes, { now, recallIndex: 'first-recall' });
      expect(Buffer.from(encodeSnapshot(deferred)).equals(Buffer.from(bytes))).toBe(true);
      expect(recalls(deferred)).toEqual(expected);
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

  it('made by another index version or tokenizer is rebuilt at the load, with the same answers', () => {
    const live = newMemory();
    writeTurns(live, 7, 60, 0);
    const state = decodeState(encodeSnapshot(live));
    const meta = state.columns['recall.episodes.meta'] as Uint32Array;
    for (const [at, value] of [
      [0, meta[0]! + 1],
      [1, meta[1]! ^ 1],
    ] as const) {
      const changed = decodeState(encodeSnapshot(live));
      // the other writer's index is also wrong for this tokenizer: it must not be read
      (changed.columns['recall.episodes.meta'] as Uint32Array)[at] = value;
      (changed.columns['recall.episodes.docFreqs'] as Uint8Array).reverse();
      const loaded = decodeSnapshot(encodeState(changed), { now });
      expect(recalls(loaded)).toEqual(recalls(live));
      // its own snapshot carries the episode index this build makes
      expectSameEpisodeIndex(loaded, live);
    }
  });

  it('whose index does not fit its episodes is refused with CorruptSnapshotError naming the index', () => {
    const live = newMemory();
    writeTurns(live, 8, 30, 0);
    const bytes = encodeSnapshot(live);
    const damages: Array<[string, (s: MemoryState) => void]> = [
      ['covers more episodes than there are', (s) => ((s.columns['recall.episodes.meta'] as Uint32Array)[2] = 31)],
      // the term ids are varints; the first document's first terms are ids 0 and 1, a byte each
      ['a term id past the dictionary', (s) => {
        const t = s.columns['recall.episodes.docTerms'] as Uint8Array;
        s.columns['recall.episodes.docTerms'] = Uint8Array.of(0xff, 0xff, 0x7f, ...t.subarray(1));
      }],
      ['a term twice in one document', (s) => {
        const t = s.columns['recall.episodes.docTerms'] as Uint8Array;
        t[1] = t[0]!;
      }],
      ['a truncated term id', (s) => {
        const t = s.columns['recall.episodes.docTerms'] as Uint8Array;
        t[t.length - 1] = 0x80;
      }],
      ['a term id too many', (s) => {
        const t = s.columns['recall.episodes.docTerms'] as Uint8Array;
        s.columns['recall.episodes.docTerms'] = Uint8Array.of(...t, 0);
      }],
      ['a zero frequency', (s) => ((s.columns['recall.episodes.docFreqs'] as Uint8Array)[2] = 0)],
      ['a dated flag that is not 0 or 1', (s) => ((s.columns['recall.episodes.dated'] as Uint8Array)[0] = 2)],
      ['document ends out of order', (s) => ((s.columns['recall.episodes.docStart'] as Uint32Array)[1] = 1e6)],
      ['a repeated term', (s) => {
        const terms = s.strings['recall.episodes.terms']!;
        terms[1] = terms[0]!;
      }],
      ['a missing column', (s) => delete s.columns['recall.episodes.docFreqs']],
      ['a missing dictionary', (s) => delete s.strings['recall.episodes.terms']],
      ['a meta column of the wrong type', (s) => (s.columns['recall.episodes.meta'] = Float64Array.of(1, 2, 3))],
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
        expect((caught as Error).message, what).toMatch(/^decodeSnapshot: .*recall index/);
      }
    }
  });

  it('is absent from a format-3 snapshot written before it: that one loads and rebuilds, answering alike', () => {
    const old = readFileSync(fileURLToPath(new URL('./fixtures/small-v3.plmp', import.meta.url)));
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
