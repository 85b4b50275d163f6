/**
 * Reads a transcript for `ingest`, as core's `transcriptTurns` takes it: JSONL or a JSON array of turns
 * `{"speaker"?, "text", "at", "id"?}`; `{ "sessions": [...] }`; or the data sets' own files — LoCoMo
 * samples (`conversation.session_<n>` with `session_<n>_date_time`) and LongMemEval entries
 * (`haystack_sessions` with `haystack_dates`), one or many (a JSON array, or JSONL with one per line;
 * `--conversation ID` picks one of many by `sample_id` / `question_id`). Everything is checked before
 * anything is ingested, so a bad transcript changes nothing.
 */
import { readFile } from 'node:fs/promises';
import { InvalidArgumentError, NotFoundError } from '@palimpsest/core';
import type { Transcript, TranscriptSession, TranscriptTurn } from '@palimpsest/core';
import { longMemEvalDate, locomoDate } from './dataset-dates.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The file's JSON values: the whole file when it parses, else one per non-blank line (JSONL). */
function values(text: string, where: string): unknown[] {
  try {
    const whole = JSON.parse(text) as unknown;
    return Array.isArray(whole) ? whole : [whole];
  } catch {
    // not one JSON value: JSONL
  }
  const out: unknown[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      out.push(JSON.parse(line));
    } catch (e) {
      throw new InvalidArgumentError(`${where} line ${i + 1} is not JSON (${(e as Error).message})`);
    }
  });
  return out;
}

function plainTurn(v: unknown, where: string): TranscriptTurn {
  if (!isObject(v)) throw new InvalidArgumentError(`${where} is not a JSON object`);
  if (typeof v['text'] !== 'string') throw new InvalidArgumentError(`${where}: "text" must be a string`);
  if (typeof v['at'] !== 'string' && typeof v['at'] !== 'number') throw new InvalidArgumentError(`${where}: "at" must be an ISO-8601 time or milliseconds`);
  if (v['speaker'] !== undefined && typeof v['speaker'] !== 'string') throw new InvalidArgumentError(`${where}: "speaker" must be a string`);
  if (v['id'] !== undefined && (typeof v['id'] !== 'string' || v['id'] === '')) throw new InvalidArgumentError(`${where}: "id" must be a non-empty string`);
  if (v['session'] !== undefined && typeof v['session'] !== 'string') throw new InvalidArgumentError(`${where}: "session" must be a string`);
  return {
    text: v['text'],
    at: v['at'],
    ...(typeof v['speaker'] === 'string' ? { speaker: v['speaker'] } : {}),
    ...(typeof v['id'] === 'string' ? { id: v['id'] } : {}),
    ...(typeof v['session'] === 'string' ? { session: v['session'] } : {}),
  };
}

function locomoSessions(sample: Json, where: string): TranscriptSession[] {
  const conv = sample['conversation'] as Json;
  const sessions: TranscriptSession[] = [];
  for (const key of Object.keys(conv)) {
    const m = /^session_(\d+)$/.exec(key);
    if (!m || !Array.isArray(conv[key])) continue;
    const index = Number(m[1]);
    const date = locomoDate(conv[`session_${index}_date_time`], `${where}.conversation.session_${index}_date_time`);
    const turns = (conv[key] as unknown[]).map((t, i) => {
      const w = `${where}.conversation.${key}[${i}]`;
      if (!isObject(t) || typeof t['text'] !== 'string' || typeof t['speaker'] !== 'string') throw new InvalidArgumentError(`${w}: a turn needs "speaker" and "text"`);
      return { speaker: t['speaker'], text: t['text'], ...(typeof t['dia_id'] === 'string' ? { id: t['dia_id'] } : {}) };
    });
    sessions.push({ id: `S${index}`, index, date, turns });
  }
  return sessions;
}

function longMemEvalSessions(entry: Json, where: string): TranscriptSession[] {
  const haystack = entry['haystack_sessions'];
  const dates = entry['haystack_dates'];
  const ids = entry['haystack_session_ids'];
  if (!Array.isArray(haystack) || !Array.isArray(dates) || haystack.length !== dates.length) {
    throw new InvalidArgumentError(`${where}: haystack_sessions and haystack_dates must be lists of the same length`);
  }
  return haystack.map((session, i) => {
    const w = `${where}.haystack_sessions[${i}]`;
    if (!Array.isArray(session)) throw new InvalidArgumentError(`${w} is not a list of turns`);
    const id = Array.isArray(ids) && typeof ids[i] === 'string' ? ids[i] : `S${i + 1}`;
    const turns = session.map((t, j) => {
      if (!isObject(t) || typeof t['role'] !== 'string' || typeof t['content'] !== 'string') throw new InvalidArgumentError(`${w}[${j}]: a turn needs "role" and "content"`);
      return { role: t['role'], content: t['content'], id: `${id}:${j + 1}` };
    });
    return { id, date: longMemEvalDate(dates[i], `${where}.haystack_dates[${i}]`), turns };
  });
}

const isLocomo = (v: unknown): v is Json => isObject(v) && isObject(v['conversation']);
const isLongMemEval = (v: unknown): v is Json => isObject(v) && Array.isArray(v['haystack_sessions']);
const nameOf = (v: Json): string => String(v['sample_id'] ?? v['question_id'] ?? '?');

/** The conversation to ingest among the data set's samples: the only one, or the one `--conversation` names. */
function pick(samples: Json[], conversation: string | undefined, where: string): Json {
  if (conversation !== undefined) {
    const found = samples.find((s) => nameOf(s) === conversation);
    if (found === undefined) throw new NotFoundError(`${where}: no conversation "${conversation}"; it has ${samples.slice(0, 12).map(nameOf).join(', ')}${samples.length > 12 ? ', …' : ''}`);
    return found;
  }
  if (samples.length === 1) return samples[0]!;
  throw new InvalidArgumentError(`${where} holds ${samples.length} conversations (${samples.slice(0, 6).map(nameOf).join(', ')}${samples.length > 6 ? ', …' : ''}); choose one with --conversation ID`);
}

export async function readTranscriptFile(path: string, options: { conversation?: string } = {}): Promise<Transcript> {
  const where = `ingest: ${path}`;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError(`ingest: no transcript at ${path}`);
    throw e;
  }
  const all = values(text, where);
  if (all.length === 1 && isObject(all[0]) && Array.isArray(all[0]['sessions'])) return all[0] as unknown as Transcript;
  if (all.length > 0 && all.every(isLocomo)) {
    const sample = pick(all, options.conversation, where);
    return { sessions: locomoSessions(sample, `${where} ${nameOf(sample)}`) };
  }
  if (all.length > 0 && all.every(isLongMemEval)) {
    const entry = pick(all, options.conversation, where);
    return { sessions: longMemEvalSessions(entry, `${where} ${nameOf(entry)}`) };
  }
  if (options.conversation !== undefined) throw new InvalidArgumentError(`${where}: --conversation is for LoCoMo or LongMemEval files; this one is plain turns`);
  return all.map((v, i) => plainTurn(v, `${where} ${text.trimStart().startsWith('[') ? `[${i}]` : `line ${i + 1}`}`));
}
