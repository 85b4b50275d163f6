/** JSON answers and the HTTP status of each named error. */
import { InvalidArgumentError, NotFoundError, PalimpsestError, TimeOrderError } from '@palimpsest/core';
import { MemoryLimitError } from './errors.js';

/** The JSON routes (POST /memories/:id/<route>) and the MCP tool each one runs. */
export const JSON_ROUTES: Readonly<Record<string, string>> = {
  remember: 'remember',
  recall: 'recall',
  facts: 'facts',
  history: 'history',
  changes: 'changes',
  assert: 'assert_fact',
  retract: 'retract_fact',
  forget: 'forget',
};

/** `/memories/<id>` (DELETE: the whole memory). */
export const MEMORY_ROUTE = /^\/memories\/([^/]+)\/?$/;

/** `/memories/<id>/<route>`; the id is URL-decoded. */
export const ROUTE = /^\/memories\/([^/]+)\/([^/]+)$/;

/** The memory id in a path segment, URL-decoded; a malformed escape is bad input. */
export function memoryIdOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new InvalidArgumentError(`palimpsest: the memory id ${JSON.stringify(segment)} is not a valid URL path segment`);
  }
}

/** A request body over the configured size: bad input, answered 413. */
export class BodyTooLargeError extends InvalidArgumentError {}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/** The status a refusal answers with: 4xx for a named error (bad input, unknown id, full memory), else 500. */
export function statusOf(e: unknown): number {
  if (e instanceof BodyTooLargeError) return 413;
  if (e instanceof MemoryLimitError) return 413;
  if (e instanceof NotFoundError) return 404;
  if (e instanceof TimeOrderError) return 409;
  if (e instanceof PalimpsestError) return 400;
  return 500;
}

/** `{ error: <ErrorName>, message }` with the error's status. */
export function errorResponse(e: unknown): Response {
  const status = statusOf(e);
  if (e instanceof Error) return json(status, { error: e instanceof PalimpsestError ? e.name : 'InternalError', message: e.message });
  return json(status, { error: 'InternalError', message: String(e) });
}

/** The body as text, refused past `max` bytes (before reading it when Content-Length already says so). */
export async function readBody(request: Request, max: number, call: string): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > max) throw new BodyTooLargeError(`${call}: the request body (${declared} bytes) is larger than the limit of ${max} bytes (MAX_REQUEST_BYTES)`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > max) throw new BodyTooLargeError(`${call}: the request body (${bytes.byteLength} bytes) is larger than the limit of ${max} bytes (MAX_REQUEST_BYTES)`);
  return new TextDecoder().decode(bytes);
}
