/**
 * Who may call the Streamable HTTP server. It listens on 127.0.0.1 only, but every local process (and any
 * web page, through the browser) can reach that, so a request must:
 *   - name a loopback Host (127.0.0.1, localhost, [::1]): a page on another name resolving here (DNS
 *     rebinding) is refused;
 *   - come from no Origin or a loopback one: a page elsewhere is refused even with the token;
 *   - carry `Authorization: Bearer <token>` when the server has a token (compared in constant time).
 * A server without a token is started only on purpose (`--insecure-no-auth`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Shortest token taken: a short one is guessed. */
export const MIN_TOKEN_LENGTH = 16;

export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The host name of a Host header value or an origin's host, without its port. */
function hostName(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, '');
}

function sameSecret(given: string, expected: string): boolean {
  // Digests of equal length, so the comparison's time says nothing about the token's length or prefix.
  const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Why `req` is refused, or undefined to serve it. `token` undefined: no authentication (insecure, on purpose). */
export function refusal(req: IncomingMessage, token: string | undefined): Refusal | undefined {
  if (!LOOPBACK.has(hostName(req.headers.host ?? ''))) {
    return { status: 403, message: 'palimpsest-mcp: only 127.0.0.1 and localhost are served (Host)' };
  }
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host === undefined || !LOOPBACK.has(hostName(host))) {
      return { status: 403, message: `palimpsest-mcp: requests from web pages elsewhere are refused (Origin ${JSON.stringify(origin.slice(0, 100))})` };
    }
  }
  if (token === undefined) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (m === null || !sameSecret(m[1]!, token)) {
    return {
      status: 401,
      message: 'palimpsest-mcp: missing or wrong token (send Authorization: Bearer <token>)',
      headers: { 'www-authenticate': 'Bearer realm="palimpsest-mcp"' },
    };
  }
  return undefined;
}
