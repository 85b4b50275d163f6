/**
 * Runs-anywhere guards: core and persist's browser entry bundle for a browser with no Node
 * built-in and no native module, and the core bundle stays under its gzip budget. The negative cases
 * bundle tiny temporary files to prove the guard really fires.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without declarations; its JSDoc documents the shapes
import * as guards from '../../../scripts/check-guards.mjs';

interface EntryCheck {
  violations: string[];
  polyfills: string[];
  code: Uint8Array | null;
  inputs: string[];
}
const { ROOT, BROWSER_ENTRIES, CORE_GZ_BUDGET, checkEntry, scanSources, isNodeBuiltin } = guards as {
  ROOT: string;
  BROWSER_ENTRIES: Record<string, string>;
  CORE_GZ_BUDGET: number;
  checkEntry: (entry: string, options?: { minify?: boolean }) => Promise<EntryCheck>;
  scanSources: (dir: string) => string[];
  isNodeBuiltin: (s: string) => boolean;
};

// Inside the repo (gitignored .tmp/) so that bare imports resolve against the root node_modules.
const dir = join(ROOT, '.tmp', `guards-${process.pid}`);
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

beforeAll(() => mkdirSync(dir, { recursive: true }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('guards on the real packages', () => {
  it('core bundles for the browser with no Node built-in and no native module', async () => {
    const r = await checkEntry(BROWSER_ENTRIES.core!);
    expect(r.violations).toEqual([]);
    expect(r.code).not.toBeNull();
    expect(r.inputs.some((i) => i.endsWith('packages/core/src/index.ts'))).toBe(true);
  });

  it('persist browser entry bundles for the browser with no Node built-in and no native module', async () => {
    const r = await checkEntry(BROWSER_ENTRIES.persist!);
    expect(r.violations).toEqual([]);
    // It really bundled core's sources (through the alias), not a stale dist/.
    expect(r.inputs.some((i) => i.endsWith('packages/core/src/index.ts'))).toBe(true);
  });

  it.skipIf(!existsSync(BROWSER_ENTRIES['core-communities']!))('core/communities bundles for the browser cleanly', async () => {
    const r = await checkEntry(BROWSER_ENTRIES['core-communities']!);
    expect(r.violations).toEqual([]);
  });

  it('no source file of packages/core imports a Node built-in, reachable or not', () => {
    expect(scanSources(join(ROOT, 'packages/core/src'))).toEqual([]);
  });

  it(`core bundle is under its budget of ${CORE_GZ_BUDGET / 1024} KiB minified + gzipped`, async () => {
    const { code } = await checkEntry(BROWSER_ENTRIES.core!, { minify: true });
    const gz = gzipSync(code!, { level: 9 }).byteLength;
    console.log(`core bundle: ${code!.byteLength} B minified, ${gz} B min+gz (budget ${CORE_GZ_BUDGET} B)`);
    expect(gz).toBeGreaterThan(0);
    expect(gz).toBeLessThanOrEqual(CORE_GZ_BUDGET);
  });
});

describe('the guard fires', () => {
  it('on a node: import', async () => {
    const r = await checkEntry(file('uses-node-fs.ts', `import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n`));
    expect(r.code).toBeNull();
    expect(r.violations.join('\n')).toMatch(/uses-node-fs\.ts imports the Node built-in "node:fs"/);
  });

  it('on a bare built-in name, also deep in the graph', async () => {
    file('helper.ts', `import { createHash } from 'crypto';\nexport const h = createHash;\n`);
    const r = await checkEntry(file('uses-helper.ts', `export { h } from './helper.js';\n`));
    expect(r.violations.join('\n')).toMatch(/helper\.ts imports the Node built-in "crypto"/);
  });

  it('on a dynamic import of a built-in subpath', async () => {
    const r = await checkEntry(file('dyn.ts', `export const load = () => import('fs/promises');\n`));
    expect(r.violations.join('\n')).toMatch(/imports the Node built-in "fs\/promises"/);
  });

  it('on a native module (better-sqlite3)', async () => {
    const r = await checkEntry(file('uses-sqlite.ts', `import Database from 'better-sqlite3';\nexport const D = Database;\n`));
    // Either the addon's manifest or the built-ins its loader needs give it away; both must be reported.
    expect(r.code).toBeNull();
    expect(r.violations.join('\n')).toMatch(/node_modules\/(better-sqlite3|bindings)\/.* imports the Node built-in/);
  });

  it('on a native package even when it would bundle (manifest check)', async () => {
    // A fake addon package that imports nothing: only its manifest says it is native.
    const pkg = join(dir, 'node_modules', 'fake-addon');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'fake-addon', main: 'index.js', gypfile: true }));
    writeFileSync(join(pkg, 'index.js'), 'export const x = 1;\n');
    const r = await checkEntry(file('uses-addon.ts', `export { x } from 'fake-addon';\n`));
    expect(r.violations.join('\n')).toMatch(/native package .*fake-addon \(its package\.json sets "gypfile"\)/);
  });

  it('on a bare built-in name in a dependency that does not declare a package for it', async () => {
    const lib = join(dir, 'node_modules', 'undeclared-lib');
    mkdirSync(lib, { recursive: true });
    writeFileSync(join(lib, 'package.json'), JSON.stringify({ name: 'undeclared-lib', main: 'index.js' }));
    writeFileSync(join(lib, 'index.js'), `import { EventEmitter } from 'events';\nexport const E = EventEmitter;\n`);
    const r = await checkEntry(file('uses-undeclared.ts', `export { E } from 'undeclared-lib';\n`));
    expect(r.violations.join('\n')).toMatch(/undeclared-lib\/index\.js imports the Node built-in "events"/);
  });

  it('but not when the dependency declares the npm package that serves that name (as graphology does)', async () => {
    const lib = join(dir, 'node_modules', 'declared-lib');
    mkdirSync(lib, { recursive: true });
    writeFileSync(join(lib, 'package.json'), JSON.stringify({ name: 'declared-lib', main: 'index.js', dependencies: { events: '^3.3.0' } }));
    writeFileSync(join(lib, 'index.js'), `import { EventEmitter } from 'events';\nexport const E = EventEmitter;\n`);
    const r = await checkEntry(file('uses-declared.ts', `export { E } from 'declared-lib';\n`));
    expect(r.violations).toEqual([]);
    expect(r.polyfills.join('\n')).toMatch(/declared-lib\/index\.js imports "events", served by the npm package node_modules\/events/);
    // Our own sources get no such exception, even for a name that a package would serve.
    const own = await checkEntry(file('own-events.ts', `import { EventEmitter } from 'events';\nexport const E = EventEmitter;\n`));
    expect(own.violations.join('\n')).toMatch(/own-events\.ts imports the Node built-in "events"/);
  });

  it('the source scan sees static, dynamic and re-export forms, and skips type-only imports', () => {
    const src = join(dir, 'src');
    mkdirSync(src, { recursive: true });
    writeFileSync(join(src, 'a.ts'), `import type { Stats } from 'node:fs';\nexport type S = Stats;\n`);
    expect(scanSources(src)).toEqual([]);
    writeFileSync(join(src, 'b.ts'), `export * from 'path';\nconst z = await import("zlib");\nimport {x} from './ok.js';\n`);
    const v = scanSources(src);
    expect(v).toHaveLength(2);
    expect(v.join('\n')).toMatch(/b\.ts imports the Node built-in "path"/);
    expect(v.join('\n')).toMatch(/b\.ts imports the Node built-in "zlib"/);
  });

  it('isNodeBuiltin knows prefixed, bare and subpath built-ins, and nothing else', () => {
    for (const s of ['node:fs', 'fs', 'fs/promises', 'worker_threads', 'zlib', 'node:sqlite', 'path/posix']) {
      expect(isNodeBuiltin(s), s).toBe(true);
    }
    for (const s of ['graphology', 'flatbuffers', './fs.js', '@palimpsest/core', 'fsevents']) {
      expect(isNodeBuiltin(s), s).toBe(false);
    }
  });
});
