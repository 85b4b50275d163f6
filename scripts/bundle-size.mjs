#!/usr/bin/env node
// @ts-check
/**
 * Prints the minified + gzipped (level 9) size of the browser bundles of @palimpsest/core and
 * @palimpsest/persist (esbuild, format esm, platform browser), and fails when core is over its budget
 * (CORE_GZ_BUDGET in scripts/check-guards.mjs, also enforced by packages/core/test/platform.guards.test.ts).
 *
 *   node scripts/bundle-size.mjs
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { BROWSER_ENTRIES, CORE_GZ_BUDGET, checkEntry } from './check-guards.mjs';

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
let failed = false;
for (const [name, entry] of Object.entries(BROWSER_ENTRIES)) {
  if (!existsSync(entry)) {
    console.log(`bundle-size: ${name}: ${entry} does not exist (yet), skipped`);
    continue;
  }
  const { violations, code } = await checkEntry(entry, { minify: true });
  if (violations.length > 0 || !code) {
    console.error(`bundle-size: ${name}: does not bundle for the browser:\n  ${violations.join('\n  ')}`);
    failed = true;
    continue;
  }
  const gz = gzipSync(code, { level: 9 }).byteLength;
  const budget = name === 'core' ? ` (budget ${kib(CORE_GZ_BUDGET)}${gz > CORE_GZ_BUDGET ? ', OVER BUDGET' : ''})` : '';
  if (name === 'core' && gz > CORE_GZ_BUDGET) failed = true;
  console.log(`bundle-size: ${name}: ${code.byteLength} B minified, ${gz} B min+gz = ${kib(gz)}${budget}`);
}
if (failed) process.exitCode = 1;
