// Stated rules on dependent beliefs: assert({ dependsOn, onPremiseChange: { object } }). When a premise stops
// being believed, the dependent is closed at that record time and the rule's object asserted from the
// premise's change on; a read at an earlier knownAt still sees the old dependent.
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph, NotFoundError } from '../src/index.js';
import type { Fact } from '../src/index.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

const names = (facts: readonly Fact[]): Array<string | number | boolean> => facts.map((f) => ('name' in f.object ? f.object.name : f.object.value)).sort();

/** Day 0: the team lead is Sara; day 1: the weekly report goes to Sara, and to James Lee if the lead changes. */
function team(cardinality: 'one' | 'many' = 'one') {
  const clock = { t: T0 };
  const mem = new MemoryGraph({ now: () => clock.t, predicates: { team_lead: { cardinality: 'one' }, weekly_report_to: { cardinality } } });
  const lead = mem.assert({ subject: 'team', predicate: 'team_lead', object: 'Sara' }).id!;
  clock.t += DAY;
  const report = mem.assert({ subject: 'Maya', predicate: 'weekly_report_to', object: 'Sara', dependsOn: [lead], onPremiseChange: { object: 'James Lee' } }).id!;
  clock.t += DAY;
  return { mem, clock, lead, report };
}

const reportAt = (mem: MemoryGraph, validAt: number, knownAt: number) => names(mem.facts({ subject: 'Maya', predicate: 'weekly_report_to', validAt, knownAt }));

describe('stated rules replace a dependent when its premise changes', () => {
  for (const cardinality of ['one', 'many'] as const) {
    it(`a superseded premise: the dependent closes at that record time, the replacement holds from the change (${cardinality})`, () => {
      const { mem, clock, report } = team(cardinality);
      expect(mem.fact(report).onPremiseChange).toEqual({ object: { id: mem.getEntity('James Lee')!.id, name: 'James Lee' } });
      const changed = T0 + 10 * DAY; // Omar became lead on day 10, learned on day 20
      clock.t = T0 + 20 * DAY;
      mem.assert({ subject: 'team', predicate: 'team_lead', object: 'Omar', validFrom: changed });
      const learned = clock.t;
      clock.t += DAY;
      expect(reportAt(mem, changed + DAY, learned - 1)).toEqual(['Sara']); // before it was learned
      expect(reportAt(mem, changed + DAY, learned)).toEqual(['James Lee']);
      expect(reportAt(mem, changed - DAY, learned)).toEqual(['Sara']); // before the change, as known now
      expect(mem.fact(report)).toMatchObject({ invalidAt: learned });
      const [james] = mem.facts({ subject: 'Maya', predicate: 'weekly_report_to', object: 'James Lee', validAt: changed });
      expect(james).toMatchObject({ validFrom: changed, validTo: Infinity, recordedAt: learned });
      expect(james!.unsupportedSince).toBeUndefined();
      expect(mem.fact(report).supersededBy).toContain(james!.id);
      // The part of the old dependent before the change is kept, and not flagged.
      const kept = mem.facts({ subject: 'Maya', predicate: 'weekly_report_to', validAt: changed - 1 })[0]!;
      expect(kept).toMatchObject({ validTo: changed, recordedAt: learned });
      expect(kept.unsupportedSince).toBeUndefined();
      expect(mem.facts({ subject: 'Maya', supported: false })).toEqual([]);
    });
  }

  it('a retracted premise replaces from the retraction; a literal replacement; the same in a replay and a loaded state', () => {
    const clock = { t: T0 };
    const mem = new MemoryGraph({ now: () => clock.t });
    const home = mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Boston' }).id!;
    clock.t += DAY;
    mem.assert({ subject: 'Maya', predicate: 'gym', object: { value: 'Iron Temple' }, dependsOn: [home], onPremiseChange: { object: { value: 'none yet' } } });
    clock.t = T0 + 30 * DAY;
    mem.retract({ subject: 'Maya', predicate: 'lives_in', object: 'Boston', validFrom: T0 + 25 * DAY });
    clock.t += DAY;
    const gyms = (m: MemoryGraph, v: number, k: number) => names(m.facts({ subject: 'Maya', predicate: 'gym', validAt: v, knownAt: k }));
    const replayed = MemoryGraph.replay(JSON.parse(JSON.stringify(mem.log())), { now: () => clock.t });
    const loaded = MemoryGraph.fromState(mem.exportState(), { now: () => clock.t });
    for (const m of [mem, replayed, loaded]) {
      expect(gyms(m, T0 + 26 * DAY, T0 + 29 * DAY)).toEqual(['Iron Temple']);
      expect(gyms(m, T0 + 26 * DAY, T0 + 30 * DAY)).toEqual(['none yet']);
      expect(gyms(m, T0 + 20 * DAY, T0 + 30 * DAY)).toEqual(['Iron Temple']);
    }
    expect(replayed.exportState()).toEqual(mem.exportState());
    expect(loaded.exportState()).toEqual(mem.exportState());
  });

  it('a rule that is not yet used survives a snapshot and fires after loading, as it would have live', () => {
    const { mem, clock } = team();
    const loaded = MemoryGraph.fromState(structuredClone(mem.exportState()), { now: () => clock.t });
    clock.t += DAY;
    for (const m of [mem, loaded]) m.assert({ subject: 'team', predicate: 'team_lead', object: 'Omar' });
    expect(reportAt(loaded, clock.t, clock.t)).toEqual(['James Lee']);
    expect(loaded.exportState()).toEqual(mem.exportState());
  });

  it('a cascade: what rests on the replaced dependent is flagged (or replaced by its own rule) at the same record time', () => {
    const { mem, clock, report } = team();
    const slot = mem.assert({ subject: 'Maya', predicate: 'meets', object: 'Sara', dependsOn: [report] }).id!;
    mem.assert({ subject: 'Maya', predicate: 'cc', object: 'Sara', dependsOn: [report], onPremiseChange: { object: 'James Lee' } });
    clock.t += DAY;
    mem.assert({ subject: 'team', predicate: 'team_lead', object: 'Omar' });
    const at = clock.t;
    expect(mem.fact(slot)).toMatchObject({ unsupportedSince: at, unsupportedPremise: report });
    expect(names(mem.facts({ subject: 'Maya', predicate: 'cc', validAt: at, knownAt: at }))).toEqual(['James Lee']);
    expect(names(mem.facts({ subject: 'Maya', predicate: 'cc', validAt: at, knownAt: at - 1 }))).toEqual(['Sara']);
  });

  it('a premise changed again later does not fire the rule twice; a change after the dependent ended only flags it', () => {
    const { mem, clock } = team();
    clock.t += DAY;
    mem.assert({ subject: 'team', predicate: 'team_lead', object: 'Omar' });
    clock.t += DAY;
    mem.assert({ subject: 'team', predicate: 'team_lead', object: 'Sara' });
    expect(reportAt(mem, clock.t, clock.t)).toEqual(['James Lee']);

    const ended = team();
    const lead = ended.mem.facts({ subject: 'team', predicate: 'team_lead' })[0]!.id;
    const pay = ended.mem.assert({ subject: 'Maya', predicate: 'paid_by', object: 'Acme', validFrom: T0, validTo: T0 + 5 * DAY, dependsOn: [lead], onPremiseChange: { object: 'Globex' } }).id!;
    ended.clock.t = T0 + 20 * DAY;
    ended.mem.assert({ subject: 'team', predicate: 'team_lead', object: 'Omar', validFrom: T0 + 10 * DAY });
    expect(ended.mem.fact(pay)).toMatchObject({ invalidAt: Infinity, unsupportedSince: ended.clock.t });
  });

  it('bad rules are refused by name and change nothing', () => {
    const { mem, lead } = team();
    const before = JSON.stringify(mem.log());
    const state = JSON.stringify(mem.exportState());
    const bad: Array<[unknown, RegExp]> = [
      [{ subject: 'Maya', predicate: 'cc', object: 'Sara', onPremiseChange: { object: 'James' } }, /^MemoryGraph\.assert: onPremiseChange needs dependsOn/],
      [{ subject: 'Maya', predicate: 'cc', object: 'Sara', dependsOn: [lead], onPremiseChange: { object: 'Sara' } }, /^MemoryGraph\.assert: onPremiseChange\.object is the assertion's own object/],
      [{ subject: 'Maya', predicate: 'cc', object: { value: 3 }, dependsOn: [lead], onPremiseChange: { object: { value: 3 } } }, /own object/],
      [{ subject: 'Maya', predicate: 'cc', object: 'Sara', dependsOn: [lead], onPremiseChange: { object: 'X', when: 'now' } }, /^MemoryGraph\.assert: onPremiseChange has an unknown field "when"/],
      [{ subject: 'Maya', predicate: 'cc', object: 'Sara', dependsOn: [lead], onPremiseChange: {} }, /^MemoryGraph\.assert: onPremiseChange needs an object/],
      [{ subject: 'Maya', predicate: 'cc', object: 'Sara', dependsOn: [lead], onPremiseChange: 'James' }, /^MemoryGraph\.assert: onPremiseChange must be an object/],
      [{ subject: 'Maya', predicate: 'cc', object: 'Sara', dependsOn: [lead], onPremiseChange: { object: { value: NaN } } }, /^MemoryGraph\.assert: /],
    ];
    for (const [input, message] of bad) {
      expect(() => mem.assert(input as never)).toThrow(InvalidArgumentError);
      expect(() => mem.assert(input as never)).toThrow(message);
    }
    expect(() => mem.assert({ subject: 'Maya', predicate: 'cc', object: 'Sara', dependsOn: [lead], onPremiseChange: { object: { id: 999 } } })).toThrow(NotFoundError);
    expect(JSON.stringify(mem.log())).toBe(before);
    expect(JSON.stringify(mem.exportState())).toBe(state);
  });

  it('forgetting the replacement entity forgets the rule with the belief that named it; forgetting the premise drops the rule', () => {
    const { mem, clock } = team();
    mem.forget({ entity: 'James Lee' }, { reason: 'asked' });
    expect(mem.facts({ subject: 'Maya', predicate: 'weekly_report_to' })).toEqual([]);
    expect(JSON.stringify(mem.log())).not.toContain('James');

    const other = team();
    other.mem.forget({ entity: 'team' }, { reason: 'asked' });
    const [kept] = other.mem.facts({ subject: 'Maya', predicate: 'weekly_report_to' });
    expect(kept!.dependsOn).toBeUndefined();
    expect(kept!.onPremiseChange).toBeUndefined();
    clock.t += DAY;
  });
});
