/**
 * The terms of the entities' names and the literals (core snapshot/kept-names.ts), and the built-in embedder's
 * entity vectors (snapshot/kept-entity-vectors.ts), kept in a snapshot: a loaded
 * memory reads them instead of tokenizing every name, and must read and recall exactly as the live memory
 * does, and again after both take the same writes; its snapshot is the same bytes. A state without them (an
 * older file) or made by another tokenizer tokenizes the names; damaged ones are CorruptSnapshotError naming
 * the column.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CorruptSnapshotError, ingestEpisode, MemoryGraph } from '@palimpsest/core';
import type { MemoryState } from '@palimpsest/core';
import { decodeSnapshot, decodeState, encodeSnapshot } from '@palimpsest/persist';
import { buildFixtureMemory, FIXTURE_NOW, fixtureReads } from './fixtures/build.js';
import { mulberry32 } from './helpers.js';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const PEOPLE = ['Maya Chen', 'Jon', 'Caroline', 'Dr. Okafor', 'Zoë Müller'];
const PLACES = ['Porto', 'Lake Tahoe', 'the Madison River', 'São Paulo', 'Zürich'];
const THINGS = ['sourdough', 'a Trek bike', 'guitar lessons', 'the Netflix series', 'running shoes'];

/** Seeded turns that name people, places and things, through ingestEpisode, and asserts with literal objects. */
function write(mem: MemoryGraph, seed: number, count: number, from: number): void {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  for (let i = from; i < from + count; i++) {
    const at = START + i * DAY;
    const text = `${pick(['My sister', 'My friend', 'I met'])} ${pick(PEOPLE)} ${pick(['moved to', 'visited', 'loves'])} ${pick(PLACES)} and bought ${pick(THINGS)}.`;
    ingestEpisode(mem, { id: `t${i}`, text, at, recordedAt: at, speaker: i % 2 === 0 ? 'user' : 'assistant', session: `s${Math.floor(i / 4)}` });
    if (i % 3 === 0) {
      mem.assert({ subject: pick(PEOPLE), predicate: pick(['favourite_food', 'age', 'owns_car']), object: { value: pick(['Spicy ramen', 41, true, 'Blue Škoda Octavia', 'tacos al pastor']) }, validFrom: at, recordedAt: at });
    }
  }
}

const QUESTIONS = ['Where did Maya Chen move?', 'Who bought a Trek bike?', 'Zoë Müller São Paulo', 'What is the favourite food of Jon?', 'Škoda Octavia', 'ramen'];

/** Every read a user gets: recall at several cuts, the facts, the entities. */
function reads(mem: MemoryGraph, last: number): unknown {
  const recalls = QUESTIONS.flatMap((q) => [mem.recall(q, { k: 10 }), mem.recall(q, { k: 5, validAt: last - 5 * DAY, knownAt: last - 3 * DAY })]);
  return { recalls, facts: mem.facts({}), entities: PEOPLE.concat(PLACES).map((n) => mem.getEntity(n) ?? null), size: mem.size };
}

function build(seed: number): { mem: MemoryGraph; last: number } {
  const clock = { t: START };
  const mem = new MemoryGraph({ now: () => clock.t });
  write(mem, seed, 30, 0);
  clock.t = START + 30 * DAY;
  return { mem, last: clock.t };
}

const TERMS = 'recall.names.terms';
const ENTITY_STARTS = 'recall.names.entityStarts';
const LITERAL_STARTS = 'recall.names.literalStarts';

/** The state as a writer before the kept terms wrote it. */
function withoutNames(state: MemoryState): MemoryState {
  const columns = { ...state.columns };
  const strings = { ...state.strings };
  for (const k of [ENTITY_STARTS, LITERAL_STARTS]) delete columns[k];
  for (const k of [TERMS, 'recall.names']) delete strings[k];
  return { ...state, columns, strings };
}

describe("the names' terms kept in a snapshot", () => {
  it('are every entity and literal, and a loaded memory reads and recalls as the live one, before and after the same writes', () => {
    for (const seed of [1, 2, 3]) {
      const { mem, last } = build(seed);
      const bytes = encodeSnapshot(mem);
      const state = decodeState(bytes);
      expect(state.columns[ENTITY_STARTS]).toHaveLength(mem.size.entities + 1);
      expect((state.columns[LITERAL_STARTS] as Uint32Array).length).toBeGreaterThan(1);
      expect(state.strings[TERMS]).toContain('zoë');
      const loaded = decodeSnapshot(bytes, { now: () => last });
      const deferred = decodeSnapshot(bytes, { now: () => last, recallIndex: 'first-recall' });
      expect(reads(loaded, last), 'loaded').toEqual(reads(mem, last));
      expect(reads(deferred, last), 'deferred').toEqual(reads(mem, last));
      expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(bytes))).toBe(true);
      // further writes: as a memory loaded without the kept terms (a loaded memory numbers some terms in load
      // order, so its scores after new facts may differ from the live one's in the last digits, as before)
      const rebuilt = MemoryGraph.fromState(withoutNames(state), { now: () => last });
      write(rebuilt, seed + 50, 12, 100);
      write(loaded, seed + 50, 12, 100);
      const later = START + 112 * DAY;
      expect(reads(loaded, later), 'later').toEqual(reads(rebuilt, later));
      expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(encodeSnapshot(rebuilt)))).toBe(true);
    }
  });

  it('are what a load indexes the names by (read, not made again)', () => {
    const { mem, last } = build(4);
    const state = decodeState(encodeSnapshot(mem));
    const terms = state.strings[TERMS]!;
    const starts = state.columns[ENTITY_STARTS] as Uint32Array;
    // every kept term of every entity replaced by a word no name holds: only a load that reads them finds it
    for (let i = 0; i < starts[starts.length - 1]!; i++) terms[i] = 'quokka';
    const loaded = MemoryGraph.fromState(state, { now: () => last });
    expect(loaded.recall('quokka', { k: 5 }).entities.length).toBeGreaterThan(0);
    expect(mem.recall('quokka', { k: 5 }).entities).toEqual([]);
  });

  it('made by another tokenizer, or absent, are made again from the names, with the same answers', () => {
    const { mem, last } = build(5);
    const other = decodeState(encodeSnapshot(mem));
    other.strings['recall.names'] = ['name-terms/some-other-stemmer/1'];
    other.strings[TERMS] = other.strings[TERMS]!.map(() => 'quokka');
    expect(reads(MemoryGraph.fromState(other, { now: () => last }), last)).toEqual(reads(mem, last));
    const without = withoutNames(decodeState(encodeSnapshot(mem)));
    const rebuilt = MemoryGraph.fromState(without, { now: () => last });
    expect(reads(rebuilt, last)).toEqual(reads(mem, last));
    expect(Buffer.from(encodeSnapshot(rebuilt)).equals(Buffer.from(encodeSnapshot(mem)))).toBe(true);
  });

  it('damaged, are CorruptSnapshotError naming the column, under either recallIndex', () => {
    const { mem, last } = build(6);
    const damage: Array<[RegExp, (s: MemoryState) => void]> = [
      [/recall\.names\.entityStarts/, (s) => delete s.columns[ENTITY_STARTS]],
      [/recall\.names\.literalStarts/, (s) => (s.columns[LITERAL_STARTS] = new Int32Array(s.columns[LITERAL_STARTS]!.length))],
      [/recall\.names\.terms/, (s) => delete s.strings[TERMS]],
      [/recall\.names\.entityStarts.*for \d+ entities/, (s) => (s.columns[ENTITY_STARTS] = (s.columns[ENTITY_STARTS] as Uint32Array).subarray(1))],
      [/recall\.names\.entityStarts.*end before they start/, (s) => ((s.columns[ENTITY_STARTS] as Uint32Array)[2] = 0)],
      [/recall\.names\.literalStarts.*cover/, (s) => s.strings[TERMS]!.push('extra')],
      [/recall\.names\.literalStarts.*do not start where/, (s) => ((s.columns[LITERAL_STARTS] as Uint32Array)[0] += 1)],
    ];
    for (const [message, hurt] of damage) {
      for (const recallIndex of ['load', 'first-recall'] as const) {
        const state = decodeState(encodeSnapshot(mem));
        hurt(state);
        expect(() => MemoryGraph.fromState(state, { now: () => last, recallIndex })).toThrow(CorruptSnapshotError);
        expect(() => MemoryGraph.fromState(state, { now: () => last, recallIndex })).toThrow(message);
      }
    }
  });

  it('are absent from the fixture written before them: it loads, reads and recalls as the live memory, and saves with them', () => {
    const old = readFileSync(fileURLToPath(new URL('./fixtures/small-no-names.plmp', import.meta.url)));
    expect(decodeState(old).strings[TERMS]).toBeUndefined();
    const loaded = decodeSnapshot(old, { now: () => FIXTURE_NOW });
    const live = buildFixtureMemory();
    expect(fixtureReads(loaded)).toEqual(fixtureReads(live));
    for (const q of ['Where does Alice live?', 'Pro plan price', 'gold tier', 'Ωmega']) expect(loaded.recall(q, { k: 10 })).toEqual(live.recall(q, { k: 10 }));
    expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(encodeSnapshot(live)))).toBe(true);
  });
});

const VECTORS = {
  labels: 'recall.entityVectors.labels',
  starts: 'recall.entityVectors.starts',
  slots: 'recall.entityVectors.slots',
  values: 'recall.entityVectors.values',
} as const;

describe("the entities' vectors kept in a snapshot (the built-in embedder's)", () => {
  it('are one row per named entity, and a load answers with them as the live memory does', () => {
    const { mem, last } = build(7);
    const bytes = encodeSnapshot(mem);
    const state = decodeState(bytes);
    expect(state.columns[VECTORS.labels]).toHaveLength(mem.size.entities);
    expect(state.strings['recall.entityVectors']![0]).toMatch(/^entity-vectors\/hash/);
    const loaded = decodeSnapshot(bytes, { now: () => last });
    expect(reads(loaded, last)).toEqual(reads(mem, last));
    expect(Buffer.from(encodeSnapshot(loaded)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('are what a load searches (read, not made again); another embedder setting or none makes them again', () => {
    const { mem, last } = build(8);
    const query = 'Zoë Müller';
    const swapped = decodeState(encodeSnapshot(mem));
    // every row given the first row's coordinates: a load that reads them ranks entities differently
    const starts = swapped.columns[VECTORS.starts] as Uint32Array;
    const slots = swapped.columns[VECTORS.slots] as Uint32Array;
    const values = swapped.columns[VECTORS.values] as Float32Array;
    const width = starts[1]!;
    const rows = starts.length - 1;
    const newStarts = Uint32Array.from({ length: rows + 1 }, (_, r) => r * width);
    swapped.columns[VECTORS.starts] = newStarts;
    swapped.columns[VECTORS.slots] = Uint32Array.from({ length: rows * width }, (_, j) => slots[j % width]!);
    swapped.columns[VECTORS.values] = Float32Array.from({ length: rows * width }, (_, j) => values[j % width]!);
    const read = MemoryGraph.fromState(swapped, { now: () => last });
    expect(read.recall(query, { k: 10 })).not.toEqual(mem.recall(query, { k: 10 }));
    swapped.strings['recall.entityVectors'] = ['entity-vectors/hash-other-settings/1'];
    expect(reads(MemoryGraph.fromState(swapped, { now: () => last }), last)).toEqual(reads(mem, last));
    const without = decodeState(encodeSnapshot(mem));
    for (const k of Object.values(VECTORS)) delete without.columns[k];
    delete without.strings['recall.entityVectors'];
    const rebuilt = MemoryGraph.fromState(without, { now: () => last });
    expect(reads(rebuilt, last)).toEqual(reads(mem, last));
    expect(Buffer.from(encodeSnapshot(rebuilt)).equals(Buffer.from(encodeSnapshot(mem)))).toBe(true);
  });

  it('damaged, are CorruptSnapshotError naming the columns, under either recallIndex', () => {
    const { mem, last } = build(9);
    const damage: Array<[RegExp, (s: MemoryState) => void]> = [
      [/recall\.entityVectors\.labels/, (s) => delete s.columns[VECTORS.labels]],
      [/recall\.entityVectors\.values/, (s) => (s.columns[VECTORS.values] = new Float64Array(s.columns[VECTORS.values]!.length))],
      [/recall\.entityVectors\.starts.*do not fit: \d+ starts/, (s) => (s.columns[VECTORS.starts] = (s.columns[VECTORS.starts] as Uint32Array).subarray(1))],
      [/do not fit: row 1 is entity 0/, (s) => ((s.columns[VECTORS.labels] as Uint32Array)[1] = 0)],
      [/do not fit: row \d+ is entity 99999/, (s) => ((s.columns[VECTORS.labels] as Uint32Array)[(s.columns[VECTORS.labels] as Uint32Array).length - 1] = 99999)],
      [/do not fit: coordinate 0 is slot 4096/, (s) => ((s.columns[VECTORS.slots] as Uint32Array)[0] = 4096)],
      [/do not fit: coordinate 1 is NaN/, (s) => ((s.columns[VECTORS.values] as Float32Array)[1] = NaN)],
      [/do not fit: \d+ slots and \d+ values/, (s) => (s.columns[VECTORS.values] = (s.columns[VECTORS.values] as Float32Array).subarray(1))],
    ];
    for (const [message, hurt] of damage) {
      for (const recallIndex of ['load', 'first-recall'] as const) {
        const state = decodeState(encodeSnapshot(mem));
        hurt(state);
        expect(() => MemoryGraph.fromState(state, { now: () => last, recallIndex })).toThrow(CorruptSnapshotError);
        expect(() => MemoryGraph.fromState(state, { now: () => last, recallIndex })).toThrow(message);
      }
    }
  });
});
