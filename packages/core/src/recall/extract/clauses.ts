import { STOP_WORDS } from '../text.js';

/**
 * A sentence cut into clauses, each with who it is about. State rules read one clause at a time, so an
 * object never runs over a coordination ("I live in Boston and I work at Acme" gives "Boston", not
 * "Boston and"), and a clause without a subject of its own ("… and work at Dell") takes the previous one's.
 */

export type Subject =
  /** "I", "we", "my partner and I" */
  | { kind: 'speaker'; with?: string }
  /** a named third person ("my sister Ana", "Tom") and, when the speaker gave it, how they relate ("sister") */
  | { kind: 'named'; name: string; relation?: string }
  /** someone the clause names without a name ("my brother", "my cousin"), or "he" / "she" (`pronoun`), which the reader may resolve */
  | { kind: 'other'; pronoun?: boolean; relation?: string };

export interface Clause {
  /** the clause's words, contractions expanded ("I'm" → "I am") */
  text: string;
  subject: Subject | undefined;
  /** the words before the subject ("In September", "After 30 years") */
  lead: string;
  /** the words after the subject: where the verb and object are */
  rest: string;
  /** a condition, wish or question governs the clause ("if I moved…", "I wish I worked…", "Do you…?") */
  irrealis: boolean;
  /** the subject came from the previous clause ("… and work at Dell") */
  elliptical: boolean;
}

// one pass for every contraction the rules care about ("I'm" → "I am", "don't" → "do not")
const CONTRACTION = /\b(?:([Ii]|[Ww]e|[Yy]ou|[Tt]hey|[Hh]e|[Ss]he)'(re|m|ve|ll|d)|([Dd]o|[Dd]oes|[Dd]id|[Ii]s|[Aa]re|[Ww]as|[Ww]ere|[Hh]as|[Hh]ave|[Ww]ould|[Cc]ould|[Ss]hould)n't|([Cc])an't|([Ww])on't)\b/g;
const HE_S = /\b([Hh]e|[Ss]he)'s(?=\s+(been|got|gotten|had)\b)?/g;
const HE_S_ANY = /\b(?:[Hh]e|[Ss]he)'s/;
// "Jake's not at Tesla anymore", "Tom's been at Google for years": a name's "'s" before a verb's words is "is" / "has"
const NAME_S = /\b(\p{Lu}\p{Ll}+)'s\s+(?=(not|no longer|now|still|at|moving|working|living|based|retired|married|engaged|back|been|got|gotten|gone)\b)/gu;
const EXPANDED: Record<string, string> = { re: 'are', m: 'am', ve: 'have', ll: 'will', d: 'would' };

/** Straight apostrophes and expanded contractions: rules then need one spelling of each verb form. */
export function normalise(text: string): string {
  let t = text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"');
  if (!t.includes("'")) return t;
  // "he's at Meta now", "she's been at Ford for years"
  if (HE_S_ANY.test(t)) t = t.replace(HE_S, (_, who: string, perfect?: string) => `${who} ${perfect === undefined ? 'is' : 'has'}`);
  if (t.includes("'s ")) t = t.replace(NAME_S, (_, who: string, next: string) => `${who} ${/^(?:been|got|gotten|gone)$/.test(next) ? 'has' : 'is'} `);
  return t.replace(CONTRACTION, (whole, who?: string, tail?: string, aux?: string, can?: string, wo?: string) => {
    // chat's "i'm", "i've" are "I am", "I have"
    if (who !== undefined) return who === 'I' || who === 'i' ? `I ${EXPANDED[tail!]!}` : tail !== 'm' ? `${who} ${EXPANDED[tail!]!}` : whole;
    if (aux !== undefined) return `${aux} not`;
    if (can !== undefined) return `${can}annot`;
    return `${wo}ill not`;
  });
}

// Verbs that may open a clause whose subject is the previous clause's ("… and work at Dell").
const CLAUSE_VERBS =
  'am|are|is|was|were|have|has|had|work|works|worked|working|live|lives|lived|living|moved|move|moving|relocated|started|start|joined|left|quit|got|get|bought|sold|adopted|retired|teach|teaches|study|studies|broke|own|owns|became|took|married|gave|lost|went|visited|now|then|also|still|currently|ended up|came home|wound up';
// ", and …", " and I…", "but", "because", "so", ";", ":", " - ": where a clause ends ("Jake and I …" opening a sentence is one subject).
const SPLIT = new RegExp(
  `\\s*[;:]\\s+|\\s+[-–—]\\s+|(?<!^(?:(?:[Mm]y|[Oo]ur)\\s+\\w+\\s+)?\\p{Lu}[\\p{L}'-]*)(?<!^[Mm]e),?\\s+(?:and|but|so|because|though|although|while|whereas|plus|then)\\s+(?=(?:I|we|We|he|she|they|my|My|our|\\p{Lu}[\\p{L}-]+\\s+(?:${CLAUSE_VERBS})\\b|(?:${CLAUSE_VERBS})\\b))|,\\s+(?=(?:I|we|he|she|they|my|our|not|but|and(?!\\s+(?:a|an|two|three)\\s)|so|now|then|which|who|working|living|based|starting|moving|retiring|leaving|joining|moved|started|joined|retired|last\\s+day|ended\\s+up|came\\s+home)\\b)`,
  'gu',
);
// a chat clause that drops its "I": "Got rid of the Volvo", "Just moved to Leeds", "Finally quit"
const FIRST_PERSON_VERB = /^(?:(?:just|finally|also|recently|officially)\s+)*(?:got|moved|relocated|started|starting|joining|moving|quit|left|sold|bought|adopted|lost|retired|joined|broke|had|gave|took|brought|picked|rescued|rehomed|accepted|signed|spent|been|switched|landed|traded|transferred|settled|went|ended\s+up|wound\s+up|came\s+home)\b/i;
// "ugh, got laid off", "so, moved to Leeds": a chat opener before a clause that drops its "I"
const OPENER = /^(?:ugh|oh|so|well|wow|yay|yeah|ok|okay|hey|honestly|anyway|welp|phew|lol|omg|update|news)\b,?\s+/i;
// "internship's over", "the contract ended": the speaker's job, told from the job
export const JOB_ENDED = /^(?:my\s+|the\s+)?(?:job|internship|contract|placement|apprenticeship|residency|gig)(?:'s|\s+(?:is|was|has|had|finally))?\s+(?:been\s+)?(?:over|done|finished|ended|ending|ends|wrapped up|came to an end)\b/i;
const SUBORDINATE = /^(?:because|since|as|although|though|while|whereas)\b/i;

/** The clauses of one sentence (already normalised), in order. */
export function splitClauses(sentence: string): string[] {
  // "Omar, my college roommate, works at Pixar": the apposition says who, the name is the subject
  const comma = sentence.indexOf(',');
  return (comma > 0 && comma < 40 && APPOSITION.test(sentence) ? sentence.replace(APPOSITION, '$1 ') : sentence)
    .split(SPLIT)
    .map((c) => c.replace(/^[\s,]+|[\s,.!?]+$/g, ''))
    .filter((c) => c.length > 0);
}

// Words that relate a named person to the speaker ("my sister Ana"), and partners among them.
export const PARTNER_WORDS = new Set('husband wife partner boyfriend girlfriend fiance fiancé fiancee fiancée spouse bf gf hubby'.split(' '));
export const FAMILY_WORDS = new Set(
  'sister brother mom mother dad father son daughter kid child baby grandma grandmother grandpa grandfather aunt uncle cousin niece nephew stepson stepdaughter twin'.split(' '),
);
export const ACQUAINTANCE_WORDS = new Set('friend neighbor neighbour coworker co-worker colleague roommate boss manager buddy classmate teammate'.split(' '));
const RELATION = `(?:best\\s+|old\\s+|little\\s+|big\\s+|older\\s+|younger\\s+|twin\\s+|baby\\s+)?(${[...PARTNER_WORDS, ...FAMILY_WORDS, ...ACQUAINTANCE_WORDS].join('|')})`;
const NAME = "(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?)";
// Words that open clauses in capitals without being anyone's name.
const NOT_NAMES = new Set(
  ('the a an this that these those it its there here what when where why how who which if so but and or my our your his her their ' +
    'yes no yeah wow oh hey hi hello thanks sorry oops wait actually anyway well okay ok ugh sadly sad big news also today yesterday ' +
    'last next this after before since in on at for by then now still just maybe sometimes everyone nobody someone work life ' +
    'just got finally really honestly guess hope think thank thanks lol haha omg congrats great good nice cool awesome love glad sounds ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december').split(' '),
);

// "I", "we", and "Jake and I" / "my fiancé Marcus and I" (the other one kept: "… got engaged", "… broke up")
// … and "me and my wife" / "me and Jake" as chat says it
const SPEAKER_RE = /(?:^|[\s,])(?:(?:[Mm]y|[Oo]ur)\s+(?:\w+\s+)??\w+(?:\s+(\p{Lu}[\p{L}'-]*))?\s+and\s+I|(\p{Lu}[\p{L}'-]*)\s+and\s+I|[Mm]e\s+and\s+(?:(?:my|our)\s+\w+(?:\s+(\p{Lu}[\p{L}'-]*))?|(\p{Lu}[\p{L}'-]*))|I|i|[Ww]e)\s+/u;
// "my friend Kim" ending its clause ("My friend Kim, who lives in Seoul, …") names the subject too
const RELATED_RE = new RegExp(`(?:^|[\\s,])(?:[Mm]y|[Oo]ur)\\s+${RELATION}(?:,)?\\s+${NAME}(?:,?\\s+|$)`, 'u');
const OTHERS = /\b(?:[Mm]y|[Oo]ur|[Hh]e|[Ss]he|[Tt]hey)\b/;
const UNNAMED_RE = new RegExp(`(?:^|[\\s,])(?:(?:[Mm]y|[Oo]ur)\\s+${RELATION}|[Hh]e|[Ss]he|[Tt]hey)\\s+`, 'u');
const NAMED_G = /(?<![\p{L}'])(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)\s+(?=\p{Ll})/gu;
// a capitalised word after these is an object or a place, not who the clause is about
const OBJECT_BEFORE = /\b(?:my|our|the|a|an|at|in|to|from|for|with|of|on|by|named|called|and|or|than|about|into|like)\s*$/i;

/** The first capitalised name followed by a lower-case word that is not an object ("Priya got a job at Stripe"). */
function leadingName(text: string): { index: number; name: string; end: number } | undefined {
  NAMED_G.lastIndex = 0;
  for (let m = NAMED_G.exec(text); m !== null; m = NAMED_G.exec(text)) {
    const name = m[1]!;
    const first = name.split(/\s+/)[0]!;
    if (first === 'I' || NOT_NAMES.has(first.toLowerCase()) || STOP_WORDS.has(first.toLowerCase()) || OBJECT_BEFORE.test(text.slice(0, m.index))) continue;
    // "Last Monday" opened by a time word: take the second word only if it is a name too
    return { index: m.index, name, end: m.index + m[0].length };
  }
  return undefined;
}
/** The clause without its chat opener, when it opens with a verb whose dropped subject is the speaker ("ugh, got laid off"). */
function dropsI(text: string): string | undefined {
  if (FIRST_PERSON_VERB.test(text)) return text;
  const opener = OPENER.exec(text);
  return opener !== null && FIRST_PERSON_VERB.test(text.slice(opener[0].length)) ? text.slice(opener[0].length) : undefined;
}
const APPOSITION = /^\s*(\p{Lu}[\p{L}'-]*),\s+(?:my|our|his|her)\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+,\s+(?=\p{Ll})/u;
const IRREALIS = /\b(?:if|unless|whether|wish(?!\s+(?:me|us)\s+luck)|wishes|wished|suppose|imagine|maybe|perhaps|someday|one day|would|could|might|should(?!\s+(?:say|have\s+said)\b))\b|\?$/i;

/** Finds the clause's subject: "I"/"we" first, then "my sister Ana", an unnamed other, then a leading name. */
export function readClause(text: string, previous: Clause | undefined): Clause {
  // [where the subject starts, the subject, where the rest starts]; at one place the first pushed wins
  const candidates: Array<[number, Subject, number]> = [];
  const push = (m: RegExpExecArray | null, subject: (m: RegExpExecArray) => Subject): void => {
    if (m !== null) candidates.push([m.index + (/^[\s,]/.test(m[0]) ? 1 : 0), subject(m), m.index + m[0].length]);
  };
  push(SPEAKER_RE.exec(text), (m) => {
    const other = m[1] ?? m[2] ?? m[3] ?? m[4];
    return other === undefined ? { kind: 'speaker' } : { kind: 'speaker', with: other };
  });
  // most clauses open with "I": nothing can come before it
  if (candidates[0]?.[0] !== 0) {
    if (OTHERS.test(text)) {
      push(RELATED_RE.exec(text), (m) => ({ kind: 'named', name: m[2]!, relation: m[1]!.toLowerCase() }));
      push(UNNAMED_RE.exec(text), (m) => (/^[\s,]*(?:he|she)\s/i.test(m[0]) ? { kind: 'other', pronoun: true } : m[1] === undefined ? { kind: 'other' } : { kind: 'other', relation: m[1].toLowerCase() }));
    }
    // with an "I" in the clause, a capitalised opener ("Right now I am…") is no subject
    // … and a clause opening with a chat verb ("Starting at KPMG next Monday") names no one
    const named = candidates.some((c) => c[1].kind === 'speaker') || FIRST_PERSON_VERB.test(text) ? undefined : leadingName(text);
    if (named !== undefined) candidates.push([named.index, { kind: 'named', name: named.name }, named.end]);
  }
  candidates.sort((a, b) => a[0] - b[0]);
  const first = candidates[0];
  // "moved in with my boyfriend in Dresden": a clause opening with the speaker's verb is the speaker's, whoever it names after
  const dropped = first !== undefined && first[0] > 0 && first[1].kind !== 'speaker' ? dropsI(text) : undefined;
  if (dropped !== undefined) return { text, subject: { kind: 'speaker' }, lead: '', rest: dropped, irrealis: IRREALIS.test(text), elliptical: false };
  if (first === undefined) {
    const inherited = previous !== undefined && !SUBORDINATE.test(text) ? previous.subject : undefined;
    const verbFirst = inherited === undefined ? dropsI(text) : undefined;
    // "my last day at Acme was Friday", "Our dog Bruno loves…", "Last day at Acme is June 12": the speaker's
    const subject = inherited ?? (verbFirst !== undefined || /\b(?:[Mm]y|[Oo]ur)\b/.test(text) || JOB_ENDED.test(text) || /^(?:the\s+)?(?:last|final|first)\s+day\b/i.test(text) ? ({ kind: 'speaker' } as const) : undefined);
    const irrealis = (inherited !== undefined && previous!.irrealis) || IRREALIS.test(text);
    // "…, who lives in Seoul": the relative clause is about the one the previous clause named
    return { text, subject, lead: '', rest: verbFirst ?? (inherited !== undefined ? text.replace(/^who\s+/i, '') : text), irrealis, elliptical: inherited !== undefined };
  }
  const [index, subject, restFrom] = first;
  const lead = text.slice(0, index);
  const rest = text.slice(restFrom);
  const irrealis = IRREALIS.test(lead) || /^(?:would|could|might|should(?!\s+(?:say|have\s+said)\b)|may)\b/i.test(rest) || /\?$/.test(text);
  return { text, subject, lead, rest, irrealis, elliptical: false };
}
