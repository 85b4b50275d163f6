/**
 * Opens the snapshot viewer in headless chromium (same harness as the browser test), picks cuts with the
 * two date inputs and checks the facts table: the worked example of SEMANTICS.md. Skipped, saying why,
 * when /usr/bin/chromium is missing (packages/core/test/platform.browser.test.ts fails on CI in that case).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeSnapshot } from '@palimpsest/persist';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIME, ROOT, bundle, chromiumStatus, launch, serve } from '../../test/browser/harness.js';
import type { Browser, Served } from '../../test/browser/harness.js';
import { sampleMemory } from './sample.js';

const status = chromiumStatus();
if (!status.available) console.warn(`snapshot viewer: ${status.reason}`);
const here = join(ROOT, 'examples/snapshot-viewer');
const today = new Date().toISOString().slice(0, 10);

describe.skipIf(!status.available)('examples/snapshot-viewer in headless chromium', () => {
  let served: Served | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    const js = await bundle({ viewer: join(here, 'viewer.ts') });
    served = await serve({
      '/': { body: readFileSync(join(here, 'index.html')), type: MIME.html },
      '/dist/viewer.js': { body: js.viewer!, type: MIME.js },
      '/dist/sample.plmp': { body: encodeSnapshot(sampleMemory()), type: MIME.bin },
      '/favicon.ico': { body: new Uint8Array(0), type: 'image/x-icon' },
    });
    browser = await launch(served.origin);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.setViewportSize({ width: 1000, height: 560 });
    await page.goto(`${served.origin}/`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  const cut = async (validAt: string, knownAt: string): Promise<void> => {
    await page.fill('#validAt', validAt);
    await page.fill('#knownAt', knownAt);
  };
  const cell = (predicate: string, column: string): Promise<string | null> =>
    page.locator(`#facts tbody tr[data-predicate="${predicate}"] td.${column}`).first().textContent();
  const rows = (): Promise<number> => page.locator('#facts tbody tr').count();

  it('opens the default snapshot at today, both clocks', async () => {
    expect(await page.inputValue('#validAt')).toBe(today);
    expect(await page.inputValue('#knownAt')).toBe(today);
    expect(await cell('price', 'object')).toBe('50');
    expect(await rows()).toBe(3);
    expect(await page.textContent('#status')).toMatch(/3 facts/);
  });

  it('Mar 5 as known on Mar 5 shows 40, what billing knew', async () => {
    await cut('2025-03-05', '2025-03-05');
    expect(await cell('price', 'object')).toBe('40');
    expect(await cell('price', 'time')).toBe('2025-01-01 00:00'); // the first time cell: valid from
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    await page.screenshot({ path: join(ROOT, '.tmp', 'snapshot-viewer.png'), fullPage: true });
  });

  it('Mar 5 as known now shows 50, what was contractually true', async () => {
    await cut('2025-03-05', today);
    expect(await cell('price', 'object')).toBe('50');
  });

  it('Feb 1 as known now shows 40; before Jan 1 nothing', async () => {
    await cut('2025-02-01', today);
    expect(await cell('price', 'object')).toBe('40');
    await cut('2024-12-30', today);
    expect(await rows()).toBe(0);
    expect(await page.textContent('#status')).toMatch(/0 facts/);
  });

  it('a chosen file that is not a snapshot is refused with a named error, and a good one loads', async () => {
    await page.setInputFiles('#file', { name: 'junk.plmp', mimeType: 'application/octet-stream', buffer: Buffer.from('not a snapshot at all, just text') });
    await expect.poll(() => page.textContent('#status')).toMatch(/junk\.plmp: CorruptSnapshotError/);
    expect(await rows()).toBe(0);
    await page.setInputFiles('#file', { name: 'good.plmp', mimeType: 'application/octet-stream', buffer: Buffer.from(encodeSnapshot(sampleMemory())) });
    await cut('2025-03-05', '2025-03-05');
    expect(await page.textContent('#status')).toMatch(/^good\.plmp: 3 facts/);
    expect(await cell('price', 'object')).toBe('40');
  });

  it('talked to nothing but the test server, with no page errors', () => {
    expect(browser!.blocked).toEqual([]);
    expect(browser!.errors).toEqual([]);
    expect(served!.misses).toEqual([]);
  });
});
