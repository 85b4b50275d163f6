#!/usr/bin/env node
// @ts-check
/**
 * Packages depend inward only (../shared/design/ARCHITECTURE.md): every edge between workspace packages, in
 * a package.json (dependencies, devDependencies, peerDependencies, optionalDependencies) or in an import
 * of its code, must be in ALLOWED_EDGES below, and the edges must form no cycle. The allowed edges are
 * described for people in docs/package-edges.md; change both together.
 *
 *   node scripts/check-package-edges.mjs   # prints the edges it checked; exit code 1 on any violation
 *
 * test/package-edges.test.ts runs the same check and shows that it catches a sideways edge and a cycle.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * For each workspace package, the workspace packages it may depend on. An entry with a subpath
 * (`@palimpsest/mcp/tools`) allows the package but only that entry point in imports: the tool table is
 * the memory tools' one named home, shared by the MCP server and the Cloudflare Worker.
 */
export const ALLOWED_EDGES = {
  '@palimpsest/core': [],
  '@palimpsest/datasets': [],
  '@palimpsest/progress': [],
  '@palimpsest/persist': ['@palimpsest/core'],
  '@palimpsest/openai': ['@palimpsest/core'],
  // datasets only for its perf scripts (devDependency).
  '@palimpsest/embed-local': ['@palimpsest/core', '@palimpsest/datasets'],
  // embed-local: optional peer, loaded on demand for --embedder use-lite.
  '@palimpsest/model-flags': ['@palimpsest/core', '@palimpsest/openai', '@palimpsest/embed-local'],
  '@palimpsest/cli': ['@palimpsest/core', '@palimpsest/persist', '@palimpsest/progress', '@palimpsest/model-flags', '@palimpsest/embed-local'],
  '@palimpsest/mcp': ['@palimpsest/core', '@palimpsest/persist', '@palimpsest/model-flags', '@palimpsest/embed-local'],
  '@palimpsest/cloudflare': ['@palimpsest/core', '@palimpsest/persist', '@palimpsest/mcp/tools'],
  // Agent frameworks host the same tool table as the MCP server and the Worker.
  '@palimpsest/langgraph': ['@palimpsest/core', '@palimpsest/mcp/tools'],
  '@palimpsest/ai-sdk': ['@palimpsest/core', '@palimpsest/mcp/tools'],
  '@palimpsest/inspector': ['@palimpsest/core', '@palimpsest/persist'],
  '@palimpsest/bench': ['@palimpsest/core', '@palimpsest/persist', '@palimpsest/datasets', '@palimpsest/progress', '@palimpsest/embed-local'],
};

/**
 * Measurement code outside a package's shipped sources (perf/, scripts/) may also read the datasets
 * without declaring them: such code is never published. Any other undeclared edge is a violation.
 */
export const MEASUREMENT_EDGES = {
  '@palimpsest/core': ['@palimpsest/datasets'],
  '@palimpsest/persist': ['@palimpsest/datasets'],
  '@palimpsest/cloudflare': ['@palimpsest/datasets'],
};

const DEP_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
/** Folders of a package whose imports are checked; `src` ships, the others are measurement code. */
const CODE_DIRS = { src: 'shipped', perf: 'measurement', scripts: 'measurement' };
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"](@palimpsest\/[^'"]+)['"]/g;

/**
 * @typedef {{ name: string, dir: string, manifestDeps: string[], imports: Array<{ specifier: string, file: string, kind: string }> }} WorkspacePackage
 */

/** The package an import specifier names: `@palimpsest/mcp/tools` → `@palimpsest/mcp`. */
export function packageOf(specifier) {
  return specifier.split('/').slice(0, 2).join('/');
}

/** Every workspace package of the root package.json, with its declared workspace edges and its imports. */
export function readWorkspace(root = ROOT) {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  /** @type {WorkspacePackage[]} */
  const packages = [];
  for (const folder of rootManifest.workspaces) {
    const dir = join(root, folder);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const manifestDeps = new Set();
    for (const field of DEP_FIELDS) for (const dep of Object.keys(manifest[field] ?? {})) if (dep.startsWith('@palimpsest/')) manifestDeps.add(dep);
    const imports = [];
    for (const [sub, kind] of Object.entries(CODE_DIRS)) {
      const codeDir = join(dir, sub);
      if (!existsSync(codeDir)) continue;
      for (const file of walk(codeDir)) {
        for (const m of stripComments(readFileSync(file, 'utf8')).matchAll(IMPORT)) {
          imports.push({ specifier: /** @type {string} */ (m[1]), file: relative(root, file), kind });
        }
      }
    }
    packages.push({ name: manifest.name, dir: relative(root, dir), manifestDeps: [...manifestDeps], imports });
  }
  return packages;
}

/**
 * The violations of `packages` against the allowed edges: a declared or imported edge not allowed, an
 * import through another entry than the allowed subpath, a package with no entry in the list, a cycle.
 * @param {WorkspacePackage[]} packages
 * @param {Record<string, string[]>} allowed
 * @param {Record<string, string[]>} measurement
 */
export function checkEdges(packages, allowed = ALLOWED_EDGES, measurement = MEASUREMENT_EDGES) {
  const violations = [];
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  for (const p of packages) {
    const edges = new Set();
    graph.set(p.name, edges);
    const mayUse = allowed[p.name];
    if (!mayUse) {
      violations.push(`${p.name} (${p.dir}) has no entry in ALLOWED_EDGES: add one, inward only`);
      continue;
    }
    const allowedPackages = new Set(mayUse.map(packageOf));
    for (const dep of p.manifestDeps) {
      edges.add(dep);
      if (!allowedPackages.has(dep)) violations.push(`${p.name} declares a dependency on ${dep}, which is not an allowed edge`);
    }
    for (const { specifier, file, kind } of p.imports) {
      const target = packageOf(specifier);
      if (target === p.name) continue;
      edges.add(target);
      const extra = kind === 'measurement' ? (measurement[p.name] ?? []) : [];
      if (!allowedPackages.has(target) && !extra.includes(target)) {
        violations.push(`${file} imports ${specifier}: ${p.name} → ${target} is not an allowed edge`);
      } else if (allowedPackages.has(target) && !mayUse.includes(target) && !mayUse.includes(specifier)) {
        // Only a subpath of this package is allowed, and the import goes through another entry.
        violations.push(`${file} imports ${specifier}: ${p.name} may use ${target} only through ${mayUse.filter((a) => packageOf(a) === target).join(', ')}`);
      }
    }
  }
  const cycle = findCycle(graph);
  if (cycle) violations.push(`the packages depend on each other in a cycle: ${cycle.join(' → ')}`);
  return violations;
}

/** One cycle of the graph as a path that ends where it starts, or undefined. */
function findCycle(graph) {
  const state = new Map(); // 1: on the current path, 2: done
  const path = [];
  const visit = (node) => {
    state.set(node, 1);
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 1) return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 2);
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return undefined;
}

/** Source text with block and line comments blanked, so a package named in prose is not an import. */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'generated') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (/\.(?:[cm]?[jt]s|tsx)$/.test(name) && !name.endsWith('.d.ts')) yield p;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const packages = readWorkspace();
  const violations = checkEdges(packages);
  const edges = packages.reduce((n, p) => n + new Set([...p.manifestDeps, ...p.imports.map((i) => packageOf(i.specifier))].filter((t) => t !== p.name)).size, 0);
  console.log(`package edges: ${packages.length} workspace packages, ${edges} edges between them checked`);
  if (violations.length > 0) {
    console.error(`package edges: ${violations.length} violation(s):\n  ${violations.join('\n  ')}`);
    process.exitCode = 1;
  }
}
