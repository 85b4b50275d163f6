import { describe, expect, it } from 'vitest';
import { StateReader, type TurnState } from '../../src/recall/extract/state.js';

const at = Date.parse('2024-06-12T12:00:00Z');
const show = (s: TurnState): string[] => [
  ...s.facts.filter((f) => f.edgeType === 'semantic').map((f) => `${f.subject} ${f.predicate} ${'name' in f.object ? f.object.name : `"${f.object.value}"`}`),
  ...s.retractions.map((r) => `${r.subject} -${r.predicate} ${r.object === undefined ? '*' : typeof r.object === 'string' ? r.object : `"${r.object.value}"`}`),
];
const read = (...texts: string[]): string[] => {
  const r = new StateReader();
  let last: TurnState | undefined;
  for (const t of texts) last = r.read(t, at, 'Maya', () => undefined);
  return show(last!);
};

describe('state rules, one turn at a time', () => {
  it('reads homes, jobs and titles from a coordinated sentence, with no object running past "and"', () => {
    expect(read('I live in Boston and I work at Acme Corp as a data analyst.')).toEqual(['Maya lives_in Boston', 'Maya works_at Acme Corp', 'Maya job_title "data analyst"']);
    expect(read("I'm a designer at Acme.")).toEqual(['Maya works_at Acme', 'Maya job_title "designer"']);
    expect(read('I work in marketing at Spotify.')).toEqual(['Maya works_at Spotify']);
  });

  it('ends a job, a partner, a pet and a possession', () => {
    expect(read('I quit my job at Blue Bottle two weeks ago.')).toEqual(['Maya -works_at Blue Bottle']);
    expect(read("I'm between jobs right now.")).toEqual(['Maya -works_at *']);
    expect(read('Jake and I broke up.')).toEqual(['Maya -partner Jake']);
    expect(read('Rex passed away last weekend.')).toEqual(['Maya -has Rex']);
    expect(read('I sold my car last month.')).toEqual(['Maya -has "car"']);
  });

  it('records nothing for the speaker from visits, wishes, conditions, plans and other people', () => {
    for (const t of [
      'I went to London last weekend for a conference.',
      'Sometimes I wish I worked at Apple instead.',
      "If I moved to Denver, I'd have to find a new job.",
      "I'm thinking about moving to Hamburg next year.",
      'My brother just moved to Vancouver.',
      "I don't work at Ferrari, my cousin does.",
    ]) {
      expect(read(t), t).toEqual([]);
    }
  });

  it('reads facts about the people the speaker names, and "he"/"she" as the last one named', () => {
    expect(read('My sister Ana lives in Porto.')).toEqual(['Ana lives_in Porto', 'Maya has Ana']);
    expect(read('My friend Tom works at Microsoft. He just got promoted to team lead.')).toEqual(['Tom works_at Microsoft', 'Tom job_title "team lead"']);
    expect(read('My sister Ana lives in Porto.', 'She quit her job at Sonae last week.')).toEqual(['Ana -works_at Sonae']);
  });

  it('makes lists several facts and names the named', () => {
    expect(read('We have two cats, Pepper and Salt.')).toEqual(['Maya has Pepper', 'Maya has Salt']);
    expect(read('I adopted a dog named Rex.')).toEqual(['Maya has Rex']);
    expect(read('Our dog Bruno loves the beach.')).toEqual(['Maya has Bruno']);
  });
});
