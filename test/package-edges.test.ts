/**
 * Packages depend inward only: every workspace package's declared and imported edges are in the allowed
 * list of scripts/check-package-edges.mjs, with no cycle; and the check catches what it is there for.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, typed by its JSDoc only
import { ALLOWED_EDGES, checkEdges, readWorkspace } from '../scripts/check-package-edges.mjs';

interface Pkg {
  name: string;
  dir: string;
  manifestDeps: string[];
  imports: Array<{ specifier: string; file: string; kind: string }>;
}

const pkg = (name: string, manifestDeps: string[] = [], imports: string[] = [], kind = 'shipped'): Pkg => ({
  name,
  dir: `packages/${name.split('/')[1]}`,
  manifestDeps,
  imports: imports.map((specifier) => ({ specifier, file: `packages/${name.split('/')[1]}/src/x.ts`, kind })),
});

describe('package edges', () => {
  it('every workspace package depends inward only, along an allowed edge, with no cycle', () => {
    const packages: Pkg[] = readWorkspace();
    expect(packages.map((p) => p.name).sort()).toEqual(Object.keys(ALLOWED_EDGES).sort());
    expect(checkEdges(packages)).toEqual([]);
  });

  it('refuses a sideways edge, declared or imported', () => {
    const declared = checkEdges([pkg('@palimpsest/bench', ['@palimpsest/cli']), pkg('@palimpsest/cli')]);
    expect(declared).toEqual(['@palimpsest/bench declares a dependency on @palimpsest/cli, which is not an allowed edge']);
    const imported = checkEdges([pkg('@palimpsest/mcp', [], ['@palimpsest/cli'])]);
    expect(imported).toEqual(['packages/mcp/src/x.ts imports @palimpsest/cli: @palimpsest/mcp → @palimpsest/cli is not an allowed edge']);
  });

  it('lets measurement code read the datasets undeclared, and shipped code not', () => {
    expect(checkEdges([pkg('@palimpsest/core', [], ['@palimpsest/datasets'], 'measurement')])).toEqual([]);
    expect(checkEdges([pkg('@palimpsest/core', [], ['@palimpsest/datasets'])])).toHaveLength(1);
  });

  it('holds a subpath-only edge to its subpath', () => {
    expect(checkEdges([pkg('@palimpsest/cloudflare', ['@palimpsest/mcp'], ['@palimpsest/mcp/tools'])])).toEqual([]);
    expect(checkEdges([pkg('@palimpsest/cloudflare', ['@palimpsest/mcp'], ['@palimpsest/mcp'])])).toEqual([
      'packages/cloudflare/src/x.ts imports @palimpsest/mcp: @palimpsest/cloudflare may use @palimpsest/mcp only through @palimpsest/mcp/tools',
    ]);
  });

  it('names a package missing from the list, and a cycle even along allowed edges', () => {
    expect(checkEdges([pkg('@palimpsest/newcomer')])).toEqual([
      '@palimpsest/newcomer (packages/newcomer) has no entry in ALLOWED_EDGES: add one, inward only',
    ]);
    const loose = { '@palimpsest/a': ['@palimpsest/b'], '@palimpsest/b': ['@palimpsest/a'] };
    expect(checkEdges([pkg('@palimpsest/a', ['@palimpsest/b']), pkg('@palimpsest/b', [], ['@palimpsest/a'])], loose, {})).toEqual([
      'the packages depend on each other in a cycle: @palimpsest/a → @palimpsest/b → @palimpsest/a',
    ]);
  });
});
