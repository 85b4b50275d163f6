import { InvalidArgumentError } from '../errors.js';
import type { EdgeType } from '../types.js';
import { resolveRelativeDates, type ResolvedDate } from './dates.js';
import { folded, midSentenceCaps, namesIn, opensSentence, sentences, type Sentence } from './extract/names.js';
import { PATTERN_CONFIDENCE, typedFacts, type TypedHit } from './extract/patterns.js';
import { SpeakerBook, fold } from './extract/speakers.js';
import { DEFAULT_ONTOLOGY } from './extract/ontology.js';
import { linkReasons } from './extract/because.js';
import { readArrangements, readRules } from './extract/if-changes.js';
import { StateReader, type TurnState } from './extract/state.js';
import { PendingRules } from './extract/pending-rules.js';
import { mayIntroduce } from './extract/triggers.js';
import type { PredicateOptions } from '../types.js';

export type { Turn, ExtractorEpisode, ExtractedEntity, ExtractedFact, ExtractedRetraction, Extraction, Extractor } from '../types.js';
import type { Extraction, Extractor, ExtractedEntity, ExtractedFact, ExtractedRetraction, Turn } from '../types.js';

/**
 * Confidences of RuleExtractor's facts. A typed pattern ("I work at …") is surer than a mention, a mention
 * of a proper name surer than that a sentence carrying a date is an event of the speaker's. The typed
 * predicates' values are in `PATTERN_CONFIDENCE` (repeated here). Set a predicate's `minConfidence` above one
 * of these to keep that kind out of the graph.
 */
export const RULE_CONFIDENCE = {
  /** speaker `mentions` a proper name */
  mentionName: 0.6,
  /** speaker `event` (a sentence carrying a date), valid over the resolved window */
  event: 0.6,
  ...PATTERN_CONFIDENCE,
};

/** At most this many entities per turn, the speaker included (a long pasted text must not flood the graph). */
export const MAX_ENTITIES_PER_TURN = 8;

export interface RuleExtractorOptions {
  /** Names to accept even as a lone capitalised word opening a sentence ("Gina called."). */
  knownNames?: Iterable<string>;
  /**
   * The conversation's speakers, known before they speak, so that "Mel" in the first turn is already
   * Melanie. Speakers are otherwise learnt from the turns' `speaker`.
   */
  speakers?: Iterable<string>;
  /**
   * Remember speakers, their aliases and names confirmed mid-sentence, so later turns may open sentences
   * with them and name the speakers by first name or full name. Results then depend on the order of calls
   * (deterministically). @default true
   */
  learn?: boolean;
  /** Entities per turn, the speaker included. @default MAX_ENTITIES_PER_TURN */
  maxEntitiesPerTurn?: number;
  /** Speakers whose turns are a model's (besides turns with role 'assistant'). @default ['assistant'] */
  assistantSpeakers?: Iterable<string>;
}

interface Pending {
  name: string;
  type?: string;
  aliases: string[];
  /** 0 the speaker, 1 a typed fact's end, 2 a name heard */
  rank: number;
  order: number;
}

// "my name is Sam", "call me Sam", "I'm Maya Chen" (the last only when it extends the speaker's name)
const INTRODUCTION = /(?<![\w'])([Mm]y name is|[Mm]y name's|[Cc]all me|I'm|I am)\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})/gu;

/**
 * A model-free extractor for conversations. Per turn it finds
 * - the speaker, an entity of type `person` (unless an assistant); "I", "my", "me" are the speaker;
 * - proper names: runs of capitalised words without "I", dates, stop words and interjections; a lone
 *   capitalised word opening a sentence counts only if the turn also writes it mid-sentence, or it is an
 *   acronym or a known name. No common noun phrase becomes an entity ("brother", "data engineer" do not);
 * - which names are the speakers: a full name whose first word is a speaker's name, a speaker's first name,
 *   a nickname that starts exactly one speaker's name ("Mel" for "Melanie"), or a name the speaker gave
 *   ("I'm Maya Chen", "my name is Sam"): these resolve to the speaker and travel as its `aliases`;
 * - typed facts about the speaker from first-person patterns (`typedFacts` in extract/patterns.ts):
 *   works_at, lives_in, moved_to, visited, likes / loves / enjoys / dislikes, has, is, plans, studies;
 *   a proper-name object is an entity, anything else a literal `{ value }`; a date in the sentence, resolved
 *   against the turn's time, dates visited / moved_to / plans (its window) and has (its start);
 * - `mentions` (speaker → each proper name; kept because they tie a speaker to whom and what they talk
 *   about at the cost of one fact per name) and, for each sentence with a resolvable date, an `event` fact
 *   (speaker → the sentence, temporal). Co-occurrence pairs are no longer made: they grew quadratically and
 *   duplicated what the episode's own entity links say.
 * At most `maxEntitiesPerTurn` entities per turn: the speaker, then the ends of typed facts, then names in
 * order; facts about a dropped entity are dropped. An assistant's turn yields only names already heard from
 * the other speakers, and no facts. Confidences are in `RULE_CONFIDENCE`. Deterministic.
 */
export class RuleExtractor implements Extractor {
  readonly id = 'rule-extractor@3';
  private readonly book = new SpeakerBook();
  private readonly state = new StateReader();
  private readonly pendingRules = new PendingRules();
  private readonly learn: boolean;
  private readonly maxEntities: number;
  private readonly assistants = new Set<string>();

  constructor(options: RuleExtractorOptions = {}) {
    if (options === null || typeof options !== 'object') throw new InvalidArgumentError('RuleExtractor: options must be an object');
    for (const n of options.knownNames ?? []) {
      if (typeof n !== 'string') throw new InvalidArgumentError('RuleExtractor: knownNames must be strings');
      this.book.learn(n);
    }
    for (const n of options.speakers ?? []) {
      if (typeof n !== 'string' || n.trim() === '') throw new InvalidArgumentError('RuleExtractor: speakers must be non-empty strings');
      this.book.addSpeaker(n.trim());
    }
    this.learn = options.learn ?? true;
    const max = options.maxEntitiesPerTurn ?? MAX_ENTITIES_PER_TURN;
    if (!Number.isInteger(max) || max < 1) throw new InvalidArgumentError(`RuleExtractor: maxEntitiesPerTurn (${String(max)}) must be a positive integer`);
    this.maxEntities = max;
    for (const a of options.assistantSpeakers ?? ['assistant']) {
      if (typeof a !== 'string') throw new InvalidArgumentError('RuleExtractor: assistantSpeakers must be strings');
      this.assistants.add(fold(a));
    }
  }

  /** One extraction per turn, in order. The whole batch is checked before any turn is read. */
  extract(turns: readonly Turn[]): Extraction[] {
    if (!Array.isArray(turns)) throw new InvalidArgumentError('RuleExtractor.extract: turns must be an array of turns');
    turns.forEach((t, i) => checkTurn(t, i));
    return turns.map((t) => this.extractTurn(t));
  }

  private extractTurn(turn: Turn): Extraction {
    const text = turn.text.indexOf('’') < 0 ? turn.text : turn.text.replace(/’/g, "'");
    const label = turn.speaker?.trim();
    const assistant = turn.role === 'assistant' || (label !== undefined && this.assistants.has(fold(label)));
    const ss = sentences(text);
    if (assistant) return { entities: this.heardNames(text, ss), facts: [] };
    const midCaps = midSentenceCaps(ss);
    const isKnown = (f: string): boolean => this.book.isKnown(f);

    const speaker = label === undefined ? undefined : this.speakerName(label);
    const pending = new Map<string, Pending>();
    const add = (name: string, type: string | undefined, rank: number): string => {
      const who = this.book.speakerFor(name);
      const canonical = who ?? name;
      const key = fold(canonical);
      let p = pending.get(key);
      if (p === undefined) pending.set(key, (p = { name: canonical, aliases: [], rank, order: pending.size }));
      p.rank = Math.min(p.rank, rank);
      // a speaker is a person whatever the sentence guessed
      if (p.type === undefined && (who !== undefined || type !== undefined)) p.type = who !== undefined ? 'person' : type;
      if (who !== undefined && fold(name) !== key && !p.aliases.some((a) => fold(a) === fold(name))) p.aliases.push(name);
      return canonical;
    };
    if (speaker !== undefined) {
      add(speaker, 'person', 0);
      const self = pending.get(fold(speaker))!;
      for (const alias of this.introductions(text, speaker)) if (!self.aliases.some((a) => fold(a) === fold(alias))) self.aliases.push(alias);
    }

    const dates = resolveRelativeDates(text, turn.at);
    const facts: Array<ExtractedFact & { ends: string[] }> = [];
    const names: Array<{ name: string; window?: ResolvedDate }> = [];
    const dateStarts = dates.map((d) => d.index);
    for (const s of ss) {
      const window = dates.find((d) => d.index >= s.start && d.index < s.end);
      for (const n of namesIn(text, s, midCaps, isKnown)) {
        if (this.learn && !opensSentence(s, n)) this.book.learn(n.name);
        names.push({ name: n.name, ...(window ? { window } : {}) });
      }
      if (speaker === undefined) continue;
      // homes, jobs, moves, visits and what one has are read by the state rules below
      const hits = typedFacts(text, s.start, s.end, dateStarts).filter((h) => !STATE_PREDICATES.has(h.predicate));
      for (const h of dedupe(hits)) facts.push(this.typedFact(h, speaker, windowFor(h, window, dates, s, turn.at), s, add));
    }
    const state = speaker === undefined ? undefined : this.state.read(text, turn.at, speaker, (n) => this.book.speakerFor(n));
    if (state !== undefined) addState(state, facts, add);
    for (const n of names) add(n.name, undefined, 2);
    this.addMentionsAndEvents(text, ss, dates, speaker, names, pending, facts);

    // the cap: the speaker, then the ends of typed facts, then names in order
    const kept = [...pending.values()].sort((a, b) => a.rank - b.rank || a.order - b.order).slice(0, this.maxEntities);
    const keptKeys = new Set(kept.map((p) => fold(p.name)));
    const entities = kept
      .sort((a, b) => a.order - b.order)
      .map((p): ExtractedEntity => ({ name: p.name, ...(p.type === undefined ? {} : { type: p.type }), ...(p.aliases.length > 0 ? { aliases: p.aliases } : {}) }));
    const out = facts.filter((f) => f.ends.every((e) => keptKeys.has(fold(e)))).map(({ ends: _ends, ...f }) => f);
    // "…because I live in Boston": the consequence rests on the reason (extract/because.ts)
    // arrangements ("I send the weekly report to Sara") and stated rules about them (extract/if-changes.ts)
    const one = new Set<string>();
    if (speaker !== undefined) out.push(...readArrangements(text, ss, speaker, one));
    // a rule said before its arrangement or premise waits for the turn that tells it (extract/pending-rules.ts)
    const rules = speaker === undefined ? [] : this.pendingRules.settle(out, readRules(text, ss, speaker));
    if (speaker !== undefined) linkReasons(text, ss, speaker, out);
    let predicates = ontologyOf(out);
    for (const p of one) (predicates ??= {})[p] = { cardinality: 'one' };
    // the reason is the clause that said so, kept short (a pasted text's run-on "clause" must not fill the log)
    const retractions = state?.retractions.map(({ reason, ...r }): ExtractedRetraction => ({ ...r, evidence: reason.slice(0, 240) })) ?? [];
    return { entities, facts: out, ...(retractions.length > 0 ? { retractions } : {}), ...(predicates === undefined ? {} : { predicates }), ...(rules.length > 0 ? { rules } : {}) };
  }

  /** The entity a speaker label stands for: a name the conversation gave a speaker resolves to that speaker. */
  private speakerName(label: string): string {
    const who = this.book.exact(label);
    if (who !== undefined) return who;
    if (this.learn) this.book.addSpeaker(label);
    return label;
  }

  /** Names the speaker gives themself in this turn, remembered as the speaker's aliases. */
  private introductions(text: string, speaker: string): string[] {
    const out: string[] = [];
    if (!mayIntroduce(text)) return out;
    INTRODUCTION.lastIndex = 0;
    for (let m = INTRODUCTION.exec(text); m !== null; m = INTRODUCTION.exec(text)) {
      const cue = m[1]!.toLowerCase();
      const words = m[2]!.split(/\s+/).map((w) => w.replace(/'s$/, ''));
      const self = fold(speaker).split(' ')[0];
      const name = words.join(' ');
      if (cue.startsWith('i')) {
        // "I'm Maya Chen" from Maya; never "I'm Canadian" or "I'm Happy"
        if (words.length < 2 || fold(words[0]!) !== self) continue;
      } else if (folded(words[0]!) === 'i') continue;
      if (fold(name) === fold(speaker)) continue;
      if (this.learn) this.book.alias(speaker, name);
      out.push(name);
    }
    return out;
  }

  private typedFact(h: TypedHit, speaker: string, window: ResolvedDate | undefined, s: Sentence, add: (n: string, t: string | undefined, rank: number) => string): ExtractedFact & { ends: string[] } {
    const subject = h.subject === 'speaker' ? speaker : add(h.subject.name, h.subject.type, 1);
    const object = 'name' in h.object ? add(h.object.name, h.object.type, 1) : h.object;
    const when = window === undefined ? {} : h.time === 'start' ? { validFrom: window.start } : { validFrom: window.start, validTo: window.end };
    const ends = typeof object === 'string' ? [subject, object] : [subject];
    return { subject, predicate: h.predicate, object, ...when, confidence: round(h.confidence), edgeType: 'semantic', span: { start: h.index, end: s.end }, ends };
  }

  private addMentionsAndEvents(
    text: string,
    ss: readonly Sentence[],
    dates: readonly ResolvedDate[],
    speaker: string | undefined,
    names: ReadonlyArray<{ name: string; window?: ResolvedDate }>,
    pending: ReadonlyMap<string, Pending>,
    facts: Array<ExtractedFact & { ends: string[] }>,
  ): void {
    const mentioned = new Set<string>();
    if (speaker !== undefined) {
      for (const n of names) {
        const canonical = this.book.speakerFor(n.name) ?? n.name;
        const key = fold(canonical);
        if (key === fold(speaker) || mentioned.has(key) || !pending.has(key)) continue;
        mentioned.add(key);
        const when = n.window ? { validFrom: n.window.start, validTo: n.window.end } : {};
        facts.push({ subject: speaker, predicate: 'mentions', object: canonical, ...when, confidence: RULE_CONFIDENCE.mentionName, edgeType: 'semantic', ends: [speaker, canonical] });
      }
    }
    for (const s of ss) {
      const window = dates.find((d) => d.index >= s.start && d.index < s.end);
      if (window === undefined) continue;
      const first = names.find((n) => n.window === window);
      const subject = speaker ?? (first === undefined ? undefined : (this.book.speakerFor(first.name) ?? first.name));
      if (subject === undefined) continue;
      const sentence = text.slice(s.start, s.end).trim();
      facts.push({ subject, predicate: 'event', object: { value: sentence }, validFrom: window.start, validTo: window.end, confidence: RULE_CONFIDENCE.event, edgeType: 'temporal', span: { start: s.start, end: s.end }, ends: [subject] });
    }
  }

  /**
   * An assistant's turn: only names the other speakers used (no learning, no facts), up to the cap. A
   * sentence with no capitalised word that could start a known name is not read: its names would all be
   * left out (and once the cap is reached, the next name read returns, as it would have there).
   */
  private heardNames(text: string, ss: readonly Sentence[]): ExtractedEntity[] {
    const out = new Map<string, ExtractedEntity>();
    let midCaps: ReadonlySet<string> | undefined;
    for (const s of ss) {
      if (!this.book.mayHear(s)) continue;
      midCaps ??= midSentenceCaps(ss);
      for (const n of namesIn(text, s, midCaps, (f) => this.book.isKnown(f))) {
        if (out.size >= this.maxEntities) return [...out.values()];
        if (!this.book.isKnown(folded(n.name))) continue;
        const canonical = this.book.speakerFor(n.name) ?? n.name;
        out.set(fold(canonical), { name: canonical });
      }
    }
    return [...out.values()];
  }
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** Predicates the state rules (extract/state.ts) own; the older typed patterns keep visited, likes, plans, studies and is. */
const STATE_PREDICATES = new Set(['works_at', 'lives_in', 'moved_to', 'has']);

/** The state reader's facts, as this extractor's facts, with their ends ranked among the turn's entities. */
function addState(state: TurnState, facts: Array<ExtractedFact & { ends: string[] }>, add: (n: string, t: string | undefined, rank: number) => string): void {
  for (const p of state.people) add(p, 'person', 1);
  // "I'm a designer at Acme" also matched the older "is" pattern: the job title says it
  const titles = new Set(state.facts.filter((f) => f.predicate === 'job_title').map((f) => ('value' in f.object ? f.object.value.toLowerCase() : '')));
  for (let i = facts.length - 1; i >= 0; i--) {
    const o = facts[i]!.object;
    if (facts[i]!.predicate === 'is' && typeof o !== 'string' && titles.has(String(o.value).toLowerCase())) facts.splice(i, 1);
  }
  for (const f of state.facts) {
    const subject = add(f.subject, undefined, 1);
    const object = 'name' in f.object ? add(f.object.name, f.object.type, 1) : f.object;
    const ends = typeof object === 'string' ? [subject, object] : [subject];
    const { object: _o, subject: _s, ...rest } = f;
    facts.push({ subject, object, ...rest, ends });
  }
}

/** The default ontology's entries for the predicates these facts use, where they differ from the memory's default ('many'). */
function ontologyOf(facts: readonly ExtractedFact[]): Record<string, PredicateOptions> | undefined {
  let out: Record<string, PredicateOptions> | undefined;
  for (const f of facts) {
    const o = DEFAULT_ONTOLOGY[f.predicate];
    if (o === undefined || o.cardinality !== 'one') continue;
    (out ??= {})[f.predicate] = { ...o };
  }
  return out;
}

/**
 * The date window a typed fact holds over: none for a standing state; for a plan, the first date written
 * after its verb that is not over at the turn's time ("Lost my job yesterday, so I'm gonna…" is not a plan
 * for yesterday); otherwise the sentence's first date.
 */
function windowFor(h: TypedHit, first: ResolvedDate | undefined, dates: readonly ResolvedDate[], s: Sentence, at: number): ResolvedDate | undefined {
  if (h.time === 'none') return undefined;
  if (h.time !== 'future') return first;
  return dates.find((d) => d.index >= h.index && d.index < s.end && d.end > at);
}

/** One fact per predicate and object within a sentence (two rules may read the same words). */
function dedupe(hits: TypedHit[]): TypedHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => {
    const o = 'name' in h.object ? `n:${fold(h.object.name)}` : `v:${h.object.value.toLowerCase()}`;
    const s = h.subject === 'speaker' ? '' : fold(h.subject.name);
    const key = `${s}|${h.predicate}|${o}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function checkTurn(t: Turn, i: number): void {
  const where = `RuleExtractor.extract: turns[${i}]`;
  if (t === null || typeof t !== 'object' || typeof t.text !== 'string') throw new InvalidArgumentError(`${where} must have a text string`);
  if (typeof t.at !== 'number' || !Number.isFinite(t.at)) throw new InvalidArgumentError(`${where}.at (${String(t.at)}) must be finite milliseconds`);
  if (t.speaker !== undefined && (typeof t.speaker !== 'string' || t.speaker.trim() === '')) throw new InvalidArgumentError(`${where}.speaker must be a non-empty string when given`);
  if (t.role !== undefined && t.role !== 'user' && t.role !== 'assistant') throw new InvalidArgumentError(`${where}.role must be 'user' or 'assistant' when given`);
}
