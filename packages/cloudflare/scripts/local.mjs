#!/usr/bin/env node
/**
 * Runs the bundled Worker (dist/worker.bundle.js) in workerd through miniflare, on 127.0.0.1, with the
 * bindings of wrangler.toml: MEMORY (MemoryObject, SQLite-backed) and SNAPSHOTS (R2). No account, no
 * network. With `persistDir`, Durable Object storage and R2 live in folders under it and survive a restart.
 *
 * As a command (`npm run dev:cloudflare`): serves until Ctrl-C, keeping memories in `--persist DIR`
 * (default .tmp/cloudflare), and prints the URL. `--port N` (default 8787) and `--var NAME=VALUE` (any of the
 * Worker's vars, e.g. CORS_ORIGINS) may be given. Without a --var API_TOKEN / API_TOKENS it serves without a
 * token (PUBLIC_MEMORIES=true), as a local development server; startLocal itself sets nothing.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Miniflare } from 'miniflare';
import { forwardRuntimeOutput } from './runtime-output.mjs';

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
export const BUNDLE = join(DIST, 'worker.bundle.js');

/** @param {{ persistDir?: string, vars?: Record<string, string>, port?: number }} [options] */
export async function startLocal(options = {}) {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` first`);
  const persist = options.persistDir;
  const mf = new Miniflare({
    modules: true,
    scriptPath: BUNDLE,
    modulesRoot: DIST,
    compatibilityDate: '2025-09-01',
    durableObjects: { MEMORY: { className: 'MemoryObject', useSQLite: true } },
    r2Buckets: ['SNAPSHOTS'],
    bindings: options.vars ?? {},
    // workerd's output, without its stack for a client that simply left (runtime-output.mjs).
    handleRuntimeStdio: forwardRuntimeOutput,
    host: '127.0.0.1',
    port: options.port ?? 0,
    ...(persist === undefined ? {} : { durableObjectsPersist: join(persist, 'do'), r2Persist: join(persist, 'r2') }),
  });
  const url = await mf.ready;
  return { mf, url: url.href.replace(/\/$/, '') };
}

async function serve() {
  const { values } = parseArgs({ options: { persist: { type: 'string' }, port: { type: 'string' }, var: { type: 'string', multiple: true } }, strict: true });
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got "${values.port}"`);
  const vars = {};
  for (const v of values.var ?? []) {
    const eq = v.indexOf('=');
    if (eq < 1) throw new Error(`--var takes NAME=VALUE, got "${v}"`);
    vars[v.slice(0, eq)] = v.slice(eq + 1);
  }
  // A deployed Worker refuses everyone until a token is set; this one, on 127.0.0.1 for development, serves
  // without one unless --var API_TOKEN=… (or API_TOKENS) is given.
  const open = vars.API_TOKEN === undefined && vars.API_TOKENS === undefined && vars.PUBLIC_MEMORIES === undefined;
  if (open) vars.PUBLIC_MEMORIES = 'true';
  const persistDir = resolve(values.persist ?? '.tmp/cloudflare');
  const { mf, url } = await startLocal({ persistDir, vars, port });
  process.stdout.write(`palimpsest worker: ${url}/memories/<id>/<route> (MCP at ${url}/memories/<id>/mcp); storage in ${persistDir}; Ctrl-C stops\n`);
  if (open) process.stdout.write('palimpsest worker: no token (PUBLIC_MEMORIES=true for local development; --var API_TOKEN=… to require one)\n');
  const stop = () => void mf.dispose().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  serve().catch((e) => {
    process.stderr.write(`palimpsest worker: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  });
}
