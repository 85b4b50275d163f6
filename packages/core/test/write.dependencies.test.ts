import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph, NotFoundError } from '../src/index.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

/** A memory with a settable clock, lives_in and team_lead single-valued. */
function memory(): { mem: MemoryGraph; clock: { t: number } } {
  const clock = { t: T0 };
  const mem = new MemoryGraph({ now: () => clock.t, predicates: { lives_in: { cardinality: 'one' }, team_lead: { cardinality: 'one' } } });
  return { mem, clock };
}

/** "I live in Boston" on day 0, "I take the bus because I live in Boston" on day 1. */
function bus(): { mem: MemoryGraph; clock: { t: number }; home: number; ride: number } {
  const { mem, clock } = memory();
  const home = mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Boston' }).id!;
  clock.t += DAY;
  const ride = mem.assert({ subject: 'Maya', predicate: 'commutes_by', object: 'bus', dependsOn: [home] }).id!;
  clock.t += DAY;
  return { mem, clock, home, ride };
}

const objects = (facts: ReturnType<MemoryGraph['facts']>) => facts.map((f) => ('name' in f.object ? f.object.name : f.object.value)).sort();

describe('dependent beliefs', () => {
  it('a superseded premise flags its dependent unsupported from that record time; an earlier knownAt still sees it supported', () => {
    const { mem, clock, home, ride } = bus();
    expect(mem.fact(ride).dependsOn).toEqual([home]);
    const before = clock.t;
    clock.t += DAY;
    const moved = clock.t;
    mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Denver' });
    clock.t += DAY;
    const ridden = mem.facts({ subject: 'Maya', predicate: 'commutes_by' });
    expect(ridden).toHaveLength(1);
    expect(ridden[0]).toMatchObject({ id: ride, unsupportedSince: moved, unsupportedPremise: home, invalidAt: Infinity });
    expect(mem.facts({ subject: 'Maya', supported: true }).map((f) => f.predicate)).toEqual(['lives_in']);
    expect(mem.facts({ subject: 'Maya', supported: false }).map((f) => f.id)).toEqual([ride]);
    // Bi-temporal: at a knownAt before the move the bus fact was supported.
    expect(mem.facts({ subject: 'Maya', predicate: 'commutes_by', knownAt: before, validAt: before, supported: true }).map((f) => f.id)).toEqual([ride]);
    expect(mem.facts({ subject: 'Maya', knownAt: before, validAt: before, supported: false })).toEqual([]);
    expect(mem.facts({ knownAt: moved, validAt: moved, supported: false }).map((f) => f.id)).toEqual([ride]);
  });

  it('retraction and an ended validity close a premise; reinforcing or widening it does not', () => {
    const { mem, clock, home, ride } = bus();
    mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Boston', validFrom: T0 - 100 * DAY });
    clock.t += DAY;
    expect(mem.facts({ supported: false })).toEqual([]);
    expect(mem.fact(home).invalidAt).not.toBe(Infinity); // coalesced into a wider version: same belief
    mem.retract({ subject: 'Maya', predicate: 'lives_in', object: 'Boston', validFrom: clock.t });
    expect(mem.facts({ supported: false }).map((f) => f.id)).toEqual([ride]);

    const other = bus();
    other.mem.retract({ subject: 'Maya', predicate: 'lives_in', object: 'Boston', validFrom: -Infinity });
    expect(other.mem.fact(other.ride).unsupportedPremise).toBe(other.home);
  });

  it('a dependent re-written by the memory keeps its links and its flag', () => {
    const { mem, clock, ride } = bus();
    // Widening the dependent itself: a new version of the same belief, still resting on Boston.
    mem.assert({ subject: 'Maya', predicate: 'commutes_by', object: 'bus', validFrom: T0 });
    clock.t += DAY;
    const widened = mem.facts({ predicate: 'commutes_by' })[0]!;
    expect(widened.id).not.toBe(ride);
    expect(widened.dependsOn).toEqual(mem.fact(ride).dependsOn);
    mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Denver' });
    expect(mem.facts({ predicate: 'commutes_by', supported: false }).map((f) => f.id)).toEqual([widened.id]);
  });

  it('a merge moving the premise keeps the dependent supported', () => {
    const { mem, clock } = memory();
    const home = mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Boston' }).id!;
    const ride = mem.assert({ subject: 'Maya Lee', predicate: 'commutes_by', object: 'bus', dependsOn: [home] }).id!;
    clock.t += DAY;
    mem.merge({ into: 'Maya Lee', from: 'Maya' });
    expect(mem.facts({ supported: false })).toEqual([]);
    clock.t += DAY;
    mem.assert({ subject: 'Maya Lee', predicate: 'lives_in', object: 'Denver' });
    expect(mem.facts({ supported: false }).map((f) => f.id)).toEqual([ride]);
  });

  it('bad premises are refused by name and change nothing', () => {
    const { mem, clock, home } = bus();
    const ops = mem.log().length;
    expect(() => mem.assert({ subject: 'Maya', predicate: 'x', object: 'y', dependsOn: [999] })).toThrow(NotFoundError);
    expect(() => mem.assert({ subject: 'Maya', predicate: 'x', object: 'y', dependsOn: [999] })).toThrow(/^MemoryGraph\.assert: dependsOn\[0\] names no fact/);
    expect(() => mem.assert({ subject: 'Maya', predicate: 'x', object: 'y', dependsOn: [-1] })).toThrow(InvalidArgumentError);
    expect(() => mem.assert({ subject: 'Maya', predicate: 'x', object: 'y', dependsOn: 'bus' as never })).toThrow(InvalidArgumentError);
    mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Denver' });
    clock.t += DAY;
    const after = mem.log().length;
    expect(after).toBe(ops + 2); // the Denver assertion and the entity it made
    expect(() => mem.assert({ subject: 'Maya', predicate: 'x', object: 'y', dependsOn: [home] })).toThrow(/no longer believed since/);
    expect(() => mem.facts({ supported: 'yes' as never })).toThrow(/^MemoryGraph\.facts: supported must be true or false/);
    expect(mem.log().length).toBe(after);
    expect(mem.facts({ predicate: 'x' })).toEqual([]);
  });

  it('replay, and a snapshot state, keep links and flags at every cut; a log without them still replays', () => {
    const { mem, clock } = bus();
    mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Denver' });
    clock.t += DAY;
    const log = JSON.parse(JSON.stringify(mem.log()));
    expect(log.some((op: { dependsOn?: number[] }) => op.dependsOn !== undefined)).toBe(true);
    const replayed = MemoryGraph.replay(log, { now: () => clock.t });
    const loaded = MemoryGraph.fromState(mem.exportState(), { now: () => clock.t });
    for (let k = T0; k <= clock.t; k += DAY / 2) {
      for (const supported of [undefined, true, false]) {
        const q = { validAt: k, knownAt: k, ...(supported === undefined ? {} : { supported }) };
        expect(replayed.facts(q)).toEqual(mem.facts(q));
        expect(loaded.facts(q)).toEqual(mem.facts(q));
      }
    }
    const plain = log.map((op: Record<string, unknown>) => {
      const { dependsOn: _, ...rest } = op;
      return rest;
    });
    const old = MemoryGraph.replay(plain, { now: () => clock.t });
    expect(old.facts({ supported: false })).toEqual([]);
    expect(objects(old.facts({ supported: true }))).toEqual(objects(mem.facts()));
  });

  it('forgetting a premise drops the link (the memory never told it recorded none); forgetting something else keeps it', () => {
    const { mem, clock, ride } = bus();
    mem.assert({ subject: 'Maya', predicate: 'likes', object: 'tea', source: 'chat' });
    clock.t += DAY;
    mem.forget({ source: 'chat' }, { reason: 'asked' });
    expect(mem.facts({ predicate: 'commutes_by' })[0]!.dependsOn).toHaveLength(1);
    const { mem: m2, clock: c2 } = memory();
    m2.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Boston', source: 'old chat' });
    const r2 = m2.assert({ subject: 'Maya', predicate: 'commutes_by', object: 'bus', dependsOn: [0] });
    expect(r2.id).toBeDefined();
    c2.t += DAY;
    m2.forget({ source: 'old chat' }, { reason: 'asked' });
    const left = m2.facts({ predicate: 'commutes_by' });
    expect(left).toHaveLength(1);
    expect(left[0]!.dependsOn).toBeUndefined();
    expect(m2.log().some((op) => op.type === 'assert' && op.dependsOn !== undefined)).toBe(false);
    expect(ride).toBeGreaterThan(0);
  });
});
