/**
 * One JSON POST to an OpenAI-compatible server, with per-request timeouts, retries with exponential
 * backoff and jitter on 429 and 5xx (honouring Retry-After), and usage accounting. Global fetch only.
 */
import { AbortError, InvalidArgumentError } from '@palimpsest/core';
import { ModelRequestError, ModelResponseError } from './errors.js';

/** USD per million tokens. */
export interface ModelPrice {
  input: number;
  /** @default 0 (embeddings have no output tokens) */
  output?: number;
}

export interface ClientOptions {
  /** The API root, e.g. `http://127.0.0.1:8000/v1` for vLLM, `http://127.0.0.1:11434/v1` for Ollama. @default 'https://api.openai.com/v1' */
  baseURL?: string;
  /** Sent as `Authorization: Bearer …` when given (read it from your own configuration, e.g. process.env.OPENAI_API_KEY). */
  apiKey?: string;
  /** Extra headers on every request (organisation, project, a proxy's key…). */
  headers?: Record<string, string>;
  /** Per request, the body read included; a request past it is aborted and counts as a failed attempt. @default 60000 */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a network error or a timeout. @default 5 */
  maxRetries?: number;
  /** First backoff delay; doubled each retry, with jitter (×0.5 to ×1). @default 500 */
  retryBaseMs?: number;
  /** Longest wait between attempts; a Retry-After asking for more fails the call instead. @default 30000 */
  retryMaxMs?: number;
  /** Jitter source in [0, 1): pass a seeded generator for reproducible delays. @default Math.random */
  random?: () => number;
  /** How to wait between attempts (tests pass one that records the delays). @default setTimeout */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Prices per model name: each call's cost is computed from the usage the server reports. */
  prices?: Record<string, ModelPrice>;
  /** Called after every successful request with its token and cost count. */
  onCall?: (call: ModelCall) => void;
}

/** One request's accounting (usage as the server reported it). */
export interface ModelCall {
  endpoint: 'embeddings' | 'chat/completions';
  model: string;
  /** Texts embedded or turns extracted by this request. */
  items: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** USD from `prices`; undefined when the model has no price. */
  cost: number | undefined;
  /** Requests made, retries included. */
  attempts: number;
}

/** Running totals of an embedder or extractor. */
export interface UsageTotals {
  calls: number;
  requests: number;
  retries: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** USD of the calls that had a price. */
  cost: number;
  /** Calls whose model had no price in `prices`. */
  unpricedCalls: number;
}

export const CLIENT_DEFAULTS = { baseURL: 'https://api.openai.com/v1', timeoutMs: 60_000, maxRetries: 5, retryBaseMs: 500, retryMaxMs: 30_000 };

const RETRYABLE = (status: number): boolean => status === 429 || status === 408 || status >= 500;

export function emptyTotals(): UsageTotals {
  return { calls: 0, requests: 0, retries: 0, promptTokens: 0, completionTokens: 0, totalTokens: 0, cost: 0, unpricedCalls: 0 };
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The settings of a client, checked once when an adapter is made. */
export class Client {
  readonly baseURL: string;
  private readonly o: Required<Pick<ClientOptions, 'timeoutMs' | 'maxRetries' | 'retryBaseMs' | 'retryMaxMs'>>;
  private readonly headers: Record<string, string>;
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly fetch: typeof fetch;
  private readonly prices: Record<string, ModelPrice>;
  private readonly onCall: ((call: ModelCall) => void) | undefined;

  constructor(options: ClientOptions, call: string) {
    if (options === null || typeof options !== 'object') throw new InvalidArgumentError(`${call}: options must be an object`);
    const num = (v: number | undefined, d: number, name: string, min: number): number => {
      const x = v ?? d;
      if (typeof x !== 'number' || !Number.isFinite(x) || x < min) throw new InvalidArgumentError(`${call}: ${name} (${String(x)}) must be a number ≥ ${min}`);
      return x;
    };
    this.o = {
      timeoutMs: num(options.timeoutMs, CLIENT_DEFAULTS.timeoutMs, 'timeoutMs', 1),
      maxRetries: Math.floor(num(options.maxRetries, CLIENT_DEFAULTS.maxRetries, 'maxRetries', 0)),
      retryBaseMs: num(options.retryBaseMs, CLIENT_DEFAULTS.retryBaseMs, 'retryBaseMs', 0),
      retryMaxMs: num(options.retryMaxMs, CLIENT_DEFAULTS.retryMaxMs, 'retryMaxMs', 0),
    };
    const base = options.baseURL ?? CLIENT_DEFAULTS.baseURL;
    if (typeof base !== 'string' || !/^https?:\/\//.test(base)) throw new InvalidArgumentError(`${call}: baseURL must be an http(s) URL`);
    this.baseURL = base.replace(/\/+$/, '');
    if (options.apiKey !== undefined && typeof options.apiKey !== 'string') throw new InvalidArgumentError(`${call}: apiKey must be a string`);
    const extra = options.headers ?? {};
    if (extra === null || typeof extra !== 'object' || Object.values(extra).some((v) => typeof v !== 'string')) {
      throw new InvalidArgumentError(`${call}: headers must map names to strings`);
    }
    this.headers = { 'content-type': 'application/json', accept: 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}), ...extra };
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? defaultSleep;
    const f = options.fetch ?? globalThis.fetch;
    if (typeof f !== 'function') throw new InvalidArgumentError(`${call}: no fetch here (Node ≥ 20 has one); pass options.fetch`);
    this.fetch = f;
    this.prices = options.prices ?? {};
    this.onCall = options.onCall;
  }

  /**
   * POSTs `body` as JSON to `path` and returns the parsed answer. Retries 429, 408, 5xx, network errors and
   * timeouts up to maxRetries; everything else fails at once. Never returns a partial answer.
   */
  async post(call: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<{ json: unknown; attempts: number }> {
    const url = this.baseURL + path;
    const payload = JSON.stringify(body);
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new AbortError(`${call}: aborted`, { cause: signal.reason });
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.o.timeoutMs);
      const onAbort = (): void => controller.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      let status: number;
      let text: string;
      let retryAfter: number | undefined;
      try {
        const res = await this.fetch(url, { method: 'POST', headers: this.headers, body: payload, signal: controller.signal });
        status = res.status;
        retryAfter = retryAfterMs(res.headers);
        text = await res.text();
      } catch (error) {
        if (signal?.aborted) throw new AbortError(`${call}: aborted`, { cause: signal.reason });
        const why = timedOut ? `no answer within ${this.o.timeoutMs} ms` : `network error (${error instanceof Error ? error.message : String(error)})`;
        if (attempt <= this.o.maxRetries) {
          await this.sleep(this.backoff(attempt), signal);
          continue;
        }
        throw new ModelRequestError(`${call}: ${url}: ${why}, after ${attempt} attempt${attempt === 1 ? '' : 's'}`, undefined, attempt, { cause: error });
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
      if (status >= 200 && status < 300) {
        try {
          return { json: JSON.parse(text), attempts: attempt };
        } catch {
          throw new ModelResponseError(`${call}: ${url} answered ${status} with malformed JSON: ${snippet(text)}`);
        }
      }
      if (RETRYABLE(status) && attempt <= this.o.maxRetries) {
        if (retryAfter !== undefined && retryAfter > this.o.retryMaxMs) {
          throw new ModelRequestError(`${call}: ${url}: HTTP ${status}, and Retry-After asks for ${retryAfter} ms, more than retryMaxMs (${this.o.retryMaxMs})`, status, attempt);
        }
        await this.sleep(retryAfter ?? this.backoff(attempt), signal);
        continue;
      }
      throw new ModelRequestError(`${call}: ${url}: HTTP ${status} after ${attempt} attempt${attempt === 1 ? '' : 's'}: ${snippet(text)}`, status, attempt);
    }
  }

  /** Exponential backoff with "equal jitter": half the delay fixed, half random. */
  private backoff(attempt: number): number {
    const full = Math.min(this.o.retryMaxMs, this.o.retryBaseMs * 2 ** (attempt - 1));
    return Math.round(full * (0.5 + 0.5 * this.random()));
  }

  /** Records one request's usage in `totals`, and tells onCall. */
  account(totals: UsageTotals, endpoint: ModelCall['endpoint'], model: string, items: number, usage: unknown, attempts: number): ModelCall {
    const u = (usage ?? {}) as { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };
    const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
    const promptTokens = n(u.prompt_tokens);
    const completionTokens = n(u.completion_tokens);
    const totalTokens = n(u.total_tokens) || promptTokens + completionTokens;
    const price = this.prices[model];
    const cost = price === undefined ? undefined : (promptTokens * price.input + completionTokens * (price.output ?? 0)) / 1e6;
    const record: ModelCall = { endpoint, model, items, promptTokens, completionTokens, totalTokens, cost, attempts };
    totals.calls++;
    totals.requests += attempts;
    totals.retries += attempts - 1;
    totals.promptTokens += promptTokens;
    totals.completionTokens += completionTokens;
    totals.totalTokens += totalTokens;
    if (cost === undefined) totals.unpricedCalls++;
    else totals.cost += cost;
    this.onCall?.(record);
    return record;
  }
}

/** Retry-After (seconds or an HTTP date) or OpenAI's retry-after-ms, as milliseconds. */
function retryAfterMs(headers: Headers): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const v = headers.get('retry-after');
  if (v === null) return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.ceil(Number(v) * 1000);
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function snippet(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 200)}…` : t || '(empty body)';
}
