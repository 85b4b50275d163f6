// Stated rules read from conversation, turn by turn through ingestEpisode with the record clock at each
// turn's time (MEME's Cascade kind, with the replacement said in advance): an arrangement ("I send the weekly
// report to Sara Kim"), a rule about it ("if the team lead changes, the weekly report goes to James Lee"),
// then the change. From the change's record time the arrangement is the rule's, valid from the change's own
// valid time; a read at an earlier knownAt still sees the old one; nothing is left flagged.
import { describe, expect, it } from 'vitest';
import { MemoryGraph, ingest, ingestEpisode } from '../../src/index.js';
import type { Extractor } from '../../src/index.js';
import { RuleExtractor } from '../../src/recall/extractor.js';
import { conversation, day } from './turn-by-turn.js';


/** The speaker's `predicate` objects valid at `validAt` as believed at `knownAt`, and whether any is flagged. */
function held(mem: MemoryGraph, predicate: string, validAt: number, knownAt = validAt): string[] {
  return mem.facts({ subject: 'Maya', predicate, validAt, knownAt }).map((f) => ('name' in f.object ? f.object.name : String(f.object.value)));
}

describe('stated rules from conversation', () => {
  it('"if the team lead changes, the weekly report goes to James Lee": replaced when a new lead is named', () => {
    const mem = conversation([
      ['2024-03-01', 'Sara Kim is our team lead.'],
      ['2024-03-04', 'I send the weekly report to Sara Kim every Friday.'],
      ['2024-03-10', 'If the team lead changes, the weekly report goes to James Lee.'],
      ['2024-05-02', 'Big change at work: our new team lead is Omar.'],
    ]);
    expect(held(mem, 'team_lead', day('2024-05-03'))).toEqual(['Omar']);
    expect(held(mem, 'weekly_report', day('2024-04-01'))).toEqual(['Sara Kim']);
    expect(held(mem, 'weekly_report', day('2024-05-03'))).toEqual(['James Lee']);
    // what the memory believed the day before the change was said, about the day after
    expect(held(mem, 'weekly_report', day('2024-05-03'), day('2024-05-01'))).toEqual(['Sara Kim']);
    const [james] = mem.facts({ subject: 'Maya', predicate: 'weekly_report' });
    expect(james).toMatchObject({ validFrom: day('2024-05-02'), recordedAt: day('2024-05-02') });
    expect(mem.facts({ subject: 'Maya', supported: false })).toEqual([]);
    // the rule was recorded on the arrangement, resting on Sara's lead version
    const before = mem.facts({ subject: 'Maya', predicate: 'weekly_report', knownAt: day('2024-03-10') })[0]!;
    expect(before.onPremiseChange).toMatchObject({ object: { name: 'James Lee' } });
    expect(mem.fact(before.dependsOn![0]!)).toMatchObject({ predicate: 'team_lead', object: { name: 'Sara Kim' } });
  });

  it('"should my manager change, send reports to Dan instead", the rule said after the arrangement, the change later', () => {
    const mem = conversation([
      ['2024-01-08', 'My manager is Priya.'],
      ['2024-01-09', 'I send reports to Priya.'],
      ['2024-01-15', 'Should my manager change, send reports to Dan instead.'],
      ['2024-02-20', 'Quick update: my new manager is Leo.'],
    ]);
    expect(held(mem, 'report', day('2024-02-01'))).toEqual(['Priya']);
    expect(held(mem, 'report', day('2024-02-21'))).toEqual(['Dan']);
    expect(held(mem, 'report', day('2024-02-21'), day('2024-02-19'))).toEqual(['Priya']);
  });

  it('"if I move, my gym will be Planet Fitness": the gym changes from the move\'s own time ("last week")', () => {
    const mem = conversation([
      ['2024-01-10', 'I live in Boston.'],
      ['2024-01-12', 'My gym is Iron Temple.'],
      ['2024-01-20', 'If I move, my gym will be Planet Fitness.'],
      ['2024-06-03', 'Big news: I moved to Denver last week!'],
    ]);
    const moved = mem.facts({ subject: 'Maya', predicate: 'lives_in' })[0]!;
    expect(moved.object).toMatchObject({ name: 'Denver' });
    const [gym] = mem.facts({ subject: 'Maya', predicate: 'gym' });
    expect(gym).toMatchObject({ object: { name: 'Planet Fitness' }, validFrom: moved.validFrom, recordedAt: day('2024-06-03') });
    expect(moved.validFrom).toBeLessThan(day('2024-06-03'));
    expect(held(mem, 'gym', day('2024-06-01'), day('2024-06-02'))).toEqual(['Iron Temple']);
    expect(held(mem, 'gym', day('2024-05-01'))).toEqual(['Iron Temple']);
  });

  it('"when Sara leaves, Tom takes over the budget": her job ending replaces who holds the budget', () => {
    const mem = conversation([
      ['2024-02-01', 'Sara works at Acme.'],
      ['2024-02-02', 'Sara handles the budget.'],
      ['2024-02-05', 'When Sara leaves, Tom takes over the budget.'],
      ['2024-04-15', 'Sara left Acme last Friday.'],
    ]);
    expect(held(mem, 'budget', day('2024-04-01'))).toEqual(['Sara']);
    expect(held(mem, 'budget', day('2024-04-16'))).toEqual(['Tom']);
    expect(held(mem, 'budget', day('2024-04-16'), day('2024-04-14'))).toEqual(['Sara']);
    const [tom] = mem.facts({ subject: 'Maya', predicate: 'budget' });
    expect(tom!.validFrom).toBeLessThan(day('2024-04-15')); // from "last Friday", learned on the 15th
  });

  it('the rule in other phrasings: after the arrangement ("… if …"), opened by "once", naming the speaker', () => {
    const after = conversation([
      ['2024-03-01', 'My team lead is Sara Kim.'],
      ['2024-03-02', 'The weekly report goes to Sara Kim.'],
      ['2024-03-03', 'The weekly report goes to James Lee if the team lead changes.'],
      ['2024-04-01', 'Omar is our new team lead.'],
    ]);
    expect(held(after, 'weekly_report', day('2024-03-04'))).toEqual(['Sara Kim']); // the rule is not how it stands
    expect(held(after, 'weekly_report', day('2024-04-02'))).toEqual(['James Lee']);

    const rent = conversation([
      ['2024-01-01', 'My landlord is Mr Fox.'],
      ['2024-01-02', 'The rent goes to Mr Fox.'],
      ['2024-01-03', 'Oh and once my landlord is replaced, the rent goes to me.'],
      ['2024-03-01', 'My new landlord is Vera Lind.'],
    ]);
    expect(held(rent, 'rent', day('2024-03-02'))).toEqual(['Maya']);
  });

  it('a rule with nothing to stand on makes nothing; one whose premise is told only later waits for it', () => {
    const noArrangement = conversation([
      ['2024-03-01', 'Sara Kim is our team lead.'],
      ['2024-03-10', 'If the team lead changes, the weekly report goes to James Lee.'],
      ['2024-05-02', 'Our new team lead is Omar.'],
    ]);
    expect(held(noArrangement, 'weekly_report', day('2024-05-03'))).toEqual([]);

    // the first lead told is no change: the report stays, now resting on that lead with the rule
    const premiseLater = conversation([
      ['2024-03-04', 'I send the weekly report to Sara Kim.'],
      ['2024-03-10', 'If the team lead changes, the weekly report goes to James Lee.'],
      ['2024-05-02', 'Our new team lead is Omar.'],
      ['2024-08-01', 'Omar moved on. Our new team lead is Priya.'],
    ]);
    expect(held(premiseLater, 'weekly_report', day('2024-05-03'))).toEqual(['Sara Kim']);
    expect(premiseLater.facts({ subject: 'Maya', predicate: 'weekly_report', knownAt: day('2024-05-03'), validAt: day('2024-05-03') })[0]!.onPremiseChange).toBeDefined();
    expect(held(premiseLater, 'weekly_report', day('2024-08-01'))).toEqual(['James Lee']);
    expect(held(premiseLater, 'weekly_report', day('2024-08-01'), day('2024-07-01'))).toEqual(['Sara Kim']);
  });

  it('a rule said before its arrangement attaches when the arrangement is told, then answers the change', () => {
    const mem = conversation([
      ['2024-03-01', 'If the team lead changes, the weekly report goes to James Lee.'],
      ['2024-03-04', 'Sara Kim is our team lead.'],
      ['2024-03-10', 'I send the weekly report to Sara Kim every Friday.'],
      ['2024-05-02', 'Big change at work: our new team lead is Omar.'],
    ]);
    expect(held(mem, 'weekly_report', day('2024-05-02'))).toEqual(['James Lee']);
    expect(held(mem, 'weekly_report', day('2024-05-02'), day('2024-04-01'))).toEqual(['Sara Kim']);
    expect(held(mem, 'weekly_report', day('2024-04-01'), day('2024-05-02'))).toEqual(['Sara Kim']);
    expect(mem.facts({ subject: 'Maya', supported: false })).toEqual([]);
  });

  it('"if I move, my gym will be Planet Fitness" said first; the home and the gym told after, then the move', () => {
    const mem = conversation([
      ['2024-01-05', 'If I move, my gym will be Planet Fitness.'],
      ['2024-01-10', 'My gym is Iron Temple.'],
      ['2024-01-20', 'I live in Boston.'],
      ['2024-06-03', 'Big news: I moved to Denver last week!'],
    ]);
    expect(held(mem, 'gym', day('2024-06-03'))).toEqual(['Planet Fitness']);
    expect(held(mem, 'gym', day('2024-05-01'), day('2024-06-03'))).toEqual(['Iron Temple']);
    expect(held(mem, 'gym', day('2024-06-03'), day('2024-05-01'))).toEqual(['Iron Temple']);
  });

  it('"when Sara leaves, Tom takes over the budget" said before anything about Sara', () => {
    const mem = conversation([
      ['2024-02-01', 'When Sara leaves, Tom takes over the budget.'],
      ['2024-02-02', 'Sara handles the budget.'],
      ['2024-02-03', 'Sara works at Acme.'],
      ['2024-04-15', 'Sara left Acme last Friday.'],
    ]);
    expect(held(mem, 'budget', day('2024-04-15'))).toEqual(['Tom']);
    expect(held(mem, 'budget', day('2024-04-15'), day('2024-04-01'))).toEqual(['Sara']);
  });

  it('ingest() applies the same rules, and a replay of the log gives the same memory', async () => {
    const turns: Array<[string, string]> = [
      ['2024-03-01', 'Sara Kim is our team lead.'],
      ['2024-03-04', 'I send the weekly report to Sara Kim.'],
      ['2024-03-10', 'If the team lead changes, the weekly report goes to James Lee.'],
      ['2024-05-02', 'Our new team lead is Omar.'],
    ];
    const live = conversation(turns);
    const batched = new MemoryGraph({ now: () => day('2024-06-01') });
    await ingest(
      batched,
      turns.map(([date, text], i) => ({ id: `t${i}`, text, at: day(date), recordedAt: day(date), speaker: 'Maya' })),
    );
    expect(held(batched, 'weekly_report', day('2024-05-03'), day('2024-06-01'))).toEqual(['James Lee']);
    const replayed = MemoryGraph.replay(JSON.parse(JSON.stringify(live.log())), { now: () => day('2024-06-01') });
    expect(replayed.exportState()).toEqual(live.exportState());
  });

  it('an extractor\'s rules are checked whole before the turn\'s first write', () => {
    const mem = new MemoryGraph({ now: () => day('2024-01-01') });
    const before = mem.log();
    const bad: Extractor = {
      id: 'bad',
      extract: (turns) => turns.map(() => ({ entities: [], facts: [{ subject: 'Maya', predicate: 'gym', object: 'Iron Temple', confidence: 1 }], rules: [{ premise: [], dependent: { subject: 'Maya', predicate: 'gym' }, object: 'X' }] })),
    };
    expect(() => ingestEpisode(mem, { id: 't', text: 'x', at: day('2024-01-01'), speaker: 'Maya' }, { extractor: bad })).toThrow(/^ingestEpisode: extracted rules\[0\]\.premise must list at least one belief/);
    expect(mem.log()).toEqual(before);
  });

  it('reads the rule in varied phrasing: condition first or after, if/when/whenever/once/in case/should, roles, moves, jobs, people leaving', () => {
    const x = new RuleExtractor();
    const at = day('2024-01-01');
    const cases: Array<[string, string, string, string]> = [
      ['If our team lead ever changes, send the weekly report to James Lee.', 'Maya.team_lead', 'weekly_report', 'James Lee'],
      ['In case my manager changes, the reports should go to Dan Wu.', 'Maya.manager', 'report', 'Dan Wu'],
      ['When my landlord changes, the rent will go to Vera Lind.', 'Maya.landlord', 'rent', 'Vera Lind'],
      ['If we get a new manager, Tom handles the budget.', 'Maya.manager', 'budget', 'Tom'],
      ['Whenever Sara leaves, Tom will take over the budget.', 'Sara.works_at/Maya.=Sara', 'budget', 'Tom'],
      ['Should Sara quit, Ben inherits the budget.', 'Sara.works_at/Maya.=Sara', 'budget', 'Ben'],
      ['The budget goes to Tom when Sara leaves.', 'Sara.works_at/Maya.=Sara', 'budget', 'Tom'],
      ['Once I change jobs, my accountant will be Lena Park.', 'Maya.works_at', 'accountant', 'Lena Park'],
      ['If I relocate, my dentist will be Dr Hale.', 'Maya.lives_in', 'dentist', 'Dr Hale'],
      ['If my coach is replaced, my trainer will be Ana Silva.', 'Maya.coach', 'trainer', 'Ana Silva'],
    ];
    for (const [text, premise, predicate, object] of cases) {
      const [out] = x.extract([{ id: 'a', text, at, speaker: 'Maya' }]) as Array<{ rules?: Array<{ premise: Array<{ subject: string; predicate?: string; object?: string }>; dependent: { predicate: string }; object: unknown }> }>;
      const rule = out!.rules?.[0];
      expect(rule?.premise.map((p) => `${p.subject}.${p.predicate ?? ''}${p.object === undefined ? '' : `=${p.object}`}`).join('/'), text).toBe(premise);
      expect([rule!.dependent.predicate, rule!.object], text).toEqual([predicate, object]);
    }
  });

  it('reads arrangements as they stand in varied phrasing, and not events or conditionals', () => {
    const x = new RuleExtractor();
    const at = day('2024-01-01');
    const cases: Array<[string, string | undefined]> = [
      ['My dentist is Dr Cho.', 'dentist Dr Cho'],
      ['Dr Cho is my dentist.', 'dentist Dr Cho'],
      ['I email the invoices to Kate Moss.', 'invoice Kate Moss'],
      ['The invoices are handled by Kate Moss.', 'invoice Kate Moss'],
      ['Kate is responsible for the invoices.', 'invoice Kate'],
      ['I go to Iron Temple gym.', 'gym Iron Temple'],
      ['I gave the book to Anna.', undefined],
      ['We went to Paris last year and loved it.', undefined],
      ['The weekly report goes to Sara if nobody objects.', undefined],
    ];
    for (const [text, want] of cases) {
      const [out] = x.extract([{ id: 'a', text, at, speaker: 'Maya' }]) as Array<{ facts: Array<{ predicate: string; object: unknown }> }>;
      const got = out!.facts.filter((f) => !['mentions', 'event', 'visited'].includes(f.predicate)).map((f) => `${f.predicate} ${String(f.object)}`);
      expect(got, text).toEqual(want === undefined ? [] : [want]);
    }
  });

  it('everyday conditionals and plain sentences make no rule', () => {
    const x = new RuleExtractor();
    const at = day('2024-01-01');
    for (const text of ['If it rains, we stay home.', 'When I move to Denver I will get a dog.', 'If you see Sara, say hi.', 'I will call James Lee if the meeting moves.', 'My team lead is great.']) {
      const [out] = x.extract([{ id: 'a', text, at, speaker: 'Maya' }]) as Array<{ rules?: unknown[] }>;
      expect(out!.rules, text).toBeUndefined();
    }
  });
});
