import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, MemoryGraph, NotFoundError } from '../src/index.js';
import { build, DAY, episode, everyRead, everything, leaks, T0, utf8 } from './forget-fixtures.js';
import type { Step } from './forget-fixtures.js';

const SECRET = 'Zorblatt Quennington';
const CODE = 'vault code 4471-XQ';
const QUERIES = ['neighbour vault code', 'Zorblatt', 'where does Maria live', 'Paris', 'dog'];

/** A conversation with a secret episode among ordinary ones; the secret's facts mix with others. */
const STEPS: Step[] = [
  { run: episode('e1', 'I live in Paris. My sister Maria lives in Lyon.') },
  { run: (m) => void m.assert({ subject: 'Maria', predicate: 'likes', object: 'chess', evidence: ['e1'], episode: 'e1' }) },
  { secret: true, run: episode('e2', `My neighbour ${SECRET} gave me the ${CODE}.`) },
  { secret: true, run: (m) => void m.assert({ subject: SECRET, predicate: 'code', object: { value: CODE }, evidence: ['e2'], episode: 'e2' }) },
  { run: episode('e3', 'I have a dog named Rex. Maria moved to Berlin.') },
  { run: (m) => void m.assert({ subject: 'Maria', predicate: 'lives_in', object: 'Berlin', evidence: ['e3'] }) },
  { run: (m) => void m.touch(m.factIds({ predicate: 'likes' })) },
  { run: episode('e4', 'Rex likes the park.') },
];
const CUTS = Array.from({ length: STEPS.length + 3 }, (_, i) => T0 + i * DAY + 1);

describe('forget', () => {
  it('{ episode }: the text and what came only from it leave every read, the log and the state; the rest equals a memory never told', () => {
    const { mem, clock } = build(STEPS);
    expect(everything(mem, CUTS, QUERIES)).toContain(SECRET);
    // The secret episode's fact also cites e1: it must stay, citing e1 alone.
    mem.assert({ subject: 'Maria', predicate: 'likes', object: 'tea', evidence: ['e2', 'e1'], recordedAt: clock.t });
    clock.t += DAY;
    const { tombstone, counts } = mem.forget({ episode: 'e2' }, { reason: 'asked by the user' });
    expect(tombstone).toEqual({ recordedAt: clock.t, scope: 'episode', reason: 'asked by the user', counts });
    expect(counts.episodes).toBe(1);
    expect(counts.facts).toBeGreaterThanOrEqual(1);
    expect(counts.evidence).toBe(1);
    const all = everything(mem, CUTS, QUERIES);
    // '4471' alone also matches digits of a recall score (0.44471…): the code is looked for as written
    for (const secret of [SECRET, CODE, 'Zorblatt', 'Quennington', '4471-XQ']) expect(leaks(utf8(all), secret), secret).toBe(false);
    expect(mem.getEpisode('e2')).toBeUndefined();
    expect(mem.facts({ subject: 'Maria', predicate: 'likes', object: 'tea' })[0]!.evidence).toEqual(['e1']);
    expect(mem.tombstones()).toEqual([tombstone]);

    // Every read before the forget equals a memory that was never told the secret (ids included).
    const never = build(STEPS, false).mem;
    never.assert({ subject: 'Maria', predicate: 'likes', object: 'tea', evidence: ['e1'], recordedAt: tombstone.recordedAt - DAY });
    expect(everyRead(mem, CUTS, QUERIES)).toBe(everyRead(never, CUTS, QUERIES));
    expect(mem.log().slice(0, -1)).toEqual(never.log());
  });

  it('a replay of the rewritten log is the same memory, at every cut', () => {
    for (const scope of [{ episode: 'e2' }, { entity: SECRET }, { source: 'extractor' }] as const) {
      const { mem } = build(STEPS);
      mem.forget(scope);
      const again = MemoryGraph.replay(mem.log(), { now: () => mem.now() });
      expect(everyRead(again, CUTS, QUERIES)).toBe(everyRead(mem, CUTS, QUERIES));
      expect(again.log()).toEqual(mem.log());
      expect(again.exportState()).toEqual(mem.exportState());
      expect(again.tombstones()).toEqual(mem.tombstones());
    }
  });

  it('{ entity }: its names, aliases, facts and the episodes naming or linking it are gone; others stay', () => {
    const { mem, clock } = build(STEPS);
    mem.entity({ name: SECRET, aliases: ['Zorby'], recordedAt: clock.t });
    mem.episode({ id: 'e9', text: 'zorby waved from across the street', at: clock.t, recordedAt: clock.t });
    clock.t += DAY;
    const before = mem.facts({ subject: 'Maria' }).length;
    const { counts } = mem.forget({ entity: 'Zorby' }, { reason: 'right to erasure' });
    expect(counts.entities).toBeGreaterThanOrEqual(1);
    expect(counts.episodes).toBe(2);
    const all = everything(mem, CUTS, QUERIES);
    for (const secret of [SECRET, 'Zorby', CODE]) expect(leaks(utf8(all), secret), secret).toBe(false);
    expect(mem.getEntity('Zorblatt Quennington')).toBeUndefined();
    expect(mem.facts({ subject: 'Maria' }).length).toBe(before);
    expect(mem.getEpisode('e3')?.text).toContain('Rex');
  });

  it('{ fact }: every version of the triple and its literal are gone; the episode stays', () => {
    const { mem } = build(STEPS);
    const id = mem.facts({ predicate: 'code' })[0]!.id;
    const { counts } = mem.forget({ fact: id });
    expect(counts).toMatchObject({ facts: 1, episodes: 0 });
    expect(mem.facts({ predicate: 'code' })).toEqual([]);
    expect(mem.history({ subject: SECRET })).toEqual([]);
    expect(leaks(utf8(JSON.stringify(mem.log())), '4471-XQ')).toBe(true); // still in e2's text: a fact is not its episode
    expect(leaks(utf8(JSON.stringify(mem.log().filter((op) => op.type !== 'episode'))), '4471-XQ')).toBe(false);
  });

  it('{ source }: every fact of the source goes; facts of other sources stay', () => {
    const { mem, clock } = build(STEPS);
    mem.assert({ subject: 'Rex', predicate: 'likes', object: { value: 'sticks from the Quarry' }, source: 'import-7', recordedAt: clock.t });
    mem.assert({ subject: 'Rex', predicate: 'likes', object: 'the park', source: 'import-8', recordedAt: clock.t });
    const { counts } = mem.forget({ source: 'import-7' });
    expect(counts.facts).toBe(1);
    expect(leaks(utf8(everything(mem, CUTS, QUERIES)), 'sticks from the Quarry')).toBe(false);
    expect(leaks(utf8(everything(mem, CUTS, QUERIES)), 'import-7')).toBe(false);
    expect(mem.facts({ subject: 'Rex', predicate: 'likes' }).map((f) => f.source)).toContain('import-8');
  });

  it('archive, touch and salience operations follow their facts onto the rebuilt versions', () => {
    const { mem, clock } = build(STEPS);
    const likes = mem.factIds({ subject: 'Maria', predicate: 'likes' });
    mem.setSalience(likes, likes.map(() => 0.25), { recordedAt: clock.t });
    mem.archive(likes, { recordedAt: clock.t });
    const before = mem.facts({ subject: 'Maria', includeArchived: true });
    mem.forget({ episode: 'e2' });
    const after = mem.facts({ subject: 'Maria', includeArchived: true });
    expect(after.map((f) => [f.predicate, f.archivedAt])).toEqual(before.map((f) => [f.predicate, f.archivedAt]));
    expect(mem.log().filter((op) => op.type === 'salience')).toHaveLength(1);
  });

  it('a cardinality-one value a forgotten assertion had closed is believed again, from its own time', () => {
    let t = T0;
    const mem = new MemoryGraph({ now: () => (t += DAY), predicates: { price: { cardinality: 'one' } } });
    mem.assert({ subject: 'Pro', predicate: 'price', object: { value: 40 }, validFrom: T0 });
    mem.episode({ id: 'leak', text: 'the new price is 50', at: T0 + 5 * DAY });
    const fifty = mem.assert({ subject: 'Pro', predicate: 'price', object: { value: 50 }, validFrom: T0 + 10 * DAY, evidence: ['leak'] }).id!;
    expect(mem.facts({ subject: 'Pro', validAt: T0 + 100 * DAY }).map((f) => f.object)).toEqual([{ value: 50 }]);
    mem.forget({ episode: 'leak' });
    expect(() => mem.fact(fifty)).toThrow(NotFoundError);
    expect(mem.facts({ subject: 'Pro', validAt: T0 + 100 * DAY }).map((f) => f.object)).toEqual([{ value: 40 }]);
    expect(mem.history({ subject: 'Pro' })).toHaveLength(1);
  });

  it('bad input is refused by name and changes nothing', () => {
    const { mem } = build(STEPS);
    const log = JSON.stringify(mem.log());
    expect(() => mem.forget({ episode: 'nope' })).toThrow(NotFoundError);
    expect(() => mem.forget({ entity: 'Nobody At All' })).toThrow(NotFoundError);
    expect(() => mem.forget({ fact: 10_000 })).toThrow(NotFoundError);
    expect(() => mem.forget({ source: 'never-used' })).toThrow(NotFoundError);
    expect(() => mem.forget({ episode: 'e2', entity: 'Maria' } as never)).toThrow(/MemoryGraph.forget: scope must name exactly one/);
    expect(() => mem.forget({ entity: SECRET }, { reason: `forget ${SECRET.toLowerCase()}` })).toThrow(InvalidArgumentError);
    expect(() => mem.forget({ episode: 'e2' }, { recordedAt: T0 })).toThrow(/record time only moves forward/);
    expect(() => mem.forget({ episode: 'e2' }, { why: 'x' } as never)).toThrow(/unknown field "why"/);
    expect(JSON.stringify(mem.log())).toBe(log);
  });
});
