/**
 * Opening a live memory folder (snapshot-<g>.plmp and log-<g>.jsonl tails, the layout palimpsest-mcp keeps)
 * and bare logs, as a person does: `npm run inspect -- FOLDER` (serve.mjs, spawned) opened in headless
 * chromium, the folder picker, several picked files, a tail picked without its snapshot. The page's counts
 * are checked against the same files read in Node. Also: facts drawn over each other between two nodes
 * share one label. Screenshots go to .tmp/inspector/. Skipped without chromium, except under CI=true.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryGraph } from '@palimpsest/core';
import { loadSnapshot, openLogAppender, readLog, saveSnapshot } from '@palimpsest/persist/node';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, chromiumStatus, launch } from '../../../test/browser/harness.js';
import type { Browser } from '../../../test/browser/harness.js';

const SERVE = fileURLToPath(new URL('../serve.mjs', import.meta.url));
const SHOTS = join(ROOT, '.tmp', 'inspector');
const status = chromiumStatus();
const DAY = 86_400_000;

/** Appends every operation of `mem` after the first `from` to the folder's log of generation `g`. */
async function appendLog(dir: string, g: number, mem: MemoryGraph, from: number, base: number): Promise<void> {
  const log = await openLogAppender(join(dir, `log-${g}.jsonl`), { base });
  for (const op of mem.opsSince(from)) log.append(op);
  await log.flush();
  await log.close();
}

/**
 * A folder after one compaction: log-0 (the old generation, kept as a folder can hold it until cleanup),
 * snapshot-1, and log-1 with the writes since. Maya works at and likes Acme, and Acme employs her: three
 * facts between the same two nodes.
 */
async function writeFolder(dir: string): Promise<number> {
  let t = Date.UTC(2025, 0, 1);
  const mem = new MemoryGraph({ now: () => (t += DAY), predicates: { lives_in: { cardinality: 'one' } } });
  mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Boston' });
  mem.assert({ subject: 'Maya', predicate: 'works_at', object: 'Acme' });
  mem.assert({ subject: 'Maya', predicate: 'likes', object: 'Acme' });
  await appendLog(dir, 0, mem, 0, 0);
  await saveSnapshot(join(dir, 'snapshot-1.plmp'), mem);
  const base = mem.size.operations;
  mem.assert({ subject: 'Acme', predicate: 'employs', object: 'Maya' });
  mem.assert({ subject: 'Maya', predicate: 'lives_in', object: 'Denver' });
  mem.assert({ subject: 'Tom', predicate: 'knows', object: 'Maya' });
  await appendLog(dir, 1, mem, base, base);
  return base;
}

/** The folder read in Node as the CLI reads it: the newest snapshot plus the tail after it. */
async function readInNode(dir: string): Promise<MemoryGraph> {
  const mem = await loadSnapshot(join(dir, 'snapshot-1.plmp'));
  mem.applyOps((await readLog(join(dir, 'log-1.jsonl'))).ops);
  return mem;
}

describe.skipIf(!status.available)('the inspector opens memory folders and logs', () => {
  let dir: string;
  let tailBase = 0;
  let child: ChildProcess | undefined;
  let url: string;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plmp-inspect-folder-'));
    tailBase = await writeFolder(dir);
    child = spawn(process.execPath, [SERVE, dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, INIT_CWD: dir } });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        const m = /inspect: (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child!.once('exit', (code) => reject(new Error(`serve.mjs exited (${code})`)));
    });
    browser = await launch(new URL(url).origin);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.setViewportSize({ width: 1400, height: 850 });
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    child?.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  });

  const ready = async (): Promise<string> => {
    await page.waitForSelector('body[data-ready="true"], body[data-ready="error"]', { state: 'attached', timeout: 60_000 });
    return (await page.textContent('#status')) ?? '';
  };
  const counts = async (): Promise<{ facts: number; knownAt: number; validAt: number }> => {
    const d = await page.locator('#counts').evaluate((el: HTMLElement) => ({ ...el.dataset }));
    return { facts: Number(d.facts), knownAt: Number(d.knownAt), validAt: Number(d.validAt) };
  };

  it('`npm run inspect -- FOLDER` opens the newest snapshot with the logs after it, and a reload sees new writes', async () => {
    expect(url).toContain('?folder=');
    await page.goto(url);
    const said = await ready();
    const mem = await readInNode(dir);
    expect(said).toContain(`${mem.size.versions} fact versions`);
    expect(said).toContain('from snapshot-1.plmp + log-1.jsonl');
    const c = await counts();
    expect(c.facts).toBe(mem.facts({ validAt: c.validAt, knownAt: c.knownAt }).length);
    await page.screenshot({ path: join(SHOTS, '8-folder.png') });

    // The folder grows while the server runs (the MCP server appending): a reload reads it as it is now.
    const more = await readInNode(dir);
    const before = more.size.operations;
    more.assert({ subject: 'Tom', predicate: 'lives_in', object: 'Oslo', recordedAt: Date.UTC(2025, 1, 1) });
    await appendLog(dir, 1, more, before, tailBase);
    await page.reload();
    expect(await ready()).toContain(`${more.size.versions} fact versions`);
  });

  it('facts drawn over each other between two nodes share one label', async () => {
    await page.evaluate(() => {
      const app = window.inspector!;
      const maya = app.model.entities.find((e) => e?.displayName === 'Maya')!;
      app.openEntity(maya.id);
      app.graph.sigma.refresh();
    });
    const labels = await page.evaluate(() => {
      const g = window.inspector!.graph;
      const drawn = (g.sigma as unknown as { displayedEdgeLabels: Set<string> }).displayedEdgeLabels;
      return [...drawn]
        .map((key) => ({ key, label: g.sigma.getEdgeDisplayData(key)?.label ?? '', ends: [g.graph.source(key), g.graph.target(key)].sort().join('|') }))
        .filter((e) => e.label !== '');
    });
    // Maya–Acme holds works_at, likes (Maya → Acme) and employs (Acme → Maya): one label names all three.
    const pairs = labels.map((l) => l.ends);
    expect(new Set(pairs).size).toBe(pairs.length);
    const acme = labels.find((l) => l.label.includes('works_at'));
    expect(acme?.label).toBe('works_at · likes · ← employs');
    await page.screenshot({ path: join(SHOTS, '9-parallel-labels.png') });
  });

  it('a log tail picked without its snapshot is refused by name; with it, the memory opens', async () => {
    await page.setInputFiles('#file', join(dir, 'log-1.jsonl'));
    await expect.poll(() => page.textContent('#status')).toMatch(/log-1\.jsonl: InvalidArgumentError: .*continues snapshot-1\.plmp/);
    await page.setInputFiles('#file', [join(dir, 'snapshot-1.plmp'), join(dir, 'log-1.jsonl')]);
    const mem = await readInNode(dir);
    await expect.poll(() => page.textContent('#status')).toMatch(new RegExp(`${mem.size.versions} fact versions, \\d+ episodes from snapshot-1\\.plmp \\+ log-1\\.jsonl`));
  });

  it('a log that starts the memory opens on its own, and the folder picker opens a folder', async () => {
    await page.setInputFiles('#file', join(dir, 'log-0.jsonl'));
    const first = MemoryGraph.replay((await readLog(join(dir, 'log-0.jsonl'))).ops);
    await expect.poll(() => page.textContent('#status')).toMatch(new RegExp(`^log-0\\.jsonl: .*${first.size.versions} fact versions`));
    await page.setInputFiles('#folder', dir);
    const mem = await readInNode(dir);
    await expect.poll(() => page.textContent('#status')).toMatch(new RegExp(`${mem.size.versions} fact versions, \\d+ episodes from snapshot-1\\.plmp \\+ log-1\\.jsonl`));
  });

  it('the server lists the folder as it is now and serves nothing it does not list', async () => {
    const origin = new URL(url).origin;
    const listing = (await (await fetch(`${origin}/memory/files.json`)).json()) as { files: string[] };
    expect(listing.files).toEqual(['snapshot-1.plmp', 'log-1.jsonl']);
    for (const hidden of ['log-0.jsonl', '..%2Fsnapshot-1.plmp', '%2Fetc%2Fpasswd', 'log-1.jsonl.lock']) {
      expect((await fetch(`${origin}/memory/${hidden}`)).status, hidden).toBe(404);
    }
  });

  it('talked to nothing but the server, with no page errors', () => {
    expect(browser!.blocked).toEqual([]);
    expect(browser!.errors).toEqual([]);
  });
});
