/**
 * Runs the bundled Worker (dist/worker.bundle.js) in workerd through miniflare, on 127.0.0.1, with the
 * bindings of wrangler.toml: MEMORY (MemoryObject, SQLite-backed) and SNAPSHOTS (R2). No account, no
 * network. With `persistDir`, Durable Object storage and R2 live in folders under it and survive a restart.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
export const BUNDLE = join(DIST, 'worker.bundle.js');

/** @param {{ persistDir?: string, vars?: Record<string, string> }} [options] */
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
    host: '127.0.0.1',
    port: 0,
    ...(persist === undefined ? {} : { durableObjectsPersist: join(persist, 'do'), r2Persist: join(persist, 'r2') }),
  });
  const url = await mf.ready;
  return { mf, url: url.href.replace(/\/$/, '') };
}
