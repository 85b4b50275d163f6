/**
 * A real HTTP server on 127.0.0.1 for the adapter tests: it records every request (method, path, headers,
 * JSON body) and answers from a script of replies, each a fixture file of this folder (or a computed body),
 * with a status, headers and an optional delay.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface Reply {
  status?: number;
  /** A file in ./fixtures, sent as it is. */
  fixture?: string;
  /** Or a body computed from the request. */
  answer?: (request: Recorded) => unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow server). */
  delayMs?: number;
}

export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234/v1 */
  baseURL: string;
  requests: Recorded[];
  /** Queues replies, answered in order. */
  reply(...replies: Reply[]): void;
  /** Answers every request once the queue is empty. */
  fallback: Reply | undefined;
  /** Forgets requests, queued replies and the fallback; returns how many queued replies were never asked for. */
  reset(): number;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const queue: Reply[] = [];
  const requests: Recorded[] = [];
  const state: { fallback: Reply | undefined } = { fallback: undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: Recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
      requests.push(recorded);
      const r = queue.shift() ?? state.fallback ?? { status: 599, answer: () => ({ error: 'no scripted reply' }) };
      const body = r.fixture !== undefined ? fixture(r.fixture) : JSON.stringify(r.answer?.(recorded) ?? {});
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers });
        res.end(body);
      };
      res.on('error', () => undefined);
      if (r.delayMs) setTimeout(send, r.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...r) => void queue.push(...r),
    reset: () => {
      const left = queue.length;
      queue.length = 0;
      requests.length = 0;
      state.fallback = undefined;
      return left;
    },
    get fallback() {
      return state.fallback;
    },
    set fallback(r) {
      state.fallback = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
