/**
 * Public types of @palimpsest/core. Names and shapes follow shared/design/API.md; additions are marked.
 */

/** A time as callers may give it: integer milliseconds since the epoch, a `Date`, or an ISO-8601 string. */
export type TimeInput = number | Date | string;

/** A literal object value of a fact. */
export type LiteralValue = string | number | boolean;

/** How a fact names an entity: its name (or alias), or `{ id }`. */
export type EntityRef = string | { id: number };

/** The object of an assertion: an entity (name or `{ id }`) or a literal `{ value }`. */
export type ObjectRef = EntityRef | { value: LiteralValue };

export type Cardinality = 'one' | 'many';

export const EDGE_TYPES = ['causal', 'temporal', 'semantic', 'cooccurrence', 'hierarchical'] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

export interface PredicateOptions {
  /** `one`: a new object closes the others over the asserted valid interval. @default 'many' */
  cardinality?: Cardinality;
  /** Assertions below this confidence are rejected (and logged as rejected). @default the memory-wide gate */
  minConfidence?: number;
}

export interface MemoryGraphOptions {
  /** The record-time clock, integer milliseconds. @default () => Date.now() */
  now?: () => number;
  /** Per-predicate cardinality and grounding gate. */
  predicates?: Record<string, PredicateOptions>;
  /** Memory-wide grounding gate. @default 0 */
  minConfidence?: number;
  /** Length of entity and episode vectors; vectors of another length are refused. @default none (no vectors) */
  dimensions?: number;
  /** Addition: embeds texts for recall (its dimensions must equal `dimensions` when set). @default a HashEmbedder */
  embedder?: Embedder;
  /** Who "I" is in a turn given to `ingestEpisode` / `ingest` without a speaker. @default 'user' */
  defaultSpeaker?: string;
}

/** A temporal cut: both default to the memory's clock `now()`. */
export interface Cut {
  validAt?: TimeInput;
  knownAt?: TimeInput;
}

export interface EntityInput {
  name: string;
  type?: string;
  aliases?: string[];
  vector?: ArrayLike<number>;
  recordedAt?: TimeInput;
}

export interface Entity {
  id: number;
  /** Canonical name: trimmed, lower-cased, control characters stripped. */
  name: string;
  /** The display name as first written. */
  displayName: string;
  type?: string;
  aliases: string[];
  recordedAt: number;
  /** When merged into another entity: that entity's id and the merge's record time. */
  mergedInto?: number;
  mergedAt?: number;
}

export interface AssertInput {
  subject: EntityRef;
  predicate: string;
  object: ObjectRef;
  validFrom?: TimeInput;
  validTo?: TimeInput;
  recordedAt?: TimeInput;
  confidence?: number;
  source?: string;
  evidence?: string[];
  reason?: string;
  edgeType?: EdgeType;
  episode?: string;
  /** Fact ids this belief rests on: when one stops being believed, this one is flagged unsupported. */
  dependsOn?: number[];
  /**
   * A stated rule ("if the team lead changes, the weekly report goes to James Lee"): when a premise stops
   * being believed, this belief is closed from the change on and `object` asserted in its place, instead of
   * being flagged. Needs `dependsOn`.
   */
  onPremiseChange?: { object: ObjectRef };
  /**
   * Held alongside the subject's other objects of a one-at-a-time predicate ("my second job, at Kumon"): the
   * assertion closes none of them, as if the predicate were 'many' for this one write. A later assertion
   * without it supersedes them all as usual. No effect on a predicate of cardinality 'many'.
   */
  alongside?: boolean;
}

export interface RetractInput {
  subject: EntityRef;
  predicate: string;
  object?: ObjectRef;
  /** @default the operation's record time */
  validFrom?: TimeInput;
  /** @default Infinity */
  validTo?: TimeInput;
  recordedAt?: TimeInput;
  reason?: string;
}

export type FactObject = { id: number; name: string } | { value: LiteralValue };

export interface Fact {
  id: number;
  subject: { id: number; name: string };
  predicate: string;
  object: FactObject;
  validFrom: number;
  validTo: number;
  recordedAt: number;
  invalidAt: number;
  confidence: number;
  source?: string;
  evidence: string[];
  reason?: string;
  edgeType?: EdgeType;
  episode?: string;
  archivedAt?: number;
  supersededBy?: number[];
  /** Addition: the fact ids this version rests on (assert's dependsOn). */
  dependsOn?: number[];
  /** Addition: the record time from which this version is unsupported (a premise stopped being believed), and that premise's id. */
  unsupportedSince?: number;
  unsupportedPremise?: number;
  /** Addition: the stated rule this version carries until a premise changes (assert's onPremiseChange). */
  onPremiseChange?: { object: { id: number; name: string } | { value: string | number | boolean } };
  /** Addition: salience in [0,1], retrieval count and last retrieval (non-temporal metadata). */
  salience: number;
  retrievals: number;
  lastRetrievedAt?: number;
  /** Addition: the last time a re-assertion reinforced this version (its own recordedAt if never). */
  lastSeenAt: number;
}

/** What `assert` did. (Addition: API.md leaves the return value open.) */
export interface AssertResult {
  status: 'added' | 'reinforced' | 'rejected';
  /** Id of the version that now carries the assertion (absent when rejected); read it with `mem.fact(id)`. */
  id?: number;
  /** Ids of the versions this operation closed. */
  closed: number[];
  /** Ids of the versions this operation appended (the assertion and the still-true remainders). */
  added: number[];
}

export interface RetractResult {
  closed: number[];
  added: number[];
}

export interface FactQuery extends Cut {
  subject?: EntityRef;
  predicate?: string;
  object?: ObjectRef;
  /** Archived versions answer bi-temporal reads unless this is false (SEMANTICS.md). @default true */
  includeArchived?: boolean;
  /** true: leave out versions unsupported at knownAt (a premise closed); false: only those. Absent: both. */
  supported?: boolean;
}

export interface HistoryQuery {
  subject: EntityRef;
  predicate?: string;
  object?: ObjectRef;
}

export interface ChangesQuery {
  since: TimeInput;
  /** @default now() */
  until?: TimeInput;
  /** @default 'record' */
  axis?: 'record' | 'valid';
  /** Valid axis only: the record time at which to read. @default now() */
  knownAt?: TimeInput;
}

export interface Changes {
  added: Fact[];
  removed: Fact[];
}

export interface NeighborQuery extends Cut {
  predicate?: string;
  /** @default 'both' */
  direction?: 'out' | 'in' | 'both';
  includeArchived?: boolean;
}

export interface Neighbor {
  entity: { id: number; name: string };
  fact: Fact;
  direction: 'out' | 'in';
}

export interface EpisodeInput {
  id: string;
  text: string;
  /** When the episode happened (its valid time). */
  at: TimeInput;
  speaker?: string;
  /**
   * The conversation or thread the episode belongs to (any id the caller keeps). Episodes without one are
   * grouped into sessions by time gaps (recall/sessions.ts).
   */
  session?: string;
  vector?: ArrayLike<number>;
  /** Entities the episode mentions (names or `{ id }`); unknown names are created. */
  entities?: EntityRef[];
  recordedAt?: TimeInput;
}

export interface MergeInput {
  /** The entity that survives. */
  into: EntityRef;
  /** The entity merged into it; its names resolve to `into` for reads at or after the merge. */
  from: EntityRef;
  recordedAt?: TimeInput;
}

export interface Episode {
  id: string;
  text: string;
  at: number;
  recordedAt: number;
  speaker?: string;
  /** The conversation or thread it was given as part of (absent: none given). */
  session?: string;
  entities: number[];
}

// ---- Models: the two interfaces a model plugs in through (recall/embedder.ts, recall/extractor.ts) ----

/** Options a model call may take (an addition to API.md's shapes): cancel it with the caller's signal. */
export interface ModelCallOptions {
  signal?: AbortSignalLike;
}

/** The part of `AbortSignal` the core uses (the core's TypeScript library has no DOM or Node types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * Turns texts into fixed-length vectors, a batch per call, synchronously or with a promise. `id` names the
 * model and its settings: it is stored in the memory's configuration, so a memory is never opened with
 * vectors from another model. The same text must always give the same vector.
 */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  embed(texts: readonly string[], options?: ModelCallOptions): Float32Array[] | Promise<Float32Array[]>;
}

/** One turn of a conversation (or any short text) to extract from. */
export interface Turn {
  id: string;
  text: string;
  /** The turn's time, ms: relative dates are resolved against it. */
  at: number;
  /** Who said it: a name ("Caroline") or a role label ("user"). */
  speaker?: string;
  /** 'assistant' marks a model's turn (as does the speaker "assistant"): see `RuleExtractor`. */
  role?: 'user' | 'assistant';
}

/** The input of the former one-episode interface; the same shape as `Turn`. */
export type ExtractorEpisode = Turn;

export interface ExtractedEntity {
  name: string;
  type?: string;
  /**
   * Other names the turn gave this entity ("I'm Maya Chen" said by Maya). A writer may pass them to
   * `mem.entity({ name, aliases })`; an alias that already names another entity must be left out (or the
   * entities merged), since `entity` refuses it.
   */
  aliases?: string[];
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
  /** Where in the turn's text the fact was read: [start, end) in UTF-16 units (evidence for a reader). */
  span?: { start: number; end: number };
  /**
   * What this belief rests on ("I take the bus because I live in Boston"): `{ index }` another fact of the
   * same extraction, `{ fact }` a fact id the memory has. Written as the assertion's `dependsOn`; a premise
   * the gate rejected is left out.
   */
  dependsOn?: ExtractedPremise[];
  /** Held besides the subject's current object of a one-at-a-time predicate (a second job): written as the assertion's `alongside`. */
  alongside?: boolean;
}

/** A premise of an extracted fact: a fact of the same extraction by index, or a fact id the memory has. */
export type ExtractedPremise = { index: number } | { fact: number };

/** A fact the turn says no longer holds (an ending) or never held (a correction), over [validFrom, validTo). */
export interface ExtractedRetraction {
  subject: string;
  predicate: string;
  /** a name or a literal; left out: every object */
  object?: string | { value: string | number | boolean };
  /** -Infinity: it never held ("I never lived in Denver") */
  validFrom: number;
  validTo?: number;
  /** the words that say so (stored as the retraction's reason) */
  evidence?: string;
}

export interface Extraction {
  entities: ExtractedEntity[];
  facts: ExtractedFact[];
  /**
   * Applied before `facts`, at the same record time: endings ("I left Acme", "Rex passed away") and the
   * wrong versions a correction replaces. A retraction of an entity the memory does not know is skipped.
   */
  retractions?: ExtractedRetraction[];
  /**
   * Predicates the facts use and how the extractor means them ({ lives_in: { cardinality: 'one' } }): the
   * memory declares each one it has neither declared nor used yet, before the facts (a logged definePredicate).
   */
  predicates?: Record<string, PredicateOptions>;
  /**
   * Stated rules ("if the team lead changes, the weekly report goes to James Lee"), applied after `facts` at
   * the same record time: the dependent's current version is re-asserted resting on the premise's, with
   * `onPremiseChange: { object }`. A rule whose premise or dependent the memory does not believe now is skipped.
   */
  rules?: ExtractedRule[];
}

/** A belief named by what it is about: `predicate` matches itself or a predicate ending in `_predicate` ("report" finds "weekly_report"). */
export interface ExtractedBeliefRef {
  subject: string;
  predicate?: string;
  /** only versions with this object (a name) */
  object?: string;
}

/** "When `premise` changes, `dependent` becomes `object`." */
export interface ExtractedRule {
  /** Alternatives, first match wins: the versions believed at the turn's time that the rule watches. */
  premise: ExtractedBeliefRef[];
  /** The versions believed at the turn's time that the rule replaces (subject and predicate). */
  dependent: { subject: string; predicate: string };
  object: string | { value: string | number | boolean };
  /** The words that state the rule. */
  evidence?: string;
}

/** Turns a batch of turns into entities and candidate facts for `MemoryGraph.assert`, one extraction per turn. */
export interface Extractor {
  /** Names the extractor and its version (e.g. 'rule-extractor@2'). */
  id: string;
  extract(turns: readonly Turn[], options?: ModelCallOptions): Extraction[] | Promise<Extraction[]>;
}

