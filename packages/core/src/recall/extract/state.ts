import { ACQUAINTANCE_WORDS, FAMILY_WORDS, PARTNER_WORDS, normalise, readClause, splitClauses, type Clause } from './clauses.js';
import { CORRECTION_MARKER, correctedNames, neverHeld } from './corrections.js';
import { HAS_NOUNS } from './objects.js';
import { heldBesides, maySaySeveralJobs, severalJobs } from './side-jobs.js';
import { DEFAULT_ONTOLOGY } from './ontology.js';
import { priorSpans } from './prior-spans.js';
import { IT_GONE, lastThing, sentences } from './turn-text.js';
import { endAtTheStart, objectKey, settle, startAtTheEnd } from './turn-settle.js';
import { homeStatement, stateHits, type RuleContext, type StateHit } from './state-rules.js';
import { clauseTimes, monthWindow, type ClauseTime, type Tense } from './times.js';
import { mayTellState } from './triggers.js';
import { fold } from './speakers.js';

/**
 * The speaker's state and its changes, turn by turn: facts to assert (with the valid time the turn names)
 * and facts to retract (endings and corrections), for the speaker and for the people the speaker names.
 * One reader per conversation memory: it remembers what it asserted before (subject, predicate, object and
 * from when), so a later "Buster, not Biscuit" or "in May, not March" knows which fact to replace and
 * keeps its valid time. Deterministic; results depend on the order of turns.
 */

export interface StateFact {
  subject: string;
  predicate: string;
  object: { name: string; type?: string } | { value: string };
  validFrom?: number;
  validTo?: number;
  confidence: number;
  edgeType: 'semantic' | 'temporal';
  /** a job held besides the subject's others ("my second job", "I also work at"): it supersedes none */
  alongside?: boolean;
}

export interface StateRetraction {
  subject: string;
  predicate: string;
  /** a name or a literal; none: every object */
  object?: string | { value: string };
  validFrom: number;
  validTo?: number;
  reason: string;
}

export interface TurnState {
  facts: StateFact[];
  retractions: StateRetraction[];
  /** named people the turn is about (typed 'person'), besides the ends of facts */
  people: string[];
}

/** How sure each kind of state fact is (the grounding gate compares against these). */
export const STATE_CONFIDENCE: Readonly<Record<string, number>> = {
  lives_in: 0.8,
  works_at: 0.8,
  job_title: 0.75,
  studies_at: 0.75,
  partner: 0.8,
  has: 0.75,
  moved_to: 0.8,
  visited: 0.7,
};

const DAY = 86_400_000;
const MAY_CORRECT = /not|never|meant|mean|spoke|actually|sorry|oops|wrong|said|wait|scratch|should say/i;
const PAST = /\b(?:\w{3,}ed|died|ran|was|were|got|left|quit|sold|gave|took|began|became|broke|had|did|went|came|flew|drove|lost|made|met|ago|since|back in|bought|joined)\b/i;
const FUTURE = /\b(?:will|going to|next|start|starts|starting|begin|begins|upcoming|move|moving|joining)\b/i;
const WHOLE_TIME = /\b(?:the whole time|ever since|since then|all along)\b/i;
const FUTURE_FIRST = /^(?:(?:am|is|are)\s+(?:\w+\s+)?(?:moving|starting|joining|relocating|leaving|retiring|beginning)|will|(?:am|is|are)\s+going\s+to)\b/i;
const PLACE_MENTION = /\b(?:to|in|from)\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)/gu;
const RELATION_SCAN = new RegExp(
  `\\b(?:[Mm]y|[Oo]ur)\\s+(?:(?:new|little|old|best|older|younger|big|baby|sweet|rescue)\\s+)?(${[...PARTNER_WORDS, ...FAMILY_WORDS, ...ACQUAINTANCE_WORDS, ...Object.keys(HAS_NOUNS)].join('|')})(?![\\p{L}])(?:,)?(?:\\s+(?:is\\s+|was\\s+)?(?:called|named))?(?:\\s+(\\p{Lu}[\\p{L}'-]*))?`,
  'gu',
);
const DECLINED = /\bturned\s+(?:it|them|(?:the|that)\s+(?:offer|job|role))\s+down\b|\bdeclined\b|\bsaid no\b|\bdid not (?:take|accept) it\b|\bpassed on it\b/i;
const LIVED_HERE = /\bliv(?:e|es|ed|ing)\s+here\b/i;
const LEAVING = /resign|notice|\bquit|leaving/i;
const WORK_TALK = /\bwork(?:s|ing)?\b|\bjobs?\b/i;
// sticky: the names must follow one another ("Emma and Noah, both…" stops at "both")
const MORE_NAMES = /\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)(\p{Lu}[\p{L}'-]*)/guy;
const HAVE_MY = /\b(?:have|has|had|got)\s+(?:[Mm]y|[Oo]ur)\b/;
const CHILDREN = new Set('kid kids child children son sons daughter daughters baby twins'.split(' '));
const NOT_A_NAME = new RegExp(`^(?:I|The|And|But|So|Is|Was|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Today|Yesterday)$`);

/** What the turn said before the current clause: its clauses, or a whole sentence no state rule could read (cut only if asked). */
type Said = { clause: string } | { sentence: string };

/** The last place the turn named before the current clause ("… to Lyon, I move there"), or undefined. */
function lastPlace(said: readonly Said[]): string | undefined {
  let text = '';
  for (const s of said) text += 'clause' in s ? ` ${s.clause}` : splitClauses(s.sentence).map((c) => ` ${c}`).join('');
  let place: string | undefined;
  for (const m of text.matchAll(PLACE_MENTION)) place = m[1];
  return place;
}

interface Belief {
  subject: string;
  predicate: string;
  object: StateFact['object'];
  from: number;
  /** told as held besides another ("my weekend job") */
  alongside?: boolean;
}


export class StateReader {
  private readonly beliefs = new Map<string, Belief>();
  private readonly homes = new Set<string>();
  private readonly isHome = (name: string): boolean => this.homes.has(fold(name));
  /** the person each relation word last named ("dad" → "Carlos") */
  private readonly relatives = new Map<string, string>();
  /** the names the last turn that said anything asserted, for a bare "sorry, I meant Apex" */
  private lastSaid: string[] = [];
  /** the beliefs the last turn that dated any began, for a bare "oops, February actually" */
  private lastDated: Belief[] = [];
  /** what a correction restores for the turn (kept out of the beliefs) */
  private restored: StateFact[] = [];
  /** the sentence being read (a job's "also" may compare it with someone else's: side-jobs.ts) */
  private sentence = '';
  /** the last third person a clause said something about, for "he" / "she" */
  private lastPerson: string | undefined;

  /**
   * The state facts and retractions of one turn said by `speaker` at `at`; `resolve` maps a name to the
   * speaker it stands for ("Maya Chen" → "Maya"), or undefined.
   */
  read(text: string, at: number, speaker: string, resolve: (name: string) => string | undefined): TurnState {
    const out: TurnState = { facts: [], retractions: [], people: [] };
    if (this.restored.length > 0) this.restored = [];
    const norm = normalise(text);
    // the turn before the current clause, for "there" ("… to Lyon, I move there on June 15")
    const said: Said[] = [];
    for (const sentence of sentences(norm)) {
      // every correction form says "not", "never" or a marker word; most sentences have none of them
      const correcting = MAY_CORRECT.test(sentence) && CORRECTION_MARKER.test(sentence);
      const before = out.facts.length;
      // most sentences hold no word any state rule needs: they are not even cut into clauses
      this.sentence = sentence;
      if (mayTellState(sentence)) this.readClauses(sentence, at, speaker, resolve, said, out);
      else said.push({ sentence });
      if (maySaySeveralJobs(sentence)) severalJobs(sentence, speaker, STATE_CONFIDENCE.works_at!, out);
      if (/\b(?:[Mm]y|[Oo]ur)\b/.test(sentence)) this.relations(sentence, speaker, resolve, out);
      if (NAMING_WORD.test(sentence) && !nameTheUnnamed(sentence, speaker, out) && !correcting) this.nameEarlierPet(sentence, speaker, out);
      if (correcting) this.correct(sentence, speaker, at, out, before);
    }
    priorSpans(norm, speaker, out, STATE_CONFIDENCE);
    startAtTheEnd(out, at);
    endAtTheStart(out, at);
    settle(out, at);
    let dated: Belief[] | undefined;
    for (const f of out.facts) {
      if (f.edgeType !== 'semantic') continue;
      const from = f.validFrom ?? at;
      const belief: Belief = { subject: f.subject, predicate: f.predicate, object: f.object, from, ...(f.alongside === true ? { alongside: true } : {}) };
      this.beliefs.set(`${fold(f.subject)}|${f.predicate}|${objectKey(f.object)}`, belief);
      if (f.validFrom !== undefined) (dated ??= []).push(belief);
      if (f.predicate === 'lives_in' && 'name' in f.object) this.homes.add(fold(f.object.name));
    }
    for (const r of out.retractions) if (r.object !== undefined) this.forget(r.subject, r.predicate, r.object, r.validFrom);
    // a version restored over a corrected span is no new belief about when it began
    if (this.restored.length > 0) out.facts.push(...this.restored);
    if (dated !== undefined) this.lastDated = dated;
    if (out.facts.length > 0) this.lastSaid = out.facts.filter((f) => f.edgeType === 'semantic' && 'name' in f.object).map((f) => f.object as { name: string }).map((o) => o.name);
    return out;
  }

  /** The state facts and retractions of one sentence's clauses, added to `out`; each clause then joins `said`. */
  private readClauses(sentence: string, at: number, speaker: string, resolve: (name: string) => string | undefined, said: Said[], out: TurnState): void {
    // one context per sentence; what only a few rules need is read only when they ask
    let who = speaker;
    const ctx: RuleContext = {
      lastPlace: undefined,
      isHome: this.isHome,
      workTalk: () => WORK_TALK.test(sentence),
      declined: () => DECLINED.test(sentence),
      leaving: () => LEAVING.test(sentence),
      hasJob: () => this.current(who, 'works_at') !== undefined,
      employer: (text) => {
        const job = this.current(who, 'works_at');
        return job !== undefined && text.toLowerCase().startsWith(job.toLowerCase()) && !/^[\p{L}\d]/u.test(text.slice(job.length)) ? job : undefined;
      },
    };
    let previous: Clause | undefined;
    let previousTimeOf: (() => ClauseTime | undefined) | undefined;
    for (const text of splitClauses(sentence)) {
      const clause = readClause(text, previous);
      // times are read only for a clause that says something (most do not); an elliptical clause borrows its predecessor's
      let time: ClauseTime | undefined | null = null;
      const timeOf = (): ClauseTime | undefined => {
        if (time !== null) return time;
        const tense: Tense = FUTURE_FIRST.test(clause.rest) ? 'future' : PAST.test(clause.rest) ? 'past' : FUTURE.test(clause.rest) ? 'future' : 'unknown';
        const times = clauseTimes(clause.text, at, tense);
        time = times.find((t) => t.kind !== 'point') ?? times[0];
        // "… and I've been at DBS the whole time": the previous clause's time
        if (time === undefined && (clause.elliptical || WHOLE_TIME.test(clause.text)) && previousTimeOf !== undefined) time = previousTimeOf();
        return time;
      };
      // "he" / "she": the last person the speaker named, if any
      if (clause.subject?.kind === 'other' && clause.subject.pronoun === true) {
        // "my daughter Emma …, she lives in Ann Arbor": a person the sentence named before, else the turn's last
        const person = namedBefore(sentence.slice(0, sentence.indexOf(text))) ?? this.lastPerson;
        if (person !== undefined) clause.subject = { kind: 'named', name: resolve(person) ?? person };
      }
      // "my dad moved to Monterrey": the dad the speaker named before ("my dad Carlos")
      const kin = clause.subject?.kind === 'other' && clause.subject.relation !== undefined ? this.relatives.get(clause.subject.relation) : undefined;
      if (kin !== undefined) clause.subject = { kind: 'named', name: kin };
      // "Mom retired": a relation word written as a name is the one the speaker named ("my mom Linda")
      const titled = clause.subject?.kind === 'named' ? this.relatives.get(clause.subject.name.toLowerCase()) : undefined;
      if (titled !== undefined) clause.subject = { kind: 'named', name: titled };
      speakerOwns(clause);
      talkedInto(clause);
      homeFirst(clause);
      // "my car broke down so I sold it": "it" is the last thing the turn named
      if (IT_GONE.test(clause.rest)) {
        const thing = lastThing(`${said.map((s) => ('clause' in s ? s.clause : s.sentence)).join(' ')} ${sentence.slice(0, sentence.indexOf(text))}`);
        if (thing !== undefined) clause.rest = clause.rest.replace(/\b(?:it|them)\b/i, `my ${thing}`);
      }
      // "they laid me off", "the company let me go": the speaker's job ended, whoever "they" are
      if (clause.subject?.kind === 'other' && !clause.irrealis && /\bme\b/.test(clause.rest)) {
        for (const hit of stateHits(clause, { lastPlace: undefined, isHome: () => false })) {
          if (hit.ofSpeaker !== true) continue;
          const from = timeOf()?.start ?? at;
          out.retractions.push({ subject: speaker, predicate: hit.predicate, validFrom: from, reason: clause.text });
          this.endAll(speaker, hit.predicate, from);
        }
      }
      if (clause.subject !== undefined && clause.subject.kind !== 'other') {
        who = clause.subject.kind === 'speaker' ? speaker : clause.subject.name.replace(/'s$/, '');
        // "I've lived here since 2019": the turn's last place, else the home the reader believes the subject has
        ctx.lastPlace = /\b(?:there|here)\b|\bmov\w*\s+in\b/i.test(clause.rest) ? (lastPlace(said) ?? (LIVED_HERE.test(clause.rest) || /\bmoved\s+here\b/i.test(clause.rest) ? this.current(who, 'lives_in') : undefined)) : undefined;
        const hits = stateHits(clause, ctx);
        if (hits.length > 0) {
          const named = clause.subject.kind === 'speaker' ? speaker : clause.subject.name.replace(/'s$/, '');
          const subject = clause.subject.kind === 'speaker' ? speaker : (resolve(named) ?? named);
          // a named subject becomes an entity only when the clause says something about them
          // "Lamborghini hired me": the named subject is the speaker's employer, not a person
          const employer = hits.every((h) => h.ofSpeaker === true);
          if (clause.subject.kind === 'named' && subject !== speaker && !employer) out.people.push(subject);
          if (clause.subject.kind === 'named' && subject !== speaker) this.lastPerson = subject;
          const withName = clause.subject.kind === 'speaker' ? clause.subject.with : undefined;
          const when = timeOf();
          for (const hit of hits) this.place(hit, subject, speaker, withName, clause, when, at, out);
        }
      }
      said.push({ clause: text });
      previous = clause;
      // a following elliptical clause may need this one's time (read then, if ever)
      previousTimeOf = timeOf;
    }
  }

  /** One hit of a clause, placed in time: a fact or a retraction (or nothing, for a start with no future date). */
  private place(hit: StateHit, subject: string, speaker: string, withName: string | undefined, clause: Clause, time: ClauseTime | undefined, at: number, out: TurnState): void {
    const confidence = STATE_CONFIDENCE[hit.predicate] ?? 0.7;
    if (hit.future === true && (time === undefined || time.start <= at - DAY)) return; // "I start at X" without a date: a plan
    if (hit.op === 'retract') {
      // "Rex passed away": what ended is the speaker's; "Jake and I broke up": the partner named beside "I"
      const died = (hit.predicate === 'has' && hit.object === undefined) || hit.ofSpeaker === true;
      if (died && subject === speaker) return;
      // "I resigned…, my final day is September 20": the named last day, not the turn, ends the job
      if (hit.at === 'end') out.retractions = out.retractions.filter((r) => !(r.subject === subject && r.predicate === hit.predicate && Math.abs(r.validFrom - at) < DAY));
      const who = died ? speaker : subject;
      const object = died ? subject : hit.object === undefined ? (hit.predicate === 'partner' ? withName : undefined) : 'name' in hit.object ? hit.object.name : { value: hit.object.value };
      const from = time === undefined ? at : hit.at === 'end' ? time.end : time.start;
      // "quit my weekend job": the job told as held besides the other, when the reader knows one
      // (not knowing which job that is, it ends none: "my second job" is never every job)
      if (hit.side === true) {
        const side = this.sideJob(who);
        if (side !== undefined) out.retractions.push({ subject: who, predicate: hit.predicate, object: side, validFrom: from, reason: clause.text });
        return;
      }
      out.retractions.push({ subject: who, predicate: hit.predicate, ...(object === undefined ? {} : { object }), validFrom: from, reason: clause.text });
      if (hit.predicate === 'works_at' && hit.object === undefined) this.endAll(who, 'works_at', from);
      return;
    }
    if (hit.dateOnly === true) {
      // "got hired by Globex last week, starting there on the 16th": the start, not the hiring, dates the job
      const last = [...out.facts].reverse().find((f) => f.subject === subject && f.predicate === hit.predicate && (f.validFrom === undefined || (time !== undefined && hit.future === true && f.validFrom < time.start)));
      if (last !== undefined && time !== undefined) last.validFrom = time.start;
      return;
    }
    if (hit.ofSpeaker === true && subject !== speaker) {
      out.facts.push({ subject: speaker, predicate: hit.predicate, object: { name: subject, type: 'organization' }, ...(time === undefined ? {} : { validFrom: time.start }), confidence, edgeType: 'semantic' });
      return;
    }
    const object = hit.object ?? (withName === undefined ? undefined : { name: withName, type: 'person' });
    if (object === undefined) return;
    const from = time?.start;
    if (hit.event === true) {
      const window = time === undefined ? { validFrom: Math.floor(at / DAY) * DAY, validTo: Math.floor(at / DAY) * DAY + DAY } : { validFrom: time.start, validTo: time.end };
      out.facts.push({ subject, predicate: hit.predicate, object, ...window, confidence, edgeType: 'temporal' });
      return;
    }
    // "I worked at IBM from 2015 to 2019": held over the range only
    const to = time?.kind === 'range' ? { validTo: time.end } : {};
    const alongside = hit.predicate === 'works_at' && heldBesides(hit, object, subject, clause.text, this.sentence, out);
    out.facts.push({ subject, predicate: hit.predicate, object, ...(from === undefined ? {} : { validFrom: from }), ...to, confidence, edgeType: 'semantic', ...(alongside ? { alongside } : {}) });
    // "Marco and I live in Rome", "Jake and I moved to Denver": the one beside "I" lives there too
    if (withName !== undefined && hit.predicate === 'lives_in' && hit.object !== undefined) out.facts.push({ subject: withName, predicate: 'lives_in', object, ...(from === undefined ? {} : { validFrom: from }), ...to, confidence, edgeType: 'semantic' });
    if (hit.move === true) {
      const day = Math.floor((from ?? at) / DAY) * DAY;
      out.facts.push({ subject, predicate: 'moved_to', object, validFrom: day, validTo: time === undefined || time.kind !== 'point' ? day + DAY : time.end, confidence: STATE_CONFIDENCE.moved_to!, edgeType: 'temporal' });
    }
  }

 /** "I have a dog" … "his name is Bolt by the way": the speaker's unnamed pet of an earlier turn gets the name, from when it was had. */
  private nameEarlierPet(sentence: string, speaker: string, out: TurnState): void {
    const m = NAME_GIVEN.exec(sentence);
    if (m === null) return;
    let pet: Belief | undefined;
    for (const b of this.beliefs.values()) if (b.predicate === 'has' && fold(b.subject) === fold(speaker) && 'value' in b.object && HAS_NOUNS[b.object.value] === 'animal' && (pet === undefined || b.from >= pet.from)) pet = b;
    if (pet === undefined) return;
    out.retractions.push({ subject: speaker, predicate: 'has', object: pet.object as { value: string }, validFrom: pet.from, reason: sentence.trim() });
    out.facts.push({ subject: speaker, predicate: 'has', object: { name: givenName(m), type: 'animal' }, validFrom: pet.from, confidence: STATE_CONFIDENCE.has!, edgeType: 'semantic' });
  }

  /** "sorry, his name is Buster actually": the speaker's latest named pet goes by the name given. */
  private renamedPet(sentence: string, speaker: string, pairs: Array<{ wrong: string; right: string }>): void {
    const m = NAME_GIVEN.exec(sentence);
    if (m === null) return;
    let pet: Belief | undefined;
    for (const b of this.beliefs.values()) if (b.predicate === 'has' && fold(b.subject) === fold(speaker) && 'type' in b.object && b.object.type === 'animal' && (pet === undefined || b.from >= pet.from)) pet = b;
    if (pet !== undefined && fold((pet.object as { name: string }).name) !== fold(givenName(m))) pairs.push({ wrong: (pet.object as { name: string }).name, right: givenName(m) });
  }

  /** The belief of the same subject and predicate that began last before `belief` began, if any. */
  private before(subject: string, predicate: string, belief: Belief): Belief | undefined {
    let best: Belief | undefined;
    for (const b of this.beliefs.values()) if (b !== belief && b.predicate === predicate && fold(b.subject) === fold(subject) && b.from < belief.from && (best === undefined || b.from > best.from)) best = b;
    return best;
  }

  /** The name of the subject's latest believed object of a predicate (a home, a job), if any. */
  private current(subject: string, predicate: string): string | undefined {
    const best = this.latest(subject, predicate);
    return best === undefined ? undefined : (best.object as { name: string }).name;
  }

  /** The subject's latest believed named object of a predicate, if any. */
  private latest(subject: string, predicate: string): Belief | undefined {
    let best: Belief | undefined;
    for (const b of this.beliefs.values()) if (b.predicate === predicate && fold(b.subject) === fold(subject) && 'name' in b.object && (best === undefined || b.from >= best.from)) best = b;
    return best;
  }

  /** The name of the subject's latest job told as held besides another, if any ("quit my weekend job"). */
  private sideJob(subject: string): string | undefined {
    let best: Belief | undefined;
    for (const b of this.beliefs.values()) if (b.predicate === 'works_at' && b.alongside === true && fold(b.subject) === fold(subject) && 'name' in b.object && (best === undefined || b.from >= best.from)) best = b;
    return best === undefined ? undefined : (best.object as { name: string }).name;
  }

  /** "I quit", "I got laid off": the reader forgets every job it believed began before (the memory retracts every object). */
  private endAll(subject: string, predicate: string, from: number): void {
    for (const [key, b] of this.beliefs) if (b.predicate === predicate && fold(b.subject) === fold(subject) && b.from < from) this.beliefs.delete(key);
  }

  /** "my sister Ana", "our dog Bruno", "my boyfriend Jake", "my dog": who and what the speaker has. */
  private relations(sentence: string, speaker: string, resolve: (name: string) => string | undefined, out: TurnState): void {
    RELATION_SCAN.lastIndex = 0;
    for (let m = RELATION_SCAN.exec(sentence); m !== null; m = RELATION_SCAN.exec(sentence)) {
      const word = m[1]!.toLowerCase();
      const raw = m[2] !== undefined && !NOT_A_NAME.test(m[2]) ? m[2].replace(/'s$/, '') : undefined;
      const name = raw === undefined ? undefined : (resolve(raw) ?? raw);
      if (name === speaker) continue;
      const animal = HAS_NOUNS[word] === 'animal';
      // "my dog's name is Bo": the name follows, no unnamed dog
      if (name === undefined && /^'s\s+name\b/.test(sentence.slice(m.index + m[0].length))) continue;
      if (name === undefined) {
        // "my dog", "lucky to have my husband and kids": had, unnamed ("my son turned out allergic" says nothing had; a parent or a friend never is)
        if (animal || (HAVE_MY.test(sentence) && (PARTNER_WORDS.has(word) || CHILDREN.has(word)))) out.facts.push({ subject: speaker, predicate: 'has', object: { value: animal ? word.replace(/s$/, '') : word }, confidence: 0.6, edgeType: 'semantic' });
        continue;
      }
      if (!animal) this.lastPerson = name;
      if (!animal) this.relatives.set(word, name);
      // "my kids Emma and Noah", "our cats Pepper, Salt and Pip": each name after a plural
      if (/s$|children|twins/.test(word)) {
        const more = [...sentence.slice(m.index + m[0].length).matchAll(MORE_NAMES)].map((x) => x[1]!).filter((n) => !NOT_A_NAME.test(n));
        for (const n of more) out.facts.push({ subject: speaker, predicate: 'has', object: { name: resolve(n) ?? n, type: animal ? 'animal' : 'person' }, confidence: STATE_CONFIDENCE.has!, edgeType: 'semantic' });
      }
      if (PARTNER_WORDS.has(word)) out.facts.push({ subject: speaker, predicate: 'partner', object: { name, type: 'person' }, confidence: STATE_CONFIDENCE.partner!, edgeType: 'semantic' });
      // a clause rule may have read the same pet with its time ("I've had my cat Ziggy for twelve years")
      else if (animal && !out.facts.some((f) => f.subject === speaker && f.predicate === 'has' && objectKey(f.object) === fold(name))) out.facts.push({ subject: speaker, predicate: 'has', object: { name, type: 'animal' }, confidence: STATE_CONFIDENCE.has!, edgeType: 'semantic' });
      else if (FAMILY_WORDS.has(word) || HAS_NOUNS[word] === 'person') out.facts.push({ subject: speaker, predicate: 'has', object: { name, type: 'person' }, confidence: STATE_CONFIDENCE.has!, edgeType: 'semantic' });
      else out.people.push(name);
    }
  }

  /**
   * A correcting sentence: a named wrong version is retracted over all time and the right one asserted from
   * the wrong one's start; a fact restated with a later start loses the months between ("in May, not March").
   */
  private correct(sentence: string, speaker: string, at: number, out: TurnState, from: number): void {
    const never = neverHeld(sentence);
    for (const n of never) {
      out.retractions.push({ subject: speaker, predicate: n.predicate, object: n.name, validFrom: -Infinity, reason: sentence.trim() });
      if (n.predicate === 'lives_in') out.retractions.push({ subject: speaker, predicate: 'moved_to', object: n.name, validFrom: -Infinity, reason: sentence.trim() });
    }
    const pairs = correctedNames(sentence);
    if (pairs.length === 0) this.restate(sentence, out, from, never.map((n) => fold(n.name)));
    if (pairs.length === 0 && NAMING_WORD.test(sentence)) this.renamedPet(sentence, speaker, pairs);
    // "sorry, I meant Apex": the last name the speaker said before is the wrong one
    const meant = pairs.length === 0 && sentence.includes('meant') ? MEANT.exec(sentence) : null;
    const kind = pairs.length === 0 ? WRONG_KIND.exec(sentence) : null;
    const bareRight = kind === null ? null : IT_IS.exec(sentence);
    const wrongOne = bareRight === null ? undefined : this.current(speaker, /company|job|employer/i.test(kind![1]!) ? 'works_at' : 'lives_in');
    if (wrongOne !== undefined && fold(wrongOne) !== fold(bareRight![1]!)) pairs.push({ wrong: wrongOne, right: bareRight![1]! });
    const said = this.lastSaid[this.lastSaid.length - 1];
    if (meant !== null && said !== undefined && fold(said) !== fold(meant[1]!)) pairs.push({ wrong: said, right: meant[1]! });
    for (const pair of pairs) {
      const wrong = [...this.beliefs.values()].filter((b) => objectKey(b.object) === fold(pair.wrong)).pop();
      if (wrong === undefined) continue;
      // "I said Accra earlier but we live in Kumasi": the right one is what the sentence restates
      if (pair.right === '') {
        const said = out.facts.slice(from).find((f) => f.subject === wrong.subject && f.predicate === wrong.predicate && objectKey(f.object) !== objectKey(wrong.object));
        const bare = said === undefined ? IT_IS.exec(sentence) : null;
        if (bare !== null) pair.right = bare[1]!;
        else if (said === undefined || !('name' in said.object)) continue;
        else pair.right = said.object.name;
      }
      out.retractions.push({ subject: wrong.subject, predicate: wrong.predicate, object: 'name' in wrong.object ? wrong.object.name : wrong.object, validFrom: -Infinity, reason: sentence.trim() });
      const restated = out.facts.slice(from).find((f) => f.predicate === wrong.predicate && objectKey(f.object) === fold(pair.right));
      const type = 'name' in wrong.object ? wrong.object.type : undefined;
      if (restated !== undefined) restated.validFrom = Math.min(restated.validFrom ?? at, wrong.from);
      else out.facts.push({ subject: wrong.subject, predicate: wrong.predicate, object: { name: pair.right, ...(type === undefined ? {} : { type }) }, validFrom: wrong.from, confidence: STATE_CONFIDENCE[wrong.predicate] ?? 0.7, edgeType: 'semantic' });
    }
    this.correctDate(sentence, at, out, from);
    // "Actually, I started at Oracle in May, not March": the months before the new start were never so
    for (const f of out.facts.slice(from)) {
      const before = this.beliefs.get(`${fold(f.subject)}|${f.predicate}|${objectKey(f.object)}`);
      const start = f.validFrom ?? at;
      if (f.edgeType !== 'semantic' || before === undefined || !(before.from < start)) continue;
      out.retractions.push({ subject: f.subject, predicate: f.predicate, object: 'name' in f.object ? f.object.name : f.object, validFrom: before.from, validTo: start, reason: sentence.trim() });
      // "I moved in May, not April": a home or job held one at a time is the one before it until then
      const prior = DEFAULT_ONTOLOGY[f.predicate]?.cardinality === 'one' ? this.before(f.subject, f.predicate, before) : undefined;
      if (prior !== undefined) this.restored.push({ subject: f.subject, predicate: f.predicate, object: prior.object, validFrom: before.from, validTo: start, confidence: STATE_CONFIDENCE[f.predicate] ?? 0.7, edgeType: 'semantic' });
    }
  }


  /**
   * "I never moved to Denver, I moved to Austin", "Actually, scratch that, I live in Brooklyn": a home or job
   * the correcting sentence restates without a date replaces the one believed, from when that one began
   * (a restatement that tells of a change — "moved", "new", "now", a date — is news, not a correction).
   */
  private restate(sentence: string, out: TurnState, from: number, never: readonly string[]): void {
    if (never.length === 0 && (!RESTATING.test(sentence) || CHANGE_TALK.test(sentence))) return;
    for (const f of out.facts.slice(from)) {
      if (f.edgeType !== 'semantic' || f.validFrom !== undefined || DEFAULT_ONTOLOGY[f.predicate]?.cardinality !== 'one') continue;
      const wrong = never.length === 0 ? this.latest(f.subject, f.predicate) : [...this.beliefs.values()].find((b) => b.predicate === f.predicate && fold(b.subject) === fold(f.subject) && never.includes(objectKey(b.object)));
      if (wrong === undefined || objectKey(wrong.object) === objectKey(f.object)) continue;
      if (never.length === 0) out.retractions.push({ subject: wrong.subject, predicate: wrong.predicate, object: 'name' in wrong.object ? wrong.object.name : wrong.object, validFrom: -Infinity, reason: sentence.trim() });
      f.validFrom = wrong.from;
    }
  }

  /**
   * "It was in 2022, not last year" with no fact restated: the belief that started in the wrong window starts
   * in the right one instead.
   */
  private correctDate(sentence: string, at: number, out: TurnState, from: number): void {
    // "my start date is the 15th, not the 1st": the last dated beliefs that began on the 1st begin on the 15th of that month
    const ord = sentence.includes('not the') ? ORDINAL_PAIR.exec(sentence) : null;
    for (const b of ord === null ? [] : this.lastDated) {
      const d = new Date(b.from);
      if (d.getUTCDate() !== Number(ord![2]) || this.beliefs.get(`${fold(b.subject)}|${b.predicate}|${objectKey(b.object)}`) !== b) continue;
      out.facts.push({ subject: b.subject, predicate: b.predicate, object: b.object, validFrom: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), Number(ord![1])), confidence: STATE_CONFIDENCE[b.predicate] ?? 0.7, edgeType: 'semantic' });
    }
    if (ord !== null) return;
    // "in June, not July", "it was June not July", "March, not April"
    const cut = sentence.search(NOT_A_TIME);
    if (cut < 0) {
      // "oops, February actually", "sorry, it was 2019": the last dated turn's beliefs begin then instead
      const only = sentence.length < 60 ? ONLY_A_TIME.exec(sentence) : null;
      const right = only === null || out.facts.length > from ? undefined : (bareYear(only[1]!, 'last') ?? bareMonth(only[1]!, at));
      for (const b of right === undefined ? [] : this.lastDated) {
        if (this.beliefs.get(`${fold(b.subject)}|${b.predicate}|${objectKey(b.object)}`) === b) out.facts.push({ subject: b.subject, predicate: b.predicate, object: b.object, validFrom: right!.start, confidence: STATE_CONFIDENCE[b.predicate] ?? 0.7, edgeType: 'semantic' });
      }
      return;
    }
    const right = clauseTimes(sentence.slice(0, cut), at, 'past').pop() ?? bareYear(sentence.slice(0, cut), 'last') ?? bareMonth(sentence.slice(0, cut), at);
    const wrong = clauseTimes(sentence.slice(cut), at, 'past')[0] ?? bareYear(sentence.slice(cut), 'first');
    if (right === undefined || wrong === undefined) return;
    // every belief begun in the wrong window ("joined Unilever in April as a brand manager": the job and the title)
    for (const belief of [...this.beliefs.values()].filter((b) => b.from >= wrong.start && b.from < wrong.end)) {
      const key = `${fold(belief.subject)}|${belief.predicate}|${objectKey(belief.object)}`;
      if (!out.facts.slice(from).some((f) => `${fold(f.subject)}|${f.predicate}|${objectKey(f.object)}` === key)) out.facts.push({ subject: belief.subject, predicate: belief.predicate, object: belief.object, validFrom: right.start, confidence: STATE_CONFIDENCE[belief.predicate] ?? 0.7, edgeType: 'semantic' });
    }
  }

  private forget(subject: string, predicate: string, object: string | { value: string }, from: number): void {
    const key = `${fold(subject)}|${predicate}|${objectKey(object)}`;
    const b = this.beliefs.get(key);
    if (b !== undefined && from <= b.from) this.beliefs.delete(key);
  }
}

// "We got a puppy! His name is Max", "… and named her Mochi", "we're calling him Churro": the name given anywhere in the turn
// every form of NAME_GIVEN says one of these; most sentences say neither
const NAMING_WORD = /name|call/i;
const NAME_GIVEN = /\b(?:(?:his|her|its|their)\s+name\s+is|(?:he|she|it)\s+is\s+called|(?:named|called|calling|call|nicknamed)\s+(?:him|her|it))\s+(\p{Lu}[\p{L}'-]*)(?:\s+([\p{L}'-]+))?/iu;
/** The name NAME_GIVEN found: one word, or two when the second is capitalised too ("the kids called her Peanut Two"). */
const givenName = (m: RegExpExecArray): string => (m[2] !== undefined && /^\p{Lu}/u.test(m[2]) && !NOT_SECOND_NAME.test(m[2]) ? `${m[1]!} ${m[2]}` : m[1]!);
const NOT_SECOND_NAME = /^(?:I|On|In|At|And|But|So|The|Today|Yesterday|Lol)$/;

const RESTATING = /\b(?:actually|scratch that|misspoke|I meant|I mean|correction|my bad|I was wrong|wait|I should (?:say|have said))\b/i;
const CHANGE_TALK = /\b(?:mov\w*|relocat\w*|start\w*|join\w*|new|now|switch\w*|transferr\w*|became|left|quit|since|ago|last|next|until)\b/i;
// "the 15th, not the 1st": a day of the month corrected
const ORDINAL_PAIR = /\bthe\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+not\s+the\s+(\d{1,2})(?:st|nd|rd|th)?\b/i;
// "sorry, I meant Apex", "not Google, I meant Microsoft, sorry"
// "…, but it's actually Bradford", "wrong company — it's Apex": the right name told bare
const IT_IS = /\bit(?:'s|\s+is|\s+was)\s+(?:actually\s+|really\s+)?(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)/u;
const WRONG_KIND = /\bwrong\s+(company|job|employer|city|town|place)\b/i;
const MEANT = /\bI\s+meant(?:\s+to\s+say)?\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)\W*(?:(?:sorry|oops|lol|haha|actually|my bad)\W*)*$/u;
// ", not July", " not last year": a "not" before a time word (most sentences' "not" is none)
const NOT_A_TIME = /,?\s+not\s+(?=(?:in\s+|on\s+|since\s+|until\s+)?(?:[A-Z]|\d|last\b|this\b|next\b|early\b|late\b|mid))/;
const ONLY_A_TIME = /^\W*(?:(?:oops|sorry|wait|no|actually|correction|my bad)\W+)+(?:(?:it\s+was|I\s+meant|make\s+that|that\s+was)\s+)?(?:in\s+|since\s+)?((?:january|february|march|april|may|june|july|august|september|october|november|december|(?:19|20)\d\d)(?:\s+(?:19|20)\d\d)?)(?:\W+actually)?(?:\s+when\s+(?:I|we)\s+(?:moved|started|joined|left|got\s+\w+))?\W*(?:actually\W*)?$/i;

/** "no wait, March, not April": the last month written alone, the last one begun by `at`. */
function bareMonth(text: string, at: number): { start: number; end: number } | undefined {
  const months = text.match(/\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/gi);
  return months === null ? undefined : monthWindow(months[months.length - 1]!, undefined, at, 'past');
}

/** "it was 2020, not 2021": a year written alone (the first or last one of the text) as its window. */
function bareYear(text: string, which: 'first' | 'last'): { start: number; end: number } | undefined {
  const years = [...text.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
  const y = which === 'first' ? years[0] : years[years.length - 1];
  return y === undefined ? undefined : { start: Date.UTC(y, 0, 1), end: Date.UTC(y + 1, 0, 1) };
}


/** The last person "my sister Ana" / "our neighbour Carla" names in the text, or undefined. */
function namedBefore(text: string): string | undefined {
  if (!/\b(?:[Mm]y|[Oo]ur)\b/.test(text)) return undefined;
  let name: string | undefined;
  RELATION_SCAN.lastIndex = 0;
  for (let m = RELATION_SCAN.exec(text); m !== null; m = RELATION_SCAN.exec(text)) {
    if (m[2] !== undefined && HAS_NOUNS[m[1]!.toLowerCase()] !== 'animal' && !NOT_A_NAME.test(m[2])) name = m[2].replace(/'s$/, '');
  }
  return name;
}

/** A clause without a subject that opens "The laptop …" is about the speaker's things (the rules read only endings there). */
function speakerOwns(clause: Clause): void {
  if (clause.subject === undefined && /^the\s.*\b(?:stolen|totaled|totalled|written off|destroyed|repossessed|wrecked)\b/i.test(clause.text)) clause.subject = { kind: 'speaker' };
}

// "my daughter talked me into two goldfish", "Ana convinced us to adopt a kitten", "my mom gave me her old car":
// what someone else got the speaker to have is the speaker's
const TALKED_INTO = /^(?:talked|convinced|persuaded|pushed|nagged|guilted|sweet-talked)\s+(?:me|us)\s+(?:into\s+(?:getting\s+|adopting\s+|buying\s+|taking\s+in\s+)?|to\s+(?:get|adopt|buy|take\s+in|keep)\s+)(.*)$|^(?:gave|bought|got|gifted)\s+(?:me|us)\s+(.*)$/i;

/** A clause whose subject got the speaker something reads as the speaker's "got …". */
function talkedInto(clause: Clause): void {
  if (clause.subject === undefined || clause.subject.kind === 'speaker' || clause.irrealis) return;
  const m = TALKED_INTO.exec(clause.rest);
  if (m !== null) Object.assign(clause, { subject: { kind: 'speaker' }, rest: `got ${m[1] ?? m[2]!}`, lead: '' });
}

/** A clause that names the speaker's home from the place ("Lagos is where I live") reads as "I live in Lagos". */
function homeFirst(clause: Clause): void {
  if (!/home|where/i.test(clause.text)) return;
  const place = homeStatement(clause.text);
  if (place !== undefined) Object.assign(clause, { subject: { kind: 'speaker' }, rest: `live in ${place}`, lead: '' });
}

/** Gives the turn's last unnamed animal its name when a sentence names it; whether it did. */
function nameTheUnnamed(sentence: string, speaker: string, out: TurnState): boolean {
  const m = NAME_GIVEN.exec(sentence);
  if (m === null) return false;
  for (let i = out.facts.length - 1; i >= 0; i--) {
    const f = out.facts[i]!;
    if (f.subject !== speaker || f.predicate !== 'has' || !('value' in f.object) || HAS_NOUNS[f.object.value] !== 'animal') continue;
    f.object = { name: givenName(m), type: 'animal' };
    return true;
  }
  return false;
}
