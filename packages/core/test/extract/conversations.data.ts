/**
 * Conversations for the default extractor, written before the rules were tuned. Each is ingested turn by
 * turn through `ingestEpisode` with the record clock at each turn's time; each check reads
 * `facts({ subject, predicate, validAt, knownAt })` and expects exactly the listed objects (names or
 * literal values, compared case-insensitively, in any order).
 *
 * Days are written 'YYYY-MM-DD' and mean noon UTC of that day (a turn's time, a check's instant), so a
 * check never sits on a date window's edge. Most checks read what the memory believed before a later
 * turn (an earlier knownAt).
 */

export type Category =
  | 'basics'
  | 'moves'
  | 'jobs'
  | 'endings'
  | 'pets'
  | 'durations'
  | 'future'
  | 'third persons'
  | 'corrections'
  | 'no change'
  | 'partner'
  | 'speakers'
  | 'possessions';

export interface ConversationTurn {
  at: string;
  text: string;
  /** Who speaks; the conversation's speaker when left out; null: no speaker (the memory's defaultSpeaker). */
  speaker?: string | null;
}

/** [subject, predicate, validAt, knownAt, expected objects] */
export type Check = [string, string, string, string, string[]];

export interface Conversation {
  name: string;
  category: Category;
  /** The speaker of every turn that names none; null: turns carry no speaker. */
  speaker: string | null;
  turns: ConversationTurn[];
  checks: Check[];
}

export const CONVERSATIONS: Conversation[] = [
  {
    name: 'home and job in one sentence',
    category: 'basics',
    speaker: 'Maya',
    turns: [
      { at: '2024-03-04', text: 'I live in Boston and I work at Acme Corp as a data analyst.' },
      { at: '2024-03-20', text: 'Work has been hectic lately, but Boston is lovely in spring.' },
    ],
    checks: [
      ['Maya', 'lives_in', '2024-03-05', '2024-03-04', ['Boston']],
      ['Maya', 'works_at', '2024-03-05', '2024-03-04', ['Acme Corp']],
      ['Maya', 'job_title', '2024-03-05', '2024-03-04', ['data analyst']],
      ['Maya', 'lives_in', '2024-03-25', '2024-03-25', ['Boston']],
    ],
  },
  {
    name: 'no speaker: the memory default speaker',
    category: 'speakers',
    speaker: null,
    turns: [
      { at: '2024-05-02', text: 'I live in Lyon and I work at Michelin.' },
      { at: '2024-06-10', text: 'We went to Paris for the weekend, it was lovely.' },
    ],
    checks: [
      ['user', 'lives_in', '2024-05-03', '2024-05-02', ['Lyon']],
      ['user', 'works_at', '2024-05-03', '2024-05-02', ['Michelin']],
      ['user', 'lives_in', '2024-06-10', '2024-06-10', ['Lyon']],
      ['user', 'works_at', '2024-06-10', '2024-06-10', ['Michelin']],
    ],
  },
  {
    name: 'a move last week',
    category: 'moves',
    speaker: 'Maya',
    turns: [
      { at: '2024-01-10', text: 'I live in Boston.' },
      { at: '2024-08-14', text: 'Big news: I moved to Denver last week!' },
      { at: '2024-08-20', text: 'Still unpacking boxes, send help.' },
    ],
    checks: [
      ['Maya', 'lives_in', '2024-07-01', '2024-08-14', ['Boston']],
      ['Maya', 'lives_in', '2024-08-14', '2024-08-14', ['Denver']],
      ['Maya', 'lives_in', '2024-08-14', '2024-08-01', ['Boston']],
      ['Maya', 'lives_in', '2024-10-01', '2024-08-14', ['Denver']],
      ['Maya', 'lives_in', '2024-02-01', '2024-01-10', ['Boston']],
    ],
  },
  {
    name: 'a move corrected a month later',
    category: 'corrections',
    speaker: 'Maya',
    turns: [
      { at: '2024-01-10', text: 'I live in Boston and I work at Acme Corp.' },
      { at: '2024-03-12', text: 'Big news: I moved to Denver last week!' },
      { at: '2024-04-02', text: 'Actually I misspoke back in March: I never lived in Denver, I moved to Austin in late February.' },
      { at: '2024-04-05', text: 'Anyway, how are you?' },
    ],
    checks: [
      ['Maya', 'lives_in', '2024-03-15', '2024-03-15', ['Denver']],
      ['Maya', 'lives_in', '2024-03-01', '2024-03-12', ['Boston']],
      ['Maya', 'lives_in', '2024-03-15', '2024-04-02', ['Austin']],
      ['Maya', 'lives_in', '2024-02-10', '2024-04-02', ['Boston']],
      ['Maya', 'lives_in', '2024-02-28', '2024-04-02', ['Austin']],
      ['Maya', 'works_at', '2024-03-15', '2024-04-02', ['Acme Corp']],
    ],
  },
  {
    name: 'a new job this month, the old one left',
    category: 'jobs',
    speaker: 'Maya',
    turns: [
      { at: '2024-06-03', text: 'I work at Acme Corp.' },
      { at: '2024-08-20', text: 'I started a new job at Globex this month. I left Acme Corp.' },
      { at: '2024-08-28', text: 'The commute is so much better now.' },
    ],
    checks: [
      ['Maya', 'works_at', '2024-08-20', '2024-08-20', ['Globex']],
      ['Maya', 'works_at', '2024-08-10', '2024-08-20', ['Globex']],
      ['Maya', 'works_at', '2024-07-15', '2024-08-20', ['Acme Corp']],
      ['Maya', 'works_at', '2024-08-10', '2024-08-19', ['Acme Corp']],
      ['Maya', 'works_at', '2024-06-04', '2024-06-03', ['Acme Corp']],
    ],
  },
  {
    name: 'a designer at Acme, then promoted',
    category: 'jobs',
    speaker: 'Leo',
    turns: [
      { at: '2024-02-01', text: "I'm a designer at Acme." },
      { at: '2024-09-09', text: "I got promoted! I'm now a senior designer." },
      { at: '2024-09-12', text: 'We celebrated with tacos.' },
    ],
    checks: [
      ['Leo', 'works_at', '2024-02-02', '2024-02-01', ['Acme']],
      ['Leo', 'job_title', '2024-02-02', '2024-02-01', ['designer']],
      ['Leo', 'job_title', '2024-09-10', '2024-09-09', ['senior designer']],
      ['Leo', 'job_title', '2024-09-10', '2024-09-01', ['designer']],
      ['Leo', 'works_at', '2024-09-10', '2024-09-10', ['Acme']],
    ],
  },
  {
    name: 'a future start on May 1',
    category: 'future',
    speaker: 'Jonas',
    turns: [
      { at: '2025-04-10', text: 'I work at Bosch as an engineer.' },
      { at: '2025-04-15', text: 'I accepted an offer! I start at Siemens on May 1.' },
      { at: '2025-04-18', text: 'Time to clean out my desk.' },
    ],
    checks: [
      ['Jonas', 'works_at', '2025-04-20', '2025-04-15', ['Bosch']],
      ['Jonas', 'works_at', '2025-05-05', '2025-04-15', ['Siemens']],
      ['Jonas', 'works_at', '2025-05-05', '2025-04-12', ['Bosch']],
      ['Jonas', 'job_title', '2025-04-11', '2025-04-10', ['engineer']],
    ],
  },
  {
    name: 'six years at Deutsche Bahn, last day last Friday',
    category: 'endings',
    speaker: 'Klaus',
    turns: [
      { at: '2024-10-01', text: "I've worked at Deutsche Bahn for six years." },
      { at: '2024-11-13', text: 'My last day at Deutsche Bahn was last Friday.' },
      { at: '2024-11-15', text: 'Feels strange to sleep in.' },
    ],
    checks: [
      ['Klaus', 'works_at', '2020-01-01', '2024-11-13', ['Deutsche Bahn']],
      ['Klaus', 'works_at', '2024-11-05', '2024-11-13', ['Deutsche Bahn']],
      ['Klaus', 'works_at', '2024-11-12', '2024-11-13', []],
      ['Klaus', 'works_at', '2024-11-12', '2024-11-01', ['Deutsche Bahn']],
      ['Klaus', 'works_at', '2017-06-01', '2024-10-01', []],
    ],
  },
  {
    name: 'a nurse laid off',
    category: 'endings',
    speaker: 'Rosa',
    turns: [
      { at: '2024-03-01', text: 'I work as a nurse at Mercy Hospital.' },
      { at: '2024-07-22', text: 'Ugh, I got laid off yesterday.' },
      { at: '2024-07-25', text: 'Updating my resume all week.' },
    ],
    checks: [
      ['Rosa', 'works_at', '2024-07-23', '2024-07-22', []],
      ['Rosa', 'works_at', '2024-07-20', '2024-07-22', ['Mercy Hospital']],
      ['Rosa', 'works_at', '2024-07-23', '2024-07-01', ['Mercy Hospital']],
      ['Rosa', 'job_title', '2024-05-01', '2024-05-01', ['nurse']],
    ],
  },
  {
    name: 'a teacher retires (no speaker)',
    category: 'endings',
    speaker: null,
    turns: [
      { at: '2023-12-01', text: 'I teach at Lincoln High School.' },
      { at: '2024-06-28', text: 'After 30 years I finally retired last month.' },
      { at: '2024-07-02', text: 'The garden is getting all my attention now.' },
    ],
    checks: [
      ['user', 'works_at', '2024-01-15', '2024-01-15', ['Lincoln High School']],
      ['user', 'works_at', '2024-06-28', '2024-06-28', []],
      ['user', 'works_at', '2024-06-28', '2024-06-01', ['Lincoln High School']],
      ['user', 'works_at', '2024-04-10', '2024-06-28', ['Lincoln High School']],
    ],
  },
  {
    name: 'quit two weeks ago',
    category: 'endings',
    speaker: 'Nina',
    turns: [
      { at: '2024-02-10', text: "I'm a barista at Blue Bottle." },
      { at: '2024-05-05', text: "I quit my job at Blue Bottle two weeks ago and now I'm freelancing." },
      { at: '2024-05-09', text: 'Freelancing is scary but fun.' },
    ],
    checks: [
      ['Nina', 'works_at', '2024-05-05', '2024-05-05', []],
      ['Nina', 'works_at', '2024-04-10', '2024-05-05', ['Blue Bottle']],
      ['Nina', 'works_at', '2024-05-04', '2024-04-30', ['Blue Bottle']],
      ['Nina', 'job_title', '2024-03-01', '2024-03-01', ['barista']],
    ],
  },
  {
    name: 'joined as a product manager in 2022',
    category: 'durations',
    speaker: 'Omar',
    turns: [
      { at: '2024-01-15', text: 'I joined Shopify as a product manager in 2022.' },
      { at: '2024-01-20', text: 'Busy quarter ahead.' },
    ],
    checks: [
      ['Omar', 'works_at', '2023-01-01', '2024-01-15', ['Shopify']],
      ['Omar', 'works_at', '2021-06-01', '2024-01-15', []],
      ['Omar', 'job_title', '2023-06-01', '2024-01-15', ['product manager']],
    ],
  },
  {
    name: 'a dog named Rex, who passed away',
    category: 'pets',
    speaker: 'Maya',
    turns: [
      { at: '2024-04-08', text: 'I adopted a dog named Rex last month.' },
      { at: '2024-09-16', text: 'Sad news, Rex passed away last weekend.' },
      { at: '2024-09-20', text: 'Thanks for all the kind words.' },
    ],
    checks: [
      ['Maya', 'has', '2024-04-08', '2024-04-08', ['Rex']],
      ['Maya', 'has', '2024-09-16', '2024-09-16', []],
      ['Maya', 'has', '2024-09-10', '2024-09-16', ['Rex']],
      ['Maya', 'has', '2024-09-16', '2024-09-01', ['Rex']],
    ],
  },
  {
    name: 'two cats, one given away',
    category: 'pets',
    speaker: 'Ines',
    turns: [
      { at: '2024-02-20', text: 'We have two cats, Pepper and Salt.' },
      { at: '2024-11-02', text: 'We gave Salt away to my aunt last week.' },
      { at: '2024-11-05', text: 'Pepper seems lonely.' },
    ],
    checks: [
      ['Ines', 'has', '2024-02-21', '2024-02-20', ['Pepper', 'Salt']],
      ['Ines', 'has', '2024-11-02', '2024-11-02', ['Pepper']],
      ['Ines', 'has', '2024-11-02', '2024-10-01', ['Pepper', 'Salt']],
    ],
  },
  {
    name: 'our dog Bruno, my partner Sam',
    category: 'pets',
    speaker: 'Kai',
    turns: [
      { at: '2024-06-01', text: 'Our dog Bruno loves the beach.' },
      { at: '2024-07-01', text: 'My partner Sam and I took Bruno hiking.' },
      { at: '2024-07-03', text: 'My legs still hurt.' },
    ],
    checks: [
      ['Kai', 'has', '2024-06-02', '2024-06-01', ['Bruno']],
      ['Kai', 'partner', '2024-06-02', '2024-06-01', []],
      ['Kai', 'partner', '2024-07-02', '2024-07-01', ['Sam']],
    ],
  },
  {
    name: 'the puppy is Buster, not Biscuit',
    category: 'corrections',
    speaker: 'Zoe',
    turns: [
      { at: '2024-03-03', text: 'We got a puppy last week, his name is Biscuit.' },
      { at: '2024-03-10', text: 'Oops, I keep saying it wrong, the puppy is Buster, not Biscuit.' },
      { at: '2024-03-12', text: 'He chewed my shoes today.' },
    ],
    checks: [
      ['Zoe', 'has', '2024-03-05', '2024-03-05', ['Biscuit']],
      ['Zoe', 'has', '2024-03-10', '2024-03-10', ['Buster']],
      ['Zoe', 'has', '2024-03-01', '2024-03-10', ['Buster']],
    ],
  },
  {
    name: 'a car sold last month',
    category: 'pets',
    speaker: 'Ben',
    turns: [
      { at: '2024-01-20', text: 'I have a car and a bike.' },
      { at: '2024-06-12', text: 'I sold my car last month, I bike everywhere now.' },
      { at: '2024-06-15', text: 'My legs are getting strong.' },
    ],
    checks: [
      ['Ben', 'has', '2024-01-21', '2024-01-20', ['bike', 'car']],
      ['Ben', 'has', '2024-06-12', '2024-06-12', ['bike']],
      ['Ben', 'has', '2024-06-12', '2024-05-01', ['bike', 'car']],
      ['Ben', 'has', '2024-04-15', '2024-06-12', ['bike', 'car']],
    ],
  },
  {
    name: 'lived here since 2019',
    category: 'durations',
    speaker: 'Hana',
    turns: [
      { at: '2024-05-05', text: "I've lived here in Portland since 2019." },
      { at: '2024-05-08', text: 'It rains a lot though.' },
    ],
    checks: [
      ['Hana', 'lives_in', '2020-06-01', '2024-05-05', ['Portland']],
      ['Hana', 'lives_in', '2018-06-01', '2024-05-05', []],
      ['Hana', 'lives_in', '2024-05-06', '2024-05-05', ['Portland']],
    ],
  },
  {
    name: 'ten years at Google',
    category: 'durations',
    speaker: 'Raj',
    turns: [
      { at: '2024-09-01', text: "I've been working at Google for ten years." },
      { at: '2024-09-03', text: 'Long time, I know.' },
    ],
    checks: [
      ['Raj', 'works_at', '2016-01-01', '2024-09-01', ['Google']],
      ['Raj', 'works_at', '2013-06-01', '2024-09-01', []],
      ['Raj', 'works_at', '2024-09-02', '2024-09-01', ['Google']],
    ],
  },
  {
    name: 'in Seattle since March',
    category: 'durations',
    speaker: 'Mia',
    turns: [
      { at: '2024-10-10', text: "I've been living in Seattle since March." },
      { at: '2024-10-12', text: 'The coffee here is great.' },
    ],
    checks: [
      ['Mia', 'lives_in', '2024-04-01', '2024-10-10', ['Seattle']],
      ['Mia', 'lives_in', '2024-02-01', '2024-10-10', []],
    ],
  },
  {
    name: 'five years in Vienna',
    category: 'durations',
    speaker: 'Felix',
    turns: [
      { at: '2024-03-03', text: "I've lived in Vienna for about five years now." },
      { at: '2024-03-05', text: 'Still no good at German though.' },
    ],
    checks: [
      ['Felix', 'lives_in', '2020-01-01', '2024-03-03', ['Vienna']],
      ['Felix', 'lives_in', '2017-01-01', '2024-03-03', []],
    ],
  },
  {
    name: 'a trip to Lisbon and London',
    category: 'no change',
    speaker: 'Lucia',
    turns: [
      { at: '2024-01-05', text: 'I live in Madrid.' },
      { at: '2024-02-14', text: 'Just got back from a week in Lisbon, what a city!' },
      { at: '2024-02-20', text: 'I went to London last weekend for a conference.' },
    ],
    checks: [
      ['Lucia', 'lives_in', '2024-02-14', '2024-02-14', ['Madrid']],
      ['Lucia', 'lives_in', '2024-02-18', '2024-02-20', ['Madrid']],
      ['Lucia', 'lives_in', '2024-02-10', '2024-02-14', ['Madrid']],
    ],
  },
  {
    name: 'what if Denver, wishing for Apple',
    category: 'no change',
    speaker: 'Sam',
    turns: [
      { at: '2024-03-01', text: 'I live in Austin and work at Dell.' },
      { at: '2024-03-15', text: "If I moved to Denver, I'd have to find a new job." },
      { at: '2024-03-20', text: 'Sometimes I wish I worked at Apple instead.' },
    ],
    checks: [
      ['Sam', 'lives_in', '2024-03-15', '2024-03-15', ['Austin']],
      ['Sam', 'lives_in', '2024-03-20', '2024-03-20', ['Austin']],
      ['Sam', 'works_at', '2024-03-20', '2024-03-20', ['Dell']],
      ['Sam', 'works_at', '2024-03-16', '2024-03-15', ['Dell']],
    ],
  },
  {
    name: 'thinking of Hamburg, maybe Spotify',
    category: 'no change',
    speaker: 'Greta',
    turns: [
      { at: '2024-05-01', text: 'I live in Berlin.' },
      { at: '2024-05-10', text: "I'm thinking about moving to Hamburg next year." },
      { at: '2024-05-11', text: 'I might apply to Spotify too.' },
    ],
    checks: [
      ['Greta', 'lives_in', '2024-05-10', '2024-05-10', ['Berlin']],
      ['Greta', 'lives_in', '2025-06-01', '2024-05-11', ['Berlin']],
      ['Greta', 'works_at', '2024-05-11', '2024-05-11', []],
    ],
  },
  {
    name: 'my brother moved, I did not',
    category: 'no change',
    speaker: 'Ava',
    turns: [
      { at: '2024-06-01', text: 'I live in Toronto.' },
      { at: '2024-06-15', text: 'My brother just moved to Vancouver.' },
      { at: '2024-06-18', text: 'I miss him already.' },
    ],
    checks: [
      ['Ava', 'lives_in', '2024-06-15', '2024-06-15', ['Toronto']],
      ['Ava', 'lives_in', '2024-06-20', '2024-06-18', ['Toronto']],
    ],
  },
  {
    name: 'my sister Ana in Porto, then Lisbon',
    category: 'third persons',
    speaker: 'Maya',
    turns: [
      { at: '2024-07-07', text: 'My sister Ana lives in Porto.' },
      { at: '2024-09-09', text: 'Ana moved to Lisbon last month.' },
      { at: '2024-09-12', text: 'I should visit her soon.' },
    ],
    checks: [
      ['Ana', 'lives_in', '2024-07-08', '2024-07-07', ['Porto']],
      ['Maya', 'lives_in', '2024-07-08', '2024-07-07', []],
      ['Ana', 'lives_in', '2024-09-09', '2024-09-09', ['Lisbon']],
      ['Ana', 'lives_in', '2024-09-09', '2024-09-01', ['Porto']],
      ['Maya', 'lives_in', '2024-09-10', '2024-09-09', []],
    ],
  },
  {
    name: 'my friend Tom changes jobs',
    category: 'third persons',
    speaker: 'Maya',
    turns: [
      { at: '2024-02-02', text: 'My friend Tom works at Microsoft as a software engineer.' },
      { at: '2024-05-05', text: 'Tom left Microsoft in April and joined OpenAI.' },
      { at: '2024-05-07', text: 'He seems happier.' },
    ],
    checks: [
      ['Tom', 'works_at', '2024-02-03', '2024-02-02', ['Microsoft']],
      ['Tom', 'job_title', '2024-02-03', '2024-02-02', ['software engineer']],
      ['Tom', 'works_at', '2024-05-05', '2024-05-05', ['OpenAI']],
      ['Tom', 'works_at', '2024-03-15', '2024-05-05', ['Microsoft']],
      ['Tom', 'works_at', '2024-05-05', '2024-03-01', ['Microsoft']],
      ['Maya', 'works_at', '2024-05-05', '2024-05-05', []],
    ],
  },
  {
    name: 'my husband Dave, a teacher',
    category: 'third persons',
    speaker: 'Ella',
    turns: [
      { at: '2024-01-01', text: 'My husband Dave is a teacher at Oakwood Elementary.' },
      { at: '2024-01-04', text: 'He loves it.' },
    ],
    checks: [
      ['Dave', 'works_at', '2024-01-02', '2024-01-01', ['Oakwood Elementary']],
      ['Dave', 'job_title', '2024-01-02', '2024-01-01', ['teacher']],
      ['Ella', 'partner', '2024-01-02', '2024-01-01', ['Dave']],
      ['Ella', 'works_at', '2024-01-02', '2024-01-01', []],
    ],
  },
  {
    name: 'a boyfriend, then a break-up',
    category: 'partner',
    speaker: 'Chloe',
    turns: [
      { at: '2024-02-14', text: 'My boyfriend Jake and I are going to dinner tonight.' },
      { at: '2024-06-30', text: 'Jake and I broke up two weeks ago.' },
      { at: '2024-07-02', text: "I'm doing okay, honestly." },
    ],
    checks: [
      ['Chloe', 'partner', '2024-02-15', '2024-02-14', ['Jake']],
      ['Chloe', 'partner', '2024-06-30', '2024-06-30', []],
      ['Chloe', 'partner', '2024-06-10', '2024-06-30', ['Jake']],
      ['Chloe', 'partner', '2024-06-30', '2024-06-01', ['Jake']],
    ],
  },
  {
    name: 'married to Priya, who got a job',
    category: 'partner',
    speaker: 'Arjun',
    turns: [
      { at: '2024-04-04', text: "I'm married to Priya." },
      { at: '2024-08-08', text: 'Priya got a job at Stripe.' },
      { at: '2024-08-10', text: 'We went out to celebrate.' },
    ],
    checks: [
      ['Arjun', 'partner', '2024-04-05', '2024-04-04', ['Priya']],
      ['Priya', 'works_at', '2024-08-09', '2024-08-08', ['Stripe']],
      ['Arjun', 'works_at', '2024-08-09', '2024-08-08', []],
      ['Arjun', 'partner', '2024-08-09', '2024-08-08', ['Priya']],
    ],
  },
  {
    name: 'not Initech but Initrode',
    category: 'corrections',
    speaker: 'Peter',
    turns: [
      { at: '2024-03-03', text: 'I work at Initech.' },
      { at: '2024-03-05', text: 'Sorry, not Initech but Initrode, I always mix them up.' },
      { at: '2024-03-06', text: 'Same cubicles though.' },
    ],
    checks: [
      ['Peter', 'works_at', '2024-03-04', '2024-03-04', ['Initech']],
      ['Peter', 'works_at', '2024-03-04', '2024-03-05', ['Initrode']],
      ['Peter', 'works_at', '2024-03-06', '2024-03-06', ['Initrode']],
    ],
  },
  {
    name: 'in June, not July',
    category: 'corrections',
    speaker: 'Dan',
    turns: [
      { at: '2024-08-01', text: 'I moved to Chicago in July.' },
      { at: '2024-08-03', text: 'Wait, I moved to Chicago in June, not July.' },
      { at: '2024-08-04', text: 'Time flies.' },
    ],
    checks: [
      ['Dan', 'lives_in', '2024-06-20', '2024-08-01', []],
      ['Dan', 'lives_in', '2024-07-15', '2024-08-01', ['Chicago']],
      ['Dan', 'lives_in', '2024-06-20', '2024-08-03', ['Chicago']],
      ['Dan', 'lives_in', '2024-07-15', '2024-08-03', ['Chicago']],
    ],
  },
  {
    name: 'started at Oracle in May, not March',
    category: 'corrections',
    speaker: 'Wen',
    turns: [
      { at: '2024-09-01', text: 'I live in Dallas. I started at Oracle in March.' },
      { at: '2024-09-02', text: 'Actually, I started at Oracle in May, not March.' },
      { at: '2024-09-03', text: 'My memory is terrible.' },
    ],
    checks: [
      ['Wen', 'works_at', '2024-04-01', '2024-09-01', ['Oracle']],
      ['Wen', 'works_at', '2024-04-01', '2024-09-02', []],
      ['Wen', 'works_at', '2024-06-01', '2024-09-02', ['Oracle']],
      ['Wen', 'lives_in', '2024-09-02', '2024-09-02', ['Dallas']],
    ],
  },
  {
    name: 'Somerville, not Cambridge',
    category: 'corrections',
    speaker: 'Ruth',
    turns: [
      { at: '2024-02-02', text: 'I live in Cambridge.' },
      { at: '2024-02-03', text: 'I misspoke yesterday, I live in Somerville, not Cambridge.' },
      { at: '2024-02-04', text: 'Close enough, right?' },
    ],
    checks: [
      ['Ruth', 'lives_in', '2024-02-03', '2024-02-02', ['Cambridge']],
      ['Ruth', 'lives_in', '2024-02-03', '2024-02-03', ['Somerville']],
      ['Ruth', 'lives_in', '2024-02-04', '2024-02-04', ['Somerville']],
    ],
  },
  {
    name: 'Maya Chen by her full name',
    category: 'speakers',
    speaker: 'Maya',
    turns: [
      { at: '2024-03-03', text: "Hi, I'm Maya Chen. I live in Oslo." },
      { at: '2024-03-04', text: 'Oslo is expensive but worth it.' },
    ],
    checks: [
      ['Maya', 'lives_in', '2024-03-04', '2024-03-03', ['Oslo']],
      ['Maya Chen', 'lives_in', '2024-03-04', '2024-03-03', ['Oslo']],
    ],
  },
  {
    name: 'call me Sam (no speaker)',
    category: 'speakers',
    speaker: null,
    turns: [
      { at: '2024-03-03', text: 'Call me Sam. I work at Zendesk.' },
      { at: '2024-03-06', text: 'Support tickets all day long.' },
    ],
    checks: [
      ['user', 'works_at', '2024-03-04', '2024-03-03', ['Zendesk']],
      ['Sam', 'works_at', '2024-03-04', '2024-03-03', ['Zendesk']],
    ],
  },
  {
    name: 'relocated to Singapore in September',
    category: 'moves',
    speaker: 'Grace',
    turns: [
      { at: '2024-01-15', text: "I'm based in London and work for HSBC." },
      { at: '2024-10-10', text: 'In September we relocated to Singapore because HSBC transferred me.' },
      { at: '2024-10-14', text: 'The humidity is unreal.' },
    ],
    checks: [
      ['Grace', 'lives_in', '2024-10-10', '2024-10-10', ['Singapore']],
      ['Grace', 'lives_in', '2024-08-15', '2024-10-10', ['London']],
      ['Grace', 'lives_in', '2024-10-10', '2024-10-01', ['London']],
      ['Grace', 'works_at', '2024-10-10', '2024-10-10', ['HSBC']],
    ],
  },
  {
    name: 'not Ferrari, my cousin does',
    category: 'no change',
    speaker: 'Marco',
    turns: [
      { at: '2024-02-02', text: "I live in Rome. I don't work at Ferrari, my cousin does." },
      { at: '2024-02-05', text: 'Everyone asks me that.' },
    ],
    checks: [
      ['Marco', 'works_at', '2024-02-03', '2024-02-02', []],
      ['Marco', 'lives_in', '2024-02-03', '2024-02-02', ['Rome']],
    ],
  },
  {
    name: 'no longer at Intel',
    category: 'endings',
    speaker: 'Tina',
    turns: [
      { at: '2024-02-10', text: 'I live in Phoenix and work at Intel.' },
      { at: '2024-07-07', text: 'I no longer work at Intel.' },
      { at: '2024-07-09', text: 'Taking a break for a while.' },
    ],
    checks: [
      ['Tina', 'works_at', '2024-07-07', '2024-07-07', []],
      ['Tina', 'works_at', '2024-07-07', '2024-07-01', ['Intel']],
      ['Tina', 'lives_in', '2024-07-07', '2024-07-07', ['Phoenix']],
      ['Tina', 'works_at', '2024-03-01', '2024-07-07', ['Intel']],
    ],
  },
  {
    name: 'a first day at Hooli last Monday',
    category: 'jobs',
    speaker: 'Erlich',
    turns: [
      { at: '2024-01-10', text: 'I work at Acme.' },
      { at: '2024-03-18', text: 'Last Monday was my first day at Hooli!' },
      { at: '2024-03-20', text: 'Free lunch every day.' },
    ],
    checks: [
      ['Erlich', 'works_at', '2024-03-15', '2024-03-18', ['Hooli']],
      ['Erlich', 'works_at', '2024-03-05', '2024-03-18', ['Acme']],
      ['Erlich', 'works_at', '2024-03-15', '2024-03-10', ['Acme']],
    ],
  },
  {
    name: 'Luna and Kiwi; Kiwi died',
    category: 'pets',
    speaker: 'Sofia',
    turns: [
      { at: '2024-05-05', text: 'We have a cat named Luna and a parrot called Kiwi.' },
      { at: '2024-10-10', text: "Kiwi died last month, we're heartbroken." },
      { at: '2024-10-12', text: 'Luna keeps looking for him.' },
    ],
    checks: [
      ['Sofia', 'has', '2024-05-06', '2024-05-05', ['Kiwi', 'Luna']],
      ['Sofia', 'has', '2024-10-10', '2024-10-10', ['Luna']],
      ['Sofia', 'has', '2024-10-10', '2024-10-01', ['Kiwi', 'Luna']],
    ],
  },
  {
    name: 'my neighbour Carlos moved away',
    category: 'third persons',
    speaker: 'Lily',
    turns: [
      { at: '2024-04-01', text: 'I live in Austin.' },
      { at: '2024-04-10', text: 'My neighbor Carlos moved to Mexico City last week.' },
      { at: '2024-04-12', text: 'The street feels empty.' },
    ],
    checks: [
      ['Carlos', 'lives_in', '2024-04-11', '2024-04-10', ['Mexico City']],
      ['Lily', 'lives_in', '2024-04-11', '2024-04-10', ['Austin']],
      ['Lily', 'lives_in', '2024-04-11', '2024-04-12', ['Austin']],
    ],
  },
  {
    name: 'moved into a flat in Utrecht',
    category: 'moves',
    speaker: 'Daan',
    turns: [
      { at: '2024-02-01', text: 'I live in Rotterdam.' },
      { at: '2024-06-06', text: 'We moved into a flat in Utrecht in May.' },
      { at: '2024-06-08', text: 'Bikes everywhere.' },
    ],
    checks: [
      ['Daan', 'lives_in', '2024-06-06', '2024-06-06', ['Utrecht']],
      ['Daan', 'lives_in', '2024-04-01', '2024-06-06', ['Rotterdam']],
      ['Daan', 'lives_in', '2024-06-06', '2024-06-01', ['Rotterdam']],
    ],
  },
  {
    name: 'promoted to team lead last week',
    category: 'jobs',
    speaker: 'Ivy',
    turns: [
      { at: '2024-04-01', text: 'I work at Atlassian as a software engineer.' },
      { at: '2024-10-10', text: 'I got promoted to team lead last week!' },
      { at: '2024-10-11', text: 'More meetings, less code.' },
    ],
    checks: [
      ['Ivy', 'job_title', '2024-10-10', '2024-10-10', ['team lead']],
      ['Ivy', 'job_title', '2024-10-10', '2024-10-01', ['software engineer']],
      ['Ivy', 'job_title', '2024-09-01', '2024-10-10', ['software engineer']],
      ['Ivy', 'works_at', '2024-10-10', '2024-10-10', ['Atlassian']],
    ],
  },
  {
    name: 'starting at Netflix in January',
    category: 'future',
    speaker: 'Noah',
    turns: [
      { at: '2024-12-01', text: "I'm starting at Netflix in January as a content strategist." },
      { at: '2024-12-05', text: 'Holidays first though.' },
    ],
    checks: [
      ['Noah', 'works_at', '2024-12-15', '2024-12-01', []],
      ['Noah', 'works_at', '2025-01-15', '2024-12-01', ['Netflix']],
      ['Noah', 'works_at', '2025-01-15', '2024-11-30', []],
    ],
  },
  {
    name: 'a new car, then a second cat',
    category: 'pets',
    speaker: 'Yusuf',
    turns: [
      { at: '2024-03-03', text: 'I bought a new car last month.' },
      { at: '2024-05-20', text: 'Also we adopted a kitten called Miso!' },
      { at: '2024-05-22', text: 'Miso is chaos.' },
    ],
    checks: [
      ['Yusuf', 'has', '2024-03-04', '2024-03-03', ['car']],
      ['Yusuf', 'has', '2024-05-21', '2024-05-20', ['car', 'Miso']],
      ['Yusuf', 'has', '2024-05-21', '2024-05-01', ['car']],
    ],
  },
  {
    name: 'moving to Lyon next month (a dated move)',
    category: 'future',
    speaker: 'Claire',
    turns: [
      { at: '2024-05-10', text: 'I live in Paris and I work at Danone.' },
      { at: '2024-05-20', text: 'Danone is sending me to Lyon, I move there on June 15.' },
      { at: '2024-05-25', text: 'Packing has begun.' },
    ],
    checks: [
      ['Claire', 'lives_in', '2024-06-01', '2024-05-20', ['Paris']],
      ['Claire', 'lives_in', '2024-06-20', '2024-05-20', ['Lyon']],
      ['Claire', 'lives_in', '2024-06-20', '2024-05-15', ['Paris']],
      ['Claire', 'works_at', '2024-06-20', '2024-05-25', ['Danone']],
    ],
  },
  {
    name: 'engaged to Marcus two years ago',
    category: 'partner',
    speaker: 'Jade',
    turns: [
      { at: '2024-07-01', text: 'My fiancé Marcus and I got engaged two years ago.' },
      { at: '2024-07-03', text: 'Wedding planning is exhausting.' },
    ],
    checks: [
      ['Jade', 'partner', '2024-07-02', '2024-07-01', ['Marcus']],
      ['Jade', 'has', '2024-07-02', '2024-07-01', []],
    ],
  },
  {
    name: 'a dog walker talks about dogs that are not hers',
    category: 'no change',
    speaker: 'Emma',
    turns: [
      { at: '2024-03-01', text: 'I walk dogs for a living. Today I walked a husky named Storm.' },
      { at: '2024-03-02', text: "I'd love to have a dog of my own someday." },
    ],
    checks: [
      ['Emma', 'has', '2024-03-02', '2024-03-01', []],
      ['Emma', 'has', '2024-03-03', '2024-03-02', []],
    ],
  },
];
