/**
 * Recall playground: a question at the current cut → what `recall` packs for an agent, each fact with
 * its score and its path (entity ids from a seed to the fact), and those paths lit on the graph.
 */
import { literalKey } from '@palimpsest/core';
import type { RecallResult } from '@palimpsest/core';
import { showMinute, type Cut } from './cut.js';
import type { GraphView, Highlight } from './graph-view.js';
import { escapeXml } from './history-svg.js';
import { objectText, type Inspected } from './model.js';

const PATH = '#8e44ad';
const FACT = '#e67e22';

export class RecallPanel {
  last: RecallResult | null = null;
  private lastCut: Cut | null = null;

  constructor(
    private readonly model: Inspected,
    private readonly root: HTMLElement,
    private readonly graph: GraphView,
    private readonly getCut: () => Cut,
    private readonly onHighlight: (h: Highlight | null) => void,
  ) {
    root.innerHTML = `
      <form id="recall-form" class="form">
        <input type="search" id="recall-query" placeholder="Ask the memory a question…" aria-label="question">
        <label>k <input type="number" id="recall-k" value="10" min="1" max="100"></label>
        <label>token budget <input type="number" id="recall-budget" value="1024" min="16" max="32768"></label>
        <button type="submit" id="recall-run">Recall</button>
        <button type="button" id="recall-clear">Clear</button>
      </form>
      <p id="recall-status" class="status"></p>
      <h3>Facts <span class="hint">score · path from a seed</span></h3><ol id="recall-facts" class="facts"></ol>
      <h3>Episodes</h3><ol id="recall-episodes" class="facts"></ol>
      <h3>Packed context</h3><pre id="recall-text"></pre>`;
    root.querySelector('#recall-form')!.addEventListener('submit', (e) => {
      e.preventDefault();
      this.run();
    });
    root.querySelector('#recall-clear')!.addEventListener('click', () => this.clear());
  }

  /** Forgets the last recall: its lists, and its lit paths on the graph. */
  clear(): void {
    this.last = null;
    this.lastCut = null;
    for (const id of ['recall-facts', 'recall-episodes', 'recall-text', 'recall-status']) this.root.querySelector(`#${id}`)!.replaceChildren();
    delete this.root.querySelector<HTMLElement>('#recall-status')!.dataset.facts;
    this.onHighlight(null);
  }

  /** A recall answers for the cut it ran at: when the cut moves, its lists and lit paths would be stale. */
  cutMoved(cut: Cut): void {
    if (this.lastCut !== null && (cut.validAt !== this.lastCut.validAt || cut.knownAt !== this.lastCut.knownAt)) this.clear();
  }

  run(): RecallResult | null {
    const q = this.root.querySelector<HTMLInputElement>('#recall-query')!.value.trim();
    const status = this.root.querySelector<HTMLElement>('#recall-status')!;
    if (q === '') {
      status.textContent = 'Type a question first.';
      return null;
    }
    const k = Number(this.root.querySelector<HTMLInputElement>('#recall-k')!.value);
    const tokenBudget = Number(this.root.querySelector<HTMLInputElement>('#recall-budget')!.value);
    const cut = this.getCut();
    let r: RecallResult;
    const t0 = performance.now();
    try {
      r = this.model.mem.at(cut).recall(q, { k, tokenBudget });
    } catch (err) {
      status.textContent = `${(err as Error).name}: ${(err as Error).message}`;
      status.classList.add('error');
      return null;
    }
    const ms = performance.now() - t0;
    status.classList.remove('error');
    status.textContent = `valid ${showMinute(cut.validAt)}, known ${showMinute(cut.knownAt)}: ${r.facts.length} facts, ${r.episodes.length} episodes, ${r.tokens} tokens (${ms.toFixed(1)} ms)`;
    status.dataset.facts = String(r.facts.length);
    this.last = r;
    this.lastCut = { ...cut };
    const name = (id: number): string => this.model.entities[id]?.displayName ?? `#${id}`;
    this.root.querySelector('#recall-facts')!.innerHTML = r.facts
      .map(
        (f) =>
          `<li data-version="${f.id}"><span class="score">${f.score.toFixed(3)}</span> <b>${escapeXml(f.subject.name)}</b> <span class="pred">${escapeXml(f.predicate)}</span> ${escapeXml(objectText(f))}` +
          `<div class="path">${f.path.length ? f.path.map((id) => escapeXml(name(id))).join(' → ') : '(a seed)'}</div></li>`,
      )
      .join('');
    this.root.querySelector('#recall-episodes')!.innerHTML = r.episodes
      .map((e) => `<li><span class="score">${e.score.toFixed(3)}</span> <b>${escapeXml(e.id)}</b> ${showMinute(e.at)} ${escapeXml(e.text.slice(0, 160))}</li>`)
      .join('');
    this.root.querySelector('#recall-text')!.textContent = r.text;
    this.light(r);
    return r;
  }

  /** Each fact's edge, and the visible edges along its path, lit on the graph. */
  private light(r: RecallResult): void {
    const edges = new Map<number, string>();
    const nodes = new Set<string>();
    for (const f of r.facts) {
      for (let i = 0; i < f.path.length; i++) {
        nodes.add(String(f.path[i]));
        if (i > 0) for (const id of this.graph.visibleBetween(f.path[i - 1]!, f.path[i]!)) if (!edges.has(id)) edges.set(id, PATH);
      }
      edges.set(f.id, FACT);
      nodes.add(String(f.subject.id));
      nodes.add('value' in f.object ? literalKey(f.object.value) : String(f.object.id));
    }
    this.onHighlight(edges.size > 0 || nodes.size > 0 ? { edges, nodes } : null);
  }
}
