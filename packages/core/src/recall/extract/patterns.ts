import { STOP_WORDS } from '../text.js';
import { isCap, tokens } from './names.js';

/**
 * Typed facts about the speaker from first-person sentences ("I work at Zalando", "we moved to Lisbon last
 * year", "my dog Max"). Each rule is a regular expression that ends where its object begins; the object is
 * then read by `objectAt`: a proper name becomes an entity, anything else a short literal value. Rules say
 * how sure they are (`confidence`) and whether a date in the sentence dates the fact (`time`).
 */

export type TimeUse =
  /** the fact holds during the sentence's date window (visited, moved_to) */
  | 'event'
  /** the fact holds during a date window written after it and not yet over ("I'm going camping next month") */
  | 'future'
  /** the fact starts at the sentence's date window ("I got a puppy last week") */
  | 'start'
  /** a standing state: valid from the turn's time */
  | 'none';

/** What a rule reads after its verb. */
type ObjectKind =
  /** a proper name (entity) or a short noun phrase (literal) */
  | 'thing'
  /** like 'thing', but a phrase opening with a verb ("went to see…") is refused */
  | 'place'
  /** a short noun phrase, never an entity ("nurse", "trans woman") */
  | 'role'
  /** a verb phrase up to eight words ("go camping with the kids") */
  | 'clause';

interface Rule {
  predicate: string;
  re: RegExp;
  object: ObjectKind;
  confidence: number;
  time: TimeUse;
  /** the entity type a proper-name object gets */
  objectType?: string;
  /** when the rule's verb decides the predicate (likes / loves / …) */
  verbPredicate?: (verb: string) => string;
}

export interface TypedHit {
  predicate: string;
  /** 'speaker' for "I", or a name the sentence gave ("my dog Max" → Max is a dog) */
  subject: 'speaker' | { name: string; type?: string };
  object: { name: string; type?: string } | { value: string };
  confidence: number;
  time: TimeUse;
  /** offset of the match in the turn */
  index: number;
}

/**
 * Confidence of each typed rule (before the −0.1 for "we" instead of "I"). A proper-name object ("at Zalando")
 * is surer than a noun phrase; verbs of wanting are weaker than of planning; a possessive ("my dog") says
 * less than "I have a dog" about what the speaker has now.
 */
export const PATTERN_CONFIDENCE = {
  works_at: 0.8,
  lives_in: 0.8,
  moved_to: 0.8,
  studies: 0.75,
  visited: 0.7,
  likes: 0.7,
  is: 0.7,
  has: 0.75,
  /** "my dog", "my kids" */
  hasPossessive: 0.6,
  /** "my dog Max": Max is the speaker's, and a dog */
  hasNamed: 0.7,
  plans: 0.6,
  /** "I want to …", "I hope to …" */
  wants: 0.5,
  /** subtracted when the subject is "we" */
  weDiscount: 0.1,
} as const;

const ADV = '(?:(?:just|recently|finally|also|really|actually|still|now|currently|even|already|usually|often|sometimes|always|totally|absolutely|definitely|truly|mostly|officially|then|only|both|all)\\s+)*';
// not after "when", "if", … ("for when I have kids" says she has none yet)
const REAL = "(?<!\\b(?:when|if|until|once|before|unless|whether|wish)\\s+)";
const I = `${REAL}\\b(?:I)\\s+${ADV}`;
const AM = `${REAL}\\b(?:I'm|I\\s+am)\\s+${ADV}`;
const HAVE = `${REAL}\\b(?:I've|I\\s+have)\\s+${ADV}`;
const WE = `\\b(?:[Ww]e)\\s+${ADV}`;
const WE_ARE = `\\b(?:[Ww]e're|[Ww]e\\s+are)\\s+${ADV}`;
const WE_HAVE = `\\b(?:[Ww]e've|[Ww]e\\s+have)\\s+${ADV}`;
const alt = (...xs: string[]): string => `(?:${xs.join('|')})`;
// "I" or "we" (captured, for the discount)
const IWE = (verbs: string): string => `(${I}|${WE})${verbs}`;

const likeVerb = (v: string): string => {
  const s = v.toLowerCase();
  if (/hate|dislike|stand|don't|do not|not a fan/.test(s)) return 'dislikes';
  if (/love|adore|obsessed|crazy/.test(s)) return 'loves';
  if (/enjoy/.test(s)) return 'enjoys';
  return 'likes';
};

const C = PATTERN_CONFIDENCE;
const rule = (predicate: string, src: string, object: ObjectKind, confidence: number, time: TimeUse, extra: Partial<Rule> = {}): Rule => ({
  predicate,
  re: new RegExp(src, 'g'),
  object,
  confidence,
  time,
  ...extra,
});

const RULES: Rule[] = [
  rule('is', `${AM}(?:an?)\\s+`, 'role', C.is, 'none'),
  rule('studies', `${AM}a\\s+(?:student|freshman|sophomore|junior|senior|grad student|graduate student|PhD student)\\s+at\\s+`, 'thing', C.studies, 'none', { objectType: 'organization' }),
  rule('visited', alt(IWE('(?:went|traveled|travelled|flew|drove|headed|took a trip|took (?:my|the|our) (?:kids|family|fam|children|son|daughter|dog|husband|wife|partner))'), `${HAVE}been`, `${WE_HAVE}been`) + '\\s+(?:back\\s+)?to\\s+', 'place', C.visited, 'event', { objectType: 'place' }),
  rule('visited', alt(IWE('(?:visited|toured|got back from|came back from|returned from)'), `${HAVE}visited`, `${WE_HAVE}visited`) + '\\s+', 'place', C.visited, 'event', { objectType: 'place' }),
  rule('likes', '(' + alt(`${I}(love|adore|like|enjoy|hate|dislike|can't stand|cannot stand|don't like|do not like|don't enjoy)`, `${AM}(into|a (?:big |huge )?fan of|not a fan of|passionate about|obsessed with|crazy about)`) + ')\\s+', 'thing', C.likes, 'none', { verbPredicate: likeVerb }),
  rule('plans', alt(`${AM}(?:going to|planning to|planning on|hoping to|thinking of|thinking about|looking to|about to|gonna|considering)`, `${WE_ARE}(?:going to|planning to|planning on|hoping to|thinking of|thinking about|looking to|about to|gonna|considering)`, IWE('(?:plan to|intend to|am planning to)')) + '\\s+', 'clause', C.plans, 'future'),
  rule('plans', IWE('(?:want to|hope to|would like to|wanna)') + '\\s+', 'clause', C.wants, 'future'),
  rule('studies', alt(`${I}(?:study|major in)`, `${AM}(?:studying|majoring in|learning|taking (?:a )?(?:class|classes|course|courses|lessons) (?:in|on)|enrolled in|in school for)`, `${HAVE}been (?:studying|learning)`) + '\\s+', 'thing', C.studies, 'none'),
];

const FIRST_PERSON = /\b(?:I|[Ww]e|[Mm]y)\b/;
const CLAUSE_STOP = new Set('and but because since so when while which who whom whose that where if as than or though although after before until unless whether cause'.split(' '));
const PREP_STOP = new Set('for from at in on by about during like with to of into through over around near'.split(' '));
const PRONOUN = new Set(('it its that this these those them they you your him her he she me myself yourself himself herself ourselves themselves us ' +
  'there here what how when where why who whom everything something anything nothing everyone someone anyone all one both each either neither lot lots much many more most any so').split(' '));
const VERBISH = new Set('see get do make be have go try help check find let put say tell ask take give keep start visit pick meet grab watch'.split(' '));
const TRAILING = new Set('too so very really lately now again today tonight yet already anymore though either also just here there much more even still together recently soon'.split(' '));
const ROLE_REFUSED = /\b(?:bit|little|lot|fan|part|mess|fool|sucker|believer|way|sort|kind|type|total|huge|big|firm|pro|natural|mix)\b/i;
// time words end an object ("a poetry reading last Fri"), whether or not dates.ts resolved them
const TIME_STOP = new Set('last next yesterday today tonight tomorrow recently earlier lately ago every once twice'.split(' '));
// an object that is only one of these says nothing ("I like the idea", "I'm learning a ton")
const VAGUE = new Set('idea ideas ton tons lot lots bunch bit mix thing things stuff way sound look fact part kind sort one ones time times'.split(' '));
// opening adjectives that carry no identity ("an amazing trip" → "trip")
const GENERIC_ADJ = new Set('amazing great wonderful nice awesome lovely beautiful fantastic incredible cool fun special whole real good'.split(' '));
// possessives may open a thing ("my kids"); other stop words may not ("is awesome", "be there")
const POSSESSIVES = new Set('my our his her their your'.split(' '));
// "I want to know…", "I want to make sure…": requests to the listener, not plans
const NOT_A_PLAN = /^(?:know|ask|understand|clarify|confirm|check|share|mention|thank|tell|say|find out|make sure|see if|learn more|hear|talk|chat|let)\b/i;
// verbs too light to make a plan on their own ("I'm gonna keep going", "I'm gonna make it")
const LIGHT = new Set('keep make try tell pass help go get do be see say stay continue give have take carry work push going doing trying working pushing keeping making happen it on up'.split(' '));
// a hyphen before a space is a dash ("my family- they …", "hiking - and"), never inside a word
const CUT = /[,;:!?.()"“”—–]|-\s/;
const MAX_WORDS: Record<ObjectKind, number> = { thing: 5, place: 5, role: 4, clause: 8 };

/**
 * The object that starts at `from` and ends before `limit` (the sentence's end or a date phrase): a proper
 * name ("Zalando", "the Louvre", "University of Toronto") or a short literal phrase, without its article;
 * undefined for pronouns, clauses ("how…", "that…") and filler.
 */
export function objectAt(text: string, from: number, limit: number, kind: ObjectKind): { name: string } | { value: string } | undefined {
  let span = text.slice(from, limit);
  const cut = CUT.exec(span);
  if (cut !== null) span = span.slice(0, cut.index);
  let toks = tokens(span).map((t) => t.text);
  if (toks.length === 0) return undefined;
  if (kind !== 'role' && kind !== 'clause') {
    const start = toks[0]!.toLowerCase() === 'the' && toks.length > 1 && isCap(toks[1]!) ? 1 : 0;
    if (isCap(toks[start]!) && toks[start] !== 'I') return properName(toks.slice(start));
  }
  while (toks.length > 0 && /^(?:a|an|the|some)$/i.test(toks[0]!)) toks = toks.slice(1);
  if (kind === 'clause' || kind === 'thing') while (toks[0] === 'to') toks = toks.slice(1);
  if (kind !== 'clause') while (toks.length > 1 && GENERIC_ADJ.has(toks[0]!.toLowerCase())) toks = toks.slice(1);
  const first = toks[0]?.toLowerCase();
  if (first === undefined || PRONOUN.has(first)) return undefined;
  if (kind === 'place' && VERBISH.has(first)) return undefined;
  if (kind !== 'clause' && STOP_WORDS.has(first) && !POSSESSIVES.has(first)) return undefined;
  const words: string[] = [];
  for (const w of toks) {
    const f = w.toLowerCase();
    if (words.length >= MAX_WORDS[kind] || CLAUSE_STOP.has(f) || TIME_STOP.has(f)) break;
    if (kind !== 'clause' && PREP_STOP.has(f)) break;
    words.push(w);
  }
  while (words.length > 0 && (TRAILING.has(words[words.length - 1]!.toLowerCase()) || STOP_WORDS.has(words[words.length - 1]!.toLowerCase()))) words.pop();
  if (words.length === 0 || words.every((w) => STOP_WORDS.has(w.toLowerCase()))) return undefined;
  const value = words.join(' ');
  const content = words.filter((w) => !POSSESSIVES.has(w.toLowerCase()));
  if (content.length === 1 && VAGUE.has(content[0]!.toLowerCase())) return undefined;
  if (kind === 'role' && ROLE_REFUSED.test(value)) return undefined;
  if (kind === 'clause' && (NOT_A_PLAN.test(value) || words.every((w) => LIGHT.has(w.toLowerCase()) || STOP_WORDS.has(w.toLowerCase())))) return undefined;
  return { value };
}

/** Capitalised words from the start, joined through "of"/"de"/"and" when a capitalised word follows. */
function properName(toks: string[]): { name: string } | undefined {
  const words: string[] = [];
  for (let i = 0; i < toks.length && words.length < 6; i++) {
    const w = toks[i]!;
    if (isCap(w) && w !== 'I') words.push(w);
    else if (/^(?:of|de|del|da|and|&)$/.test(w) && words.length > 0 && i + 1 < toks.length && isCap(toks[i + 1]!)) words.push(w);
    else break;
  }
  if (words.length === 0) return undefined;
  words[words.length - 1] = words[words.length - 1]!.replace(/['’]s$/u, '');
  return { name: words.join(' ') };
}

/**
 * Every typed fact the rules find in the sentence [start, end) of `text` (apostrophes already straightened).
 * `dateStarts` are the offsets where date phrases begin: an object never runs into one.
 */
export function typedFacts(text: string, start: number, end: number, dateStarts: readonly number[]): TypedHit[] {
  const sentence = text.slice(start, end);
  const out: TypedHit[] = [];
  // every rule needs "I", "we" or "my": most sentences are let go after this one test
  if (!FIRST_PERSON.test(sentence)) return out;
  const limitAfter = (at: number): number => Math.min(end, ...dateStarts.filter((d) => d >= at));
  for (const r of RULES) {
    r.re.lastIndex = 0;
    for (let m = r.re.exec(sentence); m !== null; m = r.re.exec(sentence)) {
      const from = start + m.index + m[0].length;
      const object = objectAt(text, from, limitAfter(from), r.object);
      if (object === undefined) continue;
      const we = /^\s*[Ww]e\b/.test(m[0]) || /^\s*[Ww]e(?:'re|'ve)/.test(m[0]);
      const predicate = r.verbPredicate ? r.verbPredicate(m[0]) : r.predicate;
      const typed = 'name' in object && r.objectType !== undefined ? { name: object.name, type: r.objectType } : object;
      out.push({ predicate, subject: 'speaker', object: typed, confidence: r.confidence - (we ? C.weDiscount : 0), time: r.time, index: start + m.index });
    }
  }
  return out;
}
