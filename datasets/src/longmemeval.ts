import { checkOptions, date, list, record, str, text } from './check.js';
import { parseLongMemEvalDate } from './dates.js';
import { DatasetArgumentError, DatasetFormatError } from './errors.js';
import { forEachArrayElement } from './json-array.js';
import { locateDataset } from './paths.js';
import { checkSplit, splitOf } from './split.js';
import { LONGMEMEVAL_QUESTION_TYPES } from './types.js';
import type {
  LoadOptions,
  LongMemEvalQuestion,
  LongMemEvalQuestionType,
  LongMemEvalSession,
  LongMemEvalTurn,
} from './types.js';

/** `oracle`: only the evidence sessions (500 questions); `s`: LongMemEval_S cleaned, ~48 sessions each. */
export type LongMemEvalVariant = 'oracle' | 's';

function sameTurns(a: readonly LongMemEvalTurn[], b: readonly LongMemEvalTurn[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.role !== y.role || x.hasAnswer !== y.hasAnswer || x.content !== y.content) return false;
  }
  return true;
}

/**
 * Normalises one LongMemEval question. `shared` maps session ids to turn lists already built: a session that
 * recurs with identical turns reuses the list (LongMemEval_S repeats ~4,600 sessions, each re-dated per
 * question, so the session objects differ but their turns need not be held twice).
 */
export function normaliseLongMemEvalQuestion(
  raw: unknown,
  position: number,
  where: string,
  shared: Map<string, LongMemEvalTurn[]> = new Map(),
): LongMemEvalQuestion {
  const q = record(raw, where);
  const id = str(q['question_id'], `${where}.question_id`);
  where = `${where} (${id})`;
  const type = str(q['question_type'], `${where}.question_type`);
  if (!(LONGMEMEVAL_QUESTION_TYPES as readonly string[]).includes(type)) {
    throw new DatasetFormatError(`${where}.question_type ${JSON.stringify(type)} is not one of ${LONGMEMEVAL_QUESTION_TYPES.join(', ')}`);
  }
  const ids = list(q['haystack_session_ids'], `${where}.haystack_session_ids`);
  const dates = list(q['haystack_dates'], `${where}.haystack_dates`);
  const haystack = list(q['haystack_sessions'], `${where}.haystack_sessions`);
  if (ids.length !== dates.length || ids.length !== haystack.length) {
    throw new DatasetFormatError(
      `${where}: haystack_session_ids (${ids.length}), haystack_dates (${dates.length}) and haystack_sessions (${haystack.length}) differ in length`,
    );
  }
  const sessions: LongMemEvalSession[] = haystack.map((s, i) => {
    const sw = `${where}.haystack_sessions[${i}]`;
    const sessionId = str(ids[i], `${where}.haystack_session_ids[${i}]`);
    const sessionDate = date(parseLongMemEvalDate, dates[i], `${where}.haystack_dates[${i}]`);
    const turns: LongMemEvalTurn[] = list(s, sw).map((t, j) => {
      const turn = record(t, `${sw}[${j}]`);
      const role = turn['role'];
      if (role !== 'user' && role !== 'assistant') {
        throw new DatasetFormatError(`${sw}[${j}].role ${JSON.stringify(role)} is not 'user' or 'assistant'`);
      }
      return { role, content: str(turn['content'], `${sw}[${j}].content`), hasAnswer: turn['has_answer'] === true };
    });
    const seen = shared.get(sessionId);
    if (seen === undefined) shared.set(sessionId, turns);
    return { id: sessionId, date: sessionDate, turns: seen !== undefined && sameTurns(seen, turns) ? seen : turns };
  });
  return {
    id,
    position,
    type: type as LongMemEvalQuestionType,
    question: str(q['question'], `${where}.question`),
    answer: text(q['answer'], `${where}.answer`),
    questionDate: date(parseLongMemEvalDate, q['question_date'], `${where}.question_date`),
    abstention: id.endsWith('_abs'),
    sessions,
    answerSessionIds: list(q['answer_session_ids'], `${where}.answer_session_ids`).map((a, i) =>
      str(a, `${where}.answer_session_ids[${i}]`),
    ),
  };
}

/**
 * Loads LongMemEval (`oracle`: longmemeval_oracle.json, `s`: longmemeval_s_cleaned.json, either plain or
 * .gz) as normalised questions, in file order. The file is parsed one question at a time from the gunzip
 * stream, so the 257 MB of S never exist as one string; with `split` set, the other split's questions are
 * dropped as they are read.
 * @throws DatasetNotFoundError when the file is nowhere; DatasetFormatError when it is malformed;
 *   DatasetArgumentError for a bad variant or options.
 */
export async function loadLongMemEval(variant: LongMemEvalVariant, options?: LoadOptions): Promise<LongMemEvalQuestion[]> {
  const call = 'loadLongMemEval';
  if (variant !== 'oracle' && variant !== 's') {
    throw new DatasetArgumentError(`${call}: variant must be 'oracle' or 's', got ${JSON.stringify(variant)}`);
  }
  const opts = checkOptions(call, options);
  const split = checkSplit(call, opts.split);
  const path = locateDataset(variant === 'oracle' ? 'longmemeval-oracle' : 'longmemeval-s', opts.path, call);
  const out: LongMemEvalQuestion[] = [];
  const shared = new Map<string, LongMemEvalTurn[]>();
  await forEachArrayElement(
    path,
    call,
    (raw, position) => out.push(normaliseLongMemEvalQuestion(raw, position, `${call}: ${path}: question ${position}`, shared)),
    (position) => split === 'all' || splitOf('longmemeval', position) === split,
  );
  return out;
}
