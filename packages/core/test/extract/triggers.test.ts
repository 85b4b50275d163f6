// The trigger tests (extract/triggers.ts) only skip rule families that could not fire: the extractor must
// give exactly what it gives with every test passing every sentence. Checked three ways: each family still
// fires on a sentence whose only trigger is its own word; every turn of the suites, and each of its variants
// with one word left out or one capital lowered, extracts the same with and without the tests; and every
// word and phrase written in the state rules' expressions, put in a few sentence frames, does too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { Turn } from '../../src/types.js';
import { CONVERSATIONS, type Conversation } from './conversations.data.js';
import { BLIND, HELD_OUT } from './held-out.data.js';
import { UNSEEN } from './unseen.data.js';
import { BLIND_SECOND, BLIND_THIRD } from './blind-second.data.js';
import { FIFTH } from './blind-fifth.data.js';
import { FIFTH_PROBES } from './blind-fifth-probes.data.js';
import { SIXTH } from './blind-sixth.data.js';
import { SIXTH_PROBES } from './blind-sixth-probes.data.js';

type Extractors = typeof import('../../src/recall/extractor.js');
const shipped: Extractors = await import('../../src/recall/extractor.js');
// the same modules again, with every trigger test passing everything
vi.resetModules();
vi.doMock('../../src/recall/extract/triggers.js', () => ({ mayTellState: () => true, mayGiveReason: () => true, mayIntroduce: () => true, mayStateRule: () => true }));
const unfiltered: Extractors = await import('../../src/recall/extractor.js');
vi.doUnmock('../../src/recall/extract/triggers.js');

const at = Date.parse('2024-06-12T12:00:00Z');
// the fifth and sixth suites and their probes, in the same shape
const FIFTH_AS = [...FIFTH, ...FIFTH_PROBES.map((p, i) => ({ name: `probe ${i}`, turns: p.turns })), ...SIXTH, ...SIXTH_PROBES].map((c) => ({ name: c.name, category: 'jobs', speaker: 'Maya', turns: c.turns.map(([at, text]) => ({ at, text })), checks: [] }) satisfies Conversation);
const SUITES: Conversation[] = [...CONVERSATIONS, ...HELD_OUT, ...BLIND, ...UNSEEN, ...BLIND_SECOND, ...BLIND_THIRD, ...FIFTH_AS];
// -Infinity (a retraction over all time) survives the comparison
const turn = (text: string, when = at): Turn => ({ id: 't', text, at: when, speaker: 'Maya' });
const show = (x: unknown): string => JSON.stringify(x, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));

/** Texts whose extraction differs with and without the trigger tests, each read by fresh extractors after `before`. */
function differing(texts: readonly string[], before: readonly Turn[] = []): string[] {
  return texts.filter((text) => {
    const a = new shipped.RuleExtractor();
    const b = new unfiltered.RuleExtractor();
    const turns = [...before, turn(text)];
    return show(a.extract(turns)) !== show(b.extract(turns));
  });
}

/** The sentence with each word left out in turn, and with each capitalised word lowered. */
function variants(text: string): string[] {
  const words = text.split(' ');
  const out: string[] = [];
  words.forEach((w, i) => {
    out.push([...words.slice(0, i), ...words.slice(i + 1)].join(' '));
    if (/^\p{Lu}/u.test(w) && i > 0) out.push([...words.slice(0, i), w.toLowerCase(), ...words.slice(i + 1)].join(' '));
  });
  return out;
}

const stateOf = (text: string, before: string[] = []): string[] => {
  const x = new shipped.RuleExtractor();
  for (const t of before) x.extract([turn(t, at - 86_400_000)]);
  const [e] = x.extract([turn(text)]);
  const facts = e!.facts.filter((f) => f.predicate !== 'mentions' && f.predicate !== 'event').map((f) => `${f.subject} ${f.predicate} ${typeof f.object === 'string' ? f.object : f.object.value}`);
  return [...facts, ...(e!.retractions ?? []).map((r) => `${r.subject} -${r.predicate}`)];
};

describe('the trigger tests skip only rule families that could not fire', () => {
  it('lets each family fire on a sentence whose only trigger is its own word', () => {
    const cases: Array<[string, string, string[]?]> = [
      ['Big news: I moved to Denver last week!', 'Maya lives_in Denver'],
      ['I relocated to Austin.', 'Maya lives_in Austin'],
      ['Lagos is where I live.', 'Maya lives_in Lagos'],
      ["We're still in Bristol.", 'Maya lives_in Bristol'],
      ["I've been in Denver since 2019.", 'Maya lives_in Denver'],
      ['I rent a small place in Leeds.', 'Maya lives_in Leeds'],
      ['I found a flat in Leeds and I move there on June 15.', 'Maya lives_in Leeds'],
      ["Quick intro: I'm Priya and I do backend work over at Stripe.", 'Maya works_at Stripe'],
      ["I'm a designer at Acme.", 'Maya job_title designer'],
      ["I'm a nurse at the children's hospital.", "Maya works_at children's hospital"],
      ["I'm on the marketing team at Spotify.", 'Maya works_at Spotify'],
      ['Good news, Lamborghini hired me!', 'Maya works_at Lamborghini'],
      ['I joined Shopify in March.', 'Maya works_at Shopify'],
      ['I got promoted to senior engineer.', 'Maya job_title senior engineer'],
      ['I became head nurse.', 'Maya job_title head nurse'],
      ['They laid me off yesterday.', 'Maya -works_at'],
      ['I quit.', 'Maya -works_at'],
      ['I retired last month.', 'Maya -works_at'],
      ["I'm between jobs right now.", 'Maya -works_at'],
      ['My last day at Deutsche Bahn was last Friday.', 'Maya -works_at'],
      ['I left my job.', 'Maya -works_at'],
      ['I lost my job last week.', 'Maya -works_at'],
      ["I'm not at EY anymore.", 'Maya -works_at'],
      ["I'm married to Sam.", 'Maya partner Sam'],
      ['Jake and I broke up.', 'Maya -partner'],
      ['I adopted a dog named Rex.', 'Maya has Rex'],
      ['I bought a Vespa.', 'Maya has Vespa'],
      ['I sold my car last month.', 'Maya -has'],
      ['Someone stole my bike.', 'Maya -has'],
      ['My laptop got stolen.', 'Maya -has'],
      ['Rex passed away last weekend.', 'Maya -has', ['I adopted a dog named Rex.']],
    ];
    const missed = cases.filter(([text, want, before]) => !stateOf(text, before).includes(want)).map(([text, want, before]) => `${text} → [${stateOf(text, before).join(', ')}], want ${want}`);
    expect(missed).toEqual([]);
  });

  it('lets a stated reason link its facts whichever reason word it uses', () => {
    const linked = (text: string): number => new shipped.RuleExtractor().extract([turn(text)])[0]!.facts.filter((f) => f.dependsOn !== undefined).length;
    const texts = ['I take the bus because I live in Boston.', 'I bike to work since I love cycling.', 'I live in Boston, so I have a bus pass.', "I live in Boston, that's why I have a bus pass."];
    expect(texts.filter((t) => linked(t) === 0)).toEqual([]);
    expect(differing(texts.flatMap((t) => [t, ...variants(t)]))).toEqual([]);
  });

  it("lets a speaker give their name in each way the extractor reads", () => {
    const aliases = (text: string): string[] => new shipped.RuleExtractor().extract([turn(text)])[0]!.entities.find((e) => e.name === 'Maya')?.aliases ?? [];
    expect(['Call me Sam.', 'My name is Sam Lee.', "my name's Sammy", "Hi! I'm Maya Chen.", 'I am Maya Chen, hi.'].map(aliases)).toEqual([['Sam'], ['Sam Lee'], ['Sammy'], ['Maya Chen'], ['Maya Chen']]);
    expect(differing(['Call me Sam.', 'My name is Sam Lee.', "my name's Sammy", "Hi! I'm Maya Chen.", 'I am Maya Chen, hi.'].flatMap((t) => [t, ...variants(t)]))).toEqual([]);
  });

  it('lets a stated rule through in each form the extractor reads', () => {
    const texts = [
      'If the team lead changes, the weekly report goes to James Lee.',
      'Should my manager change, send reports to Dan instead.',
      'If I move, my gym will be Planet Fitness.',
      'When Sara leaves, Tom takes over the budget.',
      'The weekly report goes to Sara if the lead ever gets replaced.',
      'If we get a new manager, the budget goes to Tom.',
    ];
    const rules = (text: string): number => new shipped.RuleExtractor().extract([turn(text)])[0]!.rules?.length ?? 0;
    expect(texts.filter((t) => rules(t) === 0)).toEqual([]);
    expect(differing(texts.flatMap((t) => [t, ...variants(t)]))).toEqual([]);
  });

  it('changes nothing over every suite conversation, turn by turn', () => {
    const misses: string[] = [];
    for (const c of SUITES) {
      const a = new shipped.RuleExtractor();
      const b = new unfiltered.RuleExtractor();
      for (const t of c.turns) {
        const one: Turn = { id: t.at, text: t.text, at: Date.parse(`${t.at}T12:00:00Z`), ...(t.speaker === null ? {} : { speaker: t.speaker ?? c.speaker ?? 'user' }) };
        if (show(a.extract([one])) !== show(b.extract([one]))) misses.push(`${c.name}: ${t.text}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('changes nothing over each suite turn with one word left out or one capital lowered', () => {
    const texts = [...new Set(SUITES.flatMap((c) => c.turns.map((t) => t.text)))];
    expect(texts.length).toBeGreaterThan(400);
    expect(differing(texts.flatMap(variants))).toEqual([]);
  });

  it('changes nothing for every word and phrase the state rules are written with, in a few sentence frames', () => {
    // the words between the expressions' operators: "laid me off", "moved", "have been", "am seeing", …
    const source = readFileSync(fileURLToPath(new URL('../../src/recall/extract/state-rules.ts', import.meta.url)), 'utf8');
    const written = source.split('\n').filter((l) => /RegExp\(|= \/\^|\/i;$|\/u;$/.test(l));
    const phrases = new Set<string>();
    for (const line of written) {
      for (const part of line.replace(/\\s[+*]/g, ' ').split(/[|()?:^$\\*+{}[\]/,;=`'"]+/)) {
        const p = part.trim().replace(/\s+/g, ' ');
        if (/^[a-z][a-z -]*[a-z]$/.test(p) && p.length > 1) phrases.add(p);
      }
    }
    expect(phrases.size).toBeGreaterThan(300);
    const frames = (p: string): string[] => [`I ${p}.`, `I ${p} Acme.`, `I ${p} a dog.`, `I ${p} my job.`, `I ${p} in Boston.`, `Ana ${p} Acme.`, `They ${p}.`, `My ${p}.`];
    expect(differing([...phrases].flatMap(frames))).toEqual([]);
  });
});
