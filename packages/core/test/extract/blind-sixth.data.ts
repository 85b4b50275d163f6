// The sixth blind suite: written from the issue, SEMANTICS.md and API.md before reading the extractor or the
// other suites' data. Each conversation is fed turn by turn (the record clock at each turn's date, noon UTC);
// each check is one facts({ subject, predicate, validAt, knownAt }) read, knownAt = noon of the date of turn
// `after` ('end' = the last turn). `is` is the exact set of objects; `has`/`lacks` only include/exclude.
// A conversation's speaker is Maya unless `speaker` is null (no speaker given: the memory's default, 'user').

export interface SixthCheck {
  subject?: string;
  predicate: 'lives_in' | 'works_at' | 'has';
  validAt: string;
  after: number | 'end';
  is?: string[];
  has?: string[];
  lacks?: string[];
}

export interface SixthConversation {
  name: string;
  category: string;
  speaker?: null;
  turns: Array<[string, string]>;
  checks: SixthCheck[];
}

export const SIXTH: SixthConversation[] = [
  // ---------------------------------------------------------------- jobs
  {
    name: 'designer at Acme, then Globex',
    category: 'jobs',
    turns: [
      ['2026-01-12', "Hi! I'm Maya, I'm a product designer at Acme and honestly it's been a crazy week."],
      ['2026-02-20', 'So I finally did it — I handed in my notice at Acme. Starting at Globex on March 2nd!!'],
      ['2026-03-10', 'First week at Globex done, everyone is super nice.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-02-01', after: 0, is: ['Acme'] },
      { predicate: 'works_at', validAt: '2026-03-15', after: 0, is: ['Acme'] },
      { predicate: 'works_at', validAt: '2026-02-25', after: 1, is: ['Acme'] },
      { predicate: 'works_at', validAt: '2026-03-05', after: 1, is: ['Globex'] },
      { predicate: 'works_at', validAt: '2026-03-05', after: 'end', is: ['Globex'] },
      { predicate: 'works_at', validAt: '2026-02-01', after: 'end', is: ['Acme'] },
    ],
  },
  {
    name: 'laid off, then Maersk',
    category: 'jobs',
    turns: [
      ['2025-11-03', "ugh mondays. I work in logistics at DHL, been there about four years now"],
      ['2026-01-15', 'Bad news, I got laid off last week. The whole team got cut.'],
      ['2026-02-10', 'Good news though - I just joined Maersk as a dispatcher.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2025-12-01', after: 0, is: ['DHL'] },
      { predicate: 'works_at', validAt: '2022-06-01', after: 0, is: ['DHL'] },
      { predicate: 'works_at', validAt: '2026-01-20', after: 0, is: ['DHL'] },
      { predicate: 'works_at', validAt: '2026-01-20', after: 1, is: [] },
      { predicate: 'works_at', validAt: '2026-01-01', after: 1, is: ['DHL'] },
      { predicate: 'works_at', validAt: '2026-02-12', after: 'end', is: ['Maersk'] },
      { predicate: 'works_at', validAt: '2026-01-25', after: 'end', is: [] },
    ],
  },
  {
    name: 'teacher leaving for Khan Academy',
    category: 'jobs',
    turns: [
      ['2026-04-02', 'I teach math at Lincoln High, have done since 2015.'],
      ['2026-05-18', 'Big change coming: I accepted an offer from Khan Academy, I start on June 15. Last day at Lincoln High is June 12.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2016-01-01', after: 0, is: ['Lincoln High'] },
      { predicate: 'works_at', validAt: '2026-06-01', after: 0, is: ['Lincoln High'] },
      { predicate: 'works_at', validAt: '2026-06-01', after: 1, is: ['Lincoln High'] },
      { predicate: 'works_at', validAt: '2026-06-13', after: 1, is: [] },
      { predicate: 'works_at', validAt: '2026-06-20', after: 1, is: ['Khan Academy'] },
      { predicate: 'works_at', validAt: '2026-06-20', after: 0, is: ['Lincoln High'] },
    ],
  },
  {
    name: 'nurse retires',
    category: 'jobs',
    turns: [
      ['2025-09-09', "My husband keeps telling me to slow down, but I love my job. I'm a nurse at St. Mary's."],
      ['2026-03-30', "Well, it's official, I retired on Friday! 32 years at St. Mary's."],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2025-10-01', after: 0, is: ["St. Mary's"] },
      { predicate: 'works_at', validAt: '2026-04-15', after: 0, is: ["St. Mary's"] },
      { predicate: 'works_at', validAt: '2026-04-15', after: 'end', is: [] },
      { predicate: 'works_at', validAt: '2000-01-01', after: 'end', is: ["St. Mary's"] },
      { predicate: 'works_at', validAt: '2026-03-20', after: 'end', is: ["St. Mary's"] },
    ],
  },
  {
    name: 'no longer at Spotify',
    category: 'jobs',
    turns: [
      ['2026-02-02', 'I work at Spotify as a backend engineer, mostly on the payments team.'],
      ['2026-06-08', "I'm no longer at Spotify btw, I left at the end of May to do my own thing for a while"],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-05-01', after: 0, is: ['Spotify'] },
      { predicate: 'works_at', validAt: '2026-06-05', after: 0, is: ['Spotify'] },
      { predicate: 'works_at', validAt: '2026-06-05', after: 1, is: [] },
      { predicate: 'works_at', validAt: '2026-05-15', after: 1, is: ['Spotify'] },
    ],
  },
  {
    name: "wife's firm is not mine",
    category: 'jobs',
    turns: [
      ['2026-01-05', "My wife works at Deloitte and I'm at KPMG, so tax season is brutal in our house lol"],
      ['2026-03-02', 'She just got promoted to partner, so proud of her.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-01-10', after: 0, is: ['KPMG'] },
      { predicate: 'works_at', validAt: '2026-03-05', after: 'end', is: ['KPMG'] },
    ],
  },
  {
    name: 'intern then full time',
    category: 'jobs',
    turns: [
      ['2026-06-01', 'Today is my first day as an intern at Shopify! nervous'],
      ['2026-09-14', "They offered me a full time position at Shopify so I'm staying on after the internship."],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-06-02', after: 0, is: ['Shopify'] },
      { predicate: 'works_at', validAt: '2026-09-20', after: 'end', is: ['Shopify'] },
      { predicate: 'works_at', validAt: '2026-05-20', after: 'end', is: [] },
    ],
  },
  {
    name: 'quit the café, then Starbucks',
    category: 'jobs',
    turns: [
      ['2026-03-03', "I've been waitressing at Blue Bottle for like two years to pay for school"],
      ['2026-04-21', "quit blue bottle yesterday!!! couldn't take the manager anymore"],
      ['2026-05-04', "Starting at Starbucks next Monday, it's not glamorous but it pays"],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2025-06-01', after: 0, is: ['Blue Bottle'] },
      { predicate: 'works_at', validAt: '2026-04-25', after: 0, is: ['Blue Bottle'] },
      { predicate: 'works_at', validAt: '2026-04-25', after: 1, is: [] },
      { predicate: 'works_at', validAt: '2026-05-06', after: 2, is: [] },
      { predicate: 'works_at', validAt: '2026-05-15', after: 2, is: ['Starbucks'] },
      { predicate: 'works_at', validAt: '2026-04-19', after: 'end', is: ['Blue Bottle'] },
    ],
  },
  {
    name: 'changed teams, same company',
    category: 'jobs',
    turns: [
      ['2026-01-20', "I'm a data analyst at Zalando."],
      ['2026-04-07', 'I moved from the analytics team over to marketing last month, still at Zalando though.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-02-01', after: 0, is: ['Zalando'] },
      { predicate: 'works_at', validAt: '2026-04-10', after: 'end', is: ['Zalando'] },
      { predicate: 'lives_in', validAt: '2026-04-10', after: 'end', is: [] },
    ],
  },
  {
    name: 'last day at Deutsche Bahn',
    category: 'jobs',
    turns: [
      ['2026-05-11', "Work is a mess lately. I'm a train dispatcher with Deutsche Bahn."],
      ['2026-07-06', "My last day at Deutsche Bahn was last Friday. Taking the summer off before I figure out what's next."],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-06-01', after: 0, is: ['Deutsche Bahn'] },
      { predicate: 'works_at', validAt: '2026-07-05', after: 0, is: ['Deutsche Bahn'] },
      { predicate: 'works_at', validAt: '2026-07-05', after: 'end', is: [] },
      { predicate: 'works_at', validAt: '2026-07-01', after: 'end', is: ['Deutsche Bahn'] },
    ],
  },
  {
    name: 'hired at Netflix, Hulu before',
    category: 'jobs',
    turns: [
      ['2026-10-12', 'Got hired at Netflix two weeks ago, still learning the ropes. Before that I was at Hulu for three years.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-10-05', after: 0, is: ['Netflix'] },
      { predicate: 'works_at', validAt: '2026-08-01', after: 0, is: ['Hulu'] },
      { predicate: 'works_at', validAt: '2024-06-01', after: 0, is: ['Hulu'] },
    ],
  },
  {
    name: 'UX designer working from home',
    category: 'jobs',
    turns: [['2026-04-27', "Been working from home a lot, I'm a UX designer at Figma."]],
    checks: [{ predicate: 'works_at', validAt: '2026-04-28', after: 0, is: ['Figma'] }],
  },
  // ---------------------------------------------------------------- third persons
  {
    name: 'sister Ana moves to Lisbon',
    category: 'third persons',
    turns: [
      ['2026-02-14', "My sister Ana lives in Porto, I'm visiting her next month."],
      ['2026-05-03', 'Ana finally moved to Lisbon last week, she got a job at Farfetch there.'],
    ],
    checks: [
      { subject: 'Ana', predicate: 'lives_in', validAt: '2026-03-01', after: 0, is: ['Porto'] },
      { subject: 'Ana', predicate: 'lives_in', validAt: '2026-05-03', after: 0, is: ['Porto'] },
      { subject: 'Ana', predicate: 'lives_in', validAt: '2026-05-03', after: 1, is: ['Lisbon'] },
      { subject: 'Ana', predicate: 'lives_in', validAt: '2026-04-10', after: 'end', is: ['Porto'] },
      { subject: 'Ana', predicate: 'works_at', validAt: '2026-05-03', after: 1, is: ['Farfetch'] },
      { predicate: 'lives_in', validAt: '2026-03-15', after: 'end', is: [] },
    ],
  },
  {
    name: 'brother Tom at Google',
    category: 'third persons',
    turns: [
      ['2026-01-08', "My brother Tom just started at Google, he's a software engineer there. Meanwhile I'm still stuck at Oracle haha"],
      ['2026-08-19', "Tom got laid off from Google yesterday, he's pretty upset."],
    ],
    checks: [
      { subject: 'Tom', predicate: 'works_at', validAt: '2026-02-01', after: 0, is: ['Google'] },
      { predicate: 'works_at', validAt: '2026-02-01', after: 0, is: ['Oracle'] },
      { subject: 'Tom', predicate: 'works_at', validAt: '2026-08-25', after: 0, is: ['Google'] },
      { subject: 'Tom', predicate: 'works_at', validAt: '2026-08-25', after: 'end', is: [] },
      { predicate: 'works_at', validAt: '2026-08-25', after: 'end', is: ['Oracle'] },
    ],
  },
  {
    name: "Priya's beagle",
    category: 'third persons',
    turns: [
      ['2026-03-09', "My best friend Priya has a beagle named Milo, he's the cutest thing."],
      ['2026-11-02', "Sad day, Priya's dog Milo passed away over the weekend."],
    ],
    checks: [
      { subject: 'Priya', predicate: 'has', validAt: '2026-04-01', after: 0, is: ['Milo'] },
      { predicate: 'has', validAt: '2026-04-01', after: 0, lacks: ['Milo'] },
      { subject: 'Priya', predicate: 'has', validAt: '2026-11-05', after: 0, is: ['Milo'] },
      { subject: 'Priya', predicate: 'has', validAt: '2026-11-05', after: 'end', is: [] },
    ],
  },
  {
    name: 'mom Linda retires',
    category: 'third persons',
    turns: [
      ['2026-04-14', "My mom Linda works at Kroger in Dayton, she's planning to retire next year."],
      ['2027-02-03', 'Mom retired last month and now she wants to move to Florida, of course.'],
    ],
    checks: [
      { subject: 'Linda', predicate: 'works_at', validAt: '2026-05-01', after: 0, is: ['Kroger'] },
      { subject: 'Linda', predicate: 'works_at', validAt: '2026-12-01', after: 0, is: ['Kroger'] },
      { subject: 'Linda', predicate: 'works_at', validAt: '2027-02-02', after: 'end', is: [] },
      { subject: 'Linda', predicate: 'works_at', validAt: '2026-12-01', after: 'end', is: ['Kroger'] },
    ],
  },
  {
    name: 'coworker Jake moves, I stay',
    category: 'third persons',
    turns: [
      ['2026-06-22', "My coworker Jake is moving to Seattle next month, so I'm inheriting his projects. I live in Portland so I'll miss him."],
      ['2026-08-03', "Jake's settled in Seattle now, he sent pics of his new apartment."],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-07-01', after: 0, is: ['Portland'] },
      { predicate: 'lives_in', validAt: '2026-08-05', after: 'end', is: ['Portland'] },
      { subject: 'Jake', predicate: 'lives_in', validAt: '2026-06-25', after: 0, is: [] },
      { subject: 'Jake', predicate: 'lives_in', validAt: '2026-08-05', after: 0, is: ['Seattle'] },
      { subject: 'Jake', predicate: 'lives_in', validAt: '2026-08-05', after: 'end', is: ['Seattle'] },
    ],
  },
  {
    name: 'daughter Emma at college',
    category: 'third persons',
    turns: [
      ['2026-09-01', 'Dropped my daughter Emma off at college today, she lives in Ann Arbor now. The house feels so empty.'],
      ['2026-12-15', "Emma's home for the holidays! She's staying with us till January."],
    ],
    checks: [
      { subject: 'Emma', predicate: 'lives_in', validAt: '2026-09-05', after: 0, is: ['Ann Arbor'] },
      { subject: 'Emma', predicate: 'lives_in', validAt: '2026-12-20', after: 'end', is: ['Ann Arbor'] },
      { predicate: 'lives_in', validAt: '2026-12-20', after: 'end', is: [] },
    ],
  },
  {
    name: 'husband Dan leaves Boeing',
    category: 'third persons',
    turns: [
      ['2026-03-16', 'Dan, my husband, works at Boeing and I work at Microsoft, we both commute like crazy.'],
      ['2026-07-27', "Dan quit Boeing last Friday, he's joining a startup called Zipline in August."],
    ],
    checks: [
      { subject: 'Dan', predicate: 'works_at', validAt: '2026-04-01', after: 0, is: ['Boeing'] },
      { predicate: 'works_at', validAt: '2026-04-01', after: 0, is: ['Microsoft'] },
      { subject: 'Dan', predicate: 'works_at', validAt: '2026-07-28', after: 0, is: ['Boeing'] },
      { subject: 'Dan', predicate: 'works_at', validAt: '2026-07-28', after: 'end', is: [] },
      { subject: 'Dan', predicate: 'works_at', validAt: '2026-08-15', after: 'end', is: ['Zipline'] },
      { predicate: 'works_at', validAt: '2026-08-15', after: 'end', is: ['Microsoft'] },
    ],
  },
  {
    name: "neighbour's kitten",
    category: 'third persons',
    turns: [['2026-05-05', "Our neighbor Carla got a kitten she named Biscuit. I'm allergic so I'm keeping my distance lol"]],
    checks: [
      { subject: 'Carla', predicate: 'has', validAt: '2026-05-06', after: 0, is: ['Biscuit'] },
      { predicate: 'has', validAt: '2026-05-06', after: 0, lacks: ['Biscuit'] },
    ],
  },
  {
    name: 'friend Sam moves back',
    category: 'third persons',
    turns: [
      ['2026-01-19', 'I live in Madrid and my friend Sam lives in Berlin, we video call every Sunday.'],
      ['2026-04-27', "Sam moved back to Madrid in April!! We're finally in the same city again"],
    ],
    checks: [
      { subject: 'Sam', predicate: 'lives_in', validAt: '2026-02-01', after: 0, is: ['Berlin'] },
      { subject: 'Sam', predicate: 'lives_in', validAt: '2026-04-27', after: 0, is: ['Berlin'] },
      { subject: 'Sam', predicate: 'lives_in', validAt: '2026-04-27', after: 'end', is: ['Madrid'] },
      { subject: 'Sam', predicate: 'lives_in', validAt: '2026-03-15', after: 'end', is: ['Berlin'] },
      { predicate: 'lives_in', validAt: '2026-04-27', after: 'end', is: ['Madrid'] },
    ],
  },
  // ---------------------------------------------------------------- late corrections
  {
    name: 'Denver was a mistake: Austin',
    category: 'corrections',
    turns: [
      ['2026-01-10', 'I live in Boston, been here since college.'],
      ['2026-03-04', 'Big news, I moved to Denver last week!'],
      ['2026-03-20', 'Actually I misspoke earlier — I never moved to Denver, I moved to Austin. Denver was just where the interview was.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-02-15', after: 0, is: ['Boston'] },
      { predicate: 'lives_in', validAt: '2026-03-03', after: 1, is: ['Denver'] },
      { predicate: 'lives_in', validAt: '2026-03-10', after: 1, is: ['Denver'] },
      { predicate: 'lives_in', validAt: '2026-03-03', after: 'end', is: ['Austin'] },
      { predicate: 'lives_in', validAt: '2026-02-15', after: 'end', is: ['Boston'] },
      { predicate: 'lives_in', validAt: '2026-03-20', after: 2, is: ['Austin'] },
    ],
  },
  {
    name: 'Initech, not Initrode',
    category: 'corrections',
    turns: [
      ['2026-02-09', 'I just got a job at Initrode as a QA tester'],
      ['2026-02-11', "oops, typo — it's Initech, not Initrode. Totally different company lol"],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-02-10', after: 0, is: ['Initrode'] },
      { predicate: 'works_at', validAt: '2026-02-10', after: 'end', is: ['Initech'] },
      { predicate: 'works_at', validAt: '2026-02-12', after: 'end', is: ['Initech'] },
    ],
  },
  {
    name: 'Leeds in June, not July',
    category: 'corrections',
    turns: [
      ['2026-04-01', 'I live in Manchester with my partner and two cats.'],
      ['2026-08-03', 'We moved to Leeds in July, still unpacking boxes.'],
      ['2026-08-06', 'Sorry, I meant we moved in June, not July. Time flies.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-06-28', after: 1, is: ['Manchester'] },
      { predicate: 'lives_in', validAt: '2026-06-28', after: 'end', is: ['Leeds'] },
      { predicate: 'lives_in', validAt: '2026-07-20', after: 1, is: ['Leeds'] },
      { predicate: 'lives_in', validAt: '2026-07-20', after: 'end', is: ['Leeds'] },
      { predicate: 'lives_in', validAt: '2026-05-01', after: 'end', is: ['Manchester'] },
    ],
  },
  {
    name: 'the puppy is Buster',
    category: 'corrections',
    turns: [
      ['2026-05-18', 'We adopted a puppy this weekend! We named him Biscuit'],
      ['2026-05-19', 'wait my husband just reminded me we settled on Buster, not Biscuit. the puppy is Buster lol'],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-05-18', after: 0, is: ['Biscuit'] },
      { predicate: 'has', validAt: '2026-05-19', after: 'end', is: ['Buster'] },
      { predicate: 'has', validAt: '2026-05-18', after: 'end', is: ['Buster'] },
    ],
  },
  {
    name: 'Raj: not Google but DeepMind',
    category: 'corrections',
    turns: [
      ['2026-03-23', 'My brother Raj works at Google in London.'],
      ['2026-04-02', "Correction on Raj: he's not at Google but at DeepMind, which I guess is kind of the same thing."],
    ],
    checks: [
      { subject: 'Raj', predicate: 'works_at', validAt: '2026-03-25', after: 0, is: ['Google'] },
      { subject: 'Raj', predicate: 'works_at', validAt: '2026-03-25', after: 'end', is: ['DeepMind'] },
      { subject: 'Raj', predicate: 'works_at', validAt: '2026-04-02', after: 'end', is: ['DeepMind'] },
    ],
  },
  {
    name: 'Stripe since 2018, not 2019',
    category: 'corrections',
    turns: [
      ['2026-01-26', "I've been at Stripe since 2019, longest I've stayed anywhere."],
      ['2026-02-03', 'Actually I looked it up and I joined Stripe in 2018, not 2019.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2018-12-15', after: 0, is: [] },
      { predicate: 'works_at', validAt: '2020-01-01', after: 0, is: ['Stripe'] },
      { predicate: 'works_at', validAt: '2018-12-15', after: 'end', is: ['Stripe'] },
      { predicate: 'works_at', validAt: '2026-02-03', after: 'end', is: ['Stripe'] },
    ],
  },
  {
    name: 'Brooklyn, not Manhattan',
    category: 'corrections',
    turns: [
      ['2026-06-01', 'I live in Manhattan, tiny studio, crazy rent.'],
      ['2026-06-09', 'Actually, scratch that, I live in Brooklyn. I work in Manhattan, which is why I said it.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-06-05', after: 0, is: ['Manhattan'] },
      { predicate: 'lives_in', validAt: '2026-06-05', after: 'end', is: ['Brooklyn'] },
      { predicate: 'lives_in', validAt: '2026-06-10', after: 'end', is: ['Brooklyn'] },
      { predicate: 'works_at', validAt: '2026-06-10', after: 'end', lacks: ['Manhattan'] },
    ],
  },
  {
    name: 'the parrot is Kiki',
    category: 'corrections',
    turns: [
      ['2026-07-07', 'I have two dogs, Pepper and Salt, and a very grumpy parrot called Kiwi.'],
      ['2026-07-20', 'I misspoke the other day, the parrot is called Kiki, not Kiwi.'],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-07-10', after: 0, is: ['Pepper', 'Salt', 'Kiwi'] },
      { predicate: 'has', validAt: '2026-07-10', after: 'end', is: ['Pepper', 'Salt', 'Kiki'] },
      { predicate: 'has', validAt: '2026-07-21', after: 'end', is: ['Pepper', 'Salt', 'Kiki'] },
    ],
  },
  {
    name: 'Adobe start date is the 15th',
    category: 'corrections',
    turns: [
      ['2026-09-01', 'I start at Adobe on October 1st!'],
      ['2026-09-08', 'Small correction, my start date at Adobe is the 15th, not the 1st. HR pushed it.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-10-05', after: 0, is: ['Adobe'] },
      { predicate: 'works_at', validAt: '2026-10-05', after: 'end', is: [] },
      { predicate: 'works_at', validAt: '2026-10-20', after: 'end', is: ['Adobe'] },
      { predicate: 'works_at', validAt: '2026-09-20', after: 'end', is: [] },
    ],
  },
  {
    name: 'cousin Ingrid: Oslo, not Bergen',
    category: 'corrections',
    turns: [
      ['2026-02-02', "My cousin Ingrid lives in Bergen, she's a nurse."],
      ['2026-02-16', 'Oh wait, I got that wrong: Ingrid lives in Oslo, not Bergen. Bergen is where her sister lives.'],
    ],
    checks: [
      { subject: 'Ingrid', predicate: 'lives_in', validAt: '2026-02-10', after: 0, is: ['Bergen'] },
      { subject: 'Ingrid', predicate: 'lives_in', validAt: '2026-02-10', after: 'end', is: ['Oslo'] },
      { subject: 'Ingrid', predicate: 'lives_in', validAt: '2026-02-20', after: 'end', is: ['Oslo'] },
    ],
  },
  // ---------------------------------------------------------------- moves
  {
    name: 'Chicago to Minneapolis',
    category: 'moves',
    turns: [
      ['2026-01-05', "Happy new year! Quick intro: I'm 34, I live in Chicago, I'm a nurse at Rush, and I have a cat named Mochi."],
      ['2026-06-15', "Haven't talked in a while — we packed everything up and moved to Minneapolis at the beginning of June. Mochi hated the car ride. I transferred to a hospital up here, Abbott Northwestern."],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-03-01', after: 0, is: ['Chicago'] },
      { predicate: 'lives_in', validAt: '2026-06-10', after: 0, is: ['Chicago'] },
      { predicate: 'lives_in', validAt: '2026-06-10', after: 'end', is: ['Minneapolis'] },
      { predicate: 'lives_in', validAt: '2026-05-15', after: 'end', is: ['Chicago'] },
      { predicate: 'works_at', validAt: '2026-03-01', after: 0, is: ['Rush'] },
      { predicate: 'works_at', validAt: '2026-06-15', after: 'end', is: ['Abbott Northwestern'] },
      { predicate: 'has', validAt: '2026-06-15', after: 'end', is: ['Mochi'] },
    ],
  },
  {
    name: 'Toronto to Vancouver',
    category: 'moves',
    turns: [
      ['2026-03-02', "I live in Toronto but we're moving to Vancouver next month for my wife's job."],
      ['2026-04-20', 'Settling into Vancouver, the rain is no joke.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-03-10', after: 0, is: ['Toronto'] },
      { predicate: 'lives_in', validAt: '2026-05-05', after: 0, is: ['Vancouver'] },
      { predicate: 'lives_in', validAt: '2026-04-20', after: 'end', is: ['Vancouver'] },
      { predicate: 'lives_in', validAt: '2026-03-20', after: 'end', is: ['Toronto'] },
    ],
  },
  {
    name: 'relocated to Singapore',
    category: 'moves',
    turns: [['2026-10-05', "I relocated to Singapore two years ago for work and I've been at DBS the whole time."]],
    checks: [
      { predicate: 'lives_in', validAt: '2025-06-01', after: 0, is: ['Singapore'] },
      { predicate: 'works_at', validAt: '2025-06-01', after: 0, is: ['DBS'] },
      { predicate: 'lives_in', validAt: '2024-06-01', after: 0, is: [] },
    ],
  },
  {
    name: 'back home to Galway',
    category: 'moves',
    turns: [
      ['2026-02-23', "I've lived in Dublin for ten years now but I'm from Galway originally."],
      ['2026-09-07', 'So I finally moved back home to Galway last month. Mam is thrilled.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2020-01-01', after: 0, is: ['Dublin'] },
      { predicate: 'lives_in', validAt: '2026-08-20', after: 0, is: ['Dublin'] },
      { predicate: 'lives_in', validAt: '2026-09-07', after: 0, is: ['Dublin'] },
      { predicate: 'lives_in', validAt: '2026-09-07', after: 'end', is: ['Galway'] },
      { predicate: 'lives_in', validAt: '2026-07-15', after: 'end', is: ['Dublin'] },
    ],
  },
  // ---------------------------------------------------------------- endings
  {
    name: 'motorcycle sold, Subaru traded in',
    category: 'endings',
    turns: [
      ['2026-04-06', 'I have a Subaru and a motorcycle, the motorcycle is basically a money pit'],
      ['2026-05-25', 'Sold the motorcycle last weekend, finally. Still have the Subaru.'],
      ['2026-07-13', 'Traded in the Subaru for a Tesla on Saturday.'],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-05-01', after: 0, is: ['Subaru', 'motorcycle'] },
      { predicate: 'has', validAt: '2026-05-25', after: 0, is: ['Subaru', 'motorcycle'] },
      { predicate: 'has', validAt: '2026-05-25', after: 1, is: ['Subaru'] },
      { predicate: 'has', validAt: '2026-07-13', after: 'end', is: ['Tesla'] },
      { predicate: 'has', validAt: '2026-07-01', after: 'end', is: ['Subaru'] },
    ],
  },
  {
    name: 'broke up with Marco, moved to Milan',
    category: 'endings',
    turns: [
      ['2026-02-09', 'My boyfriend Marco and I live together in Rome, in Trastevere.'],
      ['2026-05-11', 'Marco and I broke up two weeks ago. I moved out and got a place in Milan.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-03-01', after: 0, is: ['Rome'] },
      { subject: 'Marco', predicate: 'lives_in', validAt: '2026-03-01', after: 0, is: ['Rome'] },
      { predicate: 'lives_in', validAt: '2026-05-11', after: 'end', is: ['Milan'] },
      { subject: 'Marco', predicate: 'lives_in', validAt: '2026-05-11', after: 'end', is: ['Rome'] },
      { predicate: 'lives_in', validAt: '2026-04-01', after: 'end', is: ['Rome'] },
    ],
  },
  {
    name: 'gave the piano away',
    category: 'endings',
    turns: [
      ['2026-01-13', 'I have a piano that nobody plays and a rowing machine I use as a coat rack.'],
      ['2026-03-30', 'Gave the piano to my niece, she actually practices. The rowing machine is next to go.'],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-02-01', after: 0, is: ['piano', 'rowing machine'] },
      { predicate: 'has', validAt: '2026-04-01', after: 0, is: ['piano', 'rowing machine'] },
      { predicate: 'has', validAt: '2026-04-01', after: 'end', is: ['rowing machine'] },
    ],
  },
  {
    name: 'Rex passed away',
    category: 'endings',
    turns: [
      ['2026-03-02', 'We adopted a dog named Rex from the shelter in 2019, best decision ever.'],
      ['2026-10-19', "Rex passed away on Thursday. 14 years old. I'm a wreck."],
    ],
    checks: [
      { predicate: 'has', validAt: '2020-06-01', after: 0, is: ['Rex'] },
      { predicate: 'has', validAt: '2026-10-20', after: 0, is: ['Rex'] },
      { predicate: 'has', validAt: '2026-10-19', after: 'end', is: [] },
      { predicate: 'has', validAt: '2026-10-10', after: 'end', is: ['Rex'] },
    ],
  },
  // ---------------------------------------------------------------- pets and possessions
  {
    name: 'Pepper, Salt and Olive',
    category: 'pets and possessions',
    turns: [
      ['2026-02-16', "I've got two cats, Pepper and Salt, and they hate each other."],
      ['2026-04-13', 'We adopted a third! A little tabby called Olive.'],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-03-01', after: 0, is: ['Pepper', 'Salt'] },
      { predicate: 'has', validAt: '2026-04-14', after: 0, is: ['Pepper', 'Salt'] },
      { predicate: 'has', validAt: '2026-04-14', after: 'end', is: ['Pepper', 'Salt', 'Olive'] },
      { predicate: 'has', validAt: '2026-03-01', after: 'end', is: ['Pepper', 'Salt'] },
    ],
  },
  {
    name: 'goldfish Nemo given away',
    category: 'pets and possessions',
    turns: [
      ['2026-06-08', 'My son won a goldfish at the fair, so I guess we have a goldfish now. He named it Nemo.'],
      ['2026-09-21', "We gave Nemo to the neighbours' kids since we're travelling so much."],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-06-09', after: 0, has: ['Nemo'] },
      { predicate: 'has', validAt: '2026-09-22', after: 0, has: ['Nemo'] },
      { predicate: 'has', validAt: '2026-09-22', after: 'end', lacks: ['Nemo'] },
      { predicate: 'has', validAt: '2026-07-01', after: 'end', has: ['Nemo'] },
    ],
  },
  {
    name: 'MacBook stolen',
    category: 'pets and possessions',
    turns: [
      ['2026-01-19', 'I own a Fender guitar and a MacBook, that is basically all I care about lol'],
      ['2026-03-09', "My MacBook got stolen at the airport on Friday. I'm devastated."],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-02-01', after: 0, is: ['Fender guitar', 'MacBook'] },
      { predicate: 'has', validAt: '2026-03-09', after: 0, is: ['Fender guitar', 'MacBook'] },
      { predicate: 'has', validAt: '2026-03-09', after: 'end', is: ['Fender guitar'] },
    ],
  },
  {
    name: 'Luna adopted, horse Duke',
    category: 'pets and possessions',
    turns: [['2026-08-24', 'Adopted a dog named Luna yesterday!! Also my horse Duke says hi']],
    checks: [{ predicate: 'has', validAt: '2026-08-24', after: 0, is: ['Luna', 'Duke'] }],
  },
  {
    name: 'hamster Peanut and Peanut Two',
    category: 'pets and possessions',
    turns: [
      ['2026-03-02', 'We have a hamster called Peanut and a cat called Tofu.'],
      ['2026-04-20', 'Peanut died last night, the kids are heartbroken.'],
      ['2026-05-04', 'We got a new hamster, the kids called her Peanut Two, creative I know'],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-04-01', after: 0, is: ['Peanut', 'Tofu'] },
      { predicate: 'has', validAt: '2026-04-21', after: 0, is: ['Peanut', 'Tofu'] },
      { predicate: 'has', validAt: '2026-04-21', after: 1, is: ['Tofu'] },
      { predicate: 'has', validAt: '2026-05-05', after: 'end', is: ['Tofu', 'Peanut Two'] },
    ],
  },
  {
    name: 'bought a house',
    category: 'pets and possessions',
    turns: [['2026-05-04', "We bought a house!! closing was on Friday, we're officially homeowners"]],
    checks: [{ predicate: 'has', validAt: '2026-05-05', after: 0, has: ['house'] }],
  },
  // ---------------------------------------------------------------- durations
  {
    name: 'Lisbon since 2019',
    category: 'durations',
    turns: [['2026-03-16', "I've lived here in Lisbon since 2019 and I still can't speak Portuguese properly"]],
    checks: [
      { predicate: 'lives_in', validAt: '2020-05-01', after: 0, is: ['Lisbon'] },
      { predicate: 'lives_in', validAt: '2018-05-01', after: 0, is: [] },
      { predicate: 'lives_in', validAt: '2026-03-16', after: 0, is: ['Lisbon'] },
    ],
  },
  {
    name: 'ten years at the bakery',
    category: 'durations',
    turns: [
      ['2026-05-26', "I've worked at the same bakery, Le Pain, for ten years now. Might be time for a change."],
      ['2026-07-14', 'I did it, I quit Le Pain! Two weeks ago actually.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2017-01-01', after: 0, is: ['Le Pain'] },
      { predicate: 'works_at', validAt: '2015-01-01', after: 0, is: [] },
      { predicate: 'works_at', validAt: '2026-07-10', after: 0, is: ['Le Pain'] },
      { predicate: 'works_at', validAt: '2026-07-14', after: 'end', is: [] },
      { predicate: 'works_at', validAt: '2026-06-20', after: 'end', is: ['Le Pain'] },
    ],
  },
  {
    name: 'Whiskers for three years, Austin since 2021',
    category: 'durations',
    turns: [['2026-11-09', "We've had our cat Whiskers for about three years. And we've been in Austin since 2021."]],
    checks: [
      { predicate: 'has', validAt: '2024-06-01', after: 0, is: ['Whiskers'] },
      { predicate: 'lives_in', validAt: '2022-01-01', after: 0, is: ['Austin'] },
      { predicate: 'lives_in', validAt: '2020-06-01', after: 0, is: [] },
    ],
  },
  {
    name: 'barista since March',
    category: 'durations',
    turns: [['2026-09-28', "I've been a barista at Intelligentsia since March, before that I was unemployed for a bit"]],
    checks: [
      { predicate: 'works_at', validAt: '2026-04-15', after: 0, is: ['Intelligentsia'] },
      { predicate: 'works_at', validAt: '2026-02-15', after: 0, is: [] },
    ],
  },
  // ---------------------------------------------------------------- future starts
  {
    name: 'Bosch to Siemens on May 1',
    category: 'future starts',
    turns: [
      ['2026-03-02', "I'm an engineer at Bosch."],
      ['2026-04-10', 'Signed the contract today, I start at Siemens on May 1.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-04-20', after: 1, is: ['Bosch'] },
      { predicate: 'works_at', validAt: '2026-05-05', after: 1, is: ['Siemens'] },
      { predicate: 'works_at', validAt: '2026-05-05', after: 0, is: ['Bosch'] },
    ],
  },
  {
    name: 'moving to Seattle in September',
    category: 'future starts',
    turns: [
      ['2026-06-15', "I live in Austin for now. We're moving to Seattle in September, the lease is signed."],
      ['2026-10-05', 'Settled in Seattle, the move went fine.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-07-01', after: 0, is: ['Austin'] },
      { predicate: 'lives_in', validAt: '2026-10-01', after: 0, is: ['Seattle'] },
      { predicate: 'lives_in', validAt: '2026-08-15', after: 'end', is: ['Austin'] },
      { predicate: 'lives_in', validAt: '2026-10-05', after: 'end', is: ['Seattle'] },
    ],
  },
  {
    name: 'Pfizer next week',
    category: 'future starts',
    turns: [['2026-01-19', 'Starting my new job at Pfizer next week, wish me luck!']],
    checks: [
      { predicate: 'works_at', validAt: '2026-01-20', after: 0, is: [] },
      { predicate: 'works_at', validAt: '2026-02-02', after: 0, is: ['Pfizer'] },
    ],
  },
  {
    name: 'retiring from Lufthansa at year end',
    category: 'future starts',
    turns: [['2026-06-01', "I'm a pilot with Lufthansa, retiring at the end of the year."]],
    checks: [
      { predicate: 'works_at', validAt: '2026-07-01', after: 0, is: ['Lufthansa'] },
      { predicate: 'works_at', validAt: '2027-02-01', after: 0, is: [] },
    ],
  },
  // ---------------------------------------------------------------- visits, hypotheticals, plans
  {
    name: 'conference in Paris',
    category: 'non-changes',
    turns: [
      ['2026-04-06', 'I live in Lyon.'],
      ['2026-04-13', "Off to Paris next week for a conference, can't wait for the croissants."],
      ['2026-04-27', 'Back from Paris! Exhausted.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-04-22', after: 1, is: ['Lyon'] },
      { predicate: 'lives_in', validAt: '2026-04-22', after: 'end', is: ['Lyon'] },
      { predicate: 'lives_in', validAt: '2026-04-28', after: 'end', is: ['Lyon'] },
    ],
  },
  {
    name: 'if I got the Amazon job',
    category: 'non-changes',
    turns: [['2026-02-23', "I work at Target. If I got the Amazon job I'd have to move to Seattle, which I don't want."]],
    checks: [
      { predicate: 'works_at', validAt: '2026-03-01', after: 0, is: ['Target'] },
      { predicate: 'lives_in', validAt: '2026-03-01', after: 0, is: [] },
    ],
  },
  {
    name: 'thinking about Denver',
    category: 'non-changes',
    turns: [
      ['2026-05-12', "I live in Phoenix and honestly I'm thinking about moving to Denver. Or maybe San Diego. Who knows."],
      ['2026-08-10', 'Still in Phoenix, still melting. The Denver plan fell through.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-06-01', after: 0, is: ['Phoenix'] },
      { predicate: 'lives_in', validAt: '2026-08-10', after: 'end', is: ['Phoenix'] },
    ],
  },
  {
    name: 'interview at Canva',
    category: 'non-changes',
    turns: [
      ['2026-03-09', "I'm a developer at Atlassian. Had a second-round interview at Canva today!"],
      ['2026-03-23', "Didn't get the Canva job. Oh well, Atlassian's fine."],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-03-10', after: 0, is: ['Atlassian'] },
      { predicate: 'works_at', validAt: '2026-03-24', after: 'end', is: ['Atlassian'] },
    ],
  },
  {
    name: 'want a dog, have a bike',
    category: 'non-changes',
    turns: [
      ['2026-06-29', 'I really want a dog. Maybe a corgi. My landlord says no pets though.'],
      ['2026-07-06', 'I do have a bike now, bought it Saturday.'],
    ],
    checks: [
      { predicate: 'has', validAt: '2026-07-01', after: 0, is: [] },
      { predicate: 'has', validAt: '2026-07-06', after: 'end', is: ['bike'] },
    ],
  },
  // ---------------------------------------------------------------- speakers without a name
  {
    name: 'no name: Lyon to Clermont-Ferrand',
    category: 'no-name speaker',
    speaker: null,
    turns: [
      ['2026-01-12', 'I live in Lyon and I work at Michelin.'],
      ['2026-05-04', 'Moved to Clermont-Ferrand last month, closer to the Michelin HQ.'],
    ],
    checks: [
      { subject: 'user', predicate: 'lives_in', validAt: '2026-02-01', after: 0, is: ['Lyon'] },
      { subject: 'user', predicate: 'works_at', validAt: '2026-02-01', after: 0, is: ['Michelin'] },
      { subject: 'user', predicate: 'lives_in', validAt: '2026-04-10', after: 0, is: ['Lyon'] },
      { subject: 'user', predicate: 'lives_in', validAt: '2026-05-04', after: 'end', is: ['Clermont-Ferrand'] },
      { subject: 'user', predicate: 'works_at', validAt: '2026-05-04', after: 'end', is: ['Michelin'] },
    ],
  },
  {
    name: 'no name: Waffles and Wells Fargo',
    category: 'no-name speaker',
    speaker: null,
    turns: [
      ['2026-03-30', 'hey, so I just got a puppy, his name is Waffles'],
      ['2026-04-06', "I'm a cashier at Wells Fargo btw"],
      ['2026-07-20', 'left wells fargo last week, going back to school'],
    ],
    checks: [
      { subject: 'user', predicate: 'has', validAt: '2026-03-31', after: 0, is: ['Waffles'] },
      { subject: 'user', predicate: 'works_at', validAt: '2026-04-07', after: 1, is: ['Wells Fargo'] },
      { subject: 'user', predicate: 'works_at', validAt: '2026-07-20', after: 1, is: ['Wells Fargo'] },
      { subject: 'user', predicate: 'works_at', validAt: '2026-07-20', after: 'end', is: [] },
    ],
  },
  {
    name: 'no name: sister Jo in Leeds',
    category: 'no-name speaker',
    speaker: null,
    turns: [['2026-10-19', 'My sister Jo lives in Leeds, I live in York.']],
    checks: [
      { subject: 'Jo', predicate: 'lives_in', validAt: '2026-10-20', after: 0, is: ['Leeds'] },
      { subject: 'user', predicate: 'lives_in', validAt: '2026-10-20', after: 0, is: ['York'] },
    ],
  },
  // ---------------------------------------------------------------- relative and fuzzy times
  {
    name: 'Etsy back in March',
    category: 'relative times',
    turns: [['2026-06-08', "I started at Etsy back in March, I'm a product manager there."]],
    checks: [
      { predicate: 'works_at', validAt: '2026-04-01', after: 0, is: ['Etsy'] },
      { predicate: 'works_at', validAt: '2026-02-01', after: 0, is: [] },
    ],
  },
  {
    name: 'Austin in late February',
    category: 'relative times',
    turns: [
      ['2026-01-20', 'I live in Houston.'],
      ['2026-04-06', 'I moved to Austin in late February, forgot to mention.'],
    ],
    checks: [
      { predicate: 'lives_in', validAt: '2026-03-05', after: 0, is: ['Houston'] },
      { predicate: 'lives_in', validAt: '2026-03-05', after: 'end', is: ['Austin'] },
      { predicate: 'lives_in', validAt: '2026-02-10', after: 'end', is: ['Houston'] },
    ],
  },
  {
    name: 'Nashville a year and a half ago',
    category: 'relative times',
    turns: [['2026-10-12', 'We moved to Nashville about a year and a half ago, after ten years in Memphis.']],
    checks: [
      { predicate: 'lives_in', validAt: '2025-09-01', after: 0, is: ['Nashville'] },
      { predicate: 'lives_in', validAt: '2024-06-01', after: 0, is: ['Memphis'] },
      { predicate: 'lives_in', validAt: '2020-01-01', after: 0, is: ['Memphis'] },
    ],
  },
  {
    name: 'Uber to Lyft',
    category: 'relative times',
    turns: [
      ['2026-02-16', 'I work at Uber.'],
      ['2026-03-16', 'Started at Lyft yesterday! Left Uber a couple weeks ago.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-03-10', after: 0, is: ['Uber'] },
      { predicate: 'works_at', validAt: '2026-02-20', after: 'end', is: ['Uber'] },
      { predicate: 'works_at', validAt: '2026-03-10', after: 'end', is: [] },
      { predicate: 'works_at', validAt: '2026-03-16', after: 'end', is: ['Lyft'] },
    ],
  },
  {
    name: 'last day at IKEA next Friday',
    category: 'relative times',
    turns: [
      ['2026-08-31', "I've been at IKEA in the warehouse for a while now."],
      ['2026-09-14', 'My last day at IKEA is next Friday.'],
    ],
    checks: [
      { predicate: 'works_at', validAt: '2026-09-15', after: 1, is: ['IKEA'] },
      { predicate: 'works_at', validAt: '2026-10-01', after: 0, is: ['IKEA'] },
      { predicate: 'works_at', validAt: '2026-10-01', after: 1, is: [] },
    ],
  },
];
