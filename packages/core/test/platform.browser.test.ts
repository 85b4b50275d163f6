/**
 * Runs anywhere: core and persist's browser entry, bundled by esbuild, in headless chromium,
 * in the page and in a module Web Worker. The scenario (test/browser/scenario.ts) builds a memory, runs
 * the worked example of SEMANTICS.md, recalls at two cuts, round-trips a snapshot, and decodes snapshot
 * files written here by Node. Without /usr/bin/chromium the test is skipped and says so, except under
 * CI=true, where a missing browser is a failure.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeSnapshot } from '@palimpsest/persist';
import { saveSnapshot } from '@palimpsest/persist/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, MIME, ROOT, bundle, chromiumStatus, launch, serve } from '../../../test/browser/harness.js';
import type { Browser, Route, Served } from '../../../test/browser/harness.js';
import { T, buildContractMemory, digest, hnswKernels, iso } from '../../../test/browser/scenario.js';
import type { ScenarioConfig, ScenarioResult, Section } from '../../../test/browser/scenario.js';

const status = chromiumStatus();
const onCI = process.env.CI === 'true';
if (!status.available) console.warn(`${status.reason}${onCI ? ' — and CI=true, so this is a failure' : ''}`);

it.runIf(onCI)('CI has chromium, so the browser test runs', () => {
  expect(status.available, status.reason).toBe(true);
});

// Shown as a skipped test by name when chromium is missing, so the summary says why.
it.skipIf(!status.available)(status.available ? 'chromium is present' : status.reason, () => {
  expect(existsSync(CHROMIUM)).toBe(true);
});

const FIXTURES = join(ROOT, 'packages/persist/test/fixtures');
const fixtureNames = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((f) => f.endsWith('.plmp')).sort() : [];
type Outcome = { ok: true; text: string } | { ok: false; errorName: string };
const outcome = (s: Section<{ text: string }>): Outcome =>
  s.ok ? { ok: true, text: s.value.text } : { ok: false, errorName: s.error.split(':')[0] ?? s.error };

describe.skipIf(!status.available)('in headless chromium', () => {
  let served: Served | undefined;
  let browser: Browser | undefined;
  const results: Partial<Record<'page' | 'worker', ScenarioResult>> = {};
  let workerError: string | undefined;
  let expectedNode: { text: string; facts: number };
  const expectedFixtures: Record<string, Outcome> = {};

  beforeAll(async () => {
    const at = Date.now();
    // The snapshot file written by Node (persist's file writer), read back from disk and served to the browser.
    const dir = join(ROOT, '.tmp', 'browser-test');
    mkdirSync(dir, { recursive: true });
    const nodeFile = join(dir, 'node.plmp');
    await saveSnapshot(nodeFile, buildContractMemory());
    const nodeBytes = new Uint8Array(readFileSync(nodeFile));
    expectedNode = digest(decodeSnapshot(nodeBytes), at);

    const routes: Record<string, Route> = { '/node.plmp': { body: nodeBytes, type: MIME.bin } };
    const fixtures = fixtureNames;
    for (const name of fixtures) {
      const bytes = new Uint8Array(readFileSync(join(FIXTURES, name)));
      routes[`/fixtures/${encodeURIComponent(name)}`] = { body: bytes, type: MIME.bin };
      let o: Outcome;
      try {
        o = { ok: true, text: digest(decodeSnapshot(bytes), at).text };
      } catch (err) {
        o = { ok: false, errorName: (err as Error).name };
      }
      expectedFixtures[name] = o;
    }
    const config: ScenarioConfig = { at, fixtures };
    const js = await bundle({
      page: join(ROOT, 'test/browser/page.ts'),
      worker: join(ROOT, 'test/browser/worker.ts'),
    });
    served = await serve({
      ...routes,
      '/': { body: '<!doctype html><meta charset="utf-8"><title>palimpsest</title><script type="module" src="/page.js"></script>', type: MIME.html },
      '/page.js': { body: js.page!, type: MIME.js },
      '/worker.js': { body: js.worker!, type: MIME.js },
      '/config.json': { body: JSON.stringify(config), type: 'application/json' },
      '/favicon.ico': { body: new Uint8Array(0), type: 'image/x-icon' },
    });
    browser = await launch(served.origin);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(`${served.origin}/`);
    await page.waitForFunction(() => document.body?.dataset.done === 'true', undefined, { timeout: 60_000 });
    const got = await page.evaluate(() => {
      const w = window as unknown as { __result: unknown; __workerResult?: unknown; __workerError?: string };
      return { page: w.__result, worker: w.__workerResult, workerError: w.__workerError };
    });
    results.page = got.page as ScenarioResult;
    results.worker = got.worker as ScenarioResult | undefined;
    workerError = got.workerError;
    // Kept for whoever debugs a failure: everything the page and the worker reported.
    writeFileSync(join(dir, 'results.json'), JSON.stringify(got, null, 2));
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('talked to nothing but the test server, with no page errors', () => {
    expect(browser!.blocked).toEqual([]);
    expect(browser!.errors).toEqual([]);
    expect(served!.misses).toEqual([]);
  });

  it('the worker ran', () => {
    expect(workerError).toBeUndefined();
    expect(results.worker).toBeDefined();
  });

  for (const where of ['page', 'worker'] as const) {
    describe(`in the ${where}`, () => {
      const r = (): ScenarioResult => {
        const x = results[where];
        if (!x) throw new Error(`no result from the ${where}${workerError ? `: ${workerError}` : ''}`);
        return x;
      };
      const value = <V>(s: Section<V>): V => {
        if (!s.ok) throw new Error(`the ${where} reported: ${s.error}`);
        return s.value;
      };

      it('ran in a real browser context of the right kind', () => {
        expect(r().where).toBe(where);
        expect(r().userAgent).toMatch(/Chrome\//);
        expect(r().hasWindow).toBe(where === 'page');
        value(r().build);
      });

      it('the worked example holds exactly', () => {
        const w = value(r().workedExample);
        expect(w.mar5KnownMar5).toEqual([40]);
        expect(w.mar5KnownNow).toEqual([50]);
        expect(w.feb1KnownNow).toEqual([40]);
        expect(w.history.map(({ supersededBy, ...rest }) => rest)).toEqual([
          { object: 40, validFrom: iso(T.JAN1), validTo: '∞', recordedAt: iso(T.JAN1), invalidAt: iso(T.MAR15) },
          { object: 40, validFrom: iso(T.JAN1), validTo: iso(T.MAR1), recordedAt: iso(T.MAR15), invalidAt: '∞' },
          { object: 50, validFrom: iso(T.MAR1), validTo: '∞', recordedAt: iso(T.MAR15), invalidAt: '∞' },
        ]);
        // The closed Jan 1 version links to what superseded it; the open ones link to nothing.
        expect(w.history.map((h) => h.supersededBy > 0)).toEqual([true, false, false]);
      });

      it('a snapshot encodes and decodes back to the same memory', () => {
        const t = value(r().roundTrip);
        expect(t.bytes).toBeGreaterThan(0);
        expect(t.compared).toBe(49);
        expect(t.differing).toEqual([]);
        expect(t.historyEqual).toBe(true);
        expect(t.reencodeEqual).toBe(true);
        expect(t.decodedWorkedExample).toEqual(value(r().workedExample));
      });

      it('recall at the Mar 5 cut as then known finds the $40 price and nothing learned later', () => {
        const c = value(r().recallThen);
        expect(c.allInCut).toBe(true);
        const prices = c.facts.filter((f) => f.predicate === 'price').map((f) => f.object);
        expect(prices).toEqual([40]);
        expect(c.episodes).not.toContain('e2');
        expect(c.entities.map((n) => n.toLowerCase())).toContain('pro plan');
        expect(c.tokens).toBeGreaterThan(0);
        expect(c.textLength).toBeGreaterThan(0);
      });

      it('recall at the Mar 5 cut as known now finds the $50 price', () => {
        const c = value(r().recallNow);
        expect(c.allInCut).toBe(true);
        const prices = c.facts.filter((f) => f.predicate === 'price').map((f) => f.object);
        expect(prices).toEqual([50]);
        expect(c.tokens).toBeGreaterThan(0);
      });

      it('HNSW builds the same graph and hits on the WASM SIMD kernel and on its TypeScript twin, as in Node', () => {
        const k = value(r().hnswKernels);
        expect(k.simd).toBe(true); // chromium runs WASM SIMD, so both kernels ran
        expect(k.runs.simd?.kernel).toBe('simd');
        expect(k.runs.scalar?.kernel).toBe('scalar');
        expect(k.runs.simd).toEqual({ ...k.runs.scalar, kernel: 'simd' });
        expect(k.runs.scalar!.hits.split(' | ').map((q) => q.split(',').length)).toEqual(new Array(10).fill(5));
        const node = hnswKernels();
        expect(node.runs.simd).toEqual(k.runs.simd);
        expect(node.runs.scalar).toEqual(k.runs.scalar);
      });

      it('decodes the snapshot file Node wrote, with the right facts', () => {
        const n = value(r().nodeSnapshot);
        expect(n.feb3KnownFeb3).toEqual(['gold']);
        expect(n.feb3KnownFeb6).toEqual(['platinum']);
        expect(n.jan15KnownFeb6).toEqual(['gold']);
        expect(n.employees).toEqual(['Alice', 'Bob']);
        expect(n.digest.facts).toBe(expectedNode.facts);
        expect(n.digest.text).toBe(expectedNode.text);
      });

      it.skipIf(fixtureNames.length === 0)("decodes persist's fixture files exactly as Node does (corrupt ones fail the same way)", () => {
        const f = value(r().fixtures);
        expect(f.map((x) => x.name)).toEqual(Object.keys(expectedFixtures));
        for (const x of f) expect(outcome(x.digest), x.name).toEqual(expectedFixtures[x.name]);
      });
    });
  }
});
