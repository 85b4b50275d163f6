#!/usr/bin/env node
/**
 * Builds the snapshot viewer: dist/viewer.js (esbuild, for the browser, from the TypeScript sources of
 * core and persist) and dist/sample.plmp (the worked example, encoded in Node). With --serve it then
 * serves this folder on http://127.0.0.1:8080 (PORT to change), since browsers do not fetch from file://.
 *
 *   node examples/snapshot-viewer/build.mjs [--serve]
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { guardPlugin, sourcesPlugin } from '../../scripts/check-guards.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
mkdirSync(dist, { recursive: true });

const found = [];
await build({
  entryPoints: [join(here, 'viewer.ts')],
  outfile: join(dist, 'viewer.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sourcesPlugin(), guardPlugin(found)],
});

// The sample is made by the same library code, run in Node: bundle a two-line entry and import it.
const maker = join(dist, '.make-sample.mjs');
await build({
  stdin: {
    contents: `import { sampleMemory } from './sample.ts';\nimport { encodeSnapshot } from '@palimpsest/persist';\nexport const bytes = encodeSnapshot(sampleMemory());\n`,
    resolveDir: here,
    loader: 'ts',
  },
  outfile: maker,
  bundle: true,
  format: 'esm',
  platform: 'node',
  logLevel: 'warning',
  plugins: [sourcesPlugin()],
});
try {
  const { bytes } = await import(pathToFileURL(maker).href);
  writeFileSync(join(dist, 'sample.plmp'), bytes);
  console.log(`snapshot-viewer: wrote dist/viewer.js and dist/sample.plmp (${bytes.length} bytes)`);
} finally {
  rmSync(maker, { force: true });
}

if (process.argv.includes('--serve')) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.map': 'application/json', '.plmp': 'application/octet-stream' };
  const port = Number(process.env.PORT ?? 8080);
  createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(here, path === '/' ? 'index.html' : path);
    try {
      if (!file.startsWith(here)) throw new Error('outside');
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  }).listen(port, '127.0.0.1', () => console.log(`snapshot-viewer: http://127.0.0.1:${port}/`));
}
