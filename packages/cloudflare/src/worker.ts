/**
 * The Worker entry: `/memories/:id/<route>` goes to the Durable Object named `id` (idFromName), which holds
 * that memory alone. A memory id is the only key to a memory: put authentication in front (see README).
 */
import { checkMemoryId, readLimits } from './config.js';
import type { Env } from './config.js';
import { JSON_ROUTES, MEMORY_ROUTE, ROUTE, errorResponse, json, memoryIdOf } from './http.js';
import { NotFoundError } from '@palimpsest/core';
import { corsHeaders, corsOrigins, withHeaders } from './cors.js';

export { MemoryObject } from './memory-object.js';
export type { Env } from './config.js';

/** Sends a request to its memory's object; 404 for other paths, 400 for a malformed memory id. */
export async function routeToMemory(request: Request, env: Env): Promise<Response> {
  try {
    readLimits(env);
  } catch (e) {
    // The deployment's vars are wrong, not the request: a server error, named.
    return json(500, { error: (e as Error).name, message: (e as Error).message });
  }
  try {
    const path = new URL(request.url).pathname;
    const whole = request.method === 'DELETE' ? MEMORY_ROUTE.exec(path) : null;
    if (whole !== null) {
      const id = memoryIdOf(whole[1]!);
      checkMemoryId(id, 'delete');
      return await env.MEMORY.get(env.MEMORY.idFromName(id)).fetch(request);
    }
    const m = ROUTE.exec(path);
    if (m === null) {
      throw new NotFoundError(`palimpsest: the routes are /memories/:id/{${[...Object.keys(JSON_ROUTES), 'mcp'].join(',')}}`);
    }
    const id = memoryIdOf(m[1]!);
    checkMemoryId(id, m[2]!);
    return await env.MEMORY.get(env.MEMORY.idFromName(id)).fetch(request);
  } catch (e) {
    return errorResponse(e);
  }
}

/** Every request, with CORS for the origins in CORS_ORIGINS only (a preflight from another origin gets no CORS headers). */
export async function handle(request: Request, env: Env): Promise<Response> {
  const cors = corsHeaders(request, corsOrigins(env.CORS_ORIGINS));
  if (request.method === 'OPTIONS') return new Response(null, { status: cors === undefined ? 403 : 204, headers: cors ?? {} });
  return withHeaders(await routeToMemory(request, env), cors);
}

export default {
  fetch: (request, env) => handle(request, env),
} satisfies ExportedHandler<Env>;
