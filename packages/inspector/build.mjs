#!/usr/bin/env node
// @ts-check
/**
 * Builds the inspector page: dist/inspector.js (esbuild, one minified ESM file for the browser, from the
 * TypeScript sources of core and persist, through the same guard as scripts/check-guards.mjs so a Node
 * built-in fails the build), next to index.html. Prints the bundle's minified + gzipped size and fails
 * when it is over the inspector's own budget (the core budget, in scripts/check-guards.mjs, is separate).
 *
 *   node packages/inspector/build.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { guardPlugin, sourcesPlugin } from '../../scripts/check-guards.mjs';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const DIST = join(HERE, 'dist');

/**
 * Budget for the minified + gzipped inspector bundle, in bytes: 128 KiB. Measured 2026-11-22: 85 KiB, of
 * which the memory engine and the snapshot decoder (core + persist, graphology included) are about 53 KiB,
 * and sigma.js, ForceAtlas2 and the page's own code the rest. Half again leaves room for the page to grow
 * yet breaks on a second renderer or a UI framework. Raise it on purpose, with the reason. Raised to 136 KiB
 * (2026-11-28, 133.4 KiB built) for opening logs and memory folders in the page: persist's log verifier.
 * Raised to 140 KiB the same day (136.8 KiB built): the page bundles the core, which grew by the extractor's
 * new rules, stated rules on dependent beliefs, kept recall indexes and bounded ranking (core 109.4 → 118.0 KiB).
 * Raised to 142 KiB later that day (140.8 KiB built): the core it bundles grew again (the sixth blind suite's
 * rules, jobs held alongside, write-time session totals, the turn word reader: core 126.0 → 130.5 KiB).
 * Raised to 144 KiB (2026-11-28, eighth session; 142.1 KiB built): the core it bundles grew by the save that
 * writes from views and column writers, the extractor's capital scan and one-pass session documents
 * (core 131.3 → 131.9 KiB).
 */
export const INSPECTOR_GZ_BUDGET = 144 * 1024;

/** Bundles the page script; returns the code, its source map and its gzipped size. */
export async function buildInspector({ minify = true } = {}) {
  const found = [];
  const r = await build({
    entryPoints: [join(HERE, 'src/main.ts')],
    outfile: join(DIST, 'inspector.js'),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    sourcemap: 'external',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [sourcesPlugin(), guardPlugin(found)],
  }).catch((err) => {
    throw new Error(`inspector build failed:\n  ${[...found, ...(err.errors ?? []).map((e) => e.text)].join('\n  ')}`);
  });
  const js = r.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const map = r.outputFiles.find((f) => f.path.endsWith('.map'))?.text ?? '';
  return { js, map, gz: gzipSync(js, { level: 9 }).byteLength };
}

/** Writes dist/inspector.js and its map; prints the size against the budget; throws when over it. */
export async function writeInspector() {
  const { js, map, gz } = await buildInspector();
  mkdirSync(DIST, { recursive: true });
  writeFileSync(join(DIST, 'inspector.js'), js);
  writeFileSync(join(DIST, 'inspector.js.map'), map);
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const over = gz > INSPECTOR_GZ_BUDGET;
  console.log(`bundle-size: inspector: ${js.length} B minified, ${gz} B min+gz = ${kib(gz)} (budget ${kib(INSPECTOR_GZ_BUDGET)}${over ? ', OVER BUDGET' : ''})`);
  if (over) throw new Error(`inspector bundle ${kib(gz)} is over its budget of ${kib(INSPECTOR_GZ_BUDGET)}`);
  return { js, map, gz };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await writeInspector();
  } catch (err) {
    console.error(String(err instanceof Error ? err.message : err));
    process.exitCode = 1;
  }
}
