/**
 * What the Worker tests share: the bundled Worker started in workerd with a token (it refuses every request
 * without one configured; access.test.ts), and JSON requests that send that token. Needs `npm run build`.
 */
// @ts-expect-error plain ESM helper shared with the load script
import { startLocal } from '../scripts/local.mjs';

export type Local = { mf: { dispose(): Promise<void>; getR2Bucket(name: string): Promise<any> }; url: string };

/** The deployment's token in these tests. */
export const TOKEN = 'worker-test-token-0123456789';
export const AUTH = { authorization: `Bearer ${TOKEN}` };

/** The Worker with API_TOKEN = TOKEN, and `vars`; storage in `persistDir` when given. */
export function startWorker(options: { persistDir?: string; vars?: Record<string, string> } = {}): Promise<Local> {
  return startLocal({ ...options, vars: { API_TOKEN: TOKEN, ...options.vars } }) as Promise<Local>;
}

/** POSTs `body` as JSON to `base + path` with the token; the status and the parsed answer. */
export async function post(base: string, path: string, body: unknown): Promise<{ status: number; json: any; headers: Headers }> {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...AUTH }, body: JSON.stringify(body) });
  return { status: r.status, json: await r.json(), headers: r.headers };
}

/** As post, for a request that must succeed: its answer, or an error naming the path and what came back. */
export async function ok(base: string, path: string, body: unknown): Promise<any> {
  const r = await post(base, path, body);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}
