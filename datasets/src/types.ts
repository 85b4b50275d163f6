/** Which part of the data a loader returns: tune on `dev`, report on `test` (see `splitOf`). */
export type Split = 'dev' | 'test';
export type SplitOption = Split | 'all';

export interface LoadOptions {
  /** An explicit `.json` or `.json.gz` file; when given, nothing else is searched. */
  path?: string;
  /** Keep only this split. @default 'all' */
  split?: SplitOption;
}

/** An image a LoCoMo speaker shared: the BLIP caption is what a text-only reader can know of it. */
export interface SharedImage {
  caption: string;
  url?: string[];
  /** The search query the data set's authors used to find the image. */
  query?: string;
}

export interface Turn {
  /** The LoCoMo `dia_id`, "D{session}:{turn}". */
  id: string;
  speaker: string;
  /** What a reader sees: the spoken text, plus ` [caption]` when the turn shares an image. */
  text: string;
  /** Session time + the turn's index in seconds, so that turns keep their order on a time axis. */
  at: number;
  /** The spoken text alone (present only when it differs from `text`). */
  rawText?: string;
  image?: SharedImage;
}

export interface Session {
  /** 1-based, as in `session_N`. */
  index: number;
  /** Epoch ms of the session's start (the data set's wall-clock time read as UTC). */
  date: number;
  /** The session time exactly as written, e.g. "1:56 pm on 8 May, 2023". */
  dateText?: string;
  turns: Turn[];
  /** LoCoMo's `session_N_summary`, when present. */
  summary?: string;
}

/** 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
export type QuestionCategory = 1 | 2 | 3 | 4 | 5;

export const QUESTION_CATEGORY_NAMES: Readonly<Record<QuestionCategory, string>> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

/** The answer LoCoMo's evaluation expects to adversarial questions that the data gives no `answer` for. */
export const ADVERSARIAL_ANSWER = 'Not mentioned in the conversation';

export interface Question {
  question: string;
  /** Always a string (numbers are converted). Category 5 without an answer: `ADVERSARIAL_ANSWER`. */
  answer: string;
  category: QuestionCategory;
  /** Cleaned evidence: dia_ids of turns that exist in the conversation, in order, without duplicates. */
  evidence: string[];
  /** The evidence list exactly as in the file (only when it differs from `evidence`). */
  rawEvidence?: string[];
  /** Category 5: the tempting wrong answer the question is built around. */
  adversarialAnswer?: string;
}

/** One LoCoMo observation: a fact the data set's authors extracted from a session, with its turns. */
export interface Observation {
  session: number;
  speaker: string;
  text: string;
  evidence: string[];
}

/** A ground-truth fact of a generated conversation: what held, from when, and which turn says so. */
export interface GroundFact {
  subject: string;
  predicate: string;
  object: string;
  validFrom: number;
  /** Absent when the fact still holds at the end of the conversation. */
  validTo?: number;
  /** The dia_id of the turn that states it. */
  evidence: string;
}

export interface Conversation {
  /** LoCoMo `sample_id`, e.g. "conv-26" (generated: "gen-{seed}-{n}"). */
  id: string;
  speakers: [string, string];
  /** In session order; sessions without turns are left out. */
  sessions: Session[];
  questions: Question[];
  /** LoCoMo's `observation` field, flattened (2,541 in the release). */
  observations?: Observation[];
  /** LoCoMo's `event_summary`, as in the file. */
  eventSummary?: unknown;
  /** Generated conversations only: the state timeline the turns were written from. */
  facts?: GroundFact[];
}

export type LongMemEvalQuestionType =
  | 'temporal-reasoning'
  | 'multi-session'
  | 'knowledge-update'
  | 'single-session-user'
  | 'single-session-assistant'
  | 'single-session-preference';

export const LONGMEMEVAL_QUESTION_TYPES: readonly LongMemEvalQuestionType[] = [
  'temporal-reasoning',
  'multi-session',
  'knowledge-update',
  'single-session-user',
  'single-session-assistant',
  'single-session-preference',
];

export interface LongMemEvalTurn {
  role: 'user' | 'assistant';
  content: string;
  /** The turn holds (part of) the answer. */
  hasAnswer: boolean;
}

export interface LongMemEvalSession {
  id: string;
  /** Epoch ms (the data set's wall-clock time read as UTC). */
  date: number;
  turns: LongMemEvalTurn[];
}

export interface LongMemEvalQuestion {
  /** `question_id`; ids ending `_abs` are abstention questions. */
  id: string;
  /** Position in the file (0-based): decides the split. */
  position: number;
  type: LongMemEvalQuestionType;
  question: string;
  /** Always a string (numbers are converted). */
  answer: string;
  questionDate: number;
  /** The question cannot be answered from the history; the right reply says so. */
  abstention: boolean;
  /**
   * The haystack in file order, which is not chronological: sort by `date` before ingesting in time order.
   * A session that recurs across questions with identical turns shares one `turns` list: treat it as read-only.
   */
  sessions: LongMemEvalSession[];
  answerSessionIds: string[];
}
