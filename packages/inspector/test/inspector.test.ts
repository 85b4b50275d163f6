/**
 * The inspector page in headless chromium (the harness of test/browser): a LoCoMo conversation memory
 * (conversation-memory.ts) is encoded in Node, served with the built page, and opened by `?snapshot=URL`.
 * The page's counts, history rectangles, change lists and recall are checked against the same snapshot
 * decoded in Node. Screenshots go to .tmp/inspector/ (gitignored). The re-render time after a slider move
 * is measured in the page and printed (and written to .tmp/inspector/rerender.json), never asserted.
 * Without /usr/bin/chromium the test is skipped and says so, except under CI=true, where it fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EpisodeOp, MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIME, ROOT, chromiumStatus, launch, serve } from '../../../test/browser/harness.js';
import type { Browser, Served } from '../../../test/browser/harness.js';
// @ts-expect-error -- plain ESM script without declarations
import * as builder from '../build.mjs';
import { conversationMemory, locomoConversation } from './conversation-memory.js';

const { buildInspector } = builder as { buildInspector: (o?: { minify?: boolean }) => Promise<{ js: string; map: string; gz: number }> };

const status = chromiumStatus();
const onCI = process.env.CI === 'true';
if (!status.available) console.warn(`inspector: ${status.reason}${onCI ? ' — and CI=true, so this is a failure' : ''}`);

it.runIf(onCI)('CI has chromium, so the inspector test runs', () => {
  expect(status.available, status.reason).toBe(true);
});

const SHOTS = join(ROOT, '.tmp', 'inspector');
const SNAPSHOT = '/snapshot/conversation.plmp';
const MINUTE = 60_000;

interface Shown {
  facts: number;
  entities: number;
  validAt: number;
  knownAt: number;
}

describe.skipIf(!status.available)('packages/inspector in headless chromium', () => {
  let served: Served | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let mem: MemoryGraph;
  let bytes: Uint8Array;
  let source = '';
  let question = '';

  beforeAll(async () => {
    const { conversation, source: from } = await locomoConversation();
    source = from;
    question = conversation.questions.find((q) => q.category === 4)?.question ?? `What did ${conversation.speakers[0]} talk about?`;
    bytes = encodeSnapshot(conversationMemory(conversation));
    mem = decodeSnapshot(bytes); // the very bytes the page decodes
    const { js, map } = await buildInspector();
    const { readFileSync } = await import('node:fs');
    served = await serve({
      '/': { body: readFileSync(join(ROOT, 'packages/inspector/index.html')), type: MIME.html },
      '/dist/inspector.js': { body: js, type: MIME.js },
      '/dist/inspector.js.map': { body: map, type: 'application/json' },
      [SNAPSHOT]: { body: bytes, type: MIME.bin },
    });
    browser = await launch(served.origin);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.setViewportSize({ width: 1500, height: 900 });
    await page.goto(`${served.origin}/?snapshot=${encodeURIComponent(SNAPSHOT)}`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 90_000 });
    mkdirSync(SHOTS, { recursive: true });
    // Kept with the screenshots, to look at by hand: npm run inspect -- .tmp/inspector/conversation.plmp
    writeFileSync(join(SHOTS, 'conversation.plmp'), bytes);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  const shown = async (p: Page = page): Promise<Shown> => {
    const d = await p.locator('#counts').evaluate((el: HTMLElement) => ({ ...el.dataset }));
    return { facts: Number(d.facts), entities: Number(d.entities), validAt: Number(d.validAt), knownAt: Number(d.knownAt) };
  };
  /** What the memory answers at the cut the page shows: facts, and entity nodes of toGraphology. */
  const expected = ({ validAt, knownAt }: { validAt: number; knownAt: number }) => {
    const cut = { validAt, knownAt }; // the cut alone: calls refuse fields they do not know
    const g = mem.toGraphology(cut);
    let entities = 0;
    g.forEachNode((_k, a) => void (a.kind === 'entity' && entities++));
    return { facts: mem.facts(cut).length, entities };
  };
  /** Clicks a slider at a fraction of its width, as a person would. */
  const clickSlider = async (id: string, fraction: number): Promise<void> => {
    const box = (await page.locator(`#${id}`).boundingBox())!;
    await page.mouse.click(box.x + 8 + (box.width - 16) * fraction, box.y + box.height / 2);
  };

  it(`opens the snapshot at the memory's last record time (${'LoCoMo or generated'})`, async () => {
    const s = await shown();
    console.log(`inspector test memory: ${source}, ${JSON.stringify(mem.size)}`);
    expect(await page.textContent('#status')).toMatch(new RegExp(`${mem.size.versions} fact versions`));
    expect(s.knownAt % MINUTE).toBe(MINUTE - 1); // end of a minute
    expect(s.facts).toBeGreaterThan(20); // not a trivial memory (rule-extractor@2 writes typed facts, no co-occurrence pairs)
    expect({ facts: s.facts, entities: s.entities }).toEqual(expected(s));
    // The exact-minute fields show the cut in UTC, 24-hour, as the rest of the page does (no local AM/PM).
    const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
    expect(await page.inputValue('#valid-input')).toBe(utcMinute(s.validAt));
    expect(await page.inputValue('#known-input')).toBe(utcMinute(s.knownAt));
    await page.screenshot({ path: join(SHOTS, '1-overview.png') });
  });

  /** The node labels sigma drew in its last render, by label text. */
  const drawnLabels = (): Promise<string[]> =>
    page.evaluate(() => {
      const g = window.inspector!.graph;
      const shown = (g.sigma as unknown as { displayedNodeLabels: Set<string> }).displayedNodeLabels;
      return [...shown].map((key) => String(g.graph.getNodeAttribute(key, 'label')));
    });

  it('names the entities in view at the opening zoom and zoomed out, without overlapping labels', async () => {
    const s = await shown();
    const atOpening = await drawnLabels();
    // Every entity of a small cut, and plenty of a large one, carries its name at the opening view.
    expect(atOpening.length).toBeGreaterThanOrEqual(Math.min(s.entities, 12));
    await page.evaluate(() => window.inspector!.graph.sigma.getCamera().setState({ ratio: 3 }));
    await expect.poll(async () => (await drawnLabels()).length).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, '1b-zoomed-out.png') });
    await page.evaluate(() => window.inspector!.graph.sigma.getCamera().setState({ ratio: 1, x: 0.5, y: 0.5 }));
  });

  it('moving both sliders shows the counts facts() gives at the same cut, and the URL keeps the cut', async () => {
    const before = await shown();
    await clickSlider('valid-slider', 0.45);
    const afterValid = await shown();
    expect(afterValid.validAt).toBeLessThan(before.validAt);
    expect(afterValid.knownAt).toBe(before.knownAt);
    expect({ facts: afterValid.facts, entities: afterValid.entities }).toEqual(expected(afterValid));

    await clickSlider('known-slider', 0.3);
    const afterKnown = await shown();
    expect(afterKnown.knownAt).toBeLessThan(before.knownAt);
    expect(afterKnown.validAt).toBe(afterValid.validAt);
    expect(afterKnown.facts).toBeLessThan(before.facts);
    expect({ facts: afterKnown.facts, entities: afterKnown.entities }).toEqual(expected(afterKnown));

    // The next mark on the record clock: the first record time after the cut.
    await page.click('#known-next');
    const stepped = await shown();
    const next = mem.log().map((op) => ('recordedAt' in op ? op.recordedAt : -Infinity)).filter((t) => t > afterKnown.knownAt).sort((a, b) => a - b)[0]!;
    expect(stepped.knownAt).toBe(Math.floor(next / MINUTE) * MINUTE + MINUTE - 1);
    expect({ facts: stepped.facts, entities: stepped.entities }).toEqual(expected(stepped));

    // "now": both clocks at the present minute.
    await page.click('#now');
    const now = await shown();
    expect(now.knownAt).toBe(now.validAt);
    expect(Math.abs(now.knownAt - Date.now())).toBeLessThan(5 * MINUTE);
    expect({ facts: now.facts, entities: now.entities }).toEqual(expected(now));
    await page.click('#known-next'); // there is no record mark after now: nothing moves
    expect(await shown()).toEqual(now);
    await page.fill('#known-input', new Date(stepped.knownAt).toISOString().slice(0, 16));
    await page.fill('#valid-input', new Date(afterValid.validAt).toISOString().slice(0, 16));
    expect(await shown()).toEqual(stepped);

    // The URL carries the cut: a second page opened on it shows the same thing.
    // (the page writes the hash after it renders: wait for it rather than race it on a loaded machine)
    const wantKnown = `${new Date(stepped.knownAt).toISOString().slice(0, 16)}Z`;
    await expect.poll(() => page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('known'))).toBe(wantKnown);
    const url = page.url();
    expect(new URLSearchParams(new URL(url).hash.slice(1)).get('known')).toBe(wantKnown);
    const other = await browser!.context.newPage();
    await other.setViewportSize({ width: 1200, height: 800 });
    await other.goto(url);
    await other.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 90_000 });
    expect(await shown(other)).toEqual(stepped);
    await other.close();
    await page.screenshot({ path: join(SHOTS, '2-after-sliders.png') });
  });

  it('a click on an entity in the graph opens its panel', async () => {
    const firstTurn = mem.log().find((op): op is EpisodeOp => op.type === 'episode' && op.speaker !== undefined)!;
    const speaker = mem.getEntity(firstTurn.speaker!)!;
    const at = await page.evaluate((key) => {
      const s = window.inspector!.graph.sigma;
      const d = s.getNodeDisplayData(key)!;
      const v = s.framedGraphToViewport(d);
      const box = s.getContainer().getBoundingClientRect();
      return { x: box.left + v.x, y: box.top + v.y };
    }, String(speaker.id));
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => page.textContent('#entity-name')).toBe(speaker.displayName);
  });

  it("an entity's history shows one rectangle per version of history(), with its stamps and supersession links", async () => {
    // The entity with the most closed versions (ties: most versions), so hatching and links are exercised.
    let best = { id: -1, closed: -1, versions: -1 };
    for (let id = 0; id < mem.size.entities; id++) {
      const h = mem.history({ subject: { id } });
      const closed = h.filter((f) => f.invalidAt !== Infinity).length;
      if (closed > best.closed || (closed === best.closed && h.length > best.versions)) best = { id, closed, versions: h.length };
    }
    const entity = mem.getEntity({ id: best.id })!;
    await page.fill('#search', entity.displayName);
    await page.press('#search', 'Enter');
    await expect.poll(() => page.getAttribute('#entity-name', 'data-entity')).toBe(String(best.id));
    // Opening it frames it with its neighbours at the cut: every one of them lands inside the graph's canvas.
    const outside = () =>
      page.evaluate((key) => {
        const g = window.inspector!.graph;
        const box = g.sigma.getContainer().getBoundingClientRect();
        const shown = [key, ...g.graph.neighbors(key)].filter((n) => !g.sigma.getNodeDisplayData(n)?.hidden);
        return shown.filter((n) => {
          const v = g.sigma.framedGraphToViewport(g.sigma.getNodeDisplayData(n)!);
          return !(v.x >= 0 && v.y >= 0 && v.x <= box.width && v.y <= box.height);
        }).length + (shown.length > 1 ? 0 : 1000);
      }, String(best.id));
    await expect.poll(outside).toBe(0);

    const history = mem.history({ subject: { id: best.id } });
    const rects = await page.locator('#history-diagram g.version').evaluateAll((gs) =>
      gs.map((g) => ({
        id: Number(g.getAttribute('data-version')),
        validFrom: Number(g.getAttribute('data-valid-from')),
        validTo: Number(g.getAttribute('data-valid-to')),
        recordedAt: Number(g.getAttribute('data-recorded-at')),
        invalidAt: Number(g.getAttribute('data-invalid-at')),
        closed: g.classList.contains('closed'),
      })),
    );
    expect(rects.sort((a, b) => a.id - b.id)).toEqual(
      history.map((f) => ({ id: f.id, validFrom: f.validFrom, validTo: f.validTo, recordedAt: f.recordedAt, invalidAt: f.invalidAt, closed: f.invalidAt !== Infinity })),
    );
    const ids = new Set(history.map((f) => f.id));
    const links = history.flatMap((f) => (f.supersededBy ?? []).filter((n) => ids.has(n)).map((n) => `${f.id}->${n}`));
    const drawn = await page.locator('#history-diagram line.supersedes').evaluateAll((ls) => ls.map((l) => `${l.getAttribute('data-from')}->${l.getAttribute('data-to')}`));
    expect(drawn.sort()).toEqual(links.sort());
    expect(await page.locator('#history-diagram g.crosshair').count()).toBe(1);
    // Ticks at round UTC dates (midnight at least: the 1st of a month or January for long spans), labelled as such.
    const ticks = await page.locator('#history-diagram text.tick-valid, #history-diagram text.tick-record').evaluateAll((ts) =>
      ts.map((t) => ({ t: Number(t.getAttribute('data-t')), label: t.textContent ?? '' })),
    );
    expect(ticks.length).toBeGreaterThan(2);
    for (const { t, label } of ticks) {
      const iso = new Date(t).toISOString();
      expect(iso.slice(14), label).toBe('00:00.000Z');
      expect(iso.replace('T', ' ')).toContain(label);
    }
    // Values are named on the diagram when they fit (at most 12 lanes; see parts.test.ts): with one predicate
    // picked, each of its values carries its name, and no two names are drawn over each other.
    const text = (f: (typeof history)[number]) => ('name' in f.object ? f.object.name : JSON.stringify(f.object.value));
    const values = (p: string) => new Set(history.filter((f) => f.predicate === p).map(text));
    const few = [...new Set(history.map((f) => f.predicate))].filter((p) => values(p).size <= 12).sort((a, b) => values(b).size - values(a).size)[0]!;
    await page.selectOption('#history-predicate', few);
    const labels = await page.locator('#history-diagram text.object-label').evaluateAll((ts) =>
      ts.map((t) => {
        const b = (t as SVGTextElement).getBBox();
        return { text: t.textContent ?? '', x: b.x, y: b.y, w: b.width, h: b.height };
      }),
    );
    expect(new Set(labels.map((l) => l.text))).toEqual(values(few));
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1)) {
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        expect(apart, `"${a.text}" and "${b.text}" overlap`).toBe(true);
      }
    }
    await page.screenshot({ path: join(SHOTS, '3b-history-one-predicate.png') });
    await page.selectOption('#history-predicate', '');

    // Hover a version: the card names it and quotes its evidence episode.
    const target = history.find((f) => f.invalidAt !== Infinity) ?? history[history.length - 1]!;
    // Dispatched on the version itself: nested versions overlap, so a pointer position may hit another.
    const rect = page.locator(`#history-diagram g.version[data-version="${target.id}"] rect`).first();
    const box = (await rect.boundingBox())!;
    await rect.dispatchEvent('pointermove', { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 });
    await expect.poll(() => page.locator('#hovercard').isVisible()).toBe(true);
    const card = (await page.textContent('#hovercard')) ?? '';
    expect(card).toContain(`#${target.id}`);
    const evidence = target.evidence[0];
    if (evidence !== undefined) expect(card).toContain(evidence);
    await page.screenshot({ path: join(SHOTS, '3-entity-history.png') });
    await page.dispatchEvent('#panel-entity', 'pointerleave');
    expect(await page.locator('#hovercard').isVisible()).toBe(false);
  });

  it('what changed between two record times lists what changes() gives, lit on the graph', async () => {
    await page.click('#tabs button[data-tab="changes"]');
    const s = await shown();
    const until = s.knownAt;
    const since = until - 7 * 86_400_000;
    const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    await page.fill('#changes-since', minute(since));
    await page.fill('#changes-until', minute(until));
    await page.click('#changes-run');
    const want = mem.changes({ since: Math.floor(since / MINUTE) * MINUTE + MINUTE - 1, until });
    await expect.poll(() => page.getAttribute('#changes-status', 'data-added')).toBe(String(want.added.length));
    expect(await page.getAttribute('#changes-status', 'data-removed')).toBe(String(want.removed.length));
    const listed = await page.locator('#changes-added li[data-version]').evaluateAll((ls) => ls.map((l) => Number(l.getAttribute('data-version'))));
    expect(listed).toEqual(want.added.slice(0, listed.length).map((f) => f.id));
    await page.screenshot({ path: join(SHOTS, '4-changes.png') });
    await page.click('#changes-clear');
  });

  it('recall at the current cut lists facts with scores and paths, all visible at that cut, and lights them', async () => {
    await page.click('#tabs button[data-tab="recall"]');
    await page.click('#end'); // both clocks to the memory's last record time: the whole conversation heard
    const s = await shown();
    expect({ facts: s.facts, entities: s.entities }).toEqual(expected(s));
    await page.fill('#recall-query', question);
    await page.click('#recall-run');
    await expect.poll(() => page.getAttribute('#recall-status', 'data-facts')).not.toBeNull();
    const facts = await page.locator('#recall-facts li[data-version]').evaluateAll((ls) =>
      ls.map((l) => ({ id: Number(l.getAttribute('data-version')), score: Number(l.querySelector('.score')!.textContent) })),
    );
    // What recall returns in the page must honour the cut, be ranked, and be lit on the graph.
    expect(facts.length).toBeGreaterThan(0);
    expect(facts.length).toBeLessThanOrEqual(10);
    const visible = new Set(mem.factIds({ validAt: s.validAt, knownAt: s.knownAt }));
    for (const f of facts) expect(visible.has(f.id), `fact #${f.id} is visible at the cut`).toBe(true);
    for (let i = 1; i < facts.length; i++) expect(facts[i]!.score).toBeLessThanOrEqual(facts[i - 1]!.score);
    expect((await page.textContent('#recall-text'))!.length).toBeGreaterThan(0);
    const lit = await page.evaluate(() => {
      const g = window.inspector!.graph;
      return g.graph.filterEdges((e) => g.sigma.getEdgeDisplayData(e)?.size === 2.5).map(Number);
    });
    for (const f of facts) expect(lit).toContain(f.id);
    await page.screenshot({ path: join(SHOTS, '5-recall.png') });

    // Moving a clock makes that recall stale: its lists and lit paths go, rather than lighting another cut.
    await clickSlider('known-slider', 0);
    const before = await shown();
    expect(before.knownAt).toBeLessThan(s.knownAt);
    expect(await page.locator('#recall-facts li').count()).toBe(0);
    const stillLit = await page.evaluate(() => {
      const g = window.inspector!.graph;
      return g.graph.filterEdges((e) => g.sigma.getEdgeDisplayData(e)?.size === 2.5).length;
    });
    expect(stillLit).toBe(0);

    // And a cut before the first write says so, instead of a blank canvas.
    expect(before.facts).toBe(0);
    const note = page.locator('#empty-cut');
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toMatch(/^Nothing known yet: known at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC is before the memory's first fact/);
    await page.screenshot({ path: join(SHOTS, '7-empty-cut.png') });
    await page.click('#end');
    await expect.poll(() => note.isVisible()).toBe(false);
  });

  it('measures the re-render after a slider move (reported, not asserted)', async () => {
    await page.click('#tabs button[data-tab="entity"]');
    const before = await page.evaluate(() => window.inspector!.timings.length);
    // Drag each thumb across its slider in small steps: one `input` event, one re-render per step.
    for (const id of ['valid-slider', 'known-slider']) {
      const box = (await page.locator(`#${id}`).boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 8, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 8, y, { steps: 15 });
      await page.mouse.up();
    }
    await page.waitForTimeout(1000); // the last frames' paint times
    const timings = await page.evaluate((n) => window.inspector!.timings.slice(n), before);
    expect(timings.length).toBeGreaterThan(10);
    const q = (xs: number[], p: number) => {
      const ys = xs.filter(Number.isFinite).sort((a, b) => a - b);
      return Math.round(ys[Math.min(ys.length - 1, Math.floor(p * ys.length))]! * 10) / 10;
    };
    const summary = (key: 'graphMs' | 'totalMs' | 'frameMs') => {
      const xs = timings.map((t) => t[key]);
      return { median: q(xs, 0.5), p90: q(xs, 0.9), max: q(xs, 1) };
    };
    const report = {
      memory: source,
      size: mem.size,
      moves: timings.length,
      graphMs: summary('graphMs'),
      totalMs: summary('totalMs'),
      frameMs: summary('frameMs'),
      note: 'graphMs/totalMs: the synchronous update in the page (factIds, reducers, sigma refresh and draw calls); frameMs: to the end of the next painted frame, which in headless chromium without a GPU includes software WebGL (SwiftShader)',
    };
    writeFileSync(join(SHOTS, 'rerender.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`inspector re-render after a slider move: ${JSON.stringify(report)}`);
    await page.screenshot({ path: join(SHOTS, '6-after-scrub.png') });
  });

  it('a snapshot dropped on the page opens', async () => {
    await page.evaluate(async (url) => {
      const data = await (await fetch(url)).arrayBuffer();
      const dt = new DataTransfer();
      dt.items.add(new File([data], 'dropped.plmp', { type: 'application/octet-stream' }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, SNAPSHOT);
    await expect.poll(() => page.textContent('#status')).toMatch(/^dropped\.plmp: /);
    const s = await shown();
    expect({ facts: s.facts, entities: s.entities }).toEqual(expected(s));
  });

  it('a chosen file that is not a snapshot is refused with a named error, and a good one opens', async () => {
    await page.setInputFiles('#file', { name: 'junk.plmp', mimeType: 'application/octet-stream', buffer: Buffer.from('not a snapshot at all') });
    await expect.poll(() => page.textContent('#status')).toMatch(/junk\.plmp: CorruptSnapshotError/);
    await page.setInputFiles('#file', { name: 'again.plmp', mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
    await expect.poll(() => page.textContent('#status')).toMatch(/^again\.plmp: /);
    const s = await shown();
    expect({ facts: s.facts, entities: s.entities }).toEqual(expected(s));
  });

  it('talked to nothing but the test server, with no page errors', () => {
    expect(browser!.blocked).toEqual([]);
    expect(browser!.errors).toEqual([]);
    expect(served!.misses).toEqual([]);
  });
});
