// Probes written after reading the extractor, one per rule family the sixth blind suite led to, each in a
// phrasing the suite does not use: they check that the families are rules, not the suite's sentences.
import type { SixthConversation } from './blind-sixth.data.js';

export const SIXTH_PROBES: SixthConversation[] = [
  {
    name: 'an abbreviation inside a sentence (Dr. Patel)',
    category: 'probe',
    turns: [['2026-02-02', 'I work at Mt. Sinai as a lab tech, love it.']],
    checks: [{ predicate: 'works_at', validAt: '2026-02-03', after: 'end', is: ['Mt. Sinai'] }],
  },
  {
    name: 'a job told in -ing',
    category: 'probe',
    turns: [['2026-02-02', "I've been bartending at The Crown for three years."]],
    checks: [{ predicate: 'works_at', validAt: '2024-06-01', after: 'end', is: ['Crown'] }],
  },
  {
    name: 'an employer named again in lower case',
    category: 'probe',
    turns: [
      ['2026-02-02', 'I work at Crate Labs.'],
      ['2026-03-02', 'so i quit crate labs on friday, feels weird'],
    ],
    checks: [{ predicate: 'works_at', validAt: '2026-03-01', after: 'end', is: [] }],
  },
  {
    name: 'a leaving told with its time only',
    category: 'probe',
    turns: [
      ['2026-02-02', 'I am a nurse at Mercy.'],
      ['2026-05-04', 'Not at Mercy anymore, I left in April.'],
    ],
    checks: [{ predicate: 'works_at', validAt: '2026-05-02', after: 'end', is: [] }],
  },
  {
    name: 'first day with a role',
    category: 'probe',
    turns: [['2026-02-02', 'Today was my first day as a junior developer at Stripe.']],
    checks: [{ predicate: 'works_at', validAt: '2026-02-03', after: 'end', is: ['Stripe'] }],
  },
  {
    name: "'Dad' for the dad the speaker named",
    category: 'probe',
    turns: [
      ['2026-02-02', 'My dad Ray lives in Tucson.'],
      ['2026-04-06', 'Dad moved to Phoenix last week.'],
    ],
    checks: [{ subject: 'Ray', predicate: 'lives_in', validAt: '2026-04-06', after: 'end', is: ['Phoenix'] }],
  },
  {
    name: 'he after a named brother in the same sentence',
    category: 'probe',
    turns: [['2026-02-02', 'Called my brother Omar today, he works at Ford now.']],
    checks: [{ subject: 'Omar', predicate: 'works_at', validAt: '2026-02-03', after: 'end', is: ['Ford'] }],
  },
  {
    name: 'a friend and I live in',
    category: 'probe',
    turns: [['2026-02-02', 'Nadia and I live in Ghent, in a tiny flat.']],
    checks: [
      { subject: 'Nadia', predicate: 'lives_in', validAt: '2026-02-03', after: 'end', is: ['Ghent'] },
      { predicate: 'lives_in', validAt: '2026-02-03', after: 'end', is: ['Ghent'] },
    ],
  },
  {
    name: 'a future move with a past participle after it',
    category: 'probe',
    turns: [['2026-02-02', "I live in Kyiv. We're moving to Lviv in March, the flat is booked."]],
    checks: [{ predicate: 'lives_in', validAt: '2026-03-20', after: 'end', is: ['Lviv'] }],
  },
  {
    name: 'an earlier home told as a span',
    category: 'probe',
    turns: [['2026-02-02', 'After six years in Leeds we moved to York two months ago.']],
    checks: [{ predicate: 'lives_in', validAt: '2023-01-01', after: 'end', is: ['Leeds'] }],
  },
  {
    name: 'an earlier job told after "previously"',
    category: 'probe',
    turns: [['2026-02-02', 'I joined Arup last month. Previously I was at Atkins for five years.']],
    checks: [{ predicate: 'works_at', validAt: '2023-06-01', after: 'end', is: ['Atkins'] }],
  },
  {
    name: 'two and a half years ago',
    category: 'probe',
    turns: [['2026-02-02', 'We moved to Perth two and a half years ago.']],
    checks: [
      { predicate: 'lives_in', validAt: '2024-01-01', after: 'end', is: ['Perth'] },
      { predicate: 'lives_in', validAt: '2023-06-01', after: 'end', is: [] },
    ],
  },
  {
    name: 'a restated job as a correction',
    category: 'probe',
    turns: [
      ['2026-02-02', 'I work at Oracle.'],
      ['2026-02-09', 'Actually I work at Salesforce, I always mix them up.'],
    ],
    checks: [{ predicate: 'works_at', validAt: '2026-02-05', after: 'end', is: ['Salesforce'] }],
  },
  {
    name: 'never worked there, restated',
    category: 'probe',
    turns: [
      ['2026-02-02', 'I just started at Initech.'],
      ['2026-02-09', "Sorry, I never worked at Initech, I work at Initrode. Autocorrect."],
    ],
    checks: [{ predicate: 'works_at', validAt: '2026-02-05', after: 'end', is: ['Initrode'] }],
  },
  {
    name: 'a make and its thing, then stolen',
    category: 'probe',
    turns: [
      ['2026-02-02', 'I have a Trek bike and a Kindle.'],
      ['2026-03-02', 'My Kindle got stolen on the train.'],
    ],
    checks: [{ predicate: 'has', validAt: '2026-03-03', after: 'end', is: ['Trek bike'] }],
  },
  {
    name: 'a pet with an adjective the list does not know',
    category: 'probe',
    turns: [['2026-02-02', 'We have a really lazy cat called Mango.']],
    checks: [{ predicate: 'has', validAt: '2026-02-03', after: 'end', is: ['Mango'] }],
  },
  {
    name: 'a pet named by someone else',
    category: 'probe',
    turns: [['2026-02-02', 'We got a puppy that my daughter named Ziggy.']],
    checks: [{ predicate: 'has', validAt: '2026-02-03', after: 'end', is: ['Ziggy'] }],
  },
  {
    name: 'a past weekend',
    category: 'probe',
    turns: [['2026-05-19', 'We rescued a dog this past weekend, his name is Toby.']],
    checks: [{ predicate: 'has', validAt: '2026-05-18', after: 'end', is: ['Toby'] }],
  },
  {
    name: 'a pet put down, told with its name after the noun',
    category: 'probe',
    turns: [
      ['2026-02-02', 'Our dog Max is 15 now.'],
      ['2026-03-02', 'We had to put our dog Max down yesterday.'],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-02-20', after: 'end', is: ['Max'] },
      { predicate: 'has', validAt: '2026-03-02', after: 'end', is: [] },
    ],
  },
  {
    name: 'a new job that starts on a date',
    category: 'probe',
    turns: [['2026-03-04', 'My new job at IBM starts next Monday.']],
    checks: [
      { predicate: 'works_at', validAt: '2026-03-05', after: 'end', is: [] },
      { predicate: 'works_at', validAt: '2026-03-12', after: 'end', is: ['IBM'] },
    ],
  },
  {
    name: 'a future job told with "will be at"',
    category: 'probe',
    turns: [['2026-03-04', "Starting Monday I'll be at Google."]],
    checks: [{ predicate: 'works_at', validAt: '2026-03-12', after: 'end', is: ['Google'] }],
  },
  {
    name: "a name's 's before 'not at'",
    category: 'probe',
    turns: [
      ['2026-03-04', 'My brother Jake works at Tesla.'],
      ['2026-03-11', "Jake's not at Tesla anymore."],
    ],
    checks: [
      { subject: 'Jake', predicate: 'works_at', validAt: '2026-03-12', after: 'end', is: [] },
      { subject: 'Jake', predicate: 'works_at', validAt: '2026-03-12', after: 0, is: ['Tesla'] },
    ],
  },
  {
    name: "'I should say' corrects a home",
    category: 'probe',
    turns: [
      ['2026-03-04', 'We live in Porto.'],
      ['2026-03-11', 'Oh wait, I should say we live in Braga, Porto is where I work.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-03-05', after: 0, is: ['Porto'] },
      { predicate: 'lives_in', validAt: '2026-03-05', after: 'end', is: ['Braga'] },
    ],
  },
  {
    name: "a relative clause: 'my friend Kim, who lives in Seoul, …'",
    category: 'probe',
    turns: [['2026-03-04', 'My friend Kim, who lives in Seoul, just got engaged!']],
    checks: [{ subject: 'Kim', predicate: 'lives_in', validAt: '2026-03-05', after: 'end', is: ['Seoul'] }],
  },
  {
    name: "a past move after a comma: ', moved to Cupertino last year'",
    category: 'probe',
    turns: [['2026-03-04', 'My brother Sam, who works at Apple, moved to Cupertino last year.']],
    checks: [
      { subject: 'Sam', predicate: 'lives_in', validAt: '2025-12-01', after: 'end', is: ['Cupertino'] },
      { subject: 'Sam', predicate: 'works_at', validAt: '2026-03-05', after: 'end', is: ['Apple'] },
    ],
  },
  {
    name: 'a move for a job',
    category: 'probe',
    turns: [['2026-03-04', 'I moved to Seattle last month for a job at Amazon.']],
    checks: [
      { predicate: 'works_at', validAt: '2026-03-05', after: 'end', is: ['Amazon'] },
      { predicate: 'lives_in', validAt: '2026-03-05', after: 'end', is: ['Seattle'] },
    ],
  },
  {
    name: "'I meant Microsoft, sorry'",
    category: 'probe',
    turns: [
      ['2026-01-05', 'I work at Google.'],
      ['2026-01-12', 'Not Google, I meant Microsoft, sorry'],
    ],
    checks: [{ predicate: 'works_at', validAt: '2026-01-06', after: 'end', is: ['Microsoft'] }],
  },
  {
    name: "'it was June when I moved'",
    category: 'probe',
    turns: [
      ['2026-05-04', 'I live in Bath.'],
      ['2026-08-03', 'We moved to Bristol in July.'],
      ['2026-08-10', 'Actually it was June when we moved'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-06-20', after: 1, is: ['Bath'] },
      { predicate: 'lives_in', validAt: '2026-06-20', after: 'end', is: ['Bristol'] },
    ],
  },
  {
    name: "'since 2018 actually'",
    category: 'probe',
    turns: [
      ['2026-01-05', "I've been at Siemens since 2019."],
      ['2026-01-12', 'Sorry, since 2018 actually'],
    ],
    checks: [{ predicate: 'works_at', validAt: '2018-06-01', after: 'end', is: ['Siemens'] }],
  },
  {
    name: "'me and Jake' as the subject, no speaker named",
    category: 'probe',
    speaker: null,
    turns: [['2026-01-05', 'me and Jake moved to Galway last year']],
    checks: [
      { subject: 'user', predicate: 'lives_in', validAt: '2025-12-01', after: 'end', is: ['Galway'] },
      { subject: 'Jake', predicate: 'lives_in', validAt: '2025-12-01', after: 'end', is: ['Galway'] },
    ],
  },
  {
    name: "'died on Sunday' dates the ending at the Sunday",
    category: 'probe',
    turns: [
      ['2026-06-08', 'My friend Ana has a dog named Rex.'],
      ['2026-07-08', "Ana's dog Rex died on Sunday."],
    ],
    checks: [
      { subject: 'Ana', predicate: 'has', validAt: '2026-07-04', after: 'end', is: ['Rex'] },
      { subject: 'Ana', predicate: 'has', validAt: '2026-07-06', after: 'end', is: [] },
    ],
  },
  {
    name: "'I said I live in Leeds, but it's actually Bradford'",
    category: 'probe',
    turns: [
      ['2026-06-08', 'I live in Leeds.'],
      ['2026-06-15', "I said I live in Leeds, but it's actually Bradford"],
    ],
    checks: [{ predicate: 'lives_in', validAt: '2026-06-10', after: 'end', is: ['Bradford'] }],
  },
  {
    name: "'Not Leeds — Bradford'",
    category: 'probe',
    turns: [
      ['2026-06-08', 'I live in Leeds.'],
      ['2026-06-15', 'Not Leeds — Bradford. Sorry!'],
    ],
    checks: [{ predicate: 'lives_in', validAt: '2026-06-10', after: 'end', is: ['Bradford'] }],
  },
  {
    name: "'wrong company — it's Apex'",
    category: 'probe',
    turns: [
      ['2026-06-08', 'I work at Acme as an analyst.'],
      ['2026-06-15', "Sorry, wrong company — it's Apex"],
    ],
    checks: [{ predicate: 'works_at', validAt: '2026-06-10', after: 'end', is: ['Apex'] }],
  },
  {
    name: "'my dog's name is Bo, not Bob'",
    category: 'probe',
    turns: [
      ['2026-06-08', 'I have a dog called Bob.'],
      ['2026-06-15', "Correction: my dog's name is Bo, not Bob"],
    ],
    checks: [{ predicate: 'has', validAt: '2026-06-10', after: 'end', is: ['Bo'] }],
  },
  {
    name: "'I moved here in 2019' corrects the year",
    category: 'probe',
    turns: [
      ['2026-06-08', 'I moved to Leeds in 2018.'],
      ['2026-06-15', 'Wait, I got the year wrong, I moved here in 2019'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2018-06-01', after: 'end', is: [] },
      { predicate: 'lives_in', validAt: '2019-06-01', after: 'end', is: ['Leeds'] },
    ],
  },
  {
    name: "'leaving Acme next month for a role at Google'",
    category: 'probe',
    turns: [
      ['2026-06-08', 'I work at Acme.'],
      ['2026-07-08', "I'm leaving Acme next month for a role at Google"],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-07-20', after: 'end', is: ['Acme'] },
      { predicate: 'works_at', validAt: '2026-08-10', after: 'end', is: ['Google'] },
    ],
  },
  {
    name: "'in my second year at Deloitte'",
    category: 'probe',
    turns: [['2026-06-08', "I'm in my second year at Deloitte, still a junior consultant."]],
    checks: [{ predicate: 'works_at', validAt: '2026-06-09', after: 'end', is: ['Deloitte'] }],
  },
  {
    name: "'sold it': the thing the turn named",
    category: 'probe',
    turns: [
      ['2026-06-08', 'I have a piano and a bike.'],
      ['2026-07-08', 'The piano was too big for the flat. We sold it last week.'],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-06-20', after: 'end', is: ['piano', 'bike'] },
      { predicate: 'has', validAt: '2026-07-08', after: 'end', is: ['bike'] },
    ],
  },
  {
    name: "'since Christmas', 'in early 2024', 'for the past decade'",
    category: 'probe',
    turns: [['2026-06-08', "I've lived in Lund for the past decade. I joined Axis in early 2024 and I've been a team lead since Christmas."]],
    checks: [
      { predicate: 'lives_in', validAt: '2017-01-01', after: 'end', is: ['Lund'] },
      { predicate: 'works_at', validAt: '2024-05-01', after: 'end', is: ['Axis'] },
      { predicate: 'works_at', validAt: '2023-12-01', after: 'end', is: [] },
    ],
  },
];
