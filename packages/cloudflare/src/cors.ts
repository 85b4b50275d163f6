/**
 * CORS, off by default: a browser page may call the Worker only from an origin listed in the var
 * CORS_ORIGINS (comma-separated exact origins, e.g. "https://app.example.com,http://localhost:5173").
 * Without it no CORS header is ever sent, so browsers keep other sites' pages out.
 */
const ALLOWED_HEADERS = 'authorization, content-type, mcp-session-id, mcp-protocol-version, last-event-id';

/** The allow-list from the var; empty when unset. */
export function corsOrigins(value: string | undefined): ReadonlySet<string> {
  return new Set((value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''));
}

/** The CORS headers for `request`, or undefined when its origin is not allowed (or it has none). */
export function corsHeaders(request: Request, allowed: ReadonlySet<string>): Record<string, string> | undefined {
  const origin = request.headers.get('origin');
  if (origin === null || !allowed.has(origin)) return undefined;
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-expose-headers': 'mcp-session-id, x-palimpsest-stored-bytes, x-palimpsest-max-memory-bytes, x-palimpsest-pending-operations, x-palimpsest-projected-peak-bytes, x-palimpsest-peak-budget-bytes',
    'access-control-max-age': '600',
    vary: 'origin',
  };
}

/** `response` with `headers` added (a new Response: fetched ones have immutable headers). */
export function withHeaders(response: Response, headers: Record<string, string> | undefined): Response {
  if (headers === undefined) return response;
  const merged = new Headers(response.headers);
  for (const [k, v] of Object.entries(headers)) merged.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}
