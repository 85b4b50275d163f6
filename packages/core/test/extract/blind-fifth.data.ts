// A fifth blind suite: conversations written from the issue text, SEMANTICS.md and API.md only, before the
// extractor's rules were read. Each check is one facts({ subject, predicate, validAt, knownAt }) read.
// `after`: the index of the turn whose record time is the read's knownAt (the memory's belief before the
// next turn), or 'end' (after the last turn). `is`: the exact set of objects (lives_in, works_at);
// `has`/`lacks`: objects that must / must not be among `has`. Subjects default to the speaker, Maya.

export type Category =
  | 'jobs' | 'third' | 'corrections' | 'endings' | 'pets' | 'possessions' | 'durations' | 'moves';

export interface FifthCheck {
  after: number | 'end';
  validAt: string;
  subject?: string;
  predicate: 'lives_in' | 'works_at' | 'has';
  is?: string[];
  has?: string[];
  lacks?: string[];
}

export interface FifthConversation {
  name: string;
  category: Category;
  turns: Array<[string, string]>;
  checks: FifthCheck[];
}

export const FIFTH: FifthConversation[] = [
  {
    name: 'designer hired elsewhere',
    category: 'jobs',
    turns: [
      ['2026-01-05', "hey! I'm Maya, I'm a designer at Acme and I live in Boston"],
      ['2026-03-02', 'so I got hired by Globex last week, starting there on the 16th'],
      ['2026-04-10', 'first month at Globex done, loving it'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-05', predicate: 'works_at', is: ['Acme'] },
      { after: 0, validAt: '2026-01-05', predicate: 'lives_in', is: ['Boston'] },
      { after: 0, validAt: '2026-04-10', predicate: 'works_at', is: ['Acme'] },
      { after: 1, validAt: '2026-03-05', predicate: 'works_at', is: ['Acme'] },
      { after: 1, validAt: '2026-03-20', predicate: 'works_at', is: ['Globex'] },
      { after: 'end', validAt: '2026-02-01', predicate: 'works_at', is: ['Acme'] },
      { after: 'end', validAt: '2026-04-10', predicate: 'works_at', is: ['Globex'] },
    ],
  },
  {
    name: 'nurse switches hospitals',
    category: 'jobs',
    turns: [
      ['2026-02-01', "i'm a nurse at Mercy Hospital, been there since 2021"],
      ['2026-05-15', "big change: i switched to St Luke's, started monday"],
    ],
    checks: [
      { after: 0, validAt: '2022-06-01', predicate: 'works_at', is: ['Mercy Hospital'] },
      { after: 0, validAt: '2026-05-20', predicate: 'works_at', is: ['Mercy Hospital'] },
      { after: 'end', validAt: '2026-05-20', predicate: 'works_at', is: ["St Luke's"] },
      { after: 'end', validAt: '2026-05-14', predicate: 'works_at', is: ["St Luke's"] },
      { after: 'end', validAt: '2023-01-01', predicate: 'works_at', is: ['Mercy Hospital'] },
    ],
  },
  {
    name: 'promotion keeps the job',
    category: 'jobs',
    turns: [
      ['2026-01-10', 'I work at Shopify as a backend dev'],
      ['2026-03-20', 'got promoted to staff engineer today!!'],
      ['2026-06-01', 'still at Shopify, the new role is a lot of meetings'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-10', predicate: 'works_at', is: ['Shopify'] },
      { after: 1, validAt: '2026-03-21', predicate: 'works_at', is: ['Shopify'] },
      { after: 'end', validAt: '2026-03-25', predicate: 'works_at', is: ['Shopify'] },
      { after: 'end', validAt: '2026-06-01', predicate: 'works_at', is: ['Shopify'] },
    ],
  },
  {
    name: 'accountant goes freelance',
    category: 'jobs',
    turns: [
      ['2026-01-12', "I'm an accountant at Deloitte. I live in Chicago"],
      ['2026-04-03', 'I quit Deloitte last month, freelancing full time now'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-12', predicate: 'works_at', is: ['Deloitte'] },
      { after: 0, validAt: '2026-01-12', predicate: 'lives_in', is: ['Chicago'] },
      { after: 0, validAt: '2026-04-03', predicate: 'works_at', is: ['Deloitte'] },
      { after: 'end', validAt: '2026-04-03', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-02-15', predicate: 'works_at', is: ['Deloitte'] },
      { after: 'end', validAt: '2026-04-03', predicate: 'lives_in', is: ['Chicago'] },
    ],
  },
  {
    name: 'new job then laid off',
    category: 'jobs',
    turns: [
      ['2026-02-09', 'started a new job at Stripe this week, still getting used to the commute'],
      ['2026-02-20', 'the Stripe office is huge'],
      ['2026-07-01', 'ugh, got laid off yesterday. whole team gone'],
    ],
    checks: [
      { after: 0, validAt: '2026-02-10', predicate: 'works_at', is: ['Stripe'] },
      { after: 'end', validAt: '2026-02-15', predicate: 'works_at', is: ['Stripe'] },
      { after: 'end', validAt: '2026-07-01', predicate: 'works_at', is: [] },
      { after: 1, validAt: '2026-07-01', predicate: 'works_at', is: ['Stripe'] },
      { after: 'end', validAt: '2026-06-29', predicate: 'works_at', is: ['Stripe'] },
    ],
  },
  {
    name: 'future start date',
    category: 'jobs',
    turns: [
      ['2026-04-10', 'I work at Bosch right now'],
      ['2026-04-20', 'signed the offer! I start at Siemens on May 4'],
    ],
    checks: [
      { after: 1, validAt: '2026-04-25', predicate: 'works_at', is: ['Bosch'] },
      { after: 1, validAt: '2026-05-10', predicate: 'works_at', is: ['Siemens'] },
      { after: 0, validAt: '2026-05-10', predicate: 'works_at', is: ['Bosch'] },
      { after: 'end', validAt: '2026-06-10', predicate: 'works_at', is: ['Siemens'] },
    ],
  },
  {
    name: 'two jobs then one',
    category: 'jobs',
    turns: [
      ['2026-03-01', 'i work two jobs right now, mornings at Blue Bottle and evenings at Kumon'],
      ['2026-05-01', 'quit Kumon finally, just Blue Bottle now'],
    ],
    checks: [
      { after: 0, validAt: '2026-03-01', predicate: 'works_at', is: ['Blue Bottle', 'Kumon'] },
      { after: 0, validAt: '2026-05-01', predicate: 'works_at', is: ['Blue Bottle', 'Kumon'] },
      { after: 'end', validAt: '2026-04-01', predicate: 'works_at', is: ['Blue Bottle', 'Kumon'] },
      { after: 'end', validAt: '2026-05-01', predicate: 'works_at', is: ['Blue Bottle'] },
    ],
  },
  {
    name: 'teacher retires',
    category: 'jobs',
    turns: [
      ['2026-01-15', "I've been a teacher at Lincoln High for 30 years"],
      ['2026-06-20', 'officially retired as of last Friday!'],
    ],
    checks: [
      { after: 0, validAt: '2000-01-01', predicate: 'works_at', is: ['Lincoln High'] },
      { after: 0, validAt: '2026-06-20', predicate: 'works_at', is: ['Lincoln High'] },
      { after: 'end', validAt: '2026-06-20', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-03-01', predicate: 'works_at', is: ['Lincoln High'] },
    ],
  },
  {
    name: 'last day then a new start',
    category: 'jobs',
    turns: [
      ['2026-02-02', 'I work at Deutsche Bahn, mostly scheduling stuff'],
      ['2026-03-09', 'my last day at Deutsche Bahn was last Friday'],
      ['2026-03-16', 'starting at Lufthansa tomorrow'],
    ],
    checks: [
      { after: 0, validAt: '2026-03-09', predicate: 'works_at', is: ['Deutsche Bahn'] },
      { after: 1, validAt: '2026-03-09', predicate: 'works_at', is: [] },
      { after: 1, validAt: '2026-03-20', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-03-12', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-03-20', predicate: 'works_at', is: ['Lufthansa'] },
      { after: 'end', validAt: '2026-02-15', predicate: 'works_at', is: ['Deutsche Bahn'] },
    ],
  },
  {
    name: 'moved over to another company',
    category: 'jobs',
    turns: [
      ['2025-06-01', "I'm a senior product manager at Zalando, based in Berlin"],
      ['2025-10-15', 'I moved over to Spotify in September, same kind of role'],
    ],
    checks: [
      { after: 0, validAt: '2025-06-01', predicate: 'works_at', is: ['Zalando'] },
      { after: 0, validAt: '2025-06-01', predicate: 'lives_in', is: ['Berlin'] },
      { after: 0, validAt: '2025-10-01', predicate: 'works_at', is: ['Zalando'] },
      { after: 'end', validAt: '2025-10-01', predicate: 'works_at', is: ['Spotify'] },
      { after: 'end', validAt: '2025-08-01', predicate: 'works_at', is: ['Zalando'] },
      { after: 'end', validAt: '2025-10-15', predicate: 'lives_in', is: ['Berlin'] },
    ],
  },
  {
    name: 'startup acquired',
    category: 'jobs',
    turns: [
      ['2026-01-08', 'I work for a small startup called Loomly'],
      ['2026-06-15', 'Loomly got acquired by HubSpot so technically I work for HubSpot now'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-08', predicate: 'works_at', is: ['Loomly'] },
      { after: 0, validAt: '2026-06-15', predicate: 'works_at', is: ['Loomly'] },
      { after: 'end', validAt: '2026-06-15', predicate: 'works_at', is: ['HubSpot'] },
    ],
  },
  {
    name: 'summer internship',
    category: 'jobs',
    turns: [
      ['2026-06-01', 'starting my internship at NASA next week'],
      ['2026-08-25', "internship's over, back to school next week"],
    ],
    checks: [
      { after: 0, validAt: '2026-06-02', predicate: 'works_at', is: [] },
      { after: 0, validAt: '2026-06-12', predicate: 'works_at', is: ['NASA'] },
      { after: 'end', validAt: '2026-07-01', predicate: 'works_at', is: ['NASA'] },
      { after: 'end', validAt: '2026-09-01', predicate: 'works_at', is: [] },
    ],
  },
  {
    name: 'brother moves, speaker stays',
    category: 'third',
    turns: [
      ['2026-01-03', 'I live in Paris. my brother Tom moved to Lyon last month'],
      ['2026-04-01', 'Tom just got a job at Michelin'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-03', predicate: 'lives_in', is: ['Paris'] },
      { after: 0, validAt: '2026-01-03', subject: 'Tom', predicate: 'lives_in', is: ['Lyon'] },
      { after: 0, validAt: '2026-04-01', subject: 'Tom', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-04-01', subject: 'Tom', predicate: 'works_at', is: ['Michelin'] },
      { after: 'end', validAt: '2026-04-01', subject: 'Tom', predicate: 'lives_in', is: ['Lyon'] },
      { after: 'end', validAt: '2026-04-01', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-04-01', predicate: 'lives_in', is: ['Paris'] },
    ],
  },
  {
    name: 'sister moves in June',
    category: 'third',
    turns: [
      ['2026-02-14', "my sister Ana lives in Porto, she's a vet there"],
      ['2026-05-10', "Ana's moving to Lisbon in June!"],
      ['2026-07-05', 'helped Ana unpack in Lisbon last weekend'],
    ],
    checks: [
      { after: 0, validAt: '2026-02-14', subject: 'Ana', predicate: 'lives_in', is: ['Porto'] },
      { after: 1, validAt: '2026-05-10', subject: 'Ana', predicate: 'lives_in', is: ['Porto'] },
      { after: 1, validAt: '2026-06-30', subject: 'Ana', predicate: 'lives_in', is: ['Lisbon'] },
      { after: 'end', validAt: '2026-07-05', subject: 'Ana', predicate: 'lives_in', is: ['Lisbon'] },
      { after: 'end', validAt: '2026-07-05', predicate: 'lives_in', is: [] },
    ],
  },
  {
    name: 'husband changes jobs',
    category: 'third',
    turns: [
      ['2026-03-03', "my husband Dev works at Amazon, I'm at Microsoft"],
      ['2026-08-01', "Dev left Amazon in July, he's at Meta now"],
    ],
    checks: [
      { after: 0, validAt: '2026-03-03', subject: 'Dev', predicate: 'works_at', is: ['Amazon'] },
      { after: 0, validAt: '2026-03-03', predicate: 'works_at', is: ['Microsoft'] },
      { after: 0, validAt: '2026-08-01', subject: 'Dev', predicate: 'works_at', is: ['Amazon'] },
      { after: 'end', validAt: '2026-08-01', subject: 'Dev', predicate: 'works_at', is: ['Meta'] },
      { after: 'end', validAt: '2026-06-15', subject: 'Dev', predicate: 'works_at', is: ['Amazon'] },
      { after: 'end', validAt: '2026-08-01', predicate: 'works_at', is: ['Microsoft'] },
    ],
  },
  {
    name: 'friend moves, speaker visits',
    category: 'third',
    turns: [
      ['2026-01-20', 'I live in Seattle'],
      ['2026-02-20', "my best friend Jess moved to Denver, I'm so jealous"],
      ['2026-03-20', 'visited Jess in Denver for the weekend'],
    ],
    checks: [
      { after: 1, validAt: '2026-02-20', predicate: 'lives_in', is: ['Seattle'] },
      { after: 1, validAt: '2026-02-20', subject: 'Jess', predicate: 'lives_in', is: ['Denver'] },
      { after: 'end', validAt: '2026-03-20', predicate: 'lives_in', is: ['Seattle'] },
      { after: 'end', validAt: '2026-03-20', subject: 'Jess', predicate: 'lives_in', is: ['Denver'] },
    ],
  },
  {
    name: 'mother retires',
    category: 'third',
    turns: [
      ['2026-02-01', 'my mom Linda works at Tesco, has done forever'],
      ['2026-06-01', 'Linda finally retired last month'],
    ],
    checks: [
      { after: 0, validAt: '2026-02-01', subject: 'Linda', predicate: 'works_at', is: ['Tesco'] },
      { after: 0, validAt: '2026-06-01', subject: 'Linda', predicate: 'works_at', is: ['Tesco'] },
      { after: 'end', validAt: '2026-06-01', subject: 'Linda', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-04-01', subject: 'Linda', predicate: 'works_at', is: ['Tesco'] },
      { after: 'end', validAt: '2026-06-01', predicate: 'works_at', is: [] },
    ],
  },
  {
    name: 'roommate lawyer, speaker barista',
    category: 'third',
    turns: [
      ['2026-02-01', 'my roommate Priya is a lawyer at Clifford Chance'],
      ['2026-02-10', "I'm a barista at Starbucks for now"],
    ],
    checks: [
      { after: 0, validAt: '2026-02-01', subject: 'Priya', predicate: 'works_at', is: ['Clifford Chance'] },
      { after: 0, validAt: '2026-02-01', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-02-10', predicate: 'works_at', is: ['Starbucks'] },
      { after: 'end', validAt: '2026-02-10', subject: 'Priya', predicate: 'works_at', is: ['Clifford Chance'] },
    ],
  },
  {
    name: 'kids named in a list',
    category: 'third',
    turns: [
      ['2026-01-10', 'my kids Emma and Noah both started at Riverside Elementary this week'],
      ['2026-01-25', 'Emma already has a best friend, Noah is shyer'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-10', predicate: 'has', has: ['Emma', 'Noah'] },
      { after: 'end', validAt: '2026-01-25', predicate: 'has', has: ['Emma', 'Noah'], lacks: ['best friend'] },
    ],
  },
  {
    name: 'sister cat is not mine',
    category: 'third',
    turns: [
      ['2026-03-01', 'I have a dog named Luna'],
      ['2026-03-05', "my sister's cat Oreo is staying with us this week"],
    ],
    checks: [
      { after: 0, validAt: '2026-03-01', predicate: 'has', has: ['Luna'] },
      { after: 'end', validAt: '2026-03-05', predicate: 'has', has: ['Luna'], lacks: ['Oreo'] },
    ],
  },
  {
    name: 'June not July',
    category: 'corrections',
    turns: [
      ['2026-01-10', 'I live in Lisbon'],
      ['2026-08-01', 'moved to Porto in July, finally settled'],
      ['2026-08-04', 'wait, it was June not July'],
    ],
    checks: [
      { after: 0, validAt: '2026-08-01', predicate: 'lives_in', is: ['Lisbon'] },
      { after: 1, validAt: '2026-06-25', predicate: 'lives_in', is: ['Lisbon'] },
      { after: 1, validAt: '2026-07-20', predicate: 'lives_in', is: ['Porto'] },
      { after: 'end', validAt: '2026-06-25', predicate: 'lives_in', is: ['Porto'] },
      { after: 'end', validAt: '2026-07-20', predicate: 'lives_in', is: ['Porto'] },
      { after: 'end', validAt: '2026-05-20', predicate: 'lives_in', is: ['Lisbon'] },
    ],
  },
  {
    name: 'I meant Porto',
    category: 'corrections',
    turns: [
      ['2026-03-01', 'just moved to Lisbon!!'],
      ['2026-03-02', 'sorry, I meant Porto, not Lisbon lol'],
    ],
    checks: [
      { after: 0, validAt: '2026-03-01', predicate: 'lives_in', is: ['Lisbon'] },
      { after: 'end', validAt: '2026-03-02', predicate: 'lives_in', is: ['Porto'] },
      { after: 'end', validAt: '2026-06-01', predicate: 'lives_in', is: ['Porto'] },
    ],
  },
  {
    name: 'scratch that employer',
    category: 'corrections',
    turns: [
      ['2026-04-01', 'I work at Oracle'],
      ['2026-04-02', "scratch that, it's Salesforce not Oracle, old habits"],
    ],
    checks: [
      { after: 0, validAt: '2026-04-01', predicate: 'works_at', is: ['Oracle'] },
      { after: 'end', validAt: '2026-04-02', predicate: 'works_at', is: ['Salesforce'] },
      { after: 'end', validAt: '2026-05-01', predicate: 'works_at', is: ['Salesforce'] },
    ],
  },
  {
    name: 'misspoke about the move',
    category: 'corrections',
    turns: [
      ['2026-01-15', 'I live in Boston'],
      ['2026-03-01', 'big news, I moved to Denver last week'],
      ['2026-04-10', 'Actually I misspoke back in March: I never lived in Denver, I moved to Austin in late February.'],
    ],
    checks: [
      { after: 1, validAt: '2026-03-01', predicate: 'lives_in', is: ['Denver'] },
      { after: 1, validAt: '2026-02-10', predicate: 'lives_in', is: ['Boston'] },
      { after: 'end', validAt: '2026-03-01', predicate: 'lives_in', is: ['Austin'] },
      { after: 'end', validAt: '2026-02-27', predicate: 'lives_in', is: ['Austin'] },
      { after: 'end', validAt: '2026-02-10', predicate: 'lives_in', is: ['Boston'] },
      { after: 'end', validAt: '2026-04-10', predicate: 'lives_in', is: ['Austin'] },
    ],
  },
  {
    name: 'puppy renamed',
    category: 'corrections',
    turns: [
      ['2026-05-01', 'we got a puppy! named him Biscuit'],
      ['2026-05-03', 'the puppy is Buster, not Biscuit, my partner renamed him'],
    ],
    checks: [
      { after: 0, validAt: '2026-05-01', predicate: 'has', has: ['Biscuit'], lacks: ['Buster'] },
      { after: 'end', validAt: '2026-05-03', predicate: 'has', has: ['Buster'], lacks: ['Biscuit'] },
      { after: 'end', validAt: '2026-06-03', predicate: 'has', has: ['Buster'] },
    ],
  },
  {
    name: 'not Boots but Superdrug',
    category: 'corrections',
    turns: [
      ['2026-02-10', "I'm a pharmacist at Boots"],
      ['2026-02-12', 'oops, not Boots but Superdrug, I always mix them up'],
    ],
    checks: [
      { after: 0, validAt: '2026-02-10', predicate: 'works_at', is: ['Boots'] },
      { after: 0, validAt: '2026-02-12', predicate: 'works_at', is: ['Boots'] },
      { after: 'end', validAt: '2026-02-12', predicate: 'works_at', is: ['Superdrug'] },
    ],
  },
  {
    name: 'March not April',
    category: 'corrections',
    turns: [
      ['2026-05-20', 'I started at Canva in April'],
      ['2026-05-22', 'no wait, March, not April. time flies'],
    ],
    checks: [
      { after: 0, validAt: '2026-03-20', predicate: 'works_at', is: [] },
      { after: 0, validAt: '2026-04-20', predicate: 'works_at', is: ['Canva'] },
      { after: 'end', validAt: '2026-03-20', predicate: 'works_at', is: ['Canva'] },
      { after: 'end', validAt: '2026-04-20', predicate: 'works_at', is: ['Canva'] },
    ],
  },
  {
    name: 'the move is off',
    category: 'corrections',
    turns: [
      ['2026-06-01', 'I live in Madrid'],
      ['2026-06-15', "I'm moving to Valencia next month"],
      ['2026-06-20', "actually, the move is off, I'm staying in Madrid"],
    ],
    checks: [
      { after: 1, validAt: '2026-06-16', predicate: 'lives_in', is: ['Madrid'] },
      { after: 1, validAt: '2026-07-20', predicate: 'lives_in', is: ['Valencia'] },
      { after: 'end', validAt: '2026-07-20', predicate: 'lives_in', is: ['Madrid'] },
      { after: 'end', validAt: '2026-06-20', predicate: 'lives_in', is: ['Madrid'] },
    ],
  },
  {
    name: 'Rex passed away',
    category: 'endings',
    turns: [
      ['2026-01-05', 'I adopted a dog named Rex from the shelter'],
      ['2026-09-10', "Rex passed away on Sunday, I'm wrecked"],
    ],
    checks: [
      { after: 0, validAt: '2026-01-05', predicate: 'has', has: ['Rex'] },
      { after: 0, validAt: '2026-09-10', predicate: 'has', has: ['Rex'] },
      { after: 'end', validAt: '2026-09-10', predicate: 'has', lacks: ['Rex'] },
      { after: 'end', validAt: '2026-06-01', predicate: 'has', has: ['Rex'] },
    ],
  },
  {
    name: 'sold the car',
    category: 'endings',
    turns: [
      ['2026-02-01', 'I have a car but I barely drive it'],
      ['2026-05-01', 'sold my car last week, finally'],
    ],
    checks: [
      { after: 0, validAt: '2026-02-01', predicate: 'has', has: ['car'] },
      { after: 0, validAt: '2026-05-01', predicate: 'has', has: ['car'] },
      { after: 'end', validAt: '2026-05-01', predicate: 'has', lacks: ['car'] },
      { after: 'end', validAt: '2026-03-01', predicate: 'has', has: ['car'] },
    ],
  },
  {
    name: 'no longer at IKEA',
    category: 'endings',
    turns: [
      ['2026-01-10', 'I work at IKEA on weekends'],
      ['2026-04-10', 'I no longer work at IKEA'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-10', predicate: 'works_at', is: ['IKEA'] },
      { after: 0, validAt: '2026-04-10', predicate: 'works_at', is: ['IKEA'] },
      { after: 'end', validAt: '2026-04-10', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-02-01', predicate: 'works_at', is: ['IKEA'] },
    ],
  },
  {
    name: 'rehomed one of two cats',
    category: 'endings',
    turns: [
      ['2026-03-01', 'I have two cats, Pepper and Salt'],
      ['2026-07-01', "we had to rehome Salt, she didn't get along with Pepper"],
    ],
    checks: [
      { after: 0, validAt: '2026-03-01', predicate: 'has', has: ['Pepper', 'Salt'] },
      { after: 0, validAt: '2026-07-01', predicate: 'has', has: ['Salt'] },
      { after: 'end', validAt: '2026-07-01', predicate: 'has', has: ['Pepper'], lacks: ['Salt'] },
      { after: 'end', validAt: '2026-05-01', predicate: 'has', has: ['Salt'] },
    ],
  },
  {
    name: 'left Manchester for Bristol',
    category: 'endings',
    turns: [
      ['2026-01-01', 'been living in Manchester for five years now'],
      ['2026-05-01', "left Manchester last month, I'm in Bristol now"],
    ],
    checks: [
      { after: 0, validAt: '2023-01-01', predicate: 'lives_in', is: ['Manchester'] },
      { after: 0, validAt: '2026-05-01', predicate: 'lives_in', is: ['Manchester'] },
      { after: 'end', validAt: '2026-05-01', predicate: 'lives_in', is: ['Bristol'] },
      { after: 'end', validAt: '2026-03-01', predicate: 'lives_in', is: ['Manchester'] },
      { after: 'end', validAt: '2022-06-01', predicate: 'lives_in', is: ['Manchester'] },
    ],
  },
  {
    name: 'quit consulting',
    category: 'endings',
    turns: [
      ['2026-03-10', 'I work at Accenture, consulting mostly'],
      ['2026-06-02', 'I quit Accenture! done with consulting'],
      ['2026-06-20', 'taking the summer off before looking for something new'],
    ],
    checks: [
      { after: 0, validAt: '2026-03-10', predicate: 'works_at', is: ['Accenture'] },
      { after: 0, validAt: '2026-06-10', predicate: 'works_at', is: ['Accenture'] },
      { after: 1, validAt: '2026-06-10', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-06-20', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2026-05-01', predicate: 'works_at', is: ['Accenture'] },
    ],
  },
  {
    name: 'our dog Bruno',
    category: 'pets',
    turns: [
      ['2026-02-02', 'our dog Bruno hates the rain'],
      ['2026-02-10', 'my partner Sam took Bruno to the vet today'],
    ],
    checks: [
      { after: 0, validAt: '2026-02-02', predicate: 'has', has: ['Bruno'], lacks: ['partner', 'rain'] },
      { after: 'end', validAt: '2026-02-10', predicate: 'has', has: ['Bruno'], lacks: ['partner', 'vet'] },
    ],
  },
  {
    name: 'kitten named Mochi',
    category: 'pets',
    turns: [
      ['2026-04-04', 'got a kitten yesterday, her name is Mochi'],
      ['2026-04-20', 'Mochi knocked over every plant I own'],
    ],
    checks: [
      { after: 0, validAt: '2026-04-04', predicate: 'has', has: ['Mochi'] },
      { after: 'end', validAt: '2026-04-20', predicate: 'has', has: ['Mochi'] },
    ],
  },
  {
    name: 'dog and parrot, parrot lost',
    category: 'pets',
    turns: [
      ['2026-01-15', 'we have a dog called Max and a parrot called Kiwi'],
      ['2026-03-15', 'we lost Kiwi last month, he flew out the window'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-15', predicate: 'has', has: ['Max', 'Kiwi'] },
      { after: 0, validAt: '2026-03-15', predicate: 'has', has: ['Kiwi'] },
      { after: 'end', validAt: '2026-03-15', predicate: 'has', has: ['Max'], lacks: ['Kiwi'] },
      { after: 'end', validAt: '2026-01-20', predicate: 'has', has: ['Kiwi'] },
    ],
  },
  {
    name: 'two goldfish',
    category: 'pets',
    turns: [
      ['2026-05-01', 'my daughter talked me into two goldfish, Bubbles and Nemo'],
      ['2026-05-20', 'Nemo died this morning, Bubbles seems fine'],
    ],
    checks: [
      { after: 0, validAt: '2026-05-01', predicate: 'has', has: ['Bubbles', 'Nemo'] },
      { after: 'end', validAt: '2026-05-20', predicate: 'has', has: ['Bubbles'], lacks: ['Nemo'] },
      { after: 'end', validAt: '2026-05-10', predicate: 'has', has: ['Nemo'] },
    ],
  },
  {
    name: 'bike stolen',
    category: 'possessions',
    turns: [
      ['2026-02-01', 'bought a bike last weekend, riding to work now'],
      ['2026-06-01', 'ugh, my bike got stolen yesterday'],
    ],
    checks: [
      { after: 0, validAt: '2026-02-01', predicate: 'has', has: ['bike'] },
      { after: 0, validAt: '2026-06-01', predicate: 'has', has: ['bike'] },
      { after: 'end', validAt: '2026-06-01', predicate: 'has', lacks: ['bike'] },
      { after: 'end', validAt: '2026-04-01', predicate: 'has', has: ['bike'] },
    ],
  },
  {
    name: 'house sold, renting elsewhere',
    category: 'possessions',
    turns: [
      ['2026-03-01', "we own a house in Leeds but we're renting in London for work"],
      ['2026-09-01', 'we finally sold the house in Leeds'],
    ],
    checks: [
      { after: 0, validAt: '2026-03-01', predicate: 'has', has: ['house'] },
      { after: 0, validAt: '2026-03-01', predicate: 'lives_in', is: ['London'] },
      { after: 'end', validAt: '2026-09-01', predicate: 'has', lacks: ['house'] },
      { after: 'end', validAt: '2026-09-01', predicate: 'lives_in', is: ['London'] },
    ],
  },
  {
    name: 'instruments, one given away',
    category: 'possessions',
    turns: [
      ['2026-01-20', "I've got a piano, a guitar and way too many books"],
      ['2026-05-05', 'gave the guitar to my nephew'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-20', predicate: 'has', has: ['piano', 'guitar'] },
      { after: 0, validAt: '2026-05-05', predicate: 'has', has: ['guitar'] },
      { after: 'end', validAt: '2026-05-05', predicate: 'has', has: ['piano'], lacks: ['guitar'] },
    ],
  },
  {
    name: 'new laptop',
    category: 'possessions',
    turns: [
      ['2026-07-01', 'I finally got a laptop of my own'],
      ['2026-07-10', 'also picked up a camera for the trip'],
    ],
    checks: [
      { after: 0, validAt: '2026-07-01', predicate: 'has', has: ['laptop'], lacks: ['camera'] },
      { after: 'end', validAt: '2026-07-10', predicate: 'has', has: ['laptop', 'camera'], lacks: ['trip'] },
    ],
  },
  {
    name: 'since and for',
    category: 'durations',
    turns: [
      ['2026-04-01', "I've lived in Denver since 2019"],
      ['2026-04-05', 'I work at REI, have for three years'],
    ],
    checks: [
      { after: 0, validAt: '2019-06-01', predicate: 'lives_in', is: ['Denver'] },
      { after: 'end', validAt: '2020-06-01', predicate: 'lives_in', is: ['Denver'] },
      { after: 0, validAt: '2026-04-01', predicate: 'works_at', is: [] },
      { after: 'end', validAt: '2024-01-01', predicate: 'works_at', is: ['REI'] },
      { after: 'end', validAt: '2022-06-01', predicate: 'works_at', is: [] },
    ],
  },
  {
    name: 'two years ago',
    category: 'durations',
    turns: [
      ['2026-05-01', 'moved to Oslo two years ago for work, still here'],
      ['2026-05-03', 'I work at Equinor'],
    ],
    checks: [
      { after: 0, validAt: '2025-01-01', predicate: 'lives_in', is: ['Oslo'] },
      { after: 0, validAt: '2023-06-01', predicate: 'lives_in', is: [] },
      { after: 'end', validAt: '2026-05-03', predicate: 'works_at', is: ['Equinor'] },
      { after: 'end', validAt: '2026-05-03', predicate: 'lives_in', is: ['Oslo'] },
    ],
  },
  {
    name: 'lived here since',
    category: 'durations',
    turns: [
      ['2026-01-10', 'I live in Austin now'],
      ['2026-01-12', "I've lived here since 2019 actually"],
    ],
    checks: [
      { after: 0, validAt: '2026-01-10', predicate: 'lives_in', is: ['Austin'] },
      { after: 0, validAt: '2025-06-01', predicate: 'lives_in', is: [] },
      { after: 'end', validAt: '2020-01-01', predicate: 'lives_in', is: ['Austin'] },
      { after: 'end', validAt: '2026-01-12', predicate: 'lives_in', is: ['Austin'] },
    ],
  },
  {
    name: 'worked there from to',
    category: 'durations',
    turns: [
      ['2026-02-01', 'I worked at IBM from 2015 to 2019, now I work at Red Hat'],
    ],
    checks: [
      { after: 'end', validAt: '2017-01-01', predicate: 'works_at', is: ['IBM'] },
      { after: 'end', validAt: '2026-02-01', predicate: 'works_at', is: ['Red Hat'] },
    ],
  },
  {
    name: 'hypotheticals, plans and visits',
    category: 'moves',
    turns: [
      ['2026-02-01', 'I live in Toronto and work at RBC'],
      ['2026-02-15', "if I got the Google offer I'd move to Zurich"],
      ['2026-03-01', 'thinking about moving to Vancouver someday'],
      ['2026-04-01', 'spent a week in Montreal, loved it'],
    ],
    checks: [
      { after: 0, validAt: '2026-02-01', predicate: 'lives_in', is: ['Toronto'] },
      { after: 0, validAt: '2026-02-01', predicate: 'works_at', is: ['RBC'] },
      { after: 1, validAt: '2026-02-15', predicate: 'lives_in', is: ['Toronto'] },
      { after: 'end', validAt: '2026-04-01', predicate: 'lives_in', is: ['Toronto'] },
      { after: 'end', validAt: '2026-12-01', predicate: 'lives_in', is: ['Toronto'] },
      { after: 'end', validAt: '2026-04-01', predicate: 'works_at', is: ['RBC'] },
    ],
  },
  {
    name: 'moving next month',
    category: 'moves',
    turns: [
      ['2026-08-01', 'I live in Dublin with my girlfriend'],
      ['2026-08-10', "we're moving to Cork next month"],
      ['2026-09-20', 'Cork is so much quieter'],
    ],
    checks: [
      { after: 0, validAt: '2026-09-20', predicate: 'lives_in', is: ['Dublin'] },
      { after: 1, validAt: '2026-08-15', predicate: 'lives_in', is: ['Dublin'] },
      { after: 1, validAt: '2026-09-20', predicate: 'lives_in', is: ['Cork'] },
      { after: 'end', validAt: '2026-09-20', predicate: 'lives_in', is: ['Cork'] },
      { after: 'end', validAt: '2026-08-05', predicate: 'lives_in', is: ['Dublin'] },
    ],
  },
  {
    name: 'relocated in April',
    category: 'moves',
    turns: [
      ['2026-01-05', "I'm based in Amsterdam, working at Adyen"],
      ['2026-05-10', 'relocated to Rotterdam in April, same job'],
    ],
    checks: [
      { after: 0, validAt: '2026-01-05', predicate: 'lives_in', is: ['Amsterdam'] },
      { after: 0, validAt: '2026-01-05', predicate: 'works_at', is: ['Adyen'] },
      { after: 0, validAt: '2026-04-20', predicate: 'lives_in', is: ['Amsterdam'] },
      { after: 'end', validAt: '2026-04-20', predicate: 'lives_in', is: ['Rotterdam'] },
      { after: 'end', validAt: '2026-03-01', predicate: 'lives_in', is: ['Amsterdam'] },
      { after: 'end', validAt: '2026-05-10', predicate: 'works_at', is: ['Adyen'] },
    ],
  },
  {
    name: 'moved in with partner',
    category: 'moves',
    turns: [
      ['2026-02-01', 'I live in Leipzig, in a tiny flat'],
      ['2026-06-12', 'moved in with my boyfriend in Dresden two weeks ago'],
    ],
    checks: [
      { after: 0, validAt: '2026-06-12', predicate: 'lives_in', is: ['Leipzig'] },
      { after: 'end', validAt: '2026-06-12', predicate: 'lives_in', is: ['Dresden'] },
      { after: 'end', validAt: '2026-05-01', predicate: 'lives_in', is: ['Leipzig'] },
    ],
  },
];
