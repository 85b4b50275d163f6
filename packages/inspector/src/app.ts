/**
 * The inspector for one opened memory: the two clocks, the graph of the cut, the search box, and the
 * side panels (entity, changes, recall), all kept on one cut that the URL hash carries.
 */
import { ChangesPanel } from './changes-panel.js';
import { Clock } from './clock.js';
import { cutToHash, hashToCut, showMinute, snap, type Cut } from './cut.js';
import { EntityPanel } from './entity-panel.js';
import { GraphView, type Highlight } from './graph-view.js';
import { escapeXml } from './history-svg.js';
import { searchEntities, type Inspected } from './model.js';
import { RecallPanel } from './recall-panel.js';

/** One re-render after a cut change, in milliseconds (see README: how it is measured). */
export interface RenderTiming {
  /** factIds at the cut + one pass over the visible versions + sigma's synchronous refresh (WebGL draw). */
  graphMs: number;
  /** graphMs plus the counts, the open entity panel's crosshair and the URL (the panel's lists follow later). */
  totalMs: number;
  /**
   * From the start of the update to the end of the next frame the browser painted (a task queued from
   * that frame's requestAnimationFrame runs after its paint): what a person waits for. NaN until known.
   */
  frameMs: number;
}

const $ = <E extends HTMLElement>(sel: string): E => document.querySelector<E>(sel)!;

export class App {
  cut: Cut;
  readonly graph: GraphView;
  readonly validClock: Clock;
  readonly knownClock: Clock;
  readonly entityPanel: EntityPanel;
  readonly changesPanel: ChangesPanel;
  readonly recallPanel: RecallPanel;
  readonly timings: RenderTiming[] = [];
  private urlTimer: ReturnType<typeof setTimeout> | undefined;
  /** Ends the window-level listeners when another snapshot replaces this one. */
  private readonly life = new AbortController();

  constructor(
    readonly model: Inspected,
    readonly sourceName: string,
  ) {
    // A fresh copy of the page's skeleton: a second snapshot starts with no listener of the first.
    const main = $('#main');
    main.replaceChildren($<HTMLTemplateElement>('#app-template').content.cloneNode(true));
    const fromHash = hashToCut(location.hash);
    const end = snap(model.recordExtent[1]);
    this.cut = { validAt: fromHash.validAt ?? end, knownAt: fromHash.knownAt ?? end };

    this.validClock = new Clock($('#clock-valid'), {
      name: 'valid',
      title: 'Valid at',
      hint: 'world time · marks: episodes',
      marks: model.validMarks,
      extent: model.validExtent,
      onChange: (ms) => this.setCut({ ...this.cut, validAt: ms }),
    });
    this.knownClock = new Clock($('#clock-known'), {
      name: 'known',
      title: 'Known at',
      hint: 'record time · marks: writes',
      marks: model.recordMarks,
      extent: model.recordExtent,
      onChange: (ms) => this.setCut({ ...this.cut, knownAt: ms }),
    });
    $('#now').addEventListener('click', () => this.setCut({ validAt: snap(Date.now()), knownAt: snap(Date.now()) }));
    $('#end').addEventListener('click', () => this.setCut({ validAt: end, knownAt: end }));

    this.graph = new GraphView(model, $('#graph'), (id) => this.openEntity(id));
    this.entityPanel = new EntityPanel(model, $('#panel-entity'), $('#hovercard'), (id) => this.openEntity(id));
    const highlight = (h: Highlight | null): void => this.graph.setHighlight(h);
    this.changesPanel = new ChangesPanel(model, $('#panel-changes'), () => this.cut, highlight);
    this.recallPanel = new RecallPanel(model, $('#panel-recall'), this.graph, () => this.cut, highlight);
    this.entityPanel.close();
    this.drawLegend();
    this.wireSearch();
    this.wireTabs();

    this.setCut(this.cut);
    if (fromHash.entity !== undefined && model.entities[fromHash.entity]) this.openEntity(fromHash.entity);
    window.addEventListener('hashchange', () => {
      const h = hashToCut(location.hash);
      if (h.validAt !== undefined && h.knownAt !== undefined && (h.validAt !== this.cut.validAt || h.knownAt !== this.cut.knownAt)) {
        this.setCut({ validAt: h.validAt, knownAt: h.knownAt });
      }
    }, { signal: this.life.signal });
  }

  close(): void {
    this.life.abort();
    clearTimeout(this.urlTimer);
    this.graph.sigma.kill();
  }

  /** Moves the page to a cut and re-renders what depends on it; returns the timing of that re-render. */
  setCut(cut: Cut): RenderTiming {
    const t0 = performance.now();
    this.cut = { validAt: snap(cut.validAt), knownAt: snap(cut.knownAt) };
    this.validClock.value = this.cut.validAt;
    this.knownClock.value = this.cut.knownAt;
    this.graph.setCut(this.cut);
    const t1 = performance.now();
    const { facts, entities, literals } = this.graph.counts;
    const counts = $('#counts');
    counts.dataset.facts = String(facts);
    counts.dataset.entities = String(entities);
    counts.dataset.validAt = String(this.cut.validAt);
    counts.dataset.knownAt = String(this.cut.knownAt);
    counts.innerHTML = `<b>${facts}</b> facts · <b>${entities}</b> entities${literals ? ` · ${literals} value${literals === 1 ? '' : 's'}` : ''}
      <span class="hint">valid at ${showMinute(this.cut.validAt)}, known at ${showMinute(this.cut.knownAt)} (UTC, end of minute)</span>`;
    this.entityPanel.follow(this.cut);
    this.recallPanel?.cutMoved(this.cut);
    this.explainEmpty(facts);
    this.scheduleUrl();
    const timing: RenderTiming = { graphMs: t1 - t0, totalMs: performance.now() - t0, frameMs: NaN };
    this.timings.push(timing);
    requestAnimationFrame(() => setTimeout(() => (timing.frameMs = performance.now() - t0), 0));
    return timing;
  }

  /** An empty cut says why it is empty, instead of a blank canvas. */
  private explainEmpty(facts: number): void {
    const note = $('#empty-cut');
    if (facts > 0) {
      note.hidden = true;
      return;
    }
    const first = this.firstRecorded;
    const { validAt, knownAt } = this.cut;
    note.textContent =
      !Number.isFinite(first)
        ? 'This memory holds no facts.'
        : knownAt < first
          ? `Nothing known yet: known at ${showMinute(knownAt)} UTC is before the memory's first fact, recorded ${showMinute(first)} UTC. Move "Known at" right.`
          : `No fact was true at ${showMinute(validAt)} UTC as the memory knew it at ${showMinute(knownAt)} UTC. Move "Valid at", or "Known at" later.`;
    note.hidden = false;
  }

  /** When the memory recorded its first fact version (Infinity: none). */
  private get firstRecorded(): number {
    let first = Infinity;
    for (const f of this.model.versions) if (f.recordedAt < first) first = f.recordedAt;
    return first;
  }

  openEntity(id: number): void {
    this.entityPanel.open(id, this.cut);
    this.graph.select(id);
    this.showTab('entity');
    this.scheduleUrl();
  }

  /** The URL follows the cut, a little after the last move (history.replaceState is not free). */
  private scheduleUrl(): void {
    clearTimeout(this.urlTimer);
    this.urlTimer = setTimeout(() => {
      const hash = cutToHash(this.cut, this.entityPanel.entity ?? undefined);
      if (hash !== location.hash) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
    }, 120);
  }

  private drawLegend(): void {
    const items = [...this.graph.typeColors].map(([type, c]) => `<span><i style="background:${c}"></i>${escapeXml(type)}</span>`);
    items.push('<span><i style="background:#9a9a9a"></i>value</span>');
    $('#legend').innerHTML = items.join('');
  }

  private wireSearch(): void {
    const input = $<HTMLInputElement>('#search');
    const list = $('#search-results');
    const show = (): void => {
      const hits = searchEntities(this.model, input.value);
      list.innerHTML = hits
        .map((e) => `<li><button type="button" data-entity="${e.id}">${escapeXml(e.displayName)}<small>${escapeXml(e.type ?? '')}${e.aliases.length ? ` · ${escapeXml(e.aliases.join(', '))}` : ''}</small></button></li>`)
        .join('');
      list.hidden = hits.length === 0;
    };
    input.addEventListener('input', show);
    input.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      const first = list.querySelector<HTMLElement>('button[data-entity]');
      if (first) first.click();
    });
    list.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('button[data-entity]');
      if (!b) return;
      list.hidden = true;
      this.openEntity(Number(b.dataset.entity));
    });
  }

  private wireTabs(): void {
    for (const b of document.querySelectorAll<HTMLButtonElement>('#tabs button')) b.addEventListener('click', () => this.showTab(b.dataset.tab!));
  }

  showTab(name: string): void {
    $('#hovercard').hidden = true;
    for (const b of document.querySelectorAll<HTMLButtonElement>('#tabs button')) b.classList.toggle('on', b.dataset.tab === name);
    for (const p of document.querySelectorAll<HTMLElement>('.panel')) p.hidden = p.id !== `panel-${name}`;
  }
}
