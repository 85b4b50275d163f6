#!/usr/bin/env node
/**
 * Runs the commands and a representative part of the tests on other Node versions than the one at hand:
 * `npm run test:node-versions` (Node 22 and 24, the supported lines), or `node scripts/test-node-versions.mjs
 * [--quick] [MAJOR …]`. Needs `npm ci` and `npm run build` first.
 *
 * Each Node comes from the npm registry's `node` package (`npx -y -p node@MAJOR`, cached after the first
 * run), so nothing is installed system-wide. With that Node first on PATH (the bins' `#!/usr/bin/env node`
 * and every test child take it too): `palimpsest --help` and `palimpsest-mcp --help` through
 * node_modules/.bin, then vitest on core, persist, the CLI and the MCP server's quickstart, tools and stdio
 * tests (--quick: the two installed-command tests and persist's log contract alone, for CI).
 * Left out: bench, whose peers better-sqlite3 and hnswlib-node are native modules built by `npm ci` for the
 * Node that installed them (they do not load on another major); and the Worker tests (workerd is a binary of
 * its own, whichever Node starts it), the inspector's browser test and embed-local's model.
 * Exit code 0 only if every version passed; a line per version says what ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const BIN = join(ROOT, 'node_modules', '.bin');

const FULL = [
  'packages/core',
  'packages/persist',
  'packages/cli',
  'packages/mcp/test/quickstart.test.ts',
  'packages/mcp/test/mcp.test.ts',
  'packages/mcp/test/tools-surface.test.ts',
  'packages/mcp/test/stdio-lifecycle.test.ts',
];
const QUICK = ['packages/mcp/test/quickstart.test.ts', 'packages/cli/test/cli-installed.test.ts', 'packages/persist/test/contract.test.ts'];

/** The path of Node MAJOR's binary, fetched through npx (the registry's `node` package). */
function nodeBinary(major) {
  const r = spawnSync('npx', ['-y', '-p', `node@${major}`, 'node', '-p', 'process.execPath'], { cwd: tmpdir(), encoding: 'utf8' });
  const path = r.stdout.trim().split('\n').pop();
  if (r.status !== 0 || !path || !existsSync(path)) throw new Error(`could not get Node ${major} through npx (exit ${r.status}): ${r.stderr.trim()}`);
  return path;
}

/** Runs the two installed commands' --help on this Node: both must exit 0 and print their usage. */
function checkBins(env) {
  for (const [name, usage] of [['palimpsest', /^Usage: palimpsest </], ['palimpsest-mcp', /^Usage: palimpsest-mcp /]]) {
    const r = spawnSync(join(BIN, name), ['--help'], { env, encoding: 'utf8' });
    if (r.status !== 0 || !usage.test(r.stdout)) throw new Error(`${name} --help exited ${r.status}: ${(r.stderr || r.stdout).trim().slice(0, 400)}`);
  }
}

function runVersion(major, tests) {
  const node = nodeBinary(major);
  const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` };
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`asked for Node ${major}, got ${version}`);
  console.log(`\n== Node ${version} (${node})`);
  checkBins(env);
  console.log('palimpsest and palimpsest-mcp --help: ok');
  const r = spawnSync(node, [VITEST, 'run', '--reporter=dot', ...tests], { cwd: ROOT, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tests failed on Node ${version} (vitest exit ${r.status})`);
  return version;
}

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const majors = args.filter((a) => a !== '--quick');
for (const m of majors) {
  if (!/^\d+$/.test(m)) {
    console.error(`test-node-versions: a Node major version is a whole number (e.g. 22), got "${m}"`);
    process.exit(2);
  }
}
if (!existsSync(join(ROOT, 'packages', 'mcp', 'dist', 'bin.js'))) {
  console.error('test-node-versions: run `npm run build` first (the commands run from dist/)');
  process.exit(2);
}
const results = [];
for (const major of majors.length > 0 ? majors : ['22', '24']) {
  try {
    const version = runVersion(major, quick ? QUICK : FULL);
    results.push(`Node ${version}: commands ok, tests passed (${quick ? 'quick' : 'full'} set)`);
  } catch (e) {
    results.push(`Node ${major}: FAILED: ${e instanceof Error ? e.message : String(e)}`);
  }
}
console.log(`\n${results.join('\n')}`);
process.exit(results.some((r) => r.includes('FAILED')) ? 1 : 0);
