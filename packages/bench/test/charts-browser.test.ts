/**
 * The report's charts as a browser draws them (headless chromium, the harness of test/browser): with the
 * browser's own font metrics, every text of every chart — title, labels, values, axis titles, legend —
 * lies inside the chart, i.e. nothing is clipped. The charts are drawn from a report shaped like a real
 * run (the longest workload names and question groups the bench writes) and saved as a screenshot to
 * .tmp/charts/ (gitignored). Skipped, saying why, without /usr/bin/chromium (CI fails instead: see
 * packages/core/test/platform.browser.test.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIME, ROOT, chromiumStatus, launch, serve } from '../../../test/browser/harness.js';
import type { Browser, Served } from '../../../test/browser/harness.js';
import { groupedBarChart, latencyChart, SystemColors } from '../src/report/svg.js';

const status = chromiumStatus();
if (!status.available) console.warn(`report charts: ${status.reason}`);

const ours = 'palimpsest recall';
const bm25 = 'flat BM25 (this run)';
const colors = new SystemColors(['palimpsest', 'sqlite (seed schema)', 'hnswlib-node', ours, bm25, 'Mem0 (published)']);
const lat = (label: string, system: string, p50: number) => ({ label: `${label} — ${system}`, system, min: p50 / 3, p50, p95: p50 * 2, p99: p50 * 4 });
const charts = [
  latencyChart('Latency per operation', [
    lat('LoCoMo ingest', 'palimpsest', 0.21),
    lat('LoCoMo first recall (builds recall indexes)', 'palimpsest', 48),
    lat('LongMemEval_S recall — single-session-preference', 'palimpsest', 0.8),
    lat('facts at a cut (validAt, knownAt) — whole graph, as version ids', 'palimpsest', 3.1),
    lat('facts at a cut (validAt, knownAt) — whole graph, as version ids', 'sqlite (seed schema)', 12.5),
    lat('vector search k=10 over 100k × 256', 'hnswlib-node', 0.09),
  ], colors),
  groupedBarChart('LongMemEval_S — session recall_all@10', ['knowledge-update', 'multi-session', 'single-session-assistant', 'single-session-preference', 'single-session-user', 'temporal-reasoning', 'all'], [
    { name: ours, values: { 'knowledge-update': 0.93, 'multi-session': 0.71, 'single-session-assistant': 0.99, 'single-session-preference': 0.62, 'single-session-user': 0.97, 'temporal-reasoning': 0.66, all: 0.8 } },
    { name: bm25, values: { 'knowledge-update': 0.9, 'multi-session': 0.64, 'single-session-assistant': 1, 'single-session-preference': 0.48, 'single-session-user': 0.95, 'temporal-reasoning': 0.59, all: 0.75 } },
    { name: 'Mem0 (published)', values: { all: 0.669 }, published: true },
  ], { y: 'session recall_all@10' }, colors),
];

describe.skipIf(!status.available)('report charts in headless chromium', () => {
  let served: Served | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const html = `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#eee">${charts.map((c) => `<div style="margin:8px">${c}</div>`).join('')}</body>`;
    served = await serve({ '/': { body: html, type: MIME.html } });
    browser = await launch(served.origin);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('no text of any chart reaches outside the chart', async () => {
    const page = browser!.context.pages()[0] ?? (await browser!.context.newPage());
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.goto(`${served!.origin}/`);
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('svg')].flatMap((svg, i) => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')]
          .map((t) => ({ t, r: t.getBoundingClientRect() }))
          .filter(({ r }) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
          .map(({ t, r }) => `chart ${i}: "${t.textContent}" [${r.left.toFixed(0)}–${r.right.toFixed(0)}] × [${r.top.toFixed(0)}–${r.bottom.toFixed(0)}] outside [${box.left.toFixed(0)}–${box.right.toFixed(0)}] × [${box.top.toFixed(0)}–${box.bottom.toFixed(0)}]`);
      }),
    );
    expect(outside).toEqual([]);
    const texts = await page.evaluate(() => document.querySelectorAll('svg text').length);
    expect(texts).toBeGreaterThan(40);
    mkdirSync(join(ROOT, '.tmp', 'charts'), { recursive: true });
    await page.screenshot({ path: join(ROOT, '.tmp', 'charts', 'report-charts.png'), fullPage: true });
    expect(browser!.errors).toEqual([]);
  });
});
