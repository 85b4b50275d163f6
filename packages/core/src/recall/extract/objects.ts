/**
 * Readers for what a state rule's verb is about: a proper name ("Acme Corp", "University of Toronto"), a
 * place ("here in Portland", "a flat in Utrecht", "there"), a role ("a senior data analyst") or the things
 * a person has ("two cats, Pepper and Salt", "a dog named Rex", "a car and a bike"). Each reads from the
 * start of its text and stops at the first word that cannot belong, so no object runs into the next clause.
 */

export interface Read<T> {
  value: T;
  /** the text after what was read */
  rest: string;
}

const NAME_WORD = "\\p{Lu}[\\p{L}\\d'&.-]*";
const NAME_RUN = new RegExp(`^(?:the\\s+)?(${NAME_WORD}(?:\\s+(?:of|de|del|da|du|la|von|van|&|and)\\s+${NAME_WORD}|\\s+${NAME_WORD}){0,5})`, 'u');
// capitalised words that open a time phrase or a clause, never part of a name
const NOT_IN_NAME = new Set('I In On At Since For Last Next This That Then And But So Because After Before Until Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December'.split(' '));

/** A proper name at the start of `text` (an article "the" skipped), without a trailing "'s". */
export function readName(text: string): Read<string> | undefined {
  const m = NAME_RUN.exec(text);
  if (m === null) return undefined;
  const words = m[1]!.split(/\s+/);
  let n = 0;
  while (n < words.length && !NOT_IN_NAME.has(words[n]!.replace(/[.,]$/, ''))) n++;
  // a joiner ("of", "and") may not end the name
  while (n > 0 && /^(?:of|de|del|da|du|la|von|van|&|and)$/.test(words[n - 1]!)) n--;
  if (n === 0) return undefined;
  let name = words.slice(0, n).join(' ').replace(/[.]+$/, '');
  // "Tom's car" is Tom; "St Luke's" and "Macy's" (a saint's name, or nothing after) keep their "'s"
  if (name.endsWith("'s") && !(/^(?:St\.?|Saint)\s/.test(name) || (n === words.length && /^\s*(?:[,.!?;:]|$)/.test(text.slice(m[0].length))))) name = name.slice(0, -2);
  if (name === '' || name === 'I') return undefined;
  if (name.length > 80) name = name.slice(0, 80).trim();
  const consumed = m[0].length - (m[1]!.length - words.slice(0, n).join(' ').length);
  return { value: name, rest: text.slice(consumed) };
}

const DWELLING = '(?:(?:a|an|the|our|my|new|little|small|big|tiny|nice|two-bedroom|one-bedroom|studio|shared)\\s+)*(?:flat|apartment|house|place|condo|home|studio|loft|townhouse|room|cottage)';
const PLACE_PREFIX = new RegExp(`^(?:(?:here|there)\\s+(?:in|to)\\s+|${DWELLING}\\s+in\\s+|(?:a|the|one)\\s+(?:week|weekend|day|month|few days|couple of days|night)\\s+in\\s+|the\\s+city\\s+of\\s+)`, 'i');

/** A place name; "there" or "here" is the turn's last place (`lastPlace`), when it named one. */
export function readPlace(text: string, lastPlace: string | undefined): Read<string> | undefined {
  const t = text.replace(PLACE_PREFIX, '');
  if (lastPlace !== undefined && /^(?:there|here)\b/i.test(t)) return { value: lastPlace, rest: t.replace(/^\w+/, '') };
  return readName(t);
}

/** Heads of job titles: "I'm a designer" is a job, "I'm a mess" is not. */
export const JOB_HEADS = new Set(
  ('analyst engineer designer developer manager nurse teacher doctor lawyer attorney accountant barista chef cook writer editor journalist ' +
    'consultant scientist researcher professor lecturer architect programmer administrator assistant director officer clerk cashier ' +
    'driver pilot mechanic electrician plumber carpenter technician therapist pharmacist dentist surgeon physician paramedic firefighter ' +
    'intern strategist specialist coordinator lead executive founder cofounder co-founder ceo cto cfo coo vp president photographer ' +
    'artist musician producer recruiter salesperson representative rep agent marketer librarian secretary receptionist vet ' +
    'veterinarian baker bartender waiter waitress server tutor coach trainer counselor counsellor worker student supervisor ' +
    'planner advisor adviser banker broker economist translator illustrator animator copywriter tester admin principal dean ' +
    'surveyor inspector auditor paralegal caregiver nanny midwife psychologist psychiatrist optometrist sergeant soldier captain ' +
    'engineer-in-training apprentice associate partner owner stylist hairdresser florist butcher farmer gardener janitor guard')
    .split(' '),
);
const ROLE_STOP = /^(?:at|for|with|in|on|by|from|since|and|but|so|because|who|which|that|now|again|too|here|there|last|this|next|today|yesterday|for|until|when|while|as)$/i;
const ROLE_WORD = /^[a-z][a-z-]*$/;

/** A role after its article ("a senior data analyst at …" → "senior data analyst"); `needHead`: must end in a job word. */
export function readRole(text: string, needHead: boolean): Read<string> | undefined {
  const m = /^(?:an?\s+|the\s+)?/i.exec(text)!;
  let rest = text.slice(m[0].length);
  const words: string[] = [];
  for (let w = /^([\p{L}-]+)\s*/u.exec(rest); w !== null && words.length < 4; w = /^([\p{L}-]+)\s*/u.exec(rest)) {
    const word = w[1]!;
    // capitals only as an acronym ("a UX designer", "the CEO")
    if (ROLE_STOP.test(word) || !ROLE_WORD.test(word.toLowerCase()) || (word !== word.toLowerCase() && !/^[A-Z]{2,4}$/.test(word))) break;
    words.push(word);
    rest = rest.slice(w[0].length);
    if (/^[,.;!?]/.test(rest)) break;
  }
  if (words.length === 0) return undefined;
  const head = words[words.length - 1]!.toLowerCase();
  if (needHead && !JOB_HEADS.has(head)) return undefined;
  return { value: words.join(' '), rest };
}

/** Things worth a `has` fact, and the type a named one gets. */
export const HAS_NOUNS: Record<string, string> = {};
for (const w of 'dog dogs puppy puppies cat cats kitten kittens pet pets hamster hamsters rabbit rabbits bunny bird birds parrot fish horse horses turtle snake gecko lizard pony goldfish husky lab labrador retriever poodle beagle terrier greyhound tortoise ferret budgie cockatiel canary chicken chickens hen hens goat goats iguana spaniel collie corgi dachshund pug chihuahua bulldog mutt pup kitty gerbil mouse mice rat rats axolotl'.split(' ')) HAS_NOUNS[w] = 'animal';
for (const w of 'kid kids child children son sons daughter daughters baby twins brother brothers sister sisters sibling siblings'.split(' ')) HAS_NOUNS[w] = 'person';
for (const w of 'car truck bike bicycle motorcycle motorbike van scooter boat house apartment condo garden piano guitar laptop e-bike camper tesla canoe kayak sailboat yacht caravan motorhome jeep suv minivan moped violin cello drum drums cottage cabin camera drone telescope'.split(' ')) HAS_NOUNS[w] = 'thing';
const SINGULAR: Record<string, string> = { puppies: 'puppy', children: 'child', kittens: 'kitten', dogs: 'dog', cats: 'cat' };

export interface Had {
  /** a named one ("Rex") or the thing itself ("car", "two kids") */
  name?: string;
  value?: string;
  noun: string;
  type: string;
}

const COUNT = '(?:(a|an|one|two|three|four|five|six|\\d+|my|our|his|her|the|some)\\s+)?';
const ADJ = '(?:(?:new|little|young|old|vintage|secondhand|second-hand|red|blue|silver|green|baby|pet|rescue|adorable|cute|beautiful|lovely|sweet|second|third|another|used|brand\\s+new|electric|black|white|grey|gray|orange|tabby|ginger|golden|fluffy|tiny|big|small|very|really|super|quite|(?!(?:any|every|only|many|my)\\s)[a-z]+(?:y|ish|ful|ous))\\s+){0,3}';
const NOUN = `(${Object.keys(HAS_NOUNS).join('|')})\\b(?!\\s+(?:bed|food|toy|toys|park|sitter|insurance|seat|ride|show|walker|trip|wash|payment|loan|class|training|shelter|owner|owners|lover|lovers|friendly|keys|repair|people))`;
const THING = new RegExp(`^${COUNT}${ADJ}${NOUN}`, 'i');
// "named Rex", ", his name is Biscuit", "a kitten she named Biscuit", "a puppy that my daughter named Ziggy"
const NAMING = /^\s*(?:,\s*)?(?:named|called|whose name is|,?\s*(?:his|her|its)\s+name\s+is|(?:that\s+|which\s+)?(?:I|we|she|he|they|(?:my|our)\s+[a-z]+)\s+(?:have\s+)?(?:named|called|call|calls))\s+/i;
const NUMERAL = /^(?:two|three|four|five|six|\d+)$/i;

/** What a "have/got/adopted/bought" verb is followed by: each thing, or each named one, in a list. */
export function readThings(text: string): Had[] {
  const out: Had[] = [];
  let rest = text;
  for (let guard = 0; guard < 6; guard++) {
    const m = THING.exec(rest);
    if (m === null) {
      // "an old Volvo", "a Vespa": a make is a thing had, when an article says it is one
      const make = BRAND.exec(rest);
      if (make === null || NOT_IN_NAME.has(make[1]!)) break;
      rest = rest.slice(make[0].length);
      // "a Fender guitar": the make and the thing
      const noun = BRAND_NOUN.exec(rest);
      if (noun !== null) rest = rest.slice(noun[0].length);
      out.push({ name: noun === null ? make[1]! : `${make[1]!} ${noun[1]!}`, noun: make[1]!, type: 'thing' });
    } else {
      rest = readOne(m, rest, out);
    }
    // "a dog, a cat and a bike"; ", the kids called her …" opens a clause of its own
    const more = /^\s*(?:,\s*)?(?:and|plus|as well as|&)\s+|^\s*,\s*(?!(?:the|my|our|his|her|their)\s)/i.exec(rest);
    if (more === null) break;
    rest = rest.slice(more[0].length);
  }
  return out;
}

const BRAND_NOUN = new RegExp(`^\\s+(${Object.keys(HAS_NOUNS).filter((w) => HAS_NOUNS[w] === 'thing').join('|')})\\b`, 'i');
const BRAND = new RegExp(`^(?:a|an|the|my|our)\\s+${ADJ}(\\p{Lu}[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+)?)(?![\\p{L}'])`, 'u');

function readOne(m: RegExpExecArray, text: string, out: Had[]): string {
  let rest = text;
  {
    const noun = m[2]!.toLowerCase();
    const type = HAS_NOUNS[noun]!;
    rest = rest.slice(m[0].length);
    const names = namesAfter(rest, NUMERAL.test(m[1] ?? ''), /^(?:my|our|his|her)$/i.test(m[1] ?? ''));
    rest = names.rest;
    if (names.names.length > 0) for (const n of names.names) out.push({ name: n, noun: SINGULAR[noun] ?? noun, type });
    else out.push({ value: NUMERAL.test(m[1] ?? '') ? `${m[1]!.toLowerCase()} ${noun}` : (SINGULAR[noun] ?? noun), noun, type });
  }
  return rest;
}

/** "named Rex", "called Kiwi", ", his name is Biscuit", and after a number ", Pepper and Salt". */
function namesAfter(text: string, counted: boolean, possessive = false): { names: string[]; rest: string } {
  let rest = text.replace(/^\s*(?:last\s+\w+|yesterday|today|this\s+\w+|recently)(?=\s*,)/i, '');
  const naming = NAMING.exec(rest);
  const apposition = counted || /^\s*,\s*\p{Lu}/u.test(rest) || (possessive && /^\s+\p{Lu}/u.test(rest)) ? /^\s*,?\s*/.exec(rest) : null;
  const cue = naming ?? apposition;
  if (cue === null) return { names: [], rest: text };
  rest = rest.slice(cue[0].length);
  const names: string[] = [];
  for (let i = 0; i < 6; i++) {
    const n = /^(\p{Lu}[\p{L}'-]*)/u.exec(rest);
    if (n === null || NOT_IN_NAME.has(n[1]!)) break;
    names.push(n[1]!.replace(/'s$/, ''));
    rest = rest.slice(n[0].length);
    const j = /^\s*(?:,\s*(?:and\s+)?|and\s+|&\s+)(?=\p{Lu})/u.exec(rest);
    if (j === null || !counted) break;
    rest = rest.slice(j[0].length);
  }
  return names.length === 0 ? { names: [], rest: text } : { names, rest };
}
