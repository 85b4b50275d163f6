import { formatDay, formatLocomoDate } from './dates.js';
import { DatasetArgumentError } from './errors.js';
import { Random, mixSeed } from './random.js';
import { ADVERSARIAL_ANSWER } from './types.js';
import type { Conversation, GroundFact, Question, QuestionCategory, Session, Turn } from './types.js';

export interface GenerateConversationsOptions {
  /** @default 1 */
  seed?: number;
  /** @default 1 */
  conversations?: number;
  /** @default 10 */
  sessionsPerConversation?: number;
  /** Turns in every session (at least 7: a greeting and two events with their replies). @default 16 */
  turnsPerSession?: number;
  /** Time of the first session, epoch ms. @default Date.UTC(2023, 0, 1) */
  startTime?: number;
  /** Days between consecutive sessions, drawn uniformly in [min, max]. @default [3, 21] */
  minGapDays?: number;
  maxGapDays?: number;
}

const DAY = 86_400_000;
const NAMES = ['Alice', 'Bruno', 'Chloe', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Keiko', 'Liam',
  'Maya', 'Nikhil', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Samir', 'Tara'];
const CITIES = ['Boston', 'Denver', 'Lisbon', 'Osaka', 'Toronto', 'Austin', 'Berlin', 'Seattle', 'Dublin', 'Melbourne',
  'Chicago', 'Porto'];
const COMPANIES = ['Acme Robotics', 'Bluefin Labs', 'Cedar Health', 'Driftwood Media', 'Evergreen Bank', 'Foxglove Games',
  'Granite Logistics', 'Harbor Energy', 'Ivy Analytics', 'Juniper Foods'];
const ROLES = ['data analyst', 'nurse', 'product designer', 'software engineer', 'teacher', 'accountant', 'chef',
  'marketing manager', 'architect', 'journalist'];
const PETS: Array<[kind: string, names: string[]]> = [
  ['dog', ['Rex', 'Biscuit', 'Luna', 'Max']],
  ['cat', ['Miso', 'Oliver', 'Pepper', 'Cleo']],
  ['parrot', ['Kiwi', 'Mango']],
  ['rabbit', ['Clover', 'Hazel']],
];
/** A hobby and something a person with that hobby would likely enjoy (for open-domain questions). */
const HOBBIES: Array<[hobby: string, likes: string]> = [
  ['hiking', 'a weekend trip to a national park'],
  ['painting', 'a visit to an art museum'],
  ['rock climbing', 'a day at an indoor climbing gym'],
  ['baking', 'a pastry class'],
  ['playing the guitar', 'a live music festival'],
  ['birdwatching', 'a trip to a wetland reserve'],
  ['running', 'a charity 10k race'],
  ['pottery', 'a ceramics workshop'],
];
const PLACES = ['the Grand Canyon', 'Kyoto', 'the Amalfi Coast', 'Yellowstone', 'Reykjavik', 'Cape Town', 'Banff', 'Marrakesh'];
const FILLER = [
  'Work has been busy, but I am trying to keep a good balance.',
  'I have been reading a lot lately, mostly novels.',
  'The weather has been lovely this week.',
  'I finally cleaned out the garage, it took all weekend.',
  'I started cooking more at home to save money.',
  'I have been sleeping better since I stopped drinking coffee late.',
  'My sister visited and we watched old movies all night.',
  'I am thinking about learning a new language this year.',
];
const REPLIES = ['That sounds great!', 'Wow, good for you!', 'Oh nice, tell me more sometime.', 'I am so happy to hear that.',
  'That is a big step!', 'Sounds like a lot of fun.'];

/** A relative time phrase, the offset it means, and how LoCoMo-style answers name the day. */
const WHEN: Array<{ phrase: string; days: number; answer: (session: number, day: number) => string }> = [
  { phrase: 'yesterday', days: 1, answer: (_s, d) => formatDay(d) },
  { phrase: 'two days ago', days: 2, answer: (_s, d) => formatDay(d) },
  { phrase: 'last week', days: 7, answer: (s) => `the week before ${formatDay(s)}` },
  { phrase: 'last weekend', days: 0, answer: (s) => `the weekend before ${formatDay(s)}` },
];

interface Person {
  name: string;
  city: string;
  company: string;
  role: string;
  pet?: { kind: string; name: string };
  hobbies: string[];
  /** Facts still open, by predicate, with the index of their GroundFact. */
  open: Map<string, number>;
}

interface Beat {
  speaker: 0 | 1;
  statement: string;
  reply: string;
  /** Called with the dia_id of the statement once placed. */
  placed: (turnId: string) => void;
}

function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

function checkInt(name: string, v: unknown, min: number): void {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) {
    throw new DatasetArgumentError(`generateConversations: ${name} must be an integer ≥ ${min}, got ${String(v)}`);
  }
}

/** Midnight UTC of the day `days` before `t` ("last weekend" means the Saturday before). */
function dayBefore(t: number, days: number): number {
  const midnight = Math.floor(t / DAY) * DAY;
  if (days > 0) return midnight - days * DAY;
  const dow = new Date(midnight).getUTCDay(); // 0 Sunday … 6 Saturday
  return midnight - ((dow + 1) % 7 || 7) * DAY;
}

/**
 * Seeded, LoCoMo-shaped conversations between two speakers: dated sessions days or weeks apart, recurring
 * named people, places, pets, hobbies and employers, events told with relative dates ("yesterday", "last
 * week"), state that changes over time (moving city, changing job), and questions of all five LoCoMo
 * categories with the dia_ids of their evidence. `facts` holds the ground-truth timeline (valid times), so
 * bi-temporal recall can be scored exactly. Conversation n depends only on (seed, n).
 * @throws DatasetArgumentError for bad options.
 */
export function generateConversations(options?: GenerateConversationsOptions): Conversation[] {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new DatasetArgumentError('generateConversations: options must be an object');
  }
  const o = {
    seed: 1, conversations: 1, sessionsPerConversation: 10, turnsPerSession: 16, startTime: Date.UTC(2023, 0, 1),
    minGapDays: 3, maxGapDays: 21,
  };
  for (const [k, v] of Object.entries(options ?? {})) if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  if (typeof o.seed !== 'number' || !Number.isFinite(o.seed)) throw new DatasetArgumentError('generateConversations: seed must be a finite number');
  checkInt('conversations', o.conversations, 0);
  checkInt('sessionsPerConversation', o.sessionsPerConversation, 1);
  checkInt('turnsPerSession', o.turnsPerSession, 7);
  checkInt('startTime', o.startTime, -8.64e15);
  checkInt('minGapDays', o.minGapDays, 1);
  checkInt('maxGapDays', o.maxGapDays, o.minGapDays);
  const out: Conversation[] = [];
  for (let n = 0; n < o.conversations; n++) out.push(one(o, n));
  return out;
}

function one(o: Required<GenerateConversationsOptions>, n: number): Conversation {
  const rng = new Random(mixSeed(o.seed, n));
  const names = rng.shuffle([...NAMES]);
  const cities = rng.shuffle([...CITIES]);
  const companies = rng.shuffle([...COMPANIES]);
  const person = (i: number): Person => ({
    name: names[i]!,
    city: cities[i]!,
    company: companies[i]!,
    role: rng.pick(ROLES),
    hobbies: [],
    open: new Map(),
  });
  const people: [Person, Person] = [person(0), person(1)];
  /** The latest valid-time start of each person's facts: a new event must come after it. */
  const lastChange = [-Infinity, -Infinity];
  const facts: GroundFact[] = [];
  const questions: Question[] = [];
  const ask = (category: QuestionCategory, question: string, answer: string, evidence: string[], adversarial?: string) => {
    const q: Question = { question, answer, category, evidence };
    if (adversarial !== undefined) q.adversarialAnswer = adversarial;
    questions.push(q);
  };
  /** Records a fact; a cardinality-one predicate closes the subject's previous value. */
  const state = (p: Person, predicate: string, object: string, validFrom: number, one: boolean): number => {
    if (one) {
      const prev = p.open.get(predicate);
      if (prev !== undefined) facts[prev]!.validTo = validFrom;
    }
    facts.push({ subject: p.name, predicate, object, validFrom, evidence: '' });
    const who = p === people[0] ? 0 : 1;
    lastChange[who] = Math.max(lastChange[who]!, validFrom);
    const index = facts.length - 1;
    if (one) p.open.set(predicate, index);
    return index;
  };
  /** Evidence turns of every city a person lived in, for multi-hop questions. */
  const cityTurns: [string[], string[]] = [[], []];
  const cityNames: [string[], string[]] = [[], []];

  // Session dates: a random hour on days minGap..maxGap apart.
  const dates: number[] = [];
  let day = Math.floor(o.startTime / DAY) * DAY;
  for (let s = 0; s < o.sessionsPerConversation; s++) {
    if (s > 0) day += rng.between(o.minGapDays, o.maxGapDays) * DAY;
    dates.push(day + rng.between(8, 21) * 3_600_000 + rng.int(60) * 60_000);
  }

  const sessions: Session[] = [];
  const usedPlaces = new Set<string>();
  for (let s = 0; s < o.sessionsPerConversation; s++) {
    const index = s + 1;
    const date = dates[s]!;
    const beats: Beat[] = [];
    if (s === 0) {
      // Introductions: where each lives (and since when) and where each works.
      for (const i of [0, 1] as const) {
        const p = people[i];
        const years = rng.between(2, 9);
        const since = dayBefore(date, 365 * years);
        const f = state(p, 'lives_in', p.city, since, true);
        const g = state(p, 'works_at', p.company, dayBefore(date, 365 * rng.between(1, years)), true);
        const city = p.city;
        beats.push({
          speaker: i,
          statement: `I have been living in ${city} for ${years} years now, and I work as ${article(p.role)} at ${p.company}.`,
          reply: `${city} sounds lovely! How do you like ${p.company}?`,
          placed: (id) => {
            facts[f]!.evidence = id;
            facts[g]!.evidence = id;
            cityTurns[i].push(id);
            cityNames[i].push(city);
          },
        });
      }
    } else {
      // One or two events, never two for one speaker in a session (so valid times stay ordered).
      const firstSpeaker = rng.int(2) as 0 | 1;
      beats.push(event(firstSpeaker, date));
      if (rng.chance(0.5)) beats.push(event((1 - firstSpeaker) as 0 | 1, date));
    }
    const turns: Turn[] = [];
    const first = rng.int(2);
    const speakerAt = (t: number) => ((first + t) % 2) as 0 | 1;
    const add = (text: string) => {
      const t = turns.length;
      turns.push({ id: `D${index}:${t + 1}`, speaker: people[speakerAt(t)].name, text, at: date + t * 1000 });
      return turns[t]!.id;
    };
    add(`Hey ${people[1 - speakerAt(0)]!.name}! ${s === 0 ? 'Nice to finally chat properly.' : 'Good to talk again, how have you been?'}`);
    for (const beat of beats) {
      // A beat is its speaker's statement and a reply: a filler turn first when it is the other's turn.
      // At most 1 + 3 + 3 turns, which is why turnsPerSession is at least 7.
      if (speakerAt(turns.length) !== beat.speaker) add(rng.pick(FILLER));
      beat.placed(add(beat.statement));
      add(beat.reply);
    }
    while (turns.length < o.turnsPerSession) {
      const sp = people[speakerAt(turns.length)];
      const other = people[1 - speakerAt(turns.length)]!;
      const r = rng.next();
      if (r < 0.25 && other.pet) add(`How is ${other.pet.name} doing?`);
      else if (r < 0.45 && sp.hobbies.length > 0) add(`I spent some time ${rng.pick(sp.hobbies)} over the weekend, it was relaxing.`);
      else if (r < 0.6) add(`Things in ${sp.city} are pretty calm right now.`);
      else add(rng.pick(FILLER));
    }
    sessions.push({ index, date, dateText: formatLocomoDate(date), turns });
  }

  // Questions about the final state (knowledge update) and the whole history (multi-hop).
  for (const i of [0, 1] as const) {
    const p = people[i];
    const cityFact = facts[p.open.get('lives_in')!]!;
    if (cityFact.evidence !== '') ask(4, `Where does ${p.name} live now?`, p.city, [cityFact.evidence]);
    const placed = cityTurns[i].length;
    if (placed > 1) ask(1, `Which cities has ${p.name} lived in?`, cityNames[i].join(', '), [...cityTurns[i]]);
  }
  return { id: `gen-${o.seed}-${n}`, speakers: [people[0].name, people[1].name], sessions, questions, facts };

  /** One life event of a random speaker, told with a relative date in session s. */
  function event(i: 0 | 1, date: number): Beat {
    const p = people[i];
    const other = people[1 - i]!;
    // Only phrases that put the event after the speaker's previous change; "yesterday" always does.
    const fits = WHEN.filter((w) => dayBefore(date, w.days) > lastChange[i]!);
    const when = fits.length > 0 ? rng.pick(fits) : WHEN[0]!;
    const on = dayBefore(date, when.days);
    const whenAnswer = when.answer(date, on);
    const kind = rng.next();
    if (kind < 0.25) {
      const city = rng.pick(CITIES.filter((c) => c !== p.city));
      const cityBefore = p.city;
      p.city = city;
      const f = state(p, 'lives_in', city, on, true);
      return {
        speaker: i,
        statement: `Big news: I moved from ${cityBefore} to ${city} ${when.phrase}!`,
        reply: `Wow, ${city}! ${rng.pick(REPLIES)}`,
        placed: (id) => {
          facts[f]!.evidence = id;
          cityTurns[i].push(id);
          cityNames[i].push(city);
          ask(2, `When did ${p.name} move to ${city}?`, whenAnswer, [id]);
        },
      };
    }
    if (kind < 0.5) {
      const company = rng.pick(COMPANIES.filter((c) => c !== p.company));
      const role = rng.pick(ROLES);
      p.company = company;
      p.role = role;
      const cityThen = p.city;
      const cityTurn = () => cityTurns[i][cityTurns[i].length - 1];
      const f = state(p, 'works_at', company, on, true);
      return {
        speaker: i,
        statement: `I started a new job as ${article(role)} at ${company} ${when.phrase}.`,
        reply: `Congrats on ${company}! ${rng.pick(REPLIES)}`,
        placed: (id) => {
          facts[f]!.evidence = id;
          ask(2, `When did ${p.name} start working at ${company}?`, whenAnswer, [id]);
          ask(4, `What is ${p.name}'s job at ${company}?`, role, [id]);
          const ct = cityTurn();
          if (ct !== undefined) ask(1, `Which city was ${p.name} living in when starting at ${company}?`, cityThen, [ct, id]);
        },
      };
    }
    if (kind < 0.65 && p.pet === undefined) {
      const [petKind, petNames] = rng.pick(PETS);
      const petName = rng.pick(petNames);
      p.pet = { kind: petKind, name: petName };
      const f = state(p, 'has_pet', `${petName} (${petKind})`, on, false);
      return {
        speaker: i,
        statement: `I adopted a ${petKind} ${when.phrase}, we named it ${petName}.`,
        reply: `${petName} is such a cute name! ${rng.pick(REPLIES)}`,
        placed: (id) => {
          facts[f]!.evidence = id;
          ask(4, `What is the name of ${p.name}'s ${petKind}?`, petName, [id]);
          if (other.pet?.kind !== petKind) {
            ask(5, `What is the name of ${other.name}'s ${petKind}?`, ADVERSARIAL_ANSWER, [id], petName);
          }
        },
      };
    }
    const freeHobbies = HOBBIES.filter(([h]) => !p.hobbies.includes(h));
    if (kind < 0.85 && freeHobbies.length > 0) {
      const [hobby, likes] = rng.pick(freeHobbies);
      p.hobbies.push(hobby);
      const f = state(p, 'hobby', hobby, on, false);
      return {
        speaker: i,
        statement: `I took up ${hobby} ${when.phrase} and I am already hooked.`,
        reply: `${hobby[0]!.toUpperCase()}${hobby.slice(1)}? ${rng.pick(REPLIES)}`,
        placed: (id) => {
          facts[f]!.evidence = id;
          ask(3, `Would ${p.name} likely enjoy ${likes}?`, `Yes, since ${p.name} enjoys ${hobby}`, [id]);
        },
      };
    }
    const free = PLACES.filter((x) => !usedPlaces.has(x));
    const place = free.length > 0 ? rng.pick(free) : rng.pick(PLACES);
    usedPlaces.add(place);
    const f = state(p, 'visited', place, on, false);
    facts[f]!.validTo = on + DAY;
    return {
      speaker: i,
      statement: `I got back from a trip to ${place}, I flew out ${when.phrase}.`,
      reply: `${place}! ${rng.pick(REPLIES)}`,
      placed: (id) => {
        facts[f]!.evidence = id;
        ask(2, `When did ${p.name} go to ${place}?`, whenAnswer, [id]);
        ask(5, `When did ${other.name} go to ${place}?`, ADVERSARIAL_ANSWER, [id], whenAnswer);
      },
    };
  }
}
