/**
 * The snapshot's log as binary records (state format 3, log/log-records.ts): every damaged record is
 * refused at load with CorruptSnapshotError naming it (never a later failure of log()), a format-1 state
 * (JSON lines) loads to the same log, and the fused row check refuses what the per-column checks refused.
 */
import { describe, expect, it } from 'vitest';
import { CorruptSnapshotError, MemoryGraph } from '@palimpsest/core';
import type { MemoryState } from '@palimpsest/core';
import { RECORD_ASSERT, RECORD_EPISODE, RECORD_JSON, RECORD_RETRACT } from '../src/log/log-records.js';

const T0 = Date.parse('2025-03-01T00:00:00Z');

function seeded(): MemoryGraph {
  const mem = new MemoryGraph({ now: () => T0, predicates: { status: { cardinality: 'one' } } });
  mem.episode({ id: 'm1', text: 'Alice joined Acme.', at: T0 });
  mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme', evidence: ['m1', 'm2'], source: 'chat', episode: 'm1' });
  mem.assert({ subject: 'Alice', predicate: 'status', object: { value: 'busy' }, validFrom: T0 - 1000, validTo: T0 + 5000 });
  mem.retract({ subject: 'Alice', predicate: 'works_at', object: 'Acme' });
  mem.retract({ subject: 'Alice', predicate: 'status' });
  mem.retract({ subject: 'Alice', predicate: 'works_at', reason: 'left' });
  return mem;
}

/** Record i's bytes (a view into the state's column) and the state. */
function recordOf(state: MemoryState, i: number): Uint8Array {
  const bytes = state.columns['log.bytes'] as Uint8Array;
  const ends = state.columns['log.ends'] as Uint32Array;
  return bytes.subarray(i === 0 ? 0 : ends[i - 1]!, ends[i]!);
}

function kinds(state: MemoryState): number[] {
  return Array.from(state.columns['log.ends'] as Uint32Array, (_, i) => recordOf(state, i)[0]!);
}

function refused(state: MemoryState, pattern: RegExp): void {
  let thrown: unknown;
  try {
    MemoryGraph.fromState(state);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(CorruptSnapshotError);
  expect((thrown as Error).message).toMatch(/^MemoryGraph\.fromState: /);
  expect((thrown as Error).message).toMatch(pattern);
}

describe('binary log records in a snapshot', () => {
  it('asserts and plain retractions are binary, an episode its index and JSON without the text, the rest JSON, and all read back as the log', () => {
    const mem = seeded();
    const state = mem.exportState();
    expect(state.formatVersion).toBe(3);
    // init, episode, entity Alice, entity Acme, assert, assert, retract, retract, retract with a reason (JSON).
    expect(kinds(state)).toEqual([RECORD_JSON, RECORD_EPISODE, RECORD_JSON, RECORD_JSON, RECORD_ASSERT, RECORD_ASSERT, RECORD_RETRACT, RECORD_RETRACT, RECORD_JSON]);
    expect(recordOf(state, 4).length).toBe(57 + 8); // two evidence strings
    expect(recordOf(state, 6).length).toBe(37);
    expect(MemoryGraph.fromState(state).log()).toEqual(mem.log());
    // the turn's text is held by the episode table alone: the episode record does not repeat it
    expect(new TextDecoder().decode(recordOf(state, 1))).not.toContain('Alice joined Acme.');
    expect(mem.log()[1]).toEqual({ type: 'episode', recordedAt: T0, id: 'm1', text: 'Alice joined Acme.', at: T0 });
    expect(JSON.stringify(mem.log()[1])).toBe(`{"type":"episode","recordedAt":${T0},"id":"m1","text":"Alice joined Acme.","at":${T0}}`);
  });

  it('refuses a record of an unknown kind, a wrong length, an id out of range or bad times', () => {
    const mem = seeded();
    const damage: Array<[string, (s: MemoryState) => void, RegExp]> = [
      ['unknown kind', (s) => void (recordOf(s, 4)[0] = 9), /log record 4 has an unknown kind 9/],
      ['evidence count past the record', (s) => void new DataView(recordOf(s, 4).buffer, recordOf(s, 4).byteOffset).setUint32(53, 3, true), /log record 4 \(assert\) has 65 bytes/],
      ['subject out of range', (s) => void new DataView(recordOf(s, 5).buffer, recordOf(s, 5).byteOffset).setInt32(33, 99, true), /log record 5 \(assert\) names an id out of range/],
      ['literal out of range', (s) => void new DataView(recordOf(s, 5).buffer, recordOf(s, 5).byteOffset).setInt32(41, -40, true), /log record 5 \(assert\) names an id out of range/],
      ['evidence string out of range', (s) => void new DataView(recordOf(s, 4).buffer, recordOf(s, 4).byteOffset).setInt32(57, 1e6, true), /evidence string out of range/],
      ['empty valid interval', (s) => void new DataView(recordOf(s, 5).buffer, recordOf(s, 5).byteOffset).setFloat64(17, T0 - 1000, true), /log record 5 \(assert\) has bad times/],
      ['confidence above 1', (s) => void new DataView(recordOf(s, 4).buffer, recordOf(s, 4).byteOffset).setFloat64(25, 1.5, true), /log record 4 \(assert\) has bad times or confidence/],
      ['retraction of an unknown predicate', (s) => void new DataView(recordOf(s, 7).buffer, recordOf(s, 7).byteOffset).setInt32(29, 7, true), /log record 7 \(retract\) names an id out of range/],
      ['NaN record time', (s) => void new DataView(recordOf(s, 6).buffer, recordOf(s, 6).byteOffset).setFloat64(1, NaN, true), /log record 6 \(retract\) has bad times/],
      ['episode out of range', (s) => void new DataView(recordOf(s, 1).buffer, recordOf(s, 1).byteOffset).setInt32(1, 5, true), /log record 1 \(episode\) names an episode out of range/],
      ['episode record without its JSON', (s) => void (recordOf(s, 1)[5] = 0x5b), /log record 1 \(episode\) is not an index and a JSON object/],
      ['JSON record that is not an object', (s) => void (recordOf(s, 8)[1] = 0x5b), /log record 8 is not a JSON object/],
      ['ends past the bytes', (s) => void ((s.columns['log.ends'] as Uint32Array)[8] += 1), /log record 8 ends out of bounds/],
      ['ends going backwards', (s) => void ((s.columns['log.ends'] as Uint32Array)[3] = 0), /log record 3 ends out of bounds/],
    ];
    for (const [what, damageIt, pattern] of damage) {
      const state = mem.exportState();
      damageIt(state);
      expect(() => refused(state, pattern), what).not.toThrow();
    }
  });

  it('a format-1 state (the log as JSON lines) loads to the same memory and log', () => {
    const mem = seeded();
    const state = mem.exportState();
    const lines = new TextEncoder().encode(mem.log().map((op) => JSON.stringify(op) + '\n').join(''));
    const ends: number[] = [];
    for (let i = 0; i < lines.length; i++) if (lines[i] === 0x0a) ends.push(i + 1);
    const v1: MemoryState = { ...state, formatVersion: 1, columns: { ...state.columns, 'log.bytes': lines, 'log.ends': Uint32Array.from(ends) } };
    const loaded = MemoryGraph.fromState(v1);
    expect(loaded.log()).toEqual(mem.log());
    expect(loaded.facts({ validAt: T0, knownAt: T0 })).toEqual(mem.facts({ validAt: T0, knownAt: T0 }));
    // A stray newline inside a line, or a line without its newline, is a damaged format-1 log.
    const stray = lines.slice();
    stray[5] = 0x0a;
    refused({ ...v1, columns: { ...v1.columns, 'log.bytes': stray } }, /lines do not end where their newlines are/);
  });

  it('the fused row check refuses what the per-column checks refuse, with their messages', () => {
    const mem = seeded();
    const cases: Array<[string, number, RegExp]> = [
      ['fact.triple', 99, /fact\.triple\[1\] = 99 is outside/],
      ['fact.provenance', -1, /fact\.provenance\[1\] = -1 is outside/],
      ['fact.episode', 5, /fact\.episode\[1\] = 5 is outside/],
      ['fact.validTo', -Infinity, /fact #1 has valid interval/],
      ['fact.recordedAt', -Infinity, /fact #1 is recorded out of order/],
      ['fact.invalidAt', NaN, /fact #1 is closed \(NaN\)/],
      ['fact.confidence', 2, /fact #1 has confidence 2/],
      ['fact.lastSeenAt', Infinity, /fact #1 has lastSeenAt Infinity/],
    ];
    for (const [column, value, pattern] of cases) {
      const state = mem.exportState();
      (state.columns[column] as Float64Array)[1] = value;
      expect(() => refused(state, pattern), column).not.toThrow();
    }
  });
});
