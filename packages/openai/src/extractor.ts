import { InvalidArgumentError } from '@palimpsest/core';
import type { Extraction, ExtractedFact, Extractor, ModelCallOptions, Turn } from '@palimpsest/core';
import { Client, emptyTotals } from './client.js';
import type { ClientOptions, UsageTotals } from './client.js';
import { ModelResponseError } from './errors.js';
import { CHANGES_PROMPT, CHANGE_SCHEMAS, changesOf, isoTime, predicateOf, str } from './extraction-changes.js';

export interface OpenAIExtractorOptions extends ClientOptions {
  /** A chat model that supports `response_format: { type: 'json_schema' }`. */
  model: string;
  /** Turns per request (each request answers for all of them). @default 8 */
  turnsPerRequest?: number;
  /** @default 0 */
  temperature?: number;
  /** Replaces the system prompt (`EXTRACTION_PROMPT`). */
  instructions?: string;
  /** Extra fields merged into every request body (e.g. `max_tokens`, or a server's own options). */
  extraBody?: Record<string, unknown>;
  /** @default `openai-chat:${model}` */
  id?: string;
}

export interface OpenAIExtractor extends Extractor {
  extract(turns: readonly Turn[], options?: ModelCallOptions): Promise<Extraction[]>;
  /** Tokens, requests and cost so far. */
  readonly usage: UsageTotals;
  /** Items the model wrote that could not be used (a date that is no date, an empty name, validTo ≤ validFrom). */
  readonly dropped: { facts: number; retractions: number; rules: number };
}

export const EXTRACTION_PROMPT = `You turn conversation turns into facts for a memory that keeps two clocks.
For every turn you are given, return its turn_id, the entities it mentions and the facts it states.
- entities: people, places, organisations, things, events by their name as written; type is a short lower-case word (person, place, organisation, thing, event) or null.
- facts: subject —predicate→ object. subject is an entity name. predicate is a short lower_snake_case verb phrase (lives_in, works_at, likes, owns, visited). object is an entity name (object_is_entity true) or a value such as a number, a colour or a short phrase (object_is_entity false).
- valid_from / valid_to: when the fact holds in the world, as ISO-8601 dates or times. Resolve relative times ("last May", "two weeks ago") against the turn's said_at. null for valid_from means "from when it was said"; null for valid_to means "still holds".
- confidence: 0 to 1, how surely the turn states the fact (a plan or a guess is lower than a plain statement).
- evidence: the exact words of the turn that state the fact.
- depends_on: the positions (0-based, in this turn's facts list) of the facts this fact rests on, when the turn says so ("I take the bus because I live in Boston": the bus fact depends on the lives_in fact). [] when it rests on nothing stated.
${CHANGES_PROMPT}
Use the speaker's name for "I" and "me". State only what the turns say; greetings and small talk give no facts.`;

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['turns'],
  properties: {
    turns: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['turn_id', 'entities', 'facts', 'retractions', 'rules'],
        properties: {
          turn_id: { type: 'string' },
          entities: {
            type: 'array',
            items: { type: 'object', additionalProperties: false, required: ['name', 'type'], properties: { name: { type: 'string' }, type: { type: ['string', 'null'] } } },
          },
          facts: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['subject', 'predicate', 'object', 'object_is_entity', 'valid_from', 'valid_to', 'confidence', 'evidence', 'depends_on', 'one_at_a_time', 'alongside'],
              properties: {
                subject: { type: 'string' },
                predicate: { type: 'string' },
                object: { type: 'string' },
                object_is_entity: { type: 'boolean' },
                valid_from: { type: ['string', 'null'] },
                valid_to: { type: ['string', 'null'] },
                confidence: { type: 'number' },
                evidence: { type: 'string' },
                depends_on: { type: 'array', items: { type: 'integer' } },
                one_at_a_time: { type: 'boolean' },
                alongside: { type: 'boolean' },
              },
            },
          },
          ...CHANGE_SCHEMAS,
        },
      },
    },
  },
} as const;

/** The `response_format` every request sends. */
export const EXTRACTION_RESPONSE_FORMAT = { type: 'json_schema', json_schema: { name: 'palimpsest_extraction', strict: true, schema: SCHEMA } } as const;

/**
 * An Extractor over POST /chat/completions of any OpenAI-compatible server, with a JSON schema for the
 * answer. `extract(turns)` asks about `turnsPerRequest` turns per request, one request after another,
 * and resolves with one Extraction per turn in order, or rejects with nothing returned (a turn missing
 * from an answer, a refusal or a truncated answer is a ModelResponseError).
 */
export function openAIExtractor(options: OpenAIExtractorOptions): OpenAIExtractor {
  const call = 'openAIExtractor';
  const client = new Client(options, call);
  if (typeof options.model !== 'string' || options.model === '') throw new InvalidArgumentError(`${call}: model must be a non-empty string`);
  const per = options.turnsPerRequest ?? 8;
  if (!Number.isInteger(per) || per < 1) throw new InvalidArgumentError(`${call}: turnsPerRequest (${String(per)}) must be a whole number ≥ 1`);
  const temperature = options.temperature ?? 0;
  const instructions = options.instructions ?? EXTRACTION_PROMPT;
  const model = options.model;
  const usage = emptyTotals();
  const dropped = { facts: 0, retractions: 0, rules: 0 };
  return {
    id: options.id ?? `openai-chat:${model}`,
    usage,
    dropped,
    async extract(turns: readonly Turn[], callOptions?: ModelCallOptions): Promise<Extraction[]> {
      const where = `${call}.extract`;
      if (!Array.isArray(turns)) throw new InvalidArgumentError(`${where}: turns must be an array`);
      const out: Extraction[] = [];
      for (let i = 0; i < turns.length; i += per) {
        const batch = turns.slice(i, i + per);
        const body = {
          ...options.extraBody,
          model,
          temperature,
          response_format: EXTRACTION_RESPONSE_FORMAT,
          messages: [
            { role: 'system', content: instructions },
            { role: 'user', content: JSON.stringify({ turns: batch.map((t) => ({ turn_id: t.id, speaker: t.speaker ?? null, said_at: new Date(t.at).toISOString(), text: t.text })) }) },
          ],
        };
        const { json, attempts } = await client.post(where, '/chat/completions', body, callOptions?.signal as AbortSignal | undefined);
        const answer = answerOf(json, where);
        out.push(...batch.map((t) => toExtraction(answer, t, dropped, where)));
        client.account(usage, 'chat/completions', model, batch.length, (json as { usage?: unknown }).usage, attempts);
      }
      return out;
    },
  };
}

interface RawFact {
  subject: unknown;
  predicate: unknown;
  object: unknown;
  object_is_entity: unknown;
  valid_from: unknown;
  valid_to: unknown;
  confidence: unknown;
  evidence: unknown;
  /** Positions in the turn's facts list (older answers may leave it out). */
  depends_on?: unknown;
  /** The subject holds one object of the predicate at a time (older answers may leave it out). */
  one_at_a_time?: unknown;
  /** Held besides the subject's current object of a one-at-a-time predicate, e.g. a second job (older answers may leave it out). */
  alongside?: unknown;
}
interface RawTurn {
  turn_id: unknown;
  entities: Array<{ name: unknown; type: unknown }>;
  facts: RawFact[];
  /** Older answers may leave these out (extraction-changes.ts). */
  retractions?: unknown;
  rules?: unknown;
}

/** The message content parsed, turns by id; a refusal, a truncation or another shape is refused. */
function answerOf(json: unknown, where: string): Map<string, RawTurn> {
  const bad = (why: string): never => {
    throw new ModelResponseError(`${where}: the chat answer ${why}`);
  };
  const choice = (json as { choices?: Array<{ message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }> } | null)?.choices?.[0];
  if (choice === undefined || choice === null || typeof choice !== 'object') return bad('has no choices');
  if (typeof choice.message?.refusal === 'string' && choice.message.refusal !== '') bad(`is a refusal: ${choice.message.refusal}`);
  if (choice.finish_reason === 'length') bad('was cut off at the token limit (finish_reason "length")');
  const content = choice.message?.content;
  if (typeof content !== 'string') return bad('has no message content');
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return bad(`content is not JSON: ${content.slice(0, 120)}`);
  }
  const turns = (parsed as { turns?: unknown } | null)?.turns;
  if (!Array.isArray(turns)) return bad('content has no turns array');
  const byId = new Map<string, RawTurn>();
  turns.forEach((t: unknown, i) => {
    const r = t as RawTurn | null;
    if (r === null || typeof r !== 'object' || typeof r.turn_id !== 'string' || !Array.isArray(r.entities) || !Array.isArray(r.facts)) bad(`content has a malformed turns[${i}]`);
    if (byId.has(r!.turn_id as string)) bad(`content answers turn "${String(r!.turn_id)}" twice`);
    byId.set(r!.turn_id as string, r!);
  });
  return byId;
}

function toExtraction(answer: Map<string, RawTurn>, turn: Turn, dropped: OpenAIExtractor['dropped'], where: string): Extraction {
  const raw = answer.get(turn.id);
  if (raw === undefined) throw new ModelResponseError(`${where}: the chat answer has nothing for turn "${turn.id}"`);
  const entities: Extraction['entities'] = [];
  for (const e of raw.entities) {
    const name = str(e?.name);
    if (name === undefined) continue;
    const type = str(e?.type);
    entities.push(type === undefined ? { name } : { name, type: type.toLowerCase() });
  }
  const facts: ExtractedFact[] = [];
  // The model's positions name raw facts; a dropped fact shifts the ones after it.
  const kept = new Map<number, number>();
  const single = new Set<string>();
  raw.facts.forEach((f, i) => {
    const fact = toFact(f, turn.at);
    if (fact === undefined) dropped.facts++;
    else kept.set(i, facts.push(fact) - 1);
    if (fact !== undefined && f.one_at_a_time === true) single.add(fact.predicate);
  });
  raw.facts.forEach((f, i) => {
    const own = kept.get(i);
    const positions = (f as RawFact | null)?.depends_on;
    if (own === undefined || !Array.isArray(positions)) return;
    // Self, unknown and dropped positions are left out: a premise the answer does not give is no premise.
    const premises = [...new Set(positions.map((p) => (Number.isInteger(p) ? kept.get(p as number) : undefined)))].filter((p): p is number => p !== undefined && p !== own);
    if (premises.length > 0) facts[own]!.dependsOn = premises.map((index) => ({ index }));
  });
  return { entities, facts, ...changesOf(raw, facts, single, turn.at, dropped) };
}

/** A fact as the memory takes it, or undefined when the model wrote something unusable. */
function toFact(f: RawFact, at: number): ExtractedFact | undefined {
  if (f === null || typeof f !== 'object') return undefined;
  const subject = str(f.subject);
  const object = str(f.object);
  const predicate = predicateOf(f.predicate);
  if (subject === undefined || object === undefined || !predicate) return undefined;
  const time = (v: unknown): number | null | undefined => (v === null || v === undefined || v === '' ? null : typeof v === 'string' ? isoTime(v) : undefined);
  const from = time(f.valid_from);
  const to = time(f.valid_to);
  if (from === undefined || to === undefined) return undefined;
  if (to !== null && !(to > (from ?? at))) return undefined;
  if (typeof f.confidence !== 'number' || Number.isNaN(f.confidence)) return undefined;
  const evidence = str(f.evidence);
  return {
    subject,
    predicate,
    object: f.object_is_entity === false ? { value: object } : object,
    ...(from === null ? {} : { validFrom: from }),
    ...(to === null ? {} : { validTo: to }),
    confidence: Math.min(1, Math.max(0, f.confidence)),
    ...(evidence === undefined ? {} : { evidence }),
    ...(f.alongside === true ? { alongside: true } : {}),
  };
}
