import { InvalidArgumentError } from '../errors.js';
import type { EdgeType } from '../types.js';
import { resolveRelativeDates, type ResolvedDate } from './dates.js';
import type { ModelCallOptions } from './embedder.js';
import { STOP_WORDS } from './text.js';

/** One turn of a conversation as an extractor sees it. */
export interface Turn {
  /** The episode id the turn is recorded under. */
  id: string;
  text: string;
  /** When it was said, ms: relative dates are resolved against it, and it is the default valid time of its facts. */
  at: number;
  speaker?: string;
}

/** The earlier name of `Turn`. */
export type ExtractorEpisode = Turn;

export interface ExtractedEntity {
  name: string;
  type?: string;
}

export interface ExtractedFact {
  subject: string;
  predicate: string;
  object: string | { value: string | number | boolean };
  validFrom?: number;
  validTo?: number;
  confidence: number;
  edgeType?: EdgeType;
  /** The words of the turn that state the fact (stored as the fact's `reason`; `evidence` holds the turn id). */
  evidence?: string;
}

export interface Extraction {
  entities: ExtractedEntity[];
  facts: ExtractedFact[];
}

/**
 * Turns conversation turns into entities and candidate facts for `MemoryGraph.assert`: one Extraction per
 * turn, in the turns' order, synchronously or with a promise. `id` names the model and its settings.
 */
export interface Extractor {
  readonly id: string;
  extract(turns: readonly Turn[], options?: ModelCallOptions): Extraction[] | Promise<Extraction[]>;
}

/**
 * Confidences of RuleExtractor's facts. They rank what a rule can know: a capitalised name mentioned by a
 * speaker is usually a real entity; a noun phrase less surely; that two things share a turn says little.
 * Set a predicate's `minConfidence` above one of these to keep that kind out of the graph.
 */
export const RULE_CONFIDENCE = {
  /** speaker `mentions` a capitalised name */
  mentionName: 0.6,
  /** speaker `mentions` a noun phrase */
  mentionPhrase: 0.5,
  /** speaker `event` (a sentence carrying a date), valid over the resolved window */
  event: 0.6,
  /** two entities `co_occurs_with` in one episode */
  cooccurrence: 0.3,
};

/** Co-occurrence pairs grow quadratically: only the first entities of a turn are paired. */
const MAX_PAIRED_ENTITIES = 8;
const MAX_NAME_CHARS = 80;

// Words that open sentences in capitals without naming anything (besides stop words).
const STARTERS = new Set(
  ('hey hi hello wow yeah yes yep yup no nope thanks thank oh ok okay well so totally sure great cool awesome nice ' +
    'haha lol gonna wanna really definitely absolutely congrats congratulations sounds love glad sorry agreed right ' +
    'aww omg good bye see talk take lets let hope maybe please wait look anyway honestly actually also plus btw ' +
    'exactly true indeed cheers welcome dear gosh whoa ugh hmm um uh ah like').split(' '),
);
const DATE_WORDS = new Set(
  ('monday tuesday wednesday thursday friday saturday sunday january february march april may june july august ' +
    'september october november december today tomorrow yesterday tonight').split(' '),
);
const DETERMINERS = new Set('a an the my our his her their your this these those'.split(' '));
// Leading adjectives and intensifiers that carry no identity ("a great counselor" → "counselor").
const GENERIC_ADJ = new Set(
  'great good nice own fun real really very so such whole same other new old big little lovely amazing awesome cool huge best better beautiful wonderful special'.split(' '),
);
// Heads too vague to be worth an entity.
const VAGUE = new Set(
  ('lot lots bit way ways thing things stuff time times day days week weeks month months year years kind sort one ' +
    'ones people person part fact idea moment while couple few number end rest look chance morning evening night ' +
    'weekend tonight today tomorrow yesterday something anything everything nothing someone anyone everyone').split(' '),
);

// Words with inner apostrophes or hyphens ("Jean-Luc", "Caroline's").
const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const SENTENCE = /[^.!?\n]+[.!?]*/g;

interface Tok {
  text: string;
  start: number;
  end: number;
}

function tokens(s: string): Tok[] {
  const out: Tok[] = [];
  for (const m of s.matchAll(TOKEN)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

const isCap = (w: string): boolean => /^\p{Lu}/u.test(w);
const isAcronym = (w: string): boolean => /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(w);
const isLower = (w: string): boolean => /^\p{Ll}[\p{Ll}-]*$/u.test(w);
const bare = (w: string): string => w.replace(/['’]s$/u, '');
const folded = (w: string): string => bare(w).toLowerCase().replace(/['’]/g, '');
// "I", "I'm", "I'd", "I've", "I'll"
const isFirstPerson = (w: string): boolean => /^I(?:['’].*)?$/u.test(w);

/**
 * A model-free extractor. It finds
 * - the speaker (type `person`);
 * - capitalised names: runs of capitalised words joined by single spaces, without "I", dates, stop words
 *   and interjections; a lone capitalised word opening a sentence ("Painting looks…") counts only if the
 *   episode also writes it capitalised mid-sentence, or it is an acronym, the speaker or a known name
 *   (given, or learnt from earlier episodes: see `RuleExtractorOptions`);
 * - noun phrases: after a determiner (a, the, my, this, …), up to three lower-case content words (or
 *   acronyms) ending in a specific noun; generic adjectives are trimmed, vague heads ("a lot") dropped;
 *   their type is `concept`;
 * and emits `mentions` (speaker → entity, semantic), `co_occurs_with` (entity pairs, cooccurrence) and, for
 * each sentence with a date that `resolveRelativeDates` resolves, an `event` fact (speaker → the sentence,
 * temporal) valid over that window; mentions first made in such a sentence carry the window too.
 * Confidences are in `RULE_CONFIDENCE`.
 */
export interface RuleExtractorOptions {
  /** Names to accept even as a lone capitalised word opening a sentence ("Gina called."). */
  knownNames?: Iterable<string>;
  /**
   * Remember names confirmed mid-sentence and speakers, so later episodes may open sentences with them.
   * Results then depend on the order of calls (deterministically). @default true
   */
  learn?: boolean;
}

export class RuleExtractor implements Extractor {
  readonly id = 'rule-extractor-v1';
  private readonly known = new Set<string>();
  private readonly learn: boolean;

  constructor(options: RuleExtractorOptions = {}) {
    for (const n of options.knownNames ?? []) {
      if (typeof n !== 'string') throw new InvalidArgumentError('RuleExtractor: knownNames must be strings');
      this.known.add(n.trim().toLowerCase());
    }
    this.learn = options.learn ?? true;
  }

  /** One Extraction per turn, in order (names learnt from a turn count for the turns after it). */
  extract(turns: readonly Turn[]): Extraction[] {
    if (!Array.isArray(turns)) throw new InvalidArgumentError('RuleExtractor.extract: turns must be an array');
    return turns.map((t) => this.extractTurn(t));
  }

  /** The Extraction of one turn. */
  extractTurn(episode: Turn): Extraction {
    if (episode === null || typeof episode !== 'object' || typeof episode.text !== 'string') {
      throw new InvalidArgumentError('RuleExtractor.extract: episode must have a text string');
    }
    if (typeof episode.at !== 'number' || !Number.isFinite(episode.at)) {
      throw new InvalidArgumentError(`RuleExtractor.extract: at (${episode.at}) must be finite milliseconds`);
    }
    if (episode.speaker !== undefined && (typeof episode.speaker !== 'string' || episode.speaker.trim() === '')) {
      throw new InvalidArgumentError('RuleExtractor.extract: speaker must be a non-empty string when given');
    }
    const text = episode.text;
    const speaker = episode.speaker?.trim();
    const dates = resolveRelativeDates(text, episode.at);
    if (this.learn && speaker !== undefined) this.known.add(speaker.toLowerCase());

    // capitalised words written mid-sentence anywhere in the episode
    const sentences: Array<{ start: number; end: number; toks: Tok[] }> = [];
    const midCaps = new Set<string>();
    for (const m of text.matchAll(SENTENCE)) {
      const toks = tokens(m[0]).map((t) => ({ text: t.text, start: t.start + m.index, end: t.end + m.index }));
      sentences.push({ start: m.index, end: m.index + m[0].length, toks });
      toks.forEach((t, i) => {
        if (i > 0 && isCap(t.text)) midCaps.add(folded(t.text));
      });
    }

    const entities = new Map<string, { name: string; type?: string; window?: ResolvedDate; order: number; phrase: boolean }>();
    const addEntity = (name: string, type: string | undefined, window: ResolvedDate | undefined, phrase: boolean): void => {
      // A run of capitalised words longer than this is a title or shouting, not a name (and a name over
      // 512 bytes is refused by the memory).
      if (name.length > MAX_NAME_CHARS) return;
      const key = name.toLowerCase();
      if (key === speaker?.toLowerCase() || entities.has(key)) return;
      entities.set(key, { name, ...(type ? { type } : {}), ...(window ? { window } : {}), order: entities.size, phrase });
    };
    const events: Array<{ sentence: string; window: ResolvedDate; firstEntity?: string }> = [];

    for (const s of sentences) {
      const window = dates.find((d) => d.index >= s.start && d.index < s.end);
      const before = entities.size;
      this.names(text, s.toks, midCaps, speaker, (n) => addEntity(n, undefined, window, false));
      this.phrases(text, s.toks, (n) => addEntity(n, 'concept', window, true));
      if (window !== undefined) {
        const first = [...entities.values()].find((e) => e.order === before);
        events.push({ sentence: text.slice(s.start, s.end).trim(), window, ...(first ? { firstEntity: first.name } : {}) });
      }
    }

    const outEntities: ExtractedEntity[] = [];
    if (speaker !== undefined) outEntities.push({ name: speaker, type: 'person' });
    const list = [...entities.values()];
    for (const e of list) outEntities.push(e.type ? { name: e.name, type: e.type } : { name: e.name });

    const facts: ExtractedFact[] = [];
    if (speaker !== undefined) {
      for (const e of list) {
        facts.push({
          subject: speaker,
          predicate: 'mentions',
          object: e.name,
          ...(e.window ? { validFrom: e.window.start, validTo: e.window.end } : {}),
          confidence: e.phrase ? RULE_CONFIDENCE.mentionPhrase : RULE_CONFIDENCE.mentionName,
          edgeType: 'semantic',
        });
      }
    }
    for (const ev of events) {
      const subject = speaker ?? ev.firstEntity;
      if (subject === undefined) continue;
      facts.push({
        subject,
        predicate: 'event',
        object: { value: ev.sentence },
        validFrom: ev.window.start,
        validTo: ev.window.end,
        confidence: RULE_CONFIDENCE.event,
        edgeType: 'temporal',
      });
    }
    const paired = list.slice(0, MAX_PAIRED_ENTITIES);
    for (let i = 0; i < paired.length; i++) {
      for (let j = i + 1; j < paired.length; j++) {
        // one canonical direction per pair
        const [a, b] = paired[i]!.name.toLowerCase() < paired[j]!.name.toLowerCase() ? [paired[i]!, paired[j]!] : [paired[j]!, paired[i]!];
        facts.push({ subject: a.name, predicate: 'co_occurs_with', object: b.name, confidence: RULE_CONFIDENCE.cooccurrence, edgeType: 'cooccurrence' });
      }
    }
    return { entities: outEntities, facts };
  }

  private names(text: string, toks: Tok[], midCaps: Set<string>, speaker: string | undefined, emit: (name: string) => void): void {
    let i = 0;
    while (i < toks.length) {
      if (!isCap(toks[i]!.text)) {
        i++;
        continue;
      }
      // a run of capitalised words separated by single spaces
      let j = i + 1;
      while (j < toks.length && isCap(toks[j]!.text) && text.slice(toks[j - 1]!.end, toks[j]!.start) === ' ' && !/['’]s$/u.test(toks[j - 1]!.text)) j++;
      let run = toks.slice(i, j).map((t) => t.text);
      const initial = i === 0;
      i = j;
      // drop words that cannot be part of a name, from the front (sentence openers) and anywhere ("I")
      while (run.length > 0) {
        const f = folded(run[0]!);
        if (isFirstPerson(run[0]!) || STOP_WORDS.has(f) || DATE_WORDS.has(f) || (initial && STARTERS.has(f))) run = run.slice(1);
        else break;
      }
      run = run.filter((w) => !isFirstPerson(w) && !DATE_WORDS.has(folded(w)));
      if (run.length === 0) continue;
      if (run.length === 1) {
        const w = run[0]!;
        const f = folded(w);
        const opensSentence = initial && toks[0]!.text === w;
        if (STOP_WORDS.has(f) || STARTERS.has(f) || /^\p{N}+$/u.test(f)) continue;
        if (opensSentence && !midCaps.has(f) && !isAcronym(w) && f !== speaker?.toLowerCase() && !this.known.has(f)) continue;
      }
      if (this.learn && !(initial && toks[0]!.text === run[0])) this.known.add(folded(run.join(' ')));
      run[run.length - 1] = bare(run[run.length - 1]!);
      emit(run.join(' '));
    }
  }

  private phrases(text: string, toks: Tok[], emit: (name: string) => void): void {
    for (let i = 0; i < toks.length; i++) {
      const det = toks[i]!.text.toLowerCase();
      if (!DETERMINERS.has(det)) continue;
      const words: string[] = [];
      for (let j = i + 1; j < toks.length && words.length < 3; j++) {
        if (text.slice(toks[j - 1]!.end, toks[j]!.start) !== ' ') break; // punctuation ends the phrase
        const w = toks[j]!.text;
        if (words.length === 0 && GENERIC_ADJ.has(w)) {
          words.push(w); // "own", "very" are stop words but open phrases ("your own painting")
          continue;
        }
        if (!(isLower(w) || isAcronym(w)) || STOP_WORDS.has(w) || DATE_WORDS.has(w) || w.endsWith('ly')) break;
        // "a job looking after…": an -ing word after a noun starts a participle clause, not the phrase
        if (words.some((x) => !GENERIC_ADJ.has(x)) && w.length > 5 && w.endsWith('ing')) break;
        words.push(w);
      }
      while (words.length > 0 && GENERIC_ADJ.has(words[0]!)) words.shift();
      if (words.length === 0) continue;
      const head = words[words.length - 1]!;
      if (!isLower(head) || head.length < 3 || VAGUE.has(head)) continue;
      // "this helps", "this sounds": a demonstrative before a lone -s word is usually subject + verb
      if ((det === 'this' || det === 'those' || det === 'these') && words.length === 1 && head.endsWith('s')) continue;
      emit(words.join(' '));
    }
  }
}
