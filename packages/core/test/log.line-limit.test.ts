import { describe, expect, it } from 'vitest';
import { ingestEpisode, InvalidArgumentError, MemoryGraph } from '@palimpsest/core';
import type { Extractor } from '@palimpsest/core';
import { stateBytes } from './state-bytes.js';
import { tablesOf } from '@palimpsest/core/internal';

/**
 * The log's last input gap: an operation whose JSON line would not fit in one JavaScript string (V8: 2^29 - 24
 * UTF-16 units) is refused by name before anything changes — no entity created, no alias added, nothing
 * logged — and an operation just as large in characters but fitting in JSON is accepted. The big inputs
 * are a few repeated strings: a control character takes six units in JSON (\u0001), so 90M of them make a
 * 540M-unit line from a 90 MB string.
 */
const HUGE_ESCAPED = '\u0001'.repeat(90_000_000);

/** Runs a call that must be refused as too large to log, and checks that nothing changed. */
function refusedWhole(mem: MemoryGraph, call: string, run: () => unknown): void {
  const before = stateBytes(mem.exportState());
  const log = JSON.stringify(mem.log());
  const entities = mem.size.entities;
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(InvalidArgumentError);
  expect((error as Error).message.startsWith(`${call}: the operation is too large to log`)).toBe(true);
  expect(mem.size.entities).toBe(entities);
  expect(JSON.stringify(mem.log())).toBe(log);
  expect(stateBytes(mem.exportState()).equals(before)).toBe(true);
}

function memory(): MemoryGraph {
  let t = 1_000;
  const mem = new MemoryGraph({ now: () => (t += 1_000) });
  mem.assert({ subject: 'Ann', predicate: 'knows', object: 'Bob' });
  mem.episode({ id: 'e0', text: 'Ann met Bob.', at: 0 });
  return mem;
}

describe('an operation too large to log is refused before any change', () => {
  it('assert naming new entities, with a source whose JSON passes the limit', () => {
    const mem = memory();
    refusedWhole(mem, 'MemoryGraph.assert', () => mem.assert({ subject: 'Carol', predicate: 'likes', object: 'Dave', source: HUGE_ESCAPED }));
    refusedWhole(mem, 'MemoryGraph.assert', () => mem.assert({ subject: 'Carol', predicate: 'says', object: { value: HUGE_ESCAPED } }));
    // The memory still takes writes, and its log still replays to the same state.
    expect(mem.assert({ subject: 'Carol', predicate: 'likes', object: 'Dave' }).status).toBe('added');
    expect(stateBytes(MemoryGraph.replay(mem.log()).exportState()).equals(stateBytes(mem.exportState()))).toBe(true);
  });

  it('episode naming new entities, with a text whose JSON passes the limit', () => {
    const mem = memory();
    refusedWhole(mem, 'MemoryGraph.episode', () => mem.episode({ id: 'e1', text: HUGE_ESCAPED, at: 0, entities: ['Erin', 'Frank'] }));
    expect(mem.getEpisode('e1')).toBeUndefined();
    expect(mem.getEntity('Erin')).toBeUndefined();
  });

  it('entity: a new one with a huge type, and new aliases of an existing one', () => {
    const mem = memory();
    refusedWhole(mem, 'MemoryGraph.entity', () => mem.entity({ name: 'Gina', type: HUGE_ESCAPED }));
    expect(mem.getEntity('Gina')).toBeUndefined();
    // Names are at most 512 bytes, so reaching the real limit with aliases takes a million of them; the
    // same check runs against a lowered limit (the line of 40 aliases of 400 characters is > 16,000 units).
    tablesOf(mem)!.logBuffer.maxLineUnits = 8_192;
    const aliases = Array.from({ length: 40 }, (_, i) => `${i}-${'a'.repeat(400)}`);
    refusedWhole(mem, 'MemoryGraph.entity', () => mem.entity({ name: 'Ann', aliases }));
    expect(mem.getEntity('Ann')!.aliases).toEqual([]);
    expect(mem.entity({ name: 'Ann', aliases: aliases.slice(0, 5) }).aliases).toHaveLength(5);
  });

  it('retract and touch are refused under their own names', () => {
    const mem = memory();
    refusedWhole(mem, 'MemoryGraph.retract', () => mem.retract({ subject: 'Ann', predicate: 'knows', reason: HUGE_ESCAPED }));
    tablesOf(mem)!.logBuffer.maxLineUnits = 4_096;
    refusedWhole(mem, 'MemoryGraph.touch', () => mem.touch(new Array<number>(1_000).fill(0)));
  });

  it('ingestEpisode: a fact too large to log refuses the whole turn (no entity, no episode)', () => {
    const mem = memory();
    const extractor: Extractor = {
      id: 'test-huge-reason',
      extract: () => [{ entities: [{ name: 'Hana' }], facts: [{ subject: 'Hana', predicate: 'said', object: 'Ann', confidence: 1, evidence: HUGE_ESCAPED }] }],
    };
    refusedWhole(mem, 'ingestEpisode', () => ingestEpisode(mem, { id: 'e2', text: 'Hana said hi to Ann.', at: 0 }, { extractor }));
    expect(mem.getEpisode('e2')).toBeUndefined();
  });

  it('accepts an operation as long in characters whose JSON fits (the quick bound is not the limit)', () => {
    const mem = memory();
    const source = 'a'.repeat(90_000_000); // quick bound 540M units, JSON 90M
    const id = mem.assert({ subject: 'Ivy', predicate: 'wrote', object: 'Ann', source }).id!;
    expect(mem.fact(id).source!.length).toBe(90_000_000);
    expect(mem.size.operations).toBe(mem.log().length);
  });
});
