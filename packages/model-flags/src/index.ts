/**
 * Model choice from the command line (shared by `palimpsest` and `palimpsest-mcp`): an OpenAI-compatible
 * embedder and extractor, or the offline USE-lite embedder of @palimpsest/embed-local. Endpoints and model
 * names come from flags or environment variables; API keys only from the environment, never from a flag
 * (a flag shows up in `ps` and shell history).
 */
import type { ParseArgsConfig } from 'node:util';
import { InvalidArgumentError } from '@palimpsest/core';
import type { Embedder, Extractor } from '@palimpsest/core';
import { openAIEmbedder, openAIExtractor } from '@palimpsest/openai';

/** parseArgs options for the model flags. */
export const MODEL_OPTIONS = {
  embedder: { type: 'string' },
  'embed-url': { type: 'string' },
  'embed-model': { type: 'string' },
  'embed-dimensions': { type: 'string' },
  'extract-url': { type: 'string' },
  'extract-model': { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The help lines for MODEL_OPTIONS (same wording in both programs). */
export const MODEL_HELP = [
  'Models (each flag may also come from the environment variable in brackets; the flag wins):',
  '  --embedder NAME          hash (built-in, default), use-lite (offline, @palimpsest/embed-local) or openai',
  '                           [PALIMPSEST_EMBEDDER]; --embed-url alone means openai',
  '  --embed-url URL          an OpenAI-compatible API root, e.g. http://127.0.0.1:8000/v1 [PALIMPSEST_EMBED_URL]',
  '  --embed-model NAME       the embedding model [PALIMPSEST_EMBED_MODEL]',
  '  --embed-dimensions N     the vectors\' length [PALIMPSEST_EMBED_DIMENSIONS]',
  '  --extract-url URL        an OpenAI-compatible API root for fact extraction [PALIMPSEST_EXTRACT_URL]',
  '  --extract-model NAME     the chat model that extracts facts [PALIMPSEST_EXTRACT_MODEL]',
  'API keys are read from PALIMPSEST_EMBED_API_KEY / PALIMPSEST_EXTRACT_API_KEY, else OPENAI_API_KEY (never a flag).',
  'A memory keeps its embedder\'s id: reopening it with another embedder is refused (EmbedderMismatchError).',
];

export interface Models {
  /** Absent: the memory's built-in HashEmbedder. */
  embedder?: Embedder;
  /** Absent: the built-in RuleExtractor. */
  extractor?: Extractor;
}

type Env = Record<string, string | undefined>;
type Values = Record<string, string | boolean | undefined>;

/** A flag's value, else its environment variable's (an empty variable counts as unset). */
function setting(values: Values, env: Env, flag: keyof typeof MODEL_OPTIONS, variable: string): string | undefined {
  const v = values[flag];
  if (typeof v === 'string') return v;
  const e = env[variable];
  return e === undefined || e === '' ? undefined : e;
}

function required(value: string | undefined, flag: string, why: string): string {
  if (value === undefined || value === '') throw new InvalidArgumentError(`palimpsest: --${flag} is required ${why}`);
  return value;
}

const apiKey = (env: Env, variable: string): { apiKey?: string } => {
  const key = env[variable] || env.OPENAI_API_KEY;
  return key ? { apiKey: key } : {};
};

/**
 * The models the flags (or environment) name. Refuses, by name, an incomplete or contradictory choice
 * (an endpoint without its model, --embedder use-lite with --embed-url, …). The offline model's package is
 * loaded only when chosen (it is an optional install).
 */
export async function modelsFromFlags(values: Values, env: Env = process.env): Promise<Models> {
  const embedURL = setting(values, env, 'embed-url', 'PALIMPSEST_EMBED_URL');
  const embedModel = setting(values, env, 'embed-model', 'PALIMPSEST_EMBED_MODEL');
  const embedDimensions = setting(values, env, 'embed-dimensions', 'PALIMPSEST_EMBED_DIMENSIONS');
  const kind = setting(values, env, 'embedder', 'PALIMPSEST_EMBEDDER') ?? (embedURL === undefined ? 'hash' : 'openai');
  const models: Models = {};
  if (kind !== 'openai' && (embedURL ?? embedModel ?? embedDimensions) !== undefined) {
    throw new InvalidArgumentError(`palimpsest: --embed-url, --embed-model and --embed-dimensions are for --embedder openai, not ${kind}`);
  }
  if (kind === 'openai') {
    const why = 'with --embedder openai';
    const dims = required(embedDimensions, 'embed-dimensions', why);
    if (!/^\d+$/.test(dims)) throw new InvalidArgumentError(`palimpsest: --embed-dimensions must be a whole number, got "${dims}"`);
    models.embedder = openAIEmbedder({
      baseURL: required(embedURL, 'embed-url', why),
      model: required(embedModel, 'embed-model', why),
      dimensions: Number(dims),
      ...apiKey(env, 'PALIMPSEST_EMBED_API_KEY'),
    });
  } else if (kind === 'use-lite') {
    models.embedder = await useLite();
  } else if (kind !== 'hash') {
    throw new InvalidArgumentError(`palimpsest: --embedder must be hash, use-lite or openai, got "${kind}"`);
  }
  const extractURL = setting(values, env, 'extract-url', 'PALIMPSEST_EXTRACT_URL');
  const extractModel = setting(values, env, 'extract-model', 'PALIMPSEST_EXTRACT_MODEL');
  if (extractURL !== undefined || extractModel !== undefined) {
    const why = 'for an OpenAI-compatible extractor';
    models.extractor = openAIExtractor({
      baseURL: required(extractURL, 'extract-url', why),
      model: required(extractModel, 'extract-model', why),
      ...apiKey(env, 'PALIMPSEST_EXTRACT_API_KEY'),
    });
  }
  return models;
}

/** USE lite from the optional @palimpsest/embed-local, or a named error saying how to install it. */
async function useLite(): Promise<Embedder> {
  let local: typeof import('@palimpsest/embed-local');
  try {
    local = await import('@palimpsest/embed-local');
  } catch (e) {
    throw new InvalidArgumentError(`palimpsest: --embedder use-lite needs the optional package @palimpsest/embed-local (npm install @palimpsest/embed-local): ${(e as Error).message}`);
  }
  return local.useLiteEmbedder();
}

/** One line naming the models in use (for logs and --json output). */
export function describeModels(models: Models): { embedder: string; extractor: string } {
  return { embedder: models.embedder?.id ?? 'built-in hash', extractor: models.extractor?.id ?? 'built-in rules' };
}
