/** The Worker's access rules (access.ts) in Node: settings read or refused by name, tokens and prefixes. */
import { describe, expect, it } from 'vitest';
import { AccessError, authenticate, authorizeMemory, readAccess } from '../src/access.js';
import type { Env } from '../src/config.js';

const env = (vars: Partial<Env>): Env => ({ MEMORY: {} as Env['MEMORY'], SNAPSHOTS: {} as Env['SNAPSHOTS'], ...vars });
const ADMIN = 'admin-token-0123456789abcdef';
const ACME = 'acme-token-0123456789abcdef';
const req = (authorization?: string) => new Request('http://w/memories/x/facts', { method: 'POST', headers: authorization === undefined ? {} : { authorization } });

describe('readAccess', () => {
  it('reads API_TOKEN, API_TOKENS and PUBLIC_MEMORIES', () => {
    expect(readAccess(env({}))).toEqual({ public: false, tokens: [] });
    expect(readAccess(env({ PUBLIC_MEMORIES: 'true' }))).toEqual({ public: true, tokens: [] });
    expect(readAccess(env({ API_TOKEN: ADMIN, API_TOKENS: JSON.stringify({ [ACME]: 'acme-' }), PUBLIC_MEMORIES: 'false' }))).toEqual({
      public: false,
      tokens: [
        { token: ADMIN, prefix: '' },
        { token: ACME, prefix: 'acme-' },
      ],
    });
  });

  it('refuses a malformed setting by name', () => {
    const cases: Array<[Partial<Env>, RegExp]> = [
      [{ API_TOKEN: 'short' }, /^palimpsest: API_TOKEN must be a token of at least 16 characters without spaces$/],
      [{ API_TOKEN: 'a token with spaces in it' }, /^palimpsest: API_TOKEN must be a token/],
      [{ API_TOKENS: '["a"]' }, /^palimpsest: API_TOKENS must be a JSON object of token → memory-id prefix/],
      [{ API_TOKENS: 'acme:acme-' }, /^palimpsest: API_TOKENS must be a JSON object/],
      [{ API_TOKENS: JSON.stringify({ short: 'acme-' }) }, /^palimpsest: each key of API_TOKENS must be a token of at least 16/],
      [{ API_TOKENS: JSON.stringify({ [ACME]: 'acme/' }) }, /^palimpsest: each value of API_TOKENS must be a memory-id prefix/],
      [{ API_TOKENS: JSON.stringify({ [ACME]: 7 }) }, /^palimpsest: each value of API_TOKENS must be a memory-id prefix/],
      [{ PUBLIC_MEMORIES: 'yes' }, /^palimpsest: PUBLIC_MEMORIES must be "true" or "false", got "yes"$/],
    ];
    for (const [vars, message] of cases) expect(() => readAccess(env(vars))).toThrow(message);
  });
});

describe('authenticate and authorizeMemory', () => {
  const access = readAccess(env({ API_TOKEN: ADMIN, API_TOKENS: JSON.stringify({ [ACME]: 'acme-' }) }));

  it('gives each token its prefixes, and refuses no token or a wrong one with 401', async () => {
    expect(await authenticate(req(`Bearer ${ADMIN}`), access)).toEqual(['']);
    expect(await authenticate(req(`bearer   ${ACME} `), access)).toEqual(['acme-']);
    for (const h of [undefined, '', 'Bearer', `Bearer ${ADMIN}x`, `Basic ${ADMIN}`, `Bearer ${ADMIN} ${ADMIN}`]) {
      const e = await authenticate(req(h), access).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AccessError);
      expect((e as AccessError).status).toBe(401);
    }
    await expect(authenticate(req(`Bearer ${ADMIN}`), readAccess(env({})))).rejects.toThrow(/serves no one until a secret API_TOKEN/);
    expect(await authenticate(req(), readAccess(env({ PUBLIC_MEMORIES: 'true' })))).toEqual(['']);
  });

  it('lets a prefix open only the memories under it (403 otherwise)', () => {
    expect(() => authorizeMemory(['acme-'], 'acme-1')).not.toThrow();
    expect(() => authorizeMemory([''], 'anything')).not.toThrow();
    for (const id of ['acme', 'globex-1', 'xacme-1']) {
      expect(() => authorizeMemory(['acme-'], id)).toThrow(`palimpsest: this token may not use memory "${id}"`);
      try {
        authorizeMemory(['acme-'], id);
      } catch (e) {
        expect((e as AccessError).status).toBe(403);
      }
    }
  });
});
