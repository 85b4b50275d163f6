/**
 * One LoCoMo conversation for the perf scripts: read from ../shared/datasets (or a given file), its sessions
 * dated from their "1:56 pm on 8 May, 2023" stamps, each turn's text as recall sees it (an image's caption
 * appended). Node-only, like every script in this folder.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}
export interface Question {
  question: string;
  evidence?: string[];
  category: number;
}
export interface Conversation {
  /** Non-empty sessions in order, each with its start time (UTC ms). */
  sessions: Array<{ at: number; turns: Turn[] }>;
  questions: Question[];
}

export const LOCOMO_FILE = new URL('../../../../../../shared/datasets/locomo/locomo10.json.gz', import.meta.url).pathname;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" → UTC ms. */
function sessionTime(s: string, caller: string): number {
  const m = /^(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})$/i.exec(s.trim());
  if (m === null) throw new Error(`${caller}: cannot read session time "${s}"`);
  let hour = Number(m[1]) % 12;
  if (m[3]!.toLowerCase() === 'pm') hour += 12;
  return Date.UTC(Number(m[6]), MONTHS.indexOf(m[5]!.toLowerCase()), Number(m[4]), hour, Number(m[2]));
}

/** The conversation `sampleId` of `file`; `caller` names the script in errors. */
export function readConversation(sampleId: string, file: string, caller: string): Conversation {
  const samples = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Array<{
    sample_id: string;
    conversation: Record<string, unknown>;
    qa: Question[];
  }>;
  const sample = samples.find((s) => s.sample_id === sampleId);
  if (sample === undefined) throw new Error(`${caller}: no sample ${sampleId} in ${file}`);
  const conv = sample.conversation;
  const sessions: Conversation['sessions'] = [];
  for (let n = 1; conv[`session_${n}_date_time`] !== undefined; n++) {
    const turns = conv[`session_${n}`] as Turn[] | undefined;
    if (turns === undefined || turns.length === 0) continue; // conv-26 has dates for empty sessions
    sessions.push({ at: sessionTime(conv[`session_${n}_date_time`] as string, caller), turns });
  }
  return { sessions, questions: sample.qa.filter((q) => typeof q.question === 'string') };
}

/** A turn's text as the bench ingests it: an image's caption appended. */
export function turnText(turn: Turn): string {
  return turn.blip_caption === undefined ? turn.text : `${turn.text} [shares a photo: ${turn.blip_caption}]`;
}
