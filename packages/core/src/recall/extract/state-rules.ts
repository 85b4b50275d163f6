import { JOB_ENDED, type Clause } from './clauses.js';
import { HAS_NOUNS, readName, readPlace, readRole, readThings } from './objects.js';

/**
 * What one clause says about its subject's state: where they live, where they work and as what, whom they
 * are with, what they have — and when any of it started or ended. Each rule reads the words right after
 * the subject (`Clause.rest`), so "I wish I worked at Apple" and "If I moved to Denver" never match: their
 * verbs are "wish" and a condition. The caller decides the subject and the time.
 */

export interface StateHit {
  op: 'assert' | 'retract';
  predicate: string;
  /** the object: a name (entity) or a literal; a retraction without one ends every object */
  object?: { name: string; type?: string } | { value: string };
  /** which end of the clause's date window the change sits at: the start (default) or after it ("my last day was Friday") */
  at?: 'start' | 'end';
  /** a start told in the present or future ("I start at Siemens on May 1"): only a date in the future makes it a fact */
  future?: boolean;
  /** a move: also the event `moved_to` over the date window */
  move?: boolean;
  /** a visit: an event over the date window, never a state */
  event?: boolean;
  /** no object: the clause only dates the turn's last undated fact of this predicate ("I start on June 3") */
  dateOnly?: boolean;
  /** the clause's subject is the object and the speaker the subject ("EY let me go": the speaker's job at EY ended) */
  ofSpeaker?: boolean;
  /** a job told as a change ("started at", "switched to", "left Acme for"), not as one held */
  change?: boolean;
  /** an ending of the job held besides another ("quit my weekend job"), its employer unnamed */
  side?: boolean;
}

export interface RuleContext {
  /** the last place the turn named before this clause ("I move there on June 15") */
  lastPlace: string | undefined;
  /** names the speaker has said they live in (so "I left Boston" ends a home, "I left Acme" a job) */
  isHome: (name: string) => boolean;
  /** the sentence talks about work ("Dev works at Amazon, I'm at Microsoft") */
  workTalk?: () => boolean;
  /** the subject is known to have a job ("switched to St Luke's" is then a new one) */
  hasJob?: () => boolean;
  /** the sentence is about leaving a job ("resigned", "notice") */
  leaving?: () => boolean;
  /** the subject's believed employer when the text opens with its name in any case ("quit blue bottle yesterday") */
  employer?: (text: string) => string | undefined;
  /** the sentence turns something down ("was offered a job at Globex but I turned it down") */
  declined?: () => boolean;
}

const ADV = /^(?:(?:just|recently|finally|also|now|currently|actually|still|officially|already|then|both|all|really|even|only|happily|sadly|eventually|unfortunately|originally|basically|totally|literally|since\s+then|back\s+then|once\s+again|again)\s+)+/i;
const WHERE = '(?:at|for|with|by)';
const ORG = (text: string): { name: string; type: string } | undefined => {
  const n = readName(text);
  return n === undefined ? undefined : { name: n.value, type: 'organization' };
};
// "a small startup", "the children's hospital": an employer without a name is a literal
export const UNNAMED_ORG = /^(?:a|an|the)\s+((?:[a-z][\w'-]*\s+){0,3}(?:startup|start-up|company|firm|agency|hospital|clinic|school|university|college|bank|bakery|cafe|café|restaurant|store|shop|nonprofit|non-profit|charity|lab|factory|hotel|bar|library|museum|studio|office|warehouse|gym|salon|farm|newspaper|magazine))\b/i;
const EMPLOYER = (text: string): StateHit['object'] | undefined => {
  const org = ORG(text);
  if (org !== undefined) return org;
  const m = UNNAMED_ORG.exec(text);
  if (m === null) return undefined;
  // "a small startup called Loomly", "the same company, Bosch,": the name it goes by
  const called = /^\s*(?:(?:up|down|over|out)\s+)?(?:here|there|nearby)?\s*(?:,?\s*(?:called|named)\s+|,\s*(?=\p{Lu}))(.*)$/iu.exec(text.slice(m[0].length));
  return (called === null ? undefined : ORG(called[1]!)) ?? { value: m[1]! };
};
const PLACE = (text: string, ctx: RuleContext): { name: string; type: string } | undefined => {
  const p = readPlace(text, ctx.lastPlace);
  return p === undefined ? undefined : { name: p.value, type: 'place' };
};
const STUDY_ROLES = /^(?:(?:\w+\s+)?student|freshman|sophomore|junior|senior|grad student|graduate student|phd student|phd candidate|undergrad|undergraduate)$/i;

const WORKS = new RegExp(
  `^(?:work|works|working|am working|is working|are working|have worked|has worked|have been working|has been working|am employed|is employed|(?:teach|teaches|have taught|have been teaching|teaching)(?:\\s+[a-z]+){0,2}?|cook|cooks|bartend|tutor|drive|drives|intern|am interning|volunteer|am volunteering|(?:am\\s+|have\\s+been\\s+|has\\s+been\\s+)?(?:waitressing|waiting tables|bartending|cooking|tutoring|nannying|temping|volunteering|interning|cleaning)|wait tables|waits tables|waitress|moonlight|moonlights|am moonlighting)` +
    `(?:\\s+(?:part-time|full-time|remotely|there|now|fulltime|parttime))?(?:\\s+in\\s+[a-z]+(?:\\s+[a-z]+)?)?(?:\\s+as\\s+(.+?))?\\s+${WHERE}\\s+(.*)$`,
  'i',
);
const WORKS_AS = /^(?:work|works|am working|is working|have been working|has been working|have worked|has worked)\s+as\s+(.*)$/i;
const IS_ROLE = /^(?:am|is|are|have been|has been)\s+(?:now\s+|currently\s+|still\s+)?((?:an?|the)\s+.*)$/i;
// "Chen here, senior UX designer with Spotify", "Maya here, 34, nurse at Royal Free": an introduction's role and employer
const HERE_ROLE = /^here\b[,\s]+(?:(?:\d{1,3}|aged\s+\d{1,3})\s*,\s*)?(.*)$/i;
const STARTS = new RegExp(
  `^((?:got|have|have got|has got|landed|took|took on|picked up|accepted|started|starting|start|will start|am starting|begin|began|found|got offered|was offered)\\s+(?:a|an|my|the|his|her)\\s+(?:[a-z-]+\\s+){0,2}(?:job|position|role|gig|internship|apprenticeship|residency|placement|fellowship|contract)|started working|started|start|starts|starting|am starting|is starting|will start|will be starting|began|begin|begins|joined|join|joins|joining|am joining|is joining|will join|will be joining|got hired|was hired|have been hired|have started|has started|got poached|was poached|got headhunted|was headhunted|(?:have\\s+|has\\s+)?(?:accepted|took)\\s+(?:an?\\s+|the\\s+)?(?:job\\s+)?offer|(?:have\\s+|has\\s+)?signed)` +
    `(?:\\s+as\\s+(.+?)(?=\\s+(?:at|with|for|by|from)\\s))?\\s+((?:at|with|for|by|from)\\s+)?(.*)$`,
  'i',
);
const NEW_JOB_STARTS = /\bmy\s+(?:new\s+)?(?:job|position|role|internship)\s+(?:at|with)\s+(.*?)\s+(?:starts|begins|will start|will begin|is starting)\b/i;
const WILL_BE_AT = /^(?:will be|am going to be)\s+(?:working\s+)?(?:at|with|for)\s+(.*)$/i;
const FIRST_DAY = /\bmy first day (?:as (?:an? )?(?:[a-z-]+ ){0,2}?[a-z-]+ )?(?:at|with) (.*)$/i;
const LAST_DAY = /\bmy (?:last|final) day(?: (?:at|with) (.*?))?(?: was\b|$| is\b| will be\b)/i;
// "handed in my resignation, last day is the 15th": the same, its "my" dropped, where the sentence is about leaving
const BARE_LAST_DAY = /^(?:the\s+)?(?:last|final) day(?: (?:at|with) (.*?))?(?: was\b| is\b| will be\b)/i;
const LEAVES = /^(?:left|quit|quits|resigned from|handed in my (?:notice|resignation) at|gave (?:my )?notice at|put in my notice at|(?:put|handed|gave) in my two weeks(?:'? notice)? at|gave (?:my )?two weeks(?:'? notice)? at|have left|has left|have quit|has quit|stopped working (?:at|for)|walked away from|am leaving|is leaving|will leave|will be leaving)\s+(?:(?:my|his|her|their)\s+(?:job|position|role)(?:\s+(?:at|with)\s+(.*))?|(?:the\s+)?job|(.*))$/i;
// a job qualified as held besides another (lower case: "the Wagamama gig" names its employer instead)
const SIDE_JOB_ENDED =
  /^(?:[Ll]eft|[Qq]uit|[Dd]ropped|[Ss]topped|[Gg]ave up|have (?:left|quit|dropped|stopped)|am (?:leaving|quitting|dropping)|will (?:leave|quit|drop))\s+(?:my|the)\s+(?:(\p{Lu}[\p{L}'&-]*(?:\s+\p{Lu}[\p{L}'&-]*)*)\s+|(second|side|weekend|evening|night|nights|part-time|other|extra|morning|weekday|saturday|sunday)\s+)(?:job|gig|shift|shifts|hustle|work)\b(?:\s+(?:at|with|for)\s+(.*))?/u;
const LEFT_WHEN = /^(?:(?:at|in|on|around|by)\s+the\s+(?:end|start|beginning|middle)\b|(?:in|on|around|back\s+in)\s+(?:early\s+|late\s+|mid-?\s*)?(?:january|february|march|april|may|june|july|august|september|october|november|december|\d)|last\s+(?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|yesterday\b|(?:a|one|two|three|four|five|six|a few|a couple(?:\s+of)?)\s+(?:days?|weeks?|months?|years?)\s+ago\b)/i;
const QUIT_ALONE = /^(?:quit|resigned|have quit|have resigned|handed in my notice|handed in my resignation|gave (?:my )?notice|put in my notice)\b/i;
const LOST_JOB = /^(?:got|was|were|have been|has been|am being|just got)?\s*(?:laid off|fired|let go|made redundant|sacked)\b|^(?:lost (?:my|his|her|their) job)\b|^(?:am|is|are|have been|has been)\s+(?:now\s+|currently\s+)?(?:unemployed|between jobs|out of work|jobless)\b/i;
// "I went freelance", "I'm a freelancer now", "I work for myself": no employer any more
const FREELANCE = /^(?:went|have gone|has gone|am going|is going)\s+(?:freelance|self-employed|solo)\b|^(?:am|is|are)\s+(?:now\s+)?(?:an?\s+)?(?:freelancer|freelancing|self-employed|my own boss|(?:freelance|self-employed)\s+[a-z]+)\b|^(?:work|works|am working)\s+for\s+(?:myself|herself|himself)\b/i;
const RETIRED = /^(?:retired|took (?:early )?retirement|am retired|is retired|have retired|has retired|am retiring|retiring|will retire|will be retiring|retire)\b/i;
const NO_LONGER = /^(?:no longer|am no longer|do not|does not|am not|is not|are not)\s+(work|live|have|own|teach|(?=at\b|with\b|in\b))\s*(?:(?:at|for|in|with)\s+)?(.*?)(?:\s+(?:anymore|any more))?$/i;
const NO_LONGER_GUARD = /^(?:no longer|am no longer)|\b(?:anymore|any more)\b/i;
const LIVES = /^(?:live|lives|am living|is living|are living|have lived|has lived|have been living|has been living|am based|is based|are based|based|am renting|are renting|is renting|renting|rent|rents|reside|resides|am settled|are settled|am staying|have been staying|living)\s+(?:together\s+)?(?:with\s+(?:[\w'-]+\s+){1,3}?(?=in\b))?(?:(?:(?:here|there|up|down|out|over|right)\s+)?(?:in|at)\s+(.*)|((?:here|there)\b.*))$/i;
const MOVES = /^(?:(moved|have moved|has moved|relocated|have relocated|has relocated|moved back|moved here)|(am moving|is moving|are moving|will move|will be moving|move|moves|moving|am relocating|are relocating|will relocate|relocating))\s+(?:(?:back|down|up|over|across|away)\s+)?(?:home\s+(?=to\b))?(?:(?:to|into|in)\s+)?(.*)$/i;
const MOVE_FOR_JOB = /\b(?:for\s+(?:a|an|my|the|his|her|their)\s+(?:new\s+)?(?:job|position|role|post)|to\s+(?:work|start))\s+(?:at|with|for)\s+(.*)$/i;
// "I rent a small place in Denver"
const RENTS = /^(?:rent|rents|am renting|rented|share|shares|am sharing|got|found|have got|have found)\s+(?:a|an|the|my|our)\s+(?:[a-z-]+\s+){0,2}(?:place|flat|apartment|house|condo|room|studio|loft|home)\s+in\s+(.*)$/i;
// "EY let me go", "Acme laid me off": the speaker's job there ended
// "Lamborghini hired me", "Figma poached me": the speaker's job there began
const HIRED_ME = /^(?:hired me|has hired me|took me on|poached me|headhunted me|brought me on(?:board)?|offered me (?:a|the) (?:job|position|role))\b/i;
const LET_GO = /^(?:let me go|laid me off|fired me|made me redundant|terminated me)\b/i;
const MOVED_OUT = /^(?:moved out of|left)\s+(.*)$/i;
// "I've been in Denver since 2019": a home when the clause says how long
const BEEN_IN = /^(?:have|has) been in\s+(\p{Lu}.*)$/u;
// "I'm on the marketing team at Spotify", "she's in the legal department of Ford"
const ON_TEAM = /^(?:am|is|are)\s+(?:on|in|with)\s+(?:the\s+|a\s+|an\s+)?(?:[a-z-]+\s+){0,3}(?:team|department|group|division|staff)\s+(?:at|of|for|with)\s+(.*)$/i;
// "Priya left for Google", "I'm leaving Acme for Globex": a new job, and the old one ended
const NTH_YEAR = /^(?:am|is|are)\s+(?:now\s+)?in\s+(?:my|his|her|their|our)\s+(?:first|second|third|fourth|fifth|sixth|\d{1,2}(?:st|nd|rd|th))\s+year\s+(?:at|with)\s+(.*)$/i;
const WORK_WORDS = /\b(?:job|role|offer|company|coworker|colleague|boss|team)\b/i;
const SCHOOL = /\b(?:University|College|School|Elementary|Academy)\b/;
const SWITCHED = /^(?:transferred|got transferred|was transferred|have transferred|switched|have switched|switched over|moved over|went over|jumped ship|jumped|hopped over|changed jobs|switched jobs|switched companies)\s+(?:jobs\s+|companies\s+)?to\s+(.*)$/i;
const LEFT_FOR = /^(left|quit|have left|has left|am leaving|is leaving|will leave|will be leaving)\s+(?:(.*?)\s+)?for\s+(.*)$/i;
// "Someone stole my bike" ("my car got stolen": THING_GONE)
const STOLEN = /^(?:someone|somebody|thieves|they)\s+(?:stole|took)\s+(?:my|our)\s+(.*)$/i;
// longest first: "have adopted", "got ourselves" before "have", "got"
const HAS = /^(?:ended up (?:with|getting|adopting|buying)|wound up with|came home with|came back with|went home with|adopted ourselves|got ourselves|have adopted|brought home|has adopted|have bought|got myself|picked up|took home|have got|welcomed|now have|have had|has got|adopted|rescued|took in|has had|bought|drives|keeps|drive|rides|have|owns|keep|ride|has|own|got)\s+(.*)$/i;
const LOSES = /^(?:sold|have sold|gave away|gave|rehomed|had to (?:sell|give away|rehome|put down|put)|put|got rid of|have gotten rid of|lost|gave up|traded in)\s+((?:(?:my|our|the)\s+)?.*)$/i;
const DIES = /^(?:passed away|passed|died|has died|ran away|was put down|got put down|is no longer with us|crossed the rainbow bridge|went missing)\b/i;
const PET_GONE = new RegExp(`^(?:${Object.keys(HAS_NOUNS).filter((w) => HAS_NOUNS[w] === 'animal').join('|')})\\s+(\\p{Lu}[\\p{L}'-]*)\\s+(.*)$`, 'u');
const THING_GONE = new RegExp(`^(?:the|my|our)\\s+(?:[a-z]+\\s+)?(${Object.keys(HAS_NOUNS).filter((w) => HAS_NOUNS[w] === 'thing').join('|')})\\s+(?:got|was|has been|were)\\s+(?:stolen|totaled|totalled|written off|destroyed|repossessed|wrecked)\\b`, 'i');
const NAMED_GONE = /^(?:[Mm]y|[Oo]ur)\s+(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?)\s+(?:got|was|has been)\s+(?:stolen|totaled|totalled|written off|destroyed|repossessed|wrecked)\b/u;
const PARTNERED = /^(?:am|is|are|got|have been|has been)\s+(?:happily\s+)?(?:married|engaged)\s+to\s+(.*)$|^(?:married|am dating|is dating|started dating|have been dating|am seeing|am with|is with)\s+(.*)$/i;
const WED = /^(?:got married|got engaged|are married|are engaged|married|tied the knot)\b/i;
const BREAKUP = /^(?:broke up|split up|separated|got divorced|are divorced|am divorced|is divorced|divorced|called it quits|ended things|are no longer together|are not together anymore)(?:\s+with\s+(.*))?/i;
const VISITS = /^(?:visited|went|traveled|travelled|flew|drove|took a trip|got back from|came back from|returned from|spent\s+(?:a|the|two|three|a few)\s+\w+\s+in|have been to|was in|were in|stayed in|am back from|have visited|went back)\s+(?:back\s+)?(?:to\s+)?(.*)$/i;

// "Lagos is where I live", "Cairo has been my home for ages", "Home for me is Madrid": the speaker's home, told from the place
const HOME_IS = /^(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)\s+(?:is|has been|has always been)\s+(?:where\s+(?:I|we)\s+(?:live|am living|are living|call home)|(?:(?:my|our)\s+)?home)\b|^home(?:\s+for\s+(?:me|us))?\s+is\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)/u;
/** The place a clause says is the speaker's home without a verb of living, or undefined. */
export function homeStatement(text: string): string | undefined {
  const m = HOME_IS.exec(text.replace(/^home/i, 'home'));
  return m === null ? undefined : (m[1] ?? m[2]);
}

const job = (object: string | NonNullable<StateHit['object']>): StateHit => ({ op: 'assert', predicate: 'works_at', object: typeof object === 'string' ? { name: object, type: 'organization' } : object });
const nameOf = (o: NonNullable<StateHit['object']>): string => ('name' in o ? o.name : o.value);
const title = (role: string): StateHit => ({ op: 'assert', predicate: 'job_title', object: { value: role } });

/** The state hits of one clause about its subject. */
export function stateHits(clause: Clause, ctx: RuleContext): StateHit[] {
  if (clause.irrealis) return [];
  // "my brother Ian and his wife live in Perth": what the pair does, the named one does
  let rest = plainVerb(clause.rest.replace(ADV, ''));
  if (rest.startsWith('and ')) rest = rest.replace(/^and\s+(?:his|her|their)\s+[\p{L}-]+\s+/u, '');
  const out: StateHit[] = [];
  if (readEnding(rest, clause, ctx, out) || readJob(rest, clause, ctx, out) || readHome(rest, ctx, out) || readRelation(rest, clause, out)) return out;
  readHas(rest, out);
  return out;
}

// "have just started" → "have started"; "have spent ten years working at" → "working at" (the time stays in the clause);
// "just finished moving into" → "moved into"
const AUX_ADV = /^(am|is|are|have|has|had|was|were|will)\s+(?:(?:just|finally|recently|now|already|also|officially|actually|still|currently|really|back)\s+)+/i;
const SPENT = /^(?:have\s+|has\s+)?spent\s+(?:the\s+(?:last|past)\s+)?(?:[\w-]+\s+){1,2}(?:years?|months?|weeks?)\s+(?=(?:working|living|teaching)\b)/i;
const FINISHED_MOVING = /^(?:have\s+|has\s+)?(?:just\s+)?(?:finished|done)\s+moving\b/i;
// "I worked at IBM from 2015 to 2019": a past job or home told with both ends is a fact over that range
const PAST_RANGE = /^(worked|lived)\b(?=.*\b(?:from|between)\s+\d{4}\s+(?:to|until|till|through|and|-)\s+\d{4}\b)/i;
// "(I) guess we have a goldfish now", "(I) should say we live in Braga", "(I) do have a bike": a hedge or an emphatic "do" before the verb
const HEDGE = /^(?:(?:guess|think|suppose|believe|reckon)\s+(?:that\s+)?(?:I|we)\s+)?(?:do|does)\s+(?=(?:have|has|own|owns|live|lives|work|works)\b)|^(?:guess|think|suppose|believe|reckon|should\s+say|should\s+have\s+said)\s+(?:that\s+)?(?:I|we)\s+/i;
function plainVerb(rest: string): string {
  const r = rest.startsWith('worked') || rest.startsWith('lived') ? rest.replace(PAST_RANGE, (v) => v.slice(0, -2)) : rest.startsWith('been ') || rest.startsWith('Been ') ? `have been ${rest.slice(5)}` : rest;
  return r.replace(HEDGE, '').replace(AUX_ADV, '$1 ').replace(SPENT, '').replace(FINISHED_MOVING, 'moved');
}

// "I'm at Novartis these days", "still at Zalando": a present "at" an organisation is a job when the clause says it lasts
const AT_ORG = /^(?:am|is|are)\s+(?:(?:stuck|back)\s+)?(?:at|with)\s+(.*)$/i;
const LASTING = /\b(?:these days|nowadays|now|currently|still|stuck|full-time|part-time|since|for\s+(?:\w+\s+)?(?:years?|months?))\b/i;
// "I do backend work over at Stripe", "I do chip design at Intel"
// "my second job is at Kumon", "my weekend gig's with Deliveroo": a job said from the job
const JOB_IS_AT = /^my\s+(?:[a-z-]+\s+)?(?:job|gig|work|shift|hustle)(?:\s+is|'s)\s+(?:at|with|for)\s+(.*)$/i;
const ALSO_AT = /^(?:at|with|for)\s+(.*)$/i;
const DOES_WORK = /^(?:do|does)\s+(?!not\b|never\b)(?:[a-z-]+\s+){1,3}?(?:over\s+)?(?:at|for)\s+(.*)$/i;

function readJob(rest: string, clause: Clause, ctx: RuleContext, out: StateHit[]): boolean {
  // each part: true (read), false (the clause is a job's but says nothing usable), undefined (not its form)
  return readJobHeld(rest, clause, ctx, out) ?? readJobChange(rest, clause, ctx, out) ?? readJobRole(rest, clause, out);
}

/** A job held or started: "I work at", "I'm at Novartis these days", "joined Shopify". */
function readJobHeld(rest: string, clause: Clause, ctx: RuleContext, out: StateHit[]): boolean | undefined {
  // "my second job is at Kumon"; "I work at Acme and also at Blue Bottle on weekends" (the clause borrows "I work")
  const which = JOB_IS_AT.exec(rest) ?? (clause.elliptical && /^(?:also|too)\s/i.test(clause.rest) && ctx.workTalk?.() === true ? ALSO_AT.exec(rest) : null);
  if (which !== null) {
    const org = EMPLOYER(which[1]!);
    if (org !== undefined) out.push(job(org));
    return org !== undefined;
  }
  const at = AT_ORG.exec(rest) ?? DOES_WORK.exec(rest);
  if (at !== null && (!/^(?:am|is|are)\b/i.test(rest) || LASTING.test(clause.text) || ctx.workTalk?.() === true)) {
    const org = ORG(at[1]!);
    if (org !== undefined) {
      out.push(job(org));
      return true;
    }
  }
  let m = WORKS.exec(rest);
  if (m !== null) {
    const org = EMPLOYER(m[2]!);
    if (org === undefined) return false;
    const roleAfter = /^.*?\s+as\s+(.*)$/.exec(m[2]!.slice(m[2]!.indexOf(nameOf(org)) + nameOf(org).length))?.[1];
    out.push(job(org));
    const role = readRole(m[1] ?? roleAfter ?? '', false);
    if (role !== undefined) out.push(title(role.value));
    return true;
  }
  m = STARTS.exec(rest);
  // "joined Shopify" names the employer at once; "started a new job as a Financial Analyst" names none
  if (m !== null && (m[3] !== undefined || /^(?:joined|join|joins|joining|am joining|is joining|will join|will be joining)$/i.test(m[1]!))) {
    // "joining a startup called Zipline": the name an unnamed employer goes by
    const called = ORG(m[4]!) === undefined ? EMPLOYER(m[4]!) : undefined;
    const org = ORG(m[4]!) ?? (called !== undefined && 'name' in called ? { name: called.name, type: 'organization' } : undefined);
    if (org === undefined) return false;
    if (ctx.declined?.() === true) return true;
    const future = /^(?:start|starts|starting|am starting|is starting|will|begin|begins|join|joins|joining|am joining|is joining)(?:\s|$)/i.test(m[1]!);
    // "my son Jack started at Oxford University": a school is studied at
    const school = SCHOOL.test(org.name) && m[2] === undefined && !/\bas\s/i.test(m[4]!) && !/offer|hired|signed|poached|headhunted|job|position|role|contract/i.test(m[1]!);
    if (school) out.push({ op: 'assert', predicate: 'studies_at', object: org, future });
    if (school) return true;
    out.push({ ...job(org.name), future, change: true });
    const role = readRole(m[2] ?? /^.*?\s+as\s+(.*)$/.exec(m[4]!.slice(org.name.length))?.[1] ?? '', false);
    if (role !== undefined) out.push({ ...title(role.value), future });
    return true;
  }
  return undefined;
}

/** A change of job told without a verb of working: "switched to", "on the team at", "I start on June 3", "my first day at". */
function readJobChange(rest: string, clause: Clause, ctx: RuleContext, out: StateHit[]): boolean | undefined {
  // "switched to St Luke's", "moved over to Spotify, same kind of role": a new employer when work is what the talk is about
  let m = SWITCHED.exec(rest);
  if (m !== null && (WORK_WORDS.test(clause.text) || (/^(?:switched|have switched|jumped|hopped|transferred|got transferred|was transferred|have transferred)/i.test(rest) && ctx.hasJob?.() === true))) {
    const found = EMPLOYER(m[1]!);
    const org = found !== undefined && 'name' in found ? { name: found.name, type: 'organization' } : undefined;
    if (org !== undefined) out.push({ ...job(org), change: true });
    if (org !== undefined) return true;
  }
  // "I'm in my second year at Deloitte": a job (or a school) the subject is in
  m = NTH_YEAR.exec(rest);
  const inYear = m === null ? undefined : ORG(m[1]!);
  if (inYear !== undefined) {
    out.push(SCHOOL.test(inYear.name) ? { op: 'assert', predicate: 'studies_at', object: inYear } : job(inYear));
    return true;
  }
  m = ON_TEAM.exec(rest);
  if (m !== null) {
    const org = ORG(m[1]!);
    if (org !== undefined) out.push(job(org));
    if (org !== undefined) return true;
  }
  m = /^(?:have been|has been|am now|am currently|is now)\s+(?:at|with)\s+(.*)$/i.exec(rest);
  if (m !== null) {
    const org = ORG(m[1]!);
    if (org !== undefined) out.push(job(org));
    if (org !== undefined) return true;
  }
  // "… got hired by PwC and I start on June 3": a start with a date and no employer dates the turn's new job
  m = /^(?:start|starts|starting|will start|am starting|begin|will begin|(began|started))\b(?!\s+(?:at|with|for|by|working|a|my|the)\b)/i.exec(rest);
  if (m !== null) {
    out.push({ op: 'assert', predicate: 'works_at', future: m[1] === undefined, dateOnly: true });
    return true;
  }
  // "my new job at IBM starts next Monday", "I will be at Google starting Monday": a job ahead, when the clause dates it
  const ahead = NEW_JOB_STARTS.exec(clause.text) ?? (/\b(?:start|starting|from)\b/i.test(clause.text) ? WILL_BE_AT.exec(rest) : null);
  const aheadOrg = ahead === null ? undefined : ORG(ahead[1]!);
  if (aheadOrg !== undefined) {
    out.push({ ...job(aheadOrg), future: true });
    return true;
  }
  if (/^my first day (?:is|will be)\b/i.test(clause.text)) {
    out.push({ op: 'assert', predicate: 'works_at', future: true, dateOnly: true });
    return true;
  }
  const first = FIRST_DAY.exec(clause.text);
  if (first !== null) {
    const org = ORG(first[1]!);
    if (org !== undefined) out.push({ ...job(org.name), change: true });
    return org !== undefined;
  }
  return undefined;
}

/** A role: "I work as", "promoted to", "Maya here, nurse at Royal Free", "I'm a designer at Acme". */
function readJobRole(rest: string, clause: Clause, out: StateHit[]): boolean {
  let m = WORKS_AS.exec(rest);
  if (m !== null) {
    const role = readRole(m[1]!, false);
    if (role !== undefined) out.push(title(role.value));
    return role !== undefined;
  }
  m = /^(?:got\s+)?promoted\s+to\s+(.*)$|^(?:became|have become|has become)\s+(.*)$/i.exec(rest);
  if (m !== null) {
    const role = readRole(m[1] ?? m[2]!, m[2] !== undefined);
    if (role !== undefined) out.push(title(role.value));
    return role !== undefined;
  }
  m = rest.startsWith('here') ? HERE_ROLE.exec(rest) : null;
  const intro = m === null ? undefined : readRole(m[1]!, true);
  const introAt = intro === undefined ? null : /^\s*(?:at|with|for)\s+(.*)$/i.exec(intro.rest);
  const introOrg = introAt === null ? undefined : EMPLOYER(introAt[1]!);
  if (intro !== undefined && introOrg !== undefined) {
    out.push(job(introOrg), title(intro.value));
    return true;
  }
  m = IS_ROLE.exec(rest);
  if (m !== null) {
    // "the head chef at Dishoom" is a role; "the youngest at Acme" is not
    const role = readRole(m[1]!, /^the\s/i.test(m[1]!));
    if (role === undefined) return false;
    const at = /^\s*(?:at|for|with)\s+(.*)$/i.exec(role.rest);
    const org = at === null ? undefined : EMPLOYER(at[1]!);
    if (STUDY_ROLES.test(role.value)) {
      if (org !== undefined) out.push({ op: 'assert', predicate: 'studies_at', object: org });
      return org !== undefined;
    }
    if (org !== undefined) out.push(job(org), title(role.value));
    // "I'm the head chef" alone is too often no job at all ("the oldest", "the boss here"): only with its employer
    else if (!/^the\s/i.test(m[1]!) && readRole(m[1]!, true) !== undefined) out.push(title(role.value));
    return out.length > 0;
  }
  return false;
}

// "we're still in Bristol", "I've called Chicago home since 2012"; a stay ("in Paris this week", "for a conference") is no home
const IN_PLACE = /^(?:am|is|are)\s+(?:(?:still|now|currently)\s+)?(?:(?:over|out|up|down|back)\s+)?in\s+(.*)$/i;
const STAY = /\b(?:this|next|last)\s+(?:week|weekend|month)\b|\b(?:today|tonight|right now|at the moment|visiting|for\s+(?:a|the|work|business|vacation|holiday|a\s+\w+)|on\s+(?:a\s+)?(?:trip|holiday|vacation|business))\b|\?/i;
const CALLS_HOME = /^(?:have\s+|has\s+)?(?:called|call|calls)\s+(.*?)\s+home\b/i;

function readHome(rest: string, ctx: RuleContext, out: StateHit[]): boolean {
  let m = IN_PLACE.exec(rest) ?? CALLS_HOME.exec(rest);
  if (m !== null && !(IN_PLACE.test(rest) && STAY.test(rest) && !/\bmoved\b/i.test(rest))) {
    const place = PLACE(m[1]!, ctx);
    if (place !== undefined) out.push({ op: 'assert', predicate: 'lives_in', object: place });
    if (place !== undefined) return true;
  }
  m = LIVES.exec(rest);
  if (m !== null) {
    const place = PLACE(m[1] ?? m[2]!, ctx);
    if (place !== undefined) out.push({ op: 'assert', predicate: 'lives_in', object: place });
    return place !== undefined;
  }
  m = RENTS.exec(rest);
  // "got a place in Milan" is a home; "got a place in Tuscany for the summer" a stay
  if (m !== null && !(/^(?:got|found|have)/i.test(rest) && STAY.test(rest))) {
    const place = PLACE(m[1]!, ctx);
    if (place !== undefined) out.push({ op: 'assert', predicate: 'lives_in', object: place });
    return place !== undefined;
  }
  m = BEEN_IN.exec(rest);
  if (m !== null && !STAY.test(rest) && /\bsince\b|\bfor\b.*\b(?:years?|months?)\b/i.test(rest)) {
    const place = PLACE(m[1]!, ctx);
    if (place !== undefined) out.push({ op: 'assert', predicate: 'lives_in', object: place });
    return place !== undefined;
  }
  m = MOVES.exec(rest);
  if (m !== null) {
    if (/^out\b/i.test(m[3]!)) return false;
    // "moved back in with my parents in Tacoma"; "found a flat in Leeds and moved in last week": the place the turn named before
    const movedIn = ctx.lastPlace !== undefined && /^\w+(?:\s+\w+)?\s+in\b(?!\s+(?:with\b|\p{Lu}))/u.test(rest);
    const place = PLACE(m[3]!.replace(/^(?:in\s+)?with\s+(?:[\w'-]+\s+){1,3}?in\s+/i, ''), ctx) ?? (movedIn ? { name: ctx.lastPlace!, type: 'place' } : undefined);
    // "we're in Nice now, moved last month": a past move without a place dates the home the turn named
    if (place === undefined && m[1] !== undefined) out.push({ op: 'assert', predicate: 'lives_in', dateOnly: true });
    if (place === undefined) return m[1] !== undefined;
    out.push({ op: 'assert', predicate: 'lives_in', object: place, move: true, future: m[2] !== undefined });
    // "moved to Seattle for a job at Amazon", "moving to Austin to work at Dell": the job the move is for
    const forJob = MOVE_FOR_JOB.exec(m[3]!);
    const org = forJob === null ? undefined : ORG(forJob[1]!);
    if (org !== undefined) out.push({ ...job(org), future: m[2] !== undefined });
    return true;
  }
  // a visit changes no state; the older typed pattern (patterns.ts) records it as an event
  return VISITS.test(rest);
}

function readEnding(rest: string, clause: Clause, ctx: RuleContext, out: StateHit[]): boolean {
  // the first part: true (read), false (an ending's form that says nothing usable), undefined (not its form)
  return readJobOrHomeEnding(rest, clause, ctx, out) ?? readOtherEnding(rest, out);
}

/** A job or home that ended: "my last day was", "let me go", "moved out of", "left Acme for", "quit", "went freelance". */
function readJobOrHomeEnding(rest: string, clause: Clause, ctx: RuleContext, out: StateHit[]): boolean | undefined {
  if (JOB_ENDED.test(rest)) {
    const at = /^(?:my\s+|the\s+)?\w+\s+(?:at|with)\s+(.*)$/i.exec(rest);
    const org = at === null ? undefined : ORG(at[1]!);
    out.push({ op: 'retract', predicate: 'works_at', ...(org === undefined ? {} : { object: org }) });
    return true;
  }
  const bare = /^(?:the |last|final)/i.test(rest) ? BARE_LAST_DAY.exec(rest) : null;
  let m = LAST_DAY.exec(rest) ?? (bare !== null && (bare[1] !== undefined || ctx.leaving?.() === true) ? bare : null);
  if (m !== null) {
    const org = m[1] === undefined ? undefined : ORG(m[1]);
    out.push({ op: 'retract', predicate: 'works_at', ...(org === undefined ? {} : { object: org }), at: 'end' });
    return true;
  }
  if (HIRED_ME.test(rest)) {
    out.push({ op: 'assert', predicate: 'works_at', ofSpeaker: true });
    return true;
  }
  if (LET_GO.test(rest)) {
    out.push({ op: 'retract', predicate: 'works_at', ofSpeaker: true });
    return true;
  }
  m = MOVED_OUT.exec(rest);
  if (m !== null) {
    const name = readName(m[1]!);
    if (name !== undefined && (/^moved/i.test(rest) || ctx.isHome(name.value))) {
      out.push({ op: 'retract', predicate: 'lives_in', object: { name: name.value } });
      return true;
    }
  }
  m = LEFT_FOR.exec(rest);
  // "leaving Acme for a role at Google": the employer the role is at
  const next = m === null ? undefined : ORG(m[3]!.replace(/^(?:a|an|the)\s+(?:new\s+)?(?:job|role|position|post)\s+(?:at|with)\s+/i, ''));
  // "left for Paris" is a trip: a new employer needs the old one named or work in the clause
  if (m !== null && next !== undefined && (m[2] !== undefined || WORK_WORDS.test(clause.text))) {
    const old = m[2] === undefined ? undefined : ORG(m[2]);
    const future = /leav|will/i.test(m[1]!);
    if (old !== undefined) out.push({ op: 'retract', predicate: 'works_at', object: old, future });
    out.push({ ...job(next), future, change: true });
    return true;
  }
  m = STOLEN.exec(rest);
  if (m !== null) {
    for (const t of readThings(`my ${m[1]!}`)) out.push({ op: 'retract', predicate: 'has', object: t.name !== undefined ? { name: t.name } : { value: t.value! } });
    return out.length > 0;
  }
  // "I quit the weekend job at Kumon", "dropped the Wagamama gig", "left my second job"
  m = SIDE_JOB_ENDED.exec(rest);
  if (m !== null) {
    const org = m[3] !== undefined ? ORG(m[3]) : m[1] !== undefined ? ORG(m[1]) : undefined;
    if (org !== undefined || m[2] !== undefined) {
      out.push({ op: 'retract', predicate: 'works_at', ...(org === undefined ? { side: true } : { object: org }), future: /leaving|will/i.test(rest) });
      return true;
    }
  }
  m = LEAVES.exec(rest);
  if (m !== null) {
    const known = m[2] === undefined ? undefined : ctx.employer?.(m[2]);
    const org = m[1] !== undefined ? ORG(m[1]) : m[2] !== undefined ? (ORG(m[2]) ?? (known === undefined ? undefined : { name: known })) : undefined;
    // "I left at the end of May": a leaving told with its time only ends the job the subject has
    const timeOnly = m[2] !== undefined && org === undefined && LEFT_WHEN.test(m[2]) && ctx.hasJob?.() === true;
    if (m[2] !== undefined && org === undefined && !timeOnly) return false;
    out.push({ op: 'retract', predicate: 'works_at', ...(org === undefined ? {} : { object: org }), future: /leaving|will/i.test(rest) });
    return true;
  }
  if (QUIT_ALONE.test(rest) || LOST_JOB.test(rest) || RETIRED.test(rest) || FREELANCE.test(rest)) {
    out.push({ op: 'retract', predicate: 'works_at', future: /^(?:am retiring|retiring|will)/i.test(rest) });
    return true;
  }
  return undefined;
}

/** "no longer", a break-up, a thing sold or lost, a pet that died. */
function readOtherEnding(rest: string, out: StateHit[]): boolean {
  let m = NO_LONGER.exec(rest);
  if (m !== null && NO_LONGER_GUARD.test(rest)) {
    // "I'm not at EY anymore" (a job), "I'm not in Seattle anymore" (a home)
    const verb = m[1] !== '' ? m[1]!.toLowerCase() : /^\w+\s+not\s+in\b/i.test(rest) ? 'live' : 'work';
    const predicate = verb === 'live' ? 'lives_in' : verb === 'have' || verb === 'own' ? 'has' : 'works_at';
    const object = predicate === 'has' ? readThings(m[2]!)[0] : undefined;
    const name = predicate === 'has' ? undefined : readName(m[2]!);
    out.push({ op: 'retract', predicate, ...(name !== undefined ? { object: { name: name.value } } : object !== undefined ? { object: object.name !== undefined ? { name: object.name } : { value: object.value! } } : {}) });
    return true;
  }
  m = BREAKUP.exec(rest);
  if (m !== null) {
    const name = m[1] === undefined ? undefined : readName(m[1]);
    out.push({ op: 'retract', predicate: 'partner', ...(name === undefined ? {} : { object: { name: name.value } }) });
    return true;
  }
  m = LOSES.exec(rest);
  if (m !== null) {
    const things = readThings(m[1]!);
    const name = things.length === 0 ? readName(m[1]!) : undefined;
    // "put our dog Max down": only a putting down ends anything
    if (/^(?:had to put|put)\b/i.test(rest) && !/\bdown\b/i.test(rest)) return false;
    // "traded in my car for an e-bike", "traded in the Subaru for a Tesla": the new one is had
    const got = /^traded\b.*?\bfor\s+(.*)$/i.exec(rest);
    if (got !== null) readHas(`got ${got[1]!}`, out);
    if (name !== undefined && !/^gave/i.test(rest)) {
      // "lost Kiwi" / "sold Rex": a name
      out.push({ op: 'retract', predicate: 'has', object: { name: name.value } });
      return true;
    }
    if (name !== undefined) out.push({ op: 'retract', predicate: 'has', object: { name: name.value } });
    for (const t of things) out.push({ op: 'retract', predicate: 'has', object: t.name !== undefined ? { name: t.name } : { value: t.value! } });
    return out.length > 0;
  }
  // "Linda's cat Smudge died": the subject's named pet ended; "the laptop got stolen": the speaker's thing
  m = PET_GONE.exec(rest);
  if (m !== null && DIES.test(m[2]!)) {
    out.push({ op: 'retract', predicate: 'has', object: { name: m[1]! } });
    return true;
  }
  m = THING_GONE.exec(rest);
  if (m !== null) {
    out.push({ op: 'retract', predicate: 'has', object: { value: m[1]!.toLowerCase() } });
    return true;
  }
  // "my MacBook got stolen": a thing had by its name
  m = NAMED_GONE.exec(rest);
  if (m !== null) {
    out.push({ op: 'retract', predicate: 'has', object: { name: m[1]! } });
    return true;
  }
  if (DIES.test(rest)) {
    // the clause's subject is what ended: the caller turns it into the speaker's `has`
    out.push({ op: 'retract', predicate: 'has' });
    return true;
  }
  return false;}

function readRelation(rest: string, clause: Clause, out: StateHit[]): boolean {
  const m = PARTNERED.exec(rest);
  if (m !== null) {
    const name = readName(m[1] ?? m[2]!);
    if (name !== undefined) out.push({ op: 'assert', predicate: 'partner', object: { name: name.value, type: 'person' } });
    return name !== undefined;
  }
  if (WED.test(rest) && clause.subject?.kind === 'speaker') {
    out.push({ op: 'assert', predicate: 'partner' });
    return true;
  }
  return false;
}

function readHas(rest: string, out: StateHit[]): void {
  const m = HAS.exec(rest);
  if (m === null) return;
  for (const t of readThings(m[1]!)) {
    out.push({ op: 'assert', predicate: 'has', object: t.name !== undefined ? { name: t.name, type: t.type } : { value: t.value! } });
  }
}
