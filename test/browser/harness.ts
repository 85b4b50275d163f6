/**
 * Browser test harness: bundles TypeScript entries with esbuild for the browser (through the same guard
 * plugin as scripts/check-guards.mjs, so a Node built-in fails the bundle), serves them from node:http on
 * 127.0.0.1 with an ephemeral port, and drives Debian's chromium headless through playwright-core.
 * Nothing here downloads a browser and nothing leaves 127.0.0.1.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
// @ts-expect-error -- plain ESM script without declarations
import * as guards from '../../scripts/check-guards.mjs';

const { ROOT, sourcesPlugin, guardPlugin } = guards as {
  ROOT: string;
  sourcesPlugin: () => import('esbuild').Plugin;
  guardPlugin: (found: string[]) => import('esbuild').Plugin;
};
export { ROOT };

/** Debian's chromium. PALIMPSEST_CHROMIUM overrides it (e.g. to check the skip path with a missing one). */
export const CHROMIUM = process.env.PALIMPSEST_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether the browser test can run here, and if not, the sentence to print. */
export function chromiumStatus(): { available: boolean; reason: string } {
  if (existsSync(CHROMIUM)) return { available: true, reason: '' };
  return { available: false, reason: `browser test did not run: ${CHROMIUM} not found (apt-get install chromium)` };
}

/**
 * Bundles each entry into one self-contained ESM file for the browser (page or module worker).
 * Throws with the guard's messages if anything reachable imports a Node built-in or a native addon.
 */
export async function bundle(entries: Record<string, string>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const found: string[] = [];
    try {
      const r = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        sourcemap: 'inline',
        logLevel: 'silent',
        absWorkingDir: ROOT,
        plugins: [sourcesPlugin(), guardPlugin(found)],
      });
      out[name] = r.outputFiles[0]!.text;
    } catch (err) {
      const errors = (err as { errors?: Array<{ text: string }> }).errors ?? [];
      throw new Error(`bundle ${name} (${entry}) failed:\n  ${[...found, ...errors.map((e) => e.text)].join('\n  ')}`);
    }
  }
  return out;
}

export interface Route {
  body: string | Uint8Array;
  type: string;
}

export interface Served {
  origin: string;
  /** Paths that were asked for but not served (404s), for diagnostics. */
  misses: string[];
  close: () => Promise<void>;
}

/** Serves a fixed map of paths on 127.0.0.1 at an ephemeral port. Anything else is a 404. */
export async function serve(routes: Record<string, Route>): Promise<Served> {
  const misses: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const route = routes[path];
    if (!route || req.method !== 'GET') {
      misses.push(path);
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${path}`);
      return;
    }
    res.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' }).end(route.body);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    misses,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

export interface Browser {
  context: BrowserContext;
  /** Requests the page tried to make outside the test server (all were aborted). */
  blocked: string[];
  /** Uncaught page errors and console errors, for diagnostics. */
  errors: string[];
  close: () => Promise<void>;
}

/**
 * Launches chromium with a fresh profile directory. Every request to another origin than `origin` is
 * aborted and recorded, so the test proves it used nothing but 127.0.0.1.
 */
export async function launch(origin: string): Promise<Browser> {
  // Imported here so that a machine without playwright-core can still load the test file and skip.
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'palimpsest-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const blocked: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  const watch = (page: import('playwright-core').Page): void => {
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
  };
  context.pages().forEach(watch); // a persistent context opens with one page already
  context.on('page', watch);
  return {
    context,
    blocked,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const MIME = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  bin: 'application/octet-stream',
} as const;
