#!/usr/bin/env node
// @ts-check
/**
 * Runs-anywhere guards: `@palimpsest/core` and the browser entry of `@palimpsest/persist` must bundle for
 * a browser with no Node built-in and no native module anywhere in their import graph, and the core
 * bundle must stay under its size budget.
 *
 *   node scripts/check-guards.mjs      # prints what it checked; exit code 1 on any violation
 *
 * The same functions are imported by packages/core/test/platform.guards.test.ts and by the browser test harness.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The entries that must run anywhere: everything a browser, worker or edge runtime may import. */
export const BROWSER_ENTRIES = {
  core: join(ROOT, 'packages/core/src/index.ts'),
  'core-communities': join(ROOT, 'packages/core/src/communities.ts'),
  persist: join(ROOT, 'packages/persist/src/index.ts'),
};

/**
 * Budget for the minified + gzipped core bundle, in bytes: 88 KiB. Raised on purpose from 64 KiB on
 * 2026-11-22 (the second time it was measured): input read once and checked for every call, batched sync or
 * async model interfaces with the ingest pipeline and transcript ingestion, the rule extractor's speaker,
 * name and pattern rules, and recall's stages took the whole bundle from 48 to 68.6 KiB gz; graphology
 * + its `events` polyfill are still about 16 KiB (graph interop, imported statically by
 * graph/graphology.ts). 80 KiB still breaks on a stray heavy dependency (a second graph library, a
 * polyfill set, a Node shim). Raise it on purpose, with the reason, never silently. (Moving graphology
 * behind its own entry, as louvain already is, would save about 16 KiB.)
 * Raised again from 80 to 84 KiB on 2026-11-23: the field-by-field assert/retract readers and the live set
 * of the faster write path, facts' BM25 through entities (no first-recall cliff), sparse hash vectors and
 * the asker lift and bulk BM25 postings took the bundle from 78.4 to 82.4 KiB gz.
 * Raised again from 84 to 88 KiB on 2026-11-23 (second session): the store's compact layout (record-time
 * table, sparse row metadata side tables, float32 summaries rounded outwards: 146.8 -> 95.2 bytes per
 * version), recall's allocation-free fast paths (prefix counts, distinctive terms, score accumulator) and
 * the question time-word split took it from 82.1 to about 85 KiB gz. Graphology behind its own entry is
 * still the 16 KiB that would pay this back.
 * Raised again from 88 to 92 KiB on 2026-11-28: forgetting on request (core/src/forget: scope reading, the
 * log rewrite, the rebuild with fact-id mapping, tombstones) is 3.1 KiB gz and took it from about 87.9 to
 * 91.1 KiB gz. Graphology behind its own entry would still pay this back.
 * Raised again from 92 to 96 KiB on 2026-11-28: episode sessions (the column, given-session grouping, each
 * session's document read from its turns), recall written as its stages with its options read once, and the
 * packed context's fact floor and newer-evidence-first ordering added about 3 KiB gz (91.1 to 94.0 KiB gz).
 * Raised again from 96 to 108 KiB on 2026-11-28: the default extractor's state rules (clauses, subjects,
 * homes / jobs / partners / possessions and their endings, fuzzy and durational times, corrections; about
 * 32 KB minified of regular expressions and word lists in recall/extract/) add about 11 KiB gz. The
 * alternative is the rule extractor in a package of its own, which ingestEpisode could then not default to;
 * graphology behind its own entry (16 KiB) would pay this back too.
 * Raised again from 108 to 110 KiB on 2026-11-28: dependent beliefs (graph/dependencies.ts: premise links,
 * unsupported flags, their snapshot section; the `supported` read; extraction premises checked before a
 * turn's first write; the rule extractor's stated reasons in recall/extract/because.ts) add 2.6 KiB gz
 * (main at 108,922 B gz, 106.4 KiB, to about 111,550 B, 108.9 KiB).
 * Raised again from 110 to 115 KiB on 2026-11-28: stated rules on dependent beliefs (graph/premise-rules.ts:
 * `onPremiseChange` read, logged, snapshotted and applied when a premise changes; extract/ingest-rules.ts: an
 * extraction's `rules` checked and written; recall/extract/if-changes.ts: the rule extractor's conditional
 * forms and the arrangements they are about) add 3.8 KiB gz (main at 112,066 B gz, 109.4 KiB, to 115,940 B,
 * 113.2 KiB); recall's episode indexes kept in snapshots (snapshot/recall-indexes.ts: a load reads the
 * postings and date flags instead of re-indexing every turn) about 0.7 KiB more.
 * Raised again from 115 to 118 KiB on 2026-11-28: the default extractor's rules for the phrasings a new blind
 * suite found missing (jobs held, "have got", pets named later, endings in the negative, corrections with
 * ", not X", durations; recall/extract/) add 1.9 KiB gz (116,661 B to 118,555 B, 115.8 KiB).
 * Raised again from 118 to 119 KiB on 2026-11-28 (fourth session): ingestEpisode's reply lists the turn's
 * endings and corrections and the beliefs a stated rule now rests on (17 B over at 120,849 B gz).
 * Raised again from 119 to 121 KiB on 2026-11-28: loads that read instead of re-indexing names
 * (recall/name-tokens.ts and snapshot/kept-names.ts: the entities' and literals' terms kept in snapshots;
 * snapshot/kept-entity-vectors.ts and VectorSet's row export: the built-in embedder's entity vectors kept)
 * add about 1.35 KiB gz (main at 120,849 B gz to 122,233 B, 119.4 KiB); main's extractor triggers
 * (recall/extract/triggers.ts), merged after, took it to 123,268 B, 120.4 KiB.
 * Raised again from 121 to 124 KiB on 2026-11-28 (fifth blind suite): the default extractor's rules for what
 * a fifth blind suite and its probes found missing (lower-case "i", "he's"; jobs switched to, started as an
 * internship, ended as "the contract is over", freelance; last days named after a resignation; homes "based
 * in", "renting in", "lived here since"; ranges "from 2015 to 2019", "on the 16th"; relatives named once and
 * then "my dad"; corrections without a comma, "I meant Apex", a bare "oops, February"; pets named in a later
 * turn; recall/extract/) add about 2.6 KiB gz (main at 123,268 B to 125,966 B, 123.0 KiB).
 * Raised again from 124 to 128 KiB on 2026-11-28 (sixth blind suite): the default extractor's rules for what a
 * sixth blind suite and its probes found missing (abbreviations inside sentences, "St. Mary's"; -ing job
 * verbs; an employer named again in lower case; "my first day as an intern at"; "Mom" for the mom the speaker
 * named; he/she for a person named earlier in the sentence; "X and I" / "me and X live in" for both; "who
 * lives in"; earlier spans "after ten years in Memphis", "32 years at St. Mary's", "before that I was at Hulu
 * for three years" in recall/extract/prior-spans.ts; restated, "never … , I …", "Not X — Y", "wrong company"
 * corrections; "the 15th, not the 1st"; "sold it"; makes of things, "a Fender guitar"; "early 2024", "since
 * Christmas") add about 3.4 KiB gz (main at 125,989 B to 129,425 B, 126.4 KiB); about 1.5 KiB of the raise is
 * left for the other helper's extractor work merged in the same session.
 * Raised again from 124 to 125 KiB on 2026-11-28: ingest speed (a year of turns through ingestEpisode):
 * recall's word index reads each turn's words through a table from word to term id (recall/term-reader.ts)
 * instead of tokenize's per-word slices and lookups, a turn's date flag reads the rules from the first match
 * (dates.ts hasRelativeDate), and the vocatives pass has quick tests (recall/vocatives.ts); about 1.1 KiB gz
 * (main at 125,989 B to 127,084 B, 124.1 KiB). Same results, in half the indexing time per turn. Main's recall
 * cost at scale (session documents' kept totals, episode-rank scratch, EpisodeTable.findString), merged after,
 * took it to 128,003 B, 125.0 KiB: raised to 126 KiB.
 * Both merged (the sixth suite's rules and the ingest path are separate code, so the two raises add up):
 * the budget is set once more at the end of the session, with the total measured.
 * Then two jobs held at once (another helper's work, merged here): assert's `alongside` (read, logged as a
 * JSON operation and replayed) and the rule extractor's jobs held besides another (second / side / weekend
 * jobs, "also", "I work two jobs … at X and … at Y", endings of the named side job; recall/extract/side-jobs.ts),
 * things had through someone else ("talked me into", "ended up with") and stated rules said before their
 * arrangement (recall/extract/pending-rules.ts): about 2.2 KiB gz on their own (main at 125,989 B to 128,186 B).
 * With the sixth suite's rules, the ingest path, main's recall at scale and the two jobs all merged, the
 * bundle is 133,637 B gz (130.5 KiB): the budget is 131 KiB.
 * Raised again from 131 to 132 KiB on 2026-11-28 (seventh session): recall's bounded walk of a hub entity's
 * edges (`edgeCap`, recall/expand.ts and stages/expand-graph.ts) and the load's two-pass BM25 forward index
 * (recall/bm25-load.ts) took it to 134,158 B gz (131.0 KiB), 14 bytes over.
 */
export const CORE_GZ_BUDGET = 132 * 1024;

/** Every Node built-in, bare and with the `node:` prefix (`fs`, `fs/promises`, `node:test`, …). */
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
/** Packages whose presence in a dependency's manifest means it loads a compiled addon. */
const NATIVE_HELPERS = ['bindings', 'node-gyp-build', 'prebuild-install', 'node-addon-api', 'nan', 'node-pre-gyp', '@mapbox/node-pre-gyp'];

/** Is this import specifier a Node built-in? (`node:` anything counts, as `node:sqlite`, `node:test` do.) */
export function isNodeBuiltin(specifier) {
  if (specifier.startsWith('node:')) return true;
  if (BUILTINS.has(specifier)) return true;
  // `fs/promises`, `stream/web`, … and any deeper path into a built-in.
  return BUILTINS.has(specifier.split('/')[0] ?? specifier);
}

/**
 * esbuild plugin: `@palimpsest/*` resolve to their TypeScript sources, so a bundle never depends on a
 * stale `dist/`. Only the browser-safe entries are mapped; `@palimpsest/persist/node` is left alone so
 * that importing it from browser code fails like any other Node-only module.
 */
export function sourcesPlugin() {
  const map = {
    '@palimpsest/core': join(ROOT, 'packages/core/src/index.ts'),
    '@palimpsest/core/communities': join(ROOT, 'packages/core/src/communities.ts'),
    '@palimpsest/core/internal': join(ROOT, 'packages/core/src/internal.ts'),
    '@palimpsest/persist': join(ROOT, 'packages/persist/src/index.ts'),
  };
  return {
    name: 'palimpsest-sources',
    setup(b) {
      b.onResolve({ filter: /^@palimpsest\// }, (args) => {
        const path = map[/** @type {keyof typeof map} */ (args.path)];
        return path ? { path } : undefined;
      });
    },
  };
}

/**
 * esbuild plugin that makes the build FAIL on a Node built-in (bare or `node:`) or on a `.node` addon,
 * naming the importing file. Violations are also pushed to `found` for callers that want a list.
 *
 * One exception, because it is what bundlers and browsers actually do: a third-party package may import
 * a bare built-in name (`events`) that it declares as a dependency and that resolves to that npm package
 * (graphology imports `events` and depends on the `events` package). That is real browser code, not a
 * Node built-in; it is recorded in `polyfills` so it is visible. Our own sources get no such exception.
 * @param {string[]} found
 * @param {string[]} [polyfills]
 */
export function guardPlugin(found, polyfills = []) {
  return {
    name: 'palimpsest-guard',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData?.guardResolving) return undefined;
        const from = args.importer ? relative(ROOT, args.importer) : '(entry)';
        if (isNodeBuiltin(args.path)) {
          const dep = await declaredPolyfill(b, args);
          if (dep) {
            const note = `${from} imports "${args.path}", served by the npm package ${relative(ROOT, dep)}`;
            if (!polyfills.includes(note)) polyfills.push(note);
            return undefined;
          }
          const msg = `${from} imports the Node built-in "${args.path}"`;
          found.push(msg);
          return { errors: [{ text: msg }] };
        }
        if (args.path.endsWith('.node')) {
          const msg = `${from} imports the native addon "${args.path}"`;
          found.push(msg);
          return { errors: [{ text: msg }] };
        }
        return undefined;
      });
    },
  };
}

/**
 * For a bare built-in name imported from inside node_modules: the npm package directory it resolves to,
 * if the importing package declares that package as a dependency; otherwise null.
 */
async function declaredPolyfill(b, args) {
  if (args.path.startsWith('node:') || !args.importer.includes(`${sep}node_modules${sep}`)) return null;
  const name = args.path.split('/')[0] ?? args.path;
  const importerPkg = packageRootOf(args.importer);
  if (!importerPkg) return null;
  const manifest = JSON.parse(readFileSync(join(importerPkg, 'package.json'), 'utf8'));
  if (!(name in { ...(manifest.dependencies ?? {}), ...(manifest.optionalDependencies ?? {}) })) return null;
  const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { guardResolving: true } });
  if (r.errors.length > 0 || !r.path.includes(`${sep}node_modules${sep}${name}${sep}`)) return null;
  return packageRootOf(r.path);
}

/**
 * The package directory holding a node_modules file, or null: the nearest package.json with a name
 * (a bare `{"type":"module"}` in a dist/ folder is not the package).
 */
function packageRootOf(file) {
  if (!file.includes(`${sep}node_modules${sep}`)) return null;
  let dir = dirname(file);
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name) return dir;
    dir = dirname(dir);
  }
  return null;
}

/** Why a package is native (a reason string), or null when it is not. */
function nativeReason(pkgDir) {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  if (pkg.gypfile) return 'its package.json sets "gypfile"';
  if (existsSync(join(pkgDir, 'binding.gyp'))) return 'it ships a binding.gyp';
  const deps = { ...(pkg.dependencies ?? {}), ...(pkg.optionalDependencies ?? {}) };
  const helper = NATIVE_HELPERS.find((h) => h in deps);
  if (helper) return `it depends on "${helper}"`;
  if (hasDotNode(pkgDir, 3)) return 'it ships .node addon files';
  return null;
}

function hasDotNode(dir, depth) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const p = join(dir, name);
    if (name.endsWith('.node')) return true;
    if (depth > 0 && statSync(p).isDirectory() && hasDotNode(p, depth - 1)) return true;
  }
  return false;
}

/**
 * Bundles `entry` the way a browser would get it and returns every guard violation (empty: clean).
 * Checks, in order: esbuild with `platform: 'browser'` plus the guard plugin (a built-in or `.node`
 * import fails the build), then the metafile's inputs: any `.node` file, any package that is native.
 * @param {string} entry absolute path of a .ts/.js entry
 * @param {{ minify?: boolean }} [options]
 * @returns {Promise<{ violations: string[], polyfills: string[], code: Uint8Array | null, inputs: string[] }>}
 */
export async function checkEntry(entry, options = {}) {
  /** @type {string[]} */
  const found = [];
  /** @type {string[]} */
  const polyfills = [];
  let result;
  try {
    result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: options.minify ?? true,
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: ROOT,
      plugins: [sourcesPlugin(), guardPlugin(found, polyfills)],
    });
  } catch (err) {
    // esbuild failed: report our own messages, or its own (e.g. an unresolvable import) if it had others.
    const errors = /** @type {{ errors?: { text: string }[] }} */ (err).errors ?? [];
    const other = errors.map((e) => e.text).filter((t) => !found.includes(t));
    return { violations: [...found, ...other.map((t) => `esbuild: ${t}`)], polyfills, code: null, inputs: [] };
  }
  const inputs = Object.keys(result.metafile.inputs);
  const violations = [...found];
  const seen = new Set();
  for (const input of inputs) {
    const abs = resolve(ROOT, input);
    if (input.endsWith('.node')) violations.push(`the bundle contains the native addon ${input}`);
    const pkg = packageRootOf(abs);
    if (!pkg || seen.has(pkg)) continue;
    seen.add(pkg);
    const why = nativeReason(pkg);
    if (why) violations.push(`the bundle contains the native package ${relative(ROOT, pkg)} (${why}), via ${input}`);
  }
  // Anything esbuild left external would be resolved at run time; built-ins must not be among them.
  for (const [input, meta] of Object.entries(result.metafile.inputs)) {
    for (const imp of meta.imports) {
      if (imp.external && isNodeBuiltin(imp.path)) violations.push(`${input} keeps the external import "${imp.path}"`);
    }
  }
  const out = result.outputFiles[0];
  return { violations, polyfills, code: out ? out.contents : null, inputs };
}

/**
 * Scans every source file of a folder for Node built-in imports, reachable from an entry or not
 * (a file that is not imported today may be tomorrow). Type-only imports are ignored: they vanish.
 * @param {string} dir absolute folder
 * @returns {string[]} violations
 */
export function scanSources(dir) {
  const violations = [];
  const spec = /(?:^|[^\w$.])(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const file of walk(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(spec)) {
      const s = m[1] ?? m[2];
      if (s && isNodeBuiltin(s)) violations.push(`${relative(ROOT, file)} imports the Node built-in "${s}"`);
    }
  }
  return violations;
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (/\.(?:[cm]?[jt]s|tsx)$/.test(name) && !name.endsWith('.d.ts')) yield p;
  }
}

/** Minified + gzipped (level 9) size of the core bundle. Throws if the bundle breaks a guard. */
export async function coreBundleSize() {
  const { violations, code } = await checkEntry(BROWSER_ENTRIES.core, { minify: true });
  if (violations.length > 0 || !code) throw new Error(`core bundle breaks the guards:\n  ${violations.join('\n  ')}`);
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength, budget: CORE_GZ_BUDGET };
}

/** Every guard over the real packages. Entries that do not exist yet are listed in `missing`. */
export async function checkAll() {
  const violations = [];
  const missing = [];
  const checked = [];
  const polyfills = new Set();
  for (const [name, entry] of Object.entries(BROWSER_ENTRIES)) {
    if (!existsSync(entry)) {
      missing.push(relative(ROOT, entry));
      continue;
    }
    checked.push(name);
    const r = await checkEntry(entry);
    violations.push(...r.violations);
    for (const p of r.polyfills) polyfills.add(p);
  }
  violations.push(...scanSources(join(ROOT, 'packages/core/src')));
  return { violations, missing, checked, polyfills: [...polyfills] };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { violations, missing, checked, polyfills } = await checkAll();
  console.log(`guards: bundled for the browser: ${checked.join(', ')}; scanned packages/core/src`);
  for (const p of polyfills) console.log(`guards: allowed: ${p}`);
  for (const m of missing) console.log(`guards: ${m} does not exist (yet), not checked`);
  if (violations.length > 0) {
    console.error(`guards: ${violations.length} violation(s):\n  ${violations.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    const size = await coreBundleSize();
    const over = size.gzipped > size.budget;
    console.log(`guards: no Node built-ins, no native modules; core ${size.gzipped} B min+gz (budget ${size.budget} B)${over ? ' OVER BUDGET' : ''}`);
    if (over) process.exitCode = 1;
  }
}
