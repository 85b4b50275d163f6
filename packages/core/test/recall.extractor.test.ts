import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, TimeOrderError } from '../src/errors.js';
import { ingestEpisode } from '../src/ingest/episode.js';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { resolveRelativeDates } from '../src/recall/dates.js';
import { STATE_CONFIDENCE } from '../src/recall/extract/state.js';
import { MAX_ENTITIES_PER_TURN, RULE_CONFIDENCE, RuleExtractor, type Extraction, type ExtractedFact, type Turn } from '../src/recall/extractor.js';

interface LocomoTurn {
  speaker: string;
  dia_id: string;
  text: string;
}
interface Sample {
  sample_id: string;
  conversation: Record<string, unknown>;
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
/** conv-26's turns in order, as extractor input. */
const conv26Turns: Turn[] = [];
for (let n = 1; conv26.conversation[`session_${n}_date_time`] !== undefined; n++) {
  const at = sessionTime(conv26.conversation[`session_${n}_date_time`] as string);
  for (const t of (conv26.conversation[`session_${n}`] as LocomoTurn[] | undefined) ?? []) conv26Turns.push({ id: t.dia_id, text: t.text, at, speaker: t.speaker });
}
/** A fresh extractor fed conv-26 up to `id`, as a memory listening live would be: the extraction of `id`. */
function upTo(id: string): Extraction {
  const x = new RuleExtractor();
  const end = conv26Turns.findIndex((t) => t.id === id);
  expect(end).toBeGreaterThanOrEqual(0);
  return x.extract(conv26Turns.slice(0, end + 1)).at(-1)!;
}
const turnText = (id: string): string => conv26Turns.find((t) => t.id === id)!.text;
const iso = (ms: number | undefined): string => new Date(ms!).toISOString().slice(0, 10);
const typed = (r: Extraction): ExtractedFact[] => r.facts.filter((f) => !['mentions', 'event'].includes(f.predicate));
const triple = (f: ExtractedFact): [string, string, string | { value: unknown }] => [f.subject, f.predicate, f.object];
/** The window of a gold answer such as "7 May 2023", 2022 or "June 2023". */
function gold(answer: string | number): { start: number; end: number } {
  const text = typeof answer === 'number' || /^\d{4}$/.test(answer) ? `in ${answer}` : answer;
  const r = resolveRelativeDates(text, 0);
  expect(r, String(answer)).toHaveLength(1);
  return { start: r[0]!.start, end: r[0]!.end };
}
const AT = Date.UTC(2023, 4, 30, 23, 40); // a LongMemEval question date: Tue 30 May 2023
/** One turn through a fresh extractor (or the given one). */
function one(text: string, speaker = 'user', x = new RuleExtractor()): Extraction {
  return x.extract([{ id: 't', text, at: AT, speaker }])[0]!;
}

describe('RuleExtractor: the batched Extractor shape', () => {
  it('has an id and answers a batch with one extraction per turn, as the same turns one by one would', () => {
    const x = new RuleExtractor();
    expect(x.id).toBe('rule-extractor@3');
    const turns = conv26Turns.slice(0, 40);
    const batched = x.extract(turns);
    expect(batched).toHaveLength(40);
    const single = new RuleExtractor();
    expect(turns.map((t) => single.extract([t])[0])).toEqual(batched);
    expect(new RuleExtractor().extract([])).toEqual([]);
  });

  it('is deterministic: two fresh extractors over conv-26 give identical extractions', () => {
    expect(new RuleExtractor().extract(conv26Turns)).toEqual(new RuleExtractor().extract(conv26Turns));
  });

  it('refuses a batch that is not an array, or holds a bad turn, before reading any turn', () => {
    const x = new RuleExtractor();
    expect(() => x.extract({ id: 'a', text: 'hi', at: 0 } as never)).toThrow(InvalidArgumentError);
    expect(() => x.extract([{ id: 'z', text: 'hi', at: NaN }])).toThrow(/^RuleExtractor\.extract: turns\[0\]\.at/);
    expect(() => x.extract([{ id: 'z', text: 'hi', at: 0, speaker: ' ' }])).toThrow(/^RuleExtractor\.extract:/);
    expect(() => x.extract([null as never])).toThrow(/^RuleExtractor\.extract:/);
    expect(() => x.extract([{ id: 'z', text: 'hi', at: 0, role: 'bot' as never }])).toThrow(/^RuleExtractor\.extract:/);
    // the good first turn was not read: "Gina" was not learnt from it
    expect(() => x.extract([{ id: 'a', text: 'I had lunch with Gina.', at: 0, speaker: 'Jon' }, { id: 'b', text: 'x', at: NaN }])).toThrow(InvalidArgumentError);
    expect(x.extract([{ id: 'c', text: 'Gina called.', at: 0 }])[0]!.entities).toEqual([]);
    expect(() => new RuleExtractor({ maxEntitiesPerTurn: 0 })).toThrow(/^RuleExtractor:/);
  });
});

describe('RuleExtractor on LoCoMo conv-26', () => {
  it('"I went to a LGBTQ support group yesterday" (8 May 2023): visited, dated 7 May as LoCoMo\'s answer says', () => {
    const r = upTo('D1:3');
    expect(r.entities[0]).toEqual({ name: 'Caroline', type: 'person' });
    const visited = r.facts.find((f) => f.predicate === 'visited')!;
    expect(visited).toMatchObject({ subject: 'Caroline', object: { value: 'LGBTQ support group' }, confidence: RULE_CONFIDENCE.visited });
    const q = conv26.qa.find((x) => x.question === 'When did Caroline go to the LGBTQ support group?')!;
    expect(q.evidence).toEqual(['D1:3']);
    expect({ start: visited.validFrom, end: visited.validTo }).toEqual(gold(q.answer!));
    const event = r.facts.find((f) => f.predicate === 'event')!;
    expect(event).toMatchObject({ subject: 'Caroline', edgeType: 'temporal', confidence: RULE_CONFIDENCE.event });
    expect([iso(event.validFrom), iso(event.validTo)]).toEqual(['2023-05-07', '2023-05-08']);
    // the span points at the sentence the fact was read from
    expect(turnText('D1:3').slice(visited.span!.start, visited.span!.end)).toMatch(/^I went to a LGBTQ support group yesterday/);
  });

  it('"We\'re thinking about going camping next month" (25 May): plans, June 2023, "we" a little less sure', () => {
    const camping = upTo('D2:7').facts.find((f) => f.predicate === 'plans')!;
    expect(camping).toMatchObject({ subject: 'Melanie', object: { value: 'going camping' } });
    expect(camping.confidence).toBeCloseTo(RULE_CONFIDENCE.plans - RULE_CONFIDENCE.weDiscount, 6);
    expect({ start: camping.validFrom, end: camping.validTo }).toEqual(gold('June 2023'));
    const painted = upTo('D1:14').facts.find((f) => f.predicate === 'event')!;
    expect({ start: painted.validFrom, end: painted.validTo }).toEqual(gold(2022));
  });

  it('resolves "Mel" to the speaker Melanie once she has spoken, and "I" / "my" to the speaker', () => {
    const r = upTo('D1:17'); // Caroline: "Totally agree, Mel. …"
    expect(r.entities).toContainEqual({ name: 'Melanie', type: 'person', aliases: ['Mel'] });
    expect(r.entities.map((e) => e.name)).not.toContain('Mel');
    expect(r.facts.find((f) => f.predicate === 'mentions')).toMatchObject({ subject: 'Caroline', object: 'Melanie' });
    // "I'm lucky to have my husband and kids" (D3:14, Melanie)
    const mine = typed(upTo('D3:14'));
    expect(mine.map(triple)).toEqual(expect.arrayContaining([['Melanie', 'has', { value: 'husband' }]]));
  });

  it('makes no entity of a common noun: across sessions 1–3 every entity is a speaker or a capitalised name', () => {
    // speakers known from the start, so Caroline's first "Hey Mel!" (D1:1) is Melanie too
    const x = new RuleExtractor({ speakers: ['Caroline', 'Melanie'] });
    const out = x.extract(conv26Turns.filter((t) => /^D[123]:/.test(t.id)));
    const names = new Set(out.flatMap((r) => r.entities.map((e) => e.name)));
    for (const n of names) expect(n, n).toMatch(/^\p{Lu}/u);
    expect([...names]).toEqual(expect.arrayContaining(['Caroline', 'Melanie', 'LGBTQ']));
    for (const bad of ['I', "I'm", 'Hey', 'Wow', 'Thanks', 'Yeah', 'The', 'That', 'Painting', 'Saturday', 'May', 'Mel', 'kids', 'painting', 'support group']) {
      expect(names.has(bad), bad).toBe(false);
    }
    // no co-occurrence pairs any more, and every mention is made by the turn's speaker
    out.forEach((r, i) => {
      for (const f of r.facts) {
        expect(f.predicate).not.toBe('co_occurs_with');
        if (f.predicate === 'mentions') expect(f.subject).toBe(conv26Turns[i]!.speaker);
      }
    });
  });
});

describe('RuleExtractor: speaker resolution', () => {
  it('one entity for "Maya" and "Maya Chen" when Maya says "I\'m Maya Chen", and later mentions of the full name', () => {
    const x = new RuleExtractor();
    const [intro, reply, later] = x.extract([
      { id: '1', text: "Hi! I'm Maya Chen, and I work at Zalando.", at: AT, speaker: 'Maya' },
      { id: '2', text: 'Nice to meet you, Maya Chen. I work for Spotify.', at: AT, speaker: 'Sam' },
      { id: '3', text: 'Maya Chen gave a great talk.', at: AT, speaker: 'Sam' },
    ]);
    expect(intro!.entities[0]).toEqual({ name: 'Maya', type: 'person', aliases: ['Maya Chen'] });
    expect(typed(intro!).map(triple)).toEqual([['Maya', 'works_at', 'Zalando']]);
    expect(reply!.entities).toContainEqual({ name: 'Maya', type: 'person', aliases: ['Maya Chen'] });
    expect(typed(reply!).map(triple)).toEqual([['Sam', 'works_at', 'Spotify']]);
    for (const r of [intro!, reply!, later!]) expect(r.entities.map((e) => e.name)).not.toContain('Maya Chen');
  });

  it('takes a full name whose first word is a speaker as that speaker, and a name given with "my name is"', () => {
    const x = new RuleExtractor();
    x.extract([{ id: '1', text: 'Hey there!', at: AT, speaker: 'Caroline' }]);
    const r = x.extract([{ id: '2', text: 'I saw Caroline Smith at the parade.', at: AT, speaker: 'Jon' }])[0]!;
    expect(r.entities).toContainEqual({ name: 'Caroline', type: 'person', aliases: ['Caroline Smith'] });
    const user = one('Hi, my name is Priya and I live in Austin.');
    expect(user.entities[0]).toEqual({ name: 'user', type: 'person', aliases: ['Priya'] });
    expect(typed(user).map(triple)).toEqual([['user', 'lives_in', 'Austin']]);
    // "I'm Canadian" names no one
    expect(one("I'm Canadian, by the way.").entities[0]).toEqual({ name: 'user', type: 'person' });
  });

  it('handles an assistant\'s turn cheaply: no facts, only names the user already used', () => {
    const x = new RuleExtractor();
    x.extract([{ id: '1', text: 'I am planning a trip to Kyoto with my sister Dana.', at: AT, speaker: 'user' }]);
    const prose =
      'Great idea! Here Are Some Tips For Your Trip: visit Fushimi Inari early, and take Dana to Gion in the evening. ' +
      'The weather in Kyoto is mild in spring. The Japan Rail Pass covers the Shinkansen. I recommend Nishiki Market.';
    for (const turn of [{ speaker: 'assistant' }, { speaker: 'Bot', role: 'assistant' as const }]) {
      const r = x.extract([{ id: '2', text: prose, at: AT, ...turn }])[0]!;
      expect(r.facts).toEqual([]);
      expect(r.entities.map((e) => e.name).sort()).toEqual(['Dana', 'Kyoto']);
    }
  });
});

describe('RuleExtractor: typed facts from first-person patterns', () => {
  // Sentences from LongMemEval user turns (quoted or lightly shortened) and LoCoMo-style chat.
  const cases: Array<[string, Array<[string, string, string | { value: string }]>]> = [
    ['I work at Zalando as a data engineer.', [['user', 'works_at', 'Zalando'], ['user', 'job_title', { value: 'data engineer' }]]],
    ["I've been working for a small startup in Denver.", [['user', 'works_at', { value: 'small startup' }]]],
    ["I'm a software engineer, specifically a backend developer.", [['user', 'job_title', { value: 'software engineer' }]]],
    ['I work as a nurse at the children\'s hospital.', [['user', 'works_at', { value: "children's hospital" }], ['user', 'job_title', { value: 'nurse' }]]],
    ["By the way, I've been living in Harajuku for 3 months now.", [['user', 'lives_in', 'Harajuku']]],
    ['I love trying different beers and enjoying the fall foliage.', [['user', 'loves', { value: 'trying different beers' }]]],
    ['I really enjoy hiking with my dog.', [['user', 'enjoys', { value: 'hiking' }], ['user', 'has', { value: 'dog' }]]],
    ["I really don't like horror movies.", [['user', 'dislikes', { value: 'horror movies' }]]],
    ["I'm a huge fan of Taylor Swift.", [['user', 'likes', 'Taylor Swift']]],
    ['I have two kids and a cat.', [['user', 'has', { value: 'two kids' }], ['user', 'has', { value: 'cat' }]]],
    ["I'm planning to volunteer at a local soup kitchen.", [['user', 'plans', { value: 'volunteer at a local soup kitchen' }]]],
    ["I'm learning to play the ukulele.", [['user', 'studies', { value: 'play the ukulele' }]]],
    ["I'm studying psychology.", [['user', 'studies', { value: 'psychology' }]]],
    ['I recently visited The Art Cube.', [['user', 'visited', 'Art Cube']]],
    ['My dog Max loves the beach.', [['user', 'has', 'Max']]],
    // a dash written as a hyphen before a space ends the phrase (LoCoMo conv-26)
    ['I want to be courageous for my family- they motivate me.', [['user', 'plans', { value: 'be courageous for my family' }]]],
  ];
  for (const [text, want] of cases) {
    it(text, () => {
      expect(typed(one(text)).map(triple)).toEqual(want);
    });
  }

  it('dates what a sentence dates: moved_to over the window, has from its start', () => {
    // a move sets the home from its time, and is an event over the window
    const [home, moved] = typed(one('We moved to Lisbon in 2021.'));
    expect(triple(home!)).toEqual(['user', 'lives_in', 'Lisbon']);
    expect([iso(home!.validFrom), home!.validTo]).toEqual(['2021-01-01', undefined]);
    expect(triple(moved!)).toEqual(['user', 'moved_to', 'Lisbon']);
    expect([iso(moved!.validFrom), iso(moved!.validTo)]).toEqual(['2021-01-01', '2022-01-01']);
    expect(moved!.confidence).toBeCloseTo(STATE_CONFIDENCE.moved_to!, 6);
    const puppy = typed(one('I got a new puppy last week!'))[0]!;
    expect(triple(puppy)).toEqual(['user', 'has', { value: 'puppy' }]);
    expect(iso(puppy.validFrom)).toBe('2023-05-22'); // the Monday of the week before Tue 30 May
    expect(puppy.validTo).toBeUndefined();
    const trip = typed(one('I went to Thailand last year and loved it.'))[0]!;
    expect(triple(trip)).toEqual(['user', 'visited', 'Thailand']);
    expect([iso(trip.validFrom), iso(trip.validTo)]).toEqual(['2022-01-01', '2023-01-01']);
    const r = one('I went to Thailand last year and loved it.');
    expect(r.entities).toContainEqual({ name: 'Thailand', type: 'place' });
  });

  it('reads no fact from pronouns, clauses, wishes or compounds', () => {
    for (const text of [
      'I love it!',
      'I like how you framed that.',
      "I'd love to see it.",
      'I got a new dog bed for him 3 weeks ago.',
      "I'm a bit tired today.",
      'I went to see the doctor.',
      'I have to go.',
      'Do you have a dog?',
      "I'm creating a library for when I have kids.", // LoCoMo D2:… (Caroline has no kids yet)
      'If I move to Denver, I will need a car.',
    ]) {
      expect(typed(one(text)), text).toEqual([]);
    }
  });

  it('makes entities of neither generic phrases nor roles: "team uses", "brother", "data engineer"', () => {
    const r = one('My team uses Airflow every day. My brother is visiting. I work as a data engineer.');
    expect(r.entities.map((e) => e.name)).toEqual(['user', 'Airflow']);
    // an unnamed brother is not "had" (a child or a pet would be); the role is a job title
    expect(typed(r).map(triple)).toEqual([['user', 'job_title', { value: 'data engineer' }]]);
  });

  it('takes a cheer or an imperative opening a sentence for no part of a name: "Woohoo Melanie!", "Go Jon!"', () => {
    const r = one('Woohoo Melanie! Go Jon, you can do it. Remember Gina? FYI, the show is on Friday.', 'Caroline');
    expect(r.entities.map((e) => e.name).sort()).toEqual(['Caroline', 'Gina', 'Jon', 'Melanie']);
  });

  it('dates a plan only by a date written after it that is not over ("Lost my job yesterday, so I\'m gonna…")', () => {
    const plan = typed(one("Lost my job as a banker yesterday, so I'm gonna take a shot at starting my own business.", 'Jon'))[0]!;
    expect(triple(plan)).toEqual(['Jon', 'plans', { value: 'take a shot at starting my own business' }]);
    expect(plan.validFrom).toBeUndefined();
    const show = typed(one("I'm putting together an art show and I'm gonna show my paintings next month.", 'Caroline'))[0]!;
    expect(triple(show)).toEqual(['Caroline', 'plans', { value: 'show my paintings' }]);
    expect([iso(show.validFrom), iso(show.validTo)]).toEqual(['2023-06-01', '2023-07-01']);
  });

  it('gives no first-person fact without a speaker', () => {
    const r = new RuleExtractor().extract([{ id: 'x', text: 'I work at Zalando. Acme Corp moved to Berlin last month.', at: Date.UTC(2024, 2, 10) }])[0]!;
    expect(typed(r)).toEqual([]);
    const ev = r.facts.find((f) => f.predicate === 'event')!;
    expect(ev.subject).toBe('Acme Corp');
    expect([iso(ev.validFrom), iso(ev.validTo)]).toEqual(['2024-02-01', '2024-03-01']);
  });
});

describe('RuleExtractor: bounded entities per turn', () => {
  const crowd = 'Yesterday I met Alice, Bob, Carol, Dave, Erin, Frank, Grace, Heidi, Ivan, Judy, Mallory and Oscar at Zalando, and I work at Zalando now.';

  it(`keeps at most ${MAX_ENTITIES_PER_TURN} entities: the speaker, then the ends of typed facts, then names in order`, () => {
    const r = one(crowd, 'Peggy');
    expect(r.entities).toHaveLength(MAX_ENTITIES_PER_TURN);
    expect(r.entities.map((e) => e.name)).toEqual(['Peggy', 'Zalando', 'Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank']);
    expect(typed(r).map(triple)).toEqual([['Peggy', 'works_at', 'Zalando']]);
    // every fact's ends are among the kept entities (the memory would otherwise create them)
    const kept = new Set(r.entities.map((e) => e.name));
    for (const f of r.facts) {
      expect(kept.has(f.subject)).toBe(true);
      if (typeof f.object === 'string') expect(kept.has(f.object)).toBe(true);
    }
    const small = one(crowd, 'Peggy', new RuleExtractor({ maxEntitiesPerTurn: 2 }));
    expect(small.entities.map((e) => e.name)).toEqual(['Peggy', 'Zalando']);
  });

  it('names no entity over 80 characters, so every name it gives is one the memory accepts', () => {
    const shout = Array.from({ length: 60 }, (_, i) => `Word${i}`).join(' ');
    const out = one(`We Read ${shout} Yesterday With Alice.`, 'Bob');
    expect(out.entities.length).toBeGreaterThan(0);
    for (const e of out.entities) expect(e.name.length).toBeLessThanOrEqual(80);
  });
});

describe('ingestEpisode with the RuleExtractor', () => {
  const t0 = Date.UTC(2023, 4, 8, 13, 56);

  it('writes the speaker once, typed facts with the episode as evidence, valid from the resolved date', () => {
    const mem = new MemoryGraph({ now: () => t0 });
    const extractor = new RuleExtractor();
    ingestEpisode(mem, { id: 'D1:1', text: "Hi, I'm Maya Chen. I moved to Lisbon last month.", at: t0, speaker: 'Maya' }, { extractor });
    ingestEpisode(mem, { id: 'D1:2', text: 'Welcome, Maya Chen! I work at Zalando.', at: t0, speaker: 'Sam' }, { extractor });
    expect(mem.size.entities).toBe(4); // Maya, Lisbon, Sam, Zalando
    const moved = mem.facts({ subject: 'Maya', predicate: 'moved_to', validAt: Date.UTC(2023, 3, 15), knownAt: t0 });
    expect(moved.map((f) => [f.object, f.episode, f.evidence])).toEqual([[{ id: expect.any(Number), name: 'Lisbon' }, 'D1:1', ['D1:1']]]);
    expect(mem.facts({ subject: 'Sam', predicate: 'works_at', knownAt: t0 })).toHaveLength(1);
    // The extractor's alias reaches the memory: the full name reads as the speaker.
    expect(mem.getEntity('Maya Chen')?.id).toBe(mem.getEntity('Maya')!.id);
    expect(mem.facts({ subject: 'maya chen', predicate: 'moved_to', validAt: Date.UTC(2023, 3, 15), knownAt: t0 })).toHaveLength(1);
  });

  it('leaves out an extracted alias that already names another entity instead of refusing the turn', () => {
    const mem = new MemoryGraph({ now: () => t0 });
    mem.entity({ name: 'Maya Chen' }); // known before the speaker says it is her
    ingestEpisode(mem, { id: 'D1:1', text: "Hi, I'm Maya Chen.", at: t0, speaker: 'Maya' }, { extractor: new RuleExtractor() });
    expect(mem.getEntity('Maya Chen')?.id).not.toBe(mem.getEntity('Maya')!.id);
    expect(mem.getEpisode('D1:1')).toBeDefined();
  });

  it('stays all-or-nothing: a refused call leaves the memory and its log exactly as they were', () => {
    const mem = new MemoryGraph({ now: () => t0 });
    const extractor = new RuleExtractor();
    ingestEpisode(mem, { id: 'a', text: 'I work at Zalando and I live in Berlin.', at: t0, speaker: 'Maya', recordedAt: t0 + 10 }, { extractor });
    const before = JSON.stringify(mem.log());
    const size = mem.size;
    const text = "I'm a nurse and I moved to Lisbon last week with my dog Rex.";
    expect(() => ingestEpisode(mem, { id: 'b', text, at: t0, speaker: 'Maya', recordedAt: t0 }, { extractor })).toThrow(TimeOrderError);
    expect(() => ingestEpisode(mem, { id: 'a', text, at: t0, speaker: 'Maya' }, { extractor })).toThrow(InvalidArgumentError);
    // an extractor whose answer cannot be asserted as a whole, or that answers with a promise
    const bad = { id: 'bad', extract: (turns: readonly Turn[]) => [{ ...new RuleExtractor().extract(turns)[0]!, facts: [{ subject: 'Maya', predicate: 'is', object: 'x', confidence: 2 }] }] };
    expect(() => ingestEpisode(mem, { id: 'c', text, at: t0, speaker: 'Maya', recordedAt: t0 + 20 }, { extractor: bad })).toThrow(InvalidArgumentError);
    const later = { id: 'async', extract: async (turns: readonly Turn[]) => new RuleExtractor().extract(turns) };
    expect(() => ingestEpisode(mem, { id: 'c', text, at: t0, speaker: 'Maya', recordedAt: t0 + 20 }, { extractor: later })).toThrow(/^ingestEpisode: .*synchronously/);
    expect(JSON.stringify(mem.log())).toBe(before);
    expect(mem.size).toEqual(size);
    expect(mem.getEpisode('c')).toBeUndefined();
  });
});
