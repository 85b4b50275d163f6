import { checkOptions, date, isRecord, list, record, str, text } from './check.js';
import { parseLocomoDate } from './dates.js';
import { DatasetFormatError } from './errors.js';
import { forEachArrayElement } from './json-array.js';
import { locateDataset } from './paths.js';
import { checkSplit, splitOf } from './split.js';
import { ADVERSARIAL_ANSWER } from './types.js';
import type {
  Conversation,
  LoadOptions,
  Observation,
  Question,
  QuestionCategory,
  Session,
  SharedImage,
  Turn,
} from './types.js';

const DIA_ID = /^D:?(\d+):0*(\d+)$/;

/**
 * Normalises one raw evidence entry into dia_ids. The release has entries like "D8:6; D9:17",
 * "D9:1 D4:4 D4:6", "D:11:26", "D30:05" and a bare "D": entries are split on `;`, `,` and white space, the
 * stray colon and leading zeros are removed, and tokens that are not a dia_id at all are dropped.
 */
export function parseEvidence(entry: string): string[] {
  const out: string[] = [];
  for (const token of entry.split(/[;,\s]+/)) {
    const m = DIA_ID.exec(token.trim());
    if (m) out.push(`D${Number(m[1])}:${Number(m[2])}`);
  }
  return out;
}

/** Cleans a whole evidence list: parse each entry, keep ids of turns that exist, drop duplicates. */
function cleanEvidence(raw: string[], known: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const entry of raw) for (const id of parseEvidence(entry)) if (known.has(id) && !out.includes(id)) out.push(id);
  return out;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function category(v: unknown, where: string): QuestionCategory {
  if (v === 1 || v === 2 || v === 3 || v === 4 || v === 5) return v;
  throw new DatasetFormatError(`${where}.category ${JSON.stringify(v)} is not 1..5`);
}

/** Normalises one LoCoMo sample (an element of locomo10.json). `where` prefixes error messages. */
export function normaliseLocomoSample(raw: unknown, where: string): Conversation {
  const sample = record(raw, where);
  const id = str(sample['sample_id'], `${where}.sample_id`);
  where = `${where} (${id})`;
  const conv = record(sample['conversation'], `${where}.conversation`);
  const speakers: [string, string] = [
    str(conv['speaker_a'], `${where}.conversation.speaker_a`),
    str(conv['speaker_b'], `${where}.conversation.speaker_b`),
  ];
  const summaries = isRecord(sample['session_summary']) ? sample['session_summary'] : {};

  const indexes: number[] = [];
  for (const key of Object.keys(conv)) {
    const m = /^session_(\d+)$/.exec(key);
    if (m) indexes.push(Number(m[1]));
  }
  indexes.sort((a, b) => a - b);

  const sessions: Session[] = [];
  const known = new Set<string>();
  for (const index of indexes) {
    const at = `${where}.conversation.session_${index}`;
    const rawTurns = list(conv[`session_${index}`], at);
    // conv-26 carries date keys for sessions that have no turns (and no session_N key): those are skipped
    // by construction; an empty list is skipped too.
    if (rawTurns.length === 0) continue;
    const dateText = str(conv[`session_${index}_date_time`], `${at}_date_time`);
    const start = date(parseLocomoDate, dateText, `${at}_date_time`);
    const turns: Turn[] = rawTurns.map((t, i) => {
      const tw = `${at}[${i}]`;
      const turn = record(t, tw);
      const spoken = str(turn['text'], `${tw}.text`);
      const out: Turn = {
        id: str(turn['dia_id'], `${tw}.dia_id`),
        speaker: str(turn['speaker'], `${tw}.speaker`),
        text: spoken,
        at: start + i * 1000,
      };
      if (turn['blip_caption'] !== undefined) {
        const image: SharedImage = { caption: str(turn['blip_caption'], `${tw}.blip_caption`) };
        const url = turn['img_url'];
        if (Array.isArray(url)) image.url = url.filter((u): u is string => typeof u === 'string');
        else if (typeof url === 'string') image.url = [url];
        if (typeof turn['query'] === 'string') image.query = turn['query'];
        out.image = image;
        out.rawText = spoken;
        out.text = `${spoken} [${image.caption}]`;
      }
      known.add(out.id);
      return out;
    });
    const session: Session = { index, date: start, dateText, turns };
    const summary = summaries[`session_${index}_summary`];
    if (typeof summary === 'string') session.summary = summary;
    sessions.push(session);
  }

  const questions: Question[] = list(sample['qa'], `${where}.qa`).map((q, i) => {
    const qw = `${where}.qa[${i}]`;
    const qa = record(q, qw);
    const cat = category(qa['category'], qw);
    const rawEvidence = list(qa['evidence'] ?? [], `${qw}.evidence`).map((e, j) => str(e, `${qw}.evidence[${j}]`));
    const evidence = cleanEvidence(rawEvidence, known);
    const out: Question = {
      question: str(qa['question'], `${qw}.question`),
      // Category 5 mostly has only `adversarial_answer`: the right reply is that it was never said.
      answer:
        qa['answer'] !== undefined ? text(qa['answer'], `${qw}.answer`) : cat === 5 ? ADVERSARIAL_ANSWER : text(undefined, `${qw}.answer`),
      category: cat,
      evidence,
    };
    if (!sameList(evidence, rawEvidence)) out.rawEvidence = rawEvidence;
    if (qa['adversarial_answer'] !== undefined) out.adversarialAnswer = text(qa['adversarial_answer'], `${qw}.adversarial_answer`);
    return out;
  });

  const conversation: Conversation = { id, speakers, sessions, questions };
  if (isRecord(sample['observation'])) conversation.observations = observations(sample['observation'], known);
  if (sample['event_summary'] !== undefined) conversation.eventSummary = sample['event_summary'];
  return conversation;
}

/** Flattens `observation`: {session_N_observation: {speaker: [[fact, dia_id | dia_id[]], …]}}. */
function observations(raw: Record<string, unknown>, known: ReadonlySet<string>): Observation[] {
  const out: Observation[] = [];
  const keys = Object.keys(raw)
    .map((k) => [k, /^session_(\d+)_observation$/.exec(k)] as const)
    .filter((e): e is readonly [string, RegExpExecArray] => e[1] !== null)
    .sort((a, b) => Number(a[1][1]) - Number(b[1][1]));
  for (const [key, m] of keys) {
    const bySpeaker = raw[key];
    if (!isRecord(bySpeaker)) continue;
    for (const [speaker, facts] of Object.entries(bySpeaker)) {
      if (!Array.isArray(facts)) continue;
      for (const f of facts) {
        if (!Array.isArray(f) || typeof f[0] !== 'string') continue;
        const ev = f[1];
        const rawEv = Array.isArray(ev) ? ev.filter((e): e is string => typeof e === 'string') : typeof ev === 'string' ? [ev] : [];
        out.push({ session: Number(m[1]), speaker, text: f[0], evidence: cleanEvidence(rawEv, known) });
      }
    }
  }
  return out;
}

/**
 * Loads LoCoMo (locomo10.json or .json.gz) as normalised conversations, in file order.
 * Searches `options.path`, then `../shared/datasets` beside the repository, then beside the working
 * directory, then `$PALIMPSEST_DATASETS` (see `datasetFolders`).
 * @throws DatasetNotFoundError when the file is nowhere; DatasetFormatError when it is malformed;
 *   DatasetArgumentError for bad options.
 */
export async function loadLocomo(options?: LoadOptions): Promise<Conversation[]> {
  const call = 'loadLocomo';
  const opts = checkOptions(call, options);
  const split = checkSplit(call, opts.split);
  const path = locateDataset('locomo', opts.path, call);
  const out: Conversation[] = [];
  await forEachArrayElement(path, call, (raw, position) => {
    const where = `${call}: ${path}: sample ${position}`;
    const conversation = normaliseLocomoSample(raw, where);
    if (split === 'all' || splitOf('locomo', conversation.id) === split) out.push(conversation);
  });
  return out;
}
