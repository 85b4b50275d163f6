/**
 * Who may use the Worker's memories. By default no one: a deployment chooses one of
 *   - API_TOKEN (a secret): `Authorization: Bearer <API_TOKEN>` opens every memory;
 *   - API_TOKENS (a secret): a JSON object of token → memory-id prefix, e.g.
 *       {"tok-for-acme-4d1c2a9e7f": "acme-", "tok-for-globex-93b7e0c6": "globex-"}
 *     a token opens only the memories whose id starts with its prefix ("" opens all): one prefix per tenant;
 *   - PUBLIC_MEMORIES=true: every memory open to anyone who can reach the Worker (and knows an id).
 * API_TOKEN and API_TOKENS may be set together. Tokens are compared in constant time (SHA-256 digests,
 * every configured token compared), so the time of a refusal says nothing of the tokens.
 */
import { InvalidArgumentError, PalimpsestError } from '@palimpsest/core';
import type { Env } from './config.js';

/** Shortest token taken from the configuration: a short one is guessed. */
export const MIN_TOKEN_LENGTH = 16;

/** A request refused for its credentials: 401 when it has none or a wrong one, 403 when its token does not cover the memory. */
export class AccessError extends PalimpsestError {
  constructor(
    message: string,
    readonly status: 401 | 403,
  ) {
    super(message);
    this.name = 'AccessError';
  }
}

export interface Access {
  /** Anyone may use every memory (PUBLIC_MEMORIES=true). */
  public: boolean;
  /** Each accepted token with the memory-id prefix it opens (API_TOKEN's is ""). */
  tokens: Array<{ token: string; prefix: string }>;
}

function checkToken(token: unknown, where: string): string {
  if (typeof token !== 'string' || token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
    throw new InvalidArgumentError(`palimpsest: ${where} must be a token of at least ${MIN_TOKEN_LENGTH} characters without spaces`);
  }
  return token;
}

/** The access rules of the deployment's vars and secrets; a malformed one is refused by name (a server error). */
export function readAccess(env: Env): Access {
  const flag = env.PUBLIC_MEMORIES;
  if (flag !== undefined && flag !== '' && flag !== 'true' && flag !== 'false') {
    throw new InvalidArgumentError(`palimpsest: PUBLIC_MEMORIES must be "true" or "false", got ${JSON.stringify(String(flag).slice(0, 40))}`);
  }
  const tokens: Access['tokens'] = [];
  if (env.API_TOKEN !== undefined && env.API_TOKEN !== '') tokens.push({ token: checkToken(env.API_TOKEN, 'API_TOKEN'), prefix: '' });
  if (env.API_TOKENS !== undefined && env.API_TOKENS !== '') {
    let scoped: unknown;
    try {
      scoped = JSON.parse(env.API_TOKENS);
    } catch {
      scoped = undefined;
    }
    if (scoped === null || typeof scoped !== 'object' || Array.isArray(scoped)) {
      throw new InvalidArgumentError('palimpsest: API_TOKENS must be a JSON object of token → memory-id prefix, e.g. {"<token>": "acme-"}');
    }
    for (const [token, prefix] of Object.entries(scoped)) {
      checkToken(token, 'each key of API_TOKENS');
      if (typeof prefix !== 'string' || !/^[A-Za-z0-9._-]{0,64}$/.test(prefix)) {
        throw new InvalidArgumentError('palimpsest: each value of API_TOKENS must be a memory-id prefix (letters, digits, ".", "_" or "-"; "" for all)');
      }
      tokens.push({ token, prefix });
    }
  }
  return { public: flag === 'true', tokens };
}

const encoder = new TextEncoder();
const digest = async (text: string): Promise<Uint8Array> => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));

/** Equal digests, by a loop that does the same work whatever the bytes. */
function sameDigest(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * The memory-id prefixes the request's token opens ([""] for all), or AccessError 401: no configuration
 * (every request refused), or a missing or unknown token.
 */
export async function authenticate(request: Request, access: Access): Promise<string[]> {
  if (access.public) return [''];
  if (access.tokens.length === 0) {
    throw new AccessError('palimpsest: this Worker serves no one until a secret API_TOKEN (or API_TOKENS) is set, or PUBLIC_MEMORIES=true', 401);
  }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  const given = await digest(m?.[1] ?? '');
  const prefixes: string[] = [];
  for (const { token, prefix } of access.tokens) {
    // Every configured token is compared, so which one matched (if any) does not show in the time taken.
    if (sameDigest(given, await digest(token)) && m !== null) prefixes.push(prefix);
  }
  if (prefixes.length === 0) throw new AccessError('palimpsest: missing or wrong token (send Authorization: Bearer <token>)', 401);
  return prefixes;
}

/** Refuses (AccessError 403) a memory that none of the token's prefixes opens. */
export function authorizeMemory(prefixes: readonly string[], memoryId: string): void {
  if (!prefixes.some((p) => memoryId.startsWith(p))) throw new AccessError(`palimpsest: this token may not use memory "${memoryId}"`, 403);
}
