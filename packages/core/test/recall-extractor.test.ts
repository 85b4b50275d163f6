import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { resolveRelativeDates } from '../src/recall/dates.js';
import { RULE_CONFIDENCE, RuleExtractor, type Extraction } from '../src/recall/extractor.js';

interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
}
type Conversation = Record<string, unknown>;
interface Sample {
  sample_id: string;
  conversation: Conversation;
  qa: Array<{ question: string; answer?: string | number; evidence: string[]; category: number }>;
}

const LOCOMO = new URL('../../../../shared/datasets/locomo/locomo10.json.gz', import.meta.url);
const data = JSON.parse(gunzipSync(readFileSync(LOCOMO)).toString('utf8')) as Sample[];
const conv26 = data.find((s) => s.sample_id === 'conv-26')!;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** "1:56 pm on 8 May, 2023" → UTC ms (LoCoMo's session stamps carry no zone; we read them as UTC). */
function sessionTime(s: string): number {
  const m = /^(\d{1,2}):(\d{2})\s*(am|pm) on (\d{1,2}) (\w+),? (\d{4})$/i.exec(s.trim());
  if (!m) throw new Error(`unparsed LoCoMo date ${s}`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return Date.UTC(Number(m[6]), MONTHS.indexOf(m[5]!.toLowerCase()), Number(m[4]), hour, Number(m[2]));
}
function session(n: number): { at: number; turns: Turn[] } {
  return { at: sessionTime(conv26.conversation[`session_${n}_date_time`] as string), turns: conv26.conversation[`session_${n}`] as Turn[] };
}
function turn(id: string): { at: number; turn: Turn } {
  const s = session(Number(/^D(\d+):/.exec(id)![1]));
  return { at: s.at, turn: s.turns.find((t) => t.dia_id === id)! };
}
const extractor = new RuleExtractor();
function extract(id: string): Extraction {
  const { at, turn: t } = turn(id);
  return extractor.extractTurn({ id: t.dia_id, text: t.text, at, speaker: t.speaker });
}
const iso = (ms: number | undefined): string => new Date(ms!).toISOString().slice(0, 10);
/** The window of a gold answer such as "7 May 2023", 2022 or "June 2023". */
function gold(answer: string | number): { start: number; end: number } {
  const text = typeof answer === 'number' ? `in ${answer}` : /^\d{4}$/.test(answer) ? `in ${answer}` : answer;
  const r = resolveRelativeDates(text, 0);
  expect(r, String(answer)).toHaveLength(1);
  return { start: r[0]!.start, end: r[0]!.end };
}

describe('RuleExtractor on LoCoMo conv-26', () => {
  it('dates "I went to a LGBTQ support group yesterday" (8 May 2023) to 7 May 2023, as LoCoMo\'s answer says', () => {
    const r = extract('D1:3');
    expect(r.entities).toContainEqual({ name: 'Caroline', type: 'person' });
    expect(r.entities).toContainEqual({ name: 'LGBTQ support group', type: 'concept' });
    const event = r.facts.find((f) => f.predicate === 'event')!;
    expect(event).toMatchObject({ subject: 'Caroline', edgeType: 'temporal', confidence: RULE_CONFIDENCE.event });
    expect([iso(event.validFrom), iso(event.validTo)]).toEqual(['2023-05-07', '2023-05-08']);
    const q = conv26.qa.find((x) => x.question === 'When did Caroline go to the LGBTQ support group?')!;
    expect(q.evidence).toEqual(['D1:3']);
    expect({ start: event.validFrom, end: event.validTo }).toEqual(gold(q.answer!));
    // the mention made in that sentence carries the same window
    const mention = r.facts.find((f) => f.predicate === 'mentions' && f.object === 'LGBTQ support group')!;
    expect([mention.validFrom, mention.validTo]).toEqual([event.validFrom, event.validTo]);
  });

  it('dates "I painted that lake sunrise last year" to 2022 and "camping next month" (25 May) to June 2023', () => {
    const painted = extract('D1:14').facts.find((f) => f.predicate === 'event')!;
    expect({ start: painted.validFrom, end: painted.validTo }).toEqual(gold(2022));
    const camping = extract('D2:7').facts.find((f) => f.predicate === 'event')!;
    expect(camping.object).toEqual({ value: expect.stringContaining('camping next month') });
    expect({ start: camping.validFrom, end: camping.validTo }).toEqual(gold('June 2023'));
  });

  it('reads "last Saturday" on Thursday 25 May 2023 as Saturday 20 May (LoCoMo\'s answer says "the sunday before")', () => {
    const race = extract('D2:1').facts.find((f) => f.predicate === 'event')!;
    expect([iso(race.validFrom), iso(race.validTo)]).toEqual(['2023-05-20', '2023-05-21']);
  });

  it('finds names but not sentence openers, "I", interjections or dates across sessions 1–2', () => {
    const names = new Set<string>();
    const facts: Extraction['facts'] = [];
    for (const n of [1, 2]) {
      const { at, turns } = session(n);
      for (const t of turns) {
        const r = extractor.extractTurn({ id: t.dia_id, text: t.text, at, speaker: t.speaker });
        for (const e of r.entities) if (e.type === undefined) names.add(e.name);
        facts.push(...r.facts);
        // every mention is made by the speaker of the turn
        for (const f of r.facts) if (f.predicate === 'mentions') expect(f.subject).toBe(t.speaker);
      }
    }
    expect([...names].sort()).toEqual(expect.arrayContaining(['Caroline', 'LGBTQ', 'Mel', 'Melanie']));
    for (const bad of ['I', "I'm", 'Hey', 'Wow', 'Thanks', 'Yeah', 'The', 'That', 'Painting', 'Saturday', 'May']) expect(names.has(bad), bad).toBe(false);
    const phrases = extract('D1:2').entities.filter((e) => e.type === 'concept').map((e) => e.name);
    expect(phrases).toEqual(['kids']);
    expect(extract('D1:13').entities.map((e) => e.name)).toEqual(['Caroline', 'Melanie', 'painting']);
  });

  it('drops a lone capitalised sentence opener unless the name is known or learnt', () => {
    const fresh = new RuleExtractor();
    expect(fresh.extractTurn({ id: 'a', text: 'Gina called.', at: 0 }).entities).toEqual([]);
    fresh.extractTurn({ id: 'b', text: 'I had lunch with Gina.', at: 0 });
    expect(fresh.extractTurn({ id: 'c', text: 'Gina called.', at: 0 }).entities).toEqual([{ name: 'Gina' }]);
    const forgetful = new RuleExtractor({ learn: false });
    forgetful.extractTurn({ id: 'b', text: 'I had lunch with Gina.', at: 0 });
    expect(forgetful.extractTurn({ id: 'c', text: 'Gina called.', at: 0 }).entities).toEqual([]);
  });

  it('emits mentions, co-occurrence pairs in one canonical direction, and no dates where the text has none', () => {
    const r = new RuleExtractor({ knownNames: ['Alice'] }).extractTurn({ id: 'x', text: 'Alice met Bob Stone at the climbing gym in Lisbon.', at: Date.UTC(2024, 0, 1), speaker: 'Carol' });
    expect(r.entities).toEqual([
      { name: 'Carol', type: 'person' },
      { name: 'Alice' },
      { name: 'Bob Stone' },
      { name: 'Lisbon' },
      { name: 'climbing gym', type: 'concept' },
    ]);
    const mentions = r.facts.filter((f) => f.predicate === 'mentions');
    expect(mentions.map((f) => [f.subject, f.object, f.confidence, f.edgeType])).toEqual([
      ['Carol', 'Alice', RULE_CONFIDENCE.mentionName, 'semantic'],
      ['Carol', 'Bob Stone', RULE_CONFIDENCE.mentionName, 'semantic'],
      ['Carol', 'Lisbon', RULE_CONFIDENCE.mentionName, 'semantic'],
      ['Carol', 'climbing gym', RULE_CONFIDENCE.mentionPhrase, 'semantic'],
    ]);
    const pairs = r.facts.filter((f) => f.predicate === 'co_occurs_with');
    expect(pairs).toHaveLength(6);
    for (const p of pairs) {
      expect((p.subject as string).toLowerCase() < (p.object as string).toLowerCase()).toBe(true);
      expect(p).toMatchObject({ edgeType: 'cooccurrence', confidence: RULE_CONFIDENCE.cooccurrence });
    }
    for (const f of r.facts) expect(f.validFrom).toBeUndefined();
  });

  it('uses the first entity of a dated sentence as the event subject when there is no speaker', () => {
    const r = extractor.extractTurn({ id: 'y', text: 'Acme Corp moved to Berlin last month.', at: Date.UTC(2024, 2, 10) });
    const ev = r.facts.find((f) => f.predicate === 'event')!;
    expect(ev.subject).toBe('Acme Corp');
    expect([iso(ev.validFrom), iso(ev.validTo)]).toEqual(['2024-02-01', '2024-03-01']);
    expect(r.facts.some((f) => f.predicate === 'mentions')).toBe(false);
  });

  it('refuses an episode without text or a finite time', () => {
    expect(() => extractor.extractTurn({ id: 'z', text: 'hi', at: NaN })).toThrow(InvalidArgumentError);
    expect(() => extractor.extractTurn({ id: 'z', text: 'hi', at: 0, speaker: ' ' })).toThrow(/^RuleExtractor\.extract:/);
    expect(() => extractor.extractTurn(null as never)).toThrow(/^RuleExtractor\.extract:/);
  });
});

describe('RuleExtractor on shouting and titles', () => {
  it('takes no entity name longer than 80 characters, so every name it gives is one the memory accepts', () => {
    const shout = Array.from({ length: 60 }, (_, i) => `Word${i}`).join(' ');
    const out = new RuleExtractor().extractTurn({ id: 'x', text: `We Read ${shout} Yesterday With Alice.`, at: Date.UTC(2024, 0, 2), speaker: 'Bob' });
    expect(out.entities.length).toBeGreaterThan(0);
    for (const e of out.entities) expect(e.name.length).toBeLessThanOrEqual(80);
  });
});
